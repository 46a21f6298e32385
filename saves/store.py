"""The saves folder, the embedded ``MatchStore`` (DESIGN §5): one ``<match_id>.msgpack`` per
match, a journal (``saves.journal``): a snapshot, then one record appended per change.

A snapshot is written atomically: to a temp file in the same folder, fsynced, renamed over the
old file, the folder fsynced. A record is one ``write`` to the end of the file and one fsync, so
a move costs the same at move 1,000 as at move 1; a crash mid-append leaves a torn last record,
which reading leaves out (it was never acknowledged). The file is checked for damage when a
host ``open``s the match under its lock, and compacted into one snapshot when the match ends or
its records outnumber the moves of its snapshot (and ``COMPACT_AFTER``), which keeps the cost of
compacting, spread over the moves, constant. A damaged file is shown with its reason and never
overwritten: it may be a save from a newer version, or one the player wants to rescue.

The folder is not trusted: only regular files are read, and no more than a save can hold.
"""
from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import tempfile
import threading
import time
from pathlib import Path

import platformdirs

from caravan_tui.files import NotRegular, TooLarge, read_regular
from saves.backend import MatchLock, MatchLocked, SaveEntry, folded
from saves.codec import MAX_FILE, MAX_TIME, TOO_LARGE, DamagedSave, encode
from saves.journal import frame, parse
from saves.snapshot import Record, Snapshot

SUFFIX = ".msgpack"
#: write()'s temp files, as tempfile.mkstemp names them: ".<match_id>-<8 random characters>.tmp"
_TEMP = re.compile(r"\.(?P<match_id>.+)-[a-z0-9_]{8}\.tmp")
#: seconds after which a temp file is a crash's leftover (a write takes milliseconds)
STALE = 60
#: records after which a match is compacted even while it is played (or more: as many as the
#: moves its snapshot holds)
COMPACT_AFTER = 1024


class SaveStore:
    """Saves under ``<root>/saves``. Root: ``root``, else $CARAVAN_TUI_HOME, else the user
    data dir."""

    shared = False  # one host at a time reads a save folder (MatchStore)

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
        """Save ``snapshot`` whole, atomically, with no host: an imported match. DamagedSave
        (and nothing written) if a damaged file has this id."""
        self._check_replaceable(snapshot.match_id)
        self._replace(snapshot)

    def open(self, lock: MatchLock, snapshot: Snapshot) -> None:
        """``MatchStore.open``: the file becomes ``snapshot`` alone, atomically, unless a
        damaged file is there; appends follow it."""
        held = self._held(lock, snapshot.match_id)
        held.close_journal()
        self._check_replaceable(snapshot.match_id)
        self._replace(snapshot)
        held.open_journal(self.path(snapshot.match_id), len(snapshot.actions))

    def append(self, lock: MatchLock, record: Record) -> None:
        """``MatchStore.append``: one write and one fsync at the file's end. A write that
        fails is cut off again where possible (a torn record is harmless: reading leaves it
        out, and the host ``open``s the match again before appending more)."""
        held = self._held(lock, lock.match_id)
        if held.journal is None:
            raise OSError(f"match {lock.match_id} is not open for writing")
        held.journal.append(frame(record))
        if record.kind == "end" or held.journal.records > max(COMPACT_AFTER, held.journal.moves):
            self._compact(held)

    def _compact(self, lock: FileLock) -> None:
        """The match as one snapshot, atomically (the journal's records folded into it). Best
        effort: the record just appended is on disk either way, and a journal that could not
        be compacted is tried again at the next append."""
        try:
            snapshot = self.read(lock.match_id)
            self._replace(snapshot)
        except OSError:
            return
        lock.close_journal()  # its file was replaced: append to the new one
        lock.open_journal(self.path(lock.match_id), len(snapshot.actions))

    def read(self, match_id: str) -> Snapshot:
        """``MatchStore.read``: the snapshot with every whole record folded in (no replay)."""
        parsed = parse(_read(self.path(match_id)))
        if parsed.header.match_id != match_id:
            raise DamagedSave(f"the file is named {match_id} but holds match {parsed.header.match_id}")
        return folded(parsed.header, parsed.records)

    def _check_replaceable(self, match_id: str) -> None:
        """DamagedSave unless the file of ``match_id`` is absent or reads whole."""
        try:
            self.read(match_id)
        except FileNotFoundError:
            pass
        except DamagedSave as exc:
            name = self.path(match_id).name
            raise DamagedSave(f"{name} is damaged ({exc.reason}); it was left untouched") from None

    def _replace(self, snapshot: Snapshot) -> None:
        data = encode(snapshot)
        self.folder.mkdir(parents=True, exist_ok=True)
        self._remove_temps(snapshot.match_id)
        # The temp name does not end in SUFFIX, so a leftover one is never listed.
        replace_file(self.path(snapshot.match_id), data, prefix=f".{snapshot.match_id}-")
        _fsync_dir(self.folder)

    def _held(self, lock: MatchLock, match_id: str) -> FileLock:
        """``lock`` as this store's lock of ``match_id``, held (ValueError if it is not)."""
        if not isinstance(lock, FileLock) or lock.folder != self.folder or not lock.held:
            raise ValueError(f"match {match_id} is not locked in {self.folder}")
        if lock.match_id != match_id:
            raise ValueError(f"the lock is of match {lock.match_id}, not {match_id}")
        return lock

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
            entries.append(SaveEntry(match_id, snapshot, error, modified))
        entries.sort(key=lambda e: (e.modified, e.match_id), reverse=True)
        return entries

    def delete(self, match_id: str) -> None:
        with self.lock(match_id):  # never under a window playing it: its moves would go to no file
            self.path(match_id).unlink(missing_ok=True)

    def lock(self, match_id: str) -> FileLock:
        """Hold ``match_id`` exclusively while a host runs it, so that two windows never both
        write it; MatchLocked if it is already held, by another process or by this one."""
        self.path(match_id)  # refuses an invalid id
        self.folder.mkdir(parents=True, exist_ok=True)
        return FileLock(self.folder, match_id)

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


