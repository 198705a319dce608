"""Computer players choose legal moves by their game's heuristic."""

import random

from games import engines
from games.bots import choose_move


def play(engine, seed, smart_seats):
    state = engine.setup(2, engine.default_options(2), seed)
    rng = random.Random(seed)
    while not engine.is_over(state):
        seat = engine.to_move(state)[0]
        if seat in smart_seats:
            move = choose_move(engine, state, seat, seed=seed + len(str(state)))
            assert move in engine.legal_moves(state, seat)
        else:
            move = rng.choice(engine.legal_moves(state, seat))
        state = engine.apply(state, seat, move)
    return {r["seat"]: r["score"] for r in engine.outcome(state)}


def test_lost_cities_bot_plays_legal_moves_and_beats_random_play():
    """Over a few games the heuristic outscores a uniformly random player."""
    engine = engines.get("lost-cities")
    margin = 0
    for seed in range(6):
        scores = play(engine, seed, smart_seats={0})
        margin += scores[0] - scores[1]
    assert margin > 0


def test_bot_is_deterministic_for_a_seed():
    engine = engines.get("lost-cities")
    state = engine.setup(2, engine.default_options(2), 3)
    seat = engine.to_move(state)[0]
    assert choose_move(engine, state, seat, seed=9) == choose_move(
        engine, state, seat, seed=9
    )
