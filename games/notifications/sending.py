"""Sending one outbox row, exactly once, and the task that does it.

`notification_send` first *claims* the row (a conditional UPDATE that moves
`next_attempt_at` a lease ahead), then checks that the email still makes sense
(a move made since "your turn" was written sends nothing), sends, and marks the
row sent. A failed send releases the row with a backoff; a worker killed
mid-send leaves a lease that expires, after which the outbox sweep sends it.
Killed after the SMTP server accepted the email, it sends it again: at least
once, with the Message-ID of the row (`emails.notification_message_id`), by
which servers and clients keep one copy.

Its task is `games.tasks.notification_send_task`, queued by the receivers of
`games.events` and by the sweeps' tasks.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import F
from django.utils import timezone

from ..models import Game, Move, Notification, Seat
from .emails import compose, waiting_seats
from .presence import POSTPONE, is_present

log = logging.getLogger(__name__)

LEASE = timedelta(minutes=5)  # a claimed row is retried after this if not sent
RETRY_MAX_SECONDS = 3600

Kind = Notification.Kind
State = Notification.State


def backoff(attempts: int) -> float:
    """Seconds to wait before attempt `attempts + 1` after `attempts` failures."""
    base = float(getattr(settings, "NOTIFICATION_RETRY_SECONDS", 30))
    return min(RETRY_MAX_SECONDS, base * 2 ** max(0, attempts - 1))


@dataclass
class SendFailed(Exception):
    """The mail server refused or could not be reached; retry in `retry_in` s."""

    notification_id: int
    retry_in: float
    reason: str

    def __str__(self):
        return f"notification {self.notification_id}: {self.reason}"


def lease() -> timedelta:
    """How long a claimed row is held (settings: NOTIFICATION_LEASE_SECONDS,
    LEASE by default; scripts/faults.py shortens it to see a killed send redone)."""
    seconds = getattr(settings, "NOTIFICATION_LEASE_SECONDS", None)
    return LEASE if seconds is None else timedelta(seconds=float(seconds))


def claim(notification_id: int, now: datetime) -> bool:
    """Takes the row for one send attempt; False if sent, skipped or held."""
    return bool(
        Notification.objects.filter(
            pk=notification_id, state=State.PENDING, next_attempt_at__lte=now
        ).update(next_attempt_at=now + lease())
    )


def notification_send(*, notification_id: int) -> str:
    """Sends one outbox row at most once: 'sent', 'skipped', 'postponed' or 'busy'.

    Raises SendFailed (after releasing the row with a backoff) when SMTP fails.
    """
    now = timezone.now()
    if not claim(notification_id, now):
        return "busy"
    notification = (
        Notification.objects.select_related("user", "game")
        .filter(pk=notification_id)
        .first()
    )
    if notification is None:
        return "busy"
    verdict = _still_wanted(notification, now)
    if verdict == "postpone":
        Notification.objects.filter(pk=notification_id).update(
            next_attempt_at=now + POSTPONE
        )
        return "postponed"
    if verdict:
        Notification.objects.filter(pk=notification_id).update(
            state=State.SKIPPED, detail=verdict[:200]
        )
        return "skipped"
    try:
        message = compose(notification)
        message.send()
    except Exception as exc:  # SMTP errors, refused connections, timeouts
        attempts = notification.attempts + 1
        wait = backoff(attempts)
        Notification.objects.filter(pk=notification_id).update(
            attempts=attempts,
            next_attempt_at=timezone.now() + timedelta(seconds=wait),
            detail=f"{type(exc).__name__}: {exc}"[:200],
        )
        raise SendFailed(notification_id, wait, str(exc)) from exc
    Notification.objects.filter(pk=notification_id).update(
        state=State.SENT,
        sent_at=timezone.now(),
        attempts=F("attempts") + 1,
        detail="",
    )
    return "sent"


def _seat_of(notification) -> Seat | None:
    return Seat.objects.filter(
        game_id=notification.game_id, user_id=notification.user_id
    ).first()


def _still_wanted(n: Notification, now: datetime) -> str:
    """'' to send; 'postpone'; or why the email is no longer wanted."""
    user = n.user
    if not user.is_active:
        return "inactive user"
    if n.kind == Kind.DIGEST:
        if user.turn_emails != "digest":
            return "digest no longer chosen"
        if not waiting_seats(user).exists():
            return "nothing waits"
        return ""
    if n.kind == Kind.GAME_OVER:
        return "" if user.game_over_emails else "game-over emails off"
    if n.kind == Kind.REMATCH:
        if not user.game_over_emails:
            return "game-over emails off"
        if n.game is None or n.game.status != Game.Status.OPEN:
            return "rematch no longer open"
        if _seat_of(n) is not None:
            return "already joined the rematch"
        return ""
    if n.kind == Kind.TIMEOUT:
        return "" if user.reminder_emails else "reminders off"
    game = n.game
    if game is None or game.status != Game.Status.ACTIVE:
        return "game no longer in progress"
    seat = _seat_of(n)
    if seat is None or not seat.to_move:
        return "overtaken: already moved"
    if n.kind == Kind.YOUR_TURN:
        if user.turn_emails != "every":
            return "turn emails off"
        # The turn may have come back since: a move of this seat after the row
        # was written means this turn is over (the next one has its own row).
        if Move.objects.filter(
            game_id=n.game_id, seat=seat.position, seq__gt=n.version
        ).exists():
            return "overtaken: already moved"
        if is_present(seat, now):
            return "postpone"
        return ""
    if n.kind == Kind.REMINDER:
        if not user.reminder_emails:
            return "reminders off"
        if seat.deadline != n.deadline:
            return "overtaken: deadline changed"
        if user.on_vacation:
            return "on vacation"
        return ""
    return f"unknown kind {n.kind}"
