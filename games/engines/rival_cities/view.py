"""What each seat may see, the hidden ids, and the log lines.

Public (R-rc: everything on the table is face up): the ring and the inkwell, both
cities' resources, letters, factories, stars, ships, alliances and won lawsuits,
the face-up ships, alliances and lawsuits, the special discard. Hidden: each
hand of special cards (R-rc: "secrètement"; the rival sees a count), the order
and contents of the special deck, the face-down ship and lawsuit piles and the
cards boxed at set-up (counts only). Once the game is over the hands are shown.
"""

from __future__ import annotations

from ..base import _, player
from .cards import CARDS
from .common import gettext_noop, has_ship
from .pieces import (
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
from .turn import move_cost
from .victories import star_breakdown

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
]


def bundle_text(bundle: dict) -> str:
    parts = []
    for res, n in bundle.items():
        if n:
            name = _("resource of your choice") if res == "any" else _(res)
            parts.append(f"{n} {name}")
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
        return _("Donation: pay {cost} for {stars} star, up to {times} times").format(
            cost=bundle_text(action["cost"]),
            stars=action["stars"],
            times=action["times"],
        )
    if do == "exchange":
        return _("Exchange up to {times} resources").format(times=action["times"])
    if do == "letter":
        return _("Gain {n} letter(s)").format(n=action["n"])
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


def card_view(card_id: str | None) -> dict | None:
    if card_id is None:
        return None
    card = CARDS[card_id]
    out = {"id": card_id, "text": card_text(card_id), "split": "halves" in card}
    out["halves" if "halves" in card else "actions"] = card.get(
        "halves", card.get("actions")
    )
    return out


SHIP_TEXTS = {
    "prestige2": gettext_noop("Gain prestige twice"),
    "lawsuit2": gettext_noop("Advance a lawsuit up to twice"),
    "draw2": gettext_noop("Draw two special action cards"),
    "letters": gettext_noop("Gain letters"),
    "lawsuit_stars": gettext_noop("2 stars for each lawsuit won"),
    "prestige_repeat": gettext_noop("Pay 2 beer to repeat Gain prestige"),
    "free_space": gettext_noop("One more free inkwell space each turn"),
    "free_option_c": gettext_noop("Option C without a letter"),
    "discount": gettext_noop("Your next ships cost 1 resource less"),
    "stars_per_ship": gettext_noop("1 star per ship you own"),
}


def ship_view(card: str | None) -> dict | None:
    if card is None:
        return None
    data = SHIPS[card]
    if "income" in data:
        text = _("Low-season income: {what}").format(what=bundle_text(data["income"]))
    elif "production" in data:
        text = _("+1 {res} on each production").format(res=_(data["production"]))
    elif "effect" in data:
        text = _(SHIP_TEXTS[data["effect"]])
    else:
        text = _("Stars at the end")
    return {"id": card, "number": int(card.split("-")[1]), **data, "text": text}


def alliance_view(card: str | None) -> dict | None:
    return None if card is None else {"id": card, **ALLIANCES[card]}


def lawsuit_view(card: str) -> dict:
    return {"id": card, "number": int(card.split("-")[1]), **LAWSUITS[card]}


def event_text(event: dict) -> str:
    args = {}
    for key, value in event["args"].items():
        args[key] = player(value) if key == "player" else _(str(value))
    return _(event["msg"]).format(**args)


# --- The view ---------------------------------------------------------------------


def city_view(state: dict, seat: int, viewer: int | None) -> dict:
    data = state["players"][seat]
    shown = viewer == seat or state["over"]
    return {
        "seat": seat,
        "city": CITIES[seat],
        "colour": COLOURS[seat],
        "resources": dict(data["res"]),
        "letters": data["letters"],
        "factories": dict(data["factories"]),
        "stars": data["stars"],
        "hand": [card_view(card) for card in data["hand"]] if shown else None,
        "hand_count": len(data["hand"]),
        "ships": [ship_view(card) for card in data["ships"]],
        "alliances": [alliance_view(card) for card in data["alliances"]],
        "lawsuits_won": [lawsuit_view(card) for card in data["lawsuits"]],
        "holds_bell": state["bell"] == seat,
        "star_count": star_breakdown(state, seat),
    }


def ring_view(state: dict) -> list[dict]:
    mover = state["turn"]
    free_extra = has_ship(state, mover, 17)
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


