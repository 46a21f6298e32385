"""Lines wrapped under their own text: a review's "  Better: …", a result's "• AI 2 played …"
(each row after a line's first starts under the text after its label or bullet, never at the
left edge). Lines are plain text, never markup."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.text import Text
from textual.geometry import Size
from textual.widgets import Static

from caravan_tui.ai.review_text import HANG, HANG_ROOM
from caravan_tui.safe_text import plain


def hanging(lines: Sequence[str], width: int, console: Console) -> Text:
    """``lines`` wrapped to ``width``, each row after a line's first under its text ("  Better:
    Caravan 5☀S≈V … ⏎ ··········the rest"), not at the left edge."""
    rows = []
    for line in lines:
        found = HANG.match(line)
        # (else under its own indent: "  AI 2 played Caravan …" went on at the left edge)
        head = found.group() if found and width - found.end() >= HANG_ROOM else line[: len(line) - len(line.lstrip())]
        head = head[: width // 2]
        body = Text(line[len(head) :])
        wrapped = body.wrap(console, width - len(head)) if width > len(head) else [body]
        rows += [Text(head if index == 0 else " " * len(head)) + row for index, row in enumerate(wrapped)]
    return Text("\n").join(rows)


class HangingLines(Static):
    """Lines, each wrapped under its own text (``hanging``), after a bold ``heading`` if given;
    each line at most ``room`` characters."""

    def __init__(self, lines: Sequence[str], room: int, heading: str = "", **kwargs) -> None:
        super().__init__(**kwargs)
        self.room, self.heading = room, plain(heading, room)
        self.lines = [plain(line, room) for line in lines]

    def show(self, lines: Sequence[str]) -> None:
        self.lines = [plain(line, self.room) for line in lines]
        self.refresh(layout=True)

    def render(self) -> Text:
        return self._drawn(self.content_size.width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._drawn(width).split())

    def _drawn(self, width: int) -> Text:
        body = hanging(self.lines, width, self.app.console)
        if not self.heading:
            return body
        heading = hanging([self.heading], width, self.app.console)
        heading.stylize("bold")
        return Text("\n").join([heading, body]) if self.lines else heading
