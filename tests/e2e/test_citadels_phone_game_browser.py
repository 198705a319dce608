"""A first Citadels game on a phone: the recommended table against the computer,
created from the form, played to its end by tapping the page's controls; at
every decision the prompt, the line saying what the step allows and the first
control are on the 390 x 844 screen when the page opens."""

import json
import time

import pytest
from browser_helpers import logged_in

from games.bots import choose_move
from games.citadels.engine import ENGINE
from games.models import Game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

WIDTH, HEIGHT = 390, 844
BOX = "el => { const r = el.getBoundingClientRect(); return [r.top, r.bottom]; }"


def on_screen(page, selector) -> bool:
    top, bottom = page.locator(selector).first.evaluate(BOX)
    return top >= 0 and bottom <= HEIGHT


def ana_to_move(game, seat, seconds=20.0):
    """The game once it waits for `seat` or is over (the computer players'
    moves are tasks run after each commit)."""
    deadline = time.monotonic() + seconds
    while True:
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE or ENGINE.to_move(game.state) == [seat]:
            return game
        assert time.monotonic() < deadline, "the computer players did not move"
        time.sleep(0.1)


def test_a_first_citadels_game_against_the_computer_on_a_phone(
    browser, live_server, ana
):
    page = logged_in(browser, live_server, ana, WIDTH, HEIGHT)
    base = live_server.url
    page.goto(f"{base}/new/citadels/")
    assert page.locator("details.advanced[open]").count() == 0
    page.check("input[name=against_computer]")
    page.click("form.stacked button[type=submit]")
    page.wait_for_selector("#board[data-status=active]")
    game = Game.objects.get()
    assert game.num_players >= 4 and game.seats.filter(user=ana).count() == 1
    seat = game.seats.get(user=ana).position

    decisions, off_screen = 0, []
    while True:
        game = ana_to_move(game, seat)
        if game.status != Game.Status.ACTIVE:
            break
        state = game.state
        page.goto(f"{base}/games/{game.pk}/")
        page.wait_for_selector(
            f"#board[data-version='{game.version}'] button[data-move]"
        )
        for what in ("#board .prompt", "#board [data-step-help]"):
            assert page.locator(what).first.inner_text().strip(), what
        for what in ("#board .prompt", "#board button[data-move]"):
            if not on_screen(page, what):
                off_screen.append((decisions, what, state["phase"]))
        move = choose_move(ENGINE, state, seat, seed=decisions)
        key = json.dumps(move, sort_keys=True, separators=(",", ":"))
        page.locator(f"#board button[data-move='{key}']").click()
        page.wait_for_selector(f"#board:not([data-version='{game.version}'])")
        decisions += 1
        assert decisions < 400
    assert game.status == Game.Status.FINISHED
    assert off_screen == []
    page.goto(f"{base}/games/{game.pk}/")
    assert page.locator("#board[data-status=finished]").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
