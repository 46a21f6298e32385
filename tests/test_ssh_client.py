"""The app in client mode (one per SSH session) against a real hub in this process, driven
through Pilot at 80×24: the name, the lobby, creating, chatting, leaving; nothing that would act
on the server's machine (DESIGN §7)."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import socket
import textwrap
from contextlib import asynccontextmanager

import asyncssh
import pytest
from textual.app import App
from textual.events import Key
from textual.widgets import DataTable, Input, Static

from caravan_tui.app import SEAT_CODE_TITLE, ClientApp
from caravan_tui.bus import Chat
from caravan_tui.games import GAMES
from caravan_tui.hub_protocol import GUEST_UNRATED, MAX_REPLAY, CreateMatch, FinishedRow, LobbyRow, Replay
from caravan_tui.screens.create_match import CreateMatchScreen
from caravan_tui.screens.dialogs import AskLineScreen, ChoiceScreen
from caravan_tui.screens.game import GameScreen
from caravan_tui.screens.history import HistoryScreen
from caravan_tui.screens.how_to_play import HowToPlayScreen
from caravan_tui.screens.lobby import (
    COLUMNS,
    SEATS_WIDTH,
    TO_MOVE_WIDTH,
    LobbyScreen,
    finished_words,
    seat_words,
    seats_words,
    your_seat_words,
)
from caravan_tui.screens.requests import Rematch
from caravan_tui.screens.review import ReviewScreen
from caravan_tui.screens.summary import MatchOverScreen
from caravan_tui.screens.your_name import NAME_FULL, NAME_NEEDED, YourNameScreen
from caravan_tui.ssh.hub import Hub
from caravan_tui.ssh.records import Identities
from caravan_tui.textual_adapter import notices, screen_lines
from caravan_tui.widgets import MatchLog
from caravan_tui.widgets.footer import KeysFooter
from caravan_tui.widgets.table_panel import TablePanel

from tables import running_hub, wait_for

SIZE = (80, 24)
ANN = "SHA256:annannannannannannann"


@pytest.fixture
async def hub(tmp_path):
    async with running_hub(tmp_path) as hub:
        yield hub


@pytest.fixture
async def still_hub(hub, monkeypatch):
    """A hub that sends a session its lobby as it arrives and never again: for a test that gives
    the lobby screen lobbies of its own. (The hub sends every lobby again a second after a person
    arrives, ``lobby_changed``; on a busy machine it came in between a test's two lobbies.)"""
    monkeypatch.setattr(hub, "lobby_changed", lambda: None)
    return hub


def client_of(hub: Hub, identity: str = ANN, guest: bool = False) -> ClientApp:
    ours, theirs = socket.socketpair()

    async def serve() -> None:
        reader, writer = await asyncio.open_unix_connection(sock=theirs)
        await hub.serve(reader, writer, identity, guest)

    app = ClientApp(ours)
    app.move_pause = 0.0
    app.serving = serve  # started once the app's loop runs
    return app


@asynccontextmanager
async def in_the_lobby(hub, app=None):
    """Ann's session at 80×24, served by ``hub``, in the lobby: its app and pilot, once the hub's
    first lobby is in (it follows the name, its finished matches read in a thread: a lobby a test
    gives the app before it was replaced by the hub's, late on a busy machine)."""
    app = app or client_of(hub)
    async with app.run_test(size=SIZE) as pilot:
        served = pilot.app.run_worker(app.serving())
        await wait_for(
            pilot,
            lambda: isinstance(app.screen, LobbyScreen) and app.player_name == "Ann" and app.lobby is not None,
            "the lobby",
        )
        yield app, pilot
        served.cancel()


@asynccontextmanager
async def guest_in_the_lobby(hub):
    """A guest's session at 80×24, served by ``hub``, named Gus and in the lobby (``in_the_lobby``'s
    wait): its app and pilot."""
    app = client_of(hub, "guest:0123456789ab", guest=True)
    async with app.run_test(size=SIZE) as pilot:
        served = pilot.app.run_worker(app.serving())
        await wait_for(pilot, lambda: isinstance(app.screen, YourNameScreen), "the name question")
        await pilot.press(*"Gus", "enter")
        await wait_for(
            pilot,
            lambda: isinstance(app.screen, LobbyScreen) and app.player_name == "Gus" and app.lobby is not None,
            "the lobby",
        )
        yield app, pilot
        served.cancel()


@asynccontextmanager
async def first_visit(hub: Hub):
    """Ann's first session at ``hub``, served, at its first screen: the name question."""
    app = client_of(hub)
    async with app.run_test(size=SIZE) as pilot:
        served = asyncio.create_task(app.serving())
        await wait_for(pilot, lambda: isinstance(app.screen, YourNameScreen), "the name question")
        yield app, pilot
        served.cancel()


@pytest.mark.thorough
async def test_a_first_visit_asks_a_name_then_shows_the_lobby_and_creates_a_match(hub):
    async with first_visit(hub) as (app, pilot):
        await pilot.press(*"Ann", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.player_name == "Ann", "the lobby")
        assert "playing as Ann" in str(app.screen.query_one("#lobby-title").render())
        assert hub.identities.name(ANN) == "Ann"
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, CreateMatchScreen), "the create screen")
        await pilot.press("ctrl+o", "ctrl+g")
        await wait_for(pilot, lambda: isinstance(app.screen, HowToPlayScreen), "how to play, first")
        await pilot.press("enter")  # play (and show it again next time)
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen), "the match")
        screen = app.screen
        match = next(iter(hub.matches.values()))
        assert match.host.snapshot.options == {"hands": 1} and screen.seat == 0
        await wait_for(pilot, lambda: screen.table.seat_kinds == ("remote", "open") and screen.table.view, "the seats")
        if screen.table.view["to_move"] == 1:
            assert "Waiting for a person to take seat 2" in str(screen.status_text())
        await pilot.press("t")
        await pilot.press(*"hello", "enter")
        await wait_for(pilot, lambda: "You say: hello" in screen.query_one(MatchLog).lines_text, "the chat line")
        assert [line.text for _, _, line in match.host.chat] == ["hello"]
        app.go_home()
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and not match.seated, "the lobby again")
        assert match.owner(0) == ANN  # the seat is kept


@pytest.mark.thorough
async def test_keys_queued_with_the_lobbys_c_are_the_create_forms(hub):
    """The lobby's c, two downs and Create all queued at once (a terminal under load sends them
    so): the third game is the one asked for, not the first with the lobby's cursor moved."""
    async with first_visit(hub) as (app, pilot):
        await pilot.press(*"Ann", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.player_name, "the lobby")
        for key in ("c", "down", "down", "ctrl+g"):
            event = Key(key, None)
            event.set_sender(app)
            app.post_message(event)
        await wait_for(pilot, lambda: isinstance(app.screen, HowToPlayScreen), "how to play, first")
        assert app.screen.game is list(GAMES.values())[2]


async def test_a_guests_name_question_says_what_being_a_guest_means(hub):
    """It said "(for this visit)" and no more: nothing of being a guest, the seat or ratings."""
    app = client_of(hub, "guest:0123456789ab", guest=True)
    async with app.run_test(size=SIZE) as pilot:
        served = asyncio.create_task(app.serving())
        await wait_for(pilot, lambda: isinstance(app.screen, YourNameScreen), "the name question")
        words = str(app.screen.query_one(".dialog-text", Static).render())
        assert "as a guest" in words and words.endswith(GUEST_UNRATED)
        served.cancel()


@pytest.mark.thorough
async def test_the_name_question_names_its_enter_and_says_a_name_is_needed(hub):
    """Enter on the empty name did nothing and said nothing, and the footer showed only
    "esc Leave": nothing said how to go on."""
    async with first_visit(hub) as (app, pilot):
        await wait_for(pilot, lambda: app.screen.query_one(KeysFooter).shown_keys, "the footer's keys")
        footer = screen_lines(app.screen)[-1]
        assert "⏎ Use this name" in footer and "esc Leave" in footer
        await pilot.press("space", "enter")
        problem = str(app.screen.query_one("#your-name-problem", Static).render())
        assert isinstance(app.screen, YourNameScreen) and problem == NAME_NEEDED
        await pilot.press(*"Ann", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.player_name == "Ann", "the lobby")


@pytest.mark.thorough
async def test_a_name_too_long_for_the_line_is_told_so(hub):
    """The line took 40 characters of a 52-letter name and dropped the rest without a word."""
    async with first_visit(hub) as (app, pilot):
        await wait_for(pilot, lambda: app.screen.query_one(KeysFooter).shown_keys, "the footer's keys")
        await pilot.press(*"Annabelle the Very Long Named Caravan Trader of Qarth")
        problem = str(app.screen.query_one("#your-name-problem", Static).render())
        assert problem == NAME_FULL and app.screen.query_one(Input).value == "Annabelle the Very Long Named Caravan Tr"
        await pilot.press("backspace")
        assert str(app.screen.query_one("#your-name-problem", Static).render()) == ""


