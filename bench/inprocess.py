"""Sections measured in-process with Django's test Client on the bench database:
the length of a game, the pages, the sweeps. Queries are counted with
CaptureQueriesContext; times are server times (the request through the whole
middleware stack, no network)."""

from __future__ import annotations

import os
import random
import statistics
import time
from pathlib import Path

from .env import bench_game, make_active_games, make_users

TEMPLATES_DIR = Path(__file__).resolve().parent / "templates"


def _client(user=None):
    from django.test import Client

    client = Client(HTTP_HOST="127.0.0.1", raise_request_exception=False)
    if user is not None:
        client.force_login(user)
    return client


def measure(call) -> tuple[float, int, object]:
    """(seconds, queries, result) of one call."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as ctx:
        t0 = time.perf_counter()
        result = call()
        elapsed = time.perf_counter() - t0
    return elapsed, len(ctx.captured_queries), result


def _summary(samples: list[tuple[float, int, object]]) -> dict:
    times = [s[0] for s in samples]
    queries = [s[1] for s in samples]
    statuses = sorted({_status(s[2]) for s in samples}, key=str)
    return {
        "n": len(samples),
        "ms_median": statistics.median(times) * 1000,
        "ms_max": max(times) * 1000,
        "queries_min": min(queries),
        "queries_max": max(queries),
        "statuses": statuses,
    }


def _status(response) -> str:
    """The status code, with the exception's name for a server error."""
    status = str(getattr(response, "status_code", "?"))
    exc_info = getattr(response, "exc_info", None)
    if exc_info:
        status += f" {exc_info[0].__name__}"
    return status


def quiet_request_log() -> None:
    """Server errors are reported in the tables, not as tracebacks on the console."""
    import logging

    logging.getLogger("django.request").setLevel(logging.CRITICAL)


# --- 4. the length of a game ---------------------------------------------------------------


def _fast_forward(game, seats, version: int) -> None:
    """Puts the endless game at `version` with a full history of Move rows."""
    from games.models import Game, Move, Seat

    have = Move.objects.filter(game=game).count()
    log = {
        code: {"0": "{p0} took a step", "1": "{p1} took a step", "-": "a step"}
        for code in ("en", "fr")
    }
    Move.objects.bulk_create(
        [
            Move(game=game, seq=seq, seat=(seq - 1) % 2, move={"type": "step"}, log=log)
            for seq in range(have + 1, version + 1)
        ],
        batch_size=1000,
    )
    current = version % 2
    game.state = {**game.state, "n": version, "current": current}
    game.version = version
    Game.objects.filter(pk=game.pk).update(state=game.state, version=version)
    Seat.objects.filter(game=game).update(to_move=False)
    Seat.objects.filter(game=game, position=current).update(to_move=True)


def length(at: tuple[int, ...] = (1, 100, 1000), repeat: int = 5) -> dict:
    """Time and queries of the move POST at move N of an endless game, and over a
    whole game of the benched game (`bench_game`)."""

    from . import endless

    quiet_request_log()
    endless.register()
    try:
        return _length(at, repeat)
    finally:
        endless.unregister()


