"""Rival Cities board drawing: where each ring space, token and prestige cell lies
in the SVG, and the short tokens (a glyph and a few characters) that stand for a
card's actions. Numbers only; the markup is in games/rival_cities/templates/games/rival-cities/.

Everything comes from the engine's view (the ring's spaces with their distance and
cost, the prestige track's length, incomes and stars): nothing here re-states a
rule or a card.
"""

from __future__ import annotations

import math

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.rival_cities.move_labels import RESOURCE_MARKS

# The ring is drawn in a 500 x 500 box centred on 0, 0: one slot per space plus
# one for the low-season tile (where the inkwell starts and the bell lies), at the
# top; spaces run clockwise from it, as on the table.
R_OUT, R_IN = 244, 146
R_COST, R_ROW1, R_ROW2, R_DIST = 229, 205, 178, 155
R_INK = 160
GAP = 0.7  # degrees left between two neighbouring slots
TOKEN = 22  # the width of one action's token


def mark(res: str) -> str:
    """A resource's initial (a letter token's is the envelope)."""
    return str(RESOURCE_MARKS[res]) if res in RESOURCE_MARKS else "✉"


def _point(radius: float, degrees: float) -> tuple[float, float]:
    a = math.radians(degrees - 90)
    return round(radius * math.cos(a), 1), round(radius * math.sin(a), 1)


def _sector(slot: int, slots: int) -> str:
    """The SVG path of one ring slot (an annular sector), clockwise from the top."""
    width = 360 / slots
    a0, a1 = slot * width - width / 2 + GAP, slot * width + width / 2 - GAP
    (x0, y0), (x1, y1) = _point(R_OUT, a0), _point(R_OUT, a1)
    (x2, y2), (x3, y3) = _point(R_IN, a1), _point(R_IN, a0)
    return (
        f"M{x0} {y0}A{R_OUT} {R_OUT} 0 0 1 {x1} {y1}"
        f"L{x2} {y2}A{R_IN} {R_IN} 0 0 0 {x3} {y3}Z"
    )


def action_token(action: dict) -> dict:
    """One action as a glyph (a symbol id) and a short label under it."""
    do = action["do"]
    label, res = "", ""
    if do == "production":
        res, label = action["res"], f"×{action['n']}"
        return {"glyph": "res", "res": res, "mark": mark(res), "label": label}
    if do == "gift":
        label = " ".join(
            (str(n) if n > 1 else "") + mark(r) for r, n in action["res"].items() if n
        )
    elif do == "donation":
        label = f"{action['stars']}★"
    elif do == "exchange":
        label = f"×{action['times']}"
    elif do == "letter":
        label = f"+{action['n']}"
    elif do == "factory" and action.get("free"):
        label = "0"
    return {"glyph": do, "res": res, "mark": "", "label": label}


def card_tokens(card: dict | None) -> list[list[dict]]:
    """A card's actions as rows of tokens: one row, or one per half when split."""
    if not card:
        return []
    halves = card.get("halves") if card.get("split") else [card.get("actions", [])]
    return [[action_token(a) for a in half] for half in halves or []]


def _place_rows(rows: list[list[dict]], degrees: float) -> list[dict]:
    """Tokens' centres in a slot: one row in the middle, two rows (a split card)
    one above the other toward the rim."""
    radii = [(R_ROW1 + R_ROW2) / 2] if len(rows) == 1 else [R_ROW1, R_ROW2]
    placed = []
    for radius, row in zip(radii, rows, strict=False):
        cx, cy = _point(radius, degrees)
        start = cx - TOKEN * (len(row) - 1) / 2
        for i, token in enumerate(row):
            placed.append({**token, "x": round(start + TOKEN * i, 1), "y": cy})
    return placed


def _divider(slot: int, slots: int) -> str:
    """A split card's line between its two halves, across the slot."""
    width = 360 / slots
    a0, a1 = slot * width - width / 2 + 3 * GAP, slot * width + width / 2 - 3 * GAP
    radius = (R_ROW1 + R_ROW2) / 2 - 5
    (x0, y0), (x1, y1) = _point(radius, a0), _point(radius, a1)
    return f"M{x0} {y0}A{radius} {radius} 0 0 1 {x1} {y1}"


def cost_words(cost: int | None) -> str:
    if cost is None:
        return ""
    if cost == 0:
        return _("free")
    return ngettext("costs %(n)s resource", "costs %(n)s resources", cost) % {"n": cost}


def distance_words(distance: int) -> str:
    return ngettext("%(n)s space on", "%(n)s spaces on", distance) % {"n": distance}


def ring_slots(ring: list[dict]) -> list[dict]:
    """Each space of the view's ring with its drawing: the sector, the cost badge,
    the distance from the inkwell, the tokens of its card, its accessible name."""
    slots = len(ring) + 1
    out = []
    for space in ring:
        slot = space["space"] + 1
        degrees = slot * 360 / slots
        cost_x, cost_y = _point(R_COST, degrees)
        dist_x, dist_y = _point(R_DIST, degrees)
        words = [_("Space %(n)s") % {"n": space["space"] + 1}]
        if space["kind"] == "special":
            words.append(_("special space"))
        if space["inkwell"]:
            words.append(_("the inkwell is here"))
        elif space["distance"]:
            words += [distance_words(space["distance"]), cost_words(space["cost"])]
        else:
            words.append(_("out of reach from the start"))
        out.append(
            {
                **space,
                "path": _sector(slot, slots),
                "cost_x": cost_x,
                "cost_y": cost_y,
                "dist_x": dist_x,
                "dist_y": dist_y,
                "tokens": _place_rows(card_tokens(space["card"]), degrees),
                "divider": _divider(slot, slots)
                if space["card"] and space["card"].get("split")
                else "",
                "name": ", ".join(words),
                "cost_words": cost_words(space["cost"]) if space["distance"] else "",
            }
        )
    return out


def tile(ring_size: int, inkwell: int) -> dict:
    """The low-season tile's slot (the top), and where the inkwell is drawn: on the
    tile at the start, else just inside its space."""
    slots = ring_size + 1
    slot = 0 if inkwell < 0 else inkwell + 1
    ink_x, ink_y = _point(R_INK, slot * 360 / slots)
    bell_x, bell_y = _point(190, 0)
    return {
        "path": _sector(0, slots),
        "ink_x": ink_x,
        "ink_y": ink_y,
        "bell_x": bell_x,
        "bell_y": bell_y,
        "label_y": -R_COST + 3,
    }


def prestige_cells(prestige: dict, me: int) -> list[dict]:
    """The prestige track from the viewer's rival's end (left) to the viewer's end
    (right), with each space's printed stars and low-season income."""
    win_at = prestige["win_at"]
    sign = 1 if me == 0 else -1  # + is toward Hamburg (seat 0)
    width = 15
    cells = []
    for step in range(-win_at, win_at + 1):
        distance = abs(step)
        income = prestige["income"].get(str(distance), {})
        cells.append(
            {
                "x": step * width,
                "w": width,
                "mine": step > 0,
                "theirs": step < 0,
                "end": distance == win_at,
                "marker": step * sign == prestige["position"],
                "distance": distance,
                "stars": prestige["stars"].get(str(distance), 0),
                "income": " ".join(
                    (str(n) if n > 1 else "") + mark(r) for r, n in income.items() if n
                ),
            }
        )
    return cells
