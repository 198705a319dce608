"""What each piece of the board does, in our own words: the effect text of every
action, action card, ring space, ship, alliance and lawsuit, shown when a
player asks (hover, focus or tap) and on the rules page.

Every number in a text comes from the data or the constant the rules use
(pieces.py, cards.py, turn.move_cost, victories, actions, board), so that a
text cannot say one thing while the rule does another. Numbers are written as
"label: n" so that no sentence needs a plural form. The short names the board
shows (view.py) stay as they are; these are the longer explanations.

Source: rival_cities.fr.txt (paraphrased, never copied), DATA.md section 4.
"""

from __future__ import annotations

from games.engines.base import _, gettext_noop
from games.rival_cities.engine.actions import FACTORY_COST, REPEAT_COST
from games.rival_cities.engine.board import COURT_RESOLVE_AT
from games.rival_cities.engine.cards import CARDS
from games.rival_cities.engine.pieces import (
    ALLIANCES,
    ALLIANCES_IN_GAME,
    LAWSUIT_MAX,
    LAWSUITS,
    PRESTIGE_INCOME,
    PRESTIGE_STARS,
    PRESTIGE_WIN,
    SHIPS,
)
from games.rival_cities.engine.turn import move_cost
from games.rival_cities.engine.victories import LAWSUITS_TO_WIN, SHIP_LEAD_TO_WIN
from games.rival_cities.engine.view import bundle_text

# What each action does (cards.py's "do"), with its numbers as placeholders.
ACTIONS = {
    "production": gettext_noop(
        "Production: gain {what}; each active factory you turn to its spent side "
        "adds 1 more of that resource."
    ),
    "gift": gettext_noop("Gift: gain {what}."),
    "donation": gettext_noop(
        "Donation: pay {cost} to gain star tokens ({stars} each time); times "
        "allowed: {times}."
    ),
    "donation_res": gettext_noop(
        "Donation: pay {cost} to gain star tokens ({stars} each time) and {what}; "
        "times allowed: {times}."
    ),
    "exchange": gettext_noop(
        "Exchange: give one of your resources to the supply and take one of "
        "another type; times allowed: {times}."
    ),
    "letter": gettext_noop(
        "Letters: take {n} from the supply. A letter pays for option C, or "
        "exchanges one of your resources for any other."
    ),
    "draw": gettext_noop(
        "Draw: take the top special action card into your hand, unseen by your rival."
    ),
    "factory": gettext_noop(
        "Factory: pay {n} resources of your choice to take a factory from the "
        "supply, active side up."
    ),
    "factory_free": gettext_noop(
        "Factory: take a factory from the supply for free, active side up."
    ),
    "prestige": gettext_noop(
        "Prestige: move the prestige marker one step toward your city; at step "
        "{win} it reaches your city's name and you win at once."
    ),
    "alliance": gettext_noop(
        "Alliance: take an alliance from the board for free, or one of your "
        "rival's for 1 letter. Holding all {n} wins at once."
    ),
    "ship": gettext_noop(
        "Ship: buy a face-up ship by paying its cost, and apply its immediate "
        "effect if it has one. Holding {n} ships more than your rival wins at "
        "once."
    ),
    "lawsuit": gettext_noop(
        "Lawsuit: pay a face-up lawsuit's cost, take its bonus and move its "
        "marker one step toward your city; its dark inset lets you pay again "
        "for more steps."
    ),
    "court": gettext_noop(
        "Court decision: if the marker of the lawsuit in position I is at least "
        "{n} steps on your side, you may resolve it now; otherwise you may swap "
        "two neighbouring lawsuits (I and II, or II and III)."
    ),
    "reactivate": gettext_noop(
        "Reactivate: turn one of your spent factories back to its active side."
    ),
    "piracy": gettext_noop(
        "Piracy: take 1 resource from your rival; or take up to 3, after which "
        "your rival gains prestige once."
    ),
}


