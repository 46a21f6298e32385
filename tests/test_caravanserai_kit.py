"""The Caravanserai table as a kit: its selection is a reducer over the table's state (a new
state for each change, the old one left as it was), and the status line and what Enter plays are
functions of that state. Plain functions, no screen; the bus's messages are folded as the table's
client folds them (``table_client.heard``)."""

from __future__ import annotations

import copy
import dataclasses
import itertools
import random

import pytest
from test_caravanserai_says_each_step import solo_prefix

from caravan_tui.bus import Update, YourTurn
from caravan_tui.games import GAMES
from caravan_tui.games.caravanserai.looks import board_look, step_mark
from caravan_tui.games.caravanserai.picture import action_cell
from caravan_tui.games.caravanserai.rules import BOARD, DECLINE, USE
from caravan_tui.games.caravanserai.selection import arrived, chose, followed, forced_line, hinted, our_turn
from caravan_tui.games.caravanserai.status_line import BOARD_ID, actions_at, enter, status
from caravan_tui.games.caravanserai.table_state import CaravanseraiTable
from caravan_tui.screens.table_client import heard
from caravan_tui.screens.table_status import PLAYS_LIST, seat_status

GAME = GAMES["caravanserai"]
MESSAGES = itertools.count(1)  # (the turn each message is at)


def play(state, actions) -> None:
    for action in actions:
        state.apply(action, log=False)


def folded(table: CaravanseraiTable, state, seat: int = 0) -> CaravanseraiTable:
    """``table`` once the bus said ``state``: its decision (a ``YourTurn``) when ``seat`` is to
    move, else an ``Update``."""
    view = state.view(seat)
    world_of = lambda view: GAME.from_view(view, seat)  # noqa: E731
    if state.turn == seat:
        message = YourTurn("m", seat, next(MESSAGES), view, list(state.legal_actions()))
    else:
        message = Update("m", seat, next(MESSAGES), view, [])
    return heard(table, message, world_of, 0.0)


def table_at(state, seat: int = 0) -> CaravanseraiTable:
    names = ["Ann", "Bob", "Cy"][: state.n]
    return folded(CaravanseraiTable(seat=seat, names=names), state, seat)


def left_alone(table: CaravanseraiTable):
    """What ``table`` holds now, each field and a copy of it where it could change in place: a
    reducer leaves both as they were."""
    return {
        name: (value, copy.copy(value) if isinstance(value, (list, dict, set)) else value)
        for name, value in vars(table).items()
    }


def unchanged(table: CaravanseraiTable, before) -> bool:
    """Whether ``table`` holds what it held (``left_alone``): the same values, and the lists,
    dicts and sets among them not changed in place."""
    return vars(table).keys() == before.keys() and all(
        vars(table)[name] is value and (value == kept if isinstance(value, (list, dict, set)) else True)
        for name, (value, kept) in before.items()
    )


def start_of_match():
    state = GAME.new(2, seed=0, options={})
    return state, table_at(state)


def test_each_reducer_gives_a_new_state_and_leaves_the_old_one_as_it_was():
    state, table = start_of_match()
    action = table.legal[0]
    before = left_alone(table)
    for new in (hinted(table, action), followed(table), our_turn(table), chose(table, action)):
        assert new is not table
    after = state.clone()
    after.apply(action, log=False)
    view = folded(table, after)
    before_view = left_alone(view)
    new = arrived(view, table.view, by_other=False)
    assert new is not view and unchanged(view, before_view)
    assert unchanged(table, before)


def test_a_hint_marks_its_plan_in_order_and_the_plan_is_followed_then_left():
    state = GAME.new(1, seed=2, options={})
    play(state, solo_prefix(2, 93))
    table = table_at(state)
    good = next(a for a in table.legal if a[0] == "good")
    table = dataclasses.replace(table, hint_plan=[good])
    shown = hinted(table, good)
    assert shown.hinted == good and shown.trail[0] == good and len(shown.trail) > 1
    assert shown.hint_cells and shown.seen is not None
    marks = board_look(shown).marks
    assert [str(marks[cell]) for cell in shown.hint_cells] == [
        step_mark(n) for n in range(1, len(shown.hint_cells) + 1)
    ]
    # the step is played: the plan goes on from its next step, and the next decision stars it
    gone = chose(dataclasses.replace(shown, turn=None), good)
    assert gone.trail == shown.trail[1:] and gone.hinted is None
    after = state.clone()
    after.apply(good, log=False)
    next_turn = our_turn(folded(gone, after))
    if gone.trail[0] in next_turn.legal:
        assert next_turn.hinted == next_turn.hint_action == next_turn.trail[0] == gone.trail[0]
    # a step off the plan ends it
    off = next(a for a in shown.legal if a != good)
    assert chose(dataclasses.replace(shown, turn=None), off).trail == ()


