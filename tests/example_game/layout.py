"""The Example Game board, arranged for its template
(games/example-game/board.jinja): the pile with a button per legal move, each
player's stones, the viewer's card."""

from __future__ import annotations


def example_game_layout(view: dict, position: int | None, legal: list) -> dict:
    me = position if position is not None else 0
    return {
        "players": [
            {"seat": s, "taken": view["taken"][s], "me": s == position}
            for s in (me, 1 - me)
        ],
        "takes": list(legal or []),
        "card": view["card"],
    }
