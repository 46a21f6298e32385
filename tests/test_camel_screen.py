"""The Camel Caravan screen driven through Pilot at 80×24, with a tiny AI budget; and the AI's
choice at the end of the game, which the screen's "Bag empty" line announces."""

from __future__ import annotations

import copy
import dataclasses
from contextlib import asynccontextmanager
from dataclasses import replace

import pytest

from caravan_tui.ai.policies import make_policy
from caravan_tui.app import CaravanApp
from caravan_tui.games import get_game
from caravan_tui.games.camel_caravan import rules
from caravan_tui.games.camel_caravan.board import (
    CELL_NAMES,
    CELLS,
    CITY_OF_GOOD,
    DEMAND_MARKERS,
    GOOD_INDEX,
    GOODS,
    LETTERS,
    NEIGHBOURS,
    SPACES,
)
from caravan_tui.games.camel_caravan.board import SIZE as SIDE
from caravan_tui.games.camel_caravan.board_widget import CamelBoard
from caravan_tui.games.camel_caravan.faces import contents, face
from caravan_tui.games.camel_caravan.placement import picked
from caravan_tui.games.camel_caravan.plays import action_cells
from caravan_tui.games.camel_caravan.rules import END_TURN, CamelCaravanState
from caravan_tui.games.camel_caravan.screen import CamelCaravanScreen
from caravan_tui.screens.dialogs import ChoiceScreen, ConfirmScreen
from caravan_tui.screens.new_match import MatchSetup
from caravan_tui.screens.summary import MatchOverScreen
from caravan_tui.seats import SeatSpec
from caravan_tui.textual_adapter import notices, screen_strips
from caravan_tui.textual_adapter import screen_lines as drawn_rows
from caravan_tui.widgets import ActionList

from tables import next_turn_or_end, quick_app, wait_for

SIZE = (80, 24)
OPTIONS = {"short_game": True, "sixth_camel": False}


def make_app(tmp_path, iterations: int = 8) -> CaravanApp:
    """The app the tests here start a match in (at a blank screen, not Home: ``BareApp``)."""
    return quick_app(tmp_path, iterations, home=False)


def seed_where_first(seat: int) -> int:
    game = get_game("camel_caravan")
    return next(s for s in range(100) if game.new(2, seed=s, options=OPTIONS).to_move() == seat)


def setup(seed: int) -> MatchSetup:
    return MatchSetup("camel_caravan", ["human", "ai:easy"], ["Tester", "Bot"], dict(OPTIONS), seed)


def four_players() -> MatchSetup:
    """The test's seat against three easy AIs, the last with a long name."""
    names = ["Tester", "Bot A", "Bot B", "Bot with a very long name"]
    return MatchSetup("camel_caravan", ["human"] + ["ai:easy"] * 3, names, dict(OPTIONS), 5)


def my_turn(app) -> bool:
    return isinstance(app.screen, CamelCaravanScreen) and app.screen.table.turn is not None


async def next_turn(pilot, app) -> None:
    await next_turn_or_end(pilot, app, CamelCaravanScreen)


@asynccontextmanager
async def at_my_turn(tmp_path, match: MatchSetup | None = None, *, move_pause: float | None = None):
    """The app at 80×24 at the test's first turn (seat 0) in ``match``, by default against an easy
    AI with the test's seat moving first."""
    app = make_app(tmp_path)
    if move_pause is not None:
        app.move_pause = move_pause
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(match or setup(seed_where_first(0)))
        await next_turn(pilot, app)
        yield app, pilot


async def choose(pilot, cell: int) -> None:
    """Move the board's cursor to ``cell`` with the arrows, then Enter."""
    board = pilot.app.screen.query_one(CamelBoard)
    assert board.has_focus
    while board.cursor != cell:
        row, col = divmod(board.cursor, SIDE)
        target_row, target_col = divmod(cell, SIDE)
        if row != target_row:
            await pilot.press("down" if row < target_row else "up")
        else:
            await pilot.press("right" if col < target_col else "left")
    await pilot.press("enter")


async def answer(pilot, starts: str) -> None:
    """In the chooser, pick the line starting with ``starts``."""
    assert isinstance(pilot.app.screen, ChoiceScreen)
    index = next(i for i, text in enumerate(pilot.app.screen.choices) if text.startswith(starts))
    await pilot.press(*["down"] * index, "enter")


async def played(pilot, host, before: int) -> tuple:
    """The action number ``before`` once the host has it (the match may be over by then)."""
    await wait_for(pilot, lambda: host.turn > before, "the action to land")
    return host.actions[before]


def free_cells(view: dict) -> set[int]:
    return {
        cell for cell, (_, _, camels) in enumerate(contents(view)) if not any(empty or loads for empty, loads in camels)
    }


def goods_at(view: dict) -> dict[int, str]:
    return dict(view["goods"])


def screen_lines(app) -> list[str]:
    """The screen as it is drawn, one string a row."""
    return drawn_rows(app.screen)


def status(screen) -> str:
    return str(screen.query_one("#status").render())


