"""Example Game: Nim with a hidden card.

Two players take turns to take 1, 2 or 3 stones from a pile. Each holds one
card dealt face down at the start, worth 0 to 4 points, that the other cannot
see. Once the pile is empty, each scores the stones taken plus the card's
points; the higher score wins (equal: both rank first). Chosen here, as a game
small enough to read in one sitting (docs/adding-a-game.md).
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

PILES = (15, 21)  # the stones at the start, a table's option
TAKE = (1, 2, 3)
# Ten cards, two each of 0 to 4 points (chosen here); each seat is dealt one.
POINTS = {f"card-{i}": i % 5 for i in range(10)}


def card(card_id: str) -> dict:
    return {"id": card_id, "points": POINTS[card_id]}


class ExampleGame:
    slug = "example-game"
    name = "Example Game"
    min_players = 2
    max_players = 2
    version = 1  # the rules' version (game records)

    def default_options(self, num_players: int) -> dict:
        return {"stones": PILES[1]}

    def validate_options(self, num_players: int, options: dict) -> dict:
        if num_players != 2:
            raise InvalidOptions(_("This game is for exactly 2 players."))
        options = {**self.default_options(num_players), **(options or {})}
        if options["stones"] not in PILES:
            raise InvalidOptions(_("The pile has 15 or 21 stones."))
        return {"stones": options["stones"]}

    def setup(self, num_players: int, options: dict, seed: int) -> dict:
        state = {"rng": rng_new(seed), "pile": options["stones"], "current": 0}
        with SeededRandom(state) as rng:
            deck = sorted(POINTS, key=lambda c: int(c.split("-")[1]))
            rng.shuffle(deck)
        state["cards"] = [deck[0], deck[1]]
        state["deck"] = deck[2:]
        state["taken"] = [0, 0]
        return state

    def is_over(self, state: dict) -> bool:
        return state["pile"] == 0

    def to_move(self, state: dict) -> list[int]:
        return [] if self.is_over(state) else [state["current"]]

    def legal_moves(self, state: dict, seat: int) -> list[dict]:
        if seat not in self.to_move(state):
            return []
        return [{"type": "take", "stones": n} for n in TAKE if n <= state["pile"]]

    def apply(self, state: dict, seat: int, move: dict) -> dict:
        if move not in self.legal_moves(state, seat):
            raise IllegalMove(_("That move is not allowed now."))
        new = clone(state)
        new["pile"] -= move["stones"]
        new["taken"][seat] += move["stones"]
        new["current"] = 1 - seat
        return new

    def scores(self, state: dict) -> list[int]:
        return [
            t + POINTS[c] for t, c in zip(state["taken"], state["cards"], strict=True)
        ]

    def view(self, state: dict, seat: int | None) -> dict:
        over = self.is_over(state)
        return {
            "pile": state["pile"],
            "taken": list(state["taken"]),
            "running": list(state["taken"]),  # the top bar's scores
            "current": state["current"],
            "card": None if seat is None else card(state["cards"][seat]),
            # Every card is shown once the game is over.
            "cards": [card(c) for c in state["cards"]] if over else None,
            "scores": self.scores(state) if over else None,
            "over": over,
        }

    def secrets(self, state: dict, seat: int | None) -> list[str]:
        return list(state["deck"]) if seat is None else [state["cards"][seat]]

    def describe(self, state: dict, seat: int, move: dict, viewer: int | None) -> str:
        return _("%(player)s took %(n)d.") % {
            "player": player(seat),
            "n": move["stones"],
        }

    def check_invariants(self, state: dict) -> None:
        """Every card is dealt or in the deck, once; no stone is made or lost."""
        if sorted(state["cards"] + state["deck"]) != sorted(POINTS):
            raise AssertionError("a card is missing or twice")
        if state["pile"] + sum(state["taken"]) not in PILES:
            raise AssertionError("the stones do not add up to a pile")

    def outcome(self, state: dict) -> list[dict]:
        scores = self.scores(state)
        ranks = ranks_from_scores(scores)
        return [
            {
                "seat": s,
                "score": scores[s],
                "rank": ranks[s],
                "detail": {"stones": state["taken"][s], "card": POINTS[c]},
            }
            for s, c in enumerate(state["cards"])
        ]

    def determinize(self, state: dict, seat: int | None, rng) -> dict:
        """The cards `seat` cannot see (the other's, the deck's) dealt again
        from `rng`."""
        new = clone(state)
        if self.is_over(state):
            return new
        hidden = [s for s in range(2) if s != seat]
        dealt = redeal([new["deck"], *([new["cards"][s]] for s in hidden)], rng)
        new["deck"] = dealt[0]
        for s, cards in zip(hidden, dealt[1:], strict=True):
            new["cards"][s] = cards[0]
        new["rng"] = rng_redrawn(rng)
        return new
