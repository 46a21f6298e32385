"""The saves folder, the embedded ``MatchStore`` (DESIGN §5): one ``<match_id>.msgpack`` per
match, a journal (``saves.journal``): a snapshot, then one record appended per change.

A snapshot is written atomically: to a temp file in the same folder, fsynced, renamed over the
old file, the folder fsynced. A record is one ``write`` to the end of the file and one fsync, so
a move costs the same at move 1,000 as at move 1; a crash mid-append leaves a torn last record,
which reading leaves out (it was never acknowledged; the host that opens the match next tells
the person which change was dropped). The file is checked for damage when a host ``open``s the
match under its lock, and compacted into one snapshot when the match ends or its records
outnumber the moves of its snapshot (and ``COMPACT_AFTER``), which keeps the cost of
compacting, spread over the moves, constant. A damaged file is shown with its reason and never
overwritten: it may be a save from a newer version, or one the player wants to rescue; damage
after its snapshot can be ``recover``ed (the damaged file kept beside the new one). ``open``
never replaces a stored move: the log it is given must extend the stored one (or bring it to
newer rules); one that took stored moves back is stored as an undo record and what follows.

**One writer** (``FileLock``): a host holds an ``flock`` on the match's lock file *and* on the
save file itself, as SQLite locks its database file. The save file's lock is what keeps a
second writer out even when the lock file is removed (a cleanup script, a folder sync); the
lock file is what keeps a new match's id, before its file exists, to one host. The save file
is replaced when it is written whole (``open``, compaction), so the lock moves with it: the new
file is locked while it is still a temp file, before it is renamed into place, and only then
is the old one let go; a process that locked the old file meanwhile finds that it is no longer
the file at the path and tries the new one, which is held.

**Each append proves the file** before it writes: it is still the file at the path, its size is
the one this writer left and it still ends with the chain of the last record appended (the
whole snapshot's CRC while no record follows it). A file changed in place (an older copy
written over it, a truncation, another program's write) refuses the append (SaveChanged): the
host keeps every move in memory, says so, and ``open``s the match again, which keeps the
changed file aside byte for byte (``<id>.msgpack.damaged``) and writes the match anew from the
host's record: stored history is never overwritten, and no acknowledged move is lost. A file
replaced by an identical copy (a folder sync's rename) is taken back once it proves identical
(size and chain); one replaced by any other file stops the writing for good (SaveReplaced) and
the host tells the person; one removed is written whole again.

The folder is not trusted: only regular files are read, and no more than a save can hold.
"""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import os
import re
import stat
import tempfile
import threading
import time
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from caravan_tui.files import NotRegular, TooLarge, read_regular
from caravan_tui.saves.backend import MatchLock, MatchLocked, SaveEntry
from caravan_tui.saves.codec import MAX_FILE, MAX_TIME, MAX_UNTOLD, TOO_LARGE, DamagedSave, encode
from caravan_tui.saves.journal import CHAIN_AT, DamagedJournal, Parsed, frame, parse, seed
from caravan_tui.saves.snapshot import Record, Snapshot

