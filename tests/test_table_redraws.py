"""What a key or a move redraws at a table (issue 64's "one redraw a key"): the plays list's
highlight repaints the two options it leaves and reaches, a focus change draws none of its
options again but the highlighted one, the log draws itself from the table's state and a new
line in it (or new options in the plays list) lays the screen out no more, and a move's view is
one state."""

from __future__ import annotations

import pyte
import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.geometry import Region
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget
from textual.widgets import Static

from caravan_tui.games.decktet_caravan.card_grid import CardGrid
from caravan_tui.games.decktet_caravan.card_words import PASS
from caravan_tui.games.decktet_caravan.screen import DecktetCaravanScreen
from caravan_tui.games.decktet_caravan.season_view import SeasonView
from caravan_tui.screens import table_moves
from caravan_tui.screens.chat import ChatInput
from caravan_tui.screens.table_seat import TableState
from caravan_tui.textual_adapter import Redraws, SentFrames, changed_bands, screen_lines, screen_strips
from caravan_tui.widgets import ActionList, MatchLog
from caravan_tui.widgets.board_scroll import BoardScroll
from caravan_tui.widgets.footer import KeysFooter
from caravan_tui.widgets.kept_rows import KeptRows
from caravan_tui.widgets.lists import StopAtEnds
from caravan_tui.widgets.log import LogLines
from caravan_tui.widgets.table_text import StatusLine

from tables import Table, quick_app, wait_for

#: counts every screen's layouts and frames from here on (the benchmark's counter)
REDRAWS = Redraws()

#: what a frame draws is what these tests read: each Pilot pause draws one
pytestmark = pytest.mark.usefixtures("pause_frames")


class RecordedList(StopAtEnds):
    """The list, with the rows it draws recorded."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.drawn: list[int] = []

    def render_line(self, y: int) -> Strip:
        self.drawn.append(y)
        return super().render_line(y)


class SideApp(App[None]):
    """A table's side column alone: a plays list and a log, each sized by the stylesheet."""

    CSS = """
    RecordedList, MatchLog { height: 1fr; }
    """

    def compose(self) -> ComposeResult:
        with Vertical():
            yield RecordedList(*(f"play {n}" for n in range(8)), id="plays")
            yield MatchLog(id="log")
            yield Static("the status line", id="status")


async def test_an_arrow_repaints_the_two_options_the_highlight_leaves_and_reaches():
    app = SideApp()
    async with app.run_test(size=(40, 24)) as pilot:
        plays = app.query_one(RecordedList)
        plays.focus()
        await pilot.pause()
        plays.drawn.clear()
        await pilot.press("down")
        await pilot.pause()
        assert plays.highlighted == 1 and sorted(set(plays.drawn)) == [0, 1]  # (Textual's: all 8)
        plays.drawn.clear()
        await pilot.press("down", "up")
        await pilot.pause()
        assert plays.highlighted == 1 and sorted(set(plays.drawn)) == [1, 2]


@pytest.mark.thorough
async def test_the_chat_line_taking_the_focus_from_the_plays_list_draws_its_highlighted_option_only(
    tmp_path, monkeypatch
):
    """The plays list blurred (the chat line's ``t``) keeps every option's look but the
    highlighted one's (its reverse goes; the border and its ▸ say where the focus is): Textual's
    list tinted every option on focus, and drew each of them again."""
    app = quick_app(tmp_path, 10, home=False)
    app.move_pause = 0.0
    table = Table(app, "decktet_caravan", DecktetCaravanScreen, 3, {"hands": 1})
    table.screen.client.shared = True  # (the chat line is a shared table's)
    async with app.run_test(size=(80, 24)) as pilot, table:
        screen = table.screen
        await wait_for(pilot, lambda: screen.table.turn is not None, "my turn")
        plays = screen.query_one(ActionList)
        plays.focus()
        screen.act(screen.table.legal[0])  # (the next decision's plays come while the list has the focus)
        await table.bot_plays(lambda legal: legal[0])
        await wait_for(pilot, lambda: screen.table.turn is not None and plays.has_focus, "my next turn")
        await pilot.pause()
        assert len(plays.options) > 3
        drawn: list[object] = []
        made = Visual.to_strips

        def counted(widget, *args, **kwargs):
            drawn.append(widget)
            return made(widget, *args, **kwargs)

        monkeypatch.setattr(Visual, "to_strips", staticmethod(counted))
        await pilot.press("t")
        await wait_for(pilot, lambda: screen.query_one(ChatInput).has_focus, "the chat line")
        await pilot.pause()
        assert not plays.has_focus and drawn.count(plays) <= 1


