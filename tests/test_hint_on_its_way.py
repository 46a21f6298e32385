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

COMING = "The hint is still coming: a takes it once it shows."


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
        assert await asked_then_taken(pilot, app, screen) == [COMING]
        await pilot.press("h")  # (the panel put away: no hint asked for)
        await pilot.press("a")
        await wait_for(pilot, lambda: "h asks for one" in notices(app)[-1].message, "the notice for no hint")


async def test_a_before_the_hint_comes_says_it_is_coming_in_merchant_lord(tmp_path, monkeypatch):
    prefix, _state = play_until(lambda s: s.turn == 0 and s.phase == FAVOUR)
    async with lord_at_my_turn(tmp_path, prefix) as (app, pilot, table):
        screen = table.screen
        hint_never_comes(monkeypatch, screen)
        assert await asked_then_taken(pilot, app, screen) == [COMING]
