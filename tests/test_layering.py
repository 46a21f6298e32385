"""DESIGN §1: the engine, the rules, the AI and the saves never import Textual (importing the
registry, which loads every game's package, must not load it either); no generic module names a
game; no module imports itself through others; benchmarks use the public API only."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from source_trees import ONE_PROCESS, parsed, walked

pytestmark = ONE_PROCESS
ROOT = Path(__file__).resolve().parent.parent
PURE = [
    ROOT / "caravan_tui" / "engine.py",
    ROOT / "caravan_tui" / "bus.py",
    ROOT / "caravan_tui" / "seats.py",
    ROOT / "caravan_tui" / "files.py",
    ROOT / "caravan_tui" / "seat_kinds.py",
    ROOT / "caravan_tui" / "hub_protocol.py",
    ROOT / "caravan_tui" / "lookalikes.py",
    *sorted((ROOT / "caravan_tui" / "match").glob("*.py")),
    *sorted((ROOT / "caravan_tui" / "ssh").glob("*.py")),
    *sorted((ROOT / "caravan_tui" / "games").glob("*/rules.py")),
    *sorted((ROOT / "caravan_tui" / "games").glob("*/ai.py")),
    *sorted((ROOT / "caravan_tui" / "ai").glob("*.py")),
    *sorted((ROOT / "caravan_tui" / "saves").glob("*.py")),
]


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in walked(parsed(path)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.thorough
def test_pure_modules_do_not_import_textual_in_their_source():
    offenders = [
        str(path.relative_to(ROOT))
        for path in PURE
        if any(name.split(".")[0] == "textual" for name in imported_modules(path))
    ]
    assert offenders == []


OPTIONAL = {"caravan_tui.ai.openspiel_bridge"}  # needs the `bench` extra; its source is still checked above


@pytest.mark.thorough
def test_importing_the_core_loads_no_textual():
    modules = ["caravan_tui.engine", "caravan_tui.games"] + [
        name
        for name in (".".join(path.relative_to(ROOT).with_suffix("").parts) for path in PURE)
        if name not in OPTIONAL
    ]
    code = (
        f"import importlib, sys\nfor m in {modules!r}: importlib.import_module(m)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'textual'))"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_the_check_would_catch_an_import(tmp_path):
    sample = tmp_path / "rules.py"
    sample.write_text("from textual.app import App\n")
    assert "textual.app" in imported_modules(sample)


# -- DESIGN §1: a game package owns everything about its game ------------------------------------

GAMES_DIR = ROOT / "caravan_tui" / "games"
REGISTRY = GAMES_DIR / "__init__.py"
GENERIC = [
    path for path in sorted((ROOT / "caravan_tui").rglob("*.py")) if GAMES_DIR not in path.parents and path != REGISTRY
]


def game_ids() -> list[str]:
    return sorted(path.name for path in GAMES_DIR.iterdir() if (path / "__init__.py").exists())


def naming_a_game(path: Path, ids: list[str]) -> list[str]:
    """The game ids ``path``'s source names (in code, strings or comments) and the game modules
    it imports."""
    source = path.read_text(encoding="utf-8")
    named = [game for game in ids if game in source]
    imported = [name for name in imported_modules(path) if name.startswith("caravan_tui.games.")]
    return named + imported


@pytest.mark.thorough
def test_no_generic_module_names_a_game():
    ids = game_ids()
    assert len(ids) >= 2 and GENERIC
    offenders = {str(path.relative_to(ROOT)): found for path in GENERIC if (found := naming_a_game(path, ids))}
    assert offenders == {}


def test_games_do_not_reach_into_each_other():
    ids = game_ids()
    offenders = {}
    for game in ids:
        for path in sorted((GAMES_DIR / game).rglob("*.py")):
            others = [other for other in ids if other != game and other in path.read_text(encoding="utf-8")]
            if others:
                offenders[str(path.relative_to(ROOT))] = others
    assert offenders == {}


def test_the_game_check_would_catch_a_named_game(tmp_path):
    sample = tmp_path / "bench.py"
    sample.write_text('OPTIONS = {"some_game": {"hands": 1}}\nfrom caravan_tui.games.some_game import rules\n')
    assert naming_a_game(sample, ["some_game"]) == ["some_game", "caravan_tui.games.some_game"]


# -- no import circles: a module's imports (at the top or inside functions) never lead back to it -

PACKAGES = ("caravan_tui",)


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def internal_imports(path: Path, modules: set[str], root: Path = ROOT) -> set[str]:
    """The modules of ``modules`` that ``path`` imports anywhere in its source, except under ``if
    TYPE_CHECKING:`` (annotations only)."""
    name = module_name(path, root)
    tree = parsed(path)
    typing_only = {
        id(node)
        for block in walked(tree)
        if isinstance(block, ast.If) and "TYPE_CHECKING" in ast.unparse(block.test)
        for node in ast.walk(block)
    }
    found = set()
    for node in walked(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
                base = ".".join(package[: len(package) - node.level + 1] + ([base] if base else []))
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        found.append(sorted(group))
    return found


def import_graph() -> dict[str, set[str]]:
    paths = [path for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))]
    modules = {module_name(path) for path in paths}
    return {module_name(path): internal_imports(path, modules) for path in paths}


@pytest.mark.thorough
def test_no_module_imports_itself_through_others():
    graph = import_graph()
    assert "caravan_tui.games.ahldarahd.rules" in graph
    assert circles(graph) == []


def test_the_circle_check_would_catch_one(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("def f():\n    from .b import g\n")
    (package / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .c import h\nfrom . import a\n"
    )
    (package / "c.py").write_text("from .b import g\n")
    paths = sorted(package.glob("*.py"))
    modules = {module_name(path, tmp_path) for path in paths}
    graph = {module_name(path, tmp_path): internal_imports(path, modules, tmp_path) for path in paths}
    assert graph["pkg.b"] == {"pkg.a"}  # the annotation-only import is no edge
    assert circles(graph) == [["pkg.a", "pkg.b"]]


# -- no circles between packages either: the layers (docs/layout.md) --------------------------------

#: modules that sit lower than the rest of their package, each a layer of its own: the AI's
#: levels (plain settings the seat grammar reads), the search (the engine's states only: a game's
#: own planner searches with it) and the server's program (it starts the hub with its stores,
#: ``pgstore`` among them, which speak the hub's records)
OWN_LAYER = {"caravan_tui.ai.levels", "caravan_tui.ai.ismcts", "caravan_tui.ssh.server"}
#: a game's table: the modules of a game's package that reach the screens or the widgets (its
#: screen, its boards); the rest of the package is its rules and AI, which the registry loads
TABLES = "caravan_tui.games:tables"
#: what never imports what (package prefixes): the client side never imports the server, and the
#: saves never the AI (a save names its levels through the seats' grammar)
NEVER = [
    ("caravan_tui.screens", "caravan_tui.ssh"),
    ("caravan_tui.widgets", "caravan_tui.ssh"),
    ("caravan_tui.match", "caravan_tui.ssh"),
    ("caravan_tui.saves", "caravan_tui.ssh"),
    ("caravan_tui.saves", "caravan_tui.ai"),
    ("caravan_tui.games", "caravan_tui.ssh"),
]


def loaded_by_name(path: Path, modules: set[str]) -> set[str]:
    """The modules of ``modules`` that ``path`` loads by name (``import_module(f"pkg.{name}")``,
    as the registry loads each game): a name with a field stands for every module under its
    fixed start."""
    found = set()
    for node in walked(parsed(path)):
        if isinstance(node, ast.Call) and ast.unparse(node.func).split(".")[-1] == "import_module" and node.args:
            arg = node.args[0]
            if isinstance(arg, ast.Constant) and arg.value in modules:
                found.add(arg.value)
            elif isinstance(arg, ast.JoinedStr) and arg.values and isinstance(arg.values[0], ast.Constant):
                start = str(arg.values[0].value)
                found |= {m for m in modules if m.startswith(start) and "." not in m[len(start) :]}
    return found


def module_graph() -> dict[str, set[str]]:
    """Every module's imports, and what it loads by name."""
    paths = [path for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))]
    modules = {module_name(path) for path in paths}
    return {module_name(path): internal_imports(path, modules) | loaded_by_name(path, modules) for path in paths}


