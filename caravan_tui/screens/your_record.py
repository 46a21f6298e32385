"""Your record (from Home): per game and opponent, the matches you finished, won, your mean
points and place, and your streaks; below, each game's best solo results, whose replay ``w``
opens. Built from the saves (``saves.record``), off the screen's thread: the first look after
many new saves reads them all."""

from __future__ import annotations

import time

from rich.console import RenderableType
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.reactive import var
from textual.widgets import DataTable

from caravan_tui.games import GAMES
from caravan_tui.safe_text import as_text
from caravan_tui.saves.record import SOLO, Finished, RecordIndex, RecordLine, record_lines, solo_bests
from caravan_tui.screens.base import BaseScreen
from caravan_tui.screens.requests import OpenReplay
from caravan_tui.screens.row_tables import row_at_cursor, row_table
from caravan_tui.widgets.bound_text import BoundText
from caravan_tui.widgets.footer import KeysFooter
from caravan_tui.words import MINUS, signed

#: (label, width): every column whole at 80 columns ("0 (bes" was cut off the streak's end,
#: "Caravans of Ahldar" off the longest title)
COLUMNS = (("Game", 21), ("Against", 13), ("Games", 5), ("Won", 3), ("Points", 6), ("Place", 5), ("Streak", 11))
#: a solo game's line: no one to beat, so no wins, place or streak, only the points
SOLO_AGAINST, NOT_SOLO = "nobody (solo)", "—"
#: the Title column as wide as the longest title a solo game earns ("Chief of the 5 tribe")
BEST_COLUMNS = (
    ("Game", 18),
    ("Points", 6),
    ("Title", max(len(title) for game in GAMES.values() for _, title in game.solo_titles)),
    ("When", 12),
)


def game_title(game: str) -> str:
    return GAMES[game].title if game in GAMES else game


def tenths(value: float) -> str:
    """``value`` to a tenth, with a true minus sign: "-9.0" stood where the tables write "−9"."""
    return f"{value:.1f}".replace("-", MINUS)


def line_cells(line: RecordLine) -> tuple[str, ...]:
    """A line's cells; a solo game's says it had no opponent instead of "Won 0, Place 1.0,
    Streak 0 (best 0)"."""
    if line.against == SOLO:
        return (
            game_title(line.game),
            SOLO_AGAINST,
            str(line.played),
            NOT_SOLO,
            tenths(line.mean_points),
            NOT_SOLO,
            NOT_SOLO,
        )
    return (
        game_title(line.game),
        line.against,
        str(line.played),
        str(line.won),
        tenths(line.mean_points),
        f"{line.mean_place:.1f}",
        f"{line.streak} (best {line.best_streak})",
    )


class YourRecordScreen(BaseScreen):
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("w", "replay", "Replay", tooltip="Watch the highlighted best solo match again"),
    ]
    heading: var[RenderableType] = var("Your record · reading your saves…")
    DEFAULT_CSS = """
    #record-title { height: 1; padding: 0 1; color: $accent; }
    #record-lines { height: 1fr; border: round $primary; }
    #record-bests { height: auto; max-height: 12; border: round $panel; }
    #record-bests:focus, #record-lines:focus { border: round $accent; }
    """

    def __init__(self, index: RecordIndex) -> None:
        super().__init__()
        self.index = index
        self.bests: list[Finished] = []

    def compose(self) -> ComposeResult:
        yield BoundText(id="record-title").data_bind(text=YourRecordScreen.heading)
        # ("Points 25.5, Place 1.5" read as a match's, not the mean of them)
        yield row_table("record-lines", "Finished matches, by game and opponent · Points, Place: means", COLUMNS)
        yield row_table("record-bests", "Best solo results · w: replay", BEST_COLUMNS, shown=False)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.load()

    @work(thread=True, exclusive=True)
    def load(self) -> None:
        try:
            finished = self.index.finished()
        except OSError as exc:
            self.app.call_from_thread(self.notify, f"Cannot read your saves: {exc.strerror or exc}", severity="error")
            return
        self.app.call_from_thread(self.show, finished)

    def show(self, finished: list[Finished]) -> None:
        lines = self.query_one("#record-lines", DataTable)
        lines.clear()
        for line in record_lines(finished):
            lines.add_row(*(as_text(cell) for cell in line_cells(line)))
        self.bests = [match for matches in solo_bests(finished).values() for match in matches]
        bests = self.query_one("#record-bests", DataTable)
        bests.clear()
        for match in self.bests:
            bests.add_row(
                as_text(game_title(match.game)),
                Text(signed(match.points)),
                as_text(match.title or "—"),
                Text(time.strftime("%d %b %Y", time.localtime(match.ended))),
            )
        bests.display = bool(self.bests)
        self.refresh_bindings()
        played = len(finished)
        self.heading = (
            f"Your record · {played} finished match{'es' if played != 1 else ''}"
            if played
            else "Your record · no finished match yet: it fills as you finish matches"
        )
        lines.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``w`` replays a best solo result: offered only where there is one (the footer offered
        it after a match against AIs, and it said there was no solo match to replay)."""
        return bool(self.bests) if action == "replay" else True

    def action_replay(self) -> None:
        best = row_at_cursor(
            self.query_one("#record-bests", DataTable), self.bests, "You have no solo match to replay yet."
        )
        if best is not None:
            self.post_message(OpenReplay(best.match_id, 0))
