"""What whole matches played at 80×24 from a fresh data folder found, each as a person meets it."""

from __future__ import annotations

import pytest
from textual import events
from textual.app import App
from textual.widgets import MarkdownViewer, Tree

from caravan_tui.games import get_game
from caravan_tui.screens.rules import OPENING, RulesScreen, plain_fences
from caravan_tui.textual_adapter import screen_lines

from tables import wait_for

SIZE = (80, 24)


@pytest.mark.thorough
async def test_the_rules_screen_shows_at_once_then_its_text():
    """The bug: ``?`` seemed swallowed (after scrolling How to play, or anywhere): the rules
    screen showed only once its whole text was laid out, seconds on a busy host, so a second
    ``?`` or an escape pressed meanwhile went astray. The screen shows at once, saying the rules
    are opening, and its text follows (a fenced block's language is not guessed)."""
    game = get_game("camel_caravan")
    app = App()
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(RulesScreen(game))
        assert any(OPENING.strip("*") in line for line in screen_lines(app.screen))
        viewer = app.screen.query_one(MarkdownViewer)
        await wait_for(pilot, lambda: viewer.document.source == plain_fences(game.rules), "the rules")
        assert any(game.title in line for line in screen_lines(app.screen))
        assert not any(OPENING.strip("*") in line for line in screen_lines(app.screen))


@pytest.mark.thorough
async def test_a_second_question_mark_while_the_rules_open_leaves_them_to_open(monkeypatch):
    """Found playing Caravanserai: ``?`` showed "Opening the rules…" for two seconds, and a
    second ``?`` pressed then closed them unread. It closes them once they show."""
    from caravan_tui.screens.rules import RulesViewer

    monkeypatch.setattr(RulesViewer, "on_mount", lambda viewer: None)  # (its text loaded below, by hand)
    game = get_game("caravanserai")
    app = App()
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(RulesScreen(game))
        await pilot.press("question_mark")  # (still opening)
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        viewer = app.screen.query_one(RulesViewer)
        await viewer.load_rules()
        assert viewer.loaded
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: not isinstance(app.screen, RulesScreen), "the rules closed")


async def rules_read(app, pilot, game) -> MarkdownViewer:
    """``game``'s rules opened over ``app``, once their text is in: their viewer."""
    await app.push_screen(RulesScreen(game))
    viewer = app.screen.query_one(MarkdownViewer)
    await wait_for(pilot, lambda: viewer.document.source == plain_fences(game.rules), "the rules")
    return viewer


async def contents_opened(pilot, viewer: MarkdownViewer) -> Tree:
    """The rules' contents opened with ``t``: their tree."""
    await pilot.press("t")
    await pilot.pause()
    return viewer.table_of_contents.query_one(Tree)


@pytest.mark.thorough
async def test_the_contents_key_puts_the_focus_in_the_contents():
    """The bug: ``t Contents`` showed the contents with the focus left in the text, so Down and
    Enter scrolled the text and only a Tab walked the contents. They take the focus; hidden
    again, the text has it back."""
    game = get_game("ahldarahd")
    app = App()
    async with app.run_test(size=SIZE) as pilot:
        viewer = await rules_read(app, pilot, game)
        contents = await contents_opened(pilot, viewer)
        assert viewer.scroll_y == 0
        assert app.screen.focused is contents
        assert contents.cursor_line == 0  # (on the title: on no line, the first Down only put it there)
        await pilot.press("down")
        assert str(contents.get_node_at_line(contents.cursor_line).label).strip() == "The goal"
        await pilot.press("t")
        await pilot.pause()
        assert app.screen.focused is viewer.document and not viewer.show_table_of_contents


