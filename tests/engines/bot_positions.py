"""The decisions of a game played from `state` by a level mixed with random
moves: the positions the hard players' tests check their pieces on."""

import random

from games.bots import choose_move


def played(engine, state, seed, *, level="normal", random_share=0.3, keep=None):
    """Yields (state, seat, legal) at every decision (or where `keep(state,
    step)` says) until the game ends; a move is random with `random_share`,
    else `level`'s."""
    rng = random.Random(seed)
    step = 0
    while not engine.is_over(state):
        seat = engine.to_move(state)[0]
        legal = engine.legal_moves(state, seat)
        if keep is None or keep(state, step):
            yield state, seat, legal
        if rng.random() < random_share:
            move = rng.choice(legal)
        else:
            move = choose_move(engine, state, seat, seed=step, level=level)
        state = engine.apply(state, seat, move)
        step += 1
