"""Emails: "your turn", reminders, digests, game over; the outbox and its sending.

Mail goes through a real SMTP server in the test process (aiosmtpd) where the
message matters as a mail client reads it; elsewhere through Django's locmem
outbox. Time moves with time-machine, never with sleeps.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from urllib.parse import urlsplit

import pytest
import time_machine
from django.core import mail
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from notify_helpers import (
    ENGINE,
    SmtpServer,
    body_html,
    body_text,
    finish_turn,
    mover,
    play,
    timed_game,
)

from accounts.models import User
from games import services, tasks
from games.models import Game, Notification, Seat
from games.notifications import (
    emails,
    outbox,
    presence,
    sending,
)

pytestmark = pytest.mark.django_db
Kind = Notification.Kind


@pytest.fixture(autouse=True)
def fresh_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def turn_emails_at_once(settings):
    """These tests check what is sent, to whom and how: a "your turn" email is
    sent as soon as the move is saved. The delay it waits by default
    (TURN_EMAIL_DELAY_SECONDS) has tests of its own (`waits` below)."""
    settings.TURN_EMAIL_DELAY_SECONDS = 0


@pytest.fixture
def smtp(settings):
    server = SmtpServer().start()
    settings.MAILERS = server.mailers
    yield server
    server.stop()


@pytest.fixture
def game(ana, ben):
    return timed_game(ana, ben, days=3)


def _send_pending():
    """Sends every pending row now (what the tasks queued after commit do)."""
    for pk in Notification.objects.filter(state="pending").values_list("pk", flat=True):
        sending.notification_send(notification_id=pk)


def _path(url: str) -> str:
    parts = urlsplit(url)
    return parts.path + (f"?{parts.query}" if parts.query else "")


# --- "your turn" -------------------------------------------------------------------------


def test_your_turn_email_leaves_by_smtp_with_link_and_one_click_unsubscribe(
    game, ana, ben, smtp, django_capture_on_commit_callbacks
):
    """After a turn, the next player gets one email, read as a mail client reads
    it: subject, recipient, a direct link to the game, the List-Unsubscribe
    headers, a plain and an HTML part."""
    Notification.objects.all().delete()  # the game's first turn; tested elsewhere
    mover_position = finish_turn(game, [ana, ben], django_capture_on_commit_callbacks)
    other = ben if game.seats.get(position=mover_position).user_id == ana.pk else ana
    assert len(smtp.inbox.messages) == 1
    message = smtp.inbox.messages[0]
    assert message["To"] == other.email
    assert message["Subject"] == f"Your turn in Lost Cities #{game.pk}"
    assert message["Content-Language"] == "en"
    game_url = f"http://127.0.0.1:8000/games/{game.pk}/"
    assert game_url in body_text(message)
    assert f'href="{game_url}"' in body_html(message)
    assert "2\xa0days, 23\xa0hours" in body_text(message)  # 3 days per move
    unsubscribe = message["List-Unsubscribe"]
    assert re.fullmatch(
        r"<http://127\.0\.0\.1:8000/me/unsubscribe/[^>]+/>", unsubscribe
    )
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert unsubscribe[1:-1] in body_text(message)
    # On the wire the URL stays readable: not folded into encoded words.
    assert f"List-Unsubscribe: {unsubscribe}\r\n".encode() in smtp.inbox.raw[0]


def test_email_is_written_in_the_readers_language(
    game, ana, ben, smtp, django_capture_on_commit_callbacks
):
    """A French reader gets a French email, whatever language the mover uses."""
    User.objects.filter(pk__in=[ana.pk, ben.pk]).update(
        language="fr", timezone="Europe/Paris"
    )
    Notification.objects.all().delete()
    finish_turn(game, [ana, ben], django_capture_on_commit_callbacks)
    message = smtp.inbox.messages[0]
    assert message["Content-Language"] == "fr"
    assert "Les Cités perdues" in message["Subject"]
    assert "Les Cités perdues" in body_text(message)


def test_whole_lost_cities_game_one_your_turn_email_per_turn_to_the_right_person(
    game, ana, ben, django_capture_on_commit_callbacks
):
    """Every move that hands the turn over sends exactly one "your turn" email, to
    the player who must move now; a move that keeps the turn sends none; the end
    sends each player the result."""
    users = [ana, ben]
    mail.outbox.clear()
    moves = handovers = 0
    while game.status == Game.Status.ACTIVE:
        before = len(mail.outbox)
        position, _ = play(
            game,
            users,
            django_capture_on_commit_callbacks,
            choose=lambda legal: next(
                (m for m in legal if m["type"] == "discard"), legal[0]
            ),
        )
        moves += 1
        new = mail.outbox[before:]
        if game.status != Game.Status.ACTIVE:
            break
        next_position, next_user = mover(game, users)
        if next_position == position:
            assert new == [], "the same player goes on: no email"
        else:
            handovers += 1
            assert len(new) == 1
            assert new[0].to == [next_user.email]
            assert new[0].subject.startswith("Your turn")
    assert moves > 40 and handovers > 20
    final = mail.outbox[before:]
    assert sorted(m.to[0] for m in final) == sorted([ana.email, ben.email])
    assert all("Lost Cities" in m.subject for m in final)
    assert all(f"/games/{game.pk}/" in m.body for m in final)
    winners = list(game.seats.filter(rank=1))
    for winner in winners:  # two winners: a draw, said as such
        won = next(m for m in final if m.to == [winner.user.email])
        assert won.subject.startswith("You won" if len(winners) == 1 else "A draw")
    assert Notification.objects.filter(kind=Kind.YOUR_TURN, state="sent").count() == (
        handovers
    )


def test_every_seat_of_a_new_game_to_move_gets_an_email(
    ana, ben, django_capture_on_commit_callbacks
):
    """The first player hears it when the game starts."""
    game = services.game_create(
        creator=ana, engine_slug="lost-cities", num_players=2, options={}
    )
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.seat_join(game_id=game.pk, user=ben)
    game.refresh_from_db()
    _position, first = mover(game, [ana, ben])
    assert [m.to for m in mail.outbox] == [[first.email]]


def test_a_retried_or_duplicated_task_sends_nothing_twice(game):
    """The row is claimed before sending: a second run finds nothing to send."""
    row = Notification.objects.get(kind=Kind.YOUR_TURN)
    mail.outbox.clear()
    assert sending.notification_send(notification_id=row.pk) == "sent"
    assert sending.notification_send(notification_id=row.pk) == "busy"
    tasks.outbox_sweep()
    assert len(mail.outbox) == 1
    row.refresh_from_db()
    assert row.state == "sent" and row.sent_at is not None


def test_a_your_turn_email_overtaken_by_the_move_sends_nothing(
    game, ana, ben, django_capture_on_commit_callbacks
):
    """The player moved before the email went out: it is skipped."""
    row = Notification.objects.get(kind=Kind.YOUR_TURN)
    finish_turn(game, [ana, ben], django_capture_on_commit_callbacks)
    mail.outbox.clear()
    assert sending.notification_send(notification_id=row.pk) == "skipped"
    assert mail.outbox == []
    row.refresh_from_db()
    assert row.state == "skipped" and "overtaken" in row.detail


def test_a_your_turn_email_waits_the_delay_then_the_outbox_sweep_sends_it(
    game, ana, ben, settings, django_capture_on_commit_callbacks, monkeypatch
):
    """By default the email waits a minute: nothing is queued with the move (no
    broker round trip in the request); the outbox sweep sends it once due."""
    settings.TURN_EMAIL_DELAY_SECONDS = 60
    Notification.objects.all().delete()  # the game's first email: not this test's
    queued = []
    enqueue = tasks.sends_queue
    monkeypatch.setattr(
        tasks, "sends_queue", lambda ids: (queued.extend(ids), enqueue(ids))
    )
    users = [ana, ben]
    start = datetime(2027, 3, 1, 9, 0, tzinfo=UTC)
    with time_machine.travel(start, tick=False) as clock:
        mail.outbox.clear()
        finish_turn(game, users, django_capture_on_commit_callbacks)
        position, waiting = mover(game, users)
        row = Notification.objects.get(kind=Kind.YOUR_TURN, user=waiting, version=2)
        assert row.next_attempt_at == start + timedelta(seconds=60)
        assert queued == [] and mail.outbox == []
        clock.shift(timedelta(seconds=59))
        assert tasks.outbox_sweep() == 0
        clock.shift(timedelta(seconds=2))
        assert tasks.outbox_sweep() == 1
    assert [m.to for m in mail.outbox] == [[waiting.email]]
    row.refresh_from_db()
    assert row.state == "sent"


def test_a_turn_answered_within_the_delay_waits_no_email(
    game, ana, ben, settings, django_capture_on_commit_callbacks
):
    """Two players trading moves quickly get no email per move: each "your
    turn" row is overtaken before its minute is up."""
    settings.TURN_EMAIL_DELAY_SECONDS = 60
    users = [ana, ben]
    start = datetime(2027, 3, 1, 9, 0, tzinfo=UTC)
    with time_machine.travel(start, tick=False) as clock:
        mail.outbox.clear()
        for _turn in range(4):
            finish_turn(game, users, django_capture_on_commit_callbacks)
            clock.shift(timedelta(seconds=20))
        clock.shift(timedelta(seconds=60))
        tasks.outbox_sweep()
    sent = [m.to for m in mail.outbox]
    _position, waiting = mover(game, users)
    assert sent == [[waiting.email]], sent  # only the turn still waiting
    skipped = Notification.objects.filter(kind=Kind.YOUR_TURN, state="skipped")
    # The game's first email and three of the four turns' were answered in time
    # (including a player's own turns that came back to them since).
    assert skipped.count() == 4
    assert all("overtaken" in n.detail for n in skipped)