@pytest.mark.thorough
async def test_the_name_line_says_its_limit_and_a_full_name_fills_it(hub):
    """A 41-character name lost its last letter with no word before Enter: the line spread over
    the whole dialog and said nothing of a limit. Empty, it says the limit; a full name fills it
    to its end, and a key past it is said refused under it (said at its 40th letter, a name of 40
    read as refused)."""
    async with first_visit(hub) as (app, pilot):
        await wait_for(pilot, lambda: app.screen.query_one(KeysFooter).shown_keys, "the footer's keys")
        await pilot.pause()
        assert any("▊  Your name, up to 40 characters " in line for line in screen_lines(app.screen))
        await pilot.press(*"Annabelle Marguerite Fitzwilliam-Oakhurs")  # (40 letters)
        await pilot.pause()
        lines = screen_lines(app.screen)
        row = next(line for line in lines if "Annabelle" in line)
        assert "▊  Annabelle Marguerite Fitzwilliam-Oakhurs   ▎" in row, lines  # (the cursor, the padding: the end)
        assert not any("at most" in line for line in lines), lines  # (a name of 40 is a name: nothing refused)
        await pilot.press("t")
        await pilot.pause()
        assert any("A name has at most 40 characters" in line for line in screen_lines(app.screen)), lines


async def test_nothing_acts_on_the_servers_machine(hub):
    async with first_visit(hub) as (app, pilot):
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Screenshot" not in titles and "Quit" in titles
        app.open_url("https://example.com/")
        app.action_suspend_process()
        app.action_screenshot()
        app.deliver_text(__file__)
        await pilot.pause()
        assert len(notices(app)) == 4
        assert all(note.message == ClientApp.NOT_HERE for note in notices(app))


async def test_the_app_ends_when_the_hub_goes(hub):
    ours, theirs = socket.socketpair()
    app = ClientApp(ours)
    async with app.run_test(size=SIZE) as pilot:
        theirs.close()
        await wait_for(pilot, lambda: app.return_code is not None or not app.is_running, "the app to end")


def test_chat_lines_are_one_short_printable_line():
    for bad in ("", " ", "x" * 201, "two\nlines", "bell\x07", "\x1b[2Jclear"):
        assert Chat("m", 0, bad).problem() is not None
    assert Chat("m", None, "fine, thanks").problem() is None


@pytest.mark.parametrize("args,error", [(["--port", "70000"], "port number"), (["--move-pause", "9"], "from 0 to 5")])
def test_serve_refuses_bad_options_in_one_line(capsys, args, error):
    from caravan_tui.cli import main

    with pytest.raises(SystemExit) as exited:
        main(["serve", *args])
    err = capsys.readouterr().err
    assert exited.value.code == 2 and err.startswith("caravan-tui: error: ") and error in err
    assert err.count("\n") == 1


def test_serve_refuses_an_unreadable_keys_file_before_listening(tmp_path, monkeypatch, capsys):
    from caravan_tui.cli import main

    monkeypatch.setenv("CARAVAN_TUI_HOME", str(tmp_path))
    assert main(["serve", "--authorized-keys", str(tmp_path / "missing")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"caravan-tui: error: cannot read {tmp_path / 'missing'}") and err.count("\n") == 1


def test_serve_refuses_listed_keys_beside_guests(tmp_path, monkeypatch, capsys):
    """A key not listed would enter as a guest: the two options cannot be given together."""
    import caravan_tui.ssh.server
    from caravan_tui.cli import main

    async def listens(config, ready=None, web=None, stopping=None) -> None:  # what would have been served
        served.append(config)

    served: list = []
    monkeypatch.setattr(caravan_tui.ssh.server, "serve", listens)
    monkeypatch.setenv("CARAVAN_TUI_HOME", str(tmp_path))
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(asyncssh.generate_private_key("ssh-ed25519").export_public_key())
    assert main(["serve", "--authorized-keys", str(keys), "--allow-guests"]) == 2 and not served
    err = capsys.readouterr().err
    assert err.startswith("caravan-tui: error: --authorized-keys lets in only the keys it lists")
    assert err.count("\n") == 1
    assert main(["serve", "--authorized-keys", str(keys)]) == 0 and served[0].authorized_keys == keys.resolve()


@pytest.mark.thorough
async def test_how_to_play_comes_first_at_a_game_new_to_the_person_and_their_key_keeps_it(hub):
    async with first_visit(hub) as (app, pilot):
        await pilot.press(*"Ann", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.player_name, "the lobby")
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, CreateMatchScreen), "the create screen")
        await pilot.press("ctrl+o", "ctrl+g")
        await wait_for(pilot, lambda: isinstance(app.screen, HowToPlayScreen), "how to play, first")
        await pilot.press("escape")  # back to the match's setup: nothing created
        await wait_for(pilot, lambda: isinstance(app.screen, CreateMatchScreen), "the create screen again")
        assert not hub.matches
        await pilot.press("ctrl+g")
        await wait_for(pilot, lambda: isinstance(app.screen, HowToPlayScreen), "how to play again")
        await pilot.press("d")  # don't show it again
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.table.view, "the match")
        await wait_for(pilot, lambda: hub.identities.games_introduced(ANN) == ["decktet_caravan"], "kept")
        app.go_home()
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby again")
    assert Identities(hub.identities.path).games_introduced(ANN) == ["decktet_caravan"]  # on disk
    app = client_of(hub)  # the next visit: straight to the table
    async with app.run_test(size=SIZE) as pilot:
        served = asyncio.create_task(app.serving())
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.table.view, "her seat")
        app.go_home()
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, CreateMatchScreen), "the create screen")
        await pilot.press("ctrl+o", "ctrl+g")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and len(hub.matches) == 2, "a new match")
        served.cancel()


def test_the_games_a_key_was_introduced_to_are_read_as_data_and_bounded(tmp_path):
    """``identities.json`` is hostile like every file: only known games, for identities with a
    name kept, at most one of each game; a file from before it held them reads as it did."""
    path = tmp_path / "identities.json"
    path.write_text(
        json.dumps(
            {
                ANN: "Ann",
                "SHA256:bob": "Bob",
                "introduced": {
                    ANN: ["decktet_caravan", "no_such_game", 5, None, "decktet_caravan"],
                    "SHA256:bob": ["camel_caravan"] * 1000,  # longer than there are games
                    "SHA256:nobody": ["camel_caravan"],  # no name kept
                    "[/]x": ["camel_caravan"],
                },
            }
        )
    )
    kept = Identities(path)
    assert kept.games_introduced(ANN) == ["decktet_caravan"] and kept.games_introduced("SHA256:bob") == []
    assert kept.games_introduced("SHA256:nobody") == [] and kept.names == {ANN: "Ann", "SHA256:bob": "Bob"}
    kept.introduce(ANN, "no_such_game")
    kept.introduce(ANN, "camel_caravan")
    assert Identities(path).games_introduced(ANN) == ["camel_caravan", "decktet_caravan"]
    path.write_text(json.dumps({ANN: "Ann"}))  # as written before
    assert Identities(path).names == {ANN: "Ann"} and Identities(path).games_introduced(ANN) == []


@pytest.mark.thorough
@pytest.mark.parametrize("opponent", ["ai:easy", "open"])
async def test_a_person_who_resigns_sees_the_result(hub, opponent):
    """Against an AI the match ends so; where a person plays (or will), it goes on with an AI in
    the seat. Either way the person who resigned reads how it stands, not the lobby."""
    from caravan_tui.app import RESIGNED_ENDED, RESIGNED_GOES_ON

    async with first_visit(hub) as (app, pilot):
        await pilot.press(*"Ann", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.player_name, "the lobby")
        game = GAMES["decktet_caravan"]
        app.send_to_hub(CreateMatch(game.id, ["you", opponent], dict(game.quick_options)))
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.table.view, "the match")
        app.screen.menu.confirm_resign()
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, MatchOverScreen), "the result")
        shown = [
            str(app.screen.query_one(f"#{part}").render())
            for part in ("winner", "match-status")
            if app.screen.query(f"#{part}")
        ]
        if opponent == "open":
            assert shown == ["You resigned.", RESIGNED_GOES_ON]
            assert not app.screen.query("#final-table")  # (the match goes on: no final table)
            scores = str(app.screen.query_one("#final-scores").render())
            assert scores.startswith("As it stood: "), scores
        else:
            assert shown == ["You resigned: AI 2 wins."]  # (as the table named the seat)
        # no rematch: the seat is no longer hers, and the hub plays a match again only for its
        # people (r went to the lobby, or asked for the last match finished before this one)
        resigned = app.screen
        assert not resigned.query("#rematch") and "Rematch" not in "\n".join(screen_lines(resigned))
        await pilot.press("r")
        assert app.screen is resigned
        if opponent == "open":  # the others end it: its ratings come as it does, and it says so
            app.heard = app.heard.rated(resigned.match, "Rating changes: Ann +0 (now 1000?).", (0.0, 1.0))
            await pilot.pause()
            assert str(resigned.query_one("#match-status").render()) == RESIGNED_ENDED
            # (who won, as the hub said it ended: "the match is over" alone left it unsaid)
            assert str(resigned.query_one("#winner").render()) == "You resigned: Open seat 2 wins."
        if opponent != "open":  # the match is over: its review, from her seat, as at home (it had no v)
            await pilot.press("v")
            await wait_for(
                pilot,
                lambda: isinstance(app.screen, ReviewScreen) and app.screen.review is not None,
                "the review",
                timeout=60,
            )
            assert app.screen.review.seat == 0
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is resigned, "the result again")
        else:
            assert "Review" not in "\n".join(screen_lines(resigned))  # (the match goes on)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")


