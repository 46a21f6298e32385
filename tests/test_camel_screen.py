"""The Camel Caravan screen driven through Pilot at 80×24, with a tiny AI budget."""
from __future__ import annotations

from caravan_tui.app import CaravanApp
from caravan_tui.games import get_game
from caravan_tui.games.camel_caravan import rules
from caravan_tui.games.camel_caravan.board import NEIGHBOURS, SIZE as SIDE, SPACES
from caravan_tui.games.camel_caravan.screen import CamelCaravanScreen, action_cells, contents, face
from caravan_tui.screens.dialogs import ChoiceScreen
from caravan_tui.screens.new_match import MatchSetup
from caravan_tui.screens.summary import MatchOverScreen
from caravan_tui.widgets import ActionList
from caravan_tui.games.camel_caravan.board_widget import CamelBoard
from saves import SaveStore

SIZE = (80, 24)
OPTIONS = {"short_game": True, "sixth_camel": False}


def make_app(tmp_path, iterations: int = 8) -> CaravanApp:
    app = CaravanApp(store=SaveStore(tmp_path), ai_iterations=iterations)
    app.move_pause = 0.0  # no pause between the AI's actions
    return app


def seed_where_first(seat: int) -> int:
    game = get_game("camel_caravan")
    return next(s for s in range(100) if game.new(2, seed=s, options=OPTIONS).to_move() == seat)


def setup(seed: int) -> MatchSetup:
    return MatchSetup("camel_caravan", ["human", "ai:easy"], ["Tester", "Bot"], dict(OPTIONS), seed)


