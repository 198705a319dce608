"""Where a building may go (rules text, "Construire en simultané" and the FAQ).

- only on meadows, trees and rocks included; never on mountains, forest (nor, here,
  wells and ruins);
- no overlap with one's own buildings;
- one building never straddles the river ("enjamber la rivière");
- the first building of an episode has a full edge on the river (a corner is not
  enough);
- every later one shares an edge with one of one's own buildings of this episode; a
  corner is not enough, and two spaces facing each other across the river share an
  edge (rules text: they "restent adjacents").

Human texts number rows and columns from 1 (row 1 is the top); moves and views
count from 0.
"""

from __future__ import annotations

from ..base import _
from .board import BUILDABLE, COLS, RIVER_SPACES, ROWS, bank, in_board, neighbours
from .buildings import orientations_of

TERRAIN_NAMES = {"M": "a mountain", "F": "the forest", "W": "a well", "X": "ruins"}


def occupancy(placed: list) -> dict:
    """(row, col) -> building id, for a player's buildings of this episode."""
    return {(r, c): entry["building"] for entry in placed for r, c in entry["cells"]}


def placements(terrain: list, placed: list, building: str) -> list:
    """Every legal (orientation, row, col) for that building, sorted, each once."""
    taken = occupancy(placed)
    free = {
        (r, c)
        for r in range(ROWS)
        for c in range(COLS)
        if terrain[r][c] in BUILDABLE and (r, c) not in taken
    }
    if taken:
        targets = {n for cell in taken for n in neighbours(*cell) if n in free}
    else:
        targets = RIVER_SPACES & free
    out = []
    for index, image in enumerate(orientations_of(building)):
        anchors = {(tr - dr, tc - dc) for tr, tc in targets for dr, dc in image}
        for row, col in anchors:
            cells = [(row + dr, col + dc) for dr, dc in image]
            if not all(cell in free for cell in cells):
                continue
            if len({bank(r, c) for r, c in cells}) != 1:
                continue
            out.append((index, row, col))
    out.sort()
    return out


def _at(r: int, c: int) -> str:
    return _("row {row}, column {col}").format(row=r + 1, col=c + 1)


def placement_error(
    terrain: list, placed: list, building: str, orientation: int, row: int, col: int
) -> str | None:
    """Why that placement breaks a rule (a sentence naming the rule), or None."""
    images = orientations_of(building)
    if not 0 <= orientation < len(images):
        return _("That building has orientations 0 to {last}.").format(
            last=len(images) - 1
        )
    cells = [(row + dr, col + dc) for dr, dc in images[orientation]]
    for r, c in cells:
        if not in_board(r, c):
            return _("Rule 'on the board': the building would leave the board.")
    for r, c in cells:
        code = terrain[r][c]
        if code not in BUILDABLE:
            return _(
                "Rule 'meadows only': {at} is {what}, where nothing can be built."
            ).format(at=_at(r, c), what=_(TERRAIN_NAMES.get(code, "not a meadow")))
    taken = occupancy(placed)
    for r, c in cells:
        if (r, c) in taken:
            return _("Rule 'no overlap': {at} already holds your {building}.").format(
                at=_at(r, c), building=taken[(r, c)]
            )
    if len({bank(r, c) for r, c in cells}) != 1:
        return _(
            "Rule 'not across the river': one building stays on one bank of the river."
        )
    if not taken:
        if not any(cell in RIVER_SPACES for cell in cells):
            return _(
                "Rule 'first building along the river': your first building must "
                "have a full edge on the river (a corner is not enough)."
            )
        return None
    if not any(n in taken for cell in cells for n in neighbours(*cell)):
        return _(
            "Rule 'touch your city': the building must share an edge with one of "
            "your buildings (a corner is not enough; across the river counts)."
        )
    return None