@pytest.mark.slow  # five tables opened one after another (~10 s); the default run covers Decktet Caravan
async def test_every_game_can_be_created_shown_and_resigned_in_client_mode(hub):
    async with first_visit(hub) as (app, pilot):
        await pilot.press(*"Ann", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.player_name, "the lobby")
        for index, game_id in enumerate(GAMES):
            await pilot.press("c")
            await wait_for(pilot, lambda: isinstance(app.screen, CreateMatchScreen), "the create screen")
            await pilot.press(*["down"] * index)
            await wait_for(pilot, lambda game_id=game_id: app.screen.game.id == game_id, "the game chosen")
            for _ in range(10):  # again if the hub says too soon after the last one
                await pilot.press("ctrl+g")
                if isinstance(app.screen, HowToPlayScreen):
                    await pilot.press("d")
                try:
                    await wait_for(
                        pilot,
                        lambda game_id=game_id: (
                            isinstance(app.screen, GameScreen)
                            and app.screen.table.view is not None
                            and app.screen.game.id == game_id
                        ),
                        f"the {game_id} table",
                        timeout=1.0,
                    )
                    break
                except AssertionError:
                    continue
            assert app.screen.seat == 0
            app.screen.menu.confirm_resign()  # (its menu's last item) the seat is no longer Ann's to come back to
            await pilot.press("y")
            await wait_for(pilot, lambda: isinstance(app.screen, MatchOverScreen), "the result")  # (it says so)
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby again")
        assert [m.host.game.id for m in hub.matches.values()] == list(GAMES)
        assert all(m.seat_of(ANN) is None for m in hub.matches.values())


@pytest.mark.parametrize("played", [True, False])
async def test_a_spectator_is_not_offered_a_rematch_of_a_match_they_did_not_play(played):
    class Result(App):
        rematches = 0

        def on_mount(self) -> None:
            self.push_screen(MatchOverScreen("Ann wins!", "Ann: 3   Bob: 1", None, "", rematch=played))

        def on_rematch(self, request: Rematch) -> None:
            self.rematches += 1

    app = Result()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert bool(app.screen.query("#rematch")) == played
        assert any(b.binding.action == "rematch" for b in app.active_bindings.values() if b.enabled) == played
        await pilot.press("r")
        await pilot.pause()
        assert app.rematches == (1 if played else 0)


@pytest.mark.thorough
async def test_a_rematch_others_are_invited_to_is_asked_for_first(still_hub, monkeypatch):
    """The bug: one ``r`` on the result started a match for every seat, unasked, its seats
    waiting in the others' lobbies. Where others played, ``r`` asks; against AI seats it plays
    again at once."""
    from caravan_tui.app import REMATCH_QUESTION
    from caravan_tui.hub_protocol import PlayAgain
    from caravan_tui.screens.dialogs import ConfirmScreen

    still_hub.identities.keep(ANN, "Ann")
    async with in_the_lobby(still_hub) as (app, pilot):
        sent = []
        monkeypatch.setattr(app, "send_to_hub", sent.append)
        for with_people in (True, False):
            app.finished, app.finished_with_people = "m1", with_people
            result = MatchOverScreen("Bob wins!", "Ann: 1   Bob: 3", None)
            await app.push_screen(result)
            await pilot.press("r")
            if with_people:
                await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
                assert app.screen.question == REMATCH_QUESTION and sent == []
                # (the grace first, then the AI: "an AI plays a seat until its person takes it,
                # after the grace" read two ways)
                assert "each seat waits the grace for its person, then an AI plays it" in REMATCH_QUESTION
                await pilot.press("n")  # not now: the result stays, nothing asked of the hub
                await wait_for(pilot, lambda result=result: app.screen is result, "the result again")
                assert sent == []
                await pilot.press("r")
                await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question again")
                await pilot.press("y")
            await wait_for(pilot, lambda: sent == [PlayAgain("m1")], "the rematch asked for")
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            sent.clear()


@pytest.mark.thorough
async def test_a_result_says_a_rematch_waits_for_you_while_it_does(still_hub):
    """The bug: a rematch another person started said so in a toast of five seconds over the
    result screen, and then nothing did, while they waited on the seat kept for you."""
    from caravan_tui.app import REMATCH_WAITING_QUESTION
    from caravan_tui.hub_protocol import Lobby
    from caravan_tui.screens.dialogs import ConfirmScreen
    from caravan_tui.screens.summary import INVITED_HERE

    still_hub.identities.keep(ANN, "Ann")
    async with in_the_lobby(still_hub) as (app, pilot):
        result = MatchOverScreen("Bob wins!", "Ann: 1   Bob: 3", None, game="camel_caravan")
        await app.push_screen(result)
        # a rematch of another game kept from a match before: not this result's (a Decktet Caravan
        # result said "A rematch waits for you" of a Camel Caravan one nobody had asked for since)
        stale = LobbyRow("m1", "decktet_caravan", ["Ann", "Bob"], ["invited", "person"], 1, 3, 0, invited=True)
        app.from_hub(Lobby([stale.to_map()], ["Ann", "Bob"]))
        await pilot.pause()
        assert not result.invitation and INVITED_HERE not in "\n".join(screen_lines(result))
        kept = LobbyRow("m2", "camel_caravan", ["Ann", "Bob"], ["invited", "person"], 1, 3, 0, invited=True)
        app.from_hub(Lobby([stale.to_map(), kept.to_map()], ["Ann", "Bob"]))
        await wait_for(pilot, lambda: INVITED_HERE in "\n".join(screen_lines(result)), "the invitation on the result")
        # r asks whether to take the seat kept (it asked as if starting one: "It starts now, …")
        app.finished, app.finished_with_people = "m0", True
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert app.screen.question == REMATCH_WAITING_QUESTION
        await pilot.press("n")
        await wait_for(pilot, lambda: app.screen is result, "the result again")
        taken = dataclasses.replace(kept, kinds=["person", "person"], invited=False, yours=0)
        app.from_hub(Lobby([taken.to_map()], ["Ann", "Bob"]))
        await wait_for(pilot, lambda: INVITED_HERE not in "\n".join(screen_lines(result)), "the invitation gone")


async def test_x_in_the_lobby_declines_the_rematch_that_keeps_a_seat_for_you(still_hub, monkeypatch):
    """The bug: a rematch another person asked for kept your seat with no way to say no (the
    command palette found no "decline"). The line under the matches says x declines it; x
    elsewhere says why it does nothing."""
    from caravan_tui.hub_protocol import DeclineRematch, Lobby

    still_hub.identities.keep(ANN, "Ann")
    async with in_the_lobby(still_hub) as (app, pilot):
        sent = []
        monkeypatch.setattr(app, "send_to_hub", sent.append)
        other = LobbyRow("m1", "camel_caravan", ["Cyd", "Dee"], ["person", "person"], 0, 3, 0)
        kept = LobbyRow("m2", "camel_caravan", ["Bob", "Ann"], ["person", "open"], 0, 3, 0, invited=True)
        app.from_hub(Lobby([other.to_map(), kept.to_map()], ["Ann", "Bob"]))
        lobby = app.screen
        await wait_for(pilot, lambda: "x declines it" in lobby.detail.plain, "the invitation's line")
        assert lobby.selected().match == "m2"
        await pilot.press("up", "x")
        await wait_for(pilot, lambda: any("x declines one" in n.message for n in notices(app)), "why not")
        assert sent == []
        await pilot.press("down", "x")
        await wait_for(pilot, lambda: sent == [DeclineRematch("m2")], "the rematch declined")


def test_the_lobby_says_an_ai_plays_a_seat_you_left():
    """Back in the lobby from a match (the menu's Leave, or a drop and a new session), the line
    said "You play seat 2" while an AI played on in that seat after the grace."""
    left = LobbyRow("m1", "camel_caravan", ["Ann", "Bob"], ["person", "away"], 0, 3, 0, yours=1)
    assert your_seat_words(left, 1) == (
        "You play seat 2 (away): an AI plays it once the match's grace is over, until you are back. "
        "Enter takes you back to it."
    )
    seated = LobbyRow("m1", "camel_caravan", ["Ann", "Bob"], ["person", "person"], 0, 3, 0, yours=1)
    assert your_seat_words(seated, 1) == "You play seat 2: enter takes you back to it."


def test_the_lobby_shows_a_seat_kept_for_a_rematch_as_invited():
    row = LobbyRow("m1", "decktet_caravan", ["Ann", "Bob"], ["person", "invited"], 0, 0, 0)
    assert seat_words(row, 1) == "Bob (invited)" and row.free == []  # kept for Bob: nobody else's to take
    bobs = LobbyRow("m1", "decktet_caravan", ["Ann", "Bob"], ["person", "open"], 0, 0, 0, invited=True)
    assert seat_words(bobs, 1) == "Bob (invited)" and bobs.free == [1]
    rated = LobbyRow("m1", "decktet_caravan", ["Ann", "Bob"], ["person", "invited"], 0, 0, 0, ratings=["1043", "?"])
    assert seat_words(rated, 1) == "Bob ? (invited)"  # the invited person's rating, as anyone's


