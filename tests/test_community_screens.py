"""The community's screens over SSH: a history (yours, or anyone's by name), the leaderboard,
the operators' menu only for operators, and the rating line of the result screen."""

from __future__ import annotations

import dataclasses
import socket
import time
from contextlib import asynccontextmanager

import pytest
from test_ssh_client import SIZE, client_of, in_the_lobby, queued
from test_ssh_hub import ANN, BOB
from textual.app import App
from textual.widgets import Input, Static

from caravan_tui.app import ClientApp
from caravan_tui.hub_protocol import GUEST_UNRATED, AskHistory, FinishedRow, History, Lobby
from caravan_tui.screens.create_match import CreateMatchScreen
from caravan_tui.screens.dialogs import AskLineScreen, ChoiceScreen
from caravan_tui.screens.history import HistoryScreen
from caravan_tui.screens.leaderboard import LeaderboardScreen
from caravan_tui.screens.lobby import LobbyScreen, finished_words
from caravan_tui.screens.summary import MatchOverScreen
from caravan_tui.screens.your_name import YourNameScreen
from caravan_tui.ssh import hub as hub_module
from caravan_tui.textual_adapter import notices, screen_lines

from tables import running_hub, wait_for


@pytest.fixture
async def hub(tmp_path):
    async with running_hub(tmp_path) as hub:
        hub.identities.keep(ANN, "Ann")
        hub.identities.keep(BOB, "[b]Bob[/b]")
        yield hub


def shown(screen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


@asynccontextmanager
async def lobby_of(player: str, lobby: Lobby):
    """A session's lobby at 80×24 as ``player`` with no hub behind it, showing ``lobby``: the app,
    the pilot and the screen's lines."""
    ours, theirs = socket.socketpair()
    app = ClientApp(ours)
    app.player_name = player
    with ours, theirs:
        async with app.run_test(size=SIZE) as pilot:
            await app.push_screen(LobbyScreen())
            app.screen.show(lobby)
            await pilot.pause()
            yield app, pilot, screen_lines(app.screen)


async def lobby_lines(player: str, lobby: Lobby) -> list[str]:
    """The lines of ``lobby`` as ``player``'s lobby shows it (``lobby_of``)."""
    async with lobby_of(player, lobby) as (_app, _pilot, lines):
        return lines


@pytest.mark.thorough
async def test_the_lobby_opens_histories_and_the_leaderboard(hub, monkeypatch):
    # (the two histories are asked within a second: the hub's spacing of asks is not tried here)
    monkeypatch.setitem(hub_module.SPACING, AskHistory, 0.0)
    app = client_of(hub)
    async with app.run_test(size=SIZE) as pilot:
        served = pilot.app.run_worker(app.serving())
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.player_name == "Ann", "the lobby")
        await pilot.press("o")  # Ann is no operator: nothing opens
        await pilot.press("h")
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen), "her history")
        assert shown(app.screen, "#history-title") == "Your record"
        assert shown(app.screen, "#history-ratings") == "No rated match yet."
        queued(app, "n", *"[b]Bob[/b]", "enter")  # at once: the name is the line's, not the list's
        await wait_for(
            pilot,
            lambda: isinstance(app.screen, HistoryScreen) and "Bob" in shown(app.screen, "#history-title"),
            "Bob's record",
        )
        assert shown(app.screen, "#history-title") == "The record of [b]Bob[/b]"  # his name as text
        await pilot.press("escape", "b")
        await wait_for(pilot, lambda: isinstance(app.screen, LeaderboardScreen), "the leaderboard")
        assert "Nobody's rating has settled yet." in shown(app.screen, "#leaders")
        served.cancel()