def test_no_your_turn_email_while_the_player_looks_at_the_game_page(
    game, ana, ben, django_capture_on_commit_callbacks, monkeypatch
):
    """While the next player's page polls the game, the email waits; once they
    leave it goes out, and if they move first it never does."""
    queued = []
    enqueue = tasks.sends_queue
    monkeypatch.setattr(
        tasks, "sends_queue", lambda ids: (queued.extend(ids), enqueue(ids))
    )
    users = [ana, ben]
    _position, first = mover(game, users)
    watcher = ben if first == ana else ana
    start = datetime(2027, 3, 1, 9, 0, tzinfo=UTC)
    with time_machine.travel(start, tick=False) as clock:
        watching = Client()
        watching.force_login(watcher)
        response = watching.get(
            reverse("games:poll", args=[game.pk]), {"version": game.version}
        )
        assert response.status_code == 204
        mail.outbox.clear()
        finish_turn(game, users, django_capture_on_commit_callbacks)
        assert mail.outbox == [], [(m.to, m.subject) for m in mail.outbox]
        row = Notification.objects.get(kind=Kind.YOUR_TURN, user=watcher)
        assert row.state == "pending"
        # Written to wait, as a worker would have made it wait: nothing queued.
        assert row.next_attempt_at == start + presence.POSTPONE
        assert row.pk not in queued
        clock.shift(timedelta(minutes=3))  # the watcher closed the page
        tasks.outbox_sweep()
    assert [m.to for m in mail.outbox] == [[watcher.email]]


