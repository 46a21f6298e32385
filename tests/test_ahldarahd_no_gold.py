"""A seat with no gold to claim with is told the rules' way out: win a Right of Passage at 0 in an
auction and sell it to the bank (§3.2: an item won at 0 costs nothing; §4: a Right of Passage
sells for a gold a city held on its map), or sell one it holds first.

The positions are a person's match (seed 65, 3 players against two normal AIs): the person
bought their own Right of Passage back for their last 4 gold (turn 3), lost it at 0 in the next
auction and sat at 0 gold for five turns with no word of what to do about it."""

from __future__ import annotations

from ahldarahd_seed65 import after
from test_ahldarahd_kit import table_at

from caravan_tui.games.ahldarahd.no_gold import way_out
from caravan_tui.games.ahldarahd.panel import panel_text
from caravan_tui.games.ahldarahd.table_selection import decision_begun

#: turn 3's build, just after the trade: 0 gold, the person's own Right of Passage in hand
BROKE_BUILD = 57
#: turn 4's first auction, the person to open it with 0 gold and no Right of Passage
BROKE_AUCTION = 60


def lines(count: int) -> tuple[str, list[str]]:
    """The person's hint warning (as the table words it) and the decision panel's lines."""
    state = after(count)
    table = decision_begun(table_at(state))
    return table.sentence(way_out(state, 0) or ""), panel_text(table.view, table).plain.splitlines()


def test_at_0_gold_in_an_auction_the_way_out_is_said() -> None:
    state = after(BROKE_AUCTION)
    assert state.to_move() == 0 and state.gold[0] == 0 and state.phase == 1
    advice, panel = lines(BROKE_AUCTION)
    assert advice.startswith("No gold, so no claim (a claim costs 1 gold): win a Right of Passage at 0 in an auction")
    assert "sell it to the bank" in advice and "sells for" in advice
    assert panel[0] == "No gold: win a Right of Passage at 0, sell it"


def test_at_0_gold_holding_a_right_of_passage_the_build_says_sell_it() -> None:
    state = after(BROKE_BUILD)
    assert state.to_move() == 0 and state.gold[0] == 0 and state.rop[0] == 0
    advice, panel = lines(BROKE_BUILD)
    assert advice == (
        "No gold, so no claim (a claim costs 1 gold): sell your own Right of Passage to the bank for 3 gold "
        "(in the plays list), then claim"
    )
    assert ("sell_rop", "red") in state.legal_actions()
    assert panel[0] == "No gold to claim: sell a Right of Passage first"


def test_a_seat_with_gold_is_told_nothing_of_it() -> None:
    state = after(45)
    assert state.gold[0] > 0 and state.to_move() == 0
    assert way_out(state, 0) is None
    assert not lines(45)[1][0].startswith("No gold")
