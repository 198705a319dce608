"""Scoring (rules text, "Passer, arrêter et décompter" and "Gagner un épisode").

Base scoring: the track starts at 10 (rules text: "marqueur Score sur dix"), -1 per
pass, +1 per visible tree, -1 per visible rock, -1 per empty meadow; a space with
two trees or two rocks counts both items and is not also an empty meadow (rules
text, FAQ). Then the chapter's scoring rules (chapters.py) or, in the Eternal game,
its extra scoring (DATA.md). Ties: fewest empty meadows in the top row, then the
next rows (rules text). Progress circles: 2 to the first and 1 to the second with
3 or 4 players, 2 to the first only with 2 (rules text).

Every value in a detail is a signed number of points, except "empty_by_row", so a
player can check the total by adding them up.
"""

from __future__ import annotations

from games.engines.base import ranks_from_scores
from games.my_city.engine.board import (
    COLS,
    EDGE_SPACES,
    EMPTY_WHEN_UNCOVERED,
    RIVER_SPACES,
    ROCKS,
    ROWS,
    TREES,
    WELL,
    bank,
    neighbours,
)
from games.my_city.engine.buildings import BUILDINGS, CHURCH, COLOURS

START = 10  # rules text: the score marker starts on 10
ETERNAL_CHURCH_POINTS = 3  # DATA.md
ETERNAL_WELL_POINTS = 4  # DATA.md
ETERNAL_GOLD_POINTS = 3  # DATA.md


def colour_of(entry: dict) -> str | None:
    """A building's colour."""
    return BUILDINGS[entry["building"]]["colour"]


def base_counts(terrain: list, placed: list) -> dict:
    covered = {(r, c) for entry in placed for r, c in entry["cells"]}
    trees = rocks = 0
    empty_by_row = []
    for r in range(ROWS):
        empty = 0
        for c in range(COLS):
            if (r, c) in covered:
                continue
            code = terrain[r][c]
            trees += TREES.get(code, 0)
            rocks += ROCKS.get(code, 0)
            empty += code in EMPTY_WHEN_UNCOVERED
        empty_by_row.append(empty)
    return {"trees": trees, "rocks": rocks, "empty_by_row": empty_by_row}


def _building_neighbours(placed: list) -> list:
    """For each building (by index), the indices of buildings sharing an edge."""
    owner = {(r, c): i for i, entry in enumerate(placed) for r, c in entry["cells"]}
    out = []
    for i, entry in enumerate(placed):
        touching = set()
        for r, c in entry["cells"]:
            for cell in neighbours(r, c):
                j = owner.get(cell)
                if j is not None and j != i:
                    touching.add(j)
        out.append(touching)
    return out


def largest_groups(placed: list) -> dict:
    """Colour -> number of buildings in its largest edge-connected group."""
    links = _building_neighbours(placed)
    best = dict.fromkeys(COLOURS, 0)
    seen: set = set()
    for start, entry in enumerate(placed):
        colour = colour_of(entry)
        if colour not in best or start in seen:
            continue
        group, todo = 0, [start]
        seen.add(start)
        while todo:
            i = todo.pop()
            group += 1
            for j in links[i]:
                if j not in seen and colour_of(placed[j]) == colour:
                    seen.add(j)
                    todo.append(j)
        best[colour] = max(best[colour], group)
    return best


def surrounded_wells(terrain: list, placed: list) -> int:
    """Uncovered wells whose four sides each touch a building, four different
    buildings (a well may be built upon, like rocks and trees)."""
    owner = {(r, c): e["building"] for e in placed for r, c in e["cells"]}
    count = 0
    for r in range(ROWS):
        for c in range(COLS):
            if terrain[r][c] != WELL or (r, c) in owner:
                continue  # a well built upon is gone from sight
            around = [owner.get(cell) for cell in neighbours(r, c)]
            if len(around) == 4 and None not in around and len(set(around)) == 4:
                count += 1
    return count


def scored_churches(placed: list) -> int:
    """Churches touching a yellow, a red and a blue building (DATA.md)."""
    links = _building_neighbours(placed)
    count = 0
    for i, entry in enumerate(placed):
        if colour_of(entry) != CHURCH:
            continue
        if set(COLOURS) <= {colour_of(placed[j]) for j in links[i]}:
            count += 1
    return count


