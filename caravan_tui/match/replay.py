"""A finished (or saved) match played back: a client that feeds a game screen the match as it
was after any number of its moves, from one seat's view or the public one (DESIGN §6, Replay).

It speaks the bus messages a game screen already understands (``MatchInfo``, then an ``Update``
holding the whole log so far at each step), so every game's own screen shows its replay.
Requests a screen may still send are refused: a replay changes nothing.

Who decided each move is the record's (``saves.deciders``): a stand-in's moves read as the
stand-in's in every view ("Bob's stand-in plays …", to Bob too), and a seat a stand-in played
at the position shown is marked as such among the seats (``MatchInfo``'s kinds).

Once the match is over, the replay also tells what each AI decision weighed (``weighed``): the
candidates its search considered, with their reasons and shares, as recorded when it played.
Never before: they may tell what that seat held. For the same reason the replay of a match
still being played shows only the views of the seats people play, and the public one
(``views``): an AI's view would show its hand to the person about to play on against it.
"""

from __future__ import annotations

import asyncio
from typing import Any

from caravan_tui.bus import MatchInfo, Message, Rejected, Request, Update
from caravan_tui.engine import normalise_action, render
from caravan_tui.match.host import stood_in_names, words_for
from caravan_tui.saves.deciders import PERSON, decided_by, is_stand_in
from caravan_tui.saves.loading import Replayed, replay
from caravan_tui.seat_kinds import STANDING_IN
from caravan_tui.seats import SeatSpec, names_called

#: the share of a search, not on the moves an AI decision recorded, that the replay accounts for
UNLISTED = 0.05
#: (spread, each less: "Played: … — 1% of the search" over "The other 97% of the search" read as
#: a move the AI hardly looked at beside one it looked at all along)
NOT_LISTED = "spread over the moves not listed, each tried less than these or ruled out by its checks"
#: after a step of a decision of several (a Caravanserai placement), what its player went on to
#: play in it, at most ``WENT_ON_STEPS`` steps: the step's reason is its search's plan then, and
#: "Played: Head NE … lays 1K 2R 3W camel" stood where it laid 2W 3R camel
WENT_ON, WENT_ON_STEPS = "Then it played: ", 8
#: before such a step's reason: the plan it was played by, which the later steps may have left
#: ("Played: Head NE … lays 1K 2R 3W camel" over "Then it played: … lays 2W 3R camel")
PLANNED = "its plan at this step"
#: under a move played that the search spent less on than another: what the share says ("Played:
#: … — 2% of the search" read as a move the AI hardly looked at, with nothing said of why)
LESS_SEARCHED = (
    "(% of the search: how much of its looking the AI spent on a move. It played one it looked at "
    "less: its plan or its checks chose it.)"
)


#: under a move played that the search spent most on, but little (``THIN``) of all: what the share
#: means ("Played: … — 3% of the search" read as a move the AI hardly looked at)
THIN = 0.1
SPREAD_THIN = (
    "(% of the search: how much of its looking the AI spent on a move. Here it spread over many "
    "moves, none standing out, and it played the one it looked at most.)"
)


#: under the rest: what the share is ("Played: … — 5% of the search" read as neither good nor bad)
SHARE_MEANS = "(% of the search: how much of its looking the AI spent on a move.)"


def share_words(share: float) -> str:
    """A share of the search: "62%", or "under 1%" (a search spread over the hundreds of caravans
    a Decktet Caravan hand can lead read "0% of the search" of every move, the one played too)."""
    return f"{share:.0%}" if share >= 0.005 else "under 1%"


