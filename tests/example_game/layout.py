"""The Example Game board, arranged for its template
(games/example-game/board.jinja): each runner's track and the viewer's hand,
each card with the legal move it offers."""

from __future__ import annotations


def example_game_layout(view: dict, position: int | None, legal: list) -> dict:
    plays = {move["card"]: move for move in legal or []}
    me = position if position is not None else 0
    return {
        "runners": [
            {"seat": s, "position": view["positions"][s], "me": s == position}
            for s in (me, 1 - me)
        ],
        "hand": [{"card": c, "play": plays.get(c["id"])} for c in view["hand"] or []],
    }
