"""On a 390 x 844 phone, every game's page opens with the prompt and the
controls of the viewer's decision on screen, under a header whose navigation
folds into a menu."""

from pathlib import Path

import pytest
from browser_helpers import logged_in
from game_states import DECISIONS, mid_game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = Path(__file__).resolve().parents[2] / "var" / "e2e"
WIDTH, HEIGHT = 390, 844

BOX = """el => { const r = el.getBoundingClientRect();
                 return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; }"""


# My City's decision starts with how the building lies (its images); its targets
# are spaces on the board, which may lie lower than one screen.
FIRST = {"my-city": "#board .mc-orient a, #board button[data-move]"}


def on_screen(page, selector) -> bool:
    box = page.locator(selector).first.evaluate(BOX)
    return box["top"] >= 0 and box["bottom"] <= HEIGHT and box["right"] <= WIDTH


def test_the_prompt_and_the_first_control_are_on_a_phone_screen_in_every_game(
    browser, live_server, ana, ben
):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = logged_in(browser, live_server, ana, WIDTH, HEIGHT)
    missing = {}
    for slug, moves, when in DECISIONS:
        game = mid_game(slug, ana, ben, moves, when)
        page.goto(f"{live_server.url}/games/{game.pk}/")
        page.wait_for_selector("#board[data-status=active] button[data-move]")
        name = f"{slug}-{game.state.get('phase', moves)}"
        page.screenshot(path=str(SHOTS / f"phone-decision-{name}.png"))
        first = FIRST.get(slug, "#board button[data-move]")
        for what, selector in [("prompt", "#board .prompt"), ("first control", first)]:
            if not on_screen(page, selector):
                box = page.locator(selector).first.evaluate(BOX)
                missing[f"{name} {what}"] = box
    assert missing == {}
    # The navigation is folded behind its menu button, which opens it.
    page.goto(f"{live_server.url}/")
    nav = page.locator("#site-nav")
    assert not nav.is_visible()
    assert page.locator(".site-header").evaluate(BOX)["bottom"] < 70
    # The button repeats the count of games waiting for Ana (all of them).
    waiting = page.locator("#waiting-count [data-waiting]").get_attribute(
        "data-waiting"
    )
    assert waiting == str(len(DECISIONS))
    assert page.locator(".menu-toggle .menu-count.badge").inner_text() == waiting
    page.click(".menu-toggle")
    assert nav.is_visible()
    assert page.locator(".menu-toggle").get_attribute("aria-expanded") == "true"
    page.keyboard.press("Escape")
    assert not nav.is_visible()