def action_effect(action: dict) -> str:
    """What one action of a card does, translated."""
    do = action["do"]
    if do == "production":
        return _(ACTIONS[do]).format(what=bundle_text({action["res"]: action["n"]}))
    if do == "gift":
        return _(ACTIONS[do]).format(what=bundle_text(action["res"]))
    if do == "donation":
        key = "donation_res" if action.get("res") else "donation"
        return _(ACTIONS[key]).format(
            cost=bundle_text(action["cost"]),
            stars=action["stars"],
            what=bundle_text(action.get("res") or {}),
            times=action["times"],
        )
    if do == "exchange":
        return _(ACTIONS[do]).format(times=action["times"])
    if do == "letter":
        return _(ACTIONS[do]).format(n=action["n"])
    if do == "factory":
        if action["free"]:
            return _(ACTIONS["factory_free"])
        return _(ACTIONS[do]).format(n=FACTORY_COST)
    if do == "prestige":
        return _(ACTIONS[do]).format(win=PRESTIGE_WIN)
    if do == "alliance":
        return _(ACTIONS[do]).format(n=ALLIANCES_IN_GAME)
    if do == "ship":
        return _(ACTIONS[do]).format(n=SHIP_LEAD_TO_WIN)
    if do == "court":
        return _(ACTIONS[do]).format(n=COURT_RESOLVE_AT)
    return _(ACTIONS[do])


def card_effect(card_id: str) -> str:
    """What an action card does: its actions in order, or its two halves."""
    card = CARDS[card_id]
    if "halves" in card:
        left, right = (
            " ".join(action_effect(a) for a in half) for half in card["halves"]
        )
        return _(
            "A split card: do one half only (both with the Gdańsk alliance). "
            "Either: {left} Or: {right}"
        ).format(left=left, right=right)
    return " ".join(action_effect(a) for a in card["actions"])


def space_effect(space: dict) -> str:
    """A ring space as the view gives it (`kind`, `card`, `distance`, `cost`):
    what stopping there costs and allows."""
    parts = []
    if space.get("distance"):
        parts.append(
            _(
                "Moving the inkwell here: {n} spaces on, cost in resources: {cost}."
            ).format(n=space["distance"], cost=space["cost"])
        )
    card = space.get("card")
    if card:
        parts.append(card_effect(card["id"]))
        if space["kind"] == "special":
            parts.append(
                _(
                    "Option A does this card and leaves it here; option D takes "
                    "it into your hand instead."
                )
            )
        else:
            parts.append(_("Option A does this card."))
    else:
        parts.append(
            _("This special space is empty until the low season deals a new card.")
        )
    parts.append(
        _(
            "Option B plays a special card from your hand instead; option C does "
            "both, for 1 letter."
        )
    )
    return " ".join(parts)


def move_costs(longest: int = 8) -> list[tuple[int, int]]:
    """(spaces, cost) for moves of 1 to `longest` spaces (turn.move_cost)."""
    return [(n, move_cost(n)) for n in range(1, longest + 1)]


SHIP_EFFECTS = {
    "prestige2": gettext_noop(
        "When you buy it: gain prestige twice (Brussels and ship 16 may repeat each)."
    ),
    "lawsuit2": gettext_noop(
        "When you buy it: advance a lawsuit up to twice (Le Havre may repeat each)."
    ),
    "draw2": gettext_noop(
        "When you buy it: draw two special action cards (Copenhagen may repeat each)."
    ),
    "letters": gettext_noop("When you buy it: take letters from the supply: {n}."),
    "lawsuit_stars": gettext_noop(
        "Each lawsuit you win from now on brings 2 more star tokens."
    ),
    "prestige_repeat": gettext_noop(
        "Whenever you gain prestige, you may pay {cost} to gain it once more."
    ),
    "free_space": gettext_noop("Each turn, the inkwell goes one more space for free."),
    "free_option_c": gettext_noop("Option C no longer costs you a letter."),
    "discount": gettext_noop(
        "Every ship you buy after this one costs 1 resource less."
    ),
    "stars_per_ship": gettext_noop(
        "At the end: 1 star for each ship you own, this one included."
    ),
}


def ship_effect(card: str) -> str:
    """A ship: its cost, its printed stars and what it does."""
    data = SHIPS[card]
    parts = [
        _("Cost: {cost}.").format(cost=bundle_text(data["cost"])),
    ]
    if data.get("effect") != "stars_per_ship":
        parts.append(_("Stars at the end: {n}.").format(n=data["stars"]))
    if "income" in data:
        what = bundle_text(data["income"])
        if data.get("income_letters"):
            what += ", " + bundle_text({"letter": data["income_letters"]})
        parts.append(_("At each low season (step 3): gain {what}.").format(what=what))
    elif "production" in data:
        parts.append(
            _(
                "Each time you do a production, of any resource: gain 1 {res} more."
            ).format(res=_(data["production"]))
        )
    elif "effect" in data:
        effect = data["effect"]
        numbers = {}
        if effect == "letters":
            numbers["n"] = data["letters"]
        if effect == "prestige_repeat":
            numbers["cost"] = bundle_text(REPEAT_COST["ship-16"])
        parts.append(_(SHIP_EFFECTS[effect]).format(**numbers))
    return " ".join(parts)