@pytest.mark.thorough
async def test_a_person_opens_the_replay_of_a_finished_match_from_the_lobby(hub):
    """Ann leaves a match whose stand-ins finish it; her lobby lists it among her finished ones,
    enter there opens its replay (from her seat, with what the AIs weighed), escape comes back;
    from her record too (escape went back to the lobby, the record closed as the replay came)."""
    async with first_visit(hub) as (app, pilot):
        await pilot.press(*"Ann", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.player_name, "the lobby")
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        game = GAMES["decktet_caravan"]
        app.send_to_hub(
            CreateMatch(game.id, ["you", "ai:easy"], dict(game.quick_options), grace=0, stand_in="easy", ai_finish=True)
        )
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.table.view, "the match")
        match_id = app.screen.client.match_id
        app.go_home()  # her stand-in and the AI play it to its end
        await wait_for(pilot, lambda: app.screen is lobby and lobby.finished, "her finished matches", timeout=60)
        row = lobby.finished[0]
        assert (row.match, row.names, row.yours) == (match_id, ["Ann", "AI 2 (easy)"], 0)
        assert finished_words(row) in ("You won", "AI 2 won", "Draw")
        await pilot.press("tab", "enter")  # to the finished matches, then its replay
        await wait_for(
            pilot,
            lambda: isinstance(app.screen, GameScreen) and app.screen.replaying and app.screen.table.view is not None,
            "the replay",
        )
        replay = app.screen
        assert replay.seat == 0 and replay.replay is not None and replay.replay.length > 2
        panel = replay.query_one("#hint-panel", TablePanel)
        for _ in range(replay.replay.length):  # to a move an AI decided, from the start
            if replay.replay.weighed(replay.replay.position) is not None:
                break
            await pilot.press("right")
        await wait_for(
            pilot, lambda: panel.display and str(panel.border_title).startswith("What "), "what an AI weighed"
        )
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is lobby, "the lobby again")
        await pilot.press("h")  # from her record too; escape comes back to the record
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen), "her record")
        record = app.screen
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.replaying, "the replay again")
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is record, "her record again")
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is lobby, "the lobby again")
        await pilot.press("v")  # its review, made by the hub from her seat
        await wait_for(
            pilot,
            lambda: isinstance(app.screen, ReviewScreen) and app.screen.review is not None,
            "the review",
            timeout=60,
        )
        assert app.screen.review.seat == 0 and app.screen.review.match_id == match_id
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is lobby, "the lobby after the review")


async def test_a_replay_the_session_cannot_trust_is_refused_in_one_line_and_the_lobby_stays(hub):
    async with first_visit(hub) as (app, pilot):
        await pilot.press(*"Ann", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.player_name, "the lobby")
        lobby, told = app.screen, []
        app.notify = lambda message, **_: told.append(message)  # type: ignore[method-assign]
        for damaged in (b"not a save", b"\x00" * (MAX_REPLAY + 1)):
            app.from_hub(Replay("m1", damaged))
        await pilot.pause()
        assert app.screen is lobby
        assert [line.startswith("Cannot replay that match: ") and "\n" not in line for line in told] == [True, True]


@pytest.mark.thorough
async def test_the_replay_of_a_match_you_resigned_names_the_ai_that_played_your_seat_on(still_hub, tmp_path):
    """Ann resigned; an AI played her seat on to the end. Her replay's log read "The match is
    over: you win" of the AI's win: her finished row says she gave the seat up, and the replay
    names the seat as the AI's from its first move on."""
    import random

    from test_deciders import bob_leaves, play

    from caravan_tui.hub_protocol import Lobby
    from caravan_tui.saves import SaveStore
    from caravan_tui.saves.codec import encode as encode_snapshot
    from caravan_tui.saves.loading import load

    store = SaveStore(tmp_path)
    host, _ = await bob_leaves(store, ("Bo", "Ann"))  # (Ann in seat 1 gives it up)
    await play(host, None, random.Random(4))
    host.close()
    snapshot = load(store, host.match_id).snapshot
    row = FinishedRow(host.match_id, "decktet_caravan", ["Bo", "Ann"], [0.0, 1.0], "over", 0.0, 1, gave_up=True)
    still_hub.identities.keep(ANN, "Ann")
    async with in_the_lobby(still_hub) as (app, pilot):
        app.from_hub(Lobby([], ["Ann"], [row.to_map()]))
        app.from_hub(Replay(host.match_id, encode_snapshot(snapshot)))
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.replaying, "the replay")
        await pilot.press("end")
        log = app.screen.query_one(MatchLog)
        await wait_for(pilot, lambda: "The match is over: your stand-in wins." in log.lines_text, "its end")


def test_a_finished_match_says_how_it_went_for_you_in_a_few_words():
    def words(result, status="over", yours=0, names=("Ann", "Bob", "Cyd")):
        return finished_words(FinishedRow("m", "ahldarahd", list(names), result, status, 0.0, yours))

    assert words([1.0, 0.0, 0.0]) == "You won"
    assert words([0.0, 1.0, 0.0]) == "Bob won"
    assert words([0.0, 1.0, 0.0], "resigned") == "You resigned, Bob won"
    given_up = FinishedRow("m", "ahldarahd", ["Ann", "Bob"], [1.0, 0.0], "resigned", 0.0, 0, gave_up=True)
    assert finished_words(given_up) == "You resigned"  # (though the AI that played her seat on won)
    # another's resignation ended it: it read "You resigned" to Bob, who had not
    ended_by_ann = FinishedRow(
        "m", "ahldarahd", ["Ann", "Bob", "AI 3"], [0.0, 1.0, 0.0], "resigned", 0.0, 1, resigned=0
    )
    assert finished_words(ended_by_ann) == "You won, Ann resigned"
    assert finished_words(dataclasses.replace(ended_by_ann, yours=0)) == "You resigned, Bob won"
    # (it read only "Ann left", of a match Bob won and of one he lost to her stand-in alike: his
    # own result first, as the ratings count a resignation, the resigned seat last)
    left = dataclasses.replace(ended_by_ann, result=[0.0, 0.0, 1.0], left=True)
    assert finished_words(left) == "You lost, Ann left" and finished_words(left, width=12) == "You lost"
    # (her stand-in first: the ratings count her seat last, and the result screen ends saying so)
    assert finished_words(dataclasses.replace(left, result=[1.0, 0.0, 0.0])) == "Shared, Ann left"
    assert finished_words(dataclasses.replace(ended_by_ann, result=[0.0, 0.5, 0.5])) == "Shared, Ann resigned"
    assert finished_words(ended_by_ann, mine=False) == "Bob won, Ann resigned"
    assert words([0.5, 0.5, 0.0]) == "Shared: you and Bob"
    assert words([0.5, 0.5], names=("Alice", "Bob")) == words([0.5, 0.5], yours=1, names=("Alice", "Bob")) == "Draw"
    assert words([0.0, 0.5, 0.5]) == "Lost"
    assert words([1.0, 0.0], yours=0) == "Over"  # (a result that does not fit the seats)

    # in a column of 20: a winner's name that would be cut is not named (it read "Annabelle
    # the Very L", then "Annabelle the Ver… won"); the Against column names every seat
    long = ("Bob", "Annabelle the Very Long Named Caravan Tr")
    row = FinishedRow("m", "camel_caravan", list(long), [0.0, 1.0], "over", 0.0, 0)
    assert finished_words(row, width=20) == "You lost"
    assert finished_words(row, mine=False, width=20) == "Bob lost"
    assert finished_words(dataclasses.replace(row, names=["Bob", "Annabelle"]), width=20) == "Annabelle won"
    assert finished_words(row) == "Annabelle the Very Long Named Caravan Tr won"  # (no width: whole)