def criterion_count(rule: dict, terrain: list, placed: list, counts: dict) -> int:
    """How many times a chapter's scoring rule applies (chapters.SCORE_CRITERIA)."""
    criterion = rule["criterion"]
    if criterion == "building_on_river":
        return sum(any(tuple(c) in RIVER_SPACES for c in e["cells"]) for e in placed)
    if criterion == "largest_colour_group":
        return sum(largest_groups(placed).values())
    if criterion == "well_surrounded":
        return surrounded_wells(terrain, placed)
    if criterion == "both_banks":
        return int(len({bank(r, c) for e in placed for r, c in e["cells"]}) == 2)
    if criterion == "complete_row":
        return sum(1 for empty in counts["empty_by_row"] if empty == 0)
    if criterion == "touch_edge":
        return sum(any(tuple(c) in EDGE_SPACES for c in e["cells"]) for e in placed)
    if criterion == "visible_trees":
        return counts["trees"]
    if criterion == "colour_buildings":
        return sum(colour_of(e) == rule["colour"] for e in placed)
    if criterion == "top_row_buildings":
        return sum(any(r == 0 for r, _c in e["cells"]) for e in placed)
    raise ValueError(f"unknown criterion {criterion!r}")


def rule_key(rule: dict) -> str:
    """The name a scoring rule, race or sticker has in a score's detail."""
    if rule["criterion"] == "colour_buildings":
        return f"{rule['colour']}_buildings"
    return rule["criterion"]


def rules_points(rules, terrain: list, placed: list, counts: dict) -> dict:
    """key -> points of a list of scoring rules (or stickers) on a board."""
    out: dict = {}
    for rule in rules:
        key = rule_key(rule)
        points = rule["points"] * criterion_count(rule, terrain, placed, counts)
        out[key] = out.get(key, 0) + points
    return out


def seat_score(
    state: dict, seat: int, player: dict | None = None, aware: bool = True
) -> tuple[int, dict]:
    """The score of a seat as it would be counted now, and its breakdown. `player`
    replaces the seat's own data (a computer player trying a placement); with
    `aware=False` only the base scoring counts (a player who ignores the rules in
    force, for the self-play measure)."""
    player = player or state["players"][seat]
    terrain, placed = player["terrain"], player["placed"]
    counts = base_counts(terrain, placed)
    detail = {
        "start": START,
        "catch_up": player["catch_up"],
        "passes": -player["passes"],
        "trees": counts["trees"],
        "rocks": -counts["rocks"],
        "empty_meadows": -sum(counts["empty_by_row"]),
    }
    if aware:
        rules = [rule for rule in state["rules"] if rule["kind"] == "score"]
        chapter = rules_points(rules, terrain, placed, counts)
        if chapter:
            detail["chapter"] = chapter
        stickers = rules_points(player.get("stickers", []), terrain, placed, counts)
        if stickers:
            detail["stickers"] = stickers
        if player.get("races"):
            detail["races"] = dict(player["races"])
    if state["mode"] == "eternal":
        groups = largest_groups(placed)
        detail["eternal"] = {
            **{f"{colour}_group": groups[colour] for colour in COLOURS},
            "churches": ETERNAL_CHURCH_POINTS * scored_churches(placed),
            "wells": ETERNAL_WELL_POINTS * surrounded_wells(terrain, placed),
            "gold": player["gold"],
        }
    score = sum(v for k, v in detail.items() if isinstance(v, int))
    for part in ("chapter", "stickers", "races"):
        score += sum(detail.get(part, {}).values())
    score += sum(detail.get("eternal", {}).values())
    detail["empty_by_row"] = counts["empty_by_row"]
    detail["total"] = score
    return score, detail


def ranking(state: dict) -> tuple[list, list, list]:
    """(scores, details, ranks); ties broken row by row from the top (rules text)."""
    rows = [seat_score(state, seat) for seat in range(len(state["players"]))]
    scores = [score for score, _ in rows]
    details = [detail for _, detail in rows]
    tiebreak = [tuple(-e for e in d["empty_by_row"]) for d in details]
    return scores, details, ranks_from_scores(scores, tiebreak)


# DATA.md (rulebook transcription): reaching 50 on the score track colours a
# progress circle. Read here as one more circle for a final score of 50 or more.
CIRCLE_SCORE = 50


def circles_won(rank: int, num_players: int, score: int = 0) -> int:
    """Progress circles for a final rank (rules text); shared ranks share circles."""
    won = 0
    if rank == 1:
        won = 2
    elif rank == 2 and num_players >= 3:
        won = 1
    return won + (score >= CIRCLE_SCORE)