def test_the_steps_the_rules_lay_after_a_choice_are_logged_and_shown_until_the_next_choice():
    state = GAME.new(1, seed=2, options={})
    play(state, solo_prefix(2, 93))
    table = table_at(state)
    three = next(a for a in table.legal if a[:2] == ("good", 4))
    sent = chose(dataclasses.replace(table, turn=None), three)
    said = (
        "You chose “Start block 3: 3 yellow goods, the first on (-2,2)”; the rules then laid for you, the only "
        "way on: 1 yellow good, head NW, use the yellow board good."
    )
    assert sent.forcing == (said, "1Y, NW, ◆Y used")
    after = state.clone()
    after.apply(three, log=False)
    arriving = folded(sent, after)
    assert forced_line(arriving, by_other=False) == said
    new = arrived(arriving, table.view, by_other=False)
    assert new.forcing is None and new.forced == "1Y, NW, ◆Y used" and forced_line(new, by_other=False) is None
    # another's move ends them
    gone = arrived(new, table.view, by_other=True)
    assert forced_line(new, by_other=True) is None and gone.forced is None


def test_steps_that_end_the_placement_are_said_as_the_last_placements():
    """Solo: the rules laid the camel that ended round 2's placement, and round 3 began under
    "You · camel now: caravan 12→12, count 1 / laid for you, the only way on: camel", read as
    laid in the new turn (the reserve still held the camel)."""
    from caravan_tui.games.caravanserai.table_text import placement_text

    state = GAME.new(1, seed=1, options={})
    state.apply(random.Random(1).choice(state.legal_actions()), log=False)
    table = table_at(state)
    way = ("dir", 2)
    assert [step for *_, step in state.forced_after(way)] == [("camel",)]
    after = state.clone()
    after.apply(way, log=False)
    new = arrived(folded(chose(dataclasses.replace(table, turn=None), way), after), table.view, by_other=False)
    assert new.forced == "camel"
    said = placement_text(new.view, new).plain.split("\n")[-1]
    assert said == "your last placement, laid for you: camel", said


def test_a_good_whose_use_or_decline_is_asked_next_is_not_said_laid_by_the_rules():
    """Found in solo seed 151: after "Start block 1: 2 red goods" the log said "The rules then
    laid for you, the only way on: 1 red good." while the plays asked whether to use the red board
    good on that cell as the piece or decline it: the rules only announce that good, the player's
    answer lays it. Nothing is said laid (nor in a review's words) until then."""
    from caravan_tui.games.caravanserai.explain import laid_for

    state = GAME.new(1, seed=151, options={})
    rng = random.Random(1)
    for _ in range(2):  # (the start camel, then the first placement's way)
        state.apply(rng.choice(state.legal_actions()), log=False)
    table = table_at(state)
    block = ("good", 2, 2)
    assert block in table.legal and [step for _, _, step in state.forced_after(block)] == [block]
    sent = chose(dataclasses.replace(table, turn=None), block)
    assert sent.forcing is None
    after = state.clone()
    after.apply(block, log=False)
    assert after.stage == BOARD and set(after.legal_actions()) == {USE, DECLINE}  # (the question is the player's)
    arriving = folded(sent, after)
    assert forced_line(arriving, by_other=False) is None
    assert laid_for(state, 0, block) == ""


def test_a_turn_laid_for_us_is_news_and_the_cells_another_changed_are_marked():
    from test_caravanserai_newcomer import random_prefix

    state = GAME.new(2, seed=8, options={})
    play(state, random_prefix(8, 92))
    table = table_at(state)
    assert state.turn == 1
    state.apply(("dir", 0), log=False)  # (its placement ends; ours is a lone camel, laid by the rules)
    new = arrived(folded(table, state), table.view, by_other=True)
    assert new.news == "Your turn was laid for you: camel, the only move"
    assert new.played_for_us == "camel" and new.skipped is None
    assert new.flash and new.seen is not None and new.seen[1] in new.flash
    # our next decision puts the news away
    assert our_turn(new).played_for_us is None


