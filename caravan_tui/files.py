"""Reading a file that anyone may have put in our way (a save, a record, a list of keys).

Only a regular file is read: a FIFO would make the reader wait for ever, a device such as
/dev/zero never ends. It is opened without blocking, so that even opening a FIFO returns at
once, and read to one byte past the caller's cap, so that a huge file cannot fill the memory.
"""

from __future__ import annotations

import os
import stat

MiB = 2**20


class NotRegular(ValueError):
    """The path is a FIFO, a device, a folder…: nothing is read from it."""


class TooLarge(ValueError):
    """The file holds more than the caller takes."""


def read_regular(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of ``path``, a regular file of at most ``limit`` bytes; NotRegular or TooLarge
    (ValueErrors saying so in words: "not a regular file", "larger than 16 MiB"), or OSError if
    it cannot be opened or read."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotRegular("not a regular file")
        with os.fdopen(fd, "rb", closefd=False) as file:
            data = file.read(limit + 1)
    finally:
        os.close(fd)
    if len(data) > limit:
        raise TooLarge(f"larger than {size_text(limit)}")
    return data


def size_text(size: int) -> str:
    """``size`` bytes in words: "16 MiB" for whole mebibytes, else "1000 bytes"."""
    return f"{size // MiB} MiB" if size >= MiB and size % MiB == 0 else f"{size} bytes"
