"""The load generator of the HTTP section: closed-loop clients and the
requests they send, each phase's rates, latencies and CPU per answer (the
servers', PostgreSQL's, the load generator's and the machine's)."""

from __future__ import annotations

import asyncio
import math
import os
import random
import time
from dataclasses import dataclass, field
from http.cookiejar import CookieJar
from urllib.parse import urlencode

from .env import bench_game


@dataclass
class Phase:
    name: str
    clients: int
    seconds: float = 0.0
    latencies: list = field(default_factory=list)
    errors: int = 0
    statuses: dict = field(default_factory=dict)
    # Over the whole phase, warm-up included: answers received, and the CPU
    # seconds the server's workers and this load generator spent meanwhile.
    answered: int = 0
    server_cpu: float = 0.0
    client_cpu: float = 0.0
    # PostgreSQL's processes (every backend of the machine's cluster) meanwhile.
    db_cpu: float = 0.0
    # The whole machine's busy CPU seconds meanwhile (all processes, kernel).
    busy_cpu: float = 0.0

    def merge(self, other: Phase) -> Phase:
        """Pools another run of the same phase (rates over the summed time)."""
        self.seconds += other.seconds
        self.latencies += other.latencies
        self.errors += other.errors
        for status, n in other.statuses.items():
            self.statuses[status] = self.statuses.get(status, 0) + n
        self.answered += other.answered
        self.server_cpu += other.server_cpu
        self.client_cpu += other.client_cpu
        self.db_cpu += other.db_cpu
        self.busy_cpu += other.busy_cpu
        return self

    @property
    def server_ms(self) -> float:
        """Server CPU per answer, in ms: steadier than rates on a shared machine."""
        return 1000 * self.server_cpu / self.answered if self.answered else math.nan

    @property
    def db_ms(self) -> float:
        """PostgreSQL CPU per answer, in ms."""
        return 1000 * self.db_cpu / self.answered if self.answered else math.nan

    @property
    def busy_ms(self) -> float:
        """The machine's busy CPU per answer, in ms (everything: the rest is idle)."""
        return 1000 * self.busy_cpu / self.answered if self.answered else math.nan

    @property
    def client_ms(self) -> float:
        return 1000 * self.client_cpu / self.answered if self.answered else math.nan

    @property
    def rate(self) -> float:
        return len(self.latencies) / self.seconds if self.seconds else 0.0

    def pct(self, q: float) -> float:
        """The q-th percentile latency in ms (nearest rank)."""
        if not self.latencies:
            return float("nan")
        data = sorted(self.latencies)
        rank = max(1, math.ceil(q / 100 * len(data)))
        return data[rank - 1] * 1000


async def closed_loop(client, clients: int, seconds: float, warmup: float, request):
    """`clients` loops of `await request(i)`; answers finished inside the measured
    window (after the warm-up) count. `request` returns the HTTP status."""
    phase = Phase(name="", clients=clients)
    start = time.perf_counter()
    measure_from = start + warmup
    stop = measure_from + seconds

    async def loop(i):
        while True:
            t0 = time.perf_counter()
            if t0 >= stop:
                return
            try:
                status = await request(client, i)
            except Exception as exc:  # noqa: BLE001 - counted, not fatal
                status = type(exc).__name__
            t1 = time.perf_counter()
            phase.answered += 1
            if measure_from <= t1 <= stop:
                phase.statuses[status] = phase.statuses.get(status, 0) + 1
                if status in (200, 204):
                    phase.latencies.append(t1 - t0)
                else:
                    phase.errors += 1

    await asyncio.gather(*(loop(i) for i in range(clients)))
    phase.seconds = seconds
    return phase


class MovePlayers:
    """Games played to their end by the clients, each client its own game at a time;
    a client mirrors its game's state with the engine to pick a random legal move."""

    def __init__(
        self, games: list, headers: dict, seed: int = 7, path="/games/{}/move"
    ):
        from games import engines

        self.path = path
        self.engine = engines.get(bench_game())
        self.fresh = list(games)
        self.headers = headers  # user id -> headers
        self.current: dict[int, dict] = {}
        self.rng = random.Random(seed)
        self.moves_made = 0

    def _next_game(self, i: int) -> dict:
        if not self.fresh:
            raise RuntimeError("the bench ran out of fresh games: raise --games")
        game = self.fresh.pop()
        self.current[i] = {
            "id": game.pk,
            "state": game.state,
            "version": game.version,
            "users": game.bench_users,
        }
        return self.current[i]

    async def request(self, client, i: int):
        play = self.current.get(i) or self._next_game(i)
        state = play["state"]
        seat = self.engine.to_move(state)[0]
        move = self.rng.choice(self.engine.legal_moves(state, seat))
        user = play["users"][seat]
        body = urlencode({"move": _json(move), "version": str(play["version"])})
        response = await client.post(
            self.path.format(play["id"]),
            content=body,
            headers={
                **self.headers[user.pk],
                "HX-Request": "true",
                "Content-Type": "application/x-www-form-urlencoded",
            },
        )
        if response.status_code == 200:
            play["state"] = self.engine.apply(state, seat, move)
            play["version"] += 1
            self.moves_made += 1
            if self.engine.is_over(play["state"]):
                del self.current[i]
        else:
            del self.current[i]  # out of step: take a fresh game
        return response.status_code