def pointing(table: CaravanseraiTable, cell=None, focus: str | None = BOARD_ID, highlighted=None, pausing=None):
    """``table`` where the player points: the board's cursor on ``cell``, the focus on ``focus``
    (the board's id, the plays list's), the list's highlighted play; ``pausing``: the seat whose
    action is on show."""
    cursors = {BOARD_ID: cell} if cell is not None else {}
    return dataclasses.replace(table, cursors=cursors, focus=focus, highlighted=highlighted, pausing=pausing)


def test_the_enter_line_says_what_enter_plays_where_the_player_is():
    _, table = start_of_match()
    start = table.legal[0]
    cell = action_cell(start, table.picture)
    on_board = pointing(table, cell)
    assert str(status(on_board)) == "enter: start here"
    assert enter(on_board) == start and actions_at(table, cell) == [start]
    listed = pointing(table, cell, PLAYS_LIST, table.legal[1])
    there = action_cell(table.legal[1], table.picture)
    assert str(status(listed)) == f"enter: start at ({there[0]},{there[1]})"
    assert enter(listed) == table.legal[1]
    none_yet = pointing(table, cell, PLAYS_LIST)  # (after a play: a first Enter highlights the first line)
    assert str(status(none_yet)) == "enter: highlight the first play (↑↓ pick one)" and enter(none_yet) is None
    elsewhere = pointing(table, cell, None)
    assert str(status(elsewhere)) == "Your starting camel: enter on a › cell" and enter(elsewhere) is None
    empty = pointing(table, next(c for c in table.picture.cells if not actions_at(table, c)))
    assert str(status(empty)) == "enter: nothing here (a › cell plays)" and enter(empty) is None


def test_while_others_play_the_line_is_the_tables_own_or_the_news_on_show():
    _, table = start_of_match()
    waiting = pointing(dataclasses.replace(table, turn=None))
    assert status(waiting) == seat_status(waiting) and enter(waiting) is None
    news = dataclasses.replace(
        pointing(waiting, pausing=1), news="Your turn was skipped: no open cell next to the head"
    )
    assert str(status(news)) == "Your turn was skipped: no open cell next to the head (any key goes on)"
    assert str(status(pointing(waiting, pausing=1))) == "Bob is playing… (any key skips)"


def at_a_board_good():
    """A solo match, played at random, at a board good its player may use or decline."""
    for seed in range(50):
        rng, state = random.Random(seed), GAME.new(1, seed=seed, options={})
        while not state.is_over() and not (state.stage == BOARD and DECLINE in state.legal_actions()):
            state.apply(rng.choice(state.legal_actions()), log=False)
        if not state.is_over():
            return state
    raise AssertionError("no board good to decline in 50 seeds")


def test_on_a_board_good_enter_uses_it_and_the_line_says_n_declines():
    state = at_a_board_good()
    table = table_at(state)
    on_good = pointing(table, action_cell(USE, table.picture))
    colour = ("white", "black", "purple", "red", "yellow")[state.view(0)["placement"]["colour"]]
    assert str(status(on_good, width=80)) == f"enter: use the {colour} board good · n declines"
    assert enter(on_good) == USE
    # the decline highlighted in the plays list says what decides the choice within the line's
    # two rows (over SSH: "… goes back to the market and this block…")
    declining = dataclasses.replace(table, focus=PLAYS_LIST, highlighted=DECLINE)
    said = str(status(declining))
    assert (
        said == (f"enter: decline it: your own {colour} good, this block counts; the board good goes to the market")
        and len(said) <= 2 * 46
    ), said


@pytest.mark.thorough
async def test_the_plays_list_shows_the_rows_of_the_state_the_board_draws(tmp_path):
    """Found in play: the plays list showed "Start block 1" rows for a second or two after a piece
    was laid. The list and the board draw each new state of the table in the same change: checked
    at every state the table is given, from the decision through the laid piece to the next
    decision, and on the screen as drawn after it."""
    from test_caravanserai_says_each_step import solo_at
    from test_caravanserai_screen import screen_lines

    from caravan_tui.games.caravanserai.board_widget import HexBoard
    from caravan_tui.screens.dialogs import ConfirmScreen
    from caravan_tui.widgets import ActionList
    from caravan_tui.widgets.actions import idle_note

    from tables import wait_for

    async with solo_at(tmp_path, 1, solo_prefix(1, 2)) as (app, pilot, screen):
        actions, board = screen.query_one(ActionList), screen.query_one(HexBoard)
        drawn = []

        def follow(table: CaravanseraiTable) -> None:  # (watching after the list and the board)
            rows = [str(actions.get_option_at_index(i).prompt) for i in range(actions.option_count)]
            drawn.append((table, list(actions.actions), rows, board.look))

        screen.watch(screen, "table_state", follow, init=False)
        block = next(a for a in screen.table.legal if a[0] == "good")
        assert screen.table.describe(block).startswith("Start block 1")
        turn = screen.table.turn
        screen.play(block)
        await pilot.pause()
        if isinstance(app.screen, ConfirmScreen):
            await pilot.press("y")
        await wait_for(pilot, lambda: screen.table.turn not in (None, turn), "the next decision")
        await pilot.pause()
        assert len(drawn) >= 2 and drawn[-1][0] is screen.table
        for table, listed, rows, look in drawn:
            legal = list(table.legal) if table.turn is not None else []
            assert listed == legal
            assert [" ".join(row.removeprefix("★ ").split()) for row in rows] == (  # (as wrapped to the list)
                [" ".join(table.describe(a).split()) for a in legal] or [idle_note(table)]
            )
            assert look == board_look(table)
        shown = "\n".join(screen_lines(app))
        assert "Start block 1" not in shown and screen.table.describe(screen.table.legal[0])[:20] in shown


