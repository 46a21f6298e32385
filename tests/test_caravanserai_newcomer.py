"""What the last newcomer run of Caravanserai found at 80×24 (issue 49): a count with no way to
see which blocks made it, a hint that hid the lower board, a block key that laid at once one
time and asked "how many?" the next (an Enter meant for the question played a step), and
turns skipped or laid for the player told only afterwards."""

from __future__ import annotations

import dataclasses
import random
from contextlib import asynccontextmanager

import pytest
from test_caravanserai_first_match import my_turn_at
from test_caravanserai_screen import long_placement, make_app, screen_lines
from test_table_snapshots import prefix_to_my_turn

from caravan_tui.bus import Act
from caravan_tui.games import GAMES
from caravan_tui.games.caravanserai.board_widget import HexBoard
from caravan_tui.games.caravanserai.picture import Picture, blocks
from caravan_tui.games.caravanserai.play_checks import lone_cell_words, open_by_head
from caravan_tui.games.caravanserai.screen import WEST_WHILE_HINTED, CaravanseraiScreen
from caravan_tui.screens.table_panels import PanelWords
from caravan_tui.widgets import TablePanel

from tables import Table, wait_for

GAME = GAMES["caravanserai"]
SIZE = (80, 24)


@pytest.mark.thorough
def test_the_blocks_left_out_and_counted_make_the_engines_count():
    """Every finished placement of 40 random games (1-4 players, both variants): the pieces of
    the blocks said to count, the final camel's included, are the engine's count."""
    seen = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = GAME.new(1 + seed % 4, seed=seed, options={"variant": "expert" if seed % 3 == 0 else "basic"})
        last = None
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()), log=False)
            view = state.view(None)
            if view["last"] is not None and view["last"] != last:
                last = view["last"]
                found = blocks(last["laid"], Picture(view).cs, last["declined"])
                counted = sum(
                    int(b.words[:-1]) if b.words[-1].isalpha() and b.words[0].isdigit() else 1
                    for b in found
                    if not b.left_out
                )
                assert counted == last["count"], (found, last)
                seen += any(b.left_out for b in found)
    assert seen > 100  # (left-out blocks were among them)


@pytest.mark.thorough
async def test_the_placement_line_says_which_blocks_the_count_leaves_out_and_why_one_counts(tmp_path):
    """The bug: "camel now: caravan 10→12, count 5" and "laid 1Y 2P 3Y": which blocks made the
    count, and why the yellow 3 counted, was nowhere. The second row says it, whole at 80×24."""
    prefix, before, after = long_placement()
    async with decision_at(tmp_path, 17, prefix) as (app, _pilot, table):
        screen = table.screen
        line = screen.query_one("#cs-turn")
        rows = screen_lines(app)[line.region.y : line.region.bottom]
        said = [row[line.region.x : line.region.right].strip() for row in rows]
        assert said == [
            f"You · camel now: caravan {before}→{after}, count 5",
            "left out 2P · counts 1Y 3Y(on ·P) camel",
        ]


@pytest.mark.thorough
async def test_the_hint_leaves_every_row_of_the_board_and_the_lines_under_it_in_view(tmp_path):
    """The bug: the hint's panel lay over the foot of the board column, hiding the board's lower
    rows (and the hint's own ★ trail there). It lies over the side column's foot now; the
    "since your last turn" panel, which lay over the board's head, over the side column's head."""
    async with my_turn_at(tmp_path, 7, prefix_to_my_turn(GAME, 7, 12)) as (_app, pilot, screen):
        screen.open_panel("hint", PanelWords("Hint (h hides it)", tuple(f"line {n}" for n in range(12))))
        panel = screen.query_one("#hint-panel", TablePanel)
        await wait_for(pilot, lambda: panel.display and panel.region.height > 0, "the hint")
        assert panel.region.height >= 8
        for part in (
            screen.query_one(HexBoard),
            *screen.query("#cs-info, #cs-seats, #cs-turn"),
            screen.query_one("#status"),
        ):
            assert not panel.region.overlaps(part.region), part
        # and the "since your last turn" panel (over the board's head before): beside it too
        screen.open_panel("since", PanelWords("Since your last turn", tuple(f"move {n}" for n in range(6))))
        since = screen.query_one("#since-panel", TablePanel)
        await wait_for(pilot, lambda: since.display and since.region.height > 0, "the since panel")
        assert not since.region.overlaps(screen.query_one(HexBoard).region)


