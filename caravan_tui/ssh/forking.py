"""The zygote's side of the session fork server (DESIGN §7; the server's side is ``zygote.py``).

The zygote is a process the server starts once, with a clean environment; it imports Textual,
the app and the games, then waits on its end of a socket pair (SOCK_SEQPACKET: one request a
message). A request is a msgpack map (the session's environment, the move pause) carrying two
file descriptors (SCM_RIGHTS): the session's PTY and its end of the hub's socket. For each the
zygote forks twice: the first child forks the session and exits at once, so the session is
reparented to the server (a child subreaper) and becomes its child, as a session started with
``exec`` would be. The zygote answers with the session's pid (or why not).

The session then: waits to be the server's child and asks to die with it (PR_SET_PDEATHSIG),
leads a new session with its PTY as controlling terminal and stdin/stdout/stderr, keeps no
descriptor but those and its hub socket, replaces the environment with the one it was sent (the
zygote's own is clean too), reseeds ``random``, and runs the app. The pages it shares with the
zygote (every module imported there) stay shared until written.
"""

from __future__ import annotations

import ctypes
import gc
import os
import random
import signal
import socket
import sys
import termios
import time
from collections.abc import Callable
from contextlib import suppress
from fcntl import ioctl

import msgpack

from caravan_tui.ssh.process_name import name_session, name_zygote

PR_SET_PDEATHSIG = 1
MAX_REQUEST = 16 * 1024  # bytes in a request (an environment of a few short strings)
ADOPTED = 2.0  # seconds a session waits to become the server's child before giving up

#: what a session runs: the app on its hub socket, with the move pause; returns the exit code
Run = Callable[[socket.socket, float], int]


def prctl(option: int, value: int) -> None:
    ctypes.CDLL(None, use_errno=True).prctl(option, value)


def die_with(parent: int) -> None:
    """End (SIGKILL) when ``parent`` dies; at once if it is no longer our parent."""
    prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:
        os._exit(1)


def serve_forks(control: socket.socket, server: int, run: Run) -> None:
    """The zygote's loop, until the server closes its end (or dies: then so do we)."""
    die_with(server)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server decides when sessions end
    gc.collect()
    gc.freeze()  # what is loaded now is never collected: the sessions' collectors leave its pages shared
    control.sendall(msgpack.packb({"ready": True}))
    name_zygote(ready=True)  # (ps shows it is)
    while True:
        try:
            data, fds, _, _ = socket.recv_fds(control, MAX_REQUEST, 2)
        except OSError:
            return
        if not data:
            return
        reply: dict[str, int | str]
        try:
            reply = {"pid": fork_session(control, server, data, fds, run)}
        except (OSError, ValueError) as exc:
            reply = {"error": f"{type(exc).__name__}: {exc}"}
        finally:
            for fd in fds:
                with suppress(OSError):
                    os.close(fd)
        control.sendall(msgpack.packb(reply))


def fork_session(control: socket.socket, server: int, data: bytes, fds: list[int], run: Run) -> int:
    """Fork the session a request asks for; its pid once it is the server's child."""
    request = msgpack.unpackb(data, raw=False)
    if len(fds) != 2 or not isinstance(request, dict):
        raise ValueError("a request is a map with a terminal and a hub socket")
    env, pause = request.get("env"), request.get("pause")
    if (
        not isinstance(env, dict)
        or not all(isinstance(k, str) and isinstance(v, str) for k, v in env.items())
        or not isinstance(pause, int | float)
    ):
        raise ValueError("a request has an environment of strings and a pause")
    terminal, hub = fds
    told, tell = os.pipe()
    middle = os.fork()
    if middle == 0:  # the first child: fork the session, say its pid, exit (the server adopts it)
        code = 1
        try:
            os.close(told)
            session = os.fork()
            if session == 0:
                os.close(tell)
                become_session(control, server, terminal, hub, env, float(pause), run)
            os.write(tell, str(session).encode())
            code = 0
        finally:
            os._exit(code)
    os.close(tell)
    try:
        said = os.read(told, 32)
    finally:
        os.close(told)
        os.waitpid(middle, 0)
    if not said:
        raise OSError("the session could not be forked")
    return int(said)


def become_session(
    control: socket.socket, server: int, terminal: int, hub: int, env: dict[str, str], pause: float, run: Run
) -> None:
    """In the forked session: set it up as its own process, run the app, exit (never returns)."""
    code = 1  # a failure before the app runs: no word of it reaches the person's terminal
    try:
        control.close()
        for sig in (signal.SIGINT, signal.SIGCHLD):
            signal.signal(sig, signal.SIG_DFL)
        adopted = time.monotonic() + ADOPTED
        while os.getppid() != server:  # until the first child has exited and the server adopted us
            if time.monotonic() > adopted:
                os._exit(1)
            time.sleep(0.0005)
        die_with(server)
        name_session()
        os.setsid()
        ioctl(terminal, termios.TIOCSCTTY, 0)  # so a size set on the PTY reaches us as SIGWINCH
        for fd in (0, 1, 2):
            os.dup2(terminal, fd)
        hub = os.dup2(hub, 3)
        os.closerange(4, os.sysconf("SC_OPEN_MAX"))  # the zygote's socket, the request's copies: nothing else
        os.chdir("/")
        os.environ.clear()
        os.environ.update(env)
        random.seed()
        code = run(socket.socket(fileno=hub), pause)
    finally:  # whatever happened, nothing returns into the zygote's loop
        with suppress(Exception):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code)
