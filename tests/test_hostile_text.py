"""Text from people, files and file names reaches the screen as text, never markup (DESIGN §6).

Every screen is drawn at 80×24 with players named from a hostile set: unbalanced tags, a link, an
action, terminal escapes and control characters, bidi overrides, 200 characters. Each must draw
without an exception and show the name as typed (its control characters taken out); the drawn
screen must hold no control character, no hyperlink and no click action. A failure in a hosted
session shows its player one line and the lobby; the hub logs the traceback.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import re
import socket
import struct
from collections.abc import Awaitable, Callable

import msgpack
import pytest
from rich.console import Console
from rich.text import Text
from textual.content import Content
from textual.markup import MarkupError
from textual.widgets import DataTable, Input, Static

from caravan_tui.app import CaravanApp, ClientApp
from caravan_tui.bus import MAX_REASON, Chat, MatchOver
from caravan_tui.games import GAMES
from caravan_tui.games.decktet_caravan.hand_summary import HandSummaryScreen
from caravan_tui.hub_protocol import CRASHED, Crashed, FinishedRow, JoinSeat, LobbyRow, request_from_map
from caravan_tui.match.replay import PLANNED
from caravan_tui.match.runner import MatchRunner
from caravan_tui.safe_text import as_text, cut_words, plain
from caravan_tui.saves import SaveStore
from caravan_tui.saves.snapshot import Snapshot
from caravan_tui.screens import game_screen_class
from caravan_tui.screens.dialogs import ChoiceScreen, ConfirmScreen
from caravan_tui.screens.game import GameScreen
from caravan_tui.screens.home import HomeScreen
from caravan_tui.screens.lobby import (
    RESULT_WIDTH,
    LobbyScreen,
    against_words,
    finished_words,
    seats_words,
)
from caravan_tui.screens.saves import SavesScreen
from caravan_tui.screens.summary import MatchOverScreen
from caravan_tui.screens.your_name import YourNameScreen
from caravan_tui.seat_kinds import STANDING_IN
from caravan_tui.seats import SeatSpec
from caravan_tui.ssh.framing import MAX_REQUEST
from caravan_tui.ssh.hub import Hub
from caravan_tui.textual_adapter import notices, screen_strips

from tables import BareApp, games_checked_by_default, running_hub, table_shown, wait_for

SIZE = (80, 24)
LONG_NAME = "[" + "W" * 198 + "]"
#: a name as typed -> as it must show (written out by hand: not computed by the code under test)
HOSTILE = {
    "[/]x": "[/]x",
    "[b red]Zed[/b": "[b red]Zed[/b",
    "[link=https://evil.example]ln[/link]": "[link=https://evil.example]ln[/link]",
    "[@click=app.quit]Q[/]": "[@click=app.quit]Q[/]",
    "\x1b[31mEsc\x1b[0m\x07": "[31mEsc[0m",
    "\u202eRTL\u202c mark\u200f": "RTL mark",
    "Ctl\x00\x9b\tx\ny": "Ctl x y",
    "back\\[b]slash": "back\\[b]slash",
    LONG_NAME: LONG_NAME,
}
#: what SetName lets through (one printable line of at most 40 characters): the markup
HOSTED_NAMES = ["[/]x", "[link=https://e.x]l[/link]", "[@click=app.quit]Q[/]"]
CHAT = "[@click=app.quit]hi[/] [link=https://evil.example]x[/link] [/]"
#: characters no drawn screen may hold: C0 and C1 controls, DEL, bidi controls, separators
UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
PREFIX = 6  # characters of a name every screen has room for (panels shorten names to fit)


def shown(name: str) -> str:
    return HOSTILE.get(name, name)


def names_for(game_index: int, players: int) -> list[str]:
    """Hostile names for a match of ``players``: "[/]x" (the one that crashed every screen) at
    seat 1, the others in turn, so that the games between them seat every name."""
    others = [name for name in HOSTILE if name != "[/]x"]
    offset = sum(max(game.players) - 1 for game in list(GAMES.values())[:game_index])
    names = [others[(offset + k) % len(others)] for k in range(players - 1)]
    return [*names[:1], "[/]x", *names[1:]]


# -- what the screen draws -------------------------------------------------------------------------


def drawn(app) -> tuple[str, list]:
    strips = screen_strips(app.screen)
    return "\n".join(strip.text for strip in strips), [segment for strip in strips for segment in strip]


def assert_safe_screen(app, names=(), whole=()) -> None:
    """The screen drew; it shows the first characters of each of ``names`` as typed and each of
    ``whole`` entire on a line; it holds no control character, link or click action."""
    assert getattr(app, "failures", 0) == 0  # a hosted session's failure is caught: it must not happen
    text, segments = drawn(app)
    assert not UNSAFE.search(text.replace("\n", "")), repr(UNSAFE.findall(text.replace("\n", "")))
    links = [s.text for s in segments if s.style and (s.style.link or "@click" in repr(s.style.meta))]
    assert links == []
    missing = [name for name in names if shown(name)[:PREFIX] not in text] + [w for w in whole if w not in text]
    assert missing == [], f"not on screen: {missing!r}\n{text}"


def rendered(renderable, width: int = 2000) -> str:
    """A renderable (a summary table) as plain text, wide enough for every name entire."""
    console = Console(width=width, record=True, file=open(os.devnull, "w"), color_system=None)  # noqa: SIM115
    console.print(renderable)
    return console.export_text()


# -- matches with hostile names ------------------------------------------------------------------------


def seat_1_to_move(state) -> bool:
    return state.to_move() == 1


def runner_with(game, names: list[str], moves: int, ready=seat_1_to_move) -> MatchRunner:
    """A match between people named ``names``, at least ``moves`` random moves in, once
    ``ready(state)`` (by default: seat 1, "[/]x", to move): its log, titles and status line name them."""
    runner = MatchRunner.new(game.id, [SeatSpec("human")] * len(names), names, 1, {}, None)
    host, rng = runner.host, random.Random(1)
    while len(host.actions) < moves or not ready(host.state):
        action = rng.choice(host.state.legal_actions())
        host.movers.append(host.state.to_move())
        host.events.append(host.state.apply(action))
        host.actions.append(action)
    assert not host.state.is_over()
    return runner


def after_a_hand(state) -> bool:
    return bool(state.view(None)["history"]) and state.to_move() == 1


def my_build(state) -> bool:
    return state.view(0)["phase"] == "build" and state.to_move() == 0


async def show_table(app, pilot, screen) -> None:
    await app.push_screen(screen)
    await wait_for(
        pilot,
        lambda: screen.table.view is not None and screen.table.names and screen.query_one("#log").lines,
        "the table",
    )


async def check_tables(app, pilot, game_index: int, hosted: bool) -> None:
    """The game's table (and a spectator's, hosted, with chat), its summaries and the final table."""
    game = list(GAMES.values())[game_index]
    players = max(game.players)
    names = names_for(game_index, players)
    runner = runner_with(game, names, 12, after_a_hand if game.id == "decktet_caravan" else seat_1_to_move)
    watching, mine = runner.client(None), runner.client(0)
    watching.shared = mine.shared = hosted  # (a table hosted over SSH: chat)
    watching, screen = game_screen_class(game)(watching), game_screen_class(game)(mine)
    speaker = runner.client(1)
    runner.start()
    try:
        if hosted:
            await show_table(app, pilot, watching)
            await speaker.send(Chat(runner.match_id, 1, CHAT))  # (the hub passes chat on as the host does here)
            # until the screen shows it: the log scrolls to a new line after it next draws (waiting
            # for the log to hold the line, and one pause, missed it on a busy machine)
            await wait_for(pilot, lambda: "[@click=app.quit]hi[/]" in drawn(app)[0], "the chat on screen")
            assert_safe_screen(app, names[:2], whole=["[@click=app.quit]hi[/]"])
            app.pop_screen()
        await show_table(app, pilot, screen)
        assert_safe_screen(app, [names[1]])  # (one's own name may read "You")
        if game.id == "caravanserai":  # the cursor on a piece of seat 1's: its owner is named under the board
            screen.query_one("HexBoard").cursor = next(
                cell for cell, item in screen.table.picture.items.items() if item[0] == 1
            )
            await pilot.pause()
            assert_safe_screen(app, [names[1]])
        if game.id == "decktet_caravan":
            summary = screen.hand_summary(screen.table.view, screen.table.view["history"][-1])
            await app.push_screen(HandSummaryScreen(summary))
            await pilot.pause()
            assert_safe_screen(app, names[1:])  # (one's own reads "You" in a table, as every table says it)
            assert all(shown(name) in rendered(summary) for name in names[1:])
            app.pop_screen()
        summary = screen.match_summary(screen.table.view)
        screen.handle(MatchOver(runner.match_id, [float(s) for s in range(players)], [1.0] + [0.0] * (players - 1)))
        await wait_for(pilot, lambda: isinstance(app.screen, MatchOverScreen), "the final table")
        assert_safe_screen(app, names[1:2])
        final = str(app.screen.query_one("#final-scores", Static).visual) + rendered(summary)
        assert [name for name in names[1:] if shown(name) not in final] == []
    finally:
        runner.stop()


def client_app(sock: socket.socket) -> ClientApp:
    app = ClientApp(sock)
    app.move_pause, app.flash_seconds = 0.0, 0.05
    return app


@pytest.mark.thorough
async def test_a_trade_offer_names_its_partner_as_typed(tmp_path):
    game = GAMES["ahldarahd"]
    names = names_for(list(GAMES).index(game.id), 3)
    runner = runner_with(game, names, 12, my_build)
    app = BareApp(store=SaveStore(tmp_path))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        screen = game_screen_class(game)(runner.client(0))
        runner.start()
        try:
            await show_table(app, pilot, screen)
            await wait_for(pilot, lambda: screen.table.turn is not None, "my build")
            await pilot.press("o")
            await wait_for(pilot, lambda: app.screen is not screen, "the offer")
            assert_safe_screen(app, [names[1]])
        finally:
            runner.stop()


@pytest.mark.thorough
async def test_a_table_and_its_summaries_show_hostile_names_as_typed(tmp_path):
    """In the app as run at home. Every game's table and summaries are checked as hosted over
    SSH (the test below: the same checks, a spectator and chat added), and a hosted table draws
    as the local one (test_table_kit); here one game, with its hand summary, locally."""
    app = CaravanApp(store=SaveStore(tmp_path))
    app.move_pause, app.flash_seconds = 0.0, 0.05
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await check_tables(app, pilot, list(GAMES).index("decktet_caravan"), hosted=False)


@pytest.mark.thorough
@pytest.mark.parametrize("game_index", range(len(GAMES)), ids=list(GAMES))
async def test_every_hosted_table_and_spectator_shows_hostile_names_and_chat_as_typed(game_index):
    ours, theirs = socket.socketpair()
    app = client_app(ours)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await check_tables(app, pilot, game_index, hosted=True)
    theirs.setblocking(False)
    with pytest.raises(BlockingIOError):  # nothing failed: the session reported no crash
        theirs.recv(1)
    theirs.close()


# -- saves, home, replay and the command line ---------------------------------------------------------

HOSTILE_FILE = "[b red]x[link=mailto;x]y"
#: damaged files under hostile names (no "/" in a file name) -> as the list must show them
DAMAGED_FILES = {"\x1b]0;owned\x07[b]bad": "]0;owned[b]bad", os.fsdecode(b"\xff[i]z"): "[i]z"}


def write_save(store: SaveStore, game, names: list[str], match_id: str, updated: float) -> Snapshot:
    """A sound save of a match between ``names``, a few moves in."""
    runner = runner_with(game, names, 8)
    host = runner.host
    snapshot = Snapshot(
        match_id=match_id,
        game_id=game.id,
        options=dict(host.snapshot.options),
        players=len(names),
        seats=["human"] * len(names),
        names=names,
        seed=host.snapshot.seed,
        actions=list(host.actions),
        state=host.state.to_data(),
        updated=updated,
    )
    store.write(snapshot)
    os.utime(store.path(match_id), (updated, updated))
    return snapshot


def hostile_saves(folder) -> tuple[SaveStore, Snapshot, Snapshot]:
    """Two sound saves seating every hostile name (the latest under a hostile file name) and
    damaged files under hostile names."""
    store = SaveStore(folder)
    store.folder.mkdir(parents=True, exist_ok=True)
    for when, name in enumerate(DAMAGED_FILES, start=1):
        path = store.folder / f"{name}.msgpack"
        path.write_bytes(b"not a save")
        os.utime(path, (1e9 + when, 1e9 + when))
    hostile = list(HOSTILE)
    older = write_save(store, GAMES["camel_caravan"], hostile[5:], "older", 2e9)
    latest = write_save(store, GAMES["ahldarahd"], hostile[:5], HOSTILE_FILE, 2e9 + 60)
    return store, latest, older


def content(app, selector: str) -> str:
    """What a Static on the current screen shows, as plain text (however it wraps)."""
    return str(app.screen.query_one(selector, Static).visual)


@pytest.mark.thorough
async def test_home_saves_dialogs_and_replay_show_hostile_names_and_file_names_as_typed(tmp_path):
    store, latest, older = hostile_saves(tmp_path)
    app = CaravanApp(store=store)
    app.move_pause, app.flash_seconds = 0.0, 0.05
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and content(app, "#home-continue"), "home")
        assert_safe_screen(app, latest.names)
        names = ", ".join(map(shown, latest.names))  # five seats: not "A vs B vs C vs D vs E"
        assert content(app, "#home-continue") == (
            f"Continue: Caravans of Ahldarahd ({len(latest.actions)} moves)\n{names}"
        )

        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, SavesScreen), "the saves")
        await app.screen.listed.wait()
        await pilot.pause()
        assert app.screen.query_one(DataTable).row_count == 4
        assert_safe_screen(app, [latest.names[0], older.names[0], *DAMAGED_FILES.values()])
        assert content(app, "#saves-detail") == f"{HOSTILE_FILE}: {names} · playing"
        await pilot.press("d")  # a question naming the file
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert_safe_screen(app, [HOSTILE_FILE])
        assert content(app, ".dialog-text") == f"Delete the save {HOSTILE_FILE}?"
        await pilot.press("n")
        await app.push_screen(ChoiceScreen(f"Steal from {latest.names[1]}?", latest.names))  # as a game asks
        await pilot.pause()
        assert_safe_screen(app, latest.names)
        app.pop_screen()

        await pilot.press("w")  # the replay, from the first person's seat
        await wait_for(pilot, lambda: getattr(app.screen, "replaying", False) and app.screen.table.view, "the replay")
        assert_safe_screen(app, latest.names[1:3])
        await pilot.press("left", "left")
        await pilot.pause()
        assert_safe_screen(app, latest.names[1:3])
        await pilot.press("escape")

        await pilot.press("down", "down", "enter")  # a damaged file: refused, with the reason
        await wait_for(pilot, lambda: notices(app), "the notice")
        assert_safe_screen(app, list(DAMAGED_FILES.values())[1:])
        await pilot.press("up", "up", "d", "y")  # deleted: the notice names the file
        await wait_for(pilot, lambda: any("Deleted" in note.message for note in notices(app)), "the notice")
        assert_safe_screen(app, [HOSTILE_FILE])
        assert [note.message for note in notices(app)][-1] == f"Deleted {HOSTILE_FILE}"


def test_the_saves_command_prints_file_names_and_names_plain(tmp_path, monkeypatch, capsys):
    from caravan_tui.cli import main

    hostile_saves(tmp_path)
    monkeypatch.setenv("CARAVAN_TUI_HOME", str(tmp_path))
    assert main(["saves"]) == 0
    out = capsys.readouterr().out
    assert not UNSAFE.search(out.replace("\n", "")) and "\udcff" not in out
    assert HOSTILE_FILE in out and all(name in out for name in DAMAGED_FILES.values())
    out.encode("utf-8")  # (a lone surrogate would not encode: printing it raised)

    game = GAMES["decktet_caravan"]  # a recorded match whose seats are hostile, replayed from its file
    recorded = tmp_path / "arena.json"
    seats = ["\x1b]0;owned\x07ai:easy", "[/]\u202eai:hard"]
    recorded.write_text(
        json.dumps(
            {
                "matches": [
                    {
                        "game": game.id,
                        "seats": seats,
                        "seed": 3,
                        "options": {},
                        "actions": [],
                        "scores": game.new(2, seed=3).scores(),
                    }
                ]
            }
        )
    )
    assert main(["replay", str(recorded), "0"]) == 2  # seats that are no seats are refused, in one quoted line
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not a seat" in err and not UNSAFE.search(err.replace("\n", ""))


# -- over SSH: the lobby, a name refused, the opponent's and a spectator's tables; failures ------------

ANN, BOB, CYD = "SHA256:annannannannannannann", "SHA256:bobbobbobbobbobbobbob", "SHA256:cydcydcydcydcydcyd"
ANN_NAME, BOB_NAME, CYD_NAME = HOSTED_NAMES


@pytest.fixture
async def hub(tmp_path):
    async with running_hub(tmp_path) as hub:
        yield hub


def session(hub: Hub, identity: str) -> tuple[ClientApp, Callable[[], Awaitable[None]]]:
    """A session's app and what serves it at the hub (to start once the app's loop runs)."""
    ours, theirs = socket.socketpair()

    async def serve() -> None:
        reader, writer = await asyncio.open_unix_connection(sock=theirs)
        await hub.serve(reader, writer, identity)

    return client_app(ours), serve


async def type_name(pilot, name: str) -> None:
    pilot.app.screen.query_one(Input).value = name
    await pilot.press("enter")


def introduced(hub: Hub, identity: str, name: str) -> None:
    """A person the hub knows by ``name`` who has dismissed every game's "How to play" for good
    (it shows no one's words; its coming first at a new game: test_ssh_client)."""
    hub.identities.keep(identity, name)
    for game in GAMES:
        hub.identities.introduce(identity, game)


@pytest.mark.thorough
async def test_over_ssh_names_and_chat_reach_the_lobby_players_and_spectators_as_typed(hub, caplog):
    from test_ssh_hub import named

    introduced(hub, ANN, ANN_NAME)
    bob = await named(hub, BOB, BOB_NAME)
    app, serve = session(hub, ANN)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        served = asyncio.create_task(serve())
        await wait_for(
            pilot,
            lambda: isinstance(app.screen, LobbyScreen) and "Online" in content(app, "#lobby-online"),
            "the lobby",
        )
        assert_safe_screen(app, [ANN_NAME, BOB_NAME])
        await pilot.press("c")
        await wait_for(pilot, lambda: app.screen.query("#create"), "the create screen")
        assert_safe_screen(app)
        await pilot.press("ctrl+o", "ctrl+g")
        await wait_for(pilot, lambda: table_view(app), "the match")
        match = next(iter(hub.matches.values()))
        await bob.send(JoinSeat(match.match_id, 1))
        await wait_for(pilot, lambda: BOB_NAME in app.screen.table.names, "the opponent")
        await bob.send(Chat(match.match_id, 1, CHAT))
        await wait_for(pilot, lambda: "[@click=app.quit]hi[/]" in drawn(app)[0], "the chat on screen")
        assert_safe_screen(app, [BOB_NAME], whole=["[@click=app.quit]hi[/]"])
        served.cancel()

    app, serve = session(hub, CYD)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        served = asyncio.create_task(serve())
        await wait_for(pilot, lambda: isinstance(app.screen, YourNameScreen), "the name question")
        await type_name(pilot, ANN_NAME)  # taken: the refusal quotes it
        await wait_for(
            pilot,
            lambda: isinstance(app.screen, YourNameScreen) and "taken" in content(app, "#your-name-problem"),
            "the refusal",
        )
        assert_safe_screen(app, [ANN_NAME])
        await type_name(pilot, CYD_NAME)
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.rows, "the lobby")
        assert_safe_screen(app, [CYD_NAME, ANN_NAME])
        await pilot.press("w")
        await wait_for(pilot, lambda: table_view(app) and app.screen.table.names, "the match")
        await wait_for(pilot, lambda: "[@click=app.quit]hi[/]" in drawn(app)[0], "the chat on screen")
        assert_safe_screen(app, [ANN_NAME, BOB_NAME], whole=["[@click=app.quit]hi[/]"])
        served.cancel()
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []


