"""Log lines for the alternate characters' moves (see view.describe)."""

from __future__ import annotations

from ..base import _, player


def describe_alt(state: dict, seat: int, move: dict, viewer: int | None) -> str:
    who = player(seat)
    return _("{player} made a move").format(player=who)
