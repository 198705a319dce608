"""Receivers of the platform's events (games/events.py) that queue the games
app's own tasks after the commit.

The email outbox's and server push's receivers live beside what they do
(`games.notifications.outbox`, `games.push`); this module holds those that
need `games.tasks`, which only receivers and beat reach.
"""

from __future__ import annotations

from django.db import transaction

from .services import bots
from .tasks import bots_play_task


def computer_move_queue(sender, *, game, bots_next=False, **kwargs) -> None:
    """A computer player is to move: the game is marked queued now, and its
    `bots_play_task` is queued after the commit, after the owner's countdown
    (`bots.owner_countdown`).

    Robust: the change that got here is committed whatever happens to the
    queue (a broker down answers the move, it does not turn it into a 500); a
    game whose task was lost is found by the catch-up, which beat runs. Several
    changes in one transaction (a timeout playing a whole turn) queue the last
    version's task only: the game object is the one the later changes move on."""
    if not bots_next:
        return
    game_id, version = game.pk, game.version
    countdown = bots.bots_queued(game)

    def queue():
        if game.version != version:
            return  # moved on in the same transaction: that change queued its own
        try:
            if countdown:
                bots_play_task.apply_async((game_id, version), countdown=countdown)
            else:
                bots_play_task.delay(game_id, version)
        except Exception:
            bots.bots_not_queued(game_id=game_id, version=version)
            raise

    transaction.on_commit(queue, robust=True)
