"""What the Lost Cities rules page shows besides its prose (the spec's
`rules_context(user)`): the numbers, the lists and the figures, read from the
engine so that the page and the rules cannot drift
(templates/games/rules/lost-cities.html writes the prose around them).
"""

from __future__ import annotations

from games.lost_cities.engine import texts as engine_texts
from games.lost_cities.engine.cards import (
    COLOURS_5,
    COLOURS_6,
    HAND_SIZE,
    SYMBOLS,
    card_id,
    make_deck,
)
from games.lost_cities.engine.scoring import expedition_score

# The worked example of the Lost Cities page: a wager, then four numbers.
EXAMPLE = [card_id("red", None, 1), *(card_id("red", v) for v in (3, 5, 8, 9))]


def rules_context(user) -> dict:
    score = expedition_score(EXAMPLE)
    example = []
    for index, card in enumerate(EXAMPLE):
        value = card.rsplit("-", 1)[1]
        example.append(
            {"x": 8 + index * 46, "wager": value.startswith("w"), "value": value}
        )
    return {
        "n": {
            **engine_texts.numbers(),
            "hand": HAND_SIZE,
            "colours": len(COLOURS_5),
            "colours6": len(COLOURS_6),
            "cards": len(make_deck(COLOURS_5)),
        },
        "multipliers": engine_texts.multipliers(),
        "example": example,
        "example_score": score,
        "example_text": engine_texts.score_text(score),
        "example_width": 16 + len(EXAMPLE) * 46,
        "symbol": SYMBOLS["red"],
        "wager_text": engine_texts.card_text(EXAMPLE[0]),
        "number_text": engine_texts.card_text(EXAMPLE[1]),
    }
