"""What the current step of Citadels allows, in one line under the prompt
(games/steps.py calls `step_help` through the game's spec).

`step_name(view, legal)` names the step a seat is in from the engine's view and
its legal moves; `TEXTS` holds each step's line, here in the game's package:
the engine only names its steps.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from games.citadels.engine.engine import POWER_MOVES, WONDER_MOVES
from games.citadels.engine.turns import CARDS_DRAWN, GOLD_TAKEN

TEXTS = {
    "draft_discard": gettext_noop(
        "Put one of these characters aside face down; nobody else will see it."
    ),
    "draft_choose": gettext_noop(
        "Keep one character for this round, secretly, and pass the rest on."
    ),
    "pending_graveyard": gettext_noop(
        "You may pay 1 gold to take the destroyed district into your hand."
    ),
    "pending_theater": gettext_noop(
        "You may swap one of your characters with another player's, unseen."
    ),
    "pending_emperor": gettext_noop(
        "You received the crown: pay the Emperor his tribute."
    ),
    "pending_emperor_crown": gettext_noop(
        "Your Emperor was killed: give the crown to another player."
    ),
    "pending_magistrate": gettext_noop(
        "You may reveal your signed warrant and take the district just built."
    ),
    "pending_blackmail": gettext_noop(
        "The bribe was refused: you may reveal the threat; if it is the real "
        "one, you take all their gold."
    ),
    "sub_redraw": gettext_noop("Choose the cards to put back, then draw as many."),
    "sub_den": gettext_noop("Choose the cards you pay with."),
    "sub_wizard": gettext_noop("Take one card from the hand you are looking at."),
    "sub_wizard_card": gettext_noop(
        "Build the card you took (paying its cost), or keep it in your hand."
    ),
    "sub_scholar": gettext_noop(
        "Keep one of the cards you drew; the others go back into the deck."
    ),
    "sub_seer": gettext_noop("Give each player you took a card from one card."),
    "sub_cardinal": gettext_noop("Give cards for the gold you take to build."),
    "sub_bribe": gettext_noop(
        "Pay the bribe (half your gold) to be left alone, or refuse it."
    ),
    "sub_lighthouse": gettext_noop("Take any card of the deck into your hand."),
    "sub_bell_tower": gettext_noop(
        "You may ring the Bell Tower: the game then ends when a city has one "
        "district fewer."
    ),
    "resources": gettext_noop("Take {gold} gold, or draw {cards} cards and keep one."),
    "resources_early": gettext_noop(
        "Take {gold} gold, or draw {cards} cards and keep one; you may use your "
        "power or collect your income before or after."
    ),
    "keep": gettext_noop("Keep one of the cards you drew; the other goes back."),
    "main": gettext_noop("You may {actions}, then end your turn."),
    "main_must": gettext_noop("You must {actions} before your turn can end."),
}
PARTS = {
    "power": gettext_noop("use your power"),
    "income": gettext_noop("collect your income"),
    "wonder": gettext_noop("use a district of your city"),
    "thank": gettext_noop("thank your host first (Ball Room)"),
}


def step_name(view: dict, legal: list) -> str | None:
    """The draft, a pending question, a sub-choice or the turn's step."""
    if view.get("pending"):
        return "pending_" + view["pending"]["kind"]
    if view.get("phase") == "draft":
        action = (view.get("draft") or {}).get("action")
        return "draft_discard" if action == "discard" else "draft_choose"
    turn = (view.get("call") or {}).get("turn") or {}
    if turn.get("sub"):
        return "sub_" + turn["sub"]["kind"]
    return turn.get("step") or "main"


def _main(view: dict, legal: list) -> str:
    types = {m["type"] for m in legal}
    turn = (view.get("call") or {}).get("turn") or {}
    parts = []
    if "thank" in types:
        parts.append(_(PARTS["thank"]))
    if types & POWER_MOVES:
        parts.append(_(PARTS["power"]))
    if "income" in types:
        parts.append(_(PARTS["income"]))
    if "build" in types or "wizard_build" in types:
        left = max(1, (turn.get("build_limit") or 1) - (turn.get("built") or 0))
        parts.append(
            ngettext(
                "build one district",
                "build up to %(n)d districts",
                left,
            )
            % {"n": left}
        )
    if types & WONDER_MOVES:
        parts.append(_(PARTS["wonder"]))
    if not parts:
        return _("Nothing more to do: end your turn.")
    text = TEXTS["main"] if "end_turn" in types else TEXTS["main_must"]
    return _(text).format(actions=", ".join(parts))


def step_help(view: dict, legal: list) -> str:
    """The line under the prompt, translated; "" for an unknown step."""
    step = step_name(view, legal)
    text = TEXTS.get(step)
    if text is None:
        return ""
    if step == "main":
        return _main(view, legal)
    if step == "resources":
        types = {m["type"] for m in legal}
        if types & (POWER_MOVES | {"income"}):
            text = TEXTS["resources_early"]
        return _(text).format(gold=GOLD_TAKEN, cards=CARDS_DRAWN)
    return _(text)
