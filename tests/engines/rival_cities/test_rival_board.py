"""Alliances, ships, lawsuits and the court (R-rc "Conclure une alliance",
"Acheter un navire", "Progresser dans un procès", "Décision de la cour",
"Détails des cartes Navire")."""

import pytest
from rival_helpers import (
    ENGINE,
    STOP,
    action,
    decision,
    play,
    set_res,
    set_tokens,
    started,
    take_alliance,
    take_ship,
)

from games.engines.base import IllegalMove
from games.rival_cities.engine.pieces import SHIPS


def face_up(state, card, slot=0):
    """Puts a ship face up in a slot (the previous one goes to the box)."""
    for pile in ("ship_deck", "ships_boxed"):
        if card in state[pile]:
            state[pile].remove(card)
    if card in state["ships_face_up"]:
        return state
    state["ships_boxed"].append(state["ships_face_up"][slot])
    state["ships_face_up"][slot] = card
    return state


def lawsuit_at(state, position, card, marker=0):
    for pile in ("lawsuit_deck", "lawsuits_boxed"):
        if card in state[pile]:
            state[pile].remove(card)
    old = state["lawsuits"][position]
    if old and old["card"] != card:
        state["lawsuits_boxed"].append(old["card"])
    state["lawsuits"][position] = {"card": card, "marker": marker}
    return state


# --- Alliances -------------------------------------------------------------------


def test_alliance_from_the_board_is_free():
    """An alliance from the board costs nothing."""
    state = started()
    card = state["alliances_board"][0]
    state = action(state, 0, "alliance")
    state = play(state, {"type": "alliance", "card": card})
    assert state["players"][0]["alliances"] == [card]
    assert state["alliances_board"][0] is None


def test_alliance_from_the_rival_costs_a_letter():
    """Taking the rival's alliance costs a letter; without one it is not offered."""
    state = started()
    card = state["alliances_board"][0]
    state = take_alliance(state, 1, card)
    state = action(state, 0, "alliance")
    with pytest.raises(IllegalMove, match="from your rival for a letter"):
        ENGINE.apply(state, 0, {"type": "alliance", "card": card})
    state = set_tokens(state, 0, letters=1)
    state = play(state, {"type": "alliance", "card": card})
    assert state["players"][0]["alliances"] == [card]
    assert state["players"][1]["alliances"] == []
    assert state["players"][0]["letters"] == 0


# --- Ships ---------------------------------------------------------------------------


def test_buying_a_ship_pays_its_cost_and_replaces_it():
    """A ship: pay its cost, keep it; the pile's top card fills the space."""
    price = SHIPS["ship-6"]["cost"]["any"]
    state = face_up(set_res(started(), 0, beer=price), "ship-6")
    top = state["ship_deck"][-1]
    state = action(state, 0, "ship")
    state = play(state, {"type": "ship", "card": "ship-6"})
    state = play(state, *[{"type": "pay", "resource": "beer"}] * price)
    assert state["players"][0]["res"]["beer"] == 0
    assert state["players"][0]["ships"] == ["ship-6"]
    assert state["ships_face_up"][0] == top


def test_a_ship_one_cannot_pay_is_not_offered():
    """Ships beyond one's means are not among the moves."""
    price = SHIPS["ship-6"]["cost"]["any"]
    state = face_up(set_res(started(), 0, beer=price - 1), "ship-6")
    state = action(state, 0, "ship")
    assert {"type": "ship", "card": "ship-6"} not in ENGINE.legal_moves(state, 0)


def test_ship_19_makes_later_ships_one_resource_cheaper():
    """Ship 19: the next ships cost 1 resource less."""
    price = SHIPS["ship-6"]["cost"]["any"] - 1
    state = set_res(started(), 0, beer=price)
    state = take_ship(face_up(state, "ship-6"), 0, "ship-19")
    state = action(state, 0, "ship")
    state = play(state, {"type": "ship", "card": "ship-6"})
    state = play(state, *[{"type": "pay", "resource": "beer"}] * price)
    assert "ship-6" in state["players"][0]["ships"]


def price_in_resources(card):
    """Exactly the ship's cost: its fixed resources, and beer for the free part."""
    cost = dict(SHIPS[card]["cost"])
    resources = {res: n for res, n in cost.items() if res != "any"}
    resources["beer"] = resources.get("beer", 0) + cost.get("any", 0)
    return resources


