"""Scoring (rules text "Comptage des points" and its worked example)."""

from __future__ import annotations

from games.lost_cities.engine.cards import (
    BONUS_CARDS,
    BONUS_POINTS,
    EXPEDITION_COST,
    parse,
)


def expedition_score(cards: list[str]) -> dict:
    """One expedition's breakdown: an unstarted one scores 0; otherwise
    (sum - 20) x (1 + wagers), then +20 (not multiplied) for 8 cards or more."""
    if not cards:
        return {
            "cards": 0,
            "sum": 0,
            "cost": 0,
            "wagers": 0,
            "multiplier": 1,
            "bonus": 0,
            "score": 0,
        }
    values = [v for v in (parse(c)[1] for c in cards) if v is not None]
    wagers = len(cards) - len(values)
    total = sum(values)
    multiplier = 1 + wagers
    bonus = BONUS_POINTS if len(cards) >= BONUS_CARDS else 0
    return {
        "cards": len(cards),
        "sum": total,
        "cost": -EXPEDITION_COST,
        "wagers": wagers,
        "multiplier": multiplier,
        "bonus": bonus,
        "score": (total - EXPEDITION_COST) * multiplier + bonus,
    }


def round_score(expeditions: dict[str, list[str]], colours: list[str]) -> dict:
    """A player's round: each expedition's breakdown and the total (may be negative)."""
    rows = {colour: expedition_score(expeditions[colour]) for colour in colours}
    return {"expeditions": rows, "total": sum(r["score"] for r in rows.values())}
