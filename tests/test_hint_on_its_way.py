"""``a`` pressed while the hint asked for is still being worked out (seconds, on a busy host):
the table says the hint is coming, not "h asks for one" as if ``h`` had not been heard. In the
kit (Camel Caravan) and in Merchant Lord, which takes a hint its own way; and ``h`` or escape while
it comes puts it away."""

from __future__ import annotations

import pytest
from test_camel_screen import at_my_turn as camel_at_my_turn
from test_merchant_lord_screen import at_my_turn as lord_at_my_turn
from test_merchant_lord_screen import play_until

from caravan_tui.bus import HintRequest
from caravan_tui.games.merchant_lord.rules import FAVOUR
from caravan_tui.screens.table_overlays import ASKING
from caravan_tui.textual_adapter import notices, screen_lines

from tables import wait_for

COMING = "The hint is still coming: its play will be ready as it shows."


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


@pytest.mark.thorough
async def test_a_before_the_hint_comes_says_it_is_coming_in_the_kit(tmp_path, monkeypatch):
    async with camel_at_my_turn(tmp_path) as (app, pilot):
        screen = app.screen
        hint_never_comes(monkeypatch, screen)
        await pilot.press("a")  # (no hint asked for)
        await wait_for(pilot, lambda: bool(notices(app)), "the notice for no hint")
        assert "h asks for one" in notices(app)[-1].message
        app.clear_notifications()
        assert await asked_then_taken(pilot, app, screen) == [COMING]


@pytest.mark.thorough
async def test_a_before_the_hint_comes_says_it_is_coming_in_merchant_lord(tmp_path, monkeypatch):
    prefix, _state = play_until(lambda s: s.turn == 0 and s.phase == FAVOUR)
    async with lord_at_my_turn(tmp_path, prefix) as (app, pilot, table):
        screen = table.screen
        hint_never_comes(monkeypatch, screen)
        assert await asked_then_taken(pilot, app, screen) == [COMING]


def holding_hints(monkeypatch, screen):
    """The hint requests ``screen`` sends, held (the host still working them out), and the
    screen's own way to send one on."""
    held: list[HintRequest] = []
    send = screen.send
    monkeypatch.setattr(
        screen, "send", lambda message: held.append(message) if isinstance(message, HintRequest) else send(message)
    )
    return held, send


def hints_heard(monkeypatch) -> list[object]:
    """Each hint the table hears from the host, as it hears it (whether it shows it or not)."""
    from caravan_tui.screens import table_bus

    heard: list[object] = []
    awaited = table_bus.hint_awaited

    def hearing(table, message):
        heard.append(message)
        return awaited(table, message)

    monkeypatch.setattr(table_bus, "hint_awaited", hearing)
    return heard


@pytest.mark.thorough
async def test_h_again_while_the_hint_comes_cancels_it(tmp_path, monkeypatch):
    """The bug: a hint asked with ``h`` could not be put away while it was still coming (a
    second ``h`` only said it was coming; only the turn's end closed it). ``h`` again closes
    the panel, which said so, and the hint that comes after it is not shown."""
    from caravan_tui.widgets import ActionList

    async with camel_at_my_turn(tmp_path) as (app, pilot):
        screen = app.screen
        (held, send), heard = holding_hints(monkeypatch, screen), hints_heard(monkeypatch)
        await pilot.press("h")
        await wait_for(pilot, lambda: screen.table.hint_panel == ASKING and bool(held), "the panel asking the AI")
        assert "h or esc: hide" in ASKING.title and ASKING.short == "Hint (h: hide)"  # (the footer: "h Hide hint")
        await pilot.press("h")
        assert screen.table.hint_panel is None
        send(held[0])  # (the hint comes after the keys)
        await wait_for(pilot, lambda: bool(heard), "the hint from the host")
        await pilot.pause()
        actions = screen.query_one(ActionList)
        assert screen.table.hint_panel is None and actions.hinted is None and screen.table.hint_candidates == ()
        await pilot.press("a")
        await wait_for(pilot, lambda: bool(notices(app)), "a notice")
        assert notices(app)[-1].message == "No hint to take: h asks for one."


@pytest.mark.thorough
async def test_escape_while_the_hint_comes_cancels_it_and_opens_no_menu(tmp_path, monkeypatch):
    async with camel_at_my_turn(tmp_path) as (app, pilot):
        screen = app.screen
        (held, send), heard = holding_hints(monkeypatch, screen), hints_heard(monkeypatch)
        await pilot.press("h")
        await wait_for(pilot, lambda: screen.table.hint_panel == ASKING and bool(held), "the panel asking the AI")
        await pilot.press("escape")
        assert screen.table.hint_panel is None and app.screen is screen  # (no menu over the table)
        send(held[0])
        await wait_for(pilot, lambda: bool(heard), "the hint from the host")
        await pilot.pause()
        assert screen.table.hint_panel is None and screen.table.hint_action is None
        await pilot.press("h")  # (a hint asked again comes and shows)
        await wait_for(pilot, lambda: len(held) == 2, "the hint asked again")
        send(held[1])
        await wait_for(pilot, lambda: screen.table.hint_panel not in (None, ASKING), "the hint")


