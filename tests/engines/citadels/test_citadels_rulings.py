"""The rulings of the 2016 rulebook's "Character Abilities in Detail" and
"District Clarifications", and the choices where sources disagree (README.md,
"Rulings and choices"). Each test is named after the ruling it checks."""

import pytest

from games.citadels.engine.scoring import breakdown
from games.engines.base import IllegalMove

BASE = ["assassin", "thief", "magician", "king", "bishop", "merchant"]
BASE += ["architect", "warlord"]


def cast(table, players=4, edition="classic", nine=None, uniques=(), **by_rank):
    """A chosen line-up: the base characters, some replaced (rank=key); the
    unique districts `uniques` are in the game."""
    from games.citadels.engine.districts import CLASSIC_UNIQUES, FIRST_GAME_2016

    keys = list(BASE)
    for key, r in by_rank.items():
        keys[r - 1] = key
    if nine:
        keys.append(nine)
    base = FIRST_GAME_2016 if edition == "2016" else list(CLASSIC_UNIQUES)
    chosen = list(uniques) + [k for k in base if k not in uniques]
    chosen = chosen[: 14 if edition == "2016" else 11]
    return table(
        players,
        edition=edition,
        character_set="chosen",
        characters=keys,
        unique_districts=chosen,
    )


def types(moves):
    return {m["type"] for m in moves}


# --- The Witch -------------------------------------------------------------------


def test_witch_must_gather_first_then_must_bewitch_and_nothing_else(table):
    t = cast(table, edition="2016", witch=1, uniques=["stables"])
    t.characters(witch=0, king=1)
    t.city(0, "smithy", "laboratory")
    t.hand(0, "stables", "temple")
    t.gold(0, 9)
    t.turn(0, "witch", main=False)
    assert types(t.moves(0)) == {"take_gold", "draw_cards"}
    t.play(0, {"type": "take_gold"})
    assert types(t.moves(0)) == {"bewitch"}  # no build, no district, no end


def test_witch_paused_her_poor_house_and_park_wait_for_the_resumed_turn(table):
    t = cast(table, edition="2016", witch=1, uniques=["poor_house", "park"])
    t.characters(witch=0, king=1)
    t.city(0, "poor_house", "park")
    t.hand(0)
    t.turn(0, "witch")
    t.gold(0, 0)
    t.play(0, {"type": "bewitch", "character": "king"})
    assert t.player(0)["gold"] == 0 and t.player(0)["hand"] == []
    t.play(1, {"type": "draw_cards"})
    t.play(1, t.moves(1)[0])  # keep one
    assert t.engine.to_move(t.state) == [0]
    t.play(0, {"type": "end_turn"})
    assert t.player(0)["gold"] == 1 and len(t.player(0)["hand"]) == 2


def test_witch_not_resuming_her_poor_house_and_park_do_not_resolve(table):
    t = cast(table, edition="2016", witch=1, uniques=["poor_house", "park"])
    t.characters(witch=0, king=1)  # the Bishop is in nobody's hands
    t.city(0, "poor_house", "park")
    t.hand(0)
    t.turn(0, "witch")
    t.gold(0, 0)
    t.play(0, {"type": "bewitch", "character": "bishop"})
    t.play(1, {"type": "take_gold"})
    t.play(1, {"type": "end_turn"})  # the last turn: the round ends
    assert t.state["round"] == 2
    assert t.player(0)["gold"] == 0 and t.player(0)["hand"] == []


def test_bewitched_player_keeps_only_the_resource_districts(table):
    """Library yes (resources); Poor House no; no ability, no extra resource."""
    t = cast(table, edition="2016", witch=1, uniques=["poor_house"])
    t.characters(witch=0, merchant=1)
    t.state["bewitched"] = "merchant"
    t.city(1, "poor_house", "library", "market")
    t.hand(1)
    t.gold(1, 0)
    t.gold(0, 0)
    t.turn(1, "merchant", main=False)
    t.play(1, {"type": "draw_cards"})
    assert len(t.player(1)["hand"]) == 2  # the Library: both cards kept
    assert t.player(1)["gold"] == 0  # no Poor House, no Merchant's gold
    assert t.engine.to_move(t.state) == [0]
    assert t.player(0)["gold"] == 1  # the Merchant's extra gold goes to her


