"""An undo names the move it takes back even where no line of the log said that move: in solo
Caravanserai a direction taken back left the board as it was and the log said only "You undo 1
move.", read as a key that did nothing. It quotes the move as the plays list said it."""

from __future__ import annotations

from test_match import drain

from caravan_tui import bus as messages
from caravan_tui.bus import Bus, seat_address
from caravan_tui.match.host import MatchHost
from caravan_tui.seats import SeatSpec


async def test_a_step_no_line_said_is_named_when_taken_back() -> None:
    bus = Bus()
    host = MatchHost.new("caravanserai", [SeatSpec("human")], ["Ann"], 1945, {"variant": "basic"}, None, bus)
    while True:  # (the first move of the match's that no line of the log says)
        action = host.state.legal_actions()[0]
        before = host.state.clone()
        await host.handle(messages.Act(host.match_id, 0, host.turn, action))
        if not any(event.seats is None for event in host.events[-1]):
            break
    said = before.describe(action, 0)
    heard = bus.subscribe(seat_address(host.match_id, 0))
    await host.handle(messages.UndoRequest(host.match_id, 0))
    update = next(message for message in drain(heard) if isinstance(message, messages.Update))
    assert update.events[-1] == f"You undo 1 move, taking back “{said}”.", update.events[-1]
