"""The hub: the one owner of every hosted match, and the far end of every person's session
(DESIGN §7).

Each session reaches the hub over its own Unix socket, bound at the start to the identity the
SSH server authenticated; nothing the session sends can change who it is. Every frame is
checked (``framing``, then ``request_from_map``), and a request about a match must come from the
seat the hub seated that identity at (or, for a spectator, speak for no seat). Anything else gets
a short ``Refused`` and changes nothing. A session receives only what its seat's address (or
the spectators') receives, so hidden information never leaves the hub except in that seat's view.

Hosted matches live under ``root`` (saves in ``root/saves``, one checked load path, one lock
per match; each match's ``HostedRecord`` in ``root/hosted``), or in PostgreSQL when the server
was given a database (``store`` and ``keeping``). On start the hub resumes every one of them
still being played that no other server hosts.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import math
import random
import secrets
import time
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path

from caravan_tui.ai.worker import AIWorker
from caravan_tui.bus import (
    Act,
    Chat,
    HintRequest,
    MatchInfo,
    Message,
    Resign,
    SaveRequest,
    Sync,
    UndoRequest,
    Update,
    host_address,
)
from caravan_tui.games import GAMES
from caravan_tui.hub_protocol import (
    HELD_BY_A_SEAT,
    MAX_REPLAY,
    SEAT_CHOICES,
    SEAT_CODE_WAY,
    STOPPING,
    STOPPING_GUEST,
    STOPPING_SAVED,
    AskHistory,
    AskLeaderboard,
    AskWebLink,
    Crashed,
    CreateMatch,
    DeclineRematch,
    FinishedRow,
    Goodbye,
    History,
    Ignore,
    Introduced,
    Joined,
    JoinSeat,
    Leaderboard,
    LeaveMatch,
    Left,
    Lobby,
    Moderate,
    PlayAgain,
    Rated,
    Refused,
    Replay,
    ReviewMatch,
    SetName,
    TakeSeatBack,
    Told,
    Watch,
    WatchReplay,
    WebLink,
    Welcome,
    request_from_map,
)
from caravan_tui.lookalikes import look_alike, marks, name_problem
from caravan_tui.match.host import STAND_IN, save_problem
from caravan_tui.match.runner import MatchRunner, SeatClient
from caravan_tui.safe_text import plain
from caravan_tui.saves.backend import MatchLocked, MatchStore
from caravan_tui.saves.codec import DamagedSave
from caravan_tui.saves.codec import encode as encode_snapshot
from caravan_tui.saves.snapshot import new_match_id
from caravan_tui.saves.store import SaveStore
from caravan_tui.seat_kinds import OPEN, YOU
from caravan_tui.seat_labels import OPEN_SEAT, ai_seat_name
from caravan_tui.seats import SeatSpec
from caravan_tui.ssh.finished import HISTORY_ROWS, FinishedMatches, read_ended
from caravan_tui.ssh.framing import MAX_REQUEST, BadFrame, FrameTooLong, encode, read_frame
from caravan_tui.ssh.hosted import HostedMatch, give_code
from caravan_tui.ssh.keeping import FileKeeping, Keeping
from caravan_tui.ssh.moderation import Ban
from caravan_tui.ssh.ratings import Change
from caravan_tui.ssh.records import GUEST, HostedRecord
from caravan_tui.ssh.reviews import HubReviews
from caravan_tui.ssh.seat_codes import normal
from caravan_tui.ssh.standings import Standings

log = logging.getLogger(__name__)

#: a seat code refused: a code takes back a seat of a match still played ("check it" alone, of a
#: finished match's code, read as a typing slip)
NOT_A_SEAT_CODE = (
    "that is not the code of a seat being played here (a code ends with its match): check it and try again"
)

#: requests that act on the match a session is in
MATCH_REQUESTS = (Act, HintRequest, UndoRequest, Resign, SaveRequest, Sync, Chat)
MatchRequest = Act | HintRequest | UndoRequest | Resign | SaveRequest | Sync | Chat
MAX_MATCHES = 64  # being played at once
MAX_MATCHES_EACH = 4  # matches being played in which one person holds a seat
MAX_REASON = 160
NOT_PLAYED = "that match is not being played"
#: a match still being played that no server hosts: its server stopped, another takes it over
BETWEEN_SERVERS = "that match is between servers: one takes it over in a moment, try again then"
#: seconds a session's allowance of each of these kinds takes to refill one request (each costs
#: the server work); ``REQUEST_BURST`` of a kind may come at once (a person's quick second look)
SPACING = {
    HintRequest: 2.0,
    Chat: 0.5,
    CreateMatch: 1.0,
    UndoRequest: 1.0,
    Sync: 1.0,
    SaveRequest: 1.0,
    Crashed: 1.0,
    ReviewMatch: 1.0,
    AskLeaderboard: 2.0,
    AskHistory: 1.0,
    TakeSeatBack: 5.0,  # (a seat code guessed: a few tries a minute per connection)
}
REQUEST_BURST = 3
LOBBY_DELAY = 1.0  # seconds: changes within it reach the lobby as one (each redraws every lobby)
RATINGS_EVERY = 5.0  # seconds: a lobby sent after this long looks for what other servers rated meanwhile
LEADERS = 10  # players each game's leaderboard lists
#: chat lines one person may say in ``CHAT_WINDOW`` seconds, over all their sessions
CHAT_BURST, CHAT_WINDOW = 5, 10.0
MAX_IGNORED = 100  # names one session hides the chat of
#: what the people at a match that another server took over read
MOVED = "this match is now hosted by another server: enter in the lobby takes you back to it"


def _send_now(session: object, message: Message) -> None:
    """Write ``message`` to a session at once (after what was written before it; its own loop
    ends a session that is gone)."""
    if isinstance(session, Session) and not session.writer.is_closing():
        session.writer.write(encode(message.to_map()))


def guest_identity() -> str:
    return f"{GUEST}{secrets.token_hex(6)}"


def banned_words(ban: Ban) -> str:
    """What a banned person reads as their session ends."""
    return f"This key is banned from this server{': ' + ban.reason if ban.reason else ''}."


class Session:
    """One person's session at the hub: who they are and the match they are in, if any."""

    def __init__(self, identity: str, name: str, guest: bool, writer: asyncio.StreamWriter) -> None:
        self.identity, self.name, self.guest, self.writer = identity, name, guest, writer
        #: who the connection said it was (a guest back with a seat code becomes its owner)
        self.connected_as = identity
        self.match: HostedMatch | None = None
        self.seat: int | None = None
        self.client: SeatClient | None = None
        self.forward: asyncio.Task | None = None
        #: per kind of request spaced out (``SPACING``): the requests it may still make at once and when
        self.allowance: dict[type, tuple[float, float]] = {}
        #: the finished matches their lobby lists (None: to be read again, as a match may have ended)
        self.finished: list[dict] | None = None
        self.ignoring: set[str] = set()  # the names (casefolded) whose chat this session hides

    async def send(self, message: Message) -> None:
        """ConnectionError if the session's connection is closed already (a closed TLS transport
        of a link fails any other way: ``AttributeError`` from asyncio)."""
        if self.writer.is_closing():
            raise ConnectionResetError("the session's connection is closed")
        self.writer.write(encode(message.to_map()))
        await self.writer.drain()

    def too_soon(self, kind: type) -> bool:
        """A token bucket per kind: up to ``REQUEST_BURST`` at once (a person looking up their
        record, then someone's, within a second), then one each ``SPACING`` seconds (a flood)."""
        spacing = SPACING.get(kind)
        if spacing is None:
            return False
        now = time.monotonic()
        left, then = self.allowance.get(kind, (REQUEST_BURST, now))
        left = min(REQUEST_BURST, left + (now - then) / spacing) if spacing else REQUEST_BURST
        if left < 1:
            self.allowance[kind] = (left, now)
            return True
        self.allowance[kind] = (left - 1, now)
        return False