@pytest.mark.parametrize("choice", ["none", "digest"])
def test_no_turn_email_for_players_who_chose_none_or_the_digest(
    game, ana, ben, choice, django_capture_on_commit_callbacks
):
    User.objects.update(turn_emails=choice)
    Notification.objects.all().delete()
    mail.outbox.clear()
    finish_turn(game, [ana, ben], django_capture_on_commit_callbacks)
    assert mail.outbox == []
    assert not Notification.objects.filter(kind=Kind.YOUR_TURN).exists()


# --- daily digest ----------------------------------------------------------------------


def test_daily_digest_at_the_chosen_hour_in_the_players_time_zone(ana, ben, make_user):
    """One email a day listing every game waiting for the player, at their hour."""
    cleo = make_user("Cleo")
    paris = datetime(2027, 1, 10, 6, 30, tzinfo=UTC)  # 07:30 in Paris (winter)
    with time_machine.travel(paris, tick=False) as clock:
        client = Client()
        client.force_login(ana)
        response = client.post(
            reverse("accounts:preferences"),
            {
                "display_name": "Ana",
                "language": "en",
                "timezone": "Europe/Paris",
                "turn_emails": "digest",
                "digest_hour": "8",
                "reminder_emails": "on",
                "game_over_emails": "on",
            },
        )
        assert response.status_code == 302
        ana.refresh_from_db()
        assert ana.digest_next_at == datetime(2027, 1, 10, 7, 0, tzinfo=UTC)
        g1 = timed_game(ben, ana)
        g2 = timed_game(cleo, ana)
        waiting = Seat.objects.filter(user=ana, to_move=True).count()
        mail.outbox.clear()
        assert tasks.digests_sweep() == 0
        clock.move_to(datetime(2027, 1, 10, 7, 1, tzinfo=UTC))
        sent = tasks.digests_sweep()
        again = tasks.digests_sweep()
        if waiting:
            assert sent == 1 and again == 0
            (digest,) = mail.outbox
            assert digest.to == [ana.email]
            for g in (g1, g2):
                waits = Seat.objects.get(game=g, user=ana).to_move
                assert (f"/games/{g.pk}/" in digest.body) == waits
        else:
            assert sent == 0 and mail.outbox == []
        ana.refresh_from_db()
        assert ana.digest_next_at == datetime(2027, 1, 11, 7, 0, tzinfo=UTC)


