"""The lobby of a hosted server (DESIGN §7): the matches being played, their seats (taken,
free, yours), whose turn it is, and who is online. Join a free seat (or go back to yours),
watch a match, or create one; below, the finished matches you played, whose replays open here."""

from __future__ import annotations

import time

from rich.cells import cell_len
from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.reactive import var
from textual.widget import Widget
from textual.widgets import DataTable

from caravan_tui.bus import MAX_NAME
from caravan_tui.games import GAMES
from caravan_tui.hub_protocol import (
    MAX_CODE,
    MAX_REASON,
    UNSETTLED_WORDS,
    AskHistory,
    AskLeaderboard,
    AskWebLink,
    DeclineRematch,
    FinishedRow,
    Ignore,
    JoinSeat,
    Lobby,
    LobbyRow,
    Moderate,
    TakeSeatBack,
    Watch,
    WatchReplay,
)
from caravan_tui.safe_text import LONG, as_text, plain
from caravan_tui.screens.base import BaseScreen
from caravan_tui.screens.dialogs import AskLineScreen, ChoiceScreen, ConfirmScreen
from caravan_tui.screens.requests import NewMatch, OpenReview, OpenRules, ToHub
from caravan_tui.screens.row_tables import (
    RowTable,
    beside_scrollbar,
    fit_columns,
    resized,
    row_at_cursor,
    row_table,
    without,
)
from caravan_tui.screens.table_seat import LEVEL_SUFFIX, fit_name
from caravan_tui.seat_kinds import STANDING_IN, WHILE_AWAY
from caravan_tui.seat_labels import AWAY, FREE, INVITED, STAND_IN_SEAT, YOURS
from caravan_tui.seats import names_called
from caravan_tui.widgets.bound_text import BoundText
from caravan_tui.widgets.focus_mark import mark_focus
from caravan_tui.widgets.footer import KeysFooter
from caravan_tui.words import LIST

#: every column at 80 columns with the border and each cell's padding (two cells kept for a
#: scrollbar that was not there had cut a 40-letter name with cells to spare)
SEATS_WIDTH, TO_MOVE_WIDTH = 37, 12
#: the To move column's width where a long game title takes room (its name is in Seats too):
#: "Open seat 2" whole (it read "Open sea…")
TO_MOVE_LEAST = 11
MAX_RATING = 6  # characters of a rating beside a name
#: the cells a name cut in the Seats column keeps at the least for a shorter one to stay whole
NAME_LEAST = 5
#: "Watch" over a count of watchers: "Watching" kept 8 cells for a digit, cut from the names; where
#: no match is watched, the column is left out and its cells are the names'
COLUMNS = (("Game", 16), ("Seats", SEATS_WIDTH), ("To move", TO_MOVE_WIDTH), ("Watch", 5))
#: what Enter on the matches says while none is played here (it did nothing and said nothing,
#: under "Your finished matches · enter: replay")
NO_MATCH_HERE = "No match is being played here: c creates one"
FINISHED_BELOW = "; tab goes to your finished matches, where enter replays one"
FINISHED_COLUMNS = (("Game", 15), ("Against", 23), ("Result", 20), ("Ended", 12))
RESULT_WIDTH = FINISHED_COLUMNS[2][1]
#: what a guest reads before taking a seat (a new visit is a new identity: the seat's code is
#: their way back to it; "an AI plays it for good" was the one way a guest's seat went)
GUEST_SEAT = (
    "As a guest, you get a seat code with your seat: if you leave (or your line drops), "
    "k here with it takes the seat back, on this visit or a later one, while the match is played."
)
#: what a guest reads under a match whose seats are all taken (one of them maybe theirs, held
#: for them after a dropped line: only the lobby's line says the key, the key bar being full)
GUEST_BACK = "One of them yours, from before a dropped line or a restart? k takes it back with its seat code."


def game_title(game_id: str) -> str:
    """The game's title; a game this server does not know by its id, as the hub sent it."""
    game = GAMES.get(game_id)
    return game.title if game else game_id


def title_room(game_ids: list[str]) -> int:
    """The cells the longest title of these games takes (a Game column as wide keeps each whole:
    "Caravans of Ahl…" was cut while the Seats column beside it had room); an id no game has
    gets no room of its own (it is cut)."""
    return max((cell_len(GAMES[game_id].title) for game_id in game_ids if game_id in GAMES), default=0)


