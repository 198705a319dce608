"""The replay in a real browser: arrow keys, the slider and "seen by" work under
the site's CSP (our own script, no inline code)."""

import random
from pathlib import Path

import pytest

from games import engines, services

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = Path(__file__).resolve().parents[2] / "var" / "e2e"


def finished_game(ana, ben):
    engine = engines.get("lost-cities")
    game = services.game_create(
        creator=ana, engine_slug="lost-cities", num_players=2, options={}
    )
    services.seat_join(game_id=game.pk, user=ben)
    game.refresh_from_db()
    users = {s.position: s.user for s in game.seats.all()}
    chooser = random.Random(4)
    while not game.is_over:
        seat = engine.to_move(game.state)[0]
        move = chooser.choice(engine.legal_moves(game.state, seat))
        services.move_submit(
            game_id=game.pk, user=users[seat], move=move, expected_version=game.version
        )
        game.refresh_from_db()
    return game


def test_arrow_keys_and_slider_step_through_a_replay(browser, live_server, ana, ben):
    SHOTS.mkdir(parents=True, exist_ok=True)
    game = finished_game(ana, ben)
    total = game.version
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    errors = []
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.goto(f"{live_server.url}/games/{game.pk}/replay/?step=5")
    page.wait_for_selector("#replay[data-step='5']")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("#replay[data-step='6']")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector("#replay[data-step='5']")
    page.keyboard.press("End")
    page.wait_for_selector(f"#replay[data-step='{total}']")
    page.keyboard.press("Home")
    page.wait_for_selector("#replay[data-step='0']")
    page.eval_on_selector(
        "[data-replay=slider]",
        "el => { el.value = 40; el.dispatchEvent(new Event('change', {bubbles: true})); }",
    )
    page.wait_for_selector("#replay[data-step='40']")
    page.select_option("[data-replay=seat]", "all")
    page.wait_for_selector("#replay .replay-board[data-seat='1']")
    assert "step=40" in page.url
    page.screenshot(path=str(SHOTS / "replay-phone.png"), full_page=True)
    # The last step holds the score table: it scrolls in its box, not the page.
    page.keyboard.press("End")
    page.wait_for_selector(f"#replay[data-step='{total}'] .breakdown")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert not [e for e in errors if "Content Security Policy" in e], errors
    from history.services import game_rate

    game_rate(game_id=game.pk)
    for name, path in [
        ("profile", f"/players/{ana.pk}/"),
        ("leaderboard", "/leaderboard/lost-cities/"),
        ("statistics", "/statistics/lost-cities/"),
        ("search", "/history/search/?player=Ben"),
    ]:
        page.goto(live_server.url + path)
        assert page.locator("main h1").count() == 1
        page.screenshot(path=str(SHOTS / f"history-{name}-phone.png"), full_page=True)
    context.close()
