"""The computer players' task: one move per task, the next queued by that move's
commit, idempotent, and flat in eager mode (games/services/bots.py)."""

from __future__ import annotations

import inspect
import os
import time
from datetime import timedelta
from unittest import mock

import pytest
from celery.signals import task_postrun
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import engines, services, tasks
from games.models import Game, Move, Seat
from games.services import bots

pytestmark = pytest.mark.django_db


def table_of_bots(creator, engine_slug: str, players: int, people: int = 0) -> Game:
    """A started game whose first `people` seats are the creator's (one person
    may hold only one seat: with people=1, seat 0) and the others easy computer
    players. In a test's transaction nothing queued after a commit runs."""
    game = services.game_create(
        creator=creator, engine_slug=engine_slug, num_players=players, options={}
    )
    if people == 0:  # the creator's seat becomes a computer player's
        Seat.objects.filter(game=game, position=0).update(user=None, bot_level="easy")
    with transaction.atomic():
        for _ in range(players - 1):
            services.seat_add_bot(game_id=game.pk, user=creator, level="easy")
    game.refresh_from_db()
    assert game.status != Game.Status.OPEN  # started (with real commits, maybe over)
    return game


def run_task(game: Game, version: int | None, capture) -> tuple[int, list]:
    """Runs the task as a worker would (not eagerly), its after-commit hooks
    captured: returns the moves it played and the (game_id, version) it queued
    once the callbacks ran."""
    with mock.patch.object(tasks.bots_play_task, "delay") as delay:
        with capture(execute=False) as callbacks:
            played = tasks.bots_play_task(game.pk, version)
        assert not delay.called  # nothing is queued before the commit
        for callback in callbacks:
            callback()
    return played, [c.args for c in delay.call_args_list]


def test_one_task_plays_one_move_when_the_next_mover_is_also_a_computer(
    ana, django_capture_on_commit_callbacks
):
    """Lost Cities: a turn is a card played then one drawn, both the computer's."""
    game = table_of_bots(ana, "lost-cities", 2)
    version = game.version
    played, _queued = run_task(game, version, django_capture_on_commit_callbacks)
    game.refresh_from_db()
    assert played == 1
    assert game.version == version + 1
    assert Move.objects.filter(game=game).count() == 1
    assert engines.get("lost-cities").to_move(game.state)  # a computer again


def test_the_next_task_is_queued_after_the_commit_for_the_new_version(
    ana, django_capture_on_commit_callbacks
):
    game = table_of_bots(ana, "lost-cities", 2)
    version = game.version
    _played, queued = run_task(game, version, django_capture_on_commit_callbacks)
    assert queued == [(game.pk, version + 1)]


def test_a_duplicate_task_for_a_version_already_played_does_nothing(
    ana, django_capture_on_commit_callbacks
):
    game = table_of_bots(ana, "lost-cities", 2)
    version = game.version
    run_task(game, version, django_capture_on_commit_callbacks)
    played, queued = run_task(game, version, django_capture_on_commit_callbacks)
    game.refresh_from_db()
    assert (played, queued) == (0, [])
    assert game.version == version + 1
    assert Move.objects.filter(game=game).count() == 1


def test_a_task_where_no_computer_player_is_to_move_does_nothing(
    ana, django_capture_on_commit_callbacks
):
    for _attempt in range(20):  # until the seed lets the person start
        game = table_of_bots(ana, "lost-cities", 2, people=1)
        if engines.get("lost-cities").to_move(game.state) == [0]:
            break
    assert engines.get("lost-cities").to_move(game.state) == [0]
    for version in (game.version, None):
        played, queued = run_task(game, version, django_capture_on_commit_callbacks)
        assert (played, queued) == (0, [])
    assert not Move.objects.filter(game=game).exists()


def test_a_task_whose_game_moved_while_it_thought_applies_nothing(
    ana, django_capture_on_commit_callbacks
):
    """Another run moves first (as a person's move or a timeout would): the
    thought-out move is dropped under the lock, and only that run queues."""
    game = table_of_bots(ana, "lost-cities", 2)
    version = game.version
    think = bots.bot_move
    inner = []

    def overtaken(*args, **kwargs):
        if not inner:
            inner.append(None)
            inner[0] = bots.bots_play(game_id=game.pk, version=version)
        return think(*args, **kwargs)

    with mock.patch.object(bots, "bot_move", side_effect=overtaken):
        played, queued = run_task(game, version, django_capture_on_commit_callbacks)
    game.refresh_from_db()
    assert inner == [1] and played == 0
    assert queued == [(game.pk, version + 1)]  # the other run's commit queued it
    assert Move.objects.filter(game=game).count() == 1


