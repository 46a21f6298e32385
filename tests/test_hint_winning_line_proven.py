"""A hint calls its move "a winning line", and says a chance of 100%, only where the win is proven:
the game's own look found it, or the move's line ends the match won by the seat's own moves. A
Decktet Caravan hint said "A winning line: Caravan A⌘K→3 … 9≈V∿Y … you should win (100% to win)"
of a lead that the other player, three cards hidden in hand, answered by going out: the match was
drawn 27–27. Every world the search weighed was won; none was the one dealt."""

from __future__ import annotations

import pytest
from test_camel_ending_words import bag_empty

from caravan_tui.ai.explain import WINNING, Candidate, won_outright
from caravan_tui.ai.policies import hint, hint_seed
from caravan_tui.games import get_game
from caravan_tui.screens.table_panels import hint_lines

from tables import recorded

LEAD = 71  # (seat 0's lead of hand 5, which AI 2 answered by going out)


def rows_of(found: list[Candidate]) -> list[list]:
    """The rows a hint's message carries, as the host writes them."""
    return [[str(c.action), c.share, c.value, c.reason, c.action, c.error, c.own, c.sure] for c in found]


@pytest.mark.thorough
def test_a_lead_won_in_every_world_weighed_is_no_winning_line(monkeypatch) -> None:
    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")
    state, log = recorded("decktet_caravan", "decktet_caravan_drawn_1113", LEAD)
    assert state.to_move() == 0 and log[LEAD][0] == "caravan"
    found = hint("decktet_caravan", state.view(0), 0, seed=hint_seed(0, LEAD))
    assert (found[0].value, found[0].error, found[0].sure) == (1.0, 0.0, False)
    lines = hint_lines(rows_of(found), [], "", state.scores(), 0, 2, None)
    assert not lines[0].lower().startswith(WINNING), lines[0]
    stands = next(line for line in lines if line.startswith("How it stands"))
    assert "(99% to win)" in stands, stands


def test_a_delivery_that_ends_the_match_won_is_a_winning_line() -> None:
    game = get_game("camel_caravan")
    for seed in range(3, 12):
        state, ending = bag_empty(seed)
        seat = state.to_move()
        for action in ending:
            after = state.clone()
            after.apply(action, False)
            won = after.outcome()[seat] == 1.0 and after.outcome().count(1.0) == 1
            found = won_outright(game.id, state.view(seat), seat, [Candidate(action, 1.0, 1.0, (action,), "", 0.0)])
            assert found[0].sure == won
            if won:
                lines = hint_lines(rows_of(found), [], "", state.scores(), seat, 2, None)
                assert lines[0].lower().startswith(WINNING) and "(100% to win)" in lines[1], lines
                return
    raise AssertionError("no delivery ended a match won")


def test_a_purchase_after_the_ninth_card_is_said_won_whole(monkeypatch) -> None:
    """Merchant Lord, seed 1272: "this line wins the match, nothing left to chance … (100% of the
    win)", then at the purchases after the ninth card "99% of the win": the tables are final, and
    the game says no one can beat the seat any more (``GameAI.decided``)."""
    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")
    state, log = recorded("merchant_lord", "merchant_lord_won_buy_1272", 117)
    assert state.to_move() == 0 and state.table == [9, 8, 8] and log[117] == ("end_buying",)
    found = hint("merchant_lord", state.view(0), 0, seed=hint_seed(0, 117))
    assert found[0].sure
    lines = hint_lines(rows_of(found), [], "", state.table, 0, 3, None)
    stands = next(line for line in lines if line.startswith("How it stands"))
    assert "(100% of the win)" in stands, stands
