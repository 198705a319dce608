"""The campaign: 8 chapters of 3 episodes, each adding rules from a small vocabulary.

The published chapter envelopes are secret (rules text: "ne dévoile pas le contenu
des enveloppes"); nothing of them is reproduced. CHAPTERS below is an original
campaign designed here. Its rules are plain data in the vocabulary that follows, so
a group who owns the box can enter its own chapters (options "chapters", same
shape) and play the campaign they own.

The vocabulary (each rule is a JSON object with a "kind"):

    {"kind": "score", "criterion": C, "points": N}          extra scoring, this chapter
        C is one of SCORE_CRITERIA; "colour_buildings" also takes "colour".
    {"kind": "board", "item": I, "cells": [[r, c], ...]}     a permanent board change
        I is "tree" (one tree), "rock" (one rock), "well" or "ruins" (not buildable);
        applied once, when the chapter opens, on empty meadows only; it stays on the
        board for the rest of the campaign (it travels in the carry).
    {"kind": "remove_buildings", "buildings": ["Y1", ...]}  those buildings and their
        cards are out of the game for this chapter's episodes.
    {"kind": "catch_up", "points": N}                        catch-up help: a player
        with fewer progress circles than the leader starts N higher on the track.
    {"kind": "after_episode", "effect": E}                   a permanent consequence,
        applied to the carry at the end of each episode of the chapter:
        "fell_covered_trees" (trees under a building are gone), "clear_covered_rocks"
        (rocks under a building are gone), "keep_first_building" (the first building
        of the episode turns into ruins).

Scoring rules, building changes and catch-up help last for their chapter's three
episodes; board changes and after-episode effects are permanent (chosen here, in
the spirit of the rules text: "vos plateaux gardent les traces").
"""

from __future__ import annotations

from ..base import InvalidOptions, _, gettext_noop
from .board import COLS, ROWS
from .buildings import CAMPAIGN_BUILDINGS, COLOURS

EPISODES = 24
EPISODES_PER_CHAPTER = 3

SCORE_CRITERIA = {
    "building_on_river": gettext_noop("each building with an edge on the river"),
    "largest_colour_group": gettext_noop(
        "each building in the largest group of each colour"
    ),
    "well_surrounded": gettext_noop(
        "each well whose four sides touch four different buildings"
    ),
    "both_banks": gettext_noop("having buildings on both banks (once)"),
    "complete_row": gettext_noop("each row without an empty meadow"),
    "touch_edge": gettext_noop("each building touching the mountains or the forest"),
    "visible_trees": gettext_noop("each visible tree (on top of the base point)"),
    "colour_buildings": gettext_noop("each building of the given colour"),
}
BOARD_ITEMS = {"tree": "t", "rock": "r", "well": "W", "ruins": "X"}
# The items' names as a rule shows them (translated there with `_`).
ITEM_NAMES = (
    gettext_noop("tree"),
    gettext_noop("rock"),
    gettext_noop("well"),
    gettext_noop("ruins"),
)
AFTER_EPISODE = ("fell_covered_trees", "clear_covered_rocks", "keep_first_building")

