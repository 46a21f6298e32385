"""Chat at a shared table (a match hosted over SSH): the line a person types (``t``) and the
words a chat line reads as in the log."""
from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding
from textual.message import Message
from textual.widgets import Input

from caravan_tui.bus import MAX_CHAT, Chat


class ChatInput(Input):
    """One line to say to the table, typed in place of the status line: enter sends, escape
    does not. It is part of the table rather than a dialog over it, so opening and closing it
    lays out one line instead of drawing the whole table again, dimmed, under a modal screen."""

    BINDINGS = [Binding("enter", "submit", "Say it"), Binding("escape", "cancel", "Cancel")]
    PROMPT = "Say to the table (enter sends, escape cancels)"
    DEFAULT_CSS = """
    ChatInput { height: 1; border: none; padding: 0 1; display: none; background: $boost; }
    ChatInput:focus { border: none; }
    """

    @dataclass
    class Done(Message):
        """The line was sent (``text``) or dropped (None)."""

        text: str | None

    def __init__(self, **kwargs) -> None:
        super().__init__(placeholder=self.PROMPT, max_length=MAX_CHAT, **kwargs)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = "".join(c for c in event.value if c.isprintable()).strip()
        self.post_message(self.Done(text or None))

    def action_cancel(self) -> None:
        self.post_message(self.Done(None))


def chat_words(line: Chat, seat: int | None) -> str:
    """The log's line for ``line``, read from ``seat`` (None: a spectator)."""
    if line.seat is None:
        return f"{line.name} (watching) says: {line.text}"
    return f"{'You say' if line.seat == seat else line.name + ' says'}: {line.text}"