@pytest.mark.thorough
async def test_keys_typed_while_the_hub_answers_the_lobbys_h_are_the_records(hub, monkeypatch):
    """h, n, a name and enter in one burst (over SSH, typed before the record came back): the
    keys after h went to the lobby (its c opened Create match, its enter joined a match)."""
    monkeypatch.setitem(hub_module.SPACING, AskHistory, 0.0)  # (the two asks come at once)
    app = client_of(hub)
    async with app.run_test(size=SIZE) as pilot:
        served = pilot.app.run_worker(app.serving())
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.player_name == "Ann", "the lobby")
        queued(app, "h", "n", *"[b]Bob[/b]", "enter")
        await wait_for(
            pilot,
            lambda: isinstance(app.screen, HistoryScreen) and "Bob" in shown(app.screen, "#history-title"),
            "Bob's record",
        )
        queued(app, "escape", "b", "escape", "h")  # (the board closed by the escape typed with its b)
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen), "the record again")
        served.cancel()


@pytest.mark.thorough
async def test_keys_held_for_a_record_the_hub_refuses_go_where_the_focus_is(hub, monkeypatch):
    """The hub refuses a record asked too soon after the last: the keys typed after h are the
    lobby's then (its c opens Create match), not held for a screen that never comes."""
    monkeypatch.setitem(hub_module.SPACING, AskHistory, 60.0)
    monkeypatch.setattr(hub_module, "REQUEST_BURST", 1)  # (the second ask is the one refused)
    async with in_the_lobby(hub) as (app, pilot):
        queued(app, "h")
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen), "her record")
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby again")
        queued(app, "h", "c")
        await wait_for(pilot, lambda: isinstance(app.screen, CreateMatchScreen), "the create form")
        assert app.held_keys is None


@pytest.mark.thorough
async def test_a_name_asked_for_too_soon_is_kept_for_the_next_n(hub, monkeypatch):
    """A record lookup the hub refuses as too soon lost the name typed: the next n starts with it."""
    monkeypatch.setitem(hub_module.SPACING, AskHistory, 60.0)
    monkeypatch.setattr(hub_module, "REQUEST_BURST", 1)  # (the second ask is the one refused)
    async with in_the_lobby(hub) as (app, pilot):
        queued(app, "h")
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen), "her record")
        told = len(notices(app))
        queued(app, "n", *"Bob", "enter")
        await wait_for(pilot, lambda: len(notices(app)) > told, "the refusal")
        queued(app, "n")
        await wait_for(pilot, lambda: isinstance(app.screen, AskLineScreen) and app.held_keys is None, "the line")
        assert app.screen.query_one(Input).value == "Bob"


@pytest.mark.thorough
async def test_a_guests_record_says_why_it_has_no_rating(hub):
    """ "No rated match yet." left a guest waiting for a rating the hub never gives a guest."""
    app = client_of(hub, "guest:0123456789ab", guest=True)
    async with app.run_test(size=SIZE) as pilot:
        served = pilot.app.run_worker(app.serving())
        await wait_for(pilot, lambda: isinstance(app.screen, YourNameScreen), "the name question")
        await pilot.press(*"Gus", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.player_name == "Gus", "the lobby")
        await pilot.press("h")
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen), "his history")
        assert shown(app.screen, "#history-ratings") == GUEST_UNRATED
        assert any(GUEST_UNRATED in line for line in screen_lines(app.screen))  # whole at 80 columns
        served.cancel()


async def test_an_operator_has_the_operators_menu(hub):
    hub.operators = frozenset({ANN})
    app = client_of(hub)
    async with app.run_test(size=SIZE) as pilot:
        served = pilot.app.run_worker(app.serving())
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.operator, "the lobby")
        await pilot.pause()
        footer = screen_lines(app.screen)[-1]  # every key's word whole at 80 columns ("q Q", "o O")
        assert "o Mod" in footer and "q Quit" in footer and "h Record" in footer, footer
        assert "l Web" not in footer  # a server without a web seat offers no link to one
        await pilot.press("o")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the operators' menu")
        served.cancel()


