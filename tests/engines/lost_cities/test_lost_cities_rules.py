"""Lost Cities, rule by rule (rules text lost_cities.fr.txt, DATA.md section 1)."""

import pytest

from games.engines import get
from games.engines.base import IllegalMove, InvalidOptions
from games.lost_cities.engine.cards import make_deck
from games.lost_cities.engine.scoring import expedition_score

ENGINE = get("lost-cities")


def fresh(seed=7, **options):
    return ENGINE.setup(2, ENGINE.validate_options(2, options), seed)


def with_hand(state, seat, cards):
    """A state where `seat` holds exactly `cards` (swapped with the deck)."""
    state = {**state, "hands": [list(h) for h in state["hands"]]}
    state["deck"] = [c for c in state["deck"] if c not in cards]
    state["deck"] += [c for c in state["hands"][seat] if c not in cards]
    for other in range(2):
        state["hands"][other] = [c for c in state["hands"][other] if c not in cards]
    state["hands"][seat] = list(cards)
    return state


def test_deck_has_twelve_cards_per_colour_and_each_player_eight():
    """Each colour: one card of each value 2..10 and three wagers; hands of 8."""
    state = fresh()
    assert len(make_deck(state["colours"])) == 60
    assert [len(h) for h in state["hands"]] == [8, 8]
    assert len(state["deck"]) == 44


def test_six_expedition_variant_adds_purple():
    """The 6-expedition variant plays 72 cards with a purple expedition."""
    state = fresh(expeditions=6)
    assert "purple" in state["colours"]
    assert len(state["deck"]) == 72 - 16


def test_who_starts_is_drawn_from_the_seed():
    """The first player comes from the seed: the same seed, the same starter."""
    starters = {fresh(seed=s)["current"] for s in range(20)}
    assert starters == {0, 1}
    assert fresh(seed=3)["current"] == fresh(seed=3)["current"]


def test_play_in_strictly_ascending_order():
    """A card below or equal to the highest on the expedition is refused."""
    state = fresh()
    seat = state["current"]
    state = with_hand(state, seat, ["lc-red-5", "lc-red-4", "lc-red-9"])
    state = ENGINE.apply(state, seat, {"type": "play", "card": "lc-red-5"})
    state = ENGINE.apply(state, seat, {"type": "draw", "source": "deck"})
    other = 1 - seat
    state = ENGINE.apply(state, other, ENGINE.legal_moves(state, other)[1])
    state = ENGINE.apply(state, other, {"type": "draw", "source": "deck"})
    assert {"type": "play", "card": "lc-red-4"} not in ENGINE.legal_moves(state, seat)
    with pytest.raises(IllegalMove, match="ascending"):
        ENGINE.apply(state, seat, {"type": "play", "card": "lc-red-4"})
    # Gaps are allowed: 9 after 5.
    assert {"type": "play", "card": "lc-red-9"} in ENGINE.legal_moves(state, seat)


def test_wagers_only_before_the_first_number_card():
    """Wagers go first; after a number card, a wager of that colour is refused."""
    state = fresh()
    seat = state["current"]
    state = with_hand(state, seat, ["lc-blue-w1", "lc-blue-w2", "lc-blue-3"])
    state["expeditions"][seat]["blue"] = ["lc-blue-w3"]  # wager after wager: fine
    assert {"type": "play", "card": "lc-blue-w1"} in ENGINE.legal_moves(state, seat)
    state["expeditions"][seat]["blue"] = ["lc-blue-w3", "lc-blue-2"]
    state = with_hand(state, seat, ["lc-blue-w1", "lc-blue-w2", "lc-blue-3"])
    with pytest.raises(IllegalMove, match="Wagers"):
        ENGINE.apply(state, seat, {"type": "play", "card": "lc-blue-w1"})


