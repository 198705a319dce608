"""What a race asks for, as a rulebook says it: one whole sentence per
criterion (and colour), its plural chosen by the race's count, and the points
it is worth in a sentence of their own (chapter_rules.rule_text)."""

from __future__ import annotations

from games.engines.base import _, gettext_noop, ngettext

# criterion (or "colour_buildings:<colour>") -> the goal of a race for a count,
# "{count}" in the sentence (each ngettext call written out for the catalogue).
RACE_GOALS = {
    "building_on_river": lambda n: ngettext(
        "Race: be the first with {count} building on the river.",
        "Race: be the first with {count} buildings on the river.",
        n,
    ),
    "largest_colour_group": lambda n: ngettext(
        "Race: be the first whose largest groups, one per colour, hold {count} "
        "building in all.",
        "Race: be the first whose largest groups, one per colour, hold {count} "
        "buildings in all.",
        n,
    ),
    "well_surrounded": lambda n: ngettext(
        "Race: be the first with {count} well touching four different buildings.",
        "Race: be the first with {count} wells each touching four different buildings.",
        n,
    ),
    "complete_row": lambda n: ngettext(
        "Race: be the first with {count} row without an empty meadow.",
        "Race: be the first with {count} rows without an empty meadow.",
        n,
    ),
    "touch_edge": lambda n: ngettext(
        "Race: be the first with {count} building touching the mountains or the "
        "forest.",
        "Race: be the first with {count} buildings touching the mountains or the "
        "forest.",
        n,
    ),
    "visible_trees": lambda n: ngettext(
        "Race: be the first with {count} tree still in view.",
        "Race: be the first with {count} trees still in view.",
        n,
    ),
    "top_row_buildings": lambda n: ngettext(
        "Race: be the first with {count} building in the top row.",
        "Race: be the first with {count} buildings in the top row.",
        n,
    ),
    "colour_buildings:yellow": lambda n: ngettext(
        "Race: be the first with {count} yellow building.",
        "Race: be the first with {count} yellow buildings.",
        n,
    ),
    "colour_buildings:red": lambda n: ngettext(
        "Race: be the first with {count} red building.",
        "Race: be the first with {count} red buildings.",
        n,
    ),
    "colour_buildings:blue": lambda n: ngettext(
        "Race: be the first with {count} blue building.",
        "Race: be the first with {count} blue buildings.",
        n,
    ),
}
BOTH_BANKS = gettext_noop(
    "Race: be the first with buildings on both banks of the river."
)


def race_goal(rule: dict) -> str:
    """The race's goal, one sentence in the reader's language."""
    criterion = rule["criterion"]
    if criterion == "both_banks":
        return _(BOTH_BANKS)
    if criterion == "colour_buildings":
        criterion = f"{criterion}:{rule['colour']}"
    return RACE_GOALS[criterion](rule["count"]).format(count=rule["count"])


def race_prize(points: int) -> str:
    """What winning a race is worth, one sentence."""
    return ngettext(
        "The first to get there scores {points} point at once (all who get "
        "there in the same round).",
        "The first to get there scores {points} points at once (all who get "
        "there in the same round).",
        points,
    ).format(points=points)