@pytest.mark.thorough
async def test_the_log_draws_itself_from_the_tables_state_and_a_new_line_lays_out_nothing():
    app = SideApp()
    async with app.run_test(size=(40, 24)) as pilot:
        log, plays = app.query_one(MatchLog), app.query_one(RecordedList)
        assert not hasattr(log, "add") and not hasattr(log, "replace")  # (nothing feeds it from outside)
        table = TableState(seat=0, log=(("Ann plays.", False),))
        log.table_state = table
        await pilot.pause()
        assert log.lines_text == ["Ann plays."] and "• Ann plays." in log.lines[0].text
        first, layouts = log.lines[0], REDRAWS.layouts
        for n in range(30):  # more than it shows: it scrolls to the newest
            table = TableState(seat=0, log=(*table.log, (f"Bob plays {n}.", True)))
            log.table_state = table
            await pilot.pause()
        plays.set_options([Text(f"another play {n}") for n in range(5)])  # (as many as it shows)
        await pilot.pause()
        assert REDRAWS.layouts == layouts and log.lines[0] is first  # (written below, not anew)
        assert log.scroll_y == log.max_scroll_y > 0 and log.lines_text[-1] == "Bob plays 29."
        assert any(segment.style is not None and segment.style.bold for segment in log.lines[-1])  # (another's)
        log.table_state = TableState(seat=0, log=(("A whole log.", False),))  # a reconnect's
        await pilot.pause()
        assert log.lines_text == ["A whole log."] and len(log.lines) == 1


async def to_its_turn(pilot, table: Table) -> None:
    """Until the opponent (seat 2) is to move, our first play made if we lead."""
    screen = table.screen
    if table.runner.host.state.to_move() == 0:
        await wait_for(pilot, lambda: screen.table.turn is not None, "my turn")
        screen.act(screen.table.legal[0])
    await wait_for(pilot, lambda: screen.table.view is not None and screen.table.view["to_move"] == 1, "its turn")


@pytest.mark.thorough
async def test_an_opponents_move_at_a_decktet_table_is_one_state(tmp_path):
    """The move's view, the ticks kept on cards still held and the opponent's play flashed are
    one state assigned (a second one redrew every part of the table again)."""
    app = quick_app(tmp_path, 10, flash_seconds=5.0, home=False)
    table = Table(app, "decktet_caravan", DecktetCaravanScreen, 3, {"hands": 1})
    async with app.run_test(size=(80, 24)) as pilot, table:
        screen = table.screen
        await to_its_turn(pilot, table)
        assigned: list[object] = []
        screen.watch(screen, "table_state", lambda state: assigned.append(state), init=False)
        await table.bot_plays(lambda legal: next(a for a in legal if a != ("pass",)))
        await wait_for(pilot, lambda: screen.table.flash is not None, "the opponent's play flashed")
        update = [state for state in assigned if state.flash is not None]
        assert update and assigned.index(update[0]) == 0  # (the move's first state holds the flash)


