"""Tab never stops on the log while a panel over the side column hides it (the hint beside the
board): in Camel Caravan and Caravanserai Tab went board → plays → the hidden log, where the keys
did nothing and said nothing, and the status line still spoke of the board. Once the hint is put
away the log takes the focus again."""

from __future__ import annotations

import pytest
from test_camel_screen import at_my_turn

from caravan_tui.screens.table_overlays import ASKING

from tables import wait_for


async def focus_round(pilot, app, presses: int = 4) -> list[str | None]:
    """The id of what has the focus after each of ``presses`` Tabs."""
    found = []
    for _ in range(presses):
        await pilot.press("tab")
        found.append(app.screen.focused.id if app.screen.focused else None)
    return found


@pytest.mark.thorough
async def test_tab_passes_the_log_the_hint_hides(tmp_path):
    async with at_my_turn(tmp_path) as (app, pilot):
        screen = app.screen
        assert "log" in await focus_round(pilot, app)  # (the log is a stop while it shows)
        await pilot.press("h")
        await wait_for(pilot, lambda: screen.table.hint_panel not in (None, ASKING), "the hint")
        assert screen.query_one("#hint-panel").parent is screen.query_one("#side")
        assert "log" not in await focus_round(pilot, app)
        await pilot.press("h")  # the hint put away: the log shows, and is a stop again
        assert "log" in await focus_round(pilot, app)


@pytest.mark.thorough
async def test_a_log_with_the_focus_gives_it_up_when_the_hint_covers_it(tmp_path):
    async with at_my_turn(tmp_path) as (app, pilot):
        screen = app.screen
        while screen.focused is None or screen.focused.id != "log":
            await pilot.press("tab")
        await pilot.press("h")
        await wait_for(pilot, lambda: screen.table.hint_panel not in (None, ASKING), "the hint")
        await pilot.pause()
        assert screen.focused is not None and screen.focused.id != "log"


@pytest.mark.thorough
async def test_the_status_line_names_the_logs_keys_while_it_has_the_focus(tmp_path):
    from caravan_tui.screens.table_status import LOG_KEYS
    from caravan_tui.widgets.table_text import StatusLine

    async with at_my_turn(tmp_path) as (app, pilot):
        screen = app.screen
        while screen.focused is None or screen.focused.id != "log":
            await pilot.press("tab")
        await pilot.pause()
        said = " ".join(str(screen.query_one(StatusLine).render()).split())
        assert said == f"Your turn · {LOG_KEYS}"  # (whose turn it is stays said: the log plays nothing)
        # Enter there opens the whole log, as it says (it did nothing and said nothing)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is not screen, "the whole log")
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen, "the table again")
        assert screen.focused is not None and screen.focused.id == "log"
        await pilot.press("tab")
        await pilot.pause()
        assert LOG_KEYS not in str(screen.query_one(StatusLine).render())
