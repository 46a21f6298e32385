"""A hint's placement that declines a board good says so: "lays 1W 2R 3K camel … count 4" read
as using the red board good its mark stood on (plans that used one are drawn alike), and
declining it, the starred step when it came, cost the count and 2 of length with no word."""

from __future__ import annotations

from test_caravanserai_kit import at_a_board_good

from caravan_tui.games import GAMES
from caravan_tui.games.caravanserai.geometry import COLOUR_NAMES, cell_name
from caravan_tui.games.caravanserai.rules import DECLINE, USE

GAME = GAMES["caravanserai"]


def test_a_line_that_declines_a_board_good_says_it_goes_back_to_the_market():
    state = at_a_board_good()
    seat, name, cell = state.turn, COLOUR_NAMES[state.bcol], cell_name(state.target)
    own = f"{{p{seat}:their}} own {name} good is laid"
    declined = f"declines the {name} board good on {cell} (it goes back to the market, {own})"
    assert declined in GAME.ai.explain(state, seat, (DECLINE,))
    assert "declines" not in GAME.ai.explain(state, seat, (USE,))
