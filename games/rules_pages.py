"""What each game's rules page shows besides its prose: the numbers, the lists
and the figures, all read from the engines so that the page and the rules
cannot drift (templates/games/rules/<slug>.html writes the prose around them).

For My City, the chapters of a campaign are shown only as far as the viewer's
campaigns have reached (`campaigns.selectors.chapters_reached`): nothing of a
later chapter, or of a later episode of a chapter reached, is on the page.
"""

from __future__ import annotations

import math

from django.utils.translation import gettext as _

from games.engines.citadels import characters as ct_chars
from games.engines.citadels import districts as ct_districts
from games.engines.citadels import texts as ct_texts
from games.engines.citadels.common import character_name
from games.engines.citadels.draft import STARTING_GOLD, STARTING_HAND
from games.engines.citadels.scoring import (
    ALL_TYPES_BONUS,
    COMPLETE_BONUS,
    FIRST_COMPLETE_BONUS,
)
from games.engines.citadels.turns import CARDS_DRAWN, GOLD_TAKEN
from games.engines.lost_cities import texts as lc_texts
from games.engines.lost_cities.cards import (
    COLOURS_5,
    COLOURS_6,
    HAND_SIZE,
    SYMBOLS,
    card_id,
    make_deck,
)
from games.engines.lost_cities.scoring import expedition_score
from games.engines.my_city import texts as mc_texts
from games.engines.my_city.board import COLS, ROWS
from games.engines.my_city.buildings import BUILDINGS, SHAPE_ORDER, SHAPES
from games.engines.my_city.chapters import (
    EPISODES,
    EPISODES_PER_CHAPTER,
    SCORE_CRITERIA,
)
from games.engines.my_city.scoring import CIRCLE_SCORE
from games.engines.rival_cities import texts as rc_texts
from games.engines.rival_cities.board import COURT_RESOLVE_AT
from games.engines.rival_cities.pieces import (
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
from games.engines.rival_cities.victories import LAWSUITS_TO_WIN, SHIP_LEAD_TO_WIN

from .boards.my_city import SHAPE_NAMES
from .boards.rival_cities_moves import alliance_name

# The worked example of the Lost Cities page: a wager, then four numbers.
LC_EXAMPLE = [card_id("red", None, 1), *(card_id("red", v) for v in (3, 5, 8, 9))]


def lost_cities() -> dict:
    score = expedition_score(LC_EXAMPLE)
    example = []
    for index, card in enumerate(LC_EXAMPLE):
        value = card.rsplit("-", 1)[1]
        example.append(
            {"x": 8 + index * 46, "wager": value.startswith("w"), "value": value}
        )
    return {
        "n": {
            **lc_texts.numbers(),
            "hand": HAND_SIZE,
            "colours": len(COLOURS_5),
            "colours6": len(COLOURS_6),
            "cards": len(make_deck(COLOURS_5)),
        },
        "multipliers": lc_texts.multipliers(),
        "example": example,
        "example_score": score,
        "example_text": lc_texts.score_text(score),
        "example_width": 16 + len(LC_EXAMPLE) * 46,
        "symbol": SYMBOLS["red"],
        "wager_text": lc_texts.card_text(LC_EXAMPLE[0]),
        "number_text": lc_texts.card_text(LC_EXAMPLE[1]),
    }


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
                "text": ct_texts.character_text(key, edition),
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
            "text": ct_texts.district_text(key, edition),
        }
        for key in keys
    ]
    return sorted(out, key=lambda d: d["name"])


def citadels() -> dict:
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


def rival_cities() -> dict:
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
        "costs": rc_texts.move_costs(7),
        "ring": _ring_figure(),
        "actions": [
            rc_texts.action_effect(action)
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
            {"number": int(k.split("-")[1]), "text": rc_texts.ship_effect(k)}
            for k in SHIPS
        ],
        "alliances": [
            {"name": alliance_name(v["name"]), "text": rc_texts.alliance_effect(k)}
            for k, v in ALLIANCES.items()
        ],
        "lawsuits": [
            {"number": int(k.split("-")[1]), "text": rc_texts.lawsuit_effect(k)}
            for k in LAWSUITS
        ],
    }


def _shapes() -> list[dict]:
    out = []
    for shape in SHAPE_ORDER:
        cells = SHAPES[shape]
        size = len(cells)
        out.append(
            {
                "name": SHAPE_NAMES.get(shape, shape),
                "size": size,
                "cells": [{"x": c * 14, "y": r * 14} for r, c in cells],
                "w": (max(c for _r, c in cells) + 1) * 14,
                "h": (max(r for r, _c in cells) + 1) * 14,
            }
        )
    return out


def my_city(user) -> dict:
    from campaigns.selectors import chapters_reached

    return {
        "n": {
            **mc_texts.numbers(),
            "rows": ROWS,
            "cols": COLS,
            "episodes": EPISODES,
            "per_chapter": EPISODES_PER_CHAPTER,
            "chapters": EPISODES // EPISODES_PER_CHAPTER,
            "buildings": sum(1 for b in BUILDINGS if not b.startswith("C")),
            "circle_score": CIRCLE_SCORE,
        },
        "shapes": _shapes(),
        "spaces": [
            {"name": mc_texts.space_name(code), "text": mc_texts.space_text(code)}
            for code in (".", "t", "T", "r", "R", "M", "F", "river")
        ],
        "criteria": [(key, _(text)) for key, text in SCORE_CRITERIA.items()],
        "reached": chapters_reached(user=user) if user.is_authenticated else [],
    }


def rules_context(*, slug: str, user) -> dict:
    """What the rules page of that game shows besides its prose."""
    if slug == "lost-cities":
        return lost_cities()
    if slug == "citadels":
        return citadels()
    if slug == "rival-cities":
        return rival_cities()
    if slug == "my-city":
        return my_city(user)
    return {}
