"""Side effects one way: a deadline is computed once, by the services; a change
is announced by an event, and only its receivers do what follows the commit."""

from __future__ import annotations

from contextlib import contextmanager
from datetime import UTC, date, datetime, timedelta

import pytest
import time_machine
from django.db import connection, transaction
from django.dispatch import Signal
from django.test.utils import CaptureQueriesContext
from game_helpers import timed_game

from accounts import services as account_services
from games import engines, events, services
from games.models import Game, Notification, Seat
from games.services import timeouts, vacations

pytestmark = pytest.mark.django_db
NOW = datetime(2027, 3, 10, 12, 0, tzinfo=UTC)  # a Wednesday, noon UTC


def all_signals() -> list[Signal]:
    return [v for v in vars(events).values() if isinstance(v, Signal)]


@contextmanager
def no_receivers():
    """Every receiver of every platform event disconnected for the block."""
    saved = {signal: list(signal.receivers) for signal in all_signals()}
    try:
        for signal in saved:
            signal.receivers = []
            signal.sender_receivers_cache.clear()
        yield
    finally:
        for signal, receivers in saved.items():
            signal.receivers = receivers
            signal.sender_receivers_cache.clear()


def play_card(game: Game) -> None:
    """Whoever is to move plays a card and draws: the turn passes."""
    engine = engines.get(game.engine)
    seat = game.seats.select_related("user").get(to_move=True)
    for _ in range(2):
        game.refresh_from_db()
        move = engine.legal_moves(game.state, seat.position)[0]
        services.move_submit(
            game_id=game.pk, user=seat.user, move=move, expected_version=game.version
        )
    game.refresh_from_db()


def test_a_turn_gets_its_vacation_skipping_deadline_from_the_move_itself(ana, ben):
    """The deadline written with the move already skips the player's vacation:
    nothing that hears of the move (the email outbox) rewrites it."""
    with time_machine.travel(NOW, tick=False):
        game = timed_game(ana, ben, days=2)
        waiting = game.seats.get(to_move=True)
        absent = ben if waiting.user_id == ana.pk else ana
        account_services.vacation_declare(
            user=absent, start=date(2027, 3, 10), end=date(2027, 3, 12)
        )
        with no_receivers():
            play_card(game)
        seat = game.seats.get(user=absent)
    assert seat.to_move
    assert seat.deadline == datetime(2027, 3, 13, tzinfo=UTC) + timedelta(days=2)


def test_turn_deadlines_skip_each_players_own_vacations(ana, ben):
    """One function gives the deadline of each turn that starts; a seat read
    without its user costs one query for all of them."""
    game = timed_game(ana, ben, days=1)
    start = datetime(2027, 6, 1, tzinfo=UTC)
    with time_machine.travel(start - timedelta(days=1), tick=False):
        account_services.vacation_declare(
            user=ben, start=date(2027, 6, 1), end=date(2027, 6, 3)
        )
    seats = list(Seat.objects.filter(game=game).order_by("user_id"))
    assert [s.user_id for s in seats] == sorted([ana.pk, ben.pk])
    if seats[0].user_id != ana.pk:
        seats.reverse()
    with CaptureQueriesContext(connection) as queries:
        deadlines = vacations.turn_deadlines(seats, timedelta(days=1), start)
    assert len(queries.captured_queries) == 1
    assert deadlines[seats[0].position] == start + timedelta(days=1)
    assert deadlines[seats[1].position] > start + timedelta(days=3)
    assert vacations.turn_deadlines(seats, None, start) == {}


