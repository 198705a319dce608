"""My City board: the engine's view turned into what the SVG templates draw.

Everything here comes from `view` (what the viewer may know) and `legal` (the
viewer's legal moves); the raw state never reaches a template. The chosen image of
the revealed building comes from the query string (`?o=N`), so rotating and
mirroring work without JavaScript.
"""

from __future__ import annotations

import json

from django.utils.translation import gettext_lazy as _

from games.boards import NO_TABLE, BoardTable
from games.my_city.engine import texts as effects
from games.my_city.standing import standing

CELL = 24  # SVG units per space

SHAPE_NAMES = {
    "kiosk": _("kiosk"),
    "corner": _("corner"),
    "row": _("row"),
    "hall": _("hall"),
    "block": _("block"),
    "court": _("court"),
    "tower": _("tower"),
    "manor": _("manor"),
    "chapel": _("church"),
}
DETAIL_NAMES = {
    "start": _("Start"),
    "catch_up": _("Catch-up help"),
    "passes": _("Passes"),
    "trees": _("Visible trees"),
    "rocks": _("Visible rocks"),
    "empty_meadows": _("Empty meadows"),
    "building_on_river": _("Buildings on the river"),
    "largest_colour_group": _("Largest colour groups"),
    "well_surrounded": _("Surrounded wells"),
    "both_banks": _("Both banks"),
    "complete_row": _("Complete rows"),
    "touch_edge": _("Buildings on the edge"),
    "visible_trees": _("Visible trees (chapter)"),
    "colour_buildings": _("Buildings of a colour"),
    "yellow_buildings": _("Yellow buildings"),
    "red_buildings": _("Red buildings"),
    "blue_buildings": _("Blue buildings"),
    "top_row_buildings": _("Buildings in the top row"),
    "yellow_group": _("Yellow group"),
    "red_group": _("Red group"),
    "blue_group": _("Blue group"),
    "churches": _("Churches"),
    "wells": _("Wells"),
    "gold": _("Gold veins"),
}


def _normalise(cells) -> tuple:
    min_r = min(r for r, _c in cells)
    min_c = min(c for _r, c in cells)
    return tuple(sorted((r - min_r, c - min_c) for r, c in cells))


def _image_index(images: list, cells) -> int:
    image = _normalise(cells)
    for index, other in enumerate(images):
        if other == image:
            return index
    return 0


def _cells_attr(cells) -> str:
    return ";".join(f"{r},{c}" for r, c in cells)


def terrain_cells(terrain: list, grid: list | None = None) -> list:
    out = []
    for r, row in enumerate(terrain):
        for c, code in enumerate(row):
            out.append(
                {
                    "r": r,
                    "c": c,
                    "x": c * CELL,
                    "y": r * CELL,
                    "cx": c * CELL + CELL // 2,
                    "cy": r * CELL + CELL // 2,
                    "code": code,
                    "kind": {".": "meadow"}.get(code, code),
                    "covered": bool(grid and grid[r][c]),
                }
            )
    return out


def river_path(board: dict) -> str:
    """The river runs between spaces: left edges of the east bank's first column,
    and between two rows where the bank's column changes."""
    river, rows = board["river"], board["rows"]
    parts = []
    for r in range(rows):
        x = river[r] * CELL
        parts.append(f"M{x} {r * CELL}V{(r + 1) * CELL}")
        if r + 1 < rows and river[r] != river[r + 1]:
            y = (r + 1) * CELL
            lo, hi = sorted((river[r], river[r + 1]))
            parts.append(f"M{lo * CELL} {y}H{hi * CELL}")
    return "".join(parts)


