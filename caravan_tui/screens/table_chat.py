"""A shared table's chat line (``t``): it takes the status line's place and the focus while a
line is typed, and gives both back after; a turn that comes meanwhile never takes the keys from
it (the widget the turn would focus gets the focus when the line closes)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.widget import Widget

from caravan_tui.bus import Chat
from caravan_tui.screens.chat import ChatInput
from caravan_tui.widgets.table_text import StatusLine

if TYPE_CHECKING:
    from caravan_tui.screens.game import GameScreen


class TableChat:
    """The chat line of ``screen``'s table: whether it is open, and what had the focus before."""

    def __init__(self, screen: GameScreen[Any]) -> None:
        self.screen = screen
        self.chatting = False
        self.came_from: Widget | None = None  # what gets the focus back when the line closes

    def open(self) -> None:
        """The chat line in place of the status line, with the focus (given back after)."""
        screen = self.screen
        line = screen.query_one(ChatInput)
        if not self.chatting:
            self.chatting, self.came_from = True, screen.focused
            line.value = ""
            line.can_focus = True
            screen.query_one(StatusLine).show_line(line)
        screen.set_focus(line)  # (at once: with the line shown, in one frame)

    def done(self, text: str) -> None:
        """The line closed (``text``: what it says, "" for nothing): said, and the status line
        and the focus back."""
        screen = self.screen
        if text:
            screen.send(Chat(screen.client.match_id, screen.seat, text))
        self.chatting = False
        screen.query_one(ChatInput).can_focus = False
        screen.query_one(StatusLine).show_line(None)
        came_from, self.came_from = self.came_from, None
        if came_from is not None and came_from.is_attached and came_from.focusable:
            screen.set_focus(came_from)
        else:
            screen.focus_next()

    def focus_to_decide(self, widget: Widget) -> None:
        """Give ``widget`` the focus for a new decision; while a chat line is being typed, it
        gets the focus when the line closes instead. Without the terminal's focus the app has
        none to give: Textual puts it back where the person left it when the terminal has it
        again (a turn that came meanwhile took the plays list's focus from the person). At once,
        not after the keys already typed: a Tab typed with the ``e`` that ended Merchant Lord's
        favour step went from the dice, the focus moving to the villages only after it."""
        if self.chatting:
            self.came_from = widget
        elif self.screen.app.app_focus:
            self.screen.set_focus(widget)
