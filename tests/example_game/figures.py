"""Example Game's figures for its statistics page (the spec's `figures`)."""

from __future__ import annotations

from django.utils.translation import gettext as _


def figures(rows: list[dict]) -> list[tuple[str, object]] | None:
    """The players' average final score."""
    scores = [row["score"] for row in rows if isinstance(row.get("score"), int)]
    if not scores:
        return None
    return [(_("Average final score"), round(sum(scores) / len(scores), 1))]
