"""``h`` pressed while another seat's action is on show ("… (any key skips)") skips the rest, as
any key does, and asks for the hint once our turn comes (the shared table kit, every game): it only
skipped, and the ``a`` that followed said "No hint to take"."""

from __future__ import annotations

import pytest
from test_camel_screen import at_my_turn, my_turn

from caravan_tui.widgets import ActionList, TablePanel

from tables import wait_for


def hint_shown(screen) -> bool:
    words = screen.query_one("#hint-panel", TablePanel).shown
    return words is not None and "esc: hide" in words.title and screen.query_one(ActionList).hinted is not None


@pytest.mark.thorough
async def test_h_during_an_ai_action_skips_and_the_hint_comes_with_our_turn(tmp_path):
    async with at_my_turn(tmp_path, move_pause=30.0) as (app, pilot):
        screen = app.screen
        await pilot.press("e", "y")
        await wait_for(pilot, lambda: screen.pause.pausing == 1, "the AI's action on show")
        await pilot.press("h")
        await wait_for(pilot, lambda: my_turn(app), "the rest at once", timeout=5)
        await wait_for(pilot, lambda: hint_shown(screen), "the hint asked for with h")
        actions = screen.query_one(ActionList)
        await pilot.press("a")
        assert app.focused is actions and actions.highlighted_action == actions.hinted


@pytest.mark.thorough
async def test_u_during_an_ai_action_skips_and_the_undo_comes_with_our_turn(tmp_path):
    """Decktet Caravan, Camel Caravan: ``u`` while an AI's action was on show only skipped it, and
    said nothing; the person pressed it again, or took it for a refusal."""
    from caravan_tui.screens.table_overlays import UNDO_HELD

    async with at_my_turn(tmp_path, move_pause=30.0) as (app, pilot):
        screen, host = app.screen, app.runner.host
        said = []
        screen.notify = lambda message, **kwargs: said.append(message)  # (the test app shows no notices)
        played = len(host.actions)
        await pilot.press("e", "y")
        await wait_for(pilot, lambda: screen.pause.pausing == 1, "the AI's action on show")
        await pilot.press("u")
        assert UNDO_HELD in said
        await wait_for(pilot, lambda: len(host.actions) == played and my_turn(app), "the turn taken back")
