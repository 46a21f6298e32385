"""Every line whole at 80×24: a line that carries a promise or a figure wraps or grows its
panel, never cut with "…" while space remains (each table's snapshot checks its own lines too:
``test_table_snapshots.cut_with_room``)."""

from __future__ import annotations

import re
from contextlib import asynccontextmanager

import pytest
from test_table_snapshots import SIZE, prefix_to_my_turn
from textual.app import App

from caravan_tui.games import GAMES
from caravan_tui.saves import SaveStore
from caravan_tui.screens import game_screen_class
from caravan_tui.screens.game import GameScreen
from caravan_tui.screens.rules import RulesScreen, plain_fences
from caravan_tui.textual_adapter import screen_lines

from tables import BareApp, Table, games_checked_by_default, settled, wait_for


# the panel, its title and its keys are the kit's, in the side column every table gives the same
# width (31 columns at 80×24); each game gives only the legend's lines: by default one game's
@pytest.mark.thorough
@pytest.mark.parametrize(
    "game_id",
    games_checked_by_default(
        "ahldarahd",
        among=[game_id for game_id in GAMES if game_screen_class(GAMES[game_id]).legend is not GameScreen.legend],
    ),
)
async def test_the_legends_title_and_keys_are_whole_at_80_by_24(tmp_path, game_id):
    """The bug: the title read "Legend · ^↑↓ scroll · l …", the key that closes it cut."""
    game = GAMES[game_id]
    app = BareApp(store=SaveStore(tmp_path))
    table = Table(app, game_id, game_screen_class(game), 7, game.quick_options, prefix_to_my_turn(game, 7, 0))
    async with app.run_test(size=SIZE) as pilot, table:
        await wait_for(pilot, lambda: table.screen.table.turn is not None and settled(table.screen), "my turn")
        await pilot.press("l")
        panel = table.screen.query_one("#legend-panel")
        await wait_for(pilot, lambda: panel.display and not panel.has_class("-hidden"), "the legend")
        await pilot.pause()
        rows = screen_lines(app.screen)
        top, bottom = rows[panel.region.y], rows[panel.region.bottom - 1]
        # escape, as its foot says, puts it away (it opened the menu over it, which took the next key)
        await pilot.press("escape")
        await wait_for(pilot, lambda: panel.has_class("-hidden"), "the legend put away")
        await pilot.pause()
        assert app.screen is table.screen
    assert "Legend" in top and "^↑↓ scroll · l closes" in bottom and "…" not in top + bottom


# the viewer is Textual's and the screen the kit's: each game gives only its document. By default
# the one that stresses both widths: Caravans of Ahldarahd's, with the most headings in the
# contents (13, the longest 21 characters: Caravanserai's is 23) and a table 165 columns wide
# (Camel Caravan's widest is 174)
@pytest.mark.thorough
@pytest.mark.parametrize("game_id", games_checked_by_default("ahldarahd"))
async def test_the_rules_with_their_contents_open_cut_no_word_at_80_by_24(game_id):
    """The bug: with the contents beside them the rules' tables read "Marrak…", "swo…" (the
    contents took 45 columns for one long heading). Each "…" on screen, all the way down, is
    one the rules themselves write."""
    game = GAMES[game_id]
    async with rules_beside_contents(game) as (app, pilot, viewer):
        seen: set[str] = set()
        while True:
            await pilot.pause()
            seen.update(word for line in screen_lines(app.screen) for word in re.findall(r"\S*…", line))
            if viewer.scroll_y >= viewer.max_scroll_y:
                break
            # a view's height less one row: each row of the rules is seen whole, in as few looks as that takes
            viewer.scroll_relative(y=max(1, viewer.scrollable_content_region.height - 1), animate=False)
    assert [word for word in sorted(seen) if word not in game.rules] == []


async def test_ahldarahds_panel_wraps_a_hint_where_it_has_the_rows(tmp_path):
    """The bug: "★ hint: Claim Horses–Dates (Ho–Da, land, 6) on" over two empty rows. A line
    wraps where the panel has the rows for it; where it has not, each is cut to one row with
    "…" (the keys below it stay in sight)."""
    from rich.text import Text
    from test_ahldarahd_screen import make_app, my_turn, play_until, table_at

    from caravan_tui.widgets.table_text import TableText, fitted

    hint = Text("★ hint: Claim Horses–Dates (Ho–Da, land, 6) on your map (starred in the plays)")
    prefix, _state = play_until(lambda state: state.turn == 0)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot, table_at(app, prefix) as table:
        await wait_for(pilot, lambda: my_turn(app), "my turn")
        panel = table.screen.query_one("#ah-panel", TableText)
        width, rows = panel.content_size
        assert panel.fit and len(hint) > width and rows >= 2  # (the case: a line longer than the panel is wide)
        whole = fitted([hint], width, rows, app.console).plain
        assert "\n" in whole and " ".join(whole.split()) == hint.plain
        crowded = fitted([hint] * rows, width, rows, app.console)
        assert crowded.plain == "\n".join([hint.plain] * rows) and crowded.no_wrap and crowded.overflow == "ellipsis"


@asynccontextmanager
async def rules_beside_contents(game):
    """``game``'s rules at 80×24 with their contents open: the app, its pilot and the viewer."""
    app = App()
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(RulesScreen(game))
        viewer = app.screen.query_one("MarkdownViewer")
        await wait_for(pilot, lambda: viewer.document.source == plain_fences(game.rules), "the rules")
        await pilot.press("t")
        await wait_for(
            pilot, lambda: viewer.show_table_of_contents and app.screen.query("MarkdownTableOfContents"), "the contents"
        )
        yield app, pilot, viewer


async def fences_cut(game) -> list[str]:
    """The fenced blocks of ``game``'s rules wider than the room they have beside the contents."""
    from textual.widgets.markdown import MarkdownFence

    async with rules_beside_contents(game) as (app, pilot, _viewer):
        await pilot.pause()
        fences = list(app.screen.query(MarkdownFence))
        assert fences or game.id not in ("decktet_caravan", "camel_caravan"), game.id
        return [fence.code[:20] for fence in fences if fence.virtual_size.width > fence.size.width]


@pytest.mark.thorough
async def test_the_rules_pictures_and_tables_fit_beside_their_contents_at_80_by_24():
    """The bug: with the contents open, Decktet Caravan's worked example read "2☾M⌘K  Author
    0  (+1 Moons, −1 K": a fenced block is never wrapped, and it was cut at the column's edge
    with no mark. Every game's fenced blocks fit whole beside the contents."""
    assert {game_id: await fences_cut(game) for game_id, game in GAMES.items()} == {game_id: [] for game_id in GAMES}
