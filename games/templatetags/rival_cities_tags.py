"""Rival Cities board: the engine's view and the viewer's legal moves, laid out.

Everything here comes from `view` (what the viewer may know) and `legal` (the
viewer's legal moves); the raw state never reaches a template. Frequent decisions
get dedicated controls (the ring for the inkwell, the option buttons, paying by
resource, the pieces one buys or takes); every other legal move is listed as a
labelled button, so no decision is ever without a control.
"""

from __future__ import annotations

import json

from django import template
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

register = template.Library()

RESOURCES = ["beer", "leather", "cloth", "furniture"]
# Short symbols drawn next to each resource name (colour is never the only cue).
RESOURCE_MARKS = {"beer": "B", "leather": "L", "cloth": "C", "furniture": "F"}
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
HOW_WON = {
    "prestige": gettext_lazy("the prestige track reached the city's name"),
    "lawsuits": gettext_lazy("three lawsuits won"),
    "ships": gettext_lazy("three ships more than the rival"),
    "alliances": gettext_lazy("all four alliances"),
    "stars": gettext_lazy("the most stars at the end"),
}
# Decisions with dedicated controls; the others fall back to labelled buttons.
DEDICATED = {"inkwell", "pay", "option", "card", "ship", "alliance", "lawsuit"}


def res_name(res: str) -> str:
    return _(res)


def city_name(seat: int) -> str:
    return str(CITY_NAMES[["Hamburg", "Altona"][seat]])


def alliance_name(name: str) -> str:
    return str(ALLIANCE_NAMES.get(name, name))


def _find(legal, **fields):
    for move in legal or []:
        if all(move.get(k) == v for k, v in fields.items()):
            return move
    return None


def _card_text(view: dict, card_id: str) -> str:
    for city in view["cities"]:
        for card in city["hand"] or []:
            if card["id"] == card_id:
                return card["text"]
    for space in view["ring"]:
        if space["card"] and space["card"]["id"] == card_id:
            return space["card"]["text"]
    return card_id


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
    from games.engines.rival_cities.view import action_text

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
        if option == "A":
            return _("Option A: the card on your space")
        if option == "B":
            return _("Option B: play from your hand: %(card)s") % {
                "card": _card_text(view, move["card"])
            }
        if option == "C":
            text = _card_text(view, move["card"])
            if move["first"] == "A":
                return _("Option C: your space first, then %(card)s") % {"card": text}
            return _("Option C: %(card)s first, then your space") % {"card": text}
        if option == "D":
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


def _button(move: dict, view: dict, label: str | None = None) -> dict:
    return {
        "json": json.dumps(move, sort_keys=True, separators=(",", ":")),
        "label": label or move_label(move, view),
    }


def _track(position: int, win_at: int, me: int) -> list[dict]:
    """Spaces from the viewer's rival's end to the viewer's end."""
    # + is toward Hamburg (seat 0): the viewer's side is drawn on the right.
    sign = 1 if me == 0 else -1
    cells = []
    for step in range(-win_at, win_at + 1):
        value = step * sign
        cells.append(
            {
                "value": value,
                "mine": step > 0,
                "theirs": step < 0,
                "marker": value == position,
                "distance": abs(step),
            }
        )
    return cells


