"""Each game's own figures for its statistics page, from the seats' results.

A figure function gets the rows of the latest finished games (one per seat: game id,
rank, score, detail, options) and returns [(label, value)] or None when the
engine's outcome does not carry what the figure needs (yet): the page then says
"not enough data". Only what an engine puts in its outcome detail is read.
"""

from __future__ import annotations

from collections import Counter

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop


def _mean(values: list) -> float | None:
    return round(sum(values) / len(values), 1) if values else None


def lost_cities(rows: list[dict]) -> list[tuple[str, object]] | None:
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


def _character_name(key: str) -> str:
    """A Citadels character's name in the reader's language (the key if unknown)."""
    from games.engines.citadels import characters

    try:
        return _(characters.name(key))
    except KeyError:
        return key


def citadels(rows: list[dict]) -> list[tuple[str, object]] | None:
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


WON_BY = {  # translated when shown, in the reader's language
    "stars": gettext_noop("on stars"),
    "ships": gettext_noop("by ships"),
    "prestige": gettext_noop("by prestige"),
    "lawsuits": gettext_noop("by lawsuits"),
    "alliances": gettext_noop("by alliances"),
}


def rival_cities(rows: list[dict]) -> list[tuple[str, object]] | None:
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


def my_city(rows: list[dict]) -> list[tuple[str, object]] | None:
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


FIGURES = {
    "lost-cities": lost_cities,
    "citadels": citadels,
    "rival-cities": rival_cities,
    "my-city": my_city,
}