@pytest.mark.thorough
async def test_page_keys_page_the_text_with_the_contents_open():
    """Found in Merchant Lord's rules: with the contents open, PageDown only moved their cursor
    and the text stood still. The page keys page the text; the arrows still walk the contents."""
    game = get_game("merchant_lord")
    app = App()
    async with app.run_test(size=SIZE) as pilot:
        viewer = await rules_read(app, pilot, game)
        contents = await contents_opened(pilot, viewer)
        cursor = contents.cursor_line
        await pilot.press("pagedown", "pagedown")
        await wait_for(pilot, lambda: viewer.scroll_y > 0, "the text paged")
        assert contents.cursor_line == cursor and app.screen.focused is contents
        paged = viewer.scroll_y
        await pilot.press("pageup")
        await wait_for(pilot, lambda: viewer.scroll_y < paged, "the text paged back")
        await pilot.press("down")
        assert contents.cursor_line == cursor + 1


@pytest.mark.thorough
async def test_a_section_chosen_in_the_contents_is_read_at_the_whole_width():
    """The bug: chosen in the contents, Decktet Caravan's sample turn was read beside them, its
    hand's screen cut at the right ("· 2 Author" without its suits). Enter on a section closes
    them: the section's heading at the top, the text with the focus, every screen whole."""
    game = get_game("decktet_caravan")
    app = App()
    async with app.run_test(size=SIZE) as pilot:
        viewer = await rules_read(app, pilot, game)
        contents = await contents_opened(pilot, viewer)
        labels = [str(contents.get_node_at_line(n).label) for n in range(contents.last_line + 1)]
        line = next(n for n, label in enumerate(labels) if "A sample turn" in label)
        await pilot.press(*["down"] * (line - contents.cursor_line), "enter")
        await wait_for(
            pilot,
            lambda: any(row.strip() == "A sample turn" for row in screen_lines(app.screen)[:3]),
            "the section's heading at the top",
        )
        assert app.screen.focused is viewer.document and not viewer.show_table_of_contents
        await pilot.press(*["down"] * 8)
        await wait_for(pilot, lambda: any("☾M⌘K│" in row for row in screen_lines(app.screen)), "the hand whole")


@pytest.mark.thorough
async def test_a_section_chosen_in_the_contents_is_scrolled_to_once_the_text_is_whole(monkeypatch):
    """The bug: on a busy host "Scoring", chosen in Merchant Lord's contents, opened inside "Keys
    and mouse", a page further on: the viewer's own scroll, animated to where the heading stood
    in the narrow text beside the contents, ran on past the rewrap. Only the scroll to the
    heading in the whole-width text is made, and it leaves the heading at the top."""
    game = get_game("merchant_lord")
    app = App()
    async with app.run_test(size=SIZE) as pilot:
        viewer = await rules_read(app, pilot, game)
        scrolls: list[bool] = []
        scroll = type(viewer).scroll_to_widget

        def recorded(self, widget, *args, animate=True, **kwargs):
            scrolls.append(animate)
            return scroll(self, widget, *args, animate=animate, **kwargs)

        monkeypatch.setattr(type(viewer), "scroll_to_widget", recorded)
        contents = await contents_opened(pilot, viewer)
        labels = [str(contents.get_node_at_line(n).label).strip() for n in range(contents.last_line + 1)]
        await pilot.press(*["down"] * (labels.index("Scoring") - contents.cursor_line), "enter")
        await wait_for(
            pilot,
            lambda: any(row[:70].strip() == "Scoring" for row in screen_lines(app.screen)[:3]),
            "the section's heading at the top",
        )
        assert scrolls and not any(scrolls), scrolls  # (no animated scroll: the viewer's own)


@pytest.mark.thorough
async def test_the_contents_name_each_section_without_a_level_numeral_and_the_keys_read_beside_them():
    """The bug: with the contents open, every section under the title read "Ⅱ" before its name,
    like a numbering that never counted, and Decktet Caravan's keys table, squeezed beside them
    with a mostly empty Mouse column, set its first column a word a line."""
    game = get_game("decktet_caravan")
    app = App()
    async with app.run_test(size=SIZE) as pilot:
        viewer = await rules_read(app, pilot, game)
        await pilot.press("t")
        await pilot.pause()
        labels = [line.strip("├└─│▼ ") for line in screen_lines(app.screen)[1:12]]
        assert any(label.startswith("Decktet Caravan") for label in labels), labels
        assert not any(numeral in line for line in screen_lines(app.screen) for numeral in "ⅠⅡⅢ")
        keys = next(block for block in viewer.document.children if "tick or untick a card" in str(block.source))
        await pilot.pause()
        viewer.scroll_to_widget(keys, top=True, animate=False, immediate=True)
        await pilot.pause()
        shown = "\n".join(screen_lines(app.screen))
        for said in ("move in your hand", "tick or untick a card", "go round your hand, the Plays"):
            assert said in shown, shown  # (each on its line: it was "Ready / the / hint's / play")