def table_modules(graph: dict[str, set[str]]) -> set[str]:
    """The modules of the games' packages that reach the screens or the widgets."""
    ui: set[str] = set()
    grown = True
    while grown:
        grown = False
        for module, targets in graph.items():
            if (
                module.startswith("caravan_tui.games.")
                and module not in ui
                and any(
                    target in ui or target.startswith(("caravan_tui.screens", "caravan_tui.widgets"))
                    for target in targets
                )
            ):
                ui.add(module)
                grown = True
    return ui


def layer_graph(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """The imports between layers: a package (``caravan_tui.x``, or a module at the top), a
    module of ``OWN_LAYER``, or the games' tables."""
    tables = table_modules(graph)

    def layer(module: str) -> str:
        if module in OWN_LAYER:
            return module
        return TABLES if module in tables else ".".join(module.split(".")[:2])

    layers: dict[str, set[str]] = {}
    for module, targets in graph.items():
        layers.setdefault(layer(module), set()).update(layer(t) for t in targets if layer(t) != layer(module))
    return layers


@pytest.mark.thorough
def test_no_package_imports_itself_through_others():
    layers = layer_graph(module_graph())
    assert {"caravan_tui.screens", "caravan_tui.ssh", TABLES, "caravan_tui.games"} <= set(layers)
    assert "caravan_tui.games.camel_caravan" in module_graph()["caravan_tui.games"]  # (the registry's loads)
    assert circles(layers) == []


@pytest.mark.thorough
def test_the_client_side_never_imports_the_server_nor_the_saves_the_ai():
    graph = module_graph()
    offenders = sorted(
        f"{module} -> {target}"
        for module, targets in graph.items()
        for target in targets
        for low, high in NEVER
        if module.startswith(low) and target.startswith(high)
    )
    assert offenders == []


def test_the_package_check_would_catch_a_circle_through_a_load_by_name(tmp_path):
    sample = tmp_path / "registry.py"
    sample.write_text(
        "from importlib import import_module\nfor n in NAMES:\n    import_module(f'caravan_tui.games.{n}')\n"
    )
    found = loaded_by_name(sample, {"caravan_tui.games.a", "caravan_tui.games.a.rules", "caravan_tui.screens"})
    assert found == {"caravan_tui.games.a"}
    graph = {
        "caravan_tui.games": {"caravan_tui.games.a"},
        "caravan_tui.games.a": {"caravan_tui.games.a.screen"},
        "caravan_tui.games.a.screen": {"caravan_tui.screens.game"},
        "caravan_tui.screens.game": {"caravan_tui.games"},
    }
    assert layer_graph(graph)[TABLES] == {"caravan_tui.screens"}
    graph["caravan_tui.games.a"] = {"caravan_tui.ai.arena"}
    graph["caravan_tui.ai.arena"] = {"caravan_tui.games"}
    assert circles(layer_graph(graph)) == [["caravan_tui.ai", "caravan_tui.games"]]


# -- benchmarks measure what users run: the public API only ---------------------------------------


def private_reaches(path: Path) -> list[str]:
    """What ``path`` does that a user's run never does: import a private name, assign to an
    attribute of an imported module or class (a monkeypatch), or change ``sys.path``."""
    tree = parsed(path)
    imported = set()
    found = []
    for node in walked(tree):
        if isinstance(node, ast.ImportFrom):
            imported.update(alias.asname or alias.name for alias in node.names)
            found += [f"imports {alias.name}" for alias in node.names if alias.name.startswith("_")]
        elif isinstance(node, ast.Import):
            imported.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
    for node in walked(tree):
        targets = (
            node.targets
            if isinstance(node, ast.Assign)
            else [node.target]
            if isinstance(node, (ast.AugAssign, ast.AnnAssign))
            else []
        )
        for target in targets:
            if isinstance(target, ast.Attribute) and isinstance(target.value, (ast.Name, ast.Attribute)):
                root = target.value
                while isinstance(root, ast.Attribute):
                    root = root.value
                if isinstance(root, ast.Name) and root.id in imported:
                    found.append(f"assigns {ast.unparse(target)}")
        if isinstance(node, ast.Attribute) and ast.unparse(node) == "sys.path":
            found.append("changes sys.path")
    return found


def test_benchmarks_use_the_public_api():
    benchmarks = sorted((ROOT / "benchmarks").glob("*.py"))
    assert benchmarks
    offenders = {str(path.relative_to(ROOT)): found for path in benchmarks if (found := private_reaches(path))}
    assert offenders == {}


def test_the_benchmark_check_would_catch_a_patch(tmp_path):
    sample = tmp_path / "bench.py"
    sample.write_text(
        "import sys\nfrom x import rules, _secret\nsys.path.insert(0, '..')\nrules.State._compute = None\n"
    )
    assert private_reaches(sample) == ["imports _secret", "assigns rules.State._compute", "changes sys.path"]


# -- a clean install: the wheel holds the project's own namespace only ---------------------------


def test_the_install_puts_only_the_projects_package_into_site_packages():
    """Another project's ``import ai`` or ``import saves`` keeps working beside this one."""
    import tomllib

    from setuptools import find_packages

    found = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]["find"]
    packages = find_packages(str(ROOT), include=found["include"])
    assert "caravan_tui.ai" in packages and "caravan_tui.saves" in packages
    assert sorted({name.split(".")[0] for name in packages}) == ["caravan_tui"]
    assert not (ROOT / "ai").exists() and not (ROOT / "saves").exists()
