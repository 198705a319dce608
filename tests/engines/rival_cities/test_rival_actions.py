"""The actions on one's own city (R-rc "Les différentes actions") and the
alliances and ships that change them."""

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


def res(state, seat):
    return state["players"][seat]["res"]


def test_production_gains_and_flips_factories_for_more():
    """Production: the card's resources plus 1 of the same type per factory flipped."""
    state = set_res(started(), 0)
    state["players"][0]["factories"]["active"] = 2
    state["supply"]["factory"] -= 1
    state = action(state, 0, "production", res="cloth", n=2)
    assert [m["factories"] for m in ENGINE.legal_moves(state, 0)] == [0, 1, 2]
    state = play(state, {"type": "flip", "factories": 2})
    assert res(state, 0)["cloth"] == 4
    assert state["players"][0]["factories"] == {"active": 0, "spent": 2}


def test_production_without_active_factory_needs_no_decision():
    """With no active factory, production simply gains the card's resources."""
    state = set_res(started(), 0)
    state["players"][0]["factories"] = {"active": 0, "spent": 1}
    state = action(state, 0, "production", res="beer", n=2)
    assert res(state, 0)["beer"] == 2 and decision(state) == "inkwell"


@pytest.mark.parametrize(
    "alliance,kind",
    [
        ("alliance-oslo", "beer"),
        ("alliance-london", "cloth"),
        ("alliance-novgorod", "leather"),
    ],
)
def test_production_alliances_add_one_of_their_type(alliance, kind):
    """Oslo, London, Novgorod: +1 when the production brings their type."""
    state = set_res(take_alliance(started(), 0, alliance), 0)
    state["players"][0]["factories"]["active"] = 0
    state = action(state, 0, "production", res=kind, n=2)
    assert res(state, 0)[kind] == 3
    other = "furniture"
    state = action(set_res(state, 0), 0, "production", res=other, n=1)
    assert res(state, 0)[kind] == 0 and res(state, 0)[other] == 1


@pytest.mark.parametrize(
    "ship,kind",
    [
        ("ship-11", "beer"),
        ("ship-12", "leather"),
        ("ship-13", "cloth"),
        ("ship-14", "furniture"),
    ],
)
def test_production_ships_add_their_type_to_any_production(ship, kind):
    """Ships 11-14: +1 of the ship's type on every production, whatever its type."""
    state = set_res(take_ship(started(), 0, ship), 0)
    state["players"][0]["factories"]["active"] = 0
    produced = "leather" if kind != "leather" else "beer"
    state = action(state, 0, "production", res=produced, n=1)
    assert res(state, 0)[kind] == 1 and res(state, 0)[produced] == 1


def test_gift_gains_exactly_what_is_shown():
    """Gift: the resources shown, nothing more (factories are not used)."""
    state = set_res(started(), 0)
    state = action(state, 0, "gift", res={"beer": 1, "leather": 1})
    assert res(state, 0) == {"beer": 1, "leather": 1, "cloth": 0, "furniture": 0}
    assert state["players"][0]["factories"]["active"] == 1


def test_donation_is_repeatable_up_to_the_cards_limit():
    """Donation: pay for a star, as many times as the card allows."""
    state = set_res(started(), 0, beer=6)
    state = action(state, 0, "donation", cost={"beer": 2}, stars=1, times=2)
    state = play(state, {"type": "donate"})
    assert ENGINE.legal_moves(state, 0) == [{"type": "donate"}, STOP]
    state = play(state, {"type": "donate"})
    assert state["players"][0]["stars"] == 2 and res(state, 0)["beer"] == 2
    assert decision(state) == "inkwell"


def test_donation_needs_the_resources():
    """A donation one cannot pay is not offered."""
    state = set_res(started(), 0, beer=1)
    state = action(state, 0, "donation", cost={"beer": 2}, stars=1, times=2)
    assert decision(state) == "inkwell"
    assert state["players"][0]["stars"] == 0


def test_amsterdam_adds_a_star_to_each_donation():
    """Amsterdam: each donation brings one more star."""
    state = set_res(take_alliance(started(), 0, "alliance-amsterdam"), 0, beer=2)
    state = action(state, 0, "donation", cost={"beer": 2}, stars=1, times=2)
    state = play(state, {"type": "donate"})
    assert state["players"][0]["stars"] == 2


