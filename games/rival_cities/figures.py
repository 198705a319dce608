"""Rival Cities's own figures for its statistics page (the spec's `figures`).

`figures(rows)` gets the rows of the latest finished games (one per seat: game
id, rank, score, detail, options) and returns [(label, value)], or None when
the outcome does not carry what a figure needs: the page then says "not
enough data". Only what the engine puts in its outcome detail is read."""

from __future__ import annotations

from collections import Counter

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop


def _mean(values: list) -> float | None:
    return round(sum(values) / len(values), 1) if values else None


WON_BY = {  # translated when shown, in the reader's language
    "stars": gettext_noop("on stars"),
    "ships": gettext_noop("by ships"),
    "prestige": gettext_noop("by prestige"),
    "lawsuits": gettext_noop("by lawsuits"),
    "alliances": gettext_noop("by alliances"),
}


def figures(rows: list[dict]) -> list[tuple[str, object]] | None:
    """How the games were won."""
    ways = Counter()
    for row in rows:
        if row["rank"] == 1:
            how = (row["detail"] or {}).get("won_by")
            if how:
                ways[str(how)] += 1
    if not ways:
        return None
    return [
        (_("Won %(how)s") % {"how": _(WON_BY[how]) if how in WON_BY else how}, count)
        for how, count in ways.most_common()
    ]