def test_the_services_register_no_after_commit_work_of_their_own(
    ana, ben, make_user, settings, django_capture_on_commit_callbacks
):
    """With every receiver disconnected (and push on), a table made, joined,
    left, filled with computer players who move first, and moved in queues
    nothing and publishes nothing: what follows a commit is the receivers'
    business only."""
    settings.PUSH_ENABLED = True  # publishes registered, never run: no Redis
    engine = engines.get("lost-cities")
    with no_receivers(), django_capture_on_commit_callbacks() as callbacks:
        three = services.game_create(
            creator=ana, engine_slug="citadels", num_players=3, options={}
        )
        services.seat_join(game_id=three.pk, user=ben)
        services.game_leave(game_id=three.pk, user=ben)
        table = services.game_create(
            creator=ana, engine_slug="lost-cities", num_players=2, options={}
        )
        services.seat_join(game_id=table.pk, user=ben)
        computer = services.game_create(
            creator=ben, engine_slug="lost-cities", num_players=2, options={}
        )
        Seat.objects.filter(game=computer, position=0).update(
            user=None, bot_level="easy"
        )
        services.seat_add_bot(game_id=computer.pk, user=ben, level="easy")
        table.refresh_from_db()
        seat = table.seats.select_related("user").get(to_move=True)
        services.move_submit(
            game_id=table.pk,
            user=seat.user,
            move=engine.legal_moves(table.state, seat.position)[0],
            expected_version=table.version,
        )
    assert callbacks == []


def test_a_join_and_a_start_are_each_announced_by_their_event(ana, ben, make_user):
    """A seat taken at a table not yet full sends `table_changed` (with the
    table's people); the last seat taken starts the game: `state_changed`."""
    heard = []
    names = {
        signal: name for name, signal in vars(events).items() if signal in all_signals()
    }

    def listen(sender, signal, **kwargs):
        heard.append((names[signal], kwargs))

    for signal in all_signals():
        signal.connect(listen, weak=False, dispatch_uid="test-listen")
    try:
        game = services.game_create(
            creator=ana, engine_slug="citadels", num_players=3, options={}
        )
        services.seat_join(game_id=game.pk, user=ben)
        services.seat_join(game_id=game.pk, user=make_user("Cleo"))
    finally:
        for signal in all_signals():
            signal.disconnect(dispatch_uid="test-listen")
    assert [name for name, _kw in heard] == ["table_changed", "state_changed"]
    assert sorted(heard[0][1]["user_ids"]) == sorted([ana.pk, ana.pk, ben.pk])
    started = heard[1][1]
    assert not started["finished"] and not started["bots_next"]
    assert [s.position for s in started["newly_to_move"]] != []


def test_a_timed_out_turn_is_announced_and_the_outbox_writes_its_email(ana, ben):
    """The timeout service plays the turn and sends `seat_timed_out`; the email
    row is the outbox receiver's doing, not the service's."""
    with time_machine.travel(NOW, tick=False) as clock:
        game = timed_game(ana, ben, days=1, policy=Game.TimeoutPolicy.BOT)
        seat = game.seats.select_related("user").get(to_move=True)
        clock.move_to(NOW + timedelta(days=2))
        heard = []
        events.seat_timed_out.connect(
            lambda sender, **kw: heard.append(kw["seat"].pk),
            weak=False,
            dispatch_uid="test-timeout",
        )
        try:
            with transaction.atomic():
                result = timeouts.seat_timeout(
                    game_id=game.pk, seat_id=seat.pk, version=game.version
                )
        finally:
            events.seat_timed_out.disconnect(dispatch_uid="test-timeout")
    assert result == "bot"
    assert heard == [seat.pk]
    assert Notification.objects.filter(
        user=seat.user, kind=Notification.Kind.TIMEOUT
    ).exists()


def test_a_timed_out_turn_writes_no_email_without_the_outbox_listening(ana, ben):
    with time_machine.travel(NOW, tick=False) as clock:
        game = timed_game(ana, ben, days=1, policy=Game.TimeoutPolicy.BOT)
        seat = game.seats.get(to_move=True)
        clock.move_to(NOW + timedelta(days=2))
        with no_receivers():
            assert (
                timeouts.seat_timeout(
                    game_id=game.pk, seat_id=seat.pk, version=game.version
                )
                == "bot"
            )
    assert not Notification.objects.filter(kind=Notification.Kind.TIMEOUT).exists()
