"""The one way a saved match is loaded (DESIGN §3, §5): replay the log, compare the position
with the saved one, and check the status and result against the replayed game.

The app, ``caravan-tui resume``, ``replay --save``, the saves list and the match host all go
through ``replay_snapshot``; nothing else rebuilds a match from a file.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from caravan_tui.engine import Action, Event, Game, IllegalAction, State, Upgrader
from caravan_tui.games import GAMES
from caravan_tui.saves.backend import MatchStore, SaveEntry
from caravan_tui.saves.codec import NEWER, DamagedSave, plain
from caravan_tui.saves.deciders import deciders_problem
from caravan_tui.saves.snapshot import Snapshot
from caravan_tui.saves.weighed import movers_problem, record_problem
from caravan_tui.seats import SeatSpec


@dataclass(slots=True)
class Replayed:
    """A match rebuilt from its log: the state, who took each action and the events each
    produced, and the setup's events."""

    game: Game
    snapshot: Snapshot
    state: State
    movers: list[int]
    events: list[list[Event]]
    opening: list[Event]
    #: where each saved move went when the log was brought to today's rules (``moved[i]``: the
    #: new number of saved move ``i``), for whatever else is indexed by move; None: unchanged
    moved: list[int] | None = None


def replay(game: Game, snapshot: Snapshot, upto: int | None = None, log: bool = True) -> Replayed:
    """The match after its first ``upto`` logged actions (all by default); ValueError (an
    IllegalAction among them) if the log cannot be replayed. ``log=False``: without the words
    of each move (``events`` holds empty lists), for a check that shows none."""
    state = game.new(snapshot.players, seed=snapshot.seed, options=snapshot.options)
    opening = state.opening_events()
    movers: list[int] = []
    events: list[list[Event]] = []
    for number, action in enumerate(snapshot.actions[:upto], 1):
        mover = state.to_move()
        try:
            events.append(state.apply(action, log))
            if mover is None:  # a game refuses every action once it is over: this one did not
                raise IllegalAction("the match is over")
        except IllegalAction as exc:
            raise IllegalAction(f"move {number} of {len(snapshot.actions)} ({action!r}) is not legal: {exc}") from None
        movers.append(mover)
    return Replayed(game, snapshot, state, movers, events, opening)


def resignation_result(players: int, seat: int, standing: list[float] | None = None) -> list[float]:
    """The resigning seat loses; the others win as the game ranks the position it stopped at
    (``standing``: the game's ``outcome()`` there), so a tie-break that separates them (Merchant
    Lord's coins) still does, and only a tie the game itself leaves shares the win. Where the
    resigning seat led alone the game ranks nobody second: the others rank by their points
    (``scores``), a tie on points shared. Without a standing (how every resignation was scored
    before, and still accepted from a save), the others share the win."""
    others = [s for s in range(players) if s != seat]
    if not others:
        return [0.0]
    if standing is not None:
        best = max(standing[s] for s in others)
        winners = [s for s in others if standing[s] == best]
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(players)]
    return [0.0 if s == seat else 1.0 / len(others) for s in range(players)]


def standing_after_resignation(state: State, seat: int) -> list[float]:
    """How the game ranks the others at ``state`` when ``seat`` resigns there: its outcome, or,
    where ``seat`` led alone (the others all at 0), the others by their points."""
    outcome = state.outcome()
    if any(share > 0 for s, share in enumerate(outcome) if s != seat):
        return outcome
    return state.scores()


