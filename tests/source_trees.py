"""The project's source files as syntax trees, for the checks that read the code itself (its
layers, its use of Textual, the tables' shape): each file parsed, and each tree walked, once a
test process, however many checks look at it (parsing and walking are most of their time)."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

#: the checks that read the code run in one test process (``--dist loadgroup``, pyproject.toml),
#: so the project's files are parsed and walked once a run, not once in each process
ONE_PROCESS = pytest.mark.xdist_group("source trees")


@cache
def parsed(path: Path) -> ast.Module:
    """``path``'s tree."""
    return ast.parse(path.read_text(encoding="utf-8"))


@cache
def walked(tree: ast.AST) -> tuple[ast.AST, ...]:
    """Every node of ``tree`` (``ast.walk``'s order)."""
    return tuple(ast.walk(tree))