def block_boundary():
    """A 2-player position (random play, seed 0) where seat 0, at block 2's boundary, may start a
    white block of the one size it must have (2), and then still decides (where to head)."""
    rng, state = random.Random(0), GAME.new(2, seed=0, options={})
    prefix = []
    for _ in range(5):
        prefix.append(rng.choice(state.legal_actions()))
        state.apply(prefix[-1], log=False)
    assert [a for a in state.legal_actions() if a[:2] == ("good", 0)] == [("good", 0, 2)]
    return prefix


@pytest.mark.thorough
async def test_a_block_key_always_asks_and_an_enter_for_the_question_plays_the_block_alone(tmp_path):
    """The bug: W laid a block at once where its size was forced and asked "how many?" where it
    was not; an Enter pressed for the question then played the next step. Every block key asks
    now, and W then Enter lays the white block and nothing more."""
    from caravan_tui.screens.dialogs import ChoiceScreen

    async with decision_at(tmp_path, 0, block_boundary()) as (app, pilot, table):
        screen, host = table.screen, table.runner.host
        start = host.turn
        await pilot.press("W")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the question")
        assert host.turn == start  # (nothing laid yet)
        assert app.screen.title_text == "Block 2 has 2 white goods: enter starts the block"
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen, "the table")
        assert host.turn == start
        await pilot.press("W", "enter")
        await wait_for(pilot, lambda: host.turn > start and screen.table.turn is not None, "the block")
        assert host.actions[start:] == [("good", 0, 2)]
        assert {a[0] for a in screen.table.legal} == {"dir"}  # (our decision: where to head)
    # and the rules say so: they read "Choices with only one option are made for you" beside a
    # block key that asked even where the block had one size
    rules = " ".join(GAME.rules.split())
    assert "A block key always asks first" in rules and "Choices with only one option" not in rules


@asynccontextmanager
async def decision_at(tmp_path, seed: int, prefix):
    """The two-player table (seed ``seed``, no options) after ``prefix``, at seat 0's decision:
    the app, the pilot and the ``Table``."""
    app = make_app(tmp_path)
    async with (
        app.run_test(size=SIZE) as pilot,
        Table(app, "caravanserai", CaravanseraiScreen, seed, {}, prefix) as table,
    ):
        await wait_for(pilot, lambda: table.screen.table.turn is not None, "my turn")
        yield app, pilot, table


def random_prefix(seed: int, moves: int) -> list:
    rng, state = random.Random(seed), GAME.new(2, seed=seed, options={})
    prefix = []
    for _ in range(moves):
        prefix.append(rng.choice(state.legal_actions()))
        state.apply(prefix[-1], log=False)
    return prefix


@pytest.mark.thorough
async def test_a_skip_is_foretold_while_the_others_play_and_said_as_it_happens(tmp_path):
    """The bug: a caravan boxed in by the placement before heard of it only once the skip was
    past, in the "since your last turn" panel. While the bot plays, the status line foretells
    it; as the view with the skip is on show, it says the turn was skipped and why."""
    from test_caravanserai_screen import boxing_in

    from caravan_tui.screens.dialogs import ConfirmScreen

    async with decision_at(tmp_path, 0, boxing_in()) as (app, pilot, table):
        screen, host = table.screen, table.runner.host
        start = host.turn
        await pilot.press("x")  # (south-east: it ends the placement and boxes the caravan in)
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        await pilot.press("y")
        await wait_for(pilot, lambda: host.turn > start and screen.table.turn is None, "the placement")
        await wait_for(pilot, lambda: screen.table.view == host.state.view(0), "the move shown")
        said = str(screen.status_text())
        assert said.startswith("skipped next turn unless a cell by your head frees\n"), said  # (its own row)
        for _ in range(100):  # the bot plays its first choice until one skips our turn
            turn = await table.bot_turn()
            after = host.state.clone()
            after.apply(turn.legal[0], log=False)
            skips = after.turn == 1 and after.turns - host.state.turns >= 2
            app.move_pause = 30.0 if skips else 0.0  # (that view stays on show until a key)
            await table.bot.send(Act(table.runner.match_id, 1, turn.turn, turn.legal[0]))
            if skips:
                break
            await wait_for(pilot, lambda: screen.table.view == host.state.view(0), "the move shown")
        await wait_for(pilot, lambda: screen.pause.pausing is not None, "the skip on show")
        assert screen.pause.pausing is not None
        assert str(screen.status_text()) == ("Your turn was skipped: no open cell next to the head (any key goes on)")
        await pilot.press("space")
        await wait_for(pilot, lambda: screen.pause.pausing is None, "the pause's end")