def replay_snapshot(snapshot: Snapshot, log: bool = True) -> Replayed:
    """``snapshot`` rebuilt and checked, its log in today's rules (``Replayed.snapshot`` says
    so in its ``rules``); DamagedSave saying why it cannot be trusted.

    A log of older rules is brought forward through the game's upgraders, one version at a
    time, and what is indexed by its moves (the weighed rows, who decided) moves with it.

    **An upgrade proves itself.** The upgraders only put in the steps an older version did not
    ask; the older rules' code is gone, so the position a reading reaches is today's ``State``
    after the brought-forward log. It is compared with the position the save stored (its
    ``state``, the ``to_data()`` of the release that wrote it) on the keys both hold: a release
    may since have added keys (today's are not compared with nothing) or dropped some, but a
    key both hold means the same (a ``to_data()`` that changed a key's meaning would need a
    schema migration dropping the cache, as schema 2 did). Every key that differs refuses the
    reading.

    A save that names its rules version has one reading, which must reproduce its stored
    position. A save that does not (``rules`` 0: from before saves recorded it, such as
    release 0.2.0's) is read as a log of every version, today's down to 1; the readings that
    replay (two versions that put in the same steps are one reading) must come down to exactly
    one: the one that reproduces the stored position, or, if the save stores none (a schema 1
    save: its cache was dropped; a journal whose later records cleared its header's cache
    without an "end" record's state, which no release wrote without a rules version), the only
    one. None, or several, and the save is refused with the reason: a log that reads two ways
    (a Night's answer taken for another seat's, a setup that did or did not end) is never
    opened at a guess, nor stored again in today's rules as one. If no version replays at all,
    the reason is the last attempt's (the oldest rules: what such a save most likely holds).

    ``log=False``: the match without the words of its moves (``replay``), for a check alone."""
    game = GAMES.get(snapshot.game_id)
    if game is None:
        raise DamagedSave(f"unknown game {snapshot.game_id!r}")
    for text in snapshot.seats:
        try:
            SeatSpec.parse(text)
        except ValueError as exc:
            raise DamagedSave(f"a seat cannot be read: {exc}") from None
    # (a file's record was checked as it was read; a journal's or a database's is whole only now)
    if problem := record_problem(snapshot.weighed, snapshot.seats, len(snapshot.actions)):
        raise DamagedSave(problem)
    today = game.rules_version
    if snapshot.rules > today:
        raise DamagedSave(f"{NEWER} ({game.title}'s rules version {snapshot.rules}; this version plays up to {today})")
    found = readings(game, snapshot, log)
    if snapshot.rules:
        [(_, replayed)] = found  # (one version: ``readings`` raised if it does not replay)
        if differs := _differs(snapshot.state, replayed.state):
            raise DamagedSave(_not_saved_position(differs))
        return replayed
    return _proven(game, snapshot, found)


def readings(game: Game, snapshot: Snapshot, log: bool = True) -> list[tuple[list[int], Replayed]]:
    """Each way the log replays, with the rules versions that read it so (its own version, if
    it names one, else every version from today's down): readings that give the same log are
    one. DamagedSave (the last attempt's reason) if there is none."""
    found: dict[tuple[Action, ...], tuple[list[int], Replayed]] = {}
    failure = DamagedSave("no rules version to replay the save under")
    for start in [snapshot.rules] if snapshot.rules else range(game.rules_version, 0, -1):
        try:
            upgraded, moved = upgrade(game, snapshot, start)
            replayed = _checked(game, dataclasses.replace(upgraded, state={}), log)
        except DamagedSave as exc:
            failure = exc
            continue
        replayed.moved = moved
        replayed.snapshot = dataclasses.replace(replayed.snapshot, state=upgraded.state)
        versions, _ = found.setdefault(tuple(upgraded.actions), ([], replayed))
        versions.append(start)
    if not found:
        raise failure
    return list(found.values())


def _proven(game: Game, snapshot: Snapshot, found: list[tuple[list[int], Replayed]]) -> Replayed:
    """The one reading of a save that does not name its rules version (``replay_snapshot``):
    its stored position pins one if it shares a key with today's ``to_data()``."""
    pinned = bool(plain(snapshot.state).keys() & plain(found[0][1].state.to_data()).keys())
    if pinned:
        differences = [_differs(snapshot.state, replayed.state) for _, replayed in found]
        proven = [reading for reading, differs in zip(found, differences, strict=True) if not differs]
        if not proven:
            raise DamagedSave(_not_saved_position(min(differences, key=len), f"under any of {game.title}'s rules"))
    else:
        proven = found
    if len(proven) == 1:
        return proven[0][1]
    ways = " and ".join(f"as rules version {_versions(versions)}" for versions, _ in proven)
    positions = [plain(replayed.state.to_data()) for _, replayed in proven]
    if pinned:
        what = "each giving the position it was saved at"
    elif any(position != positions[0] for position in positions):
        what = "leading to different positions, and it holds no position to tell them apart"
    else:
        what = "reaching one position by different moves, and it holds no position to tell them apart"
    raise DamagedSave(
        f"the save does not say which of {game.title}'s rules it was played under, and its log "
        f"reads {len(proven)} ways ({ways}) {what}; it is not opened at a guess"
    )


