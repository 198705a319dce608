"""What the Rival Cities rules page shows besides its prose (the spec's
`rules_context(user)`): the numbers, the lists and the figures, read from the
engine so that the page and the rules cannot drift
(templates/games/rules/rival-cities.html writes the prose around them).
"""

from __future__ import annotations

import math

from games.rival_cities.engine import texts as engine_texts
from games.rival_cities.engine.board import COURT_RESOLVE_AT
from games.rival_cities.engine.pieces import (
    ALLIANCES,
    ALLIANCES_IN_GAME,
    LAWSUIT_MAX,
    LAWSUITS,
    LAWSUITS_IN_GAME,
    PRESTIGE_WIN,
    RING_SIZE,
    SHIPS,
    SHIPS_IN_GAME,
    SPECIAL_SPACES,
)
from games.rival_cities.engine.victories import LAWSUITS_TO_WIN, SHIP_LEAD_TO_WIN
from games.rival_cities.move_labels import alliance_name


def _ring_figure() -> list[dict]:
    """The ring of Rival Cities as a circle of spaces (the figure)."""
    spaces = []
    for index in range(RING_SIZE):
        angle = 2 * math.pi * (index + 1) / (RING_SIZE + 1) - math.pi / 2
        spaces.append(
            {
                "x": round(100 + 78 * math.cos(angle), 1),
                "y": round(100 + 78 * math.sin(angle), 1),
                "special": index in SPECIAL_SPACES,
                "number": index + 1,
            }
        )
    return spaces


def rules_context(user) -> dict:
    return {
        "n": {
            "prestige": PRESTIGE_WIN,
            "lawsuits": LAWSUITS_TO_WIN,
            "ship_lead": SHIP_LEAD_TO_WIN,
            "alliances": ALLIANCES_IN_GAME,
            "court": COURT_RESOLVE_AT,
            "lawsuit_max": LAWSUIT_MAX,
            "ring": RING_SIZE,
            "special": len(SPECIAL_SPACES),
            "ships": SHIPS_IN_GAME,
            "lawsuits_in_game": LAWSUITS_IN_GAME,
        },
        "costs": engine_texts.move_costs(7),
        "ring": _ring_figure(),
        "actions": [
            engine_texts.action_effect(action)
            for action in (
                {"do": "production", "res": "beer", "n": 2},
                {"do": "gift", "res": {"cloth": 1}},
                {"do": "donation", "cost": {"beer": 2}, "stars": 1, "times": 2},
                {"do": "exchange", "times": 2},
                {"do": "letter", "n": 1},
                {"do": "draw"},
                {"do": "factory", "free": False},
                {"do": "prestige"},
                {"do": "alliance"},
                {"do": "ship"},
                {"do": "lawsuit"},
                {"do": "court"},
                {"do": "reactivate"},
                {"do": "piracy"},
            )
        ],
        "ships": [
            {"number": int(k.split("-")[1]), "text": engine_texts.ship_effect(k)}
            for k in SHIPS
        ],
        "alliances": [
            {"name": alliance_name(v["name"]), "text": engine_texts.alliance_effect(k)}
            for k, v in ALLIANCES.items()
        ],
        "lawsuits": [
            {"number": int(k.split("-")[1]), "text": engine_texts.lawsuit_effect(k)}
            for k in LAWSUITS
        ],
    }