@pytest.mark.thorough
async def test_a_turn_laid_for_you_is_said_as_it_happens_and_not_called_a_skip(tmp_path):
    """The bug: a turn whose only move (a lone camel) the rules laid for the player was told only
    afterwards, and the line under the board called it a skip. As the view is on show, the
    status line says it was laid and what; the placement line keeps it until our next turn."""
    app = make_app(tmp_path)
    async with (
        app.run_test(size=SIZE) as pilot,
        Table(app, "caravanserai", CaravanseraiScreen, 8, {}, random_prefix(8, 92)) as table,
    ):
        screen, host = table.screen, table.runner.host
        await wait_for(pilot, lambda: screen.table.view == host.state.view(0), "the position")
        app.move_pause = 30.0
        await table.bot_plays(("dir", 0))  # (its placement ends; ours is a lone camel, laid by the rules)
        await wait_for(pilot, lambda: screen.pause.pausing is not None, "the move on show")
        assert str(screen.status_text()) == "Your turn was laid for you: camel, the only move (any key goes on)"
        assert screen.table.skipped is None
        line = str(screen.query_one("#cs-turn").render())
        assert line == "You: turn laid for you (camel: the only move)"
        await pilot.press("space")
        await wait_for(pilot, lambda: screen.pause.pausing is None, "the pause's end")


@pytest.mark.thorough
async def test_a_placement_that_leaves_one_open_cell_by_the_head_asks_first(tmp_path):
    """Found in play: a camel left the head one open cell; the AI's next placement took it, and
    every turn after was skipped (×20) with no warning before the move that allowed it. The key
    asks first now, and "Not yet" plays nothing."""
    prefix = random_prefix(11, 135)
    after = camel_after(11, prefix)
    assert after.turn == 1 and after.stuck(0) is None
    assert len(open_by_head(after, 0)) == 1
    question = await camel_asked_and_declined(tmp_path, 11, prefix)
    # (here a corridor: the one cell has one beyond it, and either taken boxes the caravan in)
    assert (
        f"This leaves one open cell next to your head{lone_cell_words(after, 0)}. Play it?" in question
        and "your turns are skipped until a cell there frees" in question
    ), question


def camel_after(seed: int, prefix: list):
    """The two-player match of ``seed`` after ``prefix`` and a camel."""
    state = GAME.new(2, seed=seed, options={})
    for action in prefix:
        state.apply(action, log=False)
    state.apply(("camel",), log=False)
    return state


async def camel_asked_and_declined(tmp_path, seed: int, prefix: list) -> str:
    """The question the camel key asks at that table (after ``prefix``); "n" then plays nothing."""
    from caravan_tui.screens.dialogs import ConfirmScreen

    async with decision_at(tmp_path, seed, prefix) as (app, pilot, table):
        screen, host = table.screen, table.runner.host
        start = host.turn
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        question = app.screen.question
        await pilot.press("n")
        await wait_for(pilot, lambda: app.screen is screen, "the table")
        assert host.turn == start
    return question


@pytest.mark.thorough
async def test_the_hints_plan_stays_starred_while_it_is_followed(tmp_path):
    """The newcomer's finding: the ★ trail of the hint's plan went with its first step, so a
    placement of five steps meant asking five times. Following the plan keeps its next step
    hinted (on the board and in the plays list) and the rest of its cells starred; a step off
    the plan ends it."""
    from test_caravanserai_screen import best, next_turn, setup

    from caravan_tui.games.caravanserai.looks import step_mark
    from caravan_tui.games.caravanserai.picture import HINT, action_cell
    from caravan_tui.widgets import ActionList

    app = make_app(tmp_path, iterations=6)
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(setup(["human"], 3))
        await next_turn(pilot, app)
        screen, host = app.screen, app.runner.host
        board = screen.query_one(HexBoard)
        followed = left = False
        for _ in range(12):
            await next_turn(pilot, app)
            await pilot.press("h")
            await wait_for(pilot, lambda: screen.table.hinted is not None, "the hint")
            trail, turn = list(screen.table.trail), host.turn
            if len(trail) >= 2 and trail[0][0] != "stand" and not followed:
                screen.act(trail[0])
                await wait_for(pilot, lambda turn=turn: host.turn > turn and screen.table.turn is not None, "the step")
                assert screen.table.hinted == screen.table.trail[0] == trail[1]
                assert screen.query_one(ActionList).hinted == trail[1]
                at = action_cell(trail[1], screen.table.picture)
                cells = screen.table.hint_cells
                mark = step_mark(cells.index(at) + 1) if at in cells else HINT
                assert at is None or str(board.marks.get(at)) == mark
                assert screen.table.hint_cells and all(
                    str(board.marks.get(c)) == step_mark(n)
                    for n, c in enumerate(screen.table.hint_cells, 1)
                    if c != board.cursor
                )
                followed = True
                continue
            if followed and len(trail) >= 2 and not left:
                off = next(a for a in screen.table.legal if a != trail[0])
                screen.act(off)
                await wait_for(pilot, lambda turn=turn: host.turn > turn and screen.table.turn is not None, "the step")
                assert screen.table.hinted is None and screen.table.trail == ()
                left = True
                break
            screen.act(best(host.state))
            await wait_for(pilot, lambda turn=turn: host.turn > turn, "the play")
        assert followed and left


