"""What the Example Game rules page shows besides its prose (the spec's
`rules_context(user)`): its numbers, read from the engine."""

from __future__ import annotations

from tests.example_game.engine.rules import PILES, POINTS, TAKE


def rules_context(user) -> dict:
    return {
        "cards": len(POINTS),
        "low": min(POINTS.values()),
        "high": max(POINTS.values()),
        "most": max(TAKE),
        "piles": PILES,
    }
