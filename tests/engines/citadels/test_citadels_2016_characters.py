"""Characters as the 2016 edition plays them."""

import pytest

from games.engines.base import IllegalMove

BASE = ["assassin", "thief", "magician", "king", "bishop", "merchant"]
BASE += ["architect", "warlord"]
RANK = {
    "witch": 1,
    "spy": 2,
    "wizard": 3,
    "seer": 3,
    "emperor": 4,
    "patrician": 4,
    "abbot": 5,
    "cardinal": 5,
    "alchemist": 6,
    "trader": 6,
    "navigator": 7,
    "scholar": 7,
    "diplomat": 8,
    "marshal": 8,
}


def t16(table, *keys, players=4, nine=None):
    chars = list(BASE)
    for key in keys:
        chars[RANK[key] - 1] = key
    if nine:
        chars.append(nine)
    return table(players, edition="2016", character_set="chosen", characters=chars)


def test_patrician_takes_the_crown_and_cards_for_noble_districts(table):
    """Patrician: takes the crown; 1 card per noble district."""
    t = t16(table, "patrician")
    t.state["crown"] = 2
    t.characters(patrician=0)
    t.turn(0, "patrician")
    assert t.state["crown"] == 0
    t.city(0, "manor", "castle")
    t.hand(0)
    t.play(0, {"type": "income"})
    assert len(t.player(0)["hand"]) == 2


def test_emperor_2016_takes_gold_or_a_random_card(table):
    """Emperor (2016): gives the crown and takes 1 gold or 1 random card."""
    t = t16(table, "emperor")
    t.state["crown"] = 3
    t.characters(emperor=0)
    t.turn(0, "emperor")
    (temple,) = t.hand(1, "temple")
    t.hand(0)
    t.play(0, {"type": "give_crown", "seat": 1, "take": "card"})
    assert t.state["crown"] == 1
    assert t.player(0)["hand"] == [temple]


def test_emperor_is_not_played_by_two(table):
    """Emperor: not allowed in 2-player games."""
    from games.engines.base import InvalidOptions

    chars = list(BASE)
    chars[3] = "emperor"
    with pytest.raises(InvalidOptions):
        table(2, edition="2016", character_set="chosen", characters=chars)


def test_abbot_2016_mixes_gold_and_cards_and_taxes_the_richest(table):
    """Abbot (2016): gold or cards per religious district; the richest gives 1."""
    t = t16(table, "abbot")
    t.characters(abbot=0)
    t.turn(0, "abbot")
    t.city(0, "temple", "church")
    t.hand(0)
    t.gold(0, 0)
    t.gold(2, 8)
    t.play(0, {"type": "income", "cards": 1})
    assert t.player(0)["gold"] == 1 and len(t.player(0)["hand"]) == 1
    t.play(0, {"type": "tithe", "seat": 2})
    assert t.player(0)["gold"] == 2 and t.player(2)["gold"] == 7


def test_cardinal_takes_the_missing_gold_for_cards(table):
    """Cardinal: short of gold to build, takes it from a player for cards."""
    t = t16(table, "cardinal")
    t.characters(cardinal=0)
    t.turn(0, "cardinal")
    palace, a, b = t.hand(0, "palace", "temple", "manor")
    t.gold(0, 3)
    t.gold(1, 4)
    t.play(0, {"type": "build", "card": palace, "from": 1})
    t.play(0, {"type": "give_card", "card": a})
    t.play(0, {"type": "give_card", "card": b})
    assert t.city_keys(0) == ["palace"]
    assert t.player(0)["gold"] == 0 and t.player(1)["gold"] == 2
    assert a in t.player(1)["hand"] and b in t.player(1)["hand"]


def test_trader_trade_districts_do_not_count_toward_the_limit(table):
    """Trader: trade districts are built beyond the limit."""
    t = t16(table, "trader")
    t.characters(trader=0)
    t.turn(0, "trader")
    cards = t.hand(0, "tavern", "market", "temple")
    t.gold(0, 9)
    for c in cards:
        t.play(0, {"type": "build", "card": c})
    assert sorted(t.city_keys(0)) == ["market", "tavern", "temple"]


