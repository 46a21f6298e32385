"""A list whose arrows stop at its ends (Textual's OptionList wraps round)."""
from __future__ import annotations

from textual.widgets import OptionList


class StopAtEnds(OptionList):
    """Up on the first row and Down on the last stay put: a key held down, or pressed once too
    often, never jumps to the far end of a list where Enter acts. The highlighted row shows by
    more than colour (reverse while the list has the focus, underlined when not), and so does
    the focus (a ``▸`` before the border's title), so both read under ``NO_COLOR`` too."""

    DEFAULT_CSS = """
    StopAtEnds > .option-list--option-highlighted { text-style: underline; }
    StopAtEnds:focus > .option-list--option-highlighted { text-style: bold reverse; }
    """
    FOCUS_MARK = "▸ "

    def on_focus(self) -> None:
        if self.border_title and not str(self.border_title).startswith(self.FOCUS_MARK):
            self.border_title = self.FOCUS_MARK + str(self.border_title)

    def on_blur(self) -> None:
        if self.border_title:
            self.border_title = str(self.border_title).removeprefix(self.FOCUS_MARK)

    def action_cursor_up(self) -> None:
        self._step(-1)

    def action_cursor_down(self) -> None:
        self._step(1)

    def _step(self, direction: int) -> None:
        options = self.options
        index = self.highlighted
        if index is None:
            index = -1 if direction > 0 else len(options)
        index += direction
        while 0 <= index < len(options):
            if not options[index].disabled:
                self.highlighted = index
                return
            index += direction
