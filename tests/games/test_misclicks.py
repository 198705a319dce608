"""Against misclicks and for returning players (shared/UI.md): the "confirm before
sending a move" preference on the game page, each player's latest move in the top
bar, and the log lines added since the viewer's last visit marked as new."""

import html
import re
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone
from page_helpers import login, post_move

from games import engines, services
from games.lost_cities.engine.cards import parse
from games.models import Game, Move, Seat

pytestmark = pytest.mark.django_db
LOST_CITIES = engines.get("lost-cities")
CITADELS = engines.get("citadels")
BOARD_TAG = re.compile(r'<section id="board"[^>]*>')
NEW_LABEL = '<span class="visually-hidden">New:'


@pytest.fixture(autouse=True)
def fresh_presence():
    """Presence writes are throttled through the cache: start each test clean."""
    cache.clear()
    yield
    cache.clear()


def top_bar(page: str) -> str:
    return page.split('<ul class="players">', 1)[1].split("</ul>", 1)[0]


def last_move_text(page: str, position: int) -> str | None:
    """The top bar's latest move of the seat at `position`, as text (without the
    label for screen readers)."""
    match = re.search(
        rf'<span class="last-move[^"]*" data-last-move="{position}">'
        r'<span class="visually-hidden">[^<]*</span>(.*?)</span>',
        top_bar(page),
    )
    return None if match is None else html.unescape(match.group(1))


def log_items(page: str) -> dict[int, str]:
    """The game log's `<li>` items by their sequence number."""
    log = page.split('<details class="log"', 1)[1].split("</details>", 1)[0]
    return {
        int(m.group(2)): m.group(1)
        for m in re.finditer(r'(<li value="(\d+)"[^>]*>.*?</li>)', log, re.S)
    }


def play(game, client_by_seat, pick):
    """One move by the seat to play, chosen by `pick(legal)` among its legal moves."""
    game.refresh_from_db()
    current = LOST_CITIES.to_move(game.state)[0]
    move = pick(LOST_CITIES.legal_moves(game.state, current))
    assert post_move(client_by_seat[current], game, move).status_code == 200
    game.refresh_from_db()
    return current, move


def numbered_discard(legal):
    return next(
        m for m in legal if m["type"] == "discard" and parse(m["card"])[1] is not None
    )


def deck_draw(legal):
    return next(m for m in legal if m.get("source") == "deck")


@pytest.fixture
def by_seat(lost_cities_game, ana, ben):
    return {
        lost_cities_game.seats.get(user=user).position: login(user)
        for user in (ana, ben)
    }


# --- "confirm before sending a move" ---------------------------------------------------


def test_game_page_asks_to_confirm_moves_only_when_the_preference_is_on(
    lost_cities_game, by_seat, ana
):
    game = lost_cities_game
    position = game.seats.get(user=ana).position
    page = by_seat[position].get(game.get_absolute_url()).content.decode()
    assert "data-confirm-moves" not in BOARD_TAG.search(page).group(0)
    # The script that asks is on the page either way (it does nothing without the
    # attribute), loaded from our static files with the CSP nonce.
    assert re.search(r'<script src="[^"]*js/confirm_move\.js" nonce="[^"]+"', page)

    ana.confirm_moves = True
    ana.save(update_fields=["confirm_moves"])
    page = by_seat[position].get(game.get_absolute_url()).content.decode()
    tag = BOARD_TAG.search(page).group(0)
    assert 'data-confirm-moves="Send this move?"' in tag
    # The board partial sent after a move and by the poll carries it too, so the
    # question survives every swap of #board.
    current = game.state["current"]
    if current == position:
        response = post_move(
            by_seat[position],
            game,
            numbered_discard(LOST_CITIES.legal_moves(game.state, position)),
        )
    else:
        response = by_seat[position].get(
            reverse("games:poll", args=[game.pk]), {"version": game.version - 1}
        )
    assert "data-confirm-moves" in BOARD_TAG.search(response.content.decode()).group(0)
    # Only for this player: the other one did not ask for it.
    other = by_seat[1 - position].get(game.get_absolute_url()).content.decode()
    assert "data-confirm-moves" not in BOARD_TAG.search(other).group(0)


def test_the_confirmation_is_asked_in_the_players_language(lost_cities_game, ana):
    ana.confirm_moves = True
    ana.language = "fr"
    ana.save(update_fields=["confirm_moves", "language"])
    page = login(ana).get(lost_cities_game.get_absolute_url()).content.decode()
    assert 'data-confirm-moves="Envoyer ce coup ?"' in BOARD_TAG.search(page).group(0)


# --- each player's latest move in the top bar ------------------------------------------


