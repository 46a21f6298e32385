"""The seat a table shows: who sits where, in words, and the status line (DESIGN §6).

The first layer of a game screen (``TableSeat`` → ``TablePanels`` → ``TableKeys`` →
``GameScreen``): the state every part of the table reads, the seats' names, and the one line that
says whose turn it is or what Enter does.
"""
from __future__ import annotations

import re
from typing import Any, Generic, TypeVar, cast

from rich.text import Text
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static

from caravan_tui.bus import MatchOver, SeatEnd, Thinking
from caravan_tui.engine import Action, State, ViewHeader, render
from caravan_tui.games import get_game
from caravan_tui.match.replay import ReplayClient
from caravan_tui.saves.deciders import decided_name
from caravan_tui.screens.base import BaseScreen
from caravan_tui.seat_labels import AI_STANDING_IN, AWAY, NOBODY, PLAYER, SEAT, STAND_IN_MARK, YOU, YOURS
from caravan_tui.seats import SeatSpec
from caravan_tui.ssh.lookalikes import reads_as_label
from caravan_tui.ssh.protocol import OPEN, STANDING_IN, is_away

#: what an AI seat's default name ends with: its level, "(normal)"
LEVEL_SUFFIX = re.compile(r" \([^()]*\)$")
SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
#: the game's view type (``games/<id>/views.py``): what its screen reads from each view
V = TypeVar("V", bound=ViewHeader)


