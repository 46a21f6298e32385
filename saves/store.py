"""The saves folder: one ``<match_id>.msgpack`` per match, written atomically (DESIGN §5).

A crash at any instant leaves the previous or the new snapshot, never a torn one: each write
goes to a temp file in the same folder, is fsynced, then renamed over the old file. A damaged
file is shown with its reason and never overwritten: it may be a save from a newer version,
or one the player wants to rescue.
"""
from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from caravan_tui.engine import IllegalAction, State
from caravan_tui.games import get_game
from saves.codec import DamagedSave, decode, encode, plain
from saves.snapshot import Snapshot

SUFFIX = ".msgpack"


@dataclass(frozen=True, slots=True)
class SaveEntry:
    """A file in the saves list: its snapshot, or why it cannot be loaded."""

    match_id: str
    path: Path
    snapshot: Snapshot | None
    error: str | None
    modified: float  # the file's mtime


class SaveStore:
    """Saves under ``<root>/saves``. Root: ``root``, else $CARAVAN_TUI_HOME, else the user
    data dir."""

    def __init__(self, root: Path | None = None) -> None:
        if root is None:
            home = os.environ.get("CARAVAN_TUI_HOME")
            root = Path(home) if home else Path(platformdirs.user_data_dir("caravan-tui"))
        self.root = Path(root)
        self.folder = self.root / "saves"

    def path(self, match_id: str) -> Path:
        if not match_id or match_id.startswith(".") or any(c in match_id for c in "/\\:\0"):
            raise ValueError(f"invalid match id {match_id!r}")
        return self.folder / f"{match_id}{SUFFIX}"

    def write(self, snapshot: Snapshot) -> None:
        """Save atomically; DamagedSave (and nothing written) if a damaged file has this id."""
        path = self.path(snapshot.match_id)
        data = encode(snapshot)
        if path.exists():
            try:
                self.read(snapshot.match_id)
            except DamagedSave as exc:
                raise DamagedSave(f"{path.name} is damaged ({exc.reason}); it was left untouched") from None
        self.folder.mkdir(parents=True, exist_ok=True)
        # The temp name does not end in SUFFIX, so a leftover one is never listed.
        fd, temp = tempfile.mkstemp(prefix=f".{snapshot.match_id}-", suffix=".tmp", dir=self.folder)
        try:
            with os.fdopen(fd, "wb") as file:
                file.write(data)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temp, path)
        except BaseException:
            os.unlink(temp)
            raise
        _fsync_dir(self.folder)

    def read(self, match_id: str) -> Snapshot:
        """The decoded snapshot (no replay); FileNotFoundError if there is none."""
        snapshot = decode(self.path(match_id).read_bytes())
        if snapshot.match_id != match_id:
            raise DamagedSave(f"the file is named {match_id} but holds match {snapshot.match_id}")
        return snapshot

    def load(self, match_id: str) -> tuple[Snapshot, State]:
        """The snapshot and its state, rebuilt by replaying the action log and checked against
        the saved state."""
        snapshot = self.read(match_id)
        try:
            game = get_game(snapshot.game_id)
        except KeyError:
            raise DamagedSave(f"unknown game {snapshot.game_id!r}") from None
        try:
            state = game.new(snapshot.players, seed=snapshot.seed, options=snapshot.options)
        except ValueError as exc:
            raise DamagedSave(f"cannot set up the game: {exc}") from None
        for number, action in enumerate(snapshot.actions, 1):
            try:
                state.apply(action)
            except IllegalAction:
                raise DamagedSave(
                    f"move {number} of {len(snapshot.actions)} in the log ({action!r}) is not legal"
                ) from None
        replayed, saved = plain(state.to_data()), plain(snapshot.state)
        if replayed != saved:
            differs = ", ".join(
                sorted(str(k) for k in replayed.keys() | saved.keys() if replayed.get(k) != saved.get(k))
            )
            raise DamagedSave(
                f"replaying the log does not give the saved position (it differs in {differs}); "
                "the rules may have changed since it was saved"
            )
        return snapshot, state

    def entries(self) -> list[SaveEntry]:
        """Every save file, newest first; damaged ones carry their reason. Never raises."""
        entries = []
        for path in self.folder.glob(f"*{SUFFIX}") if self.folder.is_dir() else ():
            snapshot, error, modified = None, None, 0.0
            try:
                modified = path.stat().st_mtime
                snapshot = self.read(path.stem)
            except DamagedSave as exc:
                error = exc.reason
            except (OSError, ValueError) as exc:
                error = f"cannot read the file: {exc}"
            entries.append(SaveEntry(path.stem, path, snapshot, error, modified))
        entries.sort(key=lambda e: (e.modified, e.match_id), reverse=True)
        return entries

    def delete(self, match_id: str) -> None:
        self.path(match_id).unlink(missing_ok=True)

    def latest_unfinished(self) -> Snapshot | None:
        """The match still being played that was updated last, if any."""
        playing = [e.snapshot for e in self.entries() if e.snapshot and e.snapshot.status == "playing"]
        return max(playing, key=lambda s: s.updated, default=None)


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable. Windows cannot open a directory, and needs no such step."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
