"""The shared widgets on their own (Pilot)."""

from __future__ import annotations

import asyncio
import dataclasses
import fcntl
import os
import struct
import termios
import threading
import time
from dataclasses import dataclass
from typing import Any

import pytest
from rich.text import Text
from textual import constants, events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.reactive import var
from textual.widgets import Static
from textual.widgets.option_list import Option

from caravan_tui.app import CaravanApp, TableApp
from caravan_tui.bus import MAX_NAME
from caravan_tui.escape_driver import IDLE_WAIT, InputFailed, PasteGuard, PromptEscapeDriver
from caravan_tui.saves import SaveStore
from caravan_tui.screens.table_client import cursor_pointed, list_pointed
from caravan_tui.screens.table_seat import TableState
from caravan_tui.textual_adapter import escape_wait, key_parser
from caravan_tui.widgets import ActionList, StopAtEnds
from caravan_tui.widgets.away_notice import AwayNotice
from caravan_tui.widgets.chip_grid import ChipGrid
from caravan_tui.widgets.footer import KeysFooter
from caravan_tui.widgets.messages import WidgetMessage


class ListApp(App[None]):
    def compose(self) -> ComposeResult:
        yield StopAtEnds(Option("first"), Option("off", disabled=True), Option("second"), Option("last"))


async def test_arrows_stop_at_the_ends_of_a_list_and_skip_disabled_rows():
    app = ListApp()
    async with app.run_test(size=(40, 10)) as pilot:
        rows = app.query_one(StopAtEnds)
        rows.focus()
        rows.highlighted = 0
        await pilot.press("up", "up")
        assert rows.highlighted == 0  # an OptionList would be on "last" now
        await pilot.press("down")
        assert rows.highlighted == 2  # "off" is skipped
        await pilot.press("down", "down", "down")
        assert rows.highlighted == 3
        # nothing lit: Up lights the first row too (it lit the last, a Decktet Caravan "Pass",
        # and Up then Enter passed the hand's last play)
        rows.highlighted = None
        await pilot.press("up")
        assert rows.highlighted == 0


def test_the_plays_list_stops_at_its_ends():
    assert issubclass(ActionList, StopAtEnds)


class Chips(ChipGrid):
    """A bare grid: a chip is its mark and face, Enter posts ``Pressed`` for the cursor's."""

    BINDINGS = [Binding("enter", "press", show=False)]

    @dataclass
    class Pressed(WidgetMessage["Chips"]):
        key: str

    def chip(self, index: int) -> Text:
        return self.face_chip(index, "›")

    def action_press(self) -> None:
        self.post_message(self.Pressed(self, self.keys[self.cursor]))


class ChipsApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.pressed: list[tuple[Chips, str]] = []

    def compose(self) -> ComposeResult:
        grid = Chips(4, label="In ", id="chips")
        grid.chips = [(f"k{n}", Text(f"c{n}")) for n in range(5)]
        yield grid

    def on_chips_pressed(self, event: Chips.Pressed) -> None:
        self.pressed.append((event.control, event.key))


async def test_a_chip_grid_reflows_moves_without_wrapping_and_hits_its_chips():
    app = ChipsApp()
    async with app.run_test(size=(15, 6)) as pilot:  # "In " and two 4-wide chips a line
        grid = app.query_one(Chips)
        grid.focus()
        await pilot.pause()
        assert grid.render().plain.splitlines() == ["In ›c0  ›c1 ", "   ›c2  ›c3 ", "   ›c4 "]
        await pilot.press("down", "down", "down", "right")
        assert grid.cursor == 4  # nothing below the last line, nothing right of the last chip
        assert (grid.cell_at(1, 0), grid.cell_at(8, 1), grid.cell_at(7, 1), grid.cell_at(8, 2)) == (None, 3, None, None)
        await pilot.click(Chips, offset=(3, 1))
        assert grid.cursor == 2
        await pilot.press("enter")
        assert app.pressed == [(grid, "k2")]
        # down from the second column onto a shorter last row: its last chip (Down from "9
        # Darkness" to a last row holding only "C Calamity" did nothing and said nothing)
        await pilot.press("right", "down")
        assert grid.cursor == 4


