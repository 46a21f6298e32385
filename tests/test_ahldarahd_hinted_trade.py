"""Taking a hinted trade in Caravans of Ahldarahd at 80×24, by keys, as every other hint kind is
taken: ``a`` readies the whole offer in the trade builder, Enter sends it. Before, the hint was
the draft's first step only ("Propose to Bot"), then its next one, a hint at a time: a trade of
one gold for a card took four rounds of h, a, Enter."""

from __future__ import annotations

import pytest

from caravan_tui.games.ahldarahd.proposal import Proposal
from caravan_tui.games.ahldarahd.screen import AhldarahdScreen
from caravan_tui.games.ahldarahd.terms import ANSWER
from caravan_tui.games.ahldarahd.trade_dialog import TradeDialog
from caravan_tui.textual_adapter import screen_lines

from tables import Table, quick_app, wait_for

#: seed 41, 3 players: the start of a match to the person's (seat 0's) first build, after two
#: claims, where the trade both sides gain from is hers to propose: 1 gold to Cat for any Pearls card
PREFIX = [
    ("free", 13),
    ("free", 11),
    ("free", 8),
    ("free", 6),
    ("free", 13),
    ("free", 20),
    ("done",),
    ("open", "RoP green", 5),
    ("open", "red Pearls", 5),
    ("open", "Shah", 0),
    ("give_shah", 2),
    ("sell_rop", "red"),
    ("end",),
    ("claim", "blue", 12, "Textiles"),
    ("claim", "red", 12, "Salt"),
]
HINTED = Proposal(2, give_gold=1, ask_cards=["Pearls"])


@pytest.mark.thorough
async def test_a_hinted_trade_is_readied_whole_by_a_and_sent_by_enter(tmp_path):
    app = quick_app(tmp_path, 3, home=False)
    table = Table(app, "ahldarahd", AhldarahdScreen, 41, {}, PREFIX, names=("Tester", "Bot", "Cat"))
    async with app.run_test(size=(80, 24)) as pilot, table:
        screen = table.screen
        await wait_for(pilot, lambda: screen.table.turn is not None and bool(screen.table.names), "my build")
        await pilot.press("h")
        await wait_for(pilot, lambda: bool(screen.table.hint_candidates), "the hint")
        assert screen.table.hint_plan[0] == ("trade_with", 2), screen.table.hint_plan
        await pilot.press("a")
        await wait_for(pilot, lambda: isinstance(app.screen, TradeDialog), "the builder, ready")
        dialog = app.screen
        assert isinstance(dialog, TradeDialog) and dialog.chosen and dialog.proposal == HINTED
        await pilot.press("enter")
        host = table.runner.host
        await wait_for(pilot, lambda: host.state.phase == ANSWER, "the proposal sent")
        assert not isinstance(app.screen, TradeDialog)
        state = host.state
        assert (state.partner, state.g_gold, state.a_gold, len(state.a_cards)) == (2, 1, 0, 1)


async def trade_builder(pilot, app, table: Table) -> TradeDialog:
    """The trade builder, opened with ``o`` once the person's build has come."""
    screen = table.screen
    await wait_for(pilot, lambda: screen.table.turn is not None and bool(screen.table.names), "my build")
    await pilot.press("o")
    await wait_for(pilot, lambda: isinstance(app.screen, TradeDialog), "the trade builder")
    assert isinstance(app.screen, TradeDialog)
    return app.screen


@pytest.mark.thorough
async def test_the_builders_rows_open_at_their_top_once_the_partner_is_picked(tmp_path):
    """Picking the second of two partners left the highlight on the second row of what to trade,
    "You ask 0 gold": a person's + for the first row's gold asked 2 gold of a player with none
    (met at 80×24, 3 players). The rows of what to trade open at their first row."""
    app = quick_app(tmp_path, 3, home=False)
    table = Table(app, "ahldarahd", AhldarahdScreen, 41, {}, PREFIX, names=("Tester", "Bot", "Cat"))
    async with app.run_test(size=(80, 24)) as pilot, table:
        dialog = await trade_builder(pilot, app, table)
        await pilot.press("down", "enter")  # (Cat, the second partner)
        await pilot.press("+")
        assert dialog.proposal == Proposal(2, give_gold=1), dialog.proposal