@pytest.mark.e2e
async def test_a_whole_match_by_keys(tmp_path, monkeypatch):
    """A placement, a pick-up, a refused selection, a camel move and a good move on the board,
    then end turns (by key and from the actions list) until a capped game ends."""
    monkeypatch.setattr(rules, "MAX_TURNS", 12)
    async with at_my_turn(tmp_path) as (app, pilot):
        screen, host = app.screen, app.runner.host
        view = screen.table.view
        spot = next(c for c in SPACES if c in goods_at(view) and c in free_cells(view))
        await choose(pilot, spot)  # an empty cell, nothing chosen: a placement
        assert await played(pilot, host, 0) == ("place", spot)

        await next_turn(pilot, app)
        assert screen.table.view["left"] == 3
        turn = host.turn
        await choose(pilot, spot)  # your empty camel on a loose good: pick up, or move it?
        await answer(pilot, "Pick up")
        assert (await played(pilot, host, turn))[0] == "pickup"

        await wait_for(pilot, lambda: my_turn(app), "my next action")
        far = next(
            c
            for c in sorted(free_cells(screen.table.view))
            if c not in goods_at(screen.table.view)
            and c not in NEIGHBOURS[spot]
            and all(n not in NEIGHBOURS[spot] for n in NEIGHBOURS[c])
        )
        await pilot.press("c")
        assert screen.table.pick == ("supply",)
        await choose(pilot, far)
        assert await played(pilot, host, turn + 1) == ("place", far)

        await wait_for(pilot, lambda: my_turn(app), "my next action")
        await choose(pilot, far)  # the only thing there: the camel, to move
        assert screen.table.pick == ("camel", far)
        await choose(pilot, spot)  # onto a camel: 2 actions, and only 1 is left
        await pilot.pause()
        assert host.turn == turn + 2 and screen.table.pick == ("camel", far)
        assert any("cannot go there" in n.message for n in notices(app))
        beside = next(c for c in NEIGHBOURS[spot] if c in free_cells(screen.table.view))
        await choose(pilot, beside)
        assert await played(pilot, host, turn + 2) == ("move_camel", far, beside)

        await next_turn(pilot, app)
        turn = host.turn
        await choose(pilot, spot)  # the loaded camel (or a second camel there, for 2 actions)
        await answer(pilot, "Move the")
        assert screen.table.pick[:2] == ("good", spot)
        await choose(pilot, beside)
        assert (await played(pilot, host, turn))[:3] == ("move_good", spot, beside)

        by_list = 0
        for _ in range(30):
            await next_turn(pilot, app)
            if not my_turn(app):
                break
            turn = host.turn
            if by_list < 2:
                if not screen.query_one(ActionList).has_focus:  # (it keeps the focus from the last turn)
                    await pilot.press("tab")
                assert screen.query_one(ActionList).has_focus
                await pilot.press("end", "enter")  # "End the turn" is the last play: it asks too
                await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
                await pilot.press("y")
                by_list += 1
            else:
                await pilot.press("e", "y")  # actions are left: it asks first
            assert await played(pilot, host, turn) == ("end_turn",)
        await wait_for(pilot, lambda: isinstance(app.screen, MatchOverScreen), "the end of the match")
        assert by_list == 2
        scores, ended = app.screen.table.renderables  # (the scores, and why the game ended)
        assert scores.columns[-1].header == "Score" and str(ended).startswith("The game ended: ")
        assert app.store.entries()[0].snapshot.status == "over"