@pytest.mark.thorough
async def test_the_hints_plan_stays_whole_while_practice_checks_a_step_of_it(tmp_path):
    """The bug: with practice on, a step of the hint's plan went on the plan's count as it was
    chosen, and once practice let it go it counted again as a step off the plan: the plan's marks
    were gone from the board after its first step. The plan moves on only when the step goes."""
    from test_caravanserai_says_each_step import solo_at

    class Holds:
        """Practice that holds each move until the test lets it go."""

        held = None

        def check(self, screen, action) -> None:
            self.held = action

    async with solo_at(tmp_path, 2, solo_prefix(2, 93)) as (_app, _pilot, screen):
        good = next(a for a in screen.table.legal if a[0] == "good")
        screen.table_state = hinted(dataclasses.replace(screen.table, hint_plan=[good]), good)
        plan = screen.table.trail
        screen.practice = practice = Holds()
        screen.act(good)
        assert practice.held == good and screen.table.trail == plan and screen.table.turn is not None
        screen.practised = good  # (as practice lets it go)
        screen.act(good)
        assert screen.table.turn is None and screen.table.trail == plan[1:] != ()


def test_no_caravanserai_module_changes_a_state_in_place_or_redraws_by_hand():
    """The table's state changes only by a new state assigned: no module of the game sets a field
    of a table (``table.x = …``, ``self.table.x = …``), changes a list, dict or set a table holds,
    or asks for a redraw by hand (``table_changed``, ``show_status``, ``mutate_reactive``,
    ``redraw``)."""
    import ast
    from pathlib import Path

    import caravan_tui.games.caravanserai as package

    def is_table(node: ast.AST) -> bool:
        return (isinstance(node, ast.Name) and node.id == "table") or (
            isinstance(node, ast.Attribute) and node.attr in ("table", "table_state")
        )

    mutators = {"append", "extend", "add", "update", "pop", "remove", "clear", "insert", "discard", "setdefault"}
    redraws = {"table_changed", "show_status", "mutate_reactive", "redraw"}

    def changes_a_table(node: ast.AST) -> bool:
        targets = (
            node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AugAssign) else []
        )
        for target in targets:
            while isinstance(target, ast.Subscript):
                target = target.value
            on_self = (
                isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self"
            )
            if isinstance(target, ast.Attribute) and is_table(target.value) and not on_self:
                return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            held = node.func.attr in mutators and isinstance(owner, ast.Attribute) and is_table(owner.value)
            return held or node.func.attr in redraws
        return False

    found = [
        f"{path.name}:{node.lineno}"
        for path in sorted(Path(package.__file__).parent.glob("*.py"))
        for node in ast.walk(ast.parse(path.read_text()))
        if changes_a_table(node)
    ]
    assert found == []