def test_a_key_inside_a_block_where_the_caravan_may_turn_says_to_choose_the_way_first():
    """Found in play: a good of a black block on a red Caravanserai cell let the caravan turn; Y
    then said "first finish the black block … (W K P R Y or enter on the › cell)", but K did
    nothing there either: the way comes first, then the block's last good."""
    from caravan_tui.games.caravanserai.words import block_problem, piece_problem

    rng, state = random.Random(1), GAME.new(2, seed=1, options={})
    while not (state.turn == 0 and state.bleft and any(a[0] == "dir" for a in state.legal_actions())):
        state.apply(rng.choice(state.legal_actions()), log=False)
    view, legal = state.view(0), state.legal_actions()
    pl = view["placement"]
    colour, left = ("white", "black", "purple", "red", "yellow")[pl["colour"]], pl["left"]
    then = f", then the {left} more {colour} good{'s' if left > 1 else ''} its block needs."
    other = (pl["colour"] + 1) % 5
    assert block_problem(other, view, legal).endswith(
        f"first choose where the caravan heads (w e a d z x, or enter on a ›){then}"
    )
    assert piece_problem("camel", view, legal) == (
        f"A camel cannot go here now: first choose where the caravan heads (w e a d z x, or enter on a ›){then}"
    )


@pytest.mark.thorough
async def test_a_block_keys_question_stars_the_hinted_size(tmp_path):
    """Found in play: the hint said "lays 2K …", but K's "how many?" did not say which of its
    two lines was the hint's; the hinted one is starred."""
    from caravan_tui.screens.dialogs import ChoiceScreen

    rng, state, prefix = random.Random(0), GAME.new(2, seed=0, options={}), []
    while not (state.turn == 0 and any(a[0] == "good" and a[2] == 2 for a in state.legal_actions())):
        prefix.append(rng.choice(state.legal_actions()))
        state.apply(prefix[-1], log=False)
    hinted = next(a for a in state.legal_actions() if a[0] == "good" and a[2] == 2)
    async with decision_at(tmp_path, 0, prefix) as (app, pilot, table):
        screen = table.screen
        screen.table_state = dataclasses.replace(screen.table, hinted=hinted)
        await pilot.press("WKPRY"[hinted[1]])
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the question")
        assert app.screen.choices[-1].endswith("goods  ★ hint") and "★" not in app.screen.choices[0]
        assert app.screen.title_text == "Block 1: how many?"
        # and opens on it: Enter plays the hint's block, as the line under the board says
        assert app.screen.query_one("#choices").highlighted == len(app.screen.choices) - 1
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen, "the table")
        # a block of one size: the question names it, unstarred, and its one line is starred
        prefix = block_boundary()
        hinted = ("good", 0, 2)

    async with decision_at(tmp_path, 0, prefix) as (app, pilot, table):
        screen = table.screen
        screen.table_state = dataclasses.replace(screen.table, hinted=hinted)
        await pilot.press("W")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the question")
        assert app.screen.title_text == "Block 2 has 2 white goods: enter starts the block"
        assert app.screen.choices == ["2 white goods  ★ hint"]


@pytest.mark.thorough
async def test_a_placement_that_ends_the_match_says_so_first(tmp_path):
    """Found in play: the last camel of the only seat that still had one ended the match at
    once (the safety end); the question before it said only that the turn would end. A play
    that ends the match (here: the final round's last turn) says so, and why, with the
    caravan's length."""
    from caravan_tui.games.caravanserai.words import SAFETY, safety_why

    prefix = random_prefix(1, 120)
    after = camel_after(1, prefix)
    assert after.is_over()
    question = await camel_asked_and_declined(tmp_path, 1, prefix)
    why = safety_why(after) if after.end == SAFETY else after.end
    assert f"This ends the match ({why}), your caravan at {len(after.caravans[0])}." in question


def test_the_safety_end_says_why_no_one_can_place():
    """The bug: "This ends the match (no caravan can move any more)" where both players had used
    their last camel, each caravan with room to move."""
    from caravan_tui.games import get_game
    from caravan_tui.games.caravanserai.words import safety_why

    state = get_game("caravanserai").new(2, seed=1)
    state.res[0][5] = state.res[1][5] = 0
    assert safety_why(state) == "every player is out of camels"
    state.res[1][5] = 3
    assert safety_why(state) == "every caravan is stuck or out of camels"
    state.res[0][5] = 3
    assert safety_why(state) == "no caravan can move any more"