async def open_a_table(app, pilot, serve) -> asyncio.Task:
    served = asyncio.create_task(serve())
    await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.player_name, "the lobby")
    await pilot.press("c")
    await wait_for(pilot, lambda: app.screen.query("#create"), "the create screen")
    await pilot.press("ctrl+o", "ctrl+g")
    await wait_for(pilot, lambda: table_view(app), "the match")
    return served


def logged_failures(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR and r.name == "caravan_tui.ssh.hub"]


@pytest.mark.thorough
async def test_a_failure_at_a_hosted_table_shows_one_line_and_the_lobby_and_the_hub_logs_it(hub, caplog):
    introduced(hub, ANN, "Ann")
    app, serve = session(hub, ANN)
    checked: list[str] = []
    with pytest.raises(MarkupError):  # (Pilot raises what the app caught once the test is over, over any
        await fail_at_a_table(app, serve, hub, caplog, checked)  # failed assertion: hence ``checked``)
    assert checked == ["all"]


async def fail_at_a_table(app, serve, hub, caplog, checked: list[str]) -> None:
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        served = await open_a_table(app, pilot, serve)
        match = next(iter(hub.matches.values()))
        await app.screen.mount(Static("[/]boom"))  # what a name in markup did: fails as it is drawn
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.query("Toast"), "the lobby")
        assert [str(toast.render()) for toast in app.screen.query("Toast")] == [CRASHED]  # all it shows of it
        text = drawn(app)[0]
        assert "Something went wrong;" in text and "Traceback" not in text and "site-packages" not in text
        assert app.is_running and app.return_code is None
        await wait_for(pilot, lambda: logged_failures(caplog), "the hub's log")
        assert "Traceback" in logged_failures(caplog)[0] and "MarkupError" in logged_failures(caplog)[0]
        assert match.owner(0) == ANN and not match.seated  # the seat is kept for its person
        await pilot.press("j")  # and the match goes on
        await wait_for(pilot, lambda: table_view(app), "the match again")
        served.cancel()
        checked.append("all")


