"""The one way a saved match is loaded (DESIGN §3, §5): replay the log, compare the position
with the saved one, and check the status and result against the replayed game.

The app, ``caravan-tui resume``, ``replay --save``, the saves list and the match host all go
through ``replay_snapshot``; nothing else rebuilds a match from a file.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from caravan_tui.engine import Event, Game, IllegalAction, State
from caravan_tui.games import GAMES
from caravan_tui.seats import SeatSpec
from saves.backend import MatchStore, SaveEntry
from saves.codec import DamagedSave, plain
from saves.snapshot import Snapshot


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


def replay(game: Game, snapshot: Snapshot, upto: int | None = None) -> Replayed:
    """The match after its first ``upto`` logged actions (all by default); ValueError (an
    IllegalAction among them) if the log cannot be replayed."""
    state = game.new(snapshot.players, seed=snapshot.seed, options=snapshot.options)
    opening = state.opening_events()
    movers: list[int] = []
    events: list[list[Event]] = []
    for number, action in enumerate(snapshot.actions[:upto], 1):
        mover = state.to_move()
        try:
            events.append(state.apply(action))
            if mover is None:  # a game refuses every action once it is over: this one did not
                raise IllegalAction("the match is over")
        except IllegalAction as exc:
            raise IllegalAction(f"move {number} of {len(snapshot.actions)} ({action!r}) is not legal: {exc}") from None
        movers.append(mover)
    return Replayed(game, snapshot, state, movers, events, opening)


def resignation_result(players: int, seat: int) -> list[float]:
    """The resigning seat loses; the others share the win."""
    others = players - 1
    return [0.0 if s == seat else 1.0 / others for s in range(players)] if others else [0.0]


def replay_snapshot(snapshot: Snapshot) -> Replayed:
    """``snapshot`` rebuilt and checked; DamagedSave saying why it cannot be trusted."""
    game = GAMES.get(snapshot.game_id)
    if game is None:
        raise DamagedSave(f"unknown game {snapshot.game_id!r}")
    for text in snapshot.seats:
        try:
            SeatSpec.parse(text)
        except ValueError as exc:
            raise DamagedSave(f"a seat cannot be read: {exc}") from None
    try:
        return _checked(game, snapshot)
    except DamagedSave as first:
        upgraded = _upgraded(game, snapshot)
        if upgraded is None:
            raise
        try:
            return _checked(game, upgraded)
        except DamagedSave:
            raise first from None


def _upgraded(game: Game, snapshot: Snapshot) -> Snapshot | None:
    """``snapshot`` with its log in today's rules, when the game has changed them since (None:
    it has not, or the log is no older log of them)."""
    if game.upgrade_log is None:
        return None
    try:
        state = game.new(snapshot.players, seed=snapshot.seed, options=snapshot.options)
        return dataclasses.replace(snapshot, actions=game.upgrade_log(state, list(snapshot.actions)))
    except (ValueError, LookupError, TypeError):
        return None


def _checked(game: Game, snapshot: Snapshot) -> Replayed:
    try:
        game.resolve_options(snapshot.options)
        replayed = replay(game, snapshot)
    except ValueError as exc:  # options the game refuses, an illegal action in the log
        raise DamagedSave(f"the match cannot be set up again: {exc}") from None
    state = replayed.state
    saved, again = plain(snapshot.state), plain(state.to_data())
    if saved and saved != again:  # an empty cache (a migrated save) is rebuilt, not compared
        differs = ", ".join(sorted(_one_line(k) for k in again.keys() | saved.keys() if again.get(k) != saved.get(k)))
        raise DamagedSave(f"replaying the log does not give the saved position (it differs in {differs}); "
                          "the rules may have changed since it was saved")
    _check_result(snapshot, state)
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
            raise DamagedSave(f"the save says seat {seat + 1} resigned, but the program plays it: "
                              "only a person's seat may resign")
        if result != resignation_result(snapshot.players, seat):
            raise DamagedSave("the saved result does not follow from the resignation")


def load(store: MatchStore, match_id: str) -> Replayed:
    """The saved match ``match_id``, replayed and checked (FileNotFoundError if there is none)."""
    return replay_snapshot(store.read(match_id))


def checked_entries(store: MatchStore) -> list[SaveEntry]:
    """``store.entries()`` with every save replayed and checked: one that cannot be trusted is
    listed as damaged, with the reason (OSError only if the folder cannot be listed)."""
    checked = []
    for entry in store.entries():
        if entry.snapshot is not None:
            try:
                replay_snapshot(entry.snapshot)
            except DamagedSave as exc:
                entry = dataclasses.replace(entry, snapshot=None, error=exc.reason)
        checked.append(entry)
    return checked


def latest_unfinished(store: MatchStore) -> Snapshot | None:
    """The match still being played that was updated last, if any (None when there are no saves
    or the folder cannot be listed)."""
    try:
        entries = checked_entries(store)
    except OSError:
        return None
    playing = [e.snapshot for e in entries if e.snapshot and e.snapshot.status == "playing"]
    return max(playing, key=lambda s: s.updated, default=None)