def view(engine, state: dict, seat: int | None) -> dict:
    task = None if state["over"] or not state["queue"] else state["queue"][-1]
    to_move = [task["seat"]] if task else []
    return {
        "over": state["over"],
        "result": state["result"],
        "viewer": seat,
        "turn": state["turn"],
        "first": state["first"],
        "to_move": to_move,
        "decision": dict(task) if task else None,
        "legal_moves": engine.legal_moves(state, seat) if seat in to_move else [],
        "inkwell": state["inkwell"],
        "bell": state["bell"],
        "low_seasons": state["low_seasons"],
        "ring": ring_view(state),
        "prestige": {
            "position": state["prestige"],
            "win_at": PRESTIGE_WIN,
            "income": {str(k): v for k, v in PRESTIGE_INCOME.items()},
            "stars": {str(k): v for k, v in PRESTIGE_STARS.items()},
        },
        "supply": dict(state["supply"]),
        "cities": [city_view(state, s, seat) for s in (0, 1)],
        "ships": {
            "face_up": [ship_view(card) for card in state["ships_face_up"]],
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
            "discard": [card_view(card) for card in state["special_discard"]],
            "played": [card_view(card) for card in state["played"]],
        },
        "events": [event_text(e) for e in state["events"]],
    }


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


# --- Log lines ----------------------------------------------------------------------


def describe(state: dict, seat: int, move: dict, viewer: int | None) -> str:
    who = player(seat)
    kind = move.get("type")
    if kind == "start":
        return _("{player} took 1 {res} to start").format(
            player=who, res=_(move["resource"])
        )
    if kind == "move":
        return _("{player} moved the inkwell {n} spaces").format(
            player=who, n=move["spaces"]
        )
    if kind == "pay":
        return _("{player} paid 1 {res}").format(player=who, res=_(move["resource"]))
    if kind == "option":
        return _describe_option(state, who, move)
    if kind == "half":
        return _("{player} chose the {half} half of the card").format(
            player=who, half=_(move["half"])
        )
    if kind == "flip":
        return _("{player} flipped {n} factories for the production").format(
            player=who, n=move["factories"]
        )
    if kind == "donate":
        return _("{player} made a donation").format(player=who)
    if kind == "exchange":
        return _("{player} exchanged 1 {give} for 1 {take}").format(
            player=who, give=_(move["give"]), take=_(move["take"])
        )
    if kind == "letter_exchange":
        return _("{player} spent a letter to exchange 1 {give} for 1 {take}").format(
            player=who, give=_(move["give"]), take=_(move["take"])
        )
    if kind == "build":
        return _("{player} built a factory").format(player=who)
    if kind == "repeat":
        return _("{player} paid to repeat the action ({via})").format(
            player=who, via=move["via"]
        )
    if kind == "piracy" and move["mode"] == "simple":
        return _("{player} stole 1 {res}").format(player=who, res=_(move["resource"]))
    if kind == "piracy":
        return _("{player} chose aggressive piracy").format(player=who)
    if kind == "steal":
        return _("{player} stole 1 {res}").format(player=who, res=_(move["resource"]))
    if kind == "alliance":
        return _("{player} made an alliance with {city}").format(
            player=who, city=ALLIANCES[move["card"]]["name"]
        )
    if kind == "ship":
        return _("{player} bought ship {n}").format(
            player=who, n=move["card"].split("-")[1]
        )
    if kind == "lawsuit":
        return _("{player} advanced the lawsuit in position {pos}").format(
            player=who, pos="I" * (move["position"] + 1)
        )
    if kind == "extra":
        return _("{player} paid for one more step of the lawsuit").format(player=who)
    if kind == "court" and move.get("resolve"):
        return _("{player} had the court resolve the lawsuit in position I").format(
            player=who
        )
    if kind == "court":
        return _("{player} swapped lawsuits {a} and {b}").format(
            player=who, a="I" * (move["swap"] + 1), b="I" * (move["swap"] + 2)
        )
    if kind == "upkeep":
        city = ALLIANCES[move["card"]]["name"]
        if move["pay"]:
            return _("{player} paid the upkeep of {city}").format(player=who, city=city)
        return _("{player} gave the alliance of {city} back").format(
            player=who, city=city
        )
    if kind == "stop":
        return _("{player} did no more of this action").format(player=who)
    return _("{player} made a move").format(player=who)


def _describe_option(state: dict, who: str, move: dict) -> str:
    option = move["option"]
    space = state["ring"][state["inkwell"]]
    if option == "A":
        return _("{player} took option A: {card}").format(
            player=who, card=card_text(space["card"])
        )
    if option == "B":
        return _("{player} took option B, playing: {card}").format(
            player=who, card=card_text(move["card"])
        )
    if option == "C":
        return _("{player} took option C: {space} and {card}").format(
            player=who, space=card_text(space["card"]), card=card_text(move["card"])
        )
    if option == "D":
        return _("{player} took option D, keeping: {card}").format(
            player=who, card=card_text(space["card"])
        )
    return _("{player} could take no option").format(player=who)