def building_rects(placed: list, buildings: dict, grid: list) -> tuple[list, str]:
    """Each building's spaces (with its colour) and one path of outlines."""
    rects, outline = [], []
    for entry in placed:
        name = entry["building"]
        info = buildings.get(name, {})
        colour = info.get("colour", "")
        first = min(tuple(cell) for cell in entry["cells"])
        for r, c in entry["cells"]:
            rects.append(
                {
                    "x": c * CELL,
                    "y": r * CELL,
                    "colour": colour,
                    "label": name[:1] if (r, c) == first else "",
                    "tx": c * CELL + CELL // 2,
                    "ty": r * CELL + CELL // 2 + 5,
                }
            )
            for dr, dc, seg in (
                (-1, 0, f"M{c * CELL} {r * CELL}h{CELL}"),
                (1, 0, f"M{c * CELL} {(r + 1) * CELL}h{CELL}"),
                (0, -1, f"M{c * CELL} {r * CELL}v{CELL}"),
                (0, 1, f"M{(c + 1) * CELL} {r * CELL}v{CELL}"),
            ):
                nr, nc = r + dr, c + dc
                inside = 0 <= nr < len(grid) and 0 <= nc < len(grid[0])
                if not inside or grid[nr][nc] != name:
                    outline.append(seg)
    return rects, "".join(outline)


def _board(view: dict, player: dict, names, pending_cells=None) -> dict:
    grid = player["cells"]
    rects, outline = building_rects(player["placed"], view["buildings"], grid)
    pending = [{"x": c * CELL, "y": r * CELL} for r, c in (pending_cells or [])]
    # What this player built in the round just resolved, outlined for everyone.
    fresh = []
    for decision in (view.get("last_round") or {}).get("decisions", []):
        move = decision["move"]
        if decision["seat"] == player["seat"] and move["type"] == "place":
            built = next(
                (e for e in player["placed"] if e["building"] == move["building"]),
                None,
            )
            fresh = (
                [{"x": c * CELL, "y": r * CELL} for r, c in built["cells"]]
                if built
                else []
            )
    name = names.get(player["seat"], "?")
    detail = player.get("detail") or {}
    lines = []
    groups = ("chapter", "eternal", "stickers", "races")
    for key, value in detail.items():
        if key in ("empty_by_row", "total", "circles_won", "sticker_earned", *groups):
            continue
        lines.append({"name": DETAIL_NAMES.get(key, key), "points": value})
    for group in ("chapter", "eternal"):
        for key, value in (detail.get(group) or {}).items():
            lines.append({"name": DETAIL_NAMES.get(key, key), "points": value})
    for key, value in (detail.get("stickers") or {}).items():
        name = _("Sticker: {what}").format(what=DETAIL_NAMES.get(key, key))
        lines.append({"name": name, "points": value})
    races = sum((detail.get("races") or {}).values())
    if races:
        lines.append({"name": _("Races won"), "points": races})
    return {
        "seat": player["seat"],
        "name": name,
        "width": view["board"]["cols"] * CELL,
        "height": view["board"]["rows"] * CELL,
        "cells": terrain_cells(player["terrain"], grid),
        "buildings": rects,
        "outline": outline,
        "river": river_path(view["board"]),
        "pending": pending,
        "fresh": fresh,
        "score": player["score"],
        "rank": player["rank"],
        "track": player["track"],
        "passes": player["passes"],
        "stopped": player["stopped"],
        "decided": player["decided"],
        "circles": player["circles"],
        "count": len(player["placed"]),
        "lines": lines,
        "standing": standing(detail),
    }


def _tiebreaks(outcome: list) -> list:
    """For each two players next in the ranking with the same score, the row of
    empty meadows that separated them (rules text: row by row from the top)."""
    rows = sorted(outcome, key=lambda row: (row["rank"], row["seat"]))
    out = []
    for better, worse in zip(rows, rows[1:], strict=False):
        if better["score"] != worse["score"] or better["rank"] == worse["rank"]:
            continue
        pairs = zip(
            better["detail"]["empty_by_row"],
            worse["detail"]["empty_by_row"],
            strict=True,
        )
        for index, (a, b) in enumerate(pairs):
            if a != b:
                out.append(
                    {
                        "better": better["seat"],
                        "worse": worse["seat"],
                        "row": index + 1,
                        "a": a,
                        "b": b,
                    }
                )
                break
    return out


# The kinds of space in the order the legend lists them.
LEGEND_ORDER = (".", "T", "t", "R", "r", "W", "G", "X", "M", "F")


