"""The actions on one's own city: production, gift, donation, exchange, letter,
draw, factory, reactivate, prestige, piracy, and the paid repeats of alliances and
ship 16 (R-rc "Les différentes actions", "Détails des cartes Alliance").

Each action is a task on the queue. `auto` resolves what needs no decision;
`moves` lists the decisions; `play` applies one. A decision whose only move would
be "stop" is skipped by the engine (nothing left to decide).
"""

from __future__ import annotations

from games.rival_cities.engine.common import (
    STOP,
    alliance_production_types,
    can_afford,
    direction,
    draw_special,
    event,
    gain,
    gain_token,
    gettext_noop,
    has_alliance,
    has_ship,
    pay,
    pop,
    push,
    rival,
    start_payment,
    total_resources,
)
from games.rival_cities.engine.pieces import LAWSUITS, PRESTIGE_WIN, RESOURCES, SHIPS

# --- Production (R-rc "Production"; Oslo/London/Novgorod; ships 11-14) ------------------


def production_auto(state: dict, task: dict) -> bool:
    if state["players"][task["seat"]]["factories"]["active"] == 0:
        pop(state)
        produce(state, task["seat"], task["res"], task["n"], 0)
        return True
    return False


def production_moves(state: dict, task: dict) -> list[dict]:
    active = state["players"][task["seat"]]["factories"]["active"]
    return [{"type": "flip", "factories": k} for k in range(active + 1)]


def production_play(state: dict, task: dict, move: dict) -> None:
    pop(state)
    produce(state, task["seat"], task["res"], task["n"], move["factories"])


def produce(state: dict, seat: int, res: str, n: int, flips: int) -> None:
    factories = state["players"][seat]["factories"]
    factories["active"] -= flips
    factories["spent"] += flips
    brought = {res: gain(state, seat, res, n + flips)}
    # Ships 11-14: +1 of the ship's type on every production, whatever its type.
    for card in state["players"][seat]["ships"]:
        kind = SHIPS[card].get("production")
        if kind:
            brought[kind] = brought.get(kind, 0) + gain(state, seat, kind, 1)
    alliance_bonus(state, seat, brought)
    event(state, gettext_noop("{player} produced {res}"), player=seat, res=res)


def alliance_bonus(state: dict, seat: int, brought: dict) -> None:
    """Oslo, London, Novgorod (R-rc): a Production or Donation that brought at least
    one resource of the alliance's type brings one more. Everything the action
    brought counts, a production ship's bonus included."""
    for kind in alliance_production_types(state, seat):
        if brought.get(kind, 0) >= 1:
            gain(state, seat, kind, 1)


# --- Gift, letter, draw, reactivate (no decision) -----------------------------------------


def gift_auto(state: dict, task: dict) -> bool:
    pop(state)
    for res, n in task["res"].items():
        gain(state, task["seat"], res, n)
    return True


def letter_auto(state: dict, task: dict) -> bool:
    pop(state)
    gain_token(state, task["seat"], "letter", task["n"])
    return True


def draw_auto(state: dict, task: dict) -> bool:
    pop(state)
    seat = task["seat"]
    card = draw_special(state)
    if card:
        state["players"][seat]["hand"].append(card)
        event(state, gettext_noop("{player} drew a special action card"), player=seat)
    if not task.get("repeat") and has_alliance(state, seat, "copenhagen"):
        push(state, {"t": "repeat", "seat": seat, "vias": ["copenhagen"]})
    return True


def reactivate_auto(state: dict, task: dict) -> bool:
    pop(state)
    factories = state["players"][task["seat"]]["factories"]
    if factories["spent"]:
        factories["spent"] -= 1
        factories["active"] += 1
    return True


# --- Donation (R-rc "Don"; Amsterdam) ----------------------------------------------------


def donation_moves(state: dict, task: dict) -> list[dict]:
    moves = []
    if can_afford(state, task["seat"], task["cost"]) and state["supply"]["star"]:
        moves.append({"type": "donate"})
    return [*moves, STOP]


def donation_play(state: dict, task: dict, move: dict) -> None:
    seat = task["seat"]
    if move["type"] == "stop":
        pop(state)
        return
    task["times"] -= 1
    if task["times"] == 0:
        pop(state)
    stars = task["stars"] + (1 if has_alliance(state, seat, "amsterdam") else 0)
    start_payment(state, seat, task["cost"], "donation")
    gain_token(state, seat, "star", stars)
    # A donation card may also show resources (cards.py): they count for Oslo,
    # London and Novgorod.
    brought = {res: gain(state, seat, res, k) for res, k in task.get("res", {}).items()}
    alliance_bonus(state, seat, brought)


# --- Exchange (R-rc "Échange de ressources": up to twice) -----------------------------------


def exchange_moves(state: dict, task: dict) -> list[dict]:
    seat = task["seat"]
    mine = state["players"][seat]["res"]
    theirs = state["players"][rival(seat)]["res"]
    moves = []
    for give in RESOURCES:
        if not mine[give]:
            continue
        for take in RESOURCES:
            # Chosen here: a different type, and one that can really be gained.
            if take != give and (state["supply"][take] or theirs[take] > mine[take]):
                moves.append({"type": "exchange", "give": give, "take": take})
    return [*moves, STOP]


