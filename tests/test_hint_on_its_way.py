"""``a`` pressed while the hint asked for is still being worked out (seconds, on a busy host):
the table says the hint is coming, not "h asks for one" as if ``h`` had not been heard. In the
kit (Camel Caravan) and in Merchant Lord, which takes a hint its own way."""

from __future__ import annotations

from test_camel_screen import at_my_turn as camel_at_my_turn
from test_merchant_lord_screen import at_my_turn as lord_at_my_turn
from test_merchant_lord_screen import play_until

from caravan_tui.bus import HintRequest
from caravan_tui.games.merchant_lord.rules import FAVOUR
from caravan_tui.screens.table_overlays import ASKING
from caravan_tui.textual_adapter import notices

from tables import wait_for

COMING = "The hint is still coming: a gets its play ready once it shows."


def hint_never_comes(monkeypatch, screen) -> None:
    """The host still working out the hint: the request goes nowhere."""
    send = screen.send
    monkeypatch.setattr(screen, "send", lambda message: None if isinstance(message, HintRequest) else send(message))


async def asked_then_taken(pilot, app, screen) -> list[str]:
    await pilot.press("h")
    await wait_for(pilot, lambda: screen.table.hint_panel == ASKING, "the panel asking the AI")
    await pilot.press("a")
    await wait_for(pilot, lambda: bool(notices(app)), "a notice")
    return [notice.message for notice in notices(app)]


async def test_a_before_the_hint_comes_says_it_is_coming_in_the_kit(tmp_path, monkeypatch):
    async with camel_at_my_turn(tmp_path) as (app, pilot):
        screen = app.screen
        hint_never_comes(monkeypatch, screen)
        await pilot.press("a")  # (no hint asked for)
        await wait_for(pilot, lambda: bool(notices(app)), "the notice for no hint")
        assert "h asks for one" in notices(app)[-1].message
        app.clear_notifications()
        assert await asked_then_taken(pilot, app, screen) == [COMING]


async def test_a_before_the_hint_comes_says_it_is_coming_in_merchant_lord(tmp_path, monkeypatch):
    prefix, _state = play_until(lambda s: s.turn == 0 and s.phase == FAVOUR)
    async with lord_at_my_turn(tmp_path, prefix) as (app, pilot, table):
        screen = table.screen
        hint_never_comes(monkeypatch, screen)
        assert await asked_then_taken(pilot, app, screen) == [COMING]


async def test_h_again_while_the_hint_comes_keeps_the_hint_that_comes(tmp_path, monkeypatch):
    """The bug (Camel Caravan, a hint slower than the keys): a second ``h`` closed the panel
    asking the AI, so the hint that came after it was shut out and ``a`` said "No hint to take".
    ``h`` while a hint is on its way says it is coming and keeps it."""
    from caravan_tui.widgets import ActionList

    async with camel_at_my_turn(tmp_path) as (app, pilot):
        screen = app.screen
        held: list[HintRequest] = []
        send = screen.send
        monkeypatch.setattr(
            screen, "send", lambda message: held.append(message) if isinstance(message, HintRequest) else send(message)
        )
        await pilot.press("h")
        await wait_for(pilot, lambda: screen.table.hint_panel == ASKING and bool(held), "the panel asking the AI")
        await pilot.press("h")
        await wait_for(pilot, lambda: bool(notices(app)), "a notice")
        assert screen.table.hint_panel == ASKING
        assert notices(app)[-1].message.startswith("The hint is still coming")
        send(held[0])  # (the hint comes after the keys)
        actions = screen.query_one(ActionList)
        await wait_for(
            pilot, lambda: screen.table.hint_panel not in (None, ASKING) and actions.hinted is not None, "the hint"
        )
        await pilot.press("a")
        assert app.focused is actions and actions.highlighted_action == actions.hinted
