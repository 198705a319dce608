"""Lost Cities's own figures for its statistics page (the spec's `figures`).

`figures(rows)` gets the rows of the latest finished games (one per seat: game
id, rank, score, detail, options) and returns [(label, value)], or None when
the outcome does not carry what a figure needs: the page then says "not
enough data". Only what the engine puts in its outcome detail is read."""

from __future__ import annotations

from django.utils.translation import gettext as _


def _mean(values: list) -> float | None:
    return round(sum(values) / len(values), 1) if values else None


def figures(rows: list[dict]) -> list[tuple[str, object]] | None:
    """The average score of a started expedition, and of a player's round."""
    expeditions, rounds = [], []
    for row in rows:
        for played in (row["detail"] or {}).get("rounds") or []:
            if not isinstance(played, dict):
                continue
            for line in (played.get("expeditions") or {}).values():
                if isinstance(line, dict) and line.get("cards"):
                    expeditions.append(line.get("score", 0))
            if isinstance(played.get("total"), int):
                rounds.append(played["total"])
    if not expeditions:
        return None
    return [
        (_("Average score of a started expedition"), _mean(expeditions)),
        (_("Average round score of a player"), _mean(rounds)),
        (_("Expeditions counted"), len(expeditions)),
    ]
