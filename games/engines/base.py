"""The rule-engine contract (docs/engines.md) and helpers every engine shares.

Nothing here imports Django, the database or Celery: an engine can be run, tested
and timed with plain Python.
"""

from __future__ import annotations

import json
import pickle
import random
import threading
from contextlib import contextmanager
from typing import Any, Protocol, runtime_checkable


class IllegalMove(Exception):
    """A move that is not among the seat's legal moves; the message is for a player."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class InvalidOptions(Exception):
    """Table options an engine cannot play with; the message is for a player."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@runtime_checkable
class Engine(Protocol):
    """The contract (ENGINE_API.md). Besides it, each engine declares `version`
    (its rules' version: a game record from another version is refused) and
    `check_invariants` (what the playout harness checks after each move: the
    cards or tokens it conserves; nothing for an engine that declares none)."""

    slug: str
    name: str
    min_players: int
    max_players: int
    version: int

    def default_options(self, num_players: int) -> dict: ...

    def validate_options(self, num_players: int, options: dict) -> dict: ...

    def setup(self, num_players: int, options: dict, seed: int) -> dict: ...

    def to_move(self, state: dict) -> list[int]: ...

    def legal_moves(self, state: dict, seat: int) -> list[dict]: ...

    def apply(self, state: dict, seat: int, move: dict) -> dict: ...

    def view(self, state: dict, seat: int | None) -> dict: ...

    def secrets(self, state: dict, seat: int | None) -> list[str]: ...

    def describe(
        self, state: dict, seat: int, move: dict, viewer: int | None
    ) -> str: ...

    def is_over(self, state: dict) -> bool: ...

    def outcome(self, state: dict) -> list[dict]: ...

    def check_invariants(self, state: dict) -> None: ...


# --- Seeded randomness -------------------------------------------------------------
# The RNG state lives inside the game state as a small JSON object {"seed": s, "n": k},
# so that `apply` stays pure and a game is fully described by its seed and its moves.
# Each draw of randomness derives a fresh generator from (seed, n) and bumps n; string
# seeds are hashed with SHA-512 by `random.Random`, the same on every run and machine.
# Views never include it: a player who knew it could predict the deck.


def rng_new(seed: int) -> dict:
    """A fresh RNG state (JSON-able) from a seed."""
    return {"seed": int(seed), "n": 0}


class SeededRandom:
    """A context manager over a state's RNG: a generator for this step, then n += 1.

    with SeededRandom(state) as rng:
        rng.shuffle(deck)
    """

    def __init__(self, state: dict, key: str = "rng"):
        self.state = state
        self.key = key

    def __enter__(self) -> random.Random:
        rng_state = self.state[self.key]
        return random.Random(f"{rng_state['seed']}:{rng_state['n']}")

    def __exit__(self, *exc) -> None:
        if exc[0] is None:
            rng_state = self.state[self.key]
            self.state[self.key] = {"seed": rng_state["seed"], "n": rng_state["n"] + 1}


def redeal(places: list[list], rng: random.Random) -> list[list]:
    """The items of `places` shuffled together and dealt back, each place keeping its
    size: new lists, in the same order as `places` (for `determinize`)."""
    pool = [item for place in places for item in place]
    rng.shuffle(pool)
    out = []
    start = 0
    for place in places:
        out.append(pool[start : start + len(place)])
        start += len(place)
    return out


def rng_redrawn(rng: random.Random) -> dict:
    """A fresh RNG state drawn from `rng`: the randomness still to come, which no
    seat may know (for `determinize`)."""
    return rng_new(rng.randrange(1 << 62))


# --- Small helpers ----------------------------------------------------------------


def clone(state: dict) -> dict:
    """A deep copy of a JSON state, so that `apply` never mutates its input.

    A pickle round trip: the same copy as `copy.deepcopy` for plain data (shared
    objects stay shared inside the copy), faster (docs/benchmarks.md)."""
    # Our own in-memory state, pickled and read back at once: never bytes from
    # outside, which is what makes unpickling unsafe.
    return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))  # noqa: S301


def canonical(obj: Any) -> str:
    """The canonical JSON text of a state, move or view (sorted keys)."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


def check_move(legal: list[dict], move: Any, reason: str | None = None) -> dict:
    """Returns `move` if it is one of `legal`, else raises IllegalMove."""
    if not isinstance(move, dict):
        raise IllegalMove("A move must be a JSON object.")
    key = None
    for candidate in legal:
        # Equal as Python objects first (cheap); then as JSON, which tells 1 from
        # true and 1 from 1.0.
        if candidate == move:
            if key is None:
                key = canonical(move)
            if canonical(candidate) == key:
                return candidate
    raise IllegalMove(reason or "That move is not allowed now.")


def ranks_from_scores(scores: list, tiebreak: list | None = None) -> list[int]:
    """Competition ranks (1 = best) from scores, higher is better; equal keys share."""
    keys = [(s, tiebreak[i] if tiebreak else 0) for i, s in enumerate(scores)]
    return [1 + sum(1 for other in keys if other > mine) for mine in keys]


# --- Words -------------------------------------------------------------------------
# Engines write their player-facing words (log lines, reasons) in English, wrapped in
# `_()` so that `makemessages` collects them. The site installs Django's gettext here
# at start-up (games/apps.py), so the same call returns French to a French reader;
# without the site, `_` returns the English text. Players are named "{p0}", "{p1}",
# ... in log lines: the site replaces each with that seat's display name.

# A word that reads differently by situation (the edition being played, the gender
# of the name it agrees with) takes a context, `pgettext("2016 edition", "Magician")`:
# the same English, a French text of its own. `gettext_noop` marks a word kept as data
# (a card's name) so that `makemessages` collects it; `_` translates it when shown.

_translator = None
_context_translator = None
_plural_translator = None


def set_translator(translate, translate_in_context=None, translate_plural=None) -> None:
    """Installs a gettext-like function, a pgettext-like one and an ngettext-like
    one (the site calls this once at start-up)."""
    global _translator, _context_translator, _plural_translator
    _translator = translate
    _context_translator = translate_in_context
    _plural_translator = translate_plural


def translators() -> tuple:
    """The three functions `set_translator` installed (None where none was)."""
    return _translator, _context_translator, _plural_translator


class _Texts(threading.local):
    """Per thread: whether texts stay in the engine's English."""

    english = False


_texts = _Texts()


@contextmanager
def untranslated():
    """Texts stay in the engine's English while inside, in this thread only (for
    the computer players' searches and tournaments, which read no text: a
    translated view costs most of a playout). Other threads, a page drawn beside
    a search, still translate."""
    saved = _texts.english
    _texts.english = True
    try:
        yield
    finally:
        _texts.english = saved


def _(text: str) -> str:
    return _translator(text) if _translator and not _texts.english else text


def pgettext(context: str, text: str) -> str:
    if _context_translator and not _texts.english:
        return _context_translator(context, text)
    return text


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural text for n, by the reader's language ("1 space",
    "2 spaces"; in French "0 usine", "2 usines")."""
    if _plural_translator and not _texts.english:
        return _plural_translator(singular, plural, n)
    return singular if n == 1 else plural


def gettext_noop(text: str) -> str:
    return text


def player(seat: int) -> str:
    """How a log line names a seat; the site replaces it with the player's name."""
    return f"{{p{seat}}}"
