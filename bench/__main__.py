"""python -m bench [--quick] [--sections engines,http,poll,push,length,pages,sweeps]

Prints one table per section; each figure sits next to its baseline, measured in
the same run. Creates a PostgreSQL database bench_<pid> (and a scratch folder) and
removes them at the end, also on failure or Ctrl-C.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time

from .runners import SECTION_RUNNERS
from .tables import machine

SECTIONS = ["engines", "http", "poll", "push", "length", "pages", "sweeps"]
DB_SECTIONS = {"http", "poll", "push", "length", "pages", "sweeps"}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="short phases, fewer rows")
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="smallest size: one game per engine, tiny phases",
    )
    parser.add_argument(
        "--sections",
        default=",".join(SECTIONS),
        help=f"comma-separated, among {','.join(SECTIONS)}",
    )
    parser.add_argument("--levels", default="1,10,50", help="concurrent clients")
    parser.add_argument("--seconds", type=float, help="measured seconds per load phase")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn sync workers")
    parser.add_argument(
        "--rounds", type=int, help="load rounds per level (pooled; full: 2)"
    )
    parser.add_argument(
        "--push-boards",
        type=int,
        help="push: open boards (event streams) to hold (full 10,000, quick 2,000)",
    )
    parser.add_argument(
        "--push-seconds", type=float, help="push: seconds of moves (full 60, quick 20)"
    )
    parser.add_argument(
        "--push-rate", type=float, default=1.0, help="push: moves a second (1)"
    )
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument(
        "--against",
        metavar="DIR",
        help="also serve the site of another checkout (same schema) in the same "
        "rounds: an A/B comparison of the move POST and the poll",
    )
    parser.add_argument(
        "--no-board",
        action="store_true",
        help="also time the move POST without the board it answers with",
    )
    parser.add_argument(
        "--profile",
        type=int,
        metavar="N",
        help="then cProfile N move POSTs in-process and print the top",
    )
    parser.add_argument(
        "--game",
        metavar="SLUG",
        help="the game the move benchmarks play (default: the lobby's first)",
    )
    args = parser.parse_args(argv)
    sections = [s.strip() for s in args.sections.split(",") if s.strip()]
    unknown = set(sections) - set(SECTIONS)
    if unknown:
        parser.error(f"unknown sections: {', '.join(sorted(unknown))}")
    size = "smoke" if args.smoke else "quick" if args.quick else "full"
    p = {
        "full": dict(
            budget=2.0,
            seconds=4.0,
            warmup=1.0,
            idle=2000,
            repeat=10,
            sweep=10_000,
            rounds=2,
            push_boards=10_000,
            push_seconds=60.0,
        ),
        "quick": dict(
            budget=0.5,
            seconds=2.0,
            warmup=0.5,
            idle=300,
            repeat=5,
            sweep=10_000,
            rounds=1,
            push_boards=2_000,
            push_seconds=20.0,
        ),
        "smoke": dict(
            budget=0.0,
            seconds=0.5,
            warmup=0.2,
            idle=20,
            repeat=1,
            sweep=200,
            rounds=1,
            push_boards=40,
            push_seconds=3.0,
        ),
    }[size]
    if args.seconds:
        p["seconds"] = args.seconds
    levels = [int(x) for x in args.levels.split(",")]
    if args.game:
        os.environ["BENCH_GAME"] = args.game  # the servers started next read it

    from bench.env import World, configure, teardown

    world = World()
    world.servers = []

    def on_signal(signum, frame):
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, on_signal)
    results: dict = {"machine": machine(), "size": size, "argv": sys.argv[1:]}
    print(f"# Benchmarks ({size})\n\nmachine: {results['machine']}")
    print(
        f"started: {time.strftime('%Y-%m-%d %H:%M:%S %Z')}, load average "
        f"{os.getloadavg()[0]:.1f} (others' processes share these cores)"
    )
    out = []
    started = time.perf_counter()
    try:
        if DB_SECTIONS & set(sections) or args.profile:
            configure(world)
        else:
            os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
            import django

            django.setup()
        for section in SECTIONS:
            if section not in sections:
                continue
            if section == "poll" and "http" in sections:
                continue  # measured with the http section, same servers
            print(f"\n[{section}] running...", flush=True)
            text = SECTION_RUNNERS[section](world, p, levels, args, results, sections)
            print(text, flush=True)
            out.append(text)
        if args.profile:
            from bench import inprocess

            print(f"\n## Profile of {args.profile} move POSTs (cProfile)\n")
            print(inprocess.profile_moves(args.profile), flush=True)
    finally:
        for server in getattr(world, "servers", []):
            server.stop()
        teardown(world)
    results["seconds"] = time.perf_counter() - started
    print(
        f"\ntotal: {results['seconds']:.0f} s, load average at the end "
        f"{os.getloadavg()[0]:.1f}; database {world.db_name} dropped"
    )
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1, default=str)
    return 0


if __name__ == "__main__":
    sys.exit(main())