SUFFIX = ".msgpack"
#: write()'s temp files, as tempfile.mkstemp names them: ".<match_id>-<8 random characters>.tmp"
_TEMP = re.compile(r"\.(?P<match_id>.+)-[a-z0-9_]{8}\.tmp")
#: seconds after which a temp file is a crash's leftover (a write takes milliseconds)
STALE = 60
#: records after which a match is compacted even while it is played (or more: as many as the
#: moves its snapshot holds)
COMPACT_AFTER = 1024
#: what follows a save's name in the name of the damaged file a recovery keeps (then "-2"…)
KEPT = ".damaged"
#: damaged files kept of one match
MAX_KEPT = MAX_UNTOLD
#: why an append was refused: the save file is not as its writer left it
CHANGED = "the save file was changed by another program"
#: reads of a save being opened, where a copy written over it in place reads damaged meanwhile
READS = 3
#: what a host tells its people when it takes back its save file, replaced by an identical copy
TAKEN_BACK = "The save file was replaced by an identical copy (a folder sync, say); this window saves to it again."


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
        self._stored(snapshot.match_id)
        self._replace(snapshot)

    def open(self, lock: MatchLock, snapshot: Snapshot) -> None:
        """``MatchStore.open``: the file becomes ``snapshot`` alone, atomically, unless a
        damaged file is there, or the stored log holds moves ``snapshot``'s does not (OSError,
        nothing written: nothing replaces a stored move) and is not brought to newer rules by it.
        A log that took stored moves back (an undo the host could not store) is stored as the
        stored match, then an undo record and the records that lead to ``snapshot``. A file that
        is not what this lock's writer left in it (changed from outside) is not read: it is kept
        aside byte for byte and the match written anew as ``snapshot``; one replaced by an
        identical copy is taken back. Appends follow. What the person should be told of the file
        as it was (a torn last change, a recovery not yet told, a file kept aside or taken back)
        is left in the lock's ``notices``."""
        with self._holding(lock, snapshot.match_id) as held:
            held.close_journal()
            notices = [TAKEN_BACK] if held.claim() else []
            stored, changed = self._stored_unless_changed(held, snapshot.match_id)
            following = None
            if changed:  # not what this writer left: kept aside, and the match written anew
                kept = self._keep_changed(held)
                notices.append(
                    f"The save file was changed by another program: it is kept as {kept.name}, "
                    f"and the match is saved again with all {len(snapshot.actions)} moves."
                )
            elif stored is not None:
                following = _following(stored.snapshot, snapshot, self.path(snapshot.match_id).name)
            base = snapshot if following is None or stored is None else stored.snapshot
            chain, size = self._replace(_told(base), held)
            held.open_journal(self.path(snapshot.match_id), len(base.actions), Left(size, chain))
            held.notices = notices + self._notices(stored)
            for record in following or ():
                self.append(held, record)

    def _stored_unless_changed(self, held: FileLock, match_id: str) -> tuple[Parsed | None, bool]:
        """The file of ``match_id`` read, and False; or None and True where it is not what
        ``held``'s writer left (changed from outside). A copy written over the file in place
        while it is read reads damaged (empty or cut): the file is looked at again, changed or
        whole by then; damaged as its writer left it, DamagedSave."""
        for _ in range(READS - 1):
            if held.changed():
                return None, True
            with contextlib.suppress(DamagedSave):
                return self._stored(match_id), False
        if held.changed():
            return None, True
        return self._stored(match_id), False

    def append(self, lock: MatchLock, record: Record) -> None:
        """``MatchStore.append``: one write and one fsync at the file's end. A write that
        fails is cut off again where possible (a torn record is harmless: reading leaves it
        out, and the host ``open``s the match again before appending more). SaveChanged,
        nothing written, if the file is not as this lock's writer left it (the host ``open``s the
        match again). A file at the path that is no longer the one this lock holds is taken back
        if it is an identical copy (a notice says so); else SaveReplaced: it never writes again."""
        with self._holding(lock, lock.match_id) as held:
            if held.journal is None:
                raise OSError(f"match {lock.match_id} is not open for writing")
            data, chain = frame(record, held.journal.left.chain)
            try:
                try:
                    held.journal.append(data, chain)
                except SaveReplaced:
                    if not held.take_back():
                        raise
                    held.notices.append(TAKEN_BACK)
                    held.journal.append(data, chain)
            except SaveReplaced as exc:
                held.lost = str(exc)
                held.close_journal()
                raise
            except SaveChanged:
                held.close_journal()  # (the lock keeps what this writer left, which the file no longer is)
                raise
            if record.kind == "end" or held.journal.records > max(COMPACT_AFTER, held.journal.moves):
                self._compact(held)

    def _compact(self, lock: FileLock) -> None:
        """The match as one snapshot, atomically (the journal's records folded into it). Best
        effort: the record just appended is on disk either way, and a journal that could not
        be compacted is tried again at the next append. SaveChanged if the file no longer reads
        as what the writer left (changed from outside as it was read): nothing is compacted from
        it, and the host ``open``s the match again, which keeps it aside (at a match's end no
        next move would find it out)."""
        left = lock.journal.left if lock.journal is not None else None
        try:
            try:
                parsed = self._parsed(lock.match_id)
            except DamagedSave:
                parsed = None
            if parsed is None or left is None or (parsed.whole, parsed.chain) != (left.size, left.chain):
                lock.close_journal()
                raise SaveChanged(CHANGED)
            snapshot = parsed.snapshot
            chain, size = self._replace(snapshot, lock)
        except SaveChanged:
            raise
        except OSError:
            return
        lock.close_journal()  # its file was replaced: append to the new one
        lock.open_journal(self.path(lock.match_id), len(snapshot.actions), Left(size, chain))

    def read(self, match_id: str) -> Snapshot:
        """``MatchStore.read``: the snapshot with every whole record folded in (no replay)."""
        return self._parsed(match_id).snapshot

    def _parsed(self, match_id: str) -> Parsed:
        parsed = parse(_read(self.path(match_id)))
        if parsed.header.match_id != match_id:
            raise DamagedSave(f"the file is named {match_id} but holds match {parsed.header.match_id}")
        return parsed

    def _stored(self, match_id: str) -> Parsed | None:
        """The file of ``match_id`` read (None if there is none); DamagedSave unless it reads
        whole."""
        try:
            return self._parsed(match_id)
        except FileNotFoundError:
            return None
        except DamagedSave as exc:
            name = self.path(match_id).name
            raise DamagedSave(f"{name} is damaged ({exc.reason}); it was left untouched") from None

    def _notices(self, stored: Parsed | None) -> list[str]:
        """What a host opening the match tells its people about its file, once: a torn last
        change left out, and each recovery from damage not yet told (``open`` has just stored
        the match without them)."""
        if stored is None:
            return []
        notices = []
        if stored.torn:
            notices.append(
                f"The last change was not saved: the save ends partway through {stored.torn}; "
                "the match goes on from there."
            )
        for moves, lost, kept in stored.snapshot.untold_recoveries:
            notices.append(
                f"This match was recovered from a damaged save at move {moves}: {lost} "
                f"later change{'s' if lost > 1 else ''} could not be read (kept in {kept})."
            )
        return notices

    def _keep_changed(self, lock: FileLock) -> Path:
        """The file at the path, which is not what ``lock``'s writer left, kept beside it byte
        for byte (read from the descriptor the lock holds, so it is that very file, whatever
        its size), before the match is written anew."""
        fd = lock.save_fd
        if fd is None:
            raise OSError(errno.ENOENT, "the save file was removed", str(lock.save))
        return self._keep(lock.match_id, fd)

    def _kept_names(self, match_id: str) -> list[Path]:
        """Where recoveries keep the damaged files of ``match_id``, in turn."""
        first = self.path(match_id).with_name(f"{match_id}{SUFFIX}{KEPT}")
        return [first, *(first.with_name(f"{first.name}-{n}") for n in range(2, MAX_KEPT + 1))]

    def recover(self, match_id: str) -> Recovery:
        """Open a save damaged after its snapshot at its last whole move before the damage: the
        damaged file is kept beside it (``<id>.msgpack.damaged``, never overwritten) and a new
        save written from its whole part. DamagedSave if there is nothing to recover (the save
        opens as it is, or its snapshot itself is damaged); MatchLocked while a host plays it."""
        path = self.path(match_id)
        with self.lock(match_id) as lock:
            data = _read(path)
            try:
                parsed = parse(data)
            except DamagedJournal as exc:
                damaged = exc
            except DamagedSave as exc:
                raise DamagedSave(f"{exc.reason}: nothing before the damage can be read") from None
            else:
                if parsed.header.match_id == match_id:
                    raise DamagedSave("it is not damaged: it opens as it is")
                raise DamagedSave(f"the file is named {match_id} but holds match {parsed.header.match_id}")
            if damaged.snapshot.match_id != match_id:
                raise DamagedSave(f"the file is named {match_id} but holds match {damaged.snapshot.match_id}")
            kept = self._keep(match_id, data)
            untold = [*damaged.snapshot.untold_recoveries, [damaged.moves, damaged.lost, kept.name]]
            self._replace(dataclasses.replace(damaged.snapshot, untold_recoveries=untold[-MAX_UNTOLD:]), lock)
        return Recovery(damaged.moves, damaged.lost, kept)

    def _keep(self, match_id: str, data: bytes | int) -> Path:
        """``data`` (bytes, or all of the file open as that descriptor) in a new file beside the
        save, which no later recovery overwrites."""
        for path in self._kept_names(match_id):
            try:
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
            except FileExistsError:
                continue
            try:
                if isinstance(data, bytes):
                    _write_all(fd, data)
                else:
                    _copy_all(data, fd)
                os.fsync(fd)
            except BaseException:
                os.close(fd)
                os.unlink(path)  # (a part copy would read as a whole one)
                raise
            os.close(fd)
            _fsync_dir(self.folder)
            return path
        raise OSError(errno.EEXIST, f"{MAX_KEPT} damaged copies of {match_id} are kept already; remove some first")

    def _replace(self, snapshot: Snapshot, lock: FileLock | None = None) -> tuple[int, int]:
        """Write ``snapshot`` whole; with ``lock``, the new file is locked before it takes the
        old one's place (the lock moves to it). The chain its first record follows, and its size."""
        data = encode(snapshot)
        self.folder.mkdir(parents=True, exist_ok=True)
        self._remove_temps(snapshot.match_id)
        # The temp name does not end in SUFFIX, so a leftover one is never listed.
        fd = replace_file(self.path(snapshot.match_id), data, prefix=f".{snapshot.match_id}-", locked=lock is not None)
        if lock is not None and fd is not None:
            lock.moved_to(fd)
        _fsync_dir(self.folder)
        return seed(data), len(data)

    @contextlib.contextmanager
    def _holding(self, lock: MatchLock, match_id: str) -> Iterator[FileLock]:
        """``lock`` as this store's lock of ``match_id``, held, for one write (ValueError if it
        is not held, or was released before the write began; SaveReplaced if it found its file
        replaced). A host writes in a worker thread and may let go of its match from another:
        ``release`` waits for the write to end, so it never closes a descriptor the write is
        replacing (a compaction moves the lock to the new file)."""
        if not isinstance(lock, FileLock) or lock.folder != self.folder:
            raise ValueError(f"match {match_id} is not locked in {self.folder}")
        with lock.busy:
            yield self._held(lock, match_id)

    def _held(self, lock: FileLock, match_id: str) -> FileLock:
        if not lock.held:
            raise ValueError(f"match {match_id} is not locked in {self.folder}")
        if lock.match_id != match_id:
            raise ValueError(f"the lock is of match {lock.match_id}, not {match_id}")
        if lock.lost:
            raise SaveReplaced(lock.lost)
        return lock

    def entries(self) -> list[SaveEntry]:
        """Every save file, newest first; those that cannot be loaded carry the reason. Never
        raises for anything in the folder; OSError if the folder itself cannot be listed (it is
        a file, say), which is not the same as having no saves. Removes stale temp files."""
        return list(self.each_entry())

    def each_entry(self) -> Iterator[SaveEntry]:
        """``entries``, one at a time as each file is read (the folder is listed first: OSError
        as ``entries``), for a list that shows its first rows before the last file is read."""
        try:
            names = os.listdir(self.folder)
        except FileNotFoundError:
            return
        except OSError as exc:
            raise type(exc)(exc.errno, f"cannot list the saves: {exc.strerror}", str(self.folder)) from None
        self._remove_temps()
        found = []
        for name in names:
            if not name.endswith(SUFFIX):
                continue
            match_id, path = name[: -len(SUFFIX)], self.folder / name
            try:
                # A file's time can be set to anything; keep it where datetime can show it.
                modified, error = min(max(path.stat().st_mtime, 0.0), MAX_TIME - 1.0), None
            except OSError as exc:
                modified, error = 0.0, f"cannot read the file: {exc}"
            found.append((modified, match_id, error))
        for modified, match_id, error in sorted(found, reverse=True):
            snapshot, recovery = None, None
            try:
                if error is None:
                    snapshot = self.read(match_id)
            except DamagedSave as exc:
                error = exc.reason
                if isinstance(exc, DamagedJournal) and exc.snapshot.match_id == match_id:
                    recovery = exc.offer()
            except (OSError, ValueError) as exc:
                error = f"cannot read the file: {exc}"
            yield SaveEntry(match_id, snapshot, error, modified, recovery)

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