def test_top_bar_shows_each_players_latest_move_and_no_hidden_card(
    lost_cities_game, by_seat, ana, ben
):
    game = lost_cities_game
    drawer, _ = play(game, by_seat, numbered_discard)
    play(game, by_seat, deck_draw)  # the drawn card is now hidden in the drawer's hand
    discarder, discarded = play(game, by_seat, numbered_discard)
    assert discarder == 1 - drawer
    names = {s.position: s.name for s in game.seats.all()}
    for viewer in (0, 1):
        page = by_seat[viewer].get(game.get_absolute_url()).content.decode()
        # The latest turn of each: the drawer played a card then drew one.
        lines = {
            m.seq: m.log["en"][str(viewer)].replace(f"{{p{m.seat}}}", names[m.seat])
            for m in Move.objects.filter(game=game)
        }
        assert last_move_text(page, drawer) == f"{lines[1]} · {lines[2]}"
        assert last_move_text(page, discarder) == lines[3]
        assert lines[2].endswith("drew from the deck")
        colour, value = parse(discarded["card"])
        assert f"discarded the {colour} {value}" in last_move_text(page, discarder)
        # Nothing the viewer may not know: neither the deck nor the other's hand,
        # the card just drawn from the deck included.
        bar = top_bar(page)
        for card in set(LOST_CITIES.secrets(game.state, None)) | set(
            LOST_CITIES.secrets(game.state, 1 - viewer)
        ):
            c, v = parse(card)
            assert card not in bar
            assert (f"{c} wager" if v is None else f"the {c} {v}") not in bar


def test_top_bar_shows_a_hidden_choice_only_to_the_player_who_made_it(db):
    """Citadels: the character chosen is named to its chooser, not to the others."""
    from accounts.models import User

    users = [
        User.objects.create_user(
            email=f"{n.lower()}@example.com", password=None, display_name=n
        )
        for n in ("Ana", "Ben", "Cy", "Dee")
    ]
    game = services.game_create(
        creator=users[0], engine_slug="citadels", num_players=4, options={}
    )
    for user in users[1:]:
        services.seat_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    for _step in range(20):
        chooser = CITADELS.to_move(game.state)[0]
        legal = CITADELS.legal_moves(game.state, chooser)
        choose = next((m for m in legal if m["type"] == "choose"), None)
        if choose is not None:
            break
        post_move(login(users[chooser]), game, legal[0])
        game.refresh_from_db()
    assert post_move(login(users[chooser]), game, choose).status_code == 200
    game.refresh_from_db()
    name = users[chooser].display_name
    mine = login(users[chooser]).get(game.get_absolute_url()).content.decode()
    assert last_move_text(mine, chooser).startswith(f"{name} chose the ")
    character = last_move_text(mine, chooser).removeprefix(f"{name} chose the ")
    for viewer in range(4):
        if viewer == chooser:
            continue
        page = login(users[viewer]).get(game.get_absolute_url()).content.decode()
        assert last_move_text(page, chooser) == f"{name} chose a character"
        assert character not in top_bar(page)
    spectator = login(
        User.objects.create_user(email="eve@example.com", password=None)
    ).get(game.get_absolute_url())
    assert last_move_text(spectator.content.decode(), chooser) == (
        f"{name} chose a character"
    )


def test_a_players_latest_turn_is_their_last_run_of_lines_at_most_three():
    from games.selectors import last_moves

    def line(seq, seat, text, new=False):
        return {"seq": seq, "seat": seat, "text": text, "new": new}

    lines = [  # newest first, as the log is read
        line(9, 0, "A ended their turn"),
        line(8, 0, "A built the Temple\nA scored"),
        line(7, 0, "A took 2 gold", new=True),
        line(6, 0, "A chose the Thief"),
        line(5, 1, "B built the Castle"),
        line(4, 0, "A took 2 gold"),
        line(3, 2, ""),
        line(2, 2, "C drew district cards", new=True),
    ]
    assert last_moves(lines) == {
        0: {
            "text": "A took 2 gold · A built the Temple · A ended their turn",
            "new": True,
        },
        1: {"text": "B built the Castle", "new": False},
        2: {"text": "C drew district cards", "new": True},
    }


# --- what is new since the last visit --------------------------------------------------


def test_log_marks_the_lines_added_since_the_viewers_last_visit(
    lost_cities_game, by_seat
):
    """Ben looks, Ana plays, Ben comes back: Ana's moves are new to him, the ones
    he had seen are not, and once he has looked again nothing is new."""
    game = lost_cities_game
    # Two moves before the first visit of the player who waits.
    mover, _ = play(game, by_seat, numbered_discard)
    play(game, by_seat, deck_draw)
    waiter = mover
    mover = 1 - waiter
    first_visit = by_seat[waiter].get(game.get_absolute_url()).content.decode()
    assert NEW_LABEL not in first_visit and "new-count" not in first_visit
    seen_before = set(log_items(first_visit))
    assert seen_before == {1, 2}

    play(game, by_seat, numbered_discard)
    play(game, by_seat, deck_draw)
    cache.clear()  # the next look counts as a new visit (not within the 30 s throttle)
    back = by_seat[waiter].get(game.get_absolute_url()).content.decode()
    items = log_items(back)
    assert set(items) == {1, 2, 3, 4}
    for seq in (3, 4):
        assert f'class="seat-{mover} new"' in items[seq]
        assert NEW_LABEL in items[seq]
    for seq in (1, 2):
        assert " new" not in items[seq].split(">", 1)[0]
        assert NEW_LABEL not in items[seq]
    assert "2 new moves since your last visit" in back
    latest = re.search(
        rf'<span class="last-move([^"]*)" data-last-move="{mover}">', top_bar(back)
    )
    assert latest.group(1) == " new"
    assert "New since your last visit:" in top_bar(back)
    # The mover saw their own moves as they made them: nothing new for them.
    own = by_seat[mover].get(game.get_absolute_url()).content.decode()
    assert NEW_LABEL not in own and "new-count" not in own

    cache.clear()
    again = by_seat[waiter].get(game.get_absolute_url()).content.decode()
    assert NEW_LABEL not in again and "new-count" not in again
    assert 'class="last-move new"' not in again