class ReplayClient:
    """Stands where a ``SeatClient`` stands; ``seat`` None watches the public view."""

    replaying = True
    shared = False

    def __init__(
        self,
        checked: Replayed,
        seat: int | None,
        position: int | None = None,
        *,
        own: int | None = -1,
        given_up: bool = False,
    ) -> None:
        self.checked = checked
        self.snapshot = checked.snapshot
        self.match_id, self.game_id = self.snapshot.match_id, checked.game.id
        self.players = self.snapshot.players
        self.seat = seat if seat in self.views() else None
        #: the watcher's own seat, whose view's log says "you" as it did (-1: the seat shown, where
        #: a person played it: an AI's seat is nobody's "you")
        self.own = (self.seat if self._persons(self.seat) else None) if own == -1 else own
        snap = self.snapshot
        #: the watcher gave their seat up (resigned, or a server's record says so) and an AI
        #: played it on: ``_show`` names the seat as the AI's from its first move
        self.given_up = given_up or (snap.status == "resigned" and snap.resigned == self.own)
        self.played_on = self._played_on() if self.given_up else None
        self.length = len(self.snapshot.actions)
        self.position = self.length if position is None else max(0, min(position, self.length))
        self.queue: asyncio.Queue[Message] = asyncio.Queue()
        self._kinds: list[str] = []  # the seat kinds the screen was told last
        #: the move shown, in words, where it logged nothing but changed the view (``silent_step``)
        self.silent = ""
        self._show()

    def _persons(self, seat: int | None) -> bool:
        """Whether a person played ``seat`` (an AI may stand in for them at the end)."""
        snap = self.snapshot
        return seat is not None and (SeatSpec.parse(snap.seats[seat]).is_person or seat in snap.standing_in)

    def _played_on(self) -> int | None:
        """The first move the AI made in the watcher's seat after their last own (None: none)."""
        own, movers = self.own, self.checked.movers
        if own is None:
            return None
        theirs = [turn for turn, mover in enumerate(movers) if mover == own]
        persons = [turn for turn in theirs if decided_by(self.snapshot, turn, own) == PERSON]
        return next((turn for turn in theirs if turn > (persons[-1] if persons else -1)), None)

    def views(self) -> list[int | None]:
        """The views this replay may show, in the order ``v`` goes through them: every seat's
        and the public one once the match is over; while it is played, people's seats only."""
        snap = self.snapshot
        seats = [
            seat
            for seat in range(self.players)
            if snap.status != "playing" or SeatSpec.parse(snap.seats[seat]).is_person
        ]
        return [*seats, None]

    async def get(self) -> Message:
        return await self.queue.get()

    def waiting(self) -> bool:
        return not self.queue.empty()

    async def send(self, message: Message) -> None:
        seat = getattr(message, "seat", None)  # a request of another protocol may name no seat
        if isinstance(message, Request) and seat == self.seat and self.seat is not None:
            self.queue.put_nowait(Rejected(self.match_id, self.seat, self.position, "this is a replay"))

    def step(self, moves: int) -> None:
        """Go ``moves`` forward (negative: back), within the match."""
        self.go_to(self.position + moves)

    def go_to(self, position: int) -> None:
        position = max(0, min(position, self.length))
        if position != self.position:
            self.position = position
            self._show()

    def weighed(self, position: int) -> tuple[int, list[str]] | None:
        """What the AI decision that made move ``position`` (the last one shown at that position)
        weighed: its seat and a line per candidate, "Played: Pass — 62% of the search: keeps both
        Crowns", and what share of the search went to moves not listed (``UNLISTED``: a played
        move at 4% beside two more at 1% left 94% unexplained); None if a person made it, nothing
        was recorded, or the match is not over."""
        rows = self.snapshot.weighed.get(position - 1) if self.snapshot.status != "playing" else None
        if not rows:
            return None
        before = replay(self.checked.game, self.snapshot, position - 1)
        mover = before.state.to_move()
        if mover is None:
            return None
        world = self.checked.game.from_view(before.state.view(mover), mover)  # worded as the AI saw it
        played = normalise_action(self.snapshot.actions[position - 1])
        went_on = self._went_on(before, mover, position)
        stood = mover if is_stand_in(self.decider(position - 1)) else None
        lines = []
        for action, share, reason in rows:
            try:
                text = world.describe(action, mover)
            except Exception:  # a recorded candidate the rules no longer read: shown as it was
                text = " ".join(map(str, action))
            mark = "Played: " if normalise_action(action) == played else ""
            line = f"{mark}{self._words(text, stood)} — {share_words(share)} of the search"
            if reason and mark and went_on:  # (the search's plan at this step, not what it played)
                line += f"; {PLANNED}"
            lines.append(f"{line}: {self._words(reason, stood)}" if reason else line)
        if went_on:  # (its reason is the search's plan at this step: "lays 1K 2R 3W" read as played)
            lines.append(f"{WENT_ON}{went_on}.")
        rest = 1.0 - sum(share for _, share, _ in rows)
        if rest >= UNLISTED:  # (as the shares above are shown: "2% + 2% + 1%" and "the other 96%")
            shown = 100 - sum(round(100 * share) for _, share, _ in rows)
            # (beside moves "under 1%" each, "The other 100%" made the listed ones nothing at all)
            lines.append(f"{'Over 99%' if shown >= 100 else f'The other {shown}%'} of the search: {NOT_LISTED}.")
        shares = {normalise_action(action): share for action, share, _ in rows}
        if played in shares and shares[played] < max(shares.values()):
            lines.append(LESS_SEARCHED)
        elif played in shares and shares[played] < THIN and rest >= UNLISTED:
            lines.append(SPREAD_THIN)
        else:
            lines.append(SHARE_MEANS)
        return mover, lines

    def _went_on(self, before: Replayed, mover: int, position: int) -> str:
        """The rest of ``mover``'s turn after the step that made move ``position``, as it played
        it, where the game makes a decision of several steps (``Game.composing``): "" where the
        step ended it. A reason is the search's plan at its step, and a later step may differ."""
        if self.checked.game.composing is None:
            return ""
        state = before.state.clone()
        actions = self.snapshot.actions
        state.apply(actions[position - 1], False)
        steps: list[str] = []
        at = position
        while at < len(actions) and state.to_move() == mover and len(steps) < WENT_ON_STEPS:
            steps.append(self._words(state.describe(actions[at], mover)))
            state.apply(actions[at], False)
            at += 1
        return "; ".join(steps) + ("; …" if steps and at < len(actions) and state.to_move() == mover else "")

    def view_before(self, position: int) -> dict[str, Any] | None:
        """The view shown, one move before ``position`` (None at the start): what the move at
        ``position`` changed, whichever frame was shown before it (the table marked every cell
        changed since the frame before a jump to the end as "changed last move")."""
        if position <= 0:
            return None
        return replay(self.checked.game, self.snapshot, position - 1, log=False).state.view(self.seat)

    def decider(self, turn: int) -> str:
        """Who decided move ``turn`` (numbered from 0): "person", "ai" or "stand-in:LEVEL"."""
        return decided_by(self.snapshot, turn, self.checked.movers[turn])

    def _words(self, text: str, stood: int | None = None) -> str:
        """``text`` with its seats named from no seat's view (the deciding AI is never "you",
        whoever watches), seat ``stood`` as the AI standing in for its person ("ends the game:
        Bob wins" was said of the AI that played Bob's seat on after he resigned); as written if
        it cannot be (a saved reason is a file's words: the loader bounds its seat fields, and
        this never raises)."""
        try:
            names = names_called(self.snapshot.names, self.snapshot.seats)
            return render(text, names if stood is None else stood_in_names(names, stood, None))
        except Exception:
            return text

    def close(self) -> None:
        """Nothing to let go of: a replay holds no lock and no subscription."""

    def _kinds_at(self, position: int) -> list[str]:
        """Each seat's kind at ``position``, as ``MatchInfo`` says it: a person's seat whose last
        move so far a stand-in decided reads "stand-in"."""
        snap = self.snapshot
        # (a person's seat an AI stands in for at the end is theirs where they played it)
        kinds = [text if seat not in snap.standing_in else "remote" for seat, text in enumerate(snap.seats)]
        seen = set()
        for turn in range(position - 1, -1, -1):
            seat = self.checked.movers[turn]
            if seat not in seen and turn in snap.deciders:  # (a snapshot keeps only stand-ins there)
                kinds[seat] = STANDING_IN
            seen.add(seat)
        return kinds

    def _show(self) -> None:
        at = replay(self.checked.game, self.snapshot, self.position)
        snap, seat = self.snapshot, self.seat
        kinds = self._kinds_at(self.position)
        if kinds != self._kinds:
            self._kinds = kinds
            self.queue.put_nowait(
                MatchInfo(self.match_id, seat, self.game_id, list(snap.names), kinds, dict(snap.options))
            )
        called = names_called(snap.names, snap.seats)
        # what the view's seat saw; in another's view than the watcher's own, each seat by name
        # ("You play Caravan 3" in AI 2's view read as the watcher's play)
        you = seat if seat == self.own else None
        lines = [event.render(called, you) for event in at.opening if event.visible_to(seat)]
        # once an AI played on the seat its watcher gave up, the others' moves' words of the seat
        # are the AI's too ("The match is over: you win" was its win, not theirs)
        played_on, own = self.played_on, self.own
        theirs = called if own is None else stood_in_names(called, own, you)
        for turn, events in enumerate(at.events):
            by = at.movers[turn] if turn in snap.deciders else None
            by_person = by is None and decided_by(snap, turn, at.movers[turn]) == PERSON
            names, viewer = called, you
            if played_on is not None and turn >= played_on and by != own:
                names, viewer = theirs, (None if you == own else you)
            lines += [words_for(event, names, viewer, by, by_person) for event in events if event.visible_to(seat)]
        self.silent = self.silent_step(at)
        self.queue.put_nowait(Update(self.match_id, seat, self.position, at.state.view(seat), lines, True))

    def silent_step(self, at: Replayed) -> str:
        """The move shown (the last of ``at``), by whom, in words ("AI 2: Head east (E) to (-3,1)"),
        where it logged nothing and yet changed the view shown: a Caravanserai direction step
        changed nothing else on the screen, and the replay seemed stuck. "" elsewhere (a move that
        changed nothing the view shows, a proposal written out of sight, is not told)."""
        position = self.position
        if position == 0 or at.events[position - 1]:
            return ""
        before = replay(self.checked.game, self.snapshot, position - 1, log=False).state
        if before.view(self.seat) == at.state.view(self.seat):
            return ""
        mover = at.movers[position - 1]
        try:
            text = before.describe(normalise_action(self.snapshot.actions[position - 1]), mover)
        except Exception:  # (a move the rules no longer word: the board shows it)
            return ""
        name = names_called(self.snapshot.names, self.snapshot.seats)[mover]
        return f"{name}: {self._words(text)}"