def test_a_lone_escape_is_read_once_the_parsers_wait_ends_not_at_the_next_idle_look(monkeypatch):
    """The input thread waits no longer than the parser's escape deadline (Textual's own waits
    0.1 s whatever is pending), and after that wait the parser gives the Escape key."""
    monkeypatch.setattr(constants, "ESCAPE_DELAY", 0.025)  # ESCDELAY=25, as SSH sessions have it
    parser = key_parser()
    assert escape_wait(parser, IDLE_WAIT) == IDLE_WAIT  # nothing pending: wake as rarely as Textual does
    assert list(parser.feed("\x1b")) == []  # maybe the start of a longer sequence
    wait = escape_wait(parser, IDLE_WAIT)
    assert 0 < wait <= 0.025 < IDLE_WAIT
    time.sleep(wait)
    assert [event.key for event in parser.tick() if isinstance(event, events.Key)] == ["escape"]
    assert escape_wait(parser, IDLE_WAIT) == IDLE_WAIT
    assert TableApp().get_driver_class() is PromptEscapeDriver  # (Linux)


def test_a_paste_with_escape_bytes_arrives_whole_in_order_wherever_the_reads_cut_it():
    """The bug: Textual's parser took the escape inside a paste for a key sequence and typed what
    followed it as keys, out of order and out of the paste ("^]0;title therehello"). The guard
    drops the escape bytes inside a paste, whatever two reads the input comes in, and passes
    everything else (an Escape pressed after it, a paste's markers) on as it came."""
    typed = "\x1b[200~hello \x1b]0;title\x07 there\x1b[201~x\x1b"
    for cut in range(len(typed) + 1):
        guard, parser = PasteGuard(), key_parser()
        passed = guard.feed(typed[:cut]) + guard.feed(typed[cut:])
        assert passed == "\x1b[200~hello ]0;title\x07 there\x1b[201~x\x1b", cut
        got = list(parser.feed(passed)) + list(parser.feed(""))
        pastes = [event.text for event in got if isinstance(event, events.Paste)]
        keys = [event.key for event in got if isinstance(event, events.Key)]
        assert pastes == ["hello ]0;title\x07 there"] and keys == ["x", "escape"], cut
    guard = PasteGuard()
    assert guard.feed("a\x1b[20") == "a\x1b[20" and guard.feed("0~b\x1b[2") == "0~b"  # the end held back
    assert guard.feed("01~\x1bc") == "\x1b[201~\x1bc" and not guard.pasting  # after it, escapes pass


async def through_the_input_thread(data: bytes | tuple[bytes, ...], kind: type, done) -> list:
    """The events of ``kind`` the driver's input thread passes on for ``data`` written to its
    terminal (a tuple: each part in a read of its own, written once the one before was read),
    once ``done(events)`` (or the thread ended, or 10 s went by)."""
    driver = PromptEscapeDriver(TableApp(), debug=False, mouse=False)
    read, write = os.pipe()
    driver.fileno = read
    got: list = []
    driver.process_message = lambda event: isinstance(event, kind) and got.append(event)
    thread = threading.Thread(target=driver.run_input_thread)
    thread.start()
    try:
        for part in data if isinstance(data, tuple) else (data,):
            while unread(read):
                await asyncio.sleep(0.001)
            os.write(write, part)
        deadline = time.monotonic() + 10
        while not done(got) and thread.is_alive() and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
    finally:
        driver.exit_event.set()
        thread.join(5)
        os.close(read)
        os.close(write)
    return got


async def test_a_byte_that_is_not_utf8_reads_as_a_replacement_and_the_input_goes_on():
    """The bug: "José" typed on a Latin-1 terminal (``4a 6f 73 e9``) ended the input thread,
    and over SSH the session, its traceback on the person's terminal."""
    keys = await through_the_input_thread(b"Jos\xe9 x", events.Key, lambda got: any(k.character == "x" for k in got))
    assert [key.character or "" for key in keys] == ["J", "o", "s", "\ufffd", " ", "x"]


