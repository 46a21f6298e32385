"""A list whose arrows stop at its ends (Textual's OptionList wraps round), and whose highlight's
move repaints the two options it left and reached, not the whole list."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Self

from rich.style import Style
from textual.reactive import reactive
from textual.strip import Strip
from textual.widgets import OptionList

from caravan_tui.textual_adapter import ScrollsInPlace, SteadyScrollbars
from caravan_tui.widgets.focus_mark import mark_focus

REVERSE = Style(reverse=True)


class StopAtEnds(OptionList, SteadyScrollbars, ScrollsInPlace):
    """Up on the first row and Down on the last stay put: a key held down, or pressed once too
    often, never jumps to the far end of a list where Enter acts. The highlighted row shows by
    more than colour (reverse while the list has the focus, underlined when not), and so does
    the focus (a ``▸`` before the border's title), so both read under ``NO_COLOR`` too. The focus
    does not tint the list's background (Textual's does): the tint restyled every option, and a
    focus change (a chat line opened, a tab) drew each of them again."""

    DEFAULT_CSS = """
    StopAtEnds:focus { background-tint: $foreground 0%; }
    StopAtEnds > .option-list--option-highlighted { text-style: underline; }
    StopAtEnds:focus > .option-list--option-highlighted { text-style: bold reverse; }
    """

    #: the highlight repaints only the rows of the options it leaves and reaches (``watch_highlighted``):
    #: Textual's repaints the whole list at each arrow
    highlighted: reactive[int | None] = reactive(None, repaint=False)

    def __init__(self, *content: Any, start: int | None = None, **kwargs) -> None:
        """``start``: the option highlighted as the list mounts (None: Textual's, the first as it
        takes the focus)."""
        #: the rows (of the whole list, scrolled or not) each option was last drawn on
        self._drawn_rows: dict[int, tuple[int, int]] = {}
        self._lit: int | None = None  # the option the highlight was last painted on
        super().__init__(*content, **kwargs)
        if start is not None:
            self.set_reactive(StopAtEnds.highlighted, start)  # (nothing drawn yet: no watcher to run)

    def render_line(self, y: int) -> Strip:
        """The highlighted row in reverse video while the list has the focus, as the terminal's
        own attribute: the stylesheet's ``reverse`` does not reach an option's lines (Textual 8
        draws them with its colours alone, which ``NO_COLOR`` drops). Where each option is drawn
        is noted, for the highlight's repaint."""
        strip = super().render_line(y)
        option = next((segment.style.meta.get("option") for segment in strip if segment.style is not None), None)
        if option is None:
            return strip
        row = self.scroll_offset.y + y
        first, last = self._drawn_rows.get(option, (row, row))
        self._drawn_rows[option] = (min(first, row), max(last, row))
        if self.has_focus and option == self.highlighted:
            return self.focused_highlight(strip)
        return strip

    def focused_highlight(self, strip: Strip) -> Strip:
        """A row of the highlighted option, drawn while the list has the focus."""
        return strip.apply_style(REVERSE)

    def repaint_highlight(self) -> None:
        """Repaint the rows of the highlighted option (the whole list, for one not drawn yet)."""
        rows = None if self.highlighted is None else self._drawn_rows.get(self.highlighted)
        if rows is not None:
            self.refresh_lines(rows[0], rows[1] - rows[0] + 1)
        elif self.highlighted is not None:
            self.refresh()

    def watch_highlighted(self, highlighted: int | None) -> None:
        """Repaint the rows of the option the highlight left and of the one it reached (all of
        the list for an option not drawn yet: the scroll to it repaints the whole list anyway)."""
        was, self._lit = self._lit, highlighted
        for option in (was, highlighted):
            rows = None if option is None else self._drawn_rows.get(option)
            if option is not None and rows is None:
                self.refresh()
                break
            if rows is not None:
                self.refresh_lines(rows[0], rows[1] - rows[0] + 1)
        super().watch_highlighted(highlighted)

    def clear_options(self) -> Self:
        self._drawn_rows.clear()
        return super().clear_options()

    def set_options(self, options: Iterable[Any]) -> Self:
        self._drawn_rows.clear()
        return super().set_options(options)

    def on_resize(self) -> None:
        self._drawn_rows.clear()  # (wrapped to a new width: drawn anew, every row)

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
        if index is None:  # (either arrow lights the first row: Up lit the last, "Pass", and Enter passed)
            index, direction = -1, 1
        index += direction
        while 0 <= index < len(options):
            if not options[index].disabled:
                self.highlighted = index
                return
            index += direction
