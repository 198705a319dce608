"""The shared machinery of the Rival Cities route bots (rival_routes.py): the
constants, the per-decision Context read from the view, and what each resource,
ship, alliance, lawsuit, action, card and board space is worth to a route.

Written against the engine contract only: everything here reads `view`.
"""

from __future__ import annotations

ROUTES = ("ships", "alliances", "lawsuits", "prestige", "stars")
RESOURCES = ("beer", "leather", "cloth", "furniture")
WORTH = {"beer": 1.0, "leather": 1.0, "cloth": 1.05, "furniture": 1.25}
WIN = 1000.0
BLOCK = 60.0
FOCUS, SIDE = 1.0, 0.15  # a route bot's weight on its route, on the others
MIXED_SIDE = 0.1  # the mixed bot's weight on the routes it does not lead with
PLAN_BIAS = 0.3  # how far ahead another route must be to leave the plan
DEFEND = 1.0  # the mixed bot's weight on a rival's route, per unit of their progress


class Context:
    """What a decision needs from the view, computed once per decision."""

    def __init__(self, view: dict, seat: int, route: str | None, plan: str = "ships"):
        self.view = view
        self.seat = seat
        self.me = view["cities"][seat]
        self.them = view["cities"][1 - seat]
        self.res = self.me["resources"]
        self.held = sum(self.res.values())
        self.sign = 1 if seat == 0 else -1
        self.prestige = view["prestige"]["position"] * self.sign  # + = my side
        self.win_at = view["prestige"]["win_at"]
        self.ship_lead = len(self.me["ships"]) - len(self.them["ships"])
        self.weights = self._weights(route, plan)

    # --- How much each route matters now --------------------------------------------

    def progress(self, city: dict, other: dict, prestige: int) -> dict:
        lawsuits_leaning = 0
        for entry in self.view["lawsuits"]["positions"]:
            if entry:
                mine = entry["marker"] * (1 if city["seat"] == 0 else -1)
                lawsuits_leaning += 1 if mine >= 2 else 0
        lead = len(city["ships"]) - len(other["ships"])
        stars = city["star_count"]["total"] - other["star_count"]["total"]
        return {
            "ships": max(0, lead) / 3,
            "alliances": len(city["alliances"]) / 4,
            "lawsuits": (len(city["lawsuits_won"]) + 0.5 * lawsuits_leaning) / 3,
            "prestige": max(0, prestige) / self.win_at,
            "stars": max(0.0, min(1.0, stars / 10)),
        }

    def _weights(self, route: str | None, plan: str) -> dict:
        if route is not None:
            return {r: FOCUS if r == route else SIDE for r in ROUTES}
        # Mixed: follows fully the route furthest along, its opening plan counting
        # PLAN_BIAS further (so it leaves the plan only for a route well under way).
        mine = self.progress(self.me, self.them, self.prestige)
        lead = max(
            ROUTES, key=lambda r: (mine[r] + (PLAN_BIAS if r == plan else 0), r == plan)
        )
        # The rival's routes under way are answered: on every route but the star
        # count, what brings one's own progress also holds the rival's back.
        theirs = self.progress(self.them, self.me, -self.prestige)
        return {
            r: FOCUS
            if r == lead
            else max(MIXED_SIDE, DEFEND * theirs[r] if r != "stars" else 0.0)
            for r in ROUTES
        }

    # --- Threats and wins ------------------------------------------------------------

    def rival_near(self, route: str) -> bool:
        """The rival is one action away from that instant victory."""
        them = self.them
        if route == "ships":
            return -self.ship_lead >= 2
        if route == "alliances":
            return len(them["alliances"]) >= 3
        if route == "prestige":
            return -self.prestige >= self.win_at - 3
        if route == "lawsuits":
            return len(them["lawsuits_won"]) >= 2
        return False


def resource_value(bundle: dict) -> float:
    return sum(WORTH.get(res, 1.0) * n for res, n in bundle.items() if res != "any") + (
        bundle.get("any", 0) * 1.0
    )


def can_pay(ctx: Context, cost: dict) -> bool:
    fixed = 0
    for res, n in cost.items():
        if res == "any":
            continue
        if ctx.res.get(res, 0) < n:
            return False
        fixed += n
    return ctx.held - fixed >= cost.get("any", 0)


def cost_size(cost: dict) -> int:
    return sum(cost.values())


# --- Valuing the things a card can do --------------------------------------------------


def star_value(ctx: Context) -> float:
    return 0.8 + 3.0 * ctx.weights["stars"]


