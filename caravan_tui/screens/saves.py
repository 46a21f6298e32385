"""Load: the saves list; resume or delete (with confirmation). Damaged files are listed with
their reason and can be deleted, never opened. File names, names and reasons are text, never
markup."""
from __future__ import annotations

from datetime import datetime

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.coordinate import Coordinate
from textual.widgets import DataTable, Static

from caravan_tui.games import GAMES
from caravan_tui.safe_text import LONG, as_text, plain
from caravan_tui.screens.base import MIN_WIDTH, BaseScreen
from caravan_tui.screens.dialogs import ConfirmScreen
from caravan_tui.screens.game import fit_name
from caravan_tui.screens.requests import OpenReplay, ResumeMatch
from caravan_tui.seats import SeatSpec
from caravan_tui.widgets.footer import KeysFooter
from saves import SaveEntry, Snapshot
from saves.loading import checked_entries

#: with the other columns and a scrollbar, a row fits 80 columns (a wider screen gives it the rest)
SEATS_WIDTH = 16


def seats_words(names: list[str], width: int) -> str:
    """The seats' names in ``width`` cells: whole when they fit, else each in its stable short
    form ("Ann vs AI 2", never "Ann vs AI 2 (nor…"), else the first and how many more ("Ann +3")."""
    names = [plain(name) for name in names]
    whole = " vs ".join(names)
    if len(whole) <= width or not names:
        return whole
    short = " vs ".join(fit_name(name, (width - 4 * (len(names) - 1)) // len(names)) for name in names)
    if len(short) <= width and "…" not in short:
        return short
    more = f" +{len(names) - 1}"
    return fit_name(names[0], width - len(more)) + more


def _when(timestamp: float) -> str:
    """Short enough for 80 columns: the year only when it is not this one."""
    when = datetime.fromtimestamp(timestamp)
    return when.strftime("%b %d %H:%M" if when.year == datetime.now().year else "%Y-%m-%d")


def entry_row(entry: SaveEntry, seats_width: int = SEATS_WIDTH) -> tuple[Text, ...]:
    """(game, seats, moves and score, last played, status) in words."""
    snap = entry.snapshot
    if snap is None:
        row = ("?", plain(entry.match_id, seats_width), "", _when(entry.modified), "damaged")
    else:
        game = GAMES[snap.game_id]  # the entry was checked: its game exists and its log replays
        progress = str(len(snap.actions))
        if snap.state:
            progress += " · " + "–".join(f"{s:g}" for s in game.from_data(snap.state).scores())
        row = (game.title, seats_words(snap.names, seats_width), progress, _when(snap.updated), snap.status)
    return tuple(map(as_text, row))


class SavesScreen(BaseScreen):
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("enter", "resume", "Resume", priority=True),
        Binding("w", "watch", "Watch the replay"),
        Binding("d,delete", "delete", "Delete"),
    ]

    def compose(self) -> ComposeResult:
        yield Static("Saved matches — Enter resumes, w watches the replay, d deletes", id="saves-title")
        yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
        yield Static("", id="saves-detail")
        yield KeysFooter()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("Game", "Seats", "Moves · score", "Played", "Status")
        self.reload()
        table.focus()

    def reload(self) -> None:
        table = self.query_one(DataTable)
        table.clear()
        try:
            self.entries = {entry.match_id: entry for entry in checked_entries(self.local_app.store)}
        except OSError as exc:
            self.entries = {}
            self.query_one("#saves-detail", Static).update(as_text(exc, limit=LONG))
            return
        seats_width = SEATS_WIDTH + max(0, self.app.size.width - MIN_WIDTH)
        for entry in self.entries.values():
            table.add_row(*entry_row(entry, seats_width), key=entry.match_id)
        if not self.entries:
            self.query_one("#saves-detail", Static).update("No saved matches yet.")

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
                                              f"{' vs '.join(snapshot.names)} · {snapshot.status}")
            self.query_one("#saves-detail", Static).update(as_text(detail, limit=LONG))

    def _loadable(self) -> Snapshot | None:
        """The highlighted save, if it can be opened (a damaged one says why)."""
        entry = self._current()
        if entry is not None and entry.snapshot is None:
            self.notify(f"This save is damaged: {entry.error}", severity="error")
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

    def action_delete(self) -> None:
        entry = self._current()
        if entry is None:
            return

        def confirmed(yes: bool | None) -> None:
            if yes:
                self.local_app.store.delete(entry.match_id)
                self.notify(f"Deleted {entry.match_id}")
                self.reload()

        self.app.push_screen(ConfirmScreen(f"Delete the save {entry.match_id}?", yes="Delete", no="Keep"),
                             confirmed)
