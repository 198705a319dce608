"""The classic alternate characters (Dark City)."""

import pytest

from games.engines.base import IllegalMove

ALTS = ["witch", "tax_collector", "wizard", "emperor", "abbot", "alchemist"]
ALTS += ["navigator", "diplomat"]


def alt_table(table, players=4, **replace):
    keys = ["assassin", "thief", "magician", "king", "bishop", "merchant"]
    keys += ["architect", "warlord"]
    for i, key in enumerate(ALTS):
        if key in replace:
            keys[i] = key
    return table(players, character_set="chosen", characters=keys)


def test_witch_bewitches_and_her_turn_ends(table):
    """The Witch takes resources, names a character, and her turn ends at once."""
    t = alt_table(table, witch=1)
    t.characters(witch=0, magician=1)
    t.turn(0, "witch")
    assert not [m for m in t.moves(0) if m["type"] == "build"]
    t.play(0, {"type": "bewitch", "character": "magician"})
    assert t.state["bewitched"] == "magician"
    assert t.state["turn"]["char"] == "magician"


def test_bewitched_player_only_takes_resources_then_the_witch_plays(table):
    """The bewitched player takes resources; the Witch's player plays the rest
    of the turn with that character's power and income, in her own city."""
    t = alt_table(table, witch=1)
    t.characters(witch=0, king=1)
    t.state["crown"] = 3
    t.state["bewitched"] = "king"
    t.city(0, "manor", "castle")
    t.city(1, "palace")
    t.gold(0, 0)
    t.gold(1, 0)
    t.turn(1, "king", main=False)
    t.play(1, {"type": "take_gold"})
    assert t.player(1)["gold"] == 2
    assert t.engine.to_move(t.state) == [0]
    t.play(0, {"type": "income"})
    assert t.player(0)["gold"] == 2


def test_bewitched_character_cannot_be_robbed(table):
    """The Thief cannot rob the bewitched character."""
    keys = ["witch", "thief", "magician", "king", "bishop", "merchant"]
    keys += ["architect", "warlord"]
    t = table(4, character_set="chosen", characters=keys)
    t.characters(witch=0, thief=1)
    t.state["bewitched"] = "king"
    t.turn(1, "thief")
    assert {"type": "rob", "character": "king"} not in t.moves(1)


def test_tax_collector_takes_one_gold_from_each_builder(table):
    """A player who builds after the Tax Collector is revealed pays him 1 gold."""
    t = alt_table(table, tax_collector=1)
    t.characters(tax_collector=0, bishop=1)
    t.turn(0, "tax_collector")
    t.play(0, {"type": "end_turn"})
    t.state["turn"]["step"] = "main"
    temple, church = t.hand(1, "temple", "church")
    t.gold(0, 0)
    t.gold(1, 2)
    t.play(1, {"type": "build", "card": temple})
    assert t.player(1)["gold"] == 0
    assert t.player(0)["gold"] == 1


def test_wizard_takes_a_card_and_builds_it_outside_the_limit(table):
    """The Wizard looks at a hand, takes a card, builds it at once (even a
    duplicate, outside the build limit) or keeps it."""
    t = alt_table(table, wizard=1)
    t.characters(wizard=0)
    t.turn(0, "wizard")
    t.city(0, "manor")
    (tavern,) = t.hand(0, "tavern")
    manor, temple = t.hand(2, "manor", "temple")
    t.gold(0, 9)
    t.play(0, {"type": "build", "card": tavern})
    t.play(0, {"type": "wizard_look", "seat": 2})
    assert {m["card"] for m in t.moves(0)} == {manor, temple}
    t.play(0, {"type": "wizard_take", "card": manor})
    t.play(0, {"type": "wizard_build"})
    assert sorted(t.city_keys(0)) == ["manor", "manor", "tavern"]
    assert t.player(2)["hand"] == [temple]


def test_wizard_sees_the_hand_he_looks_at(table):
    """While choosing, the Wizard's view holds the other hand, others' do not."""
    t = alt_table(table, wizard=1)
    t.characters(wizard=0)
    t.turn(0, "wizard")
    (manor,) = t.hand(2, "manor")
    t.play(0, {"type": "wizard_look", "seat": 2})
    assert manor in t.engine.secrets(t.state, 0)
    assert manor in str(t.engine.view(t.state, 0))
    assert manor not in str(t.engine.view(t.state, 1))


def test_emperor_must_give_the_crown_and_gets_a_tribute(table):
    """The Emperor gives the crown to another player (not himself, not its
    holder), who pays 1 gold or 1 card of their choice."""
    t = alt_table(table, emperor=1)
    t.state["crown"] = 3
    t.characters(emperor=0)
    t.turn(0, "emperor")
    assert {"type": "end_turn"} not in t.moves(0)
    targets = {m["seat"] for m in t.moves(0) if m["type"] == "give_crown"}
    assert targets == {1, 2}
    t.gold(0, 0)
    t.gold(2, 3)
    t.play(0, {"type": "give_crown", "seat": 2})
    assert t.state["crown"] == 2
    assert t.engine.to_move(t.state) == [2]
    t.play(2, {"type": "tribute", "gold": 1})
    assert t.player(0)["gold"] == 1
    assert t.engine.to_move(t.state) == [0]