def test_digest_lists_all_waiting_games_and_is_sent_once_a_day(ana, make_user):
    opponents = [make_user() for _ in range(3)]
    games = [timed_game(o, ana) for o in opponents]
    Seat.objects.filter(game__in=games).update(to_move=False)
    Seat.objects.filter(game__in=games, user=ana).update(to_move=True)
    User.objects.filter(pk=ana.pk).update(
        turn_emails="digest",
        digest_hour=20,
        timezone="America/New_York",
        digest_next_at=datetime(2027, 6, 2, 0, 0, tzinfo=UTC),  # 20:00 New York
    )
    mail.outbox.clear()
    with time_machine.travel(datetime(2027, 6, 2, 0, 5, tzinfo=UTC), tick=False):
        assert tasks.digests_sweep() == 1
        assert tasks.digests_sweep() == 0
    (digest,) = mail.outbox
    assert digest.subject == "3 games wait for you"
    for g in games:
        assert f"http://127.0.0.1:8000/games/{g.pk}/" in digest.body
    row = Notification.objects.get(kind=Kind.DIGEST)
    assert str(row.day) == "2027-06-01"  # the player's own date
    with time_machine.travel(datetime(2027, 6, 3, 0, 5, tzinfo=UTC), tick=False):
        assert tasks.digests_sweep() == 1
    assert len(mail.outbox) == 2


# --- reminders -----------------------------------------------------------------------------


def test_reminder_when_a_fifth_of_the_time_is_left_once_per_move(ana, ben):
    start = datetime(2027, 4, 1, 12, 0, tzinfo=UTC)
    with time_machine.travel(start, tick=False) as clock:
        game = timed_game(ana, ben, days=5)
        _position, waiting = mover(game, [ana, ben])
        mail.outbox.clear()
        clock.move_to(start + timedelta(days=3, hours=23))  # 25 h left of 120
        assert tasks.reminders_sweep() == 0
        clock.move_to(start + timedelta(days=4, hours=1))  # 23 h left
        assert tasks.reminders_sweep() == 1
        assert tasks.reminders_sweep() == 0
        clock.shift(timedelta(hours=5))
        assert tasks.reminders_sweep() == 0
    (reminder,) = mail.outbox
    assert reminder.to == [waiting.email]
    assert reminder.subject == f"Reminder: 23 hours left in Lost Cities #{game.pk}"
    assert "the computer plays for you" in reminder.body


def test_no_reminder_for_players_who_turned_them_off(ana, ben):
    User.objects.update(reminder_emails=False)
    start = datetime(2027, 4, 1, 12, 0, tzinfo=UTC)
    with time_machine.travel(start, tick=False) as clock:
        timed_game(ana, ben, days=1)
        clock.shift(timedelta(hours=23))
        assert tasks.reminders_sweep() == 0


def test_sweeps_make_the_same_number_of_queries_for_3_or_30_due_games(
    make_user, monkeypatch
):
    """Set-based: the query count does not grow with the number of due rows."""
    monkeypatch.setattr(tasks, "sends_queue", lambda ids: None)
    queued = []
    monkeypatch.setattr(
        tasks.seat_timeout_task, "delay", lambda *args: queued.append(args)
    )
    start = datetime(2027, 5, 1, 12, 0, tzinfo=UTC)
    counts = {}
    with time_machine.travel(start, tick=False) as clock:
        for n in (3, 30):
            clock.move_to(start)
            for _ in range(n if n == 3 else n - 3):
                timed_game(make_user(), make_user(), days=1)
            clock.move_to(start + timedelta(hours=22))
            User.objects.update(turn_emails="digest", digest_next_at=start)
            with CaptureQueriesContext(connection) as reminders_queries:
                assert tasks.reminders_sweep() == n
            with CaptureQueriesContext(connection) as digests_queries:
                assert tasks.digests_sweep() == n
            clock.move_to(start + timedelta(days=2))
            with CaptureQueriesContext(connection) as deadlines_queries:
                assert tasks.deadlines_sweep() == n
            Notification.objects.all().delete()
            counts[n] = (
                len(reminders_queries.captured_queries),
                len(digests_queries.captured_queries),
                len(deadlines_queries.captured_queries),
            )
    assert counts[3] == counts[30]
    print("queries per sweep (reminders, digests, deadlines):", counts[30])