def test_witch_bewitched_king_still_takes_crown(table):
    t = cast(table, witch=1)
    t.characters(witch=0, king=1)
    t.state["crown"] = 3
    t.state["bewitched"] = "king"
    t.turn(1, "king", main=False)
    assert t.state["crown"] == 1


def test_witch_bewitched_patrician_still_takes_crown(table):
    t = cast(table, edition="2016", witch=1, patrician=4)
    t.characters(witch=0, patrician=2)
    t.state["crown"] = 3
    t.state["bewitched"] = "patrician"
    t.turn(2, "patrician", main=False)
    assert t.state["crown"] == 2


def test_bewitched_bishop_protects_the_witch_city_not_his_own(table):
    t = cast(table, witch=1)
    t.characters(witch=0, bishop=1, warlord=2)
    t.state["bewitched"] = "bishop"
    t.city(0, "temple")
    t.city(1, "tavern")
    t.turn(2, "warlord")
    seats = {m["seat"] for m in t.moves(2) if m["type"] == "destroy"}
    assert 1 in seats and 0 not in seats


def test_bewitched_character_cannot_be_threatened(table):
    t = cast(table, edition="2016", witch=1, blackmailer=2)
    t.characters(witch=0, blackmailer=1, king=2)
    t.state["bewitched"] = "king"
    t.turn(1, "blackmailer")
    named = {k for m in t.moves(1) if m["type"] == "threats" for k in m.values()}
    assert "king" not in named and "bishop" in named


# --- Building nothing ------------------------------------------------------------


def test_navigator_builds_nothing_not_even_the_stables(table):
    t = cast(table, edition="2016", navigator=7, uniques=["stables"])
    t.characters(navigator=0)
    t.turn(0, "navigator")
    t.hand(0, "stables", "temple")
    t.gold(0, 9)
    assert "build" not in types(t.moves(0))


# --- The 2016 Tax Collector ------------------------------------------------------


def test_tax_collector_player_is_taxed_for_his_other_character(table):
    t = cast(table, players=3, edition="2016", nine="tax_collector")
    t.characters(bishop=0, tax_collector=0, king=1)
    t.turn(0, "bishop")
    (temple,) = t.hand(0, "temple")
    t.gold(0, 3)
    t.play(0, {"type": "build", "card": temple})
    assert t.player(0)["gold"] == 1 and t.state["tax_pool"] == 1


def test_tax_collector_is_not_taxed_in_his_own_turn(table):
    t = cast(table, players=3, edition="2016", nine="tax_collector")
    t.characters(bishop=0, tax_collector=0, king=1)
    t.turn(0, "tax_collector")
    (temple,) = t.hand(0, "temple")
    t.gold(0, 3)
    t.play(0, {"type": "build", "card": temple})
    assert t.player(0)["gold"] == 2 and t.state["tax_pool"] == 0


def _warranted_build(table, take):
    t = cast(table, edition="2016", nine="tax_collector", magistrate=1)
    t.characters(magistrate=0, bishop=1, tax_collector=2)
    t.state["warrants"] = {
        "characters": ["bishop", "king", "merchant"],
        "signed": "bishop",
        "revealed": False,
    }
    t.turn(1, "bishop")
    (temple,) = t.hand(1, "temple")
    t.gold(0, 2)
    t.gold(1, 3)
    t.play(1, {"type": "build", "card": temple})
    assert t.state["tax_pool"] == 0  # the tax waits for the Magistrate
    t.play(0, {"type": "confiscate", "take": take})
    return t


def test_magistrate_confiscation_the_magistrate_pays_the_tax(table):
    t = _warranted_build(table, take=True)
    assert t.player(1)["gold"] == 3  # refunded, not taxed
    assert t.player(0)["gold"] == 1 and t.state["tax_pool"] == 1


