"""A list whose arrows stop at its ends (Textual's OptionList wraps round)."""

from __future__ import annotations

from rich.style import Style
from textual.strip import Strip
from textual.widgets import OptionList

from caravan_tui.textual_adapter import SteadyScrollbars
from caravan_tui.widgets.focus_mark import mark_focus

REVERSE = Style(reverse=True)


class StopAtEnds(OptionList, SteadyScrollbars):
    """Up on the first row and Down on the last stay put: a key held down, or pressed once too
    often, never jumps to the far end of a list where Enter acts. The highlighted row shows by
    more than colour (reverse while the list has the focus, underlined when not), and so does
    the focus (a ``▸`` before the border's title), so both read under ``NO_COLOR`` too."""

    DEFAULT_CSS = """
    StopAtEnds > .option-list--option-highlighted { text-style: underline; }
    StopAtEnds:focus > .option-list--option-highlighted { text-style: bold reverse; }
    """

    def render_line(self, y: int) -> Strip:
        """The highlighted row in reverse video while the list has the focus, as the terminal's
        own attribute: the stylesheet's ``reverse`` does not reach an option's lines (Textual 8
        draws them with its colours alone, which ``NO_COLOR`` drops)."""
        strip = super().render_line(y)
        if (
            self.has_focus
            and self.highlighted is not None
            and any(
                segment.style is not None and segment.style.meta.get("option") == self.highlighted for segment in strip
            )
        ):
            return strip.apply_style(REVERSE)
        return strip

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
