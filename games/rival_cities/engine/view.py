"""What each seat may see, the hidden ids, and the log lines.

Public (R-rc: everything on the table is face up): the ring and the inkwell, both
cities' resources, letters, factories, stars, ships, alliances and won lawsuits,
the face-up ships, alliances and lawsuits, the special discard. Hidden: each
hand of special cards (R-rc: "secrètement"; the rival sees a count), the order
and contents of the special deck, the face-down ship and lawsuit piles and the
cards boxed at set-up (counts only). Once the game is over the hands are shown.
"""

from __future__ import annotations

from functools import cache

from games.engines.base import _, ngettext, player
from games.rival_cities.engine.cards import CARDS
from games.rival_cities.engine.common import gettext_noop, has_ship
from games.rival_cities.engine.pieces import (
    ALLIANCES,
    CITIES,
    COLOURS,
    LAWSUITS,
    PRESTIGE_INCOME,
    PRESTIGE_STARS,
    PRESTIGE_WIN,
    RING_SIZE,
    SHIPS,
)
from games.rival_cities.engine.turn import move_cost
from games.rival_cities.engine.victories import star_breakdown

# --- Texts ------------------------------------------------------------------------

# Words passed to _() through a variable, marked here so makemessages collects them.
WORDS = [
    gettext_noop("beer"),
    gettext_noop("leather"),
    gettext_noop("cloth"),
    gettext_noop("furniture"),
    gettext_noop("left"),
    gettext_noop("right"),
    gettext_noop("both"),
    gettext_noop("letter"),
]


def amount_text(res: str, n: int) -> str:  # noqa: PLR0911
    """n of a resource (or letters, or resources of one's choice), in words with
    the plural of the reader's language."""
    if res == "beer":
        return ngettext("{n} beer", "{n} beer", n).format(n=n)
    if res == "leather":
        return ngettext("{n} leather", "{n} leather", n).format(n=n)
    if res == "cloth":
        return ngettext("{n} cloth", "{n} cloth", n).format(n=n)
    if res == "furniture":
        return ngettext("{n} furniture", "{n} furniture", n).format(n=n)
    if res == "letter":
        return ngettext("{n} letter", "{n} letters", n).format(n=n)
    if res == "any":
        return ngettext(
            "{n} resource of your choice", "{n} resources of your choice", n
        ).format(n=n)
    return f"{n} {_(res)}"


def bundle_text(bundle: dict) -> str:
    parts = [amount_text(res, n) for res, n in bundle.items() if n]
    return ", ".join(parts) or _("nothing")


def action_text(action: dict) -> str:
    do = action["do"]
    if do == "production":
        return _("Production: {what}").format(
            what=bundle_text({action["res"]: action["n"]})
        )
    if do == "gift":
        return _("Gift: {what}").format(what=bundle_text(action["res"]))
    if do == "donation":
        stars = ngettext("{n} star", "{n} stars", action["stars"]).format(
            n=action["stars"]
        )
        times = ngettext("up to {n} time", "up to {n} times", action["times"]).format(
            n=action["times"]
        )
        if action.get("res"):
            return _("Donation: pay {cost} for {stars} and {what}, {times}").format(
                cost=bundle_text(action["cost"]),
                stars=stars,
                what=bundle_text(action["res"]),
                times=times,
            )
        return _("Donation: pay {cost} for {stars}, {times}").format(
            cost=bundle_text(action["cost"]), stars=stars, times=times
        )
    if do == "exchange":
        n = action["times"]
        return ngettext(
            "Exchange up to {n} resource", "Exchange up to {n} resources", n
        ).format(n=n)
    if do == "letter":
        n = action["n"]
        return ngettext("Gain {n} letter", "Gain {n} letters", n).format(n=n)
    if do == "factory":
        return _("Build a free factory") if action["free"] else _("Build a factory")
    names = {
        "draw": _("Draw a special action card"),
        "prestige": _("Gain prestige"),
        "alliance": _("Make an alliance"),
        "ship": _("Buy a ship"),
        "lawsuit": _("Advance a lawsuit"),
        "court": _("Court decision"),
        "reactivate": _("Reactivate a factory"),
        "piracy": _("Piracy"),
    }
    return names[do]


def card_text(card_id: str) -> str:
    card = CARDS[card_id]
    if "halves" in card:
        halves = [" + ".join(action_text(a) for a in half) for half in card["halves"]]
        return _("{left} OR {right}").format(left=halves[0], right=halves[1])
    return " + ".join(action_text(a) for a in card["actions"])