def test_killed_emperor_gives_the_crown_at_the_end_of_the_round(table):
    """A killed Emperor still gives the crown after the round, without tribute."""
    t = alt_table(table, emperor=1)
    t.state["crown"] = 3
    t.characters(assassin=1, emperor=0)
    t.turn(1, "assassin")
    t.play(1, {"type": "kill", "character": "emperor"})
    t.play(1, {"type": "end_turn"})
    assert t.state["pending"]["kind"] == "emperor_crown"
    t.play(0, {"type": "give_crown", "seat": 2})
    assert t.state["crown"] == 2
    assert t.state["round"] == 2


def test_abbot_gets_one_gold_from_the_richest(table):
    """The single richest player gives the Abbot 1 gold."""
    t = alt_table(table, abbot=1)
    t.characters(abbot=0)
    t.turn(0, "abbot", main=False)
    t.gold(0, 0)
    t.gold(1, 7)
    t.gold(2, 3)
    t.play(0, {"type": "take_gold"})
    assert t.player(0)["gold"] == 3
    assert t.player(1)["gold"] == 6


def test_abbot_gets_nothing_when_the_richest_tie(table):
    """No gold from a tie for richest."""
    t = alt_table(table, abbot=1)
    t.characters(abbot=0)
    t.turn(0, "abbot", main=False)
    t.gold(0, 0)
    t.gold(1, 7)
    t.gold(2, 7)
    t.play(0, {"type": "take_gold"})
    assert t.player(0)["gold"] == 2


def test_alchemist_gets_back_the_gold_spent_building(table):
    """At the end of his turn the Alchemist recovers the gold he paid to build."""
    t = alt_table(table, alchemist=1)
    t.characters(alchemist=0)
    t.turn(0, "alchemist")
    (palace,) = t.hand(0, "palace")
    t.gold(0, 5)
    t.play(0, {"type": "build", "card": palace})
    assert t.player(0)["gold"] == 0
    t.play(0, {"type": "end_turn"})
    assert t.player(0)["gold"] == 5


def test_navigator_takes_four_gold_or_four_cards_and_cannot_build(table):
    """The Navigator gains 4 gold or 4 cards and never builds."""
    t = alt_table(table, navigator=1)
    t.characters(navigator=0)
    t.turn(0, "navigator")
    (temple,) = t.hand(0, "temple")
    t.gold(0, 5)
    with pytest.raises(IllegalMove) as err:
        t.play(0, {"type": "build", "card": temple})
    assert "Navigator cannot build" in err.value.reason
    t.play(0, {"type": "navigate", "take": "cards"})
    assert len(t.player(0)["hand"]) == 5


def test_diplomat_exchanges_districts_paying_the_difference(table):
    """The Diplomat swaps one of his districts for a dearer one and pays the
    owner the difference."""
    t = alt_table(table, diplomat=1)
    t.characters(diplomat=0)
    t.turn(0, "diplomat")
    (temple,) = t.city(0, "temple")
    (palace,) = t.city(2, "palace")
    t.gold(0, 4)
    t.gold(2, 0)
    t.play(0, {"type": "exchange", "district": temple, "seat": 2, "target": palace})
    assert t.city_keys(0) == ["palace"]
    assert t.city_keys(2) == ["temple"]
    assert t.player(0)["gold"] == 0
    assert t.player(2)["gold"] == 4


def test_diplomat_cannot_take_a_keep(table):
    """The Keep cannot be exchanged."""
    t = alt_table(table, diplomat=1)
    t.characters(diplomat=0)
    t.turn(0, "diplomat")
    t.city(0, "temple")
    t.city(2, "keep")
    t.gold(0, 9)
    assert not [m for m in t.moves(0) if m["type"] == "exchange"]


def test_wizard_may_keep_the_card_instead(table):
    """The Wizard may add the taken card to his hand."""
    t = alt_table(table, wizard=1)
    t.characters(wizard=0)
    t.turn(0, "wizard")
    t.hand(0)
    (manor,) = t.hand(2, "manor")
    t.play(0, {"type": "wizard_look", "seat": 2})
    t.play(0, {"type": "wizard_take", "card": manor})
    t.play(0, {"type": "wizard_keep"})
    assert t.player(0)["hand"] == [manor] and t.player(2)["hand"] == []


def test_diplomat_pays_one_more_behind_a_great_wall(table):
    """Great Wall: the Diplomat pays 1 more to take a district from that city."""
    t = alt_table(table, diplomat=1)
    t.characters(diplomat=0)
    t.turn(0, "diplomat")
    (church,) = t.city(0, "church")
    _wall, manor = t.city(2, "great_wall", "manor")
    t.gold(0, 1)
    move = {"type": "exchange", "district": church, "seat": 2, "target": manor}
    assert move not in t.moves(0)
    t.gold(0, 2)
    t.play(0, move)
    assert t.player(0)["gold"] == 0 and t.player(2)["gold"] == 2 + 1


def test_bewitched_thief_robs_for_the_witch(table):
    """When the Witch plays the Thief's turn, the stolen gold goes to her."""
    keys = ["witch", "thief", "magician", "king", "bishop", "merchant"]
    keys += ["architect", "warlord"]
    t = table(4, character_set="chosen", characters=keys)
    t.characters(witch=0, thief=1, merchant=2)
    t.state["bewitched"] = "thief"
    t.turn(1, "thief", main=False)
    t.play(1, {"type": "take_gold"})
    t.play(0, {"type": "rob", "character": "merchant"})
    t.gold(0, 0)
    t.gold(1, 0)
    t.gold(2, 4)
    t.play(0, {"type": "end_turn"})
    assert t.state["turn"]["char"] == "merchant"
    assert t.player(0)["gold"] == 4 and t.player(1)["gold"] == 0
