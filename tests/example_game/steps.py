"""What the current step of Example Game allows, in one line under the prompt
(games/steps.py calls `step_help` through the game's spec)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

TEXTS = {
    "play": gettext_noop(
        "Play one of your cards: you step forward by its value, then draw."
    ),
}


def step_name(view: dict, legal: list) -> str | None:
    """Every turn is the one step: play a card."""
    return "play" if legal else None


def step_help(view: dict, legal: list) -> str:
    text = TEXTS.get(step_name(view, legal))
    return "" if text is None else _(text)
