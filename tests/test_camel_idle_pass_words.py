"""A pass the hint shows once the bag runs low says why no camel's move is shown: "End the turn (4
actions unused)", three turns running, read as a pass for nothing beside camels that could move;
every camel sent was an action for nothing by the AI's estimate (``heuristic.sent_for_nothing``),
which an AI seat never makes and a hint never shows."""

from __future__ import annotations

import pytest

from caravan_tui.games import get_game
from caravan_tui.games.camel_caravan.ai import vetoed
from caravan_tui.games.camel_caravan.explain import IDLE_CAMELS, explain
from caravan_tui.games.camel_caravan.heuristic import SENT

from tables import recorded

GAME = get_game("camel_caravan")
#: seed 6097 (3 players, short game), a newcomer's match up to their turn at move 122: three goods
#: loaded far from their cities, two empty camels, the bag at 4
MATCH = "camel_caravan_idle_6097"


def test_a_pass_where_every_camel_sent_is_for_nothing_says_so() -> None:
    state, _ = recorded(GAME.id, MATCH)
    sent = [action for action in state.legal_actions() if action[0] in SENT]
    assert state.turn == 0 and state.left == 4 and sum(state.bag) == 4 and sent
    assert all(vetoed(state, 0, action) for action in sent)
    said = explain(state, 0, (("end_turn",),))
    assert IDLE_CAMELS in said
    # (and how the match ends from here: both hints passed five turns each at the bag's last 4)
    assert state.loose_count == 5
    assert "the bag holds its last 4 goods: they come out once 1 more loose good is picked up" in said, said
    assert f"ends the match; else it ends after turn 200 (this is turn {state.turns + 1})" in said, said
    # (a pass with the bag still full says nothing of the kind: camels sent then go somewhere)
    early, _ = recorded(GAME.id, MATCH, 30)
    assert early.turn == 0 and sum(early.bag) == 16
    assert IDLE_CAMELS not in explain(early, 0, (("end_turn",),))


@pytest.mark.thorough
def test_a_pass_with_the_bag_empty_says_how_the_match_ends() -> None:
    """Over SSH, the leader out of camels and the other behind (a delivery of theirs would end
    the match lost), both hints said "End the turn (4 actions unused)" turn after turn, and
    nothing said how the match would ever end (rules §5: the next delivery, or the safety end)."""
    import random

    from caravan_tui.games.camel_caravan.board import MAX_TURNS
    from caravan_tui.games.camel_caravan.explain import EMPTY_BAG_END

    for seed in range(20):  # (a match played at random until the bag is empty on a turn begun)
        rng, state = random.Random(seed), GAME.new(2, seed=seed, options={"short_game": True})
        before = None
        while not state.is_over() and (any(state.bag) or not state.left):
            if state.left and any(state.bag):
                before = explain(state, state.turn, (("end_turn",),))
            legal = state.legal_actions()  # (the prior's best mostly: at random the bag never empties)
            scores = GAME.ai.prior(state, legal)
            best = legal[max(range(len(legal)), key=scores.__getitem__)]
            state.apply(best if rng.random() < 0.8 else rng.choice(legal), False)
        if not state.is_over():
            break
    assert not state.is_over() and before is not None and "the bag is empty" not in before
    said = explain(state, state.turn, (("end_turn",),))
    assert "; " + EMPTY_BAG_END.format(turn=state.turns + 1, last=MAX_TURNS) in said, said
    assert f"else it ends after turn {MAX_TURNS} (this is turn {state.turns + 1})" in said