# --- game over ------------------------------------------------------------------------------


def test_game_over_email_carries_the_result_and_respects_the_choice(
    game, ana, ben, django_capture_on_commit_callbacks
):
    User.objects.filter(pk=ben.pk).update(game_over_emails=False)
    users = [ana, ben]
    while game.status == Game.Status.ACTIVE:
        play(game, users, django_capture_on_commit_callbacks)
    over = [m for m in mail.outbox if "Your turn" not in m.subject]
    assert [m.to for m in over] == [[ana.email]]
    seat = game.seats.get(user=ana)
    assert f"{seat.rank}. Ana · {seat.score}" in over[0].body


# --- faults ----------------------------------------------------------------------------------


def test_smtp_down_then_back_every_email_arrives_once(game, ana, ben, settings):
    """While the server is down, rows stay pending with a growing backoff; once it
    is back, the outbox sweep sends each exactly once."""
    server = SmtpServer()  # not started: connections are refused
    settings.MAILERS = server.mailers
    settings.NOTIFICATION_RETRY_SECONDS = 30
    start = datetime(2027, 2, 1, 10, 0, tzinfo=UTC)
    row = Notification.objects.get(kind=Kind.YOUR_TURN)
    Notification.objects.filter(pk=row.pk).update(next_attempt_at=start)
    with time_machine.travel(start, tick=False) as clock:
        with pytest.raises(sending.SendFailed) as failure:
            sending.notification_send(notification_id=row.pk)
        assert failure.value.retry_in == 30
        clock.shift(timedelta(seconds=31))
        with pytest.raises(sending.SendFailed) as failure:
            sending.notification_send(notification_id=row.pk)
        assert failure.value.retry_in == 60
        row.refresh_from_db()
        assert row.state == "pending" and row.attempts == 2
        assert "Connection" in row.detail or "refused" in row.detail.lower()
        assert tasks.outbox_sweep() == 0  # backing off
        server.start()
        try:
            clock.shift(timedelta(seconds=61))
            assert tasks.outbox_sweep() == 1
            assert tasks.outbox_sweep() == 0
        finally:
            server.stop()
    assert len(server.inbox.messages) == 1
    row.refresh_from_db()
    assert row.state == "sent" and row.attempts == 3


def test_a_worker_killed_mid_send_is_replaced_after_its_lease(game):
    """A claimed row whose worker died is sent once its lease runs out."""
    row = Notification.objects.get(kind=Kind.YOUR_TURN)
    start = datetime(2027, 2, 1, 10, 0, tzinfo=UTC)
    Notification.objects.filter(pk=row.pk).update(next_attempt_at=start)
    mail.outbox.clear()
    with time_machine.travel(start, tick=False) as clock:
        assert sending.claim(row.pk, start)  # ...and the worker dies
        assert tasks.outbox_sweep() == 0
        assert sending.notification_send(notification_id=row.pk) == "busy"
        clock.shift(sending.LEASE + timedelta(seconds=1))
        assert tasks.outbox_sweep() == 1
        tasks.outbox_sweep()
    assert len(mail.outbox) == 1


def test_the_lease_is_a_setting(game, settings):
    """NOTIFICATION_LEASE_SECONDS (scripts/faults.py shortens it to see a
    killed send done again within its run)."""
    settings.NOTIFICATION_LEASE_SECONDS = 20
    row = Notification.objects.get(kind=Kind.YOUR_TURN)
    start = datetime(2027, 2, 1, 10, 0, tzinfo=UTC)
    Notification.objects.filter(pk=row.pk).update(next_attempt_at=start)
    with time_machine.travel(start, tick=False) as clock:
        assert sending.claim(row.pk, start)
        clock.shift(timedelta(seconds=19))
        assert not sending.claim(row.pk, start + timedelta(seconds=19))
        clock.shift(timedelta(seconds=2))
        assert sending.claim(row.pk, start + timedelta(seconds=21))


