"""What each building and each kind of space does, in our own words: the texts
shown when a player asks about the revealed building or a space of the board
(hover, focus or tap) and on the rules page.

Every number comes from the data the rules use: a building's size from its
shape (buildings.py), the points of trees and rocks from board.py, the Eternal
game's points from scoring.py, whether a space can be built on from
board.BUILDABLE (checked by the tests), so that a text cannot say one thing while the rule does
another. Numbers are written as "label: n" or signed points so that no
sentence needs a plural form.

Source: my_city.fr.txt (paraphrased, never copied), DATA.md section 3.
"""

from __future__ import annotations

from games.engines.base import _, gettext_noop
from games.my_city.engine.board import EMPTY_WHEN_UNCOVERED, ROCKS, TREES
from games.my_city.engine.buildings import BUILDINGS, CHURCH
from games.my_city.engine.scoring import (
    ETERNAL_CHURCH_POINTS,
    ETERNAL_GOLD_POINTS,
    ETERNAL_WELL_POINTS,
    START,
)

BUILDING = gettext_noop(
    "Spaces: {size}. Everyone builds this same building now, each on their own "
    "board. It goes on meadows (trees, rocks and wells may be covered), never "
    "across the river; your first building of the episode lies along the "
    "river, each later one shares an edge with one of yours. Each meadow it "
    "covers is no longer an empty meadow ({empty} each at the end)."
)
CHURCH_TEXT = gettext_noop(
    "A church, one space. It cannot be passed: build it or stop. At the end, "
    "{points} points if it touches a yellow, a red and a blue building."
)
ETERNAL_GROUP = gettext_noop(
    "The Eternal game: each colour scores 1 point for each building in its "
    "largest connected group."
)

# What each kind of space is (board.py's codes), with the numbers as
# placeholders; "river" is the line between the banks.
SPACES = {
    ".": gettext_noop(
        "A meadow: you may build on it. Left empty at the end: {points} point."
    ),
    "T": gettext_noop(
        "Two trees on a meadow: {points} points at the end while no building "
        "covers them. You may build on them, and lose those points."
    ),
    "t": gettext_noop(
        "A tree on a meadow: {points} point at the end while no building covers "
        "it. You may build on it, and lose that point."
    ),
    "R": gettext_noop(
        "Two rocks on a meadow: {points} points at the end unless a building "
        "covers them."
    ),
    "r": gettext_noop(
        "A rock on a meadow: {points} point at the end unless a building covers it."
    ),
    "W": gettext_noop(
        "A well: you may build on it; it never counts as an empty meadow. Some "
        "rules score a well whose four sides touch four different buildings "
        "(the Eternal game: {points} points)."
    ),
    "G": gettext_noop(
        "A gold vein: a meadow you may build on (left empty, an empty meadow). "
        "In the Eternal game, the first to cover both gold veins scores {points} "
        "points."
    ),
    "X": gettext_noop(
        "Ruins: nothing can be built here, and they never count as an empty meadow."
    ),
    "M": gettext_noop("Mountains: nothing can ever be built here."),
    "F": gettext_noop("Forest: nothing can ever be built here."),
    "river": gettext_noop(
        "The river: your first building of an episode lies along it, and no "
        "building crosses it. Two buildings facing each other across it touch."
    ),
}
SPACE_NAMES = {
    ".": gettext_noop("meadow"),
    "T": gettext_noop("two trees"),
    "t": gettext_noop("one tree"),
    "R": gettext_noop("two rocks"),
    "r": gettext_noop("one rock"),
    "W": gettext_noop("well"),
    "G": gettext_noop("gold vein"),
    "X": gettext_noop("ruins"),
    "M": gettext_noop("mountain"),
    "F": gettext_noop("forest"),
    "river": gettext_noop("river"),
}


