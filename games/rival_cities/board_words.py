"""Filters of the Rival Cities board template (games/rival_cities/layout.py
draws the rest): costs and players named."""

from __future__ import annotations


def bundle_words(bundle: dict) -> str:
    """A cost or income such as {"beer": 1, "any": 2} in words (the engine's own
    words, with their plurals)."""
    from games.rival_cities.engine.view import bundle_text

    return bundle_text(bundle or {})


def seat_names_in(line: str, seats) -> str:
    """A log line with {p0}/{p1} replaced by the players' names."""
    from games.selectors import name_players

    return name_players(str(line), list(seats or []))
