"""A key met on one screen and pressed on another, where it does nothing: ctrl+o (Create a
match's short match) in the lobby or at a table, and t (a table's chat) in the lobby, did nothing
and said nothing. Each now says where it acts; where it acts, it acts and says nothing of it."""

from __future__ import annotations

from test_community_screens import lobby_of

from caravan_tui.hub_protocol import Lobby
from caravan_tui.match.runner import MatchRunner
from caravan_tui.screens.chat import ChatInput
from caravan_tui.screens.table_keys import NO_UNDO_WITH_PEOPLE
from caravan_tui.seats import SeatSpec
from caravan_tui.textual_adapter import notices

from tables import table_shown, wait_for

SHORT = "^o (Short match) works in New match and in Create a match."
CHAT = "t (Chat) works at a table shared with people."


def said(app) -> list[str]:
    return [notice.message for notice in notices(app)]


async def test_the_lobby_says_where_ctrl_o_and_t_act():
    async with lobby_of("Ann", Lobby([], ["Ann"])) as (app, pilot, _lines):
        await pilot.press("ctrl+o")
        await wait_for(pilot, lambda: SHORT in said(app), "where ctrl+o acts")
        await pilot.press("t")
        await wait_for(pilot, lambda: CHAT in said(app), "where t acts")


def match() -> MatchRunner:
    return MatchRunner.new("decktet_caravan", [SeatSpec("human")] * 2, ["Ann", "Bob"], 1, {}, None)


async def test_a_table_not_shared_says_where_t_and_ctrl_o_act(tmp_path):
    async with table_shown(tmp_path, match()) as (app, pilot, _screen):
        await pilot.press("t")
        await wait_for(pilot, lambda: CHAT in said(app), "where t acts")
        await pilot.press("ctrl+o")
        await wait_for(pilot, lambda: SHORT in said(app), "where ctrl+o acts")
        await pilot.press("u")  # (a table's own key says why it does nothing, not where it acts)
        await wait_for(pilot, lambda: NO_UNDO_WITH_PEOPLE in said(app), "why u does nothing")
        assert not [line for line in said(app) if "works at a match's table" in line]


async def test_a_shared_table_opens_its_chat_and_says_nothing_of_elsewhere(tmp_path):
    async with table_shown(tmp_path, match(), shared=True) as (app, pilot, screen):
        await pilot.press("t")
        await wait_for(pilot, lambda: screen.query(ChatInput), "the chat line")
        await pilot.press("escape")
        await pilot.pause()
        assert CHAT not in said(app)
