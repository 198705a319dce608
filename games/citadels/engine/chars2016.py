"""Characters as the 2016 edition plays them: the new Patrician, Cardinal,
Trader, Scholar, Marshal, Spy and Seer, and the 2016 texts of the Emperor, the
Abbot and the Tax Collector (rank 9).

Rules: citadels_game_help.fr.txt (2016) and DATA.md 2e (the 2016 effect
summaries). The characters shared with the classic game are in powers.py and
alternates.py.
"""

from __future__ import annotations

from games.citadels.engine import districts as ds
from games.citadels.engine.building import place, price
from games.citadels.engine.common import (
    draw,
    has,
    is_complete,
    key_of,
    rng_randrange,
    rng_shuffle,
    set_crown,
    value,
)
from games.citadels.engine.queries import emperor_targets, rank8_targets

SCHOLAR_DRAW = 7
MARSHAL_MAX_COST = 3  # the Marshal seizes districts of this cost or less

# Characters whose income comes as cards (Patrician, Cardinal) or as any mix of
# gold and cards (the 2016 Abbot).
INCOME_AS_CARDS = {"patrician", "cardinal"}


def income_mix(state: dict, key: str) -> bool:
    return key == "abbot" and state["edition"] == "2016"


# Emperor (2016): gives the crown, takes 1 gold or 1 random card from its new owner.


def emperor_moves(state: dict, seat: int) -> list[dict]:
    moves = []
    for target in emperor_targets(state, seat):
        other = state["players"][target]
        options = (["gold"] if other["gold"] else []) + (
            ["card"] if other["hand"] else []
        )
        if not options:
            moves.append({"type": "give_crown", "seat": target})
        moves += [{"type": "give_crown", "seat": target, "take": o} for o in options]
    return moves


def apply_emperor(state: dict, seat: int, move: dict) -> None:
    state["turn"]["power"] = True
    target = move["seat"]
    set_crown(state, target)
    other = state["players"][target]
    me = state["players"][seat]
    if move.get("take") == "gold":
        other["gold"] -= 1
        me["gold"] += 1
    elif move.get("take") == "card":
        card = other["hand"].pop(rng_randrange(state, len(other["hand"])))
        me["hand"].append(card)


# Abbot (2016): at any point of his turn when he is not the richest, the richest
# player must give him 1 gold: a move he makes when he likes, and his turn cannot
# end while it is due (powers.must_use_power). Among tied richest players he
# picks who pays; nothing while he is among the richest (2016 rulebook, Abbot).


def tithe_moves(state: dict, seat: int) -> list[dict]:
    golds = [p["gold"] for p in state["players"]]
    top = max(golds)
    richest = [s for s, g in enumerate(golds) if g == top]
    if top == 0 or seat in richest or state["turn"].get("tithe"):
        return []
    return [{"type": "tithe", "seat": s} for s in richest]


def apply_tithe(state: dict, seat: int, move: dict) -> None:
    state["turn"]["tithe"] = True
    state["players"][move["seat"]]["gold"] -= 1
    state["players"][seat]["gold"] += 1


# Tax Collector (2016, rank 9): its holder takes the pile of the taxes paid
# by each build (taxes.tax_build) during the turn.


def collect_taxes(state: dict, seat: int) -> None:
    state["players"][seat]["gold"] += state["tax_pool"]
    state["tax_pool"] = 0


# Scholar: draw 7, keep 1, shuffle the others back into the deck. -----------------


def apply_scholar(state: dict, seat: int, move: dict) -> None:
    turn = state["turn"]
    if move["type"] == "scholar":
        turn["power"] = True
        drawn = draw(state, SCHOLAR_DRAW)
        if drawn:
            turn["sub"] = {"kind": "scholar", "cards": drawn}
        return
    sub = turn["sub"]
    turn["sub"] = None
    state["players"][seat]["hand"].append(move["card"])
    sub["cards"].remove(move["card"])
    state["deck"].extend(sub["cards"])
    rng_shuffle(state, state["deck"])


def scholar_sub_moves(state: dict, seat: int) -> list[dict]:
    return [{"type": "scholar_keep", "card": c} for c in state["turn"]["sub"]["cards"]]


# Marshal: seize a district of cost 3 or less, paying its cost to its owner. -----


