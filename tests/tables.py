"""What the game screens' Pilot tests share: a game screen at a match against a person's seat
the test plays through its client (the screen is seat 0, "Tester", the test's seat 1, "Bot"),
and waiting for the screen to show something; and a running hub for the client-mode tests."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager, suppress
from multiprocessing import resource_tracker
from pathlib import Path
from typing import Any

import pytest
from textual.events import Mount

from caravan_tui.ai.worker import AIWorker
from caravan_tui.app import CaravanApp
from caravan_tui.bus import Act, YourTurn
from caravan_tui.engine import normalise_action
from caravan_tui.games import GAMES
from caravan_tui.match.runner import MatchRunner
from caravan_tui.saves import SaveStore
from caravan_tui.seats import SeatSpec
from caravan_tui.ssh.hub import Hub
from caravan_tui.textual_adapter import hear_every_message
from caravan_tui.widgets.footer import KeysFooter


def kept(name: str) -> dict[str, Any]:
    """A match a person played, kept in ``matches/<name>.json``: its players, seed, options and
    log (its moves as the log writes them)."""
    match = json.loads((Path(__file__).parent / "matches" / f"{name}.json").read_text())
    return {**match, "log": [normalise_action(action) for action in match["log"]]}


def recorded(game_id: str, name: str, moves: int | None = None) -> tuple[Any, list[Any]]:
    """A kept match (``kept``): its state after the first ``moves`` moves of its log (all of
    them: None), and the log."""
    match = kept(name)
    state = GAMES[game_id].new(match["players"], seed=match["seed"], options=match["options"])
    for action in match["log"][:moves]:
        state.apply(action, log=False)
    return state, match["log"]


def recorded_decision(game_id: str, name: str, turn: int, moves: int, seat: int = 0) -> Any:
    """The decision of a kept match (``kept``) that begins at move ``turn``, as a review of
    ``seat`` cuts the first ``moves`` moves of its log into decisions (a ``review.Position``)."""
    from caravan_tui.ai.review import decisions_of

    match = kept(name)
    decisions = decisions_of(
        GAMES[game_id], match["players"], match["seed"], match["options"], match["log"][:moves], seat
    )
    (found,) = [position for position in decisions.decisions if position.turn == turn]
    return found


def games_checked_by_default(*default: str, among: Iterable[str] = GAMES) -> list:
    """Each game's id (of ``among``: every game) as a test parameter, for a check of the table
    kit's own code where the game only gives it data: the games in ``default`` run in the default
    run, chosen as the ones whose data stress the kit most (each use says why); the others run in
    the end-to-end run (``pytest -m e2e``, which CI runs too), so every game is still checked."""
    among = list(among)
    assert set(default) <= set(among) <= set(GAMES), (default, among)
    return [pytest.param(game_id, id=game_id, marks=() if game_id in default else pytest.mark.e2e) for game_id in among]


class BareApp(CaravanApp):
    """The app opened at Textual's blank first screen instead of Home, for a test that pushes a
    screen straight onto it (a ``Table``'s): Home composed and drawn under the table, and its look
    for an unfinished save, were about 0.05 CPU-s of such a test's 0.2."""

    def on_mount(self, event: Mount) -> None:
        event.prevent_default()  # (CaravanApp's: Home, then what the command line asked for)


class Table:
    """``prefix`` is applied before the match starts, so a test can begin at a position. The
    app is best a ``BareApp`` (``quick_app(…, home=False)``): the table needs no Home under it."""

    def __init__(
        self, app, game_id: str, screen_class: type, seed: int, options: dict, prefix=(), names=("Tester", "Bot")
    ) -> None:
        self.app = app
        self.runner = MatchRunner.new(game_id, [SeatSpec("human")] * len(names), list(names), seed, options, None)
        host = self.runner.host
        for action in prefix:
            seat = host.state.to_move()
            host.events.append(host.state.apply(action))
            host.actions.append(action)
            host.movers.append(seat)
        self.screen = screen_class(self.runner.client(0))
        self.bot = self.runner.client(1)

    async def __aenter__(self) -> Table:
        await self.app.push_screen(self.screen)
        self.runner.start()
        return self

    async def __aexit__(self, *exc) -> None:
        self.runner.stop()

    def moves(self) -> int:
        return self.runner.host.turn

    async def bot_turn(self) -> YourTurn:
        while True:
            message = await asyncio.wait_for(self.bot.get(), 10)
            if isinstance(message, YourTurn):
                return message

    async def bot_plays(self, choose) -> tuple:
        """The bot's next decision: ``choose(legal)``, or ``choose`` itself if it is an action."""
        turn = await self.bot_turn()
        action = choose(turn.legal) if callable(choose) else choose
        assert action in turn.legal, (action, turn.legal)
        await self.bot.send(Act(self.runner.match_id, 1, turn.turn, action))
        return action


@asynccontextmanager
async def at_turn(app, table: Table, ready, size: tuple[int, int]):
    """``app`` running at ``size`` with ``table`` open, once ``ready(table.screen)`` holds (the
    screen's turn); gives the app, its pilot and the table."""
    async with app.run_test(size=size) as pilot, table:
        await wait_for(pilot, lambda: ready(table.screen), "my turn")
        yield app, pilot, table


def settled(screen) -> bool:
    """Whether a table has drawn what its match sent so far: a view, our turn if it is ours (a turn
    that arrives later clears the panels and moves the focus), and the footer's keys (the footer
    composes them after the screen's bindings change)."""
    view = screen.table.view
    return (
        view is not None
        and (screen.table.turn is not None or view["to_move"] != screen.seat)
        and bool(screen.query_one(KeysFooter).shown_keys)
    )


async def footer_keys_focusing(pilot, app, widget_id: str) -> dict[str, Any]:
    """Focus ``#widget_id`` and give the footer's keys (``FooterKey`` widgets, by description, in
    order) once the footer shows that widget's."""
    footer = app.query_one(KeysFooter)
    app.query_one(f"#{widget_id}").focus()
    await pilot.pause()
    await wait_for(pilot, footer.caught_up, "the footer showing the focused widget's keys")
    return {key.description: key for key in footer.shown_keys}


async def read_since(pilot, screen) -> None:
    """Hide the "since your last turn" panel, if it shows, as a player who has read it: escape
    (which hides it and acts, as any key does: opens the menu, or from the plays list goes back
    to the table), and escape again where the menu opened."""
    panel = screen.query_one("#since-panel")
    if panel.showing:
        await pilot.press("escape")
        await wait_for(pilot, lambda: pilot.app.screen is not screen or not panel.showing, "the panel hidden")
        if pilot.app.screen is not screen:
            await pilot.press("escape")
        await wait_for(pilot, lambda: pilot.app.screen is screen, "the table again")


async def next_turn_or_end(pilot, app, screen_class: type) -> None:
    """Until the app shows ``screen_class`` at our turn, or the match's end; at our turn, what
    the others did is read and closed (``read_since``)."""
    from caravan_tui.screens.summary import MatchOverScreen

    def mine() -> bool:
        return isinstance(app.screen, screen_class) and app.screen.table.turn is not None

    await wait_for(pilot, lambda: mine() or isinstance(app.screen, MatchOverScreen), "my turn or the end")
    if mine():
        await read_since(pilot, app.screen)


async def yes_if_asked(pilot, played) -> None:
    """A table may ask before a play: Caravanserai's after which the rest of the placement is
    forced (laid unseen) or the caravan is boxed in, Camel Caravan's end of a turn with actions
    left, Merchant Lord's end of selling with a sale still possible. Enter still makes the
    promised play, once answered yes."""
    from caravan_tui.screens.dialogs import ConfirmScreen

    await wait_for(pilot, lambda: played() or isinstance(pilot.app.screen, ConfirmScreen), "the play or a question")
    if isinstance(pilot.app.screen, ConfirmScreen):
        await pilot.press("y")


class LentWorker:
    """The test process's AI worker pool, lent to one app: everything is the pool's but ``close``,
    which the app calls as it ends. Each app started its own worker process, at about half a
    CPU-second each (the process starts and imports the games); the pool's stays for the next
    app. An app that ends with a search of its own still running closes the pool (the search
    finishes first), so that no test's searches wait behind another's."""

    #: the pool the apps of this test process share (as many workers as an app's own, each
    #: started at the first search that needs it)
    pool = AIWorker()

    def __getattr__(self, name: str):
        return getattr(self.pool, name)

    def close(self) -> None:
        if self.pool.busy:
            self.pool.close()


def quick_app(tmp_path, iterations: int, flash_seconds: float | None = None, home: bool = True, **kwargs) -> CaravanApp:
    """The app with its saves in ``tmp_path``, AI seats searching ``iterations`` in the test
    process's worker pool (``LentWorker``) and no pause after an opponent's move; opened at Home,
    or (not ``home``) at a blank screen for a ``Table`` (``BareApp``)."""
    app = (CaravanApp if home else BareApp)(store=SaveStore(tmp_path), ai_iterations=iterations, **kwargs)
    app.worker = LentWorker()
    app.move_pause = 0.0
    if flash_seconds is not None:
        app.flash_seconds = flash_seconds
    return app


#: the waits of ``wait_for``, woken each time a message is dispatched anywhere in the app
_waiting: list[asyncio.Future] = []


def _dispatched(message) -> None:
    """Wake every waiting ``wait_for``: something in the app is handling a message (its
    handler has run by the time a woken wait looks, unless the handler itself waits)."""
    for future in _waiting:
        if not future.done():
            future.set_result(None)
    _waiting.clear()


# Textual calls the hook ``run_test(message_hook=…)`` takes as each message is dispatched; set
# here, in the context every test's app is started from, it reaches every Pilot app of the run
hear_every_message(_dispatched)

#: a wait looks again after this long without a message: a change made by an async handler
#: after its first await is seen when that handler is done, which no message may follow
LOOK_AGAIN = 0.25


async def wait_for(pilot, condition, what: str, timeout: float = 20.0) -> None:
    """Until ``condition`` holds: looked at again each time the app handles a message (what
    changes a screen), then one pause so the screen is laid out and idle."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        future = loop.create_future()
        _waiting.append(future)
        with suppress(TimeoutError):
            await asyncio.wait_for(future, LOOK_AGAIN)
    await pilot.pause()


@asynccontextmanager
async def running_hub(tmp_path) -> AsyncIterator[Hub]:
    """A started hub keeping its matches in ``tmp_path``, with a one-process AI worker, a tiny
    search budget and a 30 s grace; stopped on leaving. Multiprocessing's resource tracker is
    started here, before a Pilot app replaces stderr (the tracker is spawned with stderr's file
    descriptor, and a replaced one fails every AI search that starts it)."""
    resource_tracker.ensure_running()
    async with AIWorker(max_workers=1) as worker:
        hub = Hub(tmp_path, worker, iterations=5, grace=30)
        hub.start()
        yield hub
        hub.stop()


def processes_end(pids, polls: int) -> bool:
    """Whether every process of ``pids`` is gone from /proc within ``polls`` looks 50 ms apart."""
    for _ in range(polls):
        if not any(Path(f"/proc/{pid}").exists() for pid in pids):
            return True
        time.sleep(0.05)
    return False


def offline_screen(game_id: str, players: int = 2, seat: int = 0):
    """A game's table for ``seat`` of a new match, not shown (no app): its state and its words."""
    from caravan_tui.games import GAMES
    from caravan_tui.screens import game_screen_class

    runner = MatchRunner.new(game_id, [SeatSpec("human")] * players, [f"P{n}" for n in range(players)], 1, {}, None)
    return game_screen_class(GAMES[game_id])(runner.client(seat))


@asynccontextmanager
async def table_shown(tmp_path: Path, runner: MatchRunner, seat: int = 0, shared: bool = False):
    """``seat``'s table of ``runner``'s match in a local app at 80×24 (no pauses between moves),
    ``shared`` as a session over SSH says of itself, the match running; it stops after."""
    from caravan_tui.screens import game_screen_class

    client = runner.client(seat)
    client.shared = shared
    screen = game_screen_class(runner.host.game)(client)
    app = BareApp(store=SaveStore(tmp_path))
    app.move_pause, app.flash_seconds = 0.0, 0.05
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(screen)
        runner.start()
        try:
            yield app, pilot, screen
        finally:
            runner.stop()
