"""What newcomers found in their first Merchant Lord match, each checked as they met it."""

from __future__ import annotations

import pytest
from test_merchant_lord_screen import (
    SIZE,
    at_my_turn,
    builder_position,
    focus,
    my_turn,
    play_until,
    status,
)

from caravan_tui.games.merchant_lord.rules import BUY, FAVOUR, SELL
from caravan_tui.games.merchant_lord.screen import MerchantLordScreen
from caravan_tui.games.merchant_lord.widgets import ChipBar, VillageBoard
from caravan_tui.match.runner import MatchRunner
from caravan_tui.screens.dialogs import ChoiceScreen
from caravan_tui.screens.table_panels import PanelWords
from caravan_tui.seats import SeatSpec
from caravan_tui.widgets import ActionList, TablePanel

from tables import quick_app, wait_for


@pytest.mark.thorough
async def test_the_since_panels_ctrl_arrows_scroll_it_rather_than_close_it(tmp_path):
    """The bug: the panel's foot said "ctrl+↑↓ more", and ctrl+↓ closed it."""
    prefix, _state = play_until(builder_position)
    async with at_my_turn(tmp_path, prefix) as (_app, pilot, table):

        def since() -> TablePanel:  # (put in its place beside the board anew once the screen's width is known)
            return table.screen.query_one("#since-panel", TablePanel)

        table.screen.open_panel(
            "since",
            PanelWords(
                "Since your last turn (any key closes)",
                tuple(f"• Bot did thing {k}." for k in range(30)),
                "ctrl+l: the whole log",
            ),
        )
        # (beside the board its foot keeps its own words whole, "ctrl+l: the whole log": the scrollbar shows more)
        await wait_for(pilot, lambda: since().max_scroll_y > 0, "the panel longer than it shows")
        await pilot.press("ctrl+down", "ctrl+down")
        assert since().showing and since().scroll_y > 0
        await pilot.press("ctrl+up")
        assert since().showing
        await pilot.press("x")
        assert not since().showing


@pytest.mark.thorough
async def test_a_click_on_an_opponents_village_keeps_it_in_sight_under_the_cursor(tmp_path):
    """The bug: at 80×24 with three players, two of three clicks on the "AI 2 ›1-6" row folded AI
    2's villages into one line (the click's focus grew the status line, so they no longer fit)
    and put the cursor back on your first village. (What the villages show no longer depends on
    the lines under the row: at 80×24 three players' villages fold one player's, and ``o`` shows
    AI 2's.)"""
    app = quick_app(tmp_path, 3)
    runner = MatchRunner.new(
        "merchant_lord", [SeatSpec("human")] * 3, ["Tester", "Bot", "AI 2"], 0, {"start_player": 1}, None
    )
    screen = MerchantLordScreen(runner.client(0))
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(screen)
        runner.start()
        try:
            await wait_for(pilot, lambda: my_turn(screen), "my turn")
            board = screen.query_one(VillageBoard)
            host = runner.host
            await wait_for(pilot, lambda: any(row.key is None for row in board.rows), "AI 2's villages folded")
            await pilot.press("o")
            await wait_for(pilot, lambda: "P2-V16" in board.keys, "o to show AI 2's villages")
            for _ in range(3):
                rows = [key for key, _line in board.lines(board.content_size.width)]
                assert "P2-V16" in rows
                moves = host.turn
                await pilot.click(VillageBoard, offset=(8, rows.index("P2-V16")))
                await pilot.pause()
                if host.turn > moves:  # (a click on the chosen village plays its sale)
                    break
                assert board.cursor == "P2-V16"
                assert "P2-V16" in [key for key, _line in board.lines(board.content_size.width)]
            else:
                raise AssertionError("no click played the sale")
        finally:
            runner.stop()


@pytest.mark.thorough
async def test_l_keeps_the_focus_where_it_is_in_the_buy_step(tmp_path):
    prefix, _state = play_until(lambda s: s.turn == 0 and s.phase == BUY)
    async with at_my_turn(tmp_path, prefix) as (app, pilot, table):
        row = table.screen.query_one("#ml-row", ChipBar)
        assert app.focused is row
        await pilot.press("l")
        assert not table.screen.query_one("#legend-panel").has_class("-hidden")
        assert app.focused is row
        await pilot.press("l")
        assert app.focused is row


@pytest.mark.thorough
async def test_the_favour_step_offers_no_tuck_from_an_empty_hand(tmp_path):
    prefix, state = play_until(lambda s: s.turn == 0 and s.phase == FAVOUR)
    assert not state.view(0)["hand"]
    async with at_my_turn(tmp_path, prefix) as (app, pilot, table):
        screen = table.screen
        hand = screen.query_one("#ml-hand", ChipBar)
        await focus(pilot, app, hand)
        assert "tuck this card" not in status(screen) and "hand is empty" in status(screen)
        assert "tucks" not in str(hand.border_title)


def favour_then_sale(state) -> bool:
    """Seat 0's favour step, its sale next."""
    if state.turn != 0 or state.phase != FAVOUR or ("end_favour",) not in state.legal_actions():
        return False
    after = state.clone()
    after.apply(("end_favour",), log=False)
    return after.turn == 0 and after.phase == SELL and any(a[0] == "sell" for a in after.legal_actions())