def test_the_lobby_cuts_long_names_never_what_a_seat_is():
    """The bug: with a 40-character name the Seats column (32 cells) ended "BBBBBBBBBBBBBBB…"
    and the "(away)" a lobby is read for was cut off."""
    row = LobbyRow("m1", "decktet_caravan", ["[bold red]x[/]", "B" * 40], ["person", "away"], 0, 0, 0)
    words = seats_words(row, SEATS_WIDTH)
    assert len(words) <= SEATS_WIDTH and words.endswith("… (away)") and words.startswith("[bold red]")
    row = LobbyRow(
        "m1", "decktet_caravan", ["A" * 40, "Gus", "AI 3 (normal)"], ["person", "stand-in", "ai"], 0, 0, 0, yours=0
    )
    assert seats_words(row, 35) == "AAAAAAAAAAAA… (you), Gus · AI, AI 3"  # 35 cells
    short = LobbyRow("m1", "decktet_caravan", ["Ann", "Bob"], ["person", "open"], 0, 0, 0)
    assert seats_words(short, SEATS_WIDTH) == "Ann, (free)"
    # the room an AI's name leaves as it sheds its level goes to a name cut before it ("cAR…")
    row = LobbyRow("m1", "ahldarahd", ["cAROL", "", "AI 3 (normal)"], ["person", "open", "ai"], 0, 0, 0, yours=0)
    row = dataclasses.replace(row, ratings=["?", "", ""])
    assert seats_words(row, 27) == "cAROL ? (you), (free), AI 3"
    # a name widened into the room left is cut at a space: it may not grow past it ("(fre…")
    names = ["Maximilianus Aurelianus Constantinopolit", "Open seat 2"]
    row = LobbyRow("m1", "merchant_lord", names, ["person", "open"], 0, 0, 0, ratings=["?", ""])
    for width in range(16, 48):
        assert len(seats_words(row, width)) <= width and seats_words(row, width).endswith(", (free)"), width
    # three seats of long names, rated: "Ma… ? (away), […  ? (you), G… · AI", no one told apart;
    # the ratings go before a name is cut short of 5 letters
    names = ["M" * 40, "[b]z[/b]", "Gus Guest"]
    row = LobbyRow("m1", "ahldarahd", names, ["away", "person", "stand-in"], 0, 0, 0, yours=1, ratings=["?", "?", ""])
    # (it read "MM… ? (away), [b… ? (you), Gu… · AI")
    assert seats_words(row, 35) == "MMMM… (away), [b]… (you), Gus… · AI"
    # where the names fit whole without the ratings, they go: "Maxim… ?, [b]z… ?, Wally · AI,
    # AI 4" beside a To move column that named both whole
    names = ["Maximiliano", "[b]z[/b]", "Wally"]
    row = LobbyRow("m1", "merchant_lord", names, ["person", "person", "stand-in"], 0, 0, 0, ratings=["?", "?", ""])
    assert seats_words(row, 35) == "Maximiliano, [b]z[/b], Wally · AI"
    assert seats_words(row, 40) == "Maximiliano ?, [b]z[/b] ?, Wally · AI"  # (room for both)
    # and before a name is cut at all: "Maximilianus Bartholomew… ?, (free)" read as a question
    row = LobbyRow("m1", "decktet_caravan", ["Maximilianus Bartholomew" + "x" * 16, ""], ["person", "open"], 0, 0, 0)
    assert seats_words(dataclasses.replace(row, ratings=["?", ""]), SEATS_WIDTH) == seats_words(row, SEATS_WIDTH)
    assert "?" not in seats_words(dataclasses.replace(row, ratings=["?", ""]), SEATS_WIDTH)


def queued(app: App, *keys: str) -> None:
    """``keys`` queued at once, before the app reads the first (a terminal under load, or an SSH
    connection, sends a burst so)."""
    for key in keys:
        event = Key(key, key if len(key) == 1 else None)
        event.set_sender(app)
        app.post_message(event)


@pytest.mark.parametrize("dialog", [lambda: AskLineScreen("Whose record?", 20), lambda: YourNameScreen(False)])
async def test_keys_typed_as_a_line_dialog_opens_reach_its_line_in_order(dialog):
    """Keys typed right after the dialog was asked for, before its line had the focus, went to
    the dialog with no focus and were lost: a name typed at once lost its first letters."""
    ours, theirs = socket.socketpair()
    app, answers = ClientApp(ours), []
    with ours, theirs:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            app.ask_line(dialog(), answers.append)
            queued(app, *"Caz", "backspace", *"rol", "enter")
            await wait_for(pilot, lambda: answers, "the answer")
            assert answers == ["Carol"]


@pytest.mark.thorough
async def test_a_match_newly_yours_is_highlighted_in_the_lobby_and_a_refresh_keeps_the_persons_choice(still_hub):
    """The bug (over SSH, two people): Bob, back in the lobby from the match he left, found the
    first row highlighted, someone else's ("Every seat is taken…"), and his own below the
    fold: Enter did not take him back. A match newly yours (left, or a rematch kept for you)
    is highlighted; a refresh after that keeps the row the person moves to."""
    hub = still_hub
    from caravan_tui.hub_protocol import Lobby

    others = [
        LobbyRow(f"m{n}", "decktet_caravan", [f"P{n}", "AI 2"], ["away", "ai"], 0, 1, 0).to_map() for n in range(14)
    ]
    theirs = LobbyRow("ann", "decktet_caravan", ["Bob", "(free)"], ["person", "open"], 0, 1, 0)
    hub.identities.keep(ANN, "Ann")
    async with in_the_lobby(hub) as (app, pilot):
        lobby = app.screen
        app.from_hub(Lobby([*others, theirs.to_map()], ["Ann", "Bob"]))
        await pilot.pause()
        assert lobby.selected().match == "m0"  # nothing of hers: the first row
        left = LobbyRow("ann", "decktet_caravan", ["Bob", "Ann"], ["person", "away"], 1, 2, 0, yours=1)
        app.from_hub(Lobby([*others, left.to_map()], ["Ann", "Bob"]))
        await pilot.pause()
        assert lobby.selected().match == "ann"
        assert "You play seat 2 (away)" in "\n".join(screen_lines(lobby))
        await pilot.press("up")
        app.from_hub(Lobby([*others, {**left.to_map(), "watchers": 1}], ["Ann", "Bob"]))
        await pilot.pause()
        assert lobby.selected().match == "m13"


@pytest.mark.thorough
async def test_the_lobbys_r_always_opens_the_games_picker_on_the_highlighted_matchs_game(still_hub):
    """The bug: with a match highlighted ``r`` opened that match's game's rules at once, with none
    a picker of the games, so a person's Down and Enter meant for the picker scrolled the rules
    page. ``r`` always opens the picker, on the highlighted match's game (else the first), and
    Enter there opens that game's rules."""
    from caravan_tui.hub_protocol import Lobby
    from caravan_tui.screens.dialogs import ChoiceScreen
    from caravan_tui.screens.rules import RulesScreen

    games = list(GAMES)
    still_hub.identities.keep(ANN, "Ann")
    async with in_the_lobby(still_hub) as (app, pilot):
        lobby = app.screen
        app.from_hub(Lobby([], ["Ann"]))
        await pilot.pause()
        for row, at in (
            (None, 0),
            (LobbyRow("m", "merchant_lord", ["Bob", "(free)"], ["person", "open"], 0, 1, 0), None),
        ):
            app.from_hub(Lobby([] if row is None else [row.to_map()], ["Ann"]))
            await pilot.pause()
            assert (lobby.selected() is None) == (row is None)
            await pilot.press("r")
            await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the games' picker")
            start = games.index("merchant_lord") if at is None else at
            assert app.screen.query_one("#choices").highlighted == start
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules")
            assert app.screen.game.id == games[start]
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is lobby, "back in the lobby")


@pytest.mark.parametrize("key", ["question_mark", "f1"])
async def test_the_lobbys_question_mark_and_f1_open_the_games_picker(still_hub, key):
    """``?`` opens a table's rules, and F1 is help in most programs: in the lobby both did nothing
    and said nothing. They open the games' picker, as ``r`` does."""
    from caravan_tui.hub_protocol import Lobby
    from caravan_tui.screens.dialogs import ChoiceScreen

    still_hub.identities.keep(ANN, "Ann")
    async with in_the_lobby(still_hub) as (app, pilot):
        lobby = app.screen
        app.from_hub(Lobby([], ["Ann"]))
        await pilot.pause()
        await pilot.press(key)
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the games' picker")
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is lobby, "back in the lobby")


async def test_the_lobby_says_what_a_rating_of_a_question_mark_is(still_hub):
    """The lobby's "Ann ?" said nothing of what "?" is (only the result and the record did): the
    line under the matches says it while the highlighted match shows one, and only then."""
    hub = still_hub
    from caravan_tui.hub_protocol import UNSETTLED_WORDS, Lobby

    unsettled = LobbyRow("m1", "decktet_caravan", ["Bob", "(free)"], ["person", "open"], 0, 1, 0, ratings=["?", ""])
    settled = LobbyRow("m2", "decktet_caravan", ["Cyd", "(free)"], ["person", "open"], 0, 1, 0, ratings=["1043", ""])
    hub.identities.keep(ANN, "Ann")
    async with in_the_lobby(hub) as (app, pilot):
        app.from_hub(Lobby([unsettled.to_map(), settled.to_map()], ["Ann", "Bob", "Cyd"]))
        await pilot.pause()
        shown = " ".join(line.strip() for line in screen_lines(app.screen))
        assert "Bob ?" in shown and UNSETTLED_WORDS in shown
        await pilot.press("down")
        await pilot.pause()
        shown = " ".join(line.strip() for line in screen_lines(app.screen))
        assert "Cyd 1043" in shown and UNSETTLED_WORDS not in shown


