"""Every key a screen or widget binds says what it does: Textual's Keys panel (the palette's
"Keys") lists hidden keys too, and one bound without a description showed as a bare "home" or
"end" beside a Decktet Caravan hand, with no word of what it did."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

from textual.binding import Binding

import caravan_tui

#: modules that need an optional install (``pip install '.[bench]'``): they bind no keys
OPTIONAL = frozenset({"caravan_tui.ai.openspiel_bridge"})


def bindings_of(module) -> list[tuple[str, Binding]]:
    """The bindings a module declares: its classes' own ``BINDINGS`` and its lists of them."""
    found = []
    for name, value in vars(module).items():
        if inspect.isclass(value) and value.__module__ == module.__name__:
            found += [(name, b) for b in vars(value).get("BINDINGS", ()) if isinstance(b, Binding)]
        elif isinstance(value, list) and value and all(isinstance(b, Binding) for b in value):
            found += [(name, b) for b in value]
    return found


def test_every_key_bound_says_what_it_does():
    bare, modules = [], 0
    for info in pkgutil.walk_packages(caravan_tui.__path__, "caravan_tui."):
        if info.name in OPTIONAL:
            continue
        module = importlib.import_module(info.name)
        modules += 1
        bare += [f"{module.__name__}.{owner}: {b.key}" for owner, b in bindings_of(module) if not b.description]
    assert modules > 100 and bare == []
