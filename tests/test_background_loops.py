"""Every background loop of a server survives the failure of one match or one connection: the
takeover (its heartbeat with it), the lobby it shares, the lobbies it sends. Each is run over
every kind of connection a session can have, killed under it: a Unix socket closed, a link's
TLS connection closed twice (asyncio then raises ``AttributeError`` on a write), a transport
that fails with an error of no known kind."""

from __future__ import annotations

import asyncio
import logging

import psycopg
import pytest
from test_hosts import cut_off, database_hub
from test_ssh_hub import ANN, WAIT, create, named

from caravan_tui import hub_protocol as protocol
from caravan_tui.pgstore import lobby, takeover
from caravan_tui.pgstore.link import Links
from caravan_tui.pgstore.link_tls import LINK_NAME, client_context, make_certificate, server_context
from caravan_tui.ssh import hub as hub_module
from caravan_tui.ssh.hub import MOVED

pytestmark = pytest.mark.postgres


async def dead_tls_writer() -> asyncio.StreamWriter:
    """The hub's end of a link's TLS connection that the far server closed and the hub closed
    after it: its transport has forgotten its TLS protocol, and a write raises AttributeError."""
    cert, key = make_certificate()
    served: asyncio.Future = asyncio.get_running_loop().create_future()

    async def accept(reader, writer) -> None:
        served.set_result(writer)

    listener = await asyncio.start_server(accept, "127.0.0.1", 0, ssl=server_context(cert, key))
    port = listener.sockets[0].getsockname()[1]
    _, writer = await asyncio.open_connection("127.0.0.1", port, ssl=client_context(cert), server_hostname=LINK_NAME)
    far: asyncio.StreamWriter = await served
    writer.close()
    far.close()
    far.close()
    listener.close()
    return far


class FailingWriter:
    """Stands for a connection that fails with an error nobody foresaw (until it is closed)."""

    def __init__(self, real) -> None:
        self.real, self.closed = real, False

    def is_closing(self) -> bool:
        return self.closed

    def write(self, data) -> None:
        raise RuntimeError("the transport failed")

    def close(self) -> None:
        self.closed = True
        self.real.close()

    def __getattr__(self, name):
        return getattr(self.real, name)


def beats_of(url: str, server: str):
    with psycopg.connect(url, autocommit=True) as admin:
        row = admin.execute("SELECT at FROM beats WHERE server = %s", (f"caravan-tui {server}",)).fetchone()
    return row[0] if row else None


@pytest.mark.thorough
async def test_the_takeover_loop_goes_on_when_the_match_it_lets_go_has_every_kind_of_dead_connection(
    tmp_path, worker, database_url, caplog, monkeypatch
):
    """The bug (issue 63): a server that woke to find its match taken told its people through
    ``Hub._tell``, which let through the AttributeError of a link's TLS connection closed
    already; the takeover loop ended there and the server beat no more: the others stopped it
    and nobody took its matches over. Now, ten times over, the loop lets go of its match with
    a dead connection of each kind at it, tells Ann, logs the failure with its match, and beats on."""
    monkeypatch.setitem(hub_module.SPACING, protocol.CreateMatch, 0.0)  # (Ann makes a match a trial)
    one = database_hub(tmp_path, worker, database_url, "one")
    two = database_hub(tmp_path, worker, database_url, "two")
    awake, parked = asyncio.Event(), asyncio.Event()
    awake.set()
    look = takeover.look

    async def frozen_or_looking(hub):  # one's loop stops here while "frozen" (SIGSTOP)
        if hub is one and not awake.is_set():
            parked.set()
            await awake.wait()
            parked.clear()
        return await look(hub)

    monkeypatch.setattr(takeover, "look", frozen_or_looking)
    looking = asyncio.create_task(takeover.take_over(one, every=0.05))
    caplog.set_level(logging.WARNING)
    try:
        ann = await named(one, ANN, "Ann")
        for trial in range(10):
            kind = ("a link's TLS closed", "an error nobody foresaw", "a Unix socket closed")[trial % 3]
            joined = await create(ann, ["you", "open"])
            bob = await named(one, f"SHA256:{'bob' * 7}{trial:03d}", f"Bob {trial}")
            await bob.send(protocol.JoinSeat(joined.match, 1))
            await bob.next(protocol.Joined)
            at_table = next(s for s in one.sessions if s.identity == bob.identity)
            if trial % 3 == 0:  # (the session is still listed: the hub has not read its end yet)
                at_table.writer = await dead_tls_writer()
            elif trial % 3 == 1:
                at_table.writer = FailingWriter(at_table.writer)
            else:
                at_table.writer.close()
            awake.clear()  # one freezes between two looks
            await asyncio.wait_for(parked.wait(), WAIT)
            cut_off(database_url, "one")  # its connections, and its lock, are gone
            await look(two)  # the other takes its match
            awake.set()  # one wakes
            assert joined.match in two.matches, kind
            assert (await ann.next(protocol.Left)).reason == MOVED, kind  # one woke, let go, told her
            assert joined.match not in one.matches
            await asyncio.wait_for(beats_again(database_url, "one"), WAIT)
            assert not looking.done(), kind
            await ann.next(protocol.Lobby)
        failures = [r.getMessage() for r in caplog.records if "cannot write to the session" in r.getMessage()]
        assert failures and all(message.startswith("match ") for message in failures)
    finally:
        looking.cancel()
        one.stop()
        two.stop()


async def _until(condition) -> None:
    while not condition():
        await asyncio.sleep(0.05)


async def beats_again(url: str, server: str) -> None:
    """Until ``server`` says again that it is alive."""
    before = beats_of(url, server)
    await _until(lambda: beats_of(url, server) != before)


async def test_the_shared_lobby_loop_goes_on_after_an_error_of_any_kind(
    tmp_path, worker, database_url, monkeypatch, caplog
):
    """A lobby row that fails to be written with an error nobody foresaw is logged; the next
    look shares the lobby all the same."""
    monkeypatch.setattr(lobby, "EVERY", 0.05)
    hub = database_hub(tmp_path, worker, database_url, "one")
    links = Links(hub.store.db, hub)
    real, calls = lobby.publish_online, []

    def fails_once(*args) -> None:
        calls.append(args)
        if len(calls) == 1:
            raise RuntimeError("a row nobody foresaw")
        real(*args)

    monkeypatch.setattr(lobby, "publish_online", fails_once)
    await links.start("127.0.0.1")
    try:
        ann = await named(hub, ANN, "Ann")
        await asyncio.wait_for(_until(lambda: "Ann" in links.online), WAIT)
        assert len(calls) >= 2 and not links._looking.done()
        assert any("cannot share the lobby" in r.getMessage() for r in caplog.records)
        ann.writer.close()
    finally:
        await links.close()
        hub.stop()
