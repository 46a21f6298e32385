"""The trade builder's refusal wraps at 80×24, whole.

Met in a newcomer's match (``ahldarahd_seed3051``), turn 5: 1 gold to AI 2 for any Pearls card,
``s``: "Not sent: AI 2 has no Pearls card to give (every card AI 2 holds" and no more, cut at the
dialog's edge with empty rows below it."""

from __future__ import annotations

import pytest
from ahldarahd_seed3051 import MOVES, OPTIONS, SEED
from test_ahldarahd_hinted_trade import trade_builder

from caravan_tui.games.ahldarahd.proposal import Proposal
from caravan_tui.games.ahldarahd.proposal_draft import Draft
from caravan_tui.games.ahldarahd.screen import AhldarahdScreen
from caravan_tui.games.ahldarahd.trade_dialog import TradeDialog
from caravan_tui.textual_adapter import screen_lines

from tables import Table, quick_app

#: the person's build of turn 5, before its proposal
BUILD_5 = 100


@pytest.mark.thorough
async def test_a_refusal_too_long_for_one_row_wraps_whole(tmp_path):
    app = quick_app(tmp_path, 3, home=False)
    table = Table(app, "ahldarahd", AhldarahdScreen, SEED, OPTIONS, MOVES[:BUILD_5], names=("You", "AI 2", "AI 3"))
    async with app.run_test(size=(80, 24)) as pilot, table:
        dialog = await trade_builder(pilot, app, table)
        dialog.draft = Draft(Proposal(1, give_gold=1, ask_cards=["Pearls"]), chosen=True)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, TradeDialog)
        text = " ".join(" ".join(line.strip(" █▌▐│") for line in screen_lines(app.screen)).split())
        assert "Not sent: AI 2 has no Pearls card to give (every card AI 2 holds is known)." in text, text
        assert "enter/+ add · - remove · 0-9 gold · p partner · s send · esc drop" in text, text  # (keys shown)


def test_a_ready_offer_below_the_price_a_decline_would_name_is_a_long_shot() -> None:
    """A newcomer's match (``matches/ahldarahd_salt_price_8051.json``, turn 1): "AI 2 declines:
    AI 2 would part with a Salt card, if AI 2 has one, only for more gold than the 4 you hold"
    of 3 gold; the ready offer of 4 for it stood unmarked (most worlds redealt took it), was sent,
    and declined the same. Below the price a decline would name, an offer is a long shot."""
    from caravan_tui.games.ahldarahd.describe import describe

    from tables import recorded

    state, _ = recorded("ahldarahd", "ahldarahd_salt_price_8051", 26)
    four = ("offer", 1, "gold", 4, "card", "Salt")
    assert state.to_move() == 0 and state.gold[0] == 4 and four in state.legal_actions()
    assert (
        describe(state, four)
        == "Propose to {p1}: you give 4 gold for any Salt card (a long shot; you give about 1 gold more than you get)"
    )
    rop = ("offer", 2, "gold", 4, "item", "RoP red")  # (an item: no card's price in sight to judge by)
    assert "long shot" not in describe(state, rop)
