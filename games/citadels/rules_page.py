"""What the Citadels rules page shows besides its prose (the spec's
`rules_context(user)`): the numbers, the lists and the figures, read from the
engine so that the page and the rules cannot drift
(templates/games/rules/citadels.html writes the prose around them).
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.citadels.engine import characters as ct_chars
from games.citadels.engine import districts as ct_districts
from games.citadels.engine import texts as engine_texts
from games.citadels.engine.common import character_name
from games.citadels.engine.draft import STARTING_GOLD, STARTING_HAND
from games.citadels.engine.scoring import (
    ALL_TYPES_BONUS,
    COMPLETE_BONUS,
    FIRST_COMPLETE_BONUS,
)
from games.citadels.engine.turns import CARDS_DRAWN, GOLD_TAKEN


def _characters(edition: str) -> list[dict]:
    index = 1 if edition == "classic" else 2
    out = []
    for key, entry in ct_chars.CHARACTERS.items():
        rank = entry[index]
        if rank is None or key not in ct_chars.IMPLEMENTED[edition]:
            continue
        out.append(
            {
                "key": key,
                "rank": rank,
                "name": character_name(key, edition),
                "text": engine_texts.character_text(key, edition),
                "base": key in ct_chars.BASE,
            }
        )
    out.sort(key=lambda c: (c["rank"], not c["base"], c["name"]))
    return out


def _districts(edition: str) -> list[dict]:
    if edition == "classic":
        keys = set(ct_districts.CLASSIC_UNIQUES) | set(ct_districts.CLASSIC_DARK_CITY)
    else:
        keys = set(ct_districts.UNIQUES_2016)
    out = [
        {
            "key": key,
            "name": _(ct_districts.name(key, edition)),
            "cost": ct_districts.cost(key, edition),
            "text": engine_texts.district_text(key, edition),
        }
        for key in keys
    ]
    return sorted(out, key=lambda d: d["name"])


def rules_context(user) -> dict:
    base = [c for c in _characters("classic") if c["base"]]
    for index, c in enumerate(base):
        c["x"] = 30 + index * 40  # the figure's circle of that rank
    return {
        "n": {
            "gold": STARTING_GOLD,
            "hand": STARTING_HAND,
            "take": GOLD_TAKEN,
            "draw": CARDS_DRAWN,
            "all_types": ALL_TYPES_BONUS,
            "first": FIRST_COMPLETE_BONUS,
            "complete": COMPLETE_BONUS,
        },
        "base": base,
        "editions": [
            {
                "key": "classic",
                "characters": _characters("classic"),
                "districts": _districts("classic"),
            },
            {
                "key": "2016",
                "characters": _characters("2016"),
                "districts": _districts("2016"),
            },
        ],
    }