@pytest.mark.thorough
async def test_the_opponents_move_and_our_turn_are_one_state(tmp_path):
    """The opponent's ``Update`` and our ``YourTurn``, sent together, are one state assigned: the
    widgets are told once (two states ran every watcher twice)."""
    app = quick_app(tmp_path, 10, home=False)
    app.move_pause = 0.0
    table = Table(app, "decktet_caravan", DecktetCaravanScreen, 3, {"hands": 1})
    async with app.run_test(size=(80, 24)) as pilot, table:
        screen = table.screen
        await to_its_turn(pilot, table)
        was, assigned = screen.table, []
        screen.watch(screen, "table_state", lambda state: assigned.append(state), init=False)
        await table.bot_plays(lambda legal: next(a for a in legal if a != PASS))
        await wait_for(pilot, lambda: screen.table.turn is not None, "my turn again")
        first = assigned[0]  # (the turn's view and the turn itself, together)
        assert first.view is not was.view and first.turn is not None and first.view is screen.table.view


@pytest.mark.thorough
async def test_a_play_and_the_hosts_answer_are_one_state(tmp_path):
    """Our play (our turn over, the ticks cleared) and the host's answer (the move's view and
    its log line) are one state assigned: the widgets are told once."""
    app = quick_app(tmp_path, 10, home=False)
    app.move_pause = 0.0
    table = Table(app, "decktet_caravan", DecktetCaravanScreen, 3, {"hands": 1})
    async with app.run_test(size=(80, 24)) as pilot, table:
        screen = table.screen
        if table.runner.host.state.to_move() == 1:
            await table.bot_plays(lambda legal: next(a for a in legal if a != PASS))
        await wait_for(pilot, lambda: screen.table.turn is not None, "my turn")
        was, assigned = screen.table, []
        screen.watch(screen, "table_state", lambda state: assigned.append(state), init=False)
        screen.act(next(action for action in screen.table.legal if action != PASS))
        assert screen.table.turn is None and not assigned  # (read back at once; drawn with the answer)
        await wait_for(pilot, lambda: screen.moves.held is None, "the host's answer")
        assert assigned[0].turn is None and assigned[0].view is not was.view and len(assigned[0].log) > len(was.log)
        assert len(assigned) == 1  # (the list's highlight gone with the play: its report changes nothing)


@pytest.mark.thorough
async def test_the_footer_drops_the_pass_key_in_the_frame_that_ends_our_turn(tmp_path):
    """The footer follows the keys a turn's change brings as the state changes (Textual tells it
    only after the next frame, which then laid the table out a second time)."""
    app = quick_app(tmp_path, 10, home=False)
    app.move_pause = 0.0
    table = Table(app, "decktet_caravan", DecktetCaravanScreen, 3, {"hands": 1})
    async with app.run_test(size=(80, 24)) as pilot, table:
        screen, footer = table.screen, app.screen.query_one(KeysFooter)
        for _ in range(6):  # our decisions until one may pass
            await wait_for(pilot, lambda: screen.table.turn is not None, "my turn")
            if PASS in screen.table.legal:
                break
            screen.act(next(action for action in screen.table.legal if action != PASS))
            await table.bot_plays(lambda legal: next(a for a in legal if a != PASS))
        await wait_for(pilot, lambda: "Pass" in [key.description for key in footer.shown_keys], "the Pass key")
        frames, seen = REDRAWS.frames, []

        def answered() -> bool:  # (the play's frames wait for the host's answer)
            if screen.moves.held is None:
                seen.append(("Pass" in [key.description for key in footer.shown_keys], REDRAWS.frames))
            return bool(seen)

        screen.act(PASS)
        await wait_for(pilot, answered, "the host's answer")
        shown, drawn = seen[0]
        assert not shown and drawn - frames <= 1  # (gone in the one frame of the play and its answer)