def test_a_hints_steps_read_apart_from_the_seats_pieces_without_colour():
    """The bug: the plan's steps were numbered 1 2 3, and a piece on the board reads "1C" (player
    1's camel), so "1" before a cell read as a step and as a seat alike at 80×24 and under
    NO_COLOR. A step's mark shares no character with any piece's glyph, and the legend says so."""
    from caravan_tui.games.caravanserai.legend import legend_lines, legend_panel

    state = GAME.new(1, seed=2, options={})
    play(state, solo_prefix(2, 93))
    table = table_at(state)
    good = next(a for a in table.legal if a[0] == "good")
    shown = hinted(dataclasses.replace(table, hint_plan=[good]), good)
    look = board_look(shown)
    pieces = {char for glyph in look.glyphs.values() for char in glyph.plain if char not in " ·"}
    assert any(char in "0123456789" for char in pieces)  # the seats' marks on the board
    steps = [look.marks[cell].plain for cell in shown.hint_cells]
    assert len(steps) > 1 and not set("".join(steps)) & pieces
    assert not any(char.isascii() for char in "".join(step_mark(n) for n in range(1, 11)))  # (no 0-9, no letter)
    assert "➀➁➂ hint" in legend_lines()[2].plain and "➀➁➂" in legend_panel().plain
    # (a piece the rules laid for the person within another's move is marked too: "* the others'
    # turns" read wrong of it)
    assert " *     changed since\n       your last move\n" in legend_panel().plain, legend_panel().plain


#: two players, seed 21, played by hand against normal from the hints: the fourth round begins
ROUND_4 = [
    ('start', -4, 1), ('start', 3, -4), ('dir', 0), ('good', 0, 1), ('dir', 1), ('good', 2, 2), ('dir', 0),
    ('good', 1, 3), ('dir', 0), ('dir', 1), ('good', 4, 4), ('dir', 2), ('stand', 1, 6, -5), ('dir', 3),
    ('good', 2, 2), ('use',), ('dir', 3), ('good', 1, 3), ('dir', 4), ('dir', 5), ('good', 2, 4), ('dir', 4),
    ('dir', 5), ('stand', 0, -5, 1), ('dir', 0), ('good', 0, 1), ('good', 3, 2), ('dir', 5), ('dir', 1),
    ('good', 0, 2), ('dir', 5), ('use',), ('dir', 4), ('good', 3, 3), ('dir', 0), ('good', 4, 4), ('dir', 0),
    ('dir', 4), ('good', 3, 1), ('good', 2, 2), ('good', 0, 3), ('use',), ('dir', 5), ('dir', 0), ('dir', 2),
    ('good', 0, 1), ('good', 2, 2), ('good', 1, 3), ('dir', 2),
]  # fmt: skip


def test_a_hint_that_leaves_one_open_cell_by_the_head_says_so_as_the_question_does():
    """The bug: the hint's placement (1W 2K, its camel on (5,2)) left one open cell next to the
    head; the hint said nothing, the question before its last step did, the other player's
    caravan took the cell and the turn after was skipped. The hint opens with the question's
    words."""
    from caravan_tui.games.caravanserai.play_checks import hint_warning

    state = GAME.new(2, seed=21, options={"variant": "basic"})
    play(state, ROUND_4)
    table = hinted(dataclasses.replace(table_at(state), hint_plan=list(LONE_CELL_PLAN)), LONE_CELL_PLAN[0])
    warning = hint_warning(table)
    assert warning is not None and "leaves one open cell next to your head" in warning


#: the hint's plan at ``ROUND_4`` while the planner took the others as never shutting a cell
LONE_CELL_PLAN = (("dir", 2), ("good", 0, 1), ("dir", 1), ("good", 1, 2), ("dir", 5))


def test_the_hints_plan_keeps_room_at_the_head_where_one_open_cell_would_corner_it():
    """Found following every hint (seed 21, 2 players, against normal): at ``ROUND_4`` the
    hint's plan (``LONE_CELL_PLAN``, its camel on (5,2) at the board's east edge) left the head
    one open cell, and from that corner the caravan could lay only single camels for three
    turns. Played on from here against normal with every hint followed, that plan lost 30-31
    and the hint's plan now (2P 3K south-west, three open cells by the head) won 34-27. The
    planner played the other seat out as never shutting a cell, and valued the corner as open
    country; a hint weighs a head left one open cell as boxed in."""
    from caravan_tui.ai.policies import hint, hint_seed
    from caravan_tui.games.caravanserai.play_checks import open_by_head

    state = GAME.new(2, seed=21, options={"variant": "basic"})
    play(state, ROUND_4)
    line = hint("caravanserai", state.view(0), 0, "normal", hint_seed(0, len(ROUND_4)))[0].line
    after = state.clone()
    play(after, line)
    assert tuple(line[: len(LONE_CELL_PLAN)]) != LONE_CELL_PLAN
    assert after.turn == 1 and len(open_by_head(after, 0)) >= 2


