"""Reminders: an email to each player with a fifth of their time left.

`reminders_sweep` (run by beat's task, every 5 minutes) is one query over the seats
due a reminder; the row's unique key (user, game, deadline) makes a second
sweep, or one running at the same time, write nothing more.
"""

from __future__ import annotations

from datetime import datetime

from django.db.models import (
    DateTimeField,
    DurationField,
    Exists,
    ExpressionWrapper,
    F,
    OuterRef,
    Value,
)
from django.utils import timezone

from ..models import Game, Notification, Seat
from ..services.vacations import not_away
from .outbox import SWEEP_BATCH, write_sweep_rows

Kind = Notification.Kind


def reminders_sweep(now: datetime | None = None) -> list[int]:
    """Writes a reminder for every seat with a fifth of its time left; returns
    the ids of the rows written, to queue."""
    now = now or timezone.now()
    already = Notification.objects.filter(
        kind=Kind.REMINDER,
        user=OuterRef("user"),
        game=OuterRef("game"),
        deadline=OuterRef("deadline"),
    )
    due = (
        Seat.objects.filter(
            to_move=True,
            deadline__gt=now,
            game__status=Game.Status.ACTIVE,
            game__time_per_move__isnull=False,
            user__reminder_emails=True,
            user__is_active=True,
        )
        .filter(not_away(now))
        .alias(
            five_times_left=ExpressionWrapper(
                (F("deadline") - Value(now, output_field=DateTimeField())) * 5,
                output_field=DurationField(),
            )
        )
        .filter(five_times_left__lte=F("game__time_per_move"))
        .filter(~Exists(already))
        .values_list("user_id", "game_id", "game__version", "deadline")[:SWEEP_BATCH]
    )
    rows = [
        Notification(
            user_id=user_id,
            game_id=game_id,
            kind=Kind.REMINDER,
            version=version,
            deadline=deadline,
            created_at=now,
        )
        for user_id, game_id, version, deadline in due
    ]
    return write_sweep_rows(rows, Kind.REMINDER, now)