def buy(state, card, resources=None):
    state = face_up(set_res(state, 0, **(resources or price_in_resources(card))), card)
    state = action(state, 0, "ship")
    state = play(state, {"type": "ship", "card": card})
    while decision(state) == "pay":
        state = play(state, ENGINE.legal_moves(state, 0)[0])
    return state


def test_ship_1_gains_prestige_twice():
    """Ship 1: Gain prestige twice."""
    state = buy(started(), "ship-1")
    assert state["prestige"] == 2


def test_ship_2_advances_lawsuits_up_to_twice():
    """Ship 2: up to two lawsuit actions."""
    spare = {"leather": 2, "cloth": 2, "furniture": 2}  # for the lawsuits
    resources = price_in_resources("ship-2")
    state = buy(started(), "ship-2", {**spare, **resources})
    assert decision(state) == "lawsuit"


def test_ship_3_draws_two_special_cards():
    """Ship 3: two draws."""
    state = buy(started(), "ship-3")
    assert len(state["players"][0]["hand"]) == 2


def test_ships_4_and_5_give_letters():
    """Ships 4 and 5: 2 and 3 letters."""
    assert buy(started(), "ship-4")["players"][0]["letters"] == 2
    assert buy(started(), "ship-5")["players"][0]["letters"] == 3


# --- Lawsuits ------------------------------------------------------------------------


def test_lawsuit_pays_the_cost_gets_the_bonus_and_one_step():
    """Advance a lawsuit: cost paid, right-hand bonus, the marker one step our way."""
    state = lawsuit_at(set_res(started(), 0, beer=1), 0, "lawsuit-1")
    state = action(state, 0, "lawsuit")
    state = play(state, {"type": "lawsuit", "position": 0})
    assert state["lawsuits"][0]["marker"] == 1
    assert state["players"][0]["res"] == {
        "beer": 0,
        "leather": 1,
        "cloth": 0,
        "furniture": 0,
    }


def test_lawsuit_extra_steps_at_the_same_cost():
    """The dark inset: pay the cost again for extra steps, up to the card's number."""
    state = lawsuit_at(set_res(started(), 1, furniture=3), 0, "lawsuit-4")
    state = action(state, 1, "lawsuit")
    state = play(state, {"type": "lawsuit", "position": 0})
    assert decision(state) == "lawsuit_extra"
    state = play(state, {"type": "extra"}, {"type": "extra"})
    assert state["lawsuits"][0]["marker"] == -3
    assert state["prestige"] == -1  # lawsuit 4's bonus
    assert decision(state) == "inkwell"


def test_le_havre_pays_one_resource_to_repeat_the_lawsuit():
    """Le Havre: 1 resource of one's choice to do the lawsuit action again."""
    state = take_alliance(started(), 0, "alliance-le-havre")
    state = lawsuit_at(set_res(state, 0, beer=3), 0, "lawsuit-1")
    state = action(state, 0, "lawsuit")
    state = play(state, {"type": "lawsuit", "position": 0}, STOP)
    assert ENGINE.legal_moves(state, 0)[0] == {"type": "repeat", "via": "le-havre"}
    state = play(
        state,
        {"type": "repeat", "via": "le-havre"},
        {"type": "pay", "resource": "beer"},
        {"type": "lawsuit", "position": 0},
    )
    assert state["lawsuits"][0]["marker"] == 2


def test_court_resolves_position_one_when_far_enough():
    """Court decision: marker at 2-4 on one's side, the lawsuit in position I is won."""
    state = lawsuit_at(started(), 0, "lawsuit-3", marker=2)
    state = action(state, 0, "court")
    assert ENGINE.legal_moves(state, 0) == [{"type": "court", "resolve": True}, STOP]
    state = play(state, {"type": "court", "resolve": True})
    assert state["players"][0]["lawsuits"] == ["lawsuit-3"]
    assert state["lawsuits"][2]["marker"] == 0  # a new one in position III


