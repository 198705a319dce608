"""A move over HTTP and the poll endpoint, against the bare baseline, same run.

Two gunicorn servers (sync workers) on 127.0.0.1 share the bench database: the site
as in production (config.settings, DEBUG=false) and the same site plus one bare view
(bench.baseline_settings). Closed-loop clients (asyncio + httpx): each sends its next
request as soon as the last one answers. Every level runs the baseline and the site
back to back, so that each ratio compares figures taken a few seconds apart.
"""

from __future__ import annotations

import asyncio
import math
import os
import random
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from http.cookiejar import CookieJar
from urllib.parse import urlencode

from .env import BASE_DIR, World, login_headers, make_active_games, make_users

ENGINE = "lost-cities"


# --- servers ------------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """One gunicorn, in its own process group, killed by `stop()`."""

    def __init__(
        self,
        world: World,
        settings_module: str,
        workers: int,
        name: str,
        base_dir=BASE_DIR,
    ):
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": settings_module}
        self.log = open(world.tmp / f"gunicorn-{name}.log", "wb")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "config.wsgi:application",
                "--chdir",
                str(base_dir),
                "--bind",
                f"127.0.0.1:{self.port}",
                "--workers",
                str(workers),
                "--worker-class",
                "sync",
                "--backlog",
                "2048",
                "--log-level",
                "warning",
            ],
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def wait_ready(self, timeout: float = 60.0) -> None:
        import httpx

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"gunicorn exited ({self.proc.returncode})")
            try:
                httpx.get(self.url + "/", timeout=2.0)
                return
            except httpx.HTTPError:
                time.sleep(0.2)
        raise RuntimeError("gunicorn did not answer in time")

    def worker_pids(self) -> list[int]:
        out = subprocess.run(
            ["ps", "-o", "pid=", "--ppid", str(self.proc.pid)],
            capture_output=True,
            text=True,
        ).stdout
        return [int(p) for p in out.split()]

    def stop(self) -> None:
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
                self.proc.wait(timeout=10)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                try:
                    os.killpg(self.proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                self.proc.wait(timeout=5)
        self.log.close()


# --- load -----------------------------------------------------------------------------------


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
        self.engine = engines.get(ENGINE)
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
    `http.cookiejar`: about 80 µs to read a Set-Cookie and 80 µs more to add
    the jar to each later request (measured here), paid only by answers that
    set a cookie. A board re-sends Django's CSRF cookie, the bare view sets
    none: the load generator's cookie jar alone cost the move about 0.15 ms of
    the shared CPU per request, which a browser's native jar does not."""

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


def _pool(pooled: dict, key, mine: Phase, base: Phase) -> None:
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


# --- the section ------------------------------------------------------------------------------


def prepare(
    levels: list[int], seconds: float, idle_games: int, rounds: int, sites: int = 1
) -> dict:
    """Users with sessions, games to play through, and idle games in progress."""
    users = make_users(max(100, 2 * max(levels)), "player")
    headers = {u.pk: login_headers(u) for u in users}
    # Enough fresh games for the fastest level we expect (~400 moves/s) to never
    # run dry: a random Lost Cities game lasts ~280 decisions.
    per_level = [c + math.ceil(400 * (seconds + 1) / 150) for c in levels] * (
        rounds * sites
    )
    count = sum(per_level)
    n = len(users)
    seatings = [[users[(2 * k) % n], users[(2 * k + 1) % n]] for k in range(count)]
    games = make_active_games(ENGINE, seatings, seed=1000)
    for g, seating in zip(games, seatings, strict=True):
        g.bench_users = seating
    idle_seatings = [
        [users[k % n], users[(k + 1 + (k // n) % (n - 1)) % n]]
        for k in range(idle_games)
    ]
    idle = make_active_games(ENGINE, idle_seatings, seed=50_000)
    for g, seating in zip(idle, idle_seatings, strict=True):
        g.bench_users = seating
    return {"users": users, "headers": headers, "games": games, "idle": idle}


def run(
    world: World,
    levels: list[int],
    seconds: float,
    warmup: float,
    workers: int,
    idle_games: int,
    *,
    rounds: int = 1,
    do_move: bool = True,
    do_poll: bool = True,
    against=None,
    no_board: bool = False,
    log=print,
) -> dict:
    """With `against` (another checkout of the site, same database schema), its
    site is served too and measured in the same rounds, phase by phase: an A/B
    comparison that the machine's drift cannot tilt."""
    sites = 1 + bool(against) + bool(no_board)
    data = prepare(levels, seconds, idle_games, rounds, sites=sites)
    from django.db import connections

    connections.close_all()
    site = Server(world, "config.settings", workers, "site")
    bare = Server(world, "bench.baseline_settings", workers, "baseline")
    other = (
        Server(world, "config.settings", workers, "against", base_dir=against)
        if against
        else None
    )
    world.servers = [s for s in (site, bare, other) if s]
    try:
        for server in world.servers:
            server.wait_ready()
        players = MovePlayers(data["games"], data["headers"])
        header_list = list(data["headers"].values())
        from django.conf import settings

        rows = {"move": [], "poll": [], "workers": workers, "against": []}
        rows["no_board"] = []
        # The same games and players, posting to the bare server's move view
        # that answers without a board (bench/baseline_urls.py).
        boardless = MovePlayers(
            [], data["headers"], seed=11, path="/bench/move-without-board/{}"
        )
        boardless.fresh = players.fresh  # one pool of fresh games for both
        rows["poll_seconds"] = settings.GAME_POLL_SECONDS
        # Warm both servers (templates, connections, imports) before measuring.
        run_phase(bare, 2, 0.5, 0.0, bare_request(header_list, "POST"))
        run_phase(site, 2, 0.5, 0.0, players.request)
        if other:
            run_phase(other, 2, 0.5, 0.0, players.request)
        if no_board:
            run_phase(bare, 2, 0.5, 0.0, boardless.request)
        poll = poll_request(data["idle"], data["headers"])
        phases = []
        if do_move:
            phases += [("move", c) for c in levels]
        if do_poll:
            phases += [("poll", c) for c in ([c for c in levels if c > 1] or levels)]
        pooled: dict = {}
        for round_ in range(rounds):
            for kind, clients in phases:
                mine_request = players.request if kind == "move" else poll
                method = "POST" if kind == "move" else "GET"
                runs = {}
                # Alternate which goes first, so that drift in the machine's load
                # falls on both sides.
                order = ["bare", "site"] if round_ % 2 == 0 else ["site", "bare"]
                if other:
                    order = (
                        ["bare", "other", "site"]
                        if round_ % 2 == 0
                        else ["site", "other", "bare"]
                    )
                for side in order:
                    if side == "other":
                        runs[side] = run_phase(
                            other, clients, seconds, warmup, mine_request
                        )
                    elif side == "bare":
                        runs[side] = run_phase(
                            bare,
                            clients,
                            seconds,
                            warmup,
                            bare_request(header_list, method),
                        )
                    else:
                        runs[side] = run_phase(
                            site, clients, seconds, warmup, mine_request
                        )
                mine, base = runs["site"], runs["bare"]
                log(
                    f"  round {round_ + 1} {kind:4} {clients:>3} clients: "
                    f"{mine.rate:7.1f}/s p95 {mine.pct(95):7.1f} ms "
                    f"cpu {mine.server_ms:5.2f}+{mine.db_ms:4.2f}+{mine.client_ms:4.2f}"
                    f" of {mine.busy_ms:5.2f} ms | bare {base.rate:7.1f}/s p95 "
                    f"{base.pct(95):7.1f} ms cpu {base.server_ms:5.2f}+{base.db_ms:4.2f}"
                    f"+{base.client_ms:4.2f} of {base.busy_ms:5.2f} ms"
                )
                extra = []
                if other:
                    extra.append(("against", "against", runs["other"]))
                if no_board and kind == "move":
                    alone = run_phase(bare, clients, seconds, warmup, boardless.request)
                    extra.append(("no_board", "no board", alone))
                for name, label, phase in extra:
                    log(
                        f"         {label:>8} {clients:>3} clients: "
                        f"{phase.rate:7.1f}/s p95 {phase.pct(95):7.1f} ms "
                        f"cpu {phase.server_ms:5.2f}+{phase.db_ms:4.2f}"
                        f"+{phase.client_ms:4.2f} of {phase.busy_ms:5.2f} ms"
                    )
                    _pool(pooled, (name, kind, clients), phase, base)
                _pool(pooled, (kind, clients), mine, base)
        for key, (mine, base) in pooled.items():
            if key[0] in ("against", "no_board"):
                rows[key[0]].append((key[1], key[2], mine, base))
            else:
                rows[key[0]].append((key[1], mine, base))
        rows["moves_made"] = players.moves_made
        return rows
    finally:
        for server in (site, bare, other):
            if server:
                server.stop()
        world.servers = []