async def test_a_failure_in_the_lobby_ends_the_session_with_one_line(hub, caplog, capfd, monkeypatch):
    hub.identities.keep(ANN, "Ann")
    reported = asyncio.Event()  # the hub has logged the session's report of its failure
    log_crash = hub._log_crash
    monkeypatch.setattr(hub, "_log_crash", lambda *report: (log_crash(*report), reported.set()))
    app, serve = session(hub, ANN)
    with pytest.raises(MarkupError):
        await fail_in_the_lobby(app, serve, reported)
    assert app.return_code == 1 and capfd.readouterr().err.strip() == CRASHED  # all the terminal shows
    assert "MarkupError" in logged_failures(caplog)[0]


async def fail_in_the_lobby(app, serve, reported: asyncio.Event) -> None:
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        served = asyncio.create_task(serve())
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.player_name, "the lobby")
        await app.screen.mount(Static("[/]boom"))
        # (the session is served until the hub has its report: the app ends as it sends it)
        await asyncio.wait_for(reported.wait(), 20)
        served.cancel()


def test_a_session_that_fails_past_the_app_prints_one_line_and_reports_to_the_hub(monkeypatch, capsys):
    from caravan_tui import session_main

    def fail(self, *args, **kwargs):
        raise RuntimeError("in /srv/caravan/site-packages with secrets")

    monkeypatch.setattr(ClientApp, "run", fail)
    ours, theirs = socket.socketpair()
    assert session_main.run(ours, 0.5) == 1
    assert capsys.readouterr() == (CRASHED + "\n", "")
    frame = theirs.recv(MAX_REQUEST)
    crashed = request_from_map(msgpack.unpackb(frame[4 : 4 + struct.unpack(">I", frame[:4])[0]]))
    assert isinstance(crashed, Crashed) and "RuntimeError: in /srv/caravan" in crashed.report
    theirs.close()