async def test_the_lobby_offers_a_browser_link_where_the_server_has_a_web_seat(hub):
    """Every key of an operator's lobby footer stays whole at 80 columns with the web seat's too."""
    hub.operators = frozenset({ANN})
    hub.web_link = lambda identity: ("https://games.example.org/signin?token=x", 10)
    app = client_of(hub)
    async with app.run_test(size=SIZE) as pilot:
        served = pilot.app.run_worker(app.serving())
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.web, "the lobby")
        await pilot.pause()
        footer = screen_lines(app.screen)[-1]
        assert "l Web" in footer and "o Mod" in footer and "q Quit" in footer, footer
        served.cancel()


async def test_the_result_screen_shows_the_rating_changes_when_they_come():
    app = App()
    async with app.run_test(size=SIZE) as pilot:
        screen = MatchOverScreen("Ann wins!", "Ann: 3   Bob: 1", None)
        await app.push_screen(screen)
        assert not screen.query_one("#rating-changes").display
        screen.ratings = "Ratings: Ann +105 (?), Bob −105 (?)."
        await pilot.pause()
        assert screen.query_one("#rating-changes").display
        assert shown(screen, "#rating-changes") == "Ratings: Ann +105 (?), Bob −105 (?)."


async def test_a_records_ended_column_is_whole_at_80_columns():
    """The history's "Ended" column read "25 Nov 23:" (its minutes cut off), its "Game" column
    "Caravans of Ahl"; a name too long for its column ends in "…"."""
    ours, theirs = socket.socketpair()
    app = ClientApp(ours)  # (a session with no hub behind it)
    app.player_name = "Ann"
    ended = time.mktime((2026, 11, 25, 23, 47, 0, 0, 0, -1))
    row = FinishedRow("m1", "ahldarahd", ["Ann", "Bob Longname", "AI 3 (normal)"], [0, 1, 0], "over", ended, 0, -12)
    with ours, theirs:
        async with app.run_test(size=SIZE):
            await app.push_screen(HistoryScreen(History("Ann", "", "", [row.to_map()], [])))
            lines = screen_lines(app.screen)
    assert any("25 Nov 23:47" in line for line in lines), lines
    assert any("Caravans of Ahldarahd" in line and "−12" in line for line in lines), lines
    # a winner whose name the result would cut is not named ("QadiriyyaHassa…" alone had lost its
    # "won", "Bob L… won" half named him): "You lost", the names beside it the cells left over
    assert any("You lost" in line and "Bob L…" not in line for line in lines), lines
    assert any("Caravans of Ahldarahd  Bob Longname, AI 3 " in line for line in lines), lines  # (every seat)


async def test_a_records_resignation_says_who_won():
    """The record's Result column said "You resigned" and nothing of who then won: it says so
    where the winner's name fits ("[b]Bo[/b]", as typed), and only "You resigned" where it does
    not."""
    ours, theirs = socket.socketpair()
    app = ClientApp(ours)  # (a session with no hub behind it)
    app.player_name = "Ann"
    resigned = FinishedRow("m1", "merchant_lord", ["Ann", "[b]Bo[/b]"], [0, 1], "resigned", 0.0, 0, -9, gave_up=True)
    with ours, theirs:
        async with app.run_test(size=SIZE):
            await app.push_screen(HistoryScreen(History("Ann", "", "", [resigned.to_map()], [])))
            lines = screen_lines(app.screen)
    assert any("You resigned, [b]Bo[/b] won" in line for line in lines), lines
    assert finished_words(resigned, width=len("You resigned, [b]Bo[/b] won") - 1) == "You resigned"
    long = dataclasses.replace(resigned, names=["Ann", "Bob"], status="resigned", gave_up=False, resigned=0)
    assert finished_words(long) == "You resigned, Bob won"
    assert finished_words(dataclasses.replace(long, result=[0, 0])) == "You resigned"
    assert finished_words(long, mine=False) == "Ann resigned, Bob won"


