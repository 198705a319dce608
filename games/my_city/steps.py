"""What the current step of My City allows, in one line under the prompt
(games/steps.py calls `step_help` through the game's spec).

`step_name(view, legal)` names the step a seat is in from the engine's view and
its legal moves; `TEXTS` holds each step's line, here in the game's package:
the engine only names its steps.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

# What a seat may decide this round.
TEXTS = {
    "build": gettext_noop(
        "Build the revealed building on your board, or pass (−1 point, you go "
        "on playing), or stop for the rest of the episode (free)."
    ),
    "build_no_pass": gettext_noop(
        "Build the revealed building on your board, or stop for the rest of the "
        "episode: passing is not allowed now."
    ),
    "no_room": gettext_noop(
        "The building fits nowhere in this position: try another image, pass "
        "(−1 point) or stop for the rest of the episode."
    ),
    "stop_only": gettext_noop(
        "The building cannot be built and passing is not allowed: stop for the "
        "rest of the episode."
    ),
}


def step_name(view: dict, legal: list) -> str | None:
    """Whether the seat can place the building, pass, or only stop."""
    types = {m["type"] for m in legal}
    if "place" in types:
        return "build" if "pass" in types else "build_no_pass"
    return "no_room" if "pass" in types else "stop_only"


def step_help(view: dict, legal: list) -> str:
    """The line under the prompt, translated."""
    return _(TEXTS[step_name(view, legal)])
