"""The computer players' ladder: one level against another over many games.

    python manage.py bot_ladder --game <slug> --pair hard:normal --games 500

Pure Python over the engine contract (`setup`, `to_move`, `legal_moves`,
`apply`, `is_over`, `outcome`) and `levels.choose_move`; the management command
only parses arguments and prints. Levels: `random` (a uniformly random legal
move), `easy`, `normal`, `hard` (with the `Budget` given).

Seats: at an even number of players, half the seats play level A and half
level B; at an odd number, A holds one seat and B the others. A's seats change
from one game to the next, so that each level plays every position equally
often. A game is A's win when its first place is one of A's seats (a tie for
first between A and B counts a half). Intervals are 95 % Wilson intervals.
Each row also gives each level's mean score and first places per seat it held
(the fair comparison at an odd number of players, where A holds one seat).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from games.bots.levels import Budget, choose_move, hard_move, players_for

MAX_DECISIONS = 5000


@dataclass
class Tally:
    a: str
    b: str
    players: int
    games: int = 0
    wins: float = 0.0
    scores: dict = field(default_factory=lambda: {"a": 0.0, "b": 0.0})
    seats: dict = field(default_factory=lambda: {"a": 0, "b": 0})
    firsts: dict = field(default_factory=lambda: {"a": 0.0, "b": 0.0})
    seconds: float = 0.0

    def add(self, outcome: list[dict], a_seats: set[int]) -> None:
        self.games += 1
        first = [o["seat"] for o in outcome if o["rank"] == 1]
        share = sum(1 for s in first if s in a_seats) / len(first)
        self.wins += share
        self.firsts["a"] += share
        self.firsts["b"] += 1 - share
        for o in outcome:
            side = "a" if o["seat"] in a_seats else "b"
            self.scores[side] += o["score"] or 0
            self.seats[side] += 1

    def rate(self) -> tuple[float, float, float]:
        return wilson(self.wins, self.games)

    def mean(self, side: str) -> float:
        return self.scores[side] / self.seats[side] if self.seats[side] else 0.0

    def firsts_per_seat(self, side: str) -> float:
        """The side's first places per seat it held (a tie for first shared):
        with an odd number of players A holds one seat and B the others, so
        this, not the win rate, says which level takes more first places."""
        return self.firsts[side] / self.seats[side] if self.seats[side] else 0.0


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float, float]:
    """The share and its 95 % Wilson interval (low, high)."""
    if n == 0:
        return 0.0, 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)


def a_seats_of(game: int, players: int) -> set[int]:
    if players % 2:
        return {game % players}
    half = players // 2
    start = game % players
    return (
        {(start + 2 * i) % players for i in range(half)} if players > 2 else {game % 2}
    )


def decide(engine, state, seat, level, seed, budget) -> dict:
    if level == "random":
        return random.Random(seed).choice(engine.legal_moves(state, seat))
    return choose_move(engine, state, seat, seed=seed, level=level, budget=budget)


def play(engine, players, a, b, seed, a_seats, budget) -> list[dict]:
    state = engine.setup(players, engine.default_options(players), seed)
    for step in range(MAX_DECISIONS):
        if engine.is_over(state):
            break
        seat = engine.to_move(state)[0]
        level = a if seat in a_seats else b
        move = decide(engine, state, seat, level, seed * 7919 + step, budget)
        state = engine.apply(state, seat, move)
    return engine.outcome(state)


def run(
    engine,
    a: str,
    b: str,
    *,
    games: int,
    seed: int = 1,
    players: int | None = None,
    budget: Budget | None = None,
    progress=None,
) -> Tally:
    players = players or ladder_players(engine)
    tally = Tally(a, b, players)
    start = time.perf_counter()
    for game in range(games):
        a_seats = a_seats_of(game, players)
        outcome = play(engine, players, a, b, seed + game, a_seats, budget)
        tally.add(outcome, a_seats)
        tally.seconds = time.perf_counter() - start
        if progress:
            progress(tally)
    return tally


def row(slug: str, tally: Tally) -> str:
    p, low, high = tally.rate()
    return (
        f"| {slug} | {tally.a} vs {tally.b} | {tally.players} | {tally.games} "
        f"| {100 * p:.1f} % ({100 * low:.1f}–{100 * high:.1f}) "
        f"| {tally.mean('a'):.1f} / {tally.mean('b'):.1f} "
        f"| {100 * tally.firsts_per_seat('a'):.1f} % / "
        f"{100 * tally.firsts_per_seat('b'):.1f} % | {tally.seconds:.0f} s |"
    )


HEADER = (
    "| game | pairing (A vs B) | players | games | A wins (95 % interval) "
    "| mean score A / B | first places per seat A / B | time |\n"
    "|---|---|---|---|---|---|---|---|"
)


def iterations_per_second(engine, players: int, seconds: float, seed: int = 1):
    """Measured hard-search speed from the opening position and from a position
    a third of the way into a normal game (for a `PAIRED` game, the first
    decision from there that hard searches): (iterations per second of wall
    clock, iterations per second of this process's CPU time) for each; a
    `PAIRED` game's iterations are its playouts. On a shared machine the second
    says what the search costs, the first what it got."""
    state = engine.setup(players, engine.default_options(players), seed)
    rates = []
    for _ in range(2):
        state = advance(engine, state, 0)
        if engine.is_over(state):
            break
        stats: dict = {}
        seat = engine.to_move(state)[0]
        paired = players_for(engine).paired if players_for(engine) else None
        while paired and paired.searched and not paired.searched(state, seat):
            state = advance(engine, state, 1)
            if engine.is_over(state):
                return rates
            seat = engine.to_move(state)[0]
        wall, cpu = time.perf_counter(), time.process_time()
        hard_move(
            engine, state, seat, seed=seed, budget=Budget(10**9, seconds), stats=stats
        )
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        rates.append((stats["iterations"] / wall, stats["iterations"] / cpu))
        state = advance(engine, state, 30 * players)
    return rates


def advance(engine, state: dict, decisions: int) -> dict:
    """The state after `decisions` normal moves, then on to a seat with a choice."""
    step = 0
    while not engine.is_over(state):
        seat = engine.to_move(state)[0]
        if step >= decisions and len(engine.legal_moves(state, seat)) > 1:
            break
        move = choose_move(engine, state, seat, seed=step, level="normal")
        state = engine.apply(state, seat, move)
        step += 1
    return state


def ladder_players(engine) -> int:
    """The seats of the ladder's games of that engine (its computer players'
    `ladder_players`, else the engine's smallest table)."""
    players = players_for(engine)
    return players.ladder_players if players else engine.min_players