def ship_value(ctx: Context, ship: dict) -> float:
    """What owning this ship is worth to the player (its price apart)."""
    w = ctx.weights
    value = 1.5 + 7.0 * w["ships"] + ship["stars"] * star_value(ctx) * 0.6
    effect = ship.get("effect")
    if effect == "prestige2":
        value += 2 * (1.0 + 4.0 * w["prestige"])
    elif effect == "lawsuit2":
        value += 1.0 + 4.0 * w["lawsuits"]
    elif effect == "draw2":
        value += 2.5
    elif effect == "letters":
        value += 1.0 * ship.get("letters", 0)
    elif effect == "lawsuit_stars":
        value += 3.0 * w["lawsuits"] + 2.0 * w["stars"]
    elif effect == "prestige_repeat":
        value += 4.0 * w["prestige"]
    elif effect in ("free_space", "free_option_c"):
        value += 1.5
    elif effect == "discount":
        value += 4.0 * w["ships"]
    elif effect == "stars_per_ship":
        value += (len(ctx.me["ships"]) + 1) * star_value(ctx) * 0.6
    if "income" in ship:
        value += 1.6 * resource_value(ship["income"]) + ship.get("income_letters", 0)
    if "production" in ship:
        value += 1.5
    if len(ctx.me["ships"]) + 1 >= len(ctx.them["ships"]) + 3:
        value += WIN
    if ctx.rival_near("ships"):
        value += BLOCK

    return value


def ship_price(ctx: Context) -> float:
    """What one resource paid for a ship costs the player."""
    return 0.35 if ctx.weights["ships"] >= 0.9 else 0.8


def alliance_value(ctx: Context, card: dict) -> float:
    w = ctx.weights
    value = 1.5 + 7.0 * w["alliances"]
    if card.get("name") == "Amsterdam":
        value += 2.0 * w["stars"]
    elif card.get("name") == "Brussels":
        value += 3.0 * w["prestige"]
    elif card.get("name") == "Le Havre":
        value += 3.0 * w["lawsuits"]
    elif card.get("name") == "Gdańsk":
        value += 1.5
    elif "production" in card:
        value += 1.0
    if len(ctx.me["alliances"]) >= 3:
        value += WIN
    return value


def lawsuit_value(ctx: Context, position: int, entry: dict) -> float:
    """Pushing this lawsuit one step my way (its price apart)."""
    w = ctx.weights
    lawsuit = entry["lawsuit"]
    mine = entry["marker"] * ctx.sign
    # Position I is resolved at the next low season, then II, then III.
    urgency = (1.0, 0.75, 0.5)[position]
    if mine >= 4:
        return -5.0
    if mine >= 2:
        step = 0.6  # already winning it: a margin against the rival's pushes
    elif mine == 1:
        step = 3.0  # this step wins it
    elif mine == 0:
        step = 1.6
    else:
        step = 1.2  # taking it back from the rival
    reward = (
        1.0
        + lawsuit["stars"] * 0.5
        + resource_value({k: v for k, v in lawsuit["win"].items() if k != "letter"})
        * 0.3
    )
    value = urgency * step * (0.5 + 4.0 * w["lawsuits"]) * reward / 2
    value += sum(action_value(ctx, a) for a in lawsuit["bonus"]) * 0.8
    if ctx.rival_near("lawsuits") and mine <= -1:
        value += BLOCK / 3
    return value


def best_lawsuit(ctx: Context) -> float:
    best = 0.0
    for position, entry in enumerate(ctx.view["lawsuits"]["positions"]):
        if entry and can_pay(ctx, entry["lawsuit"]["cost"]):
            price = cost_size(entry["lawsuit"]["cost"])
            best = max(best, lawsuit_value(ctx, position, entry) - 0.8 * price)
    return best


