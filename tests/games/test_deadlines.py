"""Deadlines: the table's timeout rule applied by the sweep, and its race with
the player's own move. Time moves with time-machine."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.core import mail
from django.db import connection
from django.test import Client
from django.urls import reverse
from game_helpers import close_thread_connection
from notify_helpers import ENGINE, mover, timed_game

from games import services, tasks
from games.errors import Conflict, Refused
from games.models import Game, Move, Notification
from games.services import timeouts

pytestmark = pytest.mark.django_db
START = datetime(2027, 9, 6, 8, 0, tzinfo=UTC)


def test_deadline_expiry_under_the_bot_rule(
    ana, ben, django_capture_on_commit_callbacks
):
    """Past the deadline, a computer player plays the absent player's whole turn
    (a legal move of that game), the absent player is told, the other one gets
    "your turn", and the game goes on with a fresh deadline."""
    with time_machine.travel(START, tick=False) as clock:
        game = timed_game(ana, ben, days=1, policy=Game.TimeoutPolicy.BOT)
        absent_position, absent = mover(game, [ana, ben])
        other = ben if absent == ana else ana
        mail.outbox.clear()
        clock.shift(timedelta(hours=23, minutes=59))
        assert tasks.deadlines_sweep() == 0
        clock.shift(timedelta(minutes=2))
        with django_capture_on_commit_callbacks(execute=True):
            assert tasks.deadlines_sweep() == 1
        game.refresh_from_db()
        assert game.status == Game.Status.ACTIVE
        moves = list(Move.objects.filter(game=game).values_list("seat", "move"))
        assert [seat for seat, _ in moves] == [absent_position, absent_position]
        assert [m["type"] for _, m in moves][1] == "draw"
        assert ENGINE.to_move(game.state) == [1 - absent_position]
        seats = {s.position: s for s in game.seats.all()}
        assert not seats[absent_position].to_move
        assert seats[absent_position].deadline is None
        assert seats[1 - absent_position].deadline == datetime.now(UTC) + timedelta(
            days=1
        )
        by_reader = {m.to[0]: m.subject for m in mail.outbox}
        assert by_reader == {absent.email: f"Time ran out in Lost Cities #{game.pk}"}
        # "Your turn" waits its minute (TURN_EMAIL_DELAY_SECONDS), then the
        # outbox sweep sends it.
        clock.shift(timedelta(seconds=61))
        tasks.outbox_sweep()
        by_reader = {m.to[0]: m.subject for m in mail.outbox}
        assert by_reader == {
            absent.email: f"Time ran out in Lost Cities #{game.pk}",
            other.email: f"Your turn in Lost Cities #{game.pk}",
        }
        # Running the sweep again finds nothing: the timeout happened once.
        assert tasks.deadlines_sweep() == 0


def test_deadline_expiry_under_the_forfeit_rule(
    ana, ben, django_capture_on_commit_callbacks
):
    """Past the deadline, the game ends abandoned by the absent player; the other
    keeps first place; both are told; the engine plays no move."""
    with time_machine.travel(START, tick=False) as clock:
        game = timed_game(ana, ben, days=2, policy=Game.TimeoutPolicy.FORFEIT)
        absent_position, absent = mover(game, [ana, ben])
        other = ben if absent == ana else ana
        version = game.version
        mail.outbox.clear()
        clock.shift(timedelta(days=2, seconds=1))
        with django_capture_on_commit_callbacks(execute=True):
            assert tasks.deadlines_sweep() == 1
        game.refresh_from_db()
        assert game.status == Game.Status.ABANDONED
        assert game.finished_at == datetime.now(UTC)
        assert game.version == version + 1
        assert not Move.objects.filter(game=game).exists()
        seats = {s.position: s for s in game.seats.all()}
        assert seats[absent_position].forfeited
        assert seats[absent_position].rank == 2
        assert seats[1 - absent_position].rank == 1
        assert not any(s.to_move or s.deadline for s in seats.values())
        assert sorted(m.to[0] for m in mail.outbox) == sorted([ana.email, ben.email])
        to_other = next(m for m in mail.outbox if m.to == [other.email])
        assert "was abandoned" in to_other.subject
        assert f"{absent.name} let their time run out" in to_other.body
        # The pages say so.
        client = Client()
        client.force_login(other)
        page = client.get(game.get_absolute_url()).content.decode()
        assert "forfeited" in page
        mine = client.get(reverse("games:my_games")).content.decode()
        assert "Opponent forfeited" in mine.split('data-section="finished"')[1]
        assert tasks.deadlines_sweep() == 0


def test_the_players_own_move_first_makes_the_timeout_a_no_op(ana, ben):
    """The sweep saw version v; the player moved meanwhile: the timeout finds a
    newer version and does nothing."""
    with time_machine.travel(START, tick=False) as clock:
        game = timed_game(ana, ben, days=1, policy=Game.TimeoutPolicy.FORFEIT)
        position, absent = mover(game, [ana, ben])
        seat = game.seats.get(position=position)
        clock.shift(timedelta(days=1, minutes=1))
        seen_version = game.version  # what the sweep read
        move = ENGINE.legal_moves(game.state, position)[0]
        services.move_submit(
            game_id=game.pk, user=absent, move=move, expected_version=game.version
        )
        result = timeouts.seat_timeout(
            game_id=game.pk, seat_id=seat.pk, version=seen_version
        )
        assert result == "overtaken"
        game.refresh_from_db()
        assert game.status == Game.Status.ACTIVE
        assert Move.objects.filter(game=game).count() == 1


def test_the_timeout_first_makes_the_players_move_stale(ana, ben):
    """The timeout applied: the late move, made on the version the player saw,
    is refused as stale (Conflict) and changes nothing."""
    with time_machine.travel(START, tick=False) as clock:
        game = timed_game(ana, ben, days=1, policy=Game.TimeoutPolicy.BOT)
        position, absent = mover(game, [ana, ben])
        seat = game.seats.get(position=position)
        clock.shift(timedelta(days=1, minutes=1))
        seen = game.version
        move = ENGINE.legal_moves(game.state, position)[0]
        assert (
            timeouts.seat_timeout(game_id=game.pk, seat_id=seat.pk, version=seen)
            == "bot"
        )
        moves = Move.objects.filter(game=game).count()
        with pytest.raises(Refused) as refused:
            services.move_submit(
                game_id=game.pk, user=absent, move=move, expected_version=seen
            )
        assert isinstance(refused.value, Conflict)
        assert Move.objects.filter(game=game).count() == moves


def test_a_deadline_not_yet_reached_is_left_alone(ana, ben):
    with time_machine.travel(START, tick=False) as clock:
        game = timed_game(ana, ben, days=3)
        position, _ = mover(game, [ana, ben])
        seat = game.seats.get(position=position)
        clock.shift(timedelta(days=2))
        assert (
            timeouts.seat_timeout(
                game_id=game.pk, seat_id=seat.pk, version=game.version
            )
            == "not due"
        )
        assert tasks.deadlines_sweep() == 0


def test_a_game_without_time_limit_never_times_out(ana, ben, lost_cities_game):
    with time_machine.travel(START + timedelta(days=400), tick=False):
        assert tasks.deadlines_sweep() == 0
        assert tasks.reminders_sweep() == 0
    assert not Notification.objects.filter(kind="reminder").exists()


@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="real concurrency needs PostgreSQL row locks (CI sets DATABASE_URL)",
)
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("policy", ["bot", "forfeit"])
def test_a_timeout_and_the_players_move_racing_apply_exactly_one(ana, ben, policy):
    """Two threads, two connections: the timeout and the move, started together.
    Exactly one applies; the other is refused or does nothing."""
    with time_machine.travel(START, tick=True) as clock:
        game = timed_game(ana, ben, days=1, policy=policy)
        position, absent = mover(game, [ana, ben])
        seat = game.seats.get(position=position)
        clock.shift(timedelta(days=1, minutes=1))
        move = ENGINE.legal_moves(game.state, position)[0]
        version = game.version
        barrier = threading.Barrier(2)
        outcome = {}

        def timeout():
            barrier.wait()
            try:
                outcome["timeout"] = timeouts.seat_timeout(
                    game_id=game.pk, seat_id=seat.pk, version=version
                )
            finally:
                close_thread_connection()

        def own_move():
            barrier.wait()
            try:
                services.move_submit(
                    game_id=game.pk, user=absent, move=move, expected_version=version
                )
                outcome["move"] = "applied"
            except Refused as exc:
                outcome["move"] = type(exc).__name__
            finally:
                close_thread_connection()

        threads = [threading.Thread(target=timeout), threading.Thread(target=own_move)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
    applied = (outcome["move"] == "applied") + (
        outcome["timeout"] in ("bot", "forfeit")
    )
    assert applied == 1, outcome
    game.refresh_from_db()
    first = Move.objects.filter(game=game).order_by("seq").first()
    if outcome["move"] == "applied":
        assert first.move == move and outcome["timeout"] == "overtaken"
    else:
        assert outcome["move"] == "Conflict"


def test_the_computer_moves_for_an_absent_player_at_the_normal_level(
    ana, ben, monkeypatch
):
    """The timeout rule "the computer moves for you" plays at the normal level."""
    levels = []
    real = timeouts.bot_move

    def spy(engine, game, seat, level):
        levels.append(level)
        return real(engine, game, seat, level)

    monkeypatch.setattr(timeouts, "bot_move", spy)
    with time_machine.travel(START, tick=False) as clock:
        timed_game(ana, ben, days=1, policy=Game.TimeoutPolicy.BOT)
        clock.shift(timedelta(days=1, minutes=1))
        assert tasks.deadlines_sweep() == 1
    assert levels and set(levels) == {"normal"}