def test_discard_goes_on_that_colours_pile():
    """A discarded card goes face up on its colour's pile."""
    state = fresh()
    seat = state["current"]
    card = state["hands"][seat][0]
    colour = card.split("-")[1]
    after = ENGINE.apply(state, seat, {"type": "discard", "card": card})
    assert after["discards"][colour] == [card]
    assert card not in after["hands"][seat]


def test_cannot_draw_the_card_just_discarded():
    """The card discarded this turn cannot be taken back the same turn."""
    state = fresh()
    seat = state["current"]
    card = state["hands"][seat][0]
    colour = card.split("-")[1]
    after = ENGINE.apply(state, seat, {"type": "discard", "card": card})
    assert {"type": "draw", "source": colour} not in ENGINE.legal_moves(after, seat)
    with pytest.raises(IllegalMove, match="just discarded"):
        ENGINE.apply(after, seat, {"type": "draw", "source": colour})


def test_draw_from_top_of_any_other_discard_pile():
    """A player may draw the top card of another colour's discard pile."""
    state = fresh()
    seat = state["current"]
    state["discards"]["green"] = ["lc-green-2", "lc-green-8"]
    state = with_hand(state, seat, ["lc-red-5"])
    state["deck"] = [c for c in state["deck"] if not c.startswith("lc-green-")]
    after = ENGINE.apply(state, seat, {"type": "discard", "card": "lc-red-5"})
    after = ENGINE.apply(after, seat, {"type": "draw", "source": "green"})
    assert "lc-green-8" in after["hands"][seat]
    assert after["discards"]["green"] == ["lc-green-2"]
    assert after["current"] == 1 - seat


def test_play_then_draw_order():
    """A turn is play-or-discard first, then one draw; the other moves after."""
    state = fresh()
    seat = state["current"]
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, seat, {"type": "draw", "source": "deck"})
    state = ENGINE.apply(state, seat, ENGINE.legal_moves(state, seat)[-1])
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, seat, ENGINE.legal_moves(fresh(), seat)[-1])
    with pytest.raises(IllegalMove, match="not your turn"):
        ENGINE.apply(state, 1 - seat, {"type": "draw", "source": "deck"})


def test_a_move_changed_by_its_caller_changes_no_later_list():
    """legal_moves hands out new dicts on every call: a caller that changes
    the moves it was given (in both phases) changes nothing it is given later,
    in this game or another."""
    state = fresh()
    seat = state["current"]
    before = [dict(m) for m in ENGINE.legal_moves(state, seat)]
    for move in ENGINE.legal_moves(state, seat):
        move["card"] = "lc-red-10"
        move["type"] = "changed"
    assert ENGINE.legal_moves(state, seat) == before
    assert ENGINE.legal_moves(fresh(), seat) == before
    state = ENGINE.apply(state, seat, before[-1])
    draws = [dict(m) for m in ENGINE.legal_moves(state, seat)]
    for move in ENGINE.legal_moves(state, seat):
        move.clear()
    assert ENGINE.legal_moves(state, seat) == draws


def test_round_ends_when_last_deck_card_is_drawn():
    """Drawing the last card of the deck ends the game at once."""
    state = fresh()
    seat = state["current"]
    state["deck"], extra = state["deck"][:1], state["deck"][1:]
    state["discards"]["white"] = extra  # keep every card somewhere
    state = ENGINE.apply(state, seat, ENGINE.legal_moves(state, seat)[-1])
    state = ENGINE.apply(state, seat, {"type": "draw", "source": "deck"})
    assert ENGINE.is_over(state)
    assert ENGINE.to_move(state) == []
    assert ENGINE.legal_moves(state, 1 - seat) == []


def test_match_of_three_rounds_adds_up():
    """A match plays three rounds and the totals are the sums of the rounds."""
    state = fresh(rounds=3)
    for expected_round in (1, 2, 3):
        assert state["round"] == expected_round
        seat = state["current"]
        state["deck"] = state["deck"][:1]
        state = ENGINE.apply(state, seat, ENGINE.legal_moves(state, seat)[-1])
        state = ENGINE.apply(state, seat, {"type": "draw", "source": "deck"})
    assert ENGINE.is_over(state)
    totals = [sum(r["scores"][s]["total"] for r in state["results"]) for s in (0, 1)]
    assert [row["score"] for row in ENGINE.outcome(state)] == totals


