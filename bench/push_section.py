"""Server push: how many open boards one box holds, and how soon a move reaches
the other screen.

The site under uvicorn (`config.asgi:application`, one process per core), push on
(Redis pub/sub). Every board is a signed-in player's game page: an event stream
(`/games/<id>/events/`) held open by this process, as raw asyncio sockets. While
they are all open, a move is made somewhere every so often (the move POST, as a
page sends it); for each, the time from sending the move to the opponent's
stream bringing the event (`event`), and to the opponent's page having fetched
its new board through the poll endpoint (`board`: what the player sees). The
mover's own page fetches too (a 204), both pages fetch their header link (the
`mine` event), and every page polls once per
GAME_PUSH_POLL_SECONDS as the site's pages do (the safety net). Memory per board:
the uvicorn processes' resident memory after opening the streams, less before,
over the number of streams.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import secrets
import statistics
import time
from datetime import timedelta

from .asgi_server import NoCookies, Uvicorn, cpu_seconds, raise_file_limit, rss_kib
from .env import (
    REDIS_URL,
    World,
    bench_game,
    csrf_secret,
    make_active_games,
    make_users,
)

OPEN_CONCURRENCY = 100


def make_sessions(users) -> dict[int, str]:
    """A signed-in session per user, written in one statement (user id -> key)."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore
    from django.contrib.sessions.models import Session
    from django.utils import timezone

    store, expire = SessionStore(), timezone.now() + timedelta(days=1)
    keys, rows = {}, []
    for user in users:
        key = secrets.token_hex(16)
        data = {
            SESSION_KEY: str(user.pk),
            BACKEND_SESSION_KEY: "django.contrib.auth.backends.ModelBackend",
            HASH_SESSION_KEY: user.get_session_auth_hash(),
        }
        rows.append(
            Session(
                session_key=key, session_data=store.encode(data), expire_date=expire
            )
        )
        keys[user.pk] = key
    Session.objects.bulk_create(rows, batch_size=2000)
    return keys


class Board:
    """One open game page's stream, read by its own task."""

    __slots__ = ("game", "seat", "cookie", "reader", "writer", "version", "closed")

    def __init__(self, game: int, seat: int, cookie: str):
        self.game, self.seat, self.cookie = game, seat, cookie
        self.reader = self.writer = None
        self.version = 0
        self.closed = False


class Load:
    def __init__(self, port: int, boards: list[Board], poll_seconds: float):
        self.port = port
        self.boards = boards
        self.by_seat = {(b.game, b.seat): b for b in boards}
        self.waiters: dict[tuple, asyncio.Future] = {}
        self.poll_seconds = poll_seconds
        self.events = 0
        self.open_ms: list[float] = []
        self.open_errors: dict[str, int] = {}

    async def open_one(self, board: Board, sem: asyncio.Semaphore):
        async with sem:
            started = time.perf_counter()
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
                writer.write(
                    (
                        f"GET /games/{board.game}/events/?version=0 HTTP/1.1\r\n"
                        f"Host: 127.0.0.1\r\nCookie: sessionid={board.cookie}\r\n"
                        "Accept: text/event-stream\r\n\r\n"
                    ).encode()
                )
                head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 60)
                status = head.split(b" ", 2)[1].decode()
                if status != "200":
                    raise RuntimeError(f"HTTP {status}")
            except Exception as exc:
                key = (
                    type(exc).__name__
                    if not isinstance(exc, RuntimeError)
                    else str(exc)
                )
                self.open_errors[key] = self.open_errors.get(key, 0) + 1
                board.closed = True
                return
            self.open_ms.append(1000 * (time.perf_counter() - started))
            board.reader, board.writer = reader, writer
        asyncio.get_running_loop().create_task(self.listen(board))

    async def listen(self, board: Board):
        buf, kind = b"", b""
        try:
            while True:
                data = await board.reader.read(8192)
                if not data:
                    break
                now = time.perf_counter()
                buf += data
                *lines, buf = buf.split(b"\n")
                for line in lines:
                    if line.startswith(b"event: "):
                        kind = line[7:].strip()
                    elif line.startswith(b"data: ") and kind == b"version":
                        version = int(line[6:])
                        board.version = max(board.version, version)
                        self.events += 1
                        found = self.waiters.pop(
                            (board.game, board.seat, version), None
                        )
                        if found is not None and not found.done():
                            found.set_result(now)
        except (ConnectionError, OSError):
            pass
        board.closed = True

    def still_open(self) -> int:
        return sum(1 for b in self.boards if not b.closed)

    def close_all(self):
        for b in self.boards:
            if b.writer is not None:
                b.writer.close()


def read_game(game_id: int):
    from games.models import Game

    return Game.objects.values_list("state", "version").get(pk=game_id)