def _length(at, repeat) -> dict:
    from django.test import override_settings

    from games.models import Game

    from . import endless

    rows = []
    templates = _templates_with_bench()
    with override_settings(TEMPLATES=templates):
        a, b = make_users(2, "long")
        clients = [_client(a), _client(b)]
        game, warm = make_active_games(endless.SLUG, [[a, b], [a, b]])
        # A first request loads templates, catalogues and urls: not a figure.
        clients[0].post(
            f"/games/{warm.pk}/move",
            {"move": '{"type":"step"}', "version": "0"},
            headers={"HX-Request": "true"},
        )
        seats = list(game.seats.all())
        for target in at:
            if target - 1 > game.version:
                _fast_forward(game, seats, target - 1)
            samples = []
            for _ in range(repeat):
                game.refresh_from_db()
                seat = game.state["current"]
                samples.append(
                    measure(
                        lambda c=clients[seat], v=game.version: c.post(
                            f"/games/{game.pk}/move",
                            {"move": '{"type":"step"}', "version": str(v)},
                            headers={"HX-Request": "true"},
                        )
                    )
                )
            rows.append({"move": target, **_summary(samples)})
    # A real engine over a whole game: random moves, every POST counted.
    from games import engines, registry

    slug = bench_game()
    engine = engines.get(slug)
    c, d = make_users(2, "full")
    full_clients = [_client(c), _client(d)]
    whole, warm = make_active_games(slug, [[c, d], [c, d]], seed=4242)
    seat = engine.to_move(warm.state)[0]
    full_clients[seat].post(
        f"/games/{warm.pk}/move",
        {"move": _json(engine.legal_moves(warm.state, seat)[0]), "version": "0"},
        headers={"HX-Request": "true"},
    )
    rng = random.Random(4242)
    state, version, samples = whole.state, 0, []
    while not engine.is_over(state):
        seat = engine.to_move(state)[0]
        move = rng.choice(engine.legal_moves(state, seat))
        samples.append(
            measure(
                lambda s=seat, m=move, v=version: full_clients[s].post(
                    f"/games/{whole.pk}/move",
                    {"move": _json(m), "version": str(v)},
                    headers={"HX-Request": "true"},
                )
            )
        )
        state = engine.apply(state, seat, move)
        version += 1
    if Game.objects.get(pk=whole.pk).version != version:
        raise RuntimeError("the game did not take every move")
    first, last = samples[0], samples[-2]
    return {
        "endless": rows,
        "game": {
            "name": registry.get(slug).name,
            "moves": len(samples),
            "first": _summary([first]),
            "last_but_one": _summary([last]),
            "all": _summary(samples[:-1]),
            "final": _summary(samples[-1:]),
        },
    }


def _json(obj) -> str:
    import json

    return json.dumps(obj, separators=(",", ":"))


def _templates_with_bench():
    from django.conf import settings

    templates = [dict(t) for t in settings.TEMPLATES]
    for engine in templates:  # the Django pages' and the board partials' (Jinja2)
        engine["DIRS"] = [*engine["DIRS"], TEMPLATES_DIR]
    return templates


# --- 5. pages ----------------------------------------------------------------------------


def pages(repeat: int = 10, my_games: int = 200) -> list[dict]:
    from django.utils import timezone

    from games import engines
    from games.models import Game, Seat

    quiet_request_log()
    slug = bench_game()
    rows = []
    owner, *others = make_users(41, "pages")
    # The lobby: 50 open public tables, one seat taken each.
    open_games = Game.objects.bulk_create(
        [
            Game(
                engine=slug,
                options=engines.get(slug).default_options(2),
                created_by=others[i % 40],
            )
            for i in range(50)
        ]
    )
    Seat.objects.bulk_create(
        [Seat(game=g, position=0, user=g.created_by) for g in open_games]
    )
    anon = _client()
    me = _client(owner)
    rows.append(_page("lobby (anonymous)", anon, "/", repeat))
    rows.append(_page("lobby (signed in)", me, "/", repeat))
    # My games: `my_games` games of every engine, active (half waiting for me),
    # open and finished.
    slugs = engines.slugs()
    seatings = [[owner, others[i % 40]] for i in range(my_games)]
    by_engine: dict[str, list] = {}
    for i, seating in enumerate(seatings):
        slug = slugs[i % len(slugs)]
        engine = engines.get(slug)
        n = max(engine.min_players, 2)
        seating = seating + [others[(i + k) % 40] for k in range(1, n - 1)]
        seating = list(dict.fromkeys(seating))
        by_engine.setdefault((slug, len(seating)), []).append(seating)
    made = []
    for (slug, _n), group in by_engine.items():
        made += make_active_games(slug, group, seed=777)
    now = timezone.now()
    for k, game in enumerate(made):
        if k % 10 == 0:
            game.status = Game.Status.OPEN
        elif k % 10 in (1, 2, 3):
            game.status = Game.Status.FINISHED
            game.finished_at = now
    Game.objects.bulk_update(made, ["status", "finished_at"])
    Seat.objects.filter(user=owner, game__status=Game.Status.ACTIVE).update(
        to_move=True
    )
    rows.append(_page(f"my games ({len(made)} games)", me, "/my/", repeat))
    # A board page of each engine, seen by a seated player.
    for engine in engines.all():
        n = engine.min_players
        seating = [owner, *others[: n - 1]]
        (game,) = make_active_games(engine.slug, [seating], seed=99)
        rows.append(_page(f"board: {engine.slug}", me, f"/games/{game.pk}/", repeat))
    return rows