def test_worked_example_two_wagers_and_5_9_10_score_12():
    """The text's example: 2 wagers + 5, 9, 10 = (24 - 20) x 3 = 12, no bonus."""
    row = expedition_score(
        ["lc-red-w1", "lc-red-w2", "lc-red-5", "lc-red-9", "lc-red-10"]
    )
    assert row["sum"] == 24 and row["multiplier"] == 3 and row["bonus"] == 0
    assert row["score"] == 12


def test_started_expedition_costs_twenty():
    """An expedition with at least one card costs 20 points: a lone 4 scores -16."""
    assert expedition_score(["lc-red-4"])["score"] == -16


def test_wagers_multiply_losses_too():
    """Wagers multiply a loss: 3 wagers alone score -80."""
    assert expedition_score(["lc-red-w1", "lc-red-w2", "lc-red-w3"])["score"] == -80


def test_unstarted_expedition_scores_zero():
    """An expedition without a card costs nothing."""
    assert expedition_score([])["score"] == 0


def test_eight_card_bonus_is_not_multiplied():
    """8 cards or more earn +20, added after the multiplier."""
    cards = ["lc-red-w1"] + [f"lc-red-{v}" for v in range(2, 9)]
    row = expedition_score(cards)
    assert row["sum"] == 35
    assert row["score"] == (35 - 20) * 2 + 20


def test_total_can_be_negative_and_ranks_follow_score():
    """A total may be negative; the higher total wins."""
    state = fresh()
    state["expeditions"][0]["red"] = ["lc-red-2"]
    state["expeditions"][1]["blue"] = ["lc-blue-10"]
    state["deck"] = state["deck"][:1]
    seat = state["current"]
    state = ENGINE.apply(state, seat, ENGINE.legal_moves(state, seat)[-1])
    state = ENGINE.apply(state, seat, {"type": "draw", "source": "deck"})
    result = {r["seat"]: r for r in ENGINE.outcome(state)}
    assert result[0]["score"] < 0 or result[1]["score"] < 0
    best = max((0, 1), key=lambda s: result[s]["score"])
    assert result[best]["rank"] == 1


def test_opponent_hand_and_deck_are_absent_from_views():
    """A view holds one's own hand, never the other's hand nor the deck order."""
    state = fresh()
    for seat in (0, 1):
        view = ENGINE.view(state, seat)
        text = str(view)
        assert all(card in text for card in state["hands"][seat])
        assert not any(card in text for card in state["hands"][1 - seat])
        assert not any(f"'{card}'" in text for card in state["deck"])
        assert "rng" not in view


def test_bad_options_are_refused():
    """Only 5 or 6 expeditions, 1 or 3 rounds, 2 players."""
    with pytest.raises(InvalidOptions):
        ENGINE.validate_options(2, {"expeditions": 4})
    with pytest.raises(InvalidOptions):
        ENGINE.validate_options(2, {"rounds": 2})
    with pytest.raises(InvalidOptions):
        ENGINE.validate_options(3, {})


def test_describe_names_the_card_and_hides_draws():
    """Log lines: "{p0} discarded the red 7", "{p1} drew from the deck"."""
    state = fresh()
    seat = state["current"]
    state = with_hand(state, seat, ["lc-red-7"])
    line = ENGINE.describe(
        state, seat, {"type": "discard", "card": "lc-red-7"}, 1 - seat
    )
    assert line == f"{{p{seat}}} discarded the red 7"
    line = ENGINE.describe(state, seat, {"type": "draw", "source": "deck"}, 1 - seat)
    assert line == f"{{p{seat}}} drew from the deck"
