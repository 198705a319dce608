"""The abilities of the unique (purple) districts used during play.

Scoring extras are in scoring.py; build rules (Quarry, Factory, Framework,
Necropolis, Thieves' Den, Stables, Monument) in turns.py; resources (Gold Mine,
Observatory, Library) in turns.py. Texts: DATA.md 2b (classic) and 2d (2016).
"""

from __future__ import annotations

from games.citadels.engine import characters as ch
from games.citadels.engine.building import remove_district
from games.citadels.engine.common import draw, has, is_complete, key_of, to_bottom

SMITHY_PRICE = 2
SMITHY_CARDS = 3
GRAVEYARD_PRICE = 1
LABORATORY_GOLD = {"classic": 1, "2016": 2}  # classic 1 gold: DATA.md 2b, UNCONFIRMED


def wonder_moves(state: dict, seat: int) -> list[dict]:
    turn = state["turn"]
    player = state["players"][seat]
    moves: list[dict] = []
    used = turn["used"]
    if (
        has(state, seat, "smithy")
        and "smithy" not in used
        and player["gold"] >= SMITHY_PRICE
        and state["deck"]
    ):
        moves.append({"type": "smithy"})
    if has(state, seat, "laboratory") and "laboratory" not in used:
        moves += [{"type": "laboratory", "card": c} for c in player["hand"]]
    if has(state, seat, "museum") and "museum" not in used:
        moves += [{"type": "museum", "card": c} for c in player["hand"]]
    if has(state, seat, "armory"):
        moves += armory_moves(state, seat)
    return moves


def apply_wonder(state: dict, seat: int, move: dict) -> None:
    player = state["players"][seat]
    kind = move["type"]
    state["turn"]["used"].append(kind)
    if kind == "smithy":
        # Once a turn: pay 2 gold, draw 3 cards.
        player["gold"] -= SMITHY_PRICE
        player["hand"].extend(draw(state, SMITHY_CARDS))
    elif kind == "laboratory":
        # Once a turn: discard a card from the hand for gold.
        player["hand"].remove(move["card"])
        to_bottom(state, [move["card"]])
        player["gold"] += LABORATORY_GOLD[state["edition"]]
    elif kind == "museum":
        # Once a turn: a card from the hand goes face down under the Museum.
        player["hand"].remove(move["card"])
        player["museum"].append(move["card"])
    elif kind == "armory":
        armory = next(
            d["id"] for d in player["city"] if key_of(state, d["id"]) == "armory"
        )
        remove_district(state, seat, armory)
        remove_district(state, move["seat"], move["district"])


# Armory: destroy it to destroy any district not in a completed city ----------------


def armory_moves(state: dict, seat: int) -> list[dict]:
    """Any district outside a completed city; not from a completed city of its
    own either (the Armory is destroyed too, and no district of a completed
    city is destroyed: 2016 rulebook, Armory)."""
    moves = []
    if is_complete(state, seat):
        return moves
    for target, player in enumerate(state["players"]):
        if is_complete(state, target):
            continue
        for d in player["city"]:
            if key_of(state, d["id"]) != "armory" or target != seat:
                moves.append({"type": "armory", "seat": target, "district": d["id"]})
    return moves


# Graveyard (classic): pay 1 gold to take back a district the Warlord destroyed ----


def graveyard_pending(state: dict, warlord: int, card: str) -> bool:
    for seat, player in enumerate(state["players"]):
        if (
            seat != warlord
            and has(state, seat, "graveyard")
            and player["gold"] >= GRAVEYARD_PRICE
        ):
            state["pending"] = {"kind": "graveyard", "seat": seat, "card": card}
            return True
    return False


def graveyard_moves(state: dict, seat: int) -> list[dict]:
    return [{"type": "graveyard", "take": True}, {"type": "graveyard", "take": False}]


def apply_graveyard(state: dict, seat: int, move: dict) -> None:
    card = state["pending"]["card"]
    state["pending"] = None
    if move["take"]:
        state["players"][seat]["gold"] -= GRAVEYARD_PRICE
        state["players"][seat]["hand"].append(card)
    else:
        to_bottom(state, [card])


# Theater (2016): after the draft, swap a character blindly with an opponent -------


def theater_pending(state: dict) -> bool:
    for seat in range(state["num_players"]):
        if has(state, seat, "theater"):
            state["pending"] = {"kind": "theater", "seat": seat}
            return True
    return False


def theater_moves(state: dict, seat: int) -> list[dict]:
    mine = state["players"][seat]["characters"]
    moves = [{"type": "theater_pass"}]
    for other, player in enumerate(state["players"]):
        if other != seat and player["characters"]:
            moves += [{"type": "theater_swap", "seat": other, "give": c} for c in mine]
    return moves


__all__ = ["ch"]