def action_value(ctx: Context, action: dict) -> float:  # noqa: C901, PLR0911, PLR0912
    w = ctx.weights
    do = action["do"]
    me = ctx.me
    if do == "production":
        n = action["n"] + me["factories"]["active"]
        extra = sum(1 for s in me["ships"] if "production" in s)
        extra += sum(1 for a in me["alliances"] if a.get("production") == action["res"])
        return n * WORTH[action["res"]] + extra
    if do == "gift":
        return resource_value(action["res"])
    if do == "donation":
        times = 0
        held = dict(ctx.res)
        for _ in range(action["times"]):
            if all(held.get(r, 0) >= n for r, n in action["cost"].items()):
                times += 1
                for r, n in action["cost"].items():
                    held[r] -= n
        stars = action["stars"] + (
            1 if any(a.get("name") == "Amsterdam" for a in me["alliances"]) else 0
        )
        gain = stars * star_value(ctx) + resource_value(action.get("res", {}))
        return max(0.0, times * (gain - resource_value(action["cost"])))
    if do == "exchange":
        return 0.4
    if do == "letter":
        return 1.1 * action["n"]
    if do == "draw":
        return 1.6
    if do == "factory":
        if not ctx.view["supply"]["factory"]:
            return 0.0
        if action.get("free"):
            return 2.2 + 1.0 * w["stars"]
        return 0.4 + 1.0 * w["stars"] if ctx.held >= 4 else 0.0
    if do == "reactivate":
        return 1.0 if me["factories"]["spent"] else 0.0
    if do == "prestige":
        # A tug of war: a step back from the rival's side also cuts their
        # low-season income and their stars on the track.
        value = 1.0 + 5.0 * w["prestige"] + 0.6 * max(0, -ctx.prestige)
        if ctx.prestige + 1 >= ctx.win_at:
            value += WIN
        if ctx.rival_near("prestige"):
            value += BLOCK / 2
        return value
    if do == "alliance":
        best = max(
            (alliance_value(ctx, a) for a in ctx.view["alliances"]["board"] if a),
            default=0.0,
        )
        if me["letters"] and ctx.them["alliances"]:
            steal = max(alliance_value(ctx, a) for a in ctx.them["alliances"]) - 1.0
            if ctx.rival_near("alliances"):
                steal += BLOCK
            best = max(best, steal)
        return best
    if do == "ship":
        best = 0.0
        for ship in ctx.view["ships"]["face_up"]:
            if ship and can_pay(ctx, ship_cost(ctx, ship)):
                price = cost_size(ship_cost(ctx, ship)) * ship_price(ctx)
                best = max(best, ship_value(ctx, ship) - price)
        return best
    if do == "lawsuit":
        return best_lawsuit(ctx)
    if do == "court":
        first = ctx.view["lawsuits"]["positions"][0]
        if first and first["marker"] * ctx.sign >= 2:
            value = 2.0 + 8.0 * w["lawsuits"]
            if len(me["lawsuits_won"]) >= 2:
                value += WIN
            return value
        return 0.3 + best_swap(ctx)
    if do == "piracy":
        them = ctx.them["resources"]
        return max((WORTH[r] for r in RESOURCES if them[r]), default=0.0) + 0.3
    return 0.0


def ship_cost(ctx: Context, ship: dict) -> dict:
    cost = dict(ship["cost"])
    if any(s["number"] == 19 for s in ctx.me["ships"]):
        cost["any"] = max(0, cost.get("any", 0) - 1)
    return cost


def best_swap(ctx: Context) -> float:
    positions = ctx.view["lawsuits"]["positions"]
    best = 0.0
    for index in (0, 1):
        a, b = positions[index], positions[index + 1]
        if a and b:
            gain = (b["marker"] - a["marker"]) * ctx.sign
            best = max(
                best, gain * (1.5 if index == 0 else 0.5) * ctx.weights["lawsuits"]
            )
    return best


def actions_value(ctx: Context, actions: list[dict]) -> float:
    return sum(action_value(ctx, a) for a in actions)


def card_value(ctx: Context, card: dict | None) -> float:
    if not card:
        return 0.0
    if card.get("split"):
        halves = [actions_value(ctx, half) for half in card["halves"]]
        if any(a.get("name") == "Gdańsk" for a in ctx.me["alliances"]):
            return sum(halves)
        return max(halves)
    return actions_value(ctx, card["actions"])


def ink_card(view: dict) -> dict | None:
    for space in view["ring"]:
        if space["inkwell"]:
            return space["card"]
    return None


def hand_card(ctx: Context, card_id: str) -> dict | None:
    for card in ctx.me["hand"] or []:
        if card["id"] == card_id:
            return card
    return None


def letter_cost(ctx: Context) -> float:
    if any(s["number"] == 18 for s in ctx.me["ships"]):
        return 0.0
    return 1.3


def space_value(ctx: Context, card: dict | None, kind: str) -> float:
    """The best option on a space: its card, a card from hand, or both."""
    ring = card_value(ctx, card)
    hand = [card_value(ctx, c) for c in ctx.me["hand"] or []]
    best_hand = max(hand, default=0.0)
    best = max(ring, best_hand - 0.3)
    if card and hand and (ctx.me["letters"] or letter_cost(ctx) == 0):
        best = max(best, ring + best_hand - letter_cost(ctx))
    if card and kind == "special":
        best = max(best, 0.55 * ring)
    return best
