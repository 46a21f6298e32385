"""The ``--json`` file of a headless run (arena, selfplay, bench).

It is opened before the run, so that a path that cannot be written is refused before anything is
played. A regular file is then rewritten whole as each match ends: the new text goes to a file
beside it that is renamed over it, so a run stopped at any moment (ctrl+c, a kill, the end of a
session's time) leaves every match finished so far in a whole file. A path that is a link
(``/dev/stdout``, or a link to a file) is never swapped, which would put a file in the link's
place: like a file that is not a regular one (a pipe), it is written once, at the end.
"""

from __future__ import annotations

import json
import os
import stat
import sys
from collections.abc import Callable
from contextlib import suppress
from typing import Any, TypeVar

Record = TypeVar("Record")


class RunFile:
    """One run's ``--json`` file; OSError from the constructor when it cannot be opened."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._out = open(os.open(path, os.O_WRONLY | os.O_CREAT, 0o666), "w", encoding="utf-8")  # noqa: SIM115 (held until the end of the run)
        self.regular = stat.S_ISREG(os.fstat(self._out.fileno()).st_mode)
        self.swapped = self.regular and not os.path.islink(path)
        self._warned = False
        if self.swapped:
            self._out.close()

    def write(self, data: Any, indent: int | None = None) -> None:
        """``data`` as the whole file (OSError if the system refuses it)."""
        if not self.swapped:
            with self._out:
                if self.regular:  # (through a link: what was there before goes)
                    self._out.truncate()
                json.dump(data, self._out, indent=indent)
            return
        part = f"{self.path}.part"
        try:
            with open(part, "w", encoding="utf-8") as out:
                json.dump(data, out, indent=indent)
            os.replace(part, self.path)
        except BaseException:
            with suppress(OSError):
                os.unlink(part)
            raise

    def keeper(self, build: Callable[[list[Record]], Any]) -> Callable[[int, Record], None] | None:
        """An ``on_record`` for ``ai.arena.run_jobs`` that writes ``build`` of the matches finished
        so far (in job order) after each one; None when the file is written at the end only. A
        write that fails mid-run is told once on stderr and the run goes on (the end tries again)."""
        if not self.swapped:
            return None
        finished: dict[int, Record] = {}

        def keep(index: int, record: Record) -> None:
            finished[index] = record
            try:
                self.write(build([finished[number] for number in sorted(finished)]))
            except OSError as error:
                if not self._warned:
                    self._warned = True
                    print(
                        f"caravan-tui: warning: cannot keep the matches in {self.path} as they end "
                        f"({error.strerror or error}); trying again at the end",
                        file=sys.stderr,
                    )

        return keep
