"""Computer players, written against the engine contract only.

`choose_move` asks the game's heuristic (if it has one) to score each legal move and
plays the best, breaking ties with a seeded random choice; a game without a
heuristic gets a uniformly random legal move. Deterministic for a given seed.
"""

from __future__ import annotations

import random

from . import citadels, lost_cities, my_city, rival_cities

HEURISTICS = {
    "citadels": citadels.score_move,
    "lost-cities": lost_cities.score_move,
    "my-city": my_city.score_move,
    "rival-cities": rival_cities.score_move,
}


def choose_move(engine, state: dict, seat: int, *, seed: int) -> dict:
    legal = engine.legal_moves(state, seat)
    if not legal:
        raise ValueError("The computer player has no legal move.")
    rng = random.Random(seed)
    score = HEURISTICS.get(engine.slug)
    if score is None:
        return rng.choice(legal)
    view = engine.view(state, seat)  # a bot sees only what its seat may see
    scored = [
        (score(view, seat, move), rng.random(), i) for i, move in enumerate(legal)
    ]
    return legal[max(scored)[2]]
