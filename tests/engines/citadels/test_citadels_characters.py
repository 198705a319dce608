"""The powers of the 8 base characters, the Queen and the Artist."""

import pytest

from games.engines.base import IllegalMove


def test_assassin_kills_a_character_not_itself_nor_a_face_up_one(table):
    """The Assassin names any other character except one discarded face up."""
    t = table(4)
    t.characters(assassin=0, king=1)
    t.face_up("bishop")
    t.turn(0, "assassin")
    targets = {m["character"] for m in t.moves(0) if m["type"] == "kill"}
    assert "assassin" not in targets and "bishop" not in targets
    assert "king" in targets and "merchant" in targets
    t.play(0, {"type": "kill", "character": "king"})
    assert t.state["killed"] == "king"


def test_thief_cannot_rob_the_assassin(table):
    """The Thief cannot rob rank 1."""
    t = table(4)
    t.characters(thief=0)
    t.turn(0, "thief")
    with pytest.raises(IllegalMove) as err:
        t.play(0, {"type": "rob", "character": "assassin"})
    assert err.value.reason == "The Thief cannot rob the Assassin."


def test_thief_cannot_rob_the_killed_character(table):
    """The Thief cannot rob the Assassin's victim."""
    t = table(4)
    t.characters(assassin=1, thief=0)
    t.state["killed"] = "king"
    t.turn(0, "thief")
    with pytest.raises(IllegalMove) as err:
        t.play(0, {"type": "rob", "character": "king"})
    assert "killed" in err.value.reason


def test_magician_exchanges_hands_even_with_an_empty_hand(table):
    """The Magician swaps his whole hand with another player's, even if empty."""
    t = table(4)
    t.characters(magician=0)
    t.turn(0, "magician")
    t.hand(0)
    theirs = t.hand(2, "temple", "manor")
    t.play(0, {"type": "swap_hands", "seat": 2})
    assert t.player(0)["hand"] == theirs
    assert t.player(2)["hand"] == []


def test_magician_discards_any_cards_and_draws_as_many(table):
    """The Magician discards chosen cards under the deck and draws as many."""
    t = table(4)
    t.characters(magician=0)
    t.turn(0, "magician")
    a, b, c = t.hand(0, "temple", "manor", "tavern")
    t.play(0, {"type": "redraw_card", "card": a})
    t.play(0, {"type": "redraw_card", "card": c})
    t.play(0, {"type": "redraw_done"})
    hand = t.player(0)["hand"]
    assert len(hand) == 3 and b in hand and a not in hand and c not in hand
    assert t.state["deck"][-2:] == [a, c]


def test_warlord_destroys_for_one_less_than_the_cost(table):
    """The Warlord pays the cost minus 1; the district goes under the deck."""
    t = table(4)
    t.characters(warlord=0, merchant=1)
    t.turn(0, "warlord")
    (castle,) = t.city(1, "castle")
    t.gold(0, 3)
    t.play(0, {"type": "destroy", "seat": 1, "district": castle})
    assert t.player(0)["gold"] == 0
    assert t.city_keys(1) == []
    assert t.state["deck"][-1] == castle


def test_warlord_destroys_a_one_gold_district_for_free(table):
    """A district of cost 1 is destroyed for nothing."""
    t = table(4)
    t.characters(warlord=0)
    t.turn(0, "warlord")
    (temple,) = t.city(1, "temple")
    t.gold(0, 0)
    assert {"type": "destroy", "seat": 1, "district": temple} in t.moves(0)


def test_warlord_cannot_touch_a_completed_city(table):
    """A completed city is out of the Warlord's reach."""
    t = table(4)
    t.characters(warlord=0)
    t.turn(0, "warlord")
    ids = t.city(
        1, "manor", "castle", "palace", "temple", "church", "tavern", "market", "prison"
    )
    t.gold(0, 9)
    with pytest.raises(IllegalMove) as err:
        t.play(0, {"type": "destroy", "seat": 1, "district": ids[0]})
    assert err.value.reason == (
        "The Warlord cannot destroy a district in a completed city."
    )


def test_warlord_cannot_touch_the_bishops_city_unless_he_was_killed(table):
    """The living Bishop's city is protected; a killed Bishop's is not."""
    t = table(4)
    t.characters(assassin=2, bishop=1, warlord=0)
    t.turn(0, "warlord")
    (manor,) = t.city(1, "manor")
    t.gold(0, 9)
    with pytest.raises(IllegalMove) as err:
        t.play(0, {"type": "destroy", "seat": 1, "district": manor})
    assert "Bishop" in err.value.reason
    t.state["killed"] = "bishop"
    t.play(0, {"type": "destroy", "seat": 1, "district": manor})
    assert t.city_keys(1) == []