def exchange_play(state: dict, task: dict, move: dict) -> None:
    if move["type"] == "stop":
        pop(state)
        return
    task["times"] -= 1
    if task["times"] == 0:
        pop(state)
    pay(state, task["seat"], move["give"])
    gain(state, task["seat"], move["take"])


# --- Build a factory (R-rc "Construire une usine") -----------------------------------------

FACTORY_COST = 2  # R-rc: 2 resources of your choice, unless the card says free


def factory_auto(state: dict, task: dict) -> bool:
    if task.get("free"):
        pop(state)
        gain_token(state, task["seat"], "factory")
        return True
    return False


def factory_moves(state: dict, task: dict) -> list[dict]:
    seat = task["seat"]
    if state["supply"]["factory"] and total_resources(state, seat) >= FACTORY_COST:
        return [{"type": "build"}, STOP]
    return [STOP]


def factory_play(state: dict, task: dict, move: dict) -> None:
    pop(state)
    if move["type"] == "build":
        push(state, {"t": "factory", "seat": task["seat"], "free": True})
        start_payment(state, task["seat"], {"any": FACTORY_COST}, "factory")


# --- Prestige (R-rc "Gagner du prestige"; Brussels, ship 16) -------------------------------


def prestige_auto(state: dict, task: dict) -> bool:
    pop(state)
    seat = task["seat"]
    state["prestige"] += direction(seat)
    state["prestige"] = max(-PRESTIGE_WIN, min(PRESTIGE_WIN, state["prestige"]))
    event(state, gettext_noop("{player} gained prestige"), player=seat)
    if not task.get("repeat"):
        vias = []
        if has_alliance(state, seat, "brussels"):
            vias.append("brussels")
        if has_ship(state, seat, 16):
            vias.append("ship-16")
        if vias:
            push(state, {"t": "repeat", "seat": seat, "vias": vias})
    return True


# The paid repeats: what each costs and which action it repeats (R-rc).
REPEAT_COST = {
    "brussels": {"furniture": 1},
    "ship-16": {"beer": 2},
    "copenhagen": {"beer": 1},
    "le-havre": {"any": 1},
}
REPEAT_ACTION = {
    "brussels": "prestige",
    "ship-16": "prestige",
    "copenhagen": "draw",
    "le-havre": "lawsuit",
}


def repeat_moves(state: dict, task: dict) -> list[dict]:
    moves = [
        {"type": "repeat", "via": via}
        for via in task["vias"]
        if can_afford(state, task["seat"], REPEAT_COST[via])
        and (via != "le-havre" or _lawsuit_after_repeat(state, task["seat"]))
    ]
    return [*moves, STOP]


def _lawsuit_after_repeat(state: dict, seat: int) -> bool:
    """Le Havre is offered only if some lawsuit is still affordable after its fee."""
    for entry in state["lawsuits"]:
        if entry:
            cost = dict(LAWSUITS[entry["card"]]["cost"])
            cost["any"] = cost.get("any", 0) + 1
            if can_afford(state, seat, cost):
                return True
    return False


def repeat_play(state: dict, task: dict, move: dict) -> None:
    if move["type"] == "stop":
        pop(state)
        return
    via = move["via"]
    task["vias"].remove(via)
    if not task["vias"]:
        pop(state)
    seat = task["seat"]
    push(state, {"t": REPEAT_ACTION[via], "seat": seat, "repeat": True})
    start_payment(state, seat, REPEAT_COST[via], via)


# --- Piracy (R-rc "Piraterie") ------------------------------------------------------------


def piracy_moves(state: dict, task: dict) -> list[dict]:
    theirs = state["players"][rival(task["seat"])]["res"]
    moves = [
        {"type": "piracy", "mode": "simple", "resource": res}
        for res in RESOURCES
        if theirs[res]
    ]
    if moves:
        moves.append({"type": "piracy", "mode": "aggressive"})
    return [*moves, STOP]


def steal(state: dict, seat: int, res: str) -> None:
    state["players"][rival(seat)]["res"][res] -= 1
    state["players"][seat]["res"][res] += 1


def piracy_play(state: dict, task: dict, move: dict) -> None:
    pop(state)
    seat = task["seat"]
    if move["type"] == "stop":
        return
    if move["mode"] == "simple":
        steal(state, seat, move["resource"])
        return
    # Aggressive: up to 3 resources, then the rival gains prestige (chosen here: it
    # always does, since it can only help them; their Brussels/ship 16 apply).
    push(state, {"t": "prestige", "seat": rival(seat)})
    push(state, {"t": "steal", "seat": seat, "left": 3})


def steal_moves(state: dict, task: dict) -> list[dict]:
    theirs = state["players"][rival(task["seat"])]["res"]
    moves = [{"type": "steal", "resource": res} for res in RESOURCES if theirs[res]]
    return [*moves, STOP]


def steal_play(state: dict, task: dict, move: dict) -> None:
    if move["type"] == "stop":
        pop(state)
        return
    task["left"] -= 1
    if task["left"] == 0:
        pop(state)
    steal(state, task["seat"], move["resource"])