def test_plain_strips_what_could_reach_the_terminal_and_bounds_the_length():
    for typed, expected in HOSTILE.items():
        assert plain(typed) == expected
        assert as_text(typed).plain == expected and not as_text(typed).spans
    assert plain("x" * 300) == "x" * 255 + "…" and plain("abc", limit=2) == "a…"
    assert plain(os.fsdecode(b"a\xffb")) == "ab"
    assert Crashed("x" * 9000).problem() is not None and Crashed.of(ValueError("v")).problem() is None


# -- the replay of a finished match: what each AI weighed, under names that are markup -------------------

#: a reason as an AI seat records it (one printable line), holding markup and seat fields
REASON = "{p0:'s} [b]hand[/b] [link=https://evil.example]x[/link] [@click=app.quit]q[/] [/] waits for {p1}"


def weighed_save(store: SaveStore, game, name: str, match_id: str) -> tuple[int, str]:
    """A finished match of random moves, a person ("Ann") against an AI seat named ``name``
    whose every move records what it weighed; the move the replay first shows it at, and its
    reason as the replay words it (from no seat's view: the AI's reasons never say "you")."""
    state = game.new(2, seed=7, options=game.quick_options)
    rng, actions, weighed = random.Random(7), [], {}
    while not state.is_over():
        action = rng.choice(state.legal_actions())
        if state.to_move() == 1:
            weighed[len(actions)] = [[action, 0.625, REASON], [action, 0.25, ""]]
        state.apply(action)
        actions.append(action)
    store.write(
        Snapshot(
            match_id=match_id,
            game_id=game.id,
            options=game.resolve_options(game.quick_options),
            players=2,
            seats=["human", "ai:easy"],
            names=["Ann", name],
            seed=7,
            actions=actions,
            state=state.to_data(),
            status="over",
            result=state.outcome(),
            weighed=weighed,
        )
    )
    reads = f"Ann's [b]hand[/b] [link=https://evil.example]x[/link] [@click=app.quit]q[/] [/] waits for {name}"
    return min(weighed) + 1, reads


