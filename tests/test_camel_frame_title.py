"""Camel Caravan's board frame says whose turn it is, the actions left and the bag whole at
80×24: a seat an AI plays in its person's place is named there as the players' table under the
board names it ("Ann·AI"), not cut ("Ann · AI standing in · 2 actions left …")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from caravan_tui.games import GAMES
from caravan_tui.games.camel_caravan.looks import TITLE_ROOM, title_text
from caravan_tui.screens import game_screen_class
from caravan_tui.seat_kinds import AWAY, STANDING_IN
from caravan_tui.textual_adapter import screen_lines

from tables import Table, offline_screen, quick_app, settled, wait_for


@pytest.mark.thorough
async def test_the_frame_names_a_stood_in_seat_whole_at_80x24(tmp_path):
    app = quick_app(tmp_path, 20, home=False)
    table = Table(app, "camel_caravan", game_screen_class(GAMES["camel_caravan"]), 3, {}, names=("Bob", "Ann"))
    screen = table.screen
    async with app.run_test(size=(80, 24)) as pilot, table:
        await wait_for(pilot, lambda: settled(screen), "the table")
        mover = screen.table.view["to_move"]
        other = 1 - screen.seat
        if mover != other:  # (Ann's turn: her seat is the one whose name the frame gives)
            await table.bot_plays(lambda legal: next(a for a in legal if a[0] == "place"))
            await wait_for(pilot, lambda: screen.table.turn is not None, "my turn")
            await pilot.press("enter")  # place a camel, then end the turn
            await pilot.press("e")
            await wait_for(pilot, lambda: screen.table.view["to_move"] == other, "Ann's turn")
        kinds = list(screen.table.seat_kinds)
        kinds[other] = STANDING_IN
        screen.table_state = replace(screen.table, seat_kinds=tuple(kinds))
        await wait_for(pilot, lambda: "Ann" in str(screen.query_one("#cc-board").border_title), "the title")
        await pilot.pause()
        frame = screen_lines(app.screen)[0]
        assert "Ann·AI" in frame and "left · bag" in frame and "…" not in frame, frame
        assert screen.table.seat_name(other) == "Ann · AI standing in"  # (the rest of the table says it whole)


def test_every_title_fits_the_frames_room_on_the_narrowest_board():
    """Whatever the seat, the actions left and the bag, with names of up to 8 letters (10 before
    the focus's mark took 2 of the frame's cells)."""
    assert TITLE_ROOM == 37  # (the frame is 45 columns at 80×24; the focus mark takes 2)
    table = offline_screen("camel_caravan").table
    view = GAMES["camel_caravan"].new(2, seed=3).view(0)
    for name in ("Ann", "Maximili", "[b]z[/b]"):
        for kind in ("", STANDING_IN, AWAY):
            for left in (1, 4):
                for bag in (0, 40):
                    # (and while its actions are on show: "[b]z[/b] · AI standing in is playing ·…")
                    for pausing in (None, 1):
                        shown = replace(table, names=("Bob", name), seat_kinds=("human", kind), view=view)
                        shown = replace(shown, pausing=pausing)
                        title = title_text(shown, {**view, "to_move": 1, "left": left, "bag": {"M": bag}})
                        assert len(title) <= TITLE_ROOM and "…" not in title and name in title, title
                        assert ("is playing" in title) == (pausing is not None), title


def test_while_anothers_actions_are_on_show_the_frame_names_who_is_playing():
    """The bug: the frame read "Your turn · 4 actions left" while AI 2's last actions were still on
    show and the status line said "AI 2 is playing… (any key skips)": a key pressed for the turn the
    frame announced skipped the show instead (an ``h`` for a hint asked for nothing)."""
    table = offline_screen("camel_caravan").table
    view = GAMES["camel_caravan"].new(2, seed=3).view(0)
    shown = replace(table, names=("Bob", "Ann"), view=view, pausing=1)
    title = title_text(shown, {**view, "to_move": 0, "left": 4})
    assert title.startswith("Ann is playing") and "Your turn" not in title and "4 actions" not in title
    assert title_text(replace(shown, pausing=None), {**view, "to_move": 0, "left": 4}).startswith("Your turn")


def test_a_replay_names_the_viewed_seat_whose_turn_it_is():
    """Over SSH: a replay opened on "Your turn · 1 action left · bag 24", read as a live turn."""
    table = offline_screen("camel_caravan").table
    view = GAMES["camel_caravan"].new(2, seed=3).view(0)
    shown = replace(table, names=("Bob", "Ann"), view=view, replaying=True)
    assert shown.seat == 0
    title = title_text(shown, {**view, "to_move": 0, "left": 1})
    assert title.startswith("Bob · 1 action left") and "Your turn" not in title, title


@pytest.mark.thorough
async def test_the_board_marks_its_focus_in_its_title_as_the_lists_do(tmp_path):
    """Shift+Tab from the board went to the log: the log's title took the "▸", and nothing had
    said the board held the keys before (its frame's colour alone, none under NO_COLOR)."""
    app = quick_app(tmp_path, 20, home=False)
    table = Table(app, "camel_caravan", game_screen_class(GAMES["camel_caravan"]), 3, {}, names=("Bob", "Ann"))
    screen = table.screen
    async with app.run_test(size=(80, 24)) as pilot, table:
        await wait_for(pilot, lambda: settled(screen), "the table")
        board = screen.query_one("#cc-board")
        board.focus()
        await wait_for(pilot, lambda: screen_lines(app.screen)[0].startswith("╭─ ▸ "), "the board's mark")
        await pilot.press("shift+tab")
        await wait_for(pilot, lambda: not board.has_focus, "the focus gone on")
        assert not screen_lines(app.screen)[0].startswith("╭─ ▸ ") and "▸" in "".join(screen_lines(app.screen))


def test_the_boards_foot_says_every_camel_on_the_cell_under_the_cursor():
    """Seed 1647: three camels on space 7 showed "1h2C…", the AI's hides cut from the cell's
    face, and the foot said only "space 7 (6,0)": a thief's target no one could read."""
    from test_camel_caravan import position

    from caravan_tui.games.camel_caravan.board import CELL_NAMES, SPACES
    from caravan_tui.games.camel_caravan.placement import cells_read
    from caravan_tui.games.camel_caravan.table_state import CamelCaravanTable

    space = SPACES[6]
    state = position(
        empty=[[space], []], loaded=[[(space, "hides", True)], [(space, "hides", False), (space, "cloth", False)]]
    )
    view = state.view(0)
    table = CamelCaravanTable(seat=0, names=["Ann", "AI 2"], seat_kinds=["human", "ai"], view=view)
    said = cells_read(table, view).captions[space]
    assert said == f"{CELL_NAMES[space]}; You: 1 empty camel, hides under; AI 2: cloth, hides"
    assert cells_read(table, view).captions[SPACES[0]] == CELL_NAMES[SPACES[0]]  # (nothing there: its name)


def test_the_boards_foot_shows_a_name_of_markup_as_typed():
    """The foot names the players (``captions``): a name like "[bold]x[/]" is text, never markup."""
    from caravan_tui.games.camel_caravan.board import SIZE
    from caravan_tui.games.camel_caravan.board_widget import CamelBoard, CamelLook

    board = CamelBoard(SIZE)
    board.look = CamelLook((), {}, frozenset(), "", captions=("space 1 (0,0); [bold]x[/]: 1 empty camel",))
    said = board.captioned(0)
    assert said.plain == "space 1 (0,0); [bold]x[/]: 1 empty camel" and not said.spans


def test_the_boards_foot_says_its_place_shorter_before_it_cuts_a_word():
    """ "╰─ Sijilmasa (3,4) wants swords; You: 1 e… ─╯": the camel cut mid-word. The place is
    said shorter first (its coordinates, then what the city wants: its face shows it), and what
    still does not fit is cut after a word."""
    from caravan_tui.games.camel_caravan.board_widget import fit_caption

    said = "Sijilmasa (3,4) wants swords; You: 1 empty camel"
    assert fit_caption(said, 60) == said
    assert fit_caption(said, 42) == "Sijilmasa wants swords; You: 1 empty camel"
    assert fit_caption(said, 39) == "Sijilmasa; You: 1 empty camel"
    # (a name longer than ``NAME_SOFT`` is cut before the place goes: a name is never markup)
    assert (
        fit_caption("(2,4); [bold]x[/] (3,4): 1 empty camel, paper under", 39)
        == "[bold]x[/]…: 1 empty camel, paper under"
    )
    # (then "1 empty" for "1 empty camel": three camels' words lost the third, "AI 3…")
    three = "space 8 (6,6); You: meat; AI 2: 1 empty camel; AI 3: paper"
    assert fit_caption(three, 39) == "You: meat; AI 2: 1 empty; AI 3: paper"
    both = "space 8 (6,6); You: 1 empty camel; AI 2: gems under"
    assert fit_caption(both, 39) == "You: 1 empty camel; AI 2: gems under"
    # (a long name is cut before what its camels hold: "Aaaa…" filled the foot over SSH, the
    # other seat's camel and its good gone)
    long = "space 7 (6,0); MarcoPoloTheGreatVenetianTraderOfSilkRdZ: 1 empty camel"
    assert fit_caption(long, 39) == "space 7; MarcoPoloTheGr…: 1 empty camel"
    # (over SSH, "Aaaa…(29 letters): 1 empty": the cursor's cell and "camel" went before the name)
    cursor = f"(3,3); {'A' * 40}: 1 empty camel"
    assert fit_caption(cursor, 39) == "(3,3); AAAAAAAAAAAAAAAA…: 1 empty camel"
    two = f"space 7 (6,0); {'A' * 40}: 1 empty camel; [b]z[/b]: paper under"
    assert fit_caption(two, 44) == "AAAAAAAAAAA…: 1 empty; [b]z[/b]: paper under"
    # (over SSH at 80×24: "You: 1 empty; AI 3: gems under, ivory…", what lay under whose camel cut)
    stolen = "space 2 (0,6); You: 1 empty camel; AI 3: gems under, ivory under"
    assert fit_caption(stolen, 38) == "You: 1 empty; AI 3 under: gems, ivory"
    assert fit_caption("space 2 (0,6); AI 3: cloth, gems under; You: ivory under, salt under", 47) == (
        "AI 3: cloth, gems under; You under: ivory, salt"
    )


@pytest.mark.thorough
async def test_the_boards_foot_fits_the_frame_it_is_drawn_in(tmp_path):
    """Drawn at 80×24, the foot of a city with an empty camel reads whole, never "…"."""
    from test_camel_screen import at_my_turn, screen_lines

    from caravan_tui.games.camel_caravan.board_widget import CamelBoard, CamelLook

    async with at_my_turn(tmp_path) as (app, pilot):
        board = app.screen.query_one(CamelBoard)
        assert board.look is not None
        said = "Sijilmasa (3,4) wants swords; You: 1 empty camel"
        board.look = CamelLook(board.look.faces, {}, frozenset(), "", captions=(said,) * 49)
        board.border_subtitle = board.captioned(board.cursor)
        await pilot.pause()
        foot = next(line for line in screen_lines(app) if line.startswith("╰"))
        assert "Sijilmasa; You: 1 empty camel" in foot and "…" not in foot, foot


async def test_a_space_s_camels_go_after_its_number_where_the_lines_under_it_are_too_few():
    """Seed 2387 at 80×24: three camels on space 8 were drawn "1S1W…", the other's paper out of
    sight (a cell two lines high keeps one line for camels). The first line's room after the
    space's number takes the camels that do not fit below it."""
    from textual.app import App

    from caravan_tui.games.camel_caravan.board import SIZE, SPACES
    from caravan_tui.games.camel_caravan.board_widget import CamelBoard
    from caravan_tui.games.camel_caravan.faces import face

    class Board(App):
        def compose(self):
            yield CamelBoard(SIZE)

    space = SPACES[7]
    async with Board().run_test() as pilot:
        board = pilot.app.query_one(CamelBoard)
        board.faces[space] = face(space, None, 0, ((0, (("salt", False), ("swords", False))), (0, (("paper", False),))))
        drawn = [line.plain for line in board._cell_lines(space, 6, 2)]
        assert "…" not in "".join(drawn) and drawn == [" 8  1S", " 1W2P "], drawn
        board.faces[space] = face(space, None, 0, ((1, ()), (0, (("paper", False),))))
        assert [line.plain for line in board._cell_lines(space, 6, 2)] == [" 8    ", " 12P  "]  # (as before)
