"""A table's panels show their focus themselves (``DrawsItsFocus``): a Tab restyles nothing and
repaints no panel whole, only the edges of the panel left and of the panel reached (their
``focused--border``: the top edge in the accent), the plays list's ``▸`` and its
highlighted play, the hand's cursor row; the focused panel shows at every game's table, and a
click focuses a panel as before."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest
from rich.color import Color as RichColor
from test_replay import record_a_match
from textual.color import Color
from textual.widget import Widget

from caravan_tui.app import CaravanApp
from caravan_tui.games import GAMES
from caravan_tui.games.decktet_caravan.card_grid import CardGrid
from caravan_tui.games.decktet_caravan.screen import DecktetCaravanScreen
from caravan_tui.match.runner import MatchRunner
from caravan_tui.saves import SaveStore
from caravan_tui.screens.game import GameScreen
from caravan_tui.seats import SeatSpec
from caravan_tui.textual_adapter import FOCUSED_BORDER, DrawsItsFocus, Redraws, screen_strips
from caravan_tui.widgets import ActionList, MatchLog
from caravan_tui.widgets.focus_mark import FOCUS_MARK

from tables import Table, games_checked_by_default, quick_app, table_shown, wait_for

#: what a Tab repaints is what these tests read: each Pilot pause draws a frame
pytestmark = pytest.mark.usefixtures("pause_frames")

#: counts every screen's layouts from here on (the benchmark's counter)
REDRAWS = Redraws()


def edge_colour(screen, widget: Widget, row: int) -> RichColor | None:
    """The colour of the first cell of ``widget``'s border on ``row`` (0: its top edge), past the
    corner."""
    region = widget.region
    cells = 0
    for segment in screen_strips(screen)[region.y + row]:
        if cells + len(segment.text) > region.x + 1:
            return None if segment.style is None else segment.style.color
        cells += len(segment.text)
    return None


def accent(widget: Widget) -> RichColor:
    return Color.parse(widget.app.theme_variables["accent"]).rich_color


@pytest.mark.thorough
async def test_a_tab_round_the_table_repaints_the_edges_and_the_highlight_alone(tmp_path, monkeypatch):
    """Tab from the hand to the plays list, to the log and back to the hand: no layout, no panel
    repainted whole, and of what the panels hold only the plays list's highlighted play and the
    hand's cursor row are drawn again (Textual restyled both panels and drew each whole, the log's
    every line and the scrollbars too)."""
    app = quick_app(tmp_path, 10, home=False)
    app.move_pause = 0.0
    table = Table(app, "decktet_caravan", DecktetCaravanScreen, 3, {"hands": 1})
    async with app.run_test(size=(80, 24)) as pilot, table:
        screen = table.screen
        await wait_for(pilot, lambda: screen.table.turn is not None, "my turn")
        hand, plays, log = screen.query_one(CardGrid), screen.query_one(ActionList), screen.query_one(MatchLog)
        hand.focus()
        await pilot.pause()
        assert plays.highlighted is not None and len(plays.options) > 1 and len(log.lines) > 1
        highlighted = plays._drawn_rows[plays.highlighted]
        # (the first Tab to the list puts away the highlight it had unseen, and the status line
        # says what Enter does there now: the round starts from the list)
        await pilot.press("tab")
        await wait_for(pilot, lambda: plays.has_focus, "the plays list")
        await pilot.pause()
        drawn: dict[Widget, list[int]] = defaultdict(list)
        whole: list[Widget] = []
        for cls in (CardGrid, ActionList, MatchLog):
            drawing = cls.render_line

            def recorded(widget: Any, y: int, drawing=drawing) -> Any:
                drawn[widget].append(widget.scroll_offset.y + y)
                return drawing(widget, y)

            monkeypatch.setattr(cls, "render_line", recorded)
        refresh = Widget.refresh

        def refreshed(widget: Widget, *regions: Any, **kwargs: Any) -> Any:
            if not regions and widget in (hand, plays, log):
                whole.append(widget)
            return refresh(widget, *regions, **kwargs)

        monkeypatch.setattr(Widget, "refresh", refreshed)
        monkeypatch.setattr(Widget, "update_node_styles", lambda *_args, **_kwargs: whole.append(None))
        layouts = REDRAWS.layouts
        for reached in (log, hand, plays):
            drawn.clear()
            await pilot.press("tab")
            await wait_for(pilot, lambda reached=reached: reached.has_focus, "the focus moved on")
            await pilot.pause()
            screen_strips(screen)  # (drawn as a person sees it)
            assert whole == [], reached.id
            option_rows = highlighted if plays.highlighted is None else plays._drawn_rows[plays.highlighted]
            assert set(drawn[plays]) <= set(range(option_rows[0], option_rows[1] + 1)), reached.id
            assert drawn[log] == [], reached.id
            assert set(drawn[hand]) <= {hand.cursor // hand._columns()}, reached.id
        assert REDRAWS.layouts == layouts


async def round_the_table(pilot, screen, game_id: str) -> None:
    """Focus each of the table's panels in turn: the focused panel's top edge in the accent (where
    it has a ``focused--border``), every other panel's not; the plays list and the log marked
    ``▸`` only while focused (the mark reads without colour, under ``NO_COLOR``)."""
    panels = [widget for widget in screen.focus_chain if isinstance(widget, DrawsItsFocus)]
    assert {ActionList, MatchLog} <= {type(widget) for widget in panels}
    for focused in panels + panels[:1]:
        focused.focus()
        await pilot.pause()
        for panel in panels:
            if panel.get_component_styles(FOCUSED_BORDER).has_rule("border_top"):
                shown = edge_colour(screen, panel, 0) == accent(panel)
                assert shown == (panel is focused), (game_id, focused.id, panel.id)
            if isinstance(panel, ActionList | MatchLog):
                marked = str(panel.border_title).startswith(FOCUS_MARK)
                assert marked == (panel is focused), (game_id, focused.id, panel.id)


@pytest.mark.thorough
@pytest.mark.parametrize("game_id", games_checked_by_default("decktet_caravan", "merchant_lord"))
async def test_the_focused_panel_shows_at_each_table_and_the_one_left_does_not(tmp_path, game_id):
    runner = MatchRunner.new(game_id, [SeatSpec("human")] * 2, ["Ann", "Bob"], 7, {}, None)
    async with table_shown(tmp_path, runner) as (_, pilot, screen):
        await wait_for(pilot, lambda: screen.table.view is not None, "the table")
        assert len(screen.focus_chain) >= 3
        await round_the_table(pilot, screen, game_id)


@pytest.mark.thorough
async def test_the_focused_panel_shows_at_a_spectators_table_and_in_a_replay(tmp_path):
    runner = MatchRunner.new("decktet_caravan", [SeatSpec("human")] * 2, ["Ann", "Bob"], 7, {}, None)
    async with table_shown(tmp_path, runner, seat=None) as (_, pilot, screen):
        await wait_for(pilot, lambda: screen.table.view is not None, "the spectator's table")
        await round_the_table(pilot, screen, "a spectator's")
    store = SaveStore(tmp_path / "saves")
    match_id, _seen = await record_a_match(GAMES["decktet_caravan"], store, moves=6)
    app = CaravanApp(store=store, ai_iterations=5)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_replay(match_id, seat=0)
        await wait_for(
            pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.table.view is not None, "replay"
        )
        await round_the_table(pilot, app.screen, "a replay's")


@pytest.mark.thorough
async def test_a_click_focuses_a_panel_and_shows_it(tmp_path):
    runner = MatchRunner.new("decktet_caravan", [SeatSpec("human")] * 2, ["Ann", "Bob"], 7, {}, None)
    async with table_shown(tmp_path, runner) as (_, pilot, screen):
        await wait_for(pilot, lambda: screen.table.view is not None, "the table")
        log, hand = screen.query_one(MatchLog), screen.query_one(CardGrid)
        await pilot.click(MatchLog)
        await wait_for(pilot, lambda: log.has_focus, "the log focused")
        assert screen.table.focus == "log" and not hand.has_focus
        assert edge_colour(screen, log, 0) == accent(log) != edge_colour(screen, hand, 0)
        assert str(log.border_title).startswith(FOCUS_MARK)
