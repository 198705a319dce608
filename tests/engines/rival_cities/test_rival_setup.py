"""Set-up (R-rc "Mise en place") and the table options."""

import pytest
from rival_helpers import ENGINE, fresh, started

from games.engines.base import IllegalMove, InvalidOptions
from games.rival_cities.engine.pieces import SPECIAL_SPACES


def test_ring_has_fifteen_basic_and_four_special_spaces():
    """The 15 basic cards lie on the light spaces, a face-up special card on each dark one."""
    state = fresh()
    kinds = [space["kind"] for space in state["ring"]]
    assert kinds.count("basic") == 15 and kinds.count("special") == 4
    for index in SPECIAL_SPACES:
        assert state["ring"][index]["card"].startswith("special-")


def test_first_game_lays_basic_cards_in_order():
    """For a first game the basic cards go clockwise from 1 to 15."""
    state = fresh(first_game=True)
    basics = [s["card"] for s in state["ring"] if s["kind"] == "basic"]
    assert basics == [f"basic-{n}" for n in range(1, 16)]


def test_other_games_shuffle_basic_cards():
    """Otherwise the basic cards are shuffled, differently from seed to seed."""
    orders = set()
    for seed in range(5):
        state = fresh(seed)
        orders.add(tuple(s["card"] for s in state["ring"] if s["kind"] == "basic"))
    assert len(orders) > 1


def test_decks_ships_alliances_and_lawsuits():
    """20 special cards in the deck; 10 ships with 4 face up; 4 alliances; 7 lawsuits, 3 up at 0."""
    state = fresh()
    assert len(state["special_deck"]) == 20
    assert len(state["ships_face_up"]) == 4 and len(state["ship_deck"]) == 6
    assert len(state["ships_boxed"]) == 11
    assert len(state["alliances_board"]) == 4 and len(state["alliances_boxed"]) == 4
    assert [e["marker"] for e in state["lawsuits"]] == [0, 0, 0]
    assert len(state["lawsuit_deck"]) == 4 and len(state["lawsuits_boxed"]) == 3


def test_supply_and_first_factories():
    """Each city starts with one active factory; the supply holds the rest of the 12."""
    state = fresh()
    assert state["supply"]["factory"] == 10
    for player in state["players"]:
        assert player["factories"] == {"active": 1, "spent": 0}
    assert state["supply"]["letter"] == 12 and state["supply"]["star"] == 12
    assert state["prestige"] == 0 and state["inkwell"] == -1


def test_starting_resources_are_the_first_decisions():
    """The first player has 1 beer, the other 2; each then chooses one more resource."""
    state = fresh(first_player=1)
    assert state["players"][1]["res"]["beer"] == 1
    assert state["players"][0]["res"]["beer"] == 2
    assert ENGINE.to_move(state) == [1]
    assert len(ENGINE.legal_moves(state, 1)) == 4
    state = ENGINE.apply(state, 1, {"type": "start", "resource": "cloth"})
    assert ENGINE.to_move(state) == [0]
    state = ENGINE.apply(state, 0, {"type": "start", "resource": "furniture"})
    assert state["players"][0]["res"]["furniture"] == 1
    assert ENGINE.to_move(state) == [1]
    assert ENGINE.legal_moves(state, 1)[0]["type"] == "move"


def test_first_player_comes_from_the_seed():
    """With first_player "random", the seed decides who starts, and both cities do."""
    firsts = {
        ENGINE.setup(2, ENGINE.validate_options(2, {}), seed)["first"]
        for seed in range(10)
    }
    assert firsts == {0, 1}


def test_setup_is_deterministic():
    """The same seed and options give the same state."""
    assert fresh(3) == fresh(3)


def test_options_are_validated():
    """Unknown options and bad values are refused with a reason."""
    assert ENGINE.validate_options(2, {}) == {
        "first_game": False,
        "first_player": "random",
    }
    with pytest.raises(InvalidOptions):
        ENGINE.validate_options(2, {"first_game": "yes"})
    with pytest.raises(InvalidOptions):
        ENGINE.validate_options(2, {"colour": 3})
    with pytest.raises(InvalidOptions):
        ENGINE.validate_options(3, {})
    with pytest.raises(InvalidOptions):
        ENGINE.validate_options(2, {"first_player": 2})


def test_the_wrong_seat_cannot_move():
    """Only the seat whose decision it is may move."""
    state = started()
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 1, {"type": "move", "spaces": 1})