async def test_anothers_record_names_them_in_a_result_that_fits_it():
    """Bo's record, opened by Ann, read "… lost" in a Result column of 7 cells, "bo lost" whole:
    his name was cut to leave room for " resigned", the longest words after it, whatever
    followed. It is cut for the words that do follow."""
    ours, theirs = socket.socketpair()
    app = ClientApp(ours)  # (a session with no hub behind it)
    app.player_name = "Ann"
    lost = FinishedRow("m1", "camel_caravan", ["bo", "Marguerite-Antoinette"], [0, 1], "over", 0.0, 0, -14)
    with ours, theirs:
        async with app.run_test(size=SIZE):
            await app.push_screen(HistoryScreen(History("bo", "", "", [lost.to_map()], [])))
            lines = screen_lines(app.screen)
    assert any("Camel Caravan" in line and " bo lost " in line for line in lines), lines
    assert finished_words(lost, mine=False, width=len("bo lost")) == "bo lost"
    assert finished_words(dataclasses.replace(lost, result=[1, 0]), mine=False, width=len("bo won")) == "bo won"


async def test_a_records_against_column_takes_the_room_a_short_title_leaves():
    """Over SSH at 80×24 a Camel Caravan match read "Bob, AI 3 (no…" against "Camel Caravan"
    with eight empty cells after it: the Game column is as wide as the longest title listed, the
    rest of its room the names'."""
    ours, theirs = socket.socketpair()
    app = ClientApp(ours)  # (a session with no hub behind it)
    app.player_name = "Ann"
    row = FinishedRow("m1", "camel_caravan", ["Ann", "Bob", "AI 3 (normal)"], [0, 0, 1], "over", 0.0, 0, 0)
    with ours, theirs:
        async with app.run_test(size=SIZE):
            await app.push_screen(HistoryScreen(History("Ann", "", "", [row.to_map()], [])))
            lines = screen_lines(app.screen)
    assert any("Camel Caravan" in line and "Bob, AI 3 (normal)" in line for line in lines), lines


async def test_a_match_played_together_replays_from_the_others_record():
    """Enter on a match in Bob's record that Ann played against him said "Only the people who
    played a match may replay it." to Ann; a match she did not play still says so."""
    ours, theirs = socket.socketpair()
    app = ClientApp(ours)  # (a session with no hub behind it)
    app.player_name = "Ann"
    sent: list = []
    app.send_to_hub = sent.append
    played = FinishedRow("m1", "merchant_lord", ["Ann", "Bob"], [1, 0], "over", 0.0, 1, -12)
    not_played = FinishedRow("m2", "merchant_lord", ["Bob", "Cyd"], [1, 0], "over", 0.0, 0, 12)
    with ours, theirs:
        async with app.run_test(size=SIZE) as pilot:
            await app.push_screen(HistoryScreen(History("Bob", "", "", [played.to_map(), not_played.to_map()], [])))
            await pilot.press("enter")
            await wait_for(pilot, lambda: sent, "the replay asked for")
            assert [message.match for message in sent] == ["m1"] and not notices(app)
            await pilot.press("down", "enter")
            await wait_for(pilot, lambda: notices(app), "the refusal")
            assert "Only the people who played a match may replay it." in notices(app)[0].message
            assert len(sent) == 1


async def test_the_others_result_says_who_resigned_where_the_ai_on_their_seat_came_out_first():
    """Over SSH, Bob resigned and the AI that played his seat on won on points: Ann's result read
    "[red]y[/] · AI standing in wins!" above "Ann +121", as if she had lost. As the hub says the
    match is rated (its people who resigned), it says who resigned and that the win is hers."""
    from textual.reactive import var

    from caravan_tui.screens.heard import Heard
    from caravan_tui.screens.summary import given_up_line

    class Result(App):
        heard: var[Heard] = var(Heard)

        def on_mount(self) -> None:
            screen = MatchOverScreen("[red]y[/] · AI standing in wins!", "You: 3   [red]y[/]: 15", None, "", match="m1")
            screen.named = (0, ["You", "[red]y[/]"])
            self.push_screen(screen)

    app = Result()
    async with app.run_test(size=SIZE) as pilot:
        app.heard = Heard().rated("m1", "Rating changes: Ann +121, [red]y[/] −121.", (0.0, 1.0), (1,))
        await pilot.pause()
        shown = str(app.screen.query_one("#winner").render())
    assert shown == (
        "[red]y[/] resigned, and the AI that played their seat on came out first; as the ratings count a "
        "resignation, you win."
    ), shown
    # (three seats: the two who played on share it, as the ratings count them; said after what
    # happened: "Bob resigned: you and AI 3 share the win" read as the table's result, the person last)
    assert given_up_line(["Ann", "Bob", "You"], (0.0, 1.0, 0.0), 1) == (
        "Bob resigned, and the AI that played their seat on came out first; as the ratings count a "
        "resignation, Ann and you share the win."
    )


