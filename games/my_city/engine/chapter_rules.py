"""The campaign's rules in play (chapters.py has the vocabulary and the data).

Which rules are in force in an episode, each rule's text as a player reads it,
the permanent board changes, and the validation of custom chapters (options
"chapters"), which must follow the vocabulary described in chapters.py.
"""

from __future__ import annotations

from games.engines.base import InvalidOptions, _, ngettext
from games.my_city.engine.board import COLS, ROWS
from games.my_city.engine.buildings import CAMPAIGN_BUILDINGS, COLOURS
from games.my_city.engine.chapters import (
    AFTER_EPISODE,
    BOARD_ITEMS,
    CHAPTERS,
    COMMON_KEYS,
    EPISODES,
    EPISODES_PER_CHAPTER,
    KINDS,
    LASTS,
    SCORE_CRITERIA,
)
from games.my_city.engine.race_texts import race_goal, race_prize
from games.my_city.engine.texts import each_colour_building


def chapter_of(episode: int) -> int:
    """1..8: the chapter an episode belongs to."""
    return (episode - 1) // EPISODES_PER_CHAPTER + 1


def criterion_text(rule: dict) -> str:
    if rule["criterion"] == "colour_buildings":
        return each_colour_building(rule["colour"])
    return _(SCORE_CRITERIA[rule["criterion"]])


def points_for(rule: dict) -> str:
    """ "You score 2 points for each ...", "You lose 1 point for each ..."."""
    points, what = rule["points"], criterion_text(rule)
    if points < 0:
        return ngettext(
            "You lose {points} point for {what}.",
            "You lose {points} points for {what}.",
            -points,
        ).format(points=-points, what=what)
    return ngettext(
        "You score {points} point for {what}.",
        "You score {points} points for {what}.",
        points,
    ).format(points=points, what=what)


def sticker_text(sticker: dict) -> str:
    return ngettext(
        "Sticker: {points} point for {what}.",
        "Sticker: {points} points for {what}.",
        abs(sticker["points"]),
    ).format(points=sticker["points"], what=criterion_text(sticker))


def rule_text(rule: dict) -> str:
    """One English sentence (translatable) saying what a rule does, for the pages."""
    kind = rule["kind"]
    if kind == "score":
        return points_for(rule)
    if kind == "race":
        return " ".join([race_goal(rule), race_prize(rule["points"])])
    if kind == "board":
        return ngettext(
            "New on the board for good: {item} on {n} space.",
            "New on the board for good: {item} on {n} spaces.",
            len(rule["cells"]),
        ).format(item=_(rule["item"]), n=len(rule["cells"]))
    if kind == "remove_buildings":
        return _("Out of the game: {names}.").format(names=", ".join(rule["buildings"]))
    if kind == "catch_up":
        return _(
            "Players behind the leader in progress circles start {points} higher."
        ).format(points=rule["points"])
    if kind == "stickers":
        offer = rule["offer"]
        lines = [
            ngettext(
                "After each episode, each player in finishing order takes one "
                "of these {n} sticker, a rule of their own for the rest of the "
                "campaign.",
                "After each episode, each player in finishing order takes one "
                "of these {n} stickers, a rule of their own for the rest of the "
                "campaign.",
                len(offer),
            ).format(n=len(offer))
        ]
        for sticker in offer:
            lines.append(
                ngettext(
                    "One sticker scores {points} point for {what}.",
                    "One sticker scores {points} points for {what}.",
                    abs(sticker["points"]),
                ).format(points=sticker["points"], what=criterion_text(sticker))
            )
        return " ".join(lines)
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