def game_cell(row: LobbyRow) -> Text:
    """The game's title, after the word "unsaved" while the server cannot save the match."""
    cell = as_text(game_title(row.game))
    cell.overflow, cell.no_wrap = "ellipsis", True
    if row.unsaved:
        cell = Text.assemble(("unsaved ", "bold reverse"), cell)
        cell.overflow, cell.no_wrap = "ellipsis", True
    return cell


def finished_words(row: FinishedRow, mine: bool = True, width: int | None = None) -> str:
    """How a finished match went for you: "You won", "Bob won", "You resigned", "Shared: you
    and Bob", "Draw" (every seat shares the win: "Shared: Alice and Bob" was cut to fit a
    record's column) (``mine`` False: for the person at ``row.yours``, by name: "Ann won"). An AI
    seat is "AI 2" (``seats.names_called``): the Against column beside it names its level. In
    ``width`` cells a long name is cut, not what became of it ("Annabelle the Very L" of
    "Annabelle the Very Long Named Caravan Tr won"); a winner whose name would be cut is not
    named: "You lost" ("Marig… won" read as the record's own result, the winner's name half
    gone, where the Against column beside it names every seat)."""
    if not 0 <= row.yours < len(row.result) or len(row.result) != len(row.names):
        return "Over"
    whole = names_called(row.names, row.kinds)
    names = [fit_name(name, None if width is None else width - len(" resigned")) for name in whole]

    def you(then: str) -> str:  # (the name cut for the words after it: "bo lost" read "… lost" in 7 cells)
        return "You" if mine else fit_name(whole[row.yours], None if width is None else width - len(then))

    best = max(row.result)
    winners = [seat for seat, share in enumerate(row.result) if share == best and share > 0]
    if row.gave_up is True:  # (whatever the AI that played the seat on made of it)
        return resigned_words(you(" resigned"), whole, winners, row.yours, width)
    if row.resigned is not None and row.resigned != row.yours and 0 <= row.resigned < len(names):
        # (another's resignation ended it, or an AI played the seat on: it read "You resigned" to
        # a person who had not, and "Bob won" of his stand-in's points beside her +121; then only
        # "Bob left", of a match she had won, and of one she lost to his stand-in alike)
        return others_resigned(row, names, you(" lost"), width)
    if row.yours not in winners:
        if row.status == "resigned":
            return resigned_words(you(" resigned"), whole, winners, row.yours, width)
        if len(winners) != 1:
            return "Lost"
        winner = fit_name(whole[winners[0]], None if width is None else width - len(" won"))
        return f"{you(' lost')} lost" if winner.endswith("…") and winner != whole[winners[0]] else f"{winner} won"
    if len(winners) == 1:  # (the name cut for " won", not " resigned": "Bo won" read "… won" in 8 cells)
        return f"{you(' won')} won"
    if len(winners) == len(row.result):
        return "Draw"
    return "Shared: " + " and ".join("you" if mine and seat == row.yours else names[seat] for seat in winners)


def others_resigned(row: FinishedRow, names: list[str], you: str, width: int | None) -> str:
    """How a match another seat's person resigned (``row.resigned``) went for ``you``, as the
    ratings count it and its result screen ends by saying (the resigned seat last, whatever the
    AI that played it on made of it): "You won, Bob left", "Shared, Bob resigned", "You lost,
    Bob left"; the resignation left out where it does not fit ``width``."""
    assert row.resigned is not None
    others = [seat for seat in range(len(row.result)) if seat != row.resigned]
    best = max(row.result[seat] for seat in others)
    top = [seat for seat in others if row.result[seat] == best]
    base = f"{you} won" if top == [row.yours] else "Shared" if row.yours in top else f"{you} lost"
    said = f"{base}, {names[row.resigned]} {'left' if row.left is True else 'resigned'}"
    return said if width is None or cell_len(said) <= width else base


def resigned_words(you: str, names: list[str], winners: list[int], yours: int, width: int | None) -> str:
    """ "You resigned, Bob won" where one other seat won and its whole name fits ``width``, else
    "You resigned" (a record's Result column said only that, and who won was nowhere)."""
    resigned = f"{you} resigned"
    if len(winners) != 1 or winners[0] == yours:
        return resigned
    said = f"{resigned}, {names[winners[0]]} won"
    return said if width is None or cell_len(said) <= width else resigned


def result_room(rows: list[FinishedRow], width: int, mine: bool = True) -> int:
    """The cells the Result column needs for ``rows`` (at most ``width``): the rest goes to the
    names beside it ("You won" in a column of 20 beside "QadiriyyaHassa…, AI 3")."""
    said = [cell_len(finished_words(row, mine, width)) for row in rows]
    return min(width, max([cell_len("Result"), *said]))