def test_magistrate_letting_the_district_stand_the_builder_pays_the_tax(table):
    t = _warranted_build(table, take=False)
    assert t.player(1)["gold"] == 1 and t.player(0)["gold"] == 2
    assert t.state["tax_pool"] == 1


# --- Poor House and Alchemist ----------------------------------------------------


def test_poor_house_applies_before_the_alchemist_refund(table):
    t = cast(table, alchemist=6, uniques=["poor_house"])
    t.characters(alchemist=0)
    t.turn(0, "alchemist")
    t.city(0, "poor_house")
    (manor,) = t.hand(0, "manor")
    t.gold(0, 3)
    t.play(0, {"type": "build", "card": manor})
    t.play(0, {"type": "end_turn"})
    assert t.player(0)["gold"] == 4  # 0 -> Poor House 1 -> refund 3


# --- Haunted Quarter -------------------------------------------------------------


def _2016(table, *keys):
    from games.citadels.engine.districts import FIRST_GAME_2016

    chosen = list(keys) + [k for k in FIRST_GAME_2016 if k not in keys]
    return table(4, edition="2016", unique_districts=chosen[:14])


def test_haunted_quarter_as_another_type_no_longer_counts_as_unique_ivory_tower(
    table,
):
    t = _2016(table, "ivory_tower", "haunted_quarter")
    t.city(0, "ivory_tower", "haunted_quarter", "manor", "temple", "tavern")
    detail = breakdown(t.state, 0)
    assert detail["uniques"]["ivory_tower"] == 5
    assert detail["all_types"] == 3 and detail["haunted_as"] == "military"


def test_haunted_quarter_as_another_type_no_longer_counts_for_the_wishing_well(
    table,
):
    t = _2016(table, "wishing_well", "haunted_quarter")
    t.city(0, "wishing_well", "haunted_quarter", "manor", "temple", "tavern")
    detail = breakdown(t.state, 0)
    # As military: +3 for the five types, the Well counts 1 unique (itself).
    assert detail["all_types"] == 3 and detail["uniques"]["wishing_well"] == 1


def test_haunted_quarter_stays_unique_when_that_scores_more(table):
    t = _2016(table, "wishing_well", "haunted_quarter")
    t.city(0, "wishing_well", "haunted_quarter", "manor")
    detail = breakdown(t.state, 0)
    assert detail["uniques"]["wishing_well"] == 2
    assert detail["haunted_as"] == "unique"


# --- The Artist's beautified district --------------------------------------------


def _beautify(t, seat, card):
    city = t.player(seat)["city"]
    for i, d in enumerate(city):
        if d["id"] == card:
            city[i] = {**d, "beautified": True}


def test_beautified_district_costs_more_for_the_marshal_limit_and_price(table):
    t = cast(table, edition="2016", marshal=8)
    t.characters(marshal=0)
    t.turn(0, "marshal")
    manor, temple = t.city(1, "manor", "temple")
    _beautify(t, 1, manor)
    _beautify(t, 1, temple)
    t.gold(0, 9)
    t.gold(1, 0)
    seized = [m["district"] for m in t.moves(0) if m["type"] == "seize"]
    assert seized == [temple]  # the beautified Manor now costs 4
    t.play(0, {"type": "seize", "seat": 1, "district": temple})
    assert t.player(0)["gold"] == 7 and t.player(1)["gold"] == 2


def test_beautified_district_costs_more_for_the_warlord(table):
    t = cast(table)
    t.characters(warlord=0)
    t.turn(0, "warlord")
    (manor,) = t.city(1, "manor")
    _beautify(t, 1, manor)
    t.gold(0, 3)
    assert {"type": "destroy", "seat": 1, "district": manor} in t.moves(0)
    t.play(0, {"type": "destroy", "seat": 1, "district": manor})
    assert t.player(0)["gold"] == 0


def test_beautified_district_costs_more_for_the_basilica(table):
    t = _2016(table, "basilica")
    church, _b = t.city(0, "church", "basilica")
    assert "basilica" not in breakdown(t.state, 0)["uniques"]
    _beautify(t, 0, church)
    assert breakdown(t.state, 0)["uniques"]["basilica"] == 1


