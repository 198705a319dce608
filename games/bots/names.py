"""The computer players' names: a few per game and level, in English here and
translated in the catalogue (`gettext_noop`: the site translates them when it
shows them, in the reader's language).

`bot_name(slug, level, position)` never gives two seats of one table the same
name: the lists of one game are disjoint between levels, and within a level the
seat's position picks the name (a second round through the list adds a number).
"""

from __future__ import annotations

from ..engines.base import gettext_noop

NAMES: dict[str, dict[str, tuple[str, ...]]] = {
    "lost-cities": {
        "easy": (
            gettext_noop("Novice Explorer"),
            gettext_noop("Eager Cartographer"),
            gettext_noop("Lost Tourist"),
        ),
        "normal": (
            gettext_noop("Seasoned Explorer"),
            gettext_noop("Desert Guide"),
            gettext_noop("Field Archaeologist"),
        ),
        "hard": (
            gettext_noop("Legendary Explorer"),
            gettext_noop("Expedition Leader"),
            gettext_noop("Professor of Ruins"),
        ),
    },
    "citadels": {
        "easy": (
            gettext_noop("Apprentice Mason"),
            gettext_noop("Village Herald"),
            gettext_noop("Young Squire"),
        ),
        "normal": (
            gettext_noop("Guild Master"),
            gettext_noop("Court Steward"),
            gettext_noop("Royal Builder"),
        ),
        "hard": (
            gettext_noop("Grand Architect"),
            gettext_noop("Spymaster"),
            gettext_noop("Old Chancellor"),
        ),
    },
    "rival-cities": {
        "easy": (
            gettext_noop("Dock Clerk"),
            gettext_noop("Young Brewer"),
            gettext_noop("First Mate"),
        ),
        "normal": (
            gettext_noop("Harbour Master"),
            gettext_noop("Cloth Merchant"),
            gettext_noop("City Councillor"),
        ),
        "hard": (
            gettext_noop("Hanseatic Magnate"),
            gettext_noop("Senate Lawyer"),
            gettext_noop("Mayor of the Port"),
        ),
    },
    "my-city": {
        "easy": (
            gettext_noop("Weekend Gardener"),
            gettext_noop("First Settler"),
            gettext_noop("Village Carpenter"),
        ),
        "normal": (
            gettext_noop("Town Planner"),
            gettext_noop("Master Builder"),
            gettext_noop("Land Surveyor"),
        ),
        "hard": (
            gettext_noop("City Founder"),
            gettext_noop("Chief Engineer"),
            gettext_noop("Mayor of the Valley"),
        ),
    },
}
FALLBACK = {
    "easy": (gettext_noop("Easy Computer"),),
    "normal": (gettext_noop("Computer"),),
    "hard": (gettext_noop("Strong Computer"),),
}


def bot_name(slug: str, level: str, position: int, translate=str) -> str:
    """The name of the computer player of `level` at seat `position`, translated
    by `translate` (the site passes `gettext`)."""
    names = NAMES.get(slug, FALLBACK).get(level) or FALLBACK["normal"]
    name = translate(names[position % len(names)])
    lap = position // len(names)
    return f"{name} {lap + 1}" if lap else name