def test_an_email_sent_again_has_the_same_message_id_and_another_email_another(
    game, smtp
):
    """A worker that dies after the SMTP server's accept, before marking the row
    sent: the row is sent again once its lease runs out. Both copies carry one
    Message-ID, made from the row, so that servers and clients keep one; another
    row's email has its own."""
    rows = list(Notification.objects.filter(kind=Kind.YOUR_TURN).order_by("pk"))
    assert rows
    row = rows[0]
    assert sending.notification_send(notification_id=row.pk) == "sent"
    # The mark "sent" never happened: the row is due again, as after its lease.
    Notification.objects.filter(pk=row.pk).update(
        state="pending", next_attempt_at=timezone.now() - timedelta(seconds=1)
    )
    assert sending.notification_send(notification_id=row.pk) == "sent"
    first, again = smtp.inbox.messages
    assert first["Message-ID"] == again["Message-ID"]
    assert re.fullmatch(r"<notification\.\d+\.\d+@127\.0\.0\.1>", first["Message-ID"])
    other = Notification.objects.create(
        user=row.user, game=row.game, kind=Kind.YOUR_TURN, version=row.version + 1
    )
    assert sending.notification_send(notification_id=other.pk) == "sent"
    assert smtp.inbox.messages[2]["Message-ID"] != first["Message-ID"]


def test_a_task_that_cannot_be_queued_leaves_the_row_for_the_sweep(
    game, ana, ben, monkeypatch, django_capture_on_commit_callbacks
):
    """The broker being down never fails the move; the sweep sends later."""
    from games import tasks

    def broker_down(*args, **kwargs):
        raise ConnectionError("broker down")

    monkeypatch.setattr(tasks.notification_send_task, "delay", broker_down)
    Notification.objects.all().delete()
    mail.outbox.clear()
    finish_turn(game, [ana, ben], django_capture_on_commit_callbacks)
    assert mail.outbox == []
    monkeypatch.undo()
    assert tasks.outbox_sweep() == 1
    assert len(mail.outbox) == 1


# --- unsubscribe --------------------------------------------------------------------------


def test_unsubscribe_link_from_the_email_works_without_logging_in(game, ana, ben, smtp):
    """The link shows a confirmation; its button, or the mail client's one-click
    POST, turns that kind of email off. No session, no CSRF token needed."""
    _send_pending()
    message = smtp.inbox.messages[0]
    reader = User.objects.get(email=message["To"])
    url = _path(message["List-Unsubscribe"][1:-1])
    anonymous = Client(enforce_csrf_checks=True)
    page = anonymous.get(url)
    assert page.status_code == 200
    assert "emails telling you it is your turn" in page.content.decode()
    reader.refresh_from_db()
    assert reader.turn_emails == "every"  # a GET (or a link scanner) changes nothing
    response = anonymous.post(url, {"List-Unsubscribe": "One-Click"})
    assert response.status_code == 200
    reader.refresh_from_db()
    assert reader.turn_emails == "none"
    assert reader.reminder_emails and reader.game_over_emails


def test_unsubscribe_from_a_reminder_turns_off_only_reminders(ana):
    token = emails.unsubscribe_token(user_id=ana.pk, kind="reminder")
    Client().post(reverse("accounts:unsubscribe", args=[token]))
    ana.refresh_from_db()
    assert not ana.reminder_emails and ana.turn_emails == "every"


@pytest.mark.parametrize("case", ["forged", "tampered", "expired", "deleted"])
def test_a_bad_unsubscribe_link_shows_a_clear_page_and_changes_nothing(ana, ben, case):
    token = emails.unsubscribe_token(user_id=ana.pk, kind="your_turn")
    travel = None
    if case == "forged":
        token = "not-a-token"
    elif case == "tampered":
        token = emails.unsubscribe_token(user_id=ben.pk, kind="x")[:-3] + "abc"
    elif case == "expired":
        travel = time_machine.travel(datetime.now(UTC) + timedelta(days=91))
    elif case == "deleted":
        ana.delete()
    url = reverse("accounts:unsubscribe", args=[token])
    if travel:
        travel.start()
    try:
        response = Client().post(url)
    finally:
        if travel:
            travel.stop()
    body = response.content.decode()
    assert response.status_code in (400, 404)
    assert "Nothing was changed." in body
    expected = {
        "forged": "not valid",
        "tampered": "not valid",
        "expired": "expired",
        "deleted": "no longer exists",
    }[case]
    assert expected in body
    assert set(User.objects.values_list("turn_emails", flat=True)) == {"every"}


