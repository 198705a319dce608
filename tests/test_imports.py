"""The import graph of the project's own modules: no cycle, no private name
borrowed from another module, and layers that point one way.

Every import counts, at module level or inside a function (a function-level
import is still a dependency, only a later one), except those under
`if TYPE_CHECKING:`. Tests and migrations are left out; the site, the engines,
bench/ and scripts/ are in. The layers (`layer_breaches`, read from the same
ast scan):

- an engine (`games.engines` and each game's `engine/` package) imports only
  engine modules and the standard library: no Django, no services, nothing of
  the site;
- a service module (`games.services`, each app's `services`) imports no view,
  no task module and no receiver;
- a task module (`<app>.tasks`) is imported only by receivers and other task
  modules: the services announce a change (`games.events`) and the receivers
  queue the tasks, which call the services;
- the listeners (`games.notifications`, `games.push`, `games.publish`, `campaigns`, `history`,
  `ops`) are never imported by the platform's core (`games.services`,
  `games.models`, `games.selectors`, `games.rows`, `games.events`): they hear
  of a change through `games.events` and act through public functions;
- the notifications send messages only: they import no service that writes a
  game (of `games.services`, only `vacations`, whose `not_away` their sweeps
  filter by).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SKIP = {"tests", "migrations", "locale", "var", "node_modules", "static"}


def project_modules(root: Path = ROOT) -> dict[str, Path]:
    """Dotted name -> file, for every module of the project."""
    found = {}
    for path in root.rglob("*.py"):
        parts = path.relative_to(root).parts
        if any(p in SKIP or p.startswith(".") for p in parts):
            continue
        # Not a module: makemessages's passing copies of templates ("404.html.py"),
        # which a parallel test may be writing and removing meanwhile.
        if not all(p.isidentifier() for p in (*parts[:-1], path.stem)):
            continue
        name = ".".join(parts)[: -len(".py")]
        found[name.removesuffix(".__init__")] = path
    return found


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _private(name: str) -> bool:
    # `_` alone is the translation function by convention (engines' base._).
    return name.startswith("_") and name != "_" and not name.startswith("__")


class Imports(ast.NodeVisitor):
    """The project modules one module imports, and the private names it takes
    from them (`from m import _x`, or `m._x` on an imported module `m`)."""

    def __init__(self, name: str, is_package: bool, modules: dict):
        self.name, self.modules = name, modules
        self.package = name if is_package else name.rpartition(".")[0]
        self.edges: set[str] = set()
        self.private: list[str] = []
        self.external: set[str] = set()  # top-level names of other packages
        self.bound: dict[str, str] = {}  # local name -> imported project module

    def resolve(self, dotted: str) -> str | None:
        while dotted:
            if dotted in self.modules:
                return dotted
            dotted = dotted.rpartition(".")[0]
        return None

    def visit_If(self, node):
        if _type_checking(node.test):
            for child in node.orelse:
                self.visit(child)
            return
        self.generic_visit(node)

    def visit_Import(self, node):
        for alias in node.names:
            target = self.resolve(alias.name)
            if target is None:
                self.external.add(alias.name.partition(".")[0])
            if target and target != self.name:
                self.edges.add(target)
                if alias.asname and target == alias.name:
                    self.bound[alias.asname] = target

    def visit_ImportFrom(self, node):
        if node.level:
            base = self.package
            for _level in range(node.level - 1):
                base = base.rpartition(".")[0]
            source = f"{base}.{node.module}" if node.module else base
        else:
            source = node.module or ""
            if self.resolve(source) is None and source:
                self.external.add(source.partition(".")[0])
        for alias in node.names:
            submodule = f"{source}.{alias.name}"
            if alias.name != "*" and submodule in self.modules:
                target = submodule
                self.bound[alias.asname or alias.name] = submodule
            else:
                target = self.resolve(source)
                if target and _private(alias.name) and target != self.name:
                    self.private.append(f"{self.name} imports {target}.{alias.name}")
            if target and target != self.name:
                self.edges.add(target)

    def visit_Attribute(self, node):
        if (
            isinstance(node.value, ast.Name)
            and node.value.id in self.bound
            and _private(node.attr)
        ):
            self.private.append(
                f"{self.name} uses {self.bound[node.value.id]}.{node.attr}"
            )
        self.generic_visit(node)


def scan(root: Path = ROOT) -> dict[str, Imports]:
    """Each project module's imports, read from its ast."""
    modules = project_modules(root)
    found = {}
    for name, path in modules.items():
        visitor = Imports(name, path.name == "__init__.py", modules)
        visitor.visit(ast.parse(path.read_text(encoding="utf-8")))
        found[name] = visitor
    return found


def import_graph(root: Path = ROOT) -> tuple[dict[str, set[str]], list[str]]:
    scanned = scan(root)
    graph = {name: v.edges for name, v in scanned.items()}
    private = [line for v in scanned.values() for line in v.private]
    return graph, private


