"""Rival Cities as the hard search reads it: the engine's view without its texts,
its log lines and its list of legal moves (the search has them already).

The search asks for a view at every decision of its playouts, and the full one,
even untranslated, spent two thirds of a playout writing card texts no
heuristic reads. The engine draws both (`public_view`).

`playout_view` is the same view built faster for the paired playouts
(`rival_playout.py`): each card, ship, alliance and lawsuit is drawn once per
process and shared by every view that shows it (the heuristics only read
views), and the prestige track's tables once. It equals `lean_view` field for
field (tests/engines/test_rival_hard.py).
"""

from __future__ import annotations

from functools import cache

from ..engines.rival_cities.pieces import (
    CITIES,
    COLOURS,
    PRESTIGE_INCOME,
    PRESTIGE_STARS,
    PRESTIGE_WIN,
    RING_SIZE,
)
from ..engines.rival_cities.turn import move_cost
from ..engines.rival_cities.victories import star_breakdown
from ..engines.rival_cities.view import (
    alliance_view,
    card_view,
    lawsuit_view,
    public_view,
    ship_view,
)


def lean_view(state: dict, seat: int) -> dict:
    return public_view(state, seat, texts=False)


_card = cache(lambda card: card_view(card, False))
_ship = cache(lambda card: ship_view(card, False))
_alliance = cache(lambda card: alliance_view(card, False))
_lawsuit = cache(lambda card: lawsuit_view(card, False))
_INCOME = {str(k): v for k, v in PRESTIGE_INCOME.items()}
_STARS = {str(k): v for k, v in PRESTIGE_STARS.items()}


def _city(state: dict, seat: int, viewer: int | None) -> dict:
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
        "hand": [_card(c) for c in data["hand"]] if shown else None,
        "hand_count": len(data["hand"]),
        "ships": [_ship(card) for card in data["ships"]],
        "alliances": [_alliance(card) for card in data["alliances"]],
        "lawsuits_won": [_lawsuit(card) for card in data["lawsuits"]],
        "holds_bell": state["bell"] == seat,
        "star_count": star_breakdown(state, seat),
    }


def _ring(state: dict) -> list[dict]:
    free_extra = "ship-17" in state["players"][state["turn"]]["ships"]
    inkwell = state["inkwell"]
    out = []
    for index, space in enumerate(state["ring"]):
        distance = (index - inkwell) % RING_SIZE
        card = space["card"]
        out.append(
            {
                "space": index,
                "kind": space["kind"],
                "card": None if card is None else _card(card),
                "distance": distance,
                "cost": move_cost(distance, free_extra) if distance else None,
                "inkwell": index == inkwell,
            }
        )
    return out


def playout_view(state: dict, seat: int) -> dict:
    """`lean_view(state, seat)`, its pieces shared between views."""
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
        "prestige": {
            "position": state["prestige"],
            "win_at": PRESTIGE_WIN,
            "income": _INCOME,
            "stars": _STARS,
        },
        "supply": dict(state["supply"]),
        "cities": [_city(state, s, seat) for s in (0, 1)],
        "ships": {
            "face_up": [
                None if c is None else _ship(c) for c in state["ships_face_up"]
            ],
            "deck": len(state["ship_deck"]),
        },
        "alliances": {
            "board": [
                None if c is None else _alliance(c) for c in state["alliances_board"]
            ]
        },
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
            "discard": [_card(c) for c in state["special_discard"]],
            "played": [_card(c) for c in state["played"]],
        },
    }
