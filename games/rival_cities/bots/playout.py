"""The Rival Cities hard player's paired playouts (its `levels.Paired`).

Hard searches only where the inkwell goes (`searched`): the move that chooses
the card of the turn and what it costs, the decision that shapes a game; every
other decision (what to pay, which option, which alliance...) is normal's move.
The candidates, normal's best moves, are played out on common determinizations
by the normal player for both seats (`playout_move`, from the lean view), and a
playout's result is the seat's (`result`): at the end of the game, 1 for a win,
-1 for a loss, plus a small share of the star margin.
"""

from __future__ import annotations

from games.rival_cities.bots.route_values import Context
from games.rival_cities.bots.routes import score
from games.rival_cities.bots.view import lean_view
from games.rival_cities.engine.victories import star_breakdown

STAR_SHARE = 0.05  # a star of margin, in wins: a tie-break between playouts


def searched(state: dict, seat: int) -> bool:
    """Whether hard searches this decision: the inkwell's move only."""
    queue = state["queue"]
    return bool(queue) and queue[-1]["t"] == "inkwell"


def playout_move(state: dict, seat: int, legal: list[dict], rng) -> dict:
    """The normal player's move (its best score, ties broken by `rng`)."""
    if len(legal) == 1:
        return legal[0]
    ctx = Context(lean_view(state, seat), seat, None, "stars")
    values = [score(ctx, move) for move in legal]
    best = max(values)
    ties = [i for i, value in enumerate(values) if value == best]
    return legal[ties[0] if len(ties) == 1 else ties[rng.randrange(len(ties))]]


def result(start: dict, state: dict, seat: int) -> float | None:
    """The seat's result once the game is over; None before."""
    if not state["over"]:
        return None
    winner = (state["result"] or {}).get("winner")
    mine = star_breakdown(state, seat)["total"]
    margin = mine - star_breakdown(state, 1 - seat)["total"]
    won = 1.0 if winner == seat else -1.0
    return won + STAR_SHARE * margin
