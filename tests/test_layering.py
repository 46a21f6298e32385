"""DESIGN §1: the engine, the rules, the AI and the saves never import Textual (importing the
registry, which loads every game's package, must not load it either); no generic module names a
game."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PURE = [ROOT / "caravan_tui" / "engine.py", ROOT / "caravan_tui" / "bus.py", ROOT / "caravan_tui" / "seats.py",
        ROOT / "caravan_tui" / "files.py",
        *sorted((ROOT / "caravan_tui" / "match").glob("*.py")), *sorted((ROOT / "caravan_tui" / "ssh").glob("*.py")),
        *sorted((ROOT / "caravan_tui" / "games").glob("*/rules.py")),
        *sorted((ROOT / "caravan_tui" / "games").glob("*/ai.py")),
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


# -- DESIGN §1: a game package owns everything about its game ------------------------------------

GAMES_DIR = ROOT / "caravan_tui" / "games"
REGISTRY = GAMES_DIR / "__init__.py"
GENERIC = [path for folder in ("caravan_tui", "ai", "saves") for path in sorted((ROOT / folder).rglob("*.py"))
           if GAMES_DIR not in path.parents and path != REGISTRY]


def game_ids() -> list[str]:
    return sorted(path.name for path in GAMES_DIR.iterdir() if (path / "__init__.py").exists())


def naming_a_game(path: Path, ids: list[str]) -> list[str]:
    """The game ids ``path``'s source names (in code, strings or comments) and the game modules
    it imports."""
    source = path.read_text(encoding="utf-8")
    named = [game for game in ids if game in source]
    imported = [name for name in imported_modules(path) if name.startswith("caravan_tui.games.")]
    return named + imported


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
