"""What newcomers found in their first Caravanserai match: How to play left out the solo rule
for standing goods, the final table's "Reserve" was never explained, the solo titles' ladder was
on the table but not on the final screen; then, at 80×24, a head camel the legend told apart by
reverse video alone, an Enter line and legend lines cut or wrapped, a block key that did not say
what comes first and a question in odd words."""

from __future__ import annotations

import dataclasses
from contextlib import asynccontextmanager

import pytest
from rich.console import Console
from test_table_snapshots import SIZE, prefix_to_my_turn
from test_whole_table_lines import shown, words

from caravan_tui.games import GAMES, get_game
from caravan_tui.games.caravanserai.legend import legend_lines, legend_panel
from caravan_tui.games.caravanserai.play_checks import question_before
from caravan_tui.games.caravanserai.rules import BOARD, PLACE, STAND, TITLES
from caravan_tui.games.caravanserai.status_line import short
from caravan_tui.games.caravanserai.table_state import CaravanseraiTable
from caravan_tui.games.caravanserai.table_text import final_table
from caravan_tui.saves import SaveStore
from caravan_tui.screens import game_screen_class
from caravan_tui.screens.how_to_play import how_to_play
from caravan_tui.textual_adapter import notices
from caravan_tui.widgets import ActionList
from caravan_tui.words import plural

from tables import BareApp, Table, settled, wait_for

GAME = GAMES["caravanserai"]


@asynccontextmanager
async def my_turn_at(tmp_path, seed: int, prefix: tuple):
    """The Caravanserai table at 80×24 after ``prefix`` (seed ``seed``), at seat 0's decision:
    the pilot and the screen."""
    app = BareApp(store=SaveStore(tmp_path))
    app.move_pause = 0.0
    table = Table(app, "caravanserai", game_screen_class(GAME), seed, GAME.quick_options, prefix)
    screen = table.screen
    async with app.run_test(size=SIZE) as pilot, table:
        await wait_for(pilot, lambda: screen.table.turn is not None and settled(screen), "my turn")
        yield app, pilot, screen


def final_text(view: dict, names: list[str]) -> str:
    console = Console(width=80, record=True)  # the final table's words need no app
    console.print(final_table(view, CaravanseraiTable(seat=0, names=names)))
    return " ".join(console.export_text().split())


def test_how_to_play_states_the_solo_rule_for_standing_goods():
    shown = " ".join(how_to_play(get_game("caravanserai").rules).split())
    assert "solo: **two** goods a camel" in shown


def test_how_to_play_names_the_safety_end_beside_the_markets_clock():
    """A two-player match ended with every camel placed and 13 goods still in the market, where
    How to play had named only the market's clock; and "25: Camel driver … 45" read as cut."""
    shown = " ".join(how_to_play(get_game("caravanserai").rules).split())
    assert "it stops sooner if no one can place any more (every caravan stuck or out of camels)" in shown
    assert "(from Camel driver at 25 to Chief of the 5 tribes at 45)" in shown and "…" not in shown


def test_the_final_table_explains_its_reserve_column():
    view = {
        "players": 2,
        "caravans": [[0] * 12, [0] * 12],
        "reserves": [[1] * 6, [0] * 6],
        "end": "the final round is over",
        "trigger": None,
    }
    text = final_text(view, ["Ann", "Bob"])
    assert (
        "Reserve" in text
        and "Reserve: the camels and goods still in hand, not on the board; it breaks a tie on length" in text
    )


def test_the_solo_final_screen_shows_the_ladder_of_titles_with_those_reached():
    view = {
        "players": 1,
        "caravans": [[0] * 31],
        "reserves": [[0] * 6],
        "end": "the market is empty",
        "trigger": None,
        "title": "Great camel driver",
    }
    text = final_text(view, ["Ann"])
    assert "Solo titles" in text
    for least, name in TITLES:
        assert f"{'✓' if least <= 31 else ' '} {least}+ {name}".strip() in text


def test_the_legend_tells_a_camel_from_the_head_in_words():
    """Under NO_COLOR (or read as plain text) the samples ``2C`` and ``2C`` reversed are alike: the
    words say the head is the reversed one."""
    rows = [line.split(maxsplit=1) for line in legend_panel().plain.splitlines() if line.strip().startswith("2C")]
    assert [meaning for _, meaning in rows] == ["a camel", "head (reversed)"]
    assert "2C player 2's head (reversed)" in " ".join(line.plain for line in legend_lines())