@pytest.mark.thorough
async def test_after_the_favour_step_the_villages_cursor_is_on_a_village_a_sale_can_use(tmp_path):
    """The bug: after the last favour, the villages' cursor stayed on a village (``·``) no sale
    could use with the dice as they came out."""
    prefix, state = play_until(favour_then_sale)
    state.apply(("end_favour",), log=False)
    usable = {a[1] for a in state.legal_actions() if a[0] == "sell"}
    async with at_my_turn(tmp_path, prefix) as (_app, pilot, table):
        screen, host = table.screen, table.runner.host
        board = screen.query_one(VillageBoard)
        board.move_to(next(key for key in board.keys if key not in usable))
        start = host.turn
        screen.act(("end_favour",))
        await wait_for(pilot, lambda: host.turn > start and my_turn(screen) and screen.table.phase == "sell", "my sale")
        assert board.cursor in usable


def highlighted_lines(options) -> list[bool]:
    """Whether each line the list draws for its highlighted option is in reverse video (as the
    terminal gets it: the attribute, which NO_COLOR keeps, not colours)."""
    lines = [options.render_line(y) for y in range(options.scrollable_content_region.height)]
    return [
        all(segment.style.reverse for segment in strip if segment.text.strip())
        for strip in lines
        if options.highlighted is not None
        and any(
            segment.style is not None and segment.style.meta.get("option") == options.highlighted for segment in strip
        )
    ]


@pytest.mark.thorough
async def test_under_no_color_the_plays_list_and_the_menu_show_their_cursor_in_reverse(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    prefix, _state = play_until(builder_position)
    async with at_my_turn(tmp_path, prefix) as (app, pilot, table):
        plays = table.screen.query_one(ActionList)
        await focus(pilot, app, plays)
        await pilot.press("down")  # (a list tabbed to shows no line marked: ↓ marks the first)
        assert plays.highlighted == 0 and highlighted_lines(plays) and all(highlighted_lines(plays))
        await pilot.press("escape", "escape")  # (the first puts away the sale the marked play readied)
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the menu")
        menu = app.screen.query_one("#choices")
        await wait_for(pilot, lambda: menu.has_focus, "the menu's focus")
        assert highlighted_lines(menu) and all(highlighted_lines(menu))
        await pilot.press("down")
        assert menu.highlighted == 1 and all(highlighted_lines(menu))


@pytest.mark.thorough
async def test_a_on_a_hint_to_end_the_step_takes_it_to_the_plays_list_and_enter_plays_it(tmp_path):
    """The bugs: ``a`` under a hint to end the step said "Not possible" over "The hint ends
    this step: e does it", and later refused with "The hint is e's" while the panel said "a
    takes it"; Enter then said "Not possible — Tick dice to reroll with space first". ``a``
    puts the plays list's cursor on the hinted line, with the focus there: Enter plays it."""
    from caravan_tui.textual_adapter import notices

    prefix, _state = play_until(lambda s: s.turn == 0 and s.phase == FAVOUR)
    async with at_my_turn(tmp_path, prefix) as (app, pilot, table):
        screen = table.screen
        screen.show_hint(("end_favour",), "")
        start = table.moves()
        await pilot.press("a")
        await pilot.pause()
        plays = screen.query_one(ActionList)
        assert screen.focused is plays and plays.actions[plays.highlighted] == ("end_favour",)
        assert not [n for n in notices(app) if n.severity != "information"]
        await pilot.press("enter")
        await wait_for(pilot, lambda: table.moves() > start, "the end of the favour step")
        assert table.runner.host.actions[start] == ("end_favour",)


def favour_then_sales_anywhere(state) -> bool:
    """Seat 0's favour step, after which it may sell at one of its own villages and at the other
    player's."""
    if not favour_then_sale(state):
        return False
    after = state.clone()
    after.apply(("end_favour",), log=False)
    villages = {a[1] for a in after.legal_actions() if a[0] == "sell"}
    return any(key.startswith("P0-") for key in villages) and any(key.startswith("P1-") for key in villages)


@pytest.mark.thorough
async def test_when_the_sales_begin_the_villages_cursor_is_on_one_of_yours(tmp_path):
    """The bug: ``o`` put the cursor on an opponent's village to show it; after the favour step
    it stayed there ("enter: choose AI 2's 1-6 for the sale"), and Enter, Enter sold there,
    paying AI 2, while a village of the person's own was listed first."""
    prefix, state = next(found for seed in range(12) if (found := _found(favour_then_sales_anywhere, seed)) is not None)
    state.apply(("end_favour",), log=False)
    usable = {a[1] for a in state.legal_actions() if a[0] == "sell"}
    async with at_my_turn(tmp_path, prefix) as (_app, pilot, table):
        screen, host = table.screen, table.runner.host
        board = screen.query_one(VillageBoard)
        board.move_to(next(key for key in board.keys if key in usable and key.startswith("P1-")))
        start = host.turn
        screen.act(("end_favour",))
        await wait_for(pilot, lambda: host.turn > start and my_turn(screen) and screen.table.phase == "sell", "my sale")
        assert board.cursor in usable and board.cursor.startswith("P0-")


def _found(test, seed: int):
    try:
        return play_until(test, seed=seed)
    except AssertionError:
        return None
