"""Self-play of a simple computer player, to check that the campaign plays to its
end and keeps its scores in a sensible range (issue 6; figures in the README).

The player is greedy on the base scoring: it places the revealed building where it
covers the most points (an empty meadow or a rock gains, a tree loses), passes when
every placement would lose more than the pass costs, and stops when it cannot pass.
It is a yardstick, not a site bot (those live in games/bots/).
"""

from __future__ import annotations

import random

from .board import EMPTY_WHEN_UNCOVERED, ROCKS, TREES
from .buildings import cells_of
from .rules import apply, legal_moves, setup, to_move


def _gain(terrain: list, move: dict) -> int:
    gain = 0
    for r, c in cells_of(
        move["building"], move["orientation"], move["row"], move["col"]
    ):
        code = terrain[r][c]
        gain += (code in EMPTY_WHEN_UNCOVERED) + ROCKS.get(code, 0) - TREES.get(code, 0)
    return gain


def greedy_move(state: dict, seat: int, rng: random.Random) -> dict:
    moves = legal_moves(state, seat)
    terrain = state["players"][seat]["terrain"]
    places = [(m, _gain(terrain, m)) for m in moves if m["type"] == "place"]
    if places:
        best = max(g for _, g in places)
        if best > -1:
            return rng.choice([m for m, g in places if g == best])
    if {"type": "pass"} in moves:
        return {"type": "pass"}
    return {"type": "stop"}


def play_episode(num_players: int, options: dict, seed: int) -> tuple[dict, int]:
    """Plays one episode with greedy players; returns (final state, decisions)."""
    rng = random.Random(seed)
    state = setup(num_players, options, seed)
    decisions = 0
    while not state["over"]:
        for seat in to_move(state):
            state = apply(state, seat, greedy_move(state, seat, rng))
            decisions += 1
    return state, decisions


def play_campaign(engine, num_players: int, seed: int, chapters=None) -> list:
    """All 24 episodes, each carry fed into the next setup; returns the outcomes."""
    carry = None
    results = []
    for episode in range(1, 25):
        options = engine.validate_options(
            num_players,
            {
                "mode": "campaign",
                "episode": episode,
                "carry": carry,
                "chapters": chapters,
            },
        )
        state, _ = play_episode(num_players, options, seed + episode)
        outcome = engine.outcome(state)
        results.append(outcome)
        carry = [row["carry"] for row in outcome]
    return results
