"""Rival Cities moves: names of resources, cities and alliances, one sentence
for each legal move, and the prompt, from the engine's view only."""

from __future__ import annotations

import json

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

RESOURCES = ["beer", "leather", "cloth", "furniture"]
# Short symbols drawn next to each resource name (colour is never the only cue).
# The initial of the resource's name in the reader's language.
RESOURCE_MARKS = {
    "beer": pgettext_lazy("initial of beer", "B"),
    "leather": pgettext_lazy("initial of leather", "L"),
    "cloth": pgettext_lazy("initial of cloth", "C"),
    "furniture": pgettext_lazy("initial of furniture", "F"),
}
CITY_NAMES = {"Hamburg": gettext_lazy("Hamburg"), "Altona": gettext_lazy("Altona")}
ALLIANCE_NAMES = {
    "Oslo": gettext_lazy("Oslo"),
    "London": gettext_lazy("London"),
    "Novgorod": gettext_lazy("Novgorod"),
    "Amsterdam": gettext_lazy("Amsterdam"),
    "Gdańsk": gettext_lazy("Gdańsk"),
    "Brussels": gettext_lazy("Brussels"),
    "Le Havre": gettext_lazy("Le Havre"),
    "Copenhagen": gettext_lazy("Copenhagen"),
}
NUMERALS = ["I", "II", "III"]
# What a payment is for (the engine's `pay` task label).
PAY_FOR = {
    "inkwell": gettext_lazy("moving the inkwell"),
    "donation": gettext_lazy("the donation"),
    "factory": gettext_lazy("the factory"),
    "ship": gettext_lazy("the ship"),
    "lawsuit": gettext_lazy("the lawsuit"),
    "brussels": gettext_lazy("repeating with Brussels"),
    "ship-16": gettext_lazy("repeating with ship 16"),
    "copenhagen": gettext_lazy("repeating with Copenhagen"),
    "le-havre": gettext_lazy("repeating with Le Havre"),
}


def res_name(res: str) -> str:
    return _(res)


def city_name(seat: int) -> str:
    return str(CITY_NAMES[["Hamburg", "Altona"][seat]])


def alliance_name(name: str) -> str:
    return str(ALLIANCE_NAMES.get(name, name))


def find_move(legal, **fields):
    for move in legal or []:
        if all(move.get(k) == v for k, v in fields.items()):
            return move
    return None


def card_text(view: dict, card_id: str) -> str:
    for city in view["cities"]:
        for card in city["hand"] or []:
            if card["id"] == card_id:
                return card["text"]
    for space in view["ring"]:
        if space["card"] and space["card"]["id"] == card_id:
            return space["card"]["text"]
    return card_id


def inkwell_card_text(view: dict) -> str:
    """The words of the card on the space where the inkwell stands ("" when the
    space is empty)."""
    for space in view["ring"]:
        if space.get("inkwell") and space["card"]:
            return space["card"]["text"]
    return ""


def _alliance(view: dict, card_id: str) -> dict | None:
    for card in view["alliances"]["board"]:
        if card and card["id"] == card_id:
            return card
    for city in view["cities"]:
        for card in city["alliances"]:
            if card["id"] == card_id:
                return card
    return None


def _halves_text(view: dict) -> tuple[str, str] | None:
    """The two halves of the split card being decided, in words."""
    from games.rival_cities.engine.view import action_text

    card_id = (view.get("decision") or {}).get("card")
    cards = [s["card"] for s in view["ring"]] + view["special"]["played"]
    card = next((c for c in cards if c and c["id"] == card_id), None)
    if not card or not card.get("split"):
        return None
    left, right = (" + ".join(action_text(a) for a in h) for h in card["halves"])
    return left, right