#: the fewest cells a name cut to share an Against cell keeps ("Ann…"); else fewer names show, and "+N"
LEAST_NAME = 4


def against_words(row: FinishedRow, width: int) -> str:
    """Every other seat of ``row``'s match (AI seats with their level) in ``width`` cells: the
    names whole if they fit, else each cut (``fit_name``: an AI's level goes first) to share the
    cells, and where even that leaves a name fewer than ``LEAST_NAME`` cells, the first few and
    how many more ("Annabell…, AI 3"; "Bob, Cyd +2"). The seats were joined and the whole cut
    at the column's end: the third seat of a match behind a long name never showed."""
    names = [plain(name, LONG) for seat, name in enumerate(row.names) if seat != row.yours]
    for shown in range(len(names), 0, -1):
        more = f" +{len(names) - shown}" if shown < len(names) else ""
        fitted = shared_names(names[:shown], width - len(more) - len(", ") * (shown - 1))
        if fitted is not None:
            return ", ".join(fitted) + more
    return fit_name(names[0], width) if names else ""


def shared_names(names: list[str], room: int) -> list[str] | None:
    """``names`` fit to share ``room`` cells (the shortest whole first, the cells they leave
    shared among the rest), in their order; None where one would be cut below ``LEAST_NAME``.
    Where they do not all fit, the AI seats' levels go before any letter of a name ("Annabelle
    Mar…, AI 3 (normal)"), and come back where the cells left hold them."""
    if sum(len(name) for name in names) <= room:
        return names
    levelled, names = names, [LEVEL_SUFFIX.sub("", name) for name in names]
    fitted = dict.fromkeys(range(len(names)), "")
    left = len(names)
    for index in sorted(range(len(names)), key=lambda index: len(names[index])):
        share = room // left
        fitted[index] = fit_name(names[index], share)
        if fitted[index] != names[index] and share < LEAST_NAME:
            return None
        room, left = room - len(fitted[index]), left - 1
    # the cells a name left by shrinking more than its share (an AI's level dropped whole) go to
    # the names cut before it ("Bob Lon…, AI 3" stood in 20 cells with six of them empty)
    for index in range(len(names)):
        if fitted[index] != names[index] and room > 0:
            wider = fit_name(names[index], len(fitted[index]) + room)
            room -= len(wider) - len(fitted[index])
            fitted[index] = wider
    for index, name in enumerate(levelled):
        if fitted[index] == names[index] != name and len(name) - len(names[index]) <= room:
            room -= len(name) - len(names[index])
            fitted[index] = name
    return list(fitted.values())


def when_words(ended: float) -> str:
    try:
        return time.strftime("%d %b %H:%M", time.localtime(ended))
    except (OverflowError, ValueError, OSError):
        return ""


def rating_words(row: LobbyRow, seat: int) -> str:
    """The seat's person's rating in the row's game ("1043", "?" until it settles), or ""."""
    rating = row.ratings[seat] if seat < len(row.ratings) else ""
    return plain(rating, MAX_RATING) if isinstance(rating, str) else ""


#: what ``k`` asks (and the name's question, where the name typed is a seat's)
SEAT_CODE_QUESTION = "Your seat code? (8 letters, as your table gave it, like K7QM-2XPH.)"


def seat_words(row: LobbyRow, seat: int, width: int | None = None, rated: bool = True) -> str:
    """The seat in the Seats column: its player's name (fit to ``width`` cells, ``fit_name``)
    with their rating (``rated``), and what the seat is ("(you)", "(away)", "· AI", "(invited)"),
    or "(free)"."""
    name, kind = fit_name(plain(row.names[seat]), width), row.kinds[seat]
    if rated and (rating := rating_words(row, seat)):
        name = f"{name} {rating}"
    if kind == "open":
        return INVITED(name=name) if row.invited else FREE()
    if kind == "invited":
        return INVITED(name=name)
    if seat == row.yours:
        return YOURS(name=name)
    if kind == STANDING_IN:
        return STAND_IN_SEAT(name=name)
    return AWAY(name=name) if kind == "away" else name


def mover_words(row: LobbyRow, width: int) -> str:
    """Whose move it is in ``row``'s match, in ``width`` cells: "you", a name, or "—"."""
    if row.to_move is not None and row.to_move == row.yours:
        return "you"
    names = names_called(row.names, row.kinds)  # (the Seats column names each level once)
    mover = names[row.to_move] if row.to_move is not None and row.to_move < len(names) else "—"
    return fit_name(plain(mover), width)


