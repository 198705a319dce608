"""Rival Cities template tags: the board's layout (games/boards/rival_cities.py)
and filters naming resources and players."""

from __future__ import annotations

from django import template

from games.boards.rival_cities import rc_layout
from games.boards.rival_cities_moves import res_name

register = template.Library()

register.simple_tag(rc_layout, takes_context=True)


@register.filter
def rc_res(res: str) -> str:
    return res_name(res)


@register.filter
def rc_bundle(bundle: dict) -> str:
    """A cost or income such as {"beer": 1, "any": 2} in words (the engine's own
    words, with their plurals)."""
    from games.engines.rival_cities.view import bundle_text

    return bundle_text(bundle or {})


@register.filter
def rc_names(line: str, seats) -> str:
    """A log line with {p0}/{p1} replaced by the players' names."""
    from games.selectors import name_players

    return name_players(str(line), list(seats or []))
