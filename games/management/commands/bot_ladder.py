"""`python manage.py bot_ladder --game <slug> --pair hard:random --games 500`:
the computer players' levels against each other (games/bots/ladder.py), printed
as a Markdown table with 95 % intervals."""

from django.core.management.base import BaseCommand, CommandError

from games import engines
from games.bots.ladder import HEADER, iterations_per_second, ladder_players, row, run
from games.bots.levels import LEVELS, Budget, hard_budget_of, players_for

CHOICES = ("random", *LEVELS)


class Command(BaseCommand):
    help = "Plays computer-player levels against each other and prints win rates."
    requires_system_checks = []  # no database: the engines and bots only

    def add_arguments(self, parser):
        parser.add_argument("--game", action="append", help="slug (repeatable)")
        parser.add_argument(
            "--pair", action="append", help="A:B, e.g. hard:normal (repeatable)"
        )
        parser.add_argument("--games", type=int, default=500, help="games per pair")
        parser.add_argument(
            "--players",
            type=int,
            help="default: the game's computer players' ladder_players",
        )
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument(
            "--iterations",
            type=int,
            help="hard: iterations per decision (default: the game's site budget)",
        )
        parser.add_argument(
            "--seconds",
            type=float,
            help="hard: seconds per decision (default: the game's site budget)",
        )
        parser.add_argument(
            "--speed",
            type=float,
            default=0.0,
            help="measure hard's iterations per second for this many seconds",
        )

    def handle(self, *args, **options):
        slugs = options["game"] or sorted(
            e.slug for e in engines.all() if players_for(e) is not None
        )
        pairs = options["pair"] or ["normal:easy"]

        def budget_of(slug: str) -> Budget:
            site = hard_budget_of(engines.get(slug))
            return Budget(
                options["iterations"] or site.iterations,
                options["seconds"] or site.seconds,
            )

        for slug in slugs:
            try:
                engines.get(slug)
            except KeyError:
                raise CommandError(f"unknown game {slug!r}") from None
        for pair in pairs:
            a, _sep, b = pair.partition(":")
            if a not in CHOICES or b not in CHOICES:
                raise CommandError(f"a pair is two of {', '.join(CHOICES)}: {pair!r}")
        if options["speed"]:
            self.stdout.write(
                "| game | players | hard iterations/s (opening, later) "
                "| per CPU second (opening, later) |"
            )
            self.stdout.write("|---|---|---|---|")
            for slug in slugs:
                players = options["players"] or ladder_players(engines.get(slug))
                rates = iterations_per_second(
                    engines.get(slug), players, options["speed"], options["seed"]
                )
                wall = ", ".join(f"{w:.0f}" for w, _cpu in rates)
                cpu = ", ".join(f"{c:.0f}" for _w, c in rates)
                self.stdout.write(f"| {slug} | {players} | {wall} | {cpu} |")
            return
        for slug in slugs:
            budget = budget_of(slug)
            self.stdout.write(
                f"{slug}: hard budget {budget.iterations} iterations, "
                f"{budget.seconds} s"
            )
        self.stdout.write(HEADER)
        for slug in slugs:
            budget = budget_of(slug)
            for pair in pairs:
                a, _sep, b = pair.partition(":")

                def progress(tally, slug=slug):
                    if tally.games % (50 if options["games"] >= 100 else 1) == 0:
                        self.stderr.write(row(slug, tally))

                tally = run(
                    engines.get(slug),
                    a,
                    b,
                    games=options["games"],
                    seed=options["seed"],
                    players=options["players"],
                    budget=budget,
                    progress=progress,
                )
                self.stdout.write(row(slug, tally))
