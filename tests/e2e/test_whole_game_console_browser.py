"""A whole game of each engine against the easy computer, played by clicking
the page's move buttons, at desktop (1366 x 768) and phone (390 x 844) sizes:
the browser console stays clean (no error or warning, no htmx message, no CSP
violation, no uncaught exception), and the decision's first control is on
screen: above the fold whenever the page opens on a decision at desktop size,
in view after each move on the phone."""

import json
import random
import time
from pathlib import Path

import pytest
from browser_helpers import console_watched, logged_in

from games import engines
from games.bots import choose_move
from games.models import Game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"
SIZES = {"desktop": (1366, 768), "phone": (390, 844)}
SLUGS = ["lost-cities", "citadels", "rival-cities", "my-city"]
FIRST = "#board button[data-move]"
# My City's decision starts with how the building lies (its images, above the
# board); its targets are spaces of a board of 48 px squares, whose lower rows
# lie below the fold at 1366 x 768 (as in test_phone_decision_browser.py).
FOLD_FIRST = {"my-city": "#board .mc-orient a, #board button[data-move]"}
BOX = "el => { const r = el.getBoundingClientRect(); return [r.top, r.bottom]; }"


def waiting_for(game, engine, seat, seconds=30.0):
    """The game once it waits for `seat` or is over (the computer players'
    moves are tasks run after each commit)."""
    deadline = time.monotonic() + seconds
    while True:
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE or seat in engine.to_move(game.state):
            return game
        assert time.monotonic() < deadline, "the computer players did not move"
        time.sleep(0.1)


def first_control(page, selector=FIRST, in_page=False):
    """The top and bottom of the decision's first control: on the screen, or
    in the page (where they are with the page scrolled to its top)."""
    top, bottom = page.locator(selector).first.evaluate(BOX)
    scrolled = page.evaluate("window.scrollY") if in_page else 0
    return top + scrolled, bottom + scrolled


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("slug", SLUGS)
def test_a_whole_game_keeps_the_console_clean_and_the_decision_on_screen(
    browser, live_server, ana, slug, size
):
    width, height = SIZES[size]
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = logged_in(browser, live_server, ana, width, height)
    messages = console_watched(page)
    engine = engines.get(slug)
    base = live_server.url
    page.goto(f"{base}/new/{slug}/")
    page.check("input[name=against_computer]")
    page.select_option("select[name=bot_level]", "easy")
    page.click("form.stacked button[type=submit]")
    page.wait_for_selector("#board[data-status=active]")
    game = Game.objects.get()
    seat = game.seats.get(user=ana).position

    decisions, below_fold, off_screen = 0, [], []
    while True:
        game = waiting_for(game, engine, seat)
        if game.status != Game.Status.ACTIVE:
            break
        state = game.state
        selector = f"#board[data-version='{game.version}'] button[data-move]"
        if page.locator(selector).count() == 0:
            page.goto(f"{base}/games/{game.pk}/")
            page.wait_for_selector(selector)
        if size == "desktop":
            first = FOLD_FIRST.get(slug, FIRST)
            top, bottom = first_control(page, first, in_page=True)
            if bottom > height:
                below_fold.append((decisions, state.get("phase"), bottom))
                page.screenshot(path=str(SHOTS / f"whole-{slug}-{size}-fold.png"))
        if decisions < 3:
            page.screenshot(path=str(SHOTS / f"whole-{slug}-{size}-{decisions}.png"))
        # The computer's choice when the page shows it (a board offers one
        # button for moves alike, such as two wagers of a colour), else one of
        # the visible buttons.
        shown = page.locator(f"{FIRST}:visible")
        keys = shown.evaluate_all("bs => bs.map(b => b.dataset.move)")
        move = choose_move(engine, state, seat, seed=decisions)
        key = json.dumps(move, sort_keys=True, separators=(",", ":"))
        if key not in keys:
            key = random.Random(decisions).choice(keys)
        shown.nth(keys.index(key)).click()
        page.wait_for_selector(f"#board:not([data-version='{game.version}'])")
        if size == "phone" and page.locator(FIRST).count():
            top, bottom = first_control(page)
            if top < 0 or bottom > height:
                off_screen.append((decisions, state.get("phase"), top, bottom))
        decisions += 1
        assert decisions < 500
    page.goto(f"{base}/games/{game.pk}/")
    page.wait_for_selector("#board[data-status=finished]")
    page.screenshot(path=str(SHOTS / f"whole-{slug}-{size}-over.png"))
    assert game.status == Game.Status.FINISHED
    assert messages == [], "\n".join(messages)
    assert below_fold == []
    assert off_screen == []
