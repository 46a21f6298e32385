"""A person's finished matches on a server (DESIGN §7), yours or anyone's by name: filtered by
game and by opponent, each with its result and what it did to the rating; their rating in each
game above. Everything here came over the network: shown as text, each row checked."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.reactive import var
from textual.widgets import DataTable

from caravan_tui.bus import MAX_NAME
from caravan_tui.games import GAMES
from caravan_tui.hub_protocol import GUEST_UNRATED, UNSETTLED_WORDS, AskHistory, FinishedRow, History, WatchReplay
from caravan_tui.safe_text import LONG, as_text, plain
from caravan_tui.screens.base import BaseScreen
from caravan_tui.screens.dialogs import AskLineScreen, ChoiceScreen
from caravan_tui.screens.lobby import against_words, finished_words, result_room, title_room, when_words
from caravan_tui.screens.requests import ToHub
from caravan_tui.screens.row_tables import beside_scrollbar, fit_columns, resized, row_table, without
from caravan_tui.widgets.bound_text import BoundText
from caravan_tui.widgets.footer import KeysFooter

#: (label, width): every column whole at 80 columns with the border and each cell's padding
#: ("25 Nov 23:" was cut off the end), the longest title whole ("Caravans of Ahl"); names that
#: do not fit end in "…"; "Change": what the match did to the rating (−81), not the rating, which
#: the line above the table gives. The Game column is as wide as the longest title listed, the
#: rest of its room the names' ("Bob, AI 3 (no…" beside "Camel Caravan" and 8 empty cells).
#: A record longer than the screen gives its scrollbar the names' cells (it cut "01 Jan 00:0").
COLUMNS = (("Game", 21), ("Against", 14), ("Result", 15), ("Change", 6), ("Ended", 12))


def history_rows(history: History) -> list[FinishedRow]:
    """The rows the hub sent that are rows (one that is not is left out)."""
    rows = []
    for data in history.matches if isinstance(history.matches, list) else []:
        try:
            row = FinishedRow.from_map(data)
        except TypeError:
            continue
        if (
            isinstance(row.names, list)
            and all(isinstance(n, str) for n in row.names)
            and isinstance(row.yours, int)
            and (row.rating is None or type(row.rating) is int)
        ):
            rows.append(row)
    return rows


def ratings_line(history: History) -> str:
    """ "Ratings: Decktet Caravan 1043 (12 matches), …." (and what a "?" is, if one shows), or
    that there are none yet."""
    items = [
        item
        for item in history.ratings
        if isinstance(history.ratings, list)
        if isinstance(item, list)
        and len(item) == 3
        and item[0] in GAMES
        and isinstance(item[1], str)
        and type(item[2]) is int
    ]
    if not items:
        return "No rated match yet."
    found = [
        f"{GAMES[game].title} {plain(rating, 6)} ({matches} match{'' if matches == 1 else 'es'})"
        for game, rating, matches in items
    ]
    unsettled = any(plain(rating, 6).endswith("?") for _, rating, _ in items)
    return f"Ratings: {', '.join(found)}." + (f" {UNSETTLED_WORDS}" if unsettled else "")


class HistoryScreen(BaseScreen):
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("g", "game", "Game", tooltip="Only one game's matches (or every game's)"),
        # (priority: the keys typed after them are held for the line they open, see ``ask_line``)
        Binding(
            "a",
            "against",
            "Against",
            tooltip="Only the matches against someone (their name or part of it)",
            priority=True,
        ),
        Binding("n", "someone", "Someone", tooltip="Another person's record, by name", priority=True),
    ]
    #: whose record, filtered how; their ratings
    heading: var[RenderableType] = var("")
    ratings: var[RenderableType] = var("")
    DEFAULT_CSS = """
    #history-title { height: auto; padding: 0 1; color: $accent; }
    #history-ratings { height: auto; padding: 0 1; }
    #history-matches { height: 1fr; border: round $primary; }
    """

    def __init__(self, history: History) -> None:
        super().__init__()
        self.history = history
        self.rows: list[FinishedRow] = []
        #: the name last typed for ``n`` while its record has not come (a refusal keeps it for the next ``n``)
        self.name_typed = ""

    def compose(self) -> ComposeResult:
        yield BoundText(id="history-title").data_bind(text=HistoryScreen.heading)
        yield BoundText(id="history-ratings").data_bind(text=HistoryScreen.ratings)
        yield row_table("history-matches", "Finished matches · enter: replay (your own)", COLUMNS)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.show(self.history)
        table = self.query_one(DataTable)
        self.watch(table, "show_vertical_scrollbar", lambda _: self.fill(), init=False)
        table.focus()
        self.table_app.pass_held_keys()  # (typed while the hub answered: the record's, in order)

    @property
    def mine(self) -> bool:
        return self.history.name == self.hosted_app.player_name

    def show(self, history: History) -> None:
        self.history, self.rows, self.name_typed = history, history_rows(history), ""
        filters = [GAMES[history.game].title] if history.game in GAMES else []
        filters += [f"against {plain(history.against)}"] if history.against else []
        whose = "Your record" if self.mine else f"The record of {plain(history.name)}"
        self.heading = as_text(whose + (f" · {', '.join(filters)}" if filters else ""), style="bold", limit=LONG)
        guest = self.mine and self.hosted_app.guest  # (the hub rates keys only)
        self.ratings = as_text(GUEST_UNRATED if guest else ratings_line(history), limit=LONG)
        self.fill()

    def fill(self) -> None:
        """The rows, in columns that fit them and the scrollbar where it shows."""
        table = self.query_one(DataTable)
        game_width = max(cell_len("Game"), title_room([row.game for row in self.rows]))
        columns = resized(COLUMNS, "Game", game_width, "Against")
        columns = beside_scrollbar(table, columns, "Against")
        # the Result column as wide as it needs, up to what the Against column leaves ("Marco…
        # resigned" beside Against cells left blank)
        needed = max([cell_len("Against"), *(cell_len(against_words(row, LONG)) for row in self.rows)])
        spare = dict(columns)["Against"] - needed
        most = dict(COLUMNS)["Result"] + max(0, spare)
        columns = resized(columns, "Result", result_room(self.rows, most, self.mine), "Against")
        rated = any(row.rating is not None for row in self.rows)
        if not rated:  # (a guest's record, or matches never rated: a column of empty cells)
            columns = without(columns, "Change", "Against")
        fit_columns(table, columns)
        for row in self.rows:
            game = GAMES.get(row.game)
            against = against_words(row, dict(columns)["Against"])
            rating = "" if row.rating is None else f"{'+' if row.rating >= 0 else '−'}{abs(row.rating)}"
            cells = [
                as_text(game.title if game else row.game),
                Text(against, overflow="ellipsis", no_wrap=True),
                Text(plain(finished_words(row, self.mine, dict(columns)["Result"])), overflow="ellipsis", no_wrap=True),
                *([Text(rating)] if rated else []),
                Text(when_words(row.ended)),
            ]
            table.add_row(*cells)

    def ask(self, name: str | None = None, game: str | None = None, against: str | None = None) -> None:
        history = self.history
        whose = history.name if not self.mine else ""
        self.post_message(
            ToHub(
                AskHistory(
                    whose if name is None else name,
                    history.game if game is None else game,
                    history.against if against is None else against,
                )
            )
        )

    def action_game(self) -> None:
        games = list(GAMES.values())

        def chosen(index: int | None) -> None:
            if index is not None:
                self.ask(game="" if index == 0 else games[index - 1].id)

        self.app.push_screen(ChoiceScreen("Which game?", ["Every game", *(g.title for g in games)]), chosen)

    def action_against(self) -> None:
        self.hosted_app.ask_line(
            AskLineScreen("Against whom? (A name or part of it; enter alone: anyone.)", MAX_NAME),
            lambda text: None if text is None else self.ask(against=text),
        )

    def action_someone(self) -> None:
        def typed(text: str | None) -> None:
            if text is not None:
                self.name_typed = text
                self.ask(name=text, game="", against="")

        self.hosted_app.ask_line(
            AskLineScreen("Whose record? (Their name; enter alone: yours.)", MAX_NAME, value=self.name_typed), typed
        )

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """The replay of a match the person looking played: theirs, or one in another's record
        they played in too (the server checks it was theirs)."""
        if not 0 <= event.cursor_row < len(self.rows):
            return
        row = self.rows[event.cursor_row]
        if self.mine or self.hosted_app.player_name in (
            name for seat, name in enumerate(row.names) if seat != row.yours
        ):
            self.post_message(ToHub(WatchReplay(row.match)))
        else:
            self.notify("Only the people who played a match may replay it.", severity="warning")
