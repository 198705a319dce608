"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS), over
the engine contract only: `determinize`, `to_move`, `legal_moves`, `apply`,
`view`, `is_over` and `outcome`.

One tree for the searching seat (the observer). Each iteration deals a fresh
determinization of the real state (`engine.determinize(state, seat, rng)`: a
full state the seat cannot tell from the real one), then walks down the tree
on it: at each node only the children whose move is legal in this
determinization are candidates, chosen by UCB1 with availability counts (a
child's exploration term counts the visits in which it was available, not all
the parent's visits). A move not yet in the tree is added (the one the
heuristic scores best); below `TREE_DEPTH` moves the game is played out to its
end by the heuristic (`policy`, one legal move in twenty at random), and every
node of the path is credited with the result of the seat that made its move
(`reward`: 1 for first place, 0 for last, shared ranks between, a fifth of it
from the score's place between the lowest and the highest).

The root holds only the heuristic's best `ROOT_WIDTH` moves (`prior`), each
starting with `PRIOR_VISITS` virtual visits worth more for a better rank: with
few iterations the search plays like the heuristic, and it leaves the
heuristic's choice only when many playouts say so. The move played is the
root child with the best mean, virtual visits included.

Simultaneous rounds (an engine whose round has every player decide at once)
are played as the contract plays them: each
seat's decision is applied on its own; the observer decides first when it is
among the seats to move, the others in `to_move` order.

`paired_search` is the flat alternative a game may choose instead (Lost
Cities): a few candidate moves, each played out on the same determinizations
with the same playout seeds (common random numbers), the best mean played.

The search stops after `iterations` iterations or `seconds` of wall-clock time,
whichever comes first. Deterministic for
a seed whenever the iteration budget is what stops it.
"""

from __future__ import annotations

import math
import random
import time

from games.engines.base import canonical

EXPLORATION = 0.7
ROLLOUT_NOISE = 0.05
ROOT_WIDTH = 5  # the root's candidates: the heuristic's best moves
# The root's prior: each of the heuristic's best moves starts with PRIOR_VISITS
# virtual visits worth PRIOR_HIGH (its best) down to PRIOR_LOW (its fifth), so
# that the search leaves the heuristic's choice only on the evidence of many
# playouts, not on the noise of a few.
PRIOR_VISITS = 20
# How many moves deep the tree grows before the playout takes over. One: with
# the budgets a decision gets here (tens to a few hundred iterations), a deeper
# tree explored poor replies on a visit or two each and chose worse than the
# heuristic (in the two-player card game, hard against normal: 12 wins in 37
# games); below the
# root the heuristic's playouts judge better.
TREE_DEPTH = 1
PRIOR_LOW, PRIOR_HIGH = 0.4, 0.6
MARGIN = 0.2  # the share of the reward that comes from the score, not the rank
MAX_ROLLOUT = 3000  # decisions; every game ends far sooner, a bound against a loop


class Node:
    __slots__ = ("avail", "children", "reward", "seat", "visits")

    def __init__(self, seat: int | None = None, visits: int = 0, reward: float = 0.0):
        self.seat = seat  # who made the move leading here
        self.children: dict[str, Node] = {}
        self.visits = visits
        self.avail = 1
        self.reward = reward


def reward(engine, state: dict) -> dict[int, float]:
    """Per seat: 1 for first place, 0 for last, linear between (ties share);
    empty for a game cut short (every seat then counts a half)."""
    if not engine.is_over(state):
        return {}
    outcome = engine.outcome(state)
    last = max(len(outcome) - 1, 1)
    scores = [o["score"] or 0 for o in outcome]
    low, spread = min(scores), (max(scores) - min(scores)) or 1
    return {
        o["seat"]: (1 - MARGIN) * (len(outcome) - o["rank"]) / last
        + MARGIN * ((o["score"] or 0) - low) / spread
        for o in outcome
    }


def acting(engine, state: dict, observer: int) -> int:
    seats = engine.to_move(state)
    return observer if observer in seats else seats[0]


def policy_move(engine, state: dict, seat: int, legal: list, policy, rng) -> dict:
    if len(legal) == 1:
        return legal[0]
    if policy is None or rng.random() < ROLLOUT_NOISE:
        return legal[rng.randrange(len(legal))]
    view = engine.view(state, seat)
    best, best_key = None, None
    for move in legal:
        key = (policy(view, seat, move), rng.random())
        if best_key is None or key > best_key:
            best, best_key = move, key
    return best


def select(node: Node, keys: list[str]) -> str:
    best, best_value = keys[0], -1.0
    for key in keys:
        child = node.children[key]
        value = child.reward / child.visits + EXPLORATION * math.sqrt(
            math.log(child.avail) / child.visits
        )
        if value > best_value:
            best, best_value = key, value
    return best


def iterate(engine, root: Node, state: dict, observer: int, policy, rng, top) -> None:
    node, path = root, [root]
    while not engine.is_over(state) and len(path) <= TREE_DEPTH:
        seat = acting(engine, state, observer)
        legal = top if node is root else engine.legal_moves(state, seat)
        keys = [canonical(m) for m in legal]
        untried = []
        for i, key in enumerate(keys):
            child = node.children.get(key)
            if child is not None:
                child.avail += 1
            if child is None or not child.visits:
                untried.append(i)
        if untried:
            options = [legal[i] for i in untried]
            move = policy_move(engine, state, seat, options, policy, rng)
            key = keys[untried[options.index(move)]]
            child = node.children.get(key) or Node(seat)
            node.children[key] = child
            state = engine.apply(state, seat, move)
            path.append(child)
            break
        key = select(node, keys)
        state = engine.apply(state, seat, legal[keys.index(key)])
        node = node.children[key]
        path.append(node)
    for _ in range(MAX_ROLLOUT):
        if engine.is_over(state):
            break
        seat = acting(engine, state, observer)
        legal = engine.legal_moves(state, seat)
        state = engine.apply(
            state, seat, policy_move(engine, state, seat, legal, policy, rng)
        )
    result = reward(engine, state)
    for visited in path:
        visited.visits += 1
        if visited.seat is not None:
            visited.reward += result.get(visited.seat, 0.5)


def search(
    engine,
    state: dict,
    seat: int,
    *,
    policy=None,
    prior=None,
    seed: int = 0,
    iterations: int = 1000,
    seconds: float = 1.0,
    stats: dict | None = None,
) -> dict:
    """The move `seat` should make, by SO-ISMCTS within the budget: `policy`
    plays the playouts, `prior` (by default `policy`) ranks the root's moves."""
    legal = engine.legal_moves(state, seat)
    if stats is not None:
        stats["iterations"] = 0
    if len(legal) == 1:
        return legal[0]
    rng = random.Random(seed)
    root = Node()
    top = legal
    prior = prior or policy
    if prior is not None:
        # The root's candidates: the heuristic's best moves, each with its
        # virtual visits by rank.
        view = engine.view(state, seat)
        ranked = sorted(
            range(len(legal)),
            key=lambda i: (prior(view, seat, legal[i]), -i),
            reverse=True,
        )[:ROOT_WIDTH]
        top = [legal[i] for i in sorted(ranked)]
        for rank, i in enumerate(ranked):
            worth = PRIOR_HIGH - (PRIOR_HIGH - PRIOR_LOW) * rank / max(
                ROOT_WIDTH - 1, 1
            )
            root.children[canonical(legal[i])] = Node(
                seat, PRIOR_VISITS, PRIOR_VISITS * worth
            )
    deadline = time.perf_counter() + seconds
    done = 0
    while done < iterations and (done == 0 or time.perf_counter() < deadline):
        world = engine.determinize(state, seat, rng)
        iterate(engine, root, world, seat, policy, rng, top)
        done += 1
    if stats is not None:
        stats["iterations"] = done
    by_key = {canonical(m): m for m in legal}
    visited = [
        (child.reward / child.visits, child.visits, key)
        for key, child in root.children.items()
        if key in by_key and child.visits
    ]
    if not visited:
        return legal[rng.randrange(len(legal))]
    return by_key[max(visited)[2]]


def paired_search(
    engine,
    state: dict,
    seat: int,
    *,
    candidates: list[dict],
    playout,
    value,
    seed: int = 0,
    iterations: int = 1000,
    seconds: float = 1.0,
    prefer: float = 0.0,
    confidence: float = 0.0,
    stats: dict | None = None,
) -> dict:
    """The best of `candidates` by paired (common random numbers) Monte Carlo.

    Each round deals one determinization and one playout seed, and plays every
    candidate out on both: the differences between candidates are then free of
    the deal's luck, which is most of a single playout's variance. `playout(
    state, seat, legal, rng)` plays every seat's moves; `value(start, end, seat)`
    is the seat's result of a playout (it may end the playout early: the
    playout stops as soon as `value` returns a number for its state, None goes
    on). `candidates[0]` is the heuristic's choice: it keeps the decision unless
    another candidate's mean beats its mean by more than `prefer` and by more
    than `confidence` standard errors of their paired difference. Rounds are
    whole (every candidate once), so the search stops after the round in which
    it reaches `iterations` playouts or `seconds`."""
    if stats is not None:
        stats["iterations"] = stats["rounds"] = 0
    if len(candidates) == 1:
        return candidates[0]
    rng = random.Random(seed)
    totals = [0.0] * len(candidates)
    squares = [0.0] * len(candidates)  # of the differences to candidates[0]
    deadline = time.perf_counter() + seconds
    done = rounds = 0
    while done < iterations and (rounds == 0 or time.perf_counter() < deadline):
        world = engine.determinize(state, seat, rng)
        playout_seed = rng.getrandbits(64)
        results = [
            play_out(
                engine,
                state,
                engine.apply(world, seat, move),
                seat,
                playout,
                value,
                random.Random(playout_seed),
            )
            for move in candidates
        ]
        for i, result in enumerate(results):
            totals[i] += result
            squares[i] += (result - results[0]) ** 2
        done += len(candidates)
        rounds += 1
    if stats is not None:
        stats["iterations"], stats["rounds"] = done, rounds
        stats["means"] = [t / rounds for t in totals]
    best = max(range(1, len(candidates)), key=totals.__getitem__)
    gain = (totals[best] - totals[0]) / rounds
    spread = max(squares[best] / rounds - gain * gain, 0.0)
    if gain > prefer and gain > confidence * math.sqrt(spread / rounds):
        return candidates[best]
    return candidates[0]


def play_out(engine, start, state, observer, playout, value, rng) -> float:
    for _ in range(MAX_ROLLOUT):
        result = value(start, state, observer)
        if result is not None:
            return result
        seat = acting(engine, state, observer)
        legal = engine.legal_moves(state, seat)
        state = engine.apply(state, seat, playout(state, seat, legal, rng))
    return 0.0