ALLIANCE_EFFECTS = {
    "alliance-amsterdam": gettext_noop("Each donation also brings 1 star token."),
    "alliance-gdansk": gettext_noop(
        "On a split card you may do both halves instead of one."
    ),
    "alliance-brussels": gettext_noop(
        "Whenever you gain prestige, you may pay {cost} to gain it once more."
    ),
    "alliance-le-havre": gettext_noop(
        "Whenever you advance a lawsuit, you may pay {cost} to advance once more."
    ),
    "alliance-copenhagen": gettext_noop(
        "Whenever you draw a special card, you may pay {cost} to draw once more."
    ),
}
REPEAT_OF = {
    "alliance-brussels": "brussels",
    "alliance-le-havre": "le-havre",
    "alliance-copenhagen": "copenhagen",
}


def alliance_effect(card: str) -> str:
    """An alliance: what it brings, and its upkeep at each low season."""
    data = ALLIANCES[card]
    if "production" in data:
        text = _(
            "When a production or a donation brings you {res}, gain 1 {res} more."
        ).format(res=_(data["production"]))
    else:
        cost = bundle_text(REPEAT_COST[REPEAT_OF[card]]) if card in REPEAT_OF else ""
        text = _(ALLIANCE_EFFECTS[card]).format(cost=cost)
    upkeep = _(
        "At each low season, pay its upkeep ({res}) or put it back on the board."
    ).format(res=bundle_text({data["upkeep"]: 1}))
    return f"{text} {upkeep}"


def lawsuit_effect(card: str) -> str:
    """A lawsuit: each step's cost and bonus, the extra steps, and what winning
    it brings."""
    data = LAWSUITS[card]
    bonus = " ".join(action_effect(a) for a in data["bonus"])
    win = bundle_text(data["win"])
    return _(
        "Each step costs {cost}. Bonus: {bonus} The marker moves one step toward "
        "you; then you may pay the same cost again for more steps (at most "
        "{extra}). The track has {max} steps on each side. Won when resolved "
        "with the marker {at} or more steps on your side: {win}, and stars at "
        "the end: {stars}. Winning {n} lawsuits wins the game at once."
    ).format(
        cost=bundle_text(data["cost"]),
        bonus=bonus,
        extra=data["extra"],
        max=LAWSUIT_MAX,
        at=COURT_RESOLVE_AT,
        win=win,
        stars=data["stars"],
        n=LAWSUITS_TO_WIN,
    )


PRESTIGE_SPACE = gettext_noop(
    "Prestige track, step {n} on a city's side. At each low season that city "
    "gains the resources printed from the centre to the marker ({income} "
    "here). Stars at the end while the marker stands here: {stars}."
)
PRESTIGE_NAME = gettext_noop(
    "The city's name, step {n}: the marker reaching it wins the game at once."
)
PRESTIGE_CENTRE = gettext_noop(
    "The centre of the prestige track: no city's side, nothing gained."
)


def prestige_space_effect(step: int) -> str:
    """A space of the prestige track, counted from the centre (0) toward a
    city (PRESTIGE_WIN is the city's name), for a board's tips."""
    if step == 0:
        return _(PRESTIGE_CENTRE)
    if step >= PRESTIGE_WIN:
        return _(PRESTIGE_NAME).format(n=PRESTIGE_WIN)
    return _(PRESTIGE_SPACE).format(
        n=step,
        income=bundle_text(PRESTIGE_INCOME.get(step) or {}),
        stars=PRESTIGE_STARS.get(step, 0),
    )


def every_text() -> list[str]:
    """The English texts this module keeps (for the catalogue's test)."""
    return [
        *ACTIONS.values(),
        *SHIP_EFFECTS.values(),
        *ALLIANCE_EFFECTS.values(),
        PRESTIGE_SPACE,
        PRESTIGE_NAME,
        PRESTIGE_CENTRE,
    ]
