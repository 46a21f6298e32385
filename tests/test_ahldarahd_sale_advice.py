"""A Right of Passage's sale, and the way out of having no gold, in words that agree with the play
the hint stars.

Met in a newcomer's match (``ahldarahd_seed122``), the person following every hint:
- turn 4's build, 3 gold and no card: "Probably best: Sell AI 3's Right of Passage to the bank for
  5 gold" beside "held, it is worth about 6 gold to you". Nothing could be built on that map with
  3 gold and no card, and next turn's auctions could take it for nothing: the sale is right, the
  words were wrong;
- turn 6's build: "Clearly best: Sell your own Right of Passage", its words silent on what the sale
  risks, beside the rules page's tip "Guard your own RoP";
- turns 11 to 16, 0 gold: the hint opened "win a Right of Passage at 0 in an auction and sell it"
  above its starred "Open an auction for the Shah at 0", AI 3 holding 10 gold to outbid any 0."""

from __future__ import annotations

from pathlib import Path

import pytest
from ahldarahd_seed122 import MOVES, after

from caravan_tui.ai.policies import hint, hint_seed
from caravan_tui.engine import normalise_action
from caravan_tui.games.ahldarahd.cards import ROP
from caravan_tui.games.ahldarahd.evaluation import item_worth, rop_sale
from caravan_tui.games.ahldarahd.explain import explain
from caravan_tui.games.ahldarahd.idle_rights import buildable
from caravan_tui.games.ahldarahd.screen import AhldarahdScreen

from tables import Table, quick_app, wait_for

#: turn 4's build: the person holds AI 3's (green's) Right of Passage, with 3 gold and no card
IDLE_SALE = 81
#: turn 6's build: the person holds their own Right of Passage, bought back in the auctions
OWN_SALE = 109
#: turn 12's auctions: the person, at 0 gold, to open one
BROKE_OPENING = 177
GREEN = 2


def test_a_right_of_passage_one_can_build_nothing_with_is_worth_its_sale_held() -> None:
    state = after(IDLE_SALE)
    assert state.to_move() == 0 and state.rop[GREEN] == 0 and state.gold[0] == 3 and state.hand[0] == 0
    assert not buildable(state, 0, GREEN, 3) and rop_sale(state, GREEN) == 5
    assert round(item_worth(state, 0, ROP + GREEN)) == 6  # (a fraction of a route toward its cities)
    reason = explain(state, 0, [("sell_rop", "green")])
    assert reason == (
        "{p0} can no longer build on {p2:'s} map; the bank pays a gold per city held there (5); held, it is "
        "worth no more to {p0} than its sale: {p0} can build nothing there now, and next turn's auction may "
        "take it from {p0} for nothing"
    )


def test_the_hint_sells_it() -> None:
    state = after(IDLE_SALE)
    candidates = hint("ahldarahd", state.view(0), 0, "normal", seed=hint_seed(0, IDLE_SALE))
    assert candidates[0].action == ("sell_rop", "green"), candidates


def test_the_own_sale_says_what_it_risks_and_why_keeping_guards_no_better() -> None:
    state = after(OWN_SALE)
    assert state.to_move() == 0 and state.rop[0] == 0 and state.gold == [3, 0, 4]
    reason = explain(state, 0, [("sell_rop", "red")])
    assert reason == (
        "{p0:'s} own map opens to whoever wins it in next turn's auction ({p2} {p2:has} 4 gold now), to build "
        "there and destroy {p0:'s} routes, as it would if kept: the auction offers it wherever it is; the bank "
        "pays a gold per city held there (5); held, it is worth no more to {p0} than its sale"
    )


def test_the_tips_say_keeping_ones_own_right_of_passage_guards_nothing_past_ones_build() -> None:
    rules = Path(__file__).parent.parent / "caravan_tui" / "games" / "ahldarahd" / "rules.md"
    tips = " ".join(rules.read_text().split("## Tips", 1)[1].split("##", 1)[0].split())
    assert "Guard your own RoP: whoever holds it can build on your map and destroy your routes." in tips
    assert "Any player may open its auction in any turn, wherever it is, so keeping it guards nothing" in tips
    assert "sell it in your build for a gold per city held there" in tips


