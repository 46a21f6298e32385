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


async def test_two_undos_are_logged_in_the_order_made() -> None:
    """Solo Caravanserai: after two undos the log listed the second's line above the first's (each
    kept at the turn it came, the second's earlier): they read as made in the other order."""
    bus = Bus()
    host = MatchHost.new("caravanserai", [SeatSpec("human")], ["Ann"], 1945, {"variant": "basic"}, None, bus)
    while host.turn < 6:
        await host.handle(messages.Act(host.match_id, 0, host.turn, host.state.legal_actions()[0]))
    heard = bus.subscribe(seat_address(host.match_id, 0))
    await host.handle(messages.UndoRequest(host.match_id, 0))
    await host.handle(messages.UndoRequest(host.match_id, 0))
    drain(heard)
    lines = [text for event, _, _ in host._history() for text in [event.render(["Ann"], 0)]]
    undos = [line for line in lines if line.startswith("You undo")]
    assert len(undos) == 2 and lines[-2:] == undos, lines[-4:]
    first, second = (host.notes[-2][1], host.notes[-1][1])
    assert undos == [first.render(["Ann"], 0), second.render(["Ann"], 0)]
