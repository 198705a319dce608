"""Rival Cities board: the engine's view and the viewer's legal moves, laid out.

Everything here comes from `view` (what the viewer may know) and `legal` (the
viewer's legal moves); the raw state never reaches a template. Every control of
the current decision is in one panel, first on a phone: a button per space within
reach for the inkwell (how far, the price, the card), the options, paying by
resource; every other legal move (the ship, alliance or lawsuit to take, lit on
the board too) as a labelled button, so no decision is ever without a control.
"""

from __future__ import annotations

import json

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.boards import NO_TABLE, BoardTable
from games.rival_cities import result_words
from games.rival_cities.engine import texts as effects
from games.rival_cities.engine.pieces import LAWSUIT_MAX
from games.rival_cities.move_labels import (
    NUMERALS,
    PAY_FOR,
    RESOURCE_MARKS,
    RESOURCES,
    alliance_name,
    card_text,
    city_name,
    find_move,
    move_label,
    prompt,
    res_name,
)
from games.rival_cities.progress import victory_progress
from games.rival_cities.ring import prestige_cells, ring_slots, tile


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


def layout(  # noqa: C901, PLR0912, PLR0915
    view, position, legal, table: BoardTable = NO_TABLE
) -> dict:
    """The decision panel, the ring, the cities, the cards and the results."""
    legal = legal or []
    me = position if position is not None else 0
    other = 1 - me
    names = table.names
    decision = view.get("decision") or {}
    kind = decision.get("t") if legal else None
    handled: set[str] = set()

    def take(move):
        if move is None:
            return None
        handled.add(json.dumps(move, sort_keys=True))
        return _button(move, view)

    # The ring drawn as a ring (rival_cities_ring.py), clockwise from the
    # low-season tile; each space within reach has its button in the decision
    # panel, nearest first.
    slots = ring_slots(view["ring"])
    for slot in slots:
        # What stopping there costs and allows (the engine's texts).
        # (its distance and cost are already in the slot's name).
        slot["effect"] = effects.space_effect({**slot, "distance": None})
        move = None
        if kind == "inkwell" and slot["distance"]:
            move = find_move(legal, type="move", spaces=slot["distance"])
        slot["move"] = take(move)
    ink_moves = sorted((s for s in slots if s["move"]), key=lambda s: s["distance"])

    # Cities: the rival on top, the viewer below (spectators: Altona on top).
    def city(seat):
        data = view["cities"][seat]
        alliances = [
            {
                **card,
                "label": alliance_name(card["name"]),
                "effect": effects.alliance_effect(card["id"]),
            }
            for card in data["alliances"]
        ]
        active, spent = data["factories"]["active"], data["factories"]["spent"]
        factories = ngettext(
            "%(n)s active factory", "%(n)s active factories", active
        ) % {"n": active}
        if spent:
            factories += ", " + ngettext(
                "%(n)s spent factory", "%(n)s spent factories", spent
            ) % {"n": spent}
        words = {
            "letters": ngettext("%(n)s letter", "%(n)s letters", data["letters"])
            % {"n": data["letters"]},
            "factories": factories,
            "stars": ngettext("%(n)s star token", "%(n)s star tokens", data["stars"])
            % {"n": data["stars"]},
        }
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
            "ships": [
                {**c, "effect": effects.ship_effect(c["id"])} for c in data["ships"]
            ],
            "lawsuits_won": [
                {**c, "effect": effects.lawsuit_effect(c["id"])}
                for c in data["lawsuits_won"]
            ],
            "hand": None
            if data["hand"] is None
            else [{**c, "effect": effects.card_effect(c["id"])} for c in data["hand"]],
            "name": names.get(seat, ""),
            "city_name": city_name(seat),
            "res_list": resources,
            "alliance_list": alliances,
            "words": words,
            "victories": victory_progress(view, seat),
            "is_me": position == seat,
            "to_move": seat in view["to_move"],
        }

    pay = []
    if kind in ("pay", "start"):
        for r in RESOURCES:
            move = find_move(legal, type=kind, resource=r)
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
        text = card_text(view, card) if card else ""
        for move in legal:
            if move["type"] == "half":
                halves.append(take(move))
    else:
        text = ""

    # The pieces one may buy, ally with or advance are lit on the board; their
    # buttons are in the decision panel (first on a phone), with the others.
    ships = [
        {
            "card": card,
            "offered": bool(card and find_move(legal, type="ship", card=card["id"])),
            "effect": effects.ship_effect(card["id"]) if card else "",
        }
        for card in view["ships"]["face_up"]
    ]
    board_alliances = [
        {
            "card": card,
            "label": alliance_name(card["name"]) if card else "",
            "effect": effects.alliance_effect(card["id"]) if card else "",
            "offered": bool(
                card and find_move(legal, type="alliance", card=card["id"])
            ),
        }
        for card in view["alliances"]["board"]
    ]
    lawsuits = []
    for index, entry in enumerate(view["lawsuits"]["positions"]):
        lawsuits.append(
            {
                "numeral": NUMERALS[index],
                "entry": entry,
                "track": _track(entry["marker"], LAWSUIT_MAX, me) if entry else [],
                "offered": bool(find_move(legal, type="lawsuit", position=index)),
                "effect": effects.lawsuit_effect(entry["lawsuit"]["id"])
                if entry
                else "",
            }
        )

    me_city, rival_city = city(me), city(other)
    # Each city one step from a sudden victory, said in a sentence (not after the end).
    near = []
    if not view.get("over"):
        for c in (rival_city, me_city):
            near += [v["warning"] for v in c["victories"] if v["near"]]
    others = [
        _button(m, view) for m in legal if json.dumps(m, sort_keys=True) not in handled
    ]
    # "stop" last, and the letter's exchange in its own group.
    exchanges = [b for b in others if '"letter_exchange"' in b["json"]]
    others = [
        {**b, "css": "act quiet" if '"stop"' in b["json"] else "act"}
        for b in others
        if b not in exchanges
    ]

    # The latest log line of each other player: what changed since one's last look.
    last_moves, seen = [], set()
    for line in table.log:
        if line["seat"] in seen or line["seat"] == position or line["seat"] is None:
            continue
        seen.add(line["seat"])
        # The move itself: what it set off is in "What just happened".
        move = line["text"].split("\n", 1)[0]
        text = _("Last move: %(move)s") % {"move": move}
        last_moves.append({"seat": line["seat"], "text": text})

    result = view.get("result") or {}
    winner = result.get("winner")
    waiting = ", ".join(names.get(s, "") for s in view["to_move"])
    winner_name = names.get(winner, "") if winner is not None else ""
    how_won = ""
    if view.get("over"):
        # The seats' outcome details as the engine's outcome writes them.
        details = {
            seat: {
                "won_by": result.get("how"),
                "winner": winner,
                "stars": view["cities"][seat]["star_count"],
                "tie_to_bell": result.get("tie_to_bell"),
            }
            for seat in (0, 1)
        }
        how_won = result_words.how_won(details, names)
    if not view.get("over"):
        said = prompt(view, legal, waiting)
    elif how_won:
        said = _("The game is over.") + " " + how_won
    else:
        said = _("The game is over.")
    return {
        "slots": slots,
        "ink_moves": ink_moves,
        "tile": tile(len(view["ring"]), view["inkwell"]),
        "prestige_cells": prestige_cells(view["prestige"], me),
        "marks": RESOURCE_MARKS,
        "me": me_city,
        "rival": rival_city,
        "prompt": said,
        "kind": kind,
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
        "winner_name": winner_name,
        "how_won": how_won,
        "resources": RESOURCES,
        "last_moves": last_moves,
        "near_victories": near,
    }
