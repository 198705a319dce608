"""Two people sign up, confirm their emails, and play Lost Cities to the end in a
real browser (Playwright driving Debian's chromium)."""

import json
import re
from pathlib import Path

import pytest
from django.core import mail

from games.models import Game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = Path(__file__).resolve().parents[2] / "var" / "e2e"
PASSWORD = "a long enough password 7"


def sign_up(page, base, email):
    page.goto(f"{base}/accounts/signup/")
    page.fill("input[name=display_name]", email.split("@")[0].title())
    page.fill("input[name=email]", email)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_load_state()
    message = next(m for m in reversed(mail.outbox) if email in m.to)
    link = re.search(r"https?://\S+/accounts/confirm-email/\S+", message.body).group(0)
    page.goto(base + "/accounts/" + link.split("/accounts/", 1)[1])
    page.click("main form button[type=submit]")
    page.wait_for_load_state()
    assert "Log out" in page.locator(".site-header").text_content()


def test_two_people_play_lost_cities_to_the_end(browser, live_server):
    SHOTS.mkdir(parents=True, exist_ok=True)
    base = live_server.url
    ana = browser.new_context(viewport={"width": 390, "height": 844})
    ben = browser.new_context(viewport={"width": 1200, "height": 900})
    pa, pb = ana.new_page(), ben.new_page()
    sign_up(pa, base, "ana@example.com")
    sign_up(pb, base, "ben@example.com")

    # Ana creates a public table; Ben finds it in the lobby and joins.
    pa.goto(f"{base}/new/lost-cities/")
    pa.select_option("select[name=time_per_move]", "3")
    pa.click("form.stacked button[type=submit]")
    pa.wait_for_selector("#board[data-status=open]")
    game = Game.objects.get()
    pb.goto(f"{base}/")
    pb.click(f"li:has(a[href='/games/{game.pk}/']) button:has-text('Join')")
    pb.wait_for_selector("#board[data-status=active]")
    # Ana's waiting page follows the start without a reload (its poll).
    pa.wait_for_selector("#board[data-status=active]", timeout=10_000)
    pa.screenshot(path=str(SHOTS / "lost-cities-start-phone.png"), full_page=True)

    pages = {}
    for seat in Game.objects.get().seats.all():
        pages[seat.position] = pa if seat.user.email.startswith("ana") else pb

    # The waiting page follows the first move without a reload (polling).
    game.refresh_from_db()
    first, second = pages[game.state["current"]], pages[1 - game.state["current"]]
    first.click("#board button[data-move*='discard']")
    first.wait_for_selector("#board[data-version='1']")
    second.wait_for_selector("#board[data-version='1']", timeout=10_000)

    moves = 1
    while True:
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        page = pages[game.state["current"]]
        version = game.version
        if page.locator(f"#board[data-version='{version}']").count() == 0:
            page.reload()
        buttons = page.locator("#board button[data-move]")
        moves_offered = [
            json.loads(b)
            for b in buttons.evaluate_all("els => els.map(e => e.dataset.move)")
        ]
        # Play a card when one fits, else discard; always draw from the deck, so
        # that the game surely ends and the breakdown has expeditions to show.
        wanted = next(
            (m for m in moves_offered if m["type"] == "play"),
            next(
                m
                for m in moves_offered
                if m["type"] == "discard" or m.get("source") == "deck"
            ),
        )
        page.click(
            f"#board button[data-move='{json.dumps(wanted, sort_keys=True, separators=(',', ':'))}']"
        )
        page.wait_for_selector(f"#board[data-version='{version + 1}']")
        moves += 1
        if moves == 20:
            page.screenshot(path=str(SHOTS / "lost-cities-midgame.png"), full_page=True)
    assert moves > 40

    for page in (pa, pb):
        page.goto(f"{base}/games/{game.pk}/")
        assert "Final score" in page.content()
        assert "8-card bonus" in page.content()
        assert page.locator(".breakdown tbody tr:not(.total)").count() >= 2
    pb.screenshot(path=str(SHOTS / "lost-cities-end.png"), full_page=True)
    pa.goto(f"{base}/my/")
    assert pa.locator(f"[data-section=finished] [data-game='{game.pk}']").count() == 1
    ana.close()
    ben.close()
