"""The focus shown by more than colour: a ``▸`` before a focused widget's border title, so it
reads under ``NO_COLOR`` too (the plays list, the log)."""

from __future__ import annotations

from textual.widget import Widget

from caravan_tui.textual_adapter import quiet_title, title_words

FOCUS_MARK = "▸ "


def mark_focus(widget: Widget, focused: bool) -> None:
    """Put the mark before ``widget``'s border title, or take it away: the title's line alone is
    repainted, and only when the mark comes or goes."""
    shown = title_words(widget)  # ("▸ \[bold]x\[/] · 1 action left" read back as markup)
    title = shown.removeprefix(FOCUS_MARK)
    wanted = FOCUS_MARK + title if focused else title
    if title and wanted != shown:
        quiet_title(widget, wanted)