async def wait_for(pilot, condition, what: str, timeout: float = 20.0) -> None:
    for _ in range(int(timeout / 0.02)):
        if condition():
            return
        await pilot.pause(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def my_turn(app) -> bool:
    return isinstance(app.screen, CamelCaravanScreen) and app.screen.turn is not None


async def next_turn(pilot, app) -> None:
    await wait_for(pilot, lambda: my_turn(app) or isinstance(app.screen, MatchOverScreen), "my turn or the end")


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
    return {cell for cell, (_, _, camels) in enumerate(contents(view))
            if not any(empty or loads for empty, loads in camels)}


def goods_at(view: dict) -> dict[int, str]:
    return dict(view["goods"])


async def test_a_whole_match_by_keys(tmp_path, monkeypatch):
    """A placement, a pick-up, a refused selection, a camel move and a good move on the board,
    then end turns (by key and from the actions list) until a capped game ends."""
    monkeypatch.setattr(rules, "MAX_TURNS", 12)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(setup(seed_where_first(0)))
        await next_turn(pilot, app)
        screen, host = app.screen, app.runner.host
        view = screen.view
        spot = next(c for c in SPACES if c in goods_at(view) and c in free_cells(view))
        await choose(pilot, spot)  # an empty cell, nothing chosen: a placement
        assert await played(pilot, host, 0) == ("place", spot)

        await next_turn(pilot, app)
        assert screen.view["left"] == 3
        turn = host.turn
        await choose(pilot, spot)  # your empty camel on a loose good: pick up, or move it?
        await answer(pilot, "Pick up")
        assert (await played(pilot, host, turn))[0] == "pickup"

        await wait_for(pilot, lambda: my_turn(app), "my next action")
        far = next(c for c in sorted(free_cells(screen.view)) if c not in goods_at(screen.view)
                   and c not in NEIGHBOURS[spot] and all(n not in NEIGHBOURS[spot] for n in NEIGHBOURS[c]))
        await pilot.press("c")
        assert screen.pick == ("supply",)
        await choose(pilot, far)
        assert await played(pilot, host, turn + 1) == ("place", far)

        await wait_for(pilot, lambda: my_turn(app), "my next action")
        await choose(pilot, far)  # the only thing there: the camel, to move
        assert screen.pick == ("camel", far)
        await choose(pilot, spot)  # onto a camel: 2 actions, and only 1 is left
        await pilot.pause()
        assert host.turn == turn + 2 and screen.pick == ("camel", far)
        assert any("cannot go there" in n.message for n in app._notifications)
        beside = next(c for c in NEIGHBOURS[spot] if c in free_cells(screen.view))
        await choose(pilot, beside)
        assert await played(pilot, host, turn + 2) == ("move_camel", far, beside)

        await next_turn(pilot, app)
        turn = host.turn
        await choose(pilot, spot)  # the loaded camel (or a second camel there, for 2 actions)
        await answer(pilot, "Move the")
        assert screen.pick[:2] == ("good", spot)
        await choose(pilot, beside)
        assert (await played(pilot, host, turn))[:3] == ("move_good", spot, beside)

        by_list = 0
        for _ in range(30):
            await next_turn(pilot, app)
            if not my_turn(app):
                break
            turn = host.turn
            if by_list < 2:
                await pilot.press("tab")
                assert screen.query_one(ActionList).has_focus
                await pilot.press("end", "enter")  # "End the turn" is the last play
                await pilot.press("shift+tab")
                by_list += 1
            else:
                await pilot.press("e")
            assert await played(pilot, host, turn) == ("end_turn",)
        await wait_for(pilot, lambda: isinstance(app.screen, MatchOverScreen), "the end of the match")
        assert by_list == 2
        assert app.screen.table.columns[-1].header == "Score"
        assert app.store.entries()[0].snapshot.status == "over"


async def test_the_board_fits_80x24_and_clicks_select(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(setup(seed_where_first(0)))
        await next_turn(pilot, app)
        screen, host = app.screen, app.runner.host
        board = screen.query_one(CamelBoard)
        assert board.region.width <= 49 and board.region.height == 16
        for widget_id in ("#cc-players", "#status"):
            region = screen.query_one(widget_id).region
            assert region.height and region.bottom <= 23
        assert "Your turn" in board.border_title and "1 action left" in board.border_title
        cell = next(c for c in sorted(free_cells(screen.view)) if c // SIDE == 2)
        row, col = divmod(cell, SIDE)
        await pilot.click(CamelBoard, offset=(1 + col * 6 + 2, 1 + row * 2))
        assert board.cursor == cell
        assert await played(pilot, host, 0) == ("place", cell)


async def test_four_players_fit_80x24(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        names = ["Tester", "Bot A", "Bot B", "Bot with a very long name"]
        app.start_match(MatchSetup("camel_caravan", ["human"] + ["ai:easy"] * 3, names, dict(OPTIONS), 5))
        await next_turn(pilot, app)
        screen = app.screen
        assert screen.query_one(CamelBoard).region.height == 16
        assert screen.query_one("#cc-players").region.height == 5
        assert screen.query_one("#status").region.bottom == 23


async def test_escape_drops_the_choice_and_nothing_is_sent_out_of_turn(tmp_path):
    app = make_app(tmp_path)
    app.move_pause = 30.0
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(setup(seed_where_first(0)))
        await next_turn(pilot, app)
        screen, host = app.screen, app.runner.host
        await pilot.press("c")
        assert screen.pick == ("supply",)
        assert "+" in screen.query_one(CamelBoard).marks.values()
        await pilot.press("escape")
        assert screen.pick is None and isinstance(app.screen, CamelCaravanScreen)
        await pilot.press("escape")  # now the menu
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("escape")
        await pilot.press("e")
        assert await played(pilot, host, 0) == ("end_turn",)
        await wait_for(pilot, lambda: screen._pausing == 1, "the AI's action on show")
        await pilot.press("enter")  # it only skips the AI's actions: nothing is sent
        await wait_for(pilot, lambda: my_turn(app), "my turn")
        await pilot.pause()
        assert host.movers.count(0) == 1
        await pilot.press("enter")  # on our turn it acts again
        await wait_for(pilot, lambda: host.movers.count(0) == 2, "my action")


async def test_ai_actions_are_shown_one_by_one_and_a_key_skips(tmp_path):
    app = make_app(tmp_path)
    app.move_pause = 30.0
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(setup(seed_where_first(0)))
        await next_turn(pilot, app)
        screen, host = app.screen, app.runner.host
        await pilot.press("e")
        await wait_for(pilot, lambda: screen._pausing == 1, "the first AI action on show")
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