def test_solos_two_stands_for_a_camel_say_which_of_the_two_is_asked():
    """The bug: solo stands two market goods for each camel taken back (rules §7.2), and the two
    stands in a row looked alike ("enter: stand a yellow good at (-2,2)", twice): now "1 of 2",
    then "2 of 2"; a lone stand between players says no number."""
    from caravan_tui.games.caravanserai.ai import prior_choice
    from caravan_tui.games.caravanserai.rules import STAND
    from caravan_tui.games.caravanserai.status_line import prompt, short

    for players, said in ((1, ["1 of 2", "2 of 2"]), (2, [None])):
        state = GAME.new(players, seed=7, options={})
        while state.stage != STAND:
            state.apply(prior_choice(state), False)
        seat, shown = state.turn, []
        while state.stage == STAND and state.turn == seat:
            table = table_at(state, seat)
            words, asked = short(table, table.legal[0], here=False), prompt(table)
            number = words.split(" (")[-1].rstrip(")") if words.endswith(" of 2)") else None
            shown.append(number)
            assert asked == (
                f"Stand a market good ({number}): enter on a ›" if number else "Stand a market good: enter on a ›"
            )
            state.apply(table.legal[0], False)
        assert shown == said


def asked_mid_placement(seeds: int, wanted):
    """The first (state, table, action, question) of random solo play, within ``seeds`` seeds, at
    a placement with pieces laid by hand, whose question before ``action`` is ``wanted``
    (``wanted(table, action, question)``); AssertionError where none is."""
    from caravan_tui.games.caravanserai.play_checks import question_before
    from caravan_tui.games.caravanserai.rules import PLACE

    for seed in range(seeds):
        rng, state = random.Random(seed), GAME.new(1, seed=seed, options={})
        while not state.is_over():
            if state.stage == PLACE and state.laid:
                table = table_at(state)
                for action in table.legal:
                    asked = question_before(table, action)
                    if asked is not None and wanted(table, action, asked[0]):
                        return state, table, action, asked[0]
            state.apply(rng.choice(state.legal_actions()), False)
    raise AssertionError("no such question")


def test_the_forced_rest_names_only_the_pieces_still_to_lay():
    """Found in play (solo seed 7): after 1 white laid by hand, "After “Start block 2: 2 purple
    goods…” only one way on is left: the rest of this placement is laid for you (1W 2P camel)"
    named the white the player had laid as laid for them. It names the rest: "2P camel", this step
    and the rest ("the rest … (3W camel)" read as three whites more than the block begun)."""
    from caravan_tui.games.caravanserai.rules import pieces_text

    state, _table, action, asked = asked_mid_placement(40, lambda table, action, asked: "only one way on" in asked)
    after = state.clone()
    after.apply(action, False)
    rest = pieces_text(after.last[2][len(state.laid) :])
    assert f"this step and the rest of the placement are laid for you ({rest})" in asked, asked
    assert f"({pieces_text(after.last[2])})" not in asked


@pytest.mark.thorough
def test_the_forced_rest_names_its_own_pieces_where_the_next_turn_is_laid_too():
    """Found in play (solo seed 755): "the rest of this placement is laid for you (, on (3,-7) you
    take the white board good …) … Then the rules lay your next turn for you": the rest was cut
    from the next turn's pieces, the one the rules laid last, at this one's count."""
    from caravan_tui.games.caravanserai.rules import pieces_text

    state, _table, action, asked = asked_mid_placement(
        200, lambda table, action, asked: "Then the rules lay your next turn" in asked
    )
    rest = pieces_text(state.through_turn(action).last[2][len(state.laid) :])
    assert rest and f"laid for you ({rest}" in asked, asked


@pytest.mark.thorough
def test_a_question_says_a_next_turn_the_rules_begin_for_you():
    """Found in play (solo seed 755): "… the rest of this placement is laid for you (1P camel) and
    your turn ends, your caravan at 17. Play it?", and the next turn opened with its direction
    chosen: a question asked says the next turn's forced start too."""
    from caravan_tui.games.caravanserai.play_checks import forced_news

    def begun(table, action) -> list[str]:
        return [words for words, whole in forced_news(table, action)[1] if not whole]

    _state, table, action, asked = asked_mid_placement(
        200, lambda table, action, asked: "only one way on" in asked and bool(begun(table, action))
    )
    assert f"begins with the only way on: {begun(table, action)[0]}." in asked, asked


