"""The simultaneous round: revealing, deciding in secret, passing, stopping, the end."""

import json

import pytest
from mycity_helpers import ENGINE, everyone, new_game, place, put, reveal

from games.engines.base import IllegalMove, canonical


def _strings(obj):
    return canonical(obj)


def test_every_seat_decides_at_once():
    """All players still in the episode are asked at the same time."""
    state = new_game(4)
    assert ENGINE.to_move(state) == [0, 1, 2, 3]
    assert state["revealed"].startswith("card-")


def test_a_decision_waits_for_the_others():
    """A decision is pending until the last player decides; boards do not change."""
    state = reveal(new_game(3), "Y1")
    state = ENGINE.apply(state, 1, place("Y1", 0, 0, 3))
    assert ENGINE.to_move(state) == [0, 2]
    assert state["players"][1]["placed"] == []
    assert state["round"] == 1


def test_pending_choice_is_hidden_from_the_others():
    """Only its author sees a pending choice: its id and placement are in no other view."""
    state = reveal(new_game(3), "Y1")
    state = ENGINE.apply(state, 1, place("Y1", 0, 0, 3))
    secret = ENGINE.secrets(state, 1)
    assert secret == ["pending-1-1"]
    own = ENGINE.view(state, 1)
    assert own["my_pending"]["id"] == "pending-1-1"
    assert own["my_pending"]["cells"] == [[0, 3], [0, 4]]
    for viewer in (0, 2, None):
        view = ENGINE.view(state, viewer)
        text = _strings(view)
        assert "pending-1-1" not in text
        assert view["my_pending"] is None
        assert view["players"][1]["decided"] is True
        assert all(cell is None for row in view["players"][1]["cells"] for cell in row)


def test_log_line_hides_a_pending_choice():
    """Others read "{p1} has decided"; the author reads what was done."""
    state = reveal(new_game(2), "Y1")
    move = place("Y1", 0, 0, 3)
    assert ENGINE.describe(state, 1, move, 0) == "{p1} has decided."
    assert ENGINE.describe(state, 1, move, None) == "{p1} has decided."
    assert "built the yellow kiosk (Y1) at row 1, column 4" in ENGINE.describe(
        state, 1, move, 1
    )


def test_second_decision_in_a_round_is_refused():
    """A player who has decided cannot decide again before the round resolves."""
    state = reveal(new_game(2), "Y1")
    state = ENGINE.apply(state, 0, {"type": "pass"})
    with pytest.raises(IllegalMove, match="already decided"):
        ENGINE.apply(state, 0, {"type": "stop"})
    assert ENGINE.legal_moves(state, 0) == []


def test_round_resolves_when_the_last_player_decides():
    """The last decision applies every pending choice and reveals the next card."""
    state = reveal(new_game(2), "Y1")
    deck_before = len(state["deck"])
    state = ENGINE.apply(state, 0, place("Y1", 0, 0, 3))
    state = ENGINE.apply(state, 1, {"type": "pass"})
    assert state["round"] == 2
    assert state["players"][0]["placed"][0]["cells"] == [[0, 3], [0, 4]]
    assert state["players"][1]["passes"] == 1
    assert state["pending"] == [None, None]
    assert len(state["deck"]) == deck_before - 1
    assert state["last_round"]["decisions"][0]["move"]["building"] == "Y1"
    assert ENGINE.to_move(state) == [0, 1]


def test_pass_costs_one_point():
    """Passing moves the score marker down by one."""
    state = reveal(new_game(2), "Y1")
    before = ENGINE.outcome(state)[0]["score"]
    state = everyone(state, lambda seat: {"type": "pass"})
    assert ENGINE.outcome(state)[0]["score"] == before - 1
    assert ENGINE.view(state, 0)["players"][0]["track"] == 9


