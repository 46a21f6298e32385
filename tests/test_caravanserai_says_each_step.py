"""What a newcomer's solo and two-player matches found at 80×24 (issue 65): a hint's plan starred
in no order, a use-or-decline preview that showed the decline's outcome, forced steps played
without a word, a boxed-in warning whatever the cell, a board clipped on the right and a plays
list that lagged behind the board."""

from __future__ import annotations

import dataclasses
import random
from contextlib import asynccontextmanager
from itertools import pairwise

import pytest
from test_caravanserai_screen import screen_lines

from caravan_tui.games import GAMES
from caravan_tui.games.caravanserai.play_checks import question_before
from caravan_tui.games.caravanserai.rules import BOARD, USE
from caravan_tui.games.caravanserai.table_state import CaravanseraiTable
from caravan_tui.games.caravanserai.table_text import placement_text

from tables import settled, wait_for

GAME = GAMES["caravanserai"]
#: the cells of the line under the board at 80 columns: the board's 52, less its padding
TURN_ROOM = 50


def board_good_asked(left_out: bool):
    """A solo position (random play) asking about a board good whose use finishes its block, and
    leaves it out of the count (``left_out``) or not."""
    for seed in range(300):
        rng, state = random.Random(seed), GAME.new(1, seed=seed, options={})
        while not state.is_over():
            if state.stage == BOARD and state.view(0)["placement"]["left"] == 1:
                used = state.clone()
                used.apply(USE, False)
                if (used.view(0)["placement"]["omitted"] > state.omitted) == left_out:
                    return state, used
            state.apply(rng.choice(state.legal_actions()), False)
    raise AssertionError("no such position")


def line(state) -> str:
    table = CaravanseraiTable(seat=0, names=["Ann"]).viewing(state.view(0), state)
    return placement_text(state.view(0), table).plain


def test_the_use_or_decline_preview_shows_what_using_the_board_good_gives():
    """The bug: asked "enter: use the red board good · n declines", the line under the board gave
    the figures of declining it (the block counted). They are Enter's now: using it."""
    for left_out in (True, False):
        asked, used = board_good_asked(left_out)
        before, after = line(asked), line(used)
        figures = after.split("camel now: ")[1].split("\n")
        assert before.split("then camel: ")[1].split("\n") == figures, (before, after)
        # (the good to use, "W used": "+1R" read as the board's "+", a piece laid already, and "1W
        # more used, then camel: caravan 15→18, count 1" lost its count to the column's width)
        assert "+" not in before.split("then camel")[0] and "more used" not in before, before
        assert f" · {before.split(' · ')[1][0]} used, then camel: caravan " in before, before
        assert len(before.split("\n")[0].replace("Ann", "You")) <= TURN_ROOM, before


@pytest.mark.thorough
async def test_boxed_in_is_said_at_the_step_that_ends_the_placement_never_at_a_stand_after_it(tmp_path):
    """The bug: the last stand asked "This leaves your caravan boxed in … Play it?" whichever cell
    was picked (a good stood on the board blocks no caravan); the step that had boxed it in said
    nothing of it. That step asks now; no stand does."""
    from test_caravanserai_newcomer import decision_at, random_prefix

    from caravan_tui.games.caravanserai.rules import STAND

    async with decision_at(tmp_path, 30, random_prefix(30, 42)) as (_app, pilot, table):
        screen, host = table.screen, table.runner.host
        asked = question_before(screen.table, ("dir", 3))  # (the rest is forced: the camel, then two stands)
        assert asked is not None and "This boxes your caravan in (no open cell next to the head)" in asked[0]
        for step in (("dir", 3), ("stand", 0, 4, 2)):
            turn = host.turn
            screen.act(step)
            await wait_for(pilot, lambda turn=turn: host.turn > turn and screen.table.turn is not None, "the step")
        assert screen.table.world.stage == STAND and screen.table.world.stands == 1
        stands = screen.table.legal
        assert len(stands) > 2 and [question_before(screen.table, stand) for stand in stands] == [None] * len(stands)


def solo_prefix(seed: int, moves: int) -> list:
    rng, state, prefix = random.Random(seed), GAME.new(1, seed=seed, options={}), []
    for _ in range(moves):
        prefix.append(rng.choice(state.legal_actions()))
        state.apply(prefix[-1], log=False)
    return prefix


