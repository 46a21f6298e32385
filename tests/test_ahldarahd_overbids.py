"""No hint recommends, and no AI seat makes, a bid its own words argue against: gold above what the
item is worth to the bidder and to everyone a win keeps it from (``overbids``).

Met in a newcomer's match (``ahldarahd_seed94``), turn 1: AI 3 raised to 2 for its own Right of
Passage, opened by the person at 1, and the hint said "Either is about as good: Raise to 3 gold
for AI 3's Right of Passage" beside "worth about 2 gold to you, but a win keeps it from AI 3, to
whom it is worth about 1, both less than the bid; sold to the bank it brings 0 gold now" (raises
to 4 and 5 "about as good" too); the next hint sold it for 2, nothing built on that map."""

from __future__ import annotations

from ahldarahd_seed94 import after

from caravan_tui.ai.policies import hint, hint_seed
from caravan_tui.games.ahldarahd.ai import vetoed
from caravan_tui.games.ahldarahd.cards import ROP
from caravan_tui.games.ahldarahd.evaluation import bid_worth, item_worth
from caravan_tui.games.ahldarahd.explain import explain
from caravan_tui.games.ahldarahd.terms import BID_OPEN

#: the person to answer AI 3's raise to 2 for AI 3's (green's) Right of Passage
RAISED = 13
#: turn 10: the person to answer AI 2's bid of 3 for the blue Gems card
GEMS = 151


def test_a_raise_above_the_worth_to_you_and_to_whom_it_keeps_it_from_is_vetoed() -> None:
    state = after(RAISED)
    assert state.to_move() == 0 and state.item == ROP + 2 and state.high == 2 and state.gold[0] == 8
    assert round(item_worth(state, 0, state.item)) == 2
    assert "both less than the bid" in explain(state, 0, [("raise", 3)])
    assert all(vetoed(state, 0, ("raise", bid)) for bid in range(3, 9))
    assert not vetoed(state, 0, ("pass",))


def test_the_hint_then_passes() -> None:
    state = after(RAISED)
    candidates = hint("ahldarahd", state.view(0), 0, "normal", seed=hint_seed(0, RAISED))
    assert [candidate.action for candidate in candidates] == [("pass",)], candidates


def test_an_opening_within_the_worth_to_you_stands() -> None:
    state = after(RAISED - 2)
    assert state.to_move() == 0 and state.item < 0
    for bid in (0, 1, 2):
        assert not vetoed(state, 0, ("open", "RoP green", bid))
    assert vetoed(state, 0, ("open", "RoP green", 3))


def test_a_card_is_worth_to_a_bid_what_it_claims_in_the_build_that_follows() -> None:
    """The blue Gems card completes the person's Gems city with a claim (a gold): the projection
    counts the city only as a hope, so the words said "worth about 3 gold to you, less than the
    bid" beside the raise to 4 the search called clearly best (and the claim took the city)."""
    state = after(GEMS)
    assert state.to_move() == 0 and state.high == 3 and state.gold[0] == 6
    assert round(item_worth(state, 0, state.item)) == 3
    assert round(bid_worth(state, 0, state.item)) == 5  # (the gold a win may take and leave the claim's)
    reason = explain(state, 0, [("raise", 4)])
    assert reason.startswith("claimed on Textiles–Gems, the blue Gems card wins {p0} the Gems city (+5 gold)"), reason
    assert "less than the bid" not in reason
    assert not vetoed(state, 0, ("raise", 4)) and not vetoed(state, 0, ("raise", 5))
    assert vetoed(state, 0, ("raise", 6))  # (a win at 6 leaves no gold for the claim)


def test_an_opening_above_0_that_nobody_could_raise_is_vetoed() -> None:
    """§3.2: with every other Camel face down, 0 wins the item, keeps the gold and leaves the
    opener's Camel up. A hint starred opening at 1 as "about as good" as 0 (seed 141)."""
    state = next(after(n) for n in range(40) if after(n).phase == BID_OPEN)
    seat = state.to_move()
    others = [q for q in range(state.n) if q != seat]
    assert state.gold[seat] >= 2 and any(state.camel[q] and state.gold[q] for q in others)
    assert not vetoed(state, seat, ("open", "Eyes", 0))
    for q in others:
        state.camel[q] = False
    assert all(vetoed(state, seat, ("open", item, 1)) for item in ("Eyes", "Pirate", "Shah"))
    assert not vetoed(state, seat, ("open", "Eyes", 0))
    candidates = hint("ahldarahd", state.view(seat), seat, "normal", seed=hint_seed(seat, 0))
    assert all(candidate.action[0] != "open" or candidate.action[2] == 0 for candidate in candidates), candidates
