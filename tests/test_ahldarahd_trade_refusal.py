"""The trade builder's refusal wraps at 80×24, whole.

Met in a newcomer's match (``ahldarahd_seed3051``), turn 5: 1 gold to AI 2 for any Pearls card,
``s``: "Not sent: AI 2 has no Pearls card to give (every card AI 2 holds" and no more, cut at the
dialog's edge with empty rows below it."""

from __future__ import annotations

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
