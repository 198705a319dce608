"""The computer players' names: a few per game and level, each game's in its
`ComputerPlayers.names` (`games/<game>/bots/__init__.py`), in English and
translated in the catalogue (`gettext_noop`: the site translates them when it
shows them, in the reader's language).

`bot_name(slug, level, position)` never gives two seats of one table the same
name: the lists of one game are disjoint between levels, and within a level the
seat's position picks the name (a second round through the list adds a number).
"""

from __future__ import annotations

from games import engines
from games.bots.levels import players_for
from games.engines.base import gettext_noop

FALLBACK = {
    "easy": (gettext_noop("Easy Computer"),),
    "normal": (gettext_noop("Computer"),),
    "hard": (gettext_noop("Strong Computer"),),
}


def bot_name(slug: str, level: str, position: int, translate=str) -> str:
    """The name of the computer player of `level` at seat `position`, translated
    by `translate` (the site passes `gettext`)."""
    names = names_of(slug).get(level) or FALLBACK["normal"]
    name = translate(names[position % len(names)])
    lap = position // len(names)
    return f"{name} {lap + 1}" if lap else name


def names_of(slug: str) -> dict[str, tuple[str, ...]]:
    """Each level's names of that game's computer players (FALLBACK's for a
    game without names of its own, or none registered)."""
    try:
        players = players_for(engines.get(slug))
    except KeyError:
        players = None
    return players.names if players and players.names else FALLBACK
