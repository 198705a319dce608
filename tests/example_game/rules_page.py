"""What the Example Game rules page shows besides its prose (the spec's
`rules_context(user)`): its numbers, read from the engine."""

from __future__ import annotations

from tests.example_game.engine.rules import GOALS, HAND, VALUES


def rules_context(user) -> dict:
    return {
        "cards": len(VALUES),
        "hand": HAND,
        "low": min(VALUES.values()),
        "high": max(VALUES.values()),
        "goals": GOALS,
    }
