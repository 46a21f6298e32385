"""Keys that scroll a screen's text whatever has the focus (a button, a filter being typed)."""

from __future__ import annotations

from textual.binding import Binding
from textual.widget import Widget

SCROLL_KEYS = [
    Binding("up", "scroll('up')", "Scroll up", show=False),
    Binding("down", "scroll('down')", "Scroll down", show=False),
    Binding("pageup", "scroll('page_up')", "Page up", show=False),
    Binding("pagedown", "scroll('page_down')", "Page down", show=False),
    Binding("home", "scroll('home')", "Top", show=False),
    Binding("end", "scroll('end')", "Bottom", show=False),
]


def scroll(target: Widget, where: str) -> None:
    """``where``: up, down, page_up, page_down, home or end."""
    getattr(target, f"scroll_{where}")(animate=False)