def test_scholar_draws_seven_keeps_one(table):
    """Scholar: draw 7, keep 1, shuffle the rest back; builds up to 2."""
    t = t16(table, "scholar")
    t.characters(scholar=0)
    t.turn(0, "scholar")
    t.hand(0)
    deck = len(t.state["deck"])
    t.play(0, {"type": "scholar"})
    kept = t.moves(0)[0]["card"]
    assert len(t.moves(0)) == 7
    t.play(0, {"type": "scholar_keep", "card": kept})
    assert t.player(0)["hand"] == [kept]
    assert len(t.state["deck"]) == deck - 1
    from games.citadels.engine.building import build_limit

    assert build_limit(t.state) == 2


def test_marshal_seizes_a_cheap_district_paying_its_owner(table):
    """Marshal: seize a district of cost 3 or less, paying its cost to its owner."""
    t = t16(table, "marshal")
    t.characters(marshal=0)
    t.turn(0, "marshal")
    manor, palace = t.city(1, "manor", "palace")
    t.gold(0, 3)
    t.gold(1, 0)
    assert {"type": "seize", "seat": 1, "district": palace} not in t.moves(0)
    t.play(0, {"type": "seize", "seat": 1, "district": manor})
    assert t.city_keys(0) == ["manor"]
    assert t.player(1)["gold"] == 3 and t.player(0)["gold"] == 0


def test_spy_takes_gold_and_draws_per_matching_card(table):
    """Spy: name a type, look at a hand; per match 1 of their gold and 1 card."""
    t = t16(table, "spy")
    t.characters(spy=0)
    t.turn(0, "spy")
    hand = t.hand(1, "manor", "castle", "temple")
    t.hand(0)
    t.gold(0, 0)
    t.gold(1, 1)
    t.play(0, {"type": "spy", "seat": 1, "kind": "noble"})
    assert t.player(0)["gold"] == 1 and t.player(1)["gold"] == 0
    assert len(t.player(0)["hand"]) == 2
    assert hand[0] in str(t.engine.view(t.state, 0))
    assert hand[0] not in str(t.engine.view(t.state, 2))


def test_seer_takes_a_card_from_each_and_gives_one_back(table):
    """Seer: 1 random card from each other hand, then 1 card back to each."""
    t = t16(table, "seer")
    t.characters(seer=0)
    t.turn(0, "seer")
    t.hand(0)
    t.hand(1, "manor")
    t.hand(2, "temple")
    t.hand(3)
    t.play(0, {"type": "seer"})
    assert len(t.player(0)["hand"]) == 2
    first = t.moves(0)[0]["card"]
    t.play(0, {"type": "seer_give", "card": first})
    t.play(0, {"type": "seer_give", "card": t.moves(0)[0]["card"]})
    assert len(t.player(1)["hand"]) == 1 and len(t.player(2)["hand"]) == 1
    assert t.state["turn"]["sub"] is None


def test_tax_collector_2016_collects_from_every_build(table):
    """Tax Collector (rank 9): each build puts 1 gold on it; its holder takes all."""
    t = t16(table, nine="tax_collector")
    t.characters(bishop=0, tax_collector=1)
    t.turn(0, "bishop")
    (temple,) = t.hand(0, "temple")
    t.gold(0, 2)
    t.play(0, {"type": "build", "card": temple})
    assert t.player(0)["gold"] == 0 and t.state["tax_pool"] == 1
    t.play(0, {"type": "end_turn"})
    assert t.state["turn"]["char"] == "tax_collector"
    t.gold(1, 0)
    t.play(1, {"type": "take_gold"})
    assert t.player(1)["gold"] == 3 and t.state["tax_pool"] == 0


def test_witch_and_wizard_exist_in_2016(table):
    """The 2016 Witch and Wizard play as in the classic game."""
    t = t16(table, "witch", "wizard")
    t.characters(witch=0, wizard=1)
    t.turn(0, "witch")
    t.play(0, {"type": "bewitch", "character": "wizard"})
    assert t.state["bewitched"] == "wizard"
    with pytest.raises(IllegalMove):
        t.play(0, {"type": "end_turn"})


def test_marshal_cannot_seize_a_keep_or_from_the_bishop(table):
    """Marshal: the Keep and the living Bishop's city are out of reach."""
    t = t16(table, "marshal")
    t.characters(marshal=0, bishop=2)
    t.turn(0, "marshal")
    (keep,) = t.city(1, "keep")
    (temple,) = t.city(2, "temple")
    t.gold(0, 9)
    seizable = {m["district"] for m in t.moves(0) if m["type"] == "seize"}
    assert keep not in seizable and temple not in seizable
