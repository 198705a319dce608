"""The Eternal game (DATA.md): churches, the blocking card, wells, gold veins."""

import pytest
from mycity_helpers import ENGINE, everyone, new_game, place, put, reveal

from games.engines.base import IllegalMove
from games.my_city.engine.board import ETERNAL_GOLD, ETERNAL_WELLS
from games.my_city.engine.placement import placement_error
from games.my_city.engine.scoring import surrounded_wells


def _eternal(num_players=2, seed=1):
    return new_game(num_players, seed, mode="eternal")


def test_eternal_deck_has_27_buildings_and_the_blocking_card():
    """24 buildings, 3 churches and the blocking card: 28 cards."""
    state = _eternal()
    cards = state["deck"] + state["played"]
    assert len(cards) == 28
    assert {"card-C1", "card-C2", "card-C3", "card-block"} <= set(cards)


def test_eternal_board_has_wells_and_gold_veins():
    """The Eternal side shows two wells and two gold veins."""
    terrain = _eternal()["players"][0]["terrain"]
    assert all(terrain[r][c] == "W" for r, c in ETERNAL_WELLS)
    assert all(terrain[r][c] == "G" for r, c in ETERNAL_GOLD)


def test_church_must_be_built_or_drop_out():
    """On a church card no pass is allowed: build it or stop."""
    state = reveal(_eternal(), "C1")
    moves = ENGINE.legal_moves(state, 0)
    assert {"type": "pass"} not in moves and {"type": "stop"} in moves
    with pytest.raises(IllegalMove, match="churches"):
        ENGINE.apply(state, 0, {"type": "pass"})


def test_blocked_building_is_never_built_not_even_face_down():
    """The board's back side: the blocking card turns up the next card, whose
    building is blocked (not built at all, not even face down); the card after it
    is the one built this round."""
    state = reveal(_eternal(), "Y1")
    for card in ("card-block", "card-Y2", "card-R3"):
        state["deck"].remove(card)
    state["deck"][:0] = ["card-block", "card-Y2", "card-R3"]
    state = everyone(state, lambda seat: place("Y1", 0, 0, 3))
    assert state["blocked"] == ["Y2"]
    assert state["revealed"] == "card-R3"
    assert "card-Y2" in state["played"] and "card-Y2" not in state["deck"]
    view = ENGINE.view(state, 0)
    assert view["revealed"]["building"] == "R3"
    assert view["blocked"] == ["Y2"]
    assert all(m.get("building") != "Y2" for m in ENGINE.legal_moves(state, 0))
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 0, place("Y2", 1, 1, 3))


def test_wells_may_be_built_upon():
    """The board's back side: a well may be built upon, like rocks and trees; a
    covered well is no longer a well to surround."""
    state = put(_eternal(), 0, "Y1", 0, 3, 4)  # (3, 4) and (3, 5), by the river
    terrain = state["players"][0]["terrain"]
    assert terrain[3][3] == "W"
    placed = state["players"][0]["placed"]
    assert placement_error(terrain, placed, "R1", 0, 3, 2) is None
    state = ENGINE.apply(reveal(state, "R1"), 0, place("R1", 0, 3, 2))
    assert ENGINE.legal_moves(state, 0) == []  # decided; seat 1 still to move
    assert (
        surrounded_wells(
            terrain, [*placed, {"building": "R1", "cells": [[3, 2], [3, 3]]}]
        )
        == 0
    )


def test_largest_group_of_each_colour():
    """Each colour scores the buildings of its largest connected group."""
    state = _eternal()
    for args in [("Y1", 0, 0, 2), ("Y2", 1, 1, 2), ("B1", 0, 5, 2)]:
        put(state, 0, *args)
    detail = ENGINE.outcome(state)[0]["detail"]["eternal"]
    assert (detail["yellow_group"], detail["red_group"], detail["blue_group"]) == (
        2,
        0,
        1,
    )


def test_church_touching_three_colours_scores_three():
    """A church touching a yellow, a red and a blue building scores 3."""
    state = _eternal()
    put(state, 0, "C1", 0, 5, 3)
    put(state, 0, "Y1", 1, 3, 3)  # above: (3, 3)-(4, 3)
    put(state, 0, "R1", 0, 5, 1)  # left: (5, 1)-(5, 2)
    assert ENGINE.outcome(state)[0]["detail"]["eternal"]["churches"] == 0
    put(state, 0, "B1", 1, 6, 3)  # below: (6, 3)-(7, 3)
    assert ENGINE.outcome(state)[0]["detail"]["eternal"]["churches"] == 3


def test_surrounded_well_scores_four():
    """A well with four different buildings on its four sides scores 4."""
    state = _eternal()
    r, c = ETERNAL_WELLS[0]
    for args in [("Y1", 0, r - 1, c - 1), ("R1", 1, r, c - 1), ("B1", 1, r, c + 1)]:
        put(state, 0, *args)
    assert ENGINE.outcome(state)[0]["detail"]["eternal"]["wells"] == 0
    put(state, 0, "Y2", 0, r + 1, c)
    assert ENGINE.outcome(state)[0]["detail"]["eternal"]["wells"] == 4


def test_first_on_both_gold_veins_scores_three():
    """The first player to cover both gold veins scores 3; later ones nothing."""
    state = reveal(_eternal(3), "Y1")
    (r1, c1), (r2, c2) = ETERNAL_GOLD
    put(state, 0, "R1", 1, r1, c1)
    put(state, 1, "R1", 1, r1, c1)
    put(state, 0, "B1", 1, r2, c2)
    state = everyone(state, lambda seat: {"type": "stop"})
    golds = [row["detail"]["eternal"]["gold"] for row in ENGINE.outcome(state)]
    assert golds == [3, 0, 0] and state["gold_claimed"]


def test_eternal_game_carries_nothing():
    """The Eternal game is repeatable: no carry, no circles."""
    state = everyone(_eternal(), lambda seat: {"type": "stop"})
    assert all(row["carry"] is None for row in ENGINE.outcome(state))
