"""The header's "My games" count follows the player's move without a reload."""

import pytest
from browser_helpers import logged_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_header_count_drops_after_my_turn_without_a_reload(
    browser, live_server, lost_cities_game
):
    game = lost_cities_game
    me = game.seats.get(position=game.state["current"]).user
    page = logged_in(browser, live_server, me, width=1280, height=800)
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    assert page.locator("#waiting-count .badge").inner_text() == "1"
    for version in (game.version + 1, game.version + 2):  # play a card, draw one
        page.locator("#board button[data-move]").first.click()
        page.wait_for_selector(f"#board[data-version='{version}']")
    page.wait_for_function("!document.querySelector('#waiting-count .badge')")
    assert page.locator("#waiting-count").count() == 1
