"""One source of truth per table (DESIGN §6), for every game: what the status line says Enter
does is worked out from the table's selection and cursors as they are now, and Enter plays
exactly that, the "since your last turn" notice or not (the key that hides it acts too).

Seeded random key walks over the focusable widgets and the board cursors, at many positions of
a match against random seats: after every key the status line shown is the one the table works
out now (a line painted on an earlier event and left is stale), and at the end of each walk
Enter sends the action ``enter_action`` promises. The default run walks once or twice per game;
the end-to-end run (``pytest -m e2e``) walks on for longer."""

from __future__ import annotations

import random

import pytest

from caravan_tui.games import GAMES
from caravan_tui.match.runner import MatchRunner
from caravan_tui.saves import SaveStore
from caravan_tui.screens import game_screen_class
from caravan_tui.screens.table_layout import status_words
from caravan_tui.seats import SeatSpec
from caravan_tui.textual_adapter import notices
from caravan_tui.widgets import TablePanel

from tables import BareApp, games_checked_by_default, wait_for, yes_if_asked

SIZE = (80, 24)
#: keys that move cursors and the focus, or tick (none of them opens a dialog)
WALK_KEYS = ("up", "down", "left", "right", "tab", "shift+tab", "space")


def shown_status(screen) -> str:
    return " ".join(str(screen.query_one("#status").render()).split())


def worked_out_status(screen) -> str:
    return " ".join(status_words(screen, screen.table).plain.split())


def match_table(tmp_path, game_id: str, players: int, seed: int):
    game = GAMES[game_id]
    runner = MatchRunner.new(
        game_id,
        [SeatSpec("human")] + [SeatSpec("random")] * (players - 1),
        ["Ann"] + [f"Rand {n}" for n in range(1, players)],
        seed,
        {},
        None,
    )
    screen = game_screen_class(game)(runner.client(0))
    app = BareApp(store=SaveStore(tmp_path))
    app.move_pause, app.flash_seconds = 0.0, 0.05
    return app, runner, screen


#: (Enters played, keys checked) of a walk: the default run's short one (one Enter: at a second,
#: Merchant Lord walked 35 keys, its Enter often choosing or asking), and the end-to-end run's long one
WALKS = [pytest.param((1, 6), id="short"), pytest.param((6, 20), id="long", marks=pytest.mark.e2e)]


@pytest.mark.thorough
@pytest.mark.parametrize("walk", WALKS)
@pytest.mark.parametrize("game_id", list(GAMES))
async def test_after_every_key_the_enter_line_is_the_tables_and_enter_plays_it(tmp_path, game_id, walk):
    """Each walk starts on the next widget that takes the focus (the plays list, the board…),
    so each is walked from and Enter is tried on what it promises there."""
    enters, keys = walk
    rng = random.Random(f"one truth {game_id}")
    app, runner, screen = match_table(tmp_path, game_id, min(GAMES[game_id].players), seed=7)
    keys_checked = enters_checked = 0
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(screen)
        runner.start()
        try:
            for attempt in range(30):
                await wait_for(pilot, lambda: screen.table.turn is not None or runner.host.state.is_over(), "my turn")
                if runner.host.state.is_over() or (enters_checked >= enters and keys_checked >= keys):
                    break
                widgets = [w for w in screen.query("#table *") if w.focusable and w.display]
                widgets[attempt % len(widgets)].focus()
                await pilot.pause()
                played = False
                for key in rng.choices(WALK_KEYS, k=rng.randint(2, 5)):
                    moves = len(runner.host.actions)
                    await pilot.press(key)
                    await pilot.pause()
                    played = screen.table.turn is None or len(runner.host.actions) > moves
                    if played:  # the key played (space chooses in the plays list)
                        break
                    if app.screen is not screen:  # space on a cell with several plays asks which
                        await pilot.press("escape")
                        await wait_for(pilot, lambda: app.screen is screen, "the table again")
                    shown, worked = shown_status(screen), worked_out_status(screen)
                    # (a long line is cut where the status line's rows end)
                    assert worked.startswith(shown) and len(shown) >= min(len(worked), 60), (
                        key,
                        type(screen.focused).__name__,
                        shown,
                        worked,
                    )
                    keys_checked += 1
                if played:
                    continue
                promised, moves = screen.enter_action(), len(runner.host.actions)
                if promised is None:  # Enter chooses or asks here: play on from the list
                    screen.act(rng.choice(screen.table.legal))
                else:
                    await pilot.press("enter")
                    await yes_if_asked(pilot, lambda moves=moves: len(runner.host.actions) > moves)
                    enters_checked += 1
                await wait_for(
                    pilot,
                    lambda moves=moves: len(runner.host.actions) > moves,
                    f"{promised} by {type(screen.focused).__name__} on {type(app.screen).__name__}",
                )
                if promised is not None:
                    assert runner.host.actions[moves] == promised, (type(screen.focused).__name__, promised)
        finally:
            runner.stop()
    assert keys_checked >= keys and enters_checked >= 1, (keys_checked, enters_checked)


def unasked(legal) -> tuple:
    """A play no table asks about first (Merchant Lord's end of selling asks while a sale is possible)."""
    return next((action for action in legal if action != ("end_selling",)), legal[0])