@asynccontextmanager
async def solo_at(tmp_path, seed: int, prefix: list):
    """The solo table (seed ``seed``, no options) after ``prefix``, at its decision."""
    from caravan_tui.match.runner import MatchRunner
    from caravan_tui.seats import SeatSpec

    from tables import settled, table_shown

    runner = MatchRunner.new("caravanserai", [SeatSpec("human")], ["Ann"], seed, {}, None)
    host = runner.host
    for action in prefix:
        host.movers.append(host.state.to_move())
        host.events.append(host.state.apply(action))
        host.actions.append(action)
    async with table_shown(tmp_path, runner) as (app, pilot, screen):
        await wait_for(pilot, lambda: screen.table.turn is not None and settled(screen), "my turn")
        yield app, pilot, screen


@pytest.mark.thorough
async def test_the_steps_the_rules_lay_after_a_choice_are_said_as_they_happen(tmp_path):
    """The bug: one Enter on "3 yellow goods" laid a good, turned north-west, laid another and
    used a board good, and nothing said so. The log and the line under the board say each step."""
    from caravan_tui.screens.dialogs import ChoiceScreen
    from caravan_tui.widgets import MatchLog

    async with solo_at(tmp_path, 2, solo_prefix(2, 93)) as (app, pilot, screen):
        turn = screen.table.turn
        await pilot.press("Y")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "how many?")
        assert app.screen.choices == ["3 yellow goods"]
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.table.turn not in (None, turn), "the next decision")
        said = "1 yellow good, head NW, use the yellow board good"
        log = " ".join(screen.query_one(MatchLog).lines_text)
        # (the choice named: "The rules then laid for you…" read as if they had laid the turn)
        chosen = "You chose “Start block 3: 3 yellow goods, the first on (-2,2)”"
        assert f"{chosen}; the rules then laid for you, the only way on: {said}." in log
        line = screen.query_one("#cs-turn")
        rows = screen_lines(app)[line.region.y : line.region.bottom]
        shown = " ".join(row[line.region.x : line.region.right].strip() for row in rows)
        assert shown.startswith("You · ") and shown.endswith(" laid for you, the only way on: 1Y, NW, ◆Y used")


@pytest.mark.thorough
async def test_the_line_of_the_steps_the_rules_lay_comes_before_the_steps_own_lines(tmp_path):
    """The bug: "You use the black board good on (3,-3)…", then "The rules then laid for you, the
    only way on: … use the black board good.": the use said twice, first as the player's own
    choice. The rules' line comes first, right after the choice's own lines, then what its steps did."""
    from caravan_tui.screens.dialogs import ChoiceScreen

    async with solo_at(tmp_path, 2, solo_prefix(2, 93)) as (app, pilot, screen):
        turn, before = screen.table.turn, len(screen.table.log)
        await pilot.press("Y")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "how many?")
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.table.turn not in (None, turn), "the next decision")
        log = [str(line) for line, _ in screen.table.log][before:]
        said = next(i for i, line in enumerate(log) if "the rules then laid for you" in line.casefold())
        used = next(i for i, line in enumerate(log) if line.startswith("You use the yellow board good"))
        assert said < used, log


@pytest.mark.thorough
async def test_an_undo_keeps_the_lines_of_the_steps_the_rules_laid_before_what_it_takes_back(tmp_path):
    """The bug: after an undo the whole log (the host's lines, in place of the table's) had lost
    every "The rules then laid for you…" line, of moves the undo had not touched too."""
    from caravan_tui.screens.dialogs import ChoiceScreen
    from caravan_tui.widgets import MatchLog

    said = "the rules then laid for you, the only way on: 1 yellow good, head NW, use the yellow board good."
    async with solo_at(tmp_path, 2, solo_prefix(2, 93)) as (app, pilot, screen):
        turn = screen.table.turn
        await pilot.press("Y")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "how many?")
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.table.turn not in (None, turn), "the next decision")
        log = screen.query_one(MatchLog)
        assert said in " ".join(log.lines_text)
        lines = list(screen.table.log)
        next_turn = screen.table.turn
        screen.act(screen.table.legal[0])
        await wait_for(pilot, lambda: screen.table.turn not in (None, next_turn), "the decision after")
        await pilot.press("u")  # (the decision after it taken back: the whole log comes from the host)
        await wait_for(pilot, lambda: screen.table.turn == next_turn and settled(screen), "back")
        assert list(screen.table.log)[: len(lines)] == lines  # (the line where it stood, as before; then the undo's)
        await pilot.press("u")  # (the choice it followed taken back: it goes)
        await wait_for(pilot, lambda: screen.table.turn == turn and settled(screen), "back again")
        assert said not in " ".join(line for line, _ in screen.table.log)