def card_view(card_id: str | None, texts: bool = True) -> dict | None:
    if card_id is None:
        return None
    card = CARDS[card_id]
    out = {"id": card_id, "split": "halves" in card}
    if texts:
        out["text"] = card_text(card_id)
    out["halves" if "halves" in card else "actions"] = card.get(
        "halves", card.get("actions")
    )
    return out


SHIP_TEXTS = {
    "prestige2": gettext_noop("Gain prestige twice"),
    "lawsuit2": gettext_noop("Advance a lawsuit up to twice"),
    "draw2": gettext_noop("Draw two special action cards"),
    "lawsuit_stars": gettext_noop("2 stars for each lawsuit won"),
    "prestige_repeat": gettext_noop("Pay 2 beer to repeat Gain prestige"),
    "free_space": gettext_noop("One more free inkwell space each turn"),
    "free_option_c": gettext_noop("Option C without a letter"),
    "discount": gettext_noop("Your next ships cost 1 resource less"),
    "stars_per_ship": gettext_noop("1 star per ship you own"),
}


def ship_view(card: str | None, texts: bool = True) -> dict | None:
    if card is None:
        return None
    data = SHIPS[card]
    if not texts:
        return {"id": card, "number": int(card.split("-")[1]), **data}
    if "income" in data:
        income = {**data["income"], "letter": data.get("income_letters", 0)}
        text = _("Low-season income: {what}").format(what=bundle_text(income))
    elif "production" in data:
        text = _("+1 {res} on each production").format(res=_(data["production"]))
    elif data.get("effect") == "letters":
        n = data["letters"]
        text = ngettext(
            "Gain {n} letter when bought", "Gain {n} letters when bought", n
        ).format(n=n)
    elif "effect" in data:
        text = _(SHIP_TEXTS[data["effect"]])
    else:
        text = _("Stars at the end")
    return {"id": card, "number": int(card.split("-")[1]), **data, "text": text}


ALLIANCE_TEXTS = {
    "alliance-amsterdam": gettext_noop("+1 star on each donation"),
    "alliance-gdansk": gettext_noop("Both halves of a split card"),
    "alliance-brussels": gettext_noop("Pay 1 furniture to repeat Gain prestige"),
    "alliance-le-havre": gettext_noop("Pay 1 resource to repeat a lawsuit action"),
    "alliance-copenhagen": gettext_noop("Pay 1 beer to repeat a draw"),
}


def alliance_view(card: str | None, texts: bool = True) -> dict | None:
    if card is None:
        return None
    data = ALLIANCES[card]
    if not texts:
        return {"id": card, **data}
    if "production" in data:
        text = _("+1 {res} on a production of {res}").format(res=_(data["production"]))
    else:
        text = _(ALLIANCE_TEXTS[card])
    text += " — " + _("upkeep: 1 {res}").format(res=_(data["upkeep"]))
    return {"id": card, **data, "text": text}


def lawsuit_view(card: str, texts: bool = True) -> dict:
    data = LAWSUITS[card]
    if not texts:
        return {"id": card, "number": int(card.split("-")[1]), **data}
    bonus = [action_text(a) for a in data["bonus"]] + [_("one step")]
    extra = ngettext(
        "up to {n} more step at the same cost",
        "up to {n} more steps at the same cost",
        data["extra"],
    ).format(n=data["extra"])
    stars = ngettext("{n} star", "{n} stars", data["stars"]).format(n=data["stars"])
    text = _("Cost {cost}; bonus: {bonus}; {extra}; won: {win}, {stars}").format(
        cost=bundle_text(data["cost"]),
        bonus=", ".join(bonus),
        extra=extra,
        win=bundle_text(data["win"]),
        stars=stars,
    )
    return {"id": card, "number": int(card.split("-")[1]), **data, "text": text}


# The pieces without texts, drawn once per process and shared by every view that
# shows them: what the computer players' searches read at every decision of
# their playouts (games/rival_cities/bots/view.py). Shared, so read-only.
_bare_card = cache(lambda card: card_view(card, False))
_bare_ship = cache(lambda card: ship_view(card, False))
_bare_alliance = cache(lambda card: alliance_view(card, False))
_bare_lawsuit = cache(lambda card: lawsuit_view(card, False))
_INCOME = {str(k): v for k, v in PRESTIGE_INCOME.items()}
_STARS = {str(k): v for k, v in PRESTIGE_STARS.items()}


