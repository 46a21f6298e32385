"""The focus mark before a border title keeps the title's words as they are: a person's name
with markup's brackets ("[bold]x[/]") read "▸ \\[bold]x\\[/] · 1 action left" in Camel Caravan's
board title over SSH, its backslashes pushing the bag's count out of the title."""

from __future__ import annotations

from rich.text import Text
from textual.content import Content
from textual.widget import Widget

from caravan_tui.widgets.focus_mark import FOCUS_MARK, mark_focus


def test_a_title_holding_brackets_is_marked_and_unmarked_word_for_word():
    widget = Widget()
    words = "[bold]x[/] · 1 action left · bag 24"
    widget.border_title = Text(words)  # (as a board's look sets it: words, never markup)
    mark_focus(widget, True)
    assert Content.from_markup(widget.border_title).plain == FOCUS_MARK + words
    mark_focus(widget, False)
    assert Content.from_markup(widget.border_title).plain == words
    assert "\\" not in Content.from_markup(widget.border_title).plain
