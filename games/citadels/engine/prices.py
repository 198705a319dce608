"""What a move costs in gold, shown on its control before it is chosen.

Each price is the rule's own function (the one `apply` pays with), so the
number on a button is the number taken: the Warlord's destruction
(powers.destroy_cost), the Marshal's seizure (chars2016.seize_cost), the
Diplomat's exchange (alternates.exchange_cost) and the Blackmailer's bribe
(schemers.bribe_cost).
"""

from __future__ import annotations

from games.citadels.engine.alternates import exchange_cost
from games.citadels.engine.chars2016 import seize_cost
from games.citadels.engine.powers import destroy_cost
from games.citadels.engine.schemers import bribe_cost
from games.engines.base import canonical

PRICED = frozenset(("destroy", "seize", "exchange", "bribe"))


def _district(state: dict, seat: int, card: str) -> dict:
    return next(d for d in state["players"][seat]["city"] if d["id"] == card)


def move_cost(state: dict, seat: int, move: dict) -> int | None:
    """The gold `seat` pays for a legal move; None for a move without a price
    of its own."""
    kind = move["type"]
    if kind == "destroy":
        target = move["seat"]
        return destroy_cost(state, target, _district(state, target, move["district"]))
    if kind == "seize":
        target = move["seat"]
        return seize_cost(state, target, _district(state, target, move["district"]))
    if kind == "exchange":
        target = move["seat"]
        return exchange_cost(
            state,
            target,
            _district(state, seat, move["district"]),
            _district(state, target, move["target"]),
        )
    if kind == "bribe" and move["pay"]:
        return bribe_cost(state, seat)
    return None


def move_costs(state: dict, seat: int, moves: list[dict]) -> dict[str, int]:
    """The priced moves among `moves`: canonical JSON of the move -> gold."""
    out = {}
    for move in moves:
        if move["type"] in PRICED:
            cost = move_cost(state, seat, move)
            if cost is not None:
                out[canonical(move)] = cost
    return out
