"""The board: our own original design, as data (rules text: "le plateau").

The published board's grid, terrain and river are not public (DATA.md section 3),
so none of it is reproduced: this grid was designed here, with the features the
rules text names. Every player starts from the same board.

A board is a list of row strings, one character per space:

    M  mountain (left edge; never buildable)        rules text: "montagnes"
    F  forest (right edge; never buildable)         rules text: "forêts"
    .  meadow, empty (buildable)                     rules text: "prairies"
    T  meadow with two trees (+2 while uncovered)    rules text: "deux arbres"
    R  meadow with two rocks (-2 while uncovered)    rules text: "deux rochers"
    t  meadow with one tree (a chapter sticker; +1)  chosen here (chapters.py)
    r  meadow with one rock (a chapter sticker; -1)  chosen here (chapters.py)
    W  well (buildable like trees and rocks; scored while uncovered by the
       Eternal game and chapter 3 on)
    G  meadow holding a gold vein (Eternal game; buildable, counts as empty)
    X  ruins left by an earlier episode (chapter 6; not buildable, never scored)

The river is not a row of spaces: it runs between spaces (two buildings facing each
other across it are adjacent, rules text). RIVER[r] is the first column of the east
bank in row r; a space is on the west bank when its column is lower. Where RIVER
changes from one row to the next the river also runs between those two rows.
"""

from __future__ import annotations

ROWS = 10
COLS = 13

# A space's letter: "M" a mountain, "F" a forest, "." a meadow, or one of these.
WELL = "W"
GOLD = "G"
RUINS = "X"

# Chosen here: 10 rows x 13 columns; mountains one or two spaces deep on the left,
# forest one or two deep on the right, 102 meadows, 9 spaces with two trees and 8
# with two rocks, spread over both banks. The 24 buildings cover 96 spaces, so a
# player can never build everything: choosing what to leave out is the game.
CAMPAIGN_TERRAIN = (
    "MM..T...R..FF",
    "M.....T....FF",
    "M..R......T.F",
    "MM....R.....F",
    "M.T.....T...F",
    "M.....R...R.F",
    "MM.R..T.....F",
    "M.......R.T.F",
    "M..T.......FF",
    "MM...R..T..FF",
)

# Chosen here: the river enters at the top between columns 4 and 5, bends east
# twice and leaves at the bottom between columns 6 and 7, so the west bank
# (44 meadows) is smaller than the east bank (58): "deux parties
# inégales" in the rules text.
RIVER = (5, 5, 6, 6, 6, 5, 5, 6, 7, 7)

# The Eternal game side (DATA.md: wells and gold veins on the board's back).
# Chosen here: the same landscape with two wells and two gold veins, one of each
# on each bank.
ETERNAL_WELLS = ((3, 3), (6, 9))
ETERNAL_GOLD = ((1, 2), (8, 9))


def _eternal_terrain() -> tuple[str, ...]:
    rows = [list(row) for row in CAMPAIGN_TERRAIN]
    for r, c in ETERNAL_WELLS:
        rows[r][c] = WELL
    for r, c in ETERNAL_GOLD:
        rows[r][c] = GOLD
    return tuple("".join(row) for row in rows)


ETERNAL_TERRAIN = _eternal_terrain()

# What each code is worth while no building covers it (base scoring, rules text:
# "chaque arbre visible donne un point, chaque rocher visible en retire un").
TREES = {"T": 2, "t": 1}
ROCKS = {"R": 2, "r": 1}
# Spaces a building may cover (rules text: on meadows, trees and rocks included;
# the Eternal side: wells may be built upon like rocks and trees).
BUILDABLE = frozenset(".TRtrGW")  # a well too (the Eternal side's text)
# Uncovered spaces that count as an empty meadow (-1 each). A space with trees or
# rocks is scored by its items and is not also an empty meadow (rules text, FAQ).
EMPTY_WHEN_UNCOVERED = frozenset(".G")
ALL_CODES = frozenset("MF.TRtrWGX")
# Codes a chapter or the carry may never change (the edges of the land).
FIXED_CODES = frozenset("MF")


def bank(r: int, c: int) -> int:
    """0 on the west bank, 1 on the east bank."""
    return 0 if c < RIVER[r] else 1


def in_board(r: int, c: int) -> bool:
    return 0 <= r < ROWS and 0 <= c < COLS


def neighbours(r: int, c: int):
    """The spaces sharing an edge with (r, c) (a corner is not an edge)."""
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        nr, nc = r + dr, c + dc
        if in_board(nr, nc):
            yield nr, nc


def _river_spaces() -> frozenset:
    """Spaces with at least one edge on the river."""
    out = set()
    for r in range(ROWS):
        for c in range(COLS):
            if any(bank(nr, nc) != bank(r, c) for nr, nc in neighbours(r, c)):
                out.add((r, c))
    return frozenset(out)


RIVER_SPACES = _river_spaces()


def _edge_spaces() -> frozenset:
    """Meadows that share an edge with a mountain or forest space."""
    out = set()
    for r in range(ROWS):
        for c in range(COLS):
            if CAMPAIGN_TERRAIN[r][c] in FIXED_CODES:
                continue
            if any(
                CAMPAIGN_TERRAIN[nr][nc] in FIXED_CODES for nr, nc in neighbours(r, c)
            ):
                out.add((r, c))
    return frozenset(out)


EDGE_SPACES = _edge_spaces()