def test_exchange_up_to_twice():
    """Exchange: up to two of one's resources for others from the supply."""
    state = set_res(started(), 0, beer=2)
    state = action(state, 0, "exchange", times=2)
    state = play(state, {"type": "exchange", "give": "beer", "take": "furniture"})
    state = play(state, {"type": "exchange", "give": "beer", "take": "cloth"})
    assert res(state, 0) == {"beer": 0, "leather": 0, "cloth": 1, "furniture": 1}
    assert decision(state) == "inkwell"


def test_exchange_may_stop_early():
    """An exchange may be done once, or not at all."""
    state = set_res(started(), 0, beer=2)
    state = action(state, 0, "exchange", times=2)
    state = play(state, {"type": "exchange", "give": "beer", "take": "cloth"}, STOP)
    assert res(state, 0)["beer"] == 1 and decision(state) == "inkwell"


def test_letter_action():
    """Gain a letter: letters from the supply."""
    state = action(started(), 0, "letter", n=2)
    assert state["players"][0]["letters"] == 2 and state["supply"]["letter"] == 10


def test_draw_takes_the_top_special_card_secretly():
    """Draw: the deck's top card goes into the hand."""
    state = started()
    top = state["special_deck"][-1]
    state = action(state, 0, "draw")
    assert state["players"][0]["hand"] == [top]
    assert top in ENGINE.secrets(state, 0)


def test_copenhagen_pays_a_beer_to_draw_again():
    """Copenhagen: pay 1 beer to repeat the draw, once."""
    state = set_res(take_alliance(started(), 0, "alliance-copenhagen"), 0, beer=2)
    state = action(state, 0, "draw")
    assert ENGINE.legal_moves(state, 0) == [
        {"type": "repeat", "via": "copenhagen"},
        STOP,
    ]
    state = play(state, {"type": "repeat", "via": "copenhagen"})
    assert len(state["players"][0]["hand"]) == 2 and res(state, 0)["beer"] == 1
    assert decision(state) == "inkwell"  # not a second time


def test_build_factory_pays_two_resources_of_choice():
    """Build a factory: 2 resources of one's choice, a new active factory."""
    state = set_res(started(), 0, beer=1, cloth=1)
    state = action(state, 0, "factory", free=False)
    state = play(
        state,
        {"type": "build"},
        {"type": "pay", "resource": "beer"},
        {"type": "pay", "resource": "cloth"},
    )
    assert state["players"][0]["factories"]["active"] == 2
    assert state["supply"]["factory"] == 9 and sum(res(state, 0).values()) == 0


def test_free_factory_and_empty_factory_supply():
    """A free factory costs nothing; with no factory left in the supply none is gained."""
    state = action(started(), 0, "factory", free=True)
    assert state["players"][0]["factories"]["active"] == 2
    state["supply"]["factory"] = 0
    state["players"][1]["factories"]["active"] += 9
    state = action(state, 0, "factory", free=True)
    assert state["players"][0]["factories"]["active"] == 2


def test_prestige_moves_the_marker_toward_ones_city():
    """Gain prestige: one step toward Hamburg for seat 0, toward Altona for seat 1."""
    state = action(started(), 0, "prestige")
    assert state["prestige"] == 1
    state = action(state, 1, "prestige")
    state = action(state, 1, "prestige")
    assert state["prestige"] == -1


def test_brussels_pays_furniture_to_repeat_prestige():
    """Brussels: pay 1 furniture to gain prestige once more."""
    state = set_res(take_alliance(started(), 0, "alliance-brussels"), 0, furniture=1)
    state = action(state, 0, "prestige")
    state = play(state, {"type": "repeat", "via": "brussels"})
    assert state["prestige"] == 2 and res(state, 0)["furniture"] == 0


def test_ship_16_pays_two_beers_to_repeat_prestige():
    """Ship 16: pay 2 beers to repeat; with Brussels both may apply."""
    state = take_alliance(started(), 0, "alliance-brussels")
    state = set_res(take_ship(state, 0, "ship-16"), 0, beer=2, furniture=1)
    state = action(state, 0, "prestige")
    state = play(state, {"type": "repeat", "via": "ship-16"})
    state = play(state, {"type": "repeat", "via": "brussels"})
    assert state["prestige"] == 3 and sum(res(state, 0).values()) == 0