async def test_a_new_line_scrolls_the_log_in_the_frame_that_draws_it():
    """The log is at its newest line as soon as the line is written (Textual's log scrolled
    after the next frame: a second frame, every line of the log drawn again)."""
    app = SideApp()
    async with app.run_test(size=(40, 24)) as pilot:
        log = app.query_one(MatchLog)
        table = TableState(seat=0, log=tuple((f"Ann plays {n}.", False) for n in range(30)))
        log.table_state = table
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y > 0
        log.table_state = TableState(seat=0, log=(*table.log, ("Bob plays.", True)))
        assert log.scroll_y == log.max_scroll_y  # (before any frame)


async def test_a_new_line_draws_one_row_of_the_log_and_the_log_looks_as_drawn_anew():
    """A new line scrolls the log by a row; the rows it keeps are the ones it drew (Textual styled
    every row again after the scroll), and what shows is what a log given every line at once
    shows. Focused, it draws no row again (its focus shows on its border), and looks as a log
    given every line at once and focused looks."""
    lines = tuple((f"Ann plays {n}.", n % 3 == 0) for n in range(30))
    app, fresh = SideApp(), SideApp()
    async with app.run_test(size=(40, 24)) as pilot:
        log = app.query_one(MatchLog)
        log.table_state = TableState(seat=0, log=lines)
        await pilot.pause()
        cells(app.screen)
        drawn: list[int] = []
        render_line = log.render_line
        log.render_line = lambda y: drawn.append(y) or render_line(y)  # type: ignore[method-assign]
        log.table_state = TableState(seat=0, log=(*lines, ("Bob plays.", True)))
        await pilot.pause()
        shown = cells(app.screen)
        assert len(drawn) == 1  # (the new line's row)
        drawn.clear()
        log.focus()
        await pilot.pause()
        focused = cells(app.screen)
        assert drawn == []
    async with fresh.run_test(size=(40, 24)) as pilot:
        log = fresh.query_one(MatchLog)
        log.table_state = TableState(seat=0, log=(*lines, ("Bob plays.", True)))
        await pilot.pause()
        assert cells(fresh.screen) == shown
        log.focus()
        await pilot.pause()
        assert cells(fresh.screen) == focused


def cells(screen) -> list[list[tuple[str, object]]]:
    """What ``screen`` shows, each row's runs of text and their styles."""
    return [[(segment.text, segment.style) for segment in strip] for strip in screen_strips(screen)]


@pytest.mark.thorough
async def test_a_play_and_the_hosts_answer_are_drawn_in_one_frame(tmp_path, monkeypatch):
    """Enter's frame waits for the host's answer (the move as the host made it), so the play's
    own state (our turn over, the plays list emptied, the Pass key gone) is not laid out and
    drawn a frame before the board, the hand and the log; a host that does not answer holds the
    frame no longer than ``ANSWER_WAIT``."""
    app = quick_app(tmp_path, 10, home=False)
    app.move_pause = 0.0
    table = Table(app, "decktet_caravan", DecktetCaravanScreen, 3, {"hands": 1})
    async with app.run_test(size=(80, 24)) as pilot, table:
        screen = table.screen

        async def held_play(wait: float) -> list[object]:
            """Our next play, sent to a host that does not answer yet."""
            if table.runner.host.state.to_move() == 1:
                await table.bot_plays(lambda legal: next(a for a in legal if a != PASS))
            await wait_for(pilot, lambda: screen.table.turn is not None, "my turn")
            monkeypatch.setattr(table_moves, "ANSWER_WAIT", wait)
            held: list[object] = []
            monkeypatch.setattr(screen, "send", held.append)
            screen.act(next(action for action in screen.table.legal if action != PASS))
            monkeypatch.undo()
            assert screen.table.turn is None and held  # (played and sent)
            return held

        held = await held_play(60.0)
        layouts = REDRAWS.layouts
        await pilot.pause()
        assert REDRAWS.layouts == layouts  # (no layout, no frame: the answer is awaited)
        for message in held:
            screen.send(message)
        await wait_for(pilot, lambda: screen.moves.held is None, "the host's answer")
        assert screen.table.view["to_move"] == 1 and REDRAWS.layouts > layouts  # (drawn as it came)
        held = await held_play(0.05)
        await wait_for(pilot, lambda: screen.moves.held is None, "the wait's end")  # (the host late)
        assert screen.table.view["to_move"] == 0  # (drawn without the answer)
        for message in held:
            screen.send(message)
        await wait_for(pilot, lambda: screen.table.view["to_move"] == 1, "the host's answer")


