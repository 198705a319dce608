"""The computer players' names: a few per game and level, each game's in its
`ComputerPlayers.names` (`games/<game>/bots/__init__.py`), in English and
translated in the catalogue (`gettext_noop`: the site translates them when it
shows them, in the reader's language).

`bot_name(slug, level, rank)` never gives two seats of one table the same name:
the lists of one game are disjoint between levels, and within a level the seat's
rank among that level's computer players at the table (`level_rank`) picks the
name, so that they are distinct without numbers as long as the list lasts (a
second round through it adds a number).
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


def bot_name(slug: str, level: str, rank: int, translate=str) -> str:
    """The name of the `rank`-th (from 0) computer player of `level` at a table,
    translated by `translate` (the site passes `gettext`)."""
    names = names_of(slug).get(level) or FALLBACK["normal"]
    name = translate(names[rank % len(names)])
    lap = rank // len(names)
    return f"{name} {lap + 1}" if lap else name


def level_rank(seat, seats) -> int:
    """How many computer players of `seat`'s level sit before it among `seats`
    (anything with `position` and `bot_level`)."""
    return sum(
        1
        for other in seats
        if other.bot_level == seat.bot_level and other.position < seat.position
    )


def names_of(slug: str) -> dict[str, tuple[str, ...]]:
    """Each level's names of that game's computer players (FALLBACK's for a
    game without names of its own, or none registered)."""
    try:
        players = players_for(engines.get(slug))
    except KeyError:
        players = None
    return players.names if players and players.names else FALLBACK
