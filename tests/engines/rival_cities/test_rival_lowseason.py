"""The low season's 8 steps (R-rc "La Basse saison")."""

import pytest
from rival_helpers import (
    ENGINE,
    decision,
    play,
    set_res,
    set_tokens,
    started,
    take_alliance,
    take_ship,
    with_tasks,
)

from games.rival_cities.engine.lowseason import STEPS
from games.rival_cities.engine.pieces import PRESTIGE_INCOME, SHIPS


def low_season(state, seat=0):
    """Runs the low season for `seat` as if its inkwell had just passed the bell."""
    return with_tasks(state, seat, [{"t": "lowseason"}, {"t": "option"}])


def only_step(state, step, seat=0):
    return with_tasks(state, seat, [{"t": step}, {"t": "option"}])


def test_the_mover_takes_the_bell_and_resumes_with_the_option():
    """The mover holds the bell during the low season, then chooses an option."""
    state = set_res(take_alliance(started(), 1, "alliance-oslo"), 1, leather=1)
    state = low_season(state, 0)
    assert state["bell"] == 0 and decision(state) == "upkeep"
    state = play(state, {"type": "upkeep", "card": "alliance-oslo", "pay": True})
    assert state["bell"] is None and decision(state) == "option"
    assert state["low_seasons"] == 1


def test_step_1_upkeep_paid_or_alliance_returned():
    """Upkeep: pay the alliance's cost, or put it back on a free space."""
    state = take_alliance(started(), 0, "alliance-oslo")
    state = set_res(state, 0, leather=1)
    state = only_step(state, "ls_upkeep")
    assert ENGINE.legal_moves(state, 0) == [
        {"type": "upkeep", "card": "alliance-oslo", "pay": True},
        {"type": "upkeep", "card": "alliance-oslo", "pay": False},
    ]
    paid = play(state, {"type": "upkeep", "card": "alliance-oslo", "pay": True})
    assert paid["players"][0]["res"]["leather"] == 0
    assert paid["players"][0]["alliances"] == ["alliance-oslo"]
    back = play(state, {"type": "upkeep", "card": "alliance-oslo", "pay": False})
    assert back["players"][0]["alliances"] == []
    assert "alliance-oslo" in back["alliances_board"]


def test_step_1_unpaid_upkeep_returns_the_alliance():
    """An alliance whose upkeep cannot be paid goes back to the board."""
    state = set_res(take_alliance(started(), 0, "alliance-oslo"), 0)
    state = only_step(state, "ls_upkeep")
    assert state["players"][0]["alliances"] == []


def test_step_2_more_ships_gain_prestige():
    """The city with more ships gains prestige; a tie does nothing."""
    state = take_ship(started(), 1, "ship-20")
    assert only_step(state, "ls_naval")["prestige"] == -1
    state = take_ship(state, 0, "ship-21")
    assert only_step(state, "ls_naval")["prestige"] == 0


def test_step_3_ship_income():
    """Ships 6-10 bring their income."""
    state = set_res(take_ship(take_ship(started(), 0, "ship-6"), 0, "ship-10"), 0)
    state = only_step(state, "ls_ships")
    assert state["players"][0]["res"] == {
        "beer": 2,
        "leather": 0,
        "cloth": 0,
        "furniture": 1,
    }
    assert state["players"][0]["letters"] == 1


def test_step_4_prestige_track_income_up_to_the_marker():
    """The side holding the marker gains its space's and all inner spaces' income."""
    state = set_res(started(), 1)
    state["prestige"] = -4
    state = only_step(state, "ls_track")
    expected = {res: 0 for res in ("beer", "leather", "cloth", "furniture")}
    for space in range(1, 5):
        for res, n in PRESTIGE_INCOME[space].items():
            expected[res] += n
    assert sum(expected.values()) >= 2  # spaces 1-4 hold at least two incomes
    assert state["players"][1]["res"] == expected


def test_step_5_marker_at_zero_boxes_the_lawsuit():
    """Marker on 0: the lawsuit goes back to the box; the others shift left."""
    state = started()
    order = [e["card"] for e in state["lawsuits"]]
    top = state["lawsuit_deck"][-1]
    state = only_step(state, "ls_lawsuit")
    assert [e["card"] for e in state["lawsuits"]] == [order[1], order[2], top]
    assert state["lawsuits_out"] == [order[0]]


def test_step_5_marker_at_one_gives_a_star():
    """Marker on 1 of a side: that city gains a star, the card goes to the box."""
    state = started()
    state["lawsuits"][0]["marker"] = -1
    state = only_step(state, "ls_lawsuit")
    assert state["players"][1]["stars"] == 1 and state["players"][1]["lawsuits"] == []