async def test_a_finished_match_names_every_other_seat_ai_ones_included(still_hub):
    """A finished three-seat match read "Annabelle Marg…" under Against at 80×24: the seats
    were joined and cut at the column's end, and the AI seat never showed. Each seat now shares
    the column, cut with care ("+N" where even that leaves too little), and the column takes the
    cells the results beside it leave."""
    hub = still_hub
    from caravan_tui.hub_protocol import Lobby

    ann = "Annabelle Marguerite Fitzwilliam-Oakhurs"  # (40 characters)
    three = FinishedRow("m1", "ahldarahd", [ann, "Ann", "AI 3 (normal)"], [1.0, 0.0, 0.0], "over", 0.0, 1)
    five = FinishedRow("m2", "ahldarahd", ["Ann", "Cyd", "Dee", "AI 4 (easy)", ann], [1.0, 0, 0, 0, 0], "over", 0.0, 0)
    hub.identities.keep(ANN, "Ann")
    async with in_the_lobby(hub) as (app, pilot):
        app.from_hub(Lobby([], ["Ann"], [three.to_map(), five.to_map()]))
        await pilot.pause()
        shown = "\n".join(screen_lines(app.screen))
        width = app.screen.query_one("#lobby-finished", DataTable).columns["Against"].width
        # (the Result column as wide as its longest words: "You won" in 20 cells beside "QadiriyyaHassa…, AI 3";
        # a winner whose name it would cut is not named: "Annabelle… won" beside her name)
        # (an AI's level goes before a person's letters: "Annabelle Mar…, AI 3 (normal)")
        assert "Caravans of Ahldarahd  Annabelle Marguerite F…, AI 3  You lost " in shown, shown
        assert "Caravans of Ahldarahd  Cyd, Dee, AI 4, Annabelle Ma…  You won " in shown, shown
        assert width == len("Annabelle Marguerite F…, AI 3") and all(len(line) <= SIZE[0] for line in shown.split("\n"))


async def test_the_lobby_shows_each_game_title_whole_where_the_seats_have_room(still_hub):
    """At 80×24 the lobby cut "Caravans of Ahl…" in its Game column, and "Caravans of Ah…" under
    the finished matches, while the Seats and Against columns beside had room: a Game column
    as wide as the longest title listed, the cells taken from the names beside it (which are
    cut with care); a list of shorter titles keeps the names' room."""
    hub = still_hub
    from caravan_tui.hub_protocol import Lobby

    long_title = "ahldarahd"
    playing = LobbyRow("m1", long_title, ["Cyd", "(free)", "AI 3"], ["person", "open", "ai"], 0, 1, 0)
    short = LobbyRow("m2", "decktet_caravan", ["Bob", "(free)"], ["person", "open"], 0, 1, 0)
    ended = FinishedRow("m3", long_title, ["Ann", "Bob"], [1.0, 0.0], "over", 1_764_000_000.0, 0, kinds=["person"] * 2)
    hub.identities.keep(ANN, "Ann")
    async with in_the_lobby(hub) as (app, pilot):
        app.from_hub(Lobby([short.to_map()], ["Ann"]))
        await pilot.pause()
        matches = app.screen.query_one("#lobby-matches", DataTable)
        # no long title: the names keep their room, and To move's beyond what it holds ("Bob"),
        # and the Game column's beyond its title (they were cut to "Sa…" beside "Camel Caravan   ")
        game = len("Decktet Caravan")
        assert matches.columns["Game"].width == game
        # (no match is watched: the Watch column's cells are the names')
        watch = dict(COLUMNS)["Watch"] + 2
        assert matches.columns["Seats"].width == SEATS_WIDTH + TO_MOVE_WIDTH - len("To move") + 16 - game + watch
        app.from_hub(Lobby([playing.to_map(), short.to_map()], ["Ann"], [ended.to_map()]))
        await pilot.pause()
        await pilot.pause()
        shown = "\n".join(screen_lines(app.screen))
        assert shown.count("Caravans of Ahldarahd") == 2 and "Caravans of Ah…" not in shown, shown
        assert "Cyd, (free), AI 3" in shown, shown  # the seats whole beside it
        # the room comes from To move first (its name is in Seats too), then from the names; To
        # move as wide as what it holds
        assert [column.width for column in matches.columns.values()] == [21, 44, 7]
        assert all(len(line) <= SIZE[0] for line in shown.split("\n"))


async def test_the_lobby_gives_the_seats_the_room_to_move_does_not_need(still_hub):
    """Over SSH: "Ab… ? (you), Bo ? (invited), AI…" under Seats, "AI 3" cut to "AI…", beside
    "Bo" in a To move column of 12 cells and "0" under a Watching column of 8 (a "Watch" of 5 gives the names 3)."""
    from caravan_tui.hub_protocol import Lobby

    long = "AbcdeFghijKlmnoPqrstUvwxyZabcdEfghiJklmN"
    row = LobbyRow(
        "m1",
        "camel_caravan",
        [long, "Bo", "AI 3"],
        ["person", "invited", "ai"],
        1,
        3,
        0,
        yours=0,
        ratings=["?", "?", ""],
    )
    still_hub.identities.keep(ANN, "Ann")
    async with in_the_lobby(still_hub) as (app, pilot):
        app.from_hub(Lobby([row.to_map()], ["Ann"]))
        await pilot.pause()
        shown = "\n".join(screen_lines(app.screen))
        line = next(line for line in shown.split("\n") if "Camel Caravan" in line)
        # (it read "Ab… ?", "AI…"; the ratings give way before a name is cut)
        assert line.endswith("AbcdeFghijKlmnoPqrstUvwxy… (you), Bo (invited), AI 3  Bo      │"), line
        # the line under the matches says them, beside what a "?" is (it said only that)
        said = " ".join(line.strip() for line in screen_lines(app.screen))
        assert f"Ratings: {long} ?, Bo ?. A rating marked ? is provisional" in said, said


async def test_to_move_names_the_mover_whole_where_the_seats_leave_room(still_hub):
    """Over SSH: "Marguerite-…" under To move, beside "Bo, Marguerite-Antoinette" whole in a
    Seats column with cells to spare. To move takes the cells the names leave."""
    from caravan_tui.hub_protocol import Lobby

    row = LobbyRow("m1", "decktet_caravan", ["Bo", "Marguerite-Antoinette"], ["person", "person"], 1, 7, 0)
    still_hub.identities.keep(ANN, "Ann")
    async with in_the_lobby(still_hub) as (app, pilot):
        app.from_hub(Lobby([row.to_map()], ["Ann"]))
        await pilot.pause()
        line = next(line for line in screen_lines(app.screen) if "Decktet Caravan" in line)
        assert "Bo, Marguerite-Antoinette" in line and line.count("Marguerite-Antoinette") == 2, line


async def test_a_short_name_stays_whole_beside_a_long_one_cut_anyway(still_hub):
    """Over SSH: "Aaaaaaa… (away), [b]z[… (you), AI 3" beside "Aaaaaaaaaaaaaa…" in To move: an
    even share cut an 8-letter name to half a tag, and the To move column took the Game column's
    spare cells for a name it cut anyway."""
    from caravan_tui.hub_protocol import Lobby

    names = ["A" * 40, "[b]z[/b]", "AI 3 (normal)"]
    row = LobbyRow("m1", "merchant_lord", names, ["away", "person", "ai"], 0, 0, 0, yours=1)
    still_hub.identities.keep(ANN, "Ann")
    async with in_the_lobby(still_hub) as (app, pilot):
        app.from_hub(Lobby([row.to_map()], ["Ann"]))
        await pilot.pause()
        line = next(line for line in screen_lines(app.screen) if "Merchant Lord" in line)
        assert "[b]z[/b] (you), AI 3" in line, line
        assert "AAAAA" in line.split("(away)")[0] and "AAAAAAAAAAAA" not in line.split("AI 3")[1], line


async def test_the_line_under_the_matches_follows_the_list_that_has_the_focus(still_hub):
    """After a review the finished matches kept the focus while the line under the matches said
    "You play seat 2: enter takes you back to it": Down and Enter opened a replay."""
    hub = still_hub
    from caravan_tui.hub_protocol import Lobby

    done = FinishedRow("m1", "decktet_caravan", ["Ann", "AI 2 (easy)"], [1.0, 0.0], "over", 0.0, 0)
    hub.identities.keep(ANN, "Ann")
    async with in_the_lobby(hub) as (app, pilot):
        app.from_hub(Lobby([], ["Ann"], [done.to_map()]))
        await pilot.pause()
        await pilot.press("tab")
        await wait_for(pilot, lambda: app.screen.query_one("#lobby-finished", DataTable).has_focus, "the finished")
        await pilot.pause()
        shown = " ".join(line.strip() for line in screen_lines(app.screen))
        assert "Your finished match of Decktet Caravan: enter replays it, v reviews it" in shown, shown
        # the list with the focus is marked in words too, not by a border's colour alone
        matches, finished = (app.screen.query_one(f"#lobby-{name}", DataTable) for name in ("matches", "finished"))
        assert str(finished.border_title).startswith("▸ ") and not str(matches.border_title).startswith("▸")
        await pilot.press("tab")  # (as the line says)
        await pilot.pause()
        shown = " ".join(line.strip() for line in screen_lines(app.screen))
        assert "No match is being played: c creates one." in shown and "enter replays it" not in shown
        assert app.screen.focused is matches
        assert str(matches.border_title).startswith("▸ ") and not str(finished.border_title).startswith("▸")


