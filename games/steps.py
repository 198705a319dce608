"""What the current step of a game allows, in one line under the prompt.

`step_name(slug, view, legal)` names the step a seat is in, from the engine's
view and that seat's legal moves (the engines' own step words: Lost Cities'
phase, Citadels' draft, pending questions, sub-choices and turn steps, Rival
Cities' decision kind, My City's kinds of decision); `step_help` gives the
line, translated, with what the legal moves allow right now ("You may use your
power, build up to 2 districts, then end your turn."). The texts live here, in
the site: the engines only name their steps. `tests/games/test_steps.py`
walks random games of every engine and checks that each step met has a text.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from games.engines.citadels.engine import POWER_MOVES, WONDER_MOVES
from games.engines.citadels.turns import CARDS_DRAWN, GOLD_TAKEN
from games.engines.rival_cities.actions import FACTORY_COST
from games.engines.rival_cities.turn import move_cost
from games.engines.rival_cities.victories import SHIP_LEAD_TO_WIN

# Lost Cities: the two phases of a turn.
LOST_CITIES = {
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

# Citadels: the draft, the questions asked out of turn (pending), the choices
# inside a power (sub) and the steps of a character's turn.
CITADELS = {
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
CITADELS_PARTS = {
    "power": gettext_noop("use your power"),
    "income": gettext_noop("collect your income"),
    "wonder": gettext_noop("use a district of your city"),
    "thank": gettext_noop("thank your host first (Ball Room)"),
}

# Rival Cities: the decision kinds of the engine's task queue.
RIVAL_CITIES = {
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

# My City: what a seat may decide this round.
MY_CITY = {
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

TEXTS = {
    "lost-cities": LOST_CITIES,
    "citadels": CITADELS,
    "rival-cities": RIVAL_CITIES,
    "my-city": MY_CITY,
}


def _citadels_step(view: dict) -> str:
    if view.get("pending"):
        return "pending_" + view["pending"]["kind"]
    if view.get("phase") == "draft":
        action = (view.get("draft") or {}).get("action")
        return "draft_discard" if action == "discard" else "draft_choose"
    turn = (view.get("call") or {}).get("turn") or {}
    if turn.get("sub"):
        return "sub_" + turn["sub"]["kind"]
    return turn.get("step") or "main"


def _my_city_step(legal: list) -> str:
    types = {m["type"] for m in legal}
    if "place" in types:
        return "build" if "pass" in types else "build_no_pass"
    return "no_room" if "pass" in types else "stop_only"


def step_name(slug: str, view: dict, legal: list) -> str | None:
    """The step a seat with these legal moves is in; None when it has none."""
    if not legal or not view:
        return None
    if slug == "lost-cities":
        return view.get("phase")
    if slug == "citadels":
        return _citadels_step(view)
    if slug == "rival-cities":
        return (view.get("decision") or {}).get("t")
    if slug == "my-city":
        return _my_city_step(legal)
    return None


def _citadels_main(view: dict, legal: list) -> str:
    types = {m["type"] for m in legal}
    turn = (view.get("call") or {}).get("turn") or {}
    parts = []
    if "thank" in types:
        parts.append(_(CITADELS_PARTS["thank"]))
    if types & POWER_MOVES:
        parts.append(_(CITADELS_PARTS["power"]))
    if "income" in types:
        parts.append(_(CITADELS_PARTS["income"]))
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
        parts.append(_(CITADELS_PARTS["wonder"]))
    if not parts:
        return _("Nothing more to do: end your turn.")
    text = CITADELS["main"] if "end_turn" in types else CITADELS["main_must"]
    return _(text).format(actions=", ".join(parts))


def step_help(slug: str, view: dict, legal: list) -> str:
    """The line under the prompt, translated; "" when the seat has no move."""
    step = step_name(slug, view, legal)
    if step is None:
        return ""
    text = TEXTS.get(slug, {}).get(step)
    if text is None:
        return ""
    if slug == "citadels" and step == "main":
        return _citadels_main(view, legal)
    if slug == "citadels" and step == "resources":
        types = {m["type"] for m in legal}
        if types & (POWER_MOVES | {"income"}):
            text = CITADELS["resources_early"]
        return _(text).format(gold=GOLD_TAKEN, cards=CARDS_DRAWN)
    if slug == "rival-cities" and step == "inkwell":
        # As far as the legal moves go (what the player can pay for).
        reach = max((m.get("spaces", 0) for m in legal), default=0)
        free = max(n for n in range(1, 7) if move_cost(n) == 0)
        return _(text).format(n=reach, free=free)
    if slug == "rival-cities" and step == "factory":
        return _(text).format(n=FACTORY_COST)
    if slug == "rival-cities" and step == "ship":
        return _(text).format(n=SHIP_LEAD_TO_WIN)
    if slug == "rival-cities" and step == "option":
        offered = [m["option"] for m in legal if m.get("type") == "option"]
        names = [_(OPTIONS[o]) for o in dict.fromkeys(offered) if o in OPTIONS]
        return _(text).format(options="; ".join(names))
    return _(text)