def seize_moves(state: dict, seat: int) -> list[dict]:
    me = state["players"][seat]
    mine = {key_of(state, d["id"]) for d in me["city"]}
    moves = []
    for target, d in rank8_targets(state, seat):
        if target == seat or key_of(state, d["id"]) in mine:
            continue
        if seizable(state, d) and seize_cost(state, target, d) <= me["gold"]:
            moves.append({"type": "seize", "seat": target, "district": d["id"]})
    return moves


def seizable(state: dict, district: dict) -> bool:
    """A cost of 3 or less; a beautified district's cost is 1 higher (2016
    rulebook, Artist), so a beautified 3 is out of reach."""
    return value(state, district) <= MARSHAL_MAX_COST


def seize_cost(state: dict, target: int, district: dict) -> int:
    """The cost (+1 if beautified) to the owner, +1 to the bank behind a Great Wall."""
    amount = value(state, district)
    if (
        has(state, target, "great_wall")
        and key_of(state, district["id"]) != "great_wall"
    ):
        amount += 1
    return amount


def apply_seize(state: dict, seat: int, move: dict) -> None:
    state["turn"]["power"] = True
    other = state["players"][move["seat"]]
    district = next(d for d in other["city"] if d["id"] == move["district"])
    total = seize_cost(state, move["seat"], district)
    state["players"][seat]["gold"] -= total
    other["gold"] += value(state, district)
    other["city"].remove(district)
    state["players"][seat]["city"].append(district)
    if key_of(state, district["id"]) == "museum":
        state["players"][seat]["museum"] += other["museum"]
        other["museum"] = []
    if state["first_complete"] is None and is_complete(state, seat):
        state["first_complete"] = seat


# Spy: name a type, look at a hand; per card of that type take 1 of their gold
# (while they have some) and draw 1 card. ------------------------------------------


def spy_moves(state: dict, seat: int) -> list[dict]:
    return [
        {"type": "spy", "seat": s, "kind": kind}
        for s in range(state["num_players"])
        if s != seat
        for kind in ds.TYPES
    ]


def apply_spy(state: dict, seat: int, move: dict) -> None:
    turn = state["turn"]
    turn["power"] = True
    turn["spied"] = move["seat"]
    other = state["players"][move["seat"]]
    matches = sum(1 for c in other["hand"] if ds.kind(key_of(state, c)) == move["kind"])
    gold = min(matches, other["gold"])
    other["gold"] -= gold
    state["players"][seat]["gold"] += gold
    state["players"][seat]["hand"].extend(draw(state, matches))


# Seer: take 1 random card from each other hand, then give 1 card back to each. ---


def apply_seer(state: dict, seat: int, move: dict) -> None:
    turn = state["turn"]
    me = state["players"][seat]
    if move["type"] == "seer":
        turn["power"] = True
        owed = []
        for s, p in enumerate(state["players"]):
            if s != seat and p["hand"]:
                me["hand"].append(p["hand"].pop(rng_randrange(state, len(p["hand"]))))
                owed.append(s)
        if owed:
            turn["sub"] = {"kind": "seer", "owed": owed}
        return
    sub = turn["sub"]
    target = sub["owed"].pop(0)
    me["hand"].remove(move["card"])
    state["players"][target]["hand"].append(move["card"])
    if not sub["owed"]:
        turn["sub"] = None


def seer_sub_moves(state: dict, seat: int) -> list[dict]:
    return [{"type": "seer_give", "card": c} for c in state["players"][seat]["hand"]]


# Cardinal: lacking gold to build, take the shortfall from a player and give them
# 1 card per gold taken. -----------------------------------------------------------


def cardinal_sub_moves(state: dict, seat: int) -> list[dict]:
    sub = state["turn"]["sub"]
    hand = state["players"][seat]["hand"]
    return [{"type": "give_card", "card": c} for c in hand if c != sub["card"]]


def apply_cardinal_card(state: dict, seat: int, move: dict) -> None:
    sub = state["turn"]["sub"]
    me = state["players"][seat]
    other = state["players"][sub["seat"]]
    me["hand"].remove(move["card"])
    other["hand"].append(move["card"])
    sub["needed"] -= 1
    if sub["needed"] == 0:
        state["turn"]["sub"] = None
        amount = price(state, seat, sub["card"])
        short = amount - me["gold"]
        other["gold"] -= short
        me["gold"] = 0
        place(state, seat, sub["card"], amount)