def test_a_stand_hint_carries_no_placement_warning():
    """Seed 205: a stand's hint opened "Careful: the placement suggested below leaves one open cell
    next to your head", where no placement was suggested: the warning was the placement's just made."""
    from caravan_tui.games.caravanserai.play_checks import hint_warning, open_by_head

    game, rng = GAMES["caravanserai"], random.Random(5)
    for seed in range(60):
        state = game.new(2, seed=seed, options=game.resolve_options({}))
        while state.turn is not None:
            for stand in (a for a in state.legal_actions() if a[0] == "stand" and state.turn == 0):
                after = state.clone()
                after.apply(stand, False)
                if after.turn != 0 and not after.is_over() and len(open_by_head(after, 0)) == 1:
                    assert hint_warning(dataclasses.replace(table_at(state), hint_plan=[stand])) is None
                    return
            state.apply(rng.choice(state.legal_actions()), False)
    raise AssertionError("no stand beside a head with one open cell")


def test_the_forecast_takes_a_row_of_its_own_where_the_turn_line_does_not_fit_beside_it(monkeypatch):
    """Over SSH: "1 open cell by your head: taken, you are skipped ·" ended a row, the turn line
    on the next; and "taken, you are skipped" read as a fact (it is what follows if it is taken)."""
    import caravan_tui.games.caravanserai.status_line as lines

    state = GAME.new(2, seed=3)
    state.apply(state.legal_actions()[0])  # (seat 0's start: seat 1 to move)
    table = table_at(state, 0)
    assert table.turn is None
    monkeypatch.setattr(lines, "forecast", lambda view, table: "1 open cell by your head: skipped if it is taken")
    said = status(table).plain
    assert said.startswith("1 open cell by your head: skipped if it is taken\n") and "·" not in said, said
    monkeypatch.setattr(lines, "forecast", lambda view, table: "skipped")
    assert status(table, width=80).plain.startswith("skipped · ")


def test_the_log_names_a_lying_camel_and_the_last_camel_apart():
    """Expert: "You laid lying camel: 2 placed, count 2" of a lying camel and the final camel,
    read as one piece."""
    from caravan_tui.games.caravanserai.rules import CAMEL, LYING, laid_words

    assert laid_words([((0, 0), LYING), ((1, 0), CAMEL)]) == "lying camel, camel"
    assert laid_words([((0, 0), 3), ((1, 0), LYING), ((2, 0), 3), ((3, 0), CAMEL)]) == "1R lying camel, 1R camel"


def test_the_others_changes_add_up_until_our_turn_ends():
    """A turn that ended on a stand left only the stand marked "*", not the pieces laid before
    it: the others' changes add up until our turn ends (``chose``); a replay marks its step's."""
    state, table = start_of_match()
    first = dataclasses.replace(table, flash=frozenset({(0, 0)}))
    after = state.clone()
    after.apply(table.legal[0], log=False)
    view = folded(dataclasses.replace(first, turn=None), after)
    changed = arrived(view, table.view, by_other=True).flash
    assert (0, 0) in changed and len(changed) > 1
    replaying = dataclasses.replace(view, replaying=True)
    assert (0, 0) not in arrived(replaying, table.view, by_other=False).flash
    assert chose(dataclasses.replace(table, turn=None), table.legal[0]).flash == frozenset()


@pytest.mark.thorough
def test_a_step_that_ends_the_match_where_another_would_not_waits_for_a_y():
    """Found in play (solo seed 1635, round 3): "… your caravan at 16. This ends the match (the
    caravan cannot move). Play it? Enter or y plays it" — a third Enter, after the two that chose
    the step, would have ended the match with six camels unused. Where another play goes on, the
    question waits for a "y" (Enter keeps it back); where every play ends it, Enter plays it."""
    from caravan_tui.games.caravanserai.play_checks import ends_match, question_before

    seen = set()
    for seed in range(60):
        rng, state = random.Random(seed), GAME.new(1, seed=seed, options={})
        while not state.is_over() and len(seen) < 2:
            table = table_at(state)
            for action in table.legal:
                asked = question_before(table, action)
                if asked is not None and "This ends the match" in asked[0]:
                    early = any(not ends_match(state, other) for other in table.legal)
                    assert asked[1] == early, (seed, action, asked)
                    seen.add(early)
            state.apply(rng.choice(state.legal_actions()), False)
    assert seen == {True, False}


def test_a_start_s_reason_counts_one_cell_as_one():
    """A replay's "What AI 2 weighed" read "1 cells from the nearest camel"."""
    from caravan_tui.games import get_game
    from caravan_tui.games.caravanserai.explain import _start
    from caravan_tui.games.caravanserai.geometry import NEIGHBOURS

    state = get_game("caravanserai").new(2, seed=21, options={"variant": "basic"})
    state.apply(("start", -4, 1))
    beside = NEIGHBOURS[state.caravans[0][-1][0]][0]
    assert _start(state, beside).endswith("; 1 cell from the nearest camel")


