"""The Example Game board, arranged for its template
(games/example-game/board.jinja): the pile with a button per legal move, each
player's stones, the viewer's card."""

from __future__ import annotations

from games.boards import NO_TABLE, BoardTable


def layout(
    view: dict, position: int | None, legal: list, table: BoardTable = NO_TABLE
) -> dict:
    """The viewer first, the other player next; the stones the viewer may take."""
    me = position if position is not None else 0
    return {
        "players": [
            {"seat": s, "taken": view["taken"][s], "me": s == position}
            for s in (me, 1 - me)
        ],
        "takes": list(legal or []),
        "card": view["card"],
    }
