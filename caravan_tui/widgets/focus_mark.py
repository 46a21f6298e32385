"""The focus shown by more than colour: a ``▸`` before a focused widget's border title, so it
reads under ``NO_COLOR`` too (the plays list, the log)."""

from __future__ import annotations

from textual.widget import Widget

FOCUS_MARK = "▸ "


def mark_focus(widget: Widget, focused: bool) -> None:
    """Put the mark before ``widget``'s border title, or take it away."""
    title = str(widget.border_title or "").removeprefix(FOCUS_MARK)
    if title:
        widget.border_title = FOCUS_MARK + title if focused else title
