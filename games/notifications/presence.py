"""Presence: no "your turn" email while the player has the game's page open.

The game page marks its viewer's seat (`presence_mark`, at most one UPDATE per
30 s while nothing changes; at once whenever a board is sent, so that `seen_at`
is never older than the last move the viewer was shown: the board's "new since
your last visit" counts from it); a "your turn" email to a player seen within `PRESENCE_WINDOW` waits
`POSTPONE` longer, and again at each look.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.core.cache import cache
from django.utils import timezone

from ..models import Seat

PRESENCE_WRITE_SECONDS = 30  # the game page writes Seat.seen_at at most this often
PRESENCE_WINDOW = timedelta(seconds=75)  # "looking at the page" if seen this recently
POSTPONE = timedelta(minutes=2)  # a "your turn" email waits this long per look


def presence_mark(*, game_id: int, user, shown: bool = False) -> None:
    """The user has the game's page open. Cheap: at most one UPDATE per 30 s,
    unless a board is `shown` to them (then at once: they have seen its moves)."""
    if not user.is_authenticated:
        return
    key = f"presence:{game_id}:{user.pk}"
    if shown:
        cache.set(key, 1, timeout=PRESENCE_WRITE_SECONDS)
    if shown or cache.add(key, 1, timeout=PRESENCE_WRITE_SECONDS):
        Seat.objects.filter(game_id=game_id, user_id=user.pk).update(
            seen_at=timezone.now()
        )


def is_present(seat: Seat, now: datetime) -> bool:
    """The seat's player has had the game page open very recently."""
    return bool(seat.seen_at and seat.seen_at >= now - PRESENCE_WINDOW)
