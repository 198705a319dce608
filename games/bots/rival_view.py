"""Rival Cities as the hard search reads it: the engine's view without its texts,
its log lines and its list of legal moves (the search has them already).

The search asks for a view at every decision of its playouts, and the full one,
even untranslated, spent two thirds of a playout writing card texts no
heuristic reads. The engine draws both (`public_view`).
"""

from __future__ import annotations

from ..engines.rival_cities.view import public_view


def lean_view(state: dict, seat: int) -> dict:
    return public_view(state, seat, texts=False)
