"""Example Game's figures for its statistics page (the spec's `figures`)."""

from __future__ import annotations

from django.utils.translation import gettext as _


def figures(rows: list[dict]) -> list[tuple[str, object]] | None:
    """The runners' average position at the end."""
    positions = [
        row["detail"]["position"]
        for row in rows
        if isinstance((row["detail"] or {}).get("position"), int)
    ]
    if not positions:
        return None
    return [(_("Average final position"), round(sum(positions) / len(positions), 1))]
