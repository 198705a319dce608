"""A game that never ends, registered only inside the bench, to time move N of a
long game. Two seats take turns; a move is {"type": "step"}."""

from __future__ import annotations

from games.engines.base import IllegalMove, player, rng_new

SLUG = "bench-endless"


class Endless:
    slug = SLUG
    name = "Endless (bench)"
    min_players = 2
    max_players = 2

    def default_options(self, num_players):
        return {}

    def validate_options(self, num_players, options):
        return {}

    def setup(self, num_players, options, seed):
        return {"n": 0, "current": 0, "rng": rng_new(seed)}

    def to_move(self, state):
        return [state["current"]]

    def legal_moves(self, state, seat):
        return [{"type": "step"}] if seat == state["current"] else []

    def apply(self, state, seat, move):
        if seat != state["current"] or move != {"type": "step"}:
            raise IllegalMove("Not now.")
        return {**state, "n": state["n"] + 1, "current": 1 - seat}

    def view(self, state, seat):
        return {"n": state["n"], "current": state["current"]}

    def secrets(self, state, seat):
        return []

    def describe(self, state, seat, move, viewer):
        return f"{player(seat)} took step {state['n'] + 1}"

    def is_over(self, state):
        return False

    def outcome(self, state):
        return [{"seat": s, "score": 0, "rank": 1, "detail": {}} for s in range(2)]


ENGINE = Endless()


def register() -> None:
    """Adds the engine to the site's registry for this process only."""
    from games import engines

    engines.add(ENGINE)


def unregister() -> None:
    from games import engines

    engines.remove(SLUG)
