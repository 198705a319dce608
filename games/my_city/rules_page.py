"""What the My City rules page shows besides its prose (the spec's
`rules_context(user)`): the numbers, the lists and the figures, read from the
engine so that the page and the rules cannot drift
(templates/games/rules/my-city.html writes the prose around them).

The chapters of a campaign are shown only as far as the reader's campaigns
have reached (`reached`, which the campaigns add through the rules page's
event, games.events.rules_page, from `games.my_city.campaign`): nothing of a
later chapter, or of a later episode of a chapter reached, is on the page.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.my_city.engine import texts as engine_texts
from games.my_city.engine.board import COLS, ROWS
from games.my_city.engine.buildings import BUILDINGS, SHAPE_ORDER, SHAPES
from games.my_city.engine.chapters import (
    EPISODES,
    EPISODES_PER_CHAPTER,
    SCORE_CRITERIA,
)
from games.my_city.engine.scoring import CIRCLE_SCORE
from games.my_city.layout import SHAPE_NAMES


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


def rules_context(user) -> dict:
    return {
        "n": {
            **engine_texts.numbers(),
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
            {
                "name": engine_texts.space_name(code),
                "text": engine_texts.space_text(code),
            }
            for code in (".", "t", "T", "r", "R", "M", "F", "river")
        ],
        "criteria": [(key, _(text)) for key, text in SCORE_CRITERIA.items()],
    }