def test_a_fenced_block_without_a_language_reads_as_plain_text():
    text = "a\n```\nx = 1\n```\n```python\ny\n```\n"
    assert plain_fences(text) == "a\n```text\nx = 1\n```\n```python\ny\n```"


@pytest.mark.thorough
async def test_the_final_scores_read_a_minus_sign_as_the_tables_below_them(tmp_path):
    """The bug: the result screen's line read "Ann (you): -1   Bob: 13" (a hyphen) over tables
    reading "−1" (a minus sign)."""
    from test_merchant_lord_screen import at_my_turn, play_until
    from textual.widgets import Static

    from caravan_tui.bus import MatchOver
    from caravan_tui.screens.summary import NO_BREAK, MatchOverScreen, final_scores
    from caravan_tui.words import MINUS

    prefix, _state = play_until(lambda s: s.turn == 0)
    async with at_my_turn(tmp_path, prefix) as (app, pilot, table):
        table.screen.handle(MatchOver(table.runner.match_id, [-1.0, 13.0], [0.0, 1.0]))
        await wait_for(pilot, lambda: isinstance(app.screen, MatchOverScreen), "the final table")
        scores = str(app.screen.query_one("#final-scores", Static).visual)
        assert f"{MINUS}1" in scores and "-" not in scores, scores
        # ours as the player table says it, not by the login name it shows nowhere else ("Root (you)"),
        # each score folded with its name ("AI 3:" stood above a "9" of its own)
        assert scores == f"You:{NO_BREAK}{MINUS}1   Bot:{NO_BREAK}13", scores
        assert (
            final_scores(["A" * 40, "[b]z[/b] (you)", "AI 3"], [9, 8, 9]).split("   ")[2]
            == f"AI{NO_BREAK}3:{NO_BREAK}9"
        )


@pytest.mark.thorough
async def test_six_dice_fit_a_players_line_at_80x24(tmp_path):
    """The bug: a player with 6 dice (free caravans won them 2 more) had the sixth wrapped onto
    a line of its own under the player lines. The names give up a column where a player holds
    more than 5 dice, so every die stays on its player's line."""
    from test_merchant_lord_screen import at_my_turn, builder_position, play_until

    from caravan_tui.games.merchant_lord.table_text import players_text

    prefix, _state = play_until(builder_position)
    async with at_my_turn(tmp_path, prefix) as (_app, _pilot, table):
        screen = table.screen
        dice = [[2, "unplaced"], [6, "v"], [3, "v"], [6, "v"], [2, "v"], [2, "v"]]
        view = dict(screen.table.view) | {"dice": [screen.table.view["dice"][0], dice], "known": [[], []]}
        lines = players_text(view, screen.table).plain.splitlines()
        width = screen.query_one("#ml-players").content_region.width
        assert all(len(line) <= width for line in lines), (width, lines)
        assert lines[2].endswith("·6 ·3 ·6 ·2 ·2") and lines[0].split()[-1] == "Dice"


