"""A list whose arrows stop at its ends (Textual's OptionList wraps round)."""
from __future__ import annotations

from textual.widgets import OptionList

from caravan_tui.widgets.focus_mark import mark_focus


class StopAtEnds(OptionList):
    """Up on the first row and Down on the last stay put: a key held down, or pressed once too
    often, never jumps to the far end of a list where Enter acts. The highlighted row shows by
    more than colour (reverse while the list has the focus, underlined when not), and so does
    the focus (a ``▸`` before the border's title), so both read under ``NO_COLOR`` too."""

    DEFAULT_CSS = """
    StopAtEnds > .option-list--option-highlighted { text-style: underline; }
    StopAtEnds:focus > .option-list--option-highlighted { text-style: bold reverse; }
    """

    def on_focus(self) -> None:
        mark_focus(self, True)

    def on_blur(self) -> None:
        mark_focus(self, False)

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
