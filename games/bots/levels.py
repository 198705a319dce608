"""The three levels of computer player, per game.

- **easy**: the game's simple heuristic (`<game>.py`), which plays a uniformly
  random legal move one decision in four (`EASY_NOISE`);
- **normal**: the game's better heuristic (`<game>_normal.py`; for Rival Cities
  the mixed route bot of `rival_routes.py`), always its best-scored move;
- **hard**: information-set Monte Carlo tree search (`ismcts.py`) over the
  engine's determinizations, with the normal heuristic as its prior at the
  root and as its playout policy, within a `Budget` of iterations and seconds;
  in Lost Cities (`PAIRED`) the normal heuristic's best cards to play or
  discard compared by paired playouts (`ismcts.paired_search`), the draw as
  normal's; in My City (`PAIRED`) normal's three best placements compared by
  paired playouts of the seat's own board (`my_city_playout.py`); in Rival
  Cities (`PAIRED`) normal's three best inkwell moves compared by paired
  playouts to the game's end (`rival_playout.py`), every other decision
  normal's; in Citadels (`PAIRED`) the characters it may choose in the draft,
  compared by paired playouts to the end of the round (`citadels_playout.py`),
  every other decision normal's.

Each heuristic is `score_move(view, seat, move) -> float` and sees only the
seat's view. Every choice is deterministic for a given seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass

from ..engines.base import untranslated
from . import (
    citadels,
    citadels_normal,
    citadels_playout,
    lost_cities,
    lost_cities_normal,
    lost_cities_playout,
    my_city,
    my_city_normal,
    my_city_playout,
    rival_cities,
    rival_playout,
    rival_routes,
    rival_view,
)
from .ismcts import paired_search, search

LEVELS = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"
EASY_NOISE = 0.25

Score = Callable[[dict, int, dict], float]

HEURISTICS: dict[str, dict[str, Score]] = {
    "lost-cities": {
        "easy": lost_cities.score_move,
        "normal": lost_cities_normal.score_move,
    },
    "citadels": {"easy": citadels.score_move, "normal": citadels_normal.score_move},
    "rival-cities": {
        "easy": rival_cities.score_move,
        "normal": rival_routes.mixed_score_move,
    },
    "my-city": {"easy": my_city.score_move, "normal": my_city_normal.score_move},
}


# The hard search's playouts: the normal heuristic, except where it is too slow
# to play many games within a decision's budget (none now: My City, which used
# the easy one, is `PAIRED`).
ROLLOUT: dict[str, str] = {}


# What the hard search's heuristics read of a view, built without the rest, where
# the engine's full view costs most of a playout (`<game>.lean_view(state, seat)`).
LEAN_VIEWS = {
    "citadels": citadels.lean_view,
    "my-city": my_city.lean_view,
    "rival-cities": rival_view.lean_view,
}


class _LeanViews:
    """The engine, except that `view` is the game's lean view."""

    def __init__(self, engine, view):
        self._engine = engine
        self.view = view

    def __getattr__(self, name):
        return getattr(self._engine, name)


def for_search(engine):
    """The engine as the hard search sees it (lean views where the game has
    them)."""
    lean = LEAN_VIEWS.get(engine.slug)
    return engine if lean is None else _LeanViews(engine, lean)


@dataclass(frozen=True)
class Paired:
    """A game whose hard player compares the heuristic's best moves by paired
    playouts (`ismcts.paired_search`) rather than by the tree search."""

    playout: Callable  # (state, seat, legal, rng) -> move, every seat's playouts
    value: Callable  # (start, state, seat) -> float | None, the playout's result
    width: int = 3  # the heuristic's best moves compared
    gap: float = 1e9  # ... among those scored within `gap` of its best
    prefer: float = 0.0  # what another move must gain over the heuristic's best
    confidence: float = 0.0  # ... in standard errors of the paired difference
    searched: Callable | None = None  # (state, seat) -> bool; else normal's move


PAIRED: dict[str, Paired] = {
    "lost-cities": Paired(
        playout=lost_cities_playout.playout_move,
        value=lost_cities_playout.round_margin,
        searched=lost_cities_playout.searched,
    ),
    "citadels": Paired(
        playout=citadels_playout.playout_move,
        value=citadels_playout.round_value,
        width=5,
        searched=citadels_playout.searched,
    ),
    "rival-cities": Paired(
        playout=rival_playout.playout_move,
        value=rival_playout.result,
        searched=rival_playout.searched,
    ),
    "my-city": Paired(
        playout=my_city_playout.playout_move,
        value=my_city_playout.solo_value,
        width=my_city_playout.WIDTH,
        searched=my_city_playout.searched,
    ),
}


