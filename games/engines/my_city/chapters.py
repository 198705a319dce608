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


def chapter_of(episode: int) -> int:
    """1..8: the chapter an episode belongs to."""
    return (episode - 1) // EPISODES_PER_CHAPTER + 1


def criterion_text(rule: dict) -> str:
    if rule["criterion"] == "colour_buildings":
        return _("each {colour} building").format(colour=_(rule["colour"]))
    return _(SCORE_CRITERIA[rule["criterion"]])


def sticker_text(sticker: dict) -> str:
    return _("{points:+d} point(s) for {what} (your sticker).").format(
        points=sticker["points"], what=criterion_text(sticker)
    )


def rule_text(rule: dict) -> str:
    """One English sentence (translatable) saying what a rule does, for the pages."""
    kind = rule["kind"]
    if kind == "score":
        return _("{points:+d} point(s) for {what}.").format(
            points=rule["points"], what=criterion_text(rule)
        )
    if kind == "race":
        return _(
            "Race: the first to reach {count} for {what} scores {points} at once."
        ).format(count=rule["count"], what=criterion_text(rule), points=rule["points"])
    if kind == "board":
        return _("New on the board for good: {item} on {n} space(s).").format(
            item=_(rule["item"]), n=len(rule["cells"])
        )
    if kind == "remove_buildings":
        return _("Out of the game: {names}.").format(names=", ".join(rule["buildings"]))
    if kind == "catch_up":
        return _(
            "Players behind the leader in progress circles start {points} higher."
        ).format(points=rule["points"])
    if kind == "stickers":
        return _(
            "After each episode, in finishing order, each player takes a sticker: {offer}"
        ).format(offer=" / ".join(sticker_text(s) for s in rule["offer"]))
    return {
        "fell_covered_trees": _("After each episode, trees under buildings are gone."),
        "clear_covered_rocks": _("After each episode, rocks under buildings are gone."),
        "keep_first_building": _(
            "After each episode, your first building of the episode turns to ruins."
        ),
    }[rule["effect"]]


def rules_in_force(chapters: list, episode: int) -> dict:
    """The rules of an episode: {"new": this chapter's rules, "carried": earlier
    chapters' rules still in force, "replaced": earlier rules that stopped,
    "episode": the episode's own rules, "all": everything in force}."""
    number = chapter_of(episode)
    carried, replaced = [], []
    for index, entry in enumerate(chapters[:number], start=1):
        current = index == number
        for rule in entry["rules"]:
            if rule.get("replaces"):
                gone = [r for r in carried if r.get("id") == rule["replaces"]]
                carried = [r for r in carried if r.get("id") != rule["replaces"]]
                replaced += gone if current else []
            if not current and rule.get("lasts", "campaign") == "campaign":
                carried.append(rule)
    new = list(chapters[number - 1]["rules"])
    own = chapters[number - 1].get("episodes") or [[], [], []]
    mine = list(own[(episode - 1) % EPISODES_PER_CHAPTER])
    carried = [r for r in carried if r["kind"] != "board"]
    return {
        "new": new,
        "carried": carried,
        "replaced": replaced,
        "episode": mine,
        "all": [*carried, *new, *mine],
    }


def episode_rules(episode: int, chapters: list | None = None) -> dict:
    """The chapter of an episode, its story and its rules, for a campaign page:
    {"chapter", "name", "story", "rules", "texts", "carried", "replaced",
    "episode"} (texts: sentences)."""
    chapters = chapters or CHAPTERS
    number = chapter_of(episode)
    entry = chapters[number - 1]
    force = rules_in_force(chapters, episode)
    story = entry.get("story") or ""
    return {
        "chapter": number,
        "name": _(entry["name"]),  # a chapter of one's own keeps its own name
        "story": _(story) if story else "",
        "rules": force["all"],
        "texts": [rule_text(rule) for rule in force["new"]],
        "carried": [rule_text(rule) for rule in force["carried"]],
        "replaced": [rule_text(rule) for rule in force["replaced"]],
        "episode": [rule_text(rule) for rule in force["episode"]],
    }