async def test_the_lobby_s_hide_question_is_read_whole(hub):
    """``m`` in the lobby: "Hide whose chat from you, while the server runs? (Their name again" —
    a dialog's question ran past its width, the end of it cut."""
    async with in_the_lobby(hub) as (app, pilot):
        await pilot.press("m")
        await wait_for(pilot, lambda: isinstance(app.screen, AskLineScreen), "the question")
        await pilot.pause()
        said = " ".join(" ".join(line.strip(" █▌▐").split()) for line in screen_lines(app.screen))
        assert "(Their name again shows it.)" in said, said


@pytest.mark.thorough
async def test_the_away_grace_says_a_seat_is_played_on_until_its_person_is_back(hub):
    """ "Away grace 1 min … (a guest's at once)": a guest's seat now waits the same grace, and its
    seat code brings them back to it, so the form says what happens to anyone's seat."""
    async with in_the_lobby(hub) as (app, pilot):
        queued(app, "c")
        # (composed down to each choice's overlay: drawn before, a Select found no SelectOverlay)
        await wait_for(
            pilot,
            lambda: (
                isinstance(app.screen, CreateMatchScreen)
                and len(app.screen.query("SelectOverlay")) == len(app.screen.query("Select")) > 0
            ),
            "the create form",
        )
        # (the help wraps where the form scrolls, a scrollbar's glyphs at the line's end)
        shown = " ".join(" ".join(line.strip(" ▁▂▃▄▅▆▇█▔▎▊▏").split()) for line in screen_lines(app.screen))
        assert "then an AI plays a seat whose person left, until they are back" in shown, shown


async def test_a_record_with_no_rated_match_gives_the_rating_column_to_the_names():
    """A guest's record at 80×24 read "Merchant Lord  Aaaaaaaaaaaaa…, AI 3 (normal)  You lost" with
    the Change column, empty in every row (a guest is never rated), eight cells wide beside it."""
    ours, theirs = socket.socketpair()
    app = ClientApp(ours)  # (a session with no hub behind it)
    app.player_name = "B" * 40
    names = ["B" * 40, "A" * 30, "AI 3 (normal)"]
    unrated = FinishedRow("m1", "merchant_lord", names, [0, 1, 0], "over", 0.0, 0, None)
    with ours, theirs:
        async with app.run_test(size=SIZE) as pilot:
            await app.push_screen(HistoryScreen(History(names[0], "", "", [unrated.to_map()], [])))
            lines = screen_lines(app.screen)
            rated = dataclasses.replace(unrated, rating=-12)
            app.screen.show(History(names[0], "", "", [rated.to_map(), unrated.to_map()], []))
            await pilot.pause()
            kept = screen_lines(app.screen)
    assert not any("Change" in line for line in lines), lines
    # (the AI's level gives way before the name: "Aaaaaaaaaaaaaaaaaaaaa…, AI 3 (normal)")
    assert any(f"{'A' * 30}, AI 3" in line and "You lost" in line for line in lines), lines
    assert any("Change" in line for line in kept) and any("−12" in line for line in kept), kept


