"""The Caravanserai screen driven through Pilot at 80×24: a whole solo game by keys to the end
screen and its title, a 3-player game against the AI, the board's fit, panning and glyphs."""

from __future__ import annotations

import dataclasses
from contextlib import asynccontextmanager

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.color import Color
from textual.filter import NoColor

from caravan_tui.app import CaravanApp
from caravan_tui.games import get_game
from caravan_tui.games.caravanserai.ai import prior
from caravan_tui.games.caravanserai.board_widget import HexBoard, distance
from caravan_tui.games.caravanserai.geometry import COLOURS, LAYOUTS, QR, centre, tile_cells
from caravan_tui.games.caravanserai.picture import Picture, action_cell, notation
from caravan_tui.games.caravanserai.play_checks import question_before
from caravan_tui.games.caravanserai.rules import title
from caravan_tui.games.caravanserai.screen import CaravanseraiScreen
from caravan_tui.games.caravanserai.status_line import actions_at
from caravan_tui.games.caravanserai.table_text import info_text
from caravan_tui.games.caravanserai.words import SAFETY, SAFETY_WORDS, piece_problem, tiles_left_out
from caravan_tui.screens.dialogs import ChoiceScreen
from caravan_tui.screens.new_match import MatchSetup
from caravan_tui.screens.summary import MatchOverScreen
from caravan_tui.seats import SeatSpec
from caravan_tui.textual_adapter import notices, screen_strips
from caravan_tui.textual_adapter import screen_lines as drawn_rows
from caravan_tui.widgets import ActionList

from tables import next_turn_or_end, offline_screen, quick_app, wait_for

SIZE = (80, 24)
DIRECTION_KEY = {0: "d", 1: "e", 2: "w", 3: "a", 4: "z", 5: "x"}


def make_app(tmp_path, iterations: int = 8, home: bool = True) -> CaravanApp:
    return quick_app(tmp_path, iterations, home=home)


def setup(seats: list[str], seed: int, **options) -> MatchSetup:
    specs = [SeatSpec("human") if s == "human" else SeatSpec.parse(s) for s in seats]
    names = ["Tester"] + [f"Bot {i}" for i in range(1, len(seats))]
    return MatchSetup("caravanserai", specs, names, dict(options), seed)


def my_turn(app) -> bool:
    return isinstance(app.screen, CaravanseraiScreen) and app.screen.table.turn is not None


async def next_turn(pilot, app) -> None:
    await next_turn_or_end(pilot, app, CaravanseraiScreen)


async def answer_yes_if_asked(pilot, screen) -> None:
    """A key whose placement ends the turn unseen or boxed in asks first: the test's plan says yes."""
    from caravan_tui.screens.dialogs import ConfirmScreen

    await pilot.pause()
    if isinstance(screen.app.screen, ConfirmScreen):
        await pilot.press("y")


def screen_lines(app) -> list[str]:
    return drawn_rows(app.screen)


def best(state) -> tuple:
    """The action the AI's prior rates best: a fair solo player that needs no search; a good
    stands where the screen puts the cursor (the free cell nearest the head)."""
    legal = state.legal_actions()
    if legal[0][0] == "stand":
        head = QR[state.caravans[state.turn][-1][0]]
        return min(legal, key=lambda a: (distance((a[2], a[3]), head), a[3], a[2]))
    scores = prior(state.clone(), legal)
    return legal[max(range(len(legal)), key=scores.__getitem__)]


def short_solo_seed() -> tuple[int, int, str]:
    """The seed (of the first 60) whose solo game, played by ``best``, reaches a title in the
    fewest decisions: (seed, length, title)."""
    game = get_game("caravanserai")
    found = []
    for seed in range(60):
        state, decisions = game.new(1, seed=seed), 0
        while not state.is_over():
            state.apply(best(state), False)
            decisions += 1
        length = len(state.caravans[0])
        if title(length):
            found.append((decisions, seed, length, title(length)))
    return min(found)[1:]


async def go_to(pilot, cell) -> None:
    """Move the board's cursor to ``cell`` with the arrows (rows first, then along the row)."""
    board = pilot.app.screen.query_one(HexBoard)
    for _ in range(200):
        if board.cursor == cell:
            return
        (q, r), (tq, tr) = board.cursor, cell
        if r != tr:
            await pilot.press("down" if r < tr else "up")
        else:
            await pilot.press("right" if 2 * q + r < 2 * tq + tr else "left")
    raise AssertionError(f"the cursor never reached {cell}")


async def answer(pilot, screen, action) -> None:
    """In the chooser, pick the line describing ``action``."""
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, ChoiceScreen), "the chooser")
    index = [choice.removesuffix("  ★ hint") for choice in pilot.app.screen.choices].index(screen.describe(action))
    await pilot.press(*["down"] * index, "enter")