async def play(
    load: Load,
    http,
    games: list[int],
    cookies: dict,
    seconds: float,
    rate: float,
    csrf: str,
) -> dict:
    """Moves at `rate` a second for `seconds`, each on a game not busy; returns
    the delays (ms) and counts."""
    from games import engines

    engine = engines.get(bench_game())
    busy: set[int] = set()
    out = {"event": [], "board": [], "post": [], "errors": {}, "moves": 0}

    def error(key):
        out["errors"][key] = out["errors"].get(key, 0) + 1

    async def one(game_id):
        busy.add(game_id)
        try:
            state, version = await asyncio.to_thread(read_game, game_id)
            position = engine.to_move(state)[0]
            legal = engine.legal_moves(state, position)
            move = next(
                (m for m in legal if m["type"] in ("discard", "draw")), legal[0]
            )
            other = load.by_seat[(game_id, 1 - position)]
            if other.closed:
                return error("stream closed")
            arrived = asyncio.get_running_loop().create_future()
            load.waiters[(game_id, other.seat, version + 1)] = arrived
            headers = {
                "Cookie": f"sessionid={cookies[(game_id, position)]}; csrftoken={csrf}",
                "X-CSRFToken": csrf,
                "HX-Request": "true",
            }
            started = time.perf_counter()
            r = await http.post(
                f"/games/{game_id}/move",
                data={"move": json.dumps(move), "version": str(version)},
                headers=headers,
            )
            posted = time.perf_counter()
            if r.status_code != 200:
                load.waiters.pop((game_id, other.seat, version + 1), None)
                return error(f"move {r.status_code}")
            try:
                at = await asyncio.wait_for(arrived, 10)
            except TimeoutError:
                return error("no event in 10 s")
            # The other page fetches its board; the mover's, a 204; and both
            # their header links (the `mine` event each stream also brings).
            mover_cookie = f"sessionid={cookies[(game_id, position)]}"
            other_cookie = f"sessionid={cookies[(game_id, other.seat)]}"
            own = asyncio.gather(
                http.get(
                    f"/games/{game_id}/poll?version={version + 1}",
                    headers={"Cookie": mover_cookie, "HX-Request": "true"},
                ),
                http.get("/my/link", headers={"Cookie": mover_cookie}),
                http.get("/my/link", headers={"Cookie": other_cookie}),
            )
            r = await http.get(
                f"/games/{game_id}/poll?version={version}",
                headers={
                    "Cookie": f"sessionid={cookies[(game_id, other.seat)]}",
                    "HX-Request": "true",
                },
            )
            done = time.perf_counter()
            await own
            if r.status_code != 200:
                return error(f"board {r.status_code}")
            out["post"].append(1000 * (posted - started))
            out["event"].append(1000 * (at - started))
            out["board"].append(1000 * (done - started))
            out["moves"] += 1
        except Exception as exc:  # counted, the run goes on
            error(type(exc).__name__)
        finally:
            busy.discard(game_id)

    async def safety_poll(b: Board):
        try:
            r = await http.get(
                f"/games/{b.game}/poll?version={b.version}",
                headers={"Cookie": f"sessionid={b.cookie}", "HX-Request": "true"},
            )
            if r.status_code not in (200, 204):
                error(f"poll {r.status_code}")
        except Exception as exc:  # counted, the run goes on
            error(f"poll {type(exc).__name__}")

    async def safety_polls(stop: asyncio.Event):
        """Every page's slow poll, spread evenly: boards / poll_seconds a second."""
        per_second = len(load.boards) / load.poll_seconds
        interval = 1 / per_second if per_second else 1.0
        sent = 0
        while not stop.is_set():
            b = random.choice(load.boards)
            sent += 1
            asyncio.ensure_future(safety_poll(b))
            await asyncio.sleep(interval)
        out["safety_polls"] = sent

    stop = asyncio.Event()
    poller = asyncio.ensure_future(safety_polls(stop))
    tasks = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        free = [g for g in random.sample(games, min(20, len(games))) if g not in busy]
        if free:
            tasks.append(asyncio.ensure_future(one(free[0])))
        await asyncio.sleep(1 / rate)
    stop.set()
    await asyncio.gather(*tasks, poller)
    return out


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q / 100 * (len(values) - 1))))]


