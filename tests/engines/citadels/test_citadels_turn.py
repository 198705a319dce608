"""The call of the ranks and a player's turn."""

import pytest

from games.engines.base import IllegalMove


def test_ranks_are_called_in_order_and_unheld_ones_skipped(table):
    """After the draft the lowest held rank plays first; empty ranks are skipped."""
    t = table(4)
    t.characters(thief=1, king=2, bishop=0, warlord=3)
    from games.citadels.engine.turns import next_call

    t.state["rank"] = 0
    next_call(t.state)
    assert t.state["turn"]["char"] == "thief"
    assert t.engine.to_move(t.state) == [1]


def test_take_two_gold(table):
    """Resources: take 2 gold from the bank."""
    t = table(4)
    t.characters(bishop=0)
    t.turn(0, "bishop", main=False)
    t.gold(0, 1)
    t.play(0, {"type": "take_gold"})
    assert t.player(0)["gold"] == 3


def test_draw_two_keep_one_other_under_the_deck(table):
    """Resources: draw 2, keep 1, the other goes face down under the deck."""
    t = table(4)
    t.characters(bishop=0)
    t.turn(0, "bishop", main=False)
    t.hand(0)
    t.play(0, {"type": "draw_cards"})
    drawn = t.state["turn"]["drawn"]
    assert len(drawn) == 2
    assert [m["type"] for m in t.moves(0)] == ["keep", "keep"]
    t.play(0, {"type": "keep", "card": drawn[0]})
    assert t.player(0)["hand"] == [drawn[0]]
    assert t.state["deck"][-1] == drawn[1]


def test_build_pays_the_cost(table):
    """Building a district from the hand costs its printed cost."""
    t = table(4)
    t.characters(bishop=0)
    t.turn(0, "bishop")
    (palace,) = t.hand(0, "palace")
    t.gold(0, 6)
    t.play(0, {"type": "build", "card": palace})
    assert t.city_keys(0) == ["palace"]
    assert t.player(0)["gold"] == 1


def test_cannot_build_without_the_gold(table):
    """A district one cannot pay for is refused, naming the cost."""
    t = table(4)
    t.characters(bishop=0)
    t.turn(0, "bishop")
    (palace,) = t.hand(0, "palace")
    t.gold(0, 4)
    with pytest.raises(IllegalMove) as err:
        t.play(0, {"type": "build", "card": palace})
    assert "costs 5 gold" in err.value.reason


def test_no_two_districts_of_the_same_name(table):
    """A city cannot hold two districts of the same name."""
    t = table(4)
    t.characters(bishop=0)
    t.turn(0, "bishop")
    t.city(0, "manor")
    (manor,) = t.hand(0, "manor")
    t.gold(0, 9)
    with pytest.raises(IllegalMove) as err:
        t.play(0, {"type": "build", "card": manor})
    assert "same name" in err.value.reason


def test_build_limit_is_one_district(table):
    """Most characters build one district a turn."""
    t = table(4)
    t.characters(bishop=0)
    t.turn(0, "bishop")
    a, b = t.hand(0, "temple", "tavern")
    t.gold(0, 9)
    t.play(0, {"type": "build", "card": a})
    with pytest.raises(IllegalMove) as err:
        t.play(0, {"type": "build", "card": b})
    assert "at most 1" in err.value.reason


def test_resources_come_first(table):
    """Nothing else before taking gold or drawing cards."""
    t = table(4)
    t.characters(bishop=0)
    t.turn(0, "bishop", main=False)
    (temple,) = t.hand(0, "temple")
    with pytest.raises(IllegalMove) as err:
        t.play(0, {"type": "build", "card": temple})
    assert "first" in err.value.reason


def test_income_one_gold_per_district_of_the_characters_colour(table):
    """The King gains 1 gold per noble district."""
    t = table(4)
    t.characters(king=0)
    t.turn(0, "king")
    t.city(0, "manor", "castle", "temple")
    t.gold(0, 0)
    t.play(0, {"type": "income"})
    assert t.player(0)["gold"] == 2


def test_uncollected_income_is_collected_at_the_end_of_the_turn(table):
    """Ending the turn collects the income not yet taken."""
    t = table(4)
    t.characters(warlord=0)
    t.turn(0, "warlord")
    t.city(0, "prison", "fortress")
    t.gold(0, 0)
    t.play(0, {"type": "end_turn"})
    assert t.player(0)["gold"] == 2