def test_reactivate_turns_a_spent_factory_back():
    """Reactivate: one spent factory becomes active again."""
    state = started()
    state["players"][0]["factories"] = {"active": 0, "spent": 1}
    state = action(state, 0, "reactivate")
    assert state["players"][0]["factories"] == {"active": 1, "spent": 0}


def test_simple_piracy_steals_one_resource():
    """Simple piracy: one resource from the rival."""
    state = set_res(set_res(started(), 1, cloth=2), 0)
    state = action(state, 0, "piracy")
    state = play(state, {"type": "piracy", "mode": "simple", "resource": "cloth"})
    assert res(state, 0)["cloth"] == 1 and res(state, 1)["cloth"] == 1
    assert state["prestige"] == 0


def test_aggressive_piracy_steals_up_to_three_and_the_rival_gains_prestige():
    """Aggressive piracy: up to 3 resources, then the rival gains prestige."""
    state = set_res(set_res(started(), 1, cloth=2, beer=3), 0)
    state = action(state, 0, "piracy")
    state = play(
        state,
        {"type": "piracy", "mode": "aggressive"},
        {"type": "steal", "resource": "cloth"},
        {"type": "steal", "resource": "cloth"},
        {"type": "steal", "resource": "beer"},
    )
    assert res(state, 0) == {"beer": 1, "leather": 0, "cloth": 2, "furniture": 0}
    assert state["prestige"] == -1


def test_piracy_needs_something_to_steal():
    """Piracy against an empty rival is skipped."""
    state = set_res(started(), 1)
    state = action(state, 0, "piracy")
    assert decision(state) == "inkwell"


def test_gaining_a_missing_resource_from_the_rival_only_if_they_have_more():
    """Supply empty: the resource comes from the rival only when they hold more."""
    state = set_res(set_res(started(), 0), 1)
    state["players"][1]["res"]["beer"] = 12
    state["supply"]["beer"] = 0
    state = action(state, 0, "gift", res={"beer": 1})
    assert res(state, 0)["beer"] == 1 and res(state, 1)["beer"] == 11
    state["players"][1]["res"]["beer"] = 1
    state["players"][0]["res"]["beer"] = 11
    state = action(state, 0, "gift", res={"beer": 1})
    assert res(state, 0)["beer"] == 11


def test_no_stars_from_an_empty_supply():
    """No star left in the supply: none can be gained."""
    state = set_tokens(started(), 1, stars=12)
    state = action(state, 0, "letter", n=1)
    from games.rival_cities.engine.common import gain_token

    assert gain_token(state, 0, "star", 1) == 0


def test_stop_is_refused_where_a_payment_is_due():
    """A payment in progress must be completed."""
    state = set_res(started(), 0, beer=2)
    state = action(state, 0, "factory", free=False)
    state = play(state, {"type": "build"})
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 0, STOP)


def test_production_alliance_counts_a_production_ships_bonus():
    """Oslo: a Production that brings beer, here through ship 11's bonus on a
    leather production, brings one more beer."""
    state = take_ship(take_alliance(started(), 0, "alliance-oslo"), 0, "ship-11")
    state = set_res(state, 0)
    state["players"][0]["factories"]["active"] = 0
    state = action(state, 0, "production", res="leather", n=1)
    assert res(state, 0)["beer"] == 2 and res(state, 0)["leather"] == 1


def test_production_alliance_counts_a_donation_that_brings_its_type():
    """Novgorod: a Donation that brings leather brings one more leather."""
    state = take_alliance(started(), 0, "alliance-novgorod")
    state = set_res(state, 0, beer=2)
    donation = {"cost": {"beer": 2}, "stars": 1, "res": {"leather": 1}, "times": 1}
    state = action(state, 0, "donation", **donation)
    state = play(state, {"type": "donate"})
    assert res(state, 0)["leather"] == 2 and state["players"][0]["stars"] == 1


def test_production_alliance_types_are_brought_by_some_donation_card():
    """The data meets the rule: each of Oslo, London and Novgorod has a donation
    card that brings its type."""
    from games.rival_cities.engine.cards import CARDS
    from games.rival_cities.engine.pieces import ALLIANCES

    brought = set()
    for card in CARDS.values():
        for half in card.get("halves", [card.get("actions", [])]):
            for act in half:
                if act["do"] == "donation":
                    brought.update(act.get("res", {}))
    kinds = {a["production"] for a in ALLIANCES.values() if "production" in a}
    assert kinds == {"beer", "cloth", "leather"} and kinds <= brought
