"""The campaign: 8 chapters of 3 episodes whose rules accumulate.

The published chapter envelopes are secret (rules text: "ne dévoile pas le contenu
des enveloppes"); nothing of them is reproduced. CHAPTERS below is an original
campaign designed here. Its rules are plain data in the vocabulary that follows, so
a group who owns the box can enter its own chapters (options "chapters", same
shape) and play the campaign they own.

A chapter is {"name": str, "rules": [rule, ...]} with two optional keys:
"story" (a short text opening the chapter) and "episodes" (three lists of rules,
one per episode of the chapter: that episode's own goal, twist or event).

The vocabulary (each rule is a JSON object with a "kind"):

    {"kind": "score", "criterion": C, "points": N}          extra scoring
        C is one of SCORE_CRITERIA; "colour_buildings" also takes "colour".
    {"kind": "race", "criterion": C, "count": K, "points": N}
        points during the episode: the first player(s) whose board reaches K for
        criterion C when a round resolves score N at once (once per episode).
    {"kind": "board", "item": I, "cells": [[r, c], ...]}     a permanent board change
        I is "tree" (one tree), "rock" (one rock), "well" or "ruins"; made once, on
        empty meadows only; it travels in the carry.
    {"kind": "remove_buildings", "buildings": ["Y1", ...]}  those buildings and their
        cards are out of the game.
    {"kind": "catch_up", "points": N}                        a player with fewer
        progress circles than the leader starts N higher on the track.
    {"kind": "after_episode", "effect": E}                   a permanent consequence
        on each player's own board at the end of each episode: "fell_covered_trees",
        "clear_covered_rocks", "keep_first_building" (it turns into ruins).
    {"kind": "stickers", "offer": [{"criterion": C, "points": N}, ...]}
        at the end of each episode, in finishing order, each player takes one
        sticker of the offer (the first placed chooses first; each sticker once):
        a personal scoring rule for the rest of the campaign, kept in the carry.

Every rule may also have:
    "id": a name, so that a later chapter can replace it;
    "replaces": the id of an earlier chapter's rule, which stops applying;
    "lasts": "campaign" (default: from its chapter to the end) or "chapter".

Rules accumulate: the rules in force in an episode are those of its chapter and of
every earlier chapter, minus the replaced ones and the earlier "chapter" ones, plus
the episode's own rules (which last that episode only).

This module holds the vocabulary's constants and the campaign's data; what the
rules mean in play (the rules in force, their texts, the board changes) and the
validation of custom chapters are in chapter_rules.py.
"""

from __future__ import annotations

from games.engines.base import gettext_noop

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
    "top_row_buildings": gettext_noop("each building with a space in the top row"),
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
LASTS = ("campaign", "chapter")
KINDS = {
    "score": {"criterion", "points", "colour"},
    "race": {"criterion", "points", "colour", "count"},
    "board": {"item", "cells"},
    "remove_buildings": {"buildings"},
    "catch_up": {"points"},
    "after_episode": {"effect"},
    "stickers": {"offer"},
}
COMMON_KEYS = {"kind", "id", "replaces", "lasts"}

