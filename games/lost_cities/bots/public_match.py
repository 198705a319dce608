"""Our Lost Cities player against a public open-source one, over many rounds.

    python games/lost_cities/bots/public_match.py --bot-dir /work/external/radrob2-lost-cities \
        --rounds 1000 --level hard --iterations 20 --seconds 1.5 --workers 1

The public bot is the "Strategist" of radrob2/lost-cities (GitHub, commit
71e19282b4895dea5f90a92511c0515d2d841149, licence ISC as its package.json
declares): a hand-written evaluation of every play, discard and draw (projected
expedition scores, the opponent's expeditions, discard danger), which its
author measured above the policies of his five evolved personalities and made
the default. It is JavaScript (`public/ai-worker.js`, a web worker); it stays
outside the project. Get it once, by hand, with its source kept as it is:

    git clone https://github.com/radrob2/lost-cities /work/external/radrob2-lost-cities
    git -C /work/external/radrob2-lost-cities checkout 71e19282b4895dea5f90a92511c0515d2d841149

This script fetches nothing. It runs the worker under Node (≥ 18) through the
small adapter below (ADAPTER, our own code): it loads the worker's scripts in
one VM context, seeds the context's `Math.random` per request (so a match is
repeatable for a seed), and answers each JSON line on stdin with the worker's
choice on stdout. The worker's `const CONFIG` is loaded as a `var`: its other
scripts re-declare it with `var`, which one realm refuses otherwise.

Every round is played by OUR engine (5 expeditions, one round): the bot is
shown the state as its worker expects it (its hand, both expeditions, the
discard piles, the deck's size, and the colours our player drew from piles and
played, which its page also tracks), with the bot as its "player2". It chooses
a whole turn at once (a play or discard, then a draw): the draw is kept and
played at our engine's draw step, the deck instead if it is no longer legal
(counted as a fallback, as is any answer that is not a legal move). The rules
agree (60 cards, 8 in hand, ascending expeditions with wagers first, no draw
from the pile just discarded to, the round ends with the deck's last card, the
same scoring), with one difference in what is seen: the bot gets whole discard
piles (public, they were each seen as they were laid), our player only each
pile's top and count (our view). The starter alternates: our player starts
the rounds of odd seed (a round's seed is `--seed` plus its index). Ours is `games.bots.choose_move` at `--level` with the budget
given. A round is won by the higher score; equal scores are a draw (half a
win in the win rate, whose interval is the ladder's 95 % Wilson interval).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from games import engines  # noqa: E402
from games.bots import Budget, choose_move  # noqa: E402
from games.bots.ladder import wilson  # noqa: E402

REPO = "https://github.com/radrob2/lost-cities"
COMMIT = "71e19282b4895dea5f90a92511c0515d2d841149"
OPTIONS = {"expeditions": 5, "rounds": 1}
BOT_AIS = ("heuristic", "explorer", "scholar", "collector", "spy", "gambler")

ADAPTER = r"""
const fs = require('fs'), path = require('path'), vm = require('vm');
const readline = require('readline');
const pub = path.join(process.argv[process.argv.length - 1], 'public');
let s = 1;
function rand() {  // mulberry32, reseeded per request
  s = (s + 0x6D2B79F5) | 0;
  let t = Math.imul(s ^ (s >>> 15), 1 | s);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const quiet = () => {};
const ctx = vm.createContext({performance, console: {log: quiet, warn: quiet,
  group: quiet, groupEnd: quiet, table: quiet,
  error: (...a) => process.stderr.write(a.join(' ') + '\n')}});
ctx.self = ctx;
let answer = null;
ctx.postMessage = (m) => { answer = m; };
const load = (f) => fs.readFileSync(path.join(pub, f), 'utf8')
  .replace(/^const CONFIG\b/m, 'var CONFIG');
ctx.importScripts = (...files) => {
  for (const f of files) vm.runInContext(load(f), ctx, {filename: f});
};
ctx.__rand = rand;
vm.runInContext('Math.random = __rand;', ctx);
ctx.importScripts('ai-worker.js');
readline.createInterface({input: process.stdin}).on('line', (line) => {
  const req = JSON.parse(line);
  s = req.seed | 0;
  answer = null;
  ctx.onmessage({data: {gameState: req.state, variant: 'classic',
    simCount: req.sims, personality: req.ai}});
  const r = answer && answer.result;
  process.stdout.write(JSON.stringify(r ? {
    phase1: {type: r.phase1.type, id: r.phase1.card.id},
    phase2: {type: r.phase2.type, color: r.phase2.color || null},
    elapsed: answer.elapsed} : {error: 'no answer'}) + '\n');
});
"""


# --- translation between our cards and moves and the bot's ---------------------------


def bot_card(card: str) -> dict:
    """Our "lc-red-7" / "lc-red-w2" as the bot's {color, value, id}: "red_7" /
    "red_w1" (its wagers are numbered from 0, its wager value is 0)."""
    _, colour, rank = card.split("-")
    if rank.startswith("w"):
        return {"color": colour, "value": 0, "id": f"{colour}_w{int(rank[1:]) - 1}"}
    return {"color": colour, "value": int(rank), "id": f"{colour}_{rank}"}


def our_card(bot_id: str) -> str:
    colour, rank = bot_id.split("_")
    if rank.startswith("w"):
        return f"lc-{colour}-w{int(rank[1:]) + 1}"
    return f"lc-{colour}-{rank}"


class Seen:
    """What the bot's page records of its opponent (our player): the colours it
    drew from discard piles and played, and the cards it discarded."""

    def __init__(self):
        self.drew: list[str] = []
        self.played: list[str] = []
        self.discarded: list[dict] = []

    def note(self, move: dict) -> None:
        if move["type"] == "play":
            self.played.append(move["card"].split("-")[1])
        elif move["type"] == "discard":
            card = bot_card(move["card"])
            self.discarded.append({"color": card["color"], "value": card["value"]})
        elif move["source"] != "deck":
            self.drew.append(move["source"])


def snapshot(state: dict, bot_seat: int, seen: Seen) -> dict:
    """The state as the bot's worker takes it, the bot being its "player2"."""
    ours = 1 - bot_seat

    def cards(ids):
        return [bot_card(c) for c in ids]

    colours = state["colours"]
    return {
        "hands": {"player1": [], "player2": cards(state["hands"][bot_seat])},
        "expeditions": {
            "player1": {c: cards(state["expeditions"][ours][c]) for c in colours},
            "player2": {c: cards(state["expeditions"][bot_seat][c]) for c in colours},
        },
        "discards": {c: cards(state["discards"][c]) for c in colours},
        "singlePile": [],
        "deckSize": len(state["deck"]),
        "oppDrawHistory": list(seen.drew),
        "oppPlayHistory": list(seen.played),
        "oppDiscardHistory": list(seen.discarded),
    }


def turn_moves(answer: dict) -> tuple[dict, dict]:
    """The bot's turn as our two moves: the play or discard, then the draw."""
    phase1, phase2 = answer["phase1"], answer["phase2"]
    first = {"type": phase1["type"], "card": our_card(phase1["id"])}
    if phase2["type"] == "deck":
        return first, {"type": "draw", "source": "deck"}
    return first, {"type": "draw", "source": phase2["color"]}


# --- the two players --------------------------------------------------------------------


class PublicBot:
    """The public bot's worker in a Node process, one JSON line each way."""

    def __init__(self, bot_dir: str, ai: str = "heuristic", sims: int = 500):
        worker = Path(bot_dir) / "public" / "ai-worker.js"
        if not worker.is_file():
            raise SystemExit(
                f"No public bot at {bot_dir} ({worker} is missing). Get it by hand:\n"
                f"  git clone {REPO} {bot_dir}\n  git -C {bot_dir} checkout {COMMIT}"
            )
        node = shutil.which("node")
        if node is None:
            raise SystemExit(
                "The public bot runs under Node (18 or later): none found."
            )
        self.ai, self.sims = ai, sims
        # Our own adapter and a path given on the command line: no shell, no input.
        self.process = subprocess.Popen(  # noqa: S603
            [node, "-e", ADAPTER, str(Path(bot_dir).resolve())],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def __call__(self, state: dict, seed: int) -> dict:
        request = {"state": state, "ai": self.ai, "sims": self.sims, "seed": seed}
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("The public bot's process ended.")
        return json.loads(line)

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(10)


def play_round(engine, index: int, args, bot) -> dict:
    """One round; our player starts when the round's seed is odd (so a match
    split into runs by `--seed` plays the rounds of one run). `bot(state,
    seed)` answers a snapshot with the bot's turn."""
    seed = args.seed + index
    state = engine.setup(2, dict(OPTIONS), seed)
    ours = state["starter"] if seed % 2 == 1 else 1 - state["starter"]
    budget = Budget(iterations=args.iterations, seconds=args.seconds)
    seen, pending = Seen(), None
    row = {"ours_started": ours == state["starter"], "fallbacks": 0}
    times = {"ours": [0.0, 0], "bot": [0.0, 0]}
    for step in range(1000):
        if engine.is_over(state):
            break
        seat = engine.to_move(state)[0]
        legal = engine.legal_moves(state, seat)
        if seat == ours:
            start = time.perf_counter()
            move = choose_move(
                engine,
                state,
                seat,
                seed=seed * 7919 + step,
                level=args.level,
                budget=budget,
            )
            times["ours"][0] += time.perf_counter() - start
            times["ours"][1] += 1
            seen.note(move)
        elif state["phase"] == "play":
            start = time.perf_counter()
            answer = bot(snapshot(state, seat, seen), seed * 7919 + step)
            times["bot"][0] += time.perf_counter() - start
            times["bot"][1] += 1
            move, pending = turn_moves(answer) if "phase1" in answer else (None, None)
        else:
            move, pending = pending, None
        if move not in legal:
            row["fallbacks"] += 1
            move = legal[0]  # the deck at a draw; at a play, the hand's first move
        state = engine.apply(state, seat, move)
    outcome = engine.outcome(state)
    row["ours"], row["bot"] = outcome[ours]["score"], outcome[1 - ours]["score"]
    row["times"] = times
    return row


# --- a match, its tally and its report ------------------------------------------------


_worker: dict = {}


def _start_worker(args) -> None:
    _worker["args"] = args
    _worker["engine"] = engines.get("lost-cities")
    _worker["bot"] = PublicBot(args.bot_dir, args.bot_ai, args.bot_sims)


def _round(index: int) -> dict:
    return play_round(_worker["engine"], index, _worker["args"], _worker["bot"])


def tally(rows: list[dict]) -> dict:
    n = len(rows)
    wins = sum(r["ours"] > r["bot"] for r in rows)
    draws = sum(r["ours"] == r["bot"] for r in rows)
    total = {
        side: [sum(r["times"][side][i] for r in rows) for i in (0, 1)]
        for side in ("ours", "bot")
    }
    share, low, high = wilson(wins + draws / 2, n)
    return {
        "rounds": n,
        "wins": wins,
        "draws": draws,
        "losses": n - wins - draws,
        "rate": share,
        "low": low,
        "high": high,
        "mean_ours": sum(r["ours"] for r in rows) / n if n else 0.0,
        "mean_bot": sum(r["bot"] for r in rows) / n if n else 0.0,
        "ms_ours": 1000 * total["ours"][0] / max(total["ours"][1], 1),
        "ms_bot": 1000 * total["bot"][0] / max(total["bot"][1], 1),
        "fallbacks": sum(r["fallbacks"] for r in rows),
    }


HEADER = (
    "| ours | public bot | rounds | W / D / L | ours wins (95 % interval) "
    "| mean score ours / bot | ms per decision ours / bot turn | fallbacks | time |\n"
    "|---|---|---|---|---|---|---|---|---|"
)


def row(t: dict, args, seconds: float) -> str:
    ours = args.level + (
        f" ({args.iterations} it. / {args.seconds:g} s)" if args.level == "hard" else ""
    )
    bot = args.bot_ai + (
        f" ({args.bot_sims} sims)" if args.bot_ai != "heuristic" else ""
    )
    return (
        f"| {ours} | {bot} | {t['rounds']} | {t['wins']} / {t['draws']} / {t['losses']} "
        f"| {100 * t['rate']:.1f} % ({100 * t['low']:.1f}–{100 * t['high']:.1f}) "
        f"| {t['mean_ours']:.1f} / {t['mean_bot']:.1f} "
        f"| {t['ms_ours']:.1f} / {t['ms_bot']:.1f} | {t['fallbacks']} | {seconds:.0f} s |"
    )


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bot-dir", required=True, help="checkout of " + REPO)
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument("--level", default="hard", choices=("easy", "normal", "hard"))
    parser.add_argument("--iterations", type=int, default=400, help="our hard budget")
    parser.add_argument("--seconds", type=float, default=1.5, help="our hard budget")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--bot-ai", default="heuristic", choices=BOT_AIS)
    parser.add_argument("--bot-sims", type=int, default=500, help="its Monte Carlo AIs")
    parser.add_argument("--every", type=int, default=50, help="progress every N rounds")
    args = parser.parse_args(argv)
    PublicBot(args.bot_dir, args.bot_ai).close()  # fails early, saying how to get it
    start, rows = time.perf_counter(), []
    print(f"load average at the start: {os.getloadavg()}", flush=True)
    with multiprocessing.Pool(args.workers, _start_worker, (args,)) as pool:
        for result in pool.imap_unordered(_round, range(args.rounds)):
            rows.append(result)
            if len(rows) % args.every == 0 and len(rows) < args.rounds:
                print(row(tally(rows), args, time.perf_counter() - start), flush=True)
    print(f"load average at the end: {os.getloadavg()}", flush=True)
    print(HEADER, row(tally(rows), args, time.perf_counter() - start), sep="\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