async def test_an_escape_typed_with_the_next_key_in_one_read_is_the_escape_key_then_that_key():
    """The bug: Textual's parser read Escape then h in one read (over SSH, one write) as Alt+h,
    Escape then ? or Enter as the key alone: at the record, nothing happened, or the Escape
    was lost. A sequence the terminal sends (an arrow, a paste) is still read whole."""
    typed = b"\x1bh\x1b?\x1b\r\x1b\x1b[A\x1b[200~hi\x1b[201~x"
    got = await through_the_input_thread(
        typed, events.Key | events.Paste, lambda got: any(getattr(e, "key", "") == "x" for e in got)
    )
    assert [getattr(event, "key", None) or f"paste {event.text}" for event in got] == [
        *("escape", "h", "escape", "question_mark", "escape", "enter", "escape", "up", "paste hi", "x")
    ]


def unread(fd: int) -> int:
    """The bytes waiting in the pipe ``fd`` reads from."""
    return struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\0" * 4))[0]


async def test_an_escape_whose_next_key_comes_in_the_next_read_is_the_escape_key_then_that_key(monkeypatch):
    """The bug: Escape then h in two reads (over SSH, two packets) within ``ESCDELAY`` were
    read as Alt+h (at the record: nothing), Escape then ? as ? alone: the parser joined the
    reads. A sequence cut between two reads is still read whole; an escape that no read
    follows within the delay is the Escape key."""
    monkeypatch.setattr(constants, "ESCAPE_DELAY", 0.5)  # (the second read comes well within it)
    apart = (b"\x1b", b"h", b"\x1b", b"?", b"\x1b", b"[A", b"x\x1b", b"\x1b", b"[B\x1b", b"\rq")
    got = await through_the_input_thread(apart, events.Key, lambda got: any(e.key == "q" for e in got))
    assert [event.key for event in got] == [
        *("escape", "h", "escape", "question_mark", "up", "x", "escape", "down", "escape", "enter", "q")
    ]
    alone = await through_the_input_thread(b"a\x1b", events.Key, lambda got: len(got) == 2)
    assert [event.key for event in alone] == ["a", "escape"]


async def test_the_input_thread_passes_a_paste_through_its_guard():
    pastes = await through_the_input_thread(b"\x1b[200~hello \x1b]0;t\x07 there\x1b[201~", events.Paste, bool)
    assert [paste.text for paste in pastes] == ["hello ]0;t\x07 there"]


async def test_a_choice_whose_options_say_their_key_is_picked_by_that_key():
    """The bug: "Block 1: how many? 1 black good / 2 black goods" ignored 1 and 2."""
    from caravan_tui.screens.dialogs import ChoiceScreen

    picked: list[int | None] = []
    app = TableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(
            ChoiceScreen("Block 1: how many?", ["1 black good", "2 black goods"], ["1", "2"]), picked.append
        )
        await pilot.pause()
        await pilot.press("3")  # no such choice: nothing
        await pilot.press("2")
        await pilot.pause()
        assert picked == [1]
        app.push_screen(ChoiceScreen("Who?", ["Ann", "Bob"]), picked.append)  # no keys: digits pick nothing
        await pilot.pause()
        footer = app.screen.query_one(KeysFooter)
        assert [(key.key_display, key.description) for key in footer.shown_keys] == [
            ("⏎", "Choose"),
            ("esc", "Cancel"),
        ]  # (it read "esc Cancel" alone)
        await pilot.press("2", "down", "enter")
        await pilot.pause()
        assert picked == [1, 1]


async def test_an_input_thread_that_fails_hands_its_failure_to_the_app():
    """The input thread's failure reaches the app as a message (Textual's own thread would end
    the app with a traceback of the machine's paths on the person's terminal)."""
    driver = PromptEscapeDriver(TableApp(), debug=False, mouse=False)
    read, write = os.pipe()
    os.close(read)
    os.close(write)
    driver.fileno = read  # closed: the thread's first look fails
    got: list = []
    driver.process_message = got.append
    driver.run_input_thread()
    assert [type(message) for message in got] == [InputFailed] and isinstance(got[0].error, OSError)


async def test_the_apps_failure_from_its_input_thread_ends_it_with_one_line(tmp_path):
    app = CaravanApp(store=SaveStore(tmp_path))
    with pytest.raises(OSError, match="the terminal went away"):
        async with app.run_test() as pilot:
            app.post_message(InputFailed(OSError("the terminal went away")))
            await pilot.pause()
    assert app.return_code == 1 and app.failure is not None and app.failure.startswith("OSError: the terminal went")