def test_moves_that_arrive_while_the_page_is_open_are_not_new(
    lost_cities_game, by_seat
):
    """Ben has the page open while Ana plays: her moves reach him by the poll
    (marked as they arrive) and are not counted "new since your last visit",
    neither in the refreshed board nor when he reloads the page a few seconds
    later (within the 30 s presence throttle)."""
    game = lost_cities_game
    waiter, _ = play(game, by_seat, numbered_discard)
    play(game, by_seat, deck_draw)
    mover = 1 - waiter
    by_seat[waiter].get(game.get_absolute_url())
    game.refresh_from_db()
    shown = game.version
    play(game, by_seat, numbered_discard)
    play(game, by_seat, deck_draw)
    refreshed = by_seat[waiter].get(
        reverse("games:poll", args=[game.pk]),
        {"version": shown},
        HTTP_HX_REQUEST="true",
    )
    assert refreshed.status_code == 200
    refreshed = refreshed.content.decode()
    assert set(log_items(refreshed)) == {1, 2, 3, 4}
    assert "new-count" not in refreshed
    assert f'data-last-move="{mover}"' in top_bar(refreshed)
    again = by_seat[waiter].get(game.get_absolute_url()).content.decode()
    assert NEW_LABEL not in again and "new-count" not in again
    assert 'class="last-move new"' not in again


def test_a_move_played_for_an_absent_player_is_new_to_them(lost_cities_game, by_seat):
    """A move at the viewer's own seat made long after their last look (their time
    ran out) is news to them; the moves they send from the page are not."""
    game = lost_cities_game
    mover, _ = play(game, by_seat, numbered_discard)
    seat = Seat.objects.get(game=game, position=mover)
    seat.seen_at = timezone.now() - timedelta(days=2)
    seat.save(update_fields=["seen_at"])
    Move.objects.filter(game=game, seq=1).update(
        created_at=timezone.now() - timedelta(days=1)
    )
    page = by_seat[mover].get(game.get_absolute_url()).content.decode()
    assert NEW_LABEL in log_items(page)[1]
    assert "1 new move since your last visit" in page

    seat.seen_at = timezone.now() - timedelta(seconds=20)
    seat.save(update_fields=["seen_at"])
    Move.objects.filter(game=game, seq=1).update(created_at=timezone.now())
    page = by_seat[mover].get(game.get_absolute_url()).content.decode()
    assert NEW_LABEL not in log_items(page)[1]


def test_spectators_see_no_new_marks(lost_cities_game, by_seat, make_user):
    game = lost_cities_game
    play(game, by_seat, numbered_discard)
    Seat.objects.filter(game=game).update(seen_at=timezone.now() - timedelta(days=1))
    page = login(make_user("Eve")).get(game.get_absolute_url()).content.decode()
    assert log_items(page) and NEW_LABEL not in page and "new-count" not in page


def test_marks_cost_no_query_on_the_board_page(
    lost_cities_game, by_seat, django_assert_max_num_queries
):
    """The same single log query as before: the page's count does not grow with
    the moves or with what is new."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    game = lost_cities_game
    waiter = 1 - game.state["current"]
    with CaptureQueriesContext(connection) as before:
        by_seat[waiter].get(game.get_absolute_url())
    for _ in range(8):  # four turns: the waiter waits again, as before
        play(
            game,
            by_seat,
            lambda legal: next((m for m in legal if m["type"] == "discard"), legal[0]),
        )
    cache.clear()
    with CaptureQueriesContext(connection) as after:
        page = by_seat[waiter].get(game.get_absolute_url()).content.decode()
    assert NEW_LABEL in page
    assert len(after.captured_queries) <= len(before.captured_queries)


def test_a_move_fetched_by_the_poll_is_marked_new(lost_cities_game, by_seat):
    """The open page's poll brings the opponent's move marked new: the visit the
    poll records is written after the seats are read, not before."""
    game = lost_cities_game
    mover, _ = play(game, by_seat, numbered_discard)
    play(game, by_seat, deck_draw)
    waiter, mover = mover, 1 - mover
    by_seat[waiter].get(game.get_absolute_url())
    seen_version = Game.objects.get(pk=game.pk).version
    play(game, by_seat, numbered_discard)
    cache.clear()  # this poll counts as a look (not within the 30 s throttle)
    polled = by_seat[waiter].get(
        reverse("games:poll", args=[game.pk]), {"version": seen_version}
    )
    assert polled.status_code == 200
    items = log_items(polled.content.decode())
    assert f'class="seat-{mover} new"' in items[seen_version + 1]
