"""A game's rules (its markdown) in a viewer."""

from __future__ import annotations

import re
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Markdown, MarkdownViewer, Tree

from caravan_tui.engine import Game
from caravan_tui.screens.base import BaseScreen
from caravan_tui.widgets.footer import KeysFooter
from caravan_tui.widgets.key_scroll import EachKeyScrolls

OPENING = "*Opening the rules…*"
#: the marks the viewer's contents set before a heading's title, by its level
LEVEL_NUMERALS = frozenset("ⅠⅡⅢⅣⅤⅥ")
_BARE_FENCE = re.compile(r"^(```|~~~)[ \t]*$")
#: what Tab says with the contents closed (nothing but the text takes the focus)
ONLY_THE_TEXT = "Only the text takes the focus: t opens the contents, and Tab then goes between the two."
#: the times a section chosen in the contents is scrolled to again while the text rewraps
SCROLL_TRIES = 5


def plain_fences(markdown: str) -> str:
    """``markdown`` with each fenced block that names no language marked as plain text: the
    viewer otherwise guesses its language against every lexer it knows, seconds on a busy host."""
    lines, inside = markdown.splitlines(), False
    for number, line in enumerate(lines):
        if _BARE_FENCE.match(line):
            lines[number] = line if inside else line.rstrip() + "text"
            inside = not inside
        elif line.startswith(("```", "~~~")):
            inside = not inside
    return "\n".join(lines)


class RulesViewer(MarkdownViewer, EachKeyScrolls):
    """A game's rules that open at once with a line saying so, then load their text themselves
    once the screen has shown (laid out whole first, some hundred widgets, a busy host left
    ``?`` seeming to do nothing for seconds); every ↓ of a burst scrolls them."""

    def __init__(self, rules: str, **kwargs: Any) -> None:
        super().__init__(OPENING, show_table_of_contents=False, **kwargs)
        self.rules = rules
        self.loaded = False  # (the text is in: until then the viewer shows ``OPENING``)

    def on_mount(self) -> None:
        self.call_after_refresh(self.load_rules)

    async def load_rules(self) -> None:
        await self.document.update(plain_fences(self.rules))
        self.loaded = True

    def on_markdown_table_of_contents_updated(self, _message: Markdown.TableOfContentsUpdated) -> None:
        self.call_after_refresh(self.contents_unnumbered)  # (once the viewer has built them from it)

    def on_markdown_table_of_contents_selected(self, message: Markdown.TableOfContentsSelected) -> None:
        """A section chosen in the contents is read at the whole width: the contents close, the
        section's heading at the top and the focus in the text (beside them, the rules' screens
        drawn in fenced blocks were cut at their right edge: a sample turn's hand lost its
        last column). The viewer's own scroll, animated to where the block stood in the narrow
        text, is not made: it ran on past the rewrap, and "Scoring" opened inside "Keys and
        mouse", a page further on."""
        message.prevent_default()
        message.stop()
        block = self.query_one(f"#{message.block_id}")
        self.show_table_of_contents = False
        self.document.focus(scroll_visible=False)
        self.call_after_refresh(self._read_from, block)

    def _read_from(self, block: Widget, tries: int = SCROLL_TRIES) -> None:
        """``block`` at the top once the text has rewrapped to the whole width: scrolled after a
        refresh, and again after the next while the text still moved under it (on a busy host
        the rewrap came later, and "Scoring" opened inside "Keys and mouse", a page further on)."""

        def scrolled() -> None:
            self.scroll_to_widget(block, top=True, animate=False, immediate=True)
            if tries:
                self.call_after_refresh(self._kept_at_top, block, tries - 1)

        self.call_after_refresh(scrolled)

    def _kept_at_top(self, block: Widget, tries: int) -> None:
        """Scroll to ``block`` again where the text moved after the last scroll (it is neither at
        the top nor is the text at its end)."""
        if block.region.y != self.region.y and self.scroll_y < self.max_scroll_y:
            self._read_from(block, tries)

    def contents_unnumbered(self) -> None:
        """The contents without the heading levels' numerals before each title ("├── Ⅱ The goal":
        every section under the title read "Ⅱ", like a numbering that never counted)."""
        nodes = list(self.table_of_contents.query_one(Tree).root.children)
        while nodes:
            node = nodes.pop()
            nodes.extend(node.children)
            label = Text(node.label) if isinstance(node.label, str) else node.label
            numeral, _, title = label.plain.partition(" ")
            if title and numeral in LEVEL_NUMERALS:
                node.set_label(label[len(numeral) + 1 :])


