"""A trade proposed as one both sides gain from says where its partner may decline it, and never
gives away a Right of Passage for less than selling it.

Met in a newcomer's match (``ahldarahd_seed141``): on turns 4 and 10 the hint's "both sides gain"
trade asked an AI for its own Right of Passage below what it had just paid, and was declined at
once, twice (each a proposal of three lost); on turn 11 it starred trading the person's own Right
of Passage to the rival bidding for it, for 4 gold, while the bank paid 5 for it. (Since a seat's
own Right of Passage counts what the bank pays for it in its build, those trades are no longer
found both sides' gain at all: the words are shown on trades of cards for gold.)
"""

from __future__ import annotations

import importlib

import pytest
from ahldarahd_seed141 import after

from caravan_tui.games.ahldarahd import mutual
from caravan_tui.games.ahldarahd.explain import explain
from caravan_tui.games.ahldarahd.proposal import Drafts
from caravan_tui.games.ahldarahd.trading import judge

#: builds of kept matches where the trade the hint proposes is one its partner's judgement does
#: not take
DECLINED = (("ahldarahd_seed94", 103), ("ahldarahd_seed241", 246), ("ahldarahd_seed122", 26))
#: the person's build of turn 1 in ``ahldarahd_seed241``: a trade AI 3's judgement takes
TAKEN = ("ahldarahd_seed241", 28)


def kept(match: str, count: int):
    return importlib.import_module(match).after(count)


@pytest.mark.parametrize(("match", "count"), DECLINED)
def test_a_mutual_trade_its_partner_may_decline_says_so(match: str, count: int) -> None:
    state = kept(match, count)
    seat = state.turn
    found = mutual.mutual_trade(state, seat)
    assert found is not None
    sent = Drafts(state.clone()).sent(found.proposal)
    assert sent is not None and not judge(sent).good  # (as the partner judges it, its hand seen)
    line = mutual.next_step(state, seat)
    assert line is not None
    partner = found.proposal.partner
    assert explain(state, seat, list(line)).endswith(
        f"(both sides gain, by the AI's estimate, against the others; but {{p{partner}}} may find too little in it "
        "and decline)"
    )


def test_a_mutual_trade_its_partner_takes_says_no_more() -> None:
    state = kept(*TAKEN)
    found = mutual.mutual_trade(state, state.turn)
    assert found is not None
    sent = Drafts(state.clone()).sent(found.proposal)
    assert sent is not None and judge(sent).good
    line = mutual.next_step(state, state.turn)
    assert line is not None
    assert explain(state, state.turn, list(line)).endswith(
        "(both sides gain, by the AI's estimate, against the others)"
    )


def test_a_right_of_passage_is_not_traded_below_its_sale() -> None:
    state = after(216)  # turn 11: the person, holding their own Right of Passage, builds
    assert ("sell_rop", "red") in state.legal_actions()
    found = mutual.mutual_trade(state, 0)
    assert found is None or "RoP red" not in found.proposal.give_items, found


def test_a_mutual_trade_never_gives_away_a_card_for_less_than_its_claim_now() -> None:
    """A newcomer's match (``matches/ahldarahd_salt_claim_7051.json``, seed 7051, 3 players), move
    29, the person's build: the hint's only play was "Write a trade proposal to AI 3 … you give red
    Salt; AI 3 gives 1 gold (both sides gain…)", while a claim of Salt–Horses with that card took
    the Horses city (+3 gold, a point) in the same build. A trade that gives a card away is weighed
    against claiming with it now, as one that gives a Right of Passage away is against its sale."""
    import json
    from pathlib import Path

    from caravan_tui.games import get_game

    match = json.loads((Path(__file__).parent / "matches" / "ahldarahd_salt_claim_7051.json").read_text())
    state = get_game("ahldarahd").new(match["players"], seed=match["seed"], options=match["options"])
    for action in match["log"][:29]:
        state.apply(tuple(action))
    assert state.turn == 0 and ("claim", "red", 18, "Salt") in state.legal_actions()
    found = mutual.mutual_trade(state, 0)
    assert found is None or "Salt" not in found.proposal.give_cards, found
