"""One hosted match in the hub: its runner, who owns each seat, who is at it now, and the grace
timers of people who dropped (DESIGN §7).

A person who leaves (drops, or goes back to the lobby) keeps their seat; after the match's grace
an AI stand-in plays it until they come back; coming back with the same identity gives it back.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from caravan_tui.bus import Chat, MatchInfo, MatchOver, SaveStatus, Update
from caravan_tui.match.host import MatchHost
from caravan_tui.match.runner import MatchRunner, SeatClient
from caravan_tui.seats import SeatSpec
from caravan_tui.ssh.keeping import Keeping
from caravan_tui.ssh.protocol import LobbyRow
from caravan_tui.ssh.records import HostedRecord

log = logging.getLogger(__name__)


class HostedMatch:
    """``runner`` with its ``record``; ``changed`` is called whenever the lobby's row may differ.
    ``seated`` maps a seat to the hub session playing it now; ``watchers`` counts spectators;
    ``unsaved``: why its host cannot save it just now (as the host last said)."""

    def __init__(self, runner: MatchRunner, record: HostedRecord, keeping: Keeping,
                 changed: Callable[[], None]) -> None:
        self.runner, self.record, self.keeping, self.changed = runner, record, keeping, changed
        self.seated: dict[int, object] = {}
        self.watchers = 0
        self.to_move: int | None = None
        self.turn = runner.host.turn
        self.over = runner.host.status != "playing"
        self.unsaved = runner.host.unsaved
        self._grace: dict[int, asyncio.Task] = {}
        self._seat_change = asyncio.Lock()  # a stand-in sitting down and a person coming back
        self._feed = runner.client(None)  # the hub's own spectator's view: whose turn, the end
        self._follow: asyncio.Task | None = None
        self._stopped = False
        self._kept: tuple[list, int] = ([], 0)  # the chat and the count of notes last written

    @property
    def match_id(self) -> str:
        return self.runner.match_id

    @property
    def host(self) -> MatchHost:
        return self.runner.host

    def start(self) -> None:
        """Play, with the chat and seat notes of its log before a restart; every person's seat
        with an owner not here starts its grace (a resumed match)."""
        try:
            chat, notes = self.keeping.side_log(self.match_id, len(self.record.owners))
            self.host.chat.extend(chat)
            self.host.notes.extend(notes)
        except (OSError, ValueError) as exc:
            log.warning("match %s: its chat and notes are not kept: %s", self.match_id, exc)
        self._kept = (list(self.host.chat), len(self.host.notes))
        self.runner.start()
        self._follow = asyncio.create_task(self._follow_feed())
        for seat, owner in enumerate(self.record.owners):
            if owner is not None and self.host.seats[seat].is_person:
                self.start_grace(seat)

    def stop(self) -> None:
        self._stopped = True  # sessions ending after this start no grace
        for seat in list(self._grace):
            self.cancel_grace(seat)
        if self._follow is not None:
            self._follow.cancel()
        self.runner.stop()

    # -- seats -----------------------------------------------------------------------------

    def owner(self, seat: int) -> str | None:
        return self.record.owners[seat]

    def seat_of(self, identity: str) -> int | None:
        return next((seat for seat, owner in enumerate(self.record.owners) if owner == identity), None)

    def is_open(self, seat: int) -> bool:
        spec = self.host.seats[seat]
        return self.owner(seat) is None and spec.kind == "remote" and spec.who is None

    async def take(self, seat: int, identity: str, name: str) -> None:
        """``identity`` takes ``seat``: an open seat becomes theirs; their own seat, played by a
        stand-in, comes back to them. The caller checked that they may, and seats them before
        it next waits (so a stand-in cannot sit down after this)."""
        async with self._seat_change:
            self.cancel_grace(seat)
            spec = SeatSpec("remote", who=identity)
            if self.is_open(seat):
                self.record.owners[seat] = identity
                self.save_record()
                await self.runner.give_back(seat, spec, name, joining=True)
            elif self.host.seats[seat] != spec:
                await self.runner.give_back(seat, spec, name)

    def give_up(self, seat: int) -> None:
        """The owner resigned: the seat is no longer theirs to come back to."""
        self.cancel_grace(seat)
        self.record.owners[seat] = None
        self.save_record()

    def client(self, seat: int | None) -> SeatClient:
        return self.runner.client(seat)

    def release(self, client: SeatClient) -> None:
        self.runner.release(client)

    # -- grace ----------------------------------------------------------------------------

    def start_grace(self, seat: int) -> None:
        """The seat's person is away: after the grace, a stand-in plays until they return."""
        if self.over or self._stopped or seat in self._grace or seat in self.seated:
            return
        self._grace[seat] = asyncio.create_task(self._stand_in_after_grace(seat))

    def cancel_grace(self, seat: int) -> None:
        waiting = self._grace.pop(seat, None)
        if waiting is not None:
            waiting.cancel()

    async def _stand_in_after_grace(self, seat: int) -> None:
        await asyncio.sleep(self.record.grace)
        async with self._seat_change:
            self._grace.pop(seat, None)  # from here on, coming back waits for the stand-in to sit down
            if self.over or seat in self.seated or not self.host.seats[seat].is_person:
                return
            try:
                await self.runner.stand_in(seat, SeatSpec.ai(self.record.stand_in), until_back=True)
            except Exception:  # a failed save: the seat waits for its person instead
                log.exception("match %s: no stand-in for seat %d", self.match_id, seat + 1)

    # -- the lobby ------------------------------------------------------------------------

    def row(self, identity: str | None) -> LobbyRow:
        kinds = []
        for seat, spec in enumerate(self.host.seats):
            if self.is_open(seat):
                kinds.append("open")
            elif self.owner(seat) is None:
                kinds.append("ai" if not spec.is_person else "person")
            else:
                kinds.append("person" if seat in self.seated else "away")
        snap = self.host.snapshot
        return LobbyRow(self.match_id, snap.game_id, list(snap.names), kinds, self.to_move, self.turn,
                        self.watchers, self.seat_of(identity) if identity else None, self.unsaved)

    @property
    def done(self) -> bool:
        """Over and written: nobody needs the match in memory once nobody is at it."""
        return self.over and not self.unsaved

    def save_record(self) -> None:
        self.keeping.keep_record(self.record)

    def _keep_side_log(self) -> None:
        """Write the chat and the notes when either changed."""
        now = (list(self.host.chat), len(self.host.notes))
        if now == self._kept:
            return
        try:
            self.keeping.keep_side_log(self.match_id, self.host.chat, self.host.notes)
            self._kept = now
        except OSError as exc:  # the match goes on; only a restart would lose the lines
            log.warning("match %s: chat and notes not saved: %s", self.match_id, exc)

    async def _follow_feed(self) -> None:
        while True:
            msg = await self._feed.get()
            if isinstance(msg, (Chat, Update)):
                self._keep_side_log()
            if isinstance(msg, Chat):
                continue
            if isinstance(msg, (Update, SaveStatus)):
                self.unsaved = msg.unsaved
            if isinstance(msg, Update):
                self.to_move, self.turn = msg.view.get("to_move"), msg.turn
            elif isinstance(msg, MatchOver):
                self.over, self.to_move = True, None
                for seat in list(self._grace):
                    self.cancel_grace(seat)
            elif not isinstance(msg, (MatchInfo, SaveStatus)):
                continue
            self.changed()
