"""What the Rival Cities heuristics read of a view: the engine's view without
its log lines and its list of legal moves (the search has them already), and
without the pieces' texts (`public_view(..., texts=False)`).

The search asks for a view at every decision of its playouts, and the full one,
even untranslated, spent two thirds of a playout writing card texts no
heuristic reads. Without texts, the engine draws each card, ship, alliance and
lawsuit once per process and shares it between views (read-only).
"""

from __future__ import annotations

from games.rival_cities.engine.view import public_view


def lean_view(state: dict, seat: int) -> dict:
    return public_view(state, seat, texts=False)
