"""Self-play of simple computer players, to check the balance of the chosen numbers.

    python -m games.engines.rival_cities.selfplay --games 10000 --seed 1

Each player is a rule-of-thumb bot with a random "focus" per game (how much it
values prestige, lawsuits, ships, alliances and stars) and a little noise, so that
games explore every way to win. Prints how games end, the first player's win rate
and the longest game in low seasons. Not used by the site.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from .board import LAWSUITS, ship_cost
from .cards import CARDS
from .common import can_afford, direction, rival, total_resources
from .engine import RivalCitiesEngine
from .pieces import PRESTIGE_WIN, SHIPS
from .turn import move_cost

VALUE = {"beer": 1.0, "leather": 1.0, "cloth": 1.1, "furniture": 1.5}
FOCI = ["prestige", "lawsuits", "ships", "alliances", "stars"]


class Bot:
    def __init__(self, seat: int, rng: random.Random):
        self.seat = seat
        self.rng = rng
        self.focus = {name: rng.uniform(0.4, 2.0) for name in FOCI}

    # --- Valuing cards --------------------------------------------------------------

    def action_value(self, state: dict, action: dict) -> float:
        seat, focus = self.seat, self.focus
        me = state["players"][seat]
        do = action["do"]
        if do == "production":
            return (action["n"] + me["factories"]["active"]) * VALUE[action["res"]]
        if do == "gift":
            return sum(VALUE[r] * n for r, n in action["res"].items())
        if do == "donation":
            if not can_afford(state, seat, action["cost"]):
                return 0.0
            return 2.5 * focus["stars"]
        if do == "exchange":
            return 0.5
        if do == "letter":
            return 1.2 * action["n"]
        if do == "draw":
            return 1.5
        if do == "factory":
            return 2.0 if action["free"] or total_resources(state, seat) >= 3 else 0.0
        if do == "reactivate":
            return 1.0 if me["factories"]["spent"] else 0.0
        if do == "prestige":
            mine = state["prestige"] * direction(seat)
            return 3.0 * focus["prestige"] + (3.0 if mine >= PRESTIGE_WIN - 2 else 0)
        if do == "alliance":
            free = any(state["alliances_board"])
            stealable = me["letters"] and state["players"][rival(seat)]["alliances"]
            return 3.0 * focus["alliances"] if free or stealable else 0.0
        if do == "ship":
            ok = any(
                c and can_afford(state, seat, ship_cost(state, seat, c))
                for c in state["ships_face_up"]
            )
            return 4.0 * focus["ships"] if ok else 0.0
        if do == "lawsuit":
            ok = any(
                e and can_afford(state, seat, LAWSUITS[e["card"]]["cost"])
                for e in state["lawsuits"]
            )
            return 3.0 * focus["lawsuits"] if ok else 0.0
        if do == "court":
            first = state["lawsuits"][0]
            if first and first["marker"] * direction(seat) >= 2:
                return 5.0 * focus["lawsuits"]
            return 0.5
        if do == "piracy":
            return 1.5 if total_resources(state, rival(seat)) else 0.0
        return 0.0

    def card_value(self, state: dict, card: str | None) -> float:
        if card is None:
            return 0.0
        data = CARDS[card]
        if "halves" in data:
            halves = [
                sum(self.action_value(state, a) for a in h) for h in data["halves"]
            ]
            if "alliance-gdansk" in state["players"][self.seat]["alliances"]:
                return sum(halves)
            return max(halves)
        return sum(self.action_value(state, a) for a in data["actions"])

    # --- Choosing ---------------------------------------------------------------------

    def choose(self, engine, state: dict) -> dict:
        moves = engine.legal_moves(state, self.seat)
        if len(moves) == 1:
            return moves[0]
        if self.rng.random() < 0.05:
            return self.rng.choice(moves)
        scored = [
            (self.score(state, m) + self.rng.random() * 0.3, i)
            for i, m in enumerate(moves)
        ]
        return moves[max(scored)[1]]

    def score(self, state: dict, move: dict) -> float:
        seat = self.seat
        me = state["players"][seat]
        kind = move["type"]
        if kind == "start":
            return VALUE[move["resource"]]
        if kind == "letter_exchange":
            return -1.0
        if kind == "move":
            target = (state["inkwell"] + move["spaces"]) % len(state["ring"])
            space = state["ring"][target]
            best_hand = max([self.card_value(state, c) for c in me["hand"]] or [0])
            value = max(self.card_value(state, space["card"]), best_hand)
            free17 = "ship-17" in me["ships"]
            return value - 1.1 * move_cost(move["spaces"], free17)
        if kind == "pay":
            return me["res"][move["resource"]] - VALUE[move["resource"]]
        if kind == "option":
            ring = self.card_value(state, state["ring"][state["inkwell"]]["card"])
            option = move["option"]
            if option == "A":
                return ring
            if option == "B":
                return self.card_value(state, move["card"]) - 0.5
            if option == "C":
                letter = 0 if "ship-18" in me["ships"] else 2.0
                return ring + self.card_value(state, move["card"]) - letter
            if option == "D":
                return 0.6 * ring
            return 0.0
        if kind == "half":
            halves = CARDS[state["queue"][-1]["card"]]["halves"]
            values = [sum(self.action_value(state, a) for a in h) for h in halves]
            return {"left": values[0], "right": values[1], "both": sum(values) + 1}[
                move["half"]
            ]
        if kind == "flip":
            return move["factories"]
        if kind == "exchange":
            return (
                me["res"][move["give"]] - 2 - VALUE[move["give"]] + VALUE[move["take"]]
            )
        if kind == "piracy":
            if move["mode"] == "aggressive":
                theirs = -state["prestige"] * direction(seat)
                return 1.5 if theirs < PRESTIGE_WIN - 2 else -5
            return VALUE[move["resource"]]
        if kind == "steal":
            return VALUE[move["resource"]]
        if kind == "ship":
            data = SHIPS[move["card"]]
            return 1 + data["stars"] + len(data.get("effect", "")) * 0.01
        if kind == "lawsuit":
            entry = state["lawsuits"][move["position"]]
            mine = entry["marker"] * direction(seat)
            return 2 + mine - move["position"] * 0.5 + LAWSUITS[entry["card"]]["stars"]
        if kind == "extra":
            return self.focus["lawsuits"] - 0.8
        if kind == "court":
            if move.get("resolve"):
                return 10
            lawsuits = state["lawsuits"]
            i = move["swap"]
            gain = (lawsuits[i + 1]["marker"] - lawsuits[i]["marker"]) * direction(seat)
            return gain * (2 if i == 0 else 0.5)
        if kind == "upkeep":
            return 1 if move["pay"] and total_resources(state, seat) >= 3 else 0
        if kind == "donate":
            return self.focus["stars"]
        if kind in ("build", "repeat", "alliance"):
            return 1.0
        if kind == "stop":
            return 0.2
        return 0.0


def play_game(engine, seed: int, options: dict) -> dict:
    rng = random.Random(seed)
    state = engine.setup(2, engine.validate_options(2, options), seed)
    bots = [Bot(0, rng), Bot(1, rng)]
    decisions = 0
    while not engine.is_over(state):
        seat = engine.to_move(state)[0]
        state = engine.apply(state, seat, bots[seat].choose(engine, state))
        decisions += 1
    return {
        "how": state["result"]["how"],
        "first_won": state["result"]["winner"] == state["first"],
        "low_seasons": state["low_seasons"],
        "decisions": decisions,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first-game", action="store_true")
    args = parser.parse_args(argv)
    engine = RivalCitiesEngine()
    options = {"first_game": args.first_game}
    how, first, seasons, decisions = Counter(), 0, Counter(), 0
    started = time.perf_counter()
    for index in range(args.games):
        row = play_game(engine, args.seed + index, options)
        how[row["how"]] += 1
        first += row["first_won"]
        seasons[row["low_seasons"]] += 1
        decisions += row["decisions"]
    seconds = time.perf_counter() - started
    n = args.games
    print(f"games             {n} in {seconds:.0f} s ({n / seconds:.1f}/s)")
    print(f"first player wins {100 * first / n:.1f} %")
    for kind in ["prestige", "lawsuits", "ships", "alliances", "stars"]:
        print(f"ended by {kind:<9} {100 * how[kind] / n:.1f} %")
    print(
        f"low seasons       max {max(seasons)}, mean {sum(k * v for k, v in seasons.items()) / n:.1f}"
    )
    print(f"decisions         mean {decisions / n:.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
