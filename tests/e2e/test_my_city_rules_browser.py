"""My City's chapter rules on the board, at 390 x 844 and 1366 x 768: written
as a rulebook would (no "point(s)", no stickers joined by " / "); the score as
it stands in words. Screenshots in var/e2e/."""

from pathlib import Path

import pytest
from browser_helpers import logged_in

from games import services
from games.models import Game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = Path(__file__).resolve().parents[2] / "var" / "e2e"


@pytest.mark.parametrize("size", [(390, 844), (1366, 768)], ids=["phone", "desktop"])
def test_the_chapter_rules_and_the_standing_read_as_written(
    browser, live_server, ana, ben, size
):
    width, height = size
    SHOTS.mkdir(parents=True, exist_ok=True)
    game = services.game_create(
        creator=ana, engine_slug="my-city", num_players=2, options={"episode": 7}
    )
    services.seat_join(game_id=game.pk, user=ben)
    game = Game.objects.get(pk=game.pk)
    page = logged_in(browser, live_server, ana, width, height)
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    page.wait_for_selector("#board[data-status=active] .mc-rules[open]")
    rules = page.locator(".mc-rules")
    rules.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"my-city-rules-{width}.png"), full_page=True)
    text = rules.inner_text()
    assert "Race: be the first with" in text
    assert "One sticker scores" in text
    for bad in ("(s)", " / ", "first to reach"):
        assert bad not in text
    standing = page.locator("[data-standing]").inner_text()
    assert "Counted so far" in standing and "empty meadows will cost" in standing