async def test_a_rematch_kept_for_you_takes_the_focus_from_the_finished_matches(still_hub):
    """The bug: back from a replay, the finished matches kept the focus when a rematch came for
    you, and Enter replayed an old match where the new one waited."""
    hub = still_hub
    from caravan_tui.hub_protocol import Lobby

    done = FinishedRow("m1", "decktet_caravan", ["Ann", "Bo"], [1.0, 0.0], "over", 0.0, 0)
    kept = LobbyRow("m2", "decktet_caravan", ["Bo", "Ann"], ["person", "invited"], 0, 3, 0, invited=True)
    hub.identities.keep(ANN, "Ann")
    async with in_the_lobby(hub) as (app, pilot):
        app.from_hub(Lobby([], ["Ann", "Bo"], [done.to_map()]))
        await pilot.pause()
        await pilot.press("tab")
        finished = app.screen.query_one("#lobby-finished", DataTable)
        await wait_for(pilot, lambda: finished.has_focus, "the finished")
        app.from_hub(Lobby([kept.to_map()], ["Ann", "Bo"], [done.to_map()]))
        matches = app.screen.query_one("#lobby-matches", DataTable)
        await wait_for(pilot, lambda: matches.has_focus, "the matches")
        await pilot.pause()
        shown = " ".join(line.strip() for line in screen_lines(app.screen))
        assert "You are invited to this rematch: your seat is kept for you, enter takes it" in shown, shown


async def test_x_declines_only_from_the_matches_list(still_hub, monkeypatch):
    """``x`` with the finished matches focused declined the rematch highlighted in the matches
    above, out of the person's mind: it declines from the matches list only."""
    hub = still_hub
    from caravan_tui.hub_protocol import DeclineRematch, Lobby
    from caravan_tui.textual_adapter import notices

    done = FinishedRow("m1", "decktet_caravan", ["Ann", "Bo"], [1.0, 0.0], "over", 0.0, 0)
    kept = LobbyRow("m2", "decktet_caravan", ["Bo", "Ann"], ["person", "invited"], 0, 3, 0, invited=True)
    hub.identities.keep(ANN, "Ann")
    async with in_the_lobby(hub) as (app, pilot):
        sent = []
        monkeypatch.setattr(app, "send_to_hub", sent.append)
        app.from_hub(Lobby([kept.to_map()], ["Ann", "Bo"], [done.to_map()]))
        await pilot.pause()
        await pilot.press("tab")
        await wait_for(pilot, lambda: app.screen.query_one("#lobby-finished", DataTable).has_focus, "the finished")
        await pilot.press("x")
        await wait_for(pilot, lambda: any("x declines one" in n.message for n in notices(app)), "why not")
        assert not [request for request in sent if isinstance(request, DeclineRematch)]
        await pilot.press("tab", "x")  # (back on the matches: the rematch kept for Ann)
        await wait_for(pilot, lambda: DeclineRematch("m2") in sent, "the decline")


async def test_w_on_a_match_with_your_seat_asks_whether_to_take_it_back(hub, monkeypatch):
    """Over SSH, Bob left his match for the lobby and pressed ``w`` on it: he watched his own seat
    read "Bob (away) to play…" while its grace ran out, with no hand and no way to play; taken back
    at once, Watch did what Enter does without a word. ``w`` on a match with a seat of yours asks
    which; on another's, it watches."""
    from caravan_tui.hub_protocol import JoinSeat, Lobby, Watch
    from caravan_tui.screens.dialogs import ConfirmScreen

    mine = LobbyRow("m1", "decktet_caravan", ["Ann", "Bo"], ["away", "person"], 0, 3, 0, yours=0)
    theirs = LobbyRow("m2", "decktet_caravan", ["Cy", "Bo"], ["person", "person"], 0, 3, 0)
    hub.identities.keep(ANN, "Ann")
    async with in_the_lobby(hub) as (app, pilot):
        sent = []
        monkeypatch.setattr(app, "send_to_hub", sent.append)
        app.from_hub(Lobby([mine.to_map(), theirs.to_map()], ["Ann", "Bo", "Cy"], []))
        await pilot.pause()
        for answer, asked in (("y", JoinSeat("m1", 0)), ("n", Watch("m1"))):
            await pilot.press("w")
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
            assert "You play seat 1 of this match" in app.screen.question
            await pilot.press(answer)
            await wait_for(pilot, lambda a=asked: a in sent, f"{answer}'s request")
        await pilot.press("down", "w")
        await wait_for(pilot, lambda: Watch("m2") in sent, "the other match watched")
        assert sent.count(Watch("m1")) == 1 and not isinstance(app.screen, ConfirmScreen)


async def test_w_on_a_result_asks_the_hub_for_the_match_s_replay(still_hub, monkeypatch):
    """Over SSH the result's ``w`` asks the hub for the replay, as the lobby's finished list does."""
    from caravan_tui.hub_protocol import WatchReplay
    from caravan_tui.screens.requests import OpenReview

    still_hub.identities.keep(ANN, "Ann")
    async with in_the_lobby(still_hub) as (app, pilot):
        sent = []
        monkeypatch.setattr(app, "send_to_hub", sent.append)
        await app.push_screen(MatchOverScreen("Bob wins!", "Ann: 1   Bob: 3", None, review=OpenReview("m1", 0)))
        await pilot.press("w")
        await wait_for(pilot, lambda: sent == [WatchReplay("m1")], "the replay asked for")


async def test_the_lobby_footer_says_the_palette_s_words_where_they_fit_without_its_last_margin(still_hub):
    """The lobby's footer read "… m Hide q Quit        ▏^p": the palette's words, one cell short of
    the margin after them, were left out with eight cells blank before them."""
    still_hub.identities.keep(ANN, "Ann")
    async with in_the_lobby(still_hub) as (app, pilot):
        await pilot.pause()
        last = screen_lines(app.screen)[-1]
        assert last.rstrip().endswith("▏^p palette") and "q Quit" in last and len(last) <= 80, last
        assert "m Mute" in last  # ("m Hide" read as hiding the lobby)


async def test_someone_else_s_record_names_them_whole_where_the_against_column_has_room(still_hub):
    """Bob's look at a long-named person's record read "Marco… resigned" while the Against
    column beside it kept cells blank: the Result column takes them."""
    from caravan_tui.hub_protocol import FinishedRow, History
    from caravan_tui.screens.history import HistoryScreen

    long = "MarcoPoloTheVenetian"
    row = FinishedRow("m1", "camel_caravan", [long, "Bo", "AI 3"], [0.0, 1.0, 0.0], "resigned", 0.0, 0, resigned=0)
    still_hub.identities.keep(ANN, "Ann")
    async with in_the_lobby(still_hub) as (app, pilot):
        await app.push_screen(HistoryScreen(History(long, "", "", [row.to_map()], [])))
        await wait_for(pilot, lambda: any(f"{long} resigned" in line for line in screen_lines(app.screen)), "the row")
        assert any("Bo, AI 3" in line for line in screen_lines(app.screen))


def test_someone_else_s_win_names_them_where_won_fits():
    """Bo's record read "… won" in a Result column of 8 cells: the name was cut to leave room for
    " resigned"."""
    from caravan_tui.hub_protocol import FinishedRow

    row = FinishedRow("m1", "camel_caravan", ["SaltRoadMaster", "Bo", "AI 3"], [0.0, 1.0, 0.0], "over", 0.0, 1)
    assert finished_words(row, mine=False, width=8) == "Bo won"
    assert finished_words(row, mine=True, width=8) == "You won"


@pytest.mark.thorough
async def test_a_guest_reads_their_seat_code_under_their_match_and_k_takes_the_seat_back_with_it(
    still_hub, monkeypatch
):
    """Over SSH, a guest's dropped line cost them their seat for good, and the lobby said so.
    Their seat's code is on the line under their match, whole at 80×24; k asks for a code and
    sends it to the hub (a later visit's way back)."""
    from caravan_tui.hub_protocol import Lobby, TakeSeatBack

    async with guest_in_the_lobby(still_hub) as (app, pilot):
        sent = []
        monkeypatch.setattr(app, "send_to_hub", sent.append)
        mine = LobbyRow("m1", "camel_caravan", ["Ann", "Gus"], ["person", "away"], 0, 3, 0, yours=1, code="K7QM-2XPH")
        app.from_hub(Lobby([mine.to_map()], ["Ann"]))
        await wait_for(pilot, lambda: "K7QM-2XPH" in app.screen.detail.plain, "the code under the match")
        shown = " ".join(line.strip() for line in screen_lines(app.screen))
        assert "Your seat code: K7QM-2XPH (k with it takes the seat back" in shown, shown
        await pilot.press("k")
        await wait_for(pilot, lambda: isinstance(app.screen, AskLineScreen), "the code's question")
        await pilot.press(*"k7qm2xph", "enter")
        await wait_for(pilot, lambda: sent == [TakeSeatBack("k7qm2xph")], "the code sent")


@pytest.mark.thorough
async def test_q_with_a_seat_held_asks_first_and_says_the_way_back(still_hub):
    """Over SSH, q in the lobby ended the session unasked while the person held a seat in a
    match being played: it asks now, says the seat is kept and how to take it back."""
    from caravan_tui.hub_protocol import Lobby
    from caravan_tui.screens.dialogs import ConfirmScreen

    async with guest_in_the_lobby(still_hub) as (app, pilot):
        mine = LobbyRow("m1", "camel_caravan", ["Ann", "Gus"], ["person", "person"], 0, 3, 0, yours=1, code="K7QM-2XPH")
        app.from_hub(Lobby([mine.to_map()], ["Ann", "Gus"]))
        await pilot.pause()
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        shown = " ".join(" ".join(line.strip(" █▊▎") for line in screen_lines(app.screen)).split())
        assert "Your seat in Camel Caravan is kept" in shown and "seat code K7QM-2XPH" in shown, shown
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby, still")
        assert app.is_running