def test_warlord_may_destroy_in_his_own_city(table):
    """The Warlord may target his own city."""
    t = table(4)
    t.characters(warlord=0)
    t.turn(0, "warlord")
    (tavern,) = t.city(0, "tavern")
    assert {"type": "destroy", "seat": 0, "district": tavern} in t.moves(0)


def test_merchant_gains_one_extra_gold(table):
    """The Merchant gains 1 gold more after his resources."""
    t = table(4)
    t.characters(merchant=0)
    t.turn(0, "merchant", main=False)
    t.gold(0, 0)
    t.play(0, {"type": "take_gold"})
    assert t.player(0)["gold"] == 3


def test_architect_draws_two_cards_and_builds_three(table):
    """The Architect gains 2 cards and may build up to 3 districts."""
    t = table(4)
    t.characters(architect=0)
    t.turn(0, "architect", main=False)
    temple, tavern, watchtower = t.hand(0, "temple", "tavern", "watchtower")
    t.gold(0, 1)
    t.play(0, {"type": "take_gold"})
    assert len(t.player(0)["hand"]) == 5
    for card in (temple, tavern, watchtower):
        t.play(0, {"type": "build", "card": card})
    assert sorted(t.city_keys(0)) == ["tavern", "temple", "watchtower"]


def test_bishop_collects_for_religious_districts(table):
    """The Bishop gains 1 gold per religious district."""
    t = table(4)
    t.characters(bishop=0)
    t.turn(0, "bishop")
    t.city(0, "temple", "church", "manor")
    t.gold(0, 0)
    t.play(0, {"type": "income"})
    assert t.player(0)["gold"] == 2


def test_queen_gains_three_gold_next_to_the_rank_4_character(table):
    """The Queen gains 3 gold in her turn when a neighbour revealed rank 4."""
    t = table(5, character_set="chosen", characters=_nine("queen"))
    t.characters(king=1, queen=0)
    t.turn(0, "queen", main=False)
    t.gold(0, 0)
    t.play(0, {"type": "take_gold"})
    assert t.player(0)["gold"] == 5


def test_queen_next_to_a_killed_king_gains_three_gold_at_the_end_of_the_round(
    table,
):
    """A killed rank-4 neighbour: the Queen's 3 gold come when that card is
    revealed at the end of the round, not in her turn (2016 rulebook, Queen)."""
    t = table(5, character_set="chosen", characters=_nine("queen"))
    t.characters(assassin=2, king=1, queen=0)
    t.state["killed"] = "king"
    t.turn(0, "queen", main=False)
    t.gold(0, 0)
    t.play(0, {"type": "take_gold"})
    assert t.player(0)["gold"] == 2
    t.play(0, {"type": "end_turn"})  # the last rank: the round ends
    assert t.state["round"] == 2
    assert t.player(0)["gold"] == 5
    assert t.state["crown"] == 1  # the King's heir


def test_queen_gains_nothing_away_from_the_king(table):
    """No gold when the rank-4 character sits elsewhere."""
    t = table(5, character_set="chosen", characters=_nine("queen"))
    t.characters(king=2, queen=0)
    t.turn(0, "queen", main=False)
    t.gold(0, 0)
    t.play(0, {"type": "take_gold"})
    assert t.player(0)["gold"] == 2


def test_artist_beautifies_up_to_two_districts(table):
    """The Artist puts 1 gold on up to 2 districts: +1 cost and +1 point each."""
    t = table(5, character_set="chosen", characters=_nine("artist"))
    t.characters(artist=0)
    t.turn(0, "artist")
    a, b, c = t.city(0, "temple", "manor", "tavern")
    t.gold(0, 5)
    t.play(0, {"type": "beautify", "district": a})
    assert {"type": "beautify", "district": a} not in t.moves(0)
    t.play(0, {"type": "beautify", "district": b})
    assert not [m for m in t.moves(0) if m["type"] == "beautify"]
    assert t.player(0)["gold"] == 3
    from games.citadels.engine.scoring import breakdown

    assert breakdown(t.state, 0)["districts"] == 1 + 3 + 1 + 2


def _nine(rank9):
    return [
        "assassin",
        "thief",
        "magician",
        "king",
        "bishop",
        "merchant",
        "architect",
        "warlord",
        rank9,
    ]
