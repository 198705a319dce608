"""Rival Cities at 390x844 and 1366x768 in a real browser: the French rules
page's ring figure drawn (its circles have a size, no console error), a board
with the option buttons, the ring's legend and a city one step from a sudden
victory, and a finished board saying how the game was won. The screenshots go
to var/screenshots/ to be looked at."""

import json
from pathlib import Path

import pytest
from browser_helpers import logged_in
from django.urls import reverse

from games import services
from games.models import Game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SIZES = {"phone": (390, 844), "desktop": (1366, 768)}
SHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"


def shot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def edited(game, change):
    state = json.loads(json.dumps(game.state))
    change(state)
    Game.objects.filter(pk=game.pk).update(state=state)
    return Game.objects.get(pk=game.pk)


def new_game(ana, ben):
    game = services.game_create(
        creator=ana,
        engine_slug="rival-cities",
        num_players=2,
        options={"first_game": True, "first_player": 0},
    )
    services.seat_join(game_id=game.pk, user=ben)
    users = {0: ana, 1: ben}
    for seat, res in ((0, "furniture"), (1, "cloth")):
        game = Game.objects.get(pk=game.pk)
        services.move_submit(
            game_id=game.pk,
            user=users[seat],
            move={"type": "start", "resource": res},
            expected_version=game.version,
        )
    return Game.objects.get(pk=game.pk)


@pytest.mark.parametrize("size", SIZES)
def test_the_french_rules_figure_is_drawn(browser, live_server, ana, size):
    from accounts.models import User

    User.objects.filter(pk=ana.pk).update(language="fr")
    page = logged_in(browser, live_server, ana, *SIZES[size])
    errors = []
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.goto(live_server.url + reverse("games:rules", args=["rival-cities"]))
    figure = page.locator("figure svg").first
    figure.scroll_into_view_if_needed()
    boxes = page.evaluate(
        "() => Array.from(document.querySelectorAll('figure circle.fig-space'),"
        " c => c.getBBox().width)"
    )
    shot(page, f"rival-rules-fr-{size}")
    assert boxes and all(w > 0 for w in boxes)
    assert len({round(x) for x in boxes}) == 1
    assert errors == []


@pytest.mark.parametrize("size", SIZES)
def test_options_legend_and_a_near_victory_on_screen(
    browser, live_server, ana, ben, size
):
    game = new_game(ana, ben)

    def near(state):
        for index in range(3):
            state["players"][1]["alliances"].append(state["alliances_board"][index])
            state["alliances_board"][index] = None
        state["prestige"] = 6

    game = edited(game, near)
    services.move_submit(
        game_id=game.pk,
        user=ana,
        move={"type": "move", "spaces": 1},
        expected_version=game.version,
    )
    game = Game.objects.get(pk=game.pk)
    page = logged_in(browser, live_server, ana, *SIZES[size])
    page.goto(live_server.url + game.get_absolute_url())
    page.wait_for_selector("#board .rc-options button")
    shot(page, f"rival-options-{size}")
    option_a = page.locator("#board .rc-options button.opt-A").inner_text()
    assert "Option A:" in option_a and "the card on your space" not in option_a
    assert page.locator("#board .rc-near li").count() == 2
    assert page.locator("#board .rc-legend li").count() == 3
    assert page.locator("#board .rc-victory.near").count() == 2
    top = page.locator("#board .rc-options button").first.bounding_box()["y"]
    assert top < SIZES[size][1], "the first option is below the first screen"


@pytest.mark.parametrize("size", SIZES)
def test_a_finished_board_says_how_it_was_won(browser, live_server, ana, ben, size):
    game = new_game(ana, ben)

    def last_alliance(state):
        for index in range(3):
            state["players"][0]["alliances"].append(state["alliances_board"][index])
            state["alliances_board"][index] = None
        state["queue"].append({"t": "alliance", "seat": 0})

    game = edited(game, last_alliance)
    card = next(c for c in game.state["alliances_board"] if c)
    services.move_submit(
        game_id=game.pk,
        user=ana,
        move={"type": "alliance", "card": card},
        expected_version=game.version,
    )
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.FINISHED
    page = logged_in(browser, live_server, ben, *SIZES[size])
    page.goto(live_server.url + game.get_absolute_url())
    page.locator(".rc-results .winner").scroll_into_view_if_needed()
    shot(page, f"rival-over-{size}")
    assert (
        "wins at once by holding all 4 alliances"
        in page.locator(".rc-results .winner").inner_text()
    )