async def my_turn_at_a_shared_decktet_table(pilot, table: Table) -> ActionList:
    """The plays list focused on our decision, its first line highlighted (the bot played first
    if it leads)."""
    screen = table.screen
    await wait_for(pilot, lambda: screen.table.view is not None, "the table")
    if table.runner.host.state.to_move() == 1:
        await table.bot_plays(lambda legal: legal[0])
    await wait_for(pilot, lambda: screen.table.turn is not None, "my turn")
    plays = screen.query_one(ActionList)
    plays.focus()
    await pilot.pause()
    if plays.highlighted is None:  # (focused, the list highlights no line it had unseen)
        await pilot.press("down")
        await pilot.pause()
    return plays


@pytest.mark.thorough
async def test_the_chat_lines_t_and_escape_lay_nothing_out_the_line_drawn_in_the_status_lines_place(tmp_path):
    """``t`` opens the chat line where the status line's last row is, and escape gives the row
    back, without a layout (shown and hidden, each laid the whole screen out)."""
    app = quick_app(tmp_path, 10, home=False)
    table = Table(app, "decktet_caravan", DecktetCaravanScreen, 3, {"hands": 1})
    table.screen.client.shared = True
    async with app.run_test(size=(80, 24)) as pilot, table:
        screen = table.screen
        plays = await my_turn_at_a_shared_decktet_table(pilot, table)
        status, line = screen.query_one(StatusLine), screen.query_one(ChatInput)
        row = status.region.bottom - 1
        before = screen_lines(app.screen)[row]
        layouts = REDRAWS.layouts
        await pilot.press("t")
        await wait_for(pilot, lambda: app.focused is line, "the line open")
        assert REDRAWS.layouts == layouts and line.region.y == row
        assert screen_lines(app.screen)[row].startswith(f" {ChatInput.PROMPT} ")  # (its placeholder)
        await pilot.press(*"hi")
        await wait_for(pilot, lambda: line.value == "hi", "the line typed")
        assert screen_lines(app.screen)[row].startswith(" hi ")
        layouts = REDRAWS.layouts
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.focused is plays, "the line dropped")
        assert REDRAWS.layouts == layouts and screen_lines(app.screen)[row] == before
        await pilot.press("tab")  # (closed, the line under the status line takes no focus)
        await pilot.pause()
        assert app.focused is not line


@pytest.mark.thorough
async def test_an_arrow_draws_the_plays_list_the_hands_changed_rows_and_the_status_line_alone(tmp_path, monkeypatch):
    """An arrow in the Decktet plays list ticks the highlighted play's cards: the frame asks the
    list, the hand (only its rows whose ticks changed) and the status line for lines, and not the
    season, the log, the info or the footer between and beside them (Textual drew every widget
    under the box that held all the changes)."""
    app = quick_app(tmp_path, 10, home=False)
    table = Table(app, "decktet_caravan", DecktetCaravanScreen, 3, {"hands": 1})
    async with app.run_test(size=(80, 24)) as pilot, table:
        screen = table.screen
        plays = await my_turn_at_a_shared_decktet_table(pilot, table)
        assert len(plays.options) > 1
        hand = screen.query_one(CardGrid)
        rows = range(hand.content_region.y, hand.content_region.bottom)
        before = screen_lines(app.screen)
        asked: list[Widget] = []
        drawn_rows: list[int] = []
        lines_of, row_of = Widget.render_lines, KeptRows.render_line

        def lines(widget, crop):
            asked.append(widget)
            return lines_of(widget, crop)

        def row(widget, y):
            if widget is hand:
                drawn_rows.append(y)
            return row_of(widget, y)

        monkeypatch.setattr(Widget, "render_lines", lines)
        monkeypatch.setattr(KeptRows, "render_line", row)
        await pilot.press("down")
        await pilot.pause()
        monkeypatch.undo()  # (what follows reads the whole screen)
        after = screen_lines(app.screen)
        changed = {y - hand.content_region.y for y in rows if before[y] != after[y]}
        assert changed and set(drawn_rows) == changed and len(changed) < len(rows)
        kinds = {type(widget) for widget in asked}
        assert {ActionList, StatusLine} <= kinds and not kinds & {MatchLog, SeasonView, KeysFooter, BoardScroll}
        assert screen.query_one("#dc-info") not in asked