@pytest.mark.thorough
async def test_a_before_the_hint_comes_readies_its_play_as_it_comes(tmp_path, monkeypatch):
    """The bug: ``h``, then ``a`` while the hint was still coming ("its play ready once it
    shows"), then Enter: Enter highlighted the first play, the hint came, and its play was not
    readied: the next Enter played the first play (a lone 3 for the hinted caravan 3-4-5)."""
    from caravan_tui.widgets import ActionList

    async with camel_at_my_turn(tmp_path) as (app, pilot):
        screen = app.screen
        held, send = holding_hints(monkeypatch, screen)
        actions = screen.query_one(ActionList)
        assert await asked_then_taken(pilot, app, screen) == [COMING]
        await pilot.press("tab", "down", "down")  # (keys between: another play highlighted)
        assert actions.has_focus and actions.highlighted_action is not None
        send(held[0])
        await wait_for(pilot, lambda: actions.hinted is not None, "the hint")
        await wait_for(pilot, lambda: actions.highlighted_action == actions.hinted, "the hint's play readied")
        assert actions.has_focus


@pytest.mark.thorough
async def test_a_waiting_for_a_hint_put_away_readies_nothing(tmp_path, monkeypatch):
    from caravan_tui.widgets import ActionList

    async with camel_at_my_turn(tmp_path) as (app, pilot):
        screen = app.screen
        held, send = holding_hints(monkeypatch, screen)
        actions = screen.query_one(ActionList)
        assert await asked_then_taken(pilot, app, screen) == [COMING]
        await pilot.press("h")  # put away while it comes
        await pilot.press("tab", "down", "down", "h")  # another play highlighted, and the hint asked again
        await wait_for(pilot, lambda: len(held) == 2, "the hint asked again")
        highlighted = actions.highlighted_action
        send(held[1])
        await wait_for(pilot, lambda: actions.hinted is not None, "the hint")
        await pilot.pause()
        assert actions.highlighted_action == highlighted  # (the hint came and readied nothing)


@pytest.mark.thorough
async def test_enter_while_the_hints_play_waits_plays_nothing(tmp_path, monkeypatch):
    """The bug: ``h``, ``a`` ("its play will be ready as it shows"), Enter: Enter played the plays
    list's highlighted line (a camel sent to space 1 for 2 actions), and the hint was dropped."""
    from caravan_tui.widgets import ActionList
    from caravan_tui.widgets.actions import HINT_TAKE_WAITS

    async with camel_at_my_turn(tmp_path) as (app, pilot):
        screen = app.screen
        held, send = holding_hints(monkeypatch, screen)
        actions = screen.query_one(ActionList)
        assert await asked_then_taken(pilot, app, screen) == [COMING]
        app.clear_notifications()
        await pilot.press("tab", "down", "enter")  # (a play highlighted, and Enter)
        await wait_for(pilot, lambda: bool(notices(app)), "a notice")
        assert notices(app)[-1].message == HINT_TAKE_WAITS
        assert screen.table.turn is not None and app.runner.host.turn == 0  # (nothing played)
        send(held[0])
        readied = "the hint's play readied"
        await wait_for(pilot, lambda: actions.highlighted_action == actions.hinted is not None, readied)
        hinted = actions.hinted
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.runner.host.turn >= 1, "the hint's play")
        assert app.runner.host.actions[0] == hinted


@pytest.mark.thorough
async def test_enter_before_the_hint_comes_offers_and_plays_no_first_line(tmp_path, monkeypatch):
    """The bug: ``h``, then ``a`` while the hint was slow to come, then Enter in the plays list
    with no line highlighted: Enter highlighted its first line, and the status line offered it
    ("enter: Place a camel on space 1 …") as if the hint's key had readied it. Until the hint
    shows, Enter highlights nothing and says the hint is still coming, the status line says to
    press Enter once it shows ("enter waits for its play" read as an Enter that would play it as it
    came), and the hint's play is readied as it shows."""
    from caravan_tui.screens.table_status import HINT_WAITED
    from caravan_tui.widgets import ActionList
    from caravan_tui.widgets.actions import HINT_TAKE_WAITS

    async with camel_at_my_turn(tmp_path) as (app, pilot):
        screen = app.screen
        held, send = holding_hints(monkeypatch, screen)
        actions = screen.query_one(ActionList)
        actions.focus()
        actions.hold()  # (as after a play: the next decision's list has no line highlighted)
        actions.highlighted = None
        await pilot.pause()
        assert await asked_then_taken(pilot, app, screen) == [COMING]
        app.clear_notifications()
        await pilot.press("enter")
        await wait_for(pilot, lambda: bool(notices(app)), "a notice")
        assert notices(app)[-1].message == HINT_TAKE_WAITS
        assert actions.highlighted_action is None and app.runner.host.actions == []
        status = "\n".join(screen_lines(screen))
        assert HINT_WAITED in status and "): Place" not in status and "): Move" not in status
        assert "once it shows" in HINT_WAITED and "will be ready as it shows" in HINT_TAKE_WAITS  # (one word on it)
        send(held[0])
        await wait_for(
            pilot, lambda: actions.highlighted_action == actions.hinted is not None, "the hint's play readied"
        )
        assert HINT_WAITED not in "\n".join(screen_lines(screen))
        hinted = actions.hinted
        await pilot.press("enter")
        await wait_for(pilot, lambda: bool(app.runner.host.actions), "the hint's play")
        assert app.runner.host.actions[0] == hinted
