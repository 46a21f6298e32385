"""A game's own screen in a hosted match (DESIGN §7): the same table, plus the match's chat
(lines in the log panel, ``t`` to type) and a bell when the turn comes back to you.

``hosted_screen_class(game)`` mixes ``HostedGame`` into the game's screen class, so every game
gets both without knowing about hosting.
"""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from caravan_tui.bus import MAX_CHAT, Chat, YourTurn
from caravan_tui.engine import Game
from caravan_tui.screens import game_screen_class
from caravan_tui.screens.game import GameScreen
from caravan_tui.ssh.protocol import OPEN
from caravan_tui.widgets import MatchLog


class ChatLine(ModalScreen[str | None]):
    """One line to say to the table: enter sends, escape does not."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("Say to the table (enter sends, escape cancels)", classes="dialog-title")
            yield Input(max_length=MAX_CHAT, id="chat-text")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = "".join(c for c in event.value if c.isprintable()).strip()
        self.dismiss(text or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class HostedGame(GameScreen):
    """A game's screen at a hosted match: chat lines in the log, ``t`` to say one, a bell when
    the turn comes to you from someone else."""

    BINDINGS = [Binding("t", "chat", "Chat", tooltip="Say something to the table")]

    def __init__(self, client) -> None:
        super().__init__(client)
        self._my_last_turn: int | None = None

    def handle(self, message) -> float:
        if isinstance(message, Chat):
            # (after a whole log, the host sends the chat said lately again: it follows the log)
            self.query_one(MatchLog).add([self.chat_text(message)], emphasis=message.seat != self.seat)
            return 0.0
        if isinstance(message, YourTurn) and message.turn - 1 != self._my_last_turn:
            self.app.bell()  # the turn came back from someone else
        return super().handle(message)

    def chat_text(self, line: Chat) -> str:
        if line.seat is None:
            return f"{line.name} (watching) says: {line.text}"
        return f"{'You say' if line.seat == self.seat else line.name + ' says'}: {line.text}"

    def status_text(self) -> Text:
        mover = self.view.get("to_move") if self.view else None
        if self.over is None and mover is not None and mover != self.seat and mover < len(self.seat_kinds) \
                and self.seat_kinds[mover] == OPEN:
            return Text(f"Waiting for a person to take seat {mover + 1} (from the lobby)…")
        return super().status_text()

    def act(self, action) -> None:
        turn = self.turn
        super().act(action)
        if self.turn is None and turn is not None:
            self._my_last_turn = turn

    def action_chat(self) -> None:
        def said(text: str | None) -> None:
            if text:
                self.send(Chat(self.client.match_id, self.seat, text))

        self.app.push_screen(ChatLine(), said)


_CLASSES: dict[str, type] = {}


def hosted_screen_class(game: Game) -> type:
    if game.id not in _CLASSES:
        base = game_screen_class(game)
        _CLASSES[game.id] = type(f"Hosted{base.__name__}", (HostedGame, base), {})
    return _CLASSES[game.id]
