"""My City on a 360 px phone (Playwright driving Debian's chromium): while you
place a building, your board grows so that every placement target is at least
44 px; it scrolls sideways inside its own frame, never the page; a tap on a
target far off to the side still arms and builds."""

import pytest
from browser_helpers import logged_in

from games import services
from games.models import Game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TARGET = 44


def target_sizes(page) -> list:
    return page.evaluate(
        """() => Array.from(document.querySelectorAll('.mc-target'), b => {
             const r = b.getBoundingClientRect();
             return [r.width, r.height];
           })"""
    )


@pytest.fixture
def game(ana, ben):
    game = services.game_create(
        creator=ana, engine_slug="my-city", num_players=2, options={}
    )
    services.seat_join(game_id=game.pk, user=ben)
    return Game.objects.get(pk=game.pk)


def test_placement_targets_are_44px_on_a_360px_phone(browser, live_server, ana, game):
    phone = logged_in(browser, live_server, ana, 360, 780, touch=True)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.wait_for_selector("#board[data-status=active] .mc-target")
    sizes = target_sizes(phone)
    assert sizes and min(min(w, h) for w, h in sizes) >= TARGET
    # The page itself never scrolls sideways; only the board's own frame does.
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    frame = phone.locator(".mc-board-scroll")
    assert frame.evaluate("f => f.scrollWidth > f.clientWidth")
    # The frame opens on the targets: at least one is fully in view.
    assert phone.evaluate(
        """() => Array.from(document.querySelectorAll('.mc-target')).some(b => {
             const r = b.getBoundingClientRect();
             return r.left >= 0 && r.right <= window.innerWidth;
           })"""
    )
    # The right-most target: the first tap shows the spaces, the second builds.
    last = phone.locator(".mc-target").last
    last.tap()
    phone.wait_for_selector(".mc-target.armed")
    assert phone.locator(".mc-svg .preview rect").count() > 0
    phone.locator(".mc-target.armed").tap()
    phone.wait_for_selector("#board[data-version='1']")
    assert phone.locator(".mc-target").count() == 0
    # With nothing to place, the whole board fits the screen again.
    assert not frame.evaluate("f => f.scrollWidth > f.clientWidth")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


def test_the_desktop_board_is_unchanged(browser, live_server, ana, game):
    """On a wide screen the board fits its column, with no frame to scroll, and
    its targets are already 44 px."""
    desk = logged_in(browser, live_server, ana, 1200, 780, touch=False)
    desk.goto(f"{live_server.url}{game.get_absolute_url()}")
    desk.wait_for_selector("#board[data-status=active] .mc-target")
    frame = desk.locator(".mc-board-scroll")
    assert not frame.evaluate("f => f.scrollWidth > f.clientWidth")
    sizes = target_sizes(desk)
    assert min(min(w, h) for w, h in sizes) >= TARGET
