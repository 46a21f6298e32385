"""The season: one play a line, who played first and the cards wrapped under the cards."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.containers import ScrollableContainer
from textual.geometry import Size

from caravan_tui.widgets.drawn import TableDrawn
from caravan_tui.widgets.kept_rows import KeptRows


def flow(head: Text, words: list[Text], width: int, style: str = "") -> list[Text]:
    """``head`` then ``words`` separated by spaces, wrapped at ``width``; continuation lines are
    indented to where the words began, so the head (who played) stands alone on the left (a
    head too long for that: 2 spaces)."""
    indent = len(head) if len(head) <= width // 2 else 2
    lines, line = [], head.copy()
    fresh = True  # nothing but the head (or the indent) on this line yet
    for word in words:
        needed = len(word) + (0 if fresh else 1)
        # (a word goes under where it does not fit, after a word or after a head: beside a long
        # name it was drawn past the edge, and the other player read a caravan a card short)
        if len(line) + needed > width and (not fresh or line.plain.strip()):
            lines.append(line)
            line, fresh = Text(" " * indent), True
            needed = len(word)
        if not fresh:
            line.append(" ")
        line.append_text(word)
        fresh = False
    lines.append(line)
    for text in lines:
        text.stylize(style)
    return lines


@dataclass(frozen=True)
class SeasonLook:
    """The season's plays (who, cards, style) and the notes under them (what beats the top play)."""

    plays: tuple[tuple[Text, tuple[Text, ...], str], ...]
    notes: tuple[Text, ...]


class SeasonView(TableDrawn, KeptRows):
    """The season: one play a line (who played, then its cards), wrapped under the cards when
    it must, then what beats the top play; drawn from the table's state (``SeasonLook``), a
    new play drawing only its own line and the note under it (``KeptRows``)."""

    DEFAULT_CSS = "SeasonView { height: auto; padding: 0 1; }"

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.plays: list[tuple[Text, list[Text], str]] = []  # (who, cards, style)
        self.notes: list[Text] = []
        self._wrapped: tuple[int, list[Text]] | None = None  # (width, lines) as last wrapped

    def draw(self, look: SeasonLook) -> None:
        """The latest play and what beats it are at the bottom: they are kept in sight. Laid out
        again only when the lines change in number (a highlight that comes and goes is drawn in
        place)."""
        plays = [(head, list(cards), style) for head, cards, style in look.plays]
        if (plays, list(look.notes)) == (self.plays, self.notes):
            return
        width = self.content_size.width
        before = len(self.lines(width)) if width else None
        self.plays, self.notes, self._wrapped = plays, list(look.notes), None
        self.refresh(layout=before is None or len(self.lines(width)) != before)
        box = self.parent
        if isinstance(box, ScrollableContainer):
            box.call_after_refresh(box.scroll_end, animate=False)

    def lines(self, width: int) -> list[Text]:
        """The season wrapped at ``width``; kept until the plays or the width change (a layout
        asks for the height several times, the frame after it for the lines)."""
        width = max(width, 12)
        if self._wrapped is None or self._wrapped[0] != width:
            self._wrapped = width, self.wrap(width)
        return self._wrapped[1]

    def wrap(self, width: int) -> list[Text]:
        out: list[Text] = []
        for head, cards, style in self.plays:
            out.extend(flow(head, cards, width, style))
        for note in self.notes:
            words = [Text(word, style=note.style) for word in note.plain.split(" ")]
            out.extend(flow(Text(), words, width))
        return out

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(1, len(self.lines(width)))

    def render(self) -> Text:
        return Text("\n").join(self.lines(self.content_size.width))  # (join copies: the lines stay as kept)

    @property
    def text(self) -> str:
        return self.render().plain
