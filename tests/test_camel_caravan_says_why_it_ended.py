"""Camel Caravan's result screen says why the game ended: it gave only the winner and the
scores, and the delivery that ended it (seed 214, in the other seat's move) was never on screen."""

from __future__ import annotations

from types import SimpleNamespace

from rich.console import Console
from rich.text import Text
from test_safety import CAMEL_214, position

from caravan_tui.games import get_game
from caravan_tui.games.camel_caravan.screen import CamelCaravanScreen

#: the other seat's turn after seed 214's losing move: a camel to the meat, its pick-up (the
#: refill empties the bag), a camel on, the delivery
THE_END = [("move_camel", 24, 39), ("pickup", 39), ("move_camel", 25, 32), ("move_good", 39, 31, "meat", "top")]


def test_the_end_of_seed_214_says_why_the_game_ended() -> None:
    game_id, state, losing = position(CAMEL_214)
    game = get_game(game_id)
    state.apply(losing)
    for action in THE_END:
        assert state.view(None)["ended"] == ""
        state.apply(action)
    assert state.is_over() and state.view(0)["ended"] == "a good was delivered after the bag ran out"
    assert game.from_view(state.view(0), 0).view(0)["ended"] == state.view(0)["ended"]
    screen = SimpleNamespace(table=SimpleNamespace(seat_label=lambda seat: Text(f"Seat {seat + 1}")))
    console = Console(width=80, record=True)
    console.print(CamelCaravanScreen.match_summary(screen, state.view(0)))  # type: ignore[arg-type]
    assert "The game ended: a good was delivered after the bag ran out." in console.export_text()
