"""Keys typed in the same instant as a key that changes the screen are the next screen's, on
every screen (over SSH a person's keys arrive in bursts): Textual runs a screen's binding only
once its key has gone up to the app, and the keys queued behind it went to the old screen's
focus meanwhile (escape then h at the record: the h was lost). Each test queues its keys at
once, before the app reads the first."""

from __future__ import annotations

import asyncio

import pytest
from test_ssh_client import client_of, in_the_lobby, queued
from test_ssh_hub import ANN, BOB
from textual.widgets import Input

from caravan_tui.bus import Update
from caravan_tui.hub_protocol import AskHistory, CreateMatch, Joined
from caravan_tui.screens.create_match import CreateMatchScreen
from caravan_tui.screens.dialogs import AskLineScreen, ChoiceScreen
from caravan_tui.screens.game import GameScreen
from caravan_tui.screens.history import HistoryScreen
from caravan_tui.screens.how_to_play import HowToPlayScreen
from caravan_tui.screens.requests import ToHub
from caravan_tui.screens.rules import RulesScreen
from caravan_tui.screens.summary import MatchOverScreen
from caravan_tui.ssh import hub as hub_module
from caravan_tui.ssh.remote import HubLink

from tables import running_hub, wait_for


@pytest.fixture
async def hub(tmp_path, monkeypatch):
    monkeypatch.setitem(hub_module.SPACING, AskHistory, 0.0)  # (records asked for one after another)
    async with running_hub(tmp_path) as hub:
        hub.identities.keep(ANN, "Ann")
        hub.identities.keep(BOB, "Bob")
        yield hub


async def at_how_to_play(pilot, app) -> None:
    """From the lobby: the create form, then How to play of its first game, from its ctrl+g."""
    queued(app, "c")
    await wait_for(pilot, lambda: isinstance(app.screen, CreateMatchScreen), "the create form")
    queued(app, "ctrl+g")
    await wait_for(pilot, lambda: isinstance(app.screen, HowToPlayScreen), "how to play, first")


async def the_record_opens(pilot, app, *keys: str) -> None:
    """``keys`` queued at once end in the lobby's h: Ann's record opens (a new one), and no key
    is left held."""
    before = app.screen
    queued(app, *keys)
    await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen) and app.screen is not before, "the record")
    await wait_for(pilot, lambda: app.held_keys is None, "no key held")


@pytest.mark.thorough
async def test_escape_and_h_at_the_record_open_it_again_from_the_lobby(hub):
    async with in_the_lobby(hub) as (app, pilot):
        await the_record_opens(pilot, app, "h")
        await the_record_opens(pilot, app, "escape", "h")


@pytest.mark.thorough
async def test_keys_after_the_lobbys_r_choose_the_game_and_after_the_rules_escape_are_the_lobbys(hub):
    """r, then Enter on the list of games it opens; escape out of those rules, then h."""
    async with in_the_lobby(hub) as (app, pilot):
        queued(app, "r", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen), "the first game's rules")
        await the_record_opens(pilot, app, "escape", "h")


@pytest.mark.thorough
async def test_keys_after_escape_at_how_to_play_are_the_create_forms_then_the_lobbys(hub):
    async with in_the_lobby(hub) as (app, pilot):
        await at_how_to_play(pilot, app)
        await the_record_opens(pilot, app, "escape", "escape", "h")  # (back to the form, to the lobby)


async def test_keys_after_escape_at_the_result_are_the_lobbys(hub):
    async with in_the_lobby(hub) as (app, pilot):
        result = MatchOverScreen("Ann won.", "Ann: 3   Bob: 1", None)
        result.home = "Lobby"
        await app.push_screen(result)
        await wait_for(pilot, lambda: app.screen is result and app.held_keys is None, "the result")
        await the_record_opens(pilot, app, "escape", "h")


