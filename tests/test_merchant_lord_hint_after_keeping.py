"""Where a hint puts keeping the dice first, the sale its line names is the one the sale's own
hint then gives.

The bug (a newcomer's match, round 8): after a reroll for a tuck, the hint said "The hint's pick:
No more favour: sell … then the sale at your 3-4 village" without the tuck; `a` and Enter readied
that sale, and the hint asked there called it "Weaker" beside the same sale tucking the M09 card:
a then Enter twice would have lost the table card. Keeping the dice, put first as about as good as
the search's most visited move, kept the line the search had spared it few visits for; its line is
now the next step's own hint (``explain.plain_followed``), searched as that hint will be."""

from __future__ import annotations

import pytest
from merchant_lord_seed761488874 import MOVES, OPTIONS, ROUND_8, SEED
from test_caravanserai_hint_keeps_its_plan import hint_plan

from caravan_tui import bus as messages
from caravan_tui.bus import Bus, seat_address
from caravan_tui.match.host import MatchHost
from caravan_tui.seats import SeatSpec

TUCKING = ("sell", "P0-V34", (("M09", "L"),))


@pytest.mark.thorough
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


@pytest.mark.thorough
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
    # (a turn of the 1 into a 2 sells at the 2-5 village for sure: the plan turns it, and stops
    # where the favour step ends)
    assert await hint_plan(host, heard) == (("adjust", 1, 1), ("end_favour",))


#: a 3-player match (seed 667392101) up to the person's favour step of round 4: dice 4 3 2 6,
#: M05 in hand (1≈2¢ | 4ΨFM)
ROUND_4 = [
    ("reroll", 1), ("end_favour",), ("sell", "P0-V34", ()), ("end_favour",), ("sell", "P1-V25", ()),
    ("end_favour",), ("sell", "P2-V25", ()), ("end_favour",), ("end_favour",), ("end_favour",),
    ("sell", "P0-V16", ()), ("end_favour",), ("sell", "P2-V16", ()), ("end_favour",), ("sell", "P0-V25", ()),
    ("adjust", 6, 1), ("adjust", 3, -1), ("end_favour",), ("sell", "P1-V25", ()), ("sell", "P1-V16", ()),
    ("buy", "M05"), ("buy", "M04"),
]  # fmt: skip


@pytest.mark.thorough
async def test_a_line_kept_from_an_earlier_hint_is_worded_as_it_is_readied() -> None:
    """The hint after the turn of a die the last one advised said "No more favour: sell … then
    the sale at your 1-6 village tucking 1 card", while its plan, kept from the earlier hint,
    was the 3-4 sale tucking M05's other half: `a` and Enter readied that one, and the sale's own
    hint called it weaker (a Free Merchant lost). The plan shown is the one its words name, and
    the one the sale's hint then gives."""
    bus = Bus()
    options = {"village_payout": "standard", "start_player": "random"}
    host = MatchHost.new("merchant_lord", [SeatSpec("human")] * 3, ["Ann", "Bob", "Cyd"], 667392101, options, None, bus)
    for action in ROUND_4:
        await host.handle(messages.Act(host.match_id, host.state.to_move(), host.turn, action))
    heard = bus.subscribe(seat_address(host.match_id, 0))
    first = await hint_plan(host, heard)
    assert first[0] == ("adjust", 2, -1), first
    await host.handle(messages.Act(host.match_id, 0, host.turn, first[0]))
    kept = await hint_plan(host, heard)
    assert kept[0] == ("end_favour",) and len(kept) == 2, kept
    await host.handle(messages.Act(host.match_id, 0, host.turn, kept[0]))
    assert (await hint_plan(host, heard))[0] == kept[1]