@pytest.mark.thorough
async def test_the_enter_line_for_the_plays_list_shows_a_long_play_whole(tmp_path):
    """The bug: with the plays list focused, "enter: Start block 2: 3 black goods, the first" — the
    line's second row, "on (2,-5) (black Caravanserai)", was cut off its one row."""
    prefix = prefix_to_my_turn(GAME, 7, 12) + (("dir", 0), ("dir", 2))  # (then a block starts)
    async with my_turn_at(tmp_path, 7, prefix) as (app, pilot, screen):
        actions = screen.query_one(ActionList)
        actions.focus()
        status = screen.query_one("#status")
        said = [f"enter: {short(screen.table, action, here=False)}" for action in actions.actions]
        longest = max(range(len(said)), key=lambda i: len(said[i]))
        actions.highlighted = longest
        await pilot.pause()
        assert str(screen.status_text()) == said[longest]
        assert len(said[longest]) > status.content_size.width, said  # (the case: longer than a row)
        assert shown(app, status) == words(said[longest])


@pytest.mark.thorough
async def test_a_block_key_where_the_caravan_may_turn_says_to_choose_the_way_first(tmp_path):
    """The bug: K where the caravan could turn said only "No black block can start here now"; the
    camel's key said what comes first, the block's did not."""
    prefix = prefix_to_my_turn(GAME, 7, 12) + (("dir", 0),)  # (where it may turn: a way to choose)
    async with my_turn_at(tmp_path, 7, prefix) as (app, pilot, screen):
        assert {action[0] for action in screen.table.legal} == {"dir"}
        await pilot.press("K")
        await wait_for(pilot, lambda: any("black block" in n.message for n in notices(app)), "the refusal")
        said = next(n.message for n in notices(app) if "black block" in n.message)
        assert (
            said == "No black block can start here now: first choose where the caravan heads (w e a d z x, "
            "or enter on a ›)."
        )


@pytest.mark.thorough
async def test_the_forced_rest_says_that_market_goods_are_then_stood_in_plain_words(tmp_path):
    """The bug: "…laid for you (1W 2K 3P 4R camel) and the market goods are to stand, your caravan
    at 7": a newcomer read "are to stand" as a state, not as what they do next."""
    state = GAME.new(2, seed=0, options=GAME.quick_options)
    prefix = (state.legal_actions()[0],)
    state.apply(prefix[0], False)
    prefix += (state.legal_actions()[0],)  # (both starting camels: then seat 0's first placement)
    async with my_turn_at(tmp_path, 0, prefix) as (_app, _pilot, screen):
        forced = next(
            a
            for a in screen.table.legal
            if a[0] != "camel" and ((after := screen.table.world.clone()).apply(a, False) or after.stage == STAND)
        )
        asked = question_before(screen.table, forced)
        assert asked is not None
        camels = after.last[7]  # (how many: "a market good for each camel taken back" left them to count)
        stands = plural(camels, "market good")
        assert f"then {plural(camels, 'camel')} come" in asked[0], asked[0]
        assert f"back and you stand {stands}, your caravan at" in asked[0], asked[0]


@pytest.mark.thorough
async def test_every_line_of_the_whole_legend_fits_its_panel_at_80x24(tmp_path):
    """The bug: "Colours W white K black P purple R red Y yellow", "arrows move · shift+arrows pan"
    and four more wrapped back to the panel's left edge, under the samples."""
    async with my_turn_at(tmp_path, 7, prefix_to_my_turn(GAME, 7, 12)) as (_app, pilot, screen):
        await pilot.press("l")
        panel = screen.query_one("#legend-panel")
        await wait_for(pilot, lambda: not panel.has_class("-hidden") and panel.content_size.width > 0, "the legend")
        lines = legend_panel().plain.splitlines()
        assert max(len(line) for line in lines) <= panel.scrollable_content_region.width, lines