def test_the_count_row_keeps_every_block_within_its_row():
    """Found in play: "left out none · counts 2P 3Y(on ·W·R) 4R(declined) camel" lost its last
    words below the panel's two rows. "left out none" goes first, then the reasons."""
    from caravan_tui.games.caravanserai.picture import Block
    from caravan_tui.games.caravanserai.table_text import ROW, count_text

    blocks = [Block("2P"), Block("3Y", why="on ·W·R"), Block("4R", why="declined"), Block("camel")]
    assert count_text(blocks).plain == "counts 2P 3Y(on ·W·R) 4R(declined) camel"
    assert count_text(blocks[:2] + blocks[3:]).plain == "left out none · counts 2P 3Y(on ·W·R) camel"
    many = [
        Block("1P", left_out=True),
        Block("2Y", why="on ·K·W"),
        Block("3P", left_out=True),
        Block("4R", why="on ·K·Y"),
        Block("5W", left_out=True),
        Block("camel"),
    ]
    assert count_text(many).plain == "left out 1P 3P 5W · counts 2Y 4R camel"
    assert all(count_text(b).cell_len <= ROW for b in (blocks, many))


@pytest.mark.thorough
async def test_a_shown_hint_is_taken_with_a_as_in_every_game_and_the_panel_and_footer_say_so(tmp_path):
    """The bug: in Caravanserai ``a`` turned west, so ``a`` with a hint shown moved the caravan
    (or said ``A`` readies it) where every other game readies the hint. While a hint shows, ``a``
    readies it (the panel's title and the footer say so, its foot that ``3`` turns west) and
    Enter plays it."""
    from test_caravanserai_screen import next_turn, setup

    from caravan_tui.widgets import ActionList

    app = make_app(tmp_path, iterations=6)
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(setup(["human"], 3))
        await next_turn(pilot, app)
        screen, host = app.screen, app.runner.host
        await pilot.press("h")
        await wait_for(pilot, lambda: screen.table.hinted is not None, "the hint")
        panel = screen.query_one("#hint-panel", TablePanel)
        await wait_for(pilot, lambda: "ready hint" in str(panel.border_title), "the hint's panel")
        await pilot.pause()
        lines = screen_lines(app)
        top, foot = lines[panel.region.y], lines[panel.region.bottom - 1]
        assert "Hint (a: ready hint)" in top and "…" not in top  # (the side column's 28: the short title)
        assert ("dir", 3) not in screen.table.legal and WEST_WHILE_HINTED not in foot  # (a start: no turn to say)
        assert "a Ready hint" in lines[-1]  # (the footer)
        hinted, turn = screen.table.hinted, host.turn
        await pilot.press("a")
        plays = screen.query_one(ActionList)
        await wait_for(pilot, lambda: plays.has_focus and plays.highlighted_action == hinted, "the hint taken")
        await pilot.press("enter")
        await wait_for(pilot, lambda: host.turn > turn, "the hinted play")
        assert host.actions[turn] == hinted


async def at_a_turn_west_may_go(pilot, app):
    """Solo seed 3, played by the prior's best until a decision where west is legal."""
    from test_caravanserai_screen import best, next_turn, setup

    app.start_match(setup(["human"], 3))
    for _ in range(20):
        await next_turn(pilot, app)
        if ("dir", 3) in app.screen.table.legal:
            return app.screen, app.runner.host
        app.screen.act(best(app.runner.host.state))
    raise AssertionError("west never legal")


@pytest.mark.thorough
async def test_with_a_hint_shown_3_turns_west(tmp_path):
    """While a hint shows ``a`` readies it: west is still a key away, ``3`` (the rules' 0-5)."""
    from test_caravanserai_screen import answer_yes_if_asked

    app = make_app(tmp_path, iterations=6)
    async with app.run_test(size=SIZE) as pilot:
        screen, host = await at_a_turn_west_may_go(pilot, app)
        await pilot.press("h")
        await wait_for(pilot, lambda: screen.table.hint_panel is not None and screen.table.hinted, "the hint")
        panel = screen.query_one("#hint-panel", TablePanel)
        # (at its end, where more below does not take the foot's place: "ctrl+↓ more" first)
        await wait_for(pilot, lambda: panel.display and panel.size.width, "the panel")
        panel.scroll_lines(panel.max_scroll_y)
        await wait_for(pilot, lambda: WEST_WHILE_HINTED in str(panel.border_subtitle), "the panel's foot saying so")
        turn = host.turn
        await pilot.press("3")
        await answer_yes_if_asked(pilot, screen)
        await wait_for(pilot, lambda: host.turn > turn, "the turn west")
        assert host.actions[turn] == ("dir", 3)


