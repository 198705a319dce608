"""The outbox: one `Notification` row per email, written with the change that
causes it, sent after the commit.

The receivers of `games.events` (`games/receivers.py`) call `turn_rows` (a
move, the start, a game over), `rematch_rows` and `timeout_rows` inside the
change's transaction: each writes one row per email the change causes and
returns the ids due now, which the receiver queues after the commit. A "your
turn" row waits `TURN_EMAIL_DELAY_SECONDS` (a minute), longer for a player
looking at the page (`presence.POSTPONE`): `outbox_sweep` finds it when due,
and the send skips it if the player has moved since. So a quick exchange of
moves sends no email per move, and no task is queued with such a move. Nothing
here queues a task: the sweeps return the ids to send, and the tasks of
`games/tasks.py` queue them.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone

from accounts.models import User

from ..models import Game, Notification, Seat
from .presence import POSTPONE, is_present

SWEEP_BATCH = 1000
KEEP_SENT = timedelta(days=120)  # sent and skipped rows are deleted after this

Kind = Notification.Kind
State = Notification.State


def turn_email_delay() -> timedelta:
    """How long a "your turn" email waits before it is sent (settings:
    TURN_EMAIL_DELAY_SECONDS; 0 sends it as soon as the move is saved)."""
    return timedelta(seconds=float(getattr(settings, "TURN_EMAIL_DELAY_SECONDS", 60)))


def turn_rows(*, game, seats, newly_to_move, finished) -> list[int]:
    """The "your turn" rows of the seats now to move, or the "game over" rows
    of a game that just ended; returns the ids due now. The caller holds the
    game row lock."""
    now = timezone.now()
    waiting = [s for s in newly_to_move if s.user_id] if not finished else []
    ended = [s for s in seats if s.user_id] if finished else []
    user_ids = {s.user_id for s in waiting + ended}
    if not user_ids:
        return []
    # The move service loads the seats with their users: no second lookup then.
    users = {
        s.user_id: s.user
        for s in waiting + ended
        if Seat.user.is_cached(s) and s.user is not None
    }
    if len(users) < len(user_ids):
        users = {
            u.pk: u
            for u in User.objects.filter(pk__in=user_ids).only(
                "id", "turn_emails", "game_over_emails"
            )
        }
    delay = turn_email_delay()
    rows = [
        Notification(
            user_id=s.user_id,
            game=game,
            kind=Kind.YOUR_TURN,
            version=game.version,
            next_attempt_at=now + (POSTPONE if is_present(s, now) else delay),
        )
        for s in waiting
        if users[s.user_id].turn_emails == "every"
    ]
    rows += [
        Notification(
            user_id=s.user_id, game=game, kind=Kind.GAME_OVER, version=game.version
        )
        for s in ended
        if users[s.user_id].game_over_emails
    ]
    return write_rows(rows)


def rematch_rows(*, game: Game, by, seats: list[Seat]) -> list[int]:
    """The other people of the finished game hear of the rematch `by` offered
    (`game` is the new table), if they take emails about their games' results;
    returns the ids due now. Caller holds the lock."""
    rows = [
        Notification(user_id=s.user_id, game=game, kind=Kind.REMATCH, version=0)
        for s in seats
        if s.user_id and s.user_id != by.pk and s.user.game_over_emails
    ]
    return write_rows(rows)


def timeout_rows(*, game: Game, seat: Seat, version: int) -> list[int]:
    """The absent person hears that the computer played their turn, if they
    take reminders; returns the ids due now. Caller holds the lock."""
    if not (seat.user_id and seat.user.reminder_emails):
        return []
    return write_rows(
        [
            Notification(
                user_id=seat.user_id, game=game, kind=Kind.TIMEOUT, version=version
            )
        ]
    )


def write_rows(rows: list[Notification]) -> list[int]:
    """Writes the rows; returns the ids of those due now (the caller queues
    them after the commit), the others are left to the outbox sweep."""
    if not rows:
        return []
    now = timezone.now()
    Notification.objects.bulk_create(rows)
    return [n.pk for n in rows if n.next_attempt_at <= now]


def write_sweep_rows(rows: list[Notification], kind: str, now: datetime) -> list[int]:
    """Writes a sweep's rows (those already there are left alone); returns the
    ids of the ones written now, to queue. Rows a concurrent sweep wrote first
    carry its own `now` and are its to queue."""
    if not rows:
        return []
    Notification.objects.bulk_create(rows, ignore_conflicts=True)
    return list(
        Notification.objects.filter(kind=kind, created_at=now).values_list(
            "pk", flat=True
        )
    )


def outbox_sweep(now: datetime | None = None) -> list[int]:
    """The pending rows that are due, to queue: "your turn" rows whose delay is
    over, new ones whose task was lost, failed ones whose backoff is over,
    claimed ones whose worker died. Prunes rows old enough to serve no key."""
    now = now or timezone.now()
    # Old rows serve no key any more (a deadline is at most weeks away): prune.
    Notification.objects.exclude(state=State.PENDING).filter(
        created_at__lt=now - KEEP_SENT
    ).delete()
    ids = list(
        Notification.objects.filter(state=State.PENDING, next_attempt_at__lte=now)
        .order_by("next_attempt_at")
        .values_list("pk", flat=True)[:SWEEP_BATCH]
    )
    return ids