def legend(terrain: list) -> list[dict]:
    """Each kind of space on a board (and the river), with what it does."""
    codes = {code for row in terrain for code in row}
    out = [
        {
            "code": code,
            "kind": {".": "meadow"}.get(code, code),
            "name": effects.space_name(code),
            "text": effects.space_text(code),
        }
        for code in LEGEND_ORDER
        if code in codes
    ]
    out.append(
        {
            "code": "river",
            "kind": "river",
            "name": effects.space_name("river"),
            "text": effects.space_text("river"),
        }
    )
    return out


def _orientation_choice(query, count: int) -> int:
    try:
        value = int(query.get("o", "0"))
    except (TypeError, ValueError):
        value = 0
    return value if 0 <= value < count else 0


def layout(view, position, legal, table: BoardTable = NO_TABLE) -> dict:
    """Boards, the revealed building's images and the clickable placements;
    `move_query` keeps the chosen image in the move form's url."""
    legal = legal or []
    if not view:
        return {}
    players = view["players"]
    mine = players[position] if position is not None else None
    pending_cells = (view.get("my_pending") or {}).get("cells")
    boards = [
        _board(view, p, table.names, pending_cells if p["seat"] == position else None)
        for p in players
    ]
    outcome = view.get("outcome") or []
    won = {row["seat"]: row["detail"].get("circles_won", 0) for row in outcome}
    for board in boards:
        # The final table counts the circles this episode won, as its text says.
        board["circles"] += won.get(board["seat"], 0)
    out = {
        "legend": legend(mine["terrain"] if mine else players[0]["terrain"]),
        "tiebreaks": _tiebreaks(outcome),
        "mine": boards[position] if mine else None,
        "others": [b for b in boards if b["seat"] != position],
        "all": boards,
        "revealed": None,
        "targets": [],
        "pass_move": None,
        "stop_move": None,
        "placements": 0,
        "move_query": "",
    }
    for move in legal:
        if move["type"] == "pass":
            out["pass_move"] = move
        elif move["type"] == "stop":
            out["stop_move"] = move
    revealed = view.get("revealed")
    if revealed:
        images = [tuple(tuple(cell) for cell in o) for o in revealed["orientations"]]
        chosen = _orientation_choice(table.query, len(images))
        image = images[chosen]
        counts = [0] * len(images)
        targets = []
        for move in legal:
            if move["type"] != "place":
                continue
            counts[move["orientation"]] += 1
            if move["orientation"] != chosen:
                continue
            cells = [(move["row"] + dr, move["col"] + dc) for dr, dc in image]
            r, c = cells[0]  # images are sorted: the top-left space is the handle
            targets.append(
                {
                    "move": move,
                    "r": r,
                    "c": c,
                    "cells": _cells_attr(cells),
                    "json": json.dumps(move, sort_keys=True, separators=(",", ":")),
                }
            )
        out["targets"] = targets
        out["move_query"] = f"?o={chosen}" if chosen else ""
        out["placements"] = sum(counts)
        choices = []
        for index, other in enumerate(images):
            h = max(r for r, _c in other) + 1
            w = max(c for _r, c in other) + 1
            choices.append(
                {
                    "index": index,
                    "current": index == chosen,
                    "count": counts[index],
                    "cells": [{"x": c * 10, "y": r * 10} for r, c in other],
                    "w": w * 10,
                    "h": h * 10,
                }
            )
        rotated = [(c, -r) for r, c in image]
        mirrored = [(r, -c) for r, c in image]
        h = max(r for r, _c in image) + 1
        w = max(c for _r, c in image) + 1
        out["revealed"] = {
            **revealed,
            "text": effects.building_text(
                revealed["building"], eternal=view.get("mode") == "eternal"
            ),
            "name": effects.building_name(revealed["building"]),
            "the_name": effects.the_building_name(revealed["building"]),
            "chosen": chosen,
            "rotate_to": _image_index(images, rotated),
            "mirror_to": _image_index(images, mirrored),
            "choices": choices,
            "preview": [{"x": c * CELL, "y": r * CELL} for r, c in image],
            "pw": w * CELL,
            "ph": h * CELL,
        }
    return out
