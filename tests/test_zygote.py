"""The server's side of the session fork server, with a stand-in zygote: a session asked of a
zygote still warming up waits for it rather than starting from scratch beside it (on a busy
server both took tens of seconds, the person's terminal empty meanwhile), and one asked of a
zygote that dies meanwhile is started the old way at once."""

from __future__ import annotations

import asyncio
import os

import pytest

from caravan_tui.ssh.zygote import ForkedChild, Zygote, ZygoteUnavailable

#: a zygote that says it is ready after WARMS seconds (or, given DIES, ends then), then answers a
#: request with its own pid; its arguments are its socket's fd and the server's pid
STAND_IN = """
import os, socket, sys, time
import msgpack
control = socket.socket(fileno=int(sys.argv[1]))
time.sleep({warms})
if {dies}:
    sys.exit(3)
control.send(msgpack.packb({{"ready": True}}))
_, fds, _, _ = socket.recv_fds(control, 16384, 2)
for fd in fds:
    os.close(fd)
control.send(msgpack.packb({{"pid": os.getpid()}}))
control.recv(1)
"""

#: longer than a session waited for a warming zygote before it started without it (3 s)
WARMS = 3.5


async def asked(warms: float, dies: bool = False) -> tuple[ForkedChild | ZygoteUnavailable, float]:
    """A session asked of a zygote just started that warms up for ``warms`` seconds: what
    ``spawn`` gave, and after how long."""
    zygote = Zygote(("-c", STAND_IN.format(warms=warms, dies=dies)))
    await zygote.start()
    loop = asyncio.get_running_loop()
    began = loop.time()
    terminal, hub = os.pipe()
    try:
        try:
            got: ForkedChild | ZygoteUnavailable = await zygote.spawn(terminal, hub, {}, 0.0)
        except ZygoteUnavailable as exc:
            got = exc
        return got, loop.time() - began
    finally:
        os.close(terminal)
        os.close(hub)
        await zygote.close()


@pytest.mark.thorough
async def test_a_session_asked_of_a_zygote_warming_up_is_forked_by_it_once_it_is_ready():
    got, _ = await asked(WARMS)
    assert isinstance(got, ForkedChild)


@pytest.mark.thorough
async def test_a_session_asked_of_a_zygote_that_dies_warming_up_starts_without_it_at_once():
    got, waited = await asked(0.5, dies=True)
    assert isinstance(got, ZygoteUnavailable)
    assert waited < WARMS


@pytest.fixture(autouse=True)
def no_subreaper(monkeypatch):
    """(The test's process adopts no orphans: the stand-in forks none.)"""
    monkeypatch.setattr("caravan_tui.ssh.zygote.subreaper", lambda on: True)