def board_change_id(chapter: int, index: int, episode: int | None = None) -> str:
    """How the carry remembers that a board change was applied (never twice)."""
    if episode is not None:
        return f"episode-{episode}-rule-{index}"
    return f"chapter-{chapter}-rule-{index}"


def board_changes_up_to(chapters: list, episode: int) -> list:
    """[(id, rule)] for every board change of the chapters up to `episode` and of
    the episodes up to it, in order."""
    number = chapter_of(episode)
    out = []
    for chapter, entry in enumerate(chapters[:number], start=1):
        for index, rule in enumerate(entry["rules"]):
            if rule["kind"] == "board":
                out.append((board_change_id(chapter, index), rule))
        for offset, rules in enumerate(entry.get("episodes") or []):
            ep = (chapter - 1) * EPISODES_PER_CHAPTER + offset + 1
            if ep > episode:
                break
            for index, rule in enumerate(rules):
                if rule["kind"] == "board":
                    out.append((board_change_id(chapter, index, ep), rule))
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


def _check_criterion(rule: dict, where: str) -> None:
    if rule.get("criterion") not in SCORE_CRITERIA:
        raise InvalidOptions(
            f"{where}: unknown criterion {rule.get('criterion')!r}; "
            f"one of {list(SCORE_CRITERIA)}."
        )
    wants_colour = rule["criterion"] == "colour_buildings"
    if wants_colour and rule.get("colour") not in COLOURS:
        raise InvalidOptions(f"{where}: 'colour' must be one of {list(COLOURS)}.")
    if not wants_colour and "colour" in rule:
        raise InvalidOptions(f"{where}: only colour_buildings takes a 'colour'.")
    if not _is_int(rule.get("points")) or not -20 <= rule["points"] <= 20:
        raise InvalidOptions(f"{where}: 'points' must be a whole number -20..20.")


def _check_rule(rule, where: str, episode_rule: bool = False) -> dict:
    if not isinstance(rule, dict) or "kind" not in rule:
        raise InvalidOptions(f"{where}: a rule must be an object with a 'kind'.")
    kind = rule["kind"]
    if kind not in KINDS:
        raise InvalidOptions(
            f"{where}: unknown rule kind {kind!r}; one of {list(KINDS)}."
        )
    extra = set(rule) - KINDS[kind] - COMMON_KEYS
    if extra:
        raise InvalidOptions(f"{where}: unknown keys {sorted(extra)}.")
    for key in ("id", "replaces"):
        if key in rule and (not isinstance(rule[key], str) or not rule[key].strip()):
            raise InvalidOptions(f"{where}: {key!r} must be a non-empty text.")
    if "lasts" in rule and rule["lasts"] not in LASTS:
        raise InvalidOptions(f"{where}: 'lasts' must be one of {list(LASTS)}.")
    if episode_rule and set(rule) & {"id", "replaces", "lasts"}:
        raise InvalidOptions(
            f"{where}: an episode's own rule lasts that episode; no id, replaces "
            "or lasts."
        )
    if episode_rule and kind in ("stickers", "after_episode", "catch_up"):
        raise InvalidOptions(
            f"{where}: a {kind!r} rule belongs to the chapter, not to one episode."
        )
    if kind == "catch_up":
        if not _is_int(rule.get("points")) or not -20 <= rule["points"] <= 20:
            raise InvalidOptions(f"{where}: 'points' must be a whole number -20..20.")
    elif kind == "score":
        _check_criterion(rule, where)
    elif kind == "race":
        _check_criterion(rule, where)
        if not _is_int(rule.get("count")) or not 1 <= rule["count"] <= 24:
            raise InvalidOptions(f"{where}: 'count' must be a whole number 1..24.")
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
                f"{where}: 'cells' must be [[row, col], ...] on the board "
                f"(rows 0..{ROWS - 1}, columns 0..{COLS - 1})."
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
    elif kind == "after_episode":
        if rule.get("effect") not in AFTER_EPISODE:
            raise InvalidOptions(
                f"{where}: 'effect' must be one of {list(AFTER_EPISODE)}."
            )
    elif kind == "stickers":
        offer = rule.get("offer")
        if not isinstance(offer, list) or not 1 <= len(offer) <= 6:
            raise InvalidOptions(f"{where}: 'offer' must list 1 to 6 stickers.")
        for i, sticker in enumerate(offer):
            check_sticker(sticker, f"{where}, sticker {i + 1}")
    return rule


