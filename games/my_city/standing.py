"""A seat's score as it stands, in words a newcomer understands: what counts
so far and what the empty meadows will cost (the board's "Your city" heading
shows these instead of a bare total such as -73 at the first round)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext


def standing(detail: dict) -> list[str]:
    """Sentences for the score's detail of `engine.view` (empty without one)."""
    if not detail or "total" not in detail:
        return []
    total = detail["total"]
    cost = -detail.get("empty_meadows", 0)
    empty = sum(detail.get("empty_by_row") or [])
    if not cost:
        return [
            _("If the episode ended now, your city would score %(total)d.")
            % {"total": total}
        ]
    counted = total + cost
    return [
        ngettext(
            "Counted so far: %(points)d point (the start, the trees still in view, "
            "the rocks and the rules in force).",
            "Counted so far: %(points)d points (the start, the trees still in view, "
            "the rocks and the rules in force).",
            abs(counted),
        )
        % {"points": counted},
        ngettext(
            "Your %(n)d empty meadow will cost %(cost)d point at the end; each "
            "space you build on is one fewer.",
            "Your %(n)d empty meadows will cost %(cost)d points at the end; each "
            "space you build on is one fewer.",
            empty,
        )
        % {"n": empty, "cost": cost},
        _("If the episode ended now, your city would score %(total)d.")
        % {"total": total},
    ]