@pytest.mark.thorough
async def test_a_long_record_keeps_its_ended_column_whole_beside_the_scrollbar():
    """A record longer than the screen read "01 Jan 00:0": its scrollbar took the last two cells."""
    ours, theirs = socket.socketpair()
    app = ClientApp(ours)  # (a session with no hub behind it)
    app.player_name = "Ann"
    ended = time.mktime((2026, 11, 25, 23, 47, 0, 0, 0, -1))
    rows = [FinishedRow(f"m{n}", "ahldarahd", ["Ann", "Bob"], [0, 1], "over", ended, 0, -3) for n in range(30)]
    with ours, theirs:
        async with app.run_test(size=SIZE):
            await app.push_screen(HistoryScreen(History("Ann", "", "", [row.to_map() for row in rows], [])))
            lines = screen_lines(app.screen)
    assert sum("25 Nov 23:47" in line for line in lines) >= 15, lines


async def test_the_lobbys_finished_rows_give_a_short_titles_cells_to_the_names():
    """Over SSH a guest's finished match read "Camel Caravan    Aaaaaaaaaaaaaaaaaaaaaaaaaaaa…": the
    Game column kept 15 cells for a 13-cell title while the name beside it was cut."""
    row = FinishedRow("m1", "camel_caravan", ["A" * 40, "Bo"], [1, 0], "over", 0.0, 1)
    lines = await lobby_lines("Bo", Lobby([], ["Bo"], [row.to_map()]))
    assert any(f"Camel Caravan  {'A' * 36}…  You lost" in line for line in lines), "\n".join(lines)


async def test_the_lobbys_rows_give_the_names_every_cell_no_scrollbar_or_watcher_needs():
    """Over SSH at 80×24 the lobby read "Merchant Lord  Aaaaaaaaa…, [b]z[/b] (away), AI 3 (normal)
    [b]z[/b]  0       │": cells were kept for a scrollbar that was not there and for a Watch
    column of noughts. Where a list grows a scrollbar, its last column stays whole beside it."""
    from caravan_tui.hub_protocol import LobbyRow

    row = LobbyRow("m1", "merchant_lord", ["A" * 40, "[b]z[/b]", "AI 3"], ["person", "person", "ai"], 1, 3, 0)
    ended = time.mktime((2026, 11, 25, 23, 47, 0, 0, 0, -1))
    finished = [FinishedRow(f"f{n}", "camel_caravan", ["A" * 40, "Bo"], [1, 0], "over", ended, 1) for n in range(9)]
    async with lobby_of("[b]z[/b]", Lobby([row.to_map()], ["Bo"])) as (app, pilot, lines):
        assert any(f"Merchant Lord  {'A' * 34}…, [b]z[/b], AI 3  [b]z[/b] │" in line for line in lines), lines
        watched = dataclasses.replace(row, watchers=2)
        app.screen.show(Lobby([watched.to_map()], ["Bo"], [row.to_map() for row in finished]))
        await wait_for(pilot, lambda: app.screen.query_one("#lobby-finished").show_vertical_scrollbar, "a bar")
        await pilot.pause()
        lines = screen_lines(app.screen)
    assert any("Watch" in line for line in lines) and any("[b]z[/b]  2" in line for line in lines), lines
    assert sum("You lost  25 Nov 23:47" in line for line in lines) >= 4, lines


async def test_the_lobby_names_an_open_seat_to_move_whole_beside_a_long_title():
    """Over SSH at 80×24 the lobby read "Caravans of Ahldarahd  Aaaaaaaaaa…, [b]z[/… (away), AI 3
    Open sea…": the To move column gave three cells to the long title and cut "Open seat 2", while
    the names beside it had cells to spare."""
    from caravan_tui.hub_protocol import LobbyRow

    row = LobbyRow("m1", "ahldarahd", ["A" * 40, "Open seat 2", "AI 3"], ["person", "open", "ai"], 1, 3, 0)
    lines = await lobby_lines("Bo", Lobby([row.to_map()], ["Bo"]))
    assert any("Caravans of Ahldarahd" in line and "Open seat 2" in line for line in lines), "\n".join(lines)