@pytest.mark.thorough
async def test_the_rules_close_with_the_key_that_opened_them_and_the_contents_keep_the_place():
    """`?` in the rules (after PageDown) did nothing: only escape closed them. Showing the
    contents jumped the text to another section, and hiding them went back to the title."""
    game = get_game("decktet_caravan")
    app = App()
    async with app.run_test(size=SIZE) as pilot:
        viewer = await rules_read(app, pilot, game)
        await pilot.press("pagedown", "pagedown", "pagedown")
        await wait_for(pilot, lambda: viewer.scroll_y > 0, "the text scrolled")
        top = next(line for line in screen_lines(app.screen)[1:] if line.strip())
        for shown in (True, False):
            await pilot.press("t")
            await wait_for(pilot, lambda shown=shown: viewer.show_table_of_contents is shown, "the contents toggled")
            await pilot.pause()
            assert viewer.scroll_y > 0
            words = top.split()[:2]
            assert any(all(word in line for word in words) for line in screen_lines(app.screen)[:6]), words
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: not isinstance(app.screen, RulesScreen), "the rules closed")


@pytest.mark.thorough
async def test_the_result_says_what_happened_since_your_last_move(tmp_path):
    """Caravanserai between two: the person's caravan was stuck, their turns skipped while the AI
    grew its caravan by 14, and the result came with nothing of it said ("21 vs 22", then "AI 2
    wins! 21 vs 36"). The result screen says what happened since the seat's last decision."""
    from test_merchant_lord_screen import at_my_turn, play_until
    from textual.widgets import Static

    from caravan_tui.bus import MatchOver
    from caravan_tui.screens.summary import MatchOverScreen
    from caravan_tui.widgets.hanging import HangingLines

    prefix, _state = play_until(lambda s: s.turn == 0)
    skipped = [f"You cannot place (no open cell next to the head) and skip the turn. [{n}]" for n in range(22)]
    async with at_my_turn(tmp_path, prefix) as (app, pilot, table):
        table.screen.bus.since = list(skipped)
        table.screen.handle(MatchOver(table.runner.match_id, [21.0, 36.0], [0.0, 1.0]))
        await wait_for(pilot, lambda: isinstance(app.screen, MatchOverScreen), "the final table")
        await pilot.pause()
        shown = "\n".join(screen_lines(app.screen))
        assert "Since your last move (2 lines before these: the replay has every move):" in shown, shown
        said = "\n".join(app.screen.query_one("#match-since", HangingLines).lines)
        # (the latest 20: at 8, the end left out the outcome of the seat's own last roll)
        assert "skip the turn. [21]" in said and "[1]" not in said and "[2]" in said
        # the final table first: under those lines only its header showed at 80×24
        table_at = app.screen.query_one("#final-table", Static).region
        assert table_at.y < app.screen.query_one("#match-since", Static).region.y and table_at.bottom <= 21


def test_the_results_line_count_before_what_it_shows_is_in_words():
    """ "(1 lines before these: …)" under a Merchant Lord result."""
    from caravan_tui.screens.summary import RESULT_SINCE_SHOWN, since_lines

    said = since_lines([f"line {n}" for n in range(RESULT_SINCE_SHOWN + 1)]).heading
    assert said.startswith("Since your last move (1 line before these: the replay has every move):")


@pytest.mark.thorough
async def test_every_down_of_a_burst_scrolls_the_rules_a_line():
    """Over SSH: ten ↓ typed fast (one read) scrolled the rules one line; typed apart, ten. Each
    key moves on from where the one before is going."""
    game = get_game("camel_caravan")
    app = App()
    async with app.run_test(size=SIZE) as pilot:
        viewer = await rules_read(app, pilot, game)
        viewer.document.focus()
        await pilot.pause()
        for _ in range(5):  # (queued at once, as one read of the terminal's bytes brings them)
            event = events.Key("down", None)
            event.set_sender(app)
            app.post_message(event)
        await wait_for(pilot, lambda: viewer.scroll_y == 5, "five lines down")
        await pilot.press("pagedown", "pagedown")
        await wait_for(
            pilot, lambda: viewer.scroll_y == 5 + 2 * viewer.scrollable_content_region.height, "two pages on"
        )


