"""A move over HTTP and the poll endpoint, against the bare baseline, same run.

Two gunicorn servers (sync workers) on 127.0.0.1 share the bench database: the site
as in production (config.settings, DEBUG=false) and the same site plus one bare view
(bench.baseline_settings). Closed-loop clients (asyncio + httpx): each sends its next
request as soon as the last one answers. Every level runs the baseline and the site
back to back, so that each ratio compares figures taken a few seconds apart.
"""

from __future__ import annotations

import math
import os
import sys

from .env import (
    BASE_DIR,
    World,
    bench_game,
    login_headers,
    make_active_games,
    make_users,
)
from .load import (
    MovePlayers,
    bare_request,
    poll_request,
    pool_phases,
    run_phase,
)
from .server_process import ServerProcess, free_port

# --- servers ------------------------------------------------------------------------------


class Server(ServerProcess):
    """One gunicorn."""

    name = "gunicorn"

    def __init__(
        self,
        world: World,
        settings_module: str,
        workers: int,
        name: str,
        base_dir=BASE_DIR,
    ):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": settings_module}
        args = [sys.executable, "-m", "gunicorn", "config.wsgi:application"]
        args += ["--chdir", str(base_dir), "--bind", f"127.0.0.1:{self.port}"]
        args += ["--workers", str(workers), "--worker-class", "sync"]
        args += ["--backlog", "2048", "--log-level", "warning"]
        log = open(world.tmp / f"gunicorn-{name}.log", "wb")  # noqa: SIM115
        self.start(args, log, env=env)


# --- the section ------------------------------------------------------------------------------


def prepare(
    levels: list[int], seconds: float, idle_games: int, rounds: int, sites: int = 1
) -> dict:
    """Users with sessions, games to play through, and idle games in progress."""
    users = make_users(max(100, 2 * max(levels)), "player")
    headers = {u.pk: login_headers(u) for u in users}
    # Enough fresh games for the fastest level we expect (~400 moves/s) to never
    # run dry: a random game of the first game lasts ~280 decisions.
    per_level = [c + math.ceil(400 * (seconds + 1) / 150) for c in levels] * (
        rounds * sites
    )
    count = sum(per_level)
    n = len(users)
    seatings = [[users[(2 * k) % n], users[(2 * k + 1) % n]] for k in range(count)]
    games = make_active_games(bench_game(), seatings, seed=1000)
    for g, seating in zip(games, seatings, strict=True):
        g.bench_users = seating
    idle_seatings = [
        [users[k % n], users[(k + 1 + (k // n) % (n - 1)) % n]]
        for k in range(idle_games)
    ]
    idle = make_active_games(bench_game(), idle_seatings, seed=50_000)
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
                    pool_phases(pooled, (name, kind, clients), phase, base)
                pool_phases(pooled, (kind, clients), mine, base)
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