# --- The 2016 discards -----------------------------------------------------------


def test_2016_discards_face_up_cards_first_then_the_face_down_one(table):
    """Face up first (never the King), then face down among the rest: the King
    is the face-down card 1 time in 6 (4 players, 9 characters), not 1 in 9."""
    from games.citadels.engine import ENGINE

    opts = ENGINE.validate_options(4, {"edition": "2016", "nine_characters": True})
    king = 0
    for seed in range(600):
        state = ENGINE.setup(4, opts, seed)
        king += state["face_down"][0]["id"] == "char-king"
        assert "char-king" not in state["draft"]["face_up"]
    assert 85 <= king <= 115  # 100 expected; 67 with the face-down card first


# --- When an ability may be used ---------------------------------------------------


def test_2016_income_and_abilities_may_be_used_before_the_resources(table):
    t = cast(table, edition="2016")
    t.characters(magician=0, bishop=1)
    t.turn(0, "magician", main=False)
    assert "swap_hands" in types(t.moves(0))
    t.state["turn"] = None
    t.turn(1, "bishop", main=False)
    t.city(1, "temple")
    assert "income" in types(t.moves(1))
    t.play(1, {"type": "income"})
    assert "build" not in types(t.moves(1))  # builds wait for the resources
    assert types(t.moves(1)) == {"take_gold", "draw_cards"}


def test_classic_abilities_come_after_the_resources(table):
    t = cast(table)
    t.characters(bishop=1)
    t.turn(1, "bishop", main=False)
    t.city(1, "temple")
    assert types(t.moves(1)) == {"take_gold", "draw_cards"}


def test_2016_abbot_must_take_the_tithe_before_his_turn_ends(table):
    t = cast(table, edition="2016", abbot=5)
    t.characters(abbot=0)
    t.turn(0, "abbot")
    t.gold(0, 1)
    t.gold(2, 5)
    assert "end_turn" not in types(t.moves(0))
    t.play(0, {"type": "tithe", "seat": 2})
    assert "end_turn" in types(t.moves(0))
    assert t.player(0)["gold"] == 2 and t.player(2)["gold"] == 4


def test_threatened_character_uses_no_ability_before_settling_the_threat(table):
    t = cast(table, edition="2016", blackmailer=2)
    t.characters(blackmailer=0, bishop=1)
    t.state["threats"] = {
        "characters": ["bishop", "king"],
        "flowered": "bishop",
        "revealed": [],
    }
    t.turn(1, "bishop", main=False)
    t.city(1, "temple")
    assert types(t.moves(1)) == {"take_gold", "draw_cards"}


# --- Completed cities -------------------------------------------------------------


def test_no_district_of_a_completed_city_is_destroyed_not_even_by_its_own_armory(
    table,
):
    t = _2016(table, "armory", "framework")
    t.characters(bishop=0)
    t.turn(0, "bishop")
    t.city(0, "armory", "framework", "manor", "castle", "palace", "temple", "church")
    t.city(1, "tavern")
    (market,) = t.hand(0, "market")
    t.gold(0, 0)
    moves = t.moves(0)
    assert "armory" not in types(moves)
    assert not [m for m in moves if m.get("framework")]
    t.state["players"][0]["city"].pop()  # six districts: not complete
    assert "armory" in types(t.moves(0))
    assert {"type": "build", "card": market, "framework": True} in t.moves(0)


# --- Where sources disagree --------------------------------------------------------


def test_classic_laboratory_gives_one_gold_and_2016_two(table):
    from games.citadels.engine.wonders import LABORATORY_GOLD

    assert LABORATORY_GOLD == {"classic": 1, "2016": 2}


def test_observatory_and_imperial_treasury_costs_by_edition():
    from games.citadels.engine import districts as ds

    assert ds.cost("observatory", "classic") == 5
    assert ds.cost("observatory", "2016") == 4
    assert ds.cost("imperial_treasury", "classic") == 4
    assert ds.cost("imperial_treasury", "2016") == 5


