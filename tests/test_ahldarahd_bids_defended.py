"""An auction's words say where the bidder could not answer a raise (seed 241, a newcomer's match)."""

from __future__ import annotations

import pytest
from ahldarahd_seed241 import MOVES, after

from caravan_tui.engine import normalise_action
from caravan_tui.games.ahldarahd.explain import explain


def test_a_bid_its_bidder_cannot_defend_says_who_can_raise_it() -> None:
    """A newcomer opened auctions at 0 with 0–1 gold on the hint's "a win at 0 leaves you 1
    gold", turn after turn, and AI 2 raised each time: the words now say the bid cannot be
    defended and who has the gold to raise it."""

    state, opening = after(125), normalise_action(MOVES[125])
    assert opening == ("open", "Shah", 0) and state.gold == [0, 5, 7]
    assert explain(state, 0, [opening]).endswith(
        "{p0} keep{p0:s} it at 0 only if no one raises, left with 0 gold; {p0} cannot answer a raise: "
        "{p1} {p1:has} 5 gold, {p2} {p2:has} 7 gold"
    )


def test_an_opener_whose_camel_is_down_cannot_answer_a_raise() -> None:
    """§3.2: a Camel face down bids only 0. A hint said "Open an auction for the Shah at 0 gold …
    a win at 0 leaves you 3 gold" to a newcomer whose Camel was down, AI 2's up with 15 gold;
    AI 2 raised to 1 and won. Whatever the gold, such an opening is no win: the words say who
    can take it."""
    state = after(54)
    assert state.to_move() == 0 and not state.camel[0] and state.camel[1] and state.gold[:2] == [2, 4]
    for opening in (action for action in state.legal_actions() if action[0] == "open"):
        said = explain(state, 0, [opening])
        assert "a win at" not in said, said
        assert "only if no one raises, left with 2 gold; {p0} cannot answer a raise: {p1} {p1:has} 4 gold" in said


def test_a_bids_words_say_a_rivals_gold_once() -> None:
    """A play-through read "you cannot answer a raise: AI 2 has 7 gold; AI 2 has 7 gold, and it
    is worth about 2 to AI 2": the rival's gold said twice in one hint."""
    import re

    state = after(7)
    said = explain(state, 2, [("open", "red Horses", 4)])
    assert said.endswith("{p2} cannot answer a raise: {p0} {p0:has} 5 gold, {p1} {p1:has} 5 gold"), said
    twice = re.compile(r"(\{p(\d)\} \{p\2:has\} \d+ gold)\b.*\1")
    for k in range(12):  # (every bid of the opening turns: 48 said a gold twice)
        state = after(k)
        seat = state.to_move()
        bids = [action for action in state.legal_actions() if action[0] in ("open", "raise")]
        assert seat is not None and not any(twice.search(explain(state, seat, [bid])) for bid in bids), k


def test_a_worth_beyond_no_gold_says_the_worth_not_all_of_no_gold() -> None:
    """A play-through at 0 gold read "the Pirate Queen is worth more to you than all your gold
    (0)": a comparison with nothing, the worth unsaid."""
    state = after(125)
    assert state.gold[0] == 0
    said = explain(state, 0, [("open", "RoP red", 0)])
    assert said.startswith("{p0:'s} Right of Passage is worth about 4 gold to {p0}, who {p0:has} none;"), said
    assert "gold (0)" not in said


@pytest.mark.thorough
def test_a_raise_names_no_rival_who_is_out_of_the_auction() -> None:
    """A play-through read "you cannot answer a raise: AI 3 has 7 gold" where AI 3 had passed in
    that auction: out of it, it cannot raise again."""
    import re

    from caravan_tui.games.ahldarahd.terms import BID_RAISE

    looked = 0
    for k in range(len(MOVES)):
        state = after(k)
        if state.phase != BID_RAISE or not state.out:
            continue
        seat, outs = state.to_move(), [q for q in range(state.n) if state.out >> q & 1]
        for bid in [action for action in state.legal_actions() if action[0] == "raise"]:
            named = re.search(r"cannot answer a raise: (.*)$", explain(state, seat, [bid]))
            looked += named is not None
            assert named is None or not any(f"{{p{q}}} {{p{q}:has}}" in named[1] for q in outs), (k, bid)
    assert looked  # (some raise in the match could not be answered)


def test_a_raise_the_leader_can_answer_says_so() -> None:
    """A play-through read "Slightly better: Pass" over "Raise to 5 … worth more to you than all
    your gold (6)", with no word of why: the leader could raise again, and would."""
    state = after(150)
    said = explain(state, 1, [("raise", 2)])
    assert said.endswith(
        "; {p2} can raise again: {p2} {p2:has} 5 gold, and it is worth more than all {p2:'s} gold (5) to {p2}"
    ), said
    # its gold said once where the raise cannot be answered ("you cannot answer a raise: AI 2 has 7
    # gold; AI 2 can raise again: AI 2 has 7 gold, …")
    said = explain(state, 1, [("raise", 4)])
    assert said.endswith(
        "{p1} cannot answer a raise: {p2} {p2:has} 5 gold; {p2} can raise again, and it is worth more than all "
        "{p2:'s} gold (5) to {p2}"
    ), said
    assert "can raise again" not in explain(after(165), 2, [("raise", 6)])  # (6 gold: no raise above 6)
    # an opener whose Camel is face down cannot raise (§3.2): a play-through read "AI 3 can raise
    # again" of one, and the log then said "AI 3 cannot raise (Camel face down)"
    state = after(132)
    assert state.leader == 2 and not state.camel[2] and state.gold[2] > 1
    assert "can raise again" not in explain(state, 1, [("raise", 1)])


def test_an_offer_that_costs_worth_but_not_chances_says_both_and_who_loses() -> None:
    """A play-through: "Clearly best: Accept the trade … — worth about −1 gold to you; AI 3 gains
    less", AI 3 losing a fifth of its chances by it: "gains less" of a loss. (Move 223, AI 2's 7
    gold for its own Right of Passage, was the example: since the bank's 8 for it in AI 2's build
    counts, AI 2 gains by it, and the words say so.)"""
    state = after(80)  # the person offers AI 2 1 gold for the Shah: AI 2 gains, the person loses
    assert explain(state, 1, [("accept",)]) == "worth about +1 gold to {p1}; {p0} lose{p0:s} by it"
    assert explain(state, 1, [("decline",)]).endswith("; {p0} lose{p0:s} by it if {p1} accept{p1:s}")
    state = after(223)
    assert explain(state, 0, [("accept",)]) == "worth about −1 gold to {p0}; {p1} gain{p1:s} more"
