"""Turn deadlines, and the vacations that pause them.

A seat's deadline is computed here and nowhere else: `turn_deadlines` gives the
deadline of each turn that starts (the time per move from now, each vacation of
its player skipped: `deadline_skipping`), and `games.services.core` writes it
with the move. Declaring a vacation shifts the pending deadlines by its length
(`deadlines_shift`); coming back early restarts the paused clocks
(`deadlines_resume`); no timeout or reminder fires while the player is away
(`not_away`). The vacations themselves are declared, cancelled and ended by
`accounts.services`, which calls these.
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


def _may_be_away(seat, now: datetime) -> bool:
    """Whether the seat's player may have a vacation ahead or under way. The
    user's `away_until` (the end of their next vacation, `vacations_refresh`)
    answers without a query when the seat was read with its user."""
    if not seat.user_id:
        return False
    if not Seat.user.is_cached(seat) or seat.user is None:
        return True  # not read with the seat: the vacations query answers
    return bool(seat.user.away_until and seat.user.away_until > now)


def turn_deadlines(
    seats, time_per_move: timedelta | None, now: datetime
) -> dict[int, datetime]:
    """The deadline of each seat whose turn starts at `now` (position ->
    deadline): `time_per_move` of the player's clock, which stops during each
    of their vacations. Empty for a game without a time limit. At most one
    query (the vacations of the players who may be away)."""
    if not time_per_move:
        return {}
    away = {s.user_id for s in seats if _may_be_away(s, now)}
    spans: dict[int, list] = {}
    if away:
        for user_id, starts_at, ends_at in Vacation.objects.filter(
            user_id__in=away, ends_at__gt=now
        ).values_list("user_id", "starts_at", "ends_at"):
            spans.setdefault(user_id, []).append((starts_at, ends_at))
    return {
        s.position: deadline_skipping(now, time_per_move, spans.get(s.user_id, []))
        for s in seats
    }


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