def _taken_words(name: str, taken: str, by_a_seat: bool) -> str:
    """Why ``name`` is refused: ``taken`` holds it (the same name or one that looks like it);
    ``by_a_seat``: only a seat of a running match shows it, a guest's who left (an AI may play on
    there). A guest back after a restart read "Gus is taken" of their own name with nobody in
    the lobby under it: a new visit cannot be told from someone borrowing it, but their seat's
    code proves them, and takes the name back with the seat."""
    if taken.casefold() != name.casefold():
        return f"{name} looks like {taken}, a name taken here: choose another name"
    if by_a_seat:  # (the client asks for its seat code there: a guest back for it had to make a name up first)
        return f"{name} {HELD_BY_A_SEAT}: {SEAT_CODE_WAY}"
    return f"{name} is taken: choose another name"


class Hub:
    """Hosted matches and the sessions at them. ``iterations`` caps every AI seat's budget
    (tests, benchmarks); ``grace`` is the grace a new match offers first. ``store`` and
    ``keeping``: where the matches and the rest are kept (the files under ``root`` unless given)."""

    def __init__(
        self,
        root: Path,
        worker: AIWorker,
        *,
        iterations: int | None = None,
        grace: int = 60,
        store: MatchStore | None = None,
        keeping: Keeping | None = None,
        operators: frozenset[str] = frozenset(),
    ) -> None:
        self.root = Path(root)
        self.store: MatchStore = store if store is not None else SaveStore(self.root)
        self.keeping: Keeping = keeping if keeping is not None else FileKeeping(self.root)
        self.finished = FinishedMatches(self.store, self.keeping)
        self.standings = Standings(self.store, self.keeping.rated, self.keeping.record)
        self.rating_check: asyncio.Task | None = None  # (``check_ratings``)
        self._ratings_looked = 0.0  # (the monotonic clock)
        self.identities = self.keeping.names
        self.worker, self.iterations, self.grace = worker, iterations, grace
        self.operators = operators  # the keys of the server's operators (``--admin-keys``)
        self._said: dict[str, list[float]] = {}  # when each person's latest chat lines were said
        self.matches: dict[str, HostedMatch] = {}
        self.sessions: set[Session] = set()
        #: the names (casefolded) whose chat each identity hides, while the hub runs
        self.hidden: dict[str, set[str]] = {}
        self._lobby_due: asyncio.TimerHandle | None = None
        self._lobby_sent = -math.inf  # (the event loop's clock)
        self._sending: set[asyncio.Task] = set()  # lobbies on their way
        self.reviews = HubReviews(self.keeping.reviews, self.store, self.finished, worker, iterations, _send_now)
        self._announcing: set[asyncio.Task] = set()  # seats' match info, after a person left
        #: the web seat's sign-in links: (url, minutes) for an identity (None: no web seat here)
        self.web_link: Callable[[str], tuple[str, int]] | None = None

    # -- life -------------------------------------------------------------------------------

    def start(self) -> list[str]:
        """Resume every hosted match still being played that is not hosted here or by another
        server; returns why any could not be. Called again, it takes over the matches of a
        server that stopped."""
        problems = []
        for match_id, record in self.keeping.records():
            if match_id in self.matches:
                continue
            try:
                if isinstance(record, str):
                    raise ValueError(record)
                if record.closed is not None:
                    continue
                if self.store.read(record.match_id).status != "playing":
                    continue
                runner = MatchRunner.resume(record.match_id, self.store, worker=self.worker, iterations=self.iterations)
                if len(record.owners) != runner.host.snapshot.players:
                    runner.host.close()
                    raise ValueError("its seats do not match the save")
            except MatchLocked:
                continue  # another server hosts it
            except (OSError, ValueError, DamagedSave) as exc:
                problems.append(f"{match_id}: {getattr(exc, 'reason', exc)}")
                continue
            except Exception as exc:  # one match's failure of any kind: the others are resumed
                log.exception("match %s: not resumed", match_id)
                problems.append(f"{match_id}: {exc!r}")
                continue
            self._host(runner, record)
        for problem in problems:
            log.warning("not resumed: %s", problem)
        return problems

    def check_ratings(self) -> asyncio.Task:
        """Check the kept ratings against the records of every finished match, off the loop
        (``Standings.check``); the lobby shows "?" beside names until it is done."""

        async def check() -> None:
            try:
                records = await asyncio.to_thread(self.keeping.finished_records)
                await asyncio.to_thread(self.standings.check, records)
            except OSError as exc:
                log.warning("the ratings are not checked: %s", exc)
            self.lobby_changed()

        self.rating_check = asyncio.create_task(check())
        return self.rating_check

    def stop(self) -> None:
        if self.rating_check is not None:
            self.rating_check.cancel()
        for hosted in self.matches.values():
            if hosted.unsaved:
                log.warning("match %s: stopped with moves not saved (%s)", hosted.match_id, hosted.unsaved)
            hosted.stop()
        self.matches.clear()

    async def let_go(self, match_id: str, reason: str) -> None:
        """Stop hosting ``match_id`` (another server hosts it now): its sessions go back to the
        lobby, told ``reason``; its seats start no grace here."""
        hosted = self.matches.pop(match_id, None)
        if hosted is None:
            return
        hosted.stop()
        for session in [s for s in self.sessions if s.match is hosted]:
            self._detach(session)
            try:
                await self._tell(session, Left(match_id, reason))
                await self._send_lobby(session)
            except Exception:  # one connection's failure: the others are told, the caller goes on
                log.exception("match %s: cannot send %s to the lobby", match_id, session.identity)
        self.lobby_changed()

    def database_back(self) -> None:
        """What keeps the matches is reachable again (after an outage): every match not saved
        tries its save at once, not at the end of its back-off."""
        for hosted in self.matches.values():
            hosted.host.retry_now()

    def farewell(self, identity: str) -> str:
        """What ``identity`` (a connection's: ``Session.connected_as``) reads as the server stops:
        whether the matches they play are saved. A guest who took a seat back with its code is
        its owner since: they read "connect again later" alone, no word of the match or code."""
        identity = next((s.identity for s in self.sessions if s.connected_as == identity), identity)
        theirs = [m for m in self.matches.values() if not m.over and m.seat_of(identity) is not None]
        unsaved = next((m.host.unsaved for m in theirs if m.host.unsaved), "")
        if unsaved:
            return f"The server is stopping; your match's last moves are not saved ({unsaved}): connect again later."
        code = next((code for m in theirs if (code := m.code_of(identity))), "")
        if code:  # (a guest: the next visit is someone new, who comes back with the code)
            return STOPPING_GUEST.format(code=code)
        return STOPPING_SAVED if theirs else STOPPING

    def _host(self, runner: MatchRunner, record: HostedRecord) -> HostedMatch:
        """Host a match resumed from its save."""
        hosted = self._hosted(runner, record)
        hosted.start(resumed=True)
        return hosted

    def _hosted(self, runner: MatchRunner, record: HostedRecord) -> HostedMatch:
        """``runner`` hosted here from now on, its lobby row showing ratings, rated once it is over."""
        hosted = HostedMatch(runner, record, self.keeping, self.lobby_changed, self._rate_soon, self.standings.shown)
        self.matches[hosted.match_id] = hosted
        self._let_go_when_moved(hosted)
        return hosted

    def _let_go_when_moved(self, hosted: HostedMatch) -> None:
        """Let go of ``hosted`` as soon as its store refuses its host as stale (another server
        opened the match since), in a task of its own: the host's own task is among those
        ``let_go`` stops."""

        def moved() -> None:
            if self.matches.get(hosted.match_id) is hosted:
                log.warning("match %s: another server hosts it now", hosted.match_id)
                moving = asyncio.create_task(self.let_go(hosted.match_id, MOVED))
                self._sending.add(moving)
                moving.add_done_callback(self._sending.discard)

        hosted.host.on_superseded = moved

    # -- a session --------------------------------------------------------------------------

    async def serve(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        identity: str,
        guest: bool = False,
        name: str = "",
        seated: bool = True,
    ) -> None:
        """Serve one session until it closes. ``identity`` is who the SSH server says it is;
        ``name``: a guest's, chosen on the server the session came from (a guest's name is kept
        nowhere), taken here as if they had just chosen it. ``seated``: straight back into a
        seat the person holds here (``_arrive``); False for a session brought back from a server
        that went, told to press Enter in the lobby (whether this hub has taken the match over
        yet or not: the same screen either way)."""
        try:
            known = "" if guest else await asyncio.to_thread(self.identities.name, identity)  # (the database
            introduced = await asyncio.to_thread(self.identities.games_introduced, identity)  # may not answer)
        except OSError as exc:  # (the database is down): say so and end, never leave the person waiting
            log.warning("cannot look up the name of %s: %s", identity, exc)
            with suppress(ConnectionError):
                writer.write(
                    encode(
                        Goodbye(
                            f"The server cannot reach what it keeps ({save_problem(exc)}): try again in a moment."
                        ).to_map()
                    )
                )
                await writer.drain()
            writer.close()
            return
        ban = None if guest else await asyncio.to_thread(self._ban_of, identity)
        if ban is not None:
            with suppress(ConnectionError):
                writer.write(encode(Goodbye(banned_words(ban)).to_map()))
                await writer.drain()
            writer.close()
            return
        session = Session(identity, known, guest, writer)
        session.ignoring = self.hidden.get(identity, session.ignoring)  # (kept across a dropped connection)
        self.sessions.add(session)
        try:
            await session.send(
                Welcome(
                    identity,
                    session.name,
                    guest,
                    self.grace,
                    introduced,
                    identity in self.operators,
                    self.web_link is not None,
                )
            )
            if session.name:
                await self._arrive(session, seated)
            elif guest and name:
                await self._set_name(session, name, seated)
            while True:
                try:
                    msg = request_from_map(await read_frame(reader, MAX_REQUEST))
                except (BadFrame, ValueError) as exc:
                    await self._refuse(session, str(exc))
                    continue
                try:
                    await self._handle(session, msg)
                except ConnectionError:
                    raise
                except OSError as exc:  # what the hub keeps cannot be read or written (the database is down)
                    log.warning("a request of %s failed: %s", session.identity, exc)
                    await self._refuse(session, f"not possible now: {save_problem(exc)}; try again in a moment")
        except FrameTooLong as exc:  # nothing after it can be read: the session ends
            await self._tell(session, Refused(f"{exc}; the session ends"))
        except (asyncio.IncompleteReadError, ConnectionError):
            pass  # the session ended
        finally:
            if session.guest:  # a guest's next visit is someone new: a rematch's seat kept waits for nobody
                for hosted in self.matches.values():
                    hosted.uninvite(session.identity)
            self._detach(session)
            self.reviews.drop(session)
            self.sessions.discard(session)
            writer.close()
            self.lobby_changed()

    async def _arrive(self, session: Session, seated: bool = True) -> None:
        """Straight back into your seat if you hold one in a match being played (the one played
        last), else (or not ``seated``) the lobby."""
        yours = [
            (m, seat)
            for m in self.matches.values()
            if seated and not m.over and (seat := m.seat_of(session.identity)) is not None
        ]
        if yours:
            latest, seat = max(yours, key=lambda mine: mine[0].host.snapshot.updated)
            await self._join(session, JoinSeat(latest.match_id, seat))
        if session.match is None:
            await self._send_lobby(session)
        self.lobby_changed()

    async def _handle(self, session: Session, msg: Message) -> None:
        if isinstance(msg, Crashed):
            self._log_crash(session, msg)
        elif isinstance(msg, SetName):
            await self._set_name(session, msg.name)
        elif not session.name and not (session.guest and isinstance(msg, TakeSeatBack)):
            await self._refuse(session, "choose a name first")  # (a guest's seat code names them: the seat's)
        elif session.too_soon(type(msg)):
            await self._refuse(session, "too many requests: wait a moment")
        elif isinstance(msg, MATCH_REQUESTS):
            await self._to_match(session, msg)
        elif isinstance(msg, CreateMatch):
            await self._create(session, msg)
        elif isinstance(msg, JoinSeat):
            await self._join(session, msg)
        elif isinstance(msg, PlayAgain):
            await self._play_again(session, msg.match)
        elif isinstance(msg, DeclineRematch):
            await self._decline(session, msg.match)
        elif isinstance(msg, Watch):
            await self._watch(session, msg.match)
        elif isinstance(msg, WatchReplay):
            await self._replay(session, msg.match)
        elif isinstance(msg, ReviewMatch):
            await self.reviews.ask(session, session.identity, msg)
        elif isinstance(msg, Moderate):
            await self._moderate(session, msg)
        elif isinstance(msg, Ignore):
            await self._ignore(session, msg)
        elif isinstance(msg, AskHistory):
            await self._history(session, msg)
        elif isinstance(msg, AskLeaderboard):
            await self._tell(session, Leaderboard(await asyncio.to_thread(self._leaders)))
        elif isinstance(msg, Introduced) and not session.guest:
            with suppress(OSError):  # (a folder that cannot be written only loses the preference)
                self.identities.introduce(session.identity, msg.game)
        elif isinstance(msg, AskWebLink):
            await self._web_link(session)
        elif isinstance(msg, TakeSeatBack):
            await self._take_back(session, msg.code)
        elif isinstance(msg, LeaveMatch) and session.match is not None and session.match.match_id == msg.match:
            self._detach(session)
            await self._send_lobby(session)
            self.lobby_changed()

    async def _take_back(self, session: Session, typed: str) -> None:
        """A guest back with their seat's code: this visit is the guest who played the seat (their
        identity and the name the seat shows), seated as anyone back at their seat is (the
        stand-in hands it back). A wrong code changes nothing (and the requests are spaced out:
        ``SPACING``)."""
        if not session.guest:
            await self._refuse(session, "a seat code is a guest's: your key takes you back to your seat")
            return
        code = normal(typed)
        found = [
            (hosted, seat)
            for hosted in self.matches.values()
            if code is not None and (seat := hosted.seat_of_code(code)) is not None
        ]
        if code is None or not found:
            await self._refuse(session, NOT_A_SEAT_CODE)
            return
        hosted, seat = found[0]
        if (mine := hosted.seat_of(session.identity)) is not None and mine != seat:
            await self._refuse(session, f"you play seat {mine + 1} of that match")
            return
        # (this visit is the guest who played the seat, ``seat_of_code``'s: their name, finished
        # matches and reviews come back with them; as someone new, a guest back after a restart
        # had lost all three)
        owner, name = hosted.owner(seat) or session.identity, hosted.host.names[seat]
        hosted.codes[seat] = code
        if (owner, name) != (session.identity, session.name):
            session.identity, session.name = owner, name
            introduced, web = self.identities.games_introduced(owner), self.web_link is not None
            await session.send(Welcome(owner, name, True, self.grace, introduced, False, web))
        await self._join(session, JoinSeat(hosted.match_id, seat))

    async def _web_link(self, session: Session) -> None:
        if self.web_link is None:
            await self._refuse(session, "this server has no web seat")
        elif session.guest:
            await self._refuse(session, "a guest has no key to sign a browser in with")
        else:
            await self._tell(session, WebLink(*self.web_link(session.identity)))

    def _log_crash(self, session: Session, crashed: Crashed) -> None:
        """The server's log keeps what the person was spared (one report a second at most; each
        line plain, so no report can write to the terminal reading the log)."""
        if not session.too_soon(Crashed):
            report = "\n".join(plain(line, 1000) for line in crashed.report.splitlines())
            log.error(
                "the session of %s (%s) failed:\n%s", plain(session.name) or "a newcomer", session.identity, report
            )

    async def _refuse(self, session: Session, reason: str) -> None:
        reason = " ".join(reason.split())
        await session.send(Refused(reason if len(reason) <= MAX_REASON else reason[: MAX_REASON - 1] + "…"))

    async def _set_name(self, session: Session, name: str, seated: bool = True) -> None:
        name = " ".join(name.split())
        if problem := name_problem(name):
            await self._refuse(session, problem)
            return
        mine = marks(name)
        held = self.identities.lookalike(name, besides=session.identity) or next(
            (s.name for s in self.sessions if s is not session and s.name and look_alike(mine, marks(s.name))), None
        )
        showing = None if held is not None else self._seat_showing(mine, session.identity)
        taken = held or showing
        if taken is not None:
            await self._refuse(session, _taken_words(name, taken, showing is not None))
            return
        first = not session.name
        session.name = name
        if not session.guest:
            try:
                self.identities.keep(session.identity, name)
            except OSError as exc:
                log.warning("cannot keep the name of %s: %s", session.identity, exc)
        await session.send(
            Welcome(
                session.identity,
                name,
                session.guest,
                self.grace,
                self.identities.games_introduced(session.identity),
                session.identity in self.operators,
                self.web_link is not None,
            )
        )
        if first:
            await self._arrive(session, seated)
        self.lobby_changed()

    def _seat_showing(self, mine: tuple[str, str], identity: str) -> str | None:
        """A name that looks like one with ``mine`` marks and that a seat of a match being
        played shows, other than one ``identity`` holds or gave up: a guest who left is gone,
        but their seat still shows their name (their stand-in plays it), which no other visit
        may take; the same guest, back under the same identity (their match taken over by
        another server as it stopped), plays under it again."""
        return next(
            (
                name
                for hosted in self.matches.values()
                if not hosted.over
                for seat, name in enumerate(hosted.host.names)
                if identity not in (hosted.owner(seat), hosted.record.left.get(seat)) and look_alike(mine, marks(name))
            ),
            None,
        )

    # -- a match's requests --------------------------------------------------------------------

    async def _to_match(self, session: Session, msg: MatchRequest) -> None:
        """Pass a request to its match's host, if it speaks for this session's seat there."""
        hosted = session.match
        if hosted is None or msg.match != hosted.match_id:
            await self._refuse(session, "you are not in that match")
            return
        if msg.seat != session.seat:
            await self._refuse(
                session,
                "you may only speak for your own seat"
                if session.seat is not None
                else "spectators watch: they cannot act",
            )
            return
        if isinstance(msg, Chat):
            if (quiet := await self._not_to_say(session)) is not None:
                await self._refuse(session, quiet)
                return
            msg = Chat(msg.match, session.seat, msg.text, session.name)
        if isinstance(msg, Resign):
            # given up before the host hears it: the last person's resignation ends the match,
            # and its rating, begun at once, rated them as one who played on (+34 to the second
            # of two who resigned, beside "You resigned: Ann · AI standing in wins")
            hosted.give_up(msg.seat)
        await hosted.runner.bus.publish(host_address(hosted.match_id), msg)
        if isinstance(msg, Resign):  # the seat is the stand-in's for good: back to the lobby
            self._detach(session)
            await session.send(Left(hosted.match_id, "you resigned"))
            await self._send_lobby(session)
            self.lobby_changed()

    # -- the lobby's requests ------------------------------------------------------------------

    async def _play_again(self, session: Session, match_id: str) -> None:
        """The one rematch of a finished match ``session`` played: its game, options and seats
        (the AIs as they were), each of its other people's seats kept for them and shown in their
        lobby. Whoever asks first makes it; whoever asks after (even after a restart) is seated
        in it. Nothing is awaited from keeping its id to hosting it, so two asking here at once
        make one."""
        try:
            record = self.keeping.record(match_id)
            finished = self.store.read(match_id)
        except (OSError, ValueError, DamagedSave):
            record = None
        if record is None or record.match_id != match_id:
            await self._refuse(session, "there is no such match to play again")
            return
        if finished.status == "playing":
            await self._refuse(session, "that match is still being played")
            return
        if session.identity not in record.owners:
            await self._refuse(session, "only those who played a match may ask for a rematch")
            return
        rematch = self.keeping.keep_rematch(match_id, new_match_id())
        if (before := self.matches.get(match_id)) is not None:
            before.record.rematch = rematch
        if self._made(rematch):
            await self._join_rematch(session, rematch)
            return
        seats: list[str] = []
        invited: dict[int, tuple[str, str]] = {}
        for seat, owner in enumerate(record.owners):
            if owner == session.identity:
                seats.append(YOU)
            elif owner is not None:
                seats.append(OPEN)
                invited[seat] = (owner, finished.names[seat])
            else:  # an AI seat as it was (a seat whose person resigned: the stand-in's level)
                seats.append(finished.seats[seat] if finished.seats[seat] in SEAT_CHOICES else str(STAND_IN))
        again = CreateMatch(
            finished.game_id, seats, dict(finished.options), record.grace, record.stand_in, record.ai_finish
        )
        problem = again.problem()
        if problem is not None:
            await self._refuse(session, f"cannot play that match again: {problem}")
            return
        await self._create(session, again, invited, rematch)

    async def _decline(self, session: Session, match_id: str) -> None:
        """``session``'s person will not take the seat a rematch keeps for them: an AI plays it."""
        hosted = self.matches.get(match_id)
        if hosted is None:
            await self._refuse(session, await self._why_not_here(match_id))
            return
        try:
            seat = await hosted.decline(session.identity)
        except OSError as exc:
            await self._refuse(session, f"cannot decline the rematch: {exc}")
            return
        if seat is None:
            await self._refuse(session, "no seat is kept for you in that match")
            return
        # (the log alone told the one who asked, under the moves: the notice over their table
        # had counted down to the AI taking the seat, then vanished without a word)
        told = Told(
            f"{hosted.host.snapshot.names[seat]} declines the rematch: an AI plays seat {seat + 1} from now on.",
            "Rematch declined",
        )
        for other in [s for s in self.sessions if s.match is hosted and s.seat is not None]:
            await self._tell(other, told)
        # (the one who declined saw the row change and nothing said)
        await self._tell(session, Told(f"You decline the rematch: an AI plays seat {seat + 1} from now on."))
        await self._send_lobby(session)
        self.lobby_changed()

    def _made(self, match_id: str) -> bool:
        """Whether the match ``match_id`` exists (a rematch whose making failed does not: the
        next to ask makes it)."""
        if match_id in self.matches:
            return True
        try:
            self.store.read(match_id)
        except FileNotFoundError:
            return False
        except DamagedSave:
            pass
        return True

    async def _join_rematch(self, session: Session, rematch: str) -> None:
        """Seat ``session`` in the rematch another asked for first: at the seat kept for them."""
        hosted = self.matches.get(rematch)
        if hosted is None:
            try:
                playing = self.store.read(rematch).status == "playing"  # (hosted by another server)
            except DamagedSave:
                playing = False
            await self._refuse(
                session,
                "that match was played again: its rematch is hosted on another server"
                if playing
                else "that match was played again already",
            )
            return
        seat = hosted.seat_of(session.identity)
        seat = hosted.invited_seat(session.identity) if seat is None else seat
        if hosted.over or seat is None:
            await self._refuse(session, "that match was played again already")
            return
        await self._join(session, JoinSeat(rematch, seat))

    async def _replay(self, session: Session, match_id: str) -> None:
        """The checked save of a finished match ``session`` played (one their lobby lists)."""
        if match_id in self.matches and not self.matches[match_id].over:
            await self._refuse(session, "that match is still being played")
            return
        try:  # (one their history lists, beyond the lobby's latest)
            mine = await asyncio.to_thread(self.finished.rows, session.identity, 1, lambda row: row.match == match_id)
        except OSError:
            mine = []
        read = (
            await asyncio.to_thread(read_ended, self.store, match_id)
            if match_id in {row.match for row in mine}
            else None
        )
        if read is None:
            await self._refuse(session, "you have no finished match of that name to replay")
        elif len(data := encode_snapshot(read[0].snapshot)) > MAX_REPLAY:
            await self._refuse(session, "that match is too long to replay here")
        else:
            await self._tell(session, Replay(match_id, data))

    async def _create(
        self,
        session: Session,
        msg: CreateMatch,
        invited: dict[int, tuple[str, str]] | None = None,
        match_id: str | None = None,
    ) -> None:
        """A new match; ``invited``: open seats kept for people (seat: their identity and name);
        ``match_id``: the id kept for it (a rematch's)."""
        invited = invited or {}
        game = GAMES.get(msg.game)
        if game is None:
            await self._refuse(session, f"there is no game {msg.game!r}")
            return
        if len(msg.seats) not in game.players:
            await self._refuse(session, f"{game.title} is for {game.player_range()} players")
            return
        playing = [m for m in self.matches.values() if not m.over]
        if len(playing) >= MAX_MATCHES:
            await self._refuse(session, "the server hosts as many matches as it can: join one, or wait")
            return
        if sum(m.record.owners.count(session.identity) for m in playing) >= MAX_MATCHES_EACH:
            await self._refuse(session, f"you already play {MAX_MATCHES_EACH} matches here")
            return
        seats, names, owners = [], [], []
        for seat, choice in enumerate(msg.seats):
            if choice == YOU:
                seats.append(SeatSpec("remote", who=session.identity))
                names.append(session.name)
            elif choice == OPEN:
                seats.append(SeatSpec("remote"))
                names.append(invited[seat][1] if seat in invited else OPEN_SEAT(n=seat + 1))
            else:
                spec = SeatSpec.parse(choice)
                seats.append(spec)
                names.append(ai_seat_name(seat, str(spec.level)))
            owners.append(session.identity if choice == YOU else None)
        try:
            runner = MatchRunner.new(
                game.id,
                seats,
                names,
                random.randrange(2**31),
                msg.options,
                self.store,
                worker=self.worker,
                iterations=self.iterations,
                match_id=match_id,
            )
        except (OSError, DamagedSave) as exc:  # in words, without the server's paths
            await self._refuse(session, f"cannot create the match: {save_problem(exc)}")
            return
        except ValueError as exc:
            await self._refuse(session, f"cannot create the match: {exc}")
            return
        record = HostedRecord(
            runner.match_id,
            owners,
            msg.grace,
            msg.stand_in,
            msg.ai_finish,
            {seat: who for seat, (who, _) in invited.items()},
        )
        mine = owners.index(session.identity)
        code = give_code(record, mine) if session.guest else None
        try:
            self.keeping.keep_record(record)
        except OSError as exc:
            runner.host.close()
            await self._refuse(session, f"cannot create the match: {exc.strerror or exc}")
            return
        hosted = self._hosted(runner, record)
        if code is not None:
            hosted.codes[mine] = code
        self._sit(session, hosted, mine)  # before it starts: it waits for nobody
        hosted.start()
        await self._seated(session, hosted, None)

    async def _join(self, session: Session, msg: JoinSeat) -> None:
        hosted = self.matches.get(msg.match)
        if hosted is None:
            await self._refuse(session, await self._why_not_here(msg.match))
            return
        if hosted.over:
            await self._refuse(session, NOT_PLAYED)
            return
        seat = msg.seat
        if not 0 <= seat < len(hosted.record.owners):
            await self._refuse(session, f"that match has no seat {seat + 1}")
            return
        mine = hosted.seat_of(session.identity)
        if mine is not None and mine != seat:
            await self._refuse(session, f"you play seat {mine + 1} of that match")
            return
        if mine is None and not hosted.is_open(seat):
            await self._refuse(session, "that seat is not free")
            return
        if hosted.kept_for_another(seat, session.identity):
            await self._refuse(session, "that seat is kept for a player of the match before")
            return
        if session.match is hosted and session.seat == seat:
            return  # seated already (arriving through a link seats one at once; the lobby's join follows)
        taken_from: list[Session] = []  # this person's other session at the seat, if any
        try:
            await hosted.take(
                seat, session.identity, session.name, lambda: taken_from.extend(self._sit(session, hosted, seat))
            )
        except (OSError, DamagedSave) as exc:
            await self._refuse(session, f"cannot take the seat: {getattr(exc, 'reason', exc)}")
            return
        await self._seated(session, hosted, taken_from[0] if taken_from else None)

    async def _why_not_here(self, match_id: str) -> str:
        """Why a match asked for is not hosted here: one still being played that no server hosts
        is between servers (its server stopped; on a database, this one takes it over at its next
        look), and the lobby had told the person that enter takes them back to it."""
        try:
            playing = (await asyncio.to_thread(self.store.read, match_id)).status == "playing"
        except (OSError, ValueError, DamagedSave):
            playing = False
        return BETWEEN_SERVERS if playing else NOT_PLAYED

    async def _watch(self, session: Session, match_id: str) -> None:
        hosted = self.matches.get(match_id)
        if hosted is None:
            await self._refuse(session, await self._why_not_here(match_id))
            return
        self._sit(session, hosted, None)
        await self._seated(session, hosted, None)
        # (the people at the table are told: someone read their chat, and the table said nothing)
        for seated in [s for s in hosted.seated.values() if isinstance(s, Session) and s is not session]:
            await self._tell(seated, Told(f"{session.name} is watching this match.", "Watching"))

    def _sit(self, session: Session, hosted: HostedMatch, seat: int | None) -> list[Session]:
        """Put ``session`` at ``seat`` (None: watching), at once: from here on its end is an
        ordinary leave. Returns the same person's other session it took the seat from, if any."""
        self._detach(session)
        other = hosted.seated.get(seat) if seat is not None else None
        if seat is not None:
            hosted.sit(seat, session)  # first: the other session's leaving starts no grace
        else:
            hosted.watchers += 1
        session.match, session.seat = hosted, seat
        session.client = hosted.client(seat)
        session.forward = asyncio.create_task(self._forward(session, session.client))
        return [other] if isinstance(other, Session) and other is not session else []

    async def _seated(self, session: Session, hosted: HostedMatch, other: Session | None) -> None:
        """Tell a session just seated (or watching) where it is; the host sends it the whole
        match so far; the same person's ``other`` session goes back to the lobby."""
        seat = session.seat
        code = hosted.code_of(session.identity)  # (a guest's, to them alone)
        await session.send(Joined(hosted.match_id, seat, hosted.host.game.id, hosted.host.snapshot.players, code))
        await hosted.runner.bus.publish(host_address(hosted.match_id), Sync(hosted.match_id, seat))
        if seat is not None and other is None:
            await hosted.host.announce()  # the others see them back
        if other is not None:
            self._detach(other)
            await self._tell(other, Left(hosted.match_id, "you took this seat from another terminal"))
            await self._send_lobby(other)
        self.lobby_changed()

    def _detach(self, session: Session) -> None:
        """``session`` leaves its match; a person's seat waits out the grace for them."""
        hosted, seat = session.match, session.seat
        if hosted is None:
            return
        if session.forward is not None:
            session.forward.cancel()
        if session.client is not None:
            hosted.release(session.client)
        if seat is None:
            hosted.watchers -= 1
        elif hosted.seated.get(seat) is session:
            hosted.leave(seat)
            self._announce_soon(hosted)
        session.match = session.seat = session.client = session.forward = None
        session.finished = None  # (the match may be over now)
        if hosted.done and not hosted.seated and not hosted.watchers:
            self._retire(hosted)

    def _retire(self, hosted: HostedMatch) -> None:
        """A match over that nobody is at leaves memory; its people's lobbies list it among their
        finished matches: a seat given up is theirs too (a person who resigned read "no finished
        match to review" while their record listed it)."""
        hosted.stop()
        self.matches.pop(hosted.match_id, None)
        people = {*hosted.record.owners, *hosted.record.left.values()}
        for session in self.sessions:
            if session.identity in people:
                session.finished = None

    def _announce_soon(self, hosted: HostedMatch) -> None:
        task = asyncio.create_task(hosted.host.announce())
        self._announcing.add(task)
        task.add_done_callback(self._announcing.discard)

    async def _forward(self, session: Session, client: SeatClient) -> None:
        """Everything the seat's (or the spectators') address receives, to the session; seat
        kinds as ``HostedMatch.table_kinds`` tells them (no identities)."""
        hosted = session.match
        try:
            while True:
                msg = await client.get()
                if isinstance(msg, MatchInfo) and hosted is not None:
                    msg = dataclasses.replace(msg, seats=hosted.table_kinds(msg.seats))
                elif isinstance(msg, Chat) and msg.name.casefold() in session.ignoring:
                    continue
                elif isinstance(msg, Update) and msg.whole_log and session.ignoring:
                    # (the log a return catches up with holds the chat said meanwhile, hidden or not)
                    msg = dataclasses.replace(
                        msg, events=[e for e in msg.events if not Chat.said_by(e, session.ignoring)]
                    )
                await session.send(msg)
        except ConnectionError:
            pass

    # -- moderation -------------------------------------------------------------------------

    def _ban_of(self, identity: str) -> Ban | None:
        """The ban on ``identity``, if any (a store that cannot be read bans nobody: said in
        the server's log)."""
        try:
            return self.keeping.moderation.banned(identity)
        except OSError as exc:
            log.warning("cannot read the bans: %s", exc)
            return None

    async def _not_to_say(self, session: Session) -> str | None:
        """Why ``session`` may not chat now: the person said too much lately (over all their
        sessions), or an operator muted them; None if they may."""
        now = time.monotonic()
        said = [at for at in self._said.get(session.identity, []) if now - at < CHAT_WINDOW]
        if len(said) >= CHAT_BURST:
            return f"you said {CHAT_BURST} lines in {CHAT_WINDOW:g} s: wait a moment"
        try:
            until = await asyncio.to_thread(self.keeping.moderation.muted_until, session.identity)
        except OSError:
            until = 0.0
        if until > time.time():
            return f"an operator muted your chat for {math.ceil((until - time.time()) / 60)} more minutes"
        self._said[session.identity] = [*said, now]
        return None

    async def _ignore(self, session: Session, msg: Ignore) -> None:
        name = msg.name.casefold()
        if msg.on and name not in session.ignoring and not await self._someone_named(name):
            await self._refuse(session, f"nobody here is named {msg.name}")  # (never counted: no room taken)
            return
        if msg.on and name not in session.ignoring and len(session.ignoring) >= MAX_IGNORED:
            await self._refuse(session, f"you hide the chat of {MAX_IGNORED} people already")
            return
        if msg.on:
            session.ignoring.add(name)
        else:
            session.ignoring.discard(name)
        if session.ignoring:  # (for the identity while the hub runs: a dropped connection lost it)
            self.hidden[session.identity] = session.ignoring
        else:
            self.hidden.pop(session.identity, None)
        shown = self._name_as_held(name) or msg.name  # ("You hide bo's chat." of Bo)
        await self._tell(session, Told(f"You hide {shown}'s chat." if msg.on else f"You see {shown}'s chat."))

    def _name_as_held(self, folded: str) -> str | None:
        """The name casefolded ``folded`` as its holder spells it, if they are online here or at
        a seat of a match hosted here."""
        held = [s.name for s in self.sessions if s.name] + [n for h in self.matches.values() for n in h.host.names]
        return next((name for name in held if name.casefold() == folded), None)

    async def _someone_named(self, folded: str) -> bool:
        """Whether someone holds the name (casefolded ``folded``): online here, at a seat of a
        match hosted here, or kept for a key."""
        if any(s.name.casefold() == folded for s in self.sessions if s.name) or any(
            name.casefold() == folded for hosted in self.matches.values() for name in hosted.host.names
        ):
            return True
        try:
            return await asyncio.to_thread(self.identities.identity_of, folded) is not None
        except OSError:  # (what keeps the names is away: the name is taken as held)
            return True

    async def _moderate(self, session: Session, msg: Moderate) -> None:
        """An operator's action; each lands in the moderation log."""
        if session.identity not in self.operators:
            await self._refuse(session, "only the server's operators may do that")
            return
        if msg.action == "close":
            await self._close(session, msg)
            return
        here = [s for s in self.sessions if s.name and s.name.casefold() == msg.target.casefold()]
        who = here[0].identity if here else await asyncio.to_thread(self.identities.identity_of, msg.target)
        if who is None:
            await self._refuse(session, f"nobody here is named {msg.target}")
            return
        if who in self.operators:
            await self._refuse(session, "that is an operator: take their key out of --admin-keys first")
            return
        if msg.action == "ban" and not who.startswith("SHA256:"):
            await self._refuse(session, "a guest has no key to ban: kick them, or serve without --allow-guests")
            return
        reason = f": {msg.reason}" if msg.reason else ""
        moderation = self.keeping.moderation
        if msg.action == "mute":
            minutes = msg.minutes or 10
            await asyncio.to_thread(moderation.mute, who, time.time() + minutes * 60)
            detail, done = f"{minutes} min{reason}", f"{msg.target}'s chat is muted for {minutes} minutes."
            for target in here:
                await self._tell(
                    target, Told(f"An operator muted your chat for {minutes} minutes{reason}.", "Your chat is muted")
                )
        else:
            if msg.action == "ban":
                await asyncio.to_thread(moderation.ban, Ban(who, time.time(), session.name, msg.reason))
            detail = msg.reason
            done = f"{msg.target} {'is banned' if msg.action == 'ban' else 'was sent away'}."
            ending = (
                banned_words(Ban(who, 0, "", msg.reason))
                if msg.action == "ban"
                else f"An operator ended your session{reason}."
            )
            for target in [s for s in self.sessions if s.identity == who]:
                await self._tell(target, Goodbye(ending))
                target.writer.close()
        await asyncio.to_thread(moderation.log, session.name, msg.action, f"{msg.target} {who}", detail)
        await self._tell(session, Told(done))

    async def _close(self, session: Session, msg: Moderate) -> None:
        """Close a match hosted here: its people go back to the lobby told why; its save and
        record stay as they are, and it is never resumed."""
        hosted = self.matches.get(msg.target)
        if hosted is None or hosted.over:
            await self._refuse(session, "no match of that id is being played on this server")
            return
        hosted.record.closed = msg.reason or "closed by an operator"
        await asyncio.to_thread(hosted.save_record)
        await asyncio.to_thread(self.keeping.moderation.log, session.name, "close", msg.target, msg.reason)
        await self.let_go(msg.target, f"an operator closed this match{': ' + msg.reason if msg.reason else ''}")
        await self._tell(session, Told("The match is closed."))

    # -- ratings ----------------------------------------------------------------------------

    def _rate_soon(self, hosted: HostedMatch) -> None:
        task = asyncio.create_task(self._rate(hosted))
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)

    async def _rate(self, hosted: HostedMatch) -> None:
        """Rate a match just over (once its check at the start is done: it writes the entries
        again) and tell its people what it did to their ratings."""
        if self.rating_check is not None:
            await asyncio.wait([self.rating_check])
        try:
            changes = await asyncio.to_thread(self.standings.rate, hosted.record)
        except OSError as exc:  # (the next start's check rates it)
            log.warning("match %s is not rated now: %s", hosted.match_id, exc)
            return
        if not changes:
            return
        outcome = list(hosted.host.snapshot.result or ())
        gave_up = sorted(hosted.record.left)
        rated = Rated(hosted.match_id, [self._change_row(hosted, change) for change in changes], outcome, gave_up)
        people = set(hosted.record.owners) | set(hosted.record.left.values())
        for session in list(self.sessions):
            if session.match is hosted or session.identity in people:
                session.finished = None
                await self._tell(session, rated)
        self.lobby_changed()

    @staticmethod
    def _change_row(hosted: HostedMatch, change: Change) -> list:
        record, names = hosted.record, hosted.host.names
        seat = next(
            (seat for seat in range(len(names)) if change.identity in (record.owners[seat], record.left.get(seat))),
            None,
        )
        played = round(100 * change.weight)
        return [names[seat] if seat is not None else "?", change.points, change.after.told, played]

    def _leaders(self) -> list:
        """Each game's best settled ratings, by name (from a thread: names may be in the database)."""
        self.standings.sync()
        return [
            [
                game,
                [
                    [self.identities.name(who) or "?", rating.shown, rating.matches]
                    for who, rating in self.standings.top(game, LEADERS)
                ],
            ]
            for game in GAMES
        ]

    def _rated_row(self, row: FinishedRow, identity: str) -> FinishedRow:
        """``row`` with what it did to ``identity``'s rating."""
        changes = self.standings.book.changes.get(row.match, [])
        points = next((change.points for change in changes if change.identity == identity), None)
        return dataclasses.replace(row, rating=points)

    async def _history(self, session: Session, msg: AskHistory) -> None:
        """Finished matches, filtered, of the person asking or of another by name (their public
        record: what any lobby shows of matches, and their ratings)."""
        who, name = session.identity, session.name
        if msg.name:
            here = next((s for s in self.sessions if s.name.casefold() == msg.name.casefold() and not s.guest), None)
            found = (
                here.identity if here is not None else await asyncio.to_thread(self.identities.identity_of, msg.name)
            )
            if found is None:  # (a guest online by that name read as no one: "nobody here keeps …")
                if any(s.guest and s.name.casefold() == msg.name.casefold() for s in self.sessions):
                    # (a guest's own record lists their finished matches: "guests keep no record" read false)
                    await self._refuse(session, f"{msg.name} plays as a guest: a guest's record is theirs alone to see")
                else:
                    await self._refuse(session, f"nobody here keeps the name {msg.name}")
                return
            # the name as it is kept ("Carol"), not as it was typed ("cAROL")
            who = found
            name = here.name if here is not None else (await asyncio.to_thread(self.identities.name, found) or msg.name)
        against = msg.against.casefold()

        def keep(row: FinishedRow) -> bool:
            return (not msg.game or row.game == msg.game) and (
                not against
                or any(against in name.casefold() for seat, name in enumerate(row.names) if seat != row.yours)
            )

        rows = await asyncio.to_thread(self.finished.rows, who, HISTORY_ROWS, keep)
        book = self.standings.book
        ratings = [[game, rating.told, rating.matches] for game in GAMES if (rating := book.rating(game, who)).matches]
        await self._tell(
            session, History(name, msg.game, msg.against, [self._rated_row(row, who).to_map() for row in rows], ratings)
        )

    async def _fresh_ratings(self) -> None:
        """Fold what other servers rated, at most every ``RATINGS_EVERY`` seconds."""
        if time.monotonic() - self._ratings_looked < RATINGS_EVERY or (
            self.rating_check is not None and not self.rating_check.done()
        ):
            return
        self._ratings_looked = time.monotonic()
        try:
            await asyncio.to_thread(self.standings.sync)
        except OSError as exc:
            log.warning("the ratings of other servers are not read: %s", exc)

    # -- the lobby --------------------------------------------------------------------------

    def lobby_changed(self) -> None:
        """Send the lobby to every session in it: at once after a quiet while, else once for the
        changes within ``LOBBY_DELAY`` of the last sending (each waited the delay, and a lobby
        said an AI was to move a second or two after its move was on its table)."""
        if self._lobby_due is None:
            loop = asyncio.get_running_loop()
            self._lobby_due = loop.call_later(max(0.0, self._lobby_sent + LOBBY_DELAY - loop.time()), self._lobby_now)

    def _lobby_now(self) -> None:
        self._lobby_due = None
        self._lobby_sent = asyncio.get_running_loop().time()
        for hosted in [m for m in self.matches.values() if m.done and not m.seated and not m.watchers]:
            self._retire(hosted)  # (its people not at the table: stand-ins finished it)
        for session in list(self.sessions):
            if session.match is None and session.name:
                sending = asyncio.create_task(self._send_lobby(session))
                self._sending.add(sending)
                sending.add_done_callback(self._sending.discard)

    async def _send_lobby(self, session: Session) -> None:
        await self._fresh_ratings()
        rows = [m.row(session.identity).to_map() for m in self.matches.values() if not m.over]
        online = sorted({s.name for s in self.sessions if s.name}, key=str.casefold)
        if session.finished is None:
            try:
                found = await asyncio.to_thread(self.finished.rows, session.identity)
            except OSError:  # (the lobby goes out without them; asked again next time)
                found = []
            else:
                session.finished = [self._rated_row(row, session.identity).to_map() for row in found]
        await self._tell(session, Lobby(rows, online, session.finished or []))

    async def _tell(self, session: Session, message: Message) -> None:
        """Send to a session that may be gone already (its own loop ends it then). Anything else
        its connection raises is logged and the connection closed: a loop telling many people
        (``let_go``, the lobby, a takeover) goes on to the next."""
        try:
            await session.send(message)
        except ConnectionError:
            pass
        except Exception:
            match = getattr(message, "match", None) or (session.match.match_id if session.match else None)
            where = f"match {match}: " if isinstance(match, str) else ""
            log.exception("%scannot write to the session of %s", where, session.identity)
            session.writer.close()