def test_2016_merchant_gains_one_extra_gold(table):
    t = cast(table, edition="2016")
    t.characters(merchant=0)
    t.turn(0, "merchant", main=False)
    t.gold(0, 0)
    t.play(0, {"type": "take_gold"})
    assert t.player(0)["gold"] == 3


# --- The Ball Room ----------------------------------------------------------------


def _ball(table):
    from games.citadels.engine.districts import CLASSIC_UNIQUES

    kinds = ["ball_room"] + [k for k in CLASSIC_UNIQUES if k != "keep"]
    t = table(4, unique_districts=kinds)
    t.characters(bishop=1, king=0)
    t.city(0, "ball_room")
    t.state["crown"] = 0
    return t


def test_ball_room_host_is_thanked_before_any_other_move(table):
    t = _ball(table)
    t.turn(1, "bishop", main=False)
    assert {"type": "thank"} in t.moves(1)
    line = t.engine.describe(t.state, 1, {"type": "thank"}, None)
    assert "thanked" in line
    t.play(1, {"type": "thank"})
    assert {"type": "thank"} not in t.moves(1)
    t.play(1, {"type": "take_gold"})
    assert t.state["turn"]["seat"] == 1 and t.state["turn"]["step"] == "main"


def test_ball_room_forgetting_to_thank_the_host_loses_the_turn(table):
    t = _ball(table)
    t.turn(1, "bishop", main=False)
    gold = t.player(1)["gold"]
    line = t.engine.describe(t.state, 1, {"type": "take_gold"}, None)
    assert "lost the turn" in line
    t.play(1, {"type": "take_gold"})
    assert t.player(1)["gold"] == gold
    assert t.state["round"] == 2  # the Bishop was the last character called


def test_ball_room_no_thanks_owed_by_the_host_nor_without_the_crown(table):
    t = _ball(table)
    t.turn(0, "king", main=False)
    assert {"type": "thank"} not in t.moves(0)
    t.state["crown"] = 2
    t.state["turn"] = None
    t.turn(1, "bishop", main=False)
    assert {"type": "thank"} not in t.moves(1)


def test_ball_room_can_be_chosen_for_a_classic_game():
    from games.citadels.engine import ENGINE
    from games.citadels.engine.districts import CLASSIC_UNIQUES

    kinds = ["ball_room"] + [k for k in CLASSIC_UNIQUES if k != "keep"]
    opts = ENGINE.validate_options(4, {"unique_districts": kinds})
    assert "ball_room" in ENGINE.setup(4, opts, 1)["uniques"]


# --- What the page reads -----------------------------------------------------------


def test_view_gives_the_warlord_the_price_of_each_destruction(table):
    from games.engines.base import canonical

    t = cast(table, edition="2016")
    t.characters(warlord=0, bishop=2)
    t.turn(0, "warlord")
    manor, keep = t.city(1, "manor", "keep")
    _beautify(t, 1, manor)
    t.city(2, "temple")
    t.gold(0, 3)
    view = t.engine.view(t.state, 0)
    destroy = {"type": "destroy", "seat": 1, "district": manor}
    # A beautified Manor counts 4: destroying it costs one less.
    assert view["move_costs"][canonical(destroy)] == 3
    assert all(m.get("district") != keep for m in view["moves"])
    # The page reads the same numbers `apply` takes: no other price in the view.
    assert all("destroy_cost" not in d for p in view["players"] for d in p["city"])


def test_view_gives_the_bribe_a_threatened_player_would_pay(table):
    t = cast(table, edition="2016", blackmailer=2)
    t.characters(blackmailer=0, bishop=1)
    t.state["threats"] = {
        "characters": ["bishop", "king"],
        "flowered": "bishop",
        "revealed": [],
    }
    t.turn(1, "bishop", main=False)
    t.gold(1, 5)
    t.play(1, {"type": "take_gold"})
    assert t.engine.view(t.state, 2)["call"]["turn"]["bribe_cost"] == 3


