"""`python manage.py rival_balance --games 400`: the Rival Cities round robin
(games/rival_cities/bots/balance.py), printed as the Markdown tables of the engine README."""

from django.core.management.base import BaseCommand

from games.rival_cities.bots.balance import report, run


class Command(BaseCommand):
    help = "Plays the Rival Cities route bots against each other and prints the table."
    requires_system_checks = []  # no database: the engine and bots only

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=400, help="games per pair")
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument(
            "--workers", type=int, default=1, help="processes (the machine's cores)"
        )

    def handle(self, *args, **options):
        def progress(done, total, seconds):
            self.stderr.write(f"{done}/{total} games, {seconds:.0f} s")

        data = run(
            games=options["games"],
            seed=options["seed"],
            workers=options["workers"],
            progress=progress,
        )
        self.stdout.write(report(data))