def _pieces(texts: bool):
    """The card, ship, alliance and lawsuit views: with their texts, or the
    shared ones without."""
    if texts:
        return card_view, ship_view, alliance_view, lawsuit_view
    return _bare_card, _bare_ship, _bare_alliance, _bare_lawsuit


def event_text(event: dict) -> str:
    args = {}
    for key, value in event["args"].items():
        args[key] = player(value) if key == "player" else _(str(value))
    return _(event["msg"]).format(**args)


# --- The view ---------------------------------------------------------------------


def city_view(state: dict, seat: int, viewer: int | None, texts: bool = True) -> dict:
    data = state["players"][seat]
    shown = viewer == seat or state["over"]
    card_view, ship_view, alliance_view, lawsuit_view = _pieces(texts)
    return {
        "seat": seat,
        "city": CITIES[seat],
        "colour": COLOURS[seat],
        "resources": dict(data["res"]),
        "letters": data["letters"],
        "factories": dict(data["factories"]),
        "stars": data["stars"],
        "hand": [card_view(c) for c in data["hand"]] if shown else None,
        "hand_count": len(data["hand"]),
        "ships": [ship_view(card) for card in data["ships"]],
        "alliances": [alliance_view(card) for card in data["alliances"]],
        "lawsuits_won": [lawsuit_view(card) for card in data["lawsuits"]],
        "holds_bell": state["bell"] == seat,
        "star_count": star_breakdown(state, seat),
    }


def ring_view(state: dict, texts: bool = True) -> list[dict]:
    mover = state["turn"]
    free_extra = has_ship(state, mover, 17)
    card_view = _pieces(texts)[0]
    out = []
    for index, space in enumerate(state["ring"]):
        distance = (index - state["inkwell"]) % RING_SIZE
        out.append(
            {
                "space": index,
                "kind": space["kind"],
                "card": card_view(space["card"]),
                "distance": distance,
                "cost": move_cost(distance, free_extra) if distance else None,
                "inkwell": index == state["inkwell"],
            }
        )
    return out


def public_view(state: dict, seat: int | None, *, texts: bool = True) -> dict:
    """The view without its legal moves and log lines; without the pieces'
    texts too unless `texts` (what the hard search reads, games/bots)."""
    task = None if state["over"] or not state["queue"] else state["queue"][-1]
    card_view, ship_view, alliance_view, lawsuit_view = _pieces(texts)
    return {
        "over": state["over"],
        "result": state["result"],
        "viewer": seat,
        "turn": state["turn"],
        "first": state["first"],
        "to_move": [task["seat"]] if task else [],
        "decision": dict(task) if task else None,
        "inkwell": state["inkwell"],
        "bell": state["bell"],
        "low_seasons": state["low_seasons"],
        "ring": ring_view(state, texts),
        "prestige": {
            "position": state["prestige"],
            "win_at": PRESTIGE_WIN,
            "income": dict(_INCOME),
            "stars": dict(_STARS),
        },
        "supply": dict(state["supply"]),
        "cities": [city_view(state, s, seat, texts) for s in (0, 1)],
        "ships": {
            "face_up": [ship_view(c) for c in state["ships_face_up"]],
            "deck": len(state["ship_deck"]),
        },
        "alliances": {"board": [alliance_view(c) for c in state["alliances_board"]]},
        "lawsuits": {
            "positions": [
                {"lawsuit": lawsuit_view(e["card"]), "marker": e["marker"]}
                if e
                else None
                for e in state["lawsuits"]
            ],
            "deck": len(state["lawsuit_deck"]),
            "out": [lawsuit_view(card) for card in state["lawsuits_out"]],
        },
        "special": {
            "deck": len(state["special_deck"]),
            "discard": [card_view(c) for c in state["special_discard"]],
            "played": [card_view(c) for c in state["played"]],
        },
    }


def view(engine, state: dict, seat: int | None) -> dict:
    out = public_view(state, seat)
    to_move = out["to_move"]
    out["legal_moves"] = engine.legal_moves(state, seat) if seat in to_move else []
    out["events"] = [event_text(e) for e in state["events"]]
    return out


def secrets(state: dict, seat: int | None) -> list[str]:
    if state["over"]:
        return []
    if seat is None:
        return (
            state["special_deck"]
            + state["ship_deck"]
            + state["ships_boxed"]
            + state["lawsuit_deck"]
            + state["lawsuits_boxed"]
            + state["alliances_boxed"]
        )
    return list(state["players"][seat]["hand"])
