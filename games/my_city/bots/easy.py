"""A small My City heuristic: build where the building covers the most points
(an empty meadow or a rock is a gain, a tree a loss), close to one's other buildings
and to the edges so that no lonely meadow is left behind, the top rows first (the
tie-break); pass only when every placement loses more than a pass; stop last."""

from __future__ import annotations

from games.my_city.engine.buildings import orientations_of
from games.my_city.engine.rules import revealed_building
from games.my_city.engine.view import grid_of

# What covering a space is worth (base scoring: -1 per empty meadow, -1 per rock,
# +1 per tree while they stay visible).
COVER_GAIN = {".": 1, "G": 1, "R": 2, "r": 1, "T": -2, "t": -1}
PASS = -1.0
STOP = -3.0


def _cells(view: dict, move: dict) -> list:
    image = view["revealed"]["orientations"][move["orientation"]]
    return [(move["row"] + dr, move["col"] + dc) for dr, dc in image]


def score_move(view: dict, seat: int, move: dict) -> float:
    if move["type"] == "pass":
        return PASS
    if move["type"] == "stop":
        return STOP
    me = view["players"][seat]
    terrain, grid = me["terrain"], me["cells"]
    cells = _cells(view, move)
    covered = set(cells)
    gain = sum(COVER_GAIN.get(terrain[r][c], 0) for r, c in cells)
    rows, cols = len(terrain), len(terrain[0])
    snug = 0  # sides against a building, an unbuildable space or the board's edge
    for r, c in cells:
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if (nr, nc) in covered:
                continue
            if not (0 <= nr < rows and 0 <= nc < cols):
                snug += 1
            elif grid[nr][nc] or terrain[nr][nc] in "MFWX":
                snug += 1
    top = sum(r for r, _c in cells) / len(cells)
    return gain + 0.08 * snug - 0.01 * top


def lean_view(state: dict, seat: int) -> dict:
    """What the heuristics read of `engine.view(state, seat)`, the same values
    without the rest (texts, every seat's score, a deep copy): the hard search
    asks for a view at every decision of its playouts, and the full one cost
    three quarters of them. Only public parts of the state are read (the
    revealed card, the boards, the rules and races in force); the heuristics do
    not change a view, so its lists are the state's own. Other seats' grids are
    left out (no heuristic reads them)."""
    building = revealed_building(state)
    revealed = None
    if building is not None:
        revealed = {"building": building, "orientations": orientations_of(building)}
    players = [
        {
            "seat": s,
            "terrain": p["terrain"],
            "cells": grid_of(p["placed"]) if s == seat else None,
            "placed": p["placed"],
            "passes": p["passes"],
            "catch_up": p["catch_up"],
            "stickers": p.get("stickers", []),
            "races": p.get("races", {}),
        }
        for s, p in enumerate(state["players"])
    ]
    chapter = None if state["chapter"] is None else {"rules": state["rules"]}
    return {
        "mode": state["mode"],
        "chapter": chapter,
        "races": state.get("races", []),
        "revealed": revealed,
        "players": players,
    }
