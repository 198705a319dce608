"""The outbox: one `Notification` row per email, written with the change that
causes it, sent after the commit.

`on_state_changed` listens to `games.events.state_changed`, inside the move's
transaction: it writes one row per email the move causes and registers their
sending with `transaction.on_commit`. A "your turn" row waits
`TURN_EMAIL_DELAY_SECONDS` (a minute), longer for a player looking at the page
(`presence.POSTPONE`): `outbox_sweep` queues it when due, and the send skips it
if the player has moved since. So a quick exchange of moves sends no email per
move, and no task is queued with such a move.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts.models import User

from ..models import Game, Notification, Seat
from .presence import POSTPONE, is_present
from .sending import enqueue_sends
from .vacations import deadlines_skip_vacations

SWEEP_BATCH = 1000
KEEP_SENT = timedelta(days=120)  # sent and skipped rows are deleted after this

Kind = Notification.Kind
State = Notification.State


def turn_email_delay() -> timedelta:
    """How long a "your turn" email waits before it is sent (settings:
    TURN_EMAIL_DELAY_SECONDS; 0 sends it as soon as the move is saved)."""
    return timedelta(seconds=float(getattr(settings, "TURN_EMAIL_DELAY_SECONDS", 60)))


def on_state_changed(sender, *, game, engine, seats, newly_to_move, finished, **kw):
    """Receiver of `state_changed`; the caller holds the game row lock."""
    now = timezone.now()
    waiting = [s for s in newly_to_move if s.user_id] if not finished else []
    ended = [s for s in seats if s.user_id] if finished else []
    user_ids = {s.user_id for s in waiting + ended}
    if not user_ids:
        return
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
                "id", "turn_emails", "game_over_emails", "away_from", "away_until"
            )
        }
    if game.time_per_move:
        away = [
            s
            for s in waiting
            if s.deadline
            and users[s.user_id].away_until
            and users[s.user_id].away_until > now
        ]
        if away:
            deadlines_skip_vacations(away, game.time_per_move, now)
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
    write_and_queue(rows)


def rematch_offered(*, game: Game, by, seats: list[Seat]) -> None:
    """The other people of the finished game hear of the rematch `by` offered
    (`game` is the new table), if they take emails about their games' results.
    Caller holds the lock; sent after the commit."""
    rows = [
        Notification(user_id=s.user_id, game=game, kind=Kind.REMATCH, version=0)
        for s in seats
        if s.user_id and s.user_id != by.pk and s.user.game_over_emails
    ]
    write_and_queue(rows)


def write_and_queue(rows: list[Notification]) -> None:
    """Writes the rows; those due now are queued after the commit, the others
    are left to the outbox sweep."""
    if not rows:
        return
    now = timezone.now()
    Notification.objects.bulk_create(rows)
    ids = [n.pk for n in rows if n.next_attempt_at <= now]
    if ids:
        transaction.on_commit(lambda: enqueue_sends(ids))


def write_sweep_rows(rows: list[Notification], kind: str, now: datetime) -> int:
    """Writes a sweep's rows (those already there are left alone) and queues the
    ones written now; returns how many. Rows a concurrent sweep wrote first carry
    its own `now` and are its to queue."""
    if not rows:
        return 0
    Notification.objects.bulk_create(rows, ignore_conflicts=True)
    ids = list(
        Notification.objects.filter(kind=kind, created_at=now).values_list(
            "pk", flat=True
        )
    )
    enqueue_sends(ids)
    return len(ids)


def outbox_sweep(now: datetime | None = None) -> int:
    """Queues the pending rows that are due: "your turn" rows whose delay is
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
    enqueue_sends(ids)
    return len(ids)
