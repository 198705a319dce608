"""The dead-code pass of `make lint`: names of the project nothing uses.

vulture reads the Python source; what else uses a name it cannot see, so a
name counts as used here too when:

- a template says it (every word of every `.html`, `.jinja` and `.txt`
  template: tags, filters, globals, methods and fields a page reads);
- it is one of the framework's declarations, found by Django by their place:
  class-level fields and options in `models.py`, `forms.py`, `admin.py` and
  `apps.py`, every name of a settings module;
- `scripts/dead_code_names.txt` lists it (the framework's other entry points:
  middleware, adapters, checks, management commands' hooks..., each with its
  reason).

Prints each name left, `path:line: unused <kind> 'name'`; exits 1 if any.
Run from the top of the tree: `python scripts/dead_code.py`.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from vulture import Vulture

ROOT = Path(__file__).resolve().parents[1]
PATHS = [
    "accounts",
    "bench",
    "campaigns",
    "config",
    "games",
    "history",
    "ops",
    "scripts",
]
EXCLUDE = ["*/migrations/*", "config/settings.py", "bench/baseline_settings.py"]
NAMES_FILE = ROOT / "scripts" / "dead_code_names.txt"
# Where Django reads class-level names as declarations (fields, Meta, options).
DECLARATIONS = {"models.py", "forms.py", "admin.py", "apps.py"}
TEMPLATE_SUFFIXES = {".html", ".jinja", ".txt"}
SKIP_DIRS = {".venv", ".git", "var", "node_modules"}
MIN_CONFIDENCE = 60


def listed_names(path: Path = NAMES_FILE) -> list[str]:
    """The names (or glob patterns) of the list, without its comments."""
    names = []
    for line in path.read_text(encoding="utf-8").splitlines():
        name = line.split("#", 1)[0].strip()
        if name:
            names.append(name)
    return names


def template_words(root: Path = ROOT) -> set[str]:
    """Every identifier-like word of the project's templates."""
    words: set[str] = set()
    for path in root.rglob("*"):
        if path.suffix not in TEMPLATE_SUFFIXES or "templates" not in path.parts:
            continue
        if any(part in SKIP_DIRS for part in path.relative_to(root).parts):
            continue
        words.update(re.findall(r"[A-Za-z_]\w*", path.read_text(encoding="utf-8")))
    return words


def settings_words(root: Path = ROOT) -> set[str]:
    """Every identifier-like word of the settings modules, which the scan
    leaves out (every name there is read by Django): what they call is used."""
    words: set[str] = set()
    for rel in EXCLUDE:
        if "*" not in rel and (root / rel).exists():
            text = (root / rel).read_text(encoding="utf-8")
            words.update(re.findall(r"[A-Za-z_]\w*", text))
    return words


def unused(root: Path = ROOT) -> list[str]:
    """The report line of each name nothing uses."""
    scan = Vulture(ignore_names=listed_names())
    # The tests are read too: a name they use is used (they are not reported).
    folders = [root / p for p in [*PATHS, "tests"] if (root / p).exists()]
    scan.scavenge([str(f) for f in folders], exclude=EXCLUDE)
    words = template_words(root) | settings_words(root)
    found = []
    for item in scan.get_unused_code(min_confidence=MIN_CONFIDENCE):
        path = Path(item.filename)
        if item.name in words:
            continue
        if item.typ in {"variable", "class"} and path.name in DECLARATIONS:
            continue
        if "formats" in path.parts:  # Django's format modules: read by name
            continue
        rel = path.resolve().relative_to(root)
        if rel.parts[0] not in PATHS:
            continue
        found.append(f"{rel}:{item.first_lineno}: {item.message}")
    return found


def main() -> int:
    found = unused()
    print("\n".join(found) or "dead code: none")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
