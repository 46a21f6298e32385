"""What every game's table shares (DESIGN §6, the table kit), checked for every game."""

from __future__ import annotations

import dataclasses
import socket
from contextlib import asynccontextmanager

import pytest
from rich.style import Style
from textual.events import Key, Paste
from textual.widgets import Select

from caravan_tui.app import CaravanApp, ClientApp
from caravan_tui.bus import MAX_CHAT, Act
from caravan_tui.games import GAMES, get_game
from caravan_tui.games.decktet_caravan.card_grid import CardGrid
from caravan_tui.match.runner import MatchRunner
from caravan_tui.saves import SaveStore
from caravan_tui.screens import game_screen_class
from caravan_tui.screens.chat import ChatInput
from caravan_tui.screens.create_match import CreateMatchScreen
from caravan_tui.screens.dialogs import ConfirmScreen
from caravan_tui.screens.full_log import FullLogScreen
from caravan_tui.screens.how_to_play import HowToPlayScreen, how_to_play
from caravan_tui.screens.new_match import MatchSetup, NewMatchScreen
from caravan_tui.screens.table_keys import NO_UNDO_WITH_PEOPLE
from caravan_tui.screens.table_menu import BACK_FROM_HOME, LEAVE_SHARED, RESIGN_ENDS, RESIGN_PLAYED_ON, SHARED_KEY_TIPS
from caravan_tui.screens.table_panels import SINCE_AT_LEAST
from caravan_tui.screens.table_seat import fit_name
from caravan_tui.screens.table_status import SPINNER
from caravan_tui.seat_kinds import AWAY, stand_in_after
from caravan_tui.seats import SeatSpec
from caravan_tui.textual_adapter import notices, screen_lines, screen_strips
from caravan_tui.widgets import ActionList, MatchLog, TablePanel
from caravan_tui.widgets.away_notice import away_line
from caravan_tui.widgets.footer import PALETTE_WIDTH, KeysFooter, keys_shown
from caravan_tui.widgets.log import LogLines
from caravan_tui.widgets.table_text import StatusLine

from tables import (
    BareApp,
    Table,
    games_checked_by_default,
    read_since,
    settled,
    table_shown,
    wait_for,
    yes_if_asked,
)

SIZE = (80, 24)


async def table_drawn(app, game_id: str, shared: bool) -> list[str]:
    """The lines of seat 0's table at a new match between people, at 80×24 (the spinner
    blanked: it turns with the clock)."""
    game = GAMES[game_id]
    players = min(game.players)
    runner = MatchRunner.new(game_id, [SeatSpec("human")] * players, [f"P{n}" for n in range(players)], 1, {}, None)
    client = runner.client(0)
    client.shared = shared  # what a session's client over SSH says of itself
    screen = game_screen_class(game)(client)
    app.move_pause, app.flash_seconds = 0.0, 0.05
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(screen)
        runner.start()
        try:
            log = screen.query_one(MatchLog)
            # (the log scrolls to its last line after it next draws: drawn before, it showed its top)
            await wait_for(
                pilot,
                lambda: settled(screen) and screen.table.names and log.lines and log.scroll_y == log.max_scroll_y,
                "the table, its log at its end",
            )
            lines = [line for line in screen_lines(app.screen)]
        finally:
            runner.stop()
    return ["".join(" " if c in SPINNER else c for c in line) for line in lines]


# the two apps' styles are the kit's, and every game brings its own: by default Decktet Caravan's
# (three styled widgets of its own, the most) and Merchant Lord's (the most keys in its footer)
@pytest.mark.thorough
@pytest.mark.parametrize("game_id", games_checked_by_default("decktet_caravan", "merchant_lord"))
async def test_a_hosted_table_draws_as_the_local_one_but_for_the_chat_key(tmp_path, game_id):
    local = await table_drawn(BareApp(store=SaveStore(tmp_path)), game_id, shared=False)
    ours, theirs = socket.socketpair()
    with ours, theirs:
        hosted = await table_drawn(ClientApp(ours), game_id, shared=True)
    differ = [(a, b) for a, b in zip(hosted[:-1], local[:-1]) if a != b]
    assert differ == []  # (a game's own styles once fell away over SSH)
    assert "Chat" in hosted[-1] and "Chat" not in local[-1]


@asynccontextmanager
async def at_our_turn_against_random(tmp_path, game_id: str, players: int, shared: bool = False, seed: int = 1):
    """Seat 0's table at 80×24 against random seats (AI seats: undo is offered), ``shared`` as a
    session over SSH says of itself (chat is offered), once it is our turn."""
    runner = MatchRunner.new(
        game_id,
        [SeatSpec("human")] + [SeatSpec("random")] * (players - 1),
        [f"P{n}" for n in range(players)],
        seed,
        {},
        None,
    )
    async with table_shown(tmp_path, runner, shared=shared) as (app, pilot, screen):
        await wait_for(pilot, lambda: settled(screen) and screen.table.turn is not None, "our turn")
        yield app, pilot, screen


# the panel and the whole log are the kit's, each game gives its log's lines: by default Merchant
# Lord at four players (three others' turns between ours, the panel's "earlier: ctrl+l" likeliest)
@pytest.mark.parametrize(
    "game_id", games_checked_by_default("merchant_lord", among=["camel_caravan", "merchant_lord", "ahldarahd"])
)
@pytest.mark.thorough
async def test_since_your_last_turn_shows_until_a_key_and_its_ctrl_l_opens_the_whole_log(tmp_path, game_id):
    players = 4 if game_id != "ahldarahd" else 3
    async with at_our_turn_against_random(tmp_path, game_id, players, seed=2) as (app, pilot, screen):
        since = screen.query_one("#since-panel", TablePanel)
        for _ in range(12):  # decisions of ours until others have done enough in between
            await wait_for(pilot, lambda: screen.table.turn is not None, "my turn")
            if since.showing:
                break
            screen.act(screen.table.legal[0])
        assert since.showing and since.display
        log = screen.query_one(MatchLog).lines_text
        shown = since.text.splitlines()
        assert shown == log[len(log) - len(shown) :] and not any(line.startswith("You ") for line in shown)
        assert len(shown) >= SINCE_AT_LEAST
        assert (
            since.foot.startswith("ctrl+l: ") and since.foot.endswith(("earlier line", "earlier lines"))
        ) or since.foot == "ctrl+l: the whole log"
        await pilot.press("ctrl+l")  # the key the foot names: the panel goes, the whole log opens
        assert not since.display and isinstance(app.screen, FullLogScreen)
        whole = app.screen.query_one(LogLines)
        assert whole.lines_text == log
        await pilot.press("tab", "tab")  # the second seat's name (the first is "You")
        assert whole.lines_text == [line for line in log if "p1" in line.casefold()] != []
        await pilot.press(*"zzz-no-such-word")
        assert whole.lines_text == []
        await pilot.press("escape")
        assert app.screen is screen


