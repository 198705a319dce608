"""Two people and two computer players play a full round of Citadels in a real
browser (Playwright driving Debian's chromium): the draft, the call of the
ranks, each step of the turns, with hidden roles that never reach another
player's page."""

import json
import re
from pathlib import Path

import pytest

from games import engines
from games.bots import choose_move
from games.models import Game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = Path(__file__).resolve().parents[2] / "var" / "e2e"
PASSWORD = "a long enough password"
ENGINE = engines.get("citadels")
SECRET_ID = re.compile(r"(?:district-\d+|char-[a-z_]+)")


def log_in(page, base, email):
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=login]", email)
    page.fill("input[name=password]", PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_load_state()


def forbidden_for(state, seat, n):
    out = set(ENGINE.secrets(state, None))
    for other in range(n):
        if other != seat:
            out |= set(ENGINE.secrets(state, other))
    return out - set(ENGINE.secrets(state, seat))


def test_two_people_and_two_computer_players_play_a_round(
    browser, live_server, make_user
):
    """Ana (on a phone) creates a 4-player table, fills two seats with computer
    players, Ben joins; they play the draft and their turns by clicking the
    page's controls until the second round's draft; no page shows them a hidden
    card of another seat."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    make_user("Ana")
    make_user("Ben")
    base = live_server.url
    ana = browser.new_context(viewport={"width": 390, "height": 844})
    ben = browser.new_context(viewport={"width": 1200, "height": 900})
    pa, pb = ana.new_page(), ben.new_page()
    log_in(pa, base, "ana@example.com")
    log_in(pb, base, "ben@example.com")

    pa.goto(f"{base}/new/citadels/")
    pa.select_option("select[name=players]", "4")
    pa.click("form.stacked button[type=submit]")
    pa.wait_for_selector("#board[data-status=open]")
    game = Game.objects.get()
    for _ in range(2):
        pa.click("button:has-text('computer player')")
        pa.wait_for_selector("#board[data-status=open]")
    pb.goto(f"{base}/games/{game.pk}/")
    pb.click("button:has-text('Take a seat')")
    pb.wait_for_selector("#board[data-status=active]")
    game.refresh_from_db()
    pages = {}
    for seat in game.seats.all():
        if seat.user_id:
            pages[seat.position] = pa if seat.user.email.startswith("ana") else pb

    clicks = 0
    kinds = set()
    while True:
        game.refresh_from_db()
        state = game.state
        if state["round"] >= 2 or game.status != Game.Status.ACTIVE:
            break
        seat = ENGINE.to_move(state)[0]
        assert seat in pages, "the computer players play at once"
        page = pages[seat]
        current = f"#board[data-version='{game.version}'][data-status=active]"
        if page.locator(current).count() == 0:
            page.goto(f"{base}/games/{game.pk}/")
        html = page.content()
        assert not set(SECRET_ID.findall(html)) & forbidden_for(state, seat, 4)
        assert page.locator(".ct .prompt").inner_text().strip()
        move = choose_move(ENGINE, state, seat, seed=clicks)
        kinds.add(move["type"])
        key = json.dumps(move, sort_keys=True, separators=(",", ":"))
        button = page.locator(f"#board button[data-move='{key}']")
        assert button.count() == 1, key
        button.click()
        page.wait_for_selector(f"#board:not([data-version='{game.version}'])")
        clicks += 1
        if clicks == 3:
            page.screenshot(path=str(SHOTS / "citadels-draft.png"), full_page=True)
        assert clicks < 80
    assert "choose" in kinds and ("take_gold" in kinds or "draw_cards" in kinds)
    for page in (pa, pb):
        page.goto(f"{base}/games/{game.pk}/")
        assert page.locator(".ct-player").count() == 4
        seat = next(s for s, p in pages.items() if p is page)
        game.refresh_from_db()
        forbidden = forbidden_for(game.state, seat, 4)
        assert not set(SECRET_ID.findall(page.content())) & forbidden
    width = pa.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, "no horizontal scrolling on a phone"
    pa.screenshot(path=str(SHOTS / "citadels-round-2-phone.png"), full_page=True)
    pb.screenshot(path=str(SHOTS / "citadels-round-2.png"), full_page=True)
    ana.close()
    ben.close()
