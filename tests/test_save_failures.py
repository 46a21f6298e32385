"""A save that fails (a folder turned read-only, a full disk) is told to everyone at the table,
retried with back-off, and loses nothing: for every game, in this process and hosted by the hub
(DESIGN §3, §5, §7).

The folder turning unwritable is the store's write raising the OSError the system would
(``chattr +i`` needs root); the retries wait on a clock the test drives, so nothing sleeps.
"""

from __future__ import annotations

import asyncio
import dataclasses
import errno
import itertools
import os
import random

import pytest
from test_app import make_app, wait_for
from test_match import drain, new_host, play
from test_ssh_hub import WAIT, Peer, named

from caravan_tui.bus import (
    Act,
    Bus,
    MatchOver,
    Resign,
    Saved,
    SaveRequest,
    SaveStatus,
    Subscription,
    Sync,
    Update,
    host_address,
    seat_address,
    spectator_address,
)
from caravan_tui.games import GAMES
from caravan_tui.hub_protocol import CreateMatch, Joined, JoinSeat, Lobby, LobbyRow, Watch
from caravan_tui.match.host import MatchHost, Retry, save_problem
from caravan_tui.saves.codec import DamagedSave
from caravan_tui.saves.loading import replay_snapshot
from caravan_tui.saves.store import SaveStore
from caravan_tui.screens.dialogs import ChoiceScreen, ConfirmScreen
from caravan_tui.screens.game import GameScreen
from caravan_tui.screens.home import HomeScreen
from caravan_tui.screens.lobby import game_cell
from caravan_tui.screens.new_match import MatchSetup
from caravan_tui.seats import SeatSpec
from caravan_tui.ssh import hub as hub_module
from caravan_tui.ssh.hub import Hub
from caravan_tui.widgets import SaveNotice

READ_ONLY, FULL = "read-only file system", "no space left on device"
ANN, BOB, CYD, DEE = (f"SHA256:{who * 7}" for who in ("ann", "bob", "cyd", "dee"))


def every_game():
    return [pytest.param(game, id=game.id) for game in GAMES.values()]


class Disk:
    """The store's writes (``open``, ``append``), failing as the system would while ``error``
    (an errno) is set."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, store: SaveStore) -> None:
        self.error: int | None = None
        for name in ("open", "append"):
            monkeypatch.setattr(store, name, self._failing(getattr(store, name), store))

    def _failing(self, write, store: SaveStore):
        def failing(*args) -> None:
            if self.error is not None:
                raise OSError(self.error, os.strerror(self.error), str(store.folder))
            write(*args)

        return failing


class Clock:
    """The retries' sleep: each waits until the test calls ``tick``; ``delays`` records them."""

    def __init__(self) -> None:
        self.delays: list[float] = []
        self._due: asyncio.Future | None = None

    async def sleep(self, delay: float) -> None:
        self.delays.append(delay)
        self._due = asyncio.get_running_loop().create_future()
        await self._due

    async def tick(self, host: MatchHost) -> None:
        """End the current wait and let the retry run: until it waits again or the match is saved."""
        await until(lambda: self._due is not None and not self._due.done(), "a retry waiting")
        waited = len(self.delays)
        self._due.set_result(None)
        await until(lambda: len(self.delays) > waited or not host.unsaved, "the retry to wait again or save")


async def until(condition, what: str) -> None:
    for _ in range(int(WAIT / 0.005)):
        if condition():
            return
        await asyncio.sleep(0.005)
    raise AssertionError(f"timed out waiting for {what}")


def updates(sub: Subscription) -> list[Update]:
    return [m for m in drain(sub) if isinstance(m, Update)]


def test_the_back_off_doubles_from_half_a_second_to_thirty():
    assert list(itertools.islice(Retry().delays(), 9)) == [0.5, 1, 2, 4, 8, 16, 30, 30, 30]


def test_the_reason_is_one_short_line():
    assert save_problem(OSError(errno.EROFS, os.strerror(errno.EROFS))) == READ_ONLY
    assert save_problem(OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), "/saves")) == FULL
    assert save_problem(DamagedSave("x.msgpack is damaged\n\x1b[2J" + "!" * 300)).startswith("x.msgpack is damaged ")
    assert len(save_problem(DamagedSave("!" * 300))) == 120


