"""The Textual app driven through Pilot at 80×24, with a tmp save folder and a tiny AI budget."""

from __future__ import annotations

import dataclasses
import os
import random

import pytest
from textual.widgets import DataTable, MarkdownViewer

from caravan_tui.ai.explain import ANY, CLEAR, CLOSE, EITHER, NOT_BEST, SAFE, SLIGHTLY
from caravan_tui.app import CaravanApp
from caravan_tui.bus import Act, YourTurn
from caravan_tui.games import GAMES, get_game
from caravan_tui.games.decktet_caravan.card_grid import CardGrid
from caravan_tui.games.decktet_caravan.card_words import cards_in
from caravan_tui.games.decktet_caravan.hand_summary import HandSummaryScreen
from caravan_tui.games.decktet_caravan.screen import DecktetCaravanScreen
from caravan_tui.match.runner import MatchRunner
from caravan_tui.preferences import Preferences
from caravan_tui.saves import SaveStore
from caravan_tui.screens import game_screen_class
from caravan_tui.screens.dialogs import ChoiceScreen, ConfirmScreen
from caravan_tui.screens.full_log import FullLogScreen
from caravan_tui.screens.game import GameScreen
from caravan_tui.screens.generic_table import GenericGameScreen
from caravan_tui.screens.home import HomeScreen
from caravan_tui.screens.how_to_play import HowToPlayScreen, how_to_play
from caravan_tui.screens.new_match import MatchSetup, NewMatchScreen
from caravan_tui.screens.rules import RulesScreen, plain_fences
from caravan_tui.screens.saves import SavesScreen
from caravan_tui.screens.summary import NO_BREAK, MatchOverScreen, resigned_line, result_line
from caravan_tui.seats import SeatSpec
from caravan_tui.textual_adapter import notices, screen_lines
from caravan_tui.widgets import ActionList, TablePanel
from caravan_tui.widgets.footer import keys_shown

from tables import games_checked_by_default, quick_app, wait_for

SIZE = (80, 24)
PASS = ("pass",)


def make_app(tmp_path, iterations: int = 30, **kwargs) -> CaravanApp:
    return quick_app(tmp_path, iterations, flash_seconds=0.05, **kwargs)


def my_turn(app) -> bool:
    return isinstance(app.screen, DecktetCaravanScreen) and app.screen.table.turn is not None


def seed_where_leader(seat: int, hands: int = 1) -> int:
    game = get_game("decktet_caravan")
    return next(s for s in range(100) if game.new(2, seed=s, options={"hands": hands}).to_move() == seat)


def setup(seed: int, hands: int = 1, level: str = "easy") -> MatchSetup:
    return MatchSetup(
        "decktet_caravan", [SeatSpec("human"), SeatSpec.ai(level)], ["Tester", "Bot"], {"hands": hands}, seed
    )


async def focus(pilot, widget_id: str, limit: int = 15) -> None:
    """Tab until the widget has focus (keys only)."""
    for _ in range(limit):
        if pilot.app.focused is not None and pilot.app.focused.id == widget_id:
            return
        await pilot.press("tab")
    raise AssertionError(f"could not tab to #{widget_id}")


async def play_from_hand(pilot, action) -> bool:
    """Select the action's cards with the cursor and space, then Enter; answers the "which
    reading?" question if asked (returns whether it was)."""
    screen = pilot.app.screen
    grid = screen.query_one(CardGrid)
    await focus(pilot, "dc-hand")
    for card in sorted(cards_in(action), key=grid.keys.index):
        target = grid.keys.index(card)
        while grid.cursor != target:
            await pilot.press("right" if grid.cursor < target else "left")
        await pilot.press("space")
    assert set(grid.selection()) == cards_in(action)
    await pilot.press("enter")
    if isinstance(pilot.app.screen, ChoiceScreen):
        readings = screen.query_one(ActionList).actions
        matching = [a for a in readings if a != PASS and cards_in(a) == cards_in(action)]
        for _ in range(matching.index(action)):
            await pilot.press("down")
        await pilot.press("enter")
        return True
    return False


async def play_from_list(pilot, index: int) -> None:
    await focus(pilot, "actions")
    actions = pilot.app.screen.query_one(ActionList)
    await pilot.press("home")
    for _ in range(index):
        await pilot.press("down")
    assert actions.highlighted == index
    await pilot.press("enter")


async def escape_closes_the_keys_panel_and_then_is_the_screens(app, pilot, leaves: bool) -> None:
    """The keys panel opened on the app's screen: escape closes it and nothing else; a second
    escape is the screen's own (it ``leaves`` the screen, or not)."""
    await pilot.pause()
    screen = app.screen
    app.action_show_help_panel()
    await pilot.pause()
    assert screen.query("HelpPanel")
    await pilot.press("escape")
    await pilot.pause()
    assert not screen.query("HelpPanel") and app.screen is screen
    await pilot.press("escape")  # with the panel gone, escape is the screen's again
    await pilot.pause()
    assert (app.screen is not screen) == leaves


