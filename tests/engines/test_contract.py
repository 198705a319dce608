"""Every registered engine keeps the contract over short random playouts."""

import ast
import pathlib

import pytest

from games import engines
from games.engines.playout import run

ENGINES_DIR = pathlib.Path(engines.__file__).parent


@pytest.mark.parametrize("engine", engines.all(), ids=lambda e: e.slug)
def test_random_playouts_keep_the_contract(engine):
    """Random legal games end, replay identically and leak nothing."""
    for players in sorted({engine.min_players, engine.max_players}):
        report = run(engine.slug, games=3, players=players, seed=11)
        assert report.games == 3


def test_engines_import_nothing_from_django_or_celery():
    """games/engines is pure rules: no Django, database or Celery imports."""
    for path in ENGINES_DIR.rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in {"django", "celery"}, path
