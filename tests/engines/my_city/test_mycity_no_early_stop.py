"""A My City computer player never stops while a legal placement gains points
(issue 31): not the easy player's random move, not normal's, not hard's."""

import pytest

from games.bots import Budget, choose_move
from games.my_city.bots import candidates
from games.my_city.bots.normal import placement_gain
from games.my_city.engine import ENGINE
from tests.engines.my_city.mycity_helpers import new_game

TINY = Budget(iterations=2, seconds=0.2)


def _decisions(num_players=2, seed=1, rounds=8):
    """States of a game played by the normal player, one per decision."""
    state = new_game(num_players, seed=seed)
    out = []
    step = 0
    while not ENGINE.is_over(state) and len(out) < rounds:
        for seat in ENGINE.to_move(state):
            out.append((state, seat))
            step += 1
            move = choose_move(ENGINE, state, seat, seed=step, level="normal")
            if move["type"] == "stop":
                move = next(
                    m for m in ENGINE.legal_moves(state, seat) if m["type"] == "place"
                )
            state = ENGINE.apply(state, seat, move)
    return out


def _has_gain(state, seat):
    view = ENGINE.view(state, seat)
    return any(
        placement_gain(view, seat, m) > 0
        for m in ENGINE.legal_moves(state, seat)
        if m["type"] == "place"
    )


def test_easy_never_stops_with_a_gaining_placement():
    decisions = _decisions(rounds=6)
    checked = 0
    for state, seat in decisions:
        if not _has_gain(state, seat):
            continue
        checked += 1
        for seed in range(60):
            move = choose_move(ENGINE, state, seat, seed=seed, level="easy")
            assert move["type"] != "stop", (seed, seat)
    assert checked >= 4


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_other_levels_never_stop_with_a_gaining_placement(level):
    for state, seat in _decisions(rounds=3):
        if not _has_gain(state, seat):
            continue
        for seed in range(3):
            move = choose_move(ENGINE, state, seat, seed=seed, level=level, budget=TINY)
            assert move["type"] != "stop"


def test_stop_stays_when_nothing_gains():
    state = new_game(2, seed=3)
    seat = ENGINE.to_move(state)[0]
    legal = ENGINE.legal_moves(state, seat)

    kept = candidates(state, seat, [m for m in legal if m["type"] != "place"])
    assert {"type": "stop"} in kept
