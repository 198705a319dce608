"""Daily digests: one email a day, at the player's chosen hour in their time
zone, listing the games waiting for them (for players who chose the digest
instead of an email per turn).

`digests_sweep` (run by beat's task, every 5 minutes) writes a row per user whose hour
has come and something waits, keyed by (user, day) so that it is written once.
"""

from __future__ import annotations

from datetime import datetime

from django.db.models import Exists, OuterRef
from django.utils import timezone

from accounts.models import User

from ..models import Game, Notification, Seat
from .outbox import SWEEP_BATCH, write_sweep_rows

Kind = Notification.Kind


def digests_sweep(now: datetime | None = None) -> list[int]:
    """Writes today's digest for every user whose digest hour has come; returns
    the ids of the rows written, to queue."""
    now = now or timezone.now()
    # Chosen outside the preferences page (the admin, a script): schedule it.
    unscheduled = list(
        User.objects.filter(
            turn_emails=User.TurnEmails.DIGEST, digest_next_at__isnull=True
        ).only("id", "timezone", "digest_hour")[:SWEEP_BATCH]
    )
    for u in unscheduled:
        u.digest_next_at = u.digest_next_time(after=now)
    if unscheduled:
        User.objects.bulk_update(unscheduled, ["digest_next_at"])
    due = list(
        User.objects.filter(
            turn_emails=User.TurnEmails.DIGEST, digest_next_at__lte=now, is_active=True
        )
        .annotate(
            has_waiting=Exists(
                Seat.objects.filter(
                    user=OuterRef("pk"), to_move=True, game__status=Game.Status.ACTIVE
                )
            )
        )
        .only("id", "timezone", "digest_hour", "digest_next_at")[:SWEEP_BATCH]
    )
    if not due:
        return []
    rows = [
        Notification(
            user_id=u.pk,
            kind=Kind.DIGEST,
            day=u.digest_next_at.astimezone(u.tzinfo).date(),
            created_at=now,
        )
        for u in due
        if u.has_waiting
    ]
    for u in due:
        u.digest_next_at = u.digest_next_time(after=now)
    User.objects.bulk_update(due, ["digest_next_at"])
    return write_sweep_rows(rows, Kind.DIGEST, now)
