"""The unique (purple) districts' effects during play."""

import pytest

from games.engines.base import IllegalMove


def t2016(table, *keys, players=4):
    """A 2016 table whose unique districts include these."""
    from games.citadels.engine.districts import FIRST_GAME_2016

    chosen = list(keys) + [k for k in FIRST_GAME_2016 if k not in keys]
    return table(players, edition="2016", unique_districts=chosen[:14])


def _bishop_turn(t, seat=0, main=True):
    t.characters(bishop=seat)
    t.turn(seat, "bishop", main=main)


def test_smithy_pays_two_gold_for_three_cards(table):
    """Smithy: once a turn, pay 2 gold to draw 3 cards."""
    t = table(4)
    _bishop_turn(t)
    t.city(0, "smithy")
    t.hand(0)
    t.gold(0, 4)
    t.play(0, {"type": "smithy"})
    assert t.player(0)["gold"] == 2 and len(t.player(0)["hand"]) == 3
    with pytest.raises(IllegalMove) as err:
        t.play(0, {"type": "smithy"})
    assert "once a turn" in err.value.reason


def test_laboratory_gives_one_gold_classic_two_in_2016(table):
    """Laboratory: discard a card for 1 gold (classic) or 2 gold (2016)."""
    for t, gain in ((table(4), 1), (t2016(table, "laboratory"), 2)):
        _bishop_turn(t)
        t.city(0, "laboratory")
        (temple,) = t.hand(0, "temple")
        t.gold(0, 0)
        t.play(0, {"type": "laboratory", "card": temple})
        assert t.player(0)["gold"] == gain
        assert t.player(0)["hand"] == []


def test_observatory_draws_three_and_keeps_one(table):
    """Observatory: draw 3 cards instead of 2, keep 1."""
    t = table(4)
    _bishop_turn(t, main=False)
    t.city(0, "observatory")
    t.play(0, {"type": "draw_cards"})
    assert len(t.state["turn"]["drawn"]) == 3


def test_library_keeps_all_drawn_cards(table):
    """Library: keep every card drawn as resources."""
    t = table(4)
    _bishop_turn(t, main=False)
    t.city(0, "library")
    t.hand(0)
    t.play(0, {"type": "draw_cards"})
    assert len(t.player(0)["hand"]) == 2
    assert t.state["turn"]["step"] == "main"


def test_keep_cannot_be_destroyed_by_the_warlord(table):
    """Keep: the Warlord cannot destroy it."""
    t = table(4)
    t.characters(warlord=0)
    t.turn(0, "warlord")
    (keep,) = t.city(1, "keep")
    t.gold(0, 9)
    with pytest.raises(IllegalMove) as err:
        t.play(0, {"type": "destroy", "seat": 1, "district": keep})
    assert "Keep" in err.value.reason


def test_great_wall_makes_destruction_dearer(table):
    """Great Wall: the Warlord pays 1 more for the other districts of that city."""
    t = table(4)
    t.characters(warlord=0)
    t.turn(0, "warlord")
    wall, castle = t.city(1, "great_wall", "castle")
    t.gold(0, 3)
    assert {"type": "destroy", "seat": 1, "district": castle} not in t.moves(0)
    t.gold(0, 5)
    assert {"type": "destroy", "seat": 1, "district": wall} in t.moves(0)
    t.gold(0, 4)
    t.play(0, {"type": "destroy", "seat": 1, "district": castle})
    assert t.player(0)["gold"] == 0


def test_graveyard_owner_may_buy_back_a_destroyed_district(table):
    """Graveyard: its owner may pay 1 gold to take the destroyed district."""
    t = table(4)
    t.characters(warlord=0)
    t.turn(0, "warlord")
    t.city(2, "graveyard")
    (castle,) = t.city(1, "castle")
    t.gold(0, 3)
    t.gold(2, 1)
    t.play(0, {"type": "destroy", "seat": 1, "district": castle})
    assert t.engine.to_move(t.state) == [2]
    t.play(2, {"type": "graveyard", "take": True})
    assert t.player(2)["hand"][-1] == castle
    assert t.player(2)["gold"] == 0
    assert t.engine.to_move(t.state) == [0]