def move_label(move: dict, view: dict) -> str:  # noqa: C901, PLR0911, PLR0912
    """A plain sentence for any legal move (the buttons' text)."""
    kind = move.get("type")
    me = view.get("viewer")
    if kind == "start":
        return _("Take 1 %(res)s") % {"res": res_name(move["resource"])}
    if kind == "move":
        return ngettext(
            "Move the inkwell %(n)s space",
            "Move the inkwell %(n)s spaces",
            move["spaces"],
        ) % {"n": move["spaces"]}
    if kind == "letter_exchange":
        return _("Spend a letter: give 1 %(give)s, take 1 %(take)s") % {
            "give": res_name(move["give"]),
            "take": res_name(move["take"]),
        }
    if kind == "pay":
        return _("Pay 1 %(res)s") % {"res": res_name(move["resource"])}
    if kind == "option":
        option = move["option"]
        here = inkwell_card_text(view)
        if option == "A":
            if here:
                return _("Option A: %(card)s") % {"card": here}
            return _("Option A: the card on your space")
        if option == "B":
            return _("Option B: play from your hand: %(card)s") % {
                "card": card_text(view, move["card"])
            }
        if option == "C":
            text = card_text(view, move["card"])
            if not here:
                here = _("your space")
            first, then = (here, text) if move["first"] == "A" else (text, here)
            return _("Option C: %(first)s, then %(then)s") % {
                "first": first,
                "then": then,
            }
        if option == "D":
            if here:
                return _("Option D: keep %(card)s in your hand for later") % {
                    "card": here
                }
            return _("Option D: take this special card into your hand")
        return _("End your turn (no option is possible)")
    if kind == "half":
        label = {
            "left": _("The left half"),
            "right": _("The right half"),
            "both": _("Both halves (Gdańsk)"),
        }[move["half"]]
        halves = _halves_text(view)
        if halves:
            left, right = halves
            text = {"left": left, "right": right, "both": f"{left} + {right}"}
            return f"{label}: {text[move['half']]}"
        return label
    if kind == "flip":
        n = move["factories"]
        decision = view.get("decision") or {}
        total = decision.get("n", 0) + n
        res = res_name(decision.get("res", ""))
        if n == 0:
            return _("Produce %(total)s %(res)s without flipping a factory") % {
                "total": total,
                "res": res,
            }
        return ngettext(
            "Flip %(n)s factory: produce %(total)s %(res)s",
            "Flip %(n)s factories: produce %(total)s %(res)s",
            n,
        ) % {"n": n, "total": total, "res": res}
    if kind == "donate":
        return _("Make a donation")
    if kind == "exchange":
        return _("Give 1 %(give)s, take 1 %(take)s") % {
            "give": res_name(move["give"]),
            "take": res_name(move["take"]),
        }
    if kind == "build":
        return _("Build a factory (2 resources)")
    if kind == "repeat":
        via = move["via"]
        return _("Pay to repeat the action (%(via)s)") % {
            "via": str(PAY_FOR.get(via, via))
        }
    if kind == "piracy" and move.get("mode") == "simple":
        return _("Piracy: steal 1 %(res)s") % {"res": res_name(move["resource"])}
    if kind == "piracy":
        return _("Aggressive piracy: steal up to 3, your rival gains prestige")
    if kind == "steal":
        return _("Steal 1 %(res)s") % {"res": res_name(move["resource"])}
    if kind == "alliance":
        card = _alliance(view, move["card"])
        name = alliance_name(card["name"]) if card else move["card"]
        theirs = me is not None and any(
            a["id"] == move["card"] for a in view["cities"][1 - me]["alliances"]
        )
        if theirs:
            return _("Take %(city)s from your rival (1 letter)") % {"city": name}
        return _("Ally with %(city)s") % {"city": name}
    if kind == "ship":
        return _("Buy ship %(n)s") % {"n": move["card"].split("-")[-1]}
    if kind == "lawsuit":
        return _("Advance the lawsuit in position %(pos)s") % {
            "pos": NUMERALS[move["position"]]
        }
    if kind == "extra":
        return _("Pay for one more step")
    if kind == "court" and move.get("resolve"):
        return _("Resolve the lawsuit in position I")
    if kind == "court":
        a = move["swap"]
        return _("Swap lawsuits %(a)s and %(b)s") % {
            "a": NUMERALS[a],
            "b": NUMERALS[a + 1],
        }
    if kind == "upkeep":
        card = _alliance(view, move["card"])
        name = alliance_name(card["name"]) if card else move["card"]
        if move["pay"]:
            return _("Pay the upkeep of %(city)s") % {"city": name}
        return _("Give %(city)s back") % {"city": name}
    if kind == "stop":
        return _("Done: no more of this action")
    return json.dumps(move, sort_keys=True)


def prompt(view: dict, legal: list, waiting_name: str) -> str:  # noqa: PLR0911
    """What to do now, in one plain sentence."""
    decision = view.get("decision") or {}
    if not legal:
        return _("Waiting for %(name)s.") % {"name": waiting_name}
    kind = decision.get("t")
    if kind == "start":
        return _("Choose the resource you start with.")
    if kind == "inkwell":
        return _(
            "Move the inkwell clockwise: choose a space on the ring (the cost is "
            "shown on each)."
        )
    if kind == "pay":
        left = decision.get("left", 1)
        what = str(PAY_FOR.get(decision.get("for"), decision.get("for", "")))
        return ngettext(
            "Pay %(n)s more resource of your choice for %(what)s.",
            "Pay %(n)s more resources of your choice for %(what)s.",
            left,
        ) % {"n": left, "what": what}
    if kind == "option":
        return _("Choose an option for the space where the inkwell stands.")
    if kind == "card":
        return _("Choose one half of the split card.")
    if kind == "production":
        return _("Production: flip active factories to produce more?")
    if kind == "donation":
        return _("Donation: pay for a star, or stop.")
    if kind == "exchange":
        return _("Exchange: give one resource for another, or stop.")
    if kind == "factory":
        return _("Build a factory for 2 resources, or stop.")
    if kind == "repeat":
        return _("Pay to repeat the action, or stop.")
    if kind == "piracy":
        return _("Piracy: steal a resource from your rival, or go aggressive.")
    if kind == "steal":
        return _("Aggressive piracy: steal another resource, or stop.")
    if kind == "alliance":
        return _("Make an alliance: take one from the board, or from your rival.")
    if kind == "ship":
        return _("Buy one of the face-up ships, or stop.")
    if kind == "lawsuit":
        return _("Advance one of the three lawsuits, or stop.")
    if kind == "lawsuit_extra":
        return _("Pay the lawsuit's cost again for one more step, or stop.")
    if kind == "court":
        return _("Court decision: resolve lawsuit I, or swap two adjacent lawsuits.")
    if kind == "upkeep":
        return _("Low season: pay your alliance's upkeep, or give it back.")
    return _("Your decision.")
