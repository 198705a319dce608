"""Receivers of platform events (games/events.py)."""

from config import enqueue


def rate_finished_game(sender, *, game, finished, **kwargs):
    """A rated game that just ended is queued for the ratings, after the commit."""
    if not finished or not game.rated:
        return
    from .tasks import rating_update_task

    game_id = game.pk
    enqueue.after_commit(rating_update_task, game_id)
