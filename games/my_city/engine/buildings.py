"""The buildings and the construction cards: our own original shapes, as data.

The published shapes are not public (DATA.md section 3: "Tetris-like, differently
shaped and sized"), so these eight polyominoes were designed here. Each player has
the same 24 buildings: the 8 shapes in each of the 3 colours (DATA.md: yellow =
residential, red = public, blue = industrial), and the deck has one construction
card per building (rules text: "cartes Construction"). The Eternal game adds three
churches and the blocking card (DATA.md).

A shape is a tuple of (row, column) offsets. A building may be placed in any
rotation or mirror image (issue 6); ORIENTATIONS holds, per shape, the distinct
images once each, normalised so that the smallest row and column are 0. A
placement is (orientation index, row, col): the image shifted by (row, col).
"""

from __future__ import annotations

# Chosen here: sizes 2, 3, 3, 4, 4, 5, 5, 6 (32 spaces a colour, 96 in all, on a
# board of 102 meadows), mixing compact and awkward shapes so that a big late card
# can find no room if a player fills an area carelessly.
SHAPES = {
    "kiosk": ((0, 0), (0, 1)),  # domino
    "corner": ((0, 0), (1, 0), (1, 1)),  # L tromino
    "row": ((0, 0), (0, 1), (0, 2)),  # straight tromino
    "hall": ((0, 0), (0, 1), (0, 2), (1, 1)),  # T tetromino
    "block": ((0, 0), (0, 1), (1, 0), (1, 1)),  # square tetromino
    "court": ((0, 0), (0, 2), (1, 0), (1, 1), (1, 2)),  # U pentomino
    "tower": ((0, 0), (0, 1), (1, 0), (1, 1), (2, 0)),  # P pentomino
    "manor": ((0, 1), (1, 0), (1, 1), (1, 2), (1, 3), (2, 3)),  # bar, tower, wing
    "chapel": ((0, 0),),  # Eternal game churches: one space (chosen here)
}

COLOURS = ("yellow", "red", "blue")
COLOUR_PREFIX = {"yellow": "Y", "red": "R", "blue": "B"}
SHAPE_ORDER = ("kiosk", "corner", "row", "hall", "block", "court", "tower", "manor")

CHURCH = "purple"
BLOCKING_CARD = "card-block"


def _build_catalogue() -> dict:
    """Building id -> {"colour", "shape", "size"}: Y1..Y8, R1..R8, B1..B8, C1..C3."""
    out = {}
    for colour in COLOURS:
        for index, shape in enumerate(SHAPE_ORDER, start=1):
            out[f"{COLOUR_PREFIX[colour]}{index}"] = {
                "colour": colour,
                "shape": shape,
                "size": len(SHAPES[shape]),
            }
    for index in range(1, 4):
        out[f"C{index}"] = {"colour": CHURCH, "shape": "chapel", "size": 1}
    return out


BUILDINGS = _build_catalogue()
CAMPAIGN_BUILDINGS = tuple(b for b in BUILDINGS if not b.startswith("C"))
CHURCHES = ("C1", "C2", "C3")


def card_of(building: str) -> str:
    return f"card-{building}"


def building_of(card: str) -> str | None:
    """The building a construction card shows; None for the blocking card."""
    return None if card == BLOCKING_CARD else card.removeprefix("card-")


def _normalise(cells) -> tuple:
    min_r = min(r for r, _ in cells)
    min_c = min(c for _, c in cells)
    return tuple(sorted((r - min_r, c - min_c) for r, c in cells))


def _orientations(cells) -> tuple:
    """The distinct images of a shape under the 4 rotations and their mirrors."""
    images = []
    for mirror in (False, True):
        current = [(r, -c) for r, c in cells] if mirror else list(cells)
        for _ in range(4):
            image = _normalise(current)
            if image not in images:
                images.append(image)
            current = [(c, -r) for r, c in current]  # a quarter turn
    return tuple(images)


ORIENTATIONS = {name: _orientations(cells) for name, cells in SHAPES.items()}


def orientations_of(building: str) -> tuple:
    return ORIENTATIONS[BUILDINGS[building]["shape"]]


def cells_of(building: str, orientation: int, row: int, col: int) -> list:
    return [[row + r, col + c] for r, c in orientations_of(building)[orientation]]