# The original campaign (chosen here). One line each in the README.
CHAPTERS = [
    {"name": gettext_noop("First stones"), "rules": []},
    {
        "name": gettext_noop("The riverside"),
        "rules": [
            {"kind": "score", "criterion": "building_on_river", "points": 1},
            {"kind": "after_episode", "effect": "clear_covered_rocks"},
        ],
    },
    {
        "name": gettext_noop("The wells"),
        "rules": [
            {"kind": "board", "item": "well", "cells": [[3, 3], [6, 9]]},
            {"kind": "score", "criterion": "well_surrounded", "points": 4},
        ],
    },
    {
        "name": gettext_noop("The quarters"),
        "rules": [
            {"kind": "score", "criterion": "largest_colour_group", "points": 1},
            {"kind": "remove_buildings", "buildings": ["Y1", "R1", "B1"]},
        ],
    },
    {
        "name": gettext_noop("The orchards"),
        "rules": [
            {
                "kind": "board",
                "item": "tree",
                "cells": [[0, 2], [2, 7], [5, 3], [8, 9], [9, 3]],
            },
            {"kind": "score", "criterion": "visible_trees", "points": 1},
            {"kind": "after_episode", "effect": "fell_covered_trees"},
        ],
    },
    {
        "name": gettext_noop("The old town"),
        "rules": [
            {"kind": "after_episode", "effect": "keep_first_building"},
            {"kind": "catch_up", "points": 2},
        ],
    },
    {
        "name": gettext_noop("The bridges"),
        "rules": [
            {"kind": "board", "item": "rock", "cells": [[1, 1], [4, 1], [7, 1]]},
            {"kind": "score", "criterion": "both_banks", "points": 3},
            {"kind": "score", "criterion": "touch_edge", "points": 1},
        ],
    },
    {
        "name": gettext_noop("The capital"),
        "rules": [
            {"kind": "score", "criterion": "complete_row", "points": 2},
            {
                "kind": "score",
                "criterion": "colour_buildings",
                "colour": "red",
                "points": 1,
            },
            {"kind": "catch_up", "points": 3},
        ],
    },
]


def chapter_of(episode: int) -> int:
    """1..8: the chapter an episode belongs to."""
    return (episode - 1) // EPISODES_PER_CHAPTER + 1


def rule_text(rule: dict) -> str:
    """One English sentence (translatable) saying what a rule does, for the pages."""
    kind = rule["kind"]
    if kind == "score":
        what = SCORE_CRITERIA[rule["criterion"]]
        if rule["criterion"] == "colour_buildings":
            what = _("each {colour} building").format(colour=_(rule["colour"]))
        return _("{points:+d} point(s) for {what}.").format(
            points=rule["points"], what=_(what)
        )
    if kind == "board":
        return _("New on the board for good: {item} on {n} space(s).").format(
            item=_(rule["item"]), n=len(rule["cells"])
        )
    if kind == "remove_buildings":
        return _("Out of the game this chapter: {names}.").format(
            names=", ".join(rule["buildings"])
        )
    if kind == "catch_up":
        return _(
            "Players behind the leader in progress circles start {points} higher."
        ).format(points=rule["points"])
    return {
        "fell_covered_trees": _("After each episode, trees under buildings are gone."),
        "clear_covered_rocks": _("After each episode, rocks under buildings are gone."),
        "keep_first_building": _(
            "After each episode, your first building of the episode turns to ruins."
        ),
    }[rule["effect"]]


def episode_rules(episode: int, chapters: list | None = None) -> dict:
    """The chapter of an episode and its rules, for a campaign page:
    {"chapter", "name", "rules", "texts"}."""
    number = chapter_of(episode)
    entry = (chapters or CHAPTERS)[number - 1]
    return {
        "chapter": number,
        "name": _(entry["name"]),  # a chapter of one's own keeps its own name
        "rules": entry["rules"],
        "texts": [rule_text(rule) for rule in entry["rules"]],
    }


def board_change_id(chapter: int, index: int) -> str:
    """How the carry remembers that a board change was applied (never twice)."""
    return f"chapter-{chapter}-rule-{index}"


def board_changes_up_to(chapters: list, chapter: int) -> list:
    """[(id, rule)] for every board change of chapters 1..chapter, in order."""
    out = []
    for number, entry in enumerate(chapters[:chapter], start=1):
        for index, rule in enumerate(entry["rules"]):
            if rule["kind"] == "board":
                out.append((board_change_id(number, index), rule))
    return out


def apply_board_change(rows: list, rule: dict) -> list:
    """The board with that change made; a space that is not an empty meadow keeps
    what it has (a chapter never moves a well, ruins or the edges of the land)."""
    grid = [list(row) for row in rows]
    for r, c in rule["cells"]:
        if grid[r][c] == ".":
            grid[r][c] = BOARD_ITEMS[rule["item"]]
    return ["".join(row) for row in grid]