def test_a_simultaneous_round_is_one_task_per_computer_move_until_a_person_is_left(
    ana, django_capture_on_commit_callbacks
):
    """My City, a person and two computer players all to place at once: two
    tasks, one move each, and the chain stops when only the person is to move."""
    engine = engines.get("my-city")
    game = table_of_bots(ana, "my-city", 3, people=1)
    assert engine.to_move(game.state) == [0, 1, 2]
    tasks = [(game.pk, game.version)]
    played_by = []
    while tasks:
        assert len(tasks) == 1  # one chain
        _game_id, version = tasks.pop()
        played, tasks = run_task(game, version, django_capture_on_commit_callbacks)
        assert played == 1
        played_by.append(Move.objects.get(game=game, seq=version + 1).seat)
    game.refresh_from_db()
    assert sorted(played_by) == [1, 2]
    assert engine.to_move(game.state) == [0]


@pytest.mark.django_db(transaction=True)
def test_a_game_of_computer_players_plays_to_its_end_eagerly_on_a_flat_stack(ana):
    """Tests run tasks eagerly, inside the commit that queues them: the chain of
    a whole game is drained by the outermost run, every move at the same stack
    depth, instead of one level deeper per move."""
    depths = []
    play = bots.bots_play

    def measured(**kwargs):
        frame, depth = inspect.currentframe(), 0
        while frame is not None:
            frame, depth = frame.f_back, depth + 1
        depths.append(depth)
        return play(**kwargs)

    with mock.patch.object(bots, "bots_play", side_effect=measured):
        game = table_of_bots(ana, "lost-cities", 2)  # its start queues the first
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert Move.objects.filter(game=game).count() == game.version > 50
    assert len(depths) >= game.version
    assert max(depths) == min(depths)


def lost_long_ago():
    """The games' computer moves were queued longer ago than the catch-up waits."""
    Game.objects.update(bot_queued_at=timezone.now() - timedelta(minutes=5))


def test_catch_up_queues_each_game_a_computer_player_waits_in_at_its_version(
    ana, django_capture_on_commit_callbacks
):
    waiting = table_of_bots(ana, "lost-cities", 2)  # its first task never ran
    for _attempt in range(20):  # and a game where the person is to move
        person = table_of_bots(ana, "lost-cities", 2, people=1)
        if engines.get("lost-cities").to_move(person.state) == [0]:
            break
        person.delete()
    lost_long_ago()
    with mock.patch.object(tasks.bots_play_task, "delay") as delay:
        assert tasks.bots_catch_up() == 1
    assert [c.args for c in delay.call_args_list] == [(waiting.pk, waiting.version)]


@pytest.mark.django_db(transaction=True)
def test_catch_up_restarts_a_lost_chain_which_then_plays_the_game_out(ana):
    with mock.patch.object(tasks.bots_play_task, "delay"):  # the broker loses it
        game = table_of_bots(ana, "lost-cities", 2)
    assert game.version == 0
    assert tasks.bots_catch_up() == 0  # queued a moment ago: its task may yet run
    lost_long_ago()
    assert tasks.bots_catch_up() == 1
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert tasks.bots_catch_up() == 0


# --- A real worker -------------------------------------------------------------


def wait_for(predicate, timeout: float = 120.0) -> bool:
    """Waits for the worker thread, polling."""
    limit = time.monotonic() + timeout
    while time.monotonic() < limit:
        if predicate():
            return True
        time.sleep(0.05)
    return False


@pytest.fixture
def private_bots_worker(django_db_blocker):
    """A Celery worker thread against Redis, consuming a queue of this test
    process's own (not `bots`, which a running site or another test process may
    share): the task's `delay` is sent there."""
    from celery.contrib.testing.worker import start_worker

    from config.celery import app

    queue = f"bots-test-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}"
    runs = []

    def ran(sender=None, retval=None, **_kwargs):
        if sender.name == tasks.bots_play_task.name:
            runs.append(retval)

    def delay(*args):
        return tasks.bots_play_task.apply_async(args, queue=queue)

    app.conf.task_always_eager = False
    task_postrun.connect(ran, weak=False)
    try:
        with (
            mock.patch.object(tasks.bots_play_task, "delay", side_effect=delay),
            django_db_blocker.unblock(),
            start_worker(
                app,
                pool="solo",
                perform_ping_check=False,
                shutdown_timeout=15,
                queues=[queue],
            ),
        ):
            yield runs
    finally:
        task_postrun.disconnect(ran)
        app.conf.task_always_eager = True
        with app.connection_for_write() as connection:
            connection.default_channel.queue_delete(queue)


@pytest.mark.skipif(
    not settings.CELERY_BROKER_URL.startswith(("redis://", "rediss://")),
    reason="needs CELERY_BROKER_URL=redis://... (a real worker against Redis)",
)
@pytest.mark.django_db(transaction=True)
def test_a_worker_plays_a_game_of_computer_players_one_task_per_move(
    ana, private_bots_worker
):
    game = table_of_bots(ana, "lost-cities", 2)  # its start queues the first

    def over():
        game.refresh_from_db()
        return game.status == Game.Status.FINISHED

    assert wait_for(over)
    # The last task's run is counted once it has returned, after its commit.
    assert wait_for(lambda: len(private_bots_worker) >= game.version)
    assert Move.objects.filter(game=game).count() == game.version
    assert private_bots_worker == [1] * game.version  # one move each
