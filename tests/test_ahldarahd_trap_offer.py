"""A ready-made offer that leaves its proposer worse off says what it costs and is never advised.

A person's match (seed 65, 3 players against two normal AIs): in turn 3's build the plays list
offered "Propose to AI 3: 4 gold for your Right of Passage". Accepted, it took the person's last 4
gold for a Right of Passage that sells for 3, and that the next auction gave back to AI 3 at 0
(§3.2: every Right of Passage is auctioned each turn, wherever it is)."""

from __future__ import annotations

from ahldarahd_seed65 import after

from caravan_tui.games.ahldarahd.ai import vetoed
from caravan_tui.games.ahldarahd.describe import describe
from caravan_tui.games.ahldarahd.explain import explain
from caravan_tui.games.ahldarahd.trading import offer_net

TRAP = ("offer", 2, "gold", 4, "item", "RoP red")


def position():
    """Turn 3's build, the person (seat 0) with 4 gold, before the offer."""
    state = after(55)
    assert state.to_move() == 0 and state.gold[0] == 4 and TRAP in state.legal_actions()
    return state


def test_the_plays_list_says_what_the_offer_costs() -> None:
    state = position()
    assert round(offer_net(state, 0, TRAP)) == -1
    assert describe(state, TRAP).endswith("you give about 1 gold more than you get)")
    assert "costs" not in describe(state, TRAP, brief=True)  # (the status line: the panel says the rest)


def test_its_reason_says_the_right_of_passage_is_auctioned_again() -> None:
    reason = explain(position(), 0, [TRAP])
    assert "worth about −1 gold to {p0}" in reason
    assert "own Right of Passage is auctioned again next turn, where any player may win it" in reason


def test_a_hint_never_shows_it_nor_an_ai_makes_it() -> None:
    assert vetoed(position(), 0, TRAP)
