"""What the current step of Lost Cities allows, in one line under the prompt
(games/steps.py calls `step_help` through the game's spec).

`step_name(view, legal)` names the step a seat is in from the engine's view and
its legal moves; `TEXTS` holds each step's line, here in the game's package:
the engine only names its steps.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

# The two phases of a turn.
TEXTS = {
    "play": gettext_noop(
        "Play one card of your hand on your expedition of its colour (higher "
        "than the card before), or discard it on its colour's pile; then you "
        "draw."
    ),
    "draw": gettext_noop(
        "Draw one card: the top of the deck, or the top card of a discard pile "
        "(not the card you have just discarded). The round ends when the deck "
        "is empty."
    ),
}


def step_name(view: dict, legal: list) -> str | None:
    """The step a seat with these legal moves is in: the turn's phase."""
    return view.get("phase")


def step_help(view: dict, legal: list) -> str:
    """The line under the prompt, translated; "" for an unknown step."""
    text = TEXTS.get(step_name(view, legal))
    return "" if text is None else _(text)
