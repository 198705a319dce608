"""Nothing outside a game's own package names the game.

The platform (every file of the tree but the games' packages, tests/, docs/,
locale/, the migrations and the README) is searched for what names one of the
games: its slug or package name in any case and spelling ("lost-cities",
"lost_cities", "LostCities", "Lost Cities"), the short prefixes its board's
classes and helpers carry ("lc-card", "mc_player_board"), and the names of its
engine's own modules ("chapter_rules", "darkcity"), those a platform would not
use for a concept of its own. A migration may name a game (the rows in
progress it keeps are that game's); the README's table lists them.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# The games' packages, each its own; what is in them may name the game.
GAME_PACKAGES = ("lost_cities", "citadels", "rival_cities", "my_city")

# Left out of the search: the games' own packages, the tests, the documents,
# the catalogues, the migrations, the README; and what is not the tree's own
# (the virtualenv, build and run output).
SKIP_TOP = {"tests", "docs", "locale", "var", "node_modules", "media"}
SKIP_ANY = {"migrations", "__pycache__"}
SKIP_SUFFIXES = (".egg-info",)
SKIP_FILES = {"README.md", "README", "README.rst"}

# A game by its name, in any case, with or without "-", "_" or a space.
NAMES = [
    r"lost[-_ ]?cities",
    r"citadels",
    r"rival[-_ ]?cities",
    r"my[-_ ]?city",
]
# The short prefixes of a game's board classes and helpers (lower case:
# `LC_MESSAGES` is gettext's, not Lost Cities').
PREFIXES = r"(?<![\w-])(?:lc|mc|rc)[-_][a-z]"

# Module names of the engines that are a platform's words too: not a game's.
GENERIC_MODULES = {
    "__init__",
    "actions",
    "board",
    "building",
    "buildings",
    "campaign",
    "cards",
    "chapters",
    "characters",
    "common",
    "determinize",
    "draft",
    "engine",
    "log",
    "moves",
    "options",
    "pieces",
    "placement",
    "powers",
    "prices",
    "queries",
    "reasons",
    "rules",
    "scoring",
    "selfplay",
    "texts",
    "turn",
    "turns",
    "view",
}


def engine_module_names() -> set[str]:
    """The names of the games' engine modules that only a game would use."""
    names = set()
    for package in GAME_PACKAGES:
        for path in (ROOT / "games" / package / "engine").glob("*.py"):
            names.add(path.stem)
    return names - GENERIC_MODULES


def game_pattern() -> re.Pattern:
    modules = "|".join(sorted(engine_module_names()))
    words = "|".join(NAMES)
    return re.compile(rf"(?i:{words})|{PREFIXES}|(?<![\w-])(?:{modules})(?![\w-])")


def platform_files(root: Path = ROOT) -> list[Path]:
    """Every file of the platform."""
    games = {root / "games" / package for package in GAME_PACKAGES}
    found = []
    for folder, dirs, files in os.walk(root):
        here = Path(folder)
        top = here == root
        dirs[:] = sorted(
            d
            for d in dirs
            if not d.startswith(".")
            and not (top and d in SKIP_TOP)
            and d not in SKIP_ANY
            and not d.endswith(SKIP_SUFFIXES)
            and here / d not in games
        )
        for name in sorted(files):
            if name in SKIP_FILES or name.startswith("."):
                continue
            # makemessages's passing copies of templates ("404.html.py").
            if re.search(r"\.(html|txt|jinja)\.py$", name):
                continue
            found.append(here / name)
    return found


def hits(root: Path = ROOT) -> list[str]:
    pattern = game_pattern()
    out = []
    for path in platform_files(root):
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue  # not text (an image, a font)
        for number, line in enumerate(text.splitlines(), start=1):
            match = pattern.search(line)
            if match:
                where = path.relative_to(root)
                out.append(f"{where}:{number}: {match.group(0)!r} in {line.strip()}")
    return out


def test_the_search_sees_the_platform_and_the_engines():
    files = {str(p.relative_to(ROOT)) for p in platform_files()}
    assert "games/registry.py" in files
    assert "campaigns/models.py" in files
    assert "static/css/site.css" in files
    assert not any(f.startswith(("tests/", "docs/", "games/citadels/")) for f in files)
    assert {"chapter_rules", "darkcity"} <= engine_module_names()


def test_the_pattern_finds_every_spelling_of_a_game():
    pattern = game_pattern()
    for text in (
        "lost-cities",
        "games.lost_cities.engine",
        "class LostCitiesForm",
        "RIVAL_CITIES",
        "My City",
        "templates/games/citadels/",
        'class="lc-card"',
        "mc_player_board",
        "from .chapter_rules import x",
    ):
        assert pattern.search(text), text
    for text in ("LC_MESSAGES", "the city", "a campaign's chapters", "rules.py"):
        assert not pattern.search(text), text


def test_nothing_outside_the_games_packages_names_a_game():
    found = hits()
    assert not found, f"{len(found)} lines name a game:\n" + "\n".join(found)
