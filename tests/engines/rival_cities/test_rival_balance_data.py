"""The data invariants the balance (engine README, "Balance") relies on: each one
names the round-robin figure it was set for, and stays within the rules text."""

from games.rival_cities.engine.cards import BASIC_CARDS
from games.rival_cities.engine.pieces import (
    ALLIANCES,
    LAWSUITS,
    PRESTIGE_INCOME,
    PRESTIGE_STARS,
    RESOURCES,
    SHIPS,
    SPECIAL_SPACES,
    START,
)


def test_the_first_moves_free_spaces_hold_no_special_card():
    """First player: the 1- and 2-space moves from the start (free, R-rc) land on
    basic cards; a special card on the first move costs a resource."""
    free = {START + 1, START + 2}
    assert not free & set(SPECIAL_SPACES)
    assert min(SPECIAL_SPACES) == START + 3


def test_the_first_game_layout_opens_with_the_donation_card():
    """First-game layout: basic card 1 (on the first free space) is a donation."""
    assert [a["do"] for a in BASIC_CARDS[0]["actions"]] == ["donation"]


def test_every_ship_costs_five_to_seven_resources():
    """The ship rush: three extra ships cost at least 15 resources (the review's
    data: 12), no ship costs more than 7."""
    totals = {ship: sum(data["cost"].values()) for ship, data in SHIPS.items()}
    assert min(totals.values()) == 5 and max(totals.values()) == 7


def test_ship_20_is_worth_five_stars_as_the_rules_say():
    assert SHIPS["ship-20"]["stars"] == 5


def test_each_alliance_upkeep_is_one_resource():
    assert all(alliance["upkeep"] in RESOURCES for alliance in ALLIANCES.values())


def test_every_lawsuit_is_worth_stars_and_allows_two_extra_steps():
    """The lawsuit route: cheap (one or two resources), two extra steps, 2-3 stars."""
    for lawsuit in LAWSUITS.values():
        assert 1 <= sum(lawsuit["cost"].values()) <= 2
        assert lawsuit["extra"] == 2 and lawsuit["stars"] in (2, 3)


def test_prestige_track_pays_on_even_spaces_and_stars_from_the_third():
    """The prestige route: income only on spaces 2, 4 and 6; stars 1, 1, 2, 3."""
    assert [space for space, gain in PRESTIGE_INCOME.items() if gain] == [2, 4, 6]
    assert [PRESTIGE_STARS[space] for space in range(7)] == [0, 0, 0, 1, 1, 2, 3]