# -- in this process -------------------------------------------------------------------------


@pytest.mark.parametrize("game", every_game())
async def test_a_match_whose_folder_turns_unwritable_plays_on_and_loses_nothing(game, tmp_path, monkeypatch):
    bus, store, clock = Bus(), SaveStore(tmp_path), Clock()
    disk = Disk(monkeypatch, store)
    host = new_host(game, bus, store, seed=11)
    host.retry = Retry(sleep=clock.sleep)
    everyone = [bus.subscribe(seat_address(host.match_id, s)) for s in range(host.snapshot.players)]
    everyone.append(bus.subscribe(spectator_address(host.match_id)))
    rng = random.Random(3)
    for _ in range(2):
        await play(host, rng)
    acknowledged = list(host.actions)
    assert all(u.unsaved == "" for sub in everyone for u in updates(sub))  # each one on disk when sent

    disk.error = errno.EROFS
    for _ in range(3):
        await play(host, rng)  # the host did not die: each move is applied and told
    assert host.turn == 5 and host.unsaved == READ_ONLY
    assert store.read(host.match_id).actions == acknowledged  # the last good save, untouched
    for sub in everyone:  # every seat and the spectators: three moves, none acknowledged as saved
        assert [(u.turn, u.unsaved) for u in updates(sub)] == [(3, READ_ONLY), (4, READ_ONLY), (5, READ_ONLY)]

    await host.handle(SaveRequest(host.match_id, 0))  # ctrl+s: one more try, at once
    assert drain(everyone[0]) == [Saved(host.match_id, 0, False, READ_ONLY)]
    await clock.tick(host)
    disk.error = errno.ENOSPC
    await clock.tick(host)
    assert clock.delays == [0.5, 1, 2]  # the back-off, never reset by a failure
    for seat, sub in zip([*range(host.snapshot.players), None], everyone, strict=True):
        assert drain(sub) == [SaveStatus(host.match_id, seat, FULL)]  # a new reason is told
    assert store.read(host.match_id).actions == acknowledged

    disk.error = None
    await clock.tick(host)
    for seat, sub in zip([*range(host.snapshot.players), None], everyone, strict=True):
        assert drain(sub) == [SaveStatus(host.match_id, seat, "")]  # everything acknowledged at once
    saved = store.read(host.match_id)
    assert saved.actions == host.actions and len(saved.actions) == 5
    assert replay_snapshot(saved).state.to_data() == host.state.to_data()

    await play(host, rng)  # play goes on, saved before it is told
    assert [u.unsaved for u in updates(everyone[0])] == [""]
    assert store.read(host.match_id).actions == host.actions
    assert host._retrying is not None and host._retrying.done()


async def test_a_store_other_hosts_share_plays_no_move_it_has_not_stored(tmp_path, monkeypatch):
    """The bug, on several servers over one database: a host that lost its connection showed a
    move it could not store; another server took the match over from the database without it,
    and the move everyone had seen was gone. Where another host may take the match over, a move
    not stored is not played: refused with the reason, the position as it was, and once the
    store writes again the seat to move is asked again."""
    game = GAMES["decktet_caravan"]
    bus, store, clock = Bus(), SaveStore(tmp_path), Clock()
    monkeypatch.setattr(store, "shared", True)  # as the database's store is
    disk = Disk(monkeypatch, store)
    host = new_host(game, bus, store, seed=11)
    host.retry = Retry(sleep=clock.sleep)
    everyone = [bus.subscribe(seat_address(host.match_id, s)) for s in range(host.snapshot.players)]
    rng = random.Random(3)
    await play(host, rng)
    for sub in everyone:
        drain(sub)  # the first move, stored and told
    before, seat = host.state.to_data(), host.state.to_move()

    disk.error = errno.EIO
    action = rng.choice(host.state.legal_actions())
    await host.handle(Act(host.match_id, seat, host.turn, action))
    told = drain(everyone[seat])
    assert [type(m).__name__ for m in told] == ["Rejected"] and told[0].reason.startswith("not played: ")
    assert host.turn == 1 and host.state.to_data() == before and host.snapshot.status == "playing"
    assert all(not drain(sub) for sub in everyone)  # nobody else heard of it
    await host.handle(Act(host.match_id, seat, host.turn, action))  # refused at once while unsaved
    assert host.turn == 1 and [type(m).__name__ for m in drain(everyone[seat])] == ["Rejected"]

    disk.error = None
    await clock.tick(host)
    assert not host.unsaved and store.read(host.match_id).actions == host.actions
    assert [type(m).__name__ for m in drain(everyone[seat])] == ["SaveStatus", "YourTurn"]  # asked again
    await host.handle(Act(host.match_id, seat, host.turn, action))
    assert host.turn == 2 and store.read(host.match_id).actions == host.actions