def _json(obj) -> str:
    import json

    return json.dumps(obj, separators=(",", ":"))


def bare_request(headers_list: list[dict], method: str):
    async def request(client, i: int):
        headers = headers_list[i % len(headers_list)]
        if method == "POST":
            response = await client.post(
                f"/bench/update/{i}",
                content="move=%7B%7D&version=0",
                headers={
                    **headers,
                    "HX-Request": "true",
                    "Content-Type": "application/x-www-form-urlencoded",
                },
            )
        else:
            response = await client.get(
                f"/bench/update/{i}", headers={**headers, "HX-Request": "true"}
            )
        return response.status_code

    return request


def poll_request(idle: list, headers: dict):
    async def request(client, i: int):
        game = idle[i % len(idle)]
        user = game.bench_users[0]
        response = await client.get(
            f"/games/{game.pk}/poll?version={game.version}",
            headers={**headers[user.pk], "HX-Request": "true"},
        )
        return response.status_code

    return request


class _NoCookieJar(CookieJar):
    """The clients' cookies are their own headers (each user's session); what a
    server sets is not kept. httpx keeps it by default, through Python's
    `http.cookiejar`, at a cost paid only by answers that set a cookie: a board
    re-sends Django's CSRF cookie, the bare view sets none, so the load
    generator's jar would charge the move, on the shared CPU, what a browser's
    native jar does not (docs/benchmarks.md)."""

    def extract_cookies(self, response, request):
        return None


async def _run_phase(base_url, clients, seconds, warmup, request):
    import httpx

    limits = httpx.Limits(max_connections=clients + 4, max_keepalive_connections=0)
    async with httpx.AsyncClient(
        base_url=base_url,
        limits=limits,
        timeout=60.0,
        trust_env=False,
        cookies=_NoCookieJar(),
    ) as client:
        return await closed_loop(client, clients, seconds, warmup, request)


def _cpu_by_pid(pids: list[int]) -> dict[int, float]:
    """User + system CPU seconds of each of these processes so far (Linux /proc);
    a process that has ended is left out."""
    tick = os.sysconf("SC_CLK_TCK")
    seconds = {}
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        seconds[pid] = (int(fields[11]) + int(fields[12])) / tick  # utime, stime
    return seconds


def _cpu_seconds(pids: list[int]) -> float:
    return sum(_cpu_by_pid(pids).values())


def _cpu_since(before: dict[int, float], pids: list[int]) -> float:
    """CPU seconds spent since `before` by these processes (all of it for one
    that started since); what one that has ended spent is not known."""
    after = _cpu_by_pid(pids)
    return sum(seconds - before.get(pid, 0.0) for pid, seconds in after.items())


def _postgres_pids() -> list[int]:
    """The machine's PostgreSQL processes (the bench's server is local)."""
    pids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/comm") as f:
                    if f.read().strip() == "postgres":
                        pids.append(int(entry))
            except OSError:
                continue
    return pids


def _busy_seconds() -> float:
    """CPU seconds the machine has spent busy (not idle, not waiting on I/O)."""
    with open("/proc/stat") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def pool_phases(pooled: dict, key, mine: Phase, base: Phase) -> None:
    """Adds a round's phase and its bare phase to those of the earlier rounds."""
    if key in pooled:
        pooled[key][0].merge(mine)
        pooled[key][1].merge(base)
    else:
        pooled[key] = [mine, base]


def run_phase(server, clients, seconds, warmup, request) -> Phase:
    pids = server.worker_pids()
    server_before, client_before = _cpu_seconds(pids), time.process_time()
    db_before, busy_before = _cpu_by_pid(_postgres_pids()), _busy_seconds()
    phase = asyncio.run(_run_phase(server.url, clients, seconds, warmup, request))
    phase.server_cpu = _cpu_seconds(pids) - server_before
    phase.client_cpu = time.process_time() - client_before
    # A backend started meanwhile counts whole; one that ended is left out
    # (connections persist for CONN_MAX_AGE, then one is opened again).
    phase.db_cpu = _cpu_since(db_before, _postgres_pids())
    phase.busy_cpu = _busy_seconds() - busy_before
    return phase
