"""The normal My City player's scores, computed from the state on bitmasks.

`normal.score_move` counts a placement's points with the engine's
scoring on the board before and after it, for every legal move: most of a
normal decision's time, and far too slow for playouts. `Board` holds what a
seat's scores need of its own board, built once per decision, and gives every
placement the same number (equal floats: the same sums in the same order)
wherever the rules in force count each building on its own (`exact`: rivers,
edges, the top row, a colour, trees, and races on those; the others, groups,
complete rows, wells, both banks and the Eternal scoring, are left out of its
scores). It reads the seat's own board, its stickers and the public rules and
races only. `tests/engines/test_my_city_hard.py` checks the equality on the
decisions of whole games.
"""

from __future__ import annotations

from games.my_city.bots.easy import COVER_GAIN, PASS, STOP
from games.my_city.engine.board import (
    COLS,
    EDGE_SPACES,
    RIVER_SPACES,
    ROWS,
)
from games.my_city.engine.buildings import BUILDINGS, orientations_of
from games.my_city.engine.placement import (
    STRIDE,
    anchors,
    buildable_mask,
    image_tables,
)
from games.my_city.engine.rules import race_key, race_reached

_STRIDE = STRIDE  # the engine's bitmask layout (placement.py)


def _bit(r: int, c: int) -> int:
    return 1 << (r * _STRIDE + c)


def _mask(cells) -> int:
    return sum(_bit(r, c) for r, c in cells)


_TOP = _mask((0, c) for c in range(COLS))
# The spaces just off the board, in the layout shifted down a row (a space's
# mask << _STRIDE): above the top row, below the bottom one, left of the first
# column (column 15 of the row above) and right of the last (column 13).
_OFF_BOARD = (
    sum(1 << c for c in range(COLS))
    | sum(1 << ((ROWS + 1) * _STRIDE + c) for c in range(COLS))
    | sum(1 << (r * _STRIDE + 15) for r in range(ROWS))
    | sum(1 << ((r + 1) * _STRIDE + COLS) for r in range(ROWS))
)
_RIVER = _mask(RIVER_SPACES)
_EDGE = _mask(EDGE_SPACES)
# Per building criterion: does a building of this mask and colour count once?
_ADDITIVE = {"building_on_river", "touch_edge", "top_row_buildings", "colour_buildings"}
_TREE_CODES = {"T": 2, "t": 1}

_TERRAIN_CACHE: dict[tuple, tuple] = {}


def _terrain_masks(terrain: list) -> tuple:
    """Per cover gain, the spaces of that gain; the spaces the easy player counts
    as closed (mountain, forest, well, ruins); the trees, by count."""
    key = tuple(terrain)
    out = _TERRAIN_CACHE.get(key)
    if out is None:
        gains: dict[int, int] = {}
        closed = trees1 = trees2 = 0
        for r in range(ROWS):
            for c in range(COLS):
                code = terrain[r][c]
                gain = COVER_GAIN.get(code, 0)
                if gain:
                    gains[gain] = gains.get(gain, 0) | _bit(r, c)
                if code in "MFWX":
                    closed |= _bit(r, c)
                trees1 |= _bit(r, c) if _TREE_CODES.get(code) == 1 else 0
                trees2 |= _bit(r, c) if _TREE_CODES.get(code) == 2 else 0
        out = (tuple(gains.items()), closed, trees1, trees2)
        if len(_TERRAIN_CACHE) < 4096:
            _TERRAIN_CACHE[key] = out
    return out


def _criterion_mask(rule: dict) -> int | None:
    return {
        "building_on_river": _RIVER,
        "touch_edge": _EDGE,
        "top_row_buildings": _TOP,
    }.get(rule["criterion"])


_IMAGES: dict[str, tuple] = {}


def _images(building: str) -> tuple:
    """Per image of the building: its index, the engine's bit offsets, anchors
    and mask (placement.py), the sum of its rows and its size."""
    out = _IMAGES.get(building)
    if out is None:
        images = orientations_of(building)
        out = _IMAGES[building] = tuple(
            (
                index,
                offsets,
                fits,
                mask,
                sum(dr for dr, _dc in images[index]),
                len(offsets),
            )
            for index, (offsets, fits, mask) in enumerate(image_tables(building))
        )
    return out


