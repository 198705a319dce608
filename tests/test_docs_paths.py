"""Every path and dotted name the docs quote exists.

A quote is a span in backticks in README.md, docs/*.md, a game's engine
README or a module, class or function docstring of the project. A path (it has a `/` or ends in a known
extension) must name a file or folder: from the top of the tree, from the
quoting file's folder (and, for a docstring, the folders above it), or as the
end of a path in the tree (`games/board.jinja` is found under a game's or the
site's `templates/`); `<slug>`-style placeholders match any one name. A dotted
name whose first part is one of the project's packages (`games.push.Hub`), a
module of the project (`push.Hub`, `services.move_submit`) or, in a
docstring, a name of its own module must resolve: each module part to a
module, each other part to a name the module or class defines at its top
level (read from the source, nothing imported). A url name of one of the
apps (`games:poll`) must be in its urls.py. Anything else in backticks
(settings, URLs, code, library names) is not checked here.

A quote that names what does not exist yet, on purpose, goes in `ALLOWED`
with its reason.
"""

from __future__ import annotations

import ast
import fnmatch
import os
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SKIP_DIRS = {".venv", ".git", "var", "node_modules", "__pycache__", ".hypothesis"}
PACKAGES = (
    "accounts",
    "bench",
    "campaigns",
    "config",
    "games",
    "history",
    "ops",
    "scripts",
    "tests",
)
EXTENSIONS = {
    "py",
    "md",
    "html",
    "jinja",
    "css",
    "js",
    "toml",
    "yaml",
    "yml",
    "po",
    "json",
    "svg",
    "txt",
    "cfg",
}

# Quotes that name what is not in the tree, each with its reason.
ALLOWED: dict[str, str] = {
    "backstage/": "ADMIN_PATH's default, a URL path (README.md)",
    "dist/sse.js": "the htmx-ext-sse npm package's file (docs/architecture.md)",
    "text/event-stream": "a media type",
    "package.json": "a file of the public Lost Cities bot's repository",
    "public/ai-worker.js": "the public Lost Cities bot's script, kept outside",
    "ops.request": "a logger's name (docs/deploy.md)",
    "data/rulebooks/citadels-rulebook.md": "a file of borisyankov/rulespal",
    "citadels/src/districts.rs": "a file of CharlesTaylor7/citadels",
    "view.revealed.orientations": "keys of My City's view",
    "view.decision.t": "keys of Rival Cities' view",
    "view.events": "a key of Rival Cities' view",
}
# The project guide's folder beside the tree (the rules texts, DATA.md).
GUIDE = "shared/"
# What `make run` writes (git ignores it): quoted, never in the tree.
WRITTEN_AT_RUN = "var/"

QUOTE = re.compile(r"`+([^`\n]+?)`+")
PATH = re.compile(r"[\w.<>*-]+(/[\w.<>*-]+)*/?")
DOTTED = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)+")


@cache
def tree() -> tuple[str, ...]:
    """Every file and folder of the project, as paths from the top (folders
    with a trailing `/`)."""
    found = []
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
        rel = Path(folder).relative_to(ROOT).as_posix()
        prefix = "" if rel == "." else rel + "/"
        found += [prefix + d + "/" for d in dirs] + [prefix + f for f in files]
    return tuple(found)


@cache
def modules() -> dict[str, Path]:
    """Dotted name -> source file, for every module of the project."""
    found = {}
    for rel in tree():
        if not rel.endswith(".py") or rel.split("/")[0] not in PACKAGES:
            continue
        parts = rel[: -len(".py")].split("/")
        if not all(p.isidentifier() for p in parts):
            continue
        name = ".".join(parts).removesuffix(".__init__")
        found[name] = ROOT / rel
    return found


@cache
def by_last_part() -> dict[str, tuple[str, ...]]:
    """A module's last name -> every module so named (`push` -> `games.push`)."""
    found: dict[str, list[str]] = {}
    for name in modules():
        found.setdefault(name.rpartition(".")[2], []).append(name)
    return {k: tuple(v) for k, v in found.items()}