async def play_by_keys(pilot, screen, action) -> None:
    """One decision the way a player makes it: direction keys, ``c``, colour letters, or the
    cursor and Enter on the board (with the chooser where a cell allows several things)."""
    kind = action[0]
    if kind == "dir":
        await pilot.press(DIRECTION_KEY[action[1]])
        await answer_yes_if_asked(pilot, screen)
    elif kind == "camel":
        await pilot.press("c")
        await answer_yes_if_asked(pilot, screen)
    elif kind == "lying":
        await pilot.press("L")
    elif kind == "decline":
        await pilot.press("n")
    elif kind == "good":
        choices = [a for a in screen.table.legal if a[0] == "good" and a[1] == action[1]]
        await pilot.press(COLOURS[action[1]])
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, ChoiceScreen), "the chooser")  # (always asks)
        if len(choices) > 1:  # the first block in basic: 1 or 2 goods
            assert pilot.app.screen.choices[-1].startswith("2 ")
        await pilot.press(*["down"] * choices.index(action), "enter")
        await answer_yes_if_asked(pilot, screen)
    else:  # start, stand, use: on the board (one Enter uses a board good)
        await go_to(pilot, action_cell(action, screen.table.picture))
        choices = actions_at(screen.table, screen.query_one(HexBoard).cursor)
        assert action in choices
        await pilot.press("enter")
        if len(choices) > 1 and kind != "use":
            await answer(pilot, screen, action)
        await answer_yes_if_asked(pilot, screen)  # (a play that ends the turn unseen, or the match, asks)


@pytest.mark.e2e
async def test_a_whole_solo_game_by_keys_ends_on_the_title(tmp_path):
    seed, length, earned = short_solo_seed()
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(setup(["human"], seed))
        await next_turn(pilot, app)
        screen, host = app.screen, app.runner.host
        assert "Title none yet" in "\n".join(screen_lines(app))
        kinds = set()
        while my_turn(app):
            turn = host.turn
            action = best(host.state)
            kinds.add(action[0])
            if action[0] == "stand":  # the cursor waits on it
                assert screen.query_one(HexBoard).cursor == action_cell(action, screen.table.picture)
            await play_by_keys(pilot, screen, action)
            await wait_for(pilot, lambda turn=turn: host.turn > turn, f"{action} to land")
            assert host.actions[turn] == action
            await next_turn(pilot, app)
        assert {"start", "dir", "good", "camel", "stand"} <= kinds
        await wait_for(pilot, lambda: isinstance(app.screen, MatchOverScreen), "the end screen")
        assert len(host.state.caravans[0]) == length
        text = "\n".join(screen_lines(app)).replace("\u00a0", " ")  # (a score is folded with its name)
        assert f"Title reached: {earned}" in text and f"You: {length}" in text and f"Tester (you): {length}" not in text
        assert f"A caravan of {length}: {earned}!" in text and "wins" not in text


@pytest.mark.thorough
async def test_three_players_against_the_ai_for_a_few_turns(tmp_path):
    """The start and a whole turn by keys (expert: one with a lying camel, ``L``), the two AIs
    playing in between."""
    app = make_app(tmp_path, iterations=10)
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(setup(["human", "ai:easy", "ai:easy"], 2, variant="expert"))
        await next_turn(pilot, app)
        screen, host = app.screen, app.runner.host
        board = screen.query_one(HexBoard)
        assert board.border_title == "▸ Your turn · starting camels"  # (focused: marked)
        while host.state.round < 2:  # the start, then round 1
            await next_turn(pilot, app)
            assert my_turn(app)
            turn = host.turn
            action = best(host.state)
            if ("lying",) in host.state.legal_actions() and ("lying",) not in host.actions:
                action = ("lying",)
            await play_by_keys(pilot, screen, action)
            await wait_for(pilot, lambda turn=turn: host.turn > turn, f"{action} to land")
        await next_turn(pilot, app)
        assert set(host.movers) == {0, 1, 2} and host.state.round == 2
        assert "You laid" in "\n".join(screen.query_one("#log").lines_text)
        assert ("lying",) in [a for m, a in zip(host.movers, host.actions) if m == 0]
        for seat in (1, 2):  # each AI's caravan on the board, and its line under it
            assert any(glyph.plain == f"{seat + 1}C" for glyph in board.glyphs.values())
        text = "\n".join(screen_lines(app))
        assert "Bot 1" in text and "Bot 2" in text and "Market" in text and "end begins at 0" in text
        assert board.border_title.startswith("▸ Your turn · round ")