# --- More clarifications of the 2016 rulebook --------------------------------------


def _warrant(t, signed="bishop"):
    t.state["warrants"] = {
        "characters": sorted([signed, "king", "merchant"]),
        "signed": signed,
        "revealed": False,
    }


def _magistrate_table(table, *uniques):
    t = cast(table, edition="2016", magistrate=1, uniques=list(uniques))
    t.characters(magistrate=0, bishop=1)
    _warrant(t)
    t.turn(1, "bishop")
    return t


def test_magistrate_cannot_confiscate_a_framework_build_but_the_next_paid_one(
    table,
):
    t = _magistrate_table(table, "framework")
    t.city(1, "framework")
    palace, temple = t.hand(1, "palace", "temple")
    t.gold(1, 1)
    t.play(1, {"type": "build", "card": palace, "framework": True})
    assert t.state["pending"] is None  # not asked: nothing was paid
    t.state["turn"]["built"] = 0  # a second build (as an Architect would)
    t.play(1, {"type": "build", "card": temple})
    assert t.state["pending"]["kind"] == "magistrate"


def test_magistrate_confiscated_stables_leave_the_builder_a_build(table):
    t = _magistrate_table(table, "stables")
    stables, temple = t.hand(1, "stables", "temple")
    t.gold(1, 5)
    t.play(1, {"type": "build", "card": stables})
    t.play(0, {"type": "confiscate", "take": True})
    assert {"type": "build", "card": temple} in t.moves(1)


def test_magistrate_confiscated_thieves_den_returns_only_the_gold(table):
    t = _magistrate_table(table, "thieves_den")
    den, a, b = t.hand(1, "thieves_den", "temple", "church")
    t.gold(1, 4)
    t.play(1, {"type": "build", "card": den, "cards": 2})
    t.play(1, {"type": "pay_card", "card": a})
    t.play(1, {"type": "pay_card", "card": b})
    assert t.player(1)["gold"] == 0
    t.play(0, {"type": "confiscate", "take": True})
    assert t.player(1)["gold"] == 4 and t.player(1)["hand"] == []


def test_magistrate_cannot_confiscate_a_district_he_has(table):
    t = _magistrate_table(table)
    t.city(0, "palace")
    (palace,) = t.hand(1, "palace")
    t.gold(1, 5)
    t.play(1, {"type": "build", "card": palace})
    assert t.moves(0) == [{"type": "confiscate", "take": False}]


def test_diplomat_may_give_a_district_from_his_own_completed_city(table):
    t = cast(table, edition="2016", diplomat=8)
    t.characters(diplomat=0)
    t.turn(0, "diplomat")
    mine = t.city(
        0, "temple", "manor", "castle", "church", "tavern", "market", "prison"
    )
    (palace,) = t.city(2, "palace")
    t.gold(0, 9)
    move = {"type": "exchange", "district": mine[0], "seat": 2, "target": palace}
    assert move in t.moves(0)


def test_diplomat_great_wall_is_not_applied_to_the_district_he_gives(table):
    t = cast(table, edition="2016", diplomat=8, uniques=["great_wall"])
    t.characters(diplomat=0)
    t.turn(0, "diplomat")
    temple, _wall = t.city(0, "temple", "great_wall")
    (manor,) = t.city(2, "manor")
    t.gold(0, 2)
    t.gold(2, 0)
    t.play(0, {"type": "exchange", "district": temple, "seat": 2, "target": manor})
    assert t.player(0)["gold"] == 0 and t.player(2)["gold"] == 2


def test_diplomat_cannot_take_a_district_identical_to_one_in_his_city(table):
    """2016 rulebook: the Diplomat cannot take a district identical to one in
    his city, not even for the one he gives (his plain Manor for a beautified
    Manor is no exchange)."""
    t = cast(table, edition="2016", diplomat=8)
    t.characters(diplomat=0)
    t.turn(0, "diplomat")
    manor, _temple = t.city(0, "manor", "temple")
    theirs, palace = t.city(2, "manor", "palace")
    _beautify(t, 2, theirs)
    t.gold(0, 9)
    targets = {m["target"] for m in t.moves(0) if m["type"] == "exchange"}
    assert theirs not in targets
    assert palace in targets
    move = {"type": "exchange", "district": manor, "seat": 2, "target": theirs}
    with pytest.raises(IllegalMove):
        t.play(0, move)


