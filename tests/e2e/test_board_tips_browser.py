"""In a real browser, the pieces of the Lost Cities, Rival Cities and My City
boards say what they do the way Citadels' do (the shared static/js/tips.js):
a tap opens the text inside a phone's screen and closes it again, keyboard
focus shows it, Escape closes it; and the rules page of each game opens from
the board's header."""

import pytest
from browser_helpers import logged_in

from games import services

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def started(slug, ana, ben):
    game = services.game_create(
        creator=ana, engine_slug=slug, num_players=2, options={}
    )
    services.seat_join(game_id=game.pk, user=ben)
    return game


def tip(page, selector):
    button = page.locator(f"{selector} .tip-btn").first
    text = page.locator(f"#{button.get_attribute('aria-controls')}")
    return button, text


@pytest.mark.parametrize(
    ("slug", "selector"),
    [
        ("lost-cities", ".lc-mine .side-title"),
        ("rival-cities", ".rc-lawsuit"),
        ("my-city", ".mc-legend li"),
    ],
)
def test_a_tap_opens_a_pieces_text_inside_a_phone_screen(
    browser, live_server, ana, ben, slug, selector
):
    game = started(slug, ana, ben)
    page = logged_in(browser, live_server, ana)
    page.goto(live_server.url + game.get_absolute_url())
    button, text = tip(page, selector)
    assert not text.is_visible()
    button.tap()
    assert button.get_attribute("aria-expanded") == "true"
    assert text.is_visible()
    box = text.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    button.tap()
    assert not text.is_visible()


def test_keyboard_focus_shows_a_cards_text_and_escape_closes_it(
    browser, live_server, ana, ben
):
    game = started("lost-cities", ana, ben)
    page = logged_in(browser, live_server, ana, width=1200, height=900, touch=False)
    page.goto(live_server.url + game.get_absolute_url())
    button, text = tip(page, ".hand")
    page.keyboard.press("Shift")
    button.focus()
    assert text.is_visible()
    page.keyboard.press("Enter")
    assert button.get_attribute("aria-expanded") == "true"
    page.keyboard.press("Escape")
    assert button.get_attribute("aria-expanded") == "false"


def test_the_rules_open_from_the_boards_header(browser, live_server, ana, ben):
    game = started("my-city", ana, ben)
    page = logged_in(browser, live_server, ana)
    page.goto(live_server.url + game.get_absolute_url())
    page.locator("[data-rules-link]").click()
    page.wait_for_url("**/games/my-city/rules/")
    assert page.locator("h1").inner_text().startswith("How to play")
