"""A game's board laid out for its template: the table around the board that
the platform gives a game's `layout` (games/registry.py, `GameSpec.layout`),
and the one call of it per board drawn (the game page, its htmx answers and
the replay's boards)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class BoardTable:
    """What a board shows beside the engine's view, from the platform: each
    seat's player name (by position), the log lines the viewer reads (newest
    first: `seq`, `seat`, `text`) and the page's query, where a board keeps a
    choice of its own that needs no move (which image of a piece is shown,
    `?o=N`)."""

    names: Mapping[int, str] = field(default_factory=dict)
    log: tuple[dict, ...] = ()
    query: Mapping[str, str] = field(default_factory=dict)


NO_TABLE = BoardTable()


def board_layout(spec, context: Mapping, query: Mapping | None = None) -> dict:
    """The board laid out by the game's `layout` (`spec` its GameSpec), from the
    board's context: its `view`, `position`, `legal`, `seats` and `log`; {}
    before the game has a view (an open table) or for a game without one."""
    view = context.get("view")
    if view is None or spec is None or spec.layout is None:
        return {}
    table = BoardTable(
        names={s.position: s.name for s in context.get("seats") or ()},
        log=tuple(context.get("log") or ()),
        query=query if query is not None else {},
    )
    return spec.layout(
        view, context.get("position"), context.get("legal") or [], table=table
    )
