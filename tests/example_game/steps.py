"""What the current step of Example Game allows, in one line under the prompt
(games/steps.py calls `step_help` through the game's spec)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

TEXTS = {
    "take": gettext_noop(
        "Take 1, 2 or 3 stones. When the pile is empty, your stones and your "
        "card's points make your score."
    ),
}


def step_name(view: dict, legal: list) -> str | None:
    """Every turn is the one step: take stones."""
    return "take" if legal else None


def step_help(view: dict, legal: list) -> str:
    text = TEXTS.get(step_name(view, legal))
    return "" if text is None else _(text)
