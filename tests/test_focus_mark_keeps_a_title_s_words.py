"""The focus mark before a border title keeps the title's words as they are: a person's name
with markup's brackets ("[bold]x[/]") read "▸ \\[bold]x\\[/] · 1 action left" in Camel Caravan's
board title over SSH, its backslashes pushing the bag's count out of the title; one cut short
("[link=https://e…") failed as markup."""

from __future__ import annotations

import pytest
from rich.text import Text
from textual.widget import Widget

from caravan_tui.textual_adapter import title_words
from caravan_tui.widgets.focus_mark import FOCUS_MARK, mark_focus


@pytest.mark.parametrize("words", ["[bold]x[/] · 1 action left · bag 24", "[link=https://e…'s hand (14)"])
def test_a_title_holding_brackets_is_marked_and_unmarked_word_for_word(words):
    widget = Widget()
    widget.border_title = Text(words)  # (as a board's look sets it: words, never markup)
    mark_focus(widget, True)
    assert title_words(widget) == FOCUS_MARK + words
    mark_focus(widget, False)
    assert title_words(widget) == words