def check_sticker(sticker, where: str) -> dict:
    """A sticker: {"criterion", "points"} (and "colour" for colour_buildings)."""
    if not isinstance(sticker, dict) or set(sticker) - {
        "criterion",
        "points",
        "colour",
    }:
        raise InvalidOptions(
            f"{where}: a sticker is {{'criterion', 'points'}} (and 'colour')."
        )
    _check_criterion(sticker, where)
    return sticker


def validate_chapters(chapters) -> list:
    """Custom chapters: a list of 8 {"name": str, "rules": [rule, ...]} with an
    optional "story" and "episodes" (3 lists of rules)."""
    if (
        not isinstance(chapters, list)
        or len(chapters) != EPISODES // EPISODES_PER_CHAPTER
    ):
        raise InvalidOptions("'chapters' must be a list of 8 chapters.")
    out = []
    ids: set = set()
    for number, entry in enumerate(chapters, start=1):
        where = f"chapter {number}"
        if (
            not isinstance(entry, dict)
            or not {"name", "rules"} <= set(entry)
            or set(entry) - {"name", "rules", "story", "episodes"}
        ):
            raise InvalidOptions(
                f"{where}: a chapter is {{'name': ..., 'rules': [...]}}, with an "
                "optional 'story' and 'episodes'."
            )
        if not isinstance(entry["name"], str) or not entry["name"].strip():
            raise InvalidOptions(f"{where}: the name must be a non-empty text.")
        if "story" in entry and not isinstance(entry["story"], str):
            raise InvalidOptions(f"{where}: the story must be a text.")
        if not isinstance(entry["rules"], list):
            raise InvalidOptions(f"{where}: 'rules' must be a list.")
        rules = [
            _check_rule(rule, f"{where}, rule {i + 1}")
            for i, rule in enumerate(entry["rules"])
        ]
        for i, rule in enumerate(rules):
            if "replaces" in rule and rule["replaces"] not in ids:
                raise InvalidOptions(
                    f"{where}, rule {i + 1}: it replaces {rule['replaces']!r}, "
                    "which no earlier chapter's rule has as its id."
                )
        for i, rule in enumerate(rules):
            if "id" in rule:
                if rule["id"] in ids:
                    raise InvalidOptions(
                        f"{where}, rule {i + 1}: the id {rule['id']!r} is taken."
                    )
                ids.add(rule["id"])
        chapter = {"name": entry["name"], "rules": rules}
        if "story" in entry:
            chapter["story"] = entry["story"]
        if "episodes" in entry:
            episodes = entry["episodes"]
            if (
                not isinstance(episodes, list)
                or len(episodes) != EPISODES_PER_CHAPTER
                or not all(isinstance(e, list) for e in episodes)
            ):
                raise InvalidOptions(
                    f"{where}: 'episodes' must be 3 lists of rules, one per episode."
                )
            chapter["episodes"] = [
                [
                    _check_rule(rule, f"{where}, episode {e + 1}, rule {i + 1}", True)
                    for i, rule in enumerate(rules_of_episode)
                ]
                for e, rules_of_episode in enumerate(episodes)
            ]
        out.append(chapter)
    return out
