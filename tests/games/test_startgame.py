"""`manage.py startgame <slug>` (games/management/commands/startgame.py) makes a
new game's package from the tests' example game: the package it makes passes
the system check and the per-game tests as it is, installed beside the site's
games (in a folder of the test's own, never in games/)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.core.management import CommandError, call_command

ROOT = Path(settings.BASE_DIR)
SLUG = "noughts"  # one word: `pytest -k noughts` picks its tests alone
CATALOGUE = ROOT / "locale/fr/LC_MESSAGES/django.po"
EXAMPLE_FRENCH = ROOT / "tests/example_game/locale/fr/LC_MESSAGES/django.po"


@pytest.fixture
def made(tmp_path):
    """The package `startgame` makes in tmp_path/newgames/, and a copy of the
    site's French catalogue it adds to."""
    (tmp_path / "newgames").mkdir()
    catalogue = tmp_path / "django.po"
    catalogue.write_bytes(CATALOGUE.read_bytes())
    call_command(
        "startgame", SLUG, into=str(tmp_path / "newgames"), catalogue=str(catalogue)
    )
    return tmp_path, tmp_path / "newgames" / SLUG, catalogue


def test_the_package_is_the_example_renamed(made):
    _tmp, package, _catalogue = made
    for part in ("spec.py", "engine/rules.py", "bots/__init__.py", "layout.py"):
        assert (package / part).is_file(), part
    assert (package / f"templates/games/{SLUG}/board.jinja").is_file()
    assert (package / f"templates/games/rules/{SLUG}.html").is_file()
    assert not (package / "locale").exists()  # its French is the site's
    for path in package.rglob("*"):
        if path.is_file():
            text = path.read_text(encoding="utf-8")
            for old in ("example_game", "example-game", "ExampleGame", "Example Game"):
                assert old not in text, (path, old)
    spec = (package / "spec.py").read_text()
    assert f"from newgames.{SLUG}.engine import ENGINE" in spec
    assert 'gettext_noop("Noughts")' in spec
    assert 'slug = "noughts"' in (package / "engine/rules.py").read_text()


def test_the_catalogue_gets_the_examples_french_it_lacks(made):
    _tmp, _package, catalogue = made
    site = {(e.msgctxt, e.msgid): e for e in polib.pofile(str(catalogue))}
    before = {(e.msgctxt, e.msgid) for e in polib.pofile(str(CATALOGUE))}
    for entry in polib.pofile(str(EXAMPLE_FRENCH)):
        msgid = entry.msgid.replace("Example Game", "Noughts")
        assert site[(entry.msgctxt, msgid)].translated(), msgid
    assert (None, "Noughts") in set(site) - before
    assert len(site) - len(before) == len(polib.pofile(str(EXAMPLE_FRENCH)))


def test_a_slug_that_is_taken_or_malformed_is_refused(made, tmp_path):
    with pytest.raises(CommandError, match="exists already"):
        call_command("startgame", SLUG, into=str(tmp_path / "newgames"))
    with pytest.raises(CommandError, match="not a slug"):
        call_command("startgame", "Tic Tac", into=str(tmp_path / "newgames"))


def test_the_package_made_passes_the_check_and_the_per_game_tests(made):
    """Installed beside the site's games (and not the example game), with the
    site's French catalogue as `startgame` left it, the new game passes
    `manage.py check` and its own runs of the per-game tests."""
    tmp, package, catalogue = made
    compiled = tmp / "locale/fr/LC_MESSAGES"
    compiled.mkdir(parents=True)
    polib.pofile(str(catalogue)).save_as_mofile(str(compiled / "django.mo"))
    (tmp / "made_settings.py").write_text(
        "from config import settings as site\n"
        "from config.settings import *  # noqa: F403\n"
        "from tests.settings import game_app_settings\n\n"
        f"_made = game_app_settings('newgames.{SLUG}', {str(package)!r}, site)\n"
        "INSTALLED_APPS = _made['INSTALLED_APPS']\n"
        "GAME_APPS = _made['GAME_APPS']\n"
        "TEMPLATES = _made['TEMPLATES']\n"
        f"LOCALE_PATHS = [{str(tmp / 'locale')!r}]\n"
    )
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(tmp), str(ROOT)]),
        "DJANGO_SETTINGS_MODULE": "made_settings",
    }
    check = subprocess.run(
        [sys.executable, "manage.py", "check", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert check.returncode == 0, check.stdout + check.stderr
    tests = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "--ds",
            "made_settings",
            "-k",
            SLUG,
            "tests/games/test_every_game.py",
            "tests/games/test_rules_pages.py",
            "tests/games/test_option_words.py",
            "tests/games/test_table_forms.py",
            "tests/engines/test_contract.py",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert tests.returncode == 0, tests.stdout[-3000:] + tests.stderr[-3000:]
    passed = re.search(r"(\d+) passed", tests.stdout)
    assert passed and int(passed.group(1)) >= 16, tests.stdout[-3000:]
