"""Random playouts that check the engine contract and time an engine.

    python -m games.engines.playout SLUG --games N --players P --seed S

Plays N games choosing a uniformly random legal move at each decision and checks,
at every step: JSON round-trip, `apply` never mutates its input, determinism by
replaying the seed and the moves, no view holds an id from another seat's
`secrets` or from `secrets(state, None)` nor the RNG state, `describe` gives a line
for every viewer, and the engine's own invariants (an optional `check_invariants`).
Exits non-zero on the first violation and prints the seed and moves that reproduce it.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

from games.engines import get
from games.engines.base import IllegalMove, canonical
from games.engines.replay import MoveDoesNotReplay, replay_from_seed

MAX_DECISIONS = 50_000


class ContractViolation(AssertionError):
    pass


@dataclass
class PlayoutReport:
    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    winners: Counter = field(default_factory=Counter)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds if self.seconds else 0.0

    @property
    def mean_length(self) -> float:
        return self.decisions / self.games if self.games else 0.0


def _strings(obj, out: set) -> set:
    """Every string (keys and values) inside a JSON object."""
    if isinstance(obj, str):
        out.add(obj)
    elif isinstance(obj, dict):
        for key, value in obj.items():
            out.add(key)
            _strings(value, out)
    elif isinstance(obj, list):
        for value in obj:
            _strings(value, out)
    return out


def check_views(engine, state: dict, num_players: int) -> None:
    """No seat's view names an id that only another seat (or no seat) may see."""
    if engine.is_over(state):
        return
    hidden_from_all = set(engine.secrets(state, None))
    per_seat = {s: set(engine.secrets(state, s)) for s in range(num_players)}
    rng_text = canonical(state["rng"]) if "rng" in state else None
    for viewer in [*range(num_players), None]:
        view = engine.view(state, viewer)
        text = canonical(view)  # also proves the view is JSON-able
        seen = _strings(view, set())
        forbidden = set(hidden_from_all)
        for other, ids in per_seat.items():
            if other != viewer:
                forbidden |= ids - per_seat.get(viewer, set())
        leaked = seen & forbidden
        if leaked:
            raise ContractViolation(
                f"view for seat {viewer} holds hidden ids {sorted(leaked)[:5]}"
            )
        if rng_text and rng_text in text:
            raise ContractViolation(f"view for seat {viewer} holds the RNG state")


def play_one(
    engine,
    num_players: int,
    seed: int,
    options: dict | None = None,
    *,
    check: bool = True,
    chooser: random.Random | None = None,
) -> tuple[dict, list]:
    """Plays one random game; returns the final state and the moves [(seat, move)]."""
    chooser = chooser or random.Random(seed)
    options = engine.validate_options(
        num_players, options or engine.default_options(num_players)
    )
    state = engine.setup(num_players, options, seed)
    moves: list = []
    while not engine.is_over(state):
        seats = engine.to_move(state)
        if not seats:
            raise ContractViolation("to_move is empty but the game is not over")
        seat = chooser.choice(seats)
        legal = engine.legal_moves(state, seat)
        if not legal:
            raise ContractViolation(f"seat {seat} must move but has no legal move")
        move = chooser.choice(legal)
        if check:
            before = canonical(state)
            for viewer in [*range(num_players), None]:
                line = engine.describe(state, seat, move, viewer)
                if not isinstance(line, str) or not line:
                    raise ContractViolation("describe must return a non-empty line")
            if state != json.loads(before):
                raise ContractViolation("describe mutated the state")
        new_state = engine.apply(state, seat, move)
        if check:
            if canonical(state) != before:
                raise ContractViolation("apply mutated its input state")
            if json.loads(canonical(new_state)) != new_state:
                raise ContractViolation("the state does not survive a JSON round-trip")
            check_views(engine, new_state, num_players)
            engine.check_invariants(new_state)
        state = new_state
        moves.append((seat, move))
        if len(moves) > MAX_DECISIONS:
            raise ContractViolation(f"no end after {MAX_DECISIONS} decisions")
    if check:
        numbered = [(seq, seat, move) for seq, (seat, move) in enumerate(moves, 1)]
        try:
            replayed = replay_from_seed(engine, num_players, options, seed, numbered)
        except MoveDoesNotReplay as exc:
            raise ContractViolation(f"move {exc.seq} does not replay") from exc
        if canonical(replayed) != canonical(state):
            raise ContractViolation("replaying the seed and moves gives another state")
        result = engine.outcome(state)
        if sorted(r["seat"] for r in result) != list(range(num_players)):
            raise ContractViolation("outcome must list every seat once")
        if engine.to_move(state):
            raise ContractViolation("to_move must be empty once the game is over")
        try:
            engine.apply(state, 0, {"type": "nothing-at-all"})
        except IllegalMove:
            pass
        else:
            raise ContractViolation("apply accepted a move after the end")
    return state, moves


def run(
    slug: str,
    games: int,
    players: int,
    seed: int,
    *,
    check: bool = True,
    options: dict | None = None,
) -> PlayoutReport:
    engine = get(slug)
    report = PlayoutReport()
    started = time.perf_counter()
    for index in range(games):
        game_seed = seed + index
        state, moves = play_one(engine, players, game_seed, options, check=check)
        report.games += 1
        report.decisions += len(moves)
        for row in engine.outcome(state):
            if row["rank"] == 1:
                report.winners[row["seat"]] += 1
    report.seconds = time.perf_counter() - started
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("slug")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--options", default="{}", help="table options as JSON")
    parser.add_argument(
        "--no-check", action="store_true", help="time only, skip contract checks"
    )
    args = parser.parse_args(argv)
    engine = get(args.slug)
    check = not args.no_check
    options = json.loads(args.options) or None
    report = PlayoutReport()
    started = time.perf_counter()
    for index in range(args.games):
        game_seed = args.seed + index
        chooser = random.Random(game_seed)
        try:
            state, moves = play_one(
                engine, args.players, game_seed, options, check=check, chooser=chooser
            )
        except Exception as exc:  # report how to reproduce, then fail
            print(f"VIOLATION in game seed={game_seed}: {exc!r}", file=sys.stderr)
            print(
                f"reproduce: python -m games.engines.playout {args.slug} --games 1 "
                f"--players {args.players} --seed {game_seed} --options "
                f"'{args.options}'",
                file=sys.stderr,
            )
            return 1
        report.games += 1
        report.decisions += len(moves)
        for row in engine.outcome(state):
            if row["rank"] == 1:
                report.winners[row["seat"]] += 1
    report.seconds = time.perf_counter() - started
    print(f"engine            {args.slug} ({args.players} players)")
    print(f"games             {report.games}")
    print(f"games/s           {report.games_per_second:,.1f}")
    print(f"decisions/s       {report.decisions_per_second:,.0f}")
    print(f"mean length       {report.mean_length:,.1f} decisions")
    wins = ", ".join(f"seat {s}: {n}" for s, n in sorted(report.winners.items()))
    print(f"rank-1 finishes   {wins}")
    print(f"contract checks   {'on' if check else 'off'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
