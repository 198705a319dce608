"""Vacations pause deadlines.

Declaring one shifts the pending deadlines by its length (`deadlines_shift`); a
deadline set before or during a vacation skips it (`deadline_skipping`); no
timeout or reminder fires while the player is away (`not_away`); coming back
early restarts the paused clocks (`deadlines_resume`). The vacations themselves
are declared, cancelled and ended by `accounts.services`, which calls these.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db.models import F, OuterRef, Q, Subquery
from django.utils import timezone

from accounts.models import User, Vacation

from ..models import Game, Seat


def not_away(now: datetime, prefix: str = "user__") -> Q:
    """Rows whose user (through `prefix`) is not on vacation at `now`."""
    return (
        Q(**{f"{prefix}away_until__isnull": True})
        | Q(**{f"{prefix}away_until__lte": now})
        | Q(**{f"{prefix}away_from__gt": now})
    )


def deadline_skipping(start: datetime, duration: timedelta, vacations) -> datetime:
    """When `duration` of clock time started at `start` runs out, the clock being
    stopped during each (starts_at, ends_at) vacation. Vacations don't overlap."""
    t, remaining = start, duration
    for starts_at, ends_at in sorted(vacations):
        if ends_at <= t:
            continue
        if starts_at >= t + remaining:
            break
        remaining -= max(timedelta(0), starts_at - t)
        t = ends_at
    return t + remaining


def deadlines_skip_vacations(seats, duration: timedelta, now: datetime) -> None:
    """Caller holds the lock; the seats' deadlines were just set to now + duration."""
    spans: dict[int, list] = {}
    for user_id, starts_at, ends_at in Vacation.objects.filter(
        user_id__in={s.user_id for s in seats}, ends_at__gt=now
    ).values_list("user_id", "starts_at", "ends_at"):
        spans.setdefault(user_id, []).append((starts_at, ends_at))
    changed = []
    for seat in seats:
        deadline = deadline_skipping(now, duration, spans.get(seat.user_id, []))
        if deadline != seat.deadline:
            seat.deadline = deadline
            changed.append(seat)
    if changed:
        Seat.objects.bulk_update(changed, ["deadline"])


def deadlines_shift(*, user_id: int, after: datetime, by: timedelta) -> int:
    """Moves the user's pending deadlines later than `after` by `by` (one UPDATE)."""
    return Seat.objects.filter(
        user_id=user_id,
        to_move=True,
        deadline__gt=after,
        game__status=Game.Status.ACTIVE,
    ).update(deadline=F("deadline") + by)


def deadlines_resume(*, user_id: int, paused_until: datetime, now: datetime) -> int:
    """The player is back at `now` from a vacation that was to end at
    `paused_until`: each pending deadline pushed past that end restarts now with
    the clock time it had left when it stopped (the whole time per move for a
    turn that came during the vacation), later vacations still skipped. That is
    what `deadline_skipping` gives had the vacation been declared to end now.
    The caller holds the user's row lock."""
    later = list(
        Vacation.objects.filter(user_id=user_id, ends_at__gt=paused_until)
        .order_by("starts_at")
        .values_list("starts_at", "ends_at")
    )
    seats = list(
        Seat.objects.select_for_update(of=("self",))
        .filter(
            user_id=user_id,
            to_move=True,
            deadline__gt=paused_until,
            game__status=Game.Status.ACTIVE,
        )
        .only("pk", "deadline")
    )
    for seat in seats:
        left = seat.deadline - paused_until
        for starts_at, ends_at in later:  # clock stopped then too
            left -= max(timedelta(0), min(ends_at, seat.deadline) - starts_at)
        seat.deadline = deadline_skipping(now, left, later)
    Seat.objects.bulk_update(seats, ["deadline"])
    return len(seats)


def vacations_refresh(*, now: datetime | None = None) -> int:
    """Copies each user's next vacation onto the user once the last one ended."""
    now = now or timezone.now()
    upcoming = Vacation.objects.filter(user=OuterRef("pk"), ends_at__gt=now).order_by(
        "starts_at"
    )
    return User.objects.filter(away_until__lte=now).update(
        away_from=Subquery(upcoming.values("starts_at")[:1]),
        away_until=Subquery(upcoming.values("ends_at")[:1]),
    )