class TableHost(App[None]):
    """A table's state and the kit's widgets bound to it, as ``GameScreen`` binds them."""

    table_state: var[Any] = var(None, init=False)

    def compose(self) -> ComposeResult:
        yield AwayNotice().data_bind(TableHost.table_state)
        yield ActionList(lambda action: f"play {action[0]}").data_bind(TableHost.table_state)

    def change(self, **values: Any) -> None:
        """The table's state changes (a new one, assigned): every widget bound to it draws itself."""
        self.table_state = dataclasses.replace(self.table_state, **values)


class Pointed(Chips):
    """A board the table may ask to put its cursor on a chip (``table_client.cursor_pointed``)."""

    def move_to(self, cell: str) -> None:
        if cell in self.keys:
            self.cursor = self.keys.index(cell)


class BoardHost(TableHost):
    def compose(self) -> ComposeResult:
        grid = Pointed(4, id="chips").data_bind(TableHost.table_state)
        grid.chips = [(f"k{n}", Text(f"c{n}")) for n in range(5)]
        yield grid


async def test_a_board_moves_its_cursor_once_where_the_table_asks_and_else_only_by_its_keys():
    """The table asks a board for its cursor through its state (a new round's first choice); the
    board moves it once per ask, as it draws the table: another change of the table leaves the
    cursor where the keys put it, and an ask for a cell it does not show, or for another
    board's, moves nothing."""
    app = BoardHost()
    async with app.run_test(size=(15, 6)) as pilot:
        app.table_state = TableState(seat=0)
        grid = app.query_one(Pointed)
        grid.focus()
        app.table_state = cursor_pointed(app.table_state, "chips", "k3")
        assert grid.cursor == 3
        await pilot.press("left")
        app.change(typed="1")
        assert grid.cursor == 2
        app.table_state = cursor_pointed(cursor_pointed(app.table_state, "chips", "k9"), "dice", "k0")
        assert grid.cursor == 2
        app.table_state = cursor_pointed(app.table_state, "chips", "k3")  # the same cell asked again: moved again
        assert grid.cursor == 3


async def test_a_new_decision_never_reports_the_last_decisions_line_as_its_play():
    """The bug (Decktet Caravan, seed 101): a pass from the plays list's second line ended the
    hand; the next hand's list kept the highlight on its second line for a moment before it put
    it away, and the table ticked that line's cards all the same: "Enter plays Caravan 2≈V♣L",
    a lead never chosen."""
    app = TableHost()
    async with app.run_test(size=(40, 10)) as pilot:
        app.table_state = TableState(seat=0)
        actions = app.query_one(ActionList)
        app.change(legal=(("a",), ("pass",)), turn=3)
        actions.focus()
        await pilot.press("down")
        assert actions.highlighted_action == ("pass",)
        reported: list = []

        def seen(play) -> None:
            reported.append(play)

        actions.watch(actions, "play", seen, init=False)
        actions.hold()  # (Enter played the pass)
        app.change(legal=(("b",), ("c",), ("pass",)), turn=5)
        await pilot.pause()
        assert actions.highlighted is None and ("c",) not in reported and reported[-1:] in ([], [None])
        app.change(legal=(("d",), ("e",)), turn=7)  # not held: the first line, and only it
        await pilot.pause()
        assert actions.highlighted == 0 and ("e",) not in reported


def options_of(actions: ActionList) -> list[str]:
    return [str(actions.get_option_at_index(i).prompt) for i in range(actions.option_count)]