def your_seat_words(row: LobbyRow, seat: int) -> str:
    """The lobby's line under a match whose ``seat`` is yours and is played: one you left is
    kept, but an AI plays it once the grace is over ("You play seat 2" said nothing of it while
    an AI played on in your name), and then says so (the same words before and after read as if
    the seat still waited)."""
    kind = row.kinds[seat] if seat < len(row.kinds) else ""
    if kind == "away":
        return AWAY(name=f"You play seat {seat + 1}") + f": {WHILE_AWAY}. Enter takes you back to it."
    if kind == STANDING_IN:
        return AWAY(name=f"You play seat {seat + 1}") + f": {STANDING_IN_NOW}. Enter takes you back to it."
    return f"You play seat {seat + 1}: enter takes you back to it."


#: the lobby's line under a seat of yours an AI plays now, until you are back
STANDING_IN_NOW = "an AI plays it now, until you are back"


def seats_words(row: LobbyRow, width: int) -> str:
    """Every seat's words in ``width`` cells: where they do not fit, the longest names are cut,
    never what a seat is (a cut "(away)" is the one thing a lobby is read for); the ratings are left
    out before a name is cut ("Ma… ? (away), [… ? (you), G… · AI": three seats no one could tell
    apart)."""
    said = _seats_fitted(row, width, rated=True)
    if any(rating_words(row, seat) for seat in range(len(row.names))):
        # (they give way before a name is cut: "Maxim… ?, [b]z… ?" beside a To move column that
        # named both whole, and "Bartholomew… ?" read as a question)
        whole = LIST.join(seat_words(row, seat) for seat in range(len(row.names)))
        if said.count("…") > whole.count("…"):
            said = _seats_fitted(row, width, rated=False)
    return said


def ratings_left_out(row: LobbyRow, width: int) -> str:
    """The ratings ``seats_words`` left out of the row's ``width`` cells for its names, as the
    line under the matches says them ("Ratings: Abcdefghij ?, Bo 1043."), or "": a 40-letter
    name took its rating off the row while that line said what a "?" beside one is."""
    rated = [seat for seat in range(len(row.names)) if rating_words(row, seat)]
    if not rated or seats_words(row, width) == _seats_fitted(row, width, rated=True):
        return ""
    return "Ratings: " + LIST.join(f"{plain(row.names[seat])} {rating_words(row, seat)}" for seat in rated) + "."


