"""Classic Dark City purple districts."""

import pytest

from games.engines.base import InvalidOptions

DC = ["lighthouse", "bell_tower", "hospital", "throne_room", "wishing_well"]
DC += ["museum", "armory", "park", "poor_house", "factory", "quarry"]


def dark(table, players=4, kinds=DC):
    return table(players, unique_districts=list(kinds))


def test_classic_purples_can_be_chosen_or_random():
    """Classic: "base", "random" or 11 chosen base/Dark City purples."""
    from games.citadels.engine import ENGINE

    opts = ENGINE.validate_options(4, {"unique_districts": "random"})
    assert len(ENGINE.setup(4, opts, 1)["uniques"]) == 11
    with pytest.raises(InvalidOptions):
        ENGINE.validate_options(4, {"unique_districts": ["great_hall", *DC[:10]]})


def test_powderhouse_is_the_classic_armory(table):
    """The classic Armory is named Powderhouse and costs 3."""
    from games.citadels.engine.common import cost_of, dname

    t = dark(table)
    (card,) = t.hand(0, "armory")
    assert dname(t.state, card) == "Powderhouse" and cost_of(t.state, card) == 3


def test_lighthouse_takes_any_card_of_the_deck(table):
    """Lighthouse: when built, take any card from the deck, then shuffle it."""
    t = dark(table)
    t.characters(bishop=0)
    t.turn(0, "bishop")
    (lighthouse,) = t.hand(0, "lighthouse")
    t.gold(0, 3)
    t.play(0, {"type": "build", "card": lighthouse})
    wanted = t.state["deck"][-1]
    assert wanted in t.engine.secrets(t.state, 0)
    assert wanted not in t.engine.secrets(t.state, None)
    t.play(0, {"type": "lighthouse", "card": wanted})
    assert t.player(0)["hand"] == [wanted]


def test_bell_tower_brings_the_end_one_district_sooner(table):
    """Bell Tower: announcing it makes 7 districts a complete city; destroyed,
    the announcement lapses."""
    t = dark(table)
    t.characters(bishop=0, warlord=1)
    t.turn(0, "bishop")
    t.city(0, "manor", "castle", "palace", "temple", "church", "tavern")
    (bell,) = t.hand(0, "bell_tower")
    t.gold(0, 5)
    t.play(0, {"type": "build", "card": bell})
    t.play(0, {"type": "bell_tower", "announce": True})
    assert t.state["complete_size"] == 7
    assert t.state["first_complete"] == 0
    from games.citadels.engine.building import remove_district

    remove_district(t.state, 0, bell)
    assert t.state["complete_size"] == 8 and t.state["first_complete"] is None


def test_bell_tower_destroyed_after_another_city_reached_seven_still_ends(table):
    """Bell Tower destroyed after another city reached the reduced count: the
    size of a complete city is back to 8, but that other city still ends the
    game at the end of the round (README, "Rulings and choices")."""
    t = dark(table)
    t.characters(bishop=0, warlord=1)
    t.turn(0, "bishop")
    t.city(0, "manor", "castle", "palace", "temple", "church", "tavern")
    t.city(2, "manor", "castle", "palace", "temple", "church", "tavern", "market")
    (bell,) = t.hand(0, "bell_tower")
    t.gold(0, 5)
    t.play(0, {"type": "build", "card": bell})
    t.play(0, {"type": "bell_tower", "announce": True})
    assert t.state["first_complete"] == 0
    from games.citadels.engine.building import remove_district

    remove_district(t.state, 0, bell)
    assert t.state["complete_size"] == 8
    assert t.state["first_complete"] == 2


def test_bell_tower_revert_keeps_the_end_of_a_city_still_at_the_reduced_count(
    table,
):
    """The first city to reach 7 keeps ending the game when another city's Bell
    Tower is destroyed; it scores the complete-city bonuses only at 8."""
    from games.citadels.engine.building import remove_district
    from games.citadels.engine.scoring import breakdown

    t = dark(table)
    t.characters(bishop=0, warlord=1)
    t.turn(0, "bishop")
    t.city(0, "manor")
    (bell,) = t.hand(0, "bell_tower")
    t.gold(0, 5)
    t.play(0, {"type": "build", "card": bell})
    t.play(0, {"type": "bell_tower", "announce": True})
    t.city(2, "manor", "castle", "palace", "temple", "church", "tavern", "market")
    t.state["first_complete"] = 2
    remove_district(t.state, 0, bell)
    assert t.state["complete_size"] == 8 and t.state["first_complete"] == 2
    assert breakdown(t.state, 2)["first_complete"] == 0


def test_hospital_lets_a_killed_character_take_resources(table):
    """Hospital: a killed player still takes gold or cards, and nothing more."""
    t = dark(table)
    t.characters(assassin=1, bishop=0)
    t.city(0, "hospital")
    t.gold(0, 0)
    t.turn(1, "assassin")
    t.play(1, {"type": "kill", "character": "bishop"})
    t.play(1, {"type": "end_turn"})
    assert t.engine.to_move(t.state) == [0]
    assert t.moves(0)[0] == {"type": "take_gold"}
    t.play(0, {"type": "take_gold"})
    assert t.player(0)["gold"] == 2
    assert t.player(0)["revealed"] == []
    assert t.state["round"] == 2


def test_throne_room_gains_gold_when_the_crown_moves(table):
    """Throne Room: 1 gold each time the crown changes hands."""
    t = dark(table)
    t.state["crown"] = 3
    t.city(2, "throne_room")
    t.gold(2, 0)
    t.characters(king=1)
    t.turn(1, "king")
    assert t.player(2)["gold"] == 1


def test_classic_wishing_well_counts_other_purples(table):
    """Wishing Well (classic): +1 per other purple district."""
    from games.citadels.engine.scoring import breakdown

    t = dark(table)
    t.city(0, "wishing_well", "museum", "park", "manor")
    assert breakdown(t.state, 0)["uniques"]["wishing_well"] == 2
