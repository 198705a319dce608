"""The game log keeps what resolved on its own after a move."""

import random

from games.rival_cities.engine import ENGINE


def test_low_season_steps_are_kept_in_the_moves_log_line():
    """A move that passes the bell logs each low-season step after its own line."""
    for seed in range(40):
        state = ENGINE.setup(2, ENGINE.default_options(2), seed)
        rng = random.Random(seed)
        while not ENGINE.is_over(state):
            seat = ENGINE.to_move(state)[0]
            move = rng.choice(ENGINE.legal_moves(state, seat))
            line = ENGINE.describe(state, seat, move, 1 - seat)
            after = ENGINE.apply(state, seat, move)
            if after.get("low_seasons", 0) > state.get("low_seasons", 0):
                assert line.count("\n") >= 1, line
                assert len(line.splitlines()) == 1 + len(after["events"])
                return
            state = after
    raise AssertionError("no low season in 40 random games")
