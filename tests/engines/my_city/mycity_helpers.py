"""Scenario builders for the My City rule tests (states built by hand)."""

from games.my_city.engine import ENGINE
from games.my_city.engine.buildings import card_of, cells_of


def new_game(num_players=2, seed=1, **options):
    return ENGINE.setup(
        num_players, ENGINE.validate_options(num_players, options), seed
    )


def reveal(state, building):
    """Makes `building` the revealed card (taken out of the deck)."""
    card = card_of(building)
    if card in state["deck"]:
        state["deck"].remove(card)
    if state["revealed"] and state["revealed"] != card:
        state["deck"].insert(0, state["revealed"])
        state["played"].remove(state["revealed"])
    if card not in state["played"]:
        state["played"].append(card)
    state["revealed"] = card
    return state


def put(state, seat, building, orientation, row, col):
    """Places a building on a board directly, as if an earlier round had."""
    state["players"][seat]["placed"].append(
        {
            "building": building,
            "orientation": orientation,
            "row": row,
            "col": col,
            "cells": cells_of(building, orientation, row, col),
        }
    )
    return state


def place(building, orientation, row, col):
    return {
        "type": "place",
        "building": building,
        "orientation": orientation,
        "row": row,
        "col": col,
    }


def everyone(state, move_for_seat):
    """Every seat in to_move decides (move_for_seat(seat) -> move)."""
    for seat in ENGINE.to_move(state):
        state = ENGINE.apply(state, seat, move_for_seat(seat))
    return state