# The original campaign (chosen here). Each chapter adds rules that stay, a few
# replace an earlier one on purpose, and each episode has a goal, twist or event.
CHAPTERS = [
    {
        "name": gettext_noop("First stones"),
        "story": gettext_noop(
            "The valley is empty. Settle along the river: every building with an "
            "edge on the river scores 1 point, now and for the rest of the "
            "campaign. The first to reach the mountains or the forest is cheered. "
            "Whoever wins an episode chooses a sticker first; stickers stay on "
            "your board for good."
        ),
        "rules": [
            {
                "kind": "score",
                "criterion": "building_on_river",
                "points": 1,
                "id": "river",
            },
            {
                "kind": "stickers",
                "offer": [
                    {"criterion": "touch_edge", "points": 1},
                    {"criterion": "top_row_buildings", "points": 1},
                    {"criterion": "colour_buildings", "colour": "blue", "points": 1},
                ],
                "lasts": "chapter",
            },
        ],
        "episodes": [
            [{"kind": "race", "criterion": "touch_edge", "count": 1, "points": 3}],
            [{"kind": "score", "criterion": "top_row_buildings", "points": 2}],
            [
                {
                    "kind": "race",
                    "criterion": "building_on_river",
                    "count": 4,
                    "points": 4,
                }
            ],
        ],
    },
    {
        "name": gettext_noop("The riverside"),
        "story": gettext_noop(
            "The river becomes a trade route: a building on its bank is now worth "
            "2 points instead of 1 (this replaces the first chapter's river rule). "
            "Rocks under your buildings are cleared for good after each episode, so "
            "your board keeps the land you cleared."
        ),
        "rules": [
            {
                "kind": "score",
                "criterion": "building_on_river",
                "points": 2,
                "id": "river-2",
                "replaces": "river",
            },
            {"kind": "after_episode", "effect": "clear_covered_rocks"},
        ],
        "episodes": [
            [
                {
                    "kind": "race",
                    "criterion": "building_on_river",
                    "count": 3,
                    "points": 3,
                }
            ],
            [{"kind": "race", "criterion": "both_banks", "count": 1, "points": 3}],
            [
                {"kind": "remove_buildings", "buildings": ["Y1", "R1", "B1"]},
                {"kind": "score", "criterion": "touch_edge", "points": 1},
            ],
        ],
    },
    {
        "name": gettext_noop("The wells"),
        "story": gettext_noop(
            "Two wells are dug, one on each bank, and stay. A well whose four sides "
            "touch four different buildings scores 4 points. The diggers need timber: "
            "from now on a tree under your building is felled for good. The river "
            "rule and your cleared land carry over; this chapter's winners choose "
            "new stickers first."
        ),
        "rules": [
            {"kind": "board", "item": "well", "cells": [[3, 3], [6, 9]]},
            {"kind": "score", "criterion": "well_surrounded", "points": 4},
            {"kind": "after_episode", "effect": "fell_covered_trees"},
            {
                "kind": "stickers",
                "offer": [
                    {"criterion": "well_surrounded", "points": 2},
                    {"criterion": "complete_row", "points": 1},
                    {"criterion": "colour_buildings", "colour": "red", "points": 1},
                ],
                "lasts": "chapter",
            },
        ],
        "episodes": [
            [{"kind": "race", "criterion": "well_surrounded", "count": 1, "points": 4}],
            [{"kind": "score", "criterion": "both_banks", "points": 3}],
            [{"kind": "race", "criterion": "complete_row", "count": 1, "points": 4}],
        ],
    },
    {
        "name": gettext_noop("The quarters"),
        "story": gettext_noop(
            "The town grows quarters: each building in the largest group of each "
            "colour scores 1 point, for good. The three kiosks are closed for this "
            "chapter. Wells, the river and your stickers still count."
        ),
        "rules": [
            {"kind": "score", "criterion": "largest_colour_group", "points": 1},
            {
                "kind": "remove_buildings",
                "buildings": ["Y1", "R1", "B1"],
                "lasts": "chapter",
            },
        ],
        "episodes": [
            [
                {
                    "kind": "race",
                    "criterion": "largest_colour_group",
                    "count": 6,
                    "points": 4,
                }
            ],
            [
                {
                    "kind": "score",
                    "criterion": "colour_buildings",
                    "colour": "yellow",
                    "points": 1,
                }
            ],
            [{"kind": "score", "criterion": "complete_row", "points": 2}],
        ],
    },
    {
        "name": gettext_noop("The orchards"),
        "story": gettext_noop(
            "Five young trees are planted. Every visible tree now scores one more "
            "point; trees under buildings are still felled for good, so each "
            "player's orchard looks different."
        ),
        "rules": [
            {
                "kind": "board",
                "item": "tree",
                "cells": [[0, 2], [2, 7], [5, 3], [8, 9], [9, 3]],
            },
            {"kind": "score", "criterion": "visible_trees", "points": 1},
        ],
        "episodes": [
            [{"kind": "race", "criterion": "complete_row", "count": 1, "points": 4}],
            [{"kind": "score", "criterion": "touch_edge", "points": 1}],
            [{"kind": "board", "item": "tree", "cells": [[1, 8], [7, 4]]}],
        ],
    },
    {
        "name": gettext_noop("The old town"),
        "story": gettext_noop(
            "The old town crumbles: your first building of each episode in this "
            "chapter turns to ruins for good. Players behind the leader in circles "
            "start 2 higher. The winners of this chapter choose stickers first."
        ),
        "rules": [
            {
                "kind": "after_episode",
                "effect": "keep_first_building",
                "lasts": "chapter",
            },
            {"kind": "catch_up", "points": 2, "id": "help"},
            {
                "kind": "stickers",
                "offer": [
                    {"criterion": "largest_colour_group", "points": 1},
                    {"criterion": "building_on_river", "points": 1},
                    {"criterion": "visible_trees", "points": 1},
                ],
                "lasts": "chapter",
            },
        ],
        "episodes": [
            [{"kind": "race", "criterion": "touch_edge", "count": 3, "points": 4}],
            [
                {
                    "kind": "score",
                    "criterion": "colour_buildings",
                    "colour": "blue",
                    "points": 2,
                }
            ],
            [{"kind": "race", "criterion": "complete_row", "count": 2, "points": 5}],
        ],
    },
    {
        "name": gettext_noop("The bridges"),
        "story": gettext_noop(
            "Rocks fall by the mountains and stay. Building on both banks scores 3 "
            "points and each building touching the mountains or the forest 1 more. "
            "Everything before still holds."
        ),
        "rules": [
            {"kind": "board", "item": "rock", "cells": [[1, 1], [4, 1], [7, 1]]},
            {"kind": "score", "criterion": "both_banks", "points": 3},
            {"kind": "score", "criterion": "touch_edge", "points": 1},
        ],
        "episodes": [
            [{"kind": "race", "criterion": "touch_edge", "count": 4, "points": 4}],
            [{"kind": "score", "criterion": "top_row_buildings", "points": 2}],
            [{"kind": "race", "criterion": "well_surrounded", "count": 2, "points": 5}],
        ],
    },
    {
        "name": gettext_noop("The capital"),
        "story": gettext_noop(
            "The capital rises: each row without an empty meadow scores 2 points "
            "and each red building 1. Catch-up help grows to 3 (replacing the old "
            "town's 2). Your whole history is on your board: make it count."
        ),
        "rules": [
            {"kind": "score", "criterion": "complete_row", "points": 2},
            {
                "kind": "score",
                "criterion": "colour_buildings",
                "colour": "red",
                "points": 1,
            },
            {"kind": "catch_up", "points": 3, "replaces": "help"},
        ],
        "episodes": [
            [{"kind": "race", "criterion": "complete_row", "count": 2, "points": 5}],
            [{"kind": "score", "criterion": "largest_colour_group", "points": 1}],
            [
                {
                    "kind": "race",
                    "criterion": "colour_buildings",
                    "colour": "red",
                    "count": 5,
                    "points": 5,
                }
            ],
        ],
    },
]