class FileLock:
    """An exclusive ``flock`` on a match's lock file (``.<match_id>.lock`` beside the save),
    released by ``release()``, at the end of a ``with`` block, or when the process dies, however
    it dies. The file itself stays: removing it would let a third window lock a new file while
    the second still held the old one. A lock file that is a link or not a regular file is
    refused (OSError saying so), never followed.

    While a host writes the match, the lock also holds the save file open for appending."""

    def __init__(self, folder: Path, match_id: str) -> None:
        import fcntl  # POSIX only; importing it here leaves the rest of saves usable elsewhere

        self.folder, self.match_id = folder, match_id
        self.path = path = folder / f".{match_id}.lock"
        self.journal: Journal | None = None
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

    @property
    def held(self) -> bool:
        return self._fd is not None

    def open_journal(self, path: Path, moves: int) -> None:
        self.journal = Journal(path, moves)

    def close_journal(self) -> None:
        if self.journal is not None:
            self.journal.close()
            self.journal = None

    def release(self) -> None:
        self.close_journal()
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> FileLock:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.release()


class Journal:
    """A save file open for appending records: ``moves`` in its snapshot, ``records`` since.

    A host appends in a worker thread and may let go of its match (``close``) from another
    while an append is under way: ``close`` waits for it, so the descriptor is never closed
    (and its number reused for another file) under a write."""

    def __init__(self, path: Path, moves: int) -> None:
        self.moves, self.records = moves, 0
        self._fd: int | None = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_NOFOLLOW)
        self._size = os.fstat(self._fd).st_size
        self._busy = threading.Lock()

    def append(self, data: bytes) -> None:
        """``data`` at the end of the file, on disk when this returns."""
        with self._busy:
            self._append(data)

    def _append(self, data: bytes) -> None:
        if self._fd is None:
            raise OSError("the save file is closed")
        try:
            written = 0
            while written < len(data):
                written += os.write(self._fd, data[written:])
            _sync(self._fd)
        except BaseException:
            with contextlib.suppress(OSError):  # best effort: reading would drop it anyway
                os.ftruncate(self._fd, self._size)
            raise
        self._size += len(data)
        self.records += 1

    def close(self) -> None:
        with self._busy:
            if self._fd is not None:
                os.close(self._fd)
                self._fd = None


def _sync(fd: int) -> None:
    """The file's data (and its new length) on disk: fdatasync where there is one."""
    getattr(os, "fdatasync", os.fsync)(fd)


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