async def test_the_plays_list_writes_itself_from_the_tables_state():
    """Nothing outside the list gives it its plays: a new decision shows them with the first
    highlighted, the hint's play is starred without moving the highlight, the table's
    ``list_pointed`` moves it once, another change of the table leaves the highlight where the keys
    put it, and with no decision it says why."""
    app = TableHost()
    async with app.run_test(size=(40, 10)) as pilot:
        app.table_state = TableState(seat=0)
        actions = app.query_one(ActionList)
        assert options_of(actions) == ["waiting…"] and actions.highlighted_action is None
        app.change(legal=(("a",), ("b",)), turn=3)
        assert options_of(actions) == ["play a", "play b"] and actions.highlighted == 0
        actions.focus()
        await pilot.press("down")
        app.change(hint_action=("a",))
        assert options_of(actions) == ["★ play a", "play b"] and actions.hinted == ("a",)
        assert actions.highlighted_action == ("b",)  # (a hint never moves what Enter plays)
        app.change(typed="1")
        assert actions.highlighted_action == ("b",)
        app.table_state = list_pointed(app.table_state, ("a",))  # a game's selection makes this play
        assert actions.highlighted_action == ("a",)
        await pilot.press("down")
        app.change(typed="12")  # (asked once: it does not pull the highlight back)
        assert actions.highlighted_action == ("b",)
        app.table_state = list_pointed(app.table_state, None)  # a selection that is no play
        assert actions.highlighted is None
        app.change(turn=4, hint_action=None)  # the next decision, the same plays
        assert options_of(actions) == ["play a", "play b"] and actions.highlighted == 0
        app.change(turn=None, over=object())
        assert options_of(actions) == ["the match is over"] and actions.actions == ()
        app.change(replaying=True)
        assert options_of(actions) == ["a replay: ←/→ step"]


@pytest.mark.usefixtures("pause_frames")  # (the list's scrollbar is known once its lines are drawn)
async def test_the_plays_lists_scrollbar_comes_and_goes_with_its_plays():
    """Its scrollbars are updated only when something they show changed (``SteadyScrollbars``):
    plays too many for the list show one, the note that replaces them hides it, the next
    decision's plays show it again, the highlight in sight."""
    app = TableHost()
    async with app.run_test(size=(40, 10)) as pilot:
        app.table_state = TableState(seat=0)
        actions = app.query_one(ActionList)
        many = [(str(n),) for n in range(30)]
        for turn in (1, 2):
            app.change(legal=many, turn=turn, over=None)
            await pilot.pause()
            assert actions.show_vertical_scrollbar and actions.vertical_scrollbar.window_virtual_size == 30
            app.change(turn=None)
            await pilot.pause()
            assert options_of(actions) == ["waiting…"] and not actions.show_vertical_scrollbar
        app.change(legal=many, turn=3)
        actions.focus()
        await pilot.press("end")
        await pilot.pause()
        assert actions.highlighted == 29 and actions.scroll_y == actions.max_scroll_y > 0


async def test_the_away_notice_counts_down_from_the_seats_the_table_was_told_of():
    app = TableHost()
    async with app.run_test(size=(60, 10)):
        app.table_state = TableState(seat=0)
        notice = app.query_one(AwayNotice)
        assert not notice.has_class("-shown")
        app.change(names=["Ann", "Bob"], seat_kinds=["human", "away:42"], kinds_at=time.monotonic())
        assert str(notice.render()) == "Bob is away: an AI plays for them in 42s." and notice.has_class("-shown")
        app.change(typed="1")  # another change of the table: the countdown runs on from when it was told
        app.change(kinds_at=time.monotonic() - 10)  # told again, as of ten seconds ago
        assert str(notice.render()) == "Bob is away: an AI plays for them in 32s."
        app.change(seat_kinds=["human", "human"], kinds_at=time.monotonic())
        assert not notice.has_class("-shown")


async def test_the_away_notice_keeps_one_line_a_seat_for_a_long_name():
    """Over SSH, "Annabella Maximiliana Featherstonehaughs is away: an AI takes the seat in 50" wrapped
    "s." onto a line of its own, and the table's last player row went out of sight for the whole
    grace. A name of the most letters stands whole beside two digits; beside more it is cut
    (never the countdown), and stays so as the digits fall ("AbcdeFghij…Jkl… is away" at 28 s
    gave its "mN" back at 9 s)."""
    app = TableHost()
    async with app.run_test(size=(80, 10)) as pilot:
        app.table_state = TableState(seat=0)
        notice = app.query_one(AwayNotice)
        name = "Annabella Maximiliana Featherstonehaughs"
        assert len(name) == MAX_NAME
        app.change(names=["Ann", name], seat_kinds=["human", "away:50"], kinds_at=time.monotonic())
        await pilot.pause()
        assert str(notice.render()) == f"{name} is away: an AI plays for them in 50s."
        assert notice.region.height == 1
        app.change(seat_kinds=["human", "away:500"], kinds_at=time.monotonic())
        await pilot.pause()
        said = str(notice.render())
        assert "\n" not in said and said.endswith(" is away: an AI plays for them in 500s.") and "…" in said, said
        assert len(said) <= 78 and notice.region.height == 1
        app.change(kinds_at=time.monotonic() - 491)  # told again, as of 491 seconds ago: 9 s left
        await pilot.pause()
        assert str(notice.render()) == said.replace("500s", "9s")  # (the name cut as before)


