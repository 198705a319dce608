"""Rival Cities computer players that commit to one way of winning, and a mixed one.

Written against the engine contract only: each decision reads `view` and
`legal_moves` and scores every legal move; nothing else of the engine is used.

A route bot (`RouteBot("ships")`, ... for "ships", "alliances", "lawsuits",
"prestige", "stars") values everything through its route: the actions, cards,
ships and payments that bring it closer to that instant victory (or, for "stars",
to the star count and the end of the game) weigh most. Like any careful player it
also takes an instant victory when the next action brings it, and blocks the
rival's when the rival is one action away. The mixed bot (`RouteBot(None)`)
opens on prestige and follows fully whichever route it has gone clearly furthest
along; it weighs the others by how far the rival has gone along them (what brings
one's own progress on a route also holds the rival's back), so it answers the
rival's route.
"""

from __future__ import annotations

import random

from games.rival_cities.bots.route_values import (
    BLOCK,
    ROUTES,
    WIN,
    WORTH,
    Context,
    action_value,
    actions_value,
    alliance_value,
    best_lawsuit,
    card_value,
    cost_size,
    hand_card,
    ink_card,
    lawsuit_value,
    letter_cost,
    ship_cost,
    ship_price,
    ship_value,
    space_value,
)

# --- Scoring one legal move ----------------------------------------------------------


def score(ctx: Context, move: dict) -> float:  # noqa: C901, PLR0911, PLR0912
    kind = move["type"]
    view = ctx.view
    decision = view.get("decision") or {}
    if kind == "start":
        return WORTH[move["resource"]]
    if kind == "move":
        space = next(s for s in view["ring"] if s["distance"] == move["spaces"])
        value = space_value(ctx, space["card"], space["kind"])
        return value - 1.05 * (space["cost"] or 0)
    if kind == "pay":
        res = move["resource"]
        return ctx.res[res] - WORTH[res] * 1.5
    if kind == "option":
        ring = card_value(ctx, ink_card(view))
        option = move["option"]
        if option == "A":
            return ring
        if option == "B":
            return card_value(ctx, hand_card(ctx, move["card"])) - 0.3
        if option == "C":
            hand = card_value(ctx, hand_card(ctx, move["card"]))
            return (
                ring + hand - letter_cost(ctx) + (0.05 if move["first"] == "A" else 0)
            )
        if option == "D":
            return 0.55 * ring
        return 0.0
    if kind == "half":
        card = next(
            (
                c
                for c in [s["card"] for s in view["ring"]] + view["special"]["played"]
                if c and c["id"] == decision.get("card")
            ),
            None,
        )
        if not card or not card.get("split"):
            return 1.0 if move["half"] == "both" else 0.0
        halves = card["halves"]
        chosen = {"left": halves[0], "right": halves[1], "both": halves[0] + halves[1]}
        return actions_value(ctx, chosen[move["half"]])
    if kind == "flip":
        return move["factories"]
    if kind == "donate":
        return 0.1  # stop scores below; the card's value was weighed already
    if kind == "exchange":
        give, take = move["give"], move["take"]
        surplus = ctx.res[give] - ctx.res[take]
        return WORTH[take] - WORTH[give] + 0.15 * surplus - 0.1
    if kind == "letter_exchange":
        return letter_exchange_score(ctx, move, decision)
    if kind == "build":
        return 0.6 + 1.0 * ctx.weights["stars"] - 2 * 0.5
    if kind == "repeat":
        via = move["via"]
        if via in ("brussels", "ship-16"):
            return action_value(ctx, {"do": "prestige"}) - (
                2.0 if via == "ship-16" else 1.3
            )
        if via == "le-havre":
            return best_lawsuit(ctx) - 1.0
        return 1.6 - 1.0
    if kind == "piracy":
        if move["mode"] == "simple":
            return 1.0 + WORTH[move["resource"]]
        gift = action_value(ctx, {"do": "prestige"})  # what the rival's step is worth
        danger = -ctx.prestige + 1 >= ctx.win_at
        steal = min(3, sum(ctx.them["resources"].values()))
        return -WIN if danger else 1.0 + steal * 1.0 - 0.5 * gift * 0.4
    if kind == "steal":
        return 1.0 + WORTH[move["resource"]]
    if kind == "alliance":
        card = next(
            (a for a in view["alliances"]["board"] if a and a["id"] == move["card"]),
            None,
        )
        if card:
            return alliance_value(ctx, card)
        card = next(a for a in ctx.them["alliances"] if a["id"] == move["card"])
        value = alliance_value(ctx, card) - 1.0
        if ctx.rival_near("alliances"):
            value += BLOCK
        return value
    if kind == "ship":
        ship = next(
            s for s in view["ships"]["face_up"] if s and s["id"] == move["card"]
        )
        price = cost_size(ship_cost(ctx, ship)) * ship_price(ctx)
        return ship_value(ctx, ship) - price
    if kind == "lawsuit":
        entry = view["lawsuits"]["positions"][move["position"]]
        value = lawsuit_value(ctx, move["position"], entry)
        return value - 0.8 * cost_size(entry["lawsuit"]["cost"])
    if kind == "extra":
        card = decision.get("card")
        for position, entry in enumerate(view["lawsuits"]["positions"]):
            if entry and entry["lawsuit"]["id"] == card:
                value = lawsuit_value(ctx, position, entry)
                return value - 0.8 * cost_size(entry["lawsuit"]["cost"])
        return -1.0
    if kind == "court":
        if move.get("resolve"):
            return action_value(ctx, {"do": "court"})
        positions = view["lawsuits"]["positions"]
        a, b = positions[move["swap"]], positions[move["swap"] + 1]
        gain = (b["marker"] - a["marker"]) * ctx.sign
        return gain * (1.5 if move["swap"] == 0 else 0.5)
    if kind == "upkeep":
        if not move["pay"]:
            return 0.0
        card = next(a for a in ctx.me["alliances"] if a["id"] == move["card"])
        keep = alliance_value(ctx, card) * 0.5
        if len(ctx.them["alliances"]) >= 3:
            keep += BLOCK
        return keep - WORTH[card["upkeep"]] * 1.2
    if kind == "stop":
        return 0.0
    return 0.0


