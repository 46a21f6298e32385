"""Caravans of Ahldarahd: a panel over the map (the hint, what an AI weighed, "Nothing weighed"
in a replay) leaves the map's tabs in sight: laid over them, it hid whose map the replay's step
had turned to, and which maps there are to turn to."""

from __future__ import annotations

import pytest

from caravan_tui.match.runner import MatchRunner
from caravan_tui.screens.table_panels import PanelWords
from caravan_tui.seats import SeatSpec
from caravan_tui.textual_adapter import screen_lines

from tables import settled, table_shown, wait_for


@pytest.mark.thorough
async def test_a_panel_over_the_map_leaves_its_tabs_in_sight(tmp_path):
    runner = MatchRunner.new("ahldarahd", [SeatSpec("human"), SeatSpec.parse("random")], ["You", "Bot"], 1, {}, None)
    async with table_shown(tmp_path, runner) as (app, pilot, screen):
        await wait_for(pilot, lambda: settled(screen), "the table")
        tabs = screen_lines(app.screen)[0][:48]
        assert "You" in tabs and "Bot" in tabs and "(m)" in tabs, tabs
        screen.open_panel("hint", PanelWords("Nothing weighed", ("A person's move: nothing was weighed.",)))
        await wait_for(pilot, lambda: "Nothing weighed" in "\n".join(screen_lines(app.screen)), "the panel")
        lines = screen_lines(app.screen)
        assert lines[0][:48] == tabs, "\n".join(lines)
        assert "Nothing weighed" in lines[1], "\n".join(lines)


def test_a_replays_view_of_another_seat_names_whose_hand_it_shows():
    """In a replay's "AI 2 (normal)'s view", "Hand:" showed AI 2's cards beside a players table
    whose "You" is the watcher: the line names whose hand it is."""
    from caravan_tui.games.ahldarahd.screen import hand_label
    from caravan_tui.screens.table_seat import TableState

    names, kinds = ["Ann", "AI 2 (normal)", "AI 3 (normal)"], ["human", "ai:normal", "ai:normal"]
    theirs = TableState(seat=1, names=names, seat_kinds=kinds, replaying=True, own=0)
    assert hand_label(theirs) == "AI 2's hand"
    assert hand_label(TableState(seat=0, names=names, seat_kinds=kinds, replaying=True, own=0)) == "Hand"
    assert hand_label(TableState(seat=0, names=names, seat_kinds=kinds)) == "Hand"


def test_an_auction_of_another_s_right_of_passage_names_the_item_before_its_owner():
    """Over SSH: "Auction: Abcdefghijklmnopqrstuvwxyzabcdefghijk…", what was sold cut away
    behind its owner's 40-letter name."""
    from caravan_tui.games.ahldarahd.panel import card_or_item
    from caravan_tui.games.ahldarahd.table_state import AhldarahdTable

    long = "Abcdefghijklmnopqrstuvwxyzabcdefghijklmn"
    table = AhldarahdTable(seat=0, names=["Bo", long], seat_kinds=["remote", "remote"])
    assert card_or_item(table, "RoP blue") == f"Right of Passage of {long}"
    assert card_or_item(table, "RoP red") == "your Right of Passage"
    assert card_or_item(table, "Shah") == "the Shah"


def test_a_hostile_name_reads_as_typed_in_the_hand_line_and_the_auction():
    """Names are text, never markup, in the lines this file's fixes write them into."""
    from caravan_tui.games import get_game
    from caravan_tui.games.ahldarahd.panel import card_or_item
    from caravan_tui.games.ahldarahd.screen import hand_label
    from caravan_tui.games.ahldarahd.table_state import AhldarahdTable
    from caravan_tui.games.ahldarahd.table_text import market_text

    names = ["Ann", "[link=https://e.x]l[/link]", "[/]x"]
    watcher = AhldarahdTable(seat=2, names=names, seat_kinds=["human"] * 3, replaying=True, own=0)
    line = market_text(get_game("ahldarahd").new(3, seed=1).view(2), 79, hand_label(watcher))
    assert line.plain.splitlines()[1].startswith("[/]x's hand: "), line.plain
    table = AhldarahdTable(seat=0, names=names, seat_kinds=["human"] * 3)
    assert card_or_item(table, "RoP blue") == "Right of Passage of [link=https://e.x]l[/link]"