@cache
def parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def _bound(body: list[ast.stmt]) -> dict[str, ast.AST]:
    """The names a module or class body binds at its own level (inside `if`,
    `try` and `with` too, not inside functions), with what binds them."""
    names: dict[str, ast.AST] = {}
    for stmt in body:
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names[stmt.name] = stmt
        elif isinstance(stmt, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            for target in targets:
                for node in ast.walk(target):
                    if isinstance(node, ast.Name):
                        names[node.id] = stmt
        elif isinstance(stmt, ast.Import | ast.ImportFrom):
            for alias in stmt.names:
                names[(alias.asname or alias.name).split(".")[0]] = stmt
        elif isinstance(stmt, ast.If | ast.Try | ast.With):
            for block in ("body", "orelse", "finalbody", "handlers"):
                for child in getattr(stmt, block, []):
                    inner = (
                        child.body if isinstance(child, ast.ExceptHandler) else [child]
                    )
                    names.update(_bound(inner))
    return names


def _imported_module(stmt: ast.ImportFrom, module: str) -> str:
    """The absolute name of the module a `from ... import` reads from."""
    if not stmt.level:
        return stmt.module or ""
    is_package = modules()[module].name == "__init__.py"
    base = module.split(".")
    base = base[: len(base) - stmt.level + (1 if is_package else 0)]
    return ".".join(base + ([stmt.module] if stmt.module else []))


def resolves(dotted: str, depth: int = 0) -> bool:
    """Whether an absolute dotted name names a project module or a name one
    defines (read from the source)."""
    parts = dotted.split(".")
    # The longest module prefix.
    for cut in range(len(parts), 0, -1):
        module = ".".join(parts[:cut])
        if module in modules():
            break
    else:
        return False
    rest = parts[cut:]
    body: list[ast.stmt] = parsed(modules()[module]).body
    while rest:
        names = _bound(body)
        node = names.get(rest[0])
        if node is None:
            return False
        if isinstance(node, ast.ClassDef):
            body, rest = node.body, rest[1:]
            continue
        if isinstance(node, ast.ImportFrom) and len(rest) > 1 and depth < 5:
            source = _imported_module(node, module)
            if source.split(".")[0] not in PACKAGES:
                return True  # a library's name: not this test's business
            for alias in node.names:
                if (alias.asname or alias.name) == rest[0]:
                    return resolves(f"{source}.{alias.name}." + ".".join(rest[1:]))
        # A function, a value or an import: what it holds is not read here.
        return True
    return True


def path_exists(quote: str, folders: list[Path]) -> bool:
    """Whether a quoted path names a file or folder of the tree."""
    pattern = re.sub(r"<[^>]*>", "*", quote)
    wanted_dir = pattern.endswith("/")
    pattern = pattern.rstrip("/")
    bases = [f.relative_to(ROOT).as_posix() for f in folders if f != ROOT]
    candidates = [f"{b}/{pattern}" for b in bases] + [pattern, f"*/{pattern}"]
    match = re.compile("|".join(fnmatch.translate(c) for c in candidates)).match
    return any(
        match(rel.rstrip("/")) for rel in tree() if rel.endswith("/") or not wanted_dir
    )


def is_path(quote: str) -> bool:
    if not PATH.fullmatch(quote) or quote.startswith(("/", ".", "-")):
        return False
    last = quote.rstrip("/").rpartition("/")[2]
    return "/" in quote or last.rpartition(".")[2] in EXTENSIONS and "." in last


def dotted_problem(quote: str, module: str | None) -> str | None:
    """Why a quoted dotted name does not resolve, or None (also when it is
    not the project's to check)."""
    name = quote.removesuffix("()")
    if not DOTTED.fullmatch(name):
        return None
    first = name.split(".")[0]
    if first in PACKAGES:
        # Also an app's model as Django names it (`games.Game`).
        app, _, model = name.partition(".")
        if resolves(name) or resolves(f"{app}.models.{model}"):
            return None
        return "no such module or name"
    tries = [f"{m}.{name.partition('.')[2]}" for m in by_last_part().get(first, ())]
    if module is not None and first in _bound(parsed(modules()[module]).body):
        tries.append(f"{module}.{name}")
    if not tries:
        if first.startswith(flat_prefixes()):
            return "a game's module named with the game's prefix: no such module"
        return None
    return None if any(resolves(t) for t in tries) else "no such module or name"


@cache
def flat_prefixes() -> tuple[str, ...]:
    """How a module named for its game would start (`citadels_fast`,
    `rival_view`, `lc_mutable`): each game's package name and its first word,
    and the two-letter prefixes. No module of the tree is named so."""
    prefixes = {"lc_", "mc_", "rc_", "cit_"}
    for rel in tree():
        parts = rel.split("/")
        if len(parts) == 3 and parts[0] == "games" and parts[2] == "spec.py":
            prefixes |= {parts[1] + "_", parts[1].split("_")[0] + "_"}
    return tuple(sorted(prefixes))


URL_NAME = re.compile(r"([a-z_]+):([\w-]+)")


@cache
def url_names() -> dict[str, frozenset[str]]:
    """An app's url namespace -> the names its urls.py gives (read from the
    source: `app_name` and every `name=` of a `path`)."""
    found = {}
    for module, path in modules().items():
        if not module.endswith(".urls"):
            continue
        body = parsed(path).body
        app = next(
            (
                stmt.value.value
                for stmt in body
                if isinstance(stmt, ast.Assign)
                and any(
                    isinstance(t, ast.Name) and t.id == "app_name" for t in stmt.targets
                )
                and isinstance(stmt.value, ast.Constant)
            ),
            None,
        )
        if app is None:
            continue
        found[app] = frozenset(
            kw.value.value
            for node in ast.walk(parsed(path))
            if isinstance(node, ast.Call)
            for kw in node.keywords
            if kw.arg == "name" and isinstance(kw.value, ast.Constant)
        )
    return found


def url_problem(quote: str) -> str | None:
    """Why a quoted url name (`games:poll`) is not one, or None (also when its
    namespace is not one of the project's apps)."""
    match = URL_NAME.fullmatch(quote)
    if not match or match[1] not in url_names():
        return None
    return None if match[2] in url_names()[match[1]] else "no such url name"


def docstrings(path: Path):
    """(line, text) of each module, class and function docstring of a file."""
    todo: list[ast.AST] = [parsed(path)]
    while todo:
        node = todo.pop()
        text = ast.get_docstring(node, clean=False)
        if text:
            yield (node.body[0].lineno, text)
        # Statements only: a docstring is never inside an expression.
        for stmt in _statements(node):
            if isinstance(stmt, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                todo.append(stmt)


def _statements(node: ast.AST):
    """The statements under a node's body, not inside its nested definitions."""
    stack = list(getattr(node, "body", []))
    while stack:
        stmt = stack.pop()
        yield stmt
        if isinstance(stmt, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for block in ("body", "orelse", "finalbody", "handlers", "cases"):
            stack.extend(getattr(stmt, block, []))


def engine_readmes() -> list[Path]:
    """Each game's engine README (`games/<game>/engine/README.md`)."""
    return sorted(ROOT.glob("games/*/engine/README.md"))


def sources():
    """(where, text, folders, module) for every doc and docstring checked."""
    for doc in [
        ROOT / "README.md",
        *sorted((ROOT / "docs").glob("*.md")),
        *engine_readmes(),
    ]:
        folders = [doc.parent, *doc.parent.parents]
        folders = [f for f in folders if f == ROOT or ROOT in f.parents]
        yield str(doc.relative_to(ROOT)), doc.read_text(encoding="utf-8"), folders, None
    for module, path in sorted(modules().items()):
        folders = [path.parent, *path.parent.parents]
        folders = [f for f in folders if f == ROOT or ROOT in f.parents]
        for line, text in docstrings(path):
            yield f"{path.relative_to(ROOT)}:{line}", text, folders, module


def problems() -> list[str]:
    found = []
    for where, text, folders, module in sources():
        for quote in QUOTE.findall(text):
            quote = quote.strip()
            if quote in ALLOWED or quote.startswith((WRITTEN_AT_RUN, GUIDE)):
                continue
            if is_path(quote):
                if not path_exists(quote, folders):
                    found.append(f"{where}: `{quote}`: no such file or folder")
                continue
            why = url_problem(quote) or dotted_problem(quote, module)
            if why:
                found.append(f"{where}: `{quote}`: {why}")
    return found


def test_quoted_paths_and_names_exist():
    """Every path and dotted name quoted in the docs and docstrings exists."""
    found = problems()
    assert not found, "\n".join(found)


def test_allowed_quotes_are_still_missing():
    """A quote stays in ALLOWED only while what it names does not exist."""
    stale = [
        q
        for q in ALLOWED
        if (is_path(q) and path_exists(q, [ROOT]))
        or (not is_path(q) and DOTTED.fullmatch(q) and resolves(q))
    ]
    assert not stale, stale


def test_url_names_are_checked():
    """A quoted url name of one of the apps must be one; another namespace
    (an htmx event, `sse:version`) is not checked."""
    assert url_problem("games:poll") is None
    assert url_problem("games:no_such_page")
    assert url_problem("sse:version") is None


@pytest.mark.parametrize(
    "quote",
    [
        "games/streams.py",
        "games.streams",
        "games.push.NoSuchHub",
        "push.no_such_name",
        "citadels_fast.fast_view",
        "games.NoSuchModel",
        "templates/games/no_such.html",
        "games/<slug>/no_such.py",
    ],
)
def test_missing_names_are_found(quote):
    """The check refuses a path or a dotted name that is not in the tree."""
    if is_path(quote):
        assert not path_exists(quote, [ROOT])
    else:
        assert dotted_problem(quote, None)


@pytest.mark.parametrize(
    "quote",
    [
        "games/registry.py",
        "games/board.jinja",
        "games/<game>/spec.py",
        "templates/games/rules/<slug>.html",
        "games.push.Hub",
        "push.Hub",
        "games.services.core.move_apply",
        "games.events.RECEIVERS",
        "games.Game",
        "history.ImportedRecord",
    ],
)
def test_present_names_are_found(quote):
    """The check accepts what the tree has, however the docs quote it."""
    if is_path(quote):
        assert path_exists(quote, [ROOT])
    else:
        assert dotted_problem(quote, None) is None


if __name__ == "__main__":
    print("\n".join(problems()))