def test_no_pass_at_zero():
    """At 0 points a player must place the building or stop."""
    state = reveal(new_game(2), "Y1")
    state["players"][0]["passes"] = 10
    assert {"type": "pass"} not in ENGINE.legal_moves(state, 0)
    with pytest.raises(IllegalMove, match="no pass at 0"):
        ENGINE.apply(state, 0, {"type": "pass"})
    ENGINE.apply(state, 0, {"type": "stop"})


def test_stop_is_free_and_final():
    """Stopping costs nothing, and the player builds nothing more this episode."""
    state = reveal(new_game(2), "Y1")
    state = ENGINE.apply(state, 0, {"type": "stop"})
    state = ENGINE.apply(state, 1, place("Y1", 0, 0, 3))
    assert state["players"][0]["passes"] == 0 and state["players"][0]["stopped"]
    assert ENGINE.to_move(state) == [1]
    with pytest.raises(IllegalMove, match="stopped"):
        ENGINE.apply(state, 0, {"type": "pass"})


def test_episode_ends_when_everyone_stopped():
    """Once every player has stopped, the episode is over."""
    state = everyone(new_game(3), lambda seat: {"type": "stop"})
    assert ENGINE.is_over(state) and ENGINE.to_move(state) == []
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 0, {"type": "pass"})


def test_episode_ends_when_the_cards_run_out():
    """The round of the last card is played, then the episode is over."""
    state = reveal(new_game(2), "Y1")
    state["deck"] = []
    state = everyone(state, lambda seat: place("Y1", 0, 0, 3))
    assert ENGINE.is_over(state)
    assert all(len(p["placed"]) == 1 for p in state["players"])


def test_twenty_four_rounds_at_most():
    """Always passing or placing, an episode lasts the 24 cards."""
    state = new_game(2)
    rounds = 0
    while not ENGINE.is_over(state):
        for seat in ENGINE.to_move(state):
            moves = ENGINE.legal_moves(state, seat)
            state = ENGINE.apply(state, seat, moves[0])
        rounds += 1
    assert rounds == 24


def test_deck_order_is_secret():
    """The face-down deck's ids are secrets(None) and appear in no view."""
    state = new_game(2)
    hidden = ENGINE.secrets(state, None)
    assert len(hidden) == 23 and state["revealed"] not in hidden
    for viewer in (0, 1, None):
        view = ENGINE.view(state, viewer)
        assert view["deck_count"] == 23
        assert not set(hidden) & set(json.dumps(view).split('"'))
        assert "rng" not in view


def test_malformed_moves_are_refused():
    """Unknown types, extra keys and non-integers get a readable refusal."""
    state = reveal(new_game(2), "Y1")
    for move in (
        "pass",
        {"type": "jump"},
        {"type": "pass", "extra": 1},
        {**place("Y1", 0, 0, 3), "cells": []},
        place("Y1", 0, "0", 3),
        place("Y1", True, 0, 3),
    ):
        with pytest.raises(IllegalMove):
            ENGINE.apply(state, 0, move)


def test_apply_never_mutates():
    """apply returns a new state and leaves its input as it was."""
    state = reveal(new_game(2), "Y1")
    before = canonical(state)
    ENGINE.apply(state, 0, place("Y1", 0, 0, 3))
    assert canonical(state) == before


def test_same_seed_same_game():
    """setup is deterministic: the seed fixes the deck order."""
    assert canonical(new_game(3, seed=7)) == canonical(new_game(3, seed=7))
    assert new_game(3, seed=7)["deck"] != new_game(3, seed=8)["deck"]


def test_placed_buildings_show_after_the_round():
    """Once the round resolves, every view shows every board."""
    state = reveal(put(new_game(2), 1, "R1", 0, 0, 3), "Y1")
    state = everyone(state, lambda seat: place("Y1", 1, 1, 4))
    view = ENGINE.view(state, 0)
    assert view["players"][1]["cells"][2][4] == "Y1"
    assert view["players"][0]["cells"][1][4] == "Y1"