def _under(name: str, *packages: str) -> bool:
    return any(name == p or name.startswith(p + ".") for p in packages)


def is_engine(name: str) -> bool:
    parts = name.split(".")
    return _under(name, "games.engines") or (
        len(parts) >= 3 and parts[0] == "games" and parts[2] == "engine"
    )


def is_service(name: str) -> bool:
    return _under(name, "games.services") or name.split(".")[-1] == "services"


def is_tasks(name: str) -> bool:
    return name.split(".")[-1] == "tasks"


def is_receivers(name: str) -> bool:
    return name.split(".")[-1] == "receivers"


def is_view(name: str) -> bool:
    return name.split(".")[-1] == "views"


LISTENERS = (
    "games.notifications",
    "games.push",
    "games.publish",
    "campaigns",
    "history",
    "ops",
)
CORE = (
    "games.services",
    "games.models",
    "games.selectors",
    "games.rows",
    "games.events",
)
STANDARD = frozenset(__import__("sys").stdlib_module_names) | {"__future__"}


def layer_breaches(scanned: dict[str, Imports]) -> list[str]:
    """Every import that breaks a rule of the module docstring, in words."""
    found = []
    for name, v in sorted(scanned.items()):
        for target in sorted(v.edges):
            if is_engine(name) and not is_engine(target):
                found.append(f"engine {name} imports {target}")
            if is_service(name) and (
                is_view(target) or is_tasks(target) or is_receivers(target)
            ):
                found.append(f"service {name} imports {target}")
            if is_tasks(target) and not (is_tasks(name) or is_receivers(name)):
                found.append(f"{name} imports task module {target}")
            if _under(name, *CORE) and _under(target, *LISTENERS):
                found.append(f"core {name} imports listener {target}")
            if (
                _under(name, "games.notifications")
                and _under(target, "games.services")
                and target != "games.services.vacations"
            ):
                found.append(f"notifications {name} imports {target}")
        if is_engine(name):
            for package in sorted(v.external - STANDARD):
                found.append(f"engine {name} imports {package}")
    return found


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's
    algorithm, iterative), each sorted."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    counter = 0
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def test_the_checker_finds_a_cycle_through_a_function_level_import(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from . import b\n")
    (package / "b.py").write_text("def f():\n    from .c import g\n")
    (package / "c.py").write_text("from pkg.a import x\n")
    (package / "d.py").write_text("from .a import _hidden\nfrom pkg import c\nc._g\n")
    graph, private = import_graph(tmp_path)
    assert cycles(graph) == [["pkg.a", "pkg.b", "pkg.c"]]
    assert private == [
        "pkg.d imports pkg.a._hidden",
        "pkg.d uses pkg.c._g",
    ]


def test_no_import_cycle_anywhere_engines_included():
    graph, _private_names = import_graph()
    assert "games.citadels.engine.engine" in graph  # the engines are looked at
    assert cycles(graph) == []


def test_no_private_name_is_imported_across_modules():
    _graph, private = import_graph()
    assert private == []


def test_engines_import_nothing_of_the_site():
    graph, _private_names = import_graph()
    outside = {
        (name, target)
        for name, targets in graph.items()
        if name.startswith("games.engines")
        for target in targets
        if not target.startswith("games.engines")
    }
    assert outside == set()


def test_the_checker_finds_each_kind_of_layer_breach(tmp_path):
    games = tmp_path / "games"
    for folder in ("", "engines", "services", "notifications", "dice", "dice/engine"):
        (games / folder).mkdir(exist_ok=True)
        (games / folder / "__init__.py").write_text("")
    (games / "views.py").write_text("")
    (games / "receivers.py").write_text("from games import tasks\n")
    (games / "tasks.py").write_text("from games.services import moves\n")
    (games / "engines" / "base.py").write_text("import random\n")
    (games / "dice" / "engine" / "rules.py").write_text(
        "from django.conf import settings\nfrom games.engines import base\n"
        "def f():\n    from games.services import moves\n"
    )
    (games / "notifications" / "outbox.py").write_text(
        "from games.services import moves\n"
    )
    (games / "services" / "moves.py").write_text(
        "from games import views\nfrom games.notifications import outbox\n"
        "def later():\n    from games.tasks import x\n"
    )
    assert layer_breaches(scan(tmp_path)) == [
        "engine games.dice.engine.rules imports games.services.moves",
        "engine games.dice.engine.rules imports django",
        "notifications games.notifications.outbox imports games.services.moves",
        "core games.services.moves imports listener games.notifications.outbox",
        "service games.services.moves imports games.tasks",
        "games.services.moves imports task module games.tasks",
        "service games.services.moves imports games.views",
    ]


def test_every_layer_points_one_way():
    """The rules of the module docstring hold over the whole tree."""
    scanned = scan()
    assert "games.services.timeouts" in scanned and "games.tasks" in scanned
    assert layer_breaches(scanned) == []
