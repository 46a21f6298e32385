"""Chat at a shared table (a match hosted over SSH): the line a person types (``t``) and the
words a chat line reads as in the log."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from caravan_tui.bus import MAX_CHAT, Chat


class ChatLine(ModalScreen[str | None]):
    """One line to say to the table: enter sends, escape does not."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("Say to the table (enter sends, escape cancels)", classes="dialog-title")
            yield Input(max_length=MAX_CHAT, id="chat-text")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = "".join(c for c in event.value if c.isprintable()).strip()
        self.dismiss(text or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


def chat_words(line: Chat, seat: int | None) -> str:
    """The log's line for ``line``, read from ``seat`` (None: a spectator)."""
    if line.seat is None:
        return f"{line.name} (watching) says: {line.text}"
    return f"{'You say' if line.seat == seat else line.name + ' says'}: {line.text}"