@pytest.mark.thorough
async def test_a_guests_name_held_by_their_seat_asks_for_its_code_there(still_hub, monkeypatch):
    """Over SSH a guest back after a drop typed their name and read "Bob is taken by a seat
    being played (yours? any name, then k in the lobby with its code)": a name made up first,
    then k. The name's refusal now asks for the seat's code there; escape asks another name."""
    from caravan_tui.hub_protocol import HELD_BY_A_SEAT, SEAT_CODE_WAY, Refused, TakeSeatBack
    from caravan_tui.screens.dialogs import AskLineScreen

    app = client_of(still_hub, "guest:0123456789ab", guest=True)
    async with app.run_test(size=SIZE) as pilot:
        served = pilot.app.run_worker(app.serving())
        await wait_for(pilot, lambda: isinstance(app.screen, YourNameScreen), "the name question")
        sent = []
        monkeypatch.setattr(app, "send_to_hub", sent.append)
        app.from_hub(Refused(f"Bob {HELD_BY_A_SEAT}: {SEAT_CODE_WAY}"))
        await wait_for(pilot, lambda: isinstance(app.screen, AskLineScreen), "the code's question")
        shown = " ".join(" ".join(line.strip(" █▊▎") for line in screen_lines(app.screen)).split())
        assert "Bob is taken by a seat being played: if it is yours, its seat code takes it back." in shown, shown
        await pilot.press("escape")  # not theirs: another name
        await wait_for(pilot, lambda: isinstance(app.screen, YourNameScreen), "the name question again")
        assert "Bob is taken by a seat being played: choose another name" in str(app.screen.problem)
        app.from_hub(Refused(f"Bob {HELD_BY_A_SEAT}: {SEAT_CODE_WAY}"))
        await wait_for(pilot, lambda: isinstance(app.screen, AskLineScreen), "the code's question again")
        await pilot.press(*"k7qm2xph", "enter")
        await wait_for(pilot, lambda: sent == [TakeSeatBack("k7qm2xph")], "the code sent")
        served.cancel()


@pytest.mark.thorough
async def test_the_seat_codes_question_shows_a_name_spelt_as_markup_as_typed(still_hub, monkeypatch):
    """The name refused comes back in the question: as text, never markup."""
    from caravan_tui.hub_protocol import HELD_BY_A_SEAT, SEAT_CODE_WAY, Refused
    from caravan_tui.screens.dialogs import AskLineScreen

    app = client_of(still_hub, "guest:0123456789ab", guest=True)
    async with app.run_test(size=SIZE) as pilot:
        served = pilot.app.run_worker(app.serving())
        await wait_for(pilot, lambda: isinstance(app.screen, YourNameScreen), "the name question")
        monkeypatch.setattr(app, "send_to_hub", lambda message: None)
        app.from_hub(Refused(f"[red]Bo[/red] {HELD_BY_A_SEAT}: {SEAT_CODE_WAY}"))
        await wait_for(pilot, lambda: isinstance(app.screen, AskLineScreen), "the code's question")
        shown = " ".join(" ".join(line.strip(" █▊▎") for line in screen_lines(app.screen)).split())
        assert f"[red]Bo[/red] {HELD_BY_A_SEAT}" in shown, shown
        served.cancel()


async def seated_in_a_new_match(app, pilot) -> None:
    """A match started from the lobby (its first game, short), its How to play read: at the table."""
    await pilot.press("c")
    await wait_for(pilot, lambda: isinstance(app.screen, CreateMatchScreen), "the create screen")
    await pilot.press("ctrl+o", "ctrl+g")
    await wait_for(pilot, lambda: isinstance(app.screen, HowToPlayScreen), "how to play, first")
    await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.table.view, "the match")


@pytest.mark.thorough
async def test_a_guests_table_menu_says_their_seat_code(hub):
    """The seat code's notice goes after a minute; a guest at the table reads the code again in
    the table's menu (escape), the one way back to the seat after a drop."""
    async with guest_in_the_lobby(hub) as (app, pilot):
        await seated_in_a_new_match(app, pilot)
        code = app.seat_code
        assert code and code not in str(next(iter(hub.matches.values())).record)
        app.clear_notifications()
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the menu")
        shown = " ".join(" ".join(line.strip(" █▊▎") for line in screen_lines(app.screen)).split())
        assert f"Menu · your seat code {code} (k in the lobby with it takes the seat back)" in shown, shown


@pytest.mark.thorough
async def test_a_guests_seat_code_notice_comes_once_a_seat(hub):
    """The notice of the seat code came again at each return to the table from the lobby, and
    hid the player table for a minute and more; the menu and the lobby say the code again."""
    from caravan_tui.hub_protocol import Joined

    async with guest_in_the_lobby(hub) as (app, pilot):
        await seated_in_a_new_match(app, pilot)
        told = [n for n in notices(app) if n.title == SEAT_CODE_TITLE]
        assert len(told) == 1 and app.seat_code in told[0].message
        # (in three lines of a notice at 80 columns, its 36 cells: its seven rows hid the player
        # table's end and the status line)
        assert len(textwrap.wrap(told[0].message, 36)) <= 3, told[0].message
        match = next(iter(hub.matches))
        app.clear_notifications()
        app.from_hub(Joined(match, 0, "camel_caravan", 2, app.seat_code))  # (back from the lobby)
        await pilot.pause()
        assert not [n for n in notices(app) if n.title == SEAT_CODE_TITLE]


@pytest.mark.thorough
async def test_a_guests_seat_code_notice_gives_way_to_the_menu_which_says_it_again(hub):
    """The seat code's notice covered the table menu's right edge for its seconds (and the lobby's
    line, and the record): a screen opened over the table puts it away, the menu saying the code."""
    async with guest_in_the_lobby(hub) as (app, pilot):
        await seated_in_a_new_match(app, pilot)
        assert [n for n in notices(app) if n.title == SEAT_CODE_TITLE]
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the menu")
        await pilot.pause()
        assert not [n for n in notices(app) if n.title == SEAT_CODE_TITLE]
        assert app.seat_code in " ".join(screen_lines(app.screen))


@pytest.mark.thorough
async def test_a_key_at_the_table_puts_the_seat_codes_notice_away_and_does_what_it_does(hub):
    """Over SSH the notice hid the board's header and the hint a first h asked for, for its 20
    seconds: the first key at the table puts it away (the menu says the code again)."""
    async with guest_in_the_lobby(hub) as (app, pilot):
        await seated_in_a_new_match(app, pilot)
        assert [n for n in notices(app) if n.title == SEAT_CODE_TITLE]
        table = app.screen
        focused = table.focused
        await pilot.press("tab")
        await wait_for(pilot, lambda: table.focused is not focused, "the focus moved, the key's own doing")
        assert app.screen is table
        assert not [n for n in notices(app) if n.title == SEAT_CODE_TITLE]


@pytest.mark.thorough
async def test_a_guests_lobby_says_k_under_a_match_whose_seats_are_taken(still_hub):
    """A guest back after a dropped line sees their seat held (away) and the line said only
    "Every seat is taken: w watches.": k, their way back, was said nowhere but at the welcome."""
    from caravan_tui.hub_protocol import Lobby
    from caravan_tui.screens.lobby import GUEST_BACK

    async with guest_in_the_lobby(still_hub) as (app, pilot):
        held = LobbyRow("m1", "camel_caravan", ["Ann", "Bo"], ["person", "away"], 0, 3, 0)
        app.from_hub(Lobby([held.to_map()], ["Ann"]))
        await wait_for(pilot, lambda: "Every seat is taken" in app.screen.detail.plain, "the line under the match")
        shown = " ".join(" ".join(line.strip() for line in screen_lines(app.screen)).split())
        assert f"Every seat is taken: w watches. {GUEST_BACK}" in shown, shown
        # (and in the footer, whole: it was said only under the matches, and missed)
        footer = screen_lines(app.screen)[-1]
        assert "k Seat code" in footer and "q Quit" in footer, footer


async def test_enter_on_a_lobby_with_no_match_played_says_where_to_go(still_hub):
    """Over SSH, no match played, a finished one listed under "Your finished matches · enter:
    replay": Enter on the (empty) matches did nothing and said nothing."""
    from caravan_tui.hub_protocol import Lobby
    from caravan_tui.screens.lobby import FINISHED_BELOW, NO_MATCH_HERE

    still_hub.identities.keep(ANN, "Ann")
    async with in_the_lobby(still_hub) as (app, pilot):
        app.from_hub(Lobby([], ["Ann"]))
        await pilot.pause()
        app.clear_notifications()
        await pilot.press("enter")
        await pilot.pause()
        assert [notice.message for notice in notices(app)] == [NO_MATCH_HERE + "."]
        row = FinishedRow("m1", "decktet_caravan", ["Ann", "Bo"], [1.0, 0.0], "over", 0.0, 0)
        app.from_hub(Lobby([], ["Ann"], [row.to_map()]))
        await pilot.pause()
        app.clear_notifications()
        await pilot.press("enter")
        await pilot.pause()
        assert [notice.message for notice in notices(app)] == [NO_MATCH_HERE + FINISHED_BELOW + "."]