async def measure(world, server, boards_n, seconds, rate, poll_seconds, log) -> dict:
    import httpx
    from asgiref.sync import sync_to_async

    users = await sync_to_async(make_users)(boards_n, f"push{os.getpid()}-")
    seatings = [[users[2 * i], users[2 * i + 1]] for i in range(boards_n // 2)]
    games = await sync_to_async(make_active_games)(bench_game(), seatings, seed=7)
    keys = await sync_to_async(make_sessions)(users)
    boards, cookies = [], {}
    for game, pair in zip(games, seatings, strict=True):
        for seat, user in enumerate(pair):
            boards.append(Board(game.pk, seat, keys[user.pk]))
            cookies[(game.pk, seat)] = keys[user.pk]
    load = Load(server.port, boards, poll_seconds)
    pids = server.worker_pids()
    csrf = csrf_secret()
    async with httpx.AsyncClient(
        base_url=f"http://127.0.0.1:{server.port}",
        timeout=30,
        trust_env=False,
        cookies=NoCookies(),
        limits=httpx.Limits(max_connections=64, max_keepalive_connections=64),
    ) as http:
        # Warm-up: each worker opens and closes a few streams and serves a move.
        copies = [Board(b.game, b.seat, b.cookie) for b in boards[:8]]
        warm = Load(server.port, copies, poll_seconds)
        sem = asyncio.Semaphore(8)
        await asyncio.gather(*(warm.open_one(b, sem) for b in copies))
        await play(warm, http, [g.pk for g in games[:4]], cookies, 1.0, 4, csrf)
        warm.close_all()
        await asyncio.sleep(1.0)
        rss_before = rss_kib(pids)
        own_before = rss_kib([os.getpid()])
        log(f"  opening {len(boards):,} streams ({OPEN_CONCURRENCY} at a time)...")
        started = time.perf_counter()
        cpu_open = cpu_seconds(pids)
        sem = asyncio.Semaphore(OPEN_CONCURRENCY)
        await asyncio.gather(*(load.open_one(b, sem) for b in boards))
        open_seconds = time.perf_counter() - started
        open_cpu = cpu_seconds(pids) - cpu_open
        await asyncio.sleep(2.0)
        held = load.still_open()
        rss_after = rss_kib(pids)
        own_after = rss_kib([os.getpid()])
        log(f"  {held:,} open after {open_seconds:.0f} s; moves for {seconds:.0f} s...")
        cpu_before = cpu_seconds(pids)
        t0 = time.perf_counter()
        out = await play(
            load, http, [g.pk for g in games], cookies, seconds, rate, csrf
        )
        elapsed = time.perf_counter() - t0
        server_cpu = cpu_seconds(pids) - cpu_before
        held_end = load.still_open()
        load.close_all()
    return {
        "boards": len(boards),
        "held": held,
        "held_end": held_end,
        "open_seconds": open_seconds,
        "open_p95_ms": pct(load.open_ms, 95),
        "open_errors": load.open_errors,
        "open_cpu_ms": 1000 * open_cpu / max(len(load.open_ms), 1),
        "workers_same": sorted(server.worker_pids()) == sorted(pids),
        "rss_before_mib": rss_before / 1024,
        "rss_after_mib": rss_after / 1024,
        "kib_per_board": (rss_after - rss_before) / max(held, 1),
        "client_kib_per_board": (own_after - own_before) / max(held, 1),
        "moves": out["moves"],
        "move_errors": out["errors"],
        "event_p50": pct(out["event"], 50),
        "event_p95": pct(out["event"], 95),
        "board_p50": pct(out["board"], 50),
        "board_p95": pct(out["board"], 95),
        "post_p50": pct(out["post"], 50),
        "server_cpu_share": server_cpu / elapsed,
        "safety_polls_s": out.get("safety_polls", 0) / elapsed,
        "events": load.events,
        "mean_event": statistics.fmean(out["event"]) if out["event"] else float("nan"),
    }


def run(
    world: World, *, boards: int, seconds: float, rate: float, workers: int, log=print
) -> dict:
    from django.conf import settings

    boards -= boards % 2
    limits = raise_file_limit(boards + 4096)
    poll_seconds = settings.GAME_PUSH_POLL_SECONDS
    env = {
        "PUSH_REDIS_URL": REDIS_URL,
        "GAME_PUSH_POLL_SECONDS": str(poll_seconds),
    }
    server = Uvicorn(world, workers, env)
    world.servers.append(server)
    server.wait_ready()
    try:
        runner = asyncio.Runner(loop_factory=_loop_factory())
        with runner:
            result = runner.run(
                measure(world, server, boards, seconds, rate, poll_seconds, log)
            )
    finally:
        server.stop()
        log_tail = (world.tmp / "uvicorn.log").read_text(errors="replace")[-3000:]
    result.update(
        server_log_tail=log_tail
        if "Error" in log_tail or "Traceback" in log_tail
        else ""
    )
    result.update(
        workers=workers,
        rate=rate,
        seconds=seconds,
        file_limit=limits[0],
        poll_seconds=poll_seconds,
        load_average=os.getloadavg()[0],
    )
    return result


def _loop_factory():
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop
