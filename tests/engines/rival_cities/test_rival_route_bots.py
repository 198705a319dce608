"""The route bots and the mixed bot (games/rival_cities/bots/routes.py): legal moves only,
each route's bot goes for its route, and any bot blocks an instant victory one
action away. The round robin's pairing alternates seats and first player."""

import pytest
from rival_helpers import (
    ENGINE,
    give_card,
    set_res,
    set_tokens,
    started,
    take_alliance,
    with_tasks,
)

from games.rival_cities.bots.balance import jobs_for_pair, play
from games.rival_cities.bots.routes import ROUTES, RouteBot


def on_space(state, card):
    """The inkwell on the ring space holding `card`."""
    state["inkwell"] = next(
        i for i, space in enumerate(state["ring"]) if space["card"] == card
    )
    return state


def option_between_ship_and_prestige():
    """Hamburg chooses: the ring's Buy a ship (basic 13), or special 11 (prestige,
    or a gift) from hand."""
    state = set_res(started(), 0, beer=4, leather=4, cloth=4, furniture=2)
    state = give_card(on_space(state, "basic-13"), 0, "special-11")
    return with_tasks(state, 0, [{"t": "option"}])


@pytest.mark.parametrize(
    "route,option", [("ships", "A"), ("prestige", "B")], ids=["ships", "prestige"]
)
def test_a_route_bot_chooses_its_routes_action(route, option):
    state = set_tokens(option_between_ship_and_prestige(), 0, letters=0)
    move = RouteBot(route, seed=1).choose(ENGINE, state, 0)
    assert move["type"] == "option" and move["option"] == option


@pytest.mark.parametrize("route", [*ROUTES, None])
def test_every_bot_takes_the_rivals_alliance_before_their_fourth(route):
    """The rival holds 3 alliances: taking one of theirs (a letter) blocks the
    instant victory, whatever one's route."""
    state = started()
    for card in state["alliances_board"][:3]:
        state = take_alliance(state, 1, card)
    state = set_tokens(state, 0, letters=1)
    state = with_tasks(state, 0, [{"t": "alliance"}])
    move = RouteBot(route, seed=2).choose(ENGINE, state, 0)
    assert move["type"] == "alliance"
    assert move["card"] in state["players"][1]["alliances"]


def test_bots_play_a_whole_game_with_legal_moves():
    """A game between two bots ends; every move was legal (apply would refuse)."""
    row = play("lawsuits", None, seed=3, a_seat=0, options={"first_game": True})
    assert row["how"] in ("prestige", "lawsuits", "ships", "alliances", "stars")
    assert row["decisions"] > 20


def test_a_pair_alternates_seats_and_first_player():
    jobs = jobs_for_pair("k", "ships", "stars", 8, seed=1)
    a_first = [job[4] == job[5]["first_player"] for job in jobs]
    assert sum(a_first) == 4
    assert sorted(job[4] for job in jobs) == [0] * 4 + [1] * 4


def test_the_mixed_bot_opens_on_prestige_and_weighs_the_rivals_route():
    """Nothing under way: the mixed bot leads with prestige; the rival's two
    alliances (half the way) weigh half, the routes nobody follows little."""
    from games.rival_cities.bots.route_values import MIXED_SIDE, Context

    state = started()
    for card in state["alliances_board"][:2]:
        state = take_alliance(state, 1, card)
    bot = RouteBot(None, seed=1)
    weights = Context(ENGINE.view(state, 0), 0, None, bot.plan).weights
    assert weights["prestige"] == 1.0 and weights["alliances"] == 0.5
    assert weights["ships"] == weights["stars"] == MIXED_SIDE


def test_the_mixed_bot_leaves_its_plan_for_a_route_well_under_way():
    """Three alliances of its own (3/4 of the way) lead over the prestige plan."""
    from games.rival_cities.bots.route_values import Context

    state = started()
    for card in state["alliances_board"][:3]:
        state = take_alliance(state, 0, card)
    weights = Context(ENGINE.view(state, 0), 0, None, "prestige").weights
    assert weights["alliances"] == 1.0 and weights["prestige"] < 1.0
