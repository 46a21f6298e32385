"""Scrolling that counts every key: Textual's line and page scrolls work out where to go when the
key is handled but move only after the next refresh, so the keys of one burst (a held ↓, keys
typed fast over SSH, arriving in one read) all set out from the same place: ten ↓ scrolled the
rules one line. Here each key moves on from where the last one is going, at once."""

from __future__ import annotations

from textual.actions import SkipAction
from textual.containers import VerticalScroll
from textual.widget import Widget


class EachKeyScrolls(Widget):
    """A scrolling widget's ↑ ↓ PageUp PageDown, each from the target of the one before. Named
    after the widget's own class (Textual reads a class's CSS type names through its first
    base: a ``MarkdownViewer`` named after this one was no ``MarkdownViewer`` to a query)."""

    def scroll_by_keys(self, lines: float) -> None:
        if not self.allow_vertical_scroll:
            raise SkipAction()
        self.scroll_to(y=self.scroll_target_y + lines, animate=False, immediate=True)

    def action_scroll_up(self) -> None:
        self.scroll_by_keys(-1)

    def action_scroll_down(self) -> None:
        self.scroll_by_keys(1)

    def action_page_up(self) -> None:
        self.scroll_by_keys(-self.scrollable_content_region.height)

    def action_page_down(self) -> None:
        self.scroll_by_keys(self.scrollable_content_region.height)


class KeyScroll(VerticalScroll, EachKeyScrolls):
    """A ``VerticalScroll`` whose every key scrolls (``EachKeyScrolls``)."""