@pytest.mark.thorough
async def test_the_30_tile_board_fits_80x24_and_every_tile_is_reachable(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(setup(["human"] + ["ai:easy"] * 5, 1))
        await next_turn(pilot, app)
        screen = app.screen
        board = screen.query_one(HexBoard)
        cells = set(board.cells)
        assert len(cells) == 210
        # everything in the board's column, nothing below the status line
        assert board.region.right <= 52 and board.region.height >= 12
        for widget in ("#cs-info", "#cs-seats", "#cs-turn", "#status"):
            region = screen.query_one(widget).region
            assert region.height and region.bottom <= 23, widget
        assert screen.query_one("#cs-seats").region.height == 6
        assert board.more()  # the board is larger than its room: it pans

        # the cursor reaches the outermost tiles by arrows, and the board pans to show it
        positions = LAYOUTS[30].positions
        corners = {
            min(positions, key=lambda p: (key(centre(*p)), centre(*p)))
            for key in (lambda c: c[1], lambda c: -c[1], lambda c: 2 * c[0] + c[1], lambda c: -2 * c[0] - c[1])
        }
        for P, Q in sorted(corners, key=lambda p: centre(*p)[1]):
            cell = centre(P, Q)
            await go_to(pilot, cell)
            assert board.in_view(cell), (P, Q)
            x, y = board.place(cell)
            line = screen_lines(app)[board.content_region.y + y - board.origin[1]]
            assert line[board.content_region.x + x - 1 - board.origin[0]] == "["

        # shift+arrows pan by hand over the whole picture: every tile's cells come into view
        async def sweep(key: str, arrow: str) -> None:
            seen.update(c for c in cells if board.in_view(c))
            while arrow in board.more():
                await pilot.press(key)
                seen.update(c for c in cells if board.in_view(c))

        seen: set = set()
        await sweep("shift+up", "▲")
        await sweep("shift+left", "◀")
        while True:
            await sweep("shift+right", "▶")
            await sweep("shift+left", "◀")
            if "▼" not in board.more():
                break
            await pilot.press("shift+down")
        assert seen == cells
        tiles = {(P, Q): {(q, r) for q, r in tile_cells(P, Q)} for P, Q in positions}
        assert all(tile <= seen for tile in tiles.values())


@pytest.mark.thorough
async def test_shrinking_the_window_and_growing_it_back_gives_the_board_view_back(tmp_path):
    """The bug: after 60×20 and back to 80×24 the board stayed panned to where the small
    window had pushed it (the other edge), hiding columns the player had seen."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(setup(["human"] + ["ai:easy"] * 5, 1))
        await next_turn(pilot, app)
        board, log = app.screen.query_one(HexBoard), app.screen.query_one("#log")
        await wait_for(pilot, lambda: log.scroll_y == log.max_scroll_y, "the log at its end")  # (after it draws)
        before, lines = board.origin, screen_lines(app)
        await pilot.resize_terminal(60, 20)  # (the board pans once it is laid out at the new size)
        await wait_for(pilot, lambda: board.in_view(board.cursor) and board.origin != before, "the small window's pan")
        await pilot.resize_terminal(*SIZE)
        await wait_for(pilot, lambda: board.origin == before and screen_lines(app) == lines, "the board as it was")


@pytest.mark.thorough
async def test_the_whole_board_shows_at_120x40(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.start_match(setup(["human"] + ["ai:easy"] * 5, 1))
        await next_turn(pilot, app)
        screen, host = app.screen, app.runner.host
        board = screen.query_one(HexBoard)
        assert board.more() == "" and all(board.in_view(c) for c in board.cells)
        assert any("W K P R Y block" in line for line in screen_lines(app))  # the key, under the board
        await pilot.press("l")  # the whole legend in place of the plays and the log
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert all(words in text for words in ("red Caravanserai", "player 2's head", "the final camel"))
        await pilot.press("l")
        start = screen.table.legal[-1]
        x, y = board.place(action_cell(start, screen.table.picture))
        await pilot.click(HexBoard, offset=(x, 1 + y))  # under the frame's top (it has no sides)
        await wait_for(pilot, lambda: host.turn > 0, "the click to play")
        assert host.actions[0] == start


async def test_a_hidden_board_is_not_visible_and_takes_no_focus():
    """The board asks whether a cell is in its viewport under its own name: ``visible`` stays
    Textual's, so a board hidden by its style is not shown, clicked or focused."""

    class BoardApp(App[None]):
        def compose(self) -> ComposeResult:
            yield HexBoard()

    app = BoardApp()
    async with app.run_test(size=SIZE) as pilot:
        board = app.query_one(HexBoard)
        board.set_cells([(0, 0), (1, 0), (0, 1)])
        await pilot.pause()
        assert board.visible is True and board.focusable and board.in_view((0, 0))
        board.styles.visibility = "hidden"
        await pilot.pause()
        assert board.visible is False and not board.focusable


def test_glyphs_read_without_colour():
    game = get_game("caravanserai")
    state = game.new(2, seed=3)
    for _ in range(2):
        state.apply(state.legal_actions()[0])
    view = state.view(0)
    picture = Picture(view)
    board = state.board
    cs = next(c for c in board.cs_cells if c not in state.bgoods and not state.blocked[c])
    bgood, colour = next(iter(state.bgoods.items()))
    desert = next(c for c in board.layout.cells if board.cs[c] < 0 and not state.blocked[c])
    assert picture.glyph(QR[desert]).plain == " ·"
    assert picture.glyph(QR[cs]).plain == "·" + COLOURS[board.cs[cs]]
    assert picture.glyph(QR[bgood]).plain == "◆" + COLOURS[colour]
    head = picture.glyph(tuple(view["caravans"][1][0][:2]))
    assert head.plain == "2C" and any("reverse" in str(span.style) for span in head.spans)
    assert isinstance(head, Text)
    assert notation(list("PYYLRRRC")) == "1P 2Y lying 3R camel"


def test_the_end_trigger_and_the_solo_title_read_in_words():
    view = get_game("caravanserai").new(3, seed=1).view(0)
    line = lambda phase: info_text(dict(view, phase=phase)).plain  # noqa: E731
    # (between players an empty market begins the end, a final round: "ends when empty" is solo's)
    assert line("normal").endswith(" · end begins at 0") and line("completing").endswith("ENDING: +1 round")
    assert len(line("normal")) <= 47
    assert line("final").endswith("FINAL ROUND") and len(line("completing")) <= 45  # 80 columns
    solo = get_game("caravanserai").new(1, seed=1).view(0)
    solo["caravans"] = [[[0, 0, "C"]] * 31]
    assert info_text(solo).plain.splitlines()[1] == ("Title Great camel driver · 35: Xiansheng")


def test_the_end_headline_names_the_winner_or_in_solo_the_length_and_title():
    screen = offline_screen("caravanserai")
    screen.table_state = dataclasses.replace(screen.table, view=None)
    headline = screen.result_headline
    assert headline(["You"], [31.0], [31 / 45]) == "A caravan of 31: Great camel driver!"
    assert headline(["You"], [24.0], [24 / 45]) == "A caravan of 24: no title (Camel driver needs 25)."
    assert headline(["You", "Ada"], [20.0, 22.0], [0.0, 1.0]) == "Ada wins!"


def test_a_tie_on_length_says_how_it_was_broken_in_the_seats_words():
    screen = offline_screen("caravanserai")
    screen.table_state = dataclasses.replace(screen.table, names=["Ann", "AI 2 (normal)"])
    caravans = [[[0, 0, "C"]] * 26, [[0, 0, "C"]] * 26]
    screen.table_state = dataclasses.replace(
        screen.table, view={"phase": "over", "caravans": caravans, "reserves": [[1] * 6, [0] * 6]}
    )
    assert screen.result_headline(["Ann (you)", "AI 2 (normal)"], [26.0, 26.0], [1.0, 0.0]) == (
        "26–26; you win on the reserve tie-break."
    )
    screen.table.view["reserves"] = [[0] * 6, [0] * 6]
    assert screen.result_headline(["Ann (you)", "AI 2 (normal)"], [26.0, 26.0], [0.0, 1.0]) == (
        "26–26; AI 2 (normal) wins as the later player in the round (caravans and reserves tied)."
    )
    caravans[1] = caravans[1][:20]
    assert screen.result_headline(["Ann (you)", "AI 2 (normal)"], [26.0, 20.0], [1.0, 0.0]) == "You win!"


def test_a_tie_between_two_of_three_players_names_whose_caravans_they_are():
    """At three seats "26–26; AI 3 wins on the reserve tie-break." read as the reader's own length."""
    screen = offline_screen("caravanserai")
    names = ["Ann", "AI 2 (normal)", "AI 3 (easy)"]
    caravans = [[[0, 0, "C"]] * 20, [[0, 0, "C"]] * 26, [[0, 0, "C"]] * 26]
    view = {"phase": "over", "caravans": caravans, "reserves": [[0] * 6, [0] * 6, [1] * 6]}
    screen.table_state = dataclasses.replace(screen.table, names=names, view=view)
    assert screen.result_headline(["Ann (you)", *names[1:]], [20.0, 26.0, 26.0], [0.0, 0.0, 1.0]) == (
        "AI 2 (normal) and AI 3 (easy) tie 26–26; AI 3 (easy) wins on the reserve tie-break."
    )


def test_the_safety_end_and_a_refused_camel_are_explained_in_words():
    view = {"stage": "place", "variant": "basic", "placement": {"left": 2, "colour": 3, "lying": False}}
    assert piece_problem("camel", view, []) == (
        "A camel cannot go here now: first finish the red block — 2 more red goods (W K P R Y or enter on the › cell)."
    )
    assert "first use the board good (enter) or decline it (n)" in piece_problem(
        "camel", {**view, "stage": "board"}, []
    )
    assert "expert game only" in piece_problem("lying", {**view, "placement": {**view["placement"], "left": 0}}, [])
    assert tiles_left_out([(0, 0), (3, 0), (1, 3)]) == "2 white and 1 red"
    rules = get_game("caravanserai").rules
    assert "safety end" in rules.casefold() and "no* player can place" in rules
    screen = offline_screen("caravanserai")
    screen.table_state = dataclasses.replace(screen.table, names=["Ann", "Bob"])
    summary = screen.match_summary(
        {"players": 2, "caravans": [[], []], "reserves": [[0] * 6, [0] * 6], "end": SAFETY, "trigger": None}
    )
    lines = [str(line) for line in summary.renderables[1:]]
    assert lines == [SAFETY_WORDS]


def without_colour(app, widget) -> list[tuple[str, bool, bool]]:
    """The widget's region as a NO_COLOR terminal shows it: each cell's character, reverse and
    bold (colours dropped)."""
    region = widget.region
    cells = []
    for strip in screen_strips(app.screen)[region.y : region.bottom]:
        line = [
            (char, bool(seg.style and seg.style.reverse), bool(seg.style and seg.style.bold))
            for seg in NoColor().apply(list(strip), Color(0, 0, 0))
            for char in seg.text
        ]
        cells.extend(line[region.x : region.right])
    return cells


@pytest.mark.thorough
async def test_the_status_line_words_what_enter_plays_for_the_focused_widget_and_focus_reads_without_colour(tmp_path):
    """The bug: with the plays list focused, the line said what the board's cursor would do
    ("enter: stand a red good here") and Enter played the list's row. Now the line words the
    list's row, or the board's cell, and Enter plays exactly that; the board's frame and cursor
    show the focus by more than colour."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(setup(["human", "random"], 3))
        await next_turn(pilot, app)
        screen, host = app.screen, app.runner.host
        board, status = screen.query_one(HexBoard), screen.query_one("#status")
        assert screen.focused is board and screen.enter_action() == actions_at(screen.table, board.cursor)[0]
        assert str(status.render()) == "enter: start here"
        focused = without_colour(app, board)
        await pilot.press("tab")  # the plays list
        await pilot.press("down", "down")
        assert screen.focused is screen.query_one("#actions")
        promised = screen.enter_action()
        cell = action_cell(promised, screen.table.picture)
        assert promised is not None and str(status.render()) == f"enter: start at ({cell[0]},{cell[1]})"
        # (and the board's cursor follows the list's row: its foot named another cell)
        await wait_for(pilot, lambda: board.cursor == cell, "the cursor on the row's cell")
        blurred = without_colour(app, board)
        assert [c for c, _, _ in focused] != [c for c, _, _ in blurred]  # the frame: heavy, then round
        assert ("[", True, True) in focused and ("[", True, True) not in blurred  # the cursor in reverse
        moves = len(host.actions)
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(host.actions) > moves, "the play")
        assert host.actions[moves] == promised


def board_good_position():
    """Solo, seed 0, by the prior until a board good is ours to use (or decline)."""
    state = get_game("caravanserai").new(1, seed=0, options={})
    prefix = []
    for _ in range(200):
        legal = state.legal_actions()
        if ("use",) in legal and ("decline",) in legal:
            return prefix
        prefix.append(best(state))
        state.apply(prefix[-1], log=False)
    raise AssertionError("no board good to use in this game")


@pytest.mark.thorough
async def test_one_enter_uses_a_board_good_and_the_line_says_n_declines_it(tmp_path):
    """Started at the position (the moves before it are the engine's, not the screen's)."""
    async with solo_table_at(tmp_path, board_good_position()) as (app, pilot, screen, host):
        board = screen.query_one(HexBoard)
        await go_to(pilot, action_cell(("use",), screen.table.picture))
        colour = screen.table.view["placement"]["colour"]
        assert str(screen.query_one("#status").render()) == (
            f"enter: use the {('white', 'black', 'purple', 'red', 'yellow')[colour]} board good · n declines"
        )
        assert len(screen.query_one("#status").render().plain) <= screen.query_one("#status").content_size.width
        assert screen.enter_action() == ("use",) and board.has_focus
        moves = len(host.actions)
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(host.actions) > moves, "the use")
        assert host.actions[moves] == ("use",) and not isinstance(app.screen, ChoiceScreen)


def forced_rest_position():
    """Solo, seed 0, 12 moves by the prior: heading SW leaves one way on, so the engine would lay
    the rest of the placement and end the turn."""
    state = get_game("caravanserai").new(1, seed=0, options={})
    prefix = []
    for _ in range(12):
        prefix.append(best(state))
        state.apply(prefix[-1], log=False)
    after = state.clone()
    after.apply(("dir", 4), log=False)
    assert after.turns != state.turns  # the turn ends with the one step
    return prefix


def at_the_forced_rest(tmp_path):
    return solo_table_at(tmp_path, forced_rest_position())


@asynccontextmanager
async def solo_table_at(tmp_path, prefix):
    """The solo table past ``prefix``, at our turn: the app, its pilot, the screen and the
    match's host."""
    runner = solo_runner_at(prefix)
    screen = CaravanseraiScreen(runner.client(0))
    app = make_app(tmp_path, home=False)
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(screen)
        runner.start()
        try:
            await wait_for(pilot, lambda: screen.table.turn is not None, "my turn")
            yield app, pilot, screen, runner.host
        finally:
            runner.stop()


def solo_runner_at(prefix):
    """A solo match for a person, its host already past ``prefix``."""
    from caravan_tui.match.runner import MatchRunner

    runner = MatchRunner.new("caravanserai", [SeatSpec("human")], ["Tester"], 0, {}, None)
    host = runner.host
    for action in prefix:
        host.events.append(host.state.apply(action))
        host.actions.append(action)
        host.movers.append(0)
    return runner


@pytest.mark.thorough
async def test_a_direction_key_that_ends_the_turn_with_steps_not_seen_asks_first(tmp_path):
    """The bug: a direction key after which only one continuation fits laid it and ended the turn
    (at 26, not the 29 planned). Such a key asks first; "Not yet" changes nothing."""
    from caravan_tui.screens.dialogs import ConfirmScreen

    async with at_the_forced_rest(tmp_path) as (app, pilot, screen, host):
        start = host.turn
        await pilot.press(DIRECTION_KEY[4])
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert "your turn ends" in app.screen.question and host.turn == start
        await pilot.press("n")
        await wait_for(pilot, lambda: app.screen is screen, "the table")
        assert host.turn == start and screen.table.turn is not None
        await pilot.press(DIRECTION_KEY[4])
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question again")
        await pilot.press("enter")  # as Enter plays each step (it meant "Not yet")
        await wait_for(pilot, lambda: host.turn > start, "the placement")
        assert host.actions[start] == ("dir", 4)


def boxing_in():
    """A 2-player position (random play, seed 0) where seat 0's direction finishes its placement
    and leaves its caravan boxed in."""
    import random

    rng = random.Random(0)
    state = get_game("caravanserai").new(2, seed=0, options={})
    prefix = []
    for _ in range(76):
        prefix.append(rng.choice(state.legal_actions()))
        state.apply(prefix[-1], log=False)
    after = state.clone()
    after.apply(("dir", 5), log=False)
    assert state.turn == 0 and after.turn == 1 and after.stuck(0) == "no open cell next to the head"
    return prefix


@pytest.mark.thorough
async def test_a_placement_that_boxes_you_in_is_warned_of_by_the_key_and_the_hint_and_each_skip_is_said(tmp_path):
    """The bug: a caravan boxed in was skipped silently, 8 times in a row (a notice came and went).
    The key that would box it in asks first, the hint says so, and once it is skipped a line on the
    table says so and why, counts each skip and stays until our next decision."""
    from caravan_tui.games.caravanserai.screen import BOXED_ASK
    from caravan_tui.screens.dialogs import ConfirmScreen
    from caravan_tui.widgets import TablePanel

    from tables import Table

    app = make_app(tmp_path, home=False)
    async with (
        app.run_test(size=SIZE) as pilot,
        Table(app, "caravanserai", CaravanseraiScreen, 0, {}, boxing_in()) as table,
    ):
        screen, host = table.screen, table.runner.host
        await wait_for(pilot, lambda: screen.table.turn is not None, "my turn")
        screen.table_state = dataclasses.replace(screen.table, hint_plan=[("dir", 5)])
        screen.show_hint(("dir", 5), "")
        await pilot.pause()
        hint = screen.query_one("#hint-panel", TablePanel).text
        assert "Careful: the placement suggested below boxes your caravan in (no open cell next to the head)" in hint
        start = host.turn
        await pilot.press(DIRECTION_KEY[5])
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert (
            "boxes your caravan in (no open cell next to the head): your turns would be skipped" in app.screen.question
        )
        assert host.turn == start and app.screen.focused.id == "no"  # (Enter would not box it in)
        assert app.screen.question.endswith(BOXED_ASK)  # (and says so: 25 Enters said "Not yet" unseen)
        # (not the forced rest's "Play it?" box, whose Enter plays: the same buttons read alike)
        labels = [str(button.label) for button in app.screen.query("Button")]
        assert labels == ["Play it anyway (y)", "Keep it back (n)"], labels
        await pilot.press("y")
        await wait_for(pilot, lambda: host.turn > start and screen.table.turn is None, "the placement")
        line = screen.query_one("#cs-turn")

        async def bot_until(skips: int) -> None:
            """The bot plays its first choice until our turn has been skipped ``skips`` times."""
            for _ in range(200):
                if screen.table.skipped is not None and screen.table.skipped[0] >= skips:
                    return
                assert ("skipped" in str(line.render())) == (skips > 1)
                await table.bot_plays(lambda legal: legal[0])
                await wait_for(pilot, lambda: screen.table.view == host.state.view(0), "the move shown")
            raise AssertionError("never skipped")

        await bot_until(1)
        assert str(line.render()) == "You: skipped (no open cell next to the head)"
        assert "You: skipped (no open cell next to the head)" in "\n".join(screen_lines(app))  # at 80×24, whole
        await table.bot_plays(lambda legal: legal[0])  # the bot's next move: the line stays
        await wait_for(pilot, lambda: screen.table.view == host.state.view(0), "the move shown")
        assert str(line.render()) == "You: skipped (no open cell next to the head)"
        await bot_until(2)
        assert str(line.render()) == "You: skipped ×2 (no open cell next to the head)"


def test_the_result_says_why_the_final_round_was_played():
    """The bug: the result screen said only "the final round is over"; the reason was in the log."""
    from rich.console import Console

    screen = offline_screen("caravanserai")
    screen.table_state = dataclasses.replace(screen.table, names=["Ann", "AI 2 (normal)"])
    view = {
        "players": 2,
        "caravans": [[0] * 12, [0] * 9],
        "reserves": [[1] * 6, [0] * 6],
        "end": "the final round is over",
        "trigger": [1, 30],
    }
    console = Console(width=80, record=True)
    console.print(screen.match_summary(view))
    text = " ".join(console.export_text().split())
    assert "The game ended: the final round is over." in text
    assert (
        "It began to end when AI 2 (normal) took the last good from the market: that round was finished, "
        "then every seat played once more."
    ) in text


@pytest.mark.thorough
async def test_enter_on_the_board_or_in_the_plays_list_asks_before_a_forced_rest_of_the_placement(tmp_path):
    """The bug: only the direction keys asked; Enter on the › cell or on the plays list's row
    laid the forced rest and ended the turn unseen. Both ask now; "Not yet" changes nothing."""
    from caravan_tui.screens.dialogs import ConfirmScreen

    async with at_the_forced_rest(tmp_path) as (app, pilot, screen, host):
        start, sw = host.turn, ("dir", 4)
        # Enter on the board's cell
        await go_to(pilot, action_cell(sw, screen.table.picture))
        assert screen.enter_action() == sw
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert "your turn ends" in app.screen.question and "laid for you" in app.screen.question
        await pilot.press("n")
        await wait_for(pilot, lambda: app.screen is screen, "the table")
        assert host.turn == start and screen.table.turn is not None
        # Enter on the plays list's row
        await pilot.press("tab")
        actions = screen.query_one(ActionList)
        assert actions.has_focus
        for _ in range(len(screen.table.legal)):
            if actions.highlighted_action == sw:
                break
            await pilot.press("down")
        assert screen.enter_action() == sw
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert "your turn ends" in app.screen.question
        await pilot.press("n")
        await wait_for(pilot, lambda: app.screen is screen, "the table")
        assert host.turn == start and screen.table.turn is not None
        await pilot.press("enter", "y")  # asked again; yes plays it
        await wait_for(pilot, lambda: host.turn > start, "the placement")
        assert host.actions[start] == sw


def long_placement():
    """A 2-player position (random play, seed 17) where seat 0 is in the middle of a placement of
    three blocks, its caravan 10 long, and may end it with a camel: the moves, and the caravan's
    length before and after that camel."""
    import random

    from caravan_tui.games.caravanserai.rules import pieces_text

    rng = random.Random(17)
    state = get_game("caravanserai").new(2, seed=17, options={})
    prefix: list = []
    for _ in range(129):
        prefix.append(rng.choice(state.legal_actions()))
        state.apply(prefix[-1], log=False)
    assert state.turn == 0 and ("camel",) in state.legal_actions() and pieces_text(state.laid) == "1Y 2P 3Y"
    after = state.clone()
    after.apply(("camel",), log=False)
    return prefix, len(state.caravans[0]), len(after.caravans[0])


@pytest.mark.thorough
async def test_the_placement_line_keeps_the_caravan_it_would_give_at_80x24(tmp_path):
    """The bug: the line under the board read "You: 1Y 2P 3Y · camel now: count 5, caravan 10→…",
    the number that matters cut off at 80 columns. It comes first now, whole."""
    from tables import Table

    prefix, before, after = long_placement()
    app = make_app(tmp_path, home=False)
    async with (
        app.run_test(size=SIZE) as pilot,
        Table(app, "caravanserai", CaravanseraiScreen, 17, {}, prefix) as table,
    ):
        screen = table.screen
        await wait_for(pilot, lambda: screen.table.turn is not None, "my turn")
        line = screen.query_one("#cs-turn")
        region = line.region
        shown = screen_lines(app)[region.y][region.x : region.right]
        assert f"camel now: caravan {before}→{after}," in shown, shown
        # the blocks follow on a row of their own: which the count leaves out, which it counts and why
        assert str(line.render()).endswith("\nleft out 2P · counts 1Y 3Y(on ·P) camel")


def cells_the_plan_fills(state, plan) -> set:
    """The cells the hint's plan (completed as the hint completes it) puts something on, from
    the engine: each cell a step blocks or stands a good on that was free before."""
    from caravan_tui.games.caravanserai.explain import placement

    world, cells = state.clone(), set()
    for action in placement(state.clone(), 0, plan, prior):
        world.apply(action, False)
        cells |= {QR[c] for c, blocked in enumerate(world.blocked) if blocked and not state.blocked[c]}
        cells |= {QR[c] for c in world.bgoods if c not in state.bgoods}
    return cells


@pytest.mark.thorough
async def test_every_hint_stars_every_cell_of_its_plan_on_the_board(tmp_path):
    """The bug: the plan was starred on the board in only 4 hints of 10 (a stand's cells never, a
    plan that began with a stand starred the last placement instead). Ten hints of a seeded solo
    game, each at a new decision: every cell the plan fills is marked (numbered in its order)."""
    from caravan_tui.games.caravanserai.looks import step_mark

    app = make_app(tmp_path, iterations=6)
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(setup(["human"], 3))
        await next_turn(pilot, app)
        screen, host = app.screen, app.runner.host
        board, kinds = screen.query_one(HexBoard), set()
        for _ in range(10):
            await next_turn(pilot, app)
            assert my_turn(app)
            before = screen.table.hint_plan  # (the last hint's, kept while its plan is followed)
            await pilot.press("h")
            await wait_for(
                pilot,
                lambda before=before: screen.table.hinted is not None and screen.table.hint_plan is not before,
                "the hint",
            )
            wanted = cells_the_plan_fills(host.state, screen.table.hint_plan)
            kinds |= {action[0] for action in screen.table.hint_plan}
            assert wanted, screen.table.hint_plan
            # (the board draws the table's state as it next refreshes: wait for that drawing)
            cells = screen.table.hint_cells
            await wait_for(
                pilot,
                lambda wanted=wanted, cells=cells: (
                    wanted <= set(cells)
                    and all(str(board.marks.get(cell)) == step_mark(step) for step, cell in enumerate(cells, start=1))
                ),
                f"the plan {screen.table.hint_plan} marked on {wanted}: {screen.table.hint_cells}",
            )
            turn = host.turn
            screen.act(best(host.state))
            await wait_for(pilot, lambda turn=turn: host.turn > turn, "the play")
        assert {"start", "dir", "good", "stand"} <= kinds


def test_how_to_play_states_the_count_rule_as_the_rules_do():
    """The bug: "leaving out each block that lies only on Caravanserai cells of its own colour",
    where §6.2 leaves out a block on at least one such cell, whatever desert lies under it."""
    from caravan_tui.screens.how_to_play import how_to_play

    first = " ".join(how_to_play(get_game("caravanserai").rules).split())
    assert "at least one Caravanserai cell" in first and "desert under it does not matter" in first
    assert "lies only on" not in first
    assert "did not decline a board good" in first  # (the rules page's own words, §6.2c)


@pytest.mark.thorough
async def test_a_key_for_a_later_step_says_what_comes_first(tmp_path):
    """The bug: while the turn asked for something else first (the starting camel, a stand),
    a direction key answered "No turn here: the caravan goes straight on …", which was false."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.start_match(setup(["human", "ai:easy"], 1))
        await next_turn(pilot, app)
        screen = app.screen
        assert screen.table.view["stage"] == "start"
        for key, words in (
            ("d", "Not east now: first put your starting camel on a › cell (enter)."),
            ("W", "No white block can start here now: first put your starting camel on a › cell (enter)."),
        ):
            await pilot.press(key)
            assert [n.message for n in notices(app)][-1] == words


def boxed_whatever_stands():
    """A 2-player position (random play, seed 4) where seat 0 stands its last market good and
    every cell it may choose ends the turn boxed in (the placement before did it)."""
    import random

    from caravan_tui.games.caravanserai.rules import STAND

    rng = random.Random(4)
    state = get_game("caravanserai").new(2, seed=4, options={})
    prefix = []
    for _ in range(141):
        prefix.append(rng.choice(state.legal_actions()))
        state.apply(prefix[-1], log=False)
    assert state.turn == 0 and state.stage == STAND and len(state.legal_actions()) > 1
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action, log=False)
        assert after.turns != state.turns and after.stuck(0)
    return prefix


@pytest.mark.thorough
async def test_the_last_market_good_to_stand_asks_nothing_when_every_cell_boxes_you_in_alike(tmp_path):
    """The bug: "This leaves your caravan boxed in … Play it?" on the last good to stand,
    whichever cell was picked: the placement before had boxed it in, and the question offered no
    way out. The cell is stood at once (the line under the board says the skip to come)."""
    from tables import Table

    app = make_app(tmp_path, home=False)
    async with (
        app.run_test(size=SIZE) as pilot,
        Table(app, "caravanserai", CaravanseraiScreen, 4, {}, boxed_whatever_stands()) as table,
    ):
        screen = table.screen
        await wait_for(pilot, lambda: screen.table.turn is not None, "my turn")
        for action in screen.table.legal:
            assert question_before(screen.table, action) is None, (action, question_before(screen.table, action))


async def test_the_cursor_keeps_the_hints_step_number_on_its_cell():
    """The cursor starts on the first cell of a hint's plan, and its "[·P]" hid the ➀: the plan
    seemed to start at ➁. On a step of the plan it shows the number for its left bracket."""
    from caravan_tui.games.caravanserai.board_widget import HexLook

    class BoardApp(App[None]):
        def compose(self) -> ComposeResult:
            yield HexBoard()

    cells = ((0, 0), (1, 0), (0, 1))
    glyphs = {cell: Text(" ·") for cell in cells}
    marks = {(0, 0): Text("➀"), (1, 0): Text("➁"), (0, 1): Text("›")}
    app = BoardApp()
    async with app.run_test(size=SIZE) as pilot:
        board = app.query_one(HexBoard)
        board.draw(HexLook(cells, glyphs, marks, frozenset(), "", kept=frozenset({(0, 0), (1, 0)})))
        for cursor, shown, hidden in [((0, 0), "➀ ·]", "[ ·]➁"), ((0, 1), "[ ·]", "›")]:
            board.set_cursor(cursor)
            await pilot.pause()
            text = "\n".join(drawn_rows(app.screen))
            assert shown in text and hidden not in text, text


@pytest.mark.thorough
async def test_the_boards_title_cuts_a_long_name_not_its_words(tmp_path):
    """Over SSH: "━▸ AbcdefghijAbcdefghijAbcdefghijAbcdefghij to pla…━": the frame cut the title's
    words. The name is cut to leave "to play · round N" whole."""
    from caravan_tui.screens import game_screen_class

    from tables import BareApp, Table, settled

    long_name = "Abcdefghij" * 4
    game = get_game("caravanserai")
    for players in (2, 3):
        names = ("Tester", long_name, "Cyd")[:players]
        state, prefix = game.new(players, seed=3, options={}), []
        while state.to_move() != 1:  # (the long name's turn, watched from seat 0)
            action = state.legal_actions()[0]
            state.apply(action, False)
            prefix.append(action)
        app = BareApp(store=None)
        table = Table(app, "caravanserai", game_screen_class(game), 3, {}, prefix, names=names)
        async with app.run_test(size=SIZE) as pilot, table:
            await wait_for(pilot, lambda table=table: settled(table.screen), "the table")
            board = table.screen.query_one(HexBoard)
            await pilot.pause()
            top = drawn_rows(table.screen)[board.region.y]
            title = str(board.border_title)
            assert " to play · " in title and title.removeprefix("▸ ") in top, (title, top)  # (whole)