def test_preferences_page_offers_the_email_choices(client, ana):
    client.force_login(ana)
    page = client.get(reverse("accounts:preferences")).content.decode()
    for text in ("One daily digest", "digest hour", "Reminders", "Game-over emails"):
        assert text.lower() in page.lower()
    response = client.post(
        reverse("accounts:preferences"),
        {
            "display_name": "Ana",
            "language": "en",
            "timezone": "UTC",
            "turn_emails": "none",
            "digest_hour": "8",
        },
    )
    assert response.status_code == 302
    ana.refresh_from_db()
    assert ana.turn_emails == "none"
    assert not ana.reminder_emails and not ana.game_over_emails
    assert ana.digest_next_at is None


def test_deadline_time_left_shows_on_the_game_page_and_my_games(game, ana, ben):
    _position, waiting = mover(game, [ana, ben])
    client = Client()
    client.force_login(waiting)
    page = client.get(game.get_absolute_url()).content.decode()
    assert re.search(r"2\xa0days, 23\xa0hours left|3\xa0days left", page)
    mine = client.get(reverse("games:my_games")).content.decode()
    assert re.search(r"2\xa0days, 23\xa0hours left|3\xa0days left", mine)
    assert ENGINE.slug == game.engine


def test_a_digest_chosen_outside_the_preferences_page_is_scheduled(ana):
    User.objects.filter(pk=ana.pk).update(
        turn_emails="digest", digest_hour=9, timezone="Europe/Paris"
    )
    with time_machine.travel(datetime(2027, 7, 1, 12, 0, tzinfo=UTC), tick=False):
        assert tasks.digests_sweep() == 0
    ana.refresh_from_db()
    assert ana.digest_next_at == datetime(2027, 7, 2, 7, 0, tzinfo=UTC)  # 09:00 CEST


def test_a_french_reader_gets_the_whole_email_in_french(
    game, ana, ben, french_catalogue
):
    """Subject and body are French, and dates follow the reader's time zone."""
    User.objects.update(language="fr", timezone="Europe/Paris")
    row = Notification.objects.get(kind=Kind.YOUR_TURN)
    message = emails.compose(
        Notification.objects.select_related("user", "game").get(pk=row.pk)
    )
    assert message.subject == f"À vous de jouer : Les Cités perdues nº {game.pk}"
    assert message.body.startswith("Bonjour ")
    assert "C'est votre tour dans Les Cités perdues" in message.body
    assert "Se désinscrire de ces e-mails :" in message.body


def test_the_outbox_sweep_prunes_old_sent_rows_and_keeps_pending_ones(game):
    row = Notification.objects.get(kind=Kind.YOUR_TURN)
    sending.notification_send(notification_id=row.pk)
    later = datetime.now(UTC) + outbox.KEEP_SENT + timedelta(days=1)
    pending = Notification.objects.create(
        user=row.user, game=game, kind=Kind.GAME_OVER, version=99, created_at=later
    )
    Notification.objects.filter(pk=pending.pk).update(
        created_at=datetime(2020, 1, 1, tzinfo=UTC), next_attempt_at=later
    )
    with time_machine.travel(later, tick=False):
        tasks.outbox_sweep()
    assert list(Notification.objects.values_list("pk", flat=True)) == [pending.pk]


def test_the_game_over_subject_says_draw_when_first_place_is_shared(ana, ben):
    """A shared first place is not "You won": a draw in a duel, in each reader's
    language."""
    game = services.game_create(
        creator=ana, engine_slug="lost-cities", num_players=2, options={}
    )
    services.seat_join(game_id=game.pk, user=ben)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    Seat.objects.filter(game=game).update(rank=1, score=0)
    ben.language = "fr"
    ben.save(update_fields=["language"])
    subjects = {}
    for user in (ana, ben):
        row = Notification.objects.create(
            user=user, game=game, kind=Notification.Kind.GAME_OVER, version=99
        )
        subjects[user.pk] = emails.compose(row).subject
    assert subjects[ana.pk] == f"A draw in Lost Cities #{game.pk}"
    assert subjects[ben.pk] == f"Égalité : Les Cités perdues nº {game.pk}"
