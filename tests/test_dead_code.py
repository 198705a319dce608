"""The dead-code pass of `make lint` (scripts/dead_code.py)."""

import fnmatch
import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPEC = importlib.util.spec_from_file_location(
    "dead_code", ROOT / "scripts/dead_code.py"
)
dead_code = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(dead_code)


def _tree(tmp_path: Path) -> Path:
    """A small project: a function nothing calls, one a template calls, one a
    test calls, and a model's field."""
    games = tmp_path / "games"
    (games / "templates").mkdir(parents=True)
    (tmp_path / "tests").mkdir()
    (games / "words.py").write_text(
        "def forgotten():\n    return 1\n\n\n"
        "def in_a_template():\n    return 2\n\n\n"
        "def in_a_test():\n    return 3\n"
    )
    (games / "models.py").write_text("class Game:\n    version = 1\n")
    (games / "templates" / "board.jinja").write_text("{{ in_a_template() }}")
    (tmp_path / "tests" / "test_words.py").write_text(
        "from games.words import in_a_test\n\nin_a_test()\n"
    )
    return tmp_path


def test_a_name_nothing_uses_is_reported(tmp_path):
    """Only the function no code, template or test uses is left."""
    found = dead_code.unused(_tree(tmp_path))
    assert found == ["games/words.py:1: unused function 'forgotten'"]


def test_the_tree_has_no_dead_code():
    """Every name of the project is used (or listed as the frameworks')."""
    assert dead_code.unused() == []


def test_every_listed_name_is_in_the_tree():
    """The list of the frameworks' names names what the tree has."""
    source = "\n".join(
        p.read_text(encoding="utf-8")
        for folder in dead_code.PATHS
        for p in (ROOT / folder).rglob("*.py")
    )
    words = set(re.findall(r"[A-Za-z_]\w*", source))
    for name in dead_code.listed_names():
        assert fnmatch.filter(words, name), name
