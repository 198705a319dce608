"""Building districts: the build limit, the price, the build moves and their
variants (Framework, Necropolis, Thieves' Den, Cardinal), placing a district and
taking one out of a city.

Rules: citadels.fr.txt (build one district a turn, paying its cost; no two
districts of the same name; the Architect builds up to 3) and the unique
districts that change building (DATA.md 2b, 2d: Quarry, Factory, Framework,
Necropolis, Thieves' Den, Stables, Monument, Secret Vault, Statue).
"""

from __future__ import annotations

from games.citadels.engine import districts as ds
from games.citadels.engine.common import (
    has,
    is_complete,
    key_of,
    tables,
    to_bottom,
    witch_paused,
)
from games.citadels.engine.schemers import check_warrant
from games.citadels.engine.taxes import after_build

# The Architect builds up to 3, the Navigator none (see builds_nothing); the
# Witch builds nothing in her own turn (she builds in the bewitched character's
# turn); the 2016 Scholar and Seer build up to 2.
BUILD_LIMIT = {"architect": 3, "navigator": 0, "witch": 0, "scholar": 2, "seer": 2}
# The Monument cannot be built into a city of this many districts or more.
MONUMENT_MAX_CITY = 5


def build_limit(state: dict) -> int:
    return BUILD_LIMIT.get(state["turn"]["char"], 1)


def price(state: dict, seat: int, card: str) -> int:
    """Gold to build a card: its cost, 1 less for another unique district with
    the Factory (2016 text)."""
    cards, costs, _ids = tables(state)
    key = cards[card]
    amount = costs[card]
    if ds.kind(key) == ds.UNIQUE and key != "factory" and has(state, seat, "factory"):
        amount = max(0, amount - 1)
    return amount


def may_duplicate(state: dict, seat: int) -> bool:
    """The Quarry, and the Wizard's turn, allow districts of a name already built."""
    return has(state, seat, "quarry") or state["turn"]["char"] == "wizard"


def can_place(state: dict, seat: int, card: str) -> bool:
    """The card could go into the city now (ignoring payment)."""
    turn = state["turn"]
    key = key_of(state, card)
    if key in ds.UNBUILDABLE or builds_nothing(state):
        return False
    if turn["built"] >= build_limit(state) and counts_toward_limit(state, key):
        return False
    if has(state, seat, key) and not may_duplicate(state, seat):
        return False
    if key == "monument" and len(state["players"][seat]["city"]) >= MONUMENT_MAX_CITY:
        return False
    return True


def builds_nothing(state: dict) -> bool:
    """The Navigator builds no district at all, not even one outside the limit
    (the Stables); nor does the Witch before her turn is put on hold (2016
    rulebook, Navigator and Witch)."""
    return state["turn"]["char"] == "navigator" or witch_paused(state)


def counts_toward_limit(state: dict, key: str) -> bool:
    """The Stables never count (2016 text); trade districts do not count for the
    Trader."""
    if key == "stables":
        return False
    return not (state["turn"]["char"] == "trader" and ds.kind(key) == ds.TRADE)


def build_moves(state: dict, seat: int) -> list[dict]:
    player = state["players"][seat]
    moves: list[dict] = []
    # No district of a completed city is destroyed, by anything (2016
    # rulebook, Warlord and Armory): not the Framework nor a district for the
    # Necropolis either (chosen here from that general rule).
    intact = is_complete(state, seat)
    framework = has(state, seat, "framework") and not intact
    for card in player["hand"]:
        if not can_place(state, seat, card):
            continue
        key = key_of(state, card)
        amount = price(state, seat, card)
        if player["gold"] >= amount:
            moves.append({"type": "build", "card": card})
        elif state["turn"]["char"] == "cardinal":
            moves += cardinal_build_moves(state, seat, card, amount)
        if framework and key != "framework":
            moves.append({"type": "build", "card": card, "framework": True})
        if key == "necropolis" and not intact:
            for d in player["city"]:
                moves.append({"type": "build", "card": card, "destroy": d["id"]})
        if key == "thieves_den":
            for k in range(1, min(amount, len(player["hand"]) - 1) + 1):
                if player["gold"] >= amount - k:
                    moves.append({"type": "build", "card": card, "cards": k})
    return moves


