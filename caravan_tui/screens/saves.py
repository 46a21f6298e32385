"""Load: the saves list; resume or delete (with confirmation). Damaged files are listed with
their reason and can be deleted, never opened; one damaged after its start can be recovered
(with confirmation): opened at its last whole move, the damaged file kept beside it. File
names, names and reasons are text, never markup."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from datetime import datetime

from rich.console import RenderableType
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.coordinate import Coordinate
from textual.message import Message
from textual.reactive import var
from textual.widgets import DataTable, Static
from textual.worker import get_current_worker

from caravan_tui.bus import MAX_SEATS
from caravan_tui.games import GAMES
from caravan_tui.match.host import save_problem
from caravan_tui.match_review import default_seat
from caravan_tui.safe_text import LONG, as_text, plain
from caravan_tui.saves import SaveEntry, Snapshot
from caravan_tui.saves.codec import NEWER, DamagedSave
from caravan_tui.saves.loading import checked_entry, last_played
from caravan_tui.saves.reviews import ReviewShelf
from caravan_tui.screens.base import BaseScreen
from caravan_tui.screens.dialogs import ConfirmScreen
from caravan_tui.screens.requests import OpenReplay, OpenReview, ResumeMatch
from caravan_tui.screens.table_seat import LEVEL_SUFFIX, fit_name
from caravan_tui.seats import SeatSpec
from caravan_tui.widgets.bound_text import BoundText
from caravan_tui.widgets.footer import KeysFooter
from caravan_tui.words import score_run, seats_line

MIN_SEATS = 10  # the Seats column's least width, however narrow the screen
COLUMNS = ("Game", "Seats", "Moves · score", "Played", "Status")


def _when(timestamp: float) -> str:
    """Short, to leave the seats room at 80 columns: the time today, the day this year, else
    the year (the line under the list gives the whole date)."""
    when, now = datetime.fromtimestamp(timestamp), datetime.now()
    if when.date() == now.date():
        return when.strftime("%H:%M")
    return when.strftime("%b %d" if when.year == now.year else "%Y")


def seats_words(names: list[str], width: int) -> str:
    """The seats as "Ann vs AI 2 (normal)" (three or more: "Ann, AI 2 (normal), AI 3 (hard)"),
    within ``width`` cells: each name whole while they fit, else each in its stable short form
    (``fit_name``: "AI 2", then cut with an ellipsis), the first ones whole before the later
    ones (yours is first), and "+2" for the names left out."""
    names = [plain(name) for name in names]
    gap = " vs " if len(names) == 2 else ", "
    whole = seats_line(names)
    if len(whole) <= width:
        return whole
    short = seats_line(LEVEL_SUFFIX.sub("", name) for name in names)
    if len(short) <= width:
        return short
    room = width - len(f" +{len(names)}")  # what is left once "+3" can say how many are not shown
    fitted, left = [], room
    for name in names:  # the first names whole, the later ones in what is left
        if left < 2:
            break
        fitted.append(fit_name(name, left))
        left -= len(fitted[-1]) + len(gap)
    missing = len(names) - len(fitted)  # never a shorter list that reads as the whole table
    return plain(gap.join(fitted), room) + (f" +{missing}" if missing else "")


Cells = tuple[str, list[str], str, str, str]
#: seconds between the batches of rows sent while the saves are read (the first row goes at once)
ROWS_EVERY = 0.2


def entry_cells(entry: SaveEntry) -> Cells:
    """(game, seat names, moves and score, last played, status) in words; the seats are fit to
    the room left once the other columns are whole (``seats_words``)."""
    snap = entry.snapshot
    if snap is None:
        newer = (entry.error or "").startswith(NEWER)  # not damage: this release is older than the save
        return "?", [entry.match_id], "", _when(entry.modified), "newer" if newer else "damaged"
    game = GAMES[snap.game_id]  # the entry was checked: its game exists and its log replays
    progress = str(len(snap.actions))
    if snap.state:
        progress += " · " + score_run(game.from_data(snap.state).scores())
    return game.title, list(snap.names), progress, _when(snap.updated), snap.status


class SavesScreen(BaseScreen):
    #: the highlighted save in words (or why there is none)
    detail: var[RenderableType] = var("")
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("enter", "resume", "Resume", priority=True),
        # (a finished match reopens on its result: "⏎ Resume" stood over one)
        Binding("enter", "resume_over", "Result", priority=True),
        Binding("w", "watch", "Watch the replay"),
        Binding("v", "review", "Review"),
        Binding("d,delete", "delete", "Delete"),
        Binding("r", "recover", "Recover"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.entries: dict[str, SaveEntry] = {}
        self.cells: dict[str, Cells] = {}
        self._complete = False  # every save read (``Found.done``)
        self._room = 0  # the width the rows' seats are fit to
        self.listed = asyncio.Event()  # set once every save is read and listed

    def compose(self) -> ComposeResult:
        yield Static("Saved matches — Enter resumes, w watches the replay, v reviews, d deletes", id="saves-title")
        yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
        yield BoundText(id="saves-detail").data_bind(text=SavesScreen.detail)
        yield KeysFooter()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns(*COLUMNS)
        self.reload()
        table.focus()

    @dataclass
    class Found(Message):
        """Saves read and checked (``rows``), in the order the files were last written; ``done``:
        the last of them (then the list takes its order: the last played first)."""

        rows: list[tuple[SaveEntry, Cells]]
        done: bool = False

    @dataclass
    class Unlistable(Message):
        """The saves folder cannot be listed."""

        error: OSError

    def reload(self) -> None:
        """Read the saves again, off the screen's thread: each is replayed to be checked (some
        seconds for a thousand), and the rows come as they are read while keys work."""
        self.query_one(DataTable).clear()
        self.entries, self.cells, self._complete, self._room = {}, {}, False, 0
        self.listed = asyncio.Event()
        self.detail = "Reading the saves…"
        self._read_saves()

    @work(thread=True, exclusive=True, group="saves")
    def _read_saves(self) -> None:
        worker = get_current_worker()
        rows: list[tuple[SaveEntry, Cells]] = []
        sent: float | None = None  # when rows were last sent (the first go at once)
        try:
            for entry in self.local_app.store.each_entry():
                if worker.is_cancelled:
                    return
                entry = checked_entry(entry)
                rows.append((entry, entry_cells(entry)))
                if sent is None or time.monotonic() - sent > ROWS_EVERY:
                    self.post_message(self.Found(rows))  # (post_message is thread-safe)
                    rows, sent = [], time.monotonic()
                # the interpreter to the screen's thread between saves, if it waits for it: else
                # it waited out Python's switch interval (5 ms) again and again behind the replays,
                # and the first rows and every key with them came late
                time.sleep(0)
        except OSError as exc:
            self.post_message(self.Unlistable(exc))
            return
        self.post_message(self.Found(rows, done=True))

    def on_saves_screen_unlistable(self, message: Unlistable) -> None:
        self.entries, self.cells = {}, {}
        self.detail = as_text(message.error, limit=LONG)
        self.listed.set()

    def on_saves_screen_found(self, message: Found) -> None:
        for entry, cells in message.rows:
            self.entries[entry.match_id], self.cells[entry.match_id] = entry, cells
        room = self.seats_room(list(self.cells.values()))
        order = sorted(self.entries.values(), key=last_played, reverse=True) if message.done else None
        if room != self._room or (order is not None and [e.match_id for e in order] != list(self.entries)):
            if order is not None:
                self.entries = {entry.match_id: entry for entry in order}
                self.cells = {match_id: self.cells[match_id] for match_id in self.entries}
            self.fill()  # (fit to the widest so far; once all are read, in their order)
        else:
            table = self.query_one(DataTable)
            for entry, (game, names, progress, played, status) in message.rows:
                shown = (game, seats_words(names, room), progress, played, status)
                table.add_row(*map(as_text, shown), key=entry.match_id)
        if message.done:
            self._complete = True
            if not self.entries:
                self.detail = "No saved matches yet."
            self.listed.set()

    def seats_room(self, rows: list[Cells]) -> int:
        """The Seats column's width: what the screen leaves once the other columns are whole
        (a status word is never cut), a cell's padding each side and the scrollbar counted."""
        widest = [
            max([len(header)] + [len(row[column]) for row in rows])
            for column, header in ((0, "Game"), (2, "Moves · score"), (3, "Played"), (4, "Status"))
        ]
        return max(MIN_SEATS, (self.app.size.width or 80) - sum(widest) - 2 * 5 - 2)

    def fill(self) -> None:
        """The rows, their seats fit to the screen's width (again after a resize, the same row
        under the cursor)."""
        table = self.query_one(DataTable)
        current = self._current()
        row = table.cursor_row
        table.clear(columns=True)  # (a column keeps the widest width it had: a narrower screen would cut Status)
        table.add_columns(*COLUMNS)
        room = self._room = self.seats_room(list(self.cells.values()))
        for match_id, (game, names, progress, played, status) in self.cells.items():
            cells = (game, seats_words(names, room), progress, played, status)
            table.add_row(*map(as_text, cells), key=match_id)
        if current is not None and current.match_id in self.cells:  # (the same save under the cursor)
            table.move_cursor(row=list(self.cells).index(current.match_id))
        elif self.cells and row is not None:
            table.move_cursor(row=min(row, len(self.cells) - 1))

    def on_resize(self) -> None:
        if self.cells and self._complete:  # (while they come, the rows are fit as they come)
            self.fill()

    def _current(self) -> SaveEntry | None:
        table = self.query_one(DataTable)
        if not self.entries or not table.is_valid_row_index(table.cursor_row):
            return None  # (none yet, or the rows are being read again)
        key = table.coordinate_to_cell_key(Coordinate(table.cursor_row, 0)).row_key.value
        return None if key is None else self.entries.get(key)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.refresh_bindings()
        entry = None if event.row_key.value is None else self.entries.get(event.row_key.value)
        if entry is not None:
            snapshot = entry.snapshot
            detail = f"{entry.match_id}: " + (
                f"damaged — {entry.error}" if snapshot is None else f"{seats_line(snapshot.names)} · {snapshot.status}"
            )
            if entry.recovery:
                detail += f" · r recovers it: {entry.recovery}"
            self.detail = as_text(detail, limit=LONG)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter says what it opens: "Resume" for a match being played (or a save not read yet),
        "Result" for a finished one."""
        if action in ("resume", "resume_over"):
            entry = self._current()
            over = entry is not None and entry.snapshot is not None and entry.snapshot.status != "playing"
            return over == (action == "resume_over")
        return True

    def action_resume_over(self) -> None:
        self.action_resume()

    def _loadable(self) -> Snapshot | None:
        """The highlighted save, if it can be opened (a damaged one says why)."""
        entry = self._current()
        if entry is not None and entry.snapshot is None:
            offer = f" (r recovers it: {entry.recovery})" if entry.recovery else ""
            self.notify(f"This save cannot be opened: {entry.error}{offer}", severity="error")
        return None if entry is None else entry.snapshot

    def action_resume(self) -> None:
        snapshot = self._loadable()
        if snapshot is not None:
            self.post_message(ResumeMatch(snapshot.match_id))

    def action_watch(self) -> None:
        snapshot = self._loadable()
        if snapshot is None:
            return
        people = [seat for seat, spec in enumerate(snapshot.seats) if SeatSpec.parse(spec).is_person]
        self.post_message(OpenReplay(snapshot.match_id, people[0] if people else None))

    def action_review(self) -> None:
        """The review of a finished match, from the first seat a person played."""
        snapshot = self._loadable()
        if snapshot is not None:
            self.post_message(OpenReview(snapshot.match_id, default_seat(snapshot)))

    def action_delete(self) -> None:
        entry = self._current()
        if entry is None:
            return

        def confirmed(yes: bool | None) -> None:
            if not yes:
                return
            try:
                self.local_app.store.delete(entry.match_id)
            except OSError as exc:  # open in another window, a folder that cannot be written, ...
                self.notify(
                    f"Cannot delete {entry.match_id}: {save_problem(exc)}", title="Not deleted", severity="warning"
                )
                return
            ReviewShelf(self.local_app.store.root).forget(entry.match_id, MAX_SEATS)
            self.notify(f"Deleted {entry.match_id}")
            self.reload()

        self.app.push_screen(ConfirmScreen(f"Delete the save {entry.match_id}?", yes="Delete", no="Keep"), confirmed)

    def action_recover(self) -> None:
        entry = self._current()
        if entry is None:
            return
        if not entry.recovery:
            self.notify("Only a save damaged after its start can be recovered.", severity="warning")
            return

        def confirmed(yes: bool | None) -> None:
            if not yes:
                return
            try:
                recovered = self.local_app.store.recover(entry.match_id)
            except (OSError, DamagedSave) as exc:
                self.notify(
                    f"Cannot recover {entry.match_id}: {save_problem(exc)}", title="Not recovered", severity="warning"
                )
                return
            self.notify(
                f"Recovered {entry.match_id} at move {recovered.moves}; the damaged file is kept as "
                f"{recovered.kept.name}"
            )
            self.reload()

        self.app.push_screen(
            ConfirmScreen(
                f"Recover {entry.match_id}: {entry.recovery}? The damaged file is kept.",
                yes="Recover",
                no="Keep as it is",
            ),
            confirmed,
        )