@pytest.mark.parametrize("key", ["question_mark", "f1"])
async def test_home_s_question_mark_and_f1_open_the_rules(tmp_path, key):
    """``?`` is a table's key for its rules and F1 is help in most programs: on the home screen
    both did nothing and said nothing. They open the rules, as ``r`` does."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        home = app.screen
        await pilot.press(key)
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the games' picker")
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is home, "home again")


@pytest.mark.thorough
async def test_f1_at_a_table_opens_its_rules(tmp_path):
    """F1 opened the rules in the lobby and on the home screen, and did nothing at a table, where
    ``?`` did: it opens the table's rules too."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(setup(seed_where_leader(0)))
        await wait_for(pilot, lambda: my_turn(app), "my turn")
        table = app.screen
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules")
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is table, "the table again")


@pytest.mark.e2e
async def test_a_whole_match_by_keys(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("n")
        assert isinstance(app.screen, NewMatchScreen)
        await focus(pilot, "option-hands")
        await pilot.press("enter", "home", "enter")  # the first choice: 1 hand
        await focus(pilot, "seed")
        await pilot.press("1", "2")
        await pilot.press("ctrl+g")
        await wait_for(pilot, lambda: isinstance(app.screen, HowToPlayScreen), "how to play, the first time")
        await pilot.press("d")  # don't show it again
        await wait_for(pilot, lambda: isinstance(app.screen, DecktetCaravanScreen), "the table")
        assert "decktet_caravan" in Preferences.load(tmp_path).seen_how_to_play
        assert app.runner.host.snapshot.options == {"hands": 1}
        assert app.runner.host.snapshot.seed == 12

        from_hand = from_list = passes = 0
        for _ in range(200):
            await wait_for(
                pilot,
                lambda: my_turn(app) or isinstance(app.screen, (MatchOverScreen, HandSummaryScreen)),
                "my turn or the end",
            )
            if not my_turn(app):
                break
            screen = app.screen
            legal = screen.table.legal
            plays = [a for a in legal if a != PASS]
            turn = app.runner.host.turn
            if not from_hand and plays:
                await play_from_hand(pilot, plays[-1])
                from_hand += 1
            elif PASS in legal and from_list > 2 and not passes:
                await pilot.press("p")
                passes += 1
            else:
                await play_from_list(pilot, 0)
                from_list += 1
            await wait_for(
                pilot, lambda turn=turn: app.runner is None or app.runner.host.turn > turn, "the move to land"
            )
        await wait_for(pilot, lambda: isinstance(app.screen, MatchOverScreen), "the end of the match")
        assert from_hand and from_list
        over = app.screen
        assert "win" in over.headline or "draw" in over.headline
        scores = over.scores.replace(NO_BREAK, " ")  # (each score folded with its name)
        assert scores.startswith("You: ") and "AI 2: " in scores and "(normal)" not in scores
        (entry,) = app.store.entries()
        assert entry.snapshot.status == "over"
        await pilot.press("enter", "enter")  # pressed on, as the match ended: nothing leaves the result
        assert app.screen is over
        await pilot.press("escape")
        assert isinstance(app.screen, HomeScreen)


@pytest.mark.thorough
async def test_resume_where_it_stopped(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(setup(seed_where_leader(0), hands=3))
        for _ in range(2):
            await wait_for(pilot, lambda: my_turn(app), "my turn")
            turn = app.runner.host.turn
            await play_from_list(pilot, 0)
            await wait_for(pilot, lambda turn=turn: app.runner.host.turn > turn, "my move to land")
        await wait_for(pilot, lambda: my_turn(app), "my turn")
        view, log = app.screen.table.view, list(app.screen.query_one("#log").lines_text)
        match_id, moves = app.runner.match_id, app.runner.host.turn

    again = make_app(tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        await again.screen.looked.wait()
        assert "Continue" in str(again.screen.query_one("#home-continue").render())
        await pilot.press("c")
        await wait_for(pilot, lambda: my_turn(again), "my turn after resuming")
        assert again.runner.match_id == match_id
        assert again.runner.host.turn == moves
        assert again.screen.table.view == view
        assert again.screen.query_one("#log").lines_text == log


@pytest.mark.thorough
async def test_hint_shows_and_undo_stops_at_what_the_reply_showed(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(setup(seed_where_leader(0), hands=3))
        await wait_for(pilot, lambda: my_turn(app), "my turn")
        screen = app.screen
        await pilot.press("u")  # nothing of mine to take back yet: said in words, not by a dimmed key
        await wait_for(pilot, lambda: any("no move of yours" in n.message for n in notices(app)), "why not")
        await wait_for(pilot, lambda: my_turn(app), "my turn again")
        await pilot.press("h")
        actions = screen.query_one(ActionList)
        await wait_for(pilot, lambda: actions.hinted is not None, "the hint")
        assert actions.hinted in screen.table.legal
        assert app.runner.host.turn == 0  # shown, not played
        panel = screen.query_one("#hint-panel", TablePanel)
        sure = tuple(
            f"{words[0].upper()}{words[1:]}:"
            for words in (CLEAR, CLOSE, "probably best", EITHER, ANY, SLIGHTLY, NOT_BEST, SAFE)
        )
        await wait_for(pilot, lambda: panel.text.startswith(sure), "the hint's explanation")
        # (no search shares in its words: the one figure is the chance with "How it stands")
        assert panel.showing and all("%" not in line for line in panel.text.splitlines() if "How it stands" not in line)
        stands = next(line for line in panel.text.splitlines() if line.startswith("How it stands: "))
        box = panel.region

        def shown() -> str:
            return " ".join(
                line[box.x : box.right].strip(" │╭╮╰╯─▁▂▃▄▅▆▇█")  # (borders, the scrollbar)
                for line in screen_lines(app.screen)[box.y : box.bottom]
            )

        while " ".join(stands.split()) not in " ".join(shown().split()) and panel.scroll_y < panel.max_scroll_y:
            await pilot.press("ctrl+down")  # (beside the board the panel is narrow: its text scrolls)
            await pilot.pause()
        assert " ".join(stands.split()) in " ".join(shown().split())  # whole at 80×24, where a title was cut
        assert screen.query_one(CardGrid).marked == set(cards_in(actions.hinted))
        await pilot.press("h")  # h again hides it
        assert not panel.showing and not panel.display

        await play_from_list(pilot, 0)
        await wait_for(pilot, lambda: app.runner.host.turn >= 2 and my_turn(app), "the AI's reply")
        turn = app.runner.host.turn
        reply = app.runner.host.events[-1][0]
        await pilot.press("u")
        if reply.reveals_to(0):  # the AI played cards from its hidden hand: no second look, and why
            await wait_for(pilot, lambda: any("cannot undo past" in n.message for n in notices(app)), "why not")
            assert app.runner.host.turn == turn
        else:
            await wait_for(pilot, lambda: app.runner.host.turn == 0 and my_turn(app), "the undo")
        assert len(app.store.read(app.runner.match_id).actions) == app.runner.host.turn


#: rules with contents to tab into and more than a page to scroll: the viewer's keys do the same
#: on it as on a game's rules, at a fraction of the Markdown to lay out and restyle at each focus
SHORT_RULES = "# A game\n\n" + "".join(
    f"## Part {part}\n\n" + "".join(f"Line {line} of part {part}.\n\n" for line in range(8)) for part in range(4)
)


@pytest.mark.thorough
async def test_rules_viewer_clicks_and_menu(tmp_path):
    """Clicks on the hand, ``?`` for the game's rules, save and resign from the menu. In the rules
    viewer (on a short document: its keys do the same on any), the bug: t (into the contents),
    t again: nothing had the focus, and the arrows and page keys scrolled nothing until a tab; and
    escape closes the keys panel there and does nothing else, as on every screen (the escape test,
    which shares its helper)."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(setup(seed_where_leader(0)))
        await wait_for(pilot, lambda: my_turn(app), "my turn")
        table = app.screen
        grid = table.query_one(CardGrid)
        second = grid.keys[1]
        await pilot.click(CardGrid, offset=(1 + grid.chip_width + 3, 1))  # the second chip
        assert grid.selection() == (second,) and grid.cursor == 1
        await pilot.click(CardGrid, offset=(1 + grid.chip_width + 3, 1))
        assert grid.selection() == ()
        await pilot.press("question_mark")
        assert isinstance(app.screen, RulesScreen)
        viewer = app.screen.query_one(MarkdownViewer)
        rules = plain_fences(get_game("decktet_caravan").rules)  # (its words: test_decktet_screen)
        await wait_for(pilot, lambda: viewer.document.source == rules, "the rules")
        await pilot.press("escape")
        assert app.screen is table
        await app.push_screen(RulesScreen(dataclasses.replace(get_game("decktet_caravan"), rules=SHORT_RULES)))
        viewer = app.screen.query_one(MarkdownViewer)
        await wait_for(pilot, lambda: viewer.document.source == plain_fences(SHORT_RULES), "the short rules")
        await pilot.press("t")
        await pilot.pause()
        assert viewer.show_table_of_contents and app.screen.focused is not viewer.document
        await pilot.press("t")
        await pilot.pause()
        assert app.screen.focused is viewer.document
        await pilot.press("pagedown")
        await pilot.pause()
        assert viewer.scroll_y > 0
        await escape_closes_the_keys_panel_and_then_is_the_screens(app, pilot, leaves=True)
        assert app.screen is table
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: any(n.message == "Saved" for n in notices(app)), "Saved")
        await pilot.press("escape")
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("down", "down", "enter")  # Resign
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, MatchOverScreen), "the end after resigning")
        assert "Bot wins" in app.screen.headline
        assert app.store.entries()[0].snapshot.status == "resigned"


@pytest.mark.thorough
async def test_damaged_saves_are_listed_and_deletable(tmp_path):
    store = SaveStore(tmp_path)
    store.folder.mkdir(parents=True)
    (store.folder / "junk.msgpack").write_bytes(os.urandom(200))
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(setup(seed_where_leader(0)))
        await wait_for(pilot, lambda: my_turn(app), "my turn")
        await pilot.press("escape", "down", "enter")  # save and quit to home
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("l")
        assert isinstance(app.screen, SavesScreen)
        await app.screen.listed.wait()
        table = app.screen.query_one(DataTable)
        assert table.row_count == 2
        await pilot.pause()
        assert table.virtual_size.width <= SIZE[0]  # every column, Status included, fits 80 columns
        statuses = [str(table.get_row_at(row)[4]) for row in range(2)]
        assert any(s.startswith("damaged") for s in statuses) and "playing" in statuses
        damaged_row = next(row for row in range(2) if str(table.get_row_at(row)[4]).startswith("damaged"))
        await pilot.press(*["down"] * damaged_row)
        await pilot.press("enter")  # refused, with the reason
        assert isinstance(app.screen, SavesScreen)
        await pilot.press("d")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await app.screen.listed.wait()
        assert table.row_count == 1
        assert not (store.folder / "junk.msgpack").exists()
        (store.folder / "folder.msgpack").mkdir()  # the bug: deleting it stopped the app
        app.screen.reload()
        await app.screen.listed.wait()
        await pilot.pause()
        await pilot.press(*["down"] * next(row for row in range(2) if "folder" in str(table.get_row_at(row)[1])))
        await pilot.press("d", "y")
        assert isinstance(app.screen, SavesScreen) and (store.folder / "folder.msgpack").is_dir()
        assert any(n.title == "Not deleted" and "folder.msgpack" not in n.message for n in notices(app))
        (store.folder / "folder.msgpack").rmdir()
        app.screen.reload()
        await app.screen.listed.wait()
        await pilot.pause()
        await pilot.press("enter")  # resume the good one
        await wait_for(pilot, lambda: my_turn(app), "my turn in the resumed match")
        match_id = app.runner.host.match_id
        app.open_saves()  # the match still open, as in another window: it is not deleted
        await wait_for(pilot, lambda: isinstance(app.screen, SavesScreen), "the saves")
        await app.screen.listed.wait()
        await pilot.pause()
        await pilot.press("d", "y")
        assert any(n.title == "Not deleted" and "open in another window" in n.message for n in notices(app))
        assert store.read(match_id).match_id == match_id


@pytest.mark.thorough
async def test_the_footer_offers_pass_only_where_a_pass_is_legal(tmp_path):
    """The bug: leading a season, the footer offered "p Pass", which was then refused."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(setup(seed_where_leader(0)))
        await wait_for(pilot, lambda: my_turn(app), "my turn, leading")
        screen, host = app.screen, app.runner.host

        def offered() -> bool:
            return any(binding.action == "pass" for binding, _, _ in keys_shown(screen)[0])

        assert PASS not in screen.table.legal and not offered()
        await pilot.press("p")
        assert host.turn == 0  # nothing sent
        screen.act(next(a for a in screen.table.legal if a != PASS))
        await wait_for(pilot, lambda: my_turn(app) and PASS in screen.table.legal, "a turn where I may pass")
        assert offered()


@pytest.mark.thorough
async def test_a_key_pressed_at_once_after_undo_waits_for_the_position_it_brings(tmp_path):
    """The bug: ``u`` and a key at once acted on the position the undo took back (a block on a
    cell the board no longer had, "turn 49 is from the future; the match is at turn 42")."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(setup(seed_where_leader(0)))
        await wait_for(pilot, lambda: my_turn(app), "my turn")
        screen, host = app.screen, app.runner.host
        for _ in range(12):  # until the AI's reply leaves something of ours to take back (a pass)
            turn = host.turn
            screen.act(screen.table.legal[0])
            await wait_for(pilot, lambda turn=turn: my_turn(app) and host.turn >= turn + 2, "my turn again")
            if screen.table.undo:
                break
        assert screen.table.undo, "no reply left a move to take back"
        before, stale = host.turn, screen.table.legal[0]
        grid = screen.query_one(CardGrid)
        screen.tick(grid.keys[:1])
        screen.action_undo()
        assert screen.table.turn is None  # the keys wait for the position the undo brings
        assert not grid.selected  # and no card stays ticked for the position taken back
        screen.act(stale)  # at once, as fast typing sends it: not sent
        await wait_for(pilot, lambda: my_turn(app), "the position after the undo (or again, if refused)")
        assert host.turn <= before and screen.table.turn == host.turn


@pytest.mark.thorough
async def test_the_screen_answers_keys_while_the_ai_thinks(tmp_path):
    """The AI's search is long enough to outlast the key pressed as it starts (1,500 iterations,
    about a CPU-second: 5,000 made this test 5.5 CPU-s, not 2.5, and proved nothing more)."""
    app = make_app(tmp_path, iterations=1500)
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(setup(seed_where_leader(1), level="normal"))
        await wait_for(
            pilot,
            lambda: isinstance(app.screen, DecktetCaravanScreen) and app.screen.table.view is not None,
            "the table",
        )
        screen = app.screen
        status = screen.query_one("#status")
        await wait_for(pilot, lambda: "iterations" in str(status.render()), "the AI's progress")
        grid = screen.query_one(CardGrid)
        await pilot.press("right")
        assert grid.cursor == 1
        assert app.runner.host.turn == 0  # the key was handled while the AI still searches
        await pilot.press("ctrl+l")  # a screen opened and closed meanwhile (the whole log: the rules cost more)
        assert isinstance(app.screen, FullLogScreen)
        await pilot.press("escape")
        await wait_for(pilot, lambda: my_turn(app), "the AI's move", timeout=60)
        assert any(line.startswith("Bot plays") for line in screen.query_one("#log").lines_text)


@pytest.mark.thorough
async def test_new_match_refuses_a_table_without_you(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await focus(pilot, "seat-0")
        await pilot.press("enter", "down", "enter")  # seat 1: AI easy
        await pilot.press("ctrl+g")
        assert isinstance(app.screen, NewMatchScreen)
        assert any("exactly one seat for you" in n.message for n in notices(app))


async def test_small_terminal_notice(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(70, 20)) as pilot:
        notice = app.screen.query_one("#too-small")
        assert notice.display
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not app.screen.query_one("#too-small").display


async def test_a_terminal_made_smaller_shows_the_notice(tmp_path):
    """The notice is mounted the first time a screen is below 80×24, not on every screen."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert not app.screen.query("#too-small")
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        assert app.screen.query_one("#too-small").display


@pytest.mark.thorough
async def test_how_to_play_below_80x24_says_so_and_keeps_its_buttons(tmp_path):
    """The bug: at 60×20 How to play covered the screen's notice and its buttons fell below
    the bottom edge. Every dialog shows the notice; How to play scrolls its text instead."""
    app = make_app(tmp_path)
    async with app.run_test(size=(60, 20)) as pilot:
        app.begin_match(setup(seed_where_leader(0)))
        await wait_for(pilot, lambda: isinstance(app.screen, HowToPlayScreen), "how to play")
        await pilot.pause()
        text = "\n".join(line for line in screen_lines(app.screen))
        assert "The terminal is smaller than 80×24" in text
        assert "Play (enter)" in text and "Don't show again (d)" in text


def test_each_game_brings_its_screen_and_any_other_plays_on_the_generic_one():
    for game in GAMES.values():
        screen = game_screen_class(game)
        assert issubclass(screen, GameScreen) and (game.screen is not None or screen is GenericGameScreen)
    assert game_screen_class(dataclasses.replace(next(iter(GAMES.values())), screen=None)) is GenericGameScreen


def generic_tables(default: tuple[str, ...], players) -> list:
    """Each game with ``players(game)`` seats as a test parameter; the games not in ``default``
    run in the end-to-end run (``games_checked_by_default``: the generic screen is the kit's)."""
    tables = []
    for param in games_checked_by_default(*default):
        game = GAMES[param.values[0]]
        tables.append(pytest.param(game, players(game), marks=param.marks, id=f"{game.id}-{players(game)}p"))
    return tables


# by default the games whose plays are the hardest to list (Caravans of Ahldarahd: trades, bids,
# pledges) and the solo one (Caravanserai: no one else's turn between ours)
@pytest.mark.thorough
@pytest.mark.parametrize("game,players", generic_tables(("ahldarahd", "caravanserai"), lambda game: game.players[0]))
async def test_every_game_is_playable_from_the_generic_screen(tmp_path, monkeypatch, game, players):
    """The actions list alone plays any game: three of my decisions by keys, at its smallest
    table (its largest is played on generic screens in the every-seat test below)."""
    monkeypatch.setattr("caravan_tui.app.game_screen_class", lambda game: GenericGameScreen)
    app = make_app(tmp_path)
    seats = [SeatSpec("human")] + [SeatSpec("random")] * (players - 1)
    names = ["Tester"] + [f"Bot {seat}" for seat in range(1, players)]
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(MatchSetup(game.id, seats, names, dict(game.quick_options), 5))
        for _ in range(3):
            await wait_for(
                pilot,
                lambda: (
                    app.runner is None
                    or (isinstance(app.screen, GenericGameScreen) and app.screen.table.turn is not None)
                ),
                "my turn",
            )
            if app.runner is None:
                break
            turn = app.runner.host.turn
            await play_from_list(pilot, 0)
            await wait_for(pilot, lambda turn=turn: app.runner is None or app.runner.host.turn > turn, "the move")
        screen = app.screen
        if isinstance(screen, GenericGameScreen):
            assert list(screen.table.names) == names and "Tester" not in str(screen.query_one("#summary").render())


# the clients, the turns and the log's seat fields are the kit's: by default the most seats
# (Caravanserai, six screens) and two with hidden hands (Decktet Caravan)
@pytest.mark.parametrize(
    "game,players", generic_tables(("caravanserai", "decktet_caravan"), lambda game: game.players[-1])
)
@pytest.mark.thorough
async def test_every_seat_can_be_a_person_on_a_generic_screen(tmp_path, game, players):
    """Each person's screen is a client of the match: with every seat played by a person (one
    screen each, all in one app), each screen acts only on its own turn and reads the log in
    its own words."""
    app = make_app(tmp_path, home=False)  # (the screens are pushed straight onto a blank one)
    names = [f"Person{seat}" for seat in range(players)]
    async with app.run_test(size=SIZE) as pilot:
        runner = MatchRunner.new(game.id, [SeatSpec("human")] * players, names, 3, game.quick_options, None)
        screens = [GenericGameScreen(runner.client(seat)) for seat in range(players)]
        for screen in screens:
            await app.push_screen(screen)
        runner.start()
        try:
            for _ in range(players + 1):
                await wait_for(
                    pilot,
                    lambda: any(s.table.turn is not None for s in screens) or runner.host.status != "playing",
                    "someone's turn",
                )
                if runner.host.status != "playing":
                    break
                (mover,) = [s for s in screens if s.table.turn is not None]
                assert mover.seat == runner.host.state.to_move()
                turn = runner.host.turn
                mover.act(mover.table.legal[0])
                await wait_for(pilot, lambda turn=turn: runner.host.turn > turn, "the move")
            await wait_for(pilot, lambda: all(list(s.table.names) == names for s in screens), "every screen's names")
            for screen in screens:
                lines = screen.query_one("#log").lines_text
                assert not any(f"{names[screen.seat]} " in line for line in lines)  # yourself: "you"
        finally:
            runner.stop()


@pytest.mark.thorough
async def test_a_spectator_has_no_hand_no_seat_keys_and_waits_for_people_by_name(tmp_path):
    """Watching a match between two people: no hand panel, no hint/undo/save, the status says
    whose turn it is (a person is not "thinking"), and escape asks before it stops watching."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        runner = MatchRunner.new("decktet_caravan", [SeatSpec("human")] * 2, ["Ann", "Bob"], 3, {"hands": 1}, None)
        watching, playing = (DecktetCaravanScreen(runner.client(seat)) for seat in (None, 1))
        await app.push_screen(playing)
        await app.push_screen(watching)
        runner.start()
        try:
            mover = runner.host.state.to_move()
            await wait_for(pilot, lambda: watching.table.view is not None and watching.table.names, "the public view")
            status = watching.query_one("#status")
            await wait_for(pilot, lambda: f"{['Ann', 'Bob'][mover]} to play" in str(status.render()), "whose turn")
            assert "thinking" not in str(status.render())
            assert not watching.query_one(CardGrid).display and playing.query_one(CardGrid).display
            assert [watching.check_action(a, ()) for a in ("hint", "undo", "save", "pass", "rules")] == [
                False,
                False,
                False,
                False,
                True,
            ]
            await wait_for(pilot, lambda: playing.table.view is not None, "the seat's view")
            # (h only where a turn of the seat's is coming: not on the other person's turn)
            assert playing.check_action("hint", ()) is (mover == playing.seat)
            # (pass only on the seat's own decision, when it may pass: off it a guest was offered it)
            deciding = playing.table.turn is not None and ("pass",) in playing.table.legal
            assert playing.check_action("pass", ()) is deciding
            await pilot.press("escape")
            assert isinstance(app.screen, ConfirmScreen)
            await pilot.press("escape")
            assert app.screen is watching
        finally:
            runner.stop()


@pytest.mark.thorough
async def test_a_spectator_sees_the_latest_hand_summary_alone(tmp_path):
    """A spectator has no turn that waits for them to close a hand's summary: the next hand's
    replaces it rather than piling over it (newest first, over the next hand)."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        runner = MatchRunner.new("decktet_caravan", [SeatSpec("human")] * 2, ["Ann", "Bob"], 3, {"hands": 5}, None)
        watching = DecktetCaravanScreen(runner.client(None))
        players = [runner.client(seat) for seat in (0, 1)]
        await app.push_screen(watching)
        runner.start()
        rng = random.Random(3)
        try:
            while len(runner.host.state.view(None)["history"]) < 2:  # the people play two hands
                seat = runner.host.state.to_move()
                turn = await players[seat].get()
                if isinstance(turn, YourTurn):
                    await players[seat].send(Act(runner.match_id, seat, turn.turn, rng.choice(turn.legal)))
            await wait_for(pilot, lambda: len(watching.table.view["history"]) == 2, "the second hand's end")
            summaries = [screen for screen in app.screen_stack if isinstance(screen, HandSummaryScreen)]
            assert summaries == [app.screen] and app.screen.summary.renderables[0].title == "Hand 2 of 5"
            await pilot.press("enter")  # one key closes it: the table is in view
            assert app.screen is watching
        finally:
            runner.stop()


@pytest.mark.thorough
async def test_cards_with_several_readings_ask_which_one(tmp_path):
    game = get_game("decktet_caravan")
    seed, readings = next(
        (s, group)
        for s in range(200)
        for state in [game.new(2, seed=s, options={"hands": 1})]
        if state.to_move() == 0
        for group in [
            [a for a in state.legal_actions() if cards_in(a) == cards]
            for cards in {cards_in(a) for a in state.legal_actions()}
        ]
        if len(group) > 1
    )
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(setup(seed))
        await wait_for(pilot, lambda: my_turn(app), "my turn")
        assert await play_from_hand(pilot, readings[1])
        await wait_for(pilot, lambda: app.runner.host.turn >= 1, "the move")
        assert app.runner.host.actions[0] == readings[1]


def test_how_to_play_is_the_goal_and_a_turn_of_each_games_rules():
    for game in GAMES.values():
        short = how_to_play(game.rules)
        assert short.startswith("# ") and short.count("\n## ") <= 2 and len(short) < len(game.rules)


@pytest.mark.thorough
async def test_how_to_play_shows_once_per_game_until_dismissed_for_good(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.begin_match(setup(seed_where_leader(0)))
        await wait_for(pilot, lambda: isinstance(app.screen, HowToPlayScreen), "how to play")
        await pilot.press("enter")  # play, but show it again next time
        await wait_for(pilot, lambda: my_turn(app), "the table")
        app.go_home()
        app.begin_match(setup(seed_where_leader(0)))
        await wait_for(pilot, lambda: isinstance(app.screen, HowToPlayScreen), "how to play again")
        await pilot.press("d")
        await wait_for(pilot, lambda: my_turn(app), "the table")
        app.go_home()
        app.begin_match(setup(seed_where_leader(0)))
        await wait_for(pilot, lambda: my_turn(app), "the table at once")


@pytest.mark.thorough
async def test_escape_on_the_card_before_a_match_asked_for_on_the_command_line_begins_it(tmp_path):
    """The bug: `caravan-tui play decktet_caravan`, then escape ("Back") on How to play: home,
    the match asked for dropped, and home's Continue said there was none. From the command line
    there is no setup to go back to: escape closes the card and the match begins."""
    app = make_app(tmp_path, play=setup(seed_where_leader(0)))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HowToPlayScreen), "how to play")
        assert "Back" not in "\n".join(screen_lines(app.screen)[-1:])
        await pilot.press("escape")
        await wait_for(pilot, lambda: my_turn(app), "the table")
        assert app.last_setup == setup(seed_where_leader(0))


@pytest.mark.thorough
async def test_the_name_typed_for_you_is_remembered(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await focus(pilot, "name-0")
        await pilot.press(*"Zoë")
        await pilot.press("ctrl+g")
        await wait_for(pilot, lambda: isinstance(app.screen, (HowToPlayScreen, DecktetCaravanScreen)), "the start")
    assert Preferences.load(tmp_path).name == "Zoë"
    again = make_app(tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        assert again.screen.query_one("#name-0").placeholder == "Zoë"


@pytest.mark.thorough
async def test_after_my_move_the_status_line_never_says_i_am_thinking(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(setup(seed_where_leader(0)))
        await wait_for(pilot, lambda: my_turn(app), "my turn")
        screen, turn = app.screen, app.runner.host.turn
        screen.act(screen.table.legal[0])
        assert "Tester" not in str(screen.status_text()) and "thinking" not in str(screen.status_text())
        await wait_for(pilot, lambda: app.runner.host.turn > turn, "the move to land")


@pytest.mark.thorough
async def test_notices_do_not_pile_up_or_outlive_their_match(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(setup(seed_where_leader(0)))
        await wait_for(pilot, lambda: my_turn(app), "my turn")
        for _ in range(3):
            app.screen.action_undo()  # refused each time: one notice on screen, not three
            await pilot.pause()
        await wait_for(pilot, lambda: bool(notices(app)), "the refusal")
        assert len(notices(app)) == 1
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("down", "down", "enter", "y")  # resign
        await wait_for(pilot, lambda: isinstance(app.screen, MatchOverScreen), "the end")
        assert not notices(app)


@pytest.mark.thorough
@pytest.mark.parametrize("opened", ["table", "home", "saves"])
async def test_escape_closes_the_keys_panel_on_every_screen_and_does_nothing_else(tmp_path, opened):
    """The bug: on the home screen escape left the panel up; on the saves list and the rules it
    left the whole screen instead (at a table it closed it before it opened the menu). The rules
    are checked in the rules viewer test."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        if opened == "table":
            app.start_match(setup(seed_where_leader(0)))
            await wait_for(pilot, lambda: my_turn(app), "my turn")
        elif opened == "saves":
            app.open_saves()
        await escape_closes_the_keys_panel_and_then_is_the_screens(app, pilot, leaves=opened != "home")


async def test_the_palette_lists_each_command_once(tmp_path):
    """Home's "q Quit" was listed beside Textual's own "Quit"."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE):
        commands = list(app.get_system_commands(app.screen))
        titles = [command.title for command in commands]
        assert titles.count("Quit") == 1 and len(titles) == len(set(titles))
        (quit_,) = (command for command in commands if command.title == "Quit")
        assert quit_.help == "Leave caravan-tui; every move made so far is kept"  # (not "as soon as possible")


def test_after_a_resignation_the_headline_says_who_gave_up_and_who_wins():
    """The bug: a resignation at four players read "A draw between AI 2 and AI 3 and AI 4." for
    players whose scores differ (the others share the win)."""
    assert (
        resigned_line(["You", "AI 2", "AI 3", "AI 4"], [0.0, 1 / 3, 1 / 3, 1 / 3])
        == "You resigned: AI 2, AI 3 and AI 4 share the win."
    )
    assert resigned_line(["Ann", "You", "Bob"], [0.5, 0.0, 0.5]) == "You resigned: Ann and Bob share the win."
    assert resigned_line(["You", "AI 2"], [0.0, 1.0]) == "You resigned: AI 2 wins."
    assert resigned_line(["Ann", "You"], [0.0, 1.0]) == "Ann resigned: You win."
    assert resigned_line(["Ann", "Bob", "You"], [0.5, 0.0, 0.5]) == "Bob resigned: Ann and you share the win."


@pytest.mark.thorough
async def test_a_solo_match_resigned_ends_as_it_stands(tmp_path):
    """The bug: resigning a solo Caravanserai closed the app (the headline named a winner among
    no one else), and the question said the match was "lost for you"."""
    from caravan_tui.bus import MatchOver
    from caravan_tui.screens.table_menu import RESIGN_SOLO

    from tables import table_shown

    assert resigned_line(["You"], [0.0], 0) == "You resigned: the match ends as it stands."
    runner = MatchRunner.new("caravanserai", [SeatSpec("human")], ["Ann"], 1, {}, None)
    async with table_shown(tmp_path, runner) as (app, pilot, screen):
        await wait_for(pilot, lambda: screen.table.view is not None, "the table")
        screen.menu.confirm_resign()
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        asked = " ".join(" ".join(line.strip(" █") for line in screen_lines(app.screen)).split())
        assert f"Resign this match? {RESIGN_SOLO}" in asked, asked
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen, "the table again")
        screen.result.resigned = True
        await app.push_screen(app.final_table(screen, MatchOver(runner.match_id, [13.0], [0.0], "resigned")))
        await pilot.pause()
        assert any("You resigned: the match ends as it stands." in line for line in screen_lines(app.screen))


def test_a_draw_names_you_as_a_sentence_does():
    """Over SSH a draw read "A draw between Alice and You."."""
    assert result_line(["Alice", "You"], [2, 2], [0.5, 0.5]) == "A draw between Alice and you."
    assert result_line(["You", "Bob"], [2, 2], [0.5, 0.5]) == "A draw between you and Bob."


async def test_the_palettes_screenshot_goes_to_the_data_folder_and_says_where(tmp_path):
    """It went to ~/Downloads, and where there is none said only "Failed to save screenshot"."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.action_screenshot()
        await pilot.pause()
        saved = list((app.store.root / "screenshots").glob("*.svg"))
        assert len(saved) == 1 and "caravan-tui" in saved[0].read_text()
        assert [n.message for n in notices(app)] == [f"Screenshot saved: {saved[0]}"]


async def test_ctrl_c_says_which_key_quits_in_plain_words(tmp_path):
    """Over SSH ctrl+c read "Press [b]q[/b] to quit the app": Textual's words hold markup, and
    every notice here is plain text."""
    app = quick_app(tmp_path, 5)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen), "home")
        await pilot.press("ctrl+c")
        await wait_for(pilot, lambda: notices(app), "the notice")
        assert notices(app)[-1].message == "Press ctrl+q to quit the app."
