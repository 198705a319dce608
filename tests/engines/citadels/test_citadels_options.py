"""Table options: defaults, validation, and what they change at set-up."""

import pytest

from games.citadels.engine import ENGINE
from games.citadels.engine.options import complete_size
from games.engines.base import InvalidOptions


def test_default_options_are_the_classic_base_game():
    """By default: classic edition, the 8 base characters, the base purples."""
    opts = ENGINE.default_options(4)
    assert opts["edition"] == "classic"
    assert opts["characters"] == [
        "assassin",
        "thief",
        "magician",
        "king",
        "bishop",
        "merchant",
        "architect",
        "warlord",
    ]
    assert opts["unique_districts"] == "base"
    assert opts["short_game"] is None


def test_eight_players_need_a_ninth_character():
    """With 8 players a rank-9 character is added: the Queen by default."""
    opts = ENGINE.default_options(8)
    assert opts["nine_characters"] is True
    assert opts["characters"][-1] == "queen"
    with pytest.raises(InvalidOptions):
        ENGINE.validate_options(8, {"nine_characters": False})


def test_three_players_2016_use_nine_characters_without_the_queen():
    """2016 with 3 players uses rank 9; the Queen needs 5 players, so the Artist."""
    opts = ENGINE.validate_options(3, {"edition": "2016"})
    assert opts["characters"][-1] == "artist"


def test_two_players_use_eight_characters():
    """Two players play ranks 1 to 8 only."""
    with pytest.raises(InvalidOptions):
        ENGINE.validate_options(2, {"nine_characters": True})


def test_bad_options_are_refused_with_a_reason():
    """Unknown keys, editions, sets and sizes are refused."""
    for bad in (
        {"edition": "1999"},
        {"colour": "red"},
        {"character_set": "all"},
        {"short_game": 5},
        {"unique_districts": "first-game"},
    ):
        with pytest.raises(InvalidOptions) as err:
            ENGINE.validate_options(4, bad)
        assert err.value.reason


def test_chosen_characters_are_checked_rank_by_rank():
    """A chosen set names one implemented character per rank."""
    keys = ["witch", "tax_collector", "wizard", "emperor", "abbot", "alchemist"]
    keys += ["navigator", "diplomat"]
    opts = ENGINE.validate_options(4, {"character_set": "chosen", "characters": keys})
    assert opts["characters"] == keys
    with pytest.raises(InvalidOptions):
        ENGINE.validate_options(
            4, {"character_set": "chosen", "characters": ["thief", *keys[1:]]}
        )


def test_queen_needs_five_players():
    """The Queen cannot be chosen with fewer than 5 players."""
    keys = ["assassin", "thief", "magician", "king", "bishop", "merchant"]
    keys += ["architect", "warlord", "queen"]
    with pytest.raises(InvalidOptions):
        ENGINE.validate_options(4, {"character_set": "chosen", "characters": keys})
    assert ENGINE.validate_options(5, {"character_set": "chosen", "characters": keys})[
        "nine_characters"
    ]


def test_2016_unique_districts_first_game_random_or_chosen():
    """2016: the first-game 14, a random 14, or a chosen list of 14 different ones."""
    assert ENGINE.validate_options(4, {"edition": "2016"})["unique_districts"] == (
        "first-game"
    )
    chosen = ["smithy", "laboratory", "keep", "armory", "park", "museum", "statue"]
    chosen += ["framework", "gold_mine", "ivory_tower", "necropolis", "theater"]
    chosen += ["stables", "monument"]
    opts = ENGINE.validate_options(4, {"edition": "2016", "unique_districts": chosen})
    state = ENGINE.setup(4, opts, 3)
    assert sorted(state["uniques"]) == sorted(chosen)
    with pytest.raises(InvalidOptions):
        ENGINE.validate_options(4, {"edition": "2016", "unique_districts": chosen[:13]})


def test_random_unique_districts_pick_14():
    """A random set holds 14 of the 30, drawn from the seed."""
    opts = ENGINE.validate_options(4, {"edition": "2016", "unique_districts": "random"})
    state = ENGINE.setup(4, opts, 5)
    assert len(state["uniques"]) == 14
    assert ENGINE.setup(4, opts, 5)["uniques"] == state["uniques"]


def test_city_completion_size_by_edition_and_players():
    """Classic: 8; 2016: 7 with 4-8 players, 8 with 2-3; short game 6 or 7."""
    classic = ENGINE.default_options(4)
    assert complete_size(classic, 4) == 8
    e2016 = ENGINE.validate_options(4, {"edition": "2016"})
    assert complete_size(e2016, 4) == 7
    assert complete_size(ENGINE.validate_options(3, {"edition": "2016"}), 3) == 8
    short = ENGINE.validate_options(4, {"short_game": 6})
    assert complete_size(short, 4) == 6


def test_random_character_set_draws_one_per_rank():
    """A random set has one character of each rank, drawn from the seed."""
    opts = ENGINE.validate_options(5, {"character_set": "random"})
    state = ENGINE.setup(5, opts, 11)
    ranks = [ENGINE_rank(k) for k in state["lineup"]]
    assert ranks == list(range(1, len(ranks) + 1))


def ENGINE_rank(key):  # noqa: N802 - a tiny local helper
    from games.citadels.engine.characters import rank

    return rank(key, "classic")
