"""Choosing an option (R-rc "Choisir une option") and split cards."""

import pytest
from rival_helpers import (
    ENGINE,
    decision,
    give_card,
    play,
    set_res,
    set_tokens,
    standing_on,
    started,
    take_alliance,
    take_ship,
)

from games.engines.base import IllegalMove
from games.rival_cities.engine.pieces import SPECIAL_SPACES

A = {"type": "option", "option": "A"}


def test_option_a_does_the_card_on_the_space():
    """Option A on a basic Production card gains its resources."""
    state = set_res(started(), 0)
    state["players"][0]["factories"]["active"] = 0
    state = standing_on(state, 0, "basic-2")
    state = play(state, A)
    assert state["players"][0]["res"]["beer"] == 2
    assert ENGINE.to_move(state) == [1]


def test_option_b_plays_a_hand_card_then_discards_it():
    """Option B plays a special card from hand; it ends face up in the discard."""
    state = give_card(started(), 0, "special-7")
    state = standing_on(state, 0, "basic-11")
    state = play(state, {"type": "option", "option": "B", "card": "special-7"})
    assert state["players"][0]["letters"] == 2
    assert "special-7" in state["special_discard"]
    assert state["players"][0]["hand"] == []
    assert state["prestige"] == 0  # the space's card was not done


def test_option_c_needs_a_letter_paid_first():
    """Option C pays a letter, then does both; without a letter it is refused."""
    state = give_card(started(), 0, "special-7")
    state = standing_on(state, 0, "basic-11")
    move = {"type": "option", "option": "C", "card": "special-7", "first": "B"}
    assert move not in ENGINE.legal_moves(state, 0)
    with pytest.raises(IllegalMove, match="letter"):
        ENGINE.apply(state, 0, move)
    state = set_tokens(state, 0, letters=1)
    state = play(state, move)
    assert state["prestige"] == 1
    assert state["players"][0]["letters"] == 2  # 1 - 1 + 2
    assert state["supply"]["letter"] == 10


def test_option_c_order_of_the_players_choice():
    """Option C with A first finishes the space's card before the hand card."""
    state = give_card(set_tokens(started(), 0, letters=1), 0, "special-13")
    state = standing_on(state, 0, "basic-12")
    state = play(
        state, {"type": "option", "option": "C", "card": "special-13", "first": "A"}
    )
    assert decision(state) == "alliance"
    assert state["players"][0]["letters"] == 0  # the hand card's letter comes later


def test_ship_18_makes_option_c_free():
    """With ship 18 option C costs no letter."""
    state = take_ship(give_card(started(), 0, "special-7"), 0, "ship-18")
    state = standing_on(state, 0, "basic-11")
    state = play(
        state, {"type": "option", "option": "C", "card": "special-7", "first": "A"}
    )
    assert state["players"][0]["letters"] == 2 and state["prestige"] == 1


def test_option_d_takes_a_special_card_into_the_hand():
    """Option D keeps the special card of the space; the space stays empty."""
    space = SPECIAL_SPACES[0]
    state = standing_on(started(), space, "special-5")
    state = play(state, {"type": "option", "option": "D"})
    assert state["players"][0]["hand"] == ["special-5"]
    assert state["ring"][space]["card"] is None


def test_option_d_is_not_for_basic_cards():
    """A basic action card cannot be taken."""
    state = standing_on(started(), 0, "basic-2")
    with pytest.raises(IllegalMove, match="special action card"):
        ENGINE.apply(state, 0, {"type": "option", "option": "D"})


def test_using_a_special_card_on_the_ring_leaves_it_there():
    """Option A on a special space does its actions; the card stays until renewed."""
    state = standing_on(started(), 3, "special-7")
    state = play(state, A)
    assert state["players"][0]["letters"] == 2
    assert state["ring"][3]["card"] == "special-7"


def test_empty_space_and_empty_hand_leaves_no_option():
    """On an emptied special space with no hand card, the turn just ends."""
    state = started()
    state["special_deck"].append(state["ring"][3]["card"])
    state["ring"][3]["card"] = None
    state = standing_on(state, 3)
    assert ENGINE.legal_moves(state, 0) == [{"type": "option", "option": "none"}]


def test_split_card_one_half_only():
    """A split card: one half of the player's choice."""
    state = standing_on(started(), 0, "basic-8")
    state = play(state, A)
    assert decision(state) == "card"
    assert [m["half"] for m in ENGINE.legal_moves(state, 0)] == ["left", "right"]
    state = play(state, {"type": "half", "half": "left"})
    assert state["players"][0]["letters"] == 1
    assert state["players"][0]["hand"] == []


def test_gdansk_does_both_halves():
    """With Gdańsk both halves of a split card may be done."""
    state = take_alliance(started(), 0, "alliance-gdansk")
    state = standing_on(state, 0, "basic-8")
    state = play(state, A, {"type": "half", "half": "both"})
    assert state["players"][0]["letters"] == 1
    assert len(state["players"][0]["hand"]) == 1