def test_haunted_city_and_quarter_count_as_any_type_at_the_end(table):
    """Haunted Quarter: counts as the missing type for the five-types bonus."""
    from games.citadels.engine.scoring import breakdown

    t = table(4)
    t.city(0, "manor", "temple", "tavern", "prison", "haunted_quarter")
    t.state["round"] = 3
    assert breakdown(t.state, 0)["all_types"] == 3
    t.city(0, "manor", "temple", "tavern", "haunted_quarter", "keep")
    assert breakdown(t.state, 0)["all_types"] == 3


def test_haunted_city_built_in_the_last_round_does_not_count(table):
    """Classic: the Haunted City built in the last round keeps its own colour."""
    from games.citadels.engine.scoring import breakdown

    t = table(4)
    t.state["round"] = 3
    t.city(0, "manor", "temple", "tavern", "haunted_quarter", round_built=3)
    t.player(0)["city"].append({"id": t.take("keep"), "beautified": False, "round": 1})
    assert breakdown(t.state, 0)["all_types"] == 0


def test_quarry_allows_identical_districts(table):
    """Quarry: a district identical to one in the city may be built."""
    t = t2016(table, "quarry")
    _bishop_turn(t)
    t.city(0, "quarry", "manor")
    (manor,) = t.hand(0, "manor")
    t.gold(0, 3)
    t.play(0, {"type": "build", "card": manor})
    assert t.city_keys(0).count("manor") == 2


def test_factory_makes_other_unique_districts_cheaper(table):
    """Factory: other unique districts cost 1 less."""
    t = t2016(table, "factory")
    _bishop_turn(t)
    t.city(0, "factory")
    (keep,) = t.hand(0, "keep")
    t.gold(0, 2)
    t.play(0, {"type": "build", "card": keep})
    assert t.player(0)["gold"] == 0


def test_armory_destroys_itself_and_any_district(table):
    """Armory: destroy it to destroy a district outside a completed city."""
    t = t2016(table, "armory")
    _bishop_turn(t)
    (armory,) = t.city(0, "armory")
    (keep,) = t.city(1, "keep")
    t.play(0, {"type": "armory", "seat": 1, "district": keep})
    assert t.city_keys(0) == [] and t.city_keys(1) == []


def test_museum_stores_a_card_each_turn_for_a_point(table):
    """Museum: once a turn a hand card goes under it; +1 point each."""
    from games.citadels.engine.scoring import breakdown

    t = t2016(table, "museum")
    _bishop_turn(t)
    t.city(0, "museum")
    (temple,) = t.hand(0, "temple")
    t.play(0, {"type": "museum", "card": temple})
    assert t.player(0)["museum"] == [temple]
    assert breakdown(t.state, 0)["uniques"]["museum"] == 1


def test_framework_is_destroyed_to_build_for_free(table):
    """Framework: destroy it instead of paying a district's cost."""
    t = t2016(table, "framework")
    _bishop_turn(t)
    t.city(0, "framework")
    (palace,) = t.hand(0, "palace")
    t.gold(0, 0)
    t.play(0, {"type": "build", "card": palace, "framework": True})
    assert t.city_keys(0) == ["palace"]


def test_necropolis_is_built_by_destroying_a_district(table):
    """Necropolis: build it by destroying one of your districts instead of paying."""
    t = t2016(table, "necropolis")
    _bishop_turn(t)
    (temple,) = t.city(0, "temple")
    (necro,) = t.hand(0, "necropolis")
    t.gold(0, 0)
    t.play(0, {"type": "build", "card": necro, "destroy": temple})
    assert t.city_keys(0) == ["necropolis"]


def test_thieves_den_is_paid_partly_with_cards(table):
    """Thieves' Den: each hand card paid counts as 1 gold."""
    t = t2016(table, "thieves_den")
    _bishop_turn(t)
    den, a, b = t.hand(0, "thieves_den", "temple", "manor")
    t.gold(0, 4)
    t.play(0, {"type": "build", "card": den, "cards": 2})
    assert {m["card"] for m in t.moves(0)} == {a, b}
    t.play(0, {"type": "pay_card", "card": a})
    t.play(0, {"type": "pay_card", "card": b})
    assert t.city_keys(0) == ["thieves_den"]
    assert t.player(0)["gold"] == 0