class Board:
    """One seat's board and the rules that count its buildings, for scoring
    placements fast; `place` adds a building (the playouts)."""

    __slots__ = (
        "exact",
        "free",
        "gains",
        "closed",
        "trees1",
        "trees2",
        "taken",
        "terrain",
        "rules",
        "races",
        "mode",
        "placed",
        "player",
        "buildable",
        "blocked",
    )

    def __init__(self, state: dict, seat: int):
        player = state["players"][seat]
        self.player = player
        self.mode = state["mode"]
        self.terrain = player["terrain"]
        self.gains, self.closed, self.trees1, self.trees2 = _terrain_masks(self.terrain)
        self.buildable = buildable_mask(self.terrain)
        self.placed = list(player["placed"])
        self.taken = 0
        for entry in self.placed:
            self.taken |= _mask(entry["cells"])
        # What the easy player counts as closed around a building, a row down.
        self.blocked = ((self.taken | self.closed) << _STRIDE) | _OFF_BOARD
        self.exact = self.mode != "eternal"
        rules = []  # (points, mask or None, colour or None, trees?) per building
        for rule in [
            *(r for r in state["rules"] if r["kind"] == "score"),
            *player.get("stickers", []),
        ]:
            counted = self._counted(rule)
            if counted is None:
                self.exact = False
            else:
                rules.append(counted)
        self.rules = rules
        won = {award["race"] for award in state.get("races", [])}
        races = []  # [key, rule, counted or None, count so far]
        for index, rule in enumerate(state["rules"]):
            if rule["kind"] != "race" or race_key(index, rule) in won:
                continue
            if race_reached(rule, player):
                continue  # reached before: the engine awarded or refused it
            counted = self._counted(rule)
            if counted is None or counted[3]:
                self.exact, counted = False, None  # trees only fall: not counted
            count = 0 if counted is None else self._count_now(counted)
            races.append([race_key(index, rule), rule, counted, count])
        self.races = races

    def _counted(self, rule: dict):
        criterion = rule["criterion"]
        if criterion == "visible_trees":
            return (rule["points"], None, None, True)
        if criterion not in _ADDITIVE:
            return None
        colour = rule.get("colour") if criterion == "colour_buildings" else None
        return (rule["points"], _criterion_mask(rule), colour, False)

    def _count_now(self, counted) -> int:
        _points, mask, colour, _trees = counted
        return sum(
            1
            for e in self.placed
            if (colour is None or BUILDINGS[e["building"]]["colour"] == colour)
            and (mask is None or _mask(e["cells"]) & mask)
        )

    def score(self, building: str, cells_mask: int, size: int, row_sum: int) -> float:
        """`normal.score_move`'s number for placing `building` on the
        spaces of `cells_mask` (exact where `self.exact`)."""
        cover = 0
        for gain, spaces in self.gains:
            cover += gain * (cells_mask & spaces).bit_count()
        gain = cover
        colour = BUILDINGS[building]["colour"]
        for points, mask, rule_colour, trees in self.rules:
            if trees:
                gain -= points * (
                    (cells_mask & self.trees1).bit_count()
                    + 2 * (cells_mask & self.trees2).bit_count()
                )
            elif (rule_colour is None or rule_colour == colour) and (
                mask is None or cells_mask & mask
            ):
                gain += points
        for race in self.races:
            counted = race[2]
            if counted is None or race[3] + 1 < race[1]["count"]:
                continue
            _points, mask, rule_colour, _trees = counted
            if (rule_colour is None or rule_colour == colour) and (
                mask is None or cells_mask & mask
            ):
                gain += race[1]["points"]
        # The easy player's score: the same gain, its snugness and its rows.
        shifted = cells_mask << _STRIDE
        blocked = self.blocked & ~shifted
        snug = (
            ((shifted >> _STRIDE) & blocked).bit_count()
            + ((shifted << _STRIDE) & blocked).bit_count()
            + ((shifted >> 1) & blocked).bit_count()
            + ((shifted << 1) & blocked).bit_count()
        )
        easy = cover + 0.08 * snug - 0.01 * (row_sum / size)
        return gain + 0.1 * easy

    def placements(self, building: str) -> list:
        """(orientation, row, col, cells mask, row sum, size) of every legal placement,
        in the engine's order (`placement.anchors`, the engine's rule)."""
        images = _images(building)
        out = []
        for index, row, col in anchors(self.buildable, self.taken, building):
            _index, _offsets, _fits, image_mask, rows_of_image, size = images[index]
            out.append(
                (
                    index,
                    row,
                    col,
                    image_mask << (row * _STRIDE + col),
                    rows_of_image + size * row,
                    size,
                )
            )
        return out

    def best(self, building: str, may_pass: bool):
        """The normal player's choice (its first best on a tie): a placement
        (orientation, row, col, ...) as `placements` gives it, or "pass", or
        "stop". The scores of `score`, computed in one loop."""
        colour = BUILDINGS[building]["colour"]
        flat = trees = 0
        hits = []
        for points, mask, rule_colour, tree_rule in self.rules:
            if tree_rule:
                trees += points
            elif rule_colour is None or rule_colour == colour:
                if mask is None:
                    flat += points
                else:
                    hits.append((points, mask))
        for _key, rule, counted, count in self.races:
            if counted is None or count + 1 < rule["count"]:
                continue
            if counted[2] is None or counted[2] == colour:
                if counted[1] is None:
                    flat += rule["points"]
                else:
                    hits.append((rule["points"], counted[1]))
        gains, blocked, trees1, trees2 = (
            self.gains,
            self.blocked,
            self.trees1,
            self.trees2,
        )
        best, best_score = None, None
        for option in self.placements(building):
            cells_mask = option[3]
            cover = 0
            for gain, spaces in gains:
                cover += gain * (cells_mask & spaces).bit_count()
            gain = cover + flat
            for points, mask in hits:
                if cells_mask & mask:
                    gain += points
            if trees:
                gain -= trees * (
                    (cells_mask & trees1).bit_count()
                    + 2 * (cells_mask & trees2).bit_count()
                )
            shifted = cells_mask << _STRIDE
            closed = blocked & ~shifted
            snug = (
                ((cells_mask) & closed).bit_count()
                + ((shifted << _STRIDE) & closed).bit_count()
                + ((shifted >> 1) & closed).bit_count()
                + ((shifted << 1) & closed).bit_count()
            )
            value = gain + 0.1 * (cover + 0.08 * snug - 0.01 * (option[4] / option[5]))
            if best_score is None or value > best_score:
                best, best_score = option, value
        if may_pass and (best is None or PASS > best_score):
            return "pass"
        if best is None or (not may_pass and STOP > best_score):
            return "stop"
        return best

    def place(self, building: str, orientation: int, row: int, col: int) -> None:
        cells = [
            [row + dr, col + dc] for dr, dc in orientations_of(building)[orientation]
        ]
        self.placed.append(
            {
                "building": building,
                "orientation": orientation,
                "row": row,
                "col": col,
                "cells": cells,
            }
        )
        mask = _mask(cells)
        self.taken |= mask
        self.blocked |= mask << _STRIDE
        colour = BUILDINGS[building]["colour"]
        for race in self.races:
            if race[2] is not None:
                _points, rule_mask, rule_colour, _trees = race[2]
                if (rule_colour is None or rule_colour == colour) and (
                    rule_mask is None or mask & rule_mask
                ):
                    race[3] += 1


def placement_mask(move: dict) -> tuple[int, int, int]:
    """A place move's spaces as a mask, its size and the sum of its rows."""
    image = orientations_of(move["building"])[move["orientation"]]
    cells = [(move["row"] + dr, move["col"] + dc) for dr, dc in image]
    return _mask(cells), len(cells), sum(r for r, _c in cells)


def scores(state: dict, seat: int, legal: list[dict]) -> list[float]:
    """`normal.score_move`'s number for every legal move (equal where
    `Board(state, seat).exact`)."""
    board = Board(state, seat)
    out = []
    for move in legal:
        if move["type"] == "pass":
            out.append(PASS)
        elif move["type"] == "stop":
            out.append(STOP)
        else:
            out.append(board.score(move["building"], *placement_mask(move)))
    return out
