"""Celery tasks: thin, take ids, call services, idempotent."""

from celery import shared_task

from . import services


@shared_task(ignore_result=True)
def bots_play_task(game_id: int) -> int:
    """Plays the computer players' pending moves of one game."""
    return services.bots_play(game_id=game_id)