@pytest.mark.thorough
async def test_the_steps_the_rules_lay_are_logged_before_the_placement_they_end(tmp_path):
    """The bug: "You laid 1W 2P 3K 4Y camel: 11 placed…", then "The rules then laid for you, the
    only way on: 2 yellow goods, camel.": the log said the placement whole, then more laid after
    it. The steps the rules lay are said first, then what they did."""
    from caravan_tui.screens.dialogs import ConfirmScreen

    async with solo_at(tmp_path, 2, solo_prefix(2, 15)) as (app, pilot, screen):
        turn = screen.table.turn
        assert screen.table.world.forced_after(("dir", 1))[-1][2] == ("camel",)
        await pilot.press("e")  # north-east: the rest is laid for us, and asked first
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        # which way Enter goes is said (the question before a boxed-in move keeps it back with Enter)
        assert "Play it? Enter or y plays it; n keeps it back (Not yet)." in app.screen.question
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.table.turn not in (None, turn), "the next decision")
        log = [line for line, _ in screen.table.log]
        said = next(i for i, line in enumerate(log) if "the rules then laid for you" in str(line).casefold())
        summary = max(i for i, line in enumerate(log) if str(line).startswith("You laid"))
        assert said == summary - 1, log[said - 1 : summary + 2]  # (its placement: 1P 2Y camel)


#: solo, seed 7, played by hand: the last stand of round 12, after which the next turn's only
#: open direction is south-west, the rest of that turn the player's to choose
ROUND_12 = [
    ('start', 3, -5), ('dir', 0), ('camel',), ('stand', 4, 3, -5), ('stand', 3, 2, -6), ('dir', 4), ('good', 0, 1),
    ('good', 1, 2), ('use',), ('dir', 0), ('good', 0, 3), ('dir', 5), ('dir', 4), ('good', 2, 4), ('dir', 2),
    ('good', 4, 5), ('dir', 4), ('use',), ('dir', 2), ('stand', 0, 3, -2), ('stand', 3, -2, 0), ('dir', 1),
    ('good', 3, 2), ('use',), ('dir', 2), ('use',), ('dir', 3), ('good', 0, 3), ('dir', 5), ('good', 1, 4),
    ('dir', 3), ('dir', 5), ('good', 4, 1), ('dir', 5), ('good', 2, 2), ('dir', 0), ('good', 3, 3), ('dir', 1),
    ('dir', 0), ('stand', 0, 0, 0), ('stand', 0, 1, 2), ('dir', 2), ('good', 2, 2), ('good', 4, 3), ('dir', 1),
    ('dir', 2), ('dir', 1), ('good', 4, 2), ('use',), ('dir', 5), ('good', 0, 3), ('use',), ('dir', 5), ('dir', 0),
    ('good', 0, 1), ('good', 3, 2), ('dir', 5), ('good', 1, 3), ('dir', 3), ('good', 0, 4), ('dir', 1),
    ('stand', 1, -6, 1), ('stand', 2, 6, -1), ('dir', 3), ('good', 1, 2), ('dir', 5), ('good', 2, 2),
    ('stand', 2, -1, 3), ('stand', 2, -2, 3), ('dir', 3), ('good', 2, 2), ('use',), ('dir', 3), ('use',),
    ('dir', 2), ('good', 3, 3), ('dir', 2), ('dir', 2), ('dir', 2), ('good', 0, 1), ('good', 4, 2), ('dir', 0),
    ('stand', 1, 1, -3), ('stand', 4, -1, -4), ('dir', 0), ('good', 1, 1), ('dir', 2), ('good', 2, 2),
    ('good', 4, 3), ('dir', 4), ('use',), ('dir', 2), ('stand', 3, -4, -2),
]  # fmt: skip


def test_a_next_turn_only_begun_by_the_rules_is_not_said_to_be_laid_whole():
    """The bug: "Then the rules lay your next turn for you, the only move: head SW. Play it?" at a
    stand: only the direction is the only way on; the goods and the camel are still the
    player's. Nothing to ask, and the log says the turn begins so."""
    from test_caravanserai_kit import table_at

    from caravan_tui.games.caravanserai.play_checks import forcing_after

    state = GAME.new(1, seed=7, options={"variant": "basic"})
    for action in ROUND_12:
        state.apply(action, log=False)
    table = table_at(state)
    stand = ("stand", 1, 1, -2)
    assert [step for _, _, step in state.forced_after(stand)] == [("dir", 4)]  # (the next turn's first step)
    assert question_before(table, stand) is None
    assert forcing_after(table, stand) == ("the start of your next turn (head SW)", "the start of your next turn (SW)")


