"""Rival Cities as the hard search reads it: the engine's view without its texts,
its log lines and its list of legal moves (the search has them already).

The search asks for a view at every decision of its playouts, and the full one
(`games/engines/rival_cities/view.py`), even untranslated, spent two thirds of a
playout writing card texts no heuristic reads. The same fields otherwise, built
the same way: the rival's hand is a count only while the game goes on.
"""

from __future__ import annotations

from ..engines.rival_cities.cards import CARDS
from ..engines.rival_cities.common import has_ship
from ..engines.rival_cities.pieces import (
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
from ..engines.rival_cities.turn import move_cost
from ..engines.rival_cities.victories import star_breakdown

# The prestige track's public constants, as the view writes them.
PRESTIGE = {
    "win_at": PRESTIGE_WIN,
    "income": {str(k): v for k, v in PRESTIGE_INCOME.items()},
    "stars": {str(k): v for k, v in PRESTIGE_STARS.items()},
}


def _card(card_id: str | None) -> dict | None:
    if card_id is None:
        return None
    card = CARDS[card_id]
    out = {"id": card_id, "split": "halves" in card}
    out["halves" if "halves" in card else "actions"] = card.get(
        "halves", card.get("actions")
    )
    return out


def _ship(card: str | None) -> dict | None:
    if card is None:
        return None
    return {"id": card, "number": int(card.split("-")[1]), **SHIPS[card]}


def _alliance(card: str | None) -> dict | None:
    return None if card is None else {"id": card, **ALLIANCES[card]}


def _lawsuit(card: str) -> dict:
    return {"id": card, "number": int(card.split("-")[1]), **LAWSUITS[card]}


def _city(state: dict, seat: int, viewer: int) -> dict:
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
        "hand": [_card(card) for card in data["hand"]] if shown else None,
        "hand_count": len(data["hand"]),
        "ships": [_ship(card) for card in data["ships"]],
        "alliances": [_alliance(card) for card in data["alliances"]],
        "lawsuits_won": [_lawsuit(card) for card in data["lawsuits"]],
        "holds_bell": state["bell"] == seat,
        "star_count": star_breakdown(state, seat),
    }


def _ring(state: dict) -> list[dict]:
    free_extra = has_ship(state, state["turn"], 17)
    out = []
    for index, space in enumerate(state["ring"]):
        distance = (index - state["inkwell"]) % RING_SIZE
        out.append(
            {
                "space": index,
                "kind": space["kind"],
                "card": _card(space["card"]),
                "distance": distance,
                "cost": move_cost(distance, free_extra) if distance else None,
                "inkwell": index == state["inkwell"],
            }
        )
    return out


def lean_view(state: dict, seat: int) -> dict:
    task = None if state["over"] or not state["queue"] else state["queue"][-1]
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
        "ring": _ring(state),
        "prestige": {"position": state["prestige"], **PRESTIGE},
        "supply": dict(state["supply"]),
        "cities": [_city(state, s, seat) for s in (0, 1)],
        "ships": {
            "face_up": [_ship(card) for card in state["ships_face_up"]],
            "deck": len(state["ship_deck"]),
        },
        "alliances": {"board": [_alliance(c) for c in state["alliances_board"]]},
        "lawsuits": {
            "positions": [
                {"lawsuit": _lawsuit(e["card"]), "marker": e["marker"]} if e else None
                for e in state["lawsuits"]
            ],
            "deck": len(state["lawsuit_deck"]),
            "out": [_lawsuit(card) for card in state["lawsuits_out"]],
        },
        "special": {
            "deck": len(state["special_deck"]),
            "discard": [_card(card) for card in state["special_discard"]],
            "played": [_card(card) for card in state["played"]],
        },
    }