async def test_a_save_file_removed_from_outside_is_written_whole_again_on_ctrl_s(tmp_path):
    """The bug: with its file removed (``rm``, another program), a match played on writing to no
    file, and ctrl+s answered "Not saved: [Errno 2] No such file or directory: '…'". The check
    ctrl+s makes now writes the whole match again."""
    bus, store = Bus(), SaveStore(tmp_path)
    host = new_host(GAMES["decktet_caravan"], bus, store, seed=11)
    seat0 = bus.subscribe(seat_address(host.match_id, 0))
    rng = random.Random(3)
    for _ in range(2):
        await play(host, rng)
    store.path(host.match_id).unlink()
    drain(seat0)
    await host.handle(SaveRequest(host.match_id, 0))
    assert drain(seat0)[-1] == Saved(host.match_id, 0, True, "")
    assert store.read(host.match_id).actions == host.actions and not host.unsaved


async def test_a_match_that_ends_unsaved_is_served_until_it_is_written(tmp_path, monkeypatch):
    game = next(iter(GAMES.values()))
    bus, store, clock = Bus(), SaveStore(tmp_path), Clock()
    disk = Disk(monkeypatch, store)
    host = new_host(game, bus, store, seats=[SeatSpec("human"), SeatSpec("random")])
    host.retry = Retry(sleep=clock.sleep)
    ann = bus.subscribe(seat_address(host.match_id, 0))
    running = asyncio.create_task(host.run())
    await asyncio.sleep(0)
    disk.error = errno.EROFS
    await host.bus.publish(host_address(host.match_id), Resign(host.match_id, 0))  # the only person: it ends
    await until(lambda: any(isinstance(m, MatchOver) for m in drain(ann)), "the end")
    assert host.status == "resigned" and host.unsaved == READ_ONLY
    await host.bus.publish(host_address(host.match_id), Sync(host.match_id, 0))
    await until(lambda: any(isinstance(m, MatchOver) for m in drain(ann)), "the end, again")  # still served
    assert not running.done() and store.read(host.match_id).status == "playing"
    disk.error = None
    await clock.tick(host)
    await asyncio.wait_for(running, WAIT)  # written, so the host lets the match go
    assert store.read(host.match_id).status == "resigned"


# -- hosted by the hub -----------------------------------------------------------------------


async def next_update(peer: Peer, turn: int) -> Update:
    return await peer.next(Update, lambda m: m.turn == turn)


async def hosted_move(players: dict[int, Peer], table: list[Peer], host: MatchHost, rng: random.Random) -> list[Update]:
    """The seat to move plays a random legal move from its session; every peer at the table sees
    its Update."""
    turn, seat = host.turn, host.state.to_move()
    await players[seat].send(Act(host.match_id, seat, turn, rng.choice(host.state.legal_actions())))
    return [await next_update(p, turn + 1) for p in table]


async def lobby_row(peer: Peer, match_id: str, unsaved: str) -> None:
    await peer.next(Lobby, lambda m: any(r["match"] == match_id and r["unsaved"] == unsaved for r in m.matches))


