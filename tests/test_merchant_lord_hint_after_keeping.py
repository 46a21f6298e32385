"""Where a hint puts keeping the dice first, the sale its line names is the one the sale's own
hint then gives.

The bug (a newcomer's match, round 8): after a reroll for a tuck, the hint said "The hint's pick:
No more favour: sell … then the sale at your 3-4 village" without the tuck; `a` and Enter readied
that sale, and the hint asked there called it "Weaker" beside the same sale tucking the M09 card:
a then Enter twice would have lost the table card. Keeping the dice, put first as about as good as
the search's most visited move, kept the line the search had spared it few visits for; its line is
now the next step's own hint (``explain.plain_followed``), searched as that hint will be."""

from __future__ import annotations

from merchant_lord_seed761488874 import MOVES, OPTIONS, ROUND_8, SEED
from test_caravanserai_hint_keeps_its_plan import hint_plan

from caravan_tui import bus as messages
from caravan_tui.bus import Bus, seat_address
from caravan_tui.match.host import MatchHost
from caravan_tui.seats import SeatSpec

TUCKING = ("sell", "P0-V34", (("M09", "L"),))


async def test_keeping_the_dice_is_followed_by_the_sale_the_sales_own_hint_gives() -> None:
    bus = Bus()
    host = MatchHost.new("merchant_lord", [SeatSpec("human")] * 2, ["Ann", "Bob"], SEED, OPTIONS, None, bus)
    for action in MOVES[:ROUND_8]:
        await host.handle(messages.Act(host.match_id, host.state.to_move(), host.turn, action))
    assert host.state.to_move() == 0 and host.state.view(0)["phase"] == "favour"
    heard = bus.subscribe(seat_address(host.match_id, 0))
    assert await hint_plan(host, heard) == (("end_favour",), TUCKING)
    await host.handle(messages.Act(host.match_id, 0, host.turn, ("end_favour",)))
    assert (await hint_plan(host, heard))[0] == TUCKING


async def test_kept_dice_that_sell_nowhere_are_followed_by_nothing() -> None:
    """Seed 1962, the person's first favour step, dice 4 4 5 1 that no village takes: the hint
    said "No more favour: sell … then the sale at your 2-5 village", the next round's hint (its
    dice rolled anew) made the line's rest."""
    bus = Bus()
    moves = [("reroll", 1, 1, 4, 5), ("end_favour",)]
    options = {"village_payout": "standard", "start_player": "random"}
    host = MatchHost.new("merchant_lord", [SeatSpec("human")] * 2, ["Ann", "Bob"], 1962, options, None, bus)
    for action in moves:
        await host.handle(messages.Act(host.match_id, host.state.to_move(), host.turn, action))
    assert host.state.to_move() == 0 and host.state.view(0)["phase"] == "favour"
    heard = bus.subscribe(seat_address(host.match_id, 0))
    assert await hint_plan(host, heard) == (("end_favour",),)
