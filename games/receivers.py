"""The games app's receivers of the platform's events (games/events.py): the
emails' rows written with the change and their sending queued, the open pages
told after the commit (server push), a computer player's move queued.

They compute nothing themselves: the rows are the outbox's
(`games.notifications.outbox`), the publishes are `games.push`'s, the marks
are the services' (`games.services.bots`); the tasks queued are in
`games.tasks`, which only receivers and beat reach.
"""

from __future__ import annotations

from django.db import transaction

from . import publish, tasks
from .notifications import outbox
from .services import bots


def _sends_after_commit(ids: list[int]) -> None:
    """The rows due now are queued once the change commits (nothing on a
    rollback); the others are left to the outbox sweep."""
    if ids:
        transaction.on_commit(lambda: tasks.sends_queue(ids))


def emails_on_state_changed(
    sender, *, game, seats, newly_to_move, finished, **kwargs
) -> None:
    """ "Your turn" and "game over" emails: rows written with the move."""
    _sends_after_commit(
        outbox.turn_rows(
            game=game, seats=seats, newly_to_move=newly_to_move, finished=finished
        )
    )


def emails_on_rematch_offered(sender, *, game, by, seats, **kwargs) -> None:
    """The other players of the finished game hear of the rematch."""
    _sends_after_commit(outbox.rematch_rows(game=game, by=by, seats=seats))


def emails_on_seat_timed_out(sender, *, game, seat, version, **kwargs) -> None:
    """The absent player hears that the computer played their turn."""
    _sends_after_commit(outbox.timeout_rows(game=game, seat=seat, version=version))


def push_on_state_changed(sender, *, game, seats, **kwargs) -> None:
    """The game's version and each seated person's "My games" are published
    after the commit."""
    publish.publish_after_commit(
        game_id=game.pk,
        version=game.version,
        user_ids=[s.user_id for s in seats if s.user_id],
    )


def push_on_table_changed(sender, *, game, user_ids, **kwargs) -> None:
    """The table's people's "My games" are published after the commit (their
    polls compare the seats when push is off)."""
    publish.publish_users_after_commit(user_ids)


def push_on_rematch_offered(sender, *, game, seats, **kwargs) -> None:
    """The finished game's people's "My games" are published after the commit."""
    publish.publish_users_after_commit([s.user_id for s in seats if s.user_id])


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
                tasks.bots_play_task.apply_async(
                    (game_id, version), countdown=countdown
                )
            else:
                tasks.bots_play_task.delay(game_id, version)
        except Exception:
            bots.bots_not_queued(game_id=game_id, version=version)
            raise

    transaction.on_commit(queue, robust=True)