class TableSeat(BaseScreen, Generic[V]):
    """A seat's table: its state, its names and its status line."""

    #: the lines the status line may wrap onto (one: it keeps its one-line size)
    STATUS_LINES = 1

    def __init__(self, client: SeatEnd) -> None:
        super().__init__()
        self.client = client
        #: the replay being stepped through, when this screen shows one rather than a match
        self.replay = client if isinstance(client, ReplayClient) else None
        self.replaying = self.replay is not None
        self.game = get_game(client.game_id)
        self.seat = client.seat
        self.names: list[str] = []  # from MatchInfo
        self.seat_kinds: list[str] = []
        self.view: V | None = None
        self._world: State | None = None  # a state consistent with ``view``, for descriptions
        self.legal: list[Action] = []
        self.turn: int | None = None  # set while it is our decision
        self.thinking: Thinking | None = None
        self.over: MatchOver | None = None
        self._spin = 0
        self._spinner: Timer | None = None
        self._acted = False  # an Act is on its way to the host
        self._chatting = False
        self._chat_from: Widget | None = None  # what gets the focus back when the chat line closes
        self._leaving = False  # quit to home once the host confirms the save
        self.resigned = False  # this seat resigned (the result follows, or the match goes on without us)
        self.hint_candidates: list = []  # the latest hint's [text, share, value, reason, action] rows
        self.hint_plan: list[Action] = []  # the whole line the hint means, its action first
        self.weighed_hidden = False  # a replay: the panel of what the AI weighed put away (h)
        self._my_last_turn: int | None = None  # (at a shared table: the bell rings when the turn comes back)
        self._since: list[str] = []  # what others did since our last decision
        self._since_moves = 0  # how many moves they made
        self._status_lines = 1
        self._summary: Screen | None = None  # the summary shown over the table last
        self.title = self.game.title

    @property
    def player(self) -> int:
        """The seat of a table that plays (``check_action`` keeps the play keys from spectators)."""
        assert self.seat is not None, "a spectator has no seat to play from"
        return self.seat

    def send(self, message) -> None:
        self.run_worker(self.client.send(message), group="send")

    # -- names and words --------------------------------------------------------------------

    def seat_name(self, seat: int | None) -> str:
        """The seat's player, "(you)" after ours: plain text, to go into a ``Text`` (or through
        ``seat_label``), never into markup."""
        if seat is None:
            return NOBODY()
        name = self.names[seat] if 0 <= seat < len(self.names) else PLAYER(n=seat + 1)
        kind = self.seat_kinds[seat] if 0 <= seat < len(self.seat_kinds) else ""
        if is_away(kind):
            return AWAY(name=name)
        if self.stood_in(seat):
            return AI_STANDING_IN(name=name)
        return YOURS(name=name) if seat == self.seat else name

    def decider_name(self, seat: int, decider: str, *, level: bool = False) -> str:
        """The seat's player as the maker of a move ``decider`` decided (``saves.deciders``):
        their name, or "Bob's stand-in" (``level``: with the stand-in's level); never "(you)".
        Plain text, as ``seat_name``."""
        name = self.names[seat] if 0 <= seat < len(self.names) else PLAYER(n=seat + 1)
        return decided_name(name, decider, level=level)

    def stood_in(self, seat: int) -> bool:
        """Whether an AI plays ``seat`` in its person's place now (live: the table's kinds; in a
        replay: at the move shown)."""
        return 0 <= seat < len(self.seat_kinds) and self.seat_kinds[seat] == STANDING_IN

    def short_name(self, seat: int, width: int | None = None) -> str:
        """The seat's player where room is short: "You" for ours, else their name fit to
        ``width`` cells (``fit_name``), the same everywhere on the table."""
        if seat == self.seat:
            return YOU()
        return fit_name(self.names[seat] if 0 <= seat < len(self.names) else PLAYER(n=seat + 1), width)

    def player_name(self, seat: int, width: int | None = None) -> str:
        """``short_name`` as a players table or a season line shows it: marked where an AI plays
        the seat in its person's place ("Bob·AI", "You·AI"), the name cut first to keep the mark."""
        if not self.stood_in(seat):
            return self.short_name(seat, width)
        room = None if width is None else max(1, width - len(STAND_IN_MARK(name="")))
        return STAND_IN_MARK(name=self.short_name(seat, room))

    def seat_label(self, seat: int | None, style: str = "") -> Text:
        """``seat_name`` as a ``Text``: what a table cell, a title or a panel shows."""
        return Text(self.seat_name(seat), style=style)

    def played_by_person(self, seat: int) -> bool:
        """Whether a person plays ``seat`` (their turn is not "thinking"); an unknown or open
        seat is not."""
        if not 0 <= seat < len(self.seat_kinds):
            return False
        if is_away(self.seat_kinds[seat]):
            return True
        try:
            return SeatSpec.parse(self.seat_kinds[seat]).is_person
        except ValueError:
            return False

    def others_are_people(self) -> bool:
        """Whether a person plays a seat other than ours (or will: an open seat)."""
        return any(seat != self.seat and (self.played_by_person(seat) or kind == OPEN)
                   for seat, kind in enumerate(self.seat_kinds))

    def words(self, text: str) -> str:
        """A game's text with its seat fields filled in for this seat ("you" for ours)."""
        return render(text, self.names, self.seat)

    def describe(self, action: Action) -> str:
        """In the game's words, from a world built out of this seat's view only (a spectator,
        who has no seat's view, is never offered actions to read)."""
        if self._world is None:
            return " ".join(map(str, action))
        return self.words(self._world.describe(action, self.seat))

    def _set_view(self, view: dict[str, Any]) -> V:
        """The view the bus carried, read from here on as the game's view type."""
        self.view = typed = cast(V, view)
        if self.seat is not None:
            self._world = self.game.from_view(view, self.seat)
        return typed

    def notify(self, message: str, **kwargs) -> None:
        """One notice at a time over the table: a new one replaces the last (stacked notices
        would cover the board)."""
        self.app.clear_notifications()
        super().notify(message, **kwargs)

    def status_text(self) -> Text:
        if self.replaying:
            return self.replay_text()
        if self.over is not None:
            return Text("The match is over.", style="bold")
        if self.turn is not None:
            return Text("Your turn.", style="bold")
        if self.view is None:
            return Text("Connecting…")
        mover = self.view["to_move"]
        if mover is None or mover == self.seat:  # our move is on its way: the next view says who is next
            return Text("")
        if mover < len(self.seat_kinds) and self.seat_kinds[mover] == OPEN:
            return Text(f"Waiting for a person to take seat {mover + 1} (from the lobby)…")
        if self.played_by_person(mover):  # no spinner: a person may think for minutes
            return Text(f"{self.seat_name(mover)} to play…")
        text = Text(f"{SPINNER[self._spin % len(SPINNER)]} {self.seat_name(mover)} is thinking…")
        if self.thinking is not None and self.thinking.seat == mover:
            text.append(f" {self.thinking.iterations:,} iterations")
        return text

    def replay_text(self) -> Text:
        """Where the replay stands, as a slider that fits the status line whatever the names:
        ``▕████░░░░▏ move 12/80 · Ann's view`` (the footer has the keys); a name is cut only
        where the line has no room for it (14 cells at the least)."""
        assert self.replay is not None
        at, length = self.replay.position, self.replay.length
        filled = round(8 * at / length) if length else 8
        text = Text("▕" + "█" * filled + "░" * (8 - filled) + "▏ ", style="bold")
        text.append(f"move {at}/{length} · ")
        room = max(14, (self.query_one("#status").content_size.width or 80) - len(text) - len("'s view"))
        whose = "the public view" if self.seat is None else f"{fit_name(self.names[self.seat], room)}'s view" \
            if 0 <= self.seat < len(self.names) else f"{SEAT(n=self.seat + 1)}'s view"
        text.append(whose)
        return text

    def show_status(self) -> None:
        """Redraw the status line without laying the table out again (the spinner redraws it
        about seven times a second while an AI thinks), unless it wraps onto more or fewer of
        its ``STATUS_LINES`` than before."""
        status = self.query_one("#status", Static)
        text, lines = self.status_text(), 1
        if self.STATUS_LINES > 1 and status.content_size.width:
            wrapped = text.wrap(self.app.console, status.content_size.width)[:self.STATUS_LINES]
            text, lines = Text("\n").join(wrapped), len(wrapped)
        status.update(text, layout=lines != self._status_lines)
        self._status_lines = lines
        if self._spinner is not None:
            (self._spinner.resume if self.ai_thinking() else self._spinner.pause)()

    def ai_thinking(self) -> bool:
        """Whether the status line shows an AI seat thinking (with the spinner)."""
        if self.replaying or self.over is not None or self.turn is not None or self.view is None:
            return False
        mover = self.view["to_move"]
        return mover is not None and mover != self.seat and not self.played_by_person(mover) and not (
            mover < len(self.seat_kinds) and self.seat_kinds[mover] == OPEN)

    def _tick(self) -> None:
        self._spin += 1
        self.show_status()


def fit_name(name: str, width: int | None) -> str:
    """``name`` whole when it fits in ``width`` cells; else its stable short form: an AI seat's
    name without its level ("AI 2 (normal)" becomes "AI 2"), then cut with an ellipsis, never
    where what is left would read as a label ("You…" of "Youssef" is "Yo…") or end inside
    brackets ("Alice (you…" of "Alice (youth club)" is "Alice…")."""
    if width is None or len(name) <= width:
        return name
    name = LEVEL_SUFFIX.sub("", name)
    if len(name) <= width:
        return name
    head = name[:width - 1].rstrip()
    while head and (reads_as_label(head) or head.count("(") > head.count(")")):
        head = (head[:head.rfind("(")] if head.count("(") > head.count(")") else head[:-1]).rstrip()
    return head + "…"


