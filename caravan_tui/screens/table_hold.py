"""One state drawn for several changes of a table: the opponent's move and our turn (an
``Update`` and the ``YourTurn`` after it, which the host sends together), or our play and the
host's answer to it. Each change is still a new state assigned, read back at once
(``self.table``); the widgets bound to the state are told once, when the hold ends, from the
state before it to the last assigned: one pass of every watcher, not one a change."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from textual.dom import DOMNode
from textual.reactive import Reactive, var

T = TypeVar("T")


class HeldVar(var[T]):
    """A ``var`` whose watchers wait while its owner's ``StateHold`` is held (``state_hold``)."""

    def __set__(self, obj: Any, value: T) -> None:
        hold = obj.__dict__.get("state_hold")
        if hold is not None and hold.depth:
            hold.keep(getattr(obj, self.name))
            obj.set_reactive(self, value)  # (read back at once; the watchers at the release)
            return
        super().__set__(obj, value)


class StateHold:
    """How many holds are open on ``owner``'s ``reactive`` (a ``HeldVar``), and its value before
    the first change made under them."""

    def __init__(self, owner: DOMNode, reactive: Reactive[Any]) -> None:
        self.owner, self.reactive = owner, reactive
        self.depth = 0
        self.changed = False
        self.before: Any = None

    def keep(self, value: Any) -> None:
        """The value before the first change under the hold (what the watchers are told it was)."""
        if not self.changed:
            self.changed, self.before = True, value

    def hold(self) -> None:
        self.depth += 1

    def release(self) -> None:
        """One hold ends; the last ends them all: the watchers told of the change, once (not if
        the owner has stopped meanwhile: nothing of it is drawn again)."""
        self.depth -= 1
        if self.depth or not self.changed:
            return
        owner, name = self.owner, self.reactive.name
        last, before = getattr(owner, name), self.before
        self.changed, self.before = False, None
        if owner.is_running:
            owner.set_reactive(self.reactive, before)
            setattr(owner, name, last)  # (the watchers run if it differs from ``before``)

    @contextmanager
    def held(self) -> Iterator[None]:
        self.hold()
        try:
            yield
        finally:
            self.release()
