"""My City's own figures for its statistics page (the spec's `figures`).

`figures(rows)` gets the rows of the latest finished games (one per seat: game
id, rank, score, detail, options) and returns [(label, value)], or None when
the outcome does not carry what a figure needs: the page then says "not
enough data". Only what the engine puts in its outcome detail is read."""

from __future__ import annotations

from django.utils.translation import gettext as _


def _mean(values: list) -> float | None:
    return round(sum(values) / len(values), 1) if values else None


def figures(rows: list[dict]) -> list[tuple[str, object]] | None:
    """The average score of an episode, overall and per episode played."""
    scores = [r["score"] for r in rows if isinstance(r["score"], int)]
    if not scores:
        return None
    figures = [(_("Average episode score"), _mean(scores))]
    by_episode: dict[int, list] = {}
    for row in rows:
        episode = (row["options"] or {}).get("episode")
        if isinstance(episode, int) and isinstance(row["score"], int):
            by_episode.setdefault(episode, []).append(row["score"])
    for episode in sorted(by_episode):
        figures.append(
            (
                _("Average score in episode %(n)s") % {"n": episode},
                _mean(by_episode[episode]),
            )
        )
    return figures
