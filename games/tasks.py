"""Celery tasks: thin, take ids, call services, idempotent."""

from celery import shared_task

from . import services


@shared_task(ignore_result=True)
def bots_play_task(game_id: int) -> int:
    """Plays the computer players' pending moves of one game."""
    return services.bots_play(game_id=game_id)


@shared_task(
    bind=True,
    ignore_result=True,
    acks_late=True,
    reject_on_worker_lost=True,
    max_retries=8,
)
def notification_send_task(self, notification_id: int) -> str:
    """Sends one outbox row (exactly once); retried with backoff if SMTP fails.

    Past the last retry the row stays pending and `outbox_sweep` sends it later.
    """
    from . import notifications

    try:
        return notifications.notification_send(notification_id=notification_id)
    except notifications.SendFailed as exc:
        raise self.retry(countdown=exc.retry_in, exc=exc) from None


@shared_task(ignore_result=True)
def seat_timeout_task(game_id: int, seat_id: int, version: int) -> str:
    """Applies the table's timeout rule to one seat, if the game did not move on."""
    from . import notifications

    return notifications.seat_timeout(game_id=game_id, seat_id=seat_id, version=version)


@shared_task(ignore_result=True)
def outbox_sweep_task() -> int:
    from . import notifications

    return notifications.outbox_sweep()


@shared_task(ignore_result=True)
def reminders_sweep_task() -> int:
    from . import notifications

    return notifications.reminders_sweep()


@shared_task(ignore_result=True)
def deadlines_sweep_task() -> int:
    from . import notifications

    return notifications.deadlines_sweep()


@shared_task(ignore_result=True)
def digests_sweep_task() -> int:
    from . import notifications

    return notifications.digests_sweep()
