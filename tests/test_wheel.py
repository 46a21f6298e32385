"""The release as a user gets it: the project built into a wheel, installed in a fresh
environment of its own (its dependencies from the package index, nothing of the source tree on
the path), says its version and starts its app on a terminal — so a file the package forgot
(a stylesheet, a rules page, the web seat's page) fails here, not on a user's machine."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from openssh import OpenSSHTerminal

ROOT = Path(__file__).resolve().parent.parent
#: what a wheel is built from: the tree as a checkout has it (no environments, caches or tests)
LEFT_OUT = shutil.ignore_patterns(".git", ".venv*", "build", "dist", "*.egg-info", "__pycache__", "tests", "benchmarks")

pytestmark = pytest.mark.e2e


def run(*command: str | Path, cwd: Path | None = None, env: dict[str, str] | None = None) -> str:
    """``command``'s output; its error output whole in the failure when it fails."""
    done = subprocess.run([str(part) for part in command], cwd=cwd, env=env, capture_output=True, text=True)
    assert done.returncode == 0, f"{' '.join(map(str, command))} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A fresh environment holding the project's wheel and nothing else of the tree: its bin."""
    folder = tmp_path_factory.mktemp("wheel")
    source = folder / "source"
    shutil.copytree(ROOT, source, ignore=LEFT_OUT)
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", folder / "dist", source)
    (wheel,) = (folder / "dist").glob("caravan_tui-*.whl")
    run(sys.executable, "-m", "venv", folder / "env")
    run(folder / "env" / "bin" / "pip", "install", "--quiet", wheel)
    return folder / "env" / "bin"


def test_the_installed_wheel_says_the_version_pyproject_sets(installed):
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    # run from elsewhere, so the source tree cannot stand in for the installed package
    assert run(installed / "caravan-tui", "--version", cwd=installed).strip() == f"caravan-tui {declared}"


def test_the_installed_wheel_starts_its_app_and_opens_a_games_rules(installed, tmp_path):
    home = tmp_path / "home"
    env = {**os.environ, "CARAVAN_TUI_HOME": str(home), "TERM": "xterm-256color"}
    env.pop("PYTHONPATH", None)

    async def played() -> None:
        terminal = await OpenSSHTerminal.start([str(installed / "caravan-tui")], env=env, cwd=tmp_path)
        try:
            await terminal.wait_for("Caravan-themed trading games against search-based AI")
            terminal.press("r")  # the rules: the games' rules pages are package data
            await terminal.wait_for("Decktet Caravan")
            terminal.press("enter")
            await terminal.wait_for(lambda text: "Aces" in text or "Crowns" in text)
        finally:
            await terminal.close()

    asyncio.run(played())
