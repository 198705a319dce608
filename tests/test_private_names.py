"""No private name of Django, of another library or of another module is read or
written: the project's Python files are read with `ast` for

- an attribute whose name starts with one underscore (`qs._result_cache`,
  `obj._state`, `module._helper`) on anything but `self`, `cls`, `super()` or a
  class of the same module;
- `getattr`, `setattr`, `hasattr` or `delattr` with such a name;
- `from module import _name` (the module's own private names stay inside it);
- a method of a class that overrides a private method of a library class it
  derives from (`_get_connection_pool`), or one of the few public-looking ones
  that are a library's machinery, not a hook (`INTERNAL_METHODS`: Jinja2's
  `make_globals`).

Allowed, each for a reason (`ALLOWED`): Django's `_meta` (the documented Model
`_meta` API, docs/ref/models/meta) and `_` (gettext under its conventional name).
"""

from __future__ import annotations

import ast
import functools
import importlib
import inspect
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIPPED = {".venv", "var", "node_modules", "build", "dist", "staticfiles"}

ALLOWED = {
    "_meta": "Django's Model._meta: the documented Options API",
    "_": "gettext, under the name every Django project gives it",
}
ATTRIBUTE_CALLS = {"getattr", "setattr", "hasattr", "delattr"}
# Library methods without an underscore that are the library's own machinery,
# not a hook it offers: overriding one is using a private name.
INTERNAL_METHODS = {
    "make_globals": "Jinja2's Environment: its templates rely on the ChainMap",
}


def is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__") and name not in ALLOWED


def python_files(root: Path = ROOT) -> list[Path]:
    found = []
    for folder, folders, files in os.walk(root):
        folders[:] = [
            f
            for f in folders
            if f not in SKIPPED
            and not f.startswith(".")
            and not f.endswith(".egg-info")
        ]
        found += [Path(folder, name) for name in files if name.endswith(".py")]
    return sorted(found)


@functools.cache
def project_packages(root: Path = ROOT) -> set[str]:
    """The top-level modules and packages of the project's own code."""
    return {module_name(path, root).split(".")[0] for path in python_files(root)}


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def uses_of_private_names(source: str, filename: str = "<source>") -> list[str]:
    """Each use of another object's private name in this source, as
    "line: code"; empty when there is none."""
    tree = ast.parse(source, filename)
    own_classes = {n.name for n in ast.walk(tree) if isinstance(n, ast.ClassDef)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and is_private(node.attr):
            owner = node.value
            if isinstance(owner, ast.Name) and (
                owner.id in ("self", "cls") or owner.id in own_classes
            ):
                continue
            if (
                isinstance(owner, ast.Call)
                and isinstance(owner.func, ast.Name)
                and owner.func.id == "super"
            ):
                continue
            found.append(f"{node.lineno}: {ast.unparse(node)}")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ATTRIBUTE_CALLS
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and isinstance(node.args[1].value, str)
            and is_private(node.args[1].value)
        ):
            owner = node.args[0]
            if not (isinstance(owner, ast.Name) and owner.id in ("self", "cls")):
                found.append(f"{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if is_private(alias.name):
                    found.append(f"{node.lineno}: import of {alias.name}")
    return sorted(found, key=lambda use: int(use.split(":")[0]))


def library_private_overrides(path: Path, root: Path = ROOT) -> list[str]:
    """Methods of this module's classes that override a private method of a
    class outside the project (the module is imported to see its bases)."""
    tree = ast.parse(path.read_text(), str(path))
    candidates = [
        (cls.name, item.name, item.lineno)
        for cls in tree.body
        if isinstance(cls, ast.ClassDef) and cls.bases
        for item in cls.body
        if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
        and (is_private(item.name) or item.name in INTERNAL_METHODS)
    ]
    if not candidates:
        return []
    module = importlib.import_module(module_name(path, root))
    ours = project_packages(root)
    found = []
    for class_name, method, lineno in candidates:
        cls = getattr(module, class_name, None)
        if not inspect.isclass(cls):
            continue
        for base in cls.__mro__[1:]:
            if base.__module__.split(".")[0] in ours:
                continue
            if method in vars(base):
                found.append(
                    f"{lineno}: {class_name}.{method} overrides "
                    f"{base.__module__}.{base.__qualname__}.{method}"
                )
                break
    return found


def test_the_checker_finds_each_kind_of_use():
    source = (
        "from django.db.models.query import _Private\n"
        "qs._result_cache = []\n"
        "game._prefetched_objects_cache = {}\n"
        "obj._state.adding = False\n"
        "getattr(qs, '_prefetch_done')\n"
        "self._mine = Model._meta\n"
        "class Own:\n"
        "    _x = 1\n"
        "    def f(self):\n"
        "        return Own._x, super()._y(), _('text')\n"
    )
    found = uses_of_private_names(source)
    assert [line.split(":")[0] for line in found] == ["1", "2", "3", "4", "5"], found


def test_the_checker_finds_an_override_of_a_library_private(tmp_path):
    (tmp_path / "pool_probe.py").write_text(
        "from django.core.cache.backends.redis import RedisCacheClient\n"
        "class Client(RedisCacheClient):\n"
        "    def _get_connection_pool(self, write):\n"
        "        return None\n"
        "    def _own_helper(self):\n"
        "        return None\n"
        "from jinja2 import Environment\n"
        "class Board(Environment):\n"
        "    def make_globals(self, d):\n"
        "        return dict(d or {})\n"
    )
    import sys

    sys.path.insert(0, str(tmp_path))
    try:
        found = library_private_overrides(tmp_path / "pool_probe.py", tmp_path)
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("pool_probe", None)
    assert len(found) == 2, found
    assert "_get_connection_pool" in found[0] and "make_globals" in found[1]


def test_no_private_name_of_another_object_is_used():
    found = []
    for path in python_files():
        uses = uses_of_private_names(path.read_text(), str(path))
        found += [f"{path.relative_to(ROOT)}:{use}" for use in uses]
    assert not found, "\n".join(found)


def test_no_class_overrides_a_private_method_of_a_library():
    found = []
    for path in python_files():
        parts = path.relative_to(ROOT).parts
        if parts[0] in ("tests", "bench", "scripts") or "migrations" in parts:
            continue  # imported only by their runners
        found += [
            f"{path.relative_to(ROOT)}:{f}" for f in library_private_overrides(path)
        ]
    assert not found, "\n".join(found)