def test_the_builder_asks_no_card_of_a_partner_with_none():
    """Seed 191: the builder offered "Ask any Salt card" of a player holding no card, a proposal
    sure to come to nothing."""
    from ahldarahd_seed141 import after

    from caravan_tui.games.ahldarahd.proposal_draft import Draft

    view = dict(after(116).view(0))
    dialog = TradeDialog(view, 0, [1, 2], str, str, lambda proposal: None)
    dialog.set_reactive(TradeDialog.draft, Draft(Proposal(2), chosen=True))
    assert view["hand_sizes"][2] > 0 and ("ask_card", "Salt") in dialog.row_keys()
    view["hand_sizes"] = [*view["hand_sizes"][:2], 0]
    assert not any(key[0] == "ask_card" for key in dialog.row_keys())


@pytest.mark.thorough
async def test_s_sends_a_draft_left_on_the_table(tmp_path):
    """Seed 201: an undo brought back a draft ("Your draft (finish it in the plays list)"), and
    ``s``, the builder's send, said the key was for another decision beside a panel naming none."""
    app = quick_app(tmp_path, 3, home=False)
    drafting = [*PREFIX, ("trade_with", 2), ("give_gold", 1)]
    table = Table(app, "ahldarahd", AhldarahdScreen, 41, {}, drafting, names=("Tester", "Bot", "Cat"))
    async with app.run_test(size=(80, 24)) as pilot, table:
        screen = table.screen
        await wait_for(pilot, lambda: screen.table.turn is not None and screen.table.phase == "compose", "my draft")
        assert any("s sends it" in line for line in screen_lines(app.screen))
        await pilot.press("s")
        host = table.runner.host
        await wait_for(pilot, lambda: host.state.phase == ANSWER, "the draft sent")
        assert (host.state.partner, host.state.g_gold) == (2, 1)


@pytest.mark.thorough
async def test_digits_type_the_gold_of_a_proposal(tmp_path):
    """Seed 4051, turn 14: "1", "0" on "You give 0 gold" did nothing ("You give: nothing"), while an
    auction's bid takes typed digits; ten + were needed. Digits type a gold row's amount; more
    than there is says so; on another row they say where they go."""
    app = quick_app(tmp_path, 3, home=False)
    table = Table(app, "ahldarahd", AhldarahdScreen, 41, {}, PREFIX, names=("Tester", "Bot", "Cat"))
    async with app.run_test(size=(80, 24)) as pilot, table:
        dialog = await trade_builder(pilot, app, table)
        await pilot.press("enter")  # (Bot, the first partner: the rows open on "You give 0 gold")
        gold = dialog.view["gold"][0]
        assert 2 <= gold < 10
        await pilot.press("1")
        await wait_for(pilot, lambda: dialog.proposal.give_gold == 1, "the gold typed")
        await pilot.press("0")  # (10: more than there is)
        await wait_for(pilot, lambda: f"You have only {gold} gold." in str(dialog.why), "too much said")
        assert dialog.proposal.give_gold == 1
        await pilot.press("2")  # (typed afresh)
        await wait_for(pilot, lambda: dialog.proposal.give_gold == 2, "the gold typed again")
        await pilot.press("down", "down", "3")
        await wait_for(pilot, lambda: "Digits type an amount of gold" in str(dialog.why), "where digits go")


@pytest.mark.thorough
async def test_a_proposal_of_all_ones_gold_says_what_it_leaves_for_claims(tmp_path):
    """Seed 6051, turn 5: the builder let a person offer all 4 gold for a card while two cards in
    hand waited for a gold each to claim with, and said nothing; "No gold" came only after."""
    app = quick_app(tmp_path, 3, home=False)
    table = Table(app, "ahldarahd", AhldarahdScreen, 41, {}, PREFIX, names=("Tester", "Bot", "Cat"))
    async with app.run_test(size=(80, 24)) as pilot, table:
        dialog = await trade_builder(pilot, app, table)
        await pilot.press("enter")  # (Bot: the rows open on "You give 0 gold")
        gold, cards = dialog.view["gold"][0], len(dialog.view["hand"])
        assert 2 <= gold < 10 and cards
        await pilot.press(str(gold - 1))
        await wait_for(pilot, lambda: dialog.proposal.give_gold == gold - 1, "all but one gold")
        assert "no gold" not in str(dialog.why)
        await pilot.press("+")
        await wait_for(pilot, lambda: dialog.proposal.give_gold == gold, "all the gold")
        said = f"Accepted, this leaves you no gold: a claim costs a gold, so your {cards} card"
        await wait_for(pilot, lambda: str(dialog.why).startswith(said), "what all of it leaves")
        await pilot.press("-")
        await wait_for(pilot, lambda: not str(dialog.why), "said no more")