def _versions(versions: list[int]) -> str:
    return " or ".join(str(v) for v in sorted(versions))


def _differs(saved: dict[str, object], state: State) -> list[str]:
    """The keys that the stored position ``saved`` and ``state`` both hold and that differ
    (for the reason a save is refused: a crafted key may hold anything)."""
    stored, again = plain(saved), plain(state.to_data())
    return sorted(_one_line(key) for key in stored.keys() & again.keys() if stored[key] != again[key])


def _not_saved_position(differs: list[str], how: str = "") -> str:
    return (
        f"replaying the log{' ' + how if how else ''} does not give the saved position (it differs in "
        f"{', '.join(differs)}); the rules may have changed since it was saved"
    )


#: actions the upgraders may put in before one logged action (a bound against a loop)
MAX_PUT_IN = 64


def upgrade(game: Game, snapshot: Snapshot, start: int) -> tuple[Snapshot, list[int] | None]:
    """``snapshot`` as a log of rules version ``start`` brought to today's, and the number each
    of its moves has in the new log (None: ``start`` is today's, nothing changed). The weighed
    rows and who decided move with their moves; the state cache, of older rules, is dropped.
    DamagedSave if the log cannot be brought forward (an action the rules refuse, with the move
    it was)."""
    today = game.rules_version
    if start == today:
        return dataclasses.replace(snapshot, rules=today), None
    missing = [v for v in range(start, today) if v not in game.upgraders]
    if missing:
        raise DamagedSave(f"{game.title}'s rules version {missing[0]} cannot be brought forward")
    steps = [game.upgraders[v] for v in range(start, today)]
    try:
        game.resolve_options(snapshot.options)
        state = game.new(snapshot.players, seed=snapshot.seed, options=snapshot.options)
    except ValueError as exc:
        raise DamagedSave(f"the match cannot be set up again: {exc}") from None
    actions: list[Action] = []
    moved: list[int] = []
    logged = snapshot.actions
    for number, action in enumerate([*logged, None], 1):
        for _ in range(MAX_PUT_IN):
            put_in = [extra for step in steps for extra in _asked(step, state, action)]
            if not put_in:
                break
            for extra in put_in:
                _apply(state, extra, f"what rules version {today} asks before move {number}")
                actions.append(extra)
        else:
            raise DamagedSave(f"bringing the save to rules version {today} does not settle at move {number}")
        if action is not None:
            moved.append(len(actions))
            _apply(state, action, f"move {number} of {len(logged)} ({action!r})")
            actions.append(action)
    weighed = {moved[turn]: rows for turn, rows in snapshot.weighed.items() if turn < len(moved)}
    deciders = {moved[turn]: by for turn, by in snapshot.deciders.items() if turn < len(moved)}
    standing_in = {
        seat: moved[since] if since < len(moved) else len(actions) for seat, since in snapshot.standing_in.items()
    }
    return dataclasses.replace(
        snapshot, actions=actions, weighed=weighed, deciders=deciders, standing_in=standing_in, state={}, rules=today
    ), moved


def _asked(step: Upgrader, state: State, action: Action | None) -> list[Action]:
    """What ``step`` puts in (DamagedSave if it fails on a state a crafted log led to)."""
    try:
        return step(state, action)
    except (ValueError, LookupError, TypeError) as exc:
        raise DamagedSave(f"the save cannot be brought to today's rules: {exc}") from None


def _apply(state: State, action: Action, what: str) -> None:
    if state.to_move() is None:
        raise DamagedSave(f"the match cannot be set up again: {what} is not legal: the match is over")
    try:
        state.apply(action, False)
    except IllegalAction as exc:
        raise DamagedSave(f"the match cannot be set up again: {what} is not legal: {exc}") from None