# Cardinal (2016): lacking gold to build, take the shortfall from a player and
# give them 1 card per gold taken (chars2016.apply_cardinal_card).


def cardinal_build_moves(state: dict, seat: int, card: str, amount: int) -> list:
    me = state["players"][seat]
    short = amount - me["gold"]
    if short <= 0 or len(me["hand"]) - 1 < short:
        return []
    return [
        {"type": "build", "card": card, "from": s}
        for s, p in enumerate(state["players"])
        if s != seat and p["gold"] >= short
    ]


def apply_build(state: dict, seat: int, move: dict) -> None:
    player = state["players"][seat]
    card = move["card"]
    amount = price(state, seat, card)
    if move.get("framework"):
        remove_district(state, seat, _find(state, seat, "framework"))
        amount = 0
    elif move.get("destroy"):
        remove_district(state, seat, move["destroy"])
        amount = 0
    elif move.get("cards"):
        state["turn"]["sub"] = {"kind": "den", "card": card, "needed": move["cards"]}
        return
    elif "from" in move:
        needed = amount - player["gold"]
        state["turn"]["sub"] = {
            "kind": "cardinal",
            "card": card,
            "seat": move["from"],
            "needed": needed,
        }
        return
    player["gold"] -= amount
    place(state, seat, card, amount)


def den_moves(state: dict, seat: int) -> list[dict]:
    sub = state["turn"]["sub"]
    hand = state["players"][seat]["hand"]
    return [{"type": "pay_card", "card": c} for c in hand if c != sub["card"]]


def apply_den(state: dict, seat: int, move: dict) -> None:
    """Thieves' Den: part of its cost paid with cards, 1 card = 1 gold."""
    sub = state["turn"]["sub"]
    player = state["players"][seat]
    player["hand"].remove(move["card"])
    to_bottom(state, [move["card"]])
    sub["needed"] -= 1
    sub.setdefault("paid", 0)
    sub["paid"] += 1
    if sub["needed"] == 0:
        state["turn"]["sub"] = None
        amount = max(0, price(state, seat, sub["card"]) - sub["paid"])
        player["gold"] -= amount
        place(state, seat, sub["card"], amount)


def place(state: dict, seat: int, card: str, paid: int) -> None:
    """Moves a card from the hand into the city, then the build's consequences."""
    player = state["players"][seat]
    turn = state["turn"]
    player["hand"].remove(card)
    player["city"].append({"id": card, "beautified": False, "round": state["round"]})
    if counts_toward_limit(state, key_of(state, card)):
        turn["built"] += 1
    turn["spent"] += paid
    if state["first_complete"] is None and is_complete(state, seat):
        state["first_complete"] = seat
    if key_of(state, card) in ("lighthouse", "bell_tower"):
        from games.citadels.engine.darkcity import on_build

        on_build(state, seat, key_of(state, card))
    if paid:
        check_warrant(state, seat, card, paid)
    if state["pending"] and state["pending"]["kind"] == "magistrate":
        return  # the tax waits for the Magistrate (schemers.apply_confiscate)
    after_build(state, seat)


def _find(state: dict, seat: int, key: str) -> str:
    for d in state["players"][seat]["city"]:
        if key_of(state, d["id"]) == key:
            return d["id"]
    raise KeyError(key)


def remove_district(state: dict, seat: int, card: str, *, to_deck: bool = True) -> None:
    """Takes a district out of a city; a destroyed Museum's cards go with it."""
    player = state["players"][seat]
    player["city"] = [d for d in player["city"] if d["id"] != card]
    if key_of(state, card) == "bell_tower" and state["bell_tower"]:
        from games.citadels.engine.darkcity import bell_tower_revert

        bell_tower_revert(state)
    if key_of(state, card) == "museum":
        to_bottom(state, player["museum"])
        player["museum"] = []
    if to_deck:
        to_bottom(state, [card])
