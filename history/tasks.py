"""Celery tasks of the history app: thin, take ids, idempotent."""

from celery import shared_task

from . import services


@shared_task(ignore_result=True)
def rating_update_task(game_id: int) -> bool:
    """Puts one finished rated game into its players' ratings (once)."""
    return services.game_rate(game_id=game_id)


@shared_task(ignore_result=True)
def ratings_catch_up_task(limit: int = 500) -> int:
    """Rates the rated games that are over and not rated yet (e.g. forfeits ended
    outside the move service). Safe to run at any time, as often as wanted."""
    from games.models import Game

    pending = (
        Game.objects.filter(
            rated=True,
            status__in=[Game.Status.FINISHED, Game.Status.ABANDONED],
            rated_marker__isnull=True,
        )
        .order_by("finished_at", "pk")
        .values_list("pk", flat=True)[:limit]
    )
    return sum(services.game_rate(game_id=pk) for pk in list(pending))
