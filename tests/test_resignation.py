"""A resignation ranks the others as the game does (issue 49: "a resign result says two seats
'share the win' where the coins tie-break separates them"); a save scored the old way, the
others sharing the win, still opens at the result it stored."""

from __future__ import annotations

import random

import pytest

from caravan_tui import bus as messages
from caravan_tui.bus import Bus
from caravan_tui.games import GAMES
from caravan_tui.match.host import MatchHost
from caravan_tui.saves import SaveStore
from caravan_tui.saves.codec import DamagedSave
from caravan_tui.saves.loading import load, resignation_result
from caravan_tui.saves.snapshot import Snapshot
from caravan_tui.screens.summary import resigned_line
from caravan_tui.seats import SeatSpec

PERSON, RANDOM = SeatSpec("human"), SeatSpec("random")


def tied_on_cards(host: MatchHost) -> None:
    """Seeded random moves to seat 0's decision where seats 1 and 2 tie on table cards, seat 1
    behind on coins, and seat 0 holds fewer cards than both (4, 6, 6 cards; 9, 0, 6 coins)."""
    state, rng = host.state, random.Random(6)
    while not (
        state.to_move() == 0
        and state.table[1] == state.table[2]
        and state.coins[1] != state.coins[2]
        and state.table[0] < state.table[1]
    ):
        action = rng.choice(state.legal_actions())
        host.movers.append(state.to_move())
        host.events.append(state.apply(action))
        host.actions.append(action)


def resigned_host() -> MatchHost:
    game = GAMES["merchant_lord"]
    host = MatchHost.new(game.id, [PERSON, RANDOM, RANDOM], ["Ann", "Bob", "Cyd"], 6, game.quick_options, None, Bus())
    tied_on_cards(host)
    return host


def saved_resignation(store: SaveStore, host: MatchHost, result: list[float]) -> None:
    """The match ``host`` plays, stored as resigned by seat 0 with ``result``."""
    game = GAMES["merchant_lord"]
    store.write(
        Snapshot(
            match_id="m",
            game_id=game.id,
            options=game.resolve_options(game.quick_options),
            players=3,
            seats=["human", "random", "random"],
            names=["Ann", "Bob", "Cyd"],
            seed=6,
            actions=list(host.actions),
            state=host.state.to_data(),
            status="resigned",
            result=result,
            resigned=0,
        )
    )


async def test_a_resignation_gives_the_win_to_the_seat_the_coins_tie_break_puts_first(tmp_path):
    host = resigned_host()
    state = host.state
    assert (state.table, state.coins) == ([4, 6, 6], [9, 0, 6])
    await host.handle(messages.Resign(host.match_id, 0))
    assert host.status == "resigned" and host.snapshot.result == [0.0, 0.0, 1.0]  # not Bob and Cyd sharing
    store = SaveStore(tmp_path)
    saved_resignation(store, host, host.snapshot.result)
    assert load(store, "m").snapshot.result == [0.0, 0.0, 1.0]
    assert (
        resigned_line(["You", "Bob", "Cyd"], [0.0, 0.0, 1.0], 0, [4.0, 6.0, 6.0])
        == "You resigned: Cyd wins, ahead of Bob on the tie-break (6–6)."
    )


def test_a_save_whose_resignation_shared_the_win_opens_at_that_result_and_no_other(tmp_path):
    host, store = resigned_host(), SaveStore(tmp_path)
    saved_resignation(store, host, [0.0, 0.5, 0.5])  # scored as every resignation was before
    assert load(store, "m").snapshot.result == [0.0, 0.5, 0.5]
    saved_resignation(store, host, [0.0, 1.0, 0.0])  # made up: the tie-break puts Cyd first
    with pytest.raises(DamagedSave, match="does not follow from the resignation"):
        load(store, "m")


def test_where_the_resigning_seat_led_alone_the_others_rank_by_points_and_a_tie_shares():
    assert resignation_result(3, 0, [5.0, 3.0, 4.0]) == [0.0, 0.0, 1.0]
    assert resignation_result(3, 0, [5.0, 4.0, 4.0]) == [0.0, 0.5, 0.5]
    assert resignation_result(3, 2) == [0.5, 0.5, 0.0]  # (no standing: as every save before)
    assert (
        resigned_line(["Ann", "Bob", "You"], [0.5, 0.5, 0.0], 2, [4.0, 4.0, 5.0])
        == "You resigned: Ann and Bob share the win."
    )
