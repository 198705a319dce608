"""The Rival Cities round robin: every route bot against every other, the mixed bot
against each, and the mixed bot against itself (first player, endings).

    python manage.py rival_balance --games 400 --workers 2

Pure Python over the engine contract (`setup`, `legal_moves`, `apply`, `view`);
the management command only parses arguments and prints. In a pair's games the
two bots alternate seats and who moves first, so that each plays first in half
of them. Figures carry a 95 % interval (normal approximation).
"""

from __future__ import annotations

import math
import time
from collections import Counter
from itertools import combinations
from multiprocessing import Pool

from games.engines.base import untranslated
from games.rival_cities.bots.routes import ROUTES, RouteBot
from games.rival_cities.engine import ENGINE

ENDINGS = ("prestige", "lawsuits", "ships", "alliances", "stars")
MAX_DECISIONS = 2000  # a game is far shorter; a bound against a bot that loops


def play(a: str | None, b: str | None, seed: int, a_seat: int, options: dict) -> dict:
    """One game: bot `a` in seat `a_seat`, `b` in the other. Returns the result.
    The bots read no text, so the views are built untranslated (faster:
    docs/benchmarks.md)."""
    with untranslated():
        return _play(a, b, seed, a_seat, options)


def _play(a: str | None, b: str | None, seed: int, a_seat: int, options: dict) -> dict:
    bots = {a_seat: RouteBot(a, seed * 2 + 1), 1 - a_seat: RouteBot(b, seed * 2 + 2)}
    state = ENGINE.setup(2, ENGINE.validate_options(2, options), seed)
    decisions = 0
    while not ENGINE.is_over(state):
        seat = ENGINE.to_move(state)[0]
        state = ENGINE.apply(state, seat, bots[seat].choose(ENGINE, state, seat))
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise RuntimeError(f"game {seed} did not end")
    result = state["result"]
    return {
        "a_won": result["winner"] == a_seat,
        "first_won": result["winner"] == state["first"],
        "how": result["how"],
        "decisions": decisions,
    }


def _job(job: tuple) -> tuple:
    key, a, b, seed, a_seat, options = job
    return key, play(a, b, seed, a_seat, options)


def jobs_for_pair(key, a, b, games: int, seed: int) -> list[tuple]:
    jobs = []
    for i in range(games):
        a_seat = i % 2
        first = (i // 2) % 2  # a plays first in half of the games
        options = {"first_game": False, "first_player": first}
        jobs.append((key, a, b, seed + i, a_seat, options))
    return jobs


def interval(wins: int, n: int) -> float:
    """Half-width of the 95 % interval of wins / n, in percent."""
    if not n:
        return 0.0
    p = wins / n
    return 196 * math.sqrt(p * (1 - p) / n)


def run(games: int = 400, seed: int = 1, workers: int = 1, progress=None) -> dict:
    """Plays every pair; returns the table's rows and the mixed-game figures."""
    names = [*ROUTES, None]
    jobs = []
    for a, b in combinations(ROUTES, 2):
        jobs += jobs_for_pair(("pair", a, b), a, b, games, seed)
    for route in ROUTES:
        jobs += jobs_for_pair(("pair", None, route), None, route, games, seed)
    for first_game in (False, True):
        for i in range(games):
            options = {"first_game": first_game, "first_player": "random"}
            jobs.append((("mixed", first_game), None, None, seed + i, i % 2, options))
    started = time.perf_counter()
    results: dict = {}
    if workers > 1:
        with Pool(workers) as pool:
            outcomes = pool.imap_unordered(_job, jobs, chunksize=4)
            for done, (key, row) in enumerate(outcomes, 1):
                results.setdefault(key, []).append(row)
                if progress and done % 200 == 0:
                    progress(done, len(jobs), time.perf_counter() - started)
    else:
        for done, job in enumerate(jobs, 1):
            key, row = _job(job)
            results.setdefault(key, []).append(row)
            if progress and done % 200 == 0:
                progress(done, len(jobs), time.perf_counter() - started)
    seconds = time.perf_counter() - started
    pairs = []
    for key, rows in results.items():
        if key[0] != "pair":
            continue
        wins = sum(r["a_won"] for r in rows)
        pairs.append(
            {
                "a": key[1] or "mixed",
                "b": key[2],
                "games": len(rows),
                "a_wins": wins,
                "a_pct": 100 * wins / len(rows),
                "ci": interval(wins, len(rows)),
                "endings": Counter(r["how"] for r in rows),
            }
        )
    mixed = {}
    for first_game in (False, True):
        rows = results.get(("mixed", first_game), [])
        first = sum(r["first_won"] for r in rows)
        mixed[first_game] = {
            "games": len(rows),
            "first_wins": first,
            "first_pct": 100 * first / len(rows) if rows else 0.0,
            "ci": interval(first, len(rows)),
            "endings": Counter(r["how"] for r in rows),
            "decisions": sum(r["decisions"] for r in rows) / max(1, len(rows)),
        }
    order = {name or "mixed": i for i, name in enumerate(names)}
    pairs.sort(key=lambda p: (order[p["a"]], order[p["b"]]))
    return {
        "pairs": pairs,
        "mixed": mixed,
        "games": len(jobs),
        "seconds": seconds,
    }


def report(data: dict) -> str:
    """The round robin as Markdown tables."""
    lines = [
        f"{data['games']} games in {data['seconds']:.0f} s "
        f"({data['games'] / max(data['seconds'], 1e-9):.1f} games/s).",
        "",
        "| pair (A vs B) | games | A wins | A win % (95 % interval) | endings |",
        "|---|---|---|---|---|",
    ]
    for p in data["pairs"]:
        endings = ", ".join(f"{k} {v}" for k, v in p["endings"].most_common())
        lines.append(
            f"| {p['a']} vs {p['b']} | {p['games']} | {p['a_wins']} | "
            f"{p['a_pct']:.1f} ± {p['ci']:.1f} | {endings} |"
        )
    lines += [
        "",
        "| mixed vs mixed | games | first player wins (95 % interval) | "
        + " | ".join(f"ended by {e}" for e in ENDINGS)
        + " | decisions/game |",
        "|---|---|---|" + "---|" * len(ENDINGS) + "---|",
    ]
    for first_game, m in data["mixed"].items():
        n = max(1, m["games"])
        label = "first-game layout" if first_game else "random layout"
        shares = " | ".join(
            f"{100 * m['endings'][e] / n:.1f} % ({m['endings'][e]})" for e in ENDINGS
        )
        lines.append(
            f"| {label} | {m['games']} | {m['first_pct']:.1f} ± {m['ci']:.1f} % "
            f"({m['first_wins']}) | {shares} | {m['decisions']:.0f} |"
        )
    return "\n".join(lines)