async def hint_put_away(pilot, screen):
    """The hint asked for (h), then put away by a second h, its plan's marks left on the board:
    the play it hinted."""
    await pilot.press("h")
    await wait_for(pilot, lambda: screen.table.hint_panel is not None and screen.table.hinted, "the hint")
    hinted = screen.table.hinted
    await pilot.press("h")  # (put away: its marks stay on the board)
    await wait_for(pilot, lambda: screen.table.hint_panel is None, "the hint put away")
    return hinted


@pytest.mark.thorough
async def test_with_no_hint_shown_a_asks_before_west_and_with_its_marks_shown_a_readies_it(tmp_path):
    """The hex keys stay whole where no hint shows: ``a`` turns west, once asked. The bugs: with
    the panel put away by a second ``h``, the ★ and the plan's numbered steps stayed on the board,
    and ``a`` turned west at once, unasked, where a person read the hint as still there to take (a
    turn the review then called a mistake, −14%); with no hint at all, a habitual ``a`` and Enter,
    meant for a hint gone by, turned west unasked. While its marks show, ``a`` readies it."""
    from test_caravanserai_screen import answer_yes_if_asked

    from caravan_tui.games.caravanserai.screen import READIED_FROM_MARKS, WEST_BY_A_ASK
    from caravan_tui.screens.dialogs import ConfirmScreen
    from caravan_tui.textual_adapter import notices
    from caravan_tui.widgets import ActionList

    app = make_app(tmp_path, iterations=6)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        screen, host = await at_a_turn_west_may_go(pilot, app)
        hinted = await hint_put_away(pilot, screen)
        assert screen.table.hinted == hinted and "a Ready hint" in screen_lines(screen.app)[-1]
        turn = host.turn
        await pilot.press("a")
        plays = screen.query_one(ActionList)
        await wait_for(pilot, lambda: plays.has_focus and plays.highlighted_action == hinted, "the hint readied")
        assert host.turn == turn and notices(app)[-1].message == READIED_FROM_MARKS  # (nothing played)
        assert notices(app)[-1].timeout <= 3  # (brief: it outlived the turn over the lines under the board)
        screen.table_state = dataclasses.replace(screen.table, hinted=None, trail=(), hint_cells=())  # no mark left
        await pilot.pause()
        assert "a Ready hint" not in screen_lines(screen.app)[-1]
        screen.query_one(HexBoard).focus()
        await pilot.press("a")  # (no hint shows: a habitual a and Enter keeps the caravan where it is)
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert str(app.screen.question).startswith(WEST_BY_A_ASK + "Head west (W)")
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is screen, "the question answered")
        assert host.turn == turn and ("dir", 3) in screen.table.legal
        # (kept back, it says so: an Enter that kept back the hint's last move closed the question,
        # and nothing seemed to happen)
        assert notices(app)[-1].message.startswith("Not played: Head west (W)")
        await pilot.press("a", "y")
        await answer_yes_if_asked(pilot, screen)
        await wait_for(pilot, lambda: host.turn > turn, "the turn west")
        assert host.actions[turn] == ("dir", 3)


@pytest.mark.thorough
async def test_the_word_that_the_hints_step_is_ready_goes_as_the_step_is_played(tmp_path):
    """Solo: ``a`` then Enter on the hint's next step (its panel put away), and "The hint's next
    step is ready: enter plays it" stood over the turn after, which had no hint."""
    from caravan_tui.games.caravanserai.screen import READIED_FROM_MARKS
    from caravan_tui.textual_adapter import notices
    from caravan_tui.widgets import ActionList

    app = make_app(tmp_path, iterations=6)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        screen, host = await at_a_turn_west_may_go(pilot, app)
        hinted = await hint_put_away(pilot, screen)
        turn = host.turn
        await pilot.press("a")
        plays = screen.query_one(ActionList)
        await wait_for(pilot, lambda: plays.has_focus and plays.highlighted_action == hinted, "the hint readied")
        assert READIED_FROM_MARKS in [note.message for note in notices(app)]
        await pilot.press("enter")
        await wait_for(pilot, lambda: host.turn > turn, "the step played")
        assert READIED_FROM_MARKS not in [note.message for note in notices(app)]