class CannotDraw(Static):
    """A widget that fails to draw once ``broken``."""

    broken = False

    def render(self) -> str:
        if self.broken:
            raise RuntimeError("cannot draw")
        return "drawn"


class CannotDrawApp(App[None]):
    def compose(self) -> ComposeResult:
        yield CannotDraw()


async def test_a_widget_that_cannot_draw_fails_its_test_though_the_run_draws_no_frame_unread():
    """The test run's apps draw only what a test reads (``draw_when_read``, tests/conftest.py):
    a widget that cannot draw still fails the test, its app's last screen being drawn as it ends."""
    app = CannotDrawApp()
    with pytest.raises(RuntimeError, match="cannot draw"):
        async with app.run_test(size=(20, 3)) as pilot:
            widget = app.query_one(CannotDraw)
            widget.broken = True
            widget.refresh()
            await pilot.pause()


async def test_home_and_end_go_to_the_first_and_last_row_of_a_row_table():
    """The bug (over SSH, in the lobby's matches): End and Home did nothing, where every other
    list of the app goes to its last and first line (Textual's table moved them along a row)."""
    from caravan_tui.screens.row_tables import row_table

    class Rows(App[None]):
        def compose(self) -> ComposeResult:
            yield row_table("rows", "Matches", [("Game", 20)])

        def on_mount(self) -> None:
            table = self.query_one("#rows")
            for n in range(40):
                table.add_row(f"match {n}")
            table.focus()

    app = Rows()
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.query_one("#rows")
        await pilot.press("end")
        assert table.cursor_row == 39
        await pilot.press("home")
        assert table.cursor_row == 0


def test_a_legends_meaning_wraps_under_itself_not_under_the_samples():
    """Over SSH: Camel Caravan's legend wrapped "stolen salt, under / it" to the panel's edge, and
    "it", "take", "actions" read as marks of their own."""
    from rich.text import Text

    from caravan_tui.widgets.legend import LINE, legend_rows

    text = Text("")
    row = legend_rows(text, 7)
    row("2s", "stolen salt under the camel that stole it")
    lines = text.plain.rstrip("\n").split("\n")
    assert len(lines) > 1 and all(len(line) <= LINE for line in lines), lines
    assert all(line.startswith(" " * 8) and line[8] != " " for line in lines[1:]), lines


async def test_up_or_down_in_a_grid_of_one_row_says_where_the_arrows_go():
    """Merchant Lord's dice over SSH: ↑↓ on the one row of dice did nothing and said nothing."""
    from caravan_tui.textual_adapter import notices
    from caravan_tui.widgets.chip_grid import ONE_ROW

    app = ChipsApp()
    async with app.run_test(size=(40, 6)) as pilot:  # (all five chips on one line)
        grid = app.query_one(Chips)
        grid.focus()
        await pilot.pause()
        assert grid.rows() == 1
        await pilot.press("down")
        assert grid.cursor == 0 and [n.message for n in notices(app)] == [ONE_ROW]
        await pilot.press("right")
        assert grid.cursor == 1


async def test_home_and_end_go_to_a_grids_ends_and_an_arrow_by_a_lone_chip_says_so():
    """Merchant Lord's dice: End did nothing and said nothing, and the next − turned the die the
    cursor had stayed on; in a hand of one card, ← and → did nothing and said nothing."""
    from caravan_tui.textual_adapter import notices
    from caravan_tui.widgets.chip_grid import ONE_CHIP

    app = ChipsApp()
    async with app.run_test(size=(40, 6)) as pilot:
        grid = app.query_one(Chips)
        grid.focus()
        await pilot.press("end")
        assert grid.cursor == 4
        await pilot.press("home")
        assert grid.cursor == 0 and not notices(app)
        grid.chips = grid.chips[:1]
        await pilot.press("right")
        assert grid.cursor == 0 and [n.message for n in notices(app)] == [ONE_CHIP]
