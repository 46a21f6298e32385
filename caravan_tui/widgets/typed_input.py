"""A line to type in whose own keys act in the order typed, whatever arrives at once."""

from __future__ import annotations

from functools import cache
from typing import Any

from textual.binding import Binding
from textual.events import Key
from textual.message import Message
from textual.widgets import Input


class TypedInput(Input):
    """Textual's ``Input``, its own keys (Backspace, the arrows, Enter…) acting as they come, and a
    key a full line refuses said aloud.

    Textual's input types a printable key at once but runs a bound key only after it has gone
    up through the screen to the app and back, so a key typed in the same instant overtakes it:
    a Backspace and a letter that arrive in one read ("\\x7fd", as a quick typist or an SSH
    connection sends them) landed as the letter, then the Backspace that removed it — both
    lost. Textual issue #6605 (a fix proposed in PR #6631, not released in 8.2.8); with it
    released, this class is Textual's ``Input``."""

    #: what a key the full line refuses says, once until the line has room again ({most}: its
    #: length; ""; the line's owner says it, on ``Full``): keys past a full line went nowhere
    #: with only the terminal's bell, which many keep silent (a chat line lost 400 characters)
    FULL = "This line holds {most} characters: keys past them are not typed."

    class Full(Message):
        """A key was refused: the line is full."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.told_full = False

    def restricted(self) -> None:
        super().restricted()
        if not self.max_length or len(self.value) < self.max_length or self.told_full:
            return
        self.told_full = True
        self.post_message(self.Full())
        if self.FULL:
            self.notify(self.FULL.format(most=self.max_length), severity="warning", timeout=4)

    def on_input_changed(self, event: Input.Changed) -> None:
        """The line has room again: the next key refused says so again. The line as it is now,
        not as the change left it: a change made before the line was full arrives after keys it
        refused (a burst), and said there was room (the notice stacked, once a burst)."""
        if self.told_full and len(self.value) < (self.max_length or 0):
            self.told_full = False

    async def on_key(self, event: Key) -> None:
        action = own_keys(type(self)).get(event.key)
        if action is not None:
            event.stop()
            event.prevent_default()
            await self.run_action(action)


@cache
def own_keys(kind: type[Input]) -> dict[str, str]:
    """The editing keys ``kind`` binds (a subclass's over ``Input``'s), each with its action;
    a widget's scrolling keys are left to the screen, and priority keys to the app (it runs
    those before the key reaches the line)."""
    keys: dict[str, str] = {}
    for base in kind.__mro__[: kind.__mro__.index(Input) + 1]:
        for binding in Binding.make_bindings(base.__dict__.get("BINDINGS", [])):
            if not binding.priority:
                keys.setdefault(binding.key, binding.action)
    return keys