@pytest.mark.thorough
async def test_a_plan_taken_from_the_plays_list_keeps_its_next_step_highlighted_there(tmp_path):
    """The bug: after ``a`` and Enter on a plan's first step, the list's highlight went to its
    first line ("1 white good"), so a second Enter left the plan. It goes to the plan's next step."""
    from test_caravanserai_screen import best, next_turn, setup

    app = make_app(tmp_path, iterations=6)
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(setup(["human"], 3))
        for _ in range(12):
            await next_turn(pilot, app)
            if await took_a_plans_first_step(pilot, app.screen, app.runner.host):
                return
            app.screen.act(best(app.runner.host.state))
    raise AssertionError("no plan of two steps met")


async def took_a_plans_first_step(pilot, screen, host) -> bool:
    """Ask a hint; where its plan has two steps or more, take the first from the plays list
    (``a``, Enter) and check the list then highlights the second. False: no such plan."""
    from caravan_tui.widgets import ActionList

    plays = screen.query_one(ActionList)
    await pilot.press("h")
    await wait_for(pilot, lambda: screen.table.hinted is not None, "the hint")
    trail, turn = list(screen.table.trail), host.turn
    if len(trail) < 2 or trail[0][0] == "stand":
        return False
    await pilot.press("a")
    await wait_for(pilot, lambda: plays.has_focus and plays.highlighted_action == trail[0], "the hint taken")
    await pilot.press("enter")
    await wait_for(pilot, lambda: host.turn > turn and screen.table.turn is not None, "the step")
    await wait_for(pilot, lambda: plays.highlighted_action == trail[1], "the plan's next step")
    assert screen.table.hinted == trail[1] and plays.has_focus
    return True


@pytest.mark.thorough
async def test_a_pressed_where_west_is_refused_with_a_hint_not_to_take_says_how_to_take_one(tmp_path):
    """Found playing by hand: ``a`` (the key that readies a hint in every game) said only "Not
    west now: first put your starting camel on a › cell (enter)." With a hint asked for but
    nothing of it to take, ``a`` is west, and its refusal says that ``a`` readies a hint while
    it shows."""
    from test_caravanserai_screen import next_turn, setup

    from caravan_tui.textual_adapter import notices

    app = make_app(tmp_path, iterations=6)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.start_match(setup(["human"], 3))
        await next_turn(pilot, app)
        screen = app.screen
        await pilot.press("h")
        await wait_for(pilot, lambda: screen.table.hinted is not None, "the hint")
        await pilot.press("h")
        await wait_for(pilot, lambda: screen.table.hint_panel is None, "the hint put away")
        screen.table_state = dataclasses.replace(screen.table, hinted=("dir", 0))  # (a mark of nothing legal now)
        app.clear_notifications()
        await pilot.press("a")
        await wait_for(pilot, lambda: notices(app), "the refusal")
        said = [notice.message for notice in notices(app)]
        assert said[-1] == (
            "Not west now: first put your starting camel on a › cell (enter). "
            "(a readies the hint while it shows: h asks for it.)"
        )


def test_how_to_play_and_the_rules_keys_say_a_readies_a_shown_hint_and_3_turns_west():
    """How to play's keys and the rules' Keys section said ``a`` turns west and ``A`` takes a
    hint; both say now that ``a`` readies a shown hint, as in every game, and ``3`` is west then."""
    from caravan_tui.screens.how_to_play import how_to_play

    keys = GAME.rules[GAME.rules.index("## Keys") :]
    for text in (how_to_play(GAME.rules), keys):
        flat = " ".join(text.split())
        assert "`a` readies" in flat and "`3`" in flat and "west" in flat, flat
    assert "`A`" not in GAME.rules
    # ("(3 turns west then)" read as part of the hint: three turns west)
    assert "the key `3` turns west instead of `a`" in " ".join(how_to_play(GAME.rules).split())
    assert "no hint showing, `a` asks before it turns west" in " ".join(how_to_play(GAME.rules).split())


@pytest.mark.thorough
async def test_an_undo_in_the_middle_of_a_hints_plan_stars_no_step_of_it(tmp_path):
    """After a step of the hint's plan was taken back, the ★ marked the plan's next step in the
    position before it ("2 red goods" where the plan began with 1 purple), and Enter laid
    another placement than the hint's."""
    from test_caravanserai_screen import next_turn, setup

    from caravan_tui.widgets import ActionList

    app = make_app(tmp_path, iterations=6)
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(setup(["human"], 3))
        await next_turn(pilot, app)
        screen, host = app.screen, app.runner.host
        for _ in range(12):
            await next_turn(pilot, app)
            await pilot.press("h")
            await wait_for(pilot, lambda: screen.table.hinted is not None, "the hint")
            trail, turn = list(screen.table.trail), host.turn
            if len(trail) >= 3 and trail[0][0] != "stand" and screen.table.undo is not None:
                screen.act(trail[0])
                await wait_for(pilot, lambda turn=turn: host.turn > turn and screen.table.turn is not None, "the step")
                assert screen.table.hinted == trail[1] and screen.table.undo
                await pilot.press("u")
                await wait_for(pilot, lambda turn=turn: host.turn == turn and screen.table.turn is not None, "the undo")
                await pilot.pause()
                assert screen.table.hinted is None and screen.table.trail == () and not screen.table.hint_cells
                assert screen.query_one(ActionList).hinted is None
                return
            screen.act(screen.table.legal[0])
        raise AssertionError("no hint's plan of three steps with undo")


