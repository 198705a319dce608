"""Engines: random games through the public contract (legal_moves + apply), checks off.

For each registered engine and player count: games/s, decisions/s and the mean
number of decisions per game; a game whose package has a `baseline` module (a
minimal mutable engine of the same rules, `play_game(rng) -> (decisions,
scores)`) also against it, with the contract's own cost beside.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
import time

from django.apps import apps

from games import engines
from games.engines.playout import play_one


def _timed(play, budget: float, min_games: int) -> dict:
    """Plays games until `budget` seconds have passed (and at least `min_games`)."""
    games = decisions = 0
    started = time.perf_counter()
    elapsed = 0.0
    while games < min_games or elapsed < budget:
        decisions += play(games)
        games += 1
        elapsed = time.perf_counter() - started
    return {
        "games": games,
        "decisions": decisions,
        "seconds": elapsed,
        "games_s": games / elapsed if elapsed else 0.0,
        "decisions_s": decisions / elapsed if elapsed else 0.0,
        "mean": decisions / games if games else 0.0,
    }


def contract_play(engine, players: int, seed: int = 1):
    def play(index: int) -> int:
        _state, moves = play_one(engine, players, seed + index, check=False)
        return len(moves)

    return play


class NullEngine:
    """The contract with nothing behind it: a fixed list of 12 moves, `apply` a
    new one-key dict, 286 decisions a game (the mean of a random game of the
    first game with a baseline).
    Timed through the same loop, it shows what the loop itself costs."""

    slug = "null"
    LEGAL = [{"type": "x", "i": i} for i in range(12)]

    def validate_options(self, num_players, options):
        return options

    def default_options(self, num_players):
        return {}

    def setup(self, num_players, options, seed):
        return {"n": 0}

    def is_over(self, state):
        return state["n"] >= 286

    def to_move(self, state):
        return [state["n"] % 2]

    def legal_moves(self, state, seat):
        return self.LEGAL

    def apply(self, state, seat, move):
        return {"n": state["n"] + 1}


class ContractFloor(NullEngine):
    """What any engine owes the contract, with no rule behind it: `apply` a new
    state (a copy of a 10-key dict, the size of a compact state of that game,
    with its step counter moved on) and `legal_moves` a new list of a random
    game's moves (13 in the play phase, 3 in the draw phase, from shared
    dicts); 286 decisions a game. No engine honouring the contract can be
    faster than this, so its ratio to the mutable baseline bounds what that
    game's engine can reach."""

    slug = "floor"
    PLAY = [{"type": "play", "card": f"c{i}"} for i in range(13)]
    DRAW = [{"type": "draw", "source": s} for s in ("deck", "red", "blue")]

    def setup(self, num_players, options, seed):
        state = {f"k{i}": "x" * 8 for i in range(8)}
        state.update(n=0, t=0)
        return state

    def is_over(self, state):
        return state["t"] == 4

    def to_move(self, state):
        t = state["t"]
        return [t >> 1] if t != 4 else []

    def legal_moves(self, state, seat):
        return self.DRAW[:] if state["t"] & 1 else self.PLAY[:]

    def apply(self, state, seat, move):
        new = state.copy()
        n = new["n"] = state["n"] + 1
        new["t"] = 4 if n == 286 else n & 3
        return new


def baselines() -> dict:
    """slug -> the `baseline` module of that game's package, for the games that
    have one (found as the games are: by their apps)."""
    found = {}
    for config in apps.get_app_configs():
        if importlib.util.find_spec(f"{config.name}.spec") is None:
            continue
        if importlib.util.find_spec(f"{config.name}.baseline") is None:
            continue
        slug = importlib.import_module(f"{config.name}.spec").SPEC.slug
        found[slug] = importlib.import_module(f"{config.name}.baseline")
    return found


def mutable_play(baseline, seed: int = 1):
    def play(index: int) -> int:
        decisions, _scores = baseline.play_game(random.Random(seed + index))
        return decisions

    return play


def run(budget: float = 2.0, min_games: int = 1) -> list[dict]:
    """One row per engine and player count; a game with a baseline gets its
    baseline row too."""
    rows = []
    mutable = baselines()
    for engine in engines.all():
        for players in range(engine.min_players, engine.max_players + 1):
            row = {"engine": engine.slug, "players": players}
            try:
                row.update(_timed(contract_play(engine, players), budget, min_games))
            except Exception as exc:  # a broken engine is a figure too
                row["error"] = f"{type(exc).__name__}: {exc}"
                rows.append(row)
                continue
            baseline = mutable.get(engine.slug)
            if baseline is not None and players == engine.min_players:
                base = _timed(mutable_play(baseline), budget, min_games)
                row["baseline"] = base
                row["loop"] = _timed(contract_play(NullEngine(), 2), budget, min_games)
                row["floor"] = _timed(
                    contract_play(ContractFloor(), 2), budget, min_games
                )
                row["ratio"] = (
                    base["decisions_s"] / row["decisions_s"]
                    if row["decisions_s"]
                    else None
                )
            rows.append(row)
    return rows
