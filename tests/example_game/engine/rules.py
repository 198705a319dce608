"""Example Game: two runners race along a track of `goal` steps.

Each holds two cards that the other cannot see; a turn is one move, playing a
card: the runner steps forward by its value and draws the top card of the deck
(hidden). The first to reach the goal wins; once every card is played the
runner further ahead wins (equal: a draw). Chosen here, as a game small enough
to read in one sitting (docs/adding-a-game.md).
"""

from __future__ import annotations

from games.engines.base import (
    IllegalMove,
    InvalidOptions,
    SeededRandom,
    _,
    clone,
    player,
    ranks_from_scores,
    redeal,
    rng_new,
    rng_redrawn,
)

GOALS = (10, 15)
HAND = 2
# Twelve cards: four each of the values 1, 2 and 3 (chosen here).
VALUES = {f"card-{i}": 1 + i % 3 for i in range(12)}


def card(card_id: str) -> dict:
    return {"id": card_id, "value": VALUES[card_id]}


class ExampleGame:
    slug = "example-game"
    name = "Example Game"
    min_players = 2
    max_players = 2

    def default_options(self, num_players: int) -> dict:
        return {"goal": GOALS[0]}

    def validate_options(self, num_players: int, options: dict) -> dict:
        if num_players != 2:
            raise InvalidOptions(_("This game is for exactly 2 players."))
        options = {**self.default_options(num_players), **(options or {})}
        if options["goal"] not in GOALS:
            raise InvalidOptions(_("The goal is 10 or 15 steps."))
        return {"goal": options["goal"]}

    def setup(self, num_players: int, options: dict, seed: int) -> dict:
        state = {"rng": rng_new(seed), "goal": options["goal"], "current": 0}
        with SeededRandom(state) as rng:
            deck = sorted(VALUES, key=lambda c: int(c.split("-")[1]))
            rng.shuffle(deck)
        state["hands"] = [deck[:HAND], deck[HAND : 2 * HAND]]
        state["deck"] = deck[2 * HAND :]
        state["positions"] = [0, 0]
        state["last"] = None
        return state

    def is_over(self, state: dict) -> bool:
        return max(state["positions"]) >= state["goal"] or not any(state["hands"])

    def to_move(self, state: dict) -> list[int]:
        return [] if self.is_over(state) else [state["current"]]

    def legal_moves(self, state: dict, seat: int) -> list[dict]:
        if seat not in self.to_move(state):
            return []
        return [{"type": "play", "card": c} for c in state["hands"][seat]]

    def apply(self, state: dict, seat: int, move: dict) -> dict:
        if move not in self.legal_moves(state, seat):
            raise IllegalMove(_("That move is not allowed now."))
        new = clone(state)
        new["hands"][seat].remove(move["card"])
        new["positions"][seat] += VALUES[move["card"]]
        if new["deck"]:
            new["hands"][seat].append(new["deck"].pop(0))
        new["last"] = move["card"]
        new["current"] = 1 - seat
        return new

    def view(self, state: dict, seat: int | None) -> dict:
        over = self.is_over(state)
        return {
            "goal": state["goal"],
            "positions": list(state["positions"]),
            "running": list(state["positions"]),  # the top bar's scores
            "current": state["current"],
            "hand": None if seat is None else [card(c) for c in state["hands"][seat]],
            "hands": [[card(c) for c in h] for h in state["hands"]] if over else None,
            "hand_counts": [len(h) for h in state["hands"]],
            "deck_count": len(state["deck"]),
            "last": card(state["last"]) if state["last"] else None,
            "over": over,
        }

    def secrets(self, state: dict, seat: int | None) -> list[str]:
        return list(state["deck"]) if seat is None else list(state["hands"][seat])

    def describe(self, state: dict, seat: int, move: dict, viewer: int | None) -> str:
        return _("%(player)s played a %(value)d.") % {
            "player": player(seat),
            "value": VALUES[move["card"]],
        }

    def outcome(self, state: dict) -> list[dict]:
        ranks = ranks_from_scores(state["positions"])
        return [
            {"seat": s, "score": p, "rank": ranks[s], "detail": {"position": p}}
            for s, p in enumerate(state["positions"])
        ]

    def determinize(self, state: dict, seat: int | None, rng) -> dict:
        """The deck and the hands `seat` cannot see dealt again from `rng`."""
        new = clone(state)
        hidden = [s for s in range(2) if s != seat]
        dealt = redeal([new["deck"], *(new["hands"][s] for s in hidden)], rng)
        new["deck"] = dealt[0]
        for s, hand in zip(hidden, dealt[1:], strict=True):
            new["hands"][s] = hand
        new["rng"] = rng_redrawn(rng)
        return new