# A building named as a whole phrase per colour and shape, so that each language
# orders and agrees its words ("équerre bleue"); with its article where a
# sentence names it ("{p} built the blue corner").
BUILDING_NAMES = {
    "yellow kiosk": gettext_noop("yellow kiosk"),
    "yellow corner": gettext_noop("yellow corner"),
    "yellow row": gettext_noop("yellow row"),
    "yellow hall": gettext_noop("yellow hall"),
    "yellow block": gettext_noop("yellow block"),
    "yellow court": gettext_noop("yellow court"),
    "yellow tower": gettext_noop("yellow tower"),
    "yellow manor": gettext_noop("yellow manor"),
    "red kiosk": gettext_noop("red kiosk"),
    "red corner": gettext_noop("red corner"),
    "red row": gettext_noop("red row"),
    "red hall": gettext_noop("red hall"),
    "red block": gettext_noop("red block"),
    "red court": gettext_noop("red court"),
    "red tower": gettext_noop("red tower"),
    "red manor": gettext_noop("red manor"),
    "blue kiosk": gettext_noop("blue kiosk"),
    "blue corner": gettext_noop("blue corner"),
    "blue row": gettext_noop("blue row"),
    "blue hall": gettext_noop("blue hall"),
    "blue block": gettext_noop("blue block"),
    "blue court": gettext_noop("blue court"),
    "blue tower": gettext_noop("blue tower"),
    "blue manor": gettext_noop("blue manor"),
    "church": gettext_noop("church"),
}
THE_BUILDING_NAMES = {
    "yellow kiosk": gettext_noop("the yellow kiosk"),
    "yellow corner": gettext_noop("the yellow corner"),
    "yellow row": gettext_noop("the yellow row"),
    "yellow hall": gettext_noop("the yellow hall"),
    "yellow block": gettext_noop("the yellow block"),
    "yellow court": gettext_noop("the yellow court"),
    "yellow tower": gettext_noop("the yellow tower"),
    "yellow manor": gettext_noop("the yellow manor"),
    "red kiosk": gettext_noop("the red kiosk"),
    "red corner": gettext_noop("the red corner"),
    "red row": gettext_noop("the red row"),
    "red hall": gettext_noop("the red hall"),
    "red block": gettext_noop("the red block"),
    "red court": gettext_noop("the red court"),
    "red tower": gettext_noop("the red tower"),
    "red manor": gettext_noop("the red manor"),
    "blue kiosk": gettext_noop("the blue kiosk"),
    "blue corner": gettext_noop("the blue corner"),
    "blue row": gettext_noop("the blue row"),
    "blue hall": gettext_noop("the blue hall"),
    "blue block": gettext_noop("the blue block"),
    "blue court": gettext_noop("the blue court"),
    "blue tower": gettext_noop("the blue tower"),
    "blue manor": gettext_noop("the blue manor"),
    "church": gettext_noop("the church"),
}
EACH_COLOUR_BUILDING = {
    "yellow": gettext_noop("each yellow building"),
    "red": gettext_noop("each red building"),
    "blue": gettext_noop("each blue building"),
}


def _name_key(building: str) -> str:
    info = BUILDINGS.get(building)
    if info is None:
        return ""
    if info["colour"] == CHURCH:
        return "church"
    return f"{info['colour']} {info['shape']}"


def building_name(building: str) -> str:
    """The building's name in the reader's language ("blue corner")."""
    key = _name_key(building)
    return _(BUILDING_NAMES[key]) if key else building


def the_building_name(building: str) -> str:
    """The building's name with its article, for a sentence ("the blue corner")."""
    key = _name_key(building)
    return _(THE_BUILDING_NAMES[key]) if key else building


def each_colour_building(colour: str) -> str:
    """ "each blue building", a whole phrase per colour."""
    return _(EACH_COLOUR_BUILDING[colour])


def space_points(code: str) -> int | None:
    """The signed points a space's items are worth at the end, uncovered."""
    if code in TREES:
        return TREES[code]
    if code in ROCKS:
        return -ROCKS[code]
    if code in EMPTY_WHEN_UNCOVERED and code != "G":
        return -1
    return None


def space_text(code: str) -> str:
    """What a kind of space is and how it scores, translated."""
    numbers = {}
    points = space_points(code)
    if points is not None:
        numbers["points"] = f"{points:+d}"
    if code == "W":
        numbers["points"] = f"{ETERNAL_WELL_POINTS:+d}"
    if code == "G":
        numbers["points"] = f"{ETERNAL_GOLD_POINTS:+d}"
    return _(SPACES[code]).format(**numbers)


def space_name(code: str) -> str:
    return _(SPACE_NAMES[code])


def building_text(building: str, eternal: bool = False) -> str:
    """What the building is and where it may go, translated."""
    info = BUILDINGS[building]
    if info["colour"] == CHURCH:
        return _(CHURCH_TEXT).format(points=f"{ETERNAL_CHURCH_POINTS:+d}")
    text = _(BUILDING).format(size=info["size"], empty=f"{space_points('.'):+d}")
    if eternal:
        text += " " + _(ETERNAL_GROUP)
    return text


def numbers() -> dict:
    """The numbers of the rules page."""
    return {
        "start": START,
        "church": ETERNAL_CHURCH_POINTS,
        "well": ETERNAL_WELL_POINTS,
        "gold": ETERNAL_GOLD_POINTS,
    }


def every_text() -> list[str]:
    """The English texts this module keeps (for the catalogue's test)."""
    return [
        BUILDING,
        CHURCH_TEXT,
        ETERNAL_GROUP,
        *SPACES.values(),
        *SPACE_NAMES.values(),
        *BUILDING_NAMES.values(),
        *THE_BUILDING_NAMES.values(),
        *EACH_COLOUR_BUILDING.values(),
    ]