# (the notice is the kit's: Camel Caravan's lies beside its board, Merchant Lord's over it, the cheapest
# to reach; Caravans of Ahldarahd's, where newcomers lost their keys, runs with -m e2e)
@pytest.mark.parametrize(
    "game_id",
    games_checked_by_default("camel_caravan", "merchant_lord", among=["camel_caravan", "merchant_lord", "ahldarahd"]),
)
@pytest.mark.thorough
async def test_the_key_that_closes_the_since_your_last_turn_panel_also_does_what_it_does(tmp_path, game_id):
    """The rule was once the opposite: the key that closed the panel did nothing else (its
    title said "any key closes", and an arrow pressed to close it moved a cursor under it and
    said "Not south-east"). Newcomers then lost the first play key after it, 4–5 times a
    match, and pressed again not knowing why. Now the panel is a notice: the next key hides
    it and does what it does (what the status line says Enter plays, Enter plays); escape, the
    key that dismisses, only hides it (its title says so), and opens no menu."""
    app, runner, screen = match_table(tmp_path, game_id, 4, seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(screen)
        runner.start()
        try:

            def since() -> TablePanel:  # (put in its place anew once the screen's width is known)
                return screen.query_one("#since-panel", TablePanel)

            async def since_showing() -> bool:
                for _ in range(40):
                    await wait_for(
                        pilot, lambda: screen.table.turn is not None or runner.host.state.is_over(), "my turn"
                    )
                    if since().showing or runner.host.state.is_over():
                        return since().showing
                    screen.act(unasked(screen.table.legal))
                return False

            assert await since_showing()
            await pilot.pause()
            if screen.PANELS_BESIDE:  # (Camel Caravan's, Merchant Lord's): the board stays in view
                side = screen.query_one("#side")
                assert since().parent is side and not since().region.overlaps(screen.query_one("#board").region)
            else:  # at 80×24 over the head of the board
                board = screen.query_one("#board")
                assert since().parent is board and since().region.right <= board.region.right
            assert "keys hide" in str(since().border_title)
            app.clear_notifications()
            await pilot.press("escape")  # hides it, and opens the menu as escape does
            await wait_for(pilot, lambda: app.screen is not screen, "the menu")
            assert not since().showing and screen.table.turn is not None
            assert notices(app) == []
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is screen, "the table again")
            screen.act(unasked(screen.table.legal))
            assert await since_showing()
            focused = screen.focused
            await pilot.press("tab")  # hides it and moves the focus, as tab does
            await pilot.pause()
            assert not since().showing and screen.focused is not focused
            screen.act(unasked(screen.table.legal))
            assert await since_showing()
            promised, moves = screen.enter_action(), len(runner.host.actions)
            if promised is not None:  # Enter plays what the status line says, panel or not
                assert shown_status(screen).startswith("enter:")
                await pilot.press("enter")
                await wait_for(pilot, lambda: len(runner.host.actions) > moves, "the play Enter promised")
                assert runner.host.actions[moves] == promised
        finally:
            runner.stop()


@pytest.mark.thorough
async def test_since_your_last_turn_shows_after_a_sequence_of_moves_the_log_words_in_one_line(tmp_path):
    """The bug: in 2-player Caravanserai the other seat laid 10 pieces (one log line) and no
    panel said so. Four moves or more by others since our last decision open it too."""
    app, runner, screen = match_table(tmp_path, "caravanserai", 2, seed=3)
    host = runner.host
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(screen)
        runner.start()
        try:
            seen = []
            for _ in range(40):
                await wait_for(pilot, lambda: screen.table.turn is not None or host.state.is_over(), "my turn")
                since = screen.query_one("#since-panel", TablePanel)  # (where the table puts it: beside the board)
                if host.state.is_over():
                    break
                others = 0
                for mover in reversed(host.movers):
                    if mover == 0:
                        break
                    others += 1
                seen.append((others, since.showing))
                if others >= 4 and since.showing:
                    break
                screen.act(unasked(screen.table.legal))
            assert any(others >= 4 for others, _ in seen), seen
            assert all(showing for others, showing in seen if others >= 4), seen
        finally:
            runner.stop()


@pytest.mark.thorough
async def test_since_your_last_turn_leaves_the_board_in_view_where_there_is_room(tmp_path):
    """The bug: the panel covered the map even at 120×40, where the side column had room for it.
    On a wide screen it goes over the side column; at 80×24 too where the table's panels go beside
    its board (Camel Caravan), else over the head of the board (both checked in the closing-key
    test above)."""
    app, runner, screen = match_table(tmp_path, "camel_caravan", 4, seed=2)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(screen)
        runner.start()
        try:
            for _ in range(12):
                await wait_for(pilot, lambda: screen.table.turn is not None, "my turn")
                if screen.query_one("#since-panel", TablePanel).showing:
                    break
                screen.act(unasked(screen.table.legal))
            await pilot.pause()
            since = screen.query_one("#since-panel", TablePanel)
            assert since.showing
            side = screen.query_one("#side")
            assert since.parent is side and since.region.x >= side.region.x
            assert not since.region.overlaps(screen.query_one("#cc-board").region)
        finally:
            runner.stop()