# the screen is the kit's, each game gives its text: by default the longest (Camel Caravan's,
# 1,512 characters: the most rows to scroll past)
@pytest.mark.thorough
@pytest.mark.parametrize("game_id", games_checked_by_default("camel_caravan"))
async def test_how_to_play_scrolls_to_its_last_line_by_keys_and_escape_goes_back(tmp_path, game_id):
    """From the new match screen, where escape goes back to."""
    game = GAMES[game_id]
    app = CaravanApp(store=SaveStore(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")  # the new match screen: how to play comes between it and the table
        await wait_for(pilot, lambda: isinstance(app.screen, NewMatchScreen), "new match")
        setup = app.screen
        players = min(game.players)
        app.begin_match(MatchSetup(game_id, [SeatSpec("human")] * players, ["A"] * players, {}, 1))
        await wait_for(pilot, lambda: isinstance(app.screen, HowToPlayScreen), f"how to play {game.title}")
        last = how_to_play(game.rules).splitlines()[-1].replace("`", "").split()[-2:]
        await pilot.press("end")  # the focus is on a button: the text scrolls all the same
        await pilot.pause()
        assert " ".join(last) in " ".join(" ".join(screen_lines(app.screen)).split())
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is setup, "back to the setup")
        assert app.runner is None  # nothing started


@pytest.mark.thorough
@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_how_to_play_scrolls_no_further_than_its_text_and_merchant_lords_fits(tmp_path, game_id):
    """Found at 80×24: Merchant Lord's card scrolled by one line, Down taking its title off the
    top for a blank line at the foot (the text's last block kept a margin under it). Each card
    scrolled to its end shows its last line at the foot of the text; Merchant Lord's fits whole."""
    from textual.containers import VerticalScroll

    game = GAMES[game_id]
    app = CaravanApp(store=SaveStore(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(HowToPlayScreen(game))
        await pilot.pause()
        text = app.screen.query_one("#how-to-play-text", VerticalScroll)
        await pilot.press("end")
        await pilot.pause()
        rows = screen_lines(app.screen)[text.content_region.y : text.content_region.bottom]
        last = how_to_play(game.rules).splitlines()[-1].replace("`", "").split()[-1]
        assert rows[-1].split("█")[1].strip().endswith(last), rows  # (within the card's frame)
        if game_id == "merchant_lord":
            assert text.max_scroll_y == 0 and f" {game.title} " in rows[0]


@pytest.mark.thorough
async def test_how_to_play_names_enter_in_its_footer_and_enter_plays(tmp_path):
    """Over SSH: the card's footer read "d Don't show again esc Back ? All the rules", without the
    Enter it runs on (its focused button's own Enter, unlisted, shadowed the card's)."""
    app = CaravanApp(store=SaveStore(tmp_path))
    closed: list = []
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(HowToPlayScreen(GAMES["decktet_caravan"]), closed.append)
        await pilot.pause()
        footer = app.screen.query_one(KeysFooter)
        assert ("⏎", "Play") in [(entry.key_display, entry.description) for entry in footer.shown_keys]
        await pilot.press("enter")
        await wait_for(pilot, lambda: closed == [False], "the card closed by Play")


async def check_game_picker(app, pilot, form) -> None:
    """Down and Up through the games at key-repeat speed: every seat row and option row of the
    game finally highlighted is there, once: four games down and one back up, then up and back
    down to the same game."""
    for keys in (["down"] * 4 + ["up"], ["up", "down"]):
        await pilot.press(*keys)
        await pilot.pause()
        game = form.game
        assert form.query_one("#games").highlighted == list(GAMES).index(game.id)
        assert [row.query_one(Select).id for row in form.query_one("#seats").children] == [
            f"seat-{seat}" for seat in range(game.default_players)
        ] and form.seat_count == game.default_players
        assert [row.query_one(Select).id for row in form.query_one("#options").children] == [
            f"option-{name}" for name in game.options
        ]


@pytest.mark.thorough
async def test_new_match_survives_the_game_picker_at_key_repeat_speed(tmp_path):
    app = CaravanApp(store=SaveStore(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, NewMatchScreen), "new match")
        await check_game_picker(app, pilot, app.screen)


# the picker and the rows it rebuilds are the form both share (``MatchForm``): the default run checks
# it on the new match screen, above; this form's own part is only its seat rows
@pytest.mark.e2e
async def test_create_match_survives_the_game_picker_at_key_repeat_speed(tmp_path):
    app = CaravanApp(store=SaveStore(tmp_path))  # (the form asks nothing of the hub until it creates)
    async with app.run_test(size=SIZE) as pilot:
        form = CreateMatchScreen()
        await app.push_screen(form)
        await wait_for(pilot, lambda: form.seat_count > 0, "create match")
        await check_game_picker(app, pilot, form)


def test_a_name_is_whole_where_it_fits_and_its_short_form_is_stable():
    assert fit_name("AI 2 (normal)", 13) == "AI 2 (normal)" and fit_name("AI 2 (normal)", None) == "AI 2 (normal)"
    assert fit_name("AI 2 (normal)", 8) == "AI 2"  # never "AI 2 (n…"
    assert fit_name("Scheherazade", 8) == "Scheher…" and len(fit_name("Scheherazade (the second)", 5)) == 5


# the move pause is the kit's: by default Decktet Caravan's plain Enter, and Caravanserai's, which
# may ask first (a play after which the rest of the placement is forced)
@pytest.mark.thorough
@pytest.mark.parametrize("game_id", games_checked_by_default("decktet_caravan", "caravanserai"))
async def test_keys_pressed_as_an_opponents_move_shows_play_at_once_when_the_turn_is_ours(tmp_path, game_id):
    """The move pause lets an opponent's move sink in before the game moves on; it never holds
    back the turn it hands to us, nor swallows the keys pressed for it (a pause of a minute here:
    a key that waited for it, or was taken to cut it short, would play nothing in the test's time)."""
    app = BareApp(store=SaveStore(tmp_path))
    app.move_pause, app.flash_seconds = 0.0, 0.05
    table = Table(app, game_id, game_screen_class(GAMES[game_id]), 1, {})
    host, screen = table.runner.host, table.screen
    async with app.run_test(size=SIZE) as pilot, table:
        while app.move_pause == 0.0:  # until the opponent's step that hands us the turn
            turn = host.turn
            if host.state.to_move() == 0:  # ours before it: played without keys
                await wait_for(pilot, lambda: screen.table.turn is not None, "my turn")
                screen.act(screen.table.legal[0])
                await yes_if_asked(pilot, lambda turn=turn: host.turn > turn)  # (Merchant Lord's end of selling)
            else:
                asked = await table.bot_turn()
                after = host.state.clone()
                after.apply(asked.legal[0])
                if after.to_move() == 0:
                    app.move_pause = 60.0
                await table.bot.send(Act(table.runner.match_id, 1, asked.turn, asked.legal[0]))
            await wait_for(pilot, lambda turn=turn: host.turn > turn, "the move")
        await wait_for(
            pilot, lambda: screen.table.view is not None and screen.table.view["to_move"] == 0, "the opponent's move"
        )
        moves = len(host.actions)
        await read_since(pilot, screen)  # (what the others did, if it shows)
        plays = screen.query_one(ActionList)
        plays.focus()
        await pilot.pause()
        if plays.highlighted is None:  # (focused, the list highlights no line it had unseen)
            await pilot.press("down")
        await pilot.press("enter")
        await yes_if_asked(pilot, lambda: len(host.actions) > moves)
        await wait_for(pilot, lambda: len(host.actions) > moves, "the play Enter makes")


@pytest.mark.thorough
@pytest.mark.parametrize("opponent", ["human", "random"])
async def test_undo_is_offered_only_where_it_could_apply(tmp_path, opponent):
    """Against an AI the footer offers ``u Undo``; against a person it never could (they see each
    move as it is made, and an undo never passes a move another person has seen): not offered."""
    runner = MatchRunner.new(
        "decktet_caravan", [SeatSpec("human"), SeatSpec.parse(opponent)], ["Ann", "Bob"], 1, {}, None
    )
    async with table_shown(tmp_path, runner) as (app, pilot, screen):
        await wait_for(pilot, lambda: screen.table.seat_kinds and settled(screen), "the table")
        footer = screen_lines(app.screen)[-1]
        could = screen.table.turn is None or screen.table.undo  # (on a turn with nothing to take back: left out)
        assert ("Undo" in footer) == (opponent == "random" and could) and "Rules" in footer


@pytest.mark.thorough
@pytest.mark.parametrize("opponent", ["human", "random"])
async def test_u_at_a_table_of_people_says_why_nothing_is_taken_back(tmp_path, opponent):
    """Over SSH, two people: ``u`` (not offered, rightly) did nothing and said nothing. It says
    the host's rule; against an AI it takes back as before, and says nothing of people."""
    runner = MatchRunner.new(
        "decktet_caravan", [SeatSpec("human"), SeatSpec.parse(opponent)], ["Ann", "Bob"], 1, {}, None
    )
    async with table_shown(tmp_path, runner, shared=opponent == "human") as (app, pilot, screen):
        await wait_for(pilot, lambda: screen.table.seat_kinds and settled(screen), "the table")
        await pilot.press("u")
        await pilot.pause()
        said = [note.message for note in notices(app)]
        assert (NO_UNDO_WITH_PEOPLE in said) == (opponent == "human")


def test_a_person_who_left_for_a_while_reads_away_and_their_turn_is_a_persons():
    runner = MatchRunner.new("decktet_caravan", [SeatSpec("human")] * 2, ["A", "B"], 1, {}, None)
    screen = game_screen_class(GAMES["decktet_caravan"])(runner.client(0))
    screen.table_state = dataclasses.replace(screen.table, names=["Ann", "Bob"], seat_kinds=["remote", AWAY])
    assert screen.table.seat_name(1) == "Bob (away)" and screen.table.played_by_person(1)  # "Bob (away) to play…"
    screen.table_state = dataclasses.replace(screen.table, seat_kinds=["remote", "away:42"])  # (its grace runs)
    assert screen.table.seat_name(1) == "Bob (away)" and screen.table.played_by_person(1)
    screen.table_state = dataclasses.replace(screen.table, seat_kinds=["remote", "stand-in"])
    # (an AI stands in: "… is thinking")
    assert screen.table.seat_name(1) == "Bob · AI standing in" and not screen.table.played_by_person(1)
    screen.table_state = dataclasses.replace(screen.table, seat_kinds=["remote", "remote"])
    assert screen.table.seat_name(1) == "Bob"


def test_the_grace_counts_down_in_words():
    assert away_line("Bob", 42) == "Bob is away: an AI plays for them in 42s."
    assert away_line("Bob", 0) == "Bob is away: an AI plays for them now."
    assert away_line("Bob", None) == "Bob is away."
    assert [stand_in_after(kind) for kind in ("away:42", "away", "away:x", "away:" + "9" * 5000, "remote")] == [
        42,
        None,
        None,
        None,
        None,
    ]


def highlight_drawn(screen, actions: ActionList, option: int | None = None) -> Style:
    """The style the plays list's highlighted play (or ``option``) is drawn in (its first cell), as shown."""
    first, _ = actions._drawn_rows[actions.highlighted if option is None else option]
    region = actions.content_region
    row = screen_strips(screen)[region.y + first - actions.scroll_offset.y]
    cells = 0
    for segment in row:
        if cells + len(segment.text) > region.x:
            return (segment.style or Style()).clear_meta_and_links()
        cells += len(segment.text)
    raise AssertionError("no highlighted play drawn")


@pytest.mark.thorough
@pytest.mark.usefixtures("pause_frames")  # (it reads the rows the plays list last drew)
async def test_the_focused_list_or_log_and_the_row_show_without_colour(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    runner = MatchRunner.new("decktet_caravan", [SeatSpec("human")] * 2, ["A", "B"], 1, {}, None)
    leader = get_game("decktet_caravan").new(2, seed=1).to_move()
    async with table_shown(tmp_path, runner, seat=leader) as (_, pilot, screen):
        await wait_for(pilot, lambda: settled(screen), "the table")
        actions = screen.query_one(ActionList)
        await wait_for(pilot, lambda: len(actions.actions) > 1, "my plays")
        actions.focus()
        await pilot.pause()
        assert str(actions.border_title).startswith("▸ ")
        await pilot.press("down")  # (focused, no line it had unseen: ↓ highlights the first)
        assert highlight_drawn(screen, actions).reverse
        log = screen.query_one("#log")
        log.focus()
        await pilot.pause()
        assert not str(actions.border_title).startswith("▸ ")
        drawn = highlight_drawn(screen, actions)
        assert not drawn.underline and not drawn.reverse  # (it read as the play chosen)
        assert str(log.border_title) == "▸ Log"  # the bug: the log took the focus unmarked
        actions.focus()
        await pilot.pause()
        assert str(log.border_title) == "Log"


@pytest.mark.thorough
@pytest.mark.usefixtures("pause_frames")  # (it reads the rows the plays list last drew)
@pytest.mark.parametrize("game_id", ["decktet_caravan", "caravanserai"])
async def test_a_blurred_plays_list_shows_no_play_as_chosen(tmp_path, game_id):
    """While the hand (Decktet Caravan) or the board (Caravanserai) has the focus, Enter plays
    what they show: the plays list's highlighted line, drawn in the blurred highlight, read as
    the play chosen. It looks like any other line until the list has the focus again."""
    players = min(GAMES[game_id].players)
    runner = MatchRunner.new(game_id, [SeatSpec("human")] * players, [f"P{n}" for n in range(players)], 1, {}, None)
    leader = get_game(game_id).new(players, seed=1).to_move()
    async with table_shown(tmp_path, runner, seat=leader) as (_, pilot, screen):
        await wait_for(pilot, lambda: settled(screen), "the table")
        actions = screen.query_one(ActionList)
        await wait_for(pilot, lambda: len(actions.actions) > 1 and actions.highlighted == 0, "my plays")
        await wait_for(pilot, lambda: not actions.has_focus and 1 in actions._drawn_rows, "the board or hand focused")
        assert highlight_drawn(screen, actions) == highlight_drawn(screen, actions, 1)
        actions.focus()
        await pilot.pause()
        assert actions.highlighted is None  # (focused, no line it had unseen: ↓ highlights the first)
        await pilot.press("down")
        focused = highlight_drawn(screen, actions)
        assert focused != highlight_drawn(screen, actions, 1) and focused.reverse
        screen.focus_next()
        await pilot.pause()
        assert not actions.has_focus and highlight_drawn(screen, actions) == highlight_drawn(screen, actions, 1)


@pytest.mark.thorough
@pytest.mark.parametrize("shared", [False, True])
async def test_the_menu_says_where_leaving_goes(tmp_path, shared):
    """Over SSH the menu offered "Save and quit to home": there is no home there, and the server
    keeps the match and the seat; leaving goes to the lobby (whose line under the match says the
    seat is kept: a notice "Saved: your seat is kept." covered that line), home says how to come
    back (it said "Saved")."""
    seats = [SeatSpec("human"), SeatSpec("random")]
    runner = MatchRunner.new("decktet_caravan", seats, ["P0", "P1"], 1, {}, SaveStore(tmp_path / "kept"))
    async with table_shown(tmp_path, runner, shared=shared) as (app, pilot, screen):
        await wait_for(pilot, lambda: settled(screen) and screen.table.turn is not None, "our turn")
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is not screen, "the menu")
        shown = "\n".join(screen_lines(app.screen))
        assert ("Leave for the lobby" in shown) == shared and ("Save and quit to home" in shown) != shared
        await pilot.press("down", "enter")
        await wait_for(pilot, lambda: screen not in app.screen_stack, "left")
        assert [n.message for n in notices(app)] == ([] if shared else [BACK_FROM_HOME])


@pytest.mark.thorough
@pytest.mark.parametrize("shared", [False, True])
async def test_the_palette_and_the_footer_say_what_escape_and_ctrl_s_do_where_the_person_is(tmp_path, shared):
    """Over SSH the palette said "Menu — Resume, save and quit to home, or resign (esc)", and
    "Save — Confirm the autosave (^s)": the menu there leaves for the lobby, and the server
    saves each move (ctrl+s asks whether its file holds the match)."""
    seats = [SeatSpec("human"), SeatSpec("random")]
    runner = MatchRunner.new("decktet_caravan", seats, ["P0", "P1"], 1, {}, SaveStore(tmp_path / "kept"))
    async with table_shown(tmp_path, runner, shared=shared) as (app, pilot, screen):
        await wait_for(pilot, lambda: settled(screen) and screen.table.turn is not None, "our turn")
        palette = {command.title: command.help for command in app.get_system_commands(screen)}
        tips = {binding.action: tip for binding, _, tip in keys_shown(screen)[0]}
        if shared:
            assert palette["Menu"] == f"{SHARED_KEY_TIPS['menu']} (esc)" and "home" not in palette["Menu"]
            # (the server saves each move: "^s Save" read as if a person had to)
            assert palette["Check save"] == f"{SHARED_KEY_TIPS['save']} (^s)" and "Save" not in palette
            # (leaving: as the lobby says it; "the match waits in the lobby" read as if no AI played the seat)
            assert palette["Leave for the lobby"].startswith(LEAVE_SHARED)
            assert tips["menu"] == SHARED_KEY_TIPS["menu"] and tips["save"] == SHARED_KEY_TIPS["save"]
            assert "Check save" in [binding.description for binding, _, _ in keys_shown(screen)[0]]
        else:
            assert palette["Menu"] == "Resume, save and quit to home, or resign (esc)"
            assert palette["Save"] == "Confirm the autosave (^s)" and tips["menu"] == palette["Menu"][:-6]
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: any(note.message == "Saved" for note in notices(app)), "the save confirmed")


@pytest.mark.thorough
async def test_a_spectators_plays_list_and_escape_say_they_watch(tmp_path):
    """A spectator's plays list said "waiting…", as a player's does between turns: plays that
    never come."""
    runner = MatchRunner.new("decktet_caravan", [SeatSpec("human")] * 2, ["Ann", "Bob"], 1, {}, None)
    async with table_shown(tmp_path, runner, seat=None) as (app, pilot, screen):
        await wait_for(pilot, lambda: screen.table.view is not None, "the table")
        assert any("you are watching" in line for line in screen_lines(app.screen))
        # escape asks "Stop watching this match?", and the footer says so (it said "esc Menu")
        footer = app.screen.query_one(KeysFooter)
        await wait_for(pilot, footer.caught_up, "the footer")
        shown = [entry.description for entry in footer.shown_keys]
        assert "Stop watching" in shown and "Menu" not in shown, shown


def shared_table(tmp_path):
    """A Decktet Caravan table as a session over SSH has it (its client says it is shared, so
    chat is offered): the app, the table and its screen."""
    app = BareApp(store=SaveStore(tmp_path))
    table = Table(app, "decktet_caravan", game_screen_class(GAMES["decktet_caravan"]), 1, {})
    table.screen.client.shared = True  # what a session's client over SSH says of itself
    return app, table, table.screen


@pytest.mark.thorough
async def test_the_chat_line_takes_the_status_lines_place_and_a_turn_never_takes_its_keys(tmp_path):
    """``t`` at a shared table: the line opens in place of the status line (no dialog over the
    table) and takes every key typed, ``h`` included, even when the turn comes meanwhile; enter
    says it to the table, escape drops it; the status line comes back, and the focus goes where
    it was, or to the new decision's widget."""
    app, table, screen = shared_table(tmp_path)
    async with app.run_test(size=SIZE) as pilot, table:
        await wait_for(pilot, lambda: screen.table.view is not None and screen.table.view["to_move"] == 1, "Bob's lead")
        plays = screen.query_one(ActionList)
        plays.focus()
        line, status, log = screen.query_one(ChatInput), screen.query_one(StatusLine), screen.query_one(MatchLog)
        await pilot.press("t", *"salt")
        await wait_for(pilot, lambda: line.value == "salt", "the line typed")
        assert app.screen is screen and status.shows is line and app.focused is line
        await table.bot_plays(lambda legal: legal[0])
        await wait_for(pilot, lambda: screen.table.turn is not None, "my turn")
        assert app.focused is line
        await pilot.press(*"? h", "enter")
        await wait_for(pilot, lambda: "You say: salt? h" in log.lines_text, "the line said")
        assert status.shows is None and not line.focusable and app.focused is screen.query_one(CardGrid)
        assert not screen.query_one("#hint-panel", TablePanel).showing  # the h was a letter, not a hint
        plays.focus()
        await pilot.press("t")
        await wait_for(pilot, lambda: app.focused is line, "the line open")  # (then drawn: wait_for's pause)
        assert ChatInput.PROMPT in "\n".join(line for line in screen_lines(app.screen))
        await pilot.press(*"never mind", "escape")
        await wait_for(pilot, lambda: status.shows is None, "the line dropped")
        assert app.focused is plays
        await pilot.press("t", *"ok", "enter")  # said after it: what escape dropped would be in the log by then
        await wait_for(pilot, lambda: "You say: ok" in log.lines_text, "the next line said")
        assert not any("never mind" in entry for entry in log.lines_text)


@pytest.mark.thorough
async def test_keys_typed_in_the_same_instant_as_t_are_the_chat_lines(tmp_path):
    """ "thi⏎" in one read (a fast typist over SSH): the line opened as the t was read by the
    plays list, which read "hi" too (an h asks a hint) before the line had the focus."""
    app, table, screen = shared_table(tmp_path)
    async with app.run_test(size=SIZE) as pilot, table:
        await wait_for(pilot, lambda: settled(screen), "the table")
        screen.query_one(ActionList).focus()
        log = screen.query_one(MatchLog)
        for key, character in [("t", "t"), ("h", "h"), ("i", "i"), ("enter", None)]:
            app.post_message(Key(key, character))  # all queued before the first is handled
        await wait_for(pilot, lambda: "You say: hi" in log.lines_text, "the line said")
        assert not screen.query_one("#hint-panel", TablePanel).showing


@pytest.mark.thorough
async def test_a_key_typed_in_the_same_instant_as_enter_is_the_tables_and_a_long_paste_is_cut_to_fit(tmp_path):
    """ "hi⏎t" in one read from the terminal (a fast typist, or a paste): "hi" is said and ``t``
    opens the line again, rather than "hit" being said. A paste longer than the line keeps what
    fits and says the rest was cut."""
    app, table, screen = shared_table(tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot, table:
        await wait_for(pilot, lambda: settled(screen), "the table")
        line, log = screen.query_one(ChatInput), screen.query_one(MatchLog)
        await pilot.press("t")
        for key, character in [("h", "h"), ("i", "i"), ("enter", None), ("t", "t")]:
            app.post_message(Key(key, character))  # all queued before the first is handled
        await wait_for(
            pilot,
            lambda: "You say: hi" in log.lines_text and app.focused is line,
            "the line said, and open again from the t",
        )
        assert [entry for entry in log.lines_text if "say" in entry] == ["You say: hi"] and line.value == ""
        await pilot.press(*"ab")
        line.post_message(Paste("x" * (MAX_CHAT + 50) + "\nnext line"))
        await wait_for(pilot, lambda: len(line.value) == MAX_CHAT, "the paste, cut to fit")
        assert line.value == "ab" + "x" * (MAX_CHAT - 2)
        await wait_for(
            pilot,
            lambda: any("the rest of the paste was cut" in n.message for n in notices(app)),
            "the notice that the paste was cut",
        )  # (a notice is a message the app handles later)
        await pilot.press("enter")
        await wait_for(pilot, lambda: any(entry.startswith("You say: abxx") for entry in log.lines_text), "said")


@asynccontextmanager
async def chat_line_open(tmp_path):
    """A shared table at 80×24 with its chat line open (``t``): the app, the pilot and the line."""
    app, table, screen = shared_table(tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot, table:
        await wait_for(pilot, lambda: settled(screen), "the table")
        line = screen.query_one(ChatInput)
        await pilot.press("t")
        await wait_for(pilot, lambda: app.focused is line, "the chat line")
        yield app, pilot, line


@pytest.mark.thorough
async def test_a_tab_in_the_chat_line_keeps_the_line_and_the_keys_after_it(tmp_path):
    """Over SSH: a tab typed into the chat line took the focus to the table, and the rest of the
    line was played as its keys (an "e", then a "y", ended a turn). The line keeps the focus and
    every key after the tab."""
    async with chat_line_open(tmp_path) as (app, pilot, line):
        await pilot.press(*"ab", "tab", *"ey", "shift+tab", "z")
        await pilot.pause()
        assert app.focused is line and line.value == "abeyz"


@pytest.mark.thorough
async def test_keys_past_a_full_chat_line_are_said_not_typed_once_a_line(tmp_path):
    """A 595-character line typed into the chat stopped at 200 with no word (the terminal's bell
    at most): the rest was lost unseen. The first key refused says so, once, until there is room."""
    async with chat_line_open(tmp_path) as (app, pilot, line):
        line.value = "x" * (MAX_CHAT - 1)
        await pilot.press("y")
        await pilot.pause()
        full = [n for n in notices(app) if "keys past them are not typed" in n.message]
        assert line.value.endswith("y") and not full  # (the 200th is typed: nothing refused)
        await pilot.press(*"zzz")
        await wait_for(pilot, lambda: any("keys past them" in n.message for n in notices(app)), "the refusal said")
        said = [n for n in notices(app) if "keys past them are not typed" in n.message]
        assert len(said) == 1 and said[0].message.startswith(f"A chat line holds {MAX_CHAT} characters")
        assert len(line.value) == MAX_CHAT


@pytest.mark.thorough
async def test_a_burst_of_keys_past_a_full_chat_line_says_so_once(tmp_path):
    """The bug: 920 characters typed at once stacked "A chat line holds 200 characters" three
    times over the table: the line's news of a change made before it was full, arriving after a
    key was refused, said there was room again."""
    async with chat_line_open(tmp_path) as (app, pilot, line):
        line.value = "x" * (MAX_CHAT - 5)
        await pilot.pause()
        for _burst in range(3):  # (as a terminal delivers a long paste of keys: a read at a time)
            for _ in range(40):
                app.post_message(Key("z", "z"))
            await pilot.pause()
        assert len(line.value) == MAX_CHAT
        said = [n for n in notices(app) if "keys past them are not typed" in n.message]
        assert len(said) == 1


# the footer and the legend's key are the kit's, each game gives its keys and legend: by default
# Merchant Lord (the most keys: the palette's key gives way) and Decktet Caravan (no legend: the
# plays and the log stay)
@pytest.mark.parametrize(
    ("game_id", "shared"),
    [
        pytest.param(*game.values, shared, id=f"{shared}-{game.id}", marks=game.marks)
        for game in games_checked_by_default("merchant_lord", "decktet_caravan")
        for shared in (False, True)
    ],
)
@pytest.mark.thorough
async def test_every_key_the_footer_shows_is_whole_and_l_shows_the_legend_in_place_of_the_plays(
    tmp_path, game_id, shared
):
    """A cut key is a key the player never learns of: at the most players, against AI seats
    (undo offered) and over SSH (chat offered), each key the footer shows fits whole. At the
    same table (once), ``l`` shows the game's legend in place of the plays and the log, and
    ``l`` again puts them back."""
    async with at_our_turn_against_random(tmp_path, game_id, max(GAMES[game_id].players), shared) as (
        app,
        pilot,
        screen,
    ):
        footer = screen_lines(app.screen)[-1]
        shown = [binding for binding, _, _ in keys_shown(screen)[0]]
        if shared:
            await read_since(pilot, screen)  # (escape hides it and does nothing else)
            await check_the_legend_key(pilot, screen)
    described = {binding.description for binding in shown}
    assert "Rules" in described and described & {"Menu", "Hide"}  # (escape: "Hide" while a panel shows)
    left_out = set(screen.footer_drops)  # (where the line is short, these give way, first to last)
    assert [b.description for b in shown if b.description not in footer and b.action not in left_out] == [], footer
    firsts = {binding.action: binding for binding in reversed(shown)}.values()  # (a key an action: its first)
    width = sum(len(app.get_key_display(binding)) + 2 + len(binding.description) for binding in firsts)
    kept = [binding for binding in firsts if binding.action not in left_out]
    least = sum(len(app.get_key_display(binding)) + 2 + len(binding.description) for binding in kept)
    assert ("^p palette" in footer) == (least + PALETTE_WIDTH <= SIZE[0]), footer  # where it leaves room
    if width + PALETTE_WIDTH <= SIZE[0]:
        assert all(b.description in footer for b in shown), footer  # (nothing gives way where all fit)


@pytest.mark.thorough
@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_with_a_hint_shown_the_footer_shows_the_key_that_readies_it_and_every_key_whole(tmp_path, game_id):
    """Found at 80×24 against AI seats: with a hint shown, Camel Caravan's footer had no "a Ready
    hint" (only Caravanserai's showed it: the key was learnt of from the panel's title alone), and
    Caravanserai's palette key lost its word ("▏^p"). While a hint shows, every game's footer shows
    ``a``, and each key whole, "^p palette" too: the least needed keys (the save, the legend) give
    way where the line is short, and stay in the palette."""
    async with at_our_turn_against_random(tmp_path, game_id, 2) as (app, pilot, screen):
        footer = screen.query_one(KeysFooter)
        assert "a" not in {entry.key for entry in footer.shown_keys}  # (no hint: nothing to ready)
        await read_since(pilot, screen)
        await pilot.press("h")
        await wait_for(pilot, lambda: screen.query_one("#hint-panel", TablePanel).shown is not None, "the hint")
        await wait_for(pilot, lambda: "a" in {entry.key for entry in footer.shown_keys}, "the key in the footer")
        await pilot.pause()
        line = screen_lines(app.screen)[-1]
        assert "a Ready hint" in line and line.rstrip().endswith("▏^p palette"), line
        assert all(f"{entry.key_display} {entry.description}".strip() in line for entry in footer.shown_keys), line
        # a key left out is one with no room: "^s Save" and "l Legend" both went where one fitted
        pad = 1 if footer.compact else 3
        widths = {
            binding.action: len(app.get_key_display(binding)) + 1 + len(binding.description) + pad
            for binding, _, _ in keys_shown(screen)[0]
        }
        kept = sum(width for action, width in widths.items() if action not in footer.dropped)
        for action in footer.dropped:
            assert kept + widths[action] + PALETTE_WIDTH > footer.size.width, (action, line)


async def check_the_legend_key(pilot, screen) -> None:
    """``l`` shows the legend in place of the plays and the log (a game without one: they
    stay), and ``l`` again puts them back."""
    has_legend = screen.legend() is not None
    assert bool(screen.query("#legend-panel")) == has_legend
    await pilot.press("l")
    await pilot.pause()
    shown = {child.id for child in screen.query_one("#side").children if child.display}
    assert shown == ({"legend-panel"} if has_legend else {"actions", "log"})
    await pilot.press("l")
    await pilot.pause()
    assert {child.id for child in screen.query_one("#side").children if child.display} == {"actions", "log"}


@pytest.mark.thorough
async def test_a_dialog_shows_its_own_keys_not_those_of_the_table_below(tmp_path):
    """The bug: under the menu the footer still offered the table's keys ("p Pass", "h Hint"),
    none of which acted while the menu was up."""
    async with at_our_turn_against_random(tmp_path, "decktet_caravan", 2) as (app, pilot, screen):
        await read_since(pilot, screen)
        assert "Hint" in screen_lines(app.screen)[-1]
        await pilot.press("escape")
        await wait_for(
            pilot,
            lambda: app.screen is not screen and bool(app.screen.query_one(KeysFooter).shown_keys),
            "the menu and its keys",
        )
        footer = screen_lines(app.screen)[-1]
        assert "Cancel" in footer and "Hint" not in footer and "Pass" not in footer, footer
        await pilot.press("escape")
        assert app.screen is screen


@pytest.mark.thorough
async def test_off_a_persons_turn_the_footer_offers_no_play_key(tmp_path):
    """A guest at a two-person Decktet table saw "p Pass" in the footer while the other played:
    a game's own play keys the footer shows are offered on its turn only."""
    runner = MatchRunner.new("decktet_caravan", [SeatSpec("human")] * 2, ["Ann", "Bob"], 1, {}, None)
    waiting = 1 - runner.host.state.to_move()
    async with table_shown(tmp_path, runner, seat=waiting, shared=True) as (app, pilot, screen):
        await wait_for(pilot, lambda: screen.table.view is not None and settled(screen), "the table")
        assert screen.table.turn is None
        footer = screen_lines(app.screen)[-1]
        assert "Pass" not in footer and "Rules" in footer, footer


def test_a_turn_moves_no_focus_while_the_terminal_has_not_got_it():
    """Over SSH the plays list needed Tab before Enter each turn: a turn that came while the
    terminal had not the focus gave it to the board, so the list the person played from did not
    get it back (Textual gives it back where the person left it). Every game's turn goes here."""
    from types import SimpleNamespace

    from caravan_tui.screens.table_chat import TableChat

    given: list[object] = []
    widget = SimpleNamespace()
    screen = SimpleNamespace(app=SimpleNamespace(app_focus=False), set_focus=given.append)
    chat = TableChat(screen)  # type: ignore[arg-type]
    chat.focus_to_decide(widget)  # type: ignore[arg-type]
    assert given == []
    screen.app.app_focus = True
    chat.focus_to_decide(widget)  # type: ignore[arg-type]
    assert given == [widget]  # (at once: ``Screen.set_focus``)


@pytest.mark.thorough
async def test_chat_said_while_the_log_is_out_of_sight_comes_in_a_notice(tmp_path):
    """Over SSH: Bob's "gl hf", said while Ann had a hint open in the log's place, was seen
    nowhere until she closed the hint."""
    from caravan_tui.bus import Chat

    async with at_our_turn_against_random(tmp_path, "decktet_caravan", 2, shared=True) as (app, pilot, screen):
        await read_since(pilot, screen)
        screen.bus.heard_chat(Chat(screen.client.match_id, 1, "salt for camels?", name="P1"))
        await pilot.pause()
        assert "P1 says: salt for camels?" not in [n.message for n in notices(app)]  # (the log shows it)
        await pilot.press("h")
        log = screen.query_one("#log")
        await wait_for(pilot, lambda: not log.display, "the hint in the log's place")
        screen.bus.heard_chat(Chat(screen.client.match_id, 1, "gl hf", name="P1"))
        await wait_for(pilot, lambda: "P1 says: gl hf" in [n.message for n in notices(app)], "the chat in a notice")


@pytest.mark.thorough
async def test_the_create_forms_short_match_key_is_offered_only_for_a_game_that_has_one(tmp_path):
    """Over SSH: the create form offered "^o Short match" for Caravanserai, which has none."""
    from caravan_tui.screens.create_match import CreateMatchScreen

    app = CaravanApp(store=SaveStore(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        form = CreateMatchScreen(GAMES["caravanserai"])
        await app.push_screen(form)
        footer = form.query_one(KeysFooter)

        def offered() -> bool:
            return "Short match" in [entry.description for entry in footer.shown_keys]

        await wait_for(pilot, lambda: footer.caught_up(), "the footer")
        assert not GAMES["caravanserai"].short_form and not offered()
        form.game = GAMES["decktet_caravan"]
        await wait_for(pilot, offered, "^o for a game with a short match")


@pytest.mark.thorough
@pytest.mark.parametrize("shared", [False, True])
async def test_the_palette_finds_the_menus_entries_by_their_words(tmp_path, shared):
    """Typed "resign" in the palette found nothing: Resign was only inside the menu (esc)."""
    app = BareApp(store=SaveStore(tmp_path))
    table = Table(app, "decktet_caravan", game_screen_class(GAMES["decktet_caravan"]), 1, {})
    screen = table.screen
    screen.client.shared = shared
    async with app.run_test(size=SIZE) as pilot, table:
        await wait_for(pilot, lambda: settled(screen), "the table")
        palette = {command.title: command for command in app.get_system_commands(screen)}
        leave = "Leave for the lobby" if shared else "Save and quit to home"
        assert {"Resign", leave} <= set(palette) and "(in the menu: esc)" in palette["Resign"].help
        ais = ["ai:normal" if seat != screen.seat else kind for seat, kind in enumerate(screen.table.seat_kinds)]
        screen.table_state = dataclasses.replace(screen.table, seat_kinds=ais)
        palette["Resign"].callback()
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        # it says what follows: the match ends against AIs, an AI plays on among people (a
        # resignation that ended one match and not the next said neither before it)
        asked = " ".join(" ".join(line.strip(" █") for line in screen_lines(app.screen)).split())
        assert f"Resign this match? {RESIGN_ENDS}" in asked, asked
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen, "the table again")
        assert screen.table.over is None  # (asked, not resigned)
        kinds = ["human" if seat != screen.seat else kind for seat, kind in enumerate(screen.table.seat_kinds)]
        screen.table_state = dataclasses.replace(screen.table, seat_kinds=kinds)
        palette["Resign"].callback()
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question again")
        asked = " ".join(" ".join(line.strip(" █") for line in screen_lines(app.screen)).split())
        assert RESIGN_PLAYED_ON in asked, asked
        await pilot.press("escape")


@pytest.mark.thorough
async def test_the_palette_offers_no_legend_at_a_table_that_has_none(tmp_path):
    """Over SSH at a Decktet Caravan table: the palette's "Legend" answered only "Decktet Caravan
    has no legend"."""
    app = BareApp(store=SaveStore(tmp_path))
    table = Table(app, "decktet_caravan", game_screen_class(GAMES["decktet_caravan"]), 1, {})
    screen = table.screen
    async with app.run_test(size=SIZE) as pilot, table:
        await wait_for(pilot, lambda: settled(screen), "the table")
        titles = {command.title for command in app.get_system_commands(screen)}
        assert "Legend" not in titles and not screen.has_legend and "Rules" in titles


@pytest.mark.thorough
@pytest.mark.parametrize(("key", "lands_on"), [("shift+tab", "board"), ("tab", "log")])
async def test_tab_that_closes_the_since_panel_moves_the_focus_in_the_tables_order(tmp_path, key, lands_on):
    """Found playing Camel Caravan: with "Meanwhile" over the side column, shift+tab from the
    plays list went to the log (laid out again at the top of the screen for a moment: Textual
    orders the focus by place), not back to the board, and the Enters after it did nothing."""
    from caravan_tui.games.camel_caravan.board_widget import CamelBoard
    from caravan_tui.screens.table_panels import PanelWords

    runner = MatchRunner.new("camel_caravan", [SeatSpec("human"), SeatSpec("random")], ["Ann", "Bob"], 1, {}, None)
    async with table_shown(tmp_path, runner) as (_app, pilot, screen):
        await wait_for(pilot, lambda: screen.table.turn is not None and settled(screen), "my turn")
        screen.open_panel("since", PanelWords("Since your last turn", ("• Bob moved.",), "ctrl+l: the whole log"))
        actions = screen.query_one(ActionList)
        actions.focus()
        await pilot.pause()
        assert screen.table.since_panel is not None and screen.focused is actions
        await pilot.press(key)
        await pilot.pause()
        expected = screen.query_one(CamelBoard) if lands_on == "board" else screen.query_one(MatchLog)
        assert screen.table.since_panel is None and screen.focused is expected


@pytest.mark.thorough
async def test_the_since_panel_beside_the_board_shows_a_whole_turn_of_the_others(tmp_path):
    """Found playing Camel Caravan: "Meanwhile" held 12 rows, the other player's first two
    actions and the refill, and its last actions (often the ones that matter) were cut below,
    while the plays list under it kept 11 rows. It takes most of the side column now."""
    from caravan_tui.screens.table_panels import PanelWords

    lines = (
        "• AI 2 moves a camel from (1,0) to space 1 (0,0) (1 action).",
        "• AI 2 picks up hides at space 1 (0,0) and 1 demand marker (1 action).",
        "• Refill: a demand marker on spaces 4, 6, 7, 8; drawn hides on space 1, paper on space 2, salt on "
        "space 3, gems on space 5.",
        "• AI 2 picks up salt at space 3 (1,2) (1 action).",
        "• AI 2 moves a camel from (1,1) to (1,0) (1 action).",
    )
    runner = MatchRunner.new("camel_caravan", [SeatSpec("human"), SeatSpec("random")], ["Ann", "Bob"], 1, {}, None)
    async with table_shown(tmp_path, runner) as (_app, pilot, screen):
        await wait_for(pilot, lambda: screen.table.turn is not None and settled(screen), "my turn")
        screen.open_panel("since", PanelWords("Meanwhile (keys hide)", lines, "ctrl+l: the whole log"))
        since = screen.query_one("#since-panel", TablePanel)
        await wait_for(pilot, lambda: since.showing and since.region.height > 0, "the panel")
        await pilot.pause()
        assert since.max_scroll_y == 0  # (every line in sight)
        assert screen.query_one(ActionList).region.height >= 5  # (and the plays list below it)


@pytest.mark.thorough
async def test_a_key_that_closes_the_since_panel_has_the_screen_drawn_whole_after_it(tmp_path):
    """Found playing Camel Caravan over a terminal: Tab from the plays list with "Meanwhile" over
    the side column left the plays list's rows on the terminal where the log now was, its border
    "▸ Log" and nothing of it under it, until another key redrew it (Down and Enter seemed to do
    nothing). Textual's own frame was right; the terminal's updates after that relayout were not.
    Once laid out again, the screen repaints whole."""
    from caravan_tui.screens.table_panels import PanelWords

    runner = MatchRunner.new("camel_caravan", [SeatSpec("human"), SeatSpec("random")], ["Ann", "Bob"], 1, {}, None)
    async with table_shown(tmp_path, runner) as (_app, pilot, screen):
        await wait_for(pilot, lambda: screen.table.turn is not None and settled(screen), "my turn")
        screen.open_panel("since", PanelWords("Meanwhile (keys hide)", ("• Bob moved.",), "ctrl+l: the whole log"))
        screen.query_one(ActionList).focus()
        await pilot.pause()
        whole: list[bool] = []
        refresh = screen.refresh
        screen.refresh = lambda *regions, **kwargs: (
            whole.append(not regions and not kwargs),
            refresh(*regions, **kwargs),
        )[1]
        await pilot.press("tab")
        await wait_for(pilot, lambda: any(whole), "the screen drawn whole")
        assert screen.focused is screen.query_one(MatchLog) and screen.table.since_panel is None


@pytest.mark.parametrize("game_id", games_checked_by_default("camel_caravan"))
async def test_v_and_q_at_a_table_say_where_they_act(tmp_path, game_id):
    """``v`` in a match did nothing and said nothing (the result screen reviews with it), nor ``q``
    (home quits with it): each says where it acts."""
    from caravan_tui.screens.table_keys import ELSEWHERE

    runner = MatchRunner.new(game_id, [SeatSpec("human")] * 2, ["Ann", "Bob"], 1, {}, None)
    async with table_shown(tmp_path, runner) as (app, pilot, screen):
        await wait_for(pilot, lambda: screen.table.view is not None, "the table")
        for key in ("v", "q"):
            await pilot.press(key)
            await wait_for(pilot, lambda k=key: ELSEWHERE[k] in [n.message for n in notices(app)], f"{key}'s word")
        assert app.screen is screen


async def test_a_notice_at_a_table_covers_neither_the_status_line_nor_the_log_s_newest_lines(tmp_path):
    """A notice at 80×24 covered the status line under the board, the line a newcomer is told to
    read ("Walata (4,3): to move a camel here, En▌"), and the log's last lines: notices show over
    the top of the side column."""
    runner = MatchRunner.new("decktet_caravan", [SeatSpec("human")] * 2, ["Ann", "Bob"], 1, {}, None)
    screen = game_screen_class(runner.host.game)(runner.client(0))
    app = BareApp(store=SaveStore(tmp_path))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await app.push_screen(screen)
        runner.start()
        try:
            await wait_for(pilot, lambda: screen.table.view is not None, "the table")
            screen.notify("A notice of three lines or so, as long as a table's notices come, said over the table.")
            await wait_for(pilot, lambda: any(toast.region.height for toast in screen.query("Toast")), "the notice")
            toast = screen.query_one("Toast").region
            status, log = screen.query_one("#status").region, screen.query_one(MatchLog).region
            assert not toast.overlaps(status), (toast, status)
            assert toast.bottom <= log.bottom - 3, (toast, log)
        finally:
            runner.stop()
