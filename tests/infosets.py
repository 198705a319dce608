"""Information-set checks shared by the engine and HTTP leak tests.

A seat must not be able to tell apart two states that differ only in what it
cannot know. For a state reached by a random playout, `engine.determinize(state,
seat, rng)` deals everything the seat cannot see again; then:

1. the seat's `view` is the same for both states (and so are its legal moves);
2. every log line the seat reads (`describe(..., viewer=seat)`) for a move legal
   in both states is the same in both, unless the move shows the seat something
   it could not see (its views after the move differ too: a threat turned over);
3. two moves of another seat that differ only in what the seat cannot see, and
   after which the seat's view is the same, give the seat the same log line.

None of this reads `secrets()`: what is hidden is what `determinize` redeals, and
a leak is anything the seat's view or log tells apart.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from games.engines.base import canonical

INTERESTING_RATE = 0.25  # states in the middle of a choice: checked more often
MOVES_PER_SEAT = 4  # moves of a seat whose log lines are compared, per state


@dataclass
class Config:
    slug: str
    players: int
    options: dict
    games: int
    seed: int
    rate: float  # the share of ordinary states checked (choices in progress: all)

    @property
    def label(self) -> str:
        edition = self.options.get("edition", "")
        return f"{self.slug}-{self.players}p{'-' + edition if edition else ''}"


@dataclass
class Tally:
    states: int = 0
    views: int = 0
    lines: int = 0
    pairs: int = 0
    games: int = 0
    failures: list = field(default_factory=list)
    kinds: Counter = field(default_factory=Counter)

    def fail(self, text: str) -> None:
        if len(self.failures) < 20:
            self.failures.append(text)


def strings(obj, out: set) -> set:
    if isinstance(obj, str):
        out.add(obj)
    elif isinstance(obj, dict):
        for key, value in obj.items():
            out.add(key)
            strings(value, out)
    elif isinstance(obj, list):
        for value in obj:
            strings(value, out)
    return out


def first_difference(a, b, path: str = "") -> str:
    """Where two JSON values differ, for a readable failure."""
    if type(a) is not type(b):
        return f"{path}: {a!r:.120} != {b!r:.120}"
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b)):
            if key not in a or key not in b:
                return f"{path}.{key}: only in one"
            if a[key] != b[key]:
                return first_difference(a[key], b[key], f"{path}.{key}")
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path}: length {len(a)} != {len(b)}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return first_difference(x, y, f"{path}[{i}]")
    return f"{path}: {a!r:.120} != {b!r:.120}"


def check_state(
    engine,
    state: dict,
    num_players: int,
    rng: random.Random,
    tally: Tally,
    *,
    where: str = "",
    redeal=None,
) -> None:
    """The three checks above for every viewer (each seat and a spectator)."""
    redeal = redeal or engine.determinize
    tally.states += 1
    to_move = engine.to_move(state)
    legal = {p: engine.legal_moves(state, p) for p in to_move}
    sampled = {
        p: moves if len(moves) <= MOVES_PER_SEAT else rng.sample(moves, MOVES_PER_SEAT)
        for p, moves in legal.items()
    }
    applied: dict = {}  # (seat, move) -> the state after it, shared by the viewers
    names = strings(state, set())
    for viewer in [*range(num_players), None]:
        other = redeal(state, viewer, rng)
        tally.views += 1
        mine, theirs = engine.view(state, viewer), engine.view(other, viewer)
        if mine != theirs:
            tally.fail(
                f"{where} view of {viewer} tells the redealt states apart: "
                f"{first_difference(mine, theirs)}"
            )
            continue
        for p in to_move:
            there = engine.legal_moves(other, p)
            if p == viewer and canonical(legal[p]) != canonical(there):
                tally.fail(f"{where} legal moves of {viewer} differ after a redeal")
            for move in sampled[p]:
                if move not in there:
                    continue
                tally.lines += 1
                a = engine.describe(state, p, move, viewer)
                b = engine.describe(other, p, move, viewer)
                if a != b and engine.view(
                    engine.apply(state, p, move), viewer
                ) == engine.view(engine.apply(other, p, move), viewer):
                    # (A move that shows the seat what it could not see, a threat
                    # turned over, may say so: the views after it differ too.)
                    tally.fail(
                        f"{where} line for {viewer} of {p}'s {canonical(move)} tells "
                        f"the redealt states apart: {a!r} / {b!r}"
                    )
        hidden = names - strings(mine, set())  # the names of what it cannot see
        _check_hidden_choices(
            engine, state, viewer, sampled, hidden, applied, tally, where
        )


def _check_hidden_choices(
    engine, state, viewer, sampled, hidden, applied, tally, where
):
    """Moves of another seat that differ only in objects the viewer cannot see
    (names in the state that its view does not hold; any value in a simultaneous
    round), after which the viewer's view is the same, must read the same to it."""
    simultaneous = len(sampled) > 1
    seats = [p for p in sampled if p != viewer and len(sampled[p]) > 1]
    if simultaneous and seats:
        seats = [seats[len(hidden) % len(seats)]]  # one seat a viewer, for time
    for p in seats:
        moves = sampled[p]
        after = {}
        for i, a in enumerate(moves):
            for b in moves[i + 1 :]:
                if a.keys() != b.keys():
                    continue
                differing = [k for k in a if a[k] != b[k]]
                if not simultaneous and not all(
                    isinstance(a[k], str)
                    and isinstance(b[k], str)
                    and a[k] in hidden
                    and b[k] in hidden
                    for k in differing
                ):
                    continue
                for m in (a, b):
                    key = canonical(m)
                    if key not in after:
                        if (p, key) not in applied:
                            applied[p, key] = engine.apply(state, p, m)
                        after[key] = engine.view(applied[p, key], viewer)
                if after[canonical(a)] != after[canonical(b)]:
                    continue
                tally.pairs += 1
                line_a = engine.describe(state, p, a, viewer)
                line_b = engine.describe(state, p, b, viewer)
                if line_a != line_b:
                    tally.fail(
                        f"{where} lines for {viewer} tell apart {p}'s hidden "
                        f"choices {canonical(a)} / {canonical(b)}: "
                        f"{line_a!r} / {line_b!r}"
                    )


def playout(engine, config: Config, game: int, choose, interesting):
    """Yields (state, step, history, sampled) for every state of one biased random
    game: `choose(state, seat, legal, rng)` picks a legal move; a state is sampled
    (to be checked) at the config's `rate`, or at INTERESTING_RATE when
    `interesting(state)`, and the last state always."""
    seed = config.seed + game
    rng = random.Random(seed)  # the moves: the same games whatever is checked
    sampler = random.Random(f"sample-{seed}")
    options = engine.validate_options(config.players, config.options)
    state = engine.setup(config.players, options, seed)
    history: list = []
    step = 0
    while not engine.is_over(state):
        chance = INTERESTING_RATE if interesting(state) else config.rate
        yield state, step, history, sampler.random() < chance
        seat = rng.choice(engine.to_move(state))
        move = choose(state, seat, engine.legal_moves(state, seat), rng)
        history.append((seat, move, state))
        state = engine.apply(state, seat, move)
        step += 1
    yield state, step, history, True