def test_stables_do_not_count_toward_the_build_limit(table):
    """Stables: built even after the turn's district."""
    t = t2016(table, "stables")
    _bishop_turn(t)
    temple, stables = t.hand(0, "temple", "stables")
    t.gold(0, 3)
    t.play(0, {"type": "build", "card": temple})
    t.play(0, {"type": "build", "card": stables})
    assert sorted(t.city_keys(0)) == ["stables", "temple"]


def test_monument_counts_twice_and_needs_a_small_city(table):
    """Monument: not buildable with 5 districts or more; counts as 2."""
    from games.citadels.engine.common import city_size

    t = t2016(table, "monument")
    _bishop_turn(t)
    t.city(0, "temple", "manor", "tavern", "prison", "church")
    (monument,) = t.hand(0, "monument")
    t.gold(0, 9)
    with pytest.raises(IllegalMove) as err:
        t.play(0, {"type": "build", "card": monument})
    assert "Monument" in err.value.reason
    t.city(0, "temple")
    t.play(0, {"type": "build", "card": monument})
    assert city_size(t.state, 0) == 3


def test_secret_vault_cannot_be_built(table):
    """Secret Vault: never built."""
    t = t2016(table, "secret_vault")
    _bishop_turn(t)
    (vault,) = t.hand(0, "secret_vault")
    t.gold(0, 9)
    with pytest.raises(IllegalMove) as err:
        t.play(0, {"type": "build", "card": vault})
    assert "never be built" in err.value.reason


def test_gold_mine_adds_one_gold_to_taking_gold(table):
    """Gold Mine: 1 more gold when taking gold as resources."""
    t = t2016(table, "gold_mine")
    _bishop_turn(t, main=False)
    t.city(0, "gold_mine")
    t.gold(0, 0)
    t.play(0, {"type": "take_gold"})
    assert t.player(0)["gold"] == 3


def test_park_draws_two_cards_into_an_empty_hand(table):
    """Park: an empty hand at the end of the turn draws 2 cards."""
    t = t2016(table, "park")
    _bishop_turn(t)
    t.city(0, "park")
    t.hand(0)
    t.play(0, {"type": "end_turn"})
    assert len(t.player(0)["hand"]) == 2


def test_poor_house_gives_one_gold_to_the_penniless(table):
    """Poor House: no gold at the end of the turn gains 1."""
    t = t2016(table, "poor_house")
    _bishop_turn(t)
    t.city(0, "poor_house")
    t.gold(0, 0)
    t.play(0, {"type": "end_turn"})
    assert t.player(0)["gold"] == 1


def test_statue_scores_five_with_the_crown_and_does_not_take_it_when_built(table):
    """Statue: +5 points if its owner holds the crown at the end; building it
    does not move the crown (the card's text as transcribed, README)."""
    from games.citadels.engine.scoring import breakdown

    t = t2016(table, "statue")
    t.state["crown"] = 2
    _bishop_turn(t)
    (statue,) = t.hand(0, "statue")
    t.gold(0, 3)
    t.play(0, {"type": "build", "card": statue})
    assert t.state["crown"] == 2
    assert "statue" not in breakdown(t.state, 0)["uniques"]
    t.state["crown"] = 0
    assert breakdown(t.state, 0)["uniques"]["statue"] == 5


def test_theater_swaps_a_character_after_the_draft(table):
    """Theater: after the draft its owner may swap characters blindly."""
    t = t2016(table, "theater")
    t.city(1, "theater")
    while t.state["phase"] == "draft":
        seat = t.engine.to_move(t.state)[0]
        t.play(seat, t.moves(seat)[0])
    assert t.state["pending"] == {"kind": "theater", "seat": 1}
    mine = t.player(1)["characters"][0]
    theirs = t.player(3)["characters"][0]
    t.play(1, {"type": "theater_swap", "seat": 3, "give": mine})
    assert t.player(1)["characters"] == [theirs]
    assert t.player(3)["characters"] == [mine]