def test_steps_laid_for_you_say_west_whole_beside_white() -> None:
    """ "laid for you, the only way on: 1W, W, ◆W used" read W as white and as west on one line:
    the one direction that is a colour's letter too is said whole; the others stay short."""
    from caravan_tui.games.caravanserai.words import forced_words

    west, north_west = ("dir", 3), ("dir", 2)
    assert forced_words([(0, 1, ("good", 0)), (0, 1, west), (0, 1, ("use",))], 0, 1, 0, short=True)[0] == (
        "1W, head W, ◆W used"
    )
    assert forced_words([(0, 1, north_west)], 0, 1, 0, short=True)[0] == "NW"
    assert forced_words([(0, 1, west)], 0, 1, 0)[0] == "head W"


def test_turns_skipped_in_the_last_round_are_counted_with_the_rest():
    """Seed 1135, out of camels from round 15: the board said "You: skipped ×4 (no camel in
    reserve)" over a log, and a review, of five skips; the last came in the match's last round."""
    from caravan_tui.games.caravanserai.words import skipped_line

    from tables import recorded

    state, log = recorded(GAME.id, "caravanserai_last_skips_1135", 130)
    table, skips = table_at(state), 0
    for action in log[130:]:
        mover, before = state.turn, table.view
        events = state.apply(action)
        skips += sum(event.text == skipped_line(0, "no camel in reserve") for event in events)
        table = arrived(folded(table, state), before, by_other=mover != 0)
    assert state.is_over() and table.skipped == (5, "no camel in reserve") and skips == 5


def test_a_hint_that_keeps_few_camels_says_how_many_the_other_holds():
    """Seed 1135: the hints kept 2 camels or fewer while AI 2 kept 3 or 4 ("leaves 2 camels and
    10 goods in reserve"), and the person was then skipped five times; the warning came only
    where no placement kept a camel."""
    from caravan_tui.engine import render

    from tables import recorded

    for move, said in (
        (75, "leaves 2 camels (AI 2 has 4) and 10 goods in reserve"),
        (120, "leaves 1 camel (your last; AI 2 has 3) and 9 goods in reserve"),
        (95, "leaves 4 camels and 9 goods in reserve"),
    ):
        state, log = recorded(GAME.id, "caravanserai_last_skips_1135", move)
        assert state.turn == 0
        words = render(GAME.ai.explain(state, 0, [log[move]]), ["You", "AI 2"], 0)
        assert words.endswith(said), words


def test_one_open_cell_with_one_beyond_it_says_either_taken_boxes_the_caravan_in():
    """Seed 1235, round 3: the hint took the caravan into the board's corner, warning "if another
    player's caravan takes it, your turns are skipped"; its one open cell, (7,-4), had one beyond
    it, (6,-3), which AI 2 took next: the rules laid a lone camel in the corner, and four turns
    were skipped."""
    from caravan_tui.games.caravanserai.play_checks import lone_cell_words
    from caravan_tui.games.caravanserai.table_text import forecast

    from tables import recorded

    state, log = recorded(GAME.id, "caravanserai_corner_1235", 34)
    assert log[33] == ("dir", 1) and state.turn == 1
    assert lone_cell_words(state, 0) == (
        ", (7,-4), and only (6,-3) beyond it: if another player's caravan takes either, your turns are "
        "skipped until a cell there frees"
    )
    table = table_at(state)
    assert forecast(table.view, table) == "1 open cell by your head, 1 beyond it: skipped if either is taken"


def test_one_open_cell_leading_nowhere_is_said_a_dead_end():
    """A head whose one open cell has none beyond it is boxed in whoever plays: its next
    placement is a lone camel there, and its turns after it are skipped (seed 37, played at
    random to move 101)."""
    from caravan_tui.games.caravanserai.play_checks import lone_cell_words, open_by_head
    from caravan_tui.games.caravanserai.table_text import forecast

    rng, state = random.Random(37), GAME.new(2, seed=37, options=GAME.resolve_options({}))
    for _ in range(101):
        state.apply(rng.choice(state.legal_actions()), False)
    assert state.turn == 1 and open_by_head(state, 0) == [(7, -4)]
    assert lone_cell_words(state, 0).startswith(", (7,-4), and no open cell beyond it: a dead end")
    table = table_at(state)
    assert forecast(table.view, table) == "1 open cell by your head, a dead end: skipped after it"