@register.simple_tag(takes_context=True)
def rc_layout(context) -> dict:  # noqa: C901, PLR0912, PLR0915
    view = context["view"]
    legal = context.get("legal") or []
    position = context.get("position")
    seats = context.get("seats") or []
    me = position if position is not None else 0
    other = 1 - me
    names = {s.position: s.name for s in seats}
    decision = view.get("decision") or {}
    kind = decision.get("t") if legal else None
    handled: set[str] = set()

    def take(move):
        if move is None:
            return None
        handled.add(json.dumps(move, sort_keys=True))
        return _button(move, view)

    # The ring, clockwise from the low-season tile.
    ring = []
    for space in view["ring"]:
        move = None
        if kind == "inkwell" and space["distance"]:
            move = _find(legal, type="move", spaces=space["distance"])
        ring.append({**space, "move": take(move), "bell_before": space["space"] == 0})
    # Drawn in the order the inkwell will meet the spaces: where it stands, then
    # 1, 2, 3... spaces on, with the bell (the low season) where it lies (before
    # space 0, so at the very top at the start, when the inkwell is on no space).
    # The only other space at distance 0 is the one the inkwell cannot reach from
    # the start (space 18): it goes last. Its size is taken before sorting: while
    # list.sort runs, the list reads as empty (len 0), which drew that space
    # first, and then a second bell line above it.
    last = len(ring)
    ring.sort(key=lambda s: (not s["inkwell"], s["distance"] or last))

    # Cities: the rival on top, the viewer below (spectators: Altona on top).
    def city(seat):
        data = view["cities"][seat]
        alliances = []
        for card in data["alliances"]:
            move = None
            if kind == "alliance" and seat != me:
                move = _find(legal, type="alliance", card=card["id"])
            alliances.append(
                {**card, "label": alliance_name(card["name"]), "move": take(move)}
            )
        resources = [
            {
                "res": r,
                "name": res_name(r),
                "mark": RESOURCE_MARKS[r],
                "n": data["resources"][r],
            }
            for r in RESOURCES
        ]
        return {
            **data,
            "name": names.get(seat, ""),
            "city_name": city_name(seat),
            "res_list": resources,
            "alliance_list": alliances,
            "is_me": position == seat,
            "to_move": seat in view["to_move"],
        }

    pay = []
    if kind in ("pay", "start"):
        for r in RESOURCES:
            move = _find(legal, type=kind, resource=r)
            pay.append(
                {
                    "res": r,
                    "name": res_name(r),
                    "mark": RESOURCE_MARKS[r],
                    "n": view["cities"][me]["resources"][r],
                    "move": take(move),
                }
            )

    options = []
    if kind == "option":
        for move in legal:
            if move["type"] == "option":
                options.append({"option": move["option"], **take(move)})
    halves = []
    if kind == "card":
        card = decision.get("card")
        text = _card_text(view, card) if card else ""
        for move in legal:
            if move["type"] == "half":
                halves.append(take(move))
    else:
        text = ""

    ships = []
    for card in view["ships"]["face_up"]:
        move = None
        if card and kind == "ship":
            move = _find(legal, type="ship", card=card["id"])
        ships.append({"card": card, "move": take(move)})
    board_alliances = []
    for card in view["alliances"]["board"]:
        move = None
        if card and kind == "alliance":
            move = _find(legal, type="alliance", card=card["id"])
        board_alliances.append(
            {
                "card": card,
                "label": alliance_name(card["name"]) if card else "",
                "move": take(move),
            }
        )
    lawsuits = []
    for index, entry in enumerate(view["lawsuits"]["positions"]):
        move = None
        if entry and kind == "lawsuit":
            move = _find(legal, type="lawsuit", position=index)
        lawsuits.append(
            {
                "numeral": NUMERALS[index],
                "entry": entry,
                "track": _track(entry["marker"], 4, me) if entry else [],
                "move": take(move),
            }
        )

    me_city, rival_city = city(me), city(other)
    others = [
        _button(m, view) for m in legal if json.dumps(m, sort_keys=True) not in handled
    ]
    # "stop" last, and the letter's exchange in its own group.
    exchanges = [b for b in others if '"letter_exchange"' in b["json"]]
    others = [b for b in others if b not in exchanges]

    # The latest log line of each other player: what changed since one's last look.
    last_moves, seen = [], set()
    for line in context.get("log") or []:
        if line["seat"] in seen or line["seat"] == position or line["seat"] is None:
            continue
        seen.add(line["seat"])
        text = _("Last move: %(move)s") % {"move": line["text"]}
        last_moves.append({"seat": line["seat"], "text": text})

    result = view.get("result") or {}
    winner = result.get("winner")
    waiting = ", ".join(names.get(s, "") for s in view["to_move"])
    return {
        "me": me_city,
        "rival": rival_city,
        "prompt": prompt(view, legal, waiting),
        "kind": kind,
        "ring": ring,
        "pay": pay,
        "pay_for": str(PAY_FOR.get(decision.get("for"), "")) if kind == "pay" else "",
        "options": options,
        "split_text": text,
        "halves": halves,
        "ships": ships,
        "board_alliances": board_alliances,
        "lawsuits": lawsuits,
        "prestige": _track(
            view["prestige"]["position"], view["prestige"]["win_at"], me
        ),
        "others": others,
        "exchanges": exchanges,
        "winner_name": names.get(winner, "") if winner is not None else "",
        "how_won": str(HOW_WON.get(result.get("how"), "")),
        "resources": RESOURCES,
        "last_moves": last_moves,
    }


@register.filter
def rc_res(res: str) -> str:
    return res_name(res)


@register.filter
def rc_bundle(bundle: dict) -> str:
    """A cost or income such as {"beer": 1, "any": 2} in words."""
    parts = []
    for res, n in (bundle or {}).items():
        if n:
            name = _("of your choice") if res == "any" else res_name(res)
            parts.append(f"{n} {name}")
    return ", ".join(parts) or _("free")


@register.filter
def rc_names(line: str, seats) -> str:
    """A log line with {p0}/{p1} replaced by the players' names."""
    from games.selectors import name_players

    return name_players(str(line), list(seats or []))
