"""One hosted match in the hub: its runner, who owns each seat, who is at it now, and the grace
timers of people who dropped (DESIGN §7).

A person who leaves (drops, or goes back to the lobby) keeps their seat; after the match's grace
an AI stand-in plays it until they come back; coming back with the same identity gives it back.
A guest, someone new each visit, comes back with their seat's code instead (``seat_codes``): it
gives the seat to the new visit's identity, and from there on it is the same way back.
A seat kept for a person (a rematch's invitation) waits the same grace for them, then an AI plays
it until they take it; declined, from then on.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Awaitable, Callable, Coroutine
from typing import TypeVar

from caravan_tui.bus import Chat, MatchInfo, MatchOver, SaveStatus, Update
from caravan_tui.engine import Event, seat_field
from caravan_tui.hub_protocol import LobbyRow
from caravan_tui.match.host import MatchHost
from caravan_tui.match.runner import MatchRunner, SeatClient
from caravan_tui.seat_kinds import OPEN, STANDING_IN, away_kind, invited_kind
from caravan_tui.seats import SeatSpec
from caravan_tui.ssh.keeping import Keeping
from caravan_tui.ssh.records import GUEST, HostedRecord
from caravan_tui.ssh.seat_codes import code_hash, fits, new_code

log = logging.getLogger(__name__)
T = TypeVar("T")

#: the log's line where a match resumed from its save after its server stopped
RESUMED = "The server restarted: the match goes on where it stood."


async def to_the_end(work: Awaitable[T]) -> T:
    """Await ``work`` to its end even when the caller is cancelled meanwhile (the cancellation
    is raised once it has ended): a seat changes hands whole or not at all."""
    task = asyncio.ensure_future(work)
    interrupted = False
    while True:
        try:
            result = await asyncio.shield(task)
            break
        except asyncio.CancelledError:
            if task.done():
                raise
            interrupted = True
    if interrupted:
        raise asyncio.CancelledError
    return result


def give_code(record: HostedRecord, seat: int) -> str:
    """A new code for the guest's ``seat`` of ``record``'s match: its hash kept in the record
    (written by the caller), the code itself to be told to the guest."""
    code = new_code()
    record.codes[seat] = code_hash(record.match_id, seat, code)
    return code


class HostedMatch:
    """``runner`` with its ``record``; ``changed`` is called whenever the lobby's row may differ,
    ``over`` once the match is over; ``rating_of(game, identity)`` is what the lobby shows beside
    a seat's name. ``seated`` maps a seat to the hub session playing it now; ``watchers`` counts
    spectators; ``unsaved``: why its host cannot save it just now (as the host last said)."""

    def __init__(
        self,
        runner: MatchRunner,
        record: HostedRecord,
        keeping: Keeping,
        changed: Callable[[], None],
        over: Callable[[HostedMatch], None] = lambda hosted: None,
        rating_of: Callable[[str, str | None], str] = lambda game, identity: "",
    ) -> None:
        self.runner, self.record, self.keeping, self.changed = runner, record, keeping, changed
        self.on_over, self.rating_of = over, rating_of
        self.seated: dict[int, object] = {}
        self.watchers = 0
        self.to_move: int | None = None
        self.turn = runner.host.turn
        self.over = runner.host.status != "playing"
        self.unsaved = runner.host.unsaved
        self._grace: dict[int, asyncio.Task] = {}
        self._grace_ends: dict[int, float] = {}  # (the event loop's clock)
        self._seat_change = asyncio.Lock()  # a stand-in sitting down and a person coming back
        self._standing: set[int] = set()  # seats whose stand-in is sitting down
        self._pending: set[asyncio.Task] = set()  # a leave's log line; stand-ins stopping (nobody is at the table)
        self._feed = runner.client(None)  # the hub's own spectator's view: whose turn, the end
        self._follow: asyncio.Task | None = None
        self._stopped = False
        self._kept: tuple[list, int] = ([], 0)  # the chat and the count of notes last written
        #: each guest's seat code, as told to them (the record keeps only its hash: after a
        #: restart, a code is here again once its guest has entered it)
        self.codes: dict[int, str] = {}

    @property
    def match_id(self) -> str:
        return self.runner.match_id

    @property
    def host(self) -> MatchHost:
        return self.runner.host

    def start(self, resumed: bool = False) -> None:
        """Play, with the chat and seat notes of its log before a restart (``resumed``: its log
        says so, or the people's "away" and "back" read as if they had walked off). Seat the
        people here first (a new match's creator): a match nobody is at waits for its people
        (unless its AIs finish it: then every person's seat starts its grace)."""
        try:
            chat, notes = self.keeping.side_log(self.match_id, len(self.record.owners))
            self.host.chat.extend(chat)
            self.host.notes.extend(notes)
        except (OSError, ValueError) as exc:
            log.warning("match %s: its chat and notes are not kept: %s", self.match_id, exc)
        self._kept = (list(self.host.chat), len(self.host.notes))
        if resumed:
            self._soon(self.host.note(Event(RESUMED)))
        self.runner.start()
        self._follow = asyncio.create_task(self._follow_feed())
        self._graces_for_the_away()
        if self.waiting:
            self._soon(self._hold())  # (a match resumed with nobody at it: its stand-ins stop)

    def stop(self) -> None:
        self._stopped = True  # sessions ending after this start no grace
        for seat in list(self._grace):
            self.cancel_grace(seat)
        for pending in list(self._pending):
            pending.cancel()
        if self._follow is not None:
            self._follow.cancel()
        self.runner.stop()

    # -- seats -----------------------------------------------------------------------------

    def owner(self, seat: int) -> str | None:
        return self.record.owners[seat]

    def seat_of(self, identity: str) -> int | None:
        return next((seat for seat, owner in enumerate(self.record.owners) if owner == identity), None)

    def is_open(self, seat: int) -> bool:
        """Whether ``seat`` may be taken: nobody's yet, and waiting for a person or kept for one
        (an AI may play a kept seat until its person takes it)."""
        if self.owner(seat) is not None:
            return False
        spec = self.host.seats[seat]
        return (spec.kind == "remote" and spec.who is None) or seat in self.record.invited

    async def take(self, seat: int, identity: str, name: str, sit: Callable[[], None]) -> None:
        """``identity`` takes ``seat``: an open seat becomes theirs; their own seat, played by a
        stand-in, comes back to them. The caller checked that they may.

        One step with seating them: ``sit`` puts their session at the seat once no other change
        of the seat is under way and before anything else is awaited, so a session that ends at
        any point of the hand-off either never sat (nothing changed) or leaves like anyone
        seated (the grace, then a stand-in); the seat change itself runs to its end either way,
        before the next change of the seat (a stand-in sitting down) may begin."""
        async with self._seat_change:
            spec = SeatSpec("remote", who=identity)
            joining = self.is_open(seat)
            if joining:
                invited = self.record.invited.pop(seat, None)
                self.record.owners[seat] = identity
                code = give_code(self.record, seat) if identity.startswith(GUEST) else None
                try:
                    self.save_record()
                except OSError:
                    self.record.owners[seat] = None
                    self.record.codes.pop(seat, None)
                    if invited is not None:
                        self.record.invited[seat] = invited
                    raise
                if code is not None:
                    self.codes[seat] = code
            self.cancel_grace(seat)
            sit()
            if joining or self.host.seats[seat] != spec:
                await to_the_end(self.runner.give_back(seat, spec, name, joining=joining))
            else:  # back within the grace (or to a match that waited)
                await self.host.note(Event(f"{seat_field(seat)} {seat_field(seat, 'is')} back."))

    def sit(self, seat: int, session: object) -> None:
        """``session`` is at ``seat`` now; the first person back at a table nobody was at
        starts the graces of the others still away."""
        first = not self.seated
        self.seated[seat] = session
        if first:
            self._graces_for_the_away()

    def leave(self, seat: int) -> None:
        """The session at ``seat`` left: a person's seat waits out its grace, then a stand-in
        plays it; once nobody is at the table the match waits (unless its AIs finish it)."""
        del self.seated[seat]
        if self.owner(seat) is not None and not self.over:
            self._soon(self.host.note(Event(f"{seat_field(seat)} {seat_field(seat, 'is')} away.")))
            self.start_grace(seat)
        if self.waiting:
            for away in list(self._grace):
                self.cancel_grace(away)
            self._soon(self._hold())

    @property
    def waiting(self) -> bool:
        """Whether the match waits for its people: nobody is at the table, someone with a key may
        come back to it, and its AIs are not to finish it. A match of guests alone is played on
        by its stand-ins (until a guest is back with their seat's code): a guest may never come
        back, and one who leaves and comes in again could fill the server with matches waiting."""
        return (
            not self.seated
            and not self.record.ai_finish
            and not self.over
            and any(owner is not None and not owner.startswith(GUEST) for owner in self.record.owners)
        )

    def _graces_for_the_away(self) -> None:
        """A grace for each person's seat nobody is at, and for each seat kept for a person that
        nobody plays yet (a rematch asked for by one person waited for the others for ever)."""
        for seat, owner in enumerate(self.record.owners):
            if (owner is not None or seat in self.record.invited) and seat not in self.seated:
                self.start_grace(seat)

    def _soon(self, work: Coroutine[object, object, None]) -> None:
        task = asyncio.create_task(work)
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def _hold(self) -> None:
        """Every stand-in stops, its seat its person's again, while nobody is at the table."""
        async with self._seat_change:
            for seat, owner in enumerate(self.record.owners):
                if not self.waiting or self._stopped:
                    return
                if owner is not None and not self.host.seats[seat].is_person:
                    try:
                        await to_the_end(self.runner.hold(seat, SeatSpec("remote", who=owner)))
                    except Exception:  # a failed save: the stand-in plays on until someone is back
                        log.exception("match %s: the stand-in for seat %d plays on", self.match_id, seat + 1)

    def give_up(self, seat: int) -> None:
        """The owner resigned: the seat is no longer theirs to come back to (its result still is)."""
        self.cancel_grace(seat)
        owner = self.record.owners[seat]
        if owner is not None:
            self.record.left[seat] = owner
        self.record.owners[seat] = None
        self.record.codes.pop(seat, None)  # (nothing to come back to)
        self.codes.pop(seat, None)
        self.save_record()

    def seat_of_code(self, code: str) -> int | None:
        """The guest's seat ``code`` (a normal one) gives back, if it is one of this match's
        and its guest has not given it up."""
        if self.over:
            return None
        return next(
            (
                seat
                for seat, kept in self.record.codes.items()
                if (owner := self.owner(seat)) is not None
                and owner.startswith(GUEST)
                and fits(kept, self.match_id, seat, code)
            ),
            None,
        )

    def client(self, seat: int | None) -> SeatClient:
        """The end of ``seat`` for its person (who may be taking it back from a stand-in), or of
        a spectator (None)."""
        return self.runner.client(seat, coming_back=seat is not None and self.owner(seat) is not None)

    def release(self, client: SeatClient) -> None:
        self.runner.release(client)

    # -- grace ----------------------------------------------------------------------------

    def start_grace(self, seat: int) -> None:
        """The seat's person is away: after the grace, a stand-in plays until they return."""
        if (
            self.over
            or self._stopped
            or self.waiting
            or seat in self._grace
            or seat in self.seated
            or not self.host.seats[seat].is_person
        ):
            return
        self._grace[seat] = asyncio.create_task(self._stand_in_after_grace(seat))
        self._grace_ends[seat] = asyncio.get_running_loop().time() + self.record.grace

    def grace_left(self, seat: int) -> int | None:
        """Whole seconds until an AI takes ``seat`` (None: no grace runs for it)."""
        if seat not in self._grace:
            return None
        return max(0, math.ceil(self._grace_ends[seat] - asyncio.get_running_loop().time()))

    def cancel_grace(self, seat: int) -> None:
        self._grace_ends.pop(seat, None)
        waiting = self._grace.pop(seat, None)
        if waiting is not None:
            waiting.cancel()

    async def _stand_in_after_grace(self, seat: int) -> None:
        await asyncio.sleep(self.record.grace)
        async with self._seat_change:
            self._grace.pop(seat, None)  # from here on, coming back waits for the stand-in to sit down
            self._grace_ends.pop(seat, None)
            if self.over or self.waiting or seat in self.seated or not self.host.seats[seat].is_person:
                return
            self._standing.add(seat)
            spec = SeatSpec.ai(self.record.stand_in)
            try:
                if self.owner(seat) is None:  # (a seat kept for a person who has not come)
                    await to_the_end(self.runner.stand_in_for_invited(seat, spec))
                else:
                    await to_the_end(self.runner.stand_in(seat, spec, until_back=True))
            except Exception:  # a failed save: the seat waits for its person instead
                log.exception("match %s: no stand-in for seat %d", self.match_id, seat + 1)
            finally:
                self._standing.discard(seat)

    def who_plays(self, seat: int) -> str:
        """Who has ``seat`` now: "person" (a session is at it), "grace" (its person left; the
        grace runs), "stand-in" (an AI plays it, or is sitting down), "ai" (an AI seat),
        "open", "waits" (nobody is at the table: the match waits for its people), or "nobody"
        (a person's seat nobody plays while others wait for it, which must not last)."""
        if seat in self.seated:
            return "person"
        if seat in self._grace:
            return "grace"
        if self.is_open(seat):
            return "open"
        if self.owner(seat) is None:
            return "person" if self.host.seats[seat].is_person else "ai"
        if seat in self._standing or not self.host.seats[seat].is_person:
            return "stand-in"
        return "waits" if self.waiting else "nobody"

    def table_kinds(self, seats: list[str]) -> list[str]:
        """What a table is told of each seat (``seats`` as saved), without identities (a
        fingerprint is nobody else's business): "remote" for a person's seat, "open" for one
        still open ("invited" where it is kept for one person: a rematch's; "invited:S" while
        an AI is to play it in S seconds), "away" or "away:S" for a person's seat they left for
        a while (an AI takes it in S seconds), "stand-in" for one an AI plays in their place
        (until they come back, or for good once they resigned), and the kind
        of any other seat ("ai"). Once the match is over, nobody is away."""
        kinds = []
        for seat, text in enumerate(seats):
            kind = OPEN if text == "remote" else text.partition(":")[0]
            if kind == OPEN and seat in self.record.invited:
                kind = invited_kind(self.grace_left(seat))
            who = self.who_plays(seat) if not self.over and self.owner(seat) is not None else "person"
            if who == "stand-in" or (self.owner(seat) is None and seat in self.host.standing_in):
                kind = STANDING_IN
            elif who != "person":  # its grace runs, the match waits for its people, or (never for long) nobody
                kind = away_kind(self.grace_left(seat))
            kinds.append(kind)
        return kinds

    # -- the lobby ------------------------------------------------------------------------

    def kept_for_another(self, seat: int, identity: str | None) -> bool:
        """Whether ``seat`` is kept for someone other than ``identity`` (a rematch's invitation)."""
        return self.record.invited.get(seat, identity) != identity

    def invited_seat(self, identity: str) -> int | None:
        return next((seat for seat, who in self.record.invited.items() if who == identity), None)

    async def decline(self, identity: str) -> int | None:
        """``identity`` will not take the seat kept for them: an AI plays it from now on (the
        others play on, told so); the seat that was kept (None: none was)."""
        async with self._seat_change:
            seat = self.invited_seat(identity)
            if seat is None or self.over:
                return None
            del self.record.invited[seat]
            try:
                self.save_record()
            except OSError:
                self.record.invited[seat] = identity
                raise
            self.cancel_grace(seat)
            await to_the_end(self.runner.stand_in_for_invited(seat, SeatSpec.ai(self.record.stand_in), declined=True))
            return seat

    def uninvite(self, identity: str) -> bool:
        """The seat kept for ``identity`` is open to anyone again (they cannot come back for it:
        a guest who left); whether one was kept."""
        seat = self.invited_seat(identity)
        if seat is None:
            return False
        del self.record.invited[seat]
        try:
            self.save_record()
        except OSError as exc:  # kept as it was: the seat stays kept until a restart reads the record
            log.warning("match %s: seat %d is still kept for a guest who left: %s", self.match_id, seat + 1, exc)
        return True

    def row(self, identity: str | None) -> LobbyRow:
        kinds = []
        for seat, spec in enumerate(self.host.seats):
            if self.is_open(seat):
                kinds.append("invited" if self.kept_for_another(seat, identity) else "open")
            elif self.owner(seat) is None:
                kinds.append("person" if spec.is_person else STANDING_IN if seat in self.host.standing_in else "ai")
            elif seat in self.seated:
                kinds.append("person")
            else:  # (once its stand-in plays, said so: "(away)" read as a seat still waiting)
                kinds.append(STANDING_IN if self.who_plays(seat) == "stand-in" else "away")
        snap = self.host.snapshot
        # (a rematch's seat kept for its person shows their rating, as a seat they sit in does)
        ratings = [
            self.rating_of(snap.game_id, self.owner(seat) or self.record.invited.get(seat))
            for seat in range(len(kinds))
        ]
        return LobbyRow(
            self.match_id,
            snap.game_id,
            list(snap.names),
            kinds,
            self.to_move,
            self.turn,
            self.watchers,
            self.seat_of(identity) if identity else None,
            self.unsaved,
            self.waiting,
            identity is not None and self.invited_seat(identity) is not None,
            ratings,
            self.code_of(identity),
        )

    def code_of(self, identity: str | None) -> str:
        """The code of the seat ``identity`` holds, told to them alone ("": none, or not known
        here)."""
        seat = self.seat_of(identity) if identity else None
        return self.codes.get(seat, "") if seat is not None else ""

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
                ended, self.over, self.to_move = not self.over, True, None
                for seat in list(self._grace):
                    self.cancel_grace(seat)
                if ended:  # (a spectator's sync repeats the end)
                    self.on_over(self)
            elif not isinstance(msg, (MatchInfo, SaveStatus)):
                continue
            self.changed()
