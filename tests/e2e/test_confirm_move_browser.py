""" "Confirm before sending a move" in a real browser (Playwright driving Debian's
chromium), under the site's CSP: with the preference on, a move asks first (named
by its button), "Cancel" sends nothing, "OK" sends it; the board's poll never asks;
with the preference off a move goes at once."""

import pytest
from browser_helpers import logged_in

from games import services
from games.models import Game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_move_waits_for_the_players_yes_only_when_they_asked_for_it(
    browser, live_server, ana, ben
):
    game = services.game_create(
        creator=ana, engine_slug="lost-cities", num_players=2, options={}
    )
    services.seat_join(game_id=game.pk, user=ben)
    game = Game.objects.get(pk=game.pk)
    player = {s.position: s.user for s in game.seats.all()}[game.state["current"]]
    player.confirm_moves = True
    player.save(update_fields=["confirm_moves"])

    page = logged_in(browser, live_server, player)
    errors, questions, answers = [], [], [False, True]
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))

    def answer(dialog):
        questions.append(dialog.message)
        dialog.accept() if answers.pop(0) else dialog.dismiss()

    page.on("dialog", answer)
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    page.wait_for_selector("#board[data-status=active][data-confirm-moves]")
    button = "#board button[data-move*='discard']"
    label = " ".join(page.locator(button).first.get_attribute("aria-label").split())

    page.locator(button).first.click()  # "Cancel"
    page.wait_for_timeout(600)
    assert len(questions) == 1
    assert questions[0] == f"{label}\n\nSend this move?"
    assert Game.objects.get(pk=game.pk).version == game.version
    assert page.locator(f"#board[data-version='{game.version}']").count() == 1

    page.locator(button).first.click()  # "OK"
    page.wait_for_selector(f"#board[data-version='{game.version + 1}']")
    assert len(questions) == 2
    assert Game.objects.get(pk=game.pk).version == game.version + 1
    # The board swapped in still asks; the poll (every 4 s) never does.
    page.wait_for_selector("#board[data-confirm-moves]")
    page.wait_for_timeout(4500)
    assert len(questions) == 2
    assert not [e for e in errors if "Content Security Policy" in e], errors

    # Preference off: the next move (a draw) goes at once.
    player.confirm_moves = False
    player.save(update_fields=["confirm_moves"])
    page.reload()
    page.wait_for_selector("#board[data-status=active]")
    assert page.locator("#board[data-confirm-moves]").count() == 0
    page.locator("#board button[data-move*='draw']").first.click()
    page.wait_for_selector(f"#board[data-version='{game.version + 2}']")
    assert len(questions) == 2
