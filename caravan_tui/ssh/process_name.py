"""What ``ps`` and ``top`` show for the server's own processes: the zygote and each session by
what they are ("caravan-tui session Ann"), not the interpreter's arguments they were started with
(every session forked by the zygote would read ``session_main --zygote 7 4242``).

Two names: the short one (``/proc/PID/comm``, 15 bytes, shown by ``ps -e`` and ``top``) is set
with ``prctl(PR_SET_NAME)``; the long one (``/proc/PID/cmdline``, shown by ``ps aux`` and
``ps -f``) is written over the process's own argument strings, through ``/proc/self/mem``, as
setproctitle does without its C extension. It holds at most what the arguments held (some 60
bytes or more: the interpreter's path and the arguments): a longer title is cut. Linux only;
elsewhere, or where the kernel refuses, the names stay as they were (nothing depends on them).
"""

from __future__ import annotations

import ctypes
from contextlib import suppress

from caravan_tui.safe_text import plain

PR_SET_NAME = 15
ZYGOTE_NAME, SESSION_NAME = b"caravan-zygote", b"caravan-session"  # what ps -e and /proc/PID/comm show
ZYGOTE_TITLE, SESSION_TITLE = "caravan-tui zygote", "caravan-tui session"  # what ps aux shows
WARMING_UP = " (warming up)"  # after the zygote's title until it can fork sessions
MAX_NAME = 40  # characters of a person's name in a session's title


def name_zygote(ready: bool) -> None:
    """The zygote: warming up (its short name still the interpreter's), or ready to fork."""
    if ready:
        set_short_name(ZYGOTE_NAME)
    set_title(ZYGOTE_TITLE + ("" if ready else WARMING_UP))


def name_session(person: str = "") -> None:
    """A session, with the name its person plays under once they have one (as text: one line)."""
    set_short_name(SESSION_NAME)
    person = plain(person, MAX_NAME)
    set_title(f"{SESSION_TITLE} {person}" if person else SESSION_TITLE)


def set_short_name(name: bytes) -> None:
    with suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_NAME, name[:15])


def set_title(title: str) -> bool:
    """Write ``title`` over this process's argument strings (cut to fit); whether it was written."""
    try:
        with open("/proc/self/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
        start, end = int(fields[45]), int(fields[46])  # arg_start, arg_end (stat fields 48 and 49)
        room = end - start - 1  # the last byte stays a NUL: the kernel then reads no further
        if room <= 0:
            return False
        data = title.encode()[:room].decode(errors="ignore").encode()  # never half a character
        with open("/proc/self/mem", "r+b", buffering=0) as mem:
            mem.seek(start)
            mem.write(data + b"\0" * (end - start - len(data)))
        return True
    except (OSError, IndexError, ValueError):
        return False
