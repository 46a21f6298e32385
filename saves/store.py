"""The saves folder: one ``<match_id>.msgpack`` per match, written atomically (DESIGN §5).

A crash at any instant leaves the previous or the new snapshot, never a torn one: each write
goes to a temp file in the same folder, is fsynced, then renamed over the old file. A damaged
file is shown with its reason and never overwritten: it may be a save from a newer version,
or one the player wants to rescue.

The folder is not trusted: only regular files are read, and no more than a save can hold.
"""
from __future__ import annotations

import errno
import os
import re
import stat
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from caravan_tui.files import NotRegular, TooLarge, read_regular
from saves.codec import MAX_FILE, MAX_TIME, TOO_LARGE, DamagedSave, decode, encode
from saves.snapshot import Snapshot

SUFFIX = ".msgpack"
#: write()'s temp files, as tempfile.mkstemp names them: ".<match_id>-<8 random characters>.tmp"
_TEMP = re.compile(r"\.(?P<match_id>.+)-[a-z0-9_]{8}\.tmp")
#: seconds after which a temp file is a crash's leftover (a write takes milliseconds)
STALE = 60


class MatchLocked(OSError):
    """The match is already open: a host in another process, or in this one, holds its lock."""


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
        self._remove_temps(snapshot.match_id)
        # The temp name does not end in SUFFIX, so a leftover one is never listed.
        replace_file(path, data, prefix=f".{snapshot.match_id}-")
        _fsync_dir(self.folder)

    def read(self, match_id: str) -> Snapshot:
        """The decoded snapshot (no replay); FileNotFoundError if there is none."""
        snapshot = decode(_read(self.path(match_id)))
        if snapshot.match_id != match_id:
            raise DamagedSave(f"the file is named {match_id} but holds match {snapshot.match_id}")
        return snapshot

    def entries(self) -> list[SaveEntry]:
        """Every save file, newest first; those that cannot be loaded carry the reason. Never
        raises for anything in the folder; OSError if the folder itself cannot be listed (it is
        a file, say), which is not the same as having no saves. Removes stale temp files."""
        try:
            names = os.listdir(self.folder)
        except FileNotFoundError:
            return []
        except OSError as exc:
            raise type(exc)(exc.errno, f"cannot list the saves: {exc.strerror}", str(self.folder)) from None
        self._remove_temps()
        entries = []
        for name in names:
            if not name.endswith(SUFFIX):
                continue
            match_id, path = name[: -len(SUFFIX)], self.folder / name
            snapshot, error, modified = None, None, 0.0
            try:
                # A file's time can be set to anything; keep it where datetime can show it.
                modified = min(max(path.stat().st_mtime, 0.0), MAX_TIME - 1.0)
                snapshot = self.read(match_id)
            except DamagedSave as exc:
                error = exc.reason
            except (OSError, ValueError) as exc:
                error = f"cannot read the file: {exc}"
            entries.append(SaveEntry(match_id, path, snapshot, error, modified))
        entries.sort(key=lambda e: (e.modified, e.match_id), reverse=True)
        return entries

    def delete(self, match_id: str) -> None:
        self.path(match_id).unlink(missing_ok=True)

    def lock(self, match_id: str) -> MatchLock:
        """Hold ``match_id`` exclusively while a host runs it, so that two windows never both
        write it; MatchLocked if it is already held, by another process or by this one."""
        self.path(match_id)  # refuses an invalid id
        self.folder.mkdir(parents=True, exist_ok=True)
        return MatchLock(self.folder / f".{match_id}.lock", match_id)

    def _remove_temps(self, match_id: str | None = None) -> None:
        """Remove write()'s leftover temp files: any older than STALE seconds, and all those of
        ``match_id``, about to be written again. Best effort; no other file is ever touched."""
        try:
            with os.scandir(self.folder) as found:
                temps = [(entry, temp["match_id"]) for entry in found if (temp := _TEMP.fullmatch(entry.name))]
        except OSError:
            return
        for entry, temp_of in temps:
            try:
                if entry.is_file(follow_symlinks=False) and (
                    temp_of == match_id or time.time() - entry.stat().st_mtime > STALE
                ):
                    os.unlink(entry.path)
            except OSError:
                pass  # gone already, or not ours to remove


class MatchLock:
    """An exclusive ``flock`` on a match's lock file (``.<match_id>.lock`` beside the save),
    released by ``release()``, at the end of a ``with`` block, or when the process dies, however
    it dies. The file itself stays: removing it would let a third window lock a new file while
    the second still held the old one. A lock file that is a link or not a regular file is
    refused (OSError saying so), never followed."""

    def __init__(self, path: Path, match_id: str) -> None:
        import fcntl  # POSIX only; importing it here leaves the rest of saves usable elsewhere

        self.path = path
        try:
            # Not through a link: the file would be made wherever it points, outside the folder.
            self._fd: int | None = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK, 0o600)
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise OSError(exc.errno, f"its lock file {path.name} is a link; remove it to open the match",
                              str(path)) from None
            raise
        try:
            if not stat.S_ISREG(os.fstat(self._fd).st_mode):
                raise OSError(errno.EINVAL, f"its lock file {path.name} is not a regular file", str(path))
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            self.release()
            if isinstance(exc, BlockingIOError):
                raise MatchLocked(f"this match ({match_id}) is open in another window") from None
            raise

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> MatchLock:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.release()


def replace_file(path: Path, data: bytes, prefix: str) -> None:
    """Write ``data`` to ``path`` atomically: a temp file beside it (``prefix``…``.tmp``),
    flushed to disk, then renamed over it; a failure leaves ``path`` as it was."""
    fd, temp = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temp, path)
    except BaseException:
        os.unlink(temp)
        raise


def _read(path: Path) -> bytes:
    """The contents of ``path`` if it is a regular file of at most MAX_FILE bytes, DamagedSave
    if not (``read_regular``: a FIFO cannot make us wait, a huge file cannot fill the memory)."""
    try:
        return read_regular(path, MAX_FILE)
    except TooLarge:
        raise DamagedSave(TOO_LARGE) from None
    except NotRegular as exc:
        raise DamagedSave(str(exc)) from None


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable. Windows cannot open a directory, and needs no such step."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