def test_court_swaps_adjacent_lawsuits_otherwise():
    """Not far enough: swap I-II or II-III (never I with III)."""
    state = lawsuit_at(started(), 0, "lawsuit-3", marker=1)
    order = [e["card"] for e in state["lawsuits"]]
    state = action(state, 0, "court")
    moves = ENGINE.legal_moves(state, 0)
    assert {"type": "court", "resolve": True} not in moves
    assert moves == [{"type": "court", "swap": 0}, {"type": "court", "swap": 1}, STOP]
    with pytest.raises(IllegalMove, match="position I only when"):
        ENGINE.apply(state, 0, {"type": "court", "resolve": True})
    state = play(state, {"type": "court", "swap": 0})
    assert [e["card"] for e in state["lawsuits"]] == [order[1], order[0], order[2]]
    assert state["lawsuits"][1]["marker"] == 1  # the track moves with its card


def test_court_cannot_resolve_the_rivals_lawsuit():
    """A marker on the rival's side does not let one resolve."""
    state = lawsuit_at(started(), 0, "lawsuit-3", marker=-3)
    state = action(state, 0, "court")
    assert {"type": "court", "resolve": True} not in ENGINE.legal_moves(state, 0)


def test_ship_15_gives_two_stars_per_lawsuit_won():
    """Ship 15: 2 star tokens for each lawsuit won."""
    state = take_ship(lawsuit_at(started(), 0, "lawsuit-3", marker=3), 0, "ship-15")
    state = action(state, 0, "court")
    state = play(state, {"type": "court", "resolve": True})
    assert state["players"][0]["stars"] == 2


def test_a_letter_exchange_is_offered_when_a_ship_is_bought():
    """A letter's exchange may come whenever a payment is due: a ship whose fixed
    resource is missing can be bought after swapping for it."""
    cost = SHIPS["ship-1"]["cost"]
    fixed = next(res for res in cost if res != "any")
    other = "beer" if fixed != "beer" else "cloth"
    state = face_up(set_res(started(), 0, **{other: sum(cost.values())}), "ship-1")
    state["ships_face_up"][1:] = [None, None, None]  # ship 1 alone on offer
    state = set_tokens(state, 0, letters=1)
    state = action(state, 0, "ship")
    assert decision(state) == "ship"
    moves = ENGINE.legal_moves(state, 0)
    assert {"type": "ship", "card": "ship-1"} not in moves
    swap = {"type": "letter_exchange", "give": other, "take": fixed}
    assert swap in moves
    state = play(state, swap)
    assert decision(state) == "ship" and state["players"][0]["letters"] == 0
    assert {"type": "ship", "card": "ship-1"} in ENGINE.legal_moves(state, 0)


def test_without_a_letter_an_unpayable_ship_decision_is_skipped():
    """No ship payable and no letter to swap: nothing to decide."""
    cost = SHIPS["ship-1"]["cost"]
    fixed = next(res for res in cost if res != "any")
    other = "beer" if fixed != "beer" else "cloth"
    state = face_up(set_res(started(), 0, **{other: sum(cost.values())}), "ship-1")
    state["ships_face_up"][1:] = [None, None, None]  # ship 1 alone on offer
    state = set_tokens(state, 0, letters=0)
    state = action(state, 0, "ship")
    assert decision(state) != "ship"


def test_a_letter_exchange_is_offered_while_paying():
    """The payment of a ship's free part offers the letter's exchange too."""
    price = SHIPS["ship-6"]["cost"]["any"]
    state = face_up(set_res(started(), 0, beer=price), "ship-6")
    state = set_tokens(state, 0, letters=1)
    state = action(state, 0, "ship")
    state = play(state, {"type": "ship", "card": "ship-6"})
    assert decision(state) == "pay"
    swap = {"type": "letter_exchange", "give": "beer", "take": "furniture"}
    assert swap in ENGINE.legal_moves(state, 0)
    state = play(state, swap)
    assert decision(state) == "pay"
    assert state["players"][0]["res"]["furniture"] == 1


def test_lawsuit_8_bonus_exchanges_up_to_twice():
    """Lawsuit 8's bonus is an Exchange, which the text allows up to twice."""
    state = lawsuit_at(set_res(started(), 0, beer=3), 0, "lawsuit-8")
    state = action(state, 0, "lawsuit")
    state = play(state, {"type": "lawsuit", "position": 0})
    assert decision(state) == "exchange"
    swap = {"type": "exchange", "give": "beer", "take": "furniture"}
    state = play(state, swap)
    assert decision(state) == "exchange"
    state = play(state, swap)
    assert state["players"][0]["res"]["furniture"] == 2
    assert decision(state) != "exchange"
