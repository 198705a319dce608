"""Self-play check of a My City campaign: the site's computer players (games/bots)
play all 24 episodes, each episode's carry fed into the next, and the command
prints each episode's score range. It fails if an episode does not end.

    python manage.py my_city_selfplay --campaigns 3 --players 2 3 4 [--chapters FILE]
"""

from __future__ import annotations

import json
import time
from statistics import mean

from django.core.management.base import BaseCommand, CommandError

from games import engines
from games.bots import choose_move
from games.my_city.engine.chapter_rules import chapter_of, validate_chapters
from games.my_city.engine.chapters import EPISODES
from games.my_city.engine.selfplay import campaign

MAX_DECISIONS = 2000  # far more than 24 cards x 4 players


def play_campaign(engine, num_players: int, seed: int, chapters=None) -> list:
    """[(episode, decisions, [score per seat], [circles won per seat])] x 24, and
    each seat's progress circles at the end."""

    def play(options, episode):
        state = engine.setup(num_players, options, seed * 100 + episode)
        decisions = 0
        while not engine.is_over(state):
            for seat in engine.to_move(state):
                move = choose_move(engine, state, seat, seed=seed + decisions)
                state = engine.apply(state, seat, move)
                decisions += 1
            if decisions > MAX_DECISIONS:
                raise CommandError(f"episode {episode} did not end (seed {seed})")
        return state, decisions

    rows, outcome = [], []
    for episode, decisions, outcome in campaign(engine, num_players, play, chapters):
        rows.append(
            (
                episode,
                decisions,
                [r["score"] for r in outcome],
                [r["detail"]["circles_won"] for r in outcome],
            )
        )
    return rows, [r["carry"]["circles"] for r in outcome]


class Command(BaseCommand):
    help = "Computer players play whole My City campaigns; prints score ranges."

    def add_arguments(self, parser):
        parser.add_argument("--campaigns", type=int, default=3)
        parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--chapters", help="a JSON file of 8 custom chapters")

    def handle(self, *args, **opts):
        engine = engines.get("my-city")
        chapters = None
        if opts["chapters"]:
            with open(opts["chapters"], encoding="utf-8") as handle:
                chapters = validate_chapters(json.load(handle))
        by_episode = {n: [] for n in range(1, EPISODES + 1)}
        decisions = {n: [] for n in range(1, EPISODES + 1)}
        started = time.perf_counter()
        played = 0
        for players in opts["players"]:
            for index in range(opts["campaigns"]):
                seed = opts["seed"] + 1000 * players + index
                rows, circles = play_campaign(engine, players, seed, chapters)
                played += 1
                for episode, count, scores, _won in rows:
                    by_episode[episode].extend(scores)
                    decisions[episode].append(count)
                self.stdout.write(
                    f"{players} players, campaign {index + 1}: final circles {circles}"
                )
        self.stdout.write("")
        self.stdout.write("episode chapter   min   max  mean  decisions(mean)")
        for episode, scores in by_episode.items():
            self.stdout.write(
                f"{episode:7d} {chapter_of(episode):7d} {min(scores):5d} "
                f"{max(scores):5d} {mean(scores):5.1f} {mean(decisions[episode]):8.1f}"
            )
        self.stdout.write("")
        self.stdout.write("chapter   min   max  mean")
        for chapter in range(1, 9):
            scores = [
                s
                for e, ss in by_episode.items()
                if chapter_of(e) == chapter
                for s in ss
            ]
            self.stdout.write(
                f"{chapter:7d} {min(scores):5d} {max(scores):5d} {mean(scores):5.1f}"
            )
        elapsed = time.perf_counter() - started
        self.stdout.write(
            f"\n{played} campaigns ({played * EPISODES} episodes), every episode ended; "
            f"{elapsed:.1f} s"
        )