# the panel and the names in it are the table kit's (each game words only its moves): by default
# Decktet Caravan and Camel Caravan, which between them seat all three names (``HOSTED_NAMES``)
@pytest.mark.thorough
@pytest.mark.parametrize("game_id", games_checked_by_default("decktet_caravan", "camel_caravan"))
async def test_the_replay_shows_what_an_ai_weighed_under_names_that_are_markup(tmp_path, game_id):
    """Each game's replay under two of the names, the names taken in turn: every name is
    tried, and every game (in the end-to-end run)."""
    game = GAMES[game_id]
    store = SaveStore(tmp_path)
    app = CaravanApp(store=store)
    first = list(GAMES).index(game.id)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        for index in (first, first + 1):
            name = HOSTED_NAMES[index % len(HOSTED_NAMES)]
            position, reads = weighed_save(store, game, name, f"m{index}")
            app.open_replay(f"m{index}", seat=0, position=position)
            await wait_for(
                pilot,
                lambda: (
                    getattr(app.screen, "replaying", False)
                    and any(panel.showing for panel in app.screen.query("#hint-panel"))
                ),
                "what the AI weighed",
            )
            panel = app.screen.query_one("#hint-panel")
            assert_safe_screen(app, [name])
            assert f"What {name[:PREFIX]}" in drawn(app)[0]  # (a long title is cut at the panel's width)
            assert Content.from_markup(panel.border_title).plain in (
                f"What {name} weighed (h hides it)",
                f"What {name} weighed",
            )
            # (a step of a turn of several: its reason is its plan at that step)
            assert f"of the search: {reads}" in panel.text or f"of the search; {PLANNED}: {reads}" in panel.text
            await app.pop_screen()
            if game_id == "decktet_caravan":  # from the named seat, its hand is titled by its name
                app.open_replay(f"m{index}", seat=1, position=position)
                await wait_for(pilot, lambda: getattr(app.screen, "replaying", False), "the replay from its seat")
                await pilot.pause()
                assert_safe_screen(app, [name])
                assert any(name[:PREFIX] in line and "'s hand (" in line for line in drawn(app)[0].split("\n"))
                await app.pop_screen()