async def test_a_name_typed_with_the_enter_that_chooses_from_the_operators_menu_is_its_lines(hub):
    """Enter on "Kick" then a name: the name went to the menu being closed, not to the line
    "Whom?" its choice opens."""
    hub.operators = frozenset({ANN})
    async with in_the_lobby(hub) as (app, pilot):
        await wait_for(pilot, lambda: app.operator, "the operator's lobby")
        queued(app, "o")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the operators' menu")
        queued(app, "enter", *"Bob")
        await wait_for(pilot, lambda: isinstance(app.screen, AskLineScreen) and app.held_keys is None, "Whom?")
        assert app.screen.query_one(Input).value == "Bob"


@pytest.mark.thorough
async def test_keys_after_leave_for_the_lobby_are_the_lobbys(hub):
    """Leaving waits for the server to save the match: the h typed with the choice asked the
    table for a hint instead of opening the record from the lobby."""
    async with in_the_lobby(hub) as (app, pilot):
        await at_how_to_play(pilot, app)
        queued(app, "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.held_keys is None, "the match")
        await the_record_opens(pilot, app, "escape", "down", "enter", "h")  # menu, "Leave for the lobby", h


@pytest.mark.thorough
async def test_keys_typed_while_the_server_seats_you_are_the_tables(hub, monkeypatch):
    """d at How to play sends the new match to the server: the ? typed with it went to the
    lobby (which has no ?) while the server made the match, instead of opening the game's rules
    over its table."""
    app = client_of(hub)
    create = hub_module.Hub._create

    async def once_the_lobby_is_back(self, *args) -> None:
        """(The server answers once the form is up again and the keys typed are passed on, or
        held for the table: over SSH its answer takes a while.)"""
        for _ in range(2000):
            if isinstance(app.screen, CreateMatchScreen) and (app.held_keys is None or app.screen_asked):
                break
            await asyncio.sleep(0.005)
        await create(self, *args)

    monkeypatch.setattr(hub_module.Hub, "_create", once_the_lobby_is_back)
    async with in_the_lobby(hub, app) as (app, pilot):
        await at_how_to_play(pilot, app)
        queued(app, "d", "question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen) and app.held_keys is None, "the rules")
        assert isinstance(app.screen_stack[-2], GameScreen)


@pytest.mark.thorough
async def test_a_key_typed_before_the_table_opened_is_no_skip_of_an_ais_first_action(hub, monkeypatch):
    """d then ? at How to play, for a match an AI moves first in, actions shown one at a time:
    the ? is held for the table and came to it while the AI's first action was on show, which
    took it as a key that cuts the pause short, and the rules never opened. (The hub's word that
    seats Ann is read here once the AI's first action is on its way to her table.)"""
    get = HubLink.get

    async def once_the_ai_has_acted(self) -> object:
        message = await get(self)
        while isinstance(message, Joined) and not any(isinstance(m, Update) for m in queued_for(self.match.queue)):
            await asyncio.sleep(0.005)
        return message

    monkeypatch.setattr(HubLink, "get", once_the_ai_has_acted)
    async with in_the_lobby(hub) as (app, pilot):
        app.move_pause = 30.0  # (each of the AI's actions stays on show until a key cuts it short)
        app.post_message(ToHub(CreateMatch("merchant_lord", ["ai:easy", "you"])))
        await wait_for(pilot, lambda: isinstance(app.screen, HowToPlayScreen), "How to play")
        queued(app, "d", "question_mark")
        await wait_for(
            pilot, lambda: isinstance(app.screen, GameScreen | RulesScreen) and app.held_keys is None, "table"
        )
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules", timeout=5)
        assert isinstance(app.screen_stack[-2], GameScreen)


def queued_for(queue: asyncio.Queue) -> list:
    """What waits in ``queue``, left in it in order."""
    waiting = [queue.get_nowait() for _ in range(queue.qsize())]
    for message in waiting:
        queue.put_nowait(message)
    return waiting
