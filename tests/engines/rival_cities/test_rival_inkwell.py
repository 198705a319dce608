"""Moving the inkwell (R-rc "Déplacer l'encrier") and paying its cost."""

import pytest
from rival_helpers import (
    ENGINE,
    decision,
    play,
    set_res,
    set_tokens,
    started,
    take_ship,
)

from games.engines.base import IllegalMove
from games.rival_cities.engine.turn import move_cost


def test_move_cost_table():
    """1-2 spaces free, 3 -> 1, 4 -> 2, 5 -> 4, 6 -> 6, then +2 a space."""
    assert [move_cost(n) for n in range(1, 9)] == [0, 0, 1, 2, 4, 6, 8, 10]


def test_cannot_stop_where_one_cannot_pay():
    """With 2 resources the inkwell may go up to 4 spaces, not 5."""
    state = set_res(started(), 0, beer=1, cloth=1)
    spaces = [m["spaces"] for m in ENGINE.legal_moves(state, 0)]
    assert spaces == [1, 2, 3, 4]
    with pytest.raises(IllegalMove, match="cannot pay"):
        ENGINE.apply(state, 0, {"type": "move", "spaces": 5})


def test_at_least_one_space():
    """The inkwell must move at least one space."""
    state = started()
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 0, {"type": "move", "spaces": 0})


def test_free_move_goes_straight_to_the_option():
    """Moving 1 or 2 spaces costs nothing: the option comes next."""
    state = play(started(), {"type": "move", "spaces": 2})
    assert state["inkwell"] == 1 and decision(state) == "option"


def test_payment_is_one_resource_at_a_time_of_the_players_choice():
    """Moving 4 spaces asks for 2 resources, each chosen by the player."""
    state = set_res(started(), 0, beer=1, cloth=3)
    state = play(state, {"type": "move", "spaces": 4})
    assert decision(state) == "pay"
    assert {m["resource"] for m in ENGINE.legal_moves(state, 0)} == {"beer", "cloth"}
    state = play(state, {"type": "pay", "resource": "beer"})
    assert [m["resource"] for m in ENGINE.legal_moves(state, 0)] == ["cloth"]
    state = play(state, {"type": "pay", "resource": "cloth"})
    assert state["players"][0]["res"] == {
        "beer": 0,
        "leather": 0,
        "cloth": 2,
        "furniture": 0,
    }
    assert decision(state) == "option"


def test_paying_with_a_resource_one_lacks_is_refused():
    """A payment must use a resource the player holds."""
    state = set_res(started(), 0, cloth=3)
    state = play(state, {"type": "move", "spaces": 3})
    with pytest.raises(IllegalMove, match="resource you hold"):
        ENGINE.apply(state, 0, {"type": "pay", "resource": "beer"})


def test_ship_17_gives_one_more_free_space():
    """With ship 17, 3 spaces are free and 4 cost 1."""
    state = take_ship(set_res(started(), 0), 0, "ship-17")
    spaces = [m["spaces"] for m in ENGINE.legal_moves(state, 0)]
    assert spaces == [1, 2, 3]
    assert move_cost(4, free_extra=True) == 1


def test_passing_the_bell_starts_the_low_season_before_the_option():
    """Passing the bell: the low season runs, the mover holds the bell, then chooses."""
    state = started()
    state["inkwell"] = 17
    state = play(state, {"type": "move", "spaces": 2})
    assert state["inkwell"] == 0
    assert state["low_seasons"] == 1
    assert state["bell"] is None  # given back after step 8
    assert decision(state) == "option" and ENGINE.to_move(state) == [0]


def test_turns_alternate():
    """After a turn's option, the rival moves the inkwell."""
    state = play(started(), {"type": "move", "spaces": 1})
    while ENGINE.to_move(state) == [0]:
        state = play(state, ENGINE.legal_moves(state, 0)[-1])
    assert ENGINE.to_move(state) == [1] and decision(state) == "inkwell"


def test_a_letter_exchanges_one_resource_before_moving():
    """A letter may be spent to swap one of one's resources for another; the
    inkwell decision stays open."""
    state = set_tokens(set_res(started(), 0, beer=1), 0, letters=1)
    move = {"type": "letter_exchange", "give": "beer", "take": "furniture"}
    assert move in ENGINE.legal_moves(state, 0)
    state = play(state, move)
    assert state["players"][0]["res"]["furniture"] == 1
    assert state["players"][0]["letters"] == 0 and state["supply"]["letter"] == 12
    assert decision(state) == "inkwell"
    assert not [m for m in ENGINE.legal_moves(state, 0) if m["type"] != "move"]


def test_a_letter_exchange_is_offered_at_every_payment():
    """The letter's exchange is offered at each decision that pays (the text sets
    no moment), not only before moving the inkwell."""
    from games.rival_cities.engine.engine import LETTER_DECISIONS

    assert {"pay", "ship", "lawsuit", "lawsuit_extra", "donation", "upkeep"} <= (
        LETTER_DECISIONS
    )