@pytest.mark.thorough
async def test_a_choice_after_which_the_rules_lay_whole_turns_says_so_first(tmp_path):
    """The bug: "You laid camel" — a whole turn the rules played for the player (the only move),
    told only afterwards. The camel that leads to it asks first, naming the turns."""
    from test_caravanserai_newcomer import decision_at, random_prefix

    async with decision_at(tmp_path, 161, random_prefix(161, 102)) as (_app, _pilot, table):
        asked = question_before(table.screen.table, ("camel",))
        assert asked is not None
        said = "Then the rules lay your next 2 turns for you, the only move: head W, camel; head NW, camel."
        assert said in asked[0], asked


@pytest.mark.thorough
async def test_the_solo_and_two_player_boards_show_whole_at_80x24(tmp_path):
    """The bug: the solo board (19 tiles) lost its right-hand column at 80×24: shift+arrows had to
    pan to see it. The side column leaves it its 52 columns; the whole legend still fits."""
    from test_caravanserai_newcomer import decision_at

    from caravan_tui.games.caravanserai.board_widget import HexBoard
    from caravan_tui.games.caravanserai.legend import LEGEND_WIDTH, legend_panel

    async with solo_at(tmp_path, 7, []) as (_app, pilot, screen):
        board = screen.query_one(HexBoard)
        assert board.full.width == 52 and board.content_size.width >= board.full.width and board.more() == ""
        await pilot.press("l")
        panel = screen.query_one("#legend-panel")
        await wait_for(pilot, lambda: not panel.has_class("-hidden") and panel.content_size.width > 0, "the legend")
        assert max(len(line) for line in legend_panel().plain.splitlines()) == LEGEND_WIDTH
        assert panel.scrollable_content_region.width >= LEGEND_WIDTH
    async with decision_at(tmp_path, 7, []) as (_app, _pilot, table):
        board = table.screen.query_one(HexBoard)
        assert board.content_size.width >= board.full.width and board.more() == ""


@pytest.mark.thorough
async def test_a_hints_plan_is_numbered_on_the_board_in_the_order_its_pieces_are_laid(tmp_path):
    """The bug (solo seed 7, round 7): a hint laying many pieces starred about ten cells in no
    order; the route could not be rebuilt from the stars. Its cells are numbered 1, 2, 3… in the
    order the plan fills them: each next to the one before, the first next to the head."""
    from caravan_tui.games.caravanserai.ai import prior
    from caravan_tui.games.caravanserai.board_widget import HexBoard, distance
    from caravan_tui.games.caravanserai.explain import placement
    from caravan_tui.games.caravanserai.geometry import QR
    from caravan_tui.games.caravanserai.looks import step_mark

    async with solo_at(tmp_path, 7, solo_prefix(7, 29)) as (_app, pilot, screen):
        world = screen.table.world
        plan = placement(world, 0, [], prior)
        screen.table_state = dataclasses.replace(screen.table, hint_plan=plan)
        assert len(plan) >= 10
        screen.show_hint(plan[0], "A long placement.")
        board = screen.query_one(HexBoard)
        await wait_for(pilot, lambda: board.marks.get(screen.table.hint_cells[-1]) is not None, "the plan drawn")
        cells = screen.table.hint_cells
        after = world.clone()
        for action in plan:
            after.apply(action, False)
        laid = after.laid or after.last[2]  # (the plan's last step may end the placement: a forced camel)
        stood = [(action[2], action[3]) for action in plan if action[0] == "stand"]
        assert cells == tuple(QR[cell] for cell, _ in laid) + tuple(stood)  # (the whole plan, nothing else)
        path = [QR[world.pos], *cells[: len(laid)]]
        assert all(distance(a, b) == 1 for a, b in pairwise(path))
        assert [str(board.marks.get(cell)) for cell in cells if cell != board.cursor] == [
            step_mark(step) for step, cell in enumerate(cells, start=1) if cell != board.cursor
        ]


