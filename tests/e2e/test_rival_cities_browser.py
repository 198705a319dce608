"""A person plays Rival Cities against the computer in a real browser, through a
low season: every one of her moves is a click on the page (Playwright driving
Debian's chromium on a 390 px phone screen)."""

import json
from pathlib import Path

import pytest

from games import engines
from games.bots import choose_move
from games.models import Game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = Path(__file__).resolve().parents[2] / "var" / "e2e"
PASSWORD = "a long enough password"
ENGINE = engines.get("rival-cities")


def log_in(page, base, email):
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=login]", email)
    page.fill("input[name=password]", PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_load_state()


def test_a_person_plays_against_the_computer_through_a_low_season(
    browser, live_server, make_user
):
    """Ana creates a first-game table, fills the other seat with a computer player
    and plays by clicking the page's controls until a low season has been played;
    its steps appear on the page, and the board never scrolls sideways."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    make_user("Ana")
    base = live_server.url
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    log_in(page, base, "ana@example.com")

    page.goto(f"{base}/new/rival-cities/")
    page.click("details.advanced > summary")  # the game's options are folded away
    page.check("input[name=first_game]")
    page.select_option("select[name=first_player]", "0")
    page.click("form.stacked button[type=submit]")
    page.wait_for_selector("#board[data-status=open]")
    page.click("button:has-text('Fill a seat with a computer player')")
    page.wait_for_selector("#board[data-status=active]")
    game = Game.objects.get()
    assert game.options == {"first_game": True, "first_player": 0}
    assert "Choose the resource you start with." in page.inner_text(".prompt")
    page.screenshot(path=str(SHOTS / "rival-cities-start-phone.png"), full_page=True)

    clicks = 0
    saw_low_season = False
    while clicks < 120:
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        assert ENGINE.to_move(game.state) == [0]  # the computer has answered
        if page.locator(f"#board[data-version='{game.version}']").count() == 0:
            page.reload()
        offered = page.locator("#board button[data-move]").evaluate_all(
            "els => els.map(e => e.dataset.move)"
        )
        wanted = choose_move(ENGINE, game.state, 0, seed=clicks)
        # Hurry round the ring: go as far as is free or cheap.
        moves = [m for m in ENGINE.legal_moves(game.state, 0) if m["type"] == "move"]
        if moves:
            wanted = max(moves, key=lambda m: (m["spaces"] <= 5, m["spaces"]))
        key = json.dumps(wanted, sort_keys=True, separators=(",", ":"))
        assert key in offered
        version = game.version
        page.click(f"#board button[data-move='{key}']")
        page.wait_for_selector(f"#board:not([data-version='{version}'])")
        clicks += 1
        text = page.inner_text("#board")
        if "low season" in text and "The low season is over" in text:
            saw_low_season = True
            page.screenshot(
                path=str(SHOTS / "rival-cities-low-season-phone.png"), full_page=True
            )
        game.refresh_from_db()
        if game.state["low_seasons"] >= 1 and saw_low_season:
            break
    assert game.state["low_seasons"] >= 1
    assert saw_low_season
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    assert page.locator(".rc-ring .rc-space").count() == 19
    context.close()
