"""Chat at a shared table (a match hosted over SSH): the line a person types (``t``)."""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding
from textual.events import Paste
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widgets import Input

from caravan_tui.bus import MAX_CHAT
from caravan_tui.widgets.typed_input import TypedInput


class ChatInput(TypedInput):
    """One line to say to the table, typed in place of the status line: enter sends, escape
    does not. It is part of the table rather than a dialog over it, so opening and closing it
    draws one line instead of drawing the whole table again, dimmed, under a modal screen. It
    lies docked under the status line's last row, which draws it while it is open
    (``StatusLine.show_line``); it takes the focus only then."""

    BINDINGS = [
        Binding("enter", "submit", "Say it"),
        Binding("escape", "cancel", "Cancel"),
        # (a tab typed or pasted into the line took the focus to the table, and the rest of the
        # line was played as the table's keys: an "e" then a "y" ended a turn)
        Binding("tab,shift+tab", "stay", "Stay in the line", show=False),
    ]
    PROMPT = "Say to the table (enter sends, escape cancels)"
    FULL = "A chat line holds {most} characters: keys past them are not typed."
    DEFAULT_CSS = """
    ChatInput { dock: bottom; width: 100%; height: 1; border: none; padding: 0 1; background: $boost; }
    ChatInput:focus { border: none; }
    """

    @dataclass
    class Done(Message):
        """The line was sent (``text``) or dropped (None)."""

        text: str | None

    def __init__(self, **kwargs) -> None:
        super().__init__(placeholder=self.PROMPT, max_length=MAX_CHAT, **kwargs)
        # a steady cursor: a blinking one redrew the line twice a second for as long as it is
        # open, and over SSH sent it each time (an idle session draws nothing)
        self.set_reactive(Input.cursor_blink, False)
        self.can_focus = False  # (closed: a tab passes it by; ``TableChat`` opens it)
        self._finished = False  # said or dropped: the line says it once

    def on_focus(self) -> None:
        self._finished = False

    def render_lines(self, crop: Region) -> list[Strip]:
        """Closed, it lies under the status line, which covers it: nothing of it is seen (a frame
        that draws the status line draws the widgets under it too)."""
        if not self.can_focus:
            return [Strip.blank(crop.width)] * crop.height
        return super().render_lines(crop)

    def on_paste(self, event: Paste) -> None:
        """A paste's first line, as much of it as the line has room for; the rest is cut, and
        the person told so (Textual's input refuses a paste that does not fit whole)."""
        event.stop()
        event.prevent_default()
        if self._finished or not event.text:
            return
        lines = event.text.splitlines()
        line = lines[0] if lines else ""
        start, end = sorted(self.selection)
        room = max(0, MAX_CHAT - (len(self.value) - (end - start)))
        if len(line) > room:
            line = line[:room]
            self.told_full = True  # (said here, as the paste's)
            self.notify(f"A chat line holds {MAX_CHAT} characters: the rest of the paste was cut.", severity="warning")
        if line:
            self.replace(line, start, end)

    async def action_submit(self) -> None:  # (the palette's "Say it")
        self._close(self.value)

    def action_cancel(self) -> None:
        self._close(None)

    def action_stay(self) -> None:
        """Tab keeps the line (enter sends it, escape drops it): nothing else has the keys."""

    def _close(self, value: str | None) -> None:
        if not self._finished:
            self._finished = True
            text = "".join(c for c in value if c.isprintable()).strip() if value is not None else ""
            self.post_message(self.Done(text or None))