class SaveReplaced(OSError):
    """The file at a match's path is no longer the one its host locked (another process wrote
    it): the host writes it no more."""


class SaveChanged(OSError):
    """The save file is not as its writer left it (written over in place, cut short, written to
    by another program): nothing was appended, and the host's next ``open`` keeps the file
    aside and writes the match anew."""


@dataclass(frozen=True, slots=True)
class Left:
    """What a writer left in its save file: its ``size``, and the chain after its last record,
    found at ``chain_at`` (-1: no record follows the snapshot, whose bytes' CRC is the chain)."""

    size: int
    chain: int
    chain_at: int = -1

    def proven(self, fd: int) -> bool:
        """Whether the file open as ``fd`` is still as the writer left it (its size, and its
        chain where the writer put it: the chain of a record is a CRC of everything before it)."""
        if os.fstat(fd).st_size != self.size:
            return False
        if self.chain_at < 0:
            return zlib.crc32(os.pread(fd, self.size, 0)) == self.chain
        return os.pread(fd, 4, self.chain_at) == self.chain.to_bytes(4, "big")

    def after(self, data: bytes, chain: int) -> Left:
        """What the writer leaves once it has appended the record framed as ``data``."""
        return Left(self.size + len(data), chain, self.size + CHAIN_AT)