def test_museum_cards_stay_with_the_museum_when_exchanged(table):
    t = cast(table, edition="2016", diplomat=8, uniques=["museum"])
    t.characters(diplomat=0)
    t.turn(0, "diplomat")
    (palace,) = t.city(0, "palace")
    (museum,) = t.city(2, "museum")
    (under,) = t.hand(3, "temple")
    t.player(3)["hand"] = []
    t.player(2)["museum"] = [under]
    t.gold(0, 0)
    t.play(0, {"type": "exchange", "district": palace, "seat": 2, "target": museum})
    assert t.player(0)["museum"] == [under] and t.player(2)["museum"] == []


def test_museum_cards_go_under_the_deck_when_it_is_destroyed(table):
    t = cast(table, edition="2016", uniques=["museum"])
    t.characters(warlord=0)
    t.turn(0, "warlord")
    (museum,) = t.city(2, "museum")
    (under,) = t.hand(3, "temple")
    t.player(3)["hand"] = []
    t.player(2)["museum"] = [under]
    t.gold(0, 3)
    t.play(0, {"type": "destroy", "seat": 2, "district": museum})
    assert t.player(2)["museum"] == [] and t.state["deck"][-2:] == [under, museum]


def test_capitol_scores_its_extra_points_only_once(table):
    t = _2016(table, "capitol")
    t.city(0, "capitol", "manor", "castle", "palace", "temple", "church")
    t.state["players"][0]["city"] += [
        {"id": t.take("monastery"), "beautified": False, "round": 0}
    ]
    assert breakdown(t.state, 0)["uniques"]["capitol"] == 3


def test_seer_neither_takes_from_nor_gives_to_an_empty_hand(table):
    t = cast(table, edition="2016", seer=3)
    t.characters(seer=0)
    t.turn(0, "seer")
    t.hand(1, "temple")
    t.hand(2)
    t.hand(3, "manor")
    t.play(0, {"type": "seer"})
    assert t.state["turn"]["sub"]["owed"] == [1, 3]


def test_emperor_takes_nothing_from_a_player_with_neither_gold_nor_cards(table):
    t = cast(table, edition="2016", emperor=4)
    t.characters(emperor=0)
    t.state["crown"] = 1
    t.turn(0, "emperor")
    t.gold(2, 0)
    t.hand(2)
    assert [m for m in t.moves(0) if m.get("seat") == 2] == [
        {"type": "give_crown", "seat": 2}
    ]


def test_spy_with_more_matches_than_gold_takes_all_and_still_draws(table):
    t = cast(table, edition="2016", spy=2)
    t.characters(spy=0)
    t.turn(0, "spy")
    t.hand(1, "manor", "castle", "palace")
    t.gold(1, 1)
    t.gold(0, 0)
    hand = len(t.player(0)["hand"])
    t.play(0, {"type": "spy", "seat": 1, "kind": "noble"})
    assert t.player(0)["gold"] == 1 and t.player(1)["gold"] == 0
    assert len(t.player(0)["hand"]) == hand + 3


def test_alchemist_gets_back_no_gold_paid_for_the_smithy_or_the_tax(table):
    t = cast(table, edition="2016", alchemist=6, nine="tax_collector")
    t.characters(alchemist=0)
    t.turn(0, "alchemist")
    t.city(0, "smithy")
    (manor,) = t.hand(0, "manor")
    t.gold(0, 6)
    t.play(0, {"type": "smithy"})
    t.play(0, {"type": "build", "card": manor})
    assert t.player(0)["gold"] == 0  # 6 - 2 (Smithy) - 3 (Manor) - 1 (tax)
    t.play(0, {"type": "end_turn"})
    assert t.player(0)["gold"] == 3