@pytest.mark.thorough
async def test_solos_forced_rest_says_two_market_goods_stand_for_each_camel_taken_back(tmp_path):
    """The bug: solo's question said "a market good for each camel taken back"; in solo it is
    two (rules §7.2: 2n). It then said "two market goods for each camel taken back" and left the
    camels to count: now their number, and the goods'."""
    from caravan_tui.match.runner import MatchRunner
    from caravan_tui.seats import SeatSpec

    from tables import table_shown

    runner = MatchRunner.new("caravanserai", [SeatSpec("human")], ["Ann"], 0, GAME.quick_options, None)
    async with table_shown(tmp_path, runner) as (_app, pilot, screen):
        await wait_for(pilot, lambda: screen.table.turn is not None and settled(screen), "my turn")
        while screen.table.world.stage not in (PLACE, BOARD):  # (the starting camel: one way on)
            turn = screen.table.turn
            screen.act(screen.table.legal[0])
            await wait_for(
                pilot, lambda turn=turn: screen.table.turn not in (None, turn) and settled(screen), "the placement"
            )
        forced = next(
            a
            for a in screen.table.legal
            if a[0] != "camel" and ((after := screen.table.world.clone()).apply(a, False) or after.stage == STAND)
        )
        asked = question_before(screen.table, forced)
        assert asked is not None
        camels = after.last[7]
        said = f"back and you stand {plural(2 * camels, 'market good')} (two for each, solo)"
        assert f"then {plural(camels, 'camel')} come" in asked[0] and said in asked[0], asked[0]


def test_the_legend_and_rules_say_the_hints_numbers_go_on_to_the_goods_it_stands():
    """Found in a newcomer's match: after the camel ➉, ⑪ marked the cell where the plan stands a
    market good, which read as an eleventh piece of the caravan; the rules said the numbers
    follow the pieces laid."""
    from caravan_tui.engine import rules_of
    from caravan_tui.games.caravanserai.legend import legend_panel

    rows = [" ".join(line.split()) for line in legend_panel().plain.splitlines()]
    assert rows[rows.index("➀➁➂ hint: its pieces,") + 1] == "then goods stood"
    assert "then the cells where\nit stands market goods after the camel" in rules_of("caravan_tui.games.caravanserai")


def test_an_end_after_anothers_only_move_says_that_move_comes_first():
    """Seed 4035, round 5: "This ends the match (no caravan can move any more)" stood while AI 2's
    head still had an open cell; the rules laid AI 2's only move there, and then the safety end
    came."""
    from caravanserai_seed4035 import MOVES, OPTIONS, SEED

    state = GAME.new(2, seed=SEED, options=OPTIONS)
    for action in MOVES:
        state.apply(action)
    table = CaravanseraiTable(seat=0, names=["Ann", "AI 2"]).viewing(state.view(0), state)
    asked = question_before(table, ("use",))
    assert asked is not None
    assert "This ends the match (AI 2's only move is laid, then no caravan can move any more)." in asked[0], asked


def test_enter_on_a_cell_with_no_play_says_where_the_hints_marks_are():
    """Solo at 80×24: "Nothing to play on this cell: the › marks show where." over a board with no
    › on it, the hint's ➀ in its place."""
    from caravan_tui.games.caravanserai.status_line import nothing_here

    state = GAME.new(2, seed=3, options={})
    table = CaravanseraiTable(seat=0, names=["Ann", "Bob"]).viewing(state.view(0), state)
    assert nothing_here(table) == "Nothing to play on this cell: the › marks show where."
    hinted = dataclasses.replace(table, hinted=("start", 0, 0), hint_cells=((0, 0),))
    assert "the hint's ➀ marks where its play goes" in nothing_here(hinted)


def test_a_solo_legend_shows_the_players_own_pieces():
    """Solo: "Pieces (2: player 2)" and "2C player 2's head" where there is no player 2, the
    player's own pieces read "1Y", "1C" on the board."""
    from caravan_tui.games.caravanserai.legend import legend_lines, legend_panel
    from caravan_tui.games.caravanserai.table_text import legend_sample

    solo, pair = legend_sample(1), legend_sample(2)
    assert "Pieces (1: player 1)" in legend_panel(solo).plain and "player 2" not in legend_panel(solo).plain
    assert "player 1's head (reversed)" in legend_lines(solo)[1].plain and "2C" not in legend_lines(solo)[1].plain
    assert "Pieces (2: player 2)" in legend_panel(pair).plain


def test_the_solo_logs_setup_line_speaks_of_the_one_seat():
    """Solo's log opened with "Each seat in turn puts its starting camel …; you begin."."""
    from caravan_tui.games import get_game

    game = get_game("caravanserai")
    solo = [event.text for event in game.new(1, seed=3).opening_events()]
    assert "{p0} put{p0:s} {p0:their} starting camel on a Caravanserai cell of an outer tile." in solo
    assert not any("Each seat" in text for text in solo)
    assert any(text.startswith("Each seat in turn") for text in (e.text for e in game.new(2, seed=3).opening_events()))
