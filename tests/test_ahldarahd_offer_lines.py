"""An offer between two other players, as a third player or a spectator reads it in the decision
panel at 80×24 with four and five players: the bug was "gives 3 gold, a Incense card, …; asks …"
on one row, cut with "…" where the panel had rows to spare below it."""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_ahldarahd_screen import match_begun, my_turn, panel_lines

from caravan_tui.seats import SeatSpec

from tables import wait_for

#: the longest offer a proposal may hold in words: gold, three cards and two items each way
LONG_OFFER = {
    "partner": 2,
    "give_gold": 13,
    "give_cards": ["blue Incense", "blue Metals", "blue Gems"],
    "give_items": ["RoP blue", "Pirate"],
    "ask_gold": 12,
    "ask_cards": ["Textiles", "Salt", "Horses"],
    "ask_items": ["RoP green", "Eyes"],
}

#: an offer whose words are wider than a row, whole once wrapped
OFFER = {
    "partner": 2,
    "give_gold": 4,
    "give_cards": ["blue Incense"],
    "give_items": ["RoP blue"],
    "ask_gold": 0,
    "ask_cards": ["Salt"],
    "ask_items": ["Eyes"],
}


@pytest.mark.thorough
@pytest.mark.parametrize("players", [4, 5])
@pytest.mark.parametrize("phase", ["compose", "answer"])
async def test_an_offer_between_others_reads_whole_with_four_and_five_players(tmp_path, players, phase):
    names = ["Ann"] + [f"AI {n}" for n in range(2, players + 1)]
    seats = [SeatSpec("human")] + [SeatSpec("random")] * (players - 1)
    async with match_begun(tmp_path, seats, names, players) as (app, pilot, screen):
        await wait_for(pilot, lambda: my_turn(app), "my turn")
        to_move = 1 if phase == "compose" else 2
        watching = {"phase": phase, "to_move": to_move, "draft": LONG_OFFER, "order": [1, 2, 3], "position": 0}
        screen.table_state = replace(screen.table, view=dict(screen.table.view) | watching, turn=None, legal=())
        await pilot.pause()
        shown = panel_lines(app)
        said = " ".join(" ".join(line.split()) for line in shown)
        assert not any(line.endswith("…") for line in shown), shown  # (the bug: "…, a Metals card,…")
        # too long for the rows in words: the players' lines' short forms, every part of it
        for words in ("13 gold", "cards In Me Ge", "RoP:B Pirate", "12 gold", "cards Te Sa Ho", "RoP:G Eyes"):
            assert words in said, (words, shown)
        panel, status = screen.query_one("#ah-panel"), screen.query_one("#status")
        assert panel.region.bottom <= status.region.y, (panel.region, status.region)
        screen.table_state = replace(screen.table, view=dict(screen.table.view) | {"draft": OFFER})
        await pilot.pause()
        shown = panel_lines(app)
        said = " ".join(" ".join(line.split()) for line in shown)
        assert not any(line.endswith("…") for line in shown), shown
        assert (
            "gives: 4 gold, an Incense card and AI 2's Right of Passage" in said
            or "gives: 4 gold · cards In · RoP:B" in said
        ), shown
        assert "asks: any Salt card and the Eyes of Shamesh" in said, shown  # (in words: it fits)
        assert panel.region.bottom <= status.region.y, (panel.region, status.region)


@pytest.mark.thorough
async def test_our_own_offer_on_show_says_which_side_is_ours(tmp_path):
    """Over SSH: under "Bob weighs your offer:", "gives: 1 gold" read as Bob giving it."""
    async with match_begun(
        tmp_path, [SeatSpec("human"), SeatSpec("random"), SeatSpec("random")], ["Ann", "AI 2", "AI 3"], 3
    ) as (
        app,
        pilot,
        screen,
    ):
        await wait_for(pilot, lambda: my_turn(app), "my turn")
        ours = {"phase": "answer", "to_move": 2, "draft": OFFER, "order": [0, 1, 2], "position": 0}
        screen.table_state = replace(screen.table, view=dict(screen.table.view) | ours, turn=None, legal=())
        await pilot.pause()
        said = " ".join(" ".join(line.split()) for line in panel_lines(app))
        assert said.startswith("AI 3 weighs your offer: you give: 4 gold") and " you ask: any Salt card" in said, said