@pytest.mark.thorough
async def test_the_cell_under_the_cursor_says_your_head_camel_in_lower_case(tmp_path):
    """Found in play: the board's foot read "(3,-5) purple Caravanserai, Your head camel"."""
    from test_caravanserai_newcomer import decision_at, random_prefix

    from caravan_tui.games.caravanserai.geometry import QR
    from caravan_tui.games.caravanserai.looks import cell_caption

    async with decision_at(tmp_path, 161, random_prefix(161, 2)) as (_app, _pilot, table):
        state = table.screen.table
        assert cell_caption(state, QR[state.world.caravans[0][-1][0]]).endswith(", your head camel")
        assert cell_caption(state, QR[state.world.caravans[1][-1][0]]).endswith(", Bot's head camel")


@pytest.mark.thorough
async def test_a_plan_past_ten_steps_numbers_every_step_one_column_wide(tmp_path):
    """The bug: a plan of more than ten steps showed ``★`` past the tenth (the marks ran out at
    ``➉``). ⑪, ⑫… follow, each one column wide as Textual measures it, on the screen's rows and
    in the SVG screenshot alike; never a plain digit (a seat's mark)."""
    from rich.cells import cell_len

    from caravan_tui.games.caravanserai.ai import prior
    from caravan_tui.games.caravanserai.board_widget import HexBoard
    from caravan_tui.games.caravanserai.explain import placement
    from caravan_tui.games.caravanserai.looks import step_mark
    from caravan_tui.games.caravanserai.picture import HINT

    marks = [step_mark(step) for step in range(1, 21)]
    assert len(set(marks)) == 20 and HINT not in marks and all(cell_len(mark) == 1 for mark in marks)
    assert not any(char.isascii() for char in "".join(marks))
    async with solo_at(tmp_path, 7, solo_prefix(7, 29)) as (app, pilot, screen):
        plan = placement(screen.table.world, 0, [], prior)
        screen.table_state = dataclasses.replace(screen.table, hint_plan=plan)
        screen.show_hint(plan[0], "A long placement.")
        board = screen.query_one(HexBoard)
        await wait_for(pilot, lambda: board.marks.get(screen.table.hint_cells[-1]) is not None, "the plan drawn")
        cells = screen.table.hint_cells
        assert len(cells) > 11
        shown = [str(board.marks.get(cell)) for cell in cells[10:] if cell != board.cursor]
        assert shown and HINT not in shown and "⑫" in shown
        rows = screen_lines(app)
        assert any("⑫" in row for row in rows) and all(len(row) == 80 for row in rows)
        assert "⑫" in app.export_screenshot() or "&#9323;" in app.export_screenshot()


def test_a_reserve_left_without_camels_is_not_called_boxed_in():
    """ "Boxed in" is the head's want of an open cell alone, as the result screen says ("stuck (no
    free cell next to its head) or out of camels"): "boxes your caravan in (no camel in reserve)"
    mixed the two."""
    from caravan_tui.games.caravanserai.play_checks import stuck_words

    assert stuck_words("no camel in reserve") == "leaves your caravan with no camel in reserve"
    assert stuck_words("no open cell next to the head") == "boxes your caravan in (no open cell next to the head)"


def test_one_step_laid_for_you_is_one_step_and_the_legend_says_where_a_lying_camel_is():
    """ "1 steps laid for you: the log says them" (then "1 step … says them"); and the legend
    listed a lying camel in a basic game, where none can be laid (rules §5.4: expert only)."""
    import dataclasses

    from caravan_tui.games.caravanserai.legend import legend_panel

    state = GAME.new(1, seed=1, options={})
    view = state.view(0)
    table = CaravanseraiTable(seat=0, names=["Ann"]).viewing(view, state)
    long_step = "Head south-east (SE) to (3,-3) and stand a white good there " * 2
    said = placement_text(view, dataclasses.replace(table, forced=long_step)).plain
    assert "1 step laid for you: the log says it" in said
    two = placement_text(view, dataclasses.replace(table, forced=f"{long_step}, {long_step}")).plain
    assert "2 steps laid for you: the log says them" in two
    # the steps that ended the placement, whole within the row: "4 steps laid for you last
    # placement: the log says" lost its last word
    ended = placement_text(view, dataclasses.replace(table, forced=f"{long_step}, " * 11 + "camel")).plain
    assert "12 steps laid to end your placement (see the log)" in ended.splitlines(), ended
    (lying,) = [row for row in legend_panel().plain.splitlines() if row.strip().startswith("2L")]
    assert "expert only" in lying
    assert "a s d" not in legend_panel().plain  # (s turns nowhere: listed, it did nothing and said nothing)


