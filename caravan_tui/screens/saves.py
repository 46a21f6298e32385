"""Load: the saves list; resume or delete (with confirmation). Damaged files are listed with
their reason and can be deleted, never opened; one damaged after its start can be recovered
(with confirmation): opened at its last whole move, the damaged file kept beside it. File
names, names and reasons are text, never markup."""
from __future__ import annotations

from datetime import datetime

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding
from textual.coordinate import Coordinate
from textual.reactive import var
from textual.widgets import DataTable, Static

from caravan_tui.bus import MAX_SEATS
from caravan_tui.games import GAMES
from caravan_tui.match.host import save_problem
from caravan_tui.match_review import default_seat
from caravan_tui.safe_text import LONG, as_text, plain
from caravan_tui.saves import SaveEntry, Snapshot
from caravan_tui.saves.codec import NEWER, DamagedSave
from caravan_tui.saves.loading import checked_entries
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


def entry_cells(entry: SaveEntry) -> tuple[str, list[str], str, str, str]:
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
        Binding("w", "watch", "Watch the replay"),
        Binding("v", "review", "Review"),
        Binding("d,delete", "delete", "Delete"),
        Binding("r", "recover", "Recover"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.entries: dict[str, SaveEntry] = {}
        self.cells: dict[str, tuple[str, list[str], str, str, str]] = {}

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

    def reload(self) -> None:
        table = self.query_one(DataTable)
        table.clear()
        try:
            self.entries = {entry.match_id: entry for entry in checked_entries(self.local_app.store)}
        except OSError as exc:
            self.entries, self.cells = {}, {}
            self.detail = as_text(exc, limit=LONG)
            return
        self.cells = {match_id: entry_cells(entry) for match_id, entry in self.entries.items()}
        self.fill()
        if not self.entries:
            self.detail = "No saved matches yet."

    def seats_room(self, rows: list[tuple[str, list[str], str, str, str]]) -> int:
        """The Seats column's width: what the screen leaves once the other columns are whole
        (a status word is never cut), a cell's padding each side and the scrollbar counted."""
        widest = [max([len(header)] + [len(row[column]) for row in rows])
                  for column, header in ((0, "Game"), (2, "Moves · score"), (3, "Played"), (4, "Status"))]
        return max(MIN_SEATS, (self.app.size.width or 80) - sum(widest) - 2 * 5 - 2)

    def fill(self) -> None:
        """The rows, their seats fit to the screen's width (again after a resize, the same row
        under the cursor)."""
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear(columns=True)  # (a column keeps the widest width it had: a narrower screen would cut Status)
        table.add_columns(*COLUMNS)
        room = self.seats_room(list(self.cells.values()))
        for match_id, (game, names, progress, played, status) in self.cells.items():
            cells = (game, seats_words(names, room), progress, played, status)
            table.add_row(*map(as_text, cells), key=match_id)
        if self.cells and row is not None:
            table.move_cursor(row=min(row, len(self.cells) - 1))

    def on_resize(self) -> None:
        if self.cells:
            self.fill()

    def _current(self) -> SaveEntry | None:
        table = self.query_one(DataTable)
        if not self.entries or table.cursor_row is None:
            return None
        key = table.coordinate_to_cell_key(Coordinate(table.cursor_row, 0)).row_key.value
        return None if key is None else self.entries.get(key)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        entry = None if event.row_key.value is None else self.entries.get(event.row_key.value)
        if entry is not None:
            snapshot = entry.snapshot
            detail = f"{entry.match_id}: " + (f"damaged — {entry.error}" if snapshot is None else
                                              f"{seats_line(snapshot.names)} · {snapshot.status}")
            if entry.recovery:
                detail += f" · r recovers it: {entry.recovery}"
            self.detail = as_text(detail, limit=LONG)

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
                self.notify(f"Cannot delete {entry.match_id}: {save_problem(exc)}", title="Not deleted",
                            severity="warning")
                return
            ReviewShelf(self.local_app.store.root).forget(entry.match_id, MAX_SEATS)
            self.notify(f"Deleted {entry.match_id}")
            self.reload()

        self.app.push_screen(ConfirmScreen(f"Delete the save {entry.match_id}?", yes="Delete", no="Keep"),
                             confirmed)

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
                self.notify(f"Cannot recover {entry.match_id}: {save_problem(exc)}", title="Not recovered",
                            severity="warning")
                return
            self.notify(f"Recovered {entry.match_id} at move {recovered.moves}; the damaged file is kept as "
                        f"{recovered.kept.name}")
            self.reload()

        self.app.push_screen(ConfirmScreen(f"Recover {entry.match_id}: {entry.recovery}? The damaged file is kept.",
                                           yes="Recover", no="Keep as it is"), confirmed)
