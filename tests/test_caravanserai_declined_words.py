"""A hint's placement that declines a board good says so: "lays 1W 2R 3K camel … count 4" read
as using the red board good its mark stood on (plans that used one are drawn alike), and
declining it, the starred step when it came, cost the count and 2 of length with no word."""

from __future__ import annotations

from test_caravanserai_kit import at_a_board_good

from caravan_tui.games import GAMES
from caravan_tui.games.caravanserai.geometry import COLOUR_NAMES, cell_name
from caravan_tui.games.caravanserai.rules import DECLINE, PLACE, USE

GAME = GAMES["caravanserai"]


def test_a_line_that_declines_a_board_good_says_it_goes_back_to_the_market():
    state = at_a_board_good()
    seat, name, cell = state.turn, COLOUR_NAMES[state.bcol], cell_name(state.target)
    own = f"{{p{seat}:their}} own {name} good is laid"
    declined = f"declines the {name} board good on {cell} (it goes back to the market, {own})"
    assert declined in GAME.ai.explain(state, seat, (DECLINE,))
    assert "declines" not in GAME.ai.explain(state, seat, (USE,))


def test_a_hint_in_a_placement_begun_says_what_finishes_it():
    """After a step taken back mid-placement, a hint said "lays 1W 2R 3K 4Y camel" where only the
    yellow and the camel were left to lay: a placement begun is finished "with" what is left."""
    import random

    from caravan_tui.games.caravanserai.rules import pieces_text

    state, rng = GAME.new(1, seed=7, options={}), random.Random(3)
    while len(state.laid) < 2:
        state.apply(rng.choice(state.legal_actions()), False)
    said = GAME.ai.explain(state, 0, (state.legal_actions()[0],))
    begun = pieces_text(state.laid)
    assert said.startswith("finishes the placement with "), said
    assert not said.startswith(f"finishes the placement with {begun}"), (said, begun)
    fresh, rng = GAME.new(1, seed=7, options={}), random.Random(3)
    while fresh.stage != PLACE or fresh.laid:
        fresh.apply(rng.choice(fresh.legal_actions()), False)
    assert GAME.ai.explain(fresh, 0, (fresh.legal_actions()[0],)).startswith("lays ")  # (none laid yet)
