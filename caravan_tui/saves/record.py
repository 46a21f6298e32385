"""Your record: what the saves of your finished matches say, per game and per opponent level
(played, won, mean points and placement, streaks) and, for a game played solo, its best
results. No Textual.

Reading a save means replaying it (the one checked way: ``loading.replay_snapshot``), so what
each finished save gives is kept in an index beside the saves (``record-index.json``), each
entry under the hash of the save's bytes: a save that changed in any way (or a new one) is
read again, an entry whose save is gone is dropped, and an index that cannot be read is made
again from the saves. Nothing in the index is taken for a save it was not made from.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from collections.abc import Iterable
from contextlib import suppress
from dataclasses import asdict, dataclass

from caravan_tui.bus import MAX_ID, line_problem
from caravan_tui.files import MiB, read_regular
from caravan_tui.saves.codec import MAX_FILE, DamagedSave
from caravan_tui.saves.loading import Replayed, replay_snapshot
from caravan_tui.saves.store import SUFFIX, SaveStore, replace_file
from caravan_tui.seats import SeatSpec

INDEX = "record-index.json"
#: 2: a place counts the result first (a resignation at 0–0 had read as first place); 3: then
#: the game's tie-breaks (``State.ranks``)
INDEX_VERSION = 3
MAX_INDEX = 64 * MiB
#: what a match against nobody (one player) is filed under
SOLO = "solo"


@dataclass(frozen=True, slots=True)
class Finished:
    """One finished match of yours: its game, whom you played (the opponents' AI levels, "+"
    between different ones; "people" with a person among them; ``SOLO``), your share of the win,
    whether you won it alone (solo: whether you reached the game's whole outcome), your points
    and place (1: first; a tie shares the place), when it ended and, solo, the title the game's
    final view names ("" for none)."""

    match_id: str
    game: str
    against: str
    players: int
    share: float
    won: bool
    points: float
    place: int
    ended: float
    title: str = ""

    @classmethod
    def from_data(cls, data: object) -> Finished:
        """The entry ``data`` (read from the index) holds; ValueError if it is not one."""
        if not isinstance(data, dict) or set(data) != set(cls.__dataclass_fields__):
            raise ValueError("not a finished match")
        texts = ("match_id", "game", "against")
        if any(line_problem(data[key], MAX_ID * 4, "") is not None for key in texts) or (
            data["title"] != "" and line_problem(data["title"], MAX_ID * 2, "") is not None
        ):
            raise ValueError("its words are not one short line each")
        numbers = ("share", "points", "ended")
        if (
            any(type(data[key]) not in (int, float) or not math.isfinite(data[key]) for key in numbers)
            or any(type(data[key]) is not int or not 1 <= data[key] <= 64 for key in ("players", "place"))
            or type(data["won"]) is not bool
        ):
            raise ValueError("its numbers are not numbers")
        return cls(**data)


def finished_of(replayed: Replayed) -> Finished | None:
    """What a checked save gives your record: None unless it is over and one seat is yours (a
    match between AIs, or several people at one keyboard, is nobody's record)."""
    snapshot = replayed.snapshot
    if snapshot.status == "playing" or snapshot.result is None:
        return None
    specs = [_spec(seat) for seat in snapshot.seats]
    yours = [seat for seat, spec in enumerate(specs) if spec is not None and spec.kind == "human"]
    if len(yours) != 1 or any(spec is None for spec in specs):
        return None
    you = yours[0]
    others = [spec for seat, spec in enumerate(specs) if seat != you and spec is not None]
    if any(spec.is_person for spec in others):
        against = "people"
    else:
        against = "+".join(sorted({str(spec.level) if spec.kind == "ai" else spec.kind for spec in others})) or SOLO
    scores, ranks = replayed.state.scores(), replayed.state.ranks()
    best = max(snapshot.result)
    share = snapshot.result[you]
    title = replayed.state.view(you).get("title") if snapshot.players == 1 else None
    won = share >= 1.0 if snapshot.players == 1 else share == best and share > 0 and snapshot.result.count(best) == 1
    return Finished(
        snapshot.match_id,
        snapshot.game_id,
        against,
        snapshot.players,
        float(share),
        won,
        float(scores[you]),
        # (by the result first: a resignation at 0–0 read as first place; then by the standing,
        # the game's tie-breaks with it: two players behind the winner on 5 table cards each were
        # both second, one of them ahead on coins)
        1 + sum(1 for seat, r in enumerate(snapshot.result) if r > share or (r == share and ranks[seat] > ranks[you])),
        snapshot.updated,
        title if isinstance(title, str) and line_problem(title, MAX_ID * 2, "") is None else "",
    )


def _spec(text: str) -> SeatSpec | None:
    try:
        return SeatSpec.parse(text)
    except ValueError:
        return None


class RecordIndex:
    """The finished matches in ``store``'s saves, through the index beside them."""

    def __init__(self, store: SaveStore) -> None:
        self.store = store
        self.path = store.root / INDEX
        #: how many saves the last ``finished`` read (the others came from the index)
        self.read = 0

    def finished(self) -> list[Finished]:
        """Every finished match of yours, the first to end first; OSError only if the saves'
        folder cannot be listed (an index that cannot be written is made again next time)."""
        kept = self._kept()
        index: dict[str, tuple[str, Finished | None]] = {}
        self.read = 0
        try:
            names = sorted(name for name in os.listdir(self.store.folder) if name.endswith(SUFFIX))
        except FileNotFoundError:
            names = []
        for name in names:
            try:
                data = read_regular(self.store.folder / name, MAX_FILE)
            except (OSError, ValueError):
                continue  # (the saves list says why)
            digest = hashlib.blake2b(data, digest_size=16).hexdigest()
            entry = kept.get(name)
            if entry is None or entry[0] != digest:
                self.read += 1
                entry = (digest, self._read(name[: -len(SUFFIX)]))
            index[name] = entry
        if index != kept:
            self._write(index)
        return sorted((f for _, f in index.values() if f is not None), key=lambda f: (f.ended, f.match_id))

    def _read(self, match_id: str) -> Finished | None:
        try:
            return finished_of(replay_snapshot(self.store.read(match_id)))
        except (OSError, ValueError, DamagedSave):
            return None

    def _kept(self) -> dict[str, tuple[str, Finished | None]]:
        """The index as kept, every entry checked; empty if it is missing or any part of it is
        not what an index holds (it is then made again from the saves)."""
        try:
            data = json.loads(read_regular(self.path, MAX_INDEX))
        except (OSError, ValueError, RecursionError):
            return {}
        if (
            not isinstance(data, dict)
            or data.get("version") != INDEX_VERSION
            or not isinstance(data.get("saves"), dict)
        ):
            return {}
        kept: dict[str, tuple[str, Finished | None]] = {}
        for name, entry in data["saves"].items():
            if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], str) and len(entry[0]) == 32):
                return {}
            try:
                kept[name] = (entry[0], None if entry[1] is None else Finished.from_data(entry[1]))
            except ValueError:
                return {}
        return kept

    def _write(self, index: dict[str, tuple[str, Finished | None]]) -> None:
        saves = {name: [digest, None if f is None else asdict(f)] for name, (digest, f) in index.items()}
        with suppress(OSError):  # (a full disk: the record is made from the saves again next time)
            replace_file(
                self.path, json.dumps({"version": INDEX_VERSION, "saves": saves}).encode("utf-8"), prefix=f".{INDEX}-"
            )


