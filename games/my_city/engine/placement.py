"""Where a building may go (rules text, "Construire en simultané" and the FAQ).

- only on meadows, trees and rocks included; never on mountains, forest (nor, here,
  ruins); a well may be built upon;
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

from games.engines.base import _, gettext_noop
from games.my_city.engine.board import (
    BUILDABLE,
    COLS,
    RIVER_SPACES,
    ROWS,
    bank,
    in_board,
    neighbours,
)
from games.my_city.engine.buildings import orientations_of

TERRAIN_NAMES = {
    "M": gettext_noop("a mountain"),
    "F": gettext_noop("the forest"),
    "X": gettext_noop("ruins"),
}


def occupancy(placed: list) -> dict:
    """(row, col) -> building id, for a player's buildings of this episode."""
    return {(r, c): entry["building"] for entry in placed for r, c in entry["cells"]}


# Bitmasks: the space (r, c) is bit r * STRIDE + c; columns 13 to 15 of each row
# are padding that is never free, so a shift by one column never wraps a row.
STRIDE = 16


def _bit(r: int, c: int) -> int:
    return 1 << (r * STRIDE + c)


_BANK_MASKS = tuple(
    sum(_bit(r, c) for r in range(ROWS) for c in range(COLS) if bank(r, c) == side)
    for side in (0, 1)
)
_RIVER_MASK = sum(_bit(r, c) for r, c in RIVER_SPACES)
_BUILDABLE_CACHE: dict[tuple, int] = {}


def buildable_mask(terrain: list) -> int:
    """The board's buildable spaces as a bitmask (`STRIDE`)."""
    key = tuple(terrain)
    mask = _BUILDABLE_CACHE.get(key)
    if mask is None:
        mask = sum(
            _bit(r, c)
            for r in range(ROWS)
            for c in range(COLS)
            if terrain[r][c] in BUILDABLE
        )
        if len(_BUILDABLE_CACHE) < 4096:
            _BUILDABLE_CACHE[key] = mask
    return mask


def _image_table(image) -> tuple:
    """(bit offsets of the cells, anchors that keep the image on the board, the
    image's mask at anchor (0, 0))."""
    height = 1 + max(dr for dr, _dc in image)
    width = 1 + max(dc for _dr, dc in image)
    offsets = tuple(dr * STRIDE + dc for dr, dc in image)
    anchors = sum(
        _bit(r, c) for r in range(ROWS - height + 1) for c in range(COLS - width + 1)
    )
    return offsets, anchors, sum(1 << o for o in offsets)


# The columns whose bits are set in a row's 13 bits, for every such row.
_ROW_COLUMNS = tuple(
    tuple(c for c in range(COLS) if bits >> c & 1) for bits in range(1 << COLS)
)
_ROW_BITS = (1 << COLS) - 1


_IMAGE_TABLES: dict[tuple, tuple] = {}


def image_tables(building: str) -> list:
    """Per image of the building (its orientations): the bit offsets of its
    cells, the anchors that keep it on the board, its mask at anchor (0, 0)."""
    images = orientations_of(building)
    tables = _IMAGE_TABLES.get(images)
    if tables is None:
        tables = _IMAGE_TABLES[images] = [_image_table(i) for i in images]
    return tables


def placements(terrain: list, placed: list, building: str) -> list:
    """Every legal (orientation, row, col) for that building, sorted, each once."""
    return anchors(buildable_mask(terrain), placed_mask(placed), building)


def placed_mask(placed: list) -> int:
    """One's own buildings of this episode as a bitmask (`STRIDE`)."""
    taken = 0
    for entry in placed:
        for r, c in entry["cells"]:
            taken |= 1 << (r * STRIDE + c)
    return taken


def anchors(buildable: int, taken: int, building: str) -> list:
    """Every legal (orientation, row, col) for that building, sorted, each once,
    on a board whose buildable spaces and one's own buildings of this episode
    are these bitmasks (`buildable_mask`, `placed_mask`; the computer players
    keep them as they place).

    An anchor is legal when every cell of the image is free on one bank and one
    cell is a target (next to one's own building, or along the river for the
    first); computed for all anchors at once on bitmasks."""
    west, east, targets = _masks(buildable, taken)
    out = []
    append = out.append
    row_columns = _ROW_COLUMNS
    for index, (offsets, fits, _mask) in enumerate(image_tables(building)):
        in_west = in_east = fits
        touch = 0
        for offset in offsets:
            in_west &= west >> offset
            in_east &= east >> offset
            touch |= targets >> offset
        valid = (in_west | in_east) & touch
        row = 0
        while valid:
            bits = valid & _ROW_BITS
            if bits:
                for col in row_columns[bits]:
                    append((index, row, col))
            valid >>= STRIDE
            row += 1
    return out


def _masks(buildable: int, taken: int) -> tuple[int, int, int]:
    """The free spaces of each bank, and the spaces a building must cover one of."""
    free = buildable & ~taken
    if taken:
        targets = (
            (taken << 1) | (taken >> 1) | (taken << STRIDE) | (taken >> STRIDE)
        ) & free
    else:
        targets = _RIVER_MASK & free
    return free & _BANK_MASKS[0], free & _BANK_MASKS[1], targets


def placement_ok(
    terrain: list, placed: list, building: str, orientation: int, row: int, col: int
) -> bool:
    """True exactly when `placement_error` gives None, only faster."""
    tables = image_tables(building)
    if not (0 <= orientation < len(tables) and 0 <= row < ROWS and 0 <= col < COLS):
        return False
    _offsets, anchors, mask = tables[orientation]
    shift = row * STRIDE + col
    if not anchors >> shift & 1:
        return False
    mask <<= shift
    west, east, targets = _masks(buildable_mask(terrain), placed_mask(placed))
    return bool(mask & targets) and (mask & west == mask or mask & east == mask)


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
            ).format(
                at=_at(r, c),
                what=_(TERRAIN_NAMES.get(code, gettext_noop("not a meadow"))),
            )
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
