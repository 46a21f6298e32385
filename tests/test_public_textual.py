"""Textual is used through its public API only: no module of the app or of the tests imports a
private Textual module or name, reads or sets a private attribute of a Textual object, or
overrides a private method of a Textual class — except ``caravan_tui/textual_adapter.py``, which
says for each of its uses why it exists and what would retire it. A Textual upgrade then breaks
nothing but the adapter, and the adapter says where to look."""

from __future__ import annotations

import ast
import importlib
import inspect
from collections.abc import Iterable
from functools import cache
from pathlib import Path

import pytest
import textual

from source_trees import ONE_PROCESS, parsed, walked

pytestmark = ONE_PROCESS
ROOT = Path(__file__).resolve().parent.parent
ADAPTER = ROOT / "caravan_tui" / "textual_adapter.py"
SCANNED = [
    path
    for folder in ("caravan_tui", "tests", "benchmarks")
    for path in sorted((ROOT / folder).rglob("*.py"))
    if path != ADAPTER
]


def private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def self_attributes(tree: ast.AST) -> set[str]:
    """The private names a class body defines and its methods set on ``self``."""
    names: set[str] = set()
    for node in walked(tree):
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                    names.add(item.name)
                elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    names.add(item.target.id)
                elif isinstance(item, ast.Assign):
                    names.update(target.id for target in item.targets if isinstance(target, ast.Name))
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
            names.add(node.attr)
    return {name for name in names if private(name)}


TEXTUAL = Path(textual.__file__).resolve().parent
#: the private names of each Textual module (by its path in Textual), kept between runs in
#: pytest's cache under Textual's version: parsing its 250 modules costs a second a process
KEPT_KEY = f"caravan-tui/textual-private-names/{textual.__version__}"
kept: dict[str, frozenset[str]] = {}


@pytest.fixture(scope="module", autouse=True)
def textual_names_kept(request: pytest.FixtureRequest) -> None:
    cache = getattr(request.config, "cache", None)  # (none with -p no:cacheprovider)
    known = cache.get(KEPT_KEY, None) if cache is not None else None
    if not isinstance(known, dict):
        known = {
            str(path.relative_to(TEXTUAL)): sorted(self_attributes(parsed(path))) for path in TEXTUAL.rglob("*.py")
        }
        if cache is not None:
            cache.set(KEPT_KEY, known)
    kept.update({module: frozenset(names) for module, names in known.items()})


def textual_module_names(path: Path) -> frozenset[str]:
    module = str(path.relative_to(TEXTUAL))
    return kept[module] if module in kept else frozenset(self_attributes(parsed(path)))


@cache
def textual_private_names(module_file: str | None = None) -> frozenset[str]:
    """Every private name Textual's classes define (``module_file``: one of its modules only)."""
    files = [Path(module_file)] if module_file else TEXTUAL.rglob("*.py")
    return frozenset().union(*(textual_module_names(path.resolve()) for path in files))


def textual_names_under(cls: type) -> frozenset[str]:
    """The private names of the Textual classes ``cls`` is built on (over-approximated by
    their modules: what one class of a module defines, its neighbours may share)."""
    return frozenset().union(
        *(
            textual_private_names(inspect.getfile(base))
            for base in cls.__mro__
            if base.__module__.split(".")[0] == "textual"
        )
    )


def own_names(path: Path) -> set[str]:
    return self_attributes(parsed(path))


@cache
def project_names() -> frozenset[str]:
    """The private names the project's own classes define (a use of one is the project's)."""
    return frozenset().union(*(own_names(path) for path in SCANNED))


def imports_textual(nodes: Iterable[ast.AST]) -> bool:
    """Whether a module (``nodes``: every node of its tree) imports Textual."""
    return any(
        (isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "textual")
        or (isinstance(node, ast.Import) and any(alias.name.split(".")[0] == "textual" for alias in node.names))
        for node in nodes
    )


def offences(source: str | ast.Module, classes: list[type] | None = None) -> list[str]:
    """Where ``source`` reaches into Textual's privates, one line each (``line: what``).
    ``classes``: the module's classes, when it is imported, so an override is judged against
    the Textual classes each is built on; without them any private name Textual defines
    anywhere counts."""
    nodes = walked(ast.parse(source) if isinstance(source, str) else source)
    found = []
    for node in nodes:
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "textual":
            if any(private(part) for part in node.module.split(".")):  # type: ignore[union-attr]
                found.append(f"{node.lineno}: imports {node.module}")
            found += [
                f"{node.lineno}: imports {node.module}.{alias.name}" for alias in node.names if private(alias.name)
            ]
        elif isinstance(node, ast.Import):
            found += [
                f"{node.lineno}: imports {alias.name}"
                for alias in node.names
                if alias.name.split(".")[0] == "textual" and any(map(private, alias.name.split(".")))
            ]
    everywhere = textual_private_names()
    by_name = {cls.__name__: cls for cls in classes or ()}
    classes_judged = imports_textual(nodes)
    for node in nodes:
        if isinstance(node, ast.ClassDef) and classes_judged:
            cls = by_name.get(node.name)
            clashing = textual_names_under(cls) if cls is not None else everywhere
            for name in sorted(self_attributes(node) & clashing):
                found.append(f"{node.lineno}: {node.name} overrides Textual's {name}")
    ours = project_names()  # (one that clashes with a Textual base's is an override, caught above)
    modules = {
        (alias.asname or alias.name).split(".")[0]
        for node in nodes
        if isinstance(node, ast.Import)
        for alias in node.names
    }  # (``os._exit`` is no Textual object's)
    for node in nodes:
        if (
            isinstance(node, ast.Attribute)
            and node.attr in everywhere
            and node.attr not in ours
            and not (isinstance(node.value, ast.Name) and node.value.id in modules)
        ):
            found.append(f"{node.lineno}: uses Textual's {node.attr}")
    return sorted(set(found), key=lambda line: int(line.split(":")[0]))


def module_classes(path: Path) -> list[type] | None:
    """The classes an app module defines (imported to see what each is built on)."""
    if path.parts[len(ROOT.parts)] != "caravan_tui" or not imports_textual(walked(parsed(path))):
        return None
    module = importlib.import_module(".".join(path.relative_to(ROOT).with_suffix("").parts))
    return [cls for _, cls in inspect.getmembers(module, inspect.isclass) if cls.__module__ == module.__name__]


@pytest.mark.thorough
def test_nothing_but_the_adapter_reaches_into_textuals_privates():
    found = {
        str(path.relative_to(ROOT)): lines
        for path in SCANNED
        if (lines := offences(parsed(path), module_classes(path)))
    }
    assert found == {}


@pytest.mark.thorough
def test_the_scan_catches_each_kind_of_reach():
    sample = """
from textual._xterm_parser import XTermParser
import textual._time
from textual.widgets import Input, _input
from textual.app import App
class Mine(App):
    def _handle_exception(self, error): ...
def text(app): return app.screen._compositor
"""
    assert [line.split(": ", 1)[1] for line in offences(sample)] == [
        "imports textual._xterm_parser",
        "imports textual._time",
        "imports textual.widgets._input",
        "Mine overrides Textual's _handle_exception",
        "uses Textual's _compositor",
    ]


@pytest.mark.thorough  # (Textual's every private name, gathered once: 25 s of one test process)
def test_the_scan_leaves_public_textual_and_the_projects_own_privates_alone():
    sample = """
from textual.app import App
class Mine(App):
    def on_key(self, event): self._typed = event.key
"""
    assert offences(sample) == []
