"""Rival Cities template tags: the board's layout (games/boards/rival_cities.py)
and filters naming resources and players."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext as _

from games.boards.rival_cities import rc_layout
from games.boards.rival_cities_moves import res_name

register = template.Library()

register.simple_tag(rc_layout, takes_context=True)


@register.filter
def rc_res(res: str) -> str:
    return res_name(res)


@register.filter
def rc_bundle(bundle: dict) -> str:
    """A cost or income such as {"beer": 1, "any": 2} in words."""
    parts = []
    for res, n in (bundle or {}).items():
        if n:
            name = _("of your choice") if res == "any" else res_name(res)
            parts.append(f"{n} {name}")
    return ", ".join(parts) or _("free")


@register.filter
def rc_names(line: str, seats) -> str:
    """A log line with {p0}/{p1} replaced by the players' names."""
    from games.selectors import name_players

    return name_players(str(line), list(seats or []))
