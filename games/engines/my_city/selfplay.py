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
from .chapters import EPISODES
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


def campaign(engine, num_players: int, play, chapters=None):
    """The 24 episodes in order, each carry fed into the next setup: `play(options,
    episode)` plays one episode and returns (final state, decisions). Yields
    (episode, decisions, outcome)."""
    carry = None
    for episode in range(1, EPISODES + 1):
        options = engine.validate_options(
            num_players,
            {
                "mode": "campaign",
                "episode": episode,
                "carry": carry,
                "chapters": chapters,
            },
        )
        state, decisions = play(options, episode)
        outcome = engine.outcome(state)
        yield episode, decisions, outcome
        carry = [row["carry"] for row in outcome]


def play_campaign(engine, num_players: int, seed: int, chapters=None) -> list:
    """All 24 episodes with greedy players; returns the outcomes."""

    def play(options, episode):
        return play_episode(num_players, options, seed + episode)

    return [
        outcome for _e, _d, outcome in campaign(engine, num_players, play, chapters)
    ]