def _checked(game: Game, snapshot: Snapshot, log: bool) -> Replayed:
    try:
        game.resolve_options(snapshot.options)
        replayed = replay(game, snapshot, log=log)
    except ValueError as exc:  # options the game refuses, an illegal action in the log
        raise DamagedSave(f"the match cannot be set up again: {exc}") from None
    state = replayed.state
    if state.is_over() and snapshot.status == "playing" and snapshot.result is None:
        # the last move ended the match and was saved, its end was not (a kill between the two)
        snapshot = dataclasses.replace(snapshot, status="over", result=state.outcome())
        replayed.snapshot = snapshot
    _check_result(snapshot, state)
    if problem := movers_problem(snapshot.weighed, snapshot.seats, replayed.movers):
        raise DamagedSave(problem)
    if problem := deciders_problem(snapshot.deciders, snapshot.seats, snapshot.standing_in, replayed.movers):
        raise DamagedSave(problem)
    return replayed


def _one_line(key: object) -> str:
    """A state's key for the reason a save is refused: a crafted one may hold anything."""
    return " ".join("".join(c if c.isprintable() else " " for c in str(key)[:40]).split()) or "?"


def _check_result(snapshot: Snapshot, state: State) -> None:
    """Status and result must be what the replayed game says (a resignation: of a person's
    seat, before the end)."""
    status, result = snapshot.status, snapshot.result
    if state.is_over():
        if status != "over":
            raise DamagedSave(f"the game is finished but the save says {status!r}")
        if result != state.outcome():
            raise DamagedSave("the saved result is not the game's result")
    elif status == "over":
        raise DamagedSave("the save says the game is over but it is not finished")
    elif status == "playing" and result is not None:
        raise DamagedSave("an unfinished match has a result")
    elif status == "resigned":
        seat = snapshot.resigned
        if seat is None or not 0 <= seat < snapshot.players:
            raise DamagedSave("the save says a seat resigned but not which one")
        if not SeatSpec.parse(snapshot.seats[seat]).is_person:
            raise DamagedSave(
                f"the save says seat {seat + 1} resigned, but the program plays it: only a person's seat may resign"
            )
        # (a save from before resignations were ranked gives the others a shared win)
        ranked = resignation_result(snapshot.players, seat, standing_after_resignation(state, seat))
        if result not in (ranked, resignation_result(snapshot.players, seat)):
            raise DamagedSave("the saved result does not follow from the resignation")


def load(store: MatchStore, match_id: str) -> Replayed:
    """The saved match ``match_id``, replayed and checked (FileNotFoundError if there is none)."""
    return replay_snapshot(store.read(match_id))


def checked_entries(store: MatchStore) -> list[SaveEntry]:
    """``store.entries()`` with every save replayed and checked (``checked_entry``), the last
    played first (``last_played``; OSError only if the folder cannot be listed)."""
    return sorted(map(checked_entry, store.entries()), key=last_played, reverse=True)


def checked_entry(entry: SaveEntry) -> SaveEntry:
    """``entry`` with its save replayed and checked: one that cannot be trusted is listed as
    damaged, with the reason. Its snapshot holds the position its log replays to, so a save's
    score shows whatever records it was stored as."""
    if entry.snapshot is None:
        return entry
    try:  # listed as it loads: its log in today's rules (an upgrade may put moves in)
        replayed = replay_snapshot(entry.snapshot, log=False)
    except DamagedSave as exc:
        return dataclasses.replace(entry, snapshot=None, error=exc.reason)
    return dataclasses.replace(
        entry,
        snapshot=dataclasses.replace(replayed.snapshot, state=replayed.snapshot.state or replayed.state.to_data()),
    )


def last_played(entry: SaveEntry) -> float:
    """The order of the saves list, as "Continue" picks a match: by the time it was last
    played, not by when its file was last written (which opening a match does too)."""
    return entry.snapshot.updated if entry.snapshot is not None else entry.modified


def latest_unfinished(store: MatchStore) -> Snapshot | None:
    """The match still being played that was updated last, if any (None when there are no saves
    or the folder cannot be listed)."""
    try:
        entries = store.entries()
    except OSError:
        return None
    # (only the saves that say they are being played are replayed: a replay never reopens one)
    checked = [checked_entry(e) for e in entries if e.snapshot and e.snapshot.status == "playing"]
    playing = [e.snapshot for e in checked if e.snapshot and e.snapshot.status == "playing"]
    return max(playing, key=lambda s: s.updated, default=None)