# --- Validation of custom chapters (options "chapters") ---------------------------


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_rule(rule, where: str) -> dict:
    if not isinstance(rule, dict) or "kind" not in rule:
        raise InvalidOptions(f"{where}: a rule must be an object with a 'kind'.")
    kind = rule["kind"]
    expected = {
        "score": {"kind", "criterion", "points", "colour"},
        "board": {"kind", "item", "cells"},
        "remove_buildings": {"kind", "buildings"},
        "catch_up": {"kind", "points"},
        "after_episode": {"kind", "effect"},
    }
    if kind not in expected:
        raise InvalidOptions(f"{where}: unknown rule kind {kind!r}.")
    extra = set(rule) - expected[kind]
    if extra:
        raise InvalidOptions(f"{where}: unknown keys {sorted(extra)}.")
    if kind in ("score", "catch_up"):
        if not _is_int(rule.get("points")) or not -20 <= rule["points"] <= 20:
            raise InvalidOptions(f"{where}: 'points' must be a whole number -20..20.")
    if kind == "score":
        if rule.get("criterion") not in SCORE_CRITERIA:
            raise InvalidOptions(
                f"{where}: unknown criterion {rule.get('criterion')!r}."
            )
        wants_colour = rule["criterion"] == "colour_buildings"
        if wants_colour and rule.get("colour") not in COLOURS:
            raise InvalidOptions(f"{where}: 'colour' must be one of {list(COLOURS)}.")
        if not wants_colour and "colour" in rule:
            raise InvalidOptions(f"{where}: only colour_buildings takes a 'colour'.")
    elif kind == "board":
        if rule.get("item") not in BOARD_ITEMS:
            raise InvalidOptions(f"{where}: 'item' must be one of {list(BOARD_ITEMS)}.")
        cells = rule.get("cells")
        if not isinstance(cells, list) or not all(
            isinstance(cell, list)
            and len(cell) == 2
            and all(_is_int(v) for v in cell)
            and 0 <= cell[0] < ROWS
            and 0 <= cell[1] < COLS
            for cell in cells
        ):
            raise InvalidOptions(
                f"{where}: 'cells' must be [[row, col], ...] on the board."
            )
    elif kind == "remove_buildings":
        names = rule.get("buildings")
        if not isinstance(names, list) or not all(
            n in CAMPAIGN_BUILDINGS for n in names
        ):
            raise InvalidOptions(
                f"{where}: 'buildings' must list building ids (Y1..B8)."
            )
        if len(set(names)) > 12:
            raise InvalidOptions(f"{where}: at most 12 buildings may be removed.")
    elif kind == "after_episode" and rule.get("effect") not in AFTER_EPISODE:
        raise InvalidOptions(f"{where}: 'effect' must be one of {list(AFTER_EPISODE)}.")
    return rule


def validate_chapters(chapters) -> list:
    """Custom chapters: a list of 8 {"name": str, "rules": [rule, ...]}."""
    if (
        not isinstance(chapters, list)
        or len(chapters) != EPISODES // EPISODES_PER_CHAPTER
    ):
        raise InvalidOptions("'chapters' must be a list of 8 chapters.")
    out = []
    for number, entry in enumerate(chapters, start=1):
        where = f"chapter {number}"
        if not isinstance(entry, dict) or set(entry) != {"name", "rules"}:
            raise InvalidOptions(
                f"{where}: a chapter is {{'name': ..., 'rules': [...]}}."
            )
        if not isinstance(entry["name"], str) or not entry["name"].strip():
            raise InvalidOptions(f"{where}: the name must be a non-empty text.")
        if not isinstance(entry["rules"], list):
            raise InvalidOptions(f"{where}: 'rules' must be a list.")
        rules = [
            _check_rule(rule, f"{where}, rule {i + 1}")
            for i, rule in enumerate(entry["rules"])
        ]
        out.append({"name": entry["name"], "rules": rules})
    return out