@dataclass(frozen=True, slots=True)
class RecordLine:
    """Your record in one game against one kind of opponent."""

    game: str
    against: str
    played: int
    won: int
    mean_points: float
    mean_place: float
    streak: int  # the wins in a row up to the last match
    best_streak: int


def record_lines(finished: Iterable[Finished]) -> list[RecordLine]:
    """One line per game and opponent, by game then opponent; ``finished`` in the order played."""
    groups: dict[tuple[str, str], list[Finished]] = {}
    for match in finished:
        groups.setdefault((match.game, match.against), []).append(match)
    lines = []
    for (game, against), matches in sorted(groups.items()):
        streak = best = 0
        for match in matches:
            streak = streak + 1 if match.won else 0
            best = max(best, streak)
        lines.append(
            RecordLine(
                game,
                against,
                len(matches),
                sum(m.won for m in matches),
                sum(m.points for m in matches) / len(matches),
                sum(m.place for m in matches) / len(matches),
                streak,
                best,
            )
        )
    return lines


def solo_bests(finished: Iterable[Finished], limit: int = 5) -> dict[str, list[Finished]]:
    """Each game's best solo matches (most points first, the earliest of equals first)."""
    by_game: dict[str, list[Finished]] = {}
    for match in finished:
        if match.against == SOLO:
            by_game.setdefault(match.game, []).append(match)
    return {game: sorted(matches, key=lambda m: (-m.points, m.ended))[:limit] for game, matches in by_game.items()}
