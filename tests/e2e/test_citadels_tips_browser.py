"""In a real browser, a Citadels character or district says what it does: on
keyboard focus, on hover with a mouse and on a tap, without leaving a phone's
screen; Escape closes it."""

import pytest
from browser_helpers import logged_in

from games import services

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def game(ana, ben, make_user):
    cy, dee = make_user("Cy"), make_user("Dee")
    game = services.game_create(
        creator=ana, engine_slug="citadels", num_players=4, options={}
    )
    for user in (ben, cy, dee):
        services.seat_join(game_id=game.pk, user=user)
    return game


def tip(page, selector):
    button = page.locator(f"{selector} .tip-btn").first
    text = page.locator(f"#{button.get_attribute('aria-controls')}")
    return button, text


def test_a_tap_opens_a_characters_text_inside_a_phone_screen(
    browser, live_server, ana, game
):
    page = logged_in(browser, live_server, ana)
    page.goto(live_server.url + game.get_absolute_url())
    # The last character of the line-up sits at the right edge of the screen.
    button, text = tip(page, ".ct-char:last-child")
    assert not text.is_visible()
    button.tap()
    assert button.get_attribute("aria-expanded") == "true"
    assert text.is_visible()
    box = text.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    button.tap()
    assert button.get_attribute("aria-expanded") == "false"
    assert not text.is_visible()


def test_keyboard_focus_and_escape(browser, live_server, ana, game):
    page = logged_in(browser, live_server, ana, width=1200, height=900, touch=False)
    page.goto(live_server.url + game.get_absolute_url())
    first, text = tip(page, ".ct-char")
    assert not text.is_visible()
    page.keyboard.press("Shift")
    first.focus()
    assert text.is_visible()
    description = page.evaluate(
        "b => document.getElementById(b.getAttribute('aria-describedby')).textContent",
        first.element_handle(),
    )
    assert description == text.inner_text()
    page.keyboard.press("Enter")
    assert first.get_attribute("aria-expanded") == "true"
    page.keyboard.press("Escape")
    assert first.get_attribute("aria-expanded") == "false"


def test_hovering_a_district_with_a_mouse_shows_its_text(
    browser, live_server, ana, game
):
    page = logged_in(browser, live_server, ana, width=1200, height=900, touch=False)
    page.goto(live_server.url + game.get_absolute_url())
    button, text = tip(page, ".ct-mine .ct-district")
    assert not text.is_visible()
    button.hover()
    assert text.is_visible() and text.inner_text().endswith(".")
    page.mouse.move(0, 0)
    assert not text.is_visible()