@dataclass(frozen=True)
class Budget:
    """What one hard decision may spend: at most `iterations` tree-search
    iterations and at most `seconds` of wall-clock time, whichever ends first."""

    iterations: int = 2000
    seconds: float = 1.5


# The site's hard player, per game: the budget the ladder measured it at
# (docs/bots.md), the clock a bound that only a slow machine reaches.
HARD_BUDGETS = {
    "lost-cities": Budget(iterations=30, seconds=1.5),
    "citadels": Budget(iterations=40, seconds=1.5),
    "rival-cities": Budget(iterations=6, seconds=1.5),
    "my-city": Budget(iterations=30, seconds=1.5),
}


def hard_budget_of(slug: str) -> Budget:
    """The budget a hard decision of that game spends on the site."""
    return HARD_BUDGETS.get(slug, Budget(iterations=20, seconds=1.5))


@contextmanager
def quiet():
    """The engines' texts left in English while a search runs, in its own
    thread only (`untranslated`): the heuristics read no text, and translating
    a view's texts cost most of a playout's time (Rival Cities: 95 % of a hard
    decision)."""
    with untranslated():
        yield


def heuristic(slug: str, level: str = DEFAULT_LEVEL) -> Score | None:
    """The scoring function of that game and level (hard uses normal's)."""
    table = HEURISTICS.get(slug)
    if table is None:
        return None
    return table["easy" if level == "easy" else "normal"]


def best_move(score: Score, view: dict, seat: int, legal: list, rng) -> dict:
    """The best-scored legal move, ties broken by `rng`."""
    scored = [
        (score(view, seat, move), rng.random(), i) for i, move in enumerate(legal)
    ]
    return legal[max(scored)[2]]


def hard_move(
    engine, state: dict, seat: int, *, seed: int, budget: Budget, stats=None
) -> dict:
    """The hard player's move: the search within `budget`, over lean untranslated
    views, the normal heuristic as its prior and `ROLLOUT`'s as its playouts;
    where the game is `PAIRED`, the paired playouts of `paired_choice`."""
    paired = PAIRED.get(engine.slug)
    if paired is not None:
        legal = engine.legal_moves(state, seat)
        return paired_choice(engine, state, seat, legal, paired, seed, budget, stats)
    with quiet():
        return search(
            for_search(engine),
            state,
            seat,
            policy=heuristic(engine.slug, ROLLOUT.get(engine.slug, "normal")),
            prior=heuristic(engine.slug),
            seed=seed,
            iterations=budget.iterations,
            seconds=budget.seconds,
            stats=stats,
        )


def choose_move(
    engine,
    state: dict,
    seat: int,
    *,
    seed: int,
    level: str = DEFAULT_LEVEL,
    budget: Budget | None = None,
) -> dict:
    """The move the computer player of `level` makes for `seat`."""
    legal = engine.legal_moves(state, seat)
    if not legal:
        raise ValueError("The computer player has no legal move.")
    rng = random.Random(seed)
    if len(legal) == 1:
        return legal[0]
    if level not in LEVELS:
        level = DEFAULT_LEVEL
    score = heuristic(engine.slug, level)
    if level == "hard":
        budget = budget or hard_budget_of(engine.slug)
        return hard_move(engine, state, seat, seed=seed, budget=budget)
    if score is None or (level == "easy" and rng.random() < EASY_NOISE):
        return rng.choice(legal)
    view = engine.view(state, seat)  # a bot sees only what its seat may see
    return best_move(score, view, seat, legal, rng)


def paired_choice(
    engine, state, seat, legal, paired: Paired, seed, budget, stats=None
) -> dict:
    """Hard's move where the game is `PAIRED`: the normal heuristic's best
    moves, compared by paired playouts (`stats` as `paired_search`'s; no
    playouts where `paired.searched` says so)."""
    view = engine.view(state, seat)
    score = heuristic(engine.slug)
    scored = sorted(
        ((score(view, seat, m), -i) for i, m in enumerate(legal)), reverse=True
    )
    best = scored[0][0]
    candidates = [
        legal[-i] for value, i in scored[: paired.width] if best - value <= paired.gap
    ]
    if paired.searched is not None and not paired.searched(state, seat):
        return candidates[0]
    return paired_search(
        engine,
        state,
        seat,
        candidates=candidates,
        playout=paired.playout,
        value=paired.value,
        seed=seed,
        iterations=budget.iterations,
        seconds=budget.seconds,
        prefer=paired.prefer,
        confidence=paired.confidence,
        stats=stats,
    )
