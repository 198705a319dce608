"""The three levels of computer player, for every game.

- **easy**: the game's simple heuristic, which plays a uniformly random legal
  move one decision in four (`EASY_NOISE`);
- **normal**: the game's better heuristic, always its best-scored move;
- **hard**: where the game is `paired` (every game of the site), normal's best
  moves compared by paired playouts (`ismcts.paired_search`); otherwise
  information-set Monte Carlo tree search (`ismcts.py`) over the engine's
  determinizations, the normal heuristic as its prior at the root and as its
  playout policy; both within a `Budget` of iterations and seconds.

What each game plays is its `ComputerPlayers`, `PLAYERS` in the game's
`bots` package (`games/<game>/bots/__init__.py`), found from the engine's
package (`players_for`), as the engines are found. Each heuristic is
`score_move(view, seat, move) -> float` and sees only the seat's view. Every
choice is deterministic for a given seed.
"""

from __future__ import annotations

import importlib
import random
import re
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass

from games.bots.ismcts import paired_search, search
from games.engines.base import untranslated

LEVELS = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"
EASY_NOISE = 0.25

Score = Callable[[dict, int, dict], float]


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
    players = players_for(engine)
    lean = players.lean_view if players else None
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


@dataclass(frozen=True)
class Budget:
    """What one hard decision may spend: at most `iterations` tree-search
    iterations and at most `seconds` of wall-clock time, whichever ends first."""

    iterations: int = 2000
    seconds: float = 1.5


@dataclass(frozen=True)
class ComputerPlayers:
    """What a game's three levels play (`PLAYERS` of `games/<game>/bots/`)."""

    easy: Score  # easy's heuristic (noisy: `EASY_NOISE`)
    normal: Score  # normal's, also hard's prior and playout policy
    budget: Budget  # a hard decision's budget on the site (docs/bots.md)
    names: dict  # level -> the players' names, English (gettext_noop)
    paired: Paired | None = None  # hard by paired playouts; None: the tree search
    lean_view: Callable | None = None  # (state, seat) -> what the heuristics read
    ladder_players: int = 2  # the seats of the ladder's games (bot_ladder)
    # (state, seat, legal) -> the legal moves a computer player of any level
    # considers (a random move included); None: every legal move.
    candidates: Callable | None = None


_players: dict[str, ComputerPlayers | None] = {}


def players_for(engine) -> ComputerPlayers | None:
    """The computer players of that engine's game: `PLAYERS` of the `bots`
    package beside the engine's (`games/<game>/engine/` and
    `games/<game>/bots/`); None for a game without any."""
    slug = engine.slug
    if slug not in _players:
        module_name = type(engine).__module__
        package = re.match(r"(.*?)\.engine(\.|$)", module_name)
        package = package.group(1) if package else module_name
        try:
            module = importlib.import_module(f"{package}.bots")
        except ModuleNotFoundError:
            module = None
        _players[slug] = getattr(module, "PLAYERS", None)
    return _players[slug]


def hard_budget_of(engine) -> Budget:
    """The budget a hard decision of that game spends on the site."""
    players = players_for(engine)
    return players.budget if players else Budget(iterations=20, seconds=1.5)


@contextmanager
def quiet():
    """The engines' texts left in English while a search runs, in its own
    thread only (`untranslated`): the heuristics read no text, and translating
    a view's texts cost most of a playout's time (docs/benchmarks.md)."""
    with untranslated():
        yield


def heuristic(engine, level: str = DEFAULT_LEVEL) -> Score | None:
    """The scoring function of that game and level (hard uses normal's)."""
    players = players_for(engine)
    if players is None:
        return None
    return players.easy if level == "easy" else players.normal


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
    views, the normal heuristic as its prior and as its playouts;
    where the game is `paired`, the paired playouts of `paired_choice`."""
    players = players_for(engine)
    paired = players.paired if players else None
    if paired is not None:
        legal = considered(engine, state, seat, engine.legal_moves(state, seat))
        return paired_choice(engine, state, seat, legal, paired, seed, budget, stats)
    with quiet():
        return search(
            for_search(engine),
            state,
            seat,
            policy=heuristic(engine),
            prior=heuristic(engine),
            seed=seed,
            iterations=budget.iterations,
            seconds=budget.seconds,
            stats=stats,
        )


def considered(engine, state: dict, seat: int, legal: list) -> list:
    """The legal moves a computer player of that game considers: its
    `candidates` where it has one (never an empty list), else all of them."""
    players = players_for(engine)
    if players is None or players.candidates is None or not legal:
        return legal
    return players.candidates(state, seat, legal) or legal


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
    legal = considered(engine, state, seat, legal)
    rng = random.Random(seed)
    if len(legal) == 1:
        return legal[0]
    if level not in LEVELS:
        level = DEFAULT_LEVEL
    score = heuristic(engine, level)
    if level == "hard":
        budget = budget or hard_budget_of(engine)
        return hard_move(engine, state, seat, seed=seed, budget=budget)
    if score is None or (level == "easy" and rng.random() < EASY_NOISE):
        return rng.choice(legal)
    view = engine.view(state, seat)  # a bot sees only what its seat may see
    return best_move(score, view, seat, legal, rng)


def paired_choice(
    engine, state, seat, legal, paired: Paired, seed, budget, stats=None
) -> dict:
    """Hard's move where the game is `paired`: the normal heuristic's best
    moves, compared by paired playouts (`stats` as `paired_search`'s; no
    playouts where `paired.searched` says so)."""
    view = engine.view(state, seat)
    score = heuristic(engine)
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