def test_a_camels_stop_on_a_caravanserai_says_what_it_gains_where_the_market_has_none():
    """The bug (solo, seed 132, the review's move 89): "gaining the black board good and 1 black"
    and "gains a black good from the market" with no black good in the market, where the log said
    "you gain nothing" (§5.7: solo, nothing; with others, a good from another player's reserve)."""
    from caravan_tui.games.caravanserai.explain import gain_words

    solo = GAME.new(1, seed=132, options={})
    cell = next(x for x, colour in enumerate(solo.board.cs) if colour >= 0)
    colour = solo.board.cs[cell]
    name = ("white", "black", "purple", "red", "yellow")[colour]
    assert gain_words(solo, 0, colour) == f"gains a {name} good from the market"
    solo.market[colour] = 0
    assert solo.gain_from(0, colour) is None
    assert gain_words(solo, 0, colour) == f"gains nothing (no {name} good is left)"
    assert f"1 {name}" not in solo._stop_note(cell)
    pair = GAME.new(2, seed=132, options={})
    pair.market[colour] = 0
    pair.res[1][colour] = 1
    assert pair.gain_from(0, colour) == 1
    assert gain_words(pair, 0, colour).endswith("good from another player's reserve (the market has none)")


@pytest.mark.thorough
async def test_the_next_turn_the_rules_begin_after_a_stand_is_logged_after_the_stand(tmp_path):
    """The bug: "You stand a black market good on (-2,6)", "The rules then laid for you, the only
    way on: your next turn begins: head W.", then "You stand a black market good on (-2,7)": the
    last stand, which led to that step, logged after it."""
    async with solo_at(tmp_path, 7, ROUND_12) as (_app, pilot, screen):
        turn = screen.table.turn
        screen.act(("stand", 1, 1, -2))
        await wait_for(pilot, lambda: screen.table.turn not in (None, turn), "the next decision")
        log = [str(line) for line, _ in screen.table.log]
        said = next(i for i, line in enumerate(log) if "the rules then laid for you" in line.casefold())
        stood = max(i for i, line in enumerate(log) if line.startswith("You stand "))
        assert stood < said and "the start of your next turn" in log[said], log[-4:]


def test_a_block_left_out_so_far_is_previewed_as_the_best_it_can_still_make():
    """The bug: "3K more then camel: caravan 29→32, count 3", and the placement ended at caravan
    29, count 6: the block in progress was left out of the count so far, but a K laid after on
    another colour's Caravanserai cell counted it. Until its last piece is known the figures are
    the most the caravan can make and the least it counts: "caravan 29→≤32, count ≥3"."""
    for seed in range(300):
        rng, state = random.Random(seed), GAME.new(1, seed=seed, options={})
        while not state.is_over():
            pl = state.view(0)["placement"]
            if pl is not None and pl["left"] >= 1 and state.stage != BOARD and pl["on_caravanserai"]:
                said = line(state)
                if pl["all_match"] and not pl["declined"]:
                    assert "→≤" in said and "count ≥" in said, said
                    return
                assert "≤" not in said and "≥" not in said, said
            state.apply(rng.choice(state.legal_actions()), False)
    raise AssertionError("no such position")


async def test_an_undo_of_a_choice_the_rules_laid_on_from_names_the_choice():
    """Undo after "Start block 3" and the board good the rules then used: the log said "taking
    back “You use the yellow board good …”", the choice taken back with it unsaid. It names the
    choice, as the plays list said it."""
    from caravan_tui import bus as messages
    from caravan_tui.bus import Bus
    from caravan_tui.match.host import MatchHost
    from caravan_tui.seats import SeatSpec

    prefix = solo_prefix(2, 93)
    host = MatchHost.new("caravanserai", [SeatSpec("human")], ["Ann"], 2, {}, None, Bus())
    for action in prefix:
        await host.handle(messages.Act(host.match_id, 0, host.turn, action))
    three = next(a for a in host.state.legal_actions() if a[:2] == ("good", 4))
    assert host.state.forced_after(three)  # (the rules lay steps after it)
    said = host.state.describe(three, 0)
    await host.handle(messages.Act(host.match_id, 0, host.turn, three))
    sub = host.bus.subscribe(messages.seat_address(host.match_id, 0))
    await host.handle(messages.UndoRequest(host.match_id, 0))
    update = next(m for m in iter(sub.get_nowait, None) if isinstance(m, messages.Update))
    assert update.events[-1] == f"You undo 1 move, taking back “{said}”.", update.events[-1]
