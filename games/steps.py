"""What the current step of a game allows, in one line under the prompt.

`step_name(slug, view, legal)` names the step a seat is in, from the engine's
view and that seat's legal moves; `step_help` gives the line, translated, with
what the legal moves allow right now ("You may use your power, build up to 2
cards, then end your turn."). Each game's texts and step names live in its
own package (`games/<game>/steps.py`), reached through its spec's
`step_name`, `step_help` and `step_texts`. `tests/games/test_steps.py` walks
random games of every game and checks that each step met has a text.
"""

from __future__ import annotations

from games import registry


def step_name(slug: str, view: dict, legal: list) -> str | None:
    """The step a seat with these legal moves is in; None when it has none."""
    spec = registry.find(slug)
    if spec is None or not legal or not view:
        return None
    return spec.step_name(view, legal)


def step_help(slug: str, view: dict, legal: list) -> str:
    """The line under the prompt, translated; "" when the seat has no move."""
    spec = registry.find(slug)
    if spec is None or not legal or not view:
        return ""
    return spec.step_help(view, legal)


def texts(slug: str) -> dict[str, str]:
    """Every step's text of that game (English, marked for translation)."""
    return registry.get(slug).step_texts
