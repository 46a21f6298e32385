"""DESIGN §1: the engine, the rules, the AI and the saves never import Textual."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PURE = [ROOT / "caravan_tui" / "engine.py", ROOT / "caravan_tui" / "bus.py", ROOT / "caravan_tui" / "match.py",
        ROOT / "caravan_tui" / "seats.py",
        *sorted((ROOT / "caravan_tui" / "games").glob("*/rules.py")),
        *sorted((ROOT / "ai").glob("*.py")), *sorted((ROOT / "saves").glob("*.py"))]


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_pure_modules_do_not_import_textual_in_their_source():
    offenders = [str(path.relative_to(ROOT)) for path in PURE
                 if any(name.split(".")[0] == "textual" for name in imported_modules(path))]
    assert offenders == []


OPTIONAL = {"ai.openspiel_bridge"}  # needs the `bench` extra; its source is still checked above


def test_importing_the_core_loads_no_textual():
    modules = ["caravan_tui.engine", "caravan_tui.games"] + [
        name for name in (".".join(path.relative_to(ROOT).with_suffix("").parts) for path in PURE)
        if name not in OPTIONAL]
    code = (f"import importlib, sys\nfor m in {modules!r}: importlib.import_module(m)\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'textual'))")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_the_check_would_catch_an_import(tmp_path):
    sample = tmp_path / "rules.py"
    sample.write_text("from textual.app import App\n")
    assert "textual.app" in imported_modules(sample)