def test_the_rules_say_what_newcomers_took_the_other_way():
    """Caravanserai's rules never said the end, once begun, stays begun as goods go back to the
    market (rules §8.2), where they often do; Caravans of Ahldarahd's said a Right of Passage
    "is on offer every turn", read as auctioned every turn, where it is only if someone opens
    an auction for it (§3.2)."""
    caravanserai = " ".join(get_game("caravanserai").rules.split())
    assert "Once begun, the end stays begun, even if goods go back to the market" in caravanserai
    ahldarahd = " ".join(get_game("ahldarahd").rules.split())
    assert "on offer every turn" not in ahldarahd
    assert "it is auctioned only when someone opens one" in ahldarahd


def test_ahldarahds_rules_name_the_items_as_the_players_lines_write_them():
    """The players' lines read "Pirate", the rules' screen section only "PQ"."""
    from caravan_tui.games.ahldarahd.table_text import SHORT_ITEMS

    rules = get_game("ahldarahd").rules
    assert all(f"`{name}`" in rules and f"`{short}`" in rules for name, short in SHORT_ITEMS.items())


@pytest.mark.parametrize("game_id", ["decktet_caravan", "camel_caravan", "caravanserai", "merchant_lord", "ahldarahd"])
def test_every_games_keys_name_the_whole_log_and_save(game_id):
    """Decktet Caravan's key table left out ctrl+l (the whole log), which the footer offers at
    every table; Camel Caravan's left out ctrl+s too."""
    from caravan_tui.screens.table_panels import WHOLE_LOG

    keys = get_game(game_id).rules.lower().split("## keys")[1]
    assert WHOLE_LOG in keys and "the whole log" in keys and "ctrl+s" in keys


@pytest.mark.thorough
async def test_a_players_line_gives_the_name_the_room_the_row_leaves(tmp_path):
    """Over SSH: "[b]z[/…" on the player table with three columns blank at the row's end (the
    names' column sized by the dice alone). Names get the room the row leaves, no more, and
    every line still fits."""
    from dataclasses import replace

    from test_merchant_lord_screen import at_my_turn, builder_position, play_until

    from caravan_tui.games.merchant_lord.table_text import players_text

    prefix, _state = play_until(builder_position)
    async with at_my_turn(tmp_path, prefix) as (_app, _pilot, table):
        screen = table.screen
        for names in (["Ann", "[b]z[/b]"], ["Ann", "A" * 40]):
            screen.table_state = replace(screen.table, names=names)
            lines = players_text(screen.table.view, screen.table).plain.splitlines()
            width = screen.query_one("#ml-players").content_region.width
            assert all(len(line) <= width for line in lines), (width, lines)
            if names[1] == "[b]z[/b]":
                assert "[b]z[/b]" in lines[2], lines
            else:
                assert len(lines[2]) == width, (width, lines)  # (the long name cut to the row's room)


@pytest.mark.thorough
async def test_decktet_s_result_signs_its_totals_as_its_score_table_does(tmp_path):
    """The result read "AI 2: 3" above a score table whose Total row read "+3"."""
    from textual.widgets import Static

    from caravan_tui.bus import MatchOver
    from caravan_tui.match.runner import MatchRunner
    from caravan_tui.saves.store import SaveStore
    from caravan_tui.screens.summary import NO_BREAK, MatchOverScreen
    from caravan_tui.seats import SeatSpec
    from caravan_tui.words import MINUS

    from tables import settled, table_shown

    seats, kept = [SeatSpec("human")] * 2, SaveStore(tmp_path / "k")
    runner = MatchRunner.new("decktet_caravan", seats, ["P0", "AI 2"], 1, {}, kept)
    async with table_shown(tmp_path, runner) as (app, pilot, screen):
        await wait_for(pilot, lambda: settled(screen), "the table")
        screen.handle(MatchOver(runner.match_id, [-2.0, 3.0], [0.0, 1.0]))
        await wait_for(pilot, lambda: isinstance(app.screen, MatchOverScreen), "the final table")
        scores = str(app.screen.query_one("#final-scores", Static).visual)
        assert scores == f"You:{NO_BREAK}{MINUS}2   AI{NO_BREAK}2:{NO_BREAK}+3", scores
