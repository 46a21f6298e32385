"""The final turn, where no later turn comes and gold only breaks a tie between players level on
points (§6).

A newcomer's match (3 players against two normal AIs): in the final turn, the person building
last, AI 3, its build over and level with the person on points, paid 1 gold for the Eyes of
Shamesh and 1 for a Spices card, neither of any use to it any more, and handed the person the
tie-break. The hints there spoke of a "next" turn for the Shah's holder, called paying a gold
for the Shah "Clearly best", and said a Right of Passage held in the last build was worth more
than all the person's gold.

The positions are a person's match (seed 65, 3 players against two normal AIs), its final turn
played on from its bidding: AI 3 opens the Shah at 0 and gives it to AI 2, so AI 2 and AI 3
build before the person.
"""

from __future__ import annotations

import pytest
from ahldarahd_seed65 import after

from caravan_tui.ai.policies import hint, search_policy
from caravan_tui.engine import normalise_action
from caravan_tui.games.ahldarahd.ai import vetoed
from caravan_tui.games.ahldarahd.evaluation import builds_left
from caravan_tui.games.ahldarahd.explain import explain
from caravan_tui.games.ahldarahd.no_gold import way_out
from caravan_tui.games.ahldarahd.trading import judge
from caravan_tui.seats import SeatSpec


def played(count: int, moves: list[list]):
    state = after(count)
    for move in moves:
        state.apply(normalise_action(move))
    return state


def last_build():
    """The person's build, the last of the match: AI 2 (7 points) and AI 3 have ended theirs."""
    state = played(190, [["open", "Shah", 0], ["give_shah", 1], ["end"], ["end"]])
    assert state.final and state.to_move() == 0 and state.order == (1, 2, 0)
    assert not builds_left(state, 1) and not builds_left(state, 2)
    return state


def offered(partner: int, card: str, gold: int = 1):
    """The person offers ``partner`` a ``card`` card for ``gold`` gold."""
    state = last_build()
    for move in (["trade_with", partner], ["give_card", card], ["ask_gold", gold], ["send"]):
        state.apply(normalise_action(move))
    assert state.to_move() == partner
    return state


def test_a_seat_whose_build_is_over_judges_paying_gold_for_a_card_a_loss() -> None:
    for partner in (1, 2):
        for card in ("Spices", "Ivory"):
            verdict = judge(offered(partner, card))
            assert not verdict.good and verdict.gain < 0, (partner, card, verdict)
            assert verdict.points == -1  # only its gold counts now: the words say what it pays


@pytest.mark.thorough
def test_an_ai_seat_whose_build_is_over_declines_it() -> None:
    state = offered(1, "Spices")  # AI 2 accepted it, by a search that saw the person's claim given up
    assert vetoed(state, 1, ("accept",))
    policy = search_policy(SeatSpec.ai("normal"), iterations=300)
    for seed in range(2):
        assert policy.choose("ahldarahd", state.view(1), 1, seed) == ("decline",)


def shah_at_0():
    """The final turn's bidding: the person won the Pirate Queen at 0, AI 2 opened the Shah at 0;
    AI 3, with 4 gold and no card, could build nothing after a paid win."""
    state = played(186, [["open", "Pirate", 0], ["pass"], ["pass"], ["open", "Shah", 0]])
    assert state.final and state.to_move() == 2 and state.hand[2] == 0
    return state


def test_no_seat_pays_tie_break_gold_for_the_shah_where_it_can_build_nothing() -> None:
    state = shah_at_0()
    assert all(vetoed(state, 2, ("raise", bid)) for bid in range(1, state.gold[2] + 1))
    assert not vetoed(state, 2, ("pass",))
    candidates = hint("ahldarahd", state.view(2), 2, "normal", seed=1, iterations=300)
    assert candidates[0].action == ("pass",), candidates[:2]


def test_a_shah_bid_in_the_final_turn_speaks_of_no_next_turn() -> None:
    state = shah_at_0()
    state.apply(normalise_action(["pass"]))  # the person may raise: they could still build
    assert state.to_move() == 0 and not vetoed(state, 0, ("raise", 1))
    reason = explain(state, 0, [("raise", 1)])
    assert "next" not in reason
    assert "who builds first in this last turn, and so who builds last" in reason


def test_a_right_of_passage_held_in_the_last_build_is_worth_nothing_where_nothing_is_left_to_build() -> None:
    state = after(192)
    for move in (["end"], ["end"], ["claim", "green", 2, "Gems"]):  # AI 3's last build, its card spent
        state.apply(normalise_action(move))
    assert state.to_move() == 2 and ("sell_rop", "red") in state.legal_actions()
    reason = explain(state, 2, [("sell_rop", "red")])
    assert "the bank pays a gold per city held there (3)" in reason
    assert (
        "held, it is worth nothing: no route {p2} can still build there changes anyone's points, "
        "and this is {p2:'s} last build"
    ) in reason
    assert "worth about" not in reason and "worth more" not in reason


def test_a_right_of_passage_still_of_use_in_the_last_build_says_until_when() -> None:
    state = after(192)
    for move in (["end"], ["end"]):
        state.apply(normalise_action(move))
    reason = explain(state, 2, [("sell_rop", "red")])
    # its claims there with the Gems card would score nothing: a Right of Passage for nothing
    assert "held, it is worth nothing: no route {p2} can still build there changes anyone's points" in reason
    state.gold[2] = 8  # with 8 gold, a route bought there takes a city
    state._legal = None
    reason = explain(state, 2, [("sell_rop", "red")])
    assert "for what {p2} can still build there in this last build, and nothing after it" in reason


def test_no_gold_in_the_last_build_sends_no_one_to_next_turns_auctions() -> None:
    state = after(192)
    state.apply(normalise_action(["claim", "red", 1, "Ivory"]))  # the person's last gold and card
    assert state.to_move() == 0 and state.gold[0] == 0 and state.hand[0] == 0
    words = way_out(state, 0)
    assert words is not None and "next" not in words and "in this last build" in words