def test_a_frames_changes_are_drawn_in_bands_of_the_rows_they_cover():
    """Regions on rows that touch or overlap are one band; a band's box holds its regions."""
    regions = {Region(50, 3, 30, 1), Region(0, 18, 48, 1), Region(0, 19, 48, 2), Region(2, 10, 5, 1)}
    assert changed_bands(regions) == [Region(50, 3, 30, 1), Region(2, 10, 5, 1), Region(0, 18, 48, 3)]
    assert changed_bands({Region(0, 0, 10, 2), Region(5, 1, 10, 1)}) == [Region(0, 0, 15, 2)]


class BorderedLogApp(App[None]):
    """A log in a border, beside a column: its lines begin inside the border, to the right."""

    CSS = """
    #side { width: 10; }
    LogLines { border: round $accent; }
    """

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield Static("side", id="side")
            yield LogLines()


async def test_a_scrolled_log_reaches_the_terminal_as_it_is_drawn():
    """A person back at their seat over SSH saw the table's log at its first lines, above the
    line of their return, though the log had scrolled to its end and drawn it: a frame whose
    change began inside a widget's border (a scroll repaints the lines, not the border) sent
    nothing of that widget, and the terminal went on showing the lines drawn before."""
    app = BorderedLogApp()
    async with app.run_test(size=(40, 12)) as pilot:
        log = app.query_one(LogLines)
        log.entries = tuple((f"line {n}", False) for n in range(30))
        await pilot.pause()
        terminal = pyte.Screen(40, 12)
        stream = pyte.Stream(terminal)
        stream.feed("\r\n".join(screen_lines(app.screen)))  # (the terminal as the frames so far left it)
        assert "line 29" in "".join(terminal.display)
        frames = SentFrames()
        try:
            log.scroll_home(animate=False, immediate=True)
            await pilot.pause()
        finally:
            frames.stop()
        assert frames.updates  # (the scroll was drawn as a change, not the whole screen)
        stream.feed(frames.written(app))
        assert terminal.display == screen_lines(app.screen) and "line 0" in "".join(terminal.display)


class StatusApp(App[None]):
    def compose(self) -> ComposeResult:
        yield StatusLine(lambda table: Text(table), id="status")


async def test_the_status_line_draws_a_text_it_showed_before_from_the_rows_it_kept(monkeypatch):
    """An arrow down and back up in the plays list shows the status line's words of the play met
    before: they are drawn once, not at each arrow."""
    app = StatusApp()
    drawn: list[object] = []
    made = Visual.to_strips

    def counted(widget, *args, **kwargs):
        if isinstance(widget, StatusLine):
            drawn.append(widget)
        return made(widget, *args, **kwargs)

    monkeypatch.setattr(Visual, "to_strips", staticmethod(counted))
    async with app.run_test(size=(40, 4)) as pilot:
        status = app.query_one(StatusLine)
        for words in ("Enter plays one", "Enter plays two", "Enter plays one", "Enter plays two"):
            status.table_state = words  # type: ignore[assignment]  # (a state whose words are itself)
            await pilot.pause()
            assert screen_lines(app.screen)[0].startswith(words)
        assert len(drawn) == 2