def test_the_rules_tips_say_when_a_board_good_keeps_its_block_out_and_whose_colour_a_stand_takes():
    """The Tips said a board good of the block's colour "keeps the block out of the count",
    where a block over a Caravanserai cell of another colour counts all the same (rules §6.2 (b):
    a 3K block on a yellow cell counted); and "stands a market good on a free Caravanserai cell of
    its colour" read as the camel's colour, where the person picks the good and the cell takes
    the good's colour (§7.3)."""
    flat = " ".join(GAME.rules.split())
    assert "keeps the block out of the count where no Caravanserai cell of another colour is under the block" in flat
    assert "a market good (`◆R`) of your choice on a free Caravanserai cell of that good's colour" in flat
    assert "cell of its colour (solo" not in flat


@pytest.mark.thorough
async def test_the_board_cursor_follows_the_plays_lists_highlight_while_the_list_has_the_focus(tmp_path):
    """Found playing by hand: with the plays list focused, the board's foot named "(1,-5) black
    Caravanserai" under "enter: stand a yellow good at (0,0)": the cursor stayed where it was
    while the list's highlight chose another cell."""
    from test_caravanserai_screen import next_turn, setup

    from caravan_tui.games.caravanserai.picture import action_cell
    from caravan_tui.widgets import ActionList

    app = make_app(tmp_path, iterations=6)
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(setup(["human"], 3))
        await next_turn(pilot, app)
        screen = app.screen
        board, plays = screen.query_one(HexBoard), screen.query_one(ActionList)
        plays.focus()
        cells = {action_cell(action, screen.table.picture) for action in plays.actions}
        assert len(cells - {None}) > 1, plays.actions  # (plays at several cells: the cursor must move)
        for _ in range(len(plays.actions)):
            await pilot.press("down")
            await pilot.pause()
            play = plays.highlighted_action
            cell = action_cell(play, screen.table.picture)
            if cell is not None:
                await wait_for(pilot, lambda cell=cell: board.cursor == cell, f"the cursor on {cell}")


def test_the_count_row_names_a_lying_camel_apart_from_the_camel_after_it():
    """Expert: the line under the board read "left out none · counts lying camel" with a count of
    2, the lying camel and the final camel read as one piece (the log says "lying camel, camel")."""
    from caravan_tui.games.caravanserai.picture import Block
    from caravan_tui.games.caravanserai.table_text import ROW, count_text

    assert count_text([Block("lying"), Block("camel")]).plain == "left out none · counts lying camel, camel"
    assert count_text([Block("2Y"), Block("lying"), Block("1R"), Block("camel")]).plain.endswith(
        "counts 2Y lying camel, 1R camel"
    )
    # (an expert placement of five blocks, four left out: "left out 2W 3R 4K 5P · counts 1R lying
    # camel," was cut at the column's edge, its last camel lost)
    out = [Block(words, left_out=True) for words in ("2W", "3R", "4K", "5P")]
    row = count_text([Block("1R"), *out, Block("lying"), Block("camel")])
    assert row.plain == "left out 4 blocks · counts 1R lying camel, camel" and row.cell_len <= ROW


def test_a_placement_with_a_lying_camel_is_explained_with_its_final_camel():
    """Expert: a hint's and a review's "lays lying camel, ending on (-2,0)" read as a turn
    ending on the lying camel; its final camel is named, as the log names it."""
    from caravan_tui.games.caravanserai.explain import _explain

    for seed in range(30):
        state = GAME.new(1, seed=seed, options={"variant": "expert"})
        rng = random.Random(seed)
        while not state.is_over():
            legal = state.legal_actions()
            if ("lying",) in legal:
                line = [("lying",)]
                world = state.through_turn(("lying",))
                while world.turns == state.turns and ("camel",) not in world.legal_actions():
                    step = rng.choice(world.legal_actions())
                    line.append(step)
                    world = world.through_turn(step)
                if ("camel",) in world.legal_actions() and world.turns == state.turns:
                    said = _explain(state, 0, [*line, ("camel",)])
                    assert "lying camel," in said and "lays lying camel, ending" not in said, said
                    return
            state.apply(rng.choice(legal), False)
    raise AssertionError("no lying camel laid")
