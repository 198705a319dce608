"""`python manage.py startgame <slug>`: a new game's package, `games/<package>/`
(the slug with underscores), copied from the tests' example game
(tests/example_game/) with its names changed, and the example's French added
to the site's catalogue (locale/fr/LC_MESSAGES/django.po) where the catalogue
lacks it. The package plays the example's game until its author writes their
own (docs/adding-a-game.md)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import polib
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

EXAMPLE = Path(settings.BASE_DIR) / "tests" / "example_game"
EXAMPLE_MODULE = "tests.example_game"
CATALOGUE = Path(settings.BASE_DIR) / "locale" / "fr" / "LC_MESSAGES" / "django.po"
# What the copy leaves behind: the example's own French goes to the site's
# catalogue instead (a game's French lives there).
SKIPPED = {"__pycache__", "locale"}
SLUG = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")


def names(slug: str, parent: str) -> list[tuple[str, str]]:
    """What the copy replaces, longest first: the example's module, package,
    slug, class prefix and name, by the new game's."""
    package = slug.replace("-", "_")
    words = slug.split("-")
    return [
        (EXAMPLE_MODULE, f"{parent}.{package}"),
        ("tests/example_game/", f"{parent}/{package}/"),
        ("example_game", package),
        ("example-game", slug),
        ("ExampleGame", "".join(w.capitalize() for w in words)),
        ("Example Game", " ".join(w.capitalize() for w in words)),
    ]


def renamed(text: str, replacements: list[tuple[str, str]]) -> str:
    for old, new in replacements:
        text = text.replace(old, new)
    return text


def catalogue_add(catalogue: Path, replacements: list[tuple[str, str]]) -> int:
    """Adds the example's French entries, renamed, that `catalogue` lacks;
    returns how many it added. The game's name keeps its English in French
    until someone translates it."""
    site = polib.pofile(str(catalogue))
    present = {(e.msgctxt, e.msgid) for e in site}
    added = 0
    for po in sorted(EXAMPLE.glob("locale/fr/LC_MESSAGES/*.po")):
        for entry in polib.pofile(str(po)):
            msgid = renamed(entry.msgid, replacements)
            if (entry.msgctxt, msgid) in present:
                continue
            if msgid != entry.msgid and msgid == renamed("Example Game", replacements):
                entry.msgstr = msgid  # the game's name, to translate
            entry.msgid = msgid
            entry.occurrences = []
            site.append(entry)
            present.add((entry.msgctxt, msgid))
            added += 1
    site.save()
    return added


class Command(BaseCommand):
    help = "Makes games/<package>/ for a new game, from the tests' example game."
    requires_system_checks = []  # makes files only

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the new game's slug, e.g. tic-tac-toe")
        parser.add_argument(
            "--into",
            default=str(Path(settings.BASE_DIR) / "games"),
            help="the folder of the games' packages, a package of that name "
            "on the import path (default: games/)",
        )
        parser.add_argument(
            "--catalogue",
            default=str(CATALOGUE),
            help="the French catalogue the example's French is added to",
        )

    def handle(self, *args, slug, into, catalogue, **options):
        if not SLUG.fullmatch(slug):
            raise CommandError(
                f"{slug!r} is not a slug: lower-case letters and digits, "
                "words joined by hyphens (tic-tac-toe)."
            )
        into = Path(into)
        package = slug.replace("-", "_")
        target = into / package
        if target.exists():
            raise CommandError(f"{target} exists already.")
        replacements = names(slug, into.name)
        for source in sorted(EXAMPLE.rglob("*")):
            relative = source.relative_to(EXAMPLE)
            if SKIPPED & set(relative.parts) or source.is_dir():
                continue
            destination = target / renamed(str(relative), replacements)
            destination.parent.mkdir(parents=True, exist_ok=True)
            if source.suffix in {".py", ".md", ".html", ".jinja", ".txt", ".json"}:
                text = renamed(source.read_text(encoding="utf-8"), replacements)
                destination.write_text(text, encoding="utf-8")
            else:
                shutil.copyfile(source, destination)
        added = catalogue_add(Path(catalogue), replacements)
        self.stdout.write(
            f"Made {target} ({slug}); {added} French entries added to {catalogue}.\n"
            "Next: docs/adding-a-game.md (write the rules, the French, the "
            "README's table row)."
        )