@dataclass(frozen=True, slots=True)
class Recovery:
    """A damaged save recovered (``SaveStore.recover``): it opens at ``moves``; ``lost`` changes
    after them could not be read; the damaged file is kept as ``kept``."""

    moves: int
    lost: int
    kept: Path


class FileLock:
    """An exclusive ``flock`` on a match's lock file (``.<match_id>.lock`` beside the save) and
    on its save file, when there is one (see the module's docstring), released by ``release()``,
    at the end of a ``with`` block, or when the process dies, however it dies. The lock file
    itself stays: removing it would let a third window lock a new file while the second still
    held the old one. A lock file that is a link or not a regular file is refused (OSError
    saying so), never followed.

    While a host writes the match, the lock also holds the save file open for appending;
    ``left`` is what its writer last left in it, ``lost`` says why it writes no more (its file
    was replaced from outside), and ``notices`` what to tell the person of its file (a host
    takes them as it tells them)."""

    def __init__(self, folder: Path, match_id: str) -> None:
        self.folder, self.match_id = folder, match_id
        self.path = path = folder / f".{match_id}.lock"
        self.save = folder / f"{match_id}{SUFFIX}"
        self.journal: Journal | None = None
        self.left: Left | None = None
        self.lost = ""
        self.notices: list[str] = []
        self._save_fd: int | None = None
        self.busy = threading.RLock()  # held by a write (``SaveStore._holding``); ``release`` waits for it
        try:
            # Not through a link: the file would be made wherever it points, outside the folder.
            self._fd: int | None = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK, 0o600)
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise OSError(
                    exc.errno, f"its lock file {path.name} is a link; remove it to open the match", str(path)
                ) from None
            raise
        try:
            if not stat.S_ISREG(os.fstat(self._fd).st_mode):
                raise OSError(errno.EINVAL, f"its lock file {path.name} is not a regular file", str(path))
            self._flock(self._fd)
            self.claim()
        except OSError:
            self.release()
            raise

    def _flock(self, fd: int) -> None:
        import fcntl  # POSIX only; importing it here leaves the rest of saves usable elsewhere

        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise MatchLocked(f"this match ({self.match_id}) is open in another window") from None

    def claim(self) -> bool:
        """Hold the save file at the path too, if there is one and it is not held yet: MatchLocked
        if another process holds it; SaveReplaced (for good) if this lock held another file
        that a new one replaced, unless the new one is an identical copy (``take_back``): True
        if it was taken back."""
        if self._save_fd is not None:
            if _same_file(self._save_fd, self.save) is False:
                if self.take_back():
                    return True
                self.lost = "the save file was replaced by another program; this window no longer writes it"
                raise SaveReplaced(self.lost)
            return False
        for _ in range(8):  # a file replaced between its open and its lock (compaction): try the new one
            try:
                fd = os.open(self.save, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
            except (FileNotFoundError, NotADirectoryError):
                return False
            except OSError as exc:
                if exc.errno == errno.ELOOP:
                    return False  # a link: reading refuses it, and open never writes through it
                raise
            try:
                if not stat.S_ISREG(os.fstat(fd).st_mode):
                    os.close(fd)
                    return False  # not a save: reading refuses it
                self._flock(fd)
            except OSError:
                os.close(fd)
                raise
            if _same_file(fd, self.save):
                self._save_fd = fd
                return False
            os.close(fd)
        raise MatchLocked(f"this match ({self.match_id}) is being written by another window")

    def take_back(self) -> bool:
        """Hold the file now at the path in place of the one this lock held, if it proves to be
        an identical copy of what the writer left (size and chain: a folder sync wrote it anew
        and renamed it over) and no other process holds it; the journal appends to it from now
        on. False, and nothing changed, if it is anything else."""
        left = self.journal.left if self.journal is not None else self.left
        if left is None:
            return False
        try:
            fd = os.open(self.save, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except OSError:
            return False
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise OSError(errno.EINVAL, "not a regular file")
            self._flock(fd)
            if not (left.proven(fd) and _same_file(fd, self.save)):
                raise OSError(errno.EINVAL, "not the file this window left")
        except OSError:  # (MatchLocked: another window writes it)
            os.close(fd)
            return False
        self.moved_to(fd)
        if self.journal is not None:
            moves, records = self.journal.moves, self.journal.records
            self.close_journal()
            self.open_journal(self.save, moves, left)
            self.journal.records = records
        return True

    def changed(self) -> bool:
        """Whether the save file this lock holds is not what its writer left in it (False when
        the writer has left nothing yet, or the file was removed: there is nothing to keep)."""
        return self.left is not None and self._save_fd is not None and not self.left.proven(self._save_fd)

    @property
    def save_fd(self) -> int | None:
        """The save file this lock holds (open for reading), if any."""
        return self._save_fd

    def moved_to(self, fd: int) -> None:
        """The save file is now the one open (and locked) as ``fd``; let go of the old one."""
        if self._save_fd is not None:
            os.close(self._save_fd)
        self._save_fd = fd

    @property
    def held(self) -> bool:
        return self._fd is not None

    def open_journal(self, path: Path, moves: int, left: Left) -> None:
        self.journal = Journal(path, moves, left)
        self.left = left

    def close_journal(self) -> None:
        """Stop appending; ``left`` keeps what the journal left in the file."""
        if self.journal is not None:
            self.journal.close()
            self.left = self.journal.left
            self.journal = None

    def release(self) -> None:
        with self.busy:
            self.close_journal()
            for fd in (self._save_fd, self._fd):
                if fd is not None:
                    os.close(fd)
            self._save_fd = self._fd = None

    def __enter__(self) -> FileLock:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.release()


class Journal:
    """A save file open for appending records: ``moves`` in its snapshot, ``records`` since,
    and what the writer ``left`` in it: its size, the chain after the last record
    (``saves.journal``).

    A host appends in a worker thread and may let go of its match (``close``) from another
    while an append is under way: ``close`` waits for it, so the descriptor is never closed
    (and its number reused for another file) under a write."""

    def __init__(self, path: Path, moves: int, left: Left) -> None:
        self.path, self.moves, self.records, self.left = path, moves, 0, left
        self._fd: int | None = os.open(path, os.O_RDWR | os.O_APPEND | os.O_NOFOLLOW)
        self._busy = threading.Lock()

    def append(self, data: bytes, chain: int) -> None:
        """``data`` at the end of the file, on disk when this returns; ``chain``: its record's.
        Nothing written if another file has taken this one's place (SaveReplaced) or the file
        is not as this writer left it (SaveChanged); SaveChanged too if it changed while
        ``data`` was written (the record may not be in it)."""
        with self._busy:
            self._append(data)
            self.left = self.left.after(data, chain)

    def _append(self, data: bytes) -> None:
        if self._fd is None:
            raise OSError("the save file is closed")
        same = _same_file(self._fd, self.path)
        if same is None:
            raise OSError(errno.ENOENT, "the save file was removed", str(self.path))
        if not same:
            raise SaveReplaced("the save file was replaced by another program; this window no longer writes it")
        if not self.left.proven(self._fd):
            raise SaveChanged(CHANGED)
        try:
            _write_all(self._fd, data)
            _sync(self._fd)
        except BaseException:
            with contextlib.suppress(OSError):  # best effort: reading would drop it anyway
                os.ftruncate(self._fd, self.left.size)
            raise
        if os.fstat(self._fd).st_size != self.left.size + len(data):  # written to as this was
            raise SaveChanged(CHANGED)
        self.records += 1

    def close(self) -> None:
        with self._busy:
            if self._fd is not None:
                os.close(self._fd)
                self._fd = None


def _following(stored: Snapshot, snapshot: Snapshot, name: str) -> list[Record] | None:
    """What ``open`` stores for ``snapshot`` over the stored match: None, ``snapshot`` itself
    (its log extends the stored one, or brings it to newer rules); else the records that lead
    from the stored match to it (an undo to where the logs part, then its moves, seats and end).
    OSError if it cannot follow the stored match: that would replace stored moves."""
    kept = len(stored.actions)
    if snapshot.rules > stored.rules or snapshot.actions[:kept] == stored.actions:
        return None
    if stored.status != "playing":
        raise OSError(errno.EEXIST, f"{name} holds a finished match with moves this one does not; nothing was written")
    at = next(turn for turn, (a, b) in enumerate(zip(stored.actions, [*snapshot.actions, None])) if a != b)
    records = [Record("undo", at, snapshot.updated)]
    records += [
        Record("move", turn, snapshot.updated, action, snapshot.weighed.get(turn, []))
        for turn, action in enumerate(snapshot.actions[at:], at)
    ]
    if (snapshot.seats, snapshot.names) != (stored.seats, stored.names):
        records.append(
            Record(
                "seats", len(snapshot.actions), snapshot.updated, seats=list(snapshot.seats), names=list(snapshot.names)
            )
        )
    if snapshot.status != "playing":
        records.append(
            Record(
                "end",
                len(snapshot.actions),
                snapshot.updated,
                status=snapshot.status,
                result=snapshot.result,
                resigned=snapshot.resigned,
                state=snapshot.state,
            )
        )
    return records


def _told(snapshot: Snapshot) -> Snapshot:
    """``snapshot`` as a host that opens it stores it: its recoveries told."""
    return dataclasses.replace(snapshot, untold_recoveries=[]) if snapshot.untold_recoveries else snapshot


def _same_file(fd: int, path: Path) -> bool | None:
    """Whether ``fd`` is the file at ``path`` (None: there is no file there)."""
    try:
        there = os.stat(path, follow_symlinks=False)
    except FileNotFoundError:
        return None
    mine = os.fstat(fd)
    return (mine.st_dev, mine.st_ino) == (there.st_dev, there.st_ino)


def _write_all(fd: int, data: bytes) -> None:
    written = 0
    while written < len(data):
        written += os.write(fd, data[written:])


def _copy_all(source: int, fd: int) -> None:
    """All of the file open as ``source``, from its start, written to ``fd``."""
    at = 0
    while chunk := os.pread(source, 2**20, at):
        _write_all(fd, chunk)
        at += len(chunk)


def _sync(fd: int) -> None:
    """The file's data (and its new length) on disk: fdatasync where there is one."""
    getattr(os, "fdatasync", os.fsync)(fd)


def replace_file(path: Path, data: bytes, prefix: str, locked: bool = False) -> int | None:
    """Write ``data`` to ``path`` atomically: a temp file beside it (``prefix``…``.tmp``),
    flushed to disk, then renamed over it; a failure leaves ``path`` as it was. ``locked``: the
    new file is ``flock``ed before it is renamed into place, and its descriptor returned open
    (the lock goes with it) for the caller to keep."""
    fd, temp = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=path.parent)
    try:
        _write_all(fd, data)
        os.fsync(fd)
        if locked:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        os.replace(temp, path)
    except BaseException:
        os.close(fd)
        os.unlink(temp)
        raise
    if locked:
        return fd
    os.close(fd)
    return None


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
