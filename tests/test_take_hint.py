"""``a`` takes the hint in every game that leaves the key free: the hinted play is highlighted in
the plays list, which gets the focus, so that Enter plays it (Merchant Lord puts it in its sale
builder instead). Caravanserai keeps ``a`` for a direction (the keyboard's hex around ``s``): its
hint is taken with ``A`` (``tests/test_caravanserai_newcomer.py``)."""

from __future__ import annotations

import pytest

from caravan_tui.games import GAMES
from caravan_tui.screens import game_screen_class
from caravan_tui.textual_adapter import screen_lines
from caravan_tui.widgets import ActionList, TablePanel

from tables import Table, quick_app, wait_for

SIZE = (80, 24)


def hint_shown(screen) -> bool:
    panel = screen.query_one("#hint-panel", TablePanel)
    words = panel.shown
    return words is not None and "esc: hide" in words.title and screen.query_one(ActionList).hinted is not None


async def my_turn(pilot, table: Table) -> None:
    """Until it is the screen's turn, the test's seat (Bot) plays its first legal action."""
    screen = table.screen
    while not (screen.table.turn is not None and screen.table.view is not None):
        if table.runner.host.state.to_move() == 1:
            await table.bot_plays(lambda legal: legal[0])
        await wait_for(pilot, lambda: screen.table.turn is not None or table.runner.host.state.to_move() == 1, "a turn")


async def hinted_table(tmp_path, game_id: str):
    app = quick_app(tmp_path, 20, home=False)
    table = Table(app, game_id, game_screen_class(GAMES[game_id]), 1, {})
    return app, table


@pytest.mark.thorough
@pytest.mark.parametrize("game_id", ["camel_caravan", "decktet_caravan", "ahldarahd"])
async def test_a_readies_the_hinted_play_in_the_plays_list(tmp_path, game_id):
    app, table = await hinted_table(tmp_path, game_id)
    screen = table.screen
    async with app.run_test(size=SIZE) as pilot, table:
        await my_turn(pilot, table)
        await pilot.press("h")
        await wait_for(pilot, lambda: hint_shown(screen), "the hint")
        panel = screen.query_one("#hint-panel", TablePanel)
        await pilot.pause()
        top = screen_lines(screen)[panel.region.y]
        # what a does (it plays nothing): whole over the board, short in the side column's 31
        assert ("Hint (esc: hide · a, then enter: play)" if panel.size.width > 40 else "Hint (a: ready hint)") in top
        actions = screen.query_one(ActionList)
        moves = table.moves()
        await pilot.press("a")
        assert app.focused is actions and actions.highlighted_action == actions.hinted
        assert table.moves() == moves  # (nothing played)
        hinted = actions.hinted
        assert screen.enter_action() == hinted  # the status line's Enter is the hint's
        await pilot.press("enter")
        await wait_for(pilot, lambda: table.moves() > moves, "the hinted play")
        assert table.runner.host.actions[moves] == hinted


@pytest.mark.thorough
async def test_merchant_lords_hint_panel_says_what_a_does(tmp_path):
    """Merchant Lord's ``a`` puts the hinted play in its builder (Enter plays it): the panel
    says so in the kit's words, not "a takes it"."""
    from test_merchant_lord_screen import at_my_turn, builder_position, play_until

    prefix, state = play_until(builder_position)
    sale = next(a for a in state.legal_actions() if a[0] == "sell")
    async with at_my_turn(tmp_path, prefix) as (_app, pilot, table):
        screen = table.screen
        screen.show_hint(sale, "")
        await pilot.pause()
        title = str(screen.query_one("#hint-panel", TablePanel).border_title)
        assert title in ("Hint (esc: hide · a, then enter: play)", "Hint (a: ready hint)"), title


@pytest.mark.parametrize("game_id", ["caravanserai", "camel_caravan", "decktet_caravan", "merchant_lord"])
def test_the_key_that_readies_a_hint_has_one_name_in_the_footer_and_the_panels_title(game_id):
    """Found at 80×24 in Caravanserai: the hint's panel said "a: ready it" over a footer saying "a
    Take hint". The key's binding (the footer's words) and the panel's short title give it one
    name; the whole title says the key, then what Enter does after it."""
    from caravan_tui.screens.table_overlays import TAKE_HINT_NAME, take_hint_words

    screen = game_screen_class(GAMES[game_id])
    bindings = [b for cls in screen.__mro__ for b in getattr(cls, "BINDINGS", []) if hasattr(b, "action")]
    takes = next(b for b in bindings if b.action == "take_hint")
    assert takes.description == TAKE_HINT_NAME == "Ready hint"
    assert take_hint_words("a") == "a, then enter: play"  # ("a: ready, enter: play": Enter alone, read a newcomer)


@pytest.mark.thorough
async def test_escape_puts_the_hint_away_and_its_play_stays_ready_to_take(tmp_path):
    """Escape with the hint shown opened the menu, which took the keys that followed (a die's
    `-`); the panel said nothing of how to put it away. Escape hides it, as `h` does, and `a`
    still readies its play."""
    from caravan_tui.screens.game import GameScreen

    app, table = await hinted_table(tmp_path, "decktet_caravan")
    screen = table.screen
    async with app.run_test(size=SIZE) as pilot, table:
        await my_turn(pilot, table)
        await pilot.press("h")
        await wait_for(pilot, lambda: hint_shown(screen), "the hint")
        await pilot.press("escape")
        await wait_for(pilot, lambda: screen.query_one("#hint-panel", TablePanel).shown is None, "the hint put away")
        assert isinstance(app.screen, GameScreen)  # (no menu)
        actions = screen.query_one(ActionList)
        await pilot.press("a")
        assert app.focused is actions and actions.highlighted_action == actions.hinted is not None
        # (from the plays list, escape goes back to the hand first: the menu took the arrows meant
        # for it, two presses from Resign)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.focused is screen.focus_chain[0], "the hand")
        assert isinstance(app.screen, GameScreen)
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, GameScreen), "the menu, with no hint shown")


@pytest.mark.thorough
@pytest.mark.parametrize("game_id", ["camel_caravan", "decktet_caravan"])
async def test_the_footer_offers_a_while_the_hinted_play_stays_starred_after_escape(tmp_path, game_id):
    """Found at 80×24 in Camel Caravan: escape hid the hint's panel, its ★ stayed on the plays,
    and ``a`` still readied it, but the footer no longer offered ``a``: the star and the footer
    disagreed about whether a hint was there to take."""
    app, table = await hinted_table(tmp_path, game_id)
    screen = table.screen
    async with app.run_test(size=SIZE) as pilot, table:
        await my_turn(pilot, table)
        footer = screen_lines(screen)[-1]
        assert "a Ready hint" not in footer, footer  # (no hint asked for yet)
        await pilot.press("h")
        await wait_for(pilot, lambda: hint_shown(screen), "the hint")
        await pilot.press("escape")
        await wait_for(pilot, lambda: screen.table.hint_panel is None, "the panel hidden")
        await pilot.pause()
        actions = screen.query_one(ActionList)
        assert actions.hinted is not None and "★" in "\n".join(screen_lines(screen))
        assert "a Ready hint" in screen_lines(screen)[-1], screen_lines(screen)[-1]
        await pilot.press("a")
        assert app.focused is actions and actions.highlighted_action == actions.hinted