def test_school_of_magic_counts_as_the_characters_colour(table):
    """The School of Magic counts for income as the character's colour."""
    t = table(4)
    t.characters(bishop=0)
    t.turn(0, "bishop")
    t.city(0, "temple", "school_of_magic")
    t.gold(0, 0)
    t.play(0, {"type": "income"})
    assert t.player(0)["gold"] == 2


def test_killed_character_skips_its_turn(table):
    """The killed character is not called."""
    t = table(4)
    t.characters(assassin=0, thief=1, magician=2)
    t.turn(0, "assassin")
    t.play(0, {"type": "kill", "character": "thief"})
    t.play(0, {"type": "end_turn"})
    assert t.state["turn"]["char"] == "magician"
    assert t.player(1)["revealed"] == []


def test_robbed_player_gives_all_gold_when_revealed(table):
    """The Thief takes all the robbed character's gold at its reveal."""
    t = table(4)
    t.characters(thief=0, merchant=1)
    t.turn(0, "thief")
    t.gold(0, 1)
    t.gold(1, 5)
    t.play(0, {"type": "rob", "character": "merchant"})
    t.play(0, {"type": "end_turn"})
    assert t.state["turn"]["char"] == "merchant"
    assert t.player(1)["gold"] == 0
    assert t.player(0)["gold"] == 6


def test_king_takes_the_crown_when_revealed(table):
    """The King takes the crown as soon as he is called."""
    t = table(4)
    t.state["crown"] = 3
    t.characters(king=1)
    t.turn(1, "king")
    assert t.state["crown"] == 1


def test_killed_king_takes_the_crown_at_the_end_of_the_round(table):
    """A killed King still takes the crown, after the last rank is called."""
    t = table(4)
    t.state["crown"] = 3
    t.characters(assassin=0, king=1)
    t.turn(0, "assassin")
    t.play(0, {"type": "kill", "character": "king"})
    t.play(0, {"type": "end_turn"})
    assert t.state["round"] == 2
    assert t.state["crown"] == 1


def test_crown_stays_when_no_king_was_chosen(table):
    """Without a King in play the crown stays where it is."""
    t = table(4)
    t.state["crown"] = 2
    t.characters(bishop=0)
    t.turn(0, "bishop")
    t.play(0, {"type": "end_turn"})
    assert t.state["round"] == 2
    assert t.state["crown"] == 2


def test_game_ends_after_the_round_of_the_first_complete_city(table):
    """Completing a city finishes the round; then the game is over."""
    t = table(4)
    t.characters(bishop=0, warlord=1)
    t.turn(0, "bishop")
    t.city(0, "manor", "castle", "palace", "temple", "church", "tavern", "market")
    (fortress,) = t.hand(0, "fortress")
    t.gold(0, 5)
    t.play(0, {"type": "build", "card": fortress})
    assert t.state["first_complete"] == 0
    t.play(0, {"type": "end_turn"})
    assert t.state["turn"]["char"] == "warlord"
    assert not t.engine.is_over(t.state)
    t.play(1, {"type": "take_gold"})
    t.play(1, {"type": "end_turn"})
    assert t.engine.is_over(t.state)
    assert t.engine.to_move(t.state) == []


def test_nothing_is_accepted_after_the_end(table):
    """After the end every move is refused."""
    t = table(4)
    t.state["phase"] = "over"
    with pytest.raises(IllegalMove) as err:
        t.play(0, {"type": "end_turn"})
    assert "over" in err.value.reason


def test_out_of_turn_moves_are_refused(table):
    """A seat that is not called cannot move."""
    t = table(4)
    t.characters(bishop=0)
    t.turn(0, "bishop")
    with pytest.raises(IllegalMove) as err:
        t.play(1, {"type": "end_turn"})
    assert "not your turn" in err.value.reason


def test_apply_never_mutates_its_input(table):
    """The state passed to apply is left untouched."""
    from games.engines.base import canonical

    t = table(4)
    t.characters(bishop=0)
    t.turn(0, "bishop", main=False)
    before = canonical(t.state)
    t.engine.apply(t.state, 0, {"type": "take_gold"})
    assert canonical(t.state) == before
