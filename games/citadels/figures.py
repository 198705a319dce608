"""Citadels's own figures for its statistics page (the spec's `figures`).

`figures(rows)` gets the rows of the latest finished games (one per seat: game
id, rank, score, detail, options) and returns [(label, value)], or None when
the outcome does not carry what a figure needs: the page then says "not
enough data". Only what the engine puts in its outcome detail is read."""

from __future__ import annotations

from collections import Counter

from django.utils.translation import gettext as _


def _mean(values: list) -> float | None:
    return round(sum(values) / len(values), 1) if values else None


def _character_name(key: str) -> str:
    """A Citadels character's name in the reader's language (the key if unknown)."""
    from games.citadels.engine import characters

    try:
        return _(characters.name(key))
    except KeyError:
        return key


def figures(rows: list[dict]) -> list[tuple[str, object]] | None:
    """Wins per character the winner held in the last round, when the outcome says."""
    wins = Counter()
    for row in rows:
        if row["rank"] != 1:
            continue
        detail = row["detail"] or {}
        held = detail.get("characters") or detail.get("character")
        if isinstance(held, str):
            held = [held]
        for key in held or []:
            wins[str(key)] += 1
    if not wins:
        return None
    return [
        (_("Wins with the %(character)s") % {"character": _character_name(key)}, count)
        for key, count in wins.most_common()
    ]