def test_the_sample_turn_has_a_player_who_paid_bid_only_0() -> None:
    """§3.2: a winner who paid turns their Camel face down and may open only at 0. The page's
    sample turn had Blue, just won the Gems for 2, open the Pirate Queen at 1."""
    rules = Path(__file__).parent.parent / "caravan_tui" / "games" / "ahldarahd" / "rules.md"
    sample = " ".join(rules.read_text().split("## A sample turn", 1)[1].split("##", 1)[0].split())
    assert "Blue raises to 2, you pass." in sample
    assert "Blue, its Camel face down after paying, may bid only 0: it opens the Pirate Queen at 0" in sample
    assert "at 1" not in sample


@pytest.mark.thorough
async def test_at_0_gold_the_hints_way_out_agrees_with_its_starred_play(tmp_path):
    app = quick_app(tmp_path, 3, home=False)
    prefix = [normalise_action(move) for move in MOVES[:BROKE_OPENING]]
    table = Table(app, "ahldarahd", AhldarahdScreen, 122, {}, prefix, names=("Ann", "AI 2", "AI 3"))
    async with app.run_test(size=(80, 24)) as pilot, table:
        screen = table.screen
        await wait_for(pilot, lambda: screen.table.turn is not None and bool(screen.table.names), "my auction")
        state = screen.table.world
        assert state.gold == [0, 6, 7] and state.item < 0
        elsewhere = screen.hint_warning(("open", "Shah", 0)) or ""
        assert elsewhere == (
            "No gold, so no claim (a claim costs 1 gold): a Right of Passage won at 0 would sell to the bank "
            "for a gold per city held on its map (AI 3's Right of Passage sells for 7 now), but any gold "
            "outbids 0 (AI 2 has 6, AI 3 has 7): a raise would take it, and its sale, from you."
        ), elsewhere
        opening = screen.hint_warning(("open", "RoP green", 0)) or ""
        assert opening.startswith("No gold, so no claim (a claim costs 1 gold): win a Right of Passage at 0")
        assert opening.endswith("it works only if no one raises: any gold outbids 0 (AI 2 has 6, AI 3 has 7).")
        await pilot.press("h")
        hint_panel = screen.query_one("#hint-panel")
        await wait_for(pilot, lambda: bool(screen.table.hint_candidates) and "Asking" not in hint_panel.text, "hint")
        starred = screen.table.hint_plan[0]
        text = " ".join(hint_panel.text.split())
        said = elsewhere if starred[0] != "open" or not starred[1].startswith("RoP") else opening
        assert " ".join(said.split()) in text, (starred, text)


@pytest.mark.thorough
def test_a_starred_sale_says_its_held_worth_needs_a_build_on_that_map(monkeypatch) -> None:
    """Seed 141, turn 1's build: AI 2 (5 gold, a Spices card) holds AI 3's Right of Passage. The
    hint starred "Sell AI 3's Right of Passage to the bank for 2 gold" above ending the build, its
    words "held, it is worth about 4 gold to AI 2", worse by them than keeping it; its line then
    claimed on AI 2's own map. The worth above the sale is only what a build there now brings:
    past the build the search counts it at half its sale (§3.2: it is auctioned wherever it is),
    and the words now say so."""
    from ahldarahd_seed141 import after as after_141

    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")
    state = after_141(50)
    assert state.to_move() == 1 and state.rop[GREEN] == 1 and rop_sale(state, GREEN) == 2
    assert buildable(state, 1, GREEN, state.gold[1]) and round(item_worth(state, 1, ROP + GREEN)) == 4
    candidates = hint("ahldarahd", state.view(1), 1, "normal", seed=hint_seed(1, 50))
    actions = [c.action for c in candidates]
    sale = actions.index(("sell_rop", "green"))
    assert ("end",) in actions[sale + 1 :]
    assert all(step[1:2] != ("green",) for step in candidates[sale].line[1:])  # (nothing built there after the sale)
    assert candidates[sale].reason == (
        "{p1} can no longer build on {p2:'s} map; the bank pays a gold per city held there (2); held, it is "
        "worth about 4 gold to {p1} only if {p1} build{p1:s} there in this build: after it, next turn's "
        "auction may take it from {p1} for nothing"
    ), candidates[sale].reason