def _seats_fitted(row: LobbyRow, width: int, rated: bool) -> str:
    """``seats_words`` with or without the ratings."""
    seats = range(len(row.names))
    whole = [seat_words(row, seat, rated=rated) for seat in seats]
    if len(LIST.join(whole)) <= width:
        return LIST.join(whole)
    names = [plain(name) for name in row.names]
    named = [seat for seat in seats if whole[seat].startswith(names[seat])]
    room = (
        width
        - 2 * (len(whole) - 1)
        - sum(len(whole[seat]) - (len(names[seat]) if seat in named else 0) for seat in seats)
    )
    widths: dict[int, int] = {}
    order = sorted(named, key=lambda seat: len(names[seat]))
    for left, seat in enumerate(order):
        later = len(named) - left - 1
        # a short name whole where the longer ones after it keep ``NAME_LEAST`` cells each: an
        # even share cut "[b]z[/b]" to "[b]z[…" (half a tag) beside a 40-letter name cut anyway
        whole_fits = later and room - len(names[seat]) >= NAME_LEAST * later
        widths[seat] = len(names[seat]) if whole_fits else max(1, min(len(names[seat]), room // (later + 1)))
        room -= len(fit_name(names[seat], widths[seat]))  # (an AI's name may come out shorter)
    for seat in order:  # what an AI's shorter name left goes to a name cut before it ("cAR…")
        if room > 0 and len(fit_name(names[seat], widths[seat])) < len(names[seat]):
            was = len(fit_name(names[seat], widths[seat]))
            # (the widest that fits the room: a cut at a space grows by more than the cells given,
            # and "Maximilianus Aurelianus C… ?, (fre…" cut what the seat is)
            for wider in range(min(len(names[seat]), widths[seat] + room), widths[seat], -1):
                grown = len(fit_name(names[seat], wider)) - was
                if grown <= room:
                    widths[seat] = wider
                    room -= grown
                    break
    return LIST.join(seat_words(row, seat, widths.get(seat), rated) for seat in seats)


def yours(rows: list[LobbyRow]) -> list[str]:
    """The matches of ``rows`` that hold a seat for you (yours, or a rematch's kept for you)."""
    return [row.match for row in rows if row.yours is not None or row.invited]


class LobbyScreen(BaseScreen):
    #: the title line, the highlighted match in words and who is online (shown by bound lines)
    heading: var[RenderableType] = var("caravan-tui · connecting…")
    detail: var[RenderableType] = var("")
    online: var[RenderableType] = var("")
    DEFAULT_CSS = """
    #lobby-title { height: 1; padding: 0 1; color: $accent; }
    #lobby-matches { height: 1fr; border: round $primary; }
    #lobby-matches:focus { border: round $accent; }
    #lobby-detail { height: auto; padding: 0 1; }
    #lobby-online { height: auto; max-height: 3; padding: 0 1; color: $text-muted; }
    #lobby-finished { height: auto; max-height: 7; border: round $panel; }
    #lobby-finished:focus { border: round $accent; }
    """
    BINDINGS = [
        # (each word short: all ten whole in 80 columns, where "q Quit" read "q Q")
        Binding("j", "join", "Join", tooltip="Take a free seat, or go back to yours (enter too)"),
        Binding("w", "watch", "Watch"),
        Binding("v", "review", "Review", tooltip="The review of the finished match highlighted below"),
        # (priority: the keys typed after it are held for the form it opens, see ``hold_keys``)
        Binding("c", "create", "New", tooltip="Create a match: the game, its seats and options", priority=True),
        Binding("r", "rules", "Rules"),
        # (? is a table's key for its rules and F1 help in most programs: here they did nothing)
        Binding("question_mark,f1", "rules", "Rules", show=False),
        # (priority, as c: the keys typed while the hub answers are held for the screen it opens)
        Binding("b", "leaderboard", "Ranks", tooltip="Each game's best rated players", priority=True),
        Binding(
            "h", "history", "Record", tooltip="Your finished matches, filtered; anyone's record by name", priority=True
        ),
        Binding(
            "m", "hide_chat", "Mute", tooltip="Hide someone's chat from you alone (or show it again)", priority=True
        ),
        Binding("l", "web_link", "Web", tooltip="A one-time link that signs a browser in as you"),
        Binding("o", "moderate", "Mod", tooltip="Kick, ban or mute a person, or close the highlighted match"),
        Binding("q", "app.quit", "Quit"),
        # (said on the line under the matches where a rematch keeps a seat for you: the footer is full)
        Binding("x", "decline", "Decline", show=False, tooltip="Decline the rematch that keeps a seat for you"),
        # (a guest's one way back to a seat, in their footer too: said only under the matches, it
        # was missed; a guest has no web link and no moderation, so the ten keys fit)
        Binding("k", "seat_code", "Seat code", tooltip="Take your seat back with its seat code (a guest's)"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[LobbyRow] = []
        self.seats_width = 0  # (the Seats column's: the line under the matches says what it left out)
        self.finished: list[FinishedRow] = []
        #: the lobby shown, shown again in columns that fit where a list's scrollbar comes or goes
        self.lobby: Lobby | None = None

    def compose(self) -> ComposeResult:
        yield BoundText(id="lobby-title").data_bind(text=LobbyScreen.heading)
        yield row_table("lobby-matches", "Matches", COLUMNS)
        yield BoundText(id="lobby-detail").data_bind(text=LobbyScreen.detail)
        yield row_table(
            "lobby-finished", "Your finished matches · enter: replay · v: review", FINISHED_COLUMNS, shown=False
        )
        yield BoundText(id="lobby-online").data_bind(text=LobbyScreen.online)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#lobby-matches", DataTable).focus()
        self.watch(self, "focused", self.focus_moved, init=False)
        if self.hosted_app.lobby is not None:
            self.show(self.hosted_app.lobby)
        for table in self.query(DataTable):
            self.watch(table, "show_vertical_scrollbar", self.scrollbar_changed, init=False)
        self.show_title()

    def scrollbar_changed(self, _shown: bool) -> None:
        if self.lobby is not None:
            self.show(self.lobby)

    def focus_moved(self, focused: Widget | None) -> None:
        """The line under the matches, and the ``▸`` of the list with the focus: back from a
        replay opened from the finished matches, Enter replayed another, the focus there shown
        only by a border's colour."""
        self.show_detail()
        for table in self.query(DataTable):
            mark_focus(table, table is focused)

    def show_title(self) -> None:
        who = self.hosted_app.player_name
        self.heading = as_text(f"caravan-tui · playing as {who}" if who else "caravan-tui", style="bold")

    def show(self, lobby: Lobby) -> None:
        """Redraw the matches, keeping the highlighted one highlighted, but for a match that is
        newly yours (back from a match you left, a rematch kept for you): that one, the focus
        with it, so Enter takes you there (the row highlighted was someone else's, and yours
        could be out of sight; Enter on the finished matches replayed an old one). (Before the
        screen is mounted there are no columns yet: mounting shows the app's latest lobby.)"""
        table = self.query_one("#lobby-matches", DataTable)
        if not table.columns:
            return
        self.lobby = lobby
        current = self.selected()
        held = yours(self.rows)
        invitations = {row.match for row in self.rows if row.invited}
        self.rows = [LobbyRow.from_map(row) for row in lobby.matches]
        for row in self.rows:
            if row.invited and row.match not in invitations:
                game = GAMES.get(row.game)
                self.notify(
                    f"A rematch of {game.title if game else 'a match'} waits for you in the lobby.", title="Rematch"
                )
        # the Game column as wide as its titles (and "unsaved"), no wider: the names beside it were
        # cut to "Sa…" and "A…" while it kept cells empty after "Camel Caravan"
        unsaved = len("unsaved ") if any(row.unsaved for row in self.rows) else 0
        game_width = max(len("Game"), title_room([row.game for row in self.rows]) + unsaved)
        spared = min(game_width - dict(COLUMNS)["Game"], TO_MOVE_WIDTH - TO_MOVE_LEAST)
        columns = resized(COLUMNS, "Game", dict(COLUMNS)["Game"] + spared, "To move")
        columns = resized(columns, "Game", game_width, "Seats")  # (the rest from the names, cut with care)
        # (a name cut in To move no wider than its own column: the cells the Game column spares go
        # to the names in Seats, where "Aaaaaaaaaaaaaa…" beside them had cut "[b]z[/b]")
        movers = [mover_words(row, min(dict(columns)["To move"], TO_MOVE_WIDTH)) for row in self.rows]
        # the To move column as wide as what it holds, the rest the names': "Ab… (you), …, AI…"
        # beside "Bo" in 12 cells
        needed = max([len("To move"), *(len(mover) for mover in movers)])
        columns = resized(columns, "To move", min(needed, dict(columns)["To move"]), "Seats")
        # and wider where the names leave Seats cells empty ("Marguerite-…" to move beside the
        # whole "Bo, Marguerite-Antoinette" and cells to spare)
        whole = [cell_len(mover_words(row, LONG)) for row in self.rows]
        spare = dict(columns)["Seats"] - max([len("Seats"), *(cell_len(seats_words(row, LONG)) for row in self.rows)])
        wider = min(max([needed, *whole]), dict(columns)["To move"] + max(0, spare))
        if wider > dict(columns)["To move"]:
            columns = resized(columns, "To move", wider, "Seats")
            movers = [mover_words(row, wider) for row in self.rows]
        watched = any(row.watchers for row in self.rows)
        if not watched:
            columns = without(columns, "Watch", "Seats")
        columns = beside_scrollbar(table, columns, "Seats")
        fit_columns(table, columns)
        self.seats_width = seats_width = dict(columns)["Seats"]
        for row, to_move in zip(self.rows, movers, strict=True):
            cells = [game_cell(row), Text(seats_words(row, seats_width), overflow="ellipsis", no_wrap=True)]
            cells += [as_text(to_move), Text(str(row.watchers))] if watched else [as_text(to_move)]
            table.add_row(*cells, key=row.match)
        matches = [row.match for row in self.rows]
        keep = next((match for match in yours(self.rows) if match not in held), None)
        if keep is not None and self.focused is self.query_one("#lobby-finished", DataTable):
            table.focus()
        if keep is None and current is not None and current.match in matches:
            keep = current.match
        if keep is not None:
            table.move_cursor(row=matches.index(keep))
        self.show_finished(lobby)
        online = ", ".join(lobby.online)
        self.online = Text(plain(f"Online: {online}", LONG), overflow="ellipsis")
        self.show_detail()
        self.show_title()

    def show_finished(self, lobby: Lobby) -> None:
        """The finished matches you played, shown only when there are some."""
        table = self.query_one("#lobby-finished", DataTable)
        self.finished = [FinishedRow.from_map(row) for row in lobby.finished]
        game_width = max(cell_len("Game"), title_room([row.game for row in self.finished]))
        columns = resized(FINISHED_COLUMNS, "Game", game_width, "Against")
        columns = resized(columns, "Result", result_room(self.finished, RESULT_WIDTH), "Against")
        columns = beside_scrollbar(table, columns, "Against")
        fit_columns(table, columns)
        against = dict(columns)["Against"]
        for row in self.finished:
            table.add_row(
                as_text(game_title(row.game)),
                Text(against_words(row, against), overflow="ellipsis", no_wrap=True),
                Text(plain(finished_words(row, width=RESULT_WIDTH)), overflow="ellipsis", no_wrap=True),
                Text(when_words(row.ended)),
                key=row.match,
            )
        table.display = bool(self.finished)
        matches = self.query_one("#lobby-matches", RowTable)
        matches.empty_enter = NO_MATCH_HERE + (FINISHED_BELOW if self.finished else "") + "."

    def selected(self) -> LobbyRow | None:
        return row_at_cursor(self.query_one("#lobby-matches", DataTable), self.rows)

    def show_detail(self) -> None:
        """The line under the matches: what Enter does on the list that has the focus (after a
        review the finished matches kept it, while the line spoke of the match above: Enter
        opened a replay)."""
        finished = self.query_one("#lobby-finished", DataTable)
        if self.focused is finished:  # (its ``has_focus`` follows a message later)
            done = row_at_cursor(finished, self.finished)
            game = f"Your finished match of {game_title(done.game)}" if done is not None else "Your finished matches"
            self.detail = Text(f"{game}: enter replays it, v reviews it; tab goes back to the matches.", style="italic")
            return
        row = self.selected()
        if row is None:
            text = "No match is being played: c creates one."
        elif row.yours is not None and row.waiting:
            text = (
                f"Nobody is at the table: the match waits for its people. You play seat {row.yours + 1}: "
                "enter takes you back to it."
            )
        elif row.yours is not None:
            text = your_seat_words(row, row.yours)
        elif row.invited:
            text = "You are invited to this rematch: your seat is kept for you, enter takes it, x declines it."
        elif row.free:
            free = len(row.free)
            text = f"{free} free seat{'s' if free > 1 else ''}: enter joins, w watches."
        elif row.waiting:
            text = "Every seat is taken, and nobody is at the table: the match waits for its people."
        else:
            text = "Every seat is taken: w watches."
        if row is not None and (left_out := ratings_left_out(row, self.seats_width)):
            text = f"{text} {left_out}"
        if row is not None and any(rating_words(row, seat) == "?" for seat in range(len(row.names))):
            text = f"{text} {UNSETTLED_WORDS}"  # (the "?" beside a name, said where it shows)
        if row is not None and row.code:
            text = f"{text} Your seat code: {row.code} (k with it takes the seat back, if you leave)."
        elif self.hosted_app.guest and (row is None or row.yours is not None or row.free):
            text = f"{text} {GUEST_SEAT}"
        elif self.hosted_app.guest:  # (a guest back after a drop sees their seat taken: the way back)
            text = f"{text} {GUEST_BACK}"
        if row is not None and row.unsaved:
            text = f"The server cannot save this match ({row.unsaved}); it keeps the moves and retries. {text}"
        self.detail = Text(text, style="italic")

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.show_detail()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.data_table.id == "lobby-finished":
            self.action_replay()
        else:
            self.action_join()

    def action_replay(self) -> None:
        """Ask for the replay of the finished match highlighted below."""
        row = row_at_cursor(
            self.query_one("#lobby-finished", DataTable),
            self.finished,
            "You have no finished match to replay here yet.",
        )
        if row is not None:
            self.post_message(ToHub(WatchReplay(row.match)))

    def action_review(self) -> None:
        """Ask for the review of the finished match highlighted below, from your seat."""
        row = row_at_cursor(
            self.query_one("#lobby-finished", DataTable),
            self.finished,
            "You have no finished match to review here yet.",
        )
        if row is None:
            return
        self.post_message(OpenReview(row.match, row.yours))

    def action_join(self) -> None:
        row = self.selected()
        if row is None:
            self.notify("There is no match to join: c creates one.", severity="warning")
            return
        if row.yours is not None:
            self.post_message(ToHub(JoinSeat(row.match, row.yours)))
        elif len(row.free) == 1:
            self.post_message(ToHub(JoinSeat(row.match, row.free[0])))
        elif row.free:

            def chosen(index: int | None) -> None:
                if index is not None:
                    self.post_message(ToHub(JoinSeat(row.match, row.free[index])))

            self.app.push_screen(ChoiceScreen("Which seat?", [f"Seat {seat + 1}" for seat in row.free]), chosen)
        else:
            self.notify("Every seat is taken: w watches the match.", severity="warning")

    def action_decline(self) -> None:
        """Decline the rematch highlighted that keeps a seat for you: an AI plays it from then on
        (from the matches: with the finished ones focused, ``x`` declined a rematch not in sight)."""
        row = None if self.focused is self.query_one("#lobby-finished", DataTable) else self.selected()
        if row is None or not row.invited:
            self.notify("No rematch keeps a seat for you there: x declines one that does.", severity="warning")
            return
        self.post_message(ToHub(DeclineRematch(row.match)))

    def action_watch(self) -> None:
        """Watch the match highlighted; one with a seat of yours asks first whether to take it back
        (watched, your own seat read "Bob (away) to play…" while its grace ran out, with no way to
        play; taken back on ``w`` without a word, Watch did what Enter does)."""
        row = self.selected()
        if row is None:
            self.notify("There is no match to watch.", severity="warning")
            return
        if row.yours is None:
            self.post_message(ToHub(Watch(row.match)))
            return
        seat = row.yours

        def answered(back: bool | None) -> None:
            self.post_message(ToHub(JoinSeat(row.match, seat) if back else Watch(row.match)))

        question = f"You play seat {seat + 1} of this match: take it back (y), or watch it from outside (n)?"
        self.app.push_screen(ConfirmScreen(question, yes="Take my seat back", no="Watch", yes_first=True), answered)

    def action_create(self) -> None:
        self.table_app.hold_keys()
        self.post_message(NewMatch())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "moderate":
            return self.hosted_app.operator
        if action == "seat_code":
            return self.hosted_app.guest
        return self.hosted_app.web or action != "web_link"

    def action_hide_chat(self) -> None:
        def named(name: str | None) -> None:
            if name:
                hide = name.casefold() not in self.hosted_app.hidden
                self.hosted_app.hidden.symmetric_difference_update({name.casefold()})
                self.post_message(ToHub(Ignore(name, hide)))

        self.hosted_app.ask_line(
            AskLineScreen("Hide whose chat from you, while the server runs? (Their name again shows it.)", MAX_NAME),
            named,
        )

    def action_moderate(self) -> None:
        """The operators' actions: the person named, or the highlighted match, and a reason."""
        actions = [
            ("kick", 0, "Kick a person (end their session)"),
            ("ban", 0, "Ban a person's key"),
            ("mute", 10, "Mute a person's chat for 10 minutes"),
            ("mute", 60, "Mute a person's chat for an hour"),
        ]
        row = self.selected()
        if row is not None:
            actions.append(("close", 0, "Close the highlighted match (its people are told why)"))

        def chosen(index: int | None) -> None:
            if index is None:
                return
            action, minutes, _ = actions[index]

            def reasoned(target: str, reason: str | None) -> None:
                if reason is not None:
                    self.post_message(ToHub(Moderate(action, target, minutes, reason)))

            if action == "close" and row is not None:
                self.hosted_app.ask_line(
                    AskLineScreen("Why is it closed? (Its people read it.)", MAX_REASON),
                    lambda reason: reasoned(row.match, reason),
                )
                return

            def named(name: str | None) -> None:
                if name:
                    self.hosted_app.ask_line(
                        AskLineScreen("Why? (They read it; enter alone: no reason.)", MAX_REASON),
                        lambda reason: reasoned(name, reason),
                    )

            self.hosted_app.ask_line(AskLineScreen("Whom? (Their name.)", MAX_NAME), named)

        self.app.push_screen(ChoiceScreen("Operator", [words for _, _, words in actions]), chosen)

    def action_history(self) -> None:
        self.table_app.hold_keys()  # (passed on by the record once it is up, or by a refusal)
        self.post_message(ToHub(AskHistory()))

    def action_seat_code(self) -> None:
        def entered(code: str | None) -> None:
            if code:
                self.post_message(ToHub(TakeSeatBack(code)))

        self.hosted_app.ask_line(AskLineScreen(SEAT_CODE_QUESTION, MAX_CODE), entered)

    def action_web_link(self) -> None:
        self.post_message(ToHub(AskWebLink()))

    def action_leaderboard(self) -> None:
        self.table_app.hold_keys()  # (passed on by the leaderboard once it is up, or by a refusal)
        self.post_message(ToHub(AskLeaderboard()))

    def action_rules(self) -> None:
        """The games' picker, on the highlighted match's game: always the picker, so that the keys
        after ``r`` are the picker's (with a match highlighted ``r`` opened its game's rules
        straight away, and the Down and Enter meant for the picker scrolled them)."""
        row = self.selected()
        self.post_message(OpenRules(first=GAMES.get(row.game) if row else None))