def test_a_reason_too_long_to_record_is_cut_after_a_whole_word_never_inside_a_seat_field():
    """The bug: what the AI weighed was cut at 160 characters mid-phrase ("…for a") and kept so
    in the save; a cut inside ``{p1}`` would leave a field no name fills."""
    reason = "keeps the Ace of Suns; risk: {p1} holds 4 Aces or Crowns for a bandit"
    assert cut_words(reason, len(reason)) == reason
    assert cut_words(reason, 60) == "keeps the Ace of Suns; risk: {p1} holds 4 Aces or Crowns…"
    assert cut_words(reason, 33) == "keeps the Ace of Suns; risk:…"  # not "… {p1…"
    assert len(cut_words("x" * 500, MAX_REASON)) == MAX_REASON


@pytest.mark.thorough
async def test_hostile_names_after_a_resignation_and_in_the_lobbys_cut_seats_read_as_typed(tmp_path):
    """The end screen's "… resigned: … share the win" and the lobby's seats, cut to fit, carry
    names: as text, never markup."""
    names = list(HOSTILE)[:3]
    runner = MatchRunner.new("camel_caravan", [SeatSpec("human")] * 3, names, 1, {}, None)
    async with table_shown(tmp_path, runner) as (app, pilot, screen):
        await wait_for(pilot, lambda: screen.table.view is not None and screen.table.names, "the table")
        await app.push_screen(
            app.final_table(screen, MatchOver(runner.match_id, [1.0, 2.0, 3.0], [0.0, 0.5, 0.5], "resigned"))
        )
        await pilot.pause()
        assert_safe_screen(app, names[1:])
        headline = str(app.screen.query_one("#winner", Static).visual)
        assert headline == f"You resigned: {shown(names[1])} and {shown(names[2])} share the win."
    row = LobbyRow("m1", "camel_caravan", HOSTED_NAMES[:2], ["person", STANDING_IN], 0, 0, 0)
    assert seats_words(row, 35) == "[/]x, [link=https://e.x]l[/li… · AI"  # as typed, cut to fit
    won = FinishedRow("m2", "camel_caravan", ["Ann", HOSTED_NAMES[1]], [0.0, 1.0], "over", 0.0, 0)
    assert finished_words(won, width=RESULT_WIDTH) == "You lost"  # (the winner's name would be cut: not named)
    assert finished_words(won) == f"{HOSTED_NAMES[1]} won"  # (as typed, never as markup)
    three = FinishedRow("m3", "ahldarahd", ["Ann", *HOSTED_NAMES], [0.0, 1.0, 0.0, 0.0], "over", 0.0, 0)
    assert against_words(three, 20) == "[/]x, [link…, [@cli…"  # (every other seat, each cut to share the column)


def table_view(app):
    """The view of the table on screen (None: no table, or none yet)."""
    return app.screen.table.view if isinstance(app.screen, GameScreen) else None


def test_a_leaderboards_names_are_shown_as_text_never_markup():
    """A name a person chose, as the hub lists it: on the leaderboard as typed, cut to its
    length, with no style read from it."""
    from caravan_tui.hub_protocol import Leaderboard
    from caravan_tui.screens.leaderboard import leaderboard_lines

    board = Leaderboard([["decktet_caravan", [["[bold red]x[/]" + "y" * 200, "1043", 12]]]])
    line = leaderboard_lines(board)[1]
    shown = Text("\n".join(leaderboard_lines(board)))
    assert "[bold red]x[/]" in line and len(line) < 100 and shown.spans == []
