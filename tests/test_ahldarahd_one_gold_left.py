"""A route that spends a seat's gold down to 1 says what that leaves next turn (§3.2: a raise
needs gold; §4: a claim costs a gold): a newcomer followed a hint's raise to 3 and a claim, and
the build's last hint said only "keeps 1 gold and 0 cards for later turns".

The position is the person's build in turn 2 of a newcomer's match (seed 241), 2 gold in hand."""

from __future__ import annotations

from ahldarahd_seed241 import after

from caravan_tui.games.ahldarahd.cards import ROP
from caravan_tui.games.ahldarahd.explain import explain
from caravan_tui.games.ahldarahd.last_gold import one_gold_words

BUILD = 37
CLAIM = ("claim", "red", 6, "Pearls")


def build(gold: int, sells: bool = False):
    """The person's build with ``gold``; their own and AI 2's Right of Passage (each sells for
    2) theirs only if ``sells``."""
    state = after(BUILD)
    assert state.to_move() == 0 and not state.final and state.rop[:2] == [0, 0]
    if not sells:
        state.set_holder(ROP, 2)
        state.set_holder(ROP + 1, 1)
    state.gold[0], state._legal = gold, None
    assert CLAIM in state.legal_actions()
    return state


def test_a_claim_that_leaves_one_gold_says_a_raise_or_a_claim_not_both() -> None:
    said = explain(build(gold=2), 0, [CLAIM])
    assert f"; {one_gold_words(0)};" in said, said
    assert one_gold_words(0) == "leaves {p0} 1 gold and nothing to sell: next turn a raise or a claim, not both"


def test_a_claim_that_leaves_more_or_a_sale_says_nothing_of_it() -> None:
    assert "1 gold" not in explain(build(gold=3), 0, [CLAIM])
    assert "1 gold" not in explain(build(gold=2, sells=True), 0, [CLAIM])  # the sale brings gold
