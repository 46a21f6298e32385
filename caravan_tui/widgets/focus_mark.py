"""The focus shown by more than colour: a ``▸`` before a focused widget's border title, so it
reads under ``NO_COLOR`` too (the plays list, the log)."""

from __future__ import annotations

from textual.content import Content
from textual.widget import Widget

from caravan_tui.textual_adapter import quiet_title

FOCUS_MARK = "▸ "


def mark_focus(widget: Widget, focused: bool) -> None:
    """Put the mark before ``widget``'s border title, or take it away: the title's line alone is
    repainted, and only when the mark comes or goes."""
    # (the title as words: Textual gives it back as markup, a name's "[" escaped "\[", which
    # set again as words showed its backslashes: "▸ \[bold]x\[/] · 1 action left")
    shown = Content.from_markup(widget.border_title or "").plain
    title = shown.removeprefix(FOCUS_MARK)
    wanted = FOCUS_MARK + title if focused else title
    if title and wanted != shown:
        quiet_title(widget, wanted)
