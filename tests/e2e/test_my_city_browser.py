"""One round of My City between two people in a real browser (Playwright driving
Debian's chromium): the table form, joining, rotating, placing, polling."""

from pathlib import Path

import pytest
from browser_helpers import logged_in

from games.models import Game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = Path(__file__).resolve().parents[2] / "var" / "e2e"


def test_two_players_play_one_round_of_my_city(browser, live_server, ana, ben):
    SHOTS.mkdir(parents=True, exist_ok=True)
    base = live_server.url
    pa = logged_in(browser, live_server, ana, 390)
    pb = logged_in(browser, live_server, ben, 1200)

    # Ana creates a public two-player table; Ben joins from the lobby.
    pa.goto(f"{base}/new/my-city/")
    pa.select_option("select[name=players]", "2")
    pa.click("details.advanced > summary")  # the game's options are folded away
    pa.select_option("select[name=mode]", "single")
    pa.click("form.stacked button[type=submit]")
    pa.wait_for_selector("#board[data-status=open]")
    game = Game.objects.get()
    pb.goto(f"{base}/")
    pb.click(f"li:has(a[href='/games/{game.pk}/']) button:has-text('Join')")
    pb.wait_for_selector("#board[data-status=active]")
    pa.reload()
    pa.wait_for_selector("#board[data-status=active] .mc-target")

    # Ben turns his view of the building first; his choice survives the polling.
    chosen = pb.get_attribute(".mc-orient a.act >> nth=0", "data-o")
    pb.click(".mc-orient a.act >> nth=0")
    pb.wait_for_selector(f".mc-image.current[data-o='{chosen}']")

    # Ana turns the building (a link that re-renders the board), then places it.
    turned = pa.get_attribute(".mc-orient a.act >> nth=0", "data-o")
    pa.click(".mc-orient a.act >> nth=0")
    pa.wait_for_selector(f".mc-image.current[data-o='{turned}']")
    # On the phone, the first tap shows where the building would go; the second builds.
    pa.locator(".mc-target").first.tap()
    pa.wait_for_selector(".mc-target.armed")
    assert pa.locator(".mc-svg .preview rect").count() > 0
    assert Game.objects.get().version == 0
    pa.locator(".mc-target.armed").tap()
    pa.wait_for_selector("#board[data-version='1']")
    assert "You have decided" in pa.inner_text(".prompt")
    assert pa.locator(".mc-target").count() == 0
    # No horizontal scrolling on a 390 px phone.
    assert pa.evaluate("document.documentElement.scrollWidth") <= 390
    pa.screenshot(path=str(SHOTS / "my-city-decided-phone.png"), full_page=True)

    # Ben's page follows by polling; Ana's building is not shown to him yet.
    pb.wait_for_selector("#board[data-version='1']", timeout=10_000)
    assert pb.locator(".mc-others svg rect.bld").count() == 0
    assert pb.get_attribute(".mc-image.current", "data-o") == chosen
    # Ben decides from a page that is one version behind (as when both players
    # click within one poll): the 409 brings the fresh board and the page sends
    # the same decision again, once.
    pb.evaluate("document.querySelector('#move-form input[name=version]').value = '0'")
    pb.locator(".mc-target").last.click()

    # The round resolves: both cities show their building, on both pages.
    pb.wait_for_selector(".mc[data-round='2']")
    pa.wait_for_selector(".mc[data-round='2']", timeout=10_000)
    assert pb.locator(".mc-others svg rect.bld").count() > 0
    assert pa.locator(".mc-mine svg rect.bld").count() > 0
    assert "Round 1" in pa.inner_text(".mc-last")
    pb.screenshot(path=str(SHOTS / "my-city-round-2-desktop.png"), full_page=True)
    game.refresh_from_db()
    assert game.state["round"] == 2
    assert game.state["last_round"]["decisions"][0]["move"]["orientation"] == int(
        turned
    )
    assert all(len(p["placed"]) == 1 for p in game.state["players"])
