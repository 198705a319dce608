"""Self-play: computer players that check the campaign and measure its rules.

    python -m games.my_city.engine.selfplay --campaigns 6 --seed 1

Two players, both greedy on the score as it would be counted after the placement:
- *aware* counts the rules in force (chapter and episode rules, its stickers, the
  races still open);
- *unaware* counts only the base scoring (trees, rocks, empty meadows, passes),
  i.e. it ignores the chapters' rules (they still count for its score).
Each places where its count grows most (ties at random), passes when every
placement loses more than the pass costs and stops when it cannot pass. They are
yardsticks, not site bots (those live in games/bots/).

The report (docs/my_city.md) is measured by `main`: campaigns of 24 episodes
between an aware and an unaware player (seats alternate), giving per chapter the
aware player's mean gain in points per episode, how much the two boards differ
after chapter 3 (spaces whose terrain differs, stickers not shared), and the time
of a 24-episode campaign between two aware players.
"""

from __future__ import annotations

import argparse
import random
import time

from games.my_city.engine.buildings import cells_of
from games.my_city.engine.chapter_rules import chapter_of
from games.my_city.engine.chapters import EPISODES, EPISODES_PER_CHAPTER
from games.my_city.engine.rules import (
    apply,
    legal_moves,
    race_key,
    race_reached,
    race_rules,
    setup,
    to_move,
)
from games.my_city.engine.scoring import seat_score


def _value(state: dict, seat: int, player: dict, aware: bool) -> int:
    score, _detail = seat_score(state, seat, player, aware)
    if aware:
        won = {award["race"] for award in state["races"]}
        for index, rule in race_rules(state):
            if race_key(index, rule) not in won and race_reached(rule, player):
                score += rule["points"]
    return score


def bot_move(state: dict, seat: int, rng: random.Random, aware: bool = True) -> dict:
    moves = legal_moves(state, seat)
    me = state["players"][seat]
    now = _value(state, seat, me, aware)
    best, choices = None, []
    for move in moves:
        if move["type"] != "place":
            continue
        entry = {
            "building": move["building"],
            "cells": cells_of(
                move["building"], move["orientation"], move["row"], move["col"]
            ),
        }
        trial = {**me, "placed": [*me["placed"], entry]}
        gain = _value(state, seat, trial, aware) - now
        if best is None or gain > best:
            best, choices = gain, [move]
        elif gain == best:
            choices.append(move)
    if choices and best > -1:
        return rng.choice(choices)
    if {"type": "pass"} in moves:
        return {"type": "pass"}
    if choices and best >= 0:
        return rng.choice(choices)
    return {"type": "stop"}


def play_episode(
    num_players: int, options: dict, seed: int, aware=None, clock=None
) -> tuple[dict, int]:
    """Plays one episode; `aware[seat]` says which seats are aware (all by
    default); `clock` (a list of one float) adds up the engine's time. Returns
    (final state, decisions)."""
    aware = aware or [True] * num_players
    rng = random.Random(seed)
    started = time.perf_counter()
    state = setup(num_players, options, seed)
    engine = time.perf_counter() - started
    decisions = 0
    while not state["over"]:
        for seat in to_move(state):
            move = bot_move(state, seat, rng, aware[seat])
            started = time.perf_counter()
            state = apply(state, seat, move)
            engine += time.perf_counter() - started
            decisions += 1
    if clock is not None:
        clock[0] += engine
    return state, decisions


def campaign(engine, num_players: int, play, chapters=None, name=None):
    """The 24 episodes in order, each carry fed into the next setup: `play(options,
    episode)` plays one episode and returns (final state, decisions). Yields
    (episode, decisions, outcome)."""
    carry = None
    for episode in range(1, EPISODES + 1):
        options = engine.validate_options(
            num_players,
            {
                "mode": "campaign",
                "episode": episode,
                "carry": carry,
                "chapters": chapters,
                "campaign": name,
            },
        )
        state, decisions = play(options, episode)
        outcome = engine.outcome(state)
        yield episode, decisions, outcome
        carry = [row["carry"] for row in outcome]


def play_campaign(
    engine, num_players: int, seed: int, chapters=None, aware=None, clock=None
) -> list:
    """All 24 episodes; returns the outcomes."""

    def play(options, episode):
        return play_episode(num_players, options, seed + episode, aware, clock)

    return [
        outcome
        for _e, _d, outcome in campaign(
            engine, num_players, play, chapters, f"selfplay-{seed}"
        )
    ]


def board_difference(a: dict, b: dict) -> tuple[int, int]:
    """(spaces whose terrain differs, stickers one has and the other not)."""
    cells = sum(
        x != y
        for ra, rb in zip(a["terrain"], b["terrain"], strict=True)
        for x, y in zip(ra, rb, strict=True)
    )
    only = [s for s in a["stickers"] if s not in b["stickers"]]
    only += [s for s in b["stickers"] if s not in a["stickers"]]
    return cells, len(only)


def measure(campaigns: int, seed: int, chapters=None) -> dict:
    from games.my_city.engine import ENGINE

    chapters_count = EPISODES // EPISODES_PER_CHAPTER
    gains = {n: [] for n in range(1, chapters_count + 1)}
    differ = []
    for i in range(campaigns):
        aware_seat = i % 2
        aware = [seat == aware_seat for seat in range(2)]
        outcomes = play_campaign(ENGINE, 2, seed + 100 * i, chapters, aware)
        for episode, outcome in enumerate(outcomes, start=1):
            mine = outcome[aware_seat]["score"]
            other = outcome[1 - aware_seat]["score"]
            gains[chapter_of(episode)].append(mine - other)
        after_ch3 = [row["carry"] for row in outcomes[3 * EPISODES_PER_CHAPTER - 1]]
        differ.append(board_difference(*after_ch3))
    clock = [0.0]
    started = time.perf_counter()
    play_campaign(ENGINE, 2, seed, chapters, [True, True], clock)
    total = time.perf_counter() - started
    return {
        "campaigns": campaigns,
        "gain": {n: sum(v) / len(v) for n, v in gains.items()},
        "gain_min": {n: min(v) for n, v in gains.items()},
        "differ_cells": sum(d[0] for d in differ) / len(differ),
        "differ_cells_min": min(d[0] for d in differ),
        "differ_stickers": sum(d[1] for d in differ) / len(differ),
        "campaign_seconds": total,
        "engine_seconds": clock[0],
    }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--campaigns", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    result = measure(args.campaigns, args.seed)
    print(
        f"{result['campaigns']} campaigns of 24 episodes, aware against unaware, "
        "2 players, seats alternating"
    )
    print("chapter | aware gain per episode (mean) | worst episode")
    for n, gain in result["gain"].items():
        print(f"{n} | {gain:+.1f} | {result['gain_min'][n]:+d}")
    print(
        f"boards after chapter 3 (start of episode 10): {result['differ_cells']:.1f} "
        f"spaces differ on average (min {result['differ_cells_min']}), "
        f"{result['differ_stickers']:.1f} stickers not shared"
    )
    print(
        f"a 24-episode campaign between two aware players: "
        f"{result['campaign_seconds']:.1f} s in all, "
        f"{result['engine_seconds']:.1f} s of engine time"
    )


if __name__ == "__main__":
    main()