def letter_exchange_score(ctx: Context, move: dict, decision: dict) -> float:
    """A letter is worth keeping; swap only for a resource a cost here lacks."""
    kind = decision.get("t")
    take = move["take"]
    if ctx.res[move["give"]] <= 1 and WORTH[move["give"]] >= WORTH[take]:
        return -5.0
    if kind == "upkeep":
        card = next(
            (a for a in ctx.me["alliances"] if a["id"] == decision.get("card")), None
        )
        if card and take == card["upkeep"] and not ctx.res[take]:
            return alliance_value(ctx, card) * 0.5 - 2.5
    if kind == "ship":
        best = -5.0
        for ship in ctx.view["ships"]["face_up"]:
            cost = ship_cost(ctx, ship) if ship else {}
            if (
                ship
                and cost.get(take, 0) > ctx.res[take]
                and ctx.held >= cost_size(cost)
            ):
                price = cost_size(cost) * ship_price(ctx)
                best = max(best, ship_value(ctx, ship) - price - 1.5)
        return best
    return -5.0


class RouteBot:
    """`route` is one of ROUTES, or None for the mixed bot."""

    def __init__(self, route: str | None = None, seed: int = 0):
        if route is not None and route not in ROUTES:
            raise ValueError(f"unknown route {route!r}")
        self.route = route
        self.rng = random.Random(seed)
        # The mixed bot's opening plan, until another route is well under way:
        # prestige, a tug of war whose every step also holds the rival back and
        # brings low-season income and stars (measured: the strongest opening).
        self.plan = "prestige"

    @property
    def name(self) -> str:
        return self.route or "mixed"

    def choose(self, engine, state: dict, seat: int) -> dict:
        legal = engine.legal_moves(state, seat)
        if len(legal) == 1:
            return legal[0]
        view = engine.view(state, seat)  # only what this seat may see
        ctx = Context(view, seat, self.route, self.plan)
        scored = [
            (score(ctx, move), self.rng.random(), i) for i, move in enumerate(legal)
        ]
        return legal[max(scored)[2]]


def mixed_score_move(view: dict, seat: int, move: dict) -> float:
    """The mixed bot's score of one legal move, as a `score_move` function."""
    return score(Context(view, seat, None, "stars"), move)
