"""The notification tasks run by a real Celery worker against Redis, sending to
a real SMTP server in the test process.

Runs only when CELERY_BROKER_URL points at Redis (CI sets it); a plain checkout
uses the filesystem broker, which a worker thread inside pytest cannot share
reliably, so these tests are skipped there.

Under pytest-xdist (`make test`) each process publishes to and consumes a queue
of its own (tests/conftest.py), so that the workers of two processes never take
each other's tasks.
"""

from __future__ import annotations

import time

import pytest
from django.conf import settings
from notify_helpers import SmtpServer, body_text, finish_turn, mover, timed_game

from games import tasks
from games.models import Notification

pytestmark = [
    pytest.mark.skipif(
        not settings.CELERY_BROKER_URL.startswith(("redis://", "rediss://")),
        reason="needs CELERY_BROKER_URL=redis://... (a real worker against Redis)",
    ),
    pytest.mark.django_db(transaction=True),
]


@pytest.fixture(autouse=True)
def turn_emails_at_once(settings):
    """The worker's path from a move to a sent email: "your turn" queued as soon
    as the move commits. The minute it waits by default, and the outbox sweep
    that then queues it, are tested in test_notifications.py and below."""
    settings.TURN_EMAIL_DELAY_SECONDS = 0


@pytest.fixture
def worker(django_db_blocker):
    from celery.contrib.testing.worker import start_worker

    from config.celery import app

    app.conf.task_always_eager = False
    app.control.purge()  # nothing left over from another run
    try:
        with django_db_blocker.unblock():
            # The queue named: a worker started in this process with other
            # queues (test_bots_task.py) leaves its choice on the app.
            with start_worker(
                app,
                pool="solo",
                perform_ping_check=False,
                shutdown_timeout=15,
                queues=[app.conf.task_default_queue],
            ):
                yield app
    finally:
        app.conf.task_always_eager = True


@pytest.fixture
def smtp(settings):
    server = SmtpServer().start()
    settings.MAILERS = server.mailers
    yield server
    server.stop()


class Capture:
    """Stands in for django_capture_on_commit_callbacks: with a real database
    transaction the hooks run on commit by themselves."""

    def __call__(self, execute=True):
        from contextlib import nullcontext

        return nullcontext()


def _wait(predicate, timeout=20.0):
    """Waits for the worker thread (not for time to pass in the rules)."""
    limit = time.monotonic() + timeout
    while time.monotonic() < limit:
        if predicate():
            return True
        time.sleep(0.05)
    return False


def test_worker_sends_your_turn_email_after_the_move_commits(ana, ben, worker, smtp):
    game = timed_game(ana, ben, days=3)
    assert smtp.inbox.wait_for(1)  # the first player's, queued when the game began
    position = finish_turn(game, [ana, ben], Capture())
    _pos, reader = mover(game, [ana, ben])
    assert reader.pk != game.seats.get(position=position).user_id
    assert smtp.inbox.wait_for(2)
    message = smtp.inbox.messages[1]
    assert message["To"] == reader.email
    assert message["Subject"] == f"Your turn in Lost Cities #{game.pk}"
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert f"/games/{game.pk}/" in body_text(message)
    assert _wait(lambda: not Notification.objects.filter(state="pending").exists())


def test_worker_retries_while_smtp_is_down_and_sends_once_it_is_back(
    ana, ben, worker, settings
):
    server = SmtpServer()  # its port refuses connections until started
    settings.MAILERS = server.mailers
    settings.NOTIFICATION_RETRY_SECONDS = 0.3
    timed_game(ana, ben, days=3)
    row = Notification.objects.get()
    assert _wait(lambda: Notification.objects.get(pk=row.pk).attempts >= 2)
    assert server.inbox.messages == []
    server.start()
    try:
        assert server.inbox.wait_for(1)
        assert _wait(lambda: Notification.objects.get(pk=row.pk).state == "sent")
        # Whatever is still queued finds the row sent and sends nothing.
        worker.send_task("games.tasks.notification_send_task", args=[row.pk])
        assert tasks.outbox_sweep() == 0
        assert _wait(lambda: False, timeout=1.0) is False
        assert len(server.inbox.messages) == 1
    finally:
        server.stop()


def test_worker_sends_a_duplicated_task_once(ana, ben, worker, smtp):
    timed_game(ana, ben, days=3)
    assert smtp.inbox.wait_for(1)
    row = Notification.objects.get()
    for _ in range(3):
        worker.send_task("games.tasks.notification_send_task", args=[row.pk])
    tasks.outbox_sweep()
    assert not smtp.inbox.wait_for(2, timeout=2.0)
    assert len(smtp.inbox.messages) == 1


def test_by_default_the_sweep_queues_your_turn_once_due_and_the_worker_sends_it(
    ana, ben, worker, smtp, settings
):
    """With the default delay nothing is queued with the move; once the row is
    due, the outbox sweep queues it and the worker sends it."""
    from datetime import timedelta

    from django.utils import timezone

    settings.TURN_EMAIL_DELAY_SECONDS = 60
    game = timed_game(ana, ben, days=3)
    row = Notification.objects.get()
    assert row.next_attempt_at > timezone.now() + timedelta(seconds=50)
    assert not smtp.inbox.wait_for(1, timeout=1.0)  # nothing queued with the move
    assert tasks.outbox_sweep() == 0  # not due yet
    Notification.objects.filter(pk=row.pk).update(
        next_attempt_at=timezone.now() - timedelta(seconds=1)
    )
    assert tasks.outbox_sweep() == 1
    assert smtp.inbox.wait_for(1)
    assert smtp.inbox.messages[0]["Subject"] == f"Your turn in Lost Cities #{game.pk}"
    assert _wait(lambda: Notification.objects.get(pk=row.pk).state == "sent")
