"""Set-up: hands, gold, the deck, the crown, determinism."""

from games.citadels.engine import ENGINE
from games.engines.base import canonical


def test_each_player_starts_with_four_cards_and_two_gold():
    """citadels.fr.txt: four district cards and two gold each."""
    state = ENGINE.setup(5, ENGINE.default_options(5), 1)
    for p in state["players"]:
        assert len(p["hand"]) == 4
        assert p["gold"] == 2
        assert p["city"] == []


def test_classic_deck_has_66_cards_and_2016_has_68():
    """54 basic districts plus 12 classic purples, or plus 14 unique (2016)."""
    classic = ENGINE.setup(4, ENGINE.default_options(4), 1)
    assert len(classic["deck"]) + 16 == 66
    opts = ENGINE.validate_options(4, {"edition": "2016"})
    e2016 = ENGINE.setup(4, opts, 1)
    assert len(e2016["deck"]) + 16 == 68


def test_the_crown_goes_to_a_random_player():
    """A random player gets the crown, from the seed."""
    crowns = {ENGINE.setup(4, ENGINE.default_options(4), s)["crown"] for s in range(30)}
    assert crowns == {0, 1, 2, 3}


def test_same_seed_same_game():
    """Set-up is deterministic: the same seed gives the same state."""
    opts = ENGINE.default_options(6)
    assert canonical(ENGINE.setup(6, opts, 9)) == canonical(ENGINE.setup(6, opts, 9))
    assert canonical(ENGINE.setup(6, opts, 9)) != canonical(ENGINE.setup(6, opts, 10))


def test_the_game_starts_with_the_crown_choosing():
    """The first decision is the crowned player's choice of a character."""
    state = ENGINE.setup(4, ENGINE.default_options(4), 2)
    assert state["phase"] == "draft"
    assert ENGINE.to_move(state) == [state["crown"]]
    moves = ENGINE.legal_moves(state, state["crown"])
    assert moves and all(m["type"] == "choose" for m in moves)
