"""What newcomers found in the kit's screens at 80×24 (issue 49): the new-match dialog's list of
games shows every game, and a review's turning points hang their wrapped lines under their text."""
from __future__ import annotations

from textual.widgets import OptionList

from caravan_tui.app import CaravanApp
from caravan_tui.games import GAMES
from caravan_tui.saves import SaveStore
from caravan_tui.screens.new_match import NewMatchScreen
from caravan_tui.textual_adapter import screen_lines

from tables import wait_for

SIZE = (80, 24)


async def test_the_new_match_list_shows_all_five_games_and_the_highlighted_ones_summary(tmp_path):
    """The bug: each game's line wrapped its summary onto two rows, and the list's six rows
    showed two games and a half; the others were there only for whoever scrolled."""
    app = CaravanApp(store=SaveStore(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, NewMatchScreen), "new match")
        await pilot.pause()
        games = app.screen.query_one("#games", OptionList)
        shown = screen_lines(app.screen)
        assert len(GAMES) == 5 and games.max_scroll_y == 0
        for game in GAMES.values():
            assert sum(game.title in line for line in shown) == 1, game.title
        for index, game in enumerate(GAMES.values()):
            if index:
                await pilot.press("down")
                await pilot.pause()
            said = " ".join(" ".join(screen_lines(app.screen)).split())
            assert game.summary in said, game.title  # (whole: it wraps, it is not cut)
