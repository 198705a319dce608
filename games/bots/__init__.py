"""Computer players, written against the engine contract only.

`choose_move` asks the game's heuristic (its `score_move`, one module per game
here, registered with the game in `games/registry.py`) to score each legal move
and plays the best, breaking ties with a seeded random choice; a game without a
heuristic gets a uniformly random legal move. Deterministic for a given seed.
"""

from __future__ import annotations

import random

from games import registry


def choose_move(engine, state: dict, seat: int, *, seed: int) -> dict:
    legal = engine.legal_moves(state, seat)
    if not legal:
        raise ValueError("The computer player has no legal move.")
    rng = random.Random(seed)
    spec = registry.find(engine.slug)
    score = spec.bot if spec else None
    if score is None:
        return rng.choice(legal)
    view = engine.view(state, seat)  # a bot sees only what its seat may see
    scored = [
        (score(view, seat, move), rng.random(), i) for i, move in enumerate(legal)
    ]
    return legal[max(scored)[2]]