class RulesScreen(BaseScreen):
    """Shown at once with a line saying the rules are opening, then the rules: laid out whole
    (some hundred widgets) before the screen showed, a busy host left ``?`` seeming to do
    nothing for seconds, and a second press or an escape went astray."""

    # (with the contents open the text has 49 columns at 80, a screen picture's width: the
    # contents' side padding and the fences' cut the pictures and tables, "(+1 Moons, −1 K")
    DEFAULT_CSS = """
    RulesScreen MarkdownTableOfContents > Tree { padding: 1 0; }
    RulesScreen MarkdownFence > Label { padding: 1 0 1 1; }
    """

    BINDINGS = [
        Binding("escape,q", "app.pop_screen", "Back"),
        # (`?` opened them: `?` closes them, once they show: a second `?` pressed while "Opening
        # the rules…" showed, seconds on a busy host, closed them unread; named in the footer, as
        # the key that opened them: "esc Back t Contents" left it unknown)
        Binding("question_mark", "close", "Back", key_display="?"),
        Binding("t", "toggle_contents", "Contents"),
        # (with the contents closed the text is all that takes the focus, and a Tab did nothing)
        Binding("tab", "move_focus(1)", "Focus next", show=False),
        Binding("shift+tab", "move_focus(-1)", "Focus previous", show=False),
        # (the text's pages wherever the focus is: with the contents open, PageDown only moved
        # their cursor, and the rules seemed stuck; the arrows walk the contents)
        Binding("pagedown", "page(1)", "Page down", show=False, priority=True),
        Binding("pageup", "page(-1)", "Page up", show=False, priority=True),
    ]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.title = f"Rules — {game.title}"

    def compose(self) -> ComposeResult:
        yield RulesViewer(self.game.rules, id="rules")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one(MarkdownViewer).focus()

    def set_focus(self, widget: Widget | None, scroll_visible: bool = True, from_app_focus: bool = False) -> None:
        """The text takes the focus where the reader is: Textual scrolls a focused widget into
        view from its top, and the text, taller than the screen, went back to the title at a
        Tab from the contents (the reader's place three pages on, lost)."""
        if isinstance(widget, Markdown):
            scroll_visible = False
        super().set_focus(widget, scroll_visible, from_app_focus)

    def action_move_focus(self, step: int) -> None:
        """Tab between the contents and the text; with the contents closed, say so."""
        if len(self.focus_chain) < 2:
            self.notify(ONLY_THE_TEXT, timeout=4)
        elif step > 0:
            self.focus_next()
        else:
            self.focus_previous()

    def action_close(self) -> None:
        if self.query_one(RulesViewer).loaded:
            self.app.pop_screen()

    def action_page(self, pages: int) -> None:
        viewer = self.query_one(MarkdownViewer)
        if pages > 0:
            viewer.scroll_page_down()
        else:
            viewer.scroll_page_up()

    def action_toggle_contents(self) -> None:
        """Show the contents with the focus in them (the arrows and Enter scrolled the text, and
        only a Tab walked the contents), or hide them; hidden with the focus in them, the focus
        goes back to the text (else no widget has it, and the arrows scroll nothing). Either way
        the text keeps the reader's place: the block at its top stays at its top, though the
        text rewraps to the room the contents leave (it jumped to another section, and hiding
        them went back to the title)."""
        viewer = self.query_one(MarkdownViewer)
        reading = top_block(viewer)
        viewer.show_table_of_contents = not viewer.show_table_of_contents
        if viewer.show_table_of_contents:  # (once shown: a hidden widget takes no focus)
            self.call_after_refresh(contents_focused, viewer.table_of_contents.query_one(Tree))
        else:  # (once hidden: hiding them clears the focus; the text's top shown, it went back to it)
            self.call_after_refresh(viewer.document.focus, scroll_visible=False)
        if reading is not None:
            self.call_after_refresh(viewer.scroll_to_widget, reading, top=True, animate=False, immediate=True)


def contents_focused(contents: Tree[Any]) -> None:
    """The contents with the focus, their cursor on the title at least: it stood on no line, and
    the first Down only put it on the title (three Downs opened the second section, not the third)."""
    contents.focus()
    if contents.cursor_line < 0:
        contents.cursor_line = 0


def top_block(viewer: MarkdownViewer) -> Widget | None:
    """The block of the text at the viewer's top (None: the text is at its start)."""
    if viewer.scroll_y <= 0:
        return None
    return next((block for block in viewer.document.children if block.region.bottom > viewer.region.y), None)
