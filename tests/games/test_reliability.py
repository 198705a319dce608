"""The reliability table's rows, as tests: a failure at any write point of a move
leaves the game as it was, beat never sends an email twice, and (PostgreSQL) a
move acknowledged with 200 survives killing the web process at once."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from datetime import timedelta
from pathlib import Path
from unittest import mock

import pytest
import time_machine
from django.core import mail
from django.db import connection, connections
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from game_helpers import close_thread_connection

from games import engines, rows, services, tasks
from games.models import Game, Move, Notification, Seat

ROOT = Path(__file__).resolve().parents[2]
LC = engines.get("lost-cities")


def snapshot(game_id: int) -> dict:
    """Every row a move writes: the game, its seats, its moves, its outbox."""
    return {
        "game": Game.objects.filter(pk=game_id).values().get(),
        "seats": list(
            Seat.objects.filter(game_id=game_id).order_by("position").values()
        ),
        "moves": list(
            Move.objects.filter(game_id=game_id)
            .order_by("seq")
            .values("seq", "seat", "move", "log")
        ),
        "outbox": list(
            Notification.objects.filter(game_id=game_id)
            .order_by("pk")
            .values("user_id", "kind", "version", "state")
        ),
    }


def post(client, game, move, version):
    return client.post(
        reverse("games:move", args=[game.pk]),
        {"move": json.dumps(move), "version": version},
        headers={"HX-Request": "true"},
    )


def game_of(ana, ben=None):
    game = services.game_create(
        creator=ana, engine_slug="lost-cities", num_players=2, options={}
    )
    if ben is None:
        services.seat_add_bot(game_id=game.pk, user=ana)
    else:
        services.seat_join(game_id=game.pk, user=ben)
    game.refresh_from_db()
    return game


def mover_of(game, users):
    position = LC.to_move(game.state)[0]
    return position, users[position]


# --- Fault injection ---------------------------------------------------------------

_real_insert_and_update = rows.insert_and_update
_real_bulk_create = Notification.objects.bulk_create
_real_save_turns = rows.seats_turns_update


def _after_move_insert(model, row, instance, changes):
    Move.objects.create(**row)  # the Move row is written, the game not yet
    raise OSError("injected: after the Move insert")


def _after_game_update(*args, **kwargs):
    _real_insert_and_update(*args, **kwargs)
    raise OSError("injected: after the game update")


def _in_notification_insert(objs, *args, **kwargs):
    _real_bulk_create(objs, *args, **kwargs)
    raise OSError("injected: in the notification insert")


def _after_turn_flags(seats):
    _real_save_turns(seats)
    raise OSError("injected: after the seats' turn flags")


BEFORE_COMMIT = {
    "after the Move insert": (
        "games.rows.insert_and_update",
        _after_move_insert,
    ),
    "after the game update": (
        "games.rows.insert_and_update",
        _after_game_update,
    ),
    "in the notification insert": (
        "games.models.Notification.objects.bulk_create",
        _in_notification_insert,
    ),
    "after the seats' turn flags": ("games.rows.seats_turns_update", _after_turn_flags),
}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("point", list(BEFORE_COMMIT))
def test_a_failure_at_each_write_point_of_a_move_leaves_the_game_as_it_was(
    point, ana, ben, settings
):
    """Four write points before the commit, each failing on 5 turns in a row (on
    the draw that ends the turn and writes every row): nothing of the move
    stays, and the same move sent again is applied once."""
    settings.TURN_EMAIL_DELAY_SECONDS = 60  # the outbox row is written, not sent
    game = game_of(ana, ben)
    users = {0: ana, 1: ben}
    clients = {p: Client(raise_request_exception=False) for p in users}
    for p, client in clients.items():
        client.force_login(users[p])
    target, side_effect = BEFORE_COMMIT[point]
    failures = 0
    for _ in range(5):
        position, _user = mover_of(game, users)
        if game.state["phase"] == "play":
            # The play (one decision), then the draw that passes the turn, writes
            # the outbox row and the turn flags: the fault goes on the draw.
            move = LC.legal_moves(game.state, position)[0]
            assert post(clients[position], game, move, game.version).status_code == 200
            game.refresh_from_db()
        move = {"type": "draw", "source": "deck"}
        before = snapshot(game.pk)
        with mock.patch(target, side_effect=side_effect):
            response = post(clients[position], game, move, game.version)
        assert response.status_code == 500
        failures += 1
        assert snapshot(game.pk) == before, point
        response = post(clients[position], game, move, game.version)
        assert response.status_code == 200
        game.refresh_from_db()
        assert game.version == before["game"]["version"] + 1
        assert Move.objects.filter(game=game).count() == game.version
    print(f"\n{point}: {failures} injected failures, game unchanged each time")


ON_COMMIT = [
    pytest.param("games.tasks.bots_play_task.delay", id="queuing the computer player"),
    pytest.param("games.tasks.notification_send_task.delay", id="queuing the email"),
]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("target", ON_COMMIT)
def test_a_failure_after_the_commit_keeps_the_move_once_and_answers_it(
    target, ana, settings
):
    """In on_commit (queuing the computer player's move, queuing the email), on
    3 turns: the move is saved once and answered with the board."""
    settings.TURN_EMAIL_DELAY_SECONDS = 0
    game = game_of(ana)  # against a computer player: every turn queues its reply
    client = Client(raise_request_exception=False)
    client.force_login(ana)
    failures = 0
    for _ in range(3):
        game.refresh_from_db()
        if 0 not in LC.to_move(game.state):
            services.bots_play(game_id=game.pk)
            game.refresh_from_db()
        if game.state["phase"] == "play":
            move = LC.legal_moves(game.state, 0)[0]
            assert post(client, game, move, game.version).status_code == 200
            game.refresh_from_db()
        version = game.version
        move = {"type": "draw", "source": "deck"}  # the computer player's turn next
        with mock.patch(target, side_effect=OSError("injected: in on_commit")):
            response = post(client, game, move, version)
        failures += 1
        assert response.status_code == 200, (target, response.status_code)
        assert Move.objects.filter(game=game, seq=version + 1).count() == 1
        assert Move.objects.get(game=game, seq=version + 1).move == move
    print(f"\non_commit, {target}: {failures} injected failures, each move kept once")


@pytest.mark.django_db(transaction=True)
def test_a_lost_computer_player_task_is_played_by_the_catch_up_sweep(ana, settings):
    """The broker fails when a move queues the computer player's reply: the move
    is answered, and beat's catch-up sweep plays the reply (once, even twice run)."""
    from games.tasks import bots_catch_up_task

    game = game_of(ana)
    game.refresh_from_db()
    if 0 not in LC.to_move(game.state):
        services.bots_play(game_id=game.pk)
        game.refresh_from_db()
    client = Client(raise_request_exception=False)
    client.force_login(ana)
    if game.state["phase"] == "play":
        move = LC.legal_moves(game.state, 0)[0]
        assert post(client, game, move, game.version).status_code == 200
        game.refresh_from_db()
    with mock.patch(
        "games.tasks.bots_play_task.delay", side_effect=OSError("injected: broker")
    ):
        response = post(client, game, {"type": "draw", "source": "deck"}, game.version)
    assert response.status_code == 200
    game.refresh_from_db()
    waiting = game.version
    assert LC.to_move(game.state) == [1]  # the computer player's turn, not queued
    assert bots_catch_up_task() >= 1
    assert bots_catch_up_task() == 0
    game.refresh_from_db()
    assert game.version > waiting and 0 in LC.to_move(game.state)


# --- Beat: two sweeps for one minute ------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_two_beats_for_the_same_minute_send_each_email_once(ana, ben, settings):
    """The outbox, reminder, deadline and digest sweeps of two beats run at once
    for the same minute, then twice more: every due email goes out once."""
    if connection.vendor == "sqlite":
        # The in-memory shared-cache test database locks a whole table between
        # threads at once, without the busy timeout of a database file: two
        # writers there fail rather than wait. The race runs on PostgreSQL (CI).
        pytest.skip("two writing threads need a database that waits for locks")
    settings.TURN_EMAIL_DELAY_SECONDS = 60
    for user in (ana, ben):
        user.reminder_emails = True
        user.save(update_fields=["reminder_emails"])
    games = []
    for _ in range(3):
        game = game_of(ana, ben)
        Game.objects.filter(pk=game.pk).update(time_per_move=timedelta(hours=10))
        games.append(game)
    users = {0: ana, 1: ben}
    for game in games:  # one move each: a "your turn" row, a deadline
        position, user = mover_of(game, users)
        services.move_submit(
            game_id=game.pk,
            user=user,
            move=LC.legal_moves(game.state, position)[0],
            expected_version=game.version,
        )
        services.move_submit(
            game_id=game.pk,
            user=user,
            move={"type": "draw", "source": "deck"},
            expected_version=game.version + 1,
        )
    due = Notification.objects.filter(state="pending").count()
    assert due == 6  # the first player's at the start, the second's after a turn
    mail.outbox.clear()
    sweeps = [
        tasks.outbox_sweep,
        tasks.reminders_sweep,
        tasks.deadlines_sweep,
        tasks.digests_sweep,
    ]
    # Late enough for the turn emails and a reminder (a fifth of 10 h left).
    minute = timezone.now() + timedelta(hours=8, minutes=30)
    traveller = time_machine.travel(minute, tick=False)
    traveller.start()  # the sends read the clock too
    # Two beats at once: each sweep of both reads the same due rows before either
    # sends (a barrier in front of the queuing), so only the claim keeps a row
    # from going out twice.
    barrier = threading.Barrier(2, timeout=5)
    real_enqueue = tasks.sends_queue

    def racing(ids):
        try:
            barrier.wait()
        except threading.BrokenBarrierError:
            pass  # the other beat found nothing to queue
        real_enqueue(ids)

    errors = []

    def beat():
        try:
            for sweep in sweeps:
                sweep(minute)
        except Exception as exc:  # reported below
            errors.append(exc)
        finally:
            close_thread_connection()

    with mock.patch("games.tasks.sends_queue", side_effect=racing):
        threads = [threading.Thread(target=beat) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    # Then two more, one after the other, for the same minute.
    for sweep in sweeps:
        sweep(minute)
        sweep(minute)
    traveller.stop()
    assert not errors, errors
    keys = [(m.to[0], m.subject) for m in mail.outbox]
    sent = Notification.objects.filter(state="sent").count()
    print(f"\n{len(keys)} emails from 4 sweeps x 4 runs, {sent} rows sent")
    assert len(keys) == len(set(keys)) == sent
    assert sent == 3 + 3  # three turn emails and three reminders


# --- PostgreSQL: an acknowledged move survives kill -9 ------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_listening(port: int, process, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.2)
    raise TimeoutError("the server did not start")


@pytest.mark.django_db(transaction=True)
def test_three_acknowledged_moves_survive_killing_the_web_process(ana, ben):
    """A real server process on the test database: each move answered 200 is
    read back from a new connection after `kill -9` of the server."""
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (DATABASE_URL): another process shares the DB")
    import httpx

    settings_dict = connection.settings_dict
    url = (
        f"postgres://{settings_dict['USER']}"
        f"{':' + settings_dict['PASSWORD'] if settings_dict['PASSWORD'] else ''}"
        f"@{settings_dict['HOST'] or '127.0.0.1'}:{settings_dict['PORT'] or 5432}"
        f"/{settings_dict['NAME']}"
    )
    game = game_of(ana, ben)
    users = {0: ana, 1: ben}
    sessions = {}
    for p, user in users.items():
        client = Client()
        client.force_login(user)
        sessions[p] = client.cookies["sessionid"].value
    survived = 0
    for round_ in range(3):
        port = _free_port()
        env = {**os.environ, "DATABASE_URL": url, "DEBUG": "true"}
        env.pop("CACHE_URL", None)
        server = subprocess.Popen(
            [
                sys.executable,
                "manage.py",
                "runserver",
                "--noreload",
                f"127.0.0.1:{port}",
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            _wait_listening(port, server)
            game.refresh_from_db()
            position, _user = mover_of(game, users)
            move = LC.legal_moves(game.state, position)[0]
            token = "a" * 32
            response = httpx.post(
                f"http://127.0.0.1:{port}/games/{game.pk}/move",
                data={"move": json.dumps(move), "version": game.version},
                cookies={"sessionid": sessions[position], "csrftoken": token},
                headers={"X-CSRFToken": token, "HX-Request": "true"},
                timeout=30,
            )
            assert response.status_code == 200, response.text[:300]
        finally:
            server.send_signal(signal.SIGKILL)
            server.wait()
        # A new connection: nothing cached in this process.
        connections.close_all()
        with connection.cursor() as cursor:
            cursor.execute("SELECT version FROM games_game WHERE id = %s", [game.pk])
            (version,) = cursor.fetchone()
            cursor.execute(
                "SELECT move FROM games_move WHERE game_id = %s AND seq = %s",
                [game.pk, version],
            )
            (stored,) = cursor.fetchone()
        assert version == game.version + 1
        assert (json.loads(stored) if isinstance(stored, str) else stored) == move
        survived += 1
        print(f"\nround {round_ + 1}: move {version} acknowledged, server killed, kept")
    assert survived == 3