@pytest.mark.parametrize("game", every_game())
async def test_a_hosted_match_tells_everyone_at_the_table_and_the_lobby(game, tmp_path, monkeypatch, worker):
    monkeypatch.setattr(hub_module, "LOBBY_DELAY", 0.01)
    hub = Hub(tmp_path, worker, iterations=5)
    hub.start()
    disk, clock = Disk(monkeypatch, hub.store), Clock()
    ann, bob, cyd, dee = [
        await named(hub, who, name) for who, name in ((ANN, "Ann"), (BOB, "Bob"), (CYD, "Cyd"), (DEE, "Dee"))
    ]
    await ann.send(CreateMatch(game.id, ["you", "open"], dict(game.quick_options), 60, "easy"))
    match_id = (await ann.next(Joined)).match
    host = hub.matches[match_id].host
    host.retry = Retry(sleep=clock.sleep)
    await bob.send(JoinSeat(match_id, 1))
    await bob.next(Joined)
    await cyd.send(Watch(match_id))
    await cyd.next(Joined)
    players, table, rng = {0: ann, 1: bob}, [ann, bob, cyd], random.Random(5)
    for _ in range(2):
        assert [u.unsaved for u in await hosted_move(players, table, host, rng)] == ["", "", ""]
    acknowledged = list(host.actions)

    disk.error = errno.EROFS
    for _ in range(2):
        assert [u.unsaved for u in await hosted_move(players, table, host, rng)] == [READ_ONLY] * 3
    await lobby_row(dee, match_id, READ_ONLY)
    assert SaveStore(tmp_path).read(match_id).actions == acknowledged

    disk.error = None
    await clock.tick(host)
    for peer in table:
        assert (await peer.next(SaveStatus)).unsaved == ""
    await lobby_row(dee, match_id, "")
    assert SaveStore(tmp_path).read(match_id).actions == host.actions and host.turn == 4
    assert [u.unsaved for u in await hosted_move(players, table, host, rng)] == ["", "", ""]
    assert SaveStore(tmp_path).read(match_id).actions == host.actions
    for peer in (ann, bob, cyd, dee):
        await peer.close()
    hub.stop()


# -- the table and leaving -------------------------------------------------------------------


@pytest.mark.thorough
async def test_the_table_shows_a_lasting_notice_until_saved_and_leaving_asks_first(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    game = next(iter(GAMES.values()))
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_match(
            MatchSetup(game.id, [SeatSpec("human"), SeatSpec("random")], ["Tester", "Bot"], dict(game.quick_options), 5)
        )
        await wait_for(
            pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.table.turn is not None, "my turn"
        )
        screen, host, clock = app.screen, app.runner.host, Clock()
        notice = screen.query_one(SaveNotice)
        host.retry = Retry(sleep=clock.sleep)
        disk = Disk(monkeypatch, app.store)
        disk.error = errno.EROFS
        screen.act(screen.table.legal[0])
        await wait_for(pilot, lambda: notice.display, "the notice")
        assert (
            str(notice.render()) == f"Cannot save: {READ_ONLY}. Retrying; every move shown is kept until it is saved."
        )

        await pilot.press("ctrl+q")  # quitting would lose the moves: asked, and "no" stays
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert "Leave anyway?" in str(app.screen.query_one(".dialog-text").render())
        await pilot.press("n")
        await pilot.press("escape")  # the menu's "save and quit": not saved, so asked too
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the menu")
        await pilot.press("down", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        await pilot.press("n")
        await wait_for(pilot, lambda: app.screen is screen and notice.display, "the table, still unsaved")

        disk.error = None
        await clock.tick(host)
        await wait_for(pilot, lambda: not notice.display, "the notice to clear")
        assert app.store.read(host.match_id).actions == host.actions
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the menu")
        await pilot.press("down", "enter")  # saved: leaving asks nothing
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen), "home")


async def test_the_lobby_marks_a_match_that_cannot_be_saved():
    row = LobbyRow("m1", next(iter(GAMES)), ["Ann", "Bob"], ["person", "open"], 0, 3, 0, unsaved=READ_ONLY)
    assert str(game_cell(row)).startswith("unsaved ")
    assert not str(game_cell(dataclasses.replace(row, unsaved=""))).startswith("unsaved")
