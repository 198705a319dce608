"""My City on a 390 x 844 phone and at 1366 x 768: after a placement the board's
next decision (the strip of the building's images and the grid) is on screen,
not the bottom of the page (issue 31). Screenshots in var/e2e/."""

from pathlib import Path

import pytest
from browser_helpers import logged_in

from games import engines, services
from games.bots import choose_move
from games.models import Game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = Path(__file__).resolve().parents[2] / "var" / "e2e"
ENGINE = engines.get("my-city")
BOX = """el => { const r = el.getBoundingClientRect();
                 return {top: r.top, bottom: r.bottom}; }"""


def _ben_decides(game, ben):
    game.refresh_from_db()
    move = choose_move(ENGINE, game.state, 1, seed=game.version)
    services.move_submit(
        game_id=game.pk, user=ben, move=move, expected_version=game.version
    )
    game.refresh_from_db()
    return game


def _visible(page, selector, height) -> bool:
    box = page.locator(selector).first.evaluate(BOX)
    return box["bottom"] > 0 and box["top"] < height


@pytest.mark.parametrize("size", [(390, 844), (1366, 768)], ids=["phone", "desktop"])
def test_after_a_placement_the_strip_and_the_grid_are_on_screen(
    browser, live_server, ana, ben, size
):
    width, height = size
    SHOTS.mkdir(parents=True, exist_ok=True)
    game = services.game_create(
        creator=ana, engine_slug="my-city", num_players=2, options={}
    )
    services.seat_join(game_id=game.pk, user=ben)
    game = Game.objects.get(pk=game.pk)
    page = logged_in(browser, live_server, ana, width, height)
    for placement in range(3):
        game = _ben_decides(game, ben)
        page.goto(f"{live_server.url}{game.get_absolute_url()}")
        page.wait_for_selector("#board[data-status=active] .mc-target")
        if placement == 0:
            page.screenshot(path=str(SHOTS / f"my-city-before-{width}.png"))
        target = page.locator(".mc-target").last
        target.scroll_into_view_if_needed()
        version = game.version
        target.click()
        if page.locator(".mc-target.armed").count():
            page.locator(".mc-target.armed").click()
        page.wait_for_selector(f"#board:not([data-version='{version}'])")
        page.wait_for_selector("#board .mc-orient")
        page.wait_for_timeout(300)
        page.screenshot(path=str(SHOTS / f"my-city-after-{width}-{placement}.png"))
        assert _visible(page, "#board .mc-orient", height), placement
        assert _visible(page, "#board .mc-mine .mc-board-wrap", height), placement
        game.refresh_from_db()
