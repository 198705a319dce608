"""What the game page gives the keyboard and screen readers, in its markup: a
menu button for the folded navigation, one live region outside the board that
htmx replaces, a log that the keyboard can reach, prompts that are no live
regions of their own, and Lost Cities draw buttons named by the pile they take
from."""

import html
import re

import pytest
from page_helpers import data_moves, login, post_move

from games import engines, services

pytestmark = pytest.mark.django_db
ENGINE = engines.get("lost-cities")


def board_of(page: str) -> str:
    return page.split('<section id="board"', 1)[1].rsplit("</section>", 1)[0]


def test_the_page_has_one_live_region_outside_the_board(ana, lost_cities_game):
    page = login(ana).get(lost_cities_game.get_absolute_url()).content.decode()
    assert page.count('aria-live="polite"') == 1
    outside = page.split('<section id="board"', 1)[0] + page.rsplit("</section>", 1)[1]
    assert '<div id="board-news" class="visually-hidden" role="status"' in outside
    assert "js/board_focus.js" in page
    assert "aria-live" not in board_of(page)


def test_the_navigation_folds_behind_a_menu_button(ana, lost_cities_game):
    page = login(ana).get("/").content.decode()
    assert (
        '<button type="button" class="menu-toggle" aria-expanded="false" '
        'aria-controls="site-nav">Menu' in page
    )
    assert '<nav id="site-nav"' in page
    assert "js/site.js" in page


def test_the_log_is_reachable_from_the_keyboard_and_named(ana, ben, lost_cities_game):
    game = lost_cities_game
    mover = ENGINE.to_move(game.state)[0]
    user = ana if mover == 0 else ben
    move = next(
        m for m in ENGINE.legal_moves(game.state, mover) if m["type"] == "discard"
    )
    assert post_move(login(user), game, move).status_code == 200
    page = login(ana).get(game.get_absolute_url()).content.decode()
    assert '<ol reversed class="log-lines" tabindex="0" aria-label="Game log">' in page


def test_each_draw_button_names_the_pile_and_its_top_card(ana, ben, lost_cities_game):
    """Two discard piles (one may be the card just discarded, which cannot be
    taken back): "Take the top card of the red discard pile (7)" and the deck's
    "Draw from the deck (N cards left)", never a bare "Take"."""
    game = lost_cities_game
    users = {s.position: s.user for s in game.seats.all()}
    # Discard until a player must draw with two piles to take from.
    for _turn in range(20):
        game.refresh_from_db()
        seat = ENGINE.to_move(game.state)[0]
        piles = sum(map(bool, game.state["discards"].values()))
        if game.state["phase"] == "draw" and piles > 1:
            break
        legal = ENGINE.legal_moves(game.state, seat)
        move = next(
            m for m in legal if m["type"] == "discard" or m.get("source") == "deck"
        )
        services.move_submit(
            game_id=game.pk, user=users[seat], move=move, expected_version=game.version
        )
    else:
        pytest.fail("no draw with two piles")
    page = login(users[seat]).get(game.get_absolute_url()).content.decode()
    labels = [html.unescape(a) for a in re.findall(r'aria-label="(Take[^"]*)"', page)]
    takes = [m for m in data_moves(page) if m.get("source") not in (None, "deck")]
    assert labels and len(labels) == len(takes)
    for label in labels:
        colour, top = re.fullmatch(
            r"Take the top card of the (\w+) discard pile \((\w+)\)", label
        ).groups()
        card = game.state["discards"][colour][-1]  # "lc-red-7", "lc-red-w2"
        assert top == ("wager" if "-w" in card else card.rsplit("-", 1)[1])
    deck = len(game.state["deck"])
    assert f'aria-label="Draw from the deck ({deck} cards left)"' in page