def test_step_5_marker_at_two_or_more_wins_the_lawsuit_with_its_bonus():
    """Marker on 2-4: that city wins the card and its bottom bonus."""
    state = set_res(started(), 0)
    state["lawsuits"][0] = {"card": "lawsuit-1", "marker": 2}
    state["lawsuit_deck"] = [c for c in state["lawsuit_deck"] if c != "lawsuit-1"]
    state["lawsuits_boxed"] = [c for c in state["lawsuits_boxed"] if c != "lawsuit-1"]
    state = only_step(state, "ls_lawsuit")
    assert state["players"][0]["lawsuits"] == ["lawsuit-1"]
    assert state["players"][0]["res"]["furniture"] == 1


def test_step_5_no_new_lawsuit_once_the_pile_is_empty():
    """With an empty pile, position III stays empty."""
    state = started()
    state["lawsuits_boxed"] += state["lawsuit_deck"]
    state["lawsuit_deck"] = []
    state = only_step(state, "ls_lawsuit")
    assert state["lawsuits"][2] is None


def test_step_6_special_cards_renewed():
    """The four special spaces are discarded and refilled from the deck."""
    state = started()
    before = [s["card"] for s in state["ring"] if s["kind"] == "special"]
    state = only_step(state, "ls_specials")
    after = [s["card"] for s in state["ring"] if s["kind"] == "special"]
    assert sorted(state["special_discard"]) == sorted(before)
    assert not set(before) & set(after) and all(after)


def test_special_deck_reshuffles_its_discard_when_empty():
    """An empty special deck is rebuilt by shuffling the discard."""
    state = started()
    state["special_discard"] = state["special_deck"]
    state["special_deck"] = []
    state = only_step(state, "ls_specials")
    after = [s["card"] for s in state["ring"] if s["kind"] == "special"]
    assert all(after) and len(state["special_deck"]) == 20 + 4 - 4


def test_step_7_factories_reactivated():
    """All spent factories turn active."""
    state = started()
    state["players"][0]["factories"] = {"active": 0, "spent": 1}
    state = only_step(state, "ls_factories")
    assert state["players"][0]["factories"] == {"active": 1, "spent": 0}


def test_step_8_bell_back_when_no_end_condition():
    """No end condition: the bell goes back to the board."""
    state = started()
    state["bell"] = 0
    state = only_step(state, "ls_end")
    assert state["bell"] is None and not state["over"]


def test_steps_run_in_the_texts_order():
    """Upkeep, naval prestige, ship income, track income, lawsuit, specials, factories, end."""
    assert STEPS == [
        "ls_upkeep",
        "ls_naval",
        "ls_ships",
        "ls_track",
        "ls_lawsuit",
        "ls_specials",
        "ls_factories",
        "ls_end",
    ]


@pytest.mark.parametrize("ship", ["ship-6", "ship-7", "ship-8", "ship-9", "ship-10"])
def test_step_3_each_income_ship_pays_its_income(ship):
    """Ships 6-10 each bring exactly the income printed on them."""
    state = set_res(take_ship(started(), 1, ship), 1)
    state = only_step(state, "ls_ships")
    expected = {res: 0 for res in ("beer", "leather", "cloth", "furniture")}
    expected.update(SHIPS[ship]["income"])
    assert state["players"][1]["res"] == expected
    assert state["players"][1]["letters"] == SHIPS[ship].get("income_letters", 0)


def test_step_1_bell_holder_decides_first():
    """Both cities' upkeeps are decided, the bell holder's first."""
    state = take_alliance(started(), 0, "alliance-oslo")
    state = take_alliance(state, 1, "alliance-london")
    state = set_res(set_res(state, 0, leather=1), 1, beer=1)
    state = only_step(state, "ls_upkeep", seat=1)
    assert ENGINE.to_move(state) == [1]
    state = play(state, {"type": "upkeep", "card": "alliance-london", "pay": True})
    assert ENGINE.to_move(state) == [0] and decision(state) == "upkeep"


def test_step_1_upkeep_a_letter_could_pay_is_asked_not_returned():
    """An upkeep one lacks the resource for, but could get with a letter's
    exchange, is the player's decision: swap and pay, or give the alliance back."""
    state = take_alliance(started(), 0, "alliance-oslo")  # upkeep: leather
    state = set_tokens(set_res(state, 0, beer=1), 0, letters=1)
    state = only_step(state, "ls_upkeep")
    assert decision(state) == "upkeep"
    assert state["players"][0]["alliances"] == ["alliance-oslo"]
    moves = ENGINE.legal_moves(state, 0)
    assert {"type": "upkeep", "card": "alliance-oslo", "pay": True} not in moves
    assert {"type": "upkeep", "card": "alliance-oslo", "pay": False} in moves
    swap = {"type": "letter_exchange", "give": "beer", "take": "leather"}
    assert swap in moves
    state = play(state, swap)
    state = play(state, {"type": "upkeep", "card": "alliance-oslo", "pay": True})
    assert state["players"][0]["alliances"] == ["alliance-oslo"]
    assert state["players"][0]["res"]["leather"] == 0
