"""Hidden information in views, log lines, and the contract harness."""

import json

import pytest

from games.citadels.engine import ENGINE
from games.engines.base import player
from games.engines.playout import play_one


def test_views_hold_only_your_own_hand(table):
    """A view names its seat's cards; others' hands are counts."""
    t = table(4)
    mine = t.player(0)["hand"]
    theirs = t.player(1)["hand"]
    text = json.dumps(ENGINE.view(t.state, 0))
    assert all(c in text for c in mine)
    assert not any(c in text for c in theirs)
    assert ENGINE.view(t.state, 0)["players"][1]["hand_count"] == 4


def test_draft_pile_is_seen_only_by_the_chooser(table):
    """The cards passed to a player are in that player's view only."""
    t = table(5)
    picker = t.engine.to_move(t.state)[0]
    pile = t.state["draft"]["pile"]
    assert all(c in json.dumps(ENGINE.view(t.state, picker)) for c in pile)
    other = (picker + 1) % 5
    text = json.dumps(ENGINE.view(t.state, other))
    assert not any(c in text for c in pile)
    assert ENGINE.view(t.state, other)["draft"]["pile"] is None


def test_unrevealed_characters_are_hidden(table):
    """A chosen character is in its owner's view only, until revealed."""
    t = table(4)
    t.characters(king=1, bishop=2)
    t.turn(1, "king")
    assert "char-king" in json.dumps(ENGINE.view(t.state, 3))
    assert "char-bishop" not in json.dumps(ENGINE.view(t.state, 3))
    assert "char-bishop" in json.dumps(ENGINE.view(t.state, 2))


def test_face_down_discards_and_deck_are_secret_from_all(table):
    """The deck and the face-down characters are in secrets(None)."""
    t = table(4)
    hidden = set(ENGINE.secrets(t.state, None))
    assert set(t.state["deck"]) <= hidden
    assert t.state["face_down"][0]["id"] in hidden


def test_view_has_no_rng(table):
    """No view holds the RNG state."""
    t = table(4)
    for seat in (0, 1, None):
        assert "rng" not in ENGINE.view(t.state, seat)


def test_draft_choice_is_redacted_for_others(table):
    """Others read "chose a character"; the chooser reads which."""
    t = table(4)
    seat = t.engine.to_move(t.state)[0]
    move = t.moves(seat)[0]
    name = move["character"][len("char-") :].capitalize()
    assert name in ENGINE.describe(t.state, seat, move, seat)
    line = ENGINE.describe(t.state, seat, move, (seat + 1) % 4)
    assert line == f"{player(seat)} chose a character"


def test_kept_card_is_redacted_for_others(table):
    """Keeping a drawn card names it to its owner only."""
    t = table(4)
    t.characters(bishop=0)
    t.turn(0, "bishop", main=False)
    t.play(0, {"type": "draw_cards"})
    move = t.moves(0)[0]
    assert ENGINE.describe(t.state, 0, move, 1) == "{p0} kept a card"
    assert ENGINE.describe(t.state, 0, move, 0).startswith("{p0} kept the ")


def test_finished_game_shows_everything():
    """After the end the view shows hands, characters and the outcome."""
    state, _moves = play_one(ENGINE, 3, 4, check=False)
    view = ENGINE.view(state, None)
    assert view["outcome"] and view["players"][0]["hand"] is not None


@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("edition", ["classic", "2016"])
def test_contract_harness(players, edition):
    """A random game passes every check of the playout harness."""
    play_one(
        ENGINE, players, players * 7, {"edition": edition, "character_set": "random"}
    )


def test_a_face_down_discard_is_known_to_its_discarder():
    """2 players: a character discarded face down is shown to its discarder only."""
    state = ENGINE.setup(2, ENGINE.default_options(2), 8)
    while state["phase"] == "draft":
        seat = ENGINE.to_move(state)[0]
        state = ENGINE.apply(state, seat, ENGINE.legal_moves(state, seat)[0])
    mine = [f for f in state["face_down"] if f["by"] is not None]
    assert mine
    seat = mine[0]["by"]
    assert mine[0]["id"] in json.dumps(ENGINE.view(state, seat)["my_discards"])
    assert mine[0]["id"] not in json.dumps(ENGINE.view(state, 1 - seat))
