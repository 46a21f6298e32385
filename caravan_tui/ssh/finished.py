"""The finished matches a person played, as the lobby lists them for their replays (pure: no
Textual). Reads saves: the hub calls it from a thread."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from caravan_tui.hub_protocol import FinishedRow
from caravan_tui.saves.backend import MatchStore
from caravan_tui.saves.codec import DamagedSave
from caravan_tui.saves.deciders import decided_name, level_of, stand_in
from caravan_tui.saves.loading import Replayed, replay_snapshot
from caravan_tui.seats import SeatSpec
from caravan_tui.ssh.keeping import Keeping
from caravan_tui.ssh.records import GUEST

#: finished matches a person's lobby lists
MAX_FINISHED = 10
#: finished matches a history looks through (the newest), and lists
MAX_HISTORY, HISTORY_ROWS = 1000, 50
#: ended matches remembered (a match over never changes, so its save is read once)
_REMEMBERED = 4096


@dataclass(frozen=True, slots=True)
class Ended:
    """What the lobby shows of a match that is over."""

    game: str
    names: list[str]
    result: list[float]
    status: str
    ended: float
    kinds: list[str]  # each seat's kind as saved ("ai:normal")
    resigned: int | None = None  # the seat whose resignation ended it
    #: the seats given up by guests (someone new each visit: they left, by a resignation or not)
    guests_left: tuple[int, ...] = ()


def read_ended(store: MatchStore, match_id: str) -> tuple[Replayed, Ended] | None:
    """The checked save of ``match_id`` and what the lobby shows of it, if it is over and its save
    can be trusted (None otherwise: there is nothing to replay yet, or nothing safe)."""
    try:
        replayed = replay_snapshot(store.read(match_id))
    except (OSError, ValueError, DamagedSave):
        return None
    snapshot = replayed.snapshot
    if snapshot.status == "playing" or snapshot.result is None:
        return None
    return replayed, Ended(
        snapshot.game_id,
        list(snapshot.names),
        list(snapshot.result),
        snapshot.status,
        snapshot.updated,
        list(snapshot.seats),
        snapshot.resigned,
    )


def played_names(replayed: Replayed, never_taken: Iterable[int]) -> list[str]:
    """The seats' names as they were played: a seat kept for a person who never took it (a
    rematch they declined, or never came to), that an AI played, as the AI standing in for
    them, "Bob's stand-in (AI easy)", as the log calls it: the record of the one who asked read
    "against Bob" of a match Bob never played, and then "AI 2 (easy)" where the table had said
    "Bob · AI standing in"."""
    snapshot = replayed.snapshot
    names = list(snapshot.names)
    for seat in never_taken:
        if seat not in snapshot.standing_in or not 0 <= seat < len(names):
            continue  # (an AI's seat from the start: its own name)
        spec = SeatSpec.parse(snapshot.seats[seat])
        if spec.kind == "ai":
            names[seat] = decided_name(names[seat], stand_in(level_of(spec)), level=True)
    return names


class FinishedMatches:
    """Each person's finished matches, from the keeping's list and the saves."""

    def __init__(self, store: MatchStore, keeping: Keeping) -> None:
        self.store, self.keeping = store, keeping
        self._ended: OrderedDict[str, Ended] = OrderedDict()
        self._lock = threading.Lock()

    def rows(
        self, identity: str, most: int = MAX_FINISHED, keep: Callable[[FinishedRow], bool] = lambda row: True
    ) -> list[FinishedRow]:
        """``identity``'s finished matches that ``keep`` keeps, the last to end first (at most
        ``most``)."""
        found: list[FinishedRow] = []
        for match_id, seat, gave_up, given in self.keeping.played(
            identity, most if most == MAX_FINISHED else MAX_HISTORY
        ):
            ended = self._known(match_id)
            if ended is not None and 0 <= seat < len(ended.names):
                # (another's resignation an AI played on: "Bob won" of his stand-in's points read
                # beside the rating the record gave for his resignation)
                others = [at for at in given if at != seat and 0 <= at < len(ended.names)]
                resigned = ended.resigned if ended.resigned is not None else others[0] if len(others) == 1 else None
                row = FinishedRow(
                    match_id,
                    ended.game,
                    ended.names,
                    ended.result,
                    ended.status,
                    ended.ended,
                    seat,
                    gave_up=gave_up,
                    kinds=ended.kinds,
                    resigned=resigned,
                    left=resigned is not None and resigned in ended.guests_left,
                )
                if keep(row):
                    found.append(row)
                if len(found) == most:
                    break
        return sorted(found, key=lambda row: -row.ended)

    def _known(self, match_id: str) -> Ended | None:
        with self._lock:
            ended = self._ended.get(match_id)
        if ended is not None:
            return ended
        read = read_ended(self.store, match_id)
        if read is None:
            return None
        record = self.keeping.record(match_id)
        never_taken = (
            [seat for seat, who in enumerate(record.owners) if who is None and seat not in record.left]
            if record is not None
            else []
        )
        guests = tuple(seat for seat, who in sorted(record.left.items()) if who.startswith(GUEST)) if record else ()
        ended = replace(read[1], names=played_names(read[0], never_taken), guests_left=guests)
        with self._lock:
            self._ended[match_id] = ended
            while len(self._ended) > _REMEMBERED:
                self._ended.popitem(last=False)
        return ended