def test_school_of_magic_gives_the_2016_abbot_one_of_either(table):
    t = cast(table, edition="2016", abbot=5)
    t.characters(abbot=0)
    t.turn(0, "abbot")
    t.city(0, "school_of_magic", "temple")
    t.gold(0, 9)
    incomes = [m for m in t.moves(0) if m["type"] == "income"]
    assert incomes == [{"type": "income", "cards": k} for k in range(3)]


def test_tax_collector_charges_a_build_not_paid_for(table):
    t = cast(table, edition="2016", nine="tax_collector", uniques=["framework"])
    t.characters(bishop=0)
    t.turn(0, "bishop")
    t.city(0, "framework")
    (palace,) = t.hand(0, "palace")
    t.gold(0, 1)
    t.play(0, {"type": "build", "card": palace, "framework": True})
    assert t.player(0)["gold"] == 0 and t.state["tax_pool"] == 1


def test_quarry_owner_cannot_seize_an_identical_district(table):
    t = cast(table, edition="2016", marshal=8, uniques=["quarry"])
    t.characters(marshal=0)
    t.turn(0, "marshal")
    t.city(0, "quarry", "temple")
    temple, church = t.city(1, "temple", "church")
    t.gold(0, 9)
    seized = {m["district"] for m in t.moves(0) if m["type"] == "seize"}
    assert seized == {church}


def test_cardinal_takes_only_the_gold_he_lacks(table):
    t = cast(table, edition="2016", cardinal=5)
    t.characters(cardinal=0)
    t.turn(0, "cardinal")
    palace, a, b = t.hand(0, "palace", "temple", "church")
    t.gold(0, 3)
    t.gold(1, 9)
    t.play(0, {"type": "build", "card": palace, "from": 1})
    assert t.state["turn"]["sub"]["needed"] == 2
    t.play(0, {"type": "give_card", "card": a})
    t.play(0, {"type": "give_card", "card": b})
    assert t.player(1)["gold"] == 7 and t.player(0)["gold"] == 0


def test_bewitched_emperor_the_witch_gives_the_crown_and_takes_the_resource(
    table,
):
    t = cast(table, edition="2016", witch=1, emperor=4)
    t.characters(witch=0, emperor=1)
    t.state["bewitched"] = "emperor"
    t.state["crown"] = 2
    t.turn(1, "emperor", main=False)
    t.play(1, {"type": "take_gold"})
    assert t.engine.to_move(t.state) == [0]
    t.gold(3, 4)
    gold = t.player(0)["gold"]
    t.play(0, {"type": "give_crown", "seat": 3, "take": "gold"})
    assert t.state["crown"] == 3 and t.player(0)["gold"] == gold + 1


def test_bewitched_blackmailer_the_witch_receives_the_bribe(table):
    t = cast(table, edition="2016", witch=1, blackmailer=2)
    t.characters(witch=0, blackmailer=1, bishop=2)
    t.state["bewitched"] = "blackmailer"
    t.turn(1, "blackmailer", main=False)
    t.play(1, {"type": "take_gold"})
    gold = t.player(1)["gold"]
    t.play(0, {"type": "threats", "flowered": "bishop", "other": "king"})
    t.play(0, {"type": "end_turn"})
    t.gold(0, 0)
    t.gold(2, 4)
    t.play(2, {"type": "take_gold"})
    t.play(2, {"type": "bribe", "pay": True})
    assert t.player(0)["gold"] == 3 and t.player(1)["gold"] == gold  # 6 // 2


def test_refusals_name_the_witch_build_rule_and_an_obligatory_power(table):
    import pytest

    from games.engines.base import IllegalMove

    t = cast(table, edition="2016", witch=1, abbot=5)
    t.characters(witch=0, abbot=1)
    t.turn(0, "witch")
    (temple,) = t.hand(0, "temple")
    with pytest.raises(IllegalMove, match="Witch builds nothing"):
        t.play(0, {"type": "build", "card": temple})
    with pytest.raises(IllegalMove, match="must use the power"):
        t.play(0, {"type": "end_turn"})