def _page(name: str, client, url: str, repeat: int) -> dict:
    samples = [measure(lambda: client.get(url)) for _ in range(repeat + 1)][1:]
    return {"page": name, **_summary(samples)}


# --- 6. sweeps ----------------------------------------------------------------------------

# (module of games.notifications, function)
SWEEPS = (
    ("reminders", "reminders_sweep"),
    ("deadlines", "deadlines_sweep"),
    ("digests", "digests_sweep"),
)


def _sweep(module: str, name: str):
    import importlib

    return getattr(importlib.import_module(f"games.notifications.{module}"), name)


def sweeps_available() -> tuple[bool, str]:
    missing = []
    for module, name in SWEEPS:
        try:
            _sweep(module, name)
        except (ImportError, AttributeError):
            missing.append(f"{module}.{name}")
    if missing:
        return False, "missing " + ", ".join(missing)
    return True, ""


def sweeps(active: int = 10_000) -> list[dict]:
    from datetime import timedelta

    from django.utils import timezone

    from games.models import Game, Seat

    users = make_users(1000, "sweep")
    n = len(users)
    seatings = [[users[k % n], users[(k + 1 + k // n) % n]] for k in range(active)]
    games = make_active_games(bench_game(), seatings, seed=10)
    # Per-move deadlines, as timed tables have: most in the future, 2 % passed.
    now = timezone.now()
    ids = [g.pk for g in games]
    Game.objects.filter(pk__in=ids).update(time_per_move=timedelta(days=1))
    Seat.objects.filter(game_id__in=ids, to_move=True).update(
        deadline=now + timedelta(hours=12)
    )
    late = ids[::50]
    Seat.objects.filter(game_id__in=late, to_move=True).update(
        deadline=now - timedelta(minutes=5)
    )
    # 10 % with less than a fifth of their time left: reminders are due.
    Seat.objects.filter(game_id__in=ids[1::10], to_move=True).update(
        deadline=now + timedelta(hours=2)
    )
    # A fifth of the players take a daily digest, due now.
    from accounts.models import User

    User.objects.filter(pk__in=[u.pk for u in users[::5]]).update(
        turn_emails="digest", digest_next_at=now - timedelta(minutes=1)
    )
    rows = []
    for module, name in SWEEPS:
        fn = _sweep(module, name)
        try:
            seconds, queries, result = measure(fn)
        except Exception as exc:  # noqa: BLE001 - reported as a figure
            rows.append({"sweep": name, "error": f"{type(exc).__name__}: {exc}"})
            continue
        rows.append(
            {
                "sweep": name,
                "ms": seconds * 1000,
                "queries": queries,
                "result": repr(result)[:60],
            }
        )
    return rows


# --- profile -----------------------------------------------------------------------------


def profile_moves(moves: int = 200, top: int = 25) -> str:
    """cProfile of `moves` move POSTs of the benched game (`bench_game`)
    through the test Client."""
    import cProfile
    import io
    import pstats

    from games import engines

    quiet_request_log()
    slug = bench_game()
    engine = engines.get(slug)
    users = make_users(2 * (moves // 80 + 2), "prof")
    pairs = [[users[2 * k], users[2 * k + 1]] for k in range(len(users) // 2)]
    clients = {u.pk: _client(u) for u in users}
    games = make_active_games(slug, pairs, seed=31337)
    rng = random.Random(5)
    plan = []  # (client, url, data) computed first, so only the server is profiled
    for game, pair in zip(games, pairs, strict=True):
        state, version = game.state, 0
        while not engine.is_over(state) and len(plan) < moves:
            seat = engine.to_move(state)[0]
            move = rng.choice(engine.legal_moves(state, seat))
            plan.append(
                (
                    clients[pair[seat].pk],
                    f"/games/{game.pk}/move",
                    {"move": _json(move), "version": str(version)},
                )
            )
            state = engine.apply(state, seat, move)
            version += 1
        if len(plan) >= moves:
            break
    if os.environ.get("BENCH_PROFILER") == "pyinstrument":  # sampling, wall time
        from pyinstrument import Profiler

        sampler = Profiler(interval=0.001)
        sampler.start()
        for client, url, data in plan:
            client.post(url, data, headers={"HX-Request": "true"})
        sampler.stop()
        return sampler.output_text(show_all=False, short_mode=False)
    # BENCH_PROFILE_TIMER=cpu: the process's CPU time only (waits on the
    # database left out), to see where the server's own CPU goes.
    cpu = os.environ.get("BENCH_PROFILE_TIMER") == "cpu"
    profiler = cProfile.Profile(time.process_time) if cpu else cProfile.Profile()
    profiler.enable()
    for client, url, data in plan:
        client.post(url, data, headers={"HX-Request": "true"})
    profiler.disable()
    if os.environ.get("BENCH_PROFILE_OUT"):  # for pstats / snakeviz afterwards
        profiler.dump_stats(os.environ["BENCH_PROFILE_OUT"])
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("cumulative").print_stats(top)
    stats.sort_stats("tottime").print_stats(top)
    return out.getvalue()


def fast_path(repeat: int = 300) -> dict:
    """What the one fast path saves: the locked game with its seats and their
    users read by `games.rows.game_with_seats` against the same read through
    the ORM (`select_for_update` and a prefetch of the seats with their users),
    on the same game of the bench database (`bench.env.bench_game`), alternating, each in
    its own transaction. CPU of this process (`time.process_time`) and wall
    time per read, medians, and the queries of each."""
    from django.db import connection, transaction
    from django.db.models import Prefetch

    from games import rows
    from games.models import Game, Seat

    game_id = (
        Game.objects.filter(engine=bench_game(), status=Game.Status.ACTIVE)
        .values_list("pk", flat=True)
        .first()
    )
    if game_id is None:
        return {}
    seats = Seat.objects.select_related("user")
    orm_games = Game.objects.select_for_update(of=("self",)).prefetch_related(
        Prefetch("seats", queryset=seats)
    )

    def fast():
        game = rows.game_with_seats(game_id, lock=True)
        return game, game.seat_list()

    def orm():
        game = orm_games.get(pk=game_id)
        return game, game.seat_list()

    reads = {"fast": fast, "orm": orm}
    samples: dict = {name: ([], []) for name in reads}
    queries = {}
    for name, read in reads.items():  # warm: statements prepared, code loaded
        with transaction.atomic():
            queries[name] = measure(read)[1]
    for i in range(repeat * 2):
        name = ("fast", "orm")[i % 2]
        with transaction.atomic():
            cpu, wall = time.process_time(), time.perf_counter()
            reads[name]()
            samples[name][0].append(time.process_time() - cpu)
            samples[name][1].append(time.perf_counter() - wall)
    connection.close()
    result = {"repeat": repeat}
    for name, (cpu, wall) in samples.items():
        result[name] = {
            "cpu_ms": statistics.median(cpu) * 1000,
            "wall_ms": statistics.median(wall) * 1000,
            "queries": queries[name],
        }
    return result