@pytest.mark.thorough
async def test_the_board_fits_80x24_and_clicks_select(tmp_path):
    async with at_my_turn(tmp_path) as (app, pilot):
        screen, host = app.screen, app.runner.host
        board = screen.query_one(CamelBoard)
        assert board.region.width <= 49 and board.region.height == 16
        for widget_id in ("#cc-players", "#status"):
            region = screen.query_one(widget_id).region
            assert region.height and region.bottom <= 23
        assert "Your turn" in board.border_title and "1 action left" in board.border_title
        cell = next(c for c in sorted(free_cells(screen.table.view)) if c // SIDE == 2)
        row, col = divmod(cell, SIDE)
        await pilot.click(CamelBoard, offset=(1 + col * 6 + 2, 1 + row * 2))
        assert board.cursor == cell
        assert await played(pilot, host, 0) == ("place", cell)


@pytest.mark.thorough
async def test_four_players_fit_80x24(tmp_path):
    async with at_my_turn(tmp_path, four_players()) as (app, _pilot):
        screen = app.screen
        assert screen.query_one(CamelBoard).region.height == 16
        assert screen.query_one("#cc-players").region.height == 5
        assert screen.query_one("#status").region.bottom == 23


@pytest.mark.thorough
async def test_escape_drops_the_choice_and_nothing_is_sent_out_of_turn(tmp_path):
    async with at_my_turn(tmp_path, move_pause=30.0) as (app, pilot):
        screen, host = app.screen, app.runner.host
        await pilot.press("c")
        assert screen.table.pick == ("supply",)
        assert "›" in screen.query_one(CamelBoard).marks.values()
        await pilot.press("escape")
        assert screen.table.pick is None and isinstance(app.screen, CamelCaravanScreen)
        await pilot.press("escape")  # now the menu
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("escape")
        await pilot.press("e", "y")
        assert await played(pilot, host, 0) == ("end_turn",)
        await wait_for(pilot, lambda: screen.pause.pausing == 1, "the AI's action on show")
        await pilot.press("enter")  # it only skips the AI's actions: nothing is sent
        await wait_for(pilot, lambda: my_turn(app), "my turn")
        await pilot.pause()
        assert host.movers.count(0) == 1
        await pilot.press("enter")  # on our turn it acts again
        await wait_for(pilot, lambda: host.movers.count(0) == 2, "my action")


@pytest.mark.thorough
async def test_ai_actions_are_shown_one_by_one_and_a_key_skips(tmp_path):
    async with at_my_turn(tmp_path, move_pause=30.0) as (app, pilot):
        screen, host = app.screen, app.runner.host
        await pilot.press("e", "y")
        await wait_for(pilot, lambda: screen.pause.pausing == 1, "the first AI action on show")
        shown = host.actions[1]
        assert screen.query_one(CamelBoard).flash == set(action_cells(shown))
        assert "any key skips" in str(screen.query_one("#status").render())
        await pilot.press("s")
        await wait_for(pilot, lambda: my_turn(app), "the rest at once", timeout=5)
        assert screen.query_one(CamelBoard).flash  # the AI's last action stays marked


def test_faces_read_without_colour():
    view = get_game("camel_caravan").new(2, seed=1, options=OPTIONS).view(0)
    view["empty"] = [[SPACES[0], SPACES[0]], []]
    view["loaded"] = [[], [[SPACES[0], "salt", True], [SPACES[0], "gems", False]]]
    good, demand, camels = contents(view)[SPACES[0]]
    cell = face(SPACES[0], good, demand, camels)
    assert [t.plain for t in cell.tokens] == ["1²", "2G", "2s"]
    assert cell.place.plain.startswith("1 ") and "♦" in cell.place.plain
    assert face(3, None, 0, camels).place.plain == "MAR·I"


@pytest.mark.thorough
async def test_the_whole_legend_the_goods_key_and_the_end_phase_read_at_80x24(tmp_path, monkeypatch):
    """``l`` shows the legend beside the board, whole; the players' table keeps one line a
    player and whole headers even with long names, many goods and penalties; once the bag is
    empty (here eight goods in all: the setup empties it) the line above the board says so."""
    monkeypatch.setattr(rules, "SHORT_BAG", (1,) * 8)
    async with at_my_turn(tmp_path, four_players()) as (app, pilot):
        screen = app.screen
        assert any("Bag empty: the next delivery ends the game" in line for line in screen_lines(app))
        assert screen.query_one(CamelBoard).region.height == 16 and screen.query_one("#status").region.bottom == 23

        await pilot.press("l")
        await pilot.pause()
        panel = screen.query_one("#legend-panel")
        assert panel.region.height and panel.region.bottom <= 23 and panel.max_scroll_y == 0
        text = "\n".join(screen_lines(app))
        for good, letter in zip(GOODS, LETTERS):
            assert f"{letter.upper()} {good}" in text
        for words in (
            "camels: players 1, 2",
            "two empty, player 1",  # (whole: "two of player 1's" was cut from "…'s camels")
            "camel carrying salt",
            "2 carries the hides",  # (a good after two players' camels is the second's)
            "stolen salt beneath",
            "space 3: loose salt",
            "demand markers",
            "Gao wants hides",
            "1 or 2 actions here",
            "chosen to move",
            "the others' turns",  # (it marks no move of your own)
            "the hint",
            "(−6)   goods-held penalty",  # (the players' table's "Pts 15 (−6)")
        ):
            assert words in text
        await pilot.press("l")  # back to the plays and the log
        await pilot.pause()
        assert screen.query_one(ActionList).region.height and not panel.region.height

        view = copy.deepcopy(screen.table.view)
        for seat in range(4):
            view["delivered"][seat] = dict.fromkeys(GOODS, 2)
            view["scores"][seat] = 100 + seat
            view["loaded"][seat] = [[SPACES[k], "salt", False] for k in range(5)]
        screen.table_state = replace(screen.table, view=view)  # (the panels write themselves from it)
        screen.show_view(view)
        await pilot.pause()
        assert screen.query_one("#cc-players").region.height == 5  # a header and one line a player
        lines = screen_lines(app)
        header = next(line for line in lines if "Player" in line)
        assert all(word in header.split() for word in ("Pts", "Goods", "♦", "Theft", "Supply"))
        assert all(f"{100 + seat} (−10)" in "\n".join(lines) for seat in range(4))


@pytest.mark.thorough
async def test_costs_are_marked_and_shown_and_spending_two_or_ending_early_asks_first(tmp_path):
    """Destinations read ``›`` (1 action) or ``»`` (2); Enter on a 2-action play only says so
    until Enter again; ``e`` with actions left asks, and escape keeps the turn."""
    # the AI places first; we have 2 actions
    async with at_my_turn(tmp_path, setup(seed_where_first(1))) as (app, pilot):
        screen, host = app.screen, app.runner.host
        board = screen.query_one(CamelBoard)
        turn = host.turn
        await pilot.press("e")
        assert isinstance(app.screen, ConfirmScreen) and app.screen.question == "End the turn with 2 actions unused?"
        assert app.screen.focused.id == "no"  # (``e`` may be a slip: Enter keeps the turn)
        await pilot.press("escape")  # keeps the turn
        await pilot.pause()
        assert app.screen is screen and my_turn(app) and host.turn == turn
        actions = screen.query_one(ActionList)  # the plays list's "End the turn" asks the same
        actions.focus()
        actions.highlighted = actions.actions.index(("end_turn",))
        await pilot.press("enter")
        assert isinstance(app.screen, ConfirmScreen) and app.screen.question == "End the turn with 2 actions unused?"
        # chosen in the list, Enter again ends it ("Keep playing" first: Enter, Enter kept the
        # turn, the question gone as it came, though the status line said "enter: End the turn")
        assert app.screen.focused.id == "yes"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and host.turn == turn
        # (and the rules' keys say so: they read "Enter there plays it at once")
        assert "only ending the turn with actions left asks first" in " ".join(get_game("camel_caravan").rules.split())
        board.focus()
        await pilot.pause()
        assert screen.focused is board

        taken = next(c for c in range(SIDE * SIDE) if c not in free_cells(screen.table.view))
        free = min(free_cells(screen.table.view))
        await pilot.press("c")
        assert board.marks[taken] == "»" and board.marks[free] == "›"
        await choose(pilot, taken)  # onto a camel: 2 actions, so Enter only asks
        await pilot.pause()
        assert host.turn == turn and "place here for 2 actions? enter again" in status(screen)
        await pilot.press("escape")  # cancels it
        assert host.turn == turn and screen.table.armed is None
        await pilot.press("escape")  # drops the camel from the supply
        assert screen.table.pick is None and status(screen) == "enter: place a camel here (2 actions)"
        await pilot.press("enter")  # the cell's one play costs 2 actions: asks first
        await pilot.pause()
        assert host.turn == turn and "2 actions" in status(screen)
        await pilot.press("enter")
        assert await played(pilot, host, turn) == ("place", taken)

        await next_turn(pilot, app)
        turn = host.turn
        await pilot.press("e", "y")  # and y ends it
        assert await played(pilot, host, turn) == ("end_turn",)


@pytest.mark.thorough
async def test_a_hints_end_of_the_turn_taken_with_a_ends_it_with_enter_twice(tmp_path):
    """The hint "End the turn (2 actions unused)" readied with ``a``: Enter asks, and Enter again
    ends the turn, as the status line's "enter: End the turn" says (the second Enter pressed
    "Keep playing": the question went as it came, and Enter seemed to do nothing)."""
    async with at_my_turn(tmp_path, setup(seed_where_first(1))) as (app, pilot):
        screen, host = app.screen, app.runner.host
        turn = host.turn
        screen.show_hint(END_TURN, "Nothing here is worth an action.")
        await pilot.press("a")
        await wait_for(pilot, lambda: status(screen) == "enter: End the turn (2 actions unused)", "the hint readied")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        await pilot.press("enter")
        assert await played(pilot, host, turn) == END_TURN


# -- the AI at the end ----------------------------------------------------------------------------


def endgame(players: int, **seats) -> CamelCaravanState:
    """The bag is empty and the first player has 4 actions; ``seats`` gives per seat lists:
    empty cells, loaded (cell, good, under), delivered goods, demand markers."""
    empty, loaded, delivered, markers = (seats[key] for key in ("empty", "loaded", "delivered", "markers"))
    goods = [[SPACES[0], "meat"], [SPACES[4], "hides"], [SPACES[7], "swords"]]
    demand = [[SPACES[0], 1], [SPACES[7], 2]]
    return CamelCaravanState.from_data(
        {
            "players": players,
            "camels": 5,
            "short_game": False,
            "start": 0,
            "to_move": 0,
            "turns": 40,
            "left": 4,
            "supply": [5 - len(empties) - len(loads) for empties, loads in zip(empty, loaded)],
            "empty": empty,
            "loaded": [[[c, g, bool(u)] for c, g, u in load] for load in loaded],
            "goods": goods,
            "demand": demand,
            "demand_supply": DEMAND_MARKERS - 3 - sum(markers),
            "markers": markers,
            "thefts": [1] * players,
            "delivered": [dict.fromkeys(GOODS, 0) | d for d in delivered],
            "bag": dict.fromkeys(GOODS, 0),
            "draws": 10,
            "chance": 1,
        }
    )


def cell(r: int, c: int) -> int:
    return r * SIDE + c


TAG = cell(2, 3)  # Taghaza wants salt
LEADING = dict(  # 42 to 32 and far ahead: a salt one pass from Taghaza wins at once
    empty=[[TAG, cell(5, 6)], [cell(1, 1)]],
    loaded=[
        [(cell(2, 2), "salt", 0), (cell(6, 5), "ivory", 0), (cell(0, 5), "paper", 0)],
        [(cell(1, 0), "cloth", 0), (cell(4, 4), "gems", 0)],
    ],
    delivered=[{"ivory": 4, "meat": 4}, {"gems": 3, "salt": 3}],
    markers=[9, 6],
)
THREE = dict(  # three players, and a stolen salt to pass on for the win
    empty=[[TAG, cell(5, 6)], [cell(1, 1)], [cell(6, 1)]],
    loaded=[
        [(cell(2, 2), "salt", 1), (cell(6, 5), "ivory", 0)],
        [(cell(1, 0), "cloth", 0), (cell(4, 4), "gems", 0)],
        [(cell(6, 2), "paper", 0)],
    ],
    delivered=[{"ivory": 2, "meat": 3}, {"gems": 2, "salt": 2}, {"paper": 3, "hides": 1}],
    markers=[4, 6, 2],
)


def winning_ends():
    """Each end-game position (after the bag is empty the next delivery ends the game), its legal
    actions and its one winning delivery."""
    for position in (endgame(2, **LEADING), endgame(3, **THREE)):
        legal = position.legal_actions()
        wins = []
        for action in legal:
            after = position.clone()
            after.apply(action, False)
            if after.is_over() and after.outcome()[0] == 1.0:
                wins.append(action)
        assert len(wins) == 1 and wins[0][:3] == ("move_good", cell(2, 2), TAG)
        yield position, legal, wins[0]


@pytest.mark.parametrize(
    "levels",
    [
        pytest.param({("easy", None), ("easy", 200), ("normal", 200), ("hard", 200)}, id="200-and-easy"),
        # (normal's and hard's own budgets: 1,500 and more iterations a search, seconds of CPU)
        pytest.param({("normal", None), ("hard", None)}, id="own-budgets", marks=pytest.mark.slow),
    ],
)
@pytest.mark.thorough
def test_every_level_takes_a_winning_end(monkeypatch, levels):
    """An AI that can deliver and win delivers, at each level's own settings (iteration budgets,
    no clock) and with 200 iterations. (Before the end-game terms, easy ended its turn here and
    normal at 200 iterations too.)"""
    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")
    for position, legal, win in winning_ends():
        for level, iterations in sorted(levels, key=str):
            if iterations is None and position.n != 2:
                continue  # (the own budgets: the two-player end)
            policy = make_policy(SeatSpec.ai(level), iterations=iterations)
            assert policy.choose("camel_caravan", position.view(0), 0, 1, legal) == win, (level, iterations)


# -- what Enter plays, the focus, the names --------------------------------------------------------


@pytest.mark.thorough
async def test_the_status_line_says_what_enter_plays_for_the_focused_widget(tmp_path):
    """On the board: the play at the cursor; in the plays list: its highlighted play, worded as the
    list words it (the board's cell once stood there while Enter played the list's row)."""
    async with at_my_turn(tmp_path) as (app, pilot):
        screen, host = app.screen, app.runner.host
        assert screen.enter_action() == ("place", screen.query_one(CamelBoard).cursor)
        assert status(screen) == "enter: place a camel here (1 action)"
        await pilot.press("tab", "down", "down")
        actions = screen.query_one(ActionList)
        assert actions.has_focus and screen.enter_action() == actions.highlighted_action
        play, _, cost = screen.describe(actions.highlighted_action).rpartition(" — ")  # (its cost first: at the end
        assert status(screen) == f"enter ({cost}): {play}"  # it was cut to "— 1…")
        promised = screen.enter_action()
        await pilot.press("enter")
        assert await played(pilot, host, 0) == promised


@pytest.mark.thorough
async def test_undo_keeps_the_focus_where_it_was(tmp_path):
    # the AI places first; we have 2 actions
    async with at_my_turn(tmp_path, setup(seed_where_first(1))) as (app, pilot):
        screen, host = app.screen, app.runner.host
        for focus in (screen.query_one(CamelBoard), screen.query_one(ActionList)):
            focus.focus()
            turn = host.turn
            screen.act(next(a for a in screen.table.legal if a[0] == "place"))
            await wait_for(pilot, lambda turn=turn: my_turn(app) and host.turn > turn, "my second action")
            await pilot.press("u")
            await wait_for(pilot, lambda turn=turn: my_turn(app) and host.turn == turn, "the action taken back")
            assert screen.focused is focus


@pytest.mark.thorough
async def test_a_pick_up_in_the_chooser_gives_its_cost_and_prompts_keep_esc_in_view(tmp_path):
    async with at_my_turn(tmp_path) as (app, pilot):
        screen = app.screen
        spot = next(c for c in SPACES if c in goods_at(screen.table.view) and c in free_cells(screen.table.view))
        await choose(pilot, spot)
        await next_turn(pilot, app)
        await choose(pilot, spot)  # your camel on a loose good: pick up, or move it?
        assert any(text.startswith("Pick up") and text.endswith("— 1 action") for text in app.screen.choices)
        await pilot.press("escape")
        # a good chosen to deliver, the cursor on the city that wants it: the longest prompt
        city = CITY_OF_GOOD[GOOD_INDEX["swords"]]
        delivery = ("move_good", spot, city, "swords", "on")
        with_delivery = replace(screen.table, legal=[*screen.table.legal, delivery])
        screen.table_state = picked(with_delivery, ("good", spot, "swords", "on"))
        screen.query_one(CamelBoard).cursor = city
        await pilot.pause()
        region = screen.query_one("#status").region
        drawn = " ".join(line[region.x : region.right].strip() for line in screen_lines(app)[region.y : region.bottom])
        assert drawn == "enter: deliver the swords (+3) (1 action) · esc cancels"  # on two lines, whole


@pytest.mark.thorough
async def test_back_on_the_board_where_nothing_plays_the_status_line_says_so_whole(tmp_path):
    """The bug: shift+tab back to the board (or a resume) with the cursor on a city where
    nothing could be played, the line read "Your turn · e end turn · l legend", and Enter there
    only then said "nothing you can do there now"."""
    async with at_my_turn(tmp_path) as (app, pilot):
        screen = app.screen
        city = max((cell for cell in CELLS if cell not in SPACES), key=lambda cell: len(CELL_NAMES[cell]))
        screen.table_state = replace(screen.table, legal=[END_TURN])  # (nothing to play anywhere)
        await pilot.press("tab", "shift+tab")
        screen.query_one(CamelBoard).cursor = city
        await pilot.pause()
        region = screen.query_one("#status").region
        drawn = " ".join(line[region.x : region.right].strip() for line in screen_lines(app)[region.y : region.bottom])
        assert drawn == f"enter: nothing to play at {CELL_NAMES[city]} · e end turn"  # on two lines, whole
        await pilot.press("enter")
        assert f"{CELL_NAMES[city]}: nothing you can do there now" in notices(app)[-1].message
        # a camel of ours can come here, chosen first ("nothing to play at Taghaza" read as none)
        elsewhere = next(cell for cell in CELLS if cell != city)
        screen.table_state = replace(screen.table, legal=[END_TURN, ("move_camel", elsewhere, city)])
        await pilot.pause()
        drawn = " ".join(line[region.x : region.right].strip() for line in screen_lines(app)[region.y : region.bottom])
        # ("to move a camel here, Enter on it first" left "it" to guess: the camel's cell, by name)
        camel = f"your camel at {CELL_NAMES[elsewhere]}"
        assert drawn == f"{CELL_NAMES[city]}: Enter on {camel} first, then here · e end turn", drawn
        other = next(cell for cell in CELLS if cell not in (city, elsewhere))
        screen.table_state = replace(screen.table, legal=[*screen.table.legal, ("move_camel", other, city)])
        await pilot.pause()
        drawn = " ".join(line[region.x : region.right].strip() for line in screen_lines(app)[region.y : region.bottom])
        assert drawn == f"{CELL_NAMES[city]}: Enter on one of your camels first, then here · e end turn", drawn


@pytest.mark.thorough
async def test_the_plays_list_puts_the_goods_plays_before_the_camels(tmp_path):
    """The bug: the plays list put pick-ups, steals and deliveries after some 40 camel moves."""
    async with at_my_turn(tmp_path) as (app, pilot):
        screen, host = app.screen, app.runner.host
        spot = next(c for c in SPACES if c in goods_at(screen.table.view) and c in free_cells(screen.table.view))
        await choose(pilot, spot)
        await next_turn(pilot, app)
        await pilot.press("tab")
        actions = screen.query_one(ActionList)
        shown = [str(actions.get_option_at_index(i).prompt) for i in range(actions.option_count)]
        assert shown[0].startswith("Pick up") and shown[-1].startswith("End the turn"), shown[:3]
        camels = next(i for i, text in enumerate(shown) if text.startswith(("Place", "Move a camel")))
        assert camels > 0 and all(text.startswith(("Place", "Move a camel")) for text in shown[camels:-1])
        turn = host.turn
        # tab from the board highlights no line: the first Enter highlights the first, as after the
        # others' turn with the focus here (after a tab it played the first line outright)
        assert actions.highlighted is None
        await pilot.press("enter")
        await pilot.pause()
        assert actions.highlighted == 0 and host.turn == turn
        await pilot.press("enter")  # the first line, the pick-up
        assert (await played(pilot, host, turn)) == ("pickup", spot)


@pytest.mark.thorough
async def test_the_players_table_names_whole_where_they_fit(tmp_path):
    """A long name takes the room the other columns leave (13 cells cut it where the row had
    9 more), and every other column stays whole."""
    names = ["Tester", "AI 2 (normal)", "Scheherazade the Second"]
    three = MatchSetup("camel_caravan", ["human", "ai:easy", "ai:easy"], names, dict(OPTIONS), 5)
    async with at_my_turn(tmp_path, three) as (app, _pilot):
        drawn = screen_lines(app)
        assert any(line.startswith("1 You ") for line in drawn)
        assert any(line.startswith("2 AI 2 ") and "(n" not in line for line in drawn)  # as the table names it
        assert any(line.startswith("3 Scheherazade the Sec…   1     – 1 ✓          4 │") for line in drawn)
        assert any(line.startswith("  Player ") and "Supply │" in line for line in drawn)


@pytest.mark.thorough
async def test_a_tie_on_points_says_goods_delivered_broke_it(tmp_path):
    async with at_my_turn(tmp_path) as (app, _pilot):
        screen = app.screen
        delivered = [dict.fromkeys(GOODS, 0) | {"ivory": 2, "meat": 5}, dict.fromkeys(GOODS, 0) | {"gems": 5}]
        screen.table_state = dataclasses.replace(screen.table, view=dict(screen.table.view) | {"delivered": delivered})
        assert (
            screen.result_headline(["Tester (you)", "Bot"], [26.0, 26.0], [0.0, 1.0])
            == "26–26; Bot wins on goods delivered (5 to 7)."
        )
        assert screen.result_headline(["Tester (you)", "Bot"], [26.0, 26.0], [0.5, 0.5]).startswith("A draw")


def test_the_end_table_counts_goods_as_the_table_in_play_does_and_never_says_minus_0():
    """The bug: in play "Goods" counted goods delivered (3), at the end it showed their points (9),
    and a player without penalty read "−0"."""
    from rich.console import Console

    from caravan_tui.games.camel_caravan.tables import scores_table

    delivered = [dict.fromkeys(GOODS, 0) | {"meat": 3}, dict.fromkeys(GOODS, 0) | {"ivory": 1}]
    view = {
        "players": 2,
        "delivered": delivered,
        "markers": [9, 2],
        "loaded": [[], [[1, "salt", False]] * 3],
        "scores": [18, 5],
    }
    console = Console(width=80, record=True)
    console.print(scores_table(view, lambda seat: f"P{seat + 1}"))
    lines = [" ".join(line.replace("│", " ").split()) for line in console.export_text().splitlines()]
    assert "P1 3 (9) 9 0 18" in lines and "P2 1 (6) 2 −3 5" in lines and "Goods (pts)" in lines[1]


def test_a_score_below_zero_takes_the_same_minus_sign_as_its_penalty():
    """The score column read "-2 (−3)": a hyphen and a minus side by side."""
    from rich.console import Console

    from caravan_tui.games.camel_caravan.tables import players_table, scores_table

    delivered = [dict.fromkeys(GOODS, 0), dict.fromkeys(GOODS, 0)]
    view = {
        "players": 2,
        "delivered": delivered,
        "markers": [0, 1],
        "loaded": [[[1, "salt", False]] * 3, []],
        "scores": [-2, 1],
        "thefts": [1, 1],
        "supply": [3, 3],
    }
    console = Console(width=80, record=True)
    console.print(players_table(view, lambda seat, width: f"P{seat + 1}"))
    console.print(scores_table(view, lambda seat: f"P{seat + 1}"))
    text = console.export_text()
    assert "−2 (−3)" in text and "-" not in text.replace("–", ""), text


@pytest.mark.thorough
async def test_the_boards_cursor_shows_its_focus_without_colour(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    async with at_my_turn(tmp_path) as (app, pilot):
        board = app.screen.query_one(CamelBoard)

        def reversed_cells() -> int:
            region = board.content_region
            count = 0
            for strip in screen_strips(app.screen)[region.y : region.bottom]:
                x = 0
                for segment in strip:
                    if region.x <= x < region.right and segment.style and segment.style.reverse:
                        count += segment.cell_length
                    x += segment.cell_length
            return count

        assert board.has_focus and reversed_cells() >= 6  # the cursor's cell, in reverse video
        await pilot.press("tab")
        await pilot.pause()
        assert reversed_cells() == 0  # blurred: underlined only


@pytest.mark.thorough
async def test_the_marks_line_stays_whole_under_the_bag_empty_line_and_a_two_line_prompt(tmp_path, monkeypatch):
    """The bug: at 80×24 the "Bag empty" line over the board, or a prompt wrapped onto two lines,
    pushed the marks' line ("› 1 action » 2 …") off the screen. The goods key gives way first:
    letters only on one line, then none."""
    monkeypatch.setattr(rules, "SHORT_BAG", (1,) * 8)  # (eight goods: the setup empties the bag)
    marks = "› 1 action » 2 · ● chosen · ★ hint · l legend"
    async with at_my_turn(tmp_path) as (app, pilot):
        rows = screen_lines(app)
        assert any("Bag empty: the next delivery ends the game" in row for row in rows)
        assert any(marks in row for row in rows)
        assert any("M W S H = 3 pts · I C G P = 6 pts" in row for row in rows)
        await pilot.press("tab", "down", "down", "down", "down")  # (the plays list: a play too long for one line)
        await pilot.pause()
        assert app.screen.query_one("#status").region.height == 2
        assert any(marks in row for row in screen_lines(app))


@pytest.mark.thorough
async def test_the_end_phase_line_shows_itself_from_the_tables_state(tmp_path):
    """The line over the board writes and shows itself from the table's state (no screen sets
    its classes): none while goods are in the bag, "Bag empty…" once it is empty and the game
    goes on, none again once the game is over; the board takes the line's row back."""
    async with at_my_turn(tmp_path) as (app, pilot):
        screen = app.screen
        line, board = screen.query_one("#cc-end"), screen.query_one(CamelBoard)
        assert sum(screen.table.view["bag"].values()) and not line.display
        assert not any("Bag empty" in row for row in screen_lines(app))
        top = board.region.y

        def change(**fields) -> None:
            screen.table_state = replace(screen.table, view=copy.deepcopy(screen.table.view) | fields)

        change(bag=dict.fromkeys(GOODS, 0))
        await pilot.pause()
        assert line.display and any("Bag empty: the next delivery ends the game" in row for row in screen_lines(app))
        assert board.region.y == top + 1
        change(to_move=None)
        await pilot.pause()
        assert not line.display and board.region.y == top


@pytest.mark.thorough
async def test_a_two_action_play_chosen_from_a_cells_list_waits_for_enter_again_as_on_the_board(tmp_path):
    """The bug: on the board a play costing two actions waits for a second Enter; chosen from the
    list of a cell's plays it was spent at once (a newcomer spent two actions by mistake)."""
    async with at_my_turn(tmp_path) as (app, pilot):
        screen, host = app.screen, app.runner.host
        onto = [a[1] for a in screen.table.legal if a[0] == "place" and screen.table.cost(a) == 2]
        while not onto:  # (until a camel stands where one of ours may go, at two actions)
            await pilot.press("e", "y")
            await next_turn(pilot, app)
            onto = [a[1] for a in screen.table.legal if a[0] == "place" and screen.table.cost(a) == 2]
        cell, start = onto[0], host.turn
        board = screen.query_one(CamelBoard)
        while board.cursor != cell:  # (the list comes from Enter on the cell: the cursor is there)
            row, col = divmod(board.cursor, SIDE)
            target_row, target_col = divmod(cell, SIDE)
            await pilot.press(
                ("down" if row < target_row else "up")
                if row != target_row
                else ("right" if col < target_col else "left")
            )
        screen.ask(cell, [("place", cell)])
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the list")
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is screen, "the table")
        await pilot.pause()
        assert host.turn == start and screen.table.armed == (cell, ("place", cell))
        assert "for 2 actions? enter again" in str(screen.status_text())
        await pilot.press("enter")
        assert await played(pilot, host, start) == ("place", cell)


@pytest.mark.thorough
async def test_the_plays_list_keeps_the_focus_when_a_decision_comes_while_the_terminal_has_not_got_it(tmp_path):
    """A terminal that loses the focus takes it from the table (Textual gives it back when the
    terminal has it again); the next decision, come meanwhile, gave it to the board, so the plays
    list the person played from needed Tab again."""
    async with at_my_turn(tmp_path) as (app, pilot):
        screen, host = app.screen, app.runner.host
        await pilot.press("tab")
        actions = screen.query_one(ActionList)
        assert app.focused is actions
        app.app_focus = False  # (the person looks at another window)
        await pilot.pause()
        screen.act(next(action for action in screen.table.legal if action[0] == "place"))
        await played(pilot, host, 0)
        await wait_for(pilot, lambda: screen.table.turn is not None, "my next decision")
        await pilot.pause()
        app.app_focus = True
        await pilot.pause()
        assert app.focused is actions


@pytest.mark.thorough
async def test_after_an_undo_from_the_plays_list_a_first_enter_plays_nothing(tmp_path):
    """The bug: a play taken back from the plays list left its first line highlighted ("enter:
    Move a camel … — 2 actions"): an Enter pressed as before the undo spent actions on a play
    never chosen. As after a hint's play, the list starts with no line highlighted."""
    async with at_my_turn(tmp_path, setup(seed_where_first(1))) as (app, pilot):
        screen, host = app.screen, app.runner.host
        actions = screen.query_one(ActionList)
        actions.focus()
        turn = host.turn
        screen.act(next(a for a in screen.table.legal if a[0] == "place"))
        await wait_for(pilot, lambda: my_turn(app) and host.turn > turn, "my second action")
        await pilot.press("u")
        await wait_for(pilot, lambda: my_turn(app) and host.turn == turn, "the action taken back")
        assert screen.focused is actions and screen.enter_action() is None
        await pilot.press("enter")
        await pilot.pause()
        assert host.turn == turn and screen.enter_action() is not None  # (highlighted, not played)


@pytest.mark.thorough
async def test_an_undo_past_the_ais_turn_takes_its_changed_marks_with_it(tmp_path):
    """The bug: ``u`` took back our end of turn and the AI's whole turn after it, yet the ``*``
    marks of the AI's last action stayed on cells only that action had changed. The marks are
    those of the position on show, as they were when it was first reached: here, those of the
    AI's turn before."""
    async with at_my_turn(tmp_path) as (app, pilot):
        screen, host = app.screen, app.runner.host
        board = screen.query_one(CamelBoard)
        await pilot.press("e", "y")
        await next_turn(pilot, app)
        marked, ended = set(board.flash), host.turn
        assert marked  # the AI's last action
        await pilot.press("e", "y")
        await next_turn(pilot, app)
        assert my_turn(app) and host.turn > ended + 1 and board.flash != marked  # the AI's next turn marked
        await pilot.press("u")
        await wait_for(pilot, lambda: my_turn(app) and host.turn == ended, "the AI's turn taken back")
        assert board.flash == marked
        rows = screen_lines(app)[board.region.y : board.region.bottom]
        assert sum(row[board.region.x : board.region.right].count("*") for row in rows) == len(marked)
        # our own first action of the turn keeps the others' marks: what they changed still stands
        screen.act(next(a for a in screen.table.legal if a[0] == "place"))
        await wait_for(pilot, lambda: my_turn(app) and host.turn == ended + 1, "my action")
        assert board.flash == marked


def test_a_player_who_gave_their_theft_marker_away_reads_none_not_used():
    """§3: a thief gives its theft marker to the one it stole from. The table said "used" of the
    thief, who holds none, beside "✓✓" for the victim holding both."""
    from rich.console import Console

    from caravan_tui.games.camel_caravan.tables import players_table

    view = {
        "players": 2,
        "delivered": [dict.fromkeys(GOODS, 0), dict.fromkeys(GOODS, 0)],
        "markers": [0, 0],
        "loaded": [[], []],
        "scores": [0, 0],
        "thefts": [0, 2],
        "supply": [3, 3],
    }
    console = Console(width=80, record=True)
    console.print(players_table(view, lambda seat, width: f"P{seat + 1}"))
    rows = console.export_text().splitlines()
    assert "none" in next(row for row in rows if "P1" in row) and "used" not in "\n".join(rows)
    assert "✓✓" in next(row for row in rows if "P2" in row)


@pytest.mark.thorough
async def test_escape_while_an_ais_action_is_on_show_skips_it_and_opens_the_menu(tmp_path):
    """Over SSH: escape during the others' actions on show was spent on skipping them, the
    footer saying "esc Menu"; the Down and Enter meant for the menu went to the board."""
    async with at_my_turn(tmp_path, move_pause=30.0) as (app, pilot):
        screen = app.screen
        await pilot.press("e", "y")
        await wait_for(pilot, lambda: screen.pause.pausing == 1, "the first AI action on show")
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the menu")
        assert app.screen.title_text == "Menu"
        await wait_for(pilot, lambda: screen.table.turn is not None, "the rest at once", timeout=5)  # (skipped)


@pytest.mark.thorough
async def test_the_footer_says_escape_cancels_while_a_choice_is_there_to_drop(tmp_path):
    """A camel chosen with the hint shown: the first escape put the hint away, and the footer then
    read "esc Menu" while the next escape dropped the camel (the status line's "esc cancels")."""
    from caravan_tui.games.camel_caravan.placement import picked

    async with at_my_turn(tmp_path) as (app, pilot):
        screen = app.screen

        def footer() -> str:
            return screen_lines(app.screen)[-1]

        assert "esc Menu" in footer() and "esc Cancel" not in footer()
        screen.table_state = picked(screen.table, ("supply",))
        await wait_for(pilot, lambda: "esc Cancel" in footer(), "escape's word for the choice")
        assert "esc Menu" not in footer()
        await pilot.press("escape")
        await wait_for(pilot, lambda: screen.table.pick is None, "the choice dropped")
        await wait_for(pilot, lambda: "esc Menu" in footer(), "the menu offered again")
        assert app.screen is screen  # (no menu on the escape that dropped the choice)


@pytest.mark.thorough
async def test_the_legend_key_while_an_ais_action_is_on_show_skips_it_and_opens_the_legend(tmp_path):
    """Over SSH: ``l`` during the others' actions on show was spent on skipping them, while the
    footer offered "l Legend" and ``t`` opened the chat line."""
    async with at_my_turn(tmp_path, move_pause=30.0) as (app, pilot):
        screen = app.screen
        legend = screen.query_one("#legend-panel")
        assert legend.has_class("-hidden")
        await pilot.press("e", "y")
        await wait_for(pilot, lambda: screen.pause.pausing == 1, "the first AI action on show")
        await pilot.press("l")
        await wait_for(pilot, lambda: not legend.has_class("-hidden"), "the legend")
        await wait_for(pilot, lambda: screen.table.turn is not None, "the rest at once", timeout=5)  # (skipped)


@pytest.mark.thorough
async def test_the_status_line_fits_a_long_name_and_keeps_the_plays_space_and_cost(tmp_path):
    """Over SSH: "enter: Steal cloth from MarcoPoloTheGreatVenetianTraderOfSilkRdZ at…" lost the
    space and the cost from the status line's two lines."""
    from caravan_tui.games.camel_caravan.status_line import status
    from caravan_tui.screens.table_status import PLAYS_LIST

    long = "MarcoPoloTheGreatVenetianTraderOfSilkRdZ"
    match = MatchSetup("camel_caravan", ["human", "ai:easy"], ["Tester", long], dict(OPTIONS), seed_where_first(0))
    async with at_my_turn(tmp_path, match) as (app, pilot):
        screen = app.screen
        steal = ("steal", SPACES[4], 1, "cloth")
        table = replace(screen.table, legal=(*screen.table.legal, steal), highlighted=steal, focus=PLAYS_LIST)
        assert status(table).plain.startswith("enter (1 action): Steal cloth from MarcoPolo")
        screen.table_state = table
        await pilot.pause()
        region = screen.query_one("#status").region
        drawn = " ".join(line[region.x : region.right].strip() for line in screen_lines(app)[region.y : region.bottom])
        assert drawn.startswith("enter (1 action): ") and drawn.endswith(f"at {CELL_NAMES[SPACES[4]]}"), drawn
        assert "…" not in drawn.split(" at ")[-1], drawn


@pytest.mark.thorough
async def test_the_status_line_keeps_a_stolen_goods_delivery_whole(tmp_path):
    """The bug: "enter (1 action): Deliver the stolen swords from under your camel on space 8
    (6,6) to…" lost the city and the pay. The longest such delivery reads whole on two lines."""
    from caravan_tui.games.camel_caravan.board import VALUE
    from caravan_tui.games.camel_caravan.rules import GOODS
    from caravan_tui.screens.table_status import PLAYS_LIST

    async with at_my_turn(tmp_path) as (app, pilot):
        screen = app.screen
        deliveries = [("move_good", f, CITY_OF_GOOD[GOOD_INDEX[g]], g, "under") for g in GOODS for f in SPACES]
        longest = max(deliveries, key=lambda a: len(screen.table.describe(a)))
        table = replace(screen.table, legal=(*screen.table.legal, longest), highlighted=longest, focus=PLAYS_LIST)
        screen.table_state = table
        await pilot.pause()
        region = screen.query_one("#status").region
        drawn = " ".join(line[region.x : region.right].strip() for line in screen_lines(app)[region.y : region.bottom])
        source, city, pay = CELL_NAMES[longest[1]], CELL_NAMES[longest[2]], VALUE[GOOD_INDEX[longest[3]]]
        assert drawn == f"enter (1 action): Deliver the stolen {longest[3]} from {source} to {city} (+{pay})"
        assert "from under your camel" in screen.table.describe(longest)  # (the plays list has the room)


@pytest.mark.thorough
async def test_the_status_lines_fitted_name_is_markup_shown_as_text(tmp_path):
    """A name fitted into the status line is cut as typed, its brackets shown, never read as markup."""
    from caravan_tui.games.camel_caravan.status_line import status
    from caravan_tui.screens.table_status import PLAYS_LIST

    hostile = "[bold red]Mallory[/bold red] the very long"
    match = MatchSetup("camel_caravan", ["human", "ai:easy"], ["Tester", hostile], dict(OPTIONS), seed_where_first(0))
    async with at_my_turn(tmp_path, match) as (app, pilot):
        screen = app.screen
        steal = ("steal", SPACES[4], 1, "cloth")
        table = replace(screen.table, legal=(*screen.table.legal, steal), highlighted=steal, focus=PLAYS_LIST)
        said = status(table)
        assert said.plain.startswith("enter (1 action): Steal cloth from [bold red]Mall") and not said.spans
        screen.table_state = table
        await pilot.pause()
        assert any("[bold red]Mall" in line for line in screen_lines(app))


@pytest.mark.thorough
async def test_h_beside_the_legend_puts_it_away_and_shows_the_hint(tmp_path):
    """Over SSH: ``h`` while the legend showed was answered behind it (the side column shows the
    legend alone), and nothing showed or said so until ``l`` closed it."""
    from caravan_tui.widgets import TablePanel

    async with at_my_turn(tmp_path) as (app, pilot):
        screen = app.screen
        await pilot.press("l")
        legend = screen.query_one("#legend-panel")
        await wait_for(pilot, lambda: not legend.has_class("-hidden"), "the legend")
        await pilot.press("h")
        hint = screen.query_one("#hint-panel", TablePanel)
        await wait_for(pilot, lambda: hint.showing and not hint.has_class("-hidden"), "the hint")
        await pilot.pause()
        assert legend.has_class("-hidden") and any("Hint" in line for line in screen_lines(app))


async def test_the_status_line_under_a_question_says_the_question_has_the_keys(tmp_path):
    """Under "End the turn with 2 actions unused?" the status line read "enter: place a camel
    here (1 action)", while Enter answered the question; it says the window has the keys, and
    what Enter plays again once the window closes."""
    from caravan_tui.screens.table_status import COVERED

    async with at_my_turn(tmp_path, setup(seed_where_first(1))) as (app, pilot):
        screen = app.screen
        before = status(screen)
        await pilot.press("e")
        assert isinstance(app.screen, ConfirmScreen)
        await wait_for(pilot, lambda: status(screen) == COVERED, "the status line under the question")
        await pilot.press("escape")
        await wait_for(pilot, lambda: status(screen) == before, "the status line back")
        assert before.startswith("enter: "), before


async def test_readying_a_hint_ready_already_says_enter_plays_it(tmp_path):
    """``a`` with the hint's play highlighted in the focused plays list changed nothing and said
    nothing (a newcomer pressed it again and again); it says Enter plays it."""
    from caravan_tui.screens.table_overlays import HINT_READY

    async with at_my_turn(tmp_path, setup(seed_where_first(1))) as (app, pilot):
        screen = app.screen
        play = screen.table.legal[1]
        screen.show_hint(play, "")
        await pilot.press("a")
        await wait_for(pilot, lambda: screen.table.highlighted == play, "the hint's play readied")
        assert not [n for n in notices(app) if n.message == HINT_READY]
        await pilot.press("a")
        await wait_for(pilot, lambda: [n.message for n in notices(app)] == [HINT_READY], "the play ready")
        assert screen.table.highlighted == play
