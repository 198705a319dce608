"""What the current step of Rival Cities allows, in one line under the prompt
(games/steps.py calls `step_help` through the game's spec).

`step_name(view, legal)` names the step a seat is in from the engine's view and
its legal moves; `TEXTS` holds each step's line, here in the game's package:
the engine only names its steps.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games.rival_cities.engine.actions import FACTORY_COST
from games.rival_cities.engine.turn import move_cost
from games.rival_cities.engine.victories import SHIP_LEAD_TO_WIN

# The decision kinds of the engine's task queue.
TEXTS = {
    "start": gettext_noop("Take one resource of your choice to start with."),
    "inkwell": gettext_noop(
        "You may go 1 to {n} spaces; up to {free} is free. Passing the bell "
        "starts a low season."
    ),
    "pay": gettext_noop(
        "Give one resource of your choice to the supply; a letter may first "
        "exchange a resource you have for one you lack."
    ),
    "option": gettext_noop("Choose one option: {options}."),
    "card": gettext_noop("Do one half of the split card (both with Gdańsk)."),
    "production": gettext_noop(
        "Turn active factories to their spent side: each gives 1 more of the "
        "resource produced."
    ),
    "donation": gettext_noop(
        "Pay the donation's cost for its stars, again if the card allows, or stop."
    ),
    "exchange": gettext_noop(
        "Give one resource to the supply and take one of another type, or stop."
    ),
    "factory": gettext_noop("Pay {n} resources for a factory, or stop."),
    "repeat": gettext_noop(
        "Pay the price of your alliance or ship to do the action once more, or stop."
    ),
    "piracy": gettext_noop(
        "Take 1 resource from your rival; or take up to 3, and your rival gains "
        "prestige once."
    ),
    "steal": gettext_noop("Take one more resource from your rival, or stop."),
    "alliance": gettext_noop(
        "Take an alliance from the board for free, or one of your rival's for a "
        "letter, or stop."
    ),
    "ship": gettext_noop(
        "Buy one face-up ship by paying its cost, or stop; {n} ships more than "
        "your rival wins."
    ),
    "lawsuit": gettext_noop(
        "Pay one lawsuit's cost: take its bonus and move its marker one step "
        "toward you. Or stop."
    ),
    "lawsuit_extra": gettext_noop(
        "Pay the same cost again for one more step on this lawsuit, or stop."
    ),
    "court": gettext_noop(
        "Resolve the lawsuit in position I if its marker is far enough on your "
        "side, or swap two neighbouring lawsuits, or stop."
    ),
    "upkeep": gettext_noop(
        "Low season: pay this alliance's upkeep to keep it, or put it back on "
        "the board."
    ),
}
OPTIONS = {
    "A": gettext_noop("A, do the card on this space"),
    "B": gettext_noop("B, play a special card from your hand"),
    "C": gettext_noop("C, both (a letter)"),
    "D": gettext_noop("D, take this special card into your hand"),
    "none": gettext_noop("end your turn (nothing can be done here)"),
}


def step_name(view: dict, legal: list) -> str | None:
    """The kind of the decision the engine waits for."""
    return (view.get("decision") or {}).get("t")


def step_help(view: dict, legal: list) -> str:
    """The line under the prompt, translated; "" for an unknown step."""
    step = step_name(view, legal)
    text = TEXTS.get(step)
    if text is None:
        return ""
    if step == "inkwell":
        # As far as the legal moves go (what the player can pay for).
        reach = max((m.get("spaces", 0) for m in legal), default=0)
        free = max(n for n in range(1, 7) if move_cost(n) == 0)
        return _(text).format(n=reach, free=free)
    if step == "factory":
        return _(text).format(n=FACTORY_COST)
    if step == "ship":
        return _(text).format(n=SHIP_LEAD_TO_WIN)
    if step == "option":
        offered = [m["option"] for m in legal if m.get("type") == "option"]
        names = [_(OPTIONS[o]) for o in dict.fromkeys(offered) if o in OPTIONS]
        return _(text).format(options="; ".join(names))
    return _(text)
