"""The Decktet Caravan table at 80×24 (Pilot): cards in play as rank and suit glyphs, the season
panel keeping who played in sight, unplayable cards marked, illegal selections explained in the
engine's words, one selection between the hand and the plays list, and rules for players.

The opponent is a second person's seat driven by the test through its own client, so every
position is reached by real moves and nothing waits on a search."""

from __future__ import annotations

import dataclasses
import random
import re
from contextlib import asynccontextmanager
from itertools import pairwise

import pytest
from rich.text import Text

from caravan_tui.app import CaravanApp
from caravan_tui.games import get_game
from caravan_tui.games.decktet_caravan.card_grid import CardGrid
from caravan_tui.games.decktet_caravan.card_words import card_face, cards_in, to_beat
from caravan_tui.games.decktet_caravan.cards import INDEX, RANKS, SUIT_CODES, SUIT_SYMBOLS, SUITS, WILD_MASK
from caravan_tui.games.decktet_caravan.looks import season_rows
from caravan_tui.games.decktet_caravan.screen import DecktetCaravanScreen
from caravan_tui.games.decktet_caravan.status_line import enter
from caravan_tui.match.runner import MatchRunner
from caravan_tui.seats import SeatSpec
from caravan_tui.textual_adapter import notices, screen_strips
from caravan_tui.textual_adapter import screen_lines as drawn_rows
from caravan_tui.widgets import ActionList, MatchLog

from tables import Table, at_turn, quick_app, wait_for

SIZE = (80, 24)
PASS = ("pass",)
GAME = get_game("decktet_caravan")
OPTIONS = {"hands": 1}


def make_app(tmp_path, iterations: int = 30) -> CaravanApp:
    """The app every test here opens a table in (at a blank screen, not Home: ``BareApp``)."""
    return quick_app(tmp_path, iterations, flash_seconds=0.05, home=False)


def glyphs(token: str) -> str:
    """A card in play as the table writes it: rank, then each suit's symbol and letter
    (``6☀S∿Y``); a wild card with the rank it stands for (``C♣L→9``)."""
    card_id, _, rank = token.partition("@")
    card = INDEX[card_id]
    text = {1: "A", 10: "C"}.get(RANKS[card], str(RANKS[card]))
    text += "".join(SUIT_SYMBOLS[i] + code for i, code in enumerate(SUIT_CODES) if SUITS[card] >> i & 1)
    return text + (f"→{rank}" if rank else "")


def screen_lines(app) -> list[str]:
    """The screen as it is drawn, one string a row."""
    return drawn_rows(app.screen)


def first_state(seed: int):
    return GAME.new(2, seed=seed, options=OPTIONS)


def wilds_of(state, seat: int) -> list[str]:
    return [card for card in state.view(seat)["hand"] if (1 << INDEX[card]) & WILD_MASK]


def find_seed(test) -> int:
    return next(seed for seed in range(500) if test(first_state(seed)))


def table_at(app, seed: int) -> Table:
    return Table(app, "decktet_caravan", DecktetCaravanScreen, seed, OPTIONS)


def my_turn(screen) -> bool:
    return screen.table.turn is not None and screen.table.view is not None and screen.table.names != ()


def at_my_turn(tmp_path, seed):
    """The app at 80×24 at the table dealt by ``seed``, once it is the screen's (seat 0's) turn."""
    app = make_app(tmp_path)
    return at_turn(app, table_at(app, seed), my_turn, SIZE)


def longest(legal) -> tuple:
    return max((a for a in legal if a != PASS), key=len)


async def tick(pilot, grid: CardGrid, cards) -> None:
    for card in sorted(cards, key=grid.keys.index):
        target = grid.keys.index(card)
        while grid.cursor != target:
            await pilot.press("right" if grid.cursor < target else "left")
        await pilot.press("space")


@pytest.mark.thorough
async def test_the_season_line_shows_who_then_rank_and_suit_glyphs_then_what_beats_it(tmp_path):
    seed = find_seed(lambda s: s.to_move() == 1)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot, table_at(app, seed) as table:
        lead = await table.bot_plays(lambda legal: next(a for a in legal if len(a) == 3))
        await wait_for(pilot, lambda: my_turn(table.screen), "my turn")
        await pilot.pause()
        played = " ".join(glyphs(token) for token in lead[1:])
        assert re.search(r"[2-9AC][☾☀≈♣∿⌘][MSVLYK]", played)
        lines = screen_lines(app)
        assert any(f"Bot: {played}" in line for line in lines), "\n".join(lines)
        assert any("To beat: 2 cards, top above" in line for line in lines)


@pytest.mark.thorough
async def test_the_up_cards_and_a_replaced_up_card_show_as_glyphs_on_the_table(tmp_path):
    seed = find_seed(lambda s: s.view(0)["aside_up"])
    view = first_state(seed).view(0)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot, table_at(app, seed) as table:
        await wait_for(pilot, lambda: table.screen.table.view is not None and table.screen.table.names, "the table")
        await pilot.pause()
        lines = screen_lines(app)
        up = next(line for line in lines if line.strip().startswith("Up: "))
        assert all(glyphs(card) in up for card in view["up"]), up
        assert any(f"Set aside face up: {glyphs(view['aside_up'][0])}" in line for line in lines), "\n".join(lines)


@pytest.mark.thorough
async def test_a_long_caravan_keeps_who_played_and_what_beats_it_in_view_at_80x24(tmp_path):
    seed = find_seed(lambda s: s.to_move() == 1 and len(longest(s.legal_actions())) >= 8)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot, table_at(app, seed) as table:
        lead = await table.bot_plays(longest)
        await wait_for(pilot, lambda: my_turn(table.screen), "my turn")
        first = glyphs(lead[1])
        await wait_for(
            pilot,
            lambda: (
                any(f"Bot: {first}" in line for line in screen_lines(app))
                and any("To beat:" in line for line in screen_lines(app))
            ),
            "who played and what beats it, both in view",
        )
        lines = screen_lines(app)
        top = next(i for i, line in enumerate(lines) if f"Bot: {first}" in line)
        shown = " ".join(lines[top : top + 3])  # the play wraps under its cards, not past two lines
        assert all(glyphs(token) in shown for token in lead[1:]), "\n".join(lines)


async def test_the_hand_marks_cards_that_are_in_no_legal_play(tmp_path):
    seed = find_seed(lambda s: s.to_move() == 1 and len(longest(s.legal_actions())) >= 5)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot, table_at(app, seed) as table:
        await table.bot_plays(longest)
        await wait_for(pilot, lambda: my_turn(table.screen), "my turn")
        await pilot.pause()
        screen = table.screen
        grid = screen.query_one(CardGrid)
        usable = set().union(*(cards_in(a) for a in screen.table.legal if a != PASS))
        unusable = [card for card in grid.keys if card not in usable]
        assert unusable and usable
        drawn = grid.render().plain
        for card in grid.keys:
            mark = "·" if card in unusable else " "
            assert mark + card_face(card).plain in drawn, (card, drawn)
        assert any("·" in line and "can't play" in line for line in screen_lines(app))  # the legend


@pytest.mark.thorough
async def test_the_hand_focused_as_the_match_begins_is_marked(tmp_path):
    """A match begun (or resumed) with the hand focused showed "╭─ Your hand (15) ─": no ``▸``,
    which marks the focus everywhere else; the hand's title was drawn over the mark."""
    seed = find_seed(lambda s: s.to_move() == 0)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot, table_at(app, seed) as table:
        await wait_for(pilot, lambda: my_turn(table.screen), "my turn")
        await pilot.pause()
        grid = table.screen.query_one(CardGrid)
        assert grid.has_focus
        assert any(line.startswith("╭─ ▸ Your hand") for line in screen_lines(app)), screen_lines(app)[:12]


@pytest.mark.thorough
async def test_an_illegal_selection_says_why_in_the_engines_words(tmp_path):
    # leading: a lone Ace or Crown is a bandit, and a bandit may not open a season
    seed = find_seed(lambda s: s.to_move() == 0)
    async with at_my_turn(tmp_path, seed) as (app, pilot, table):
        grid = table.screen.query_one(CardGrid)
        await tick(pilot, grid, wilds_of(first_state(seed), 0)[:1])
        await pilot.press("enter")
        await wait_for(
            pilot, lambda: any("bandit may not open a season" in n.message.lower() for n in notices(app)), "the reason"
        )
        assert table.moves() == 0

    # replying: a card too low for the caravan on the table
    seed = find_seed(lambda s: s.to_move() == 1 and len(longest(s.legal_actions())) >= 3)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot, table_at(app, seed) as table:
        lead = await table.bot_plays(longest)
        await wait_for(pilot, lambda: my_turn(table.screen), "my turn")
        screen = table.screen
        grid = screen.query_one(CardGrid)
        usable = set().union(*(cards_in(a) for a in screen.table.legal if a != PASS))
        low = next(c for c in grid.keys if c not in usable and not (1 << INDEX[c]) & WILD_MASK)
        await tick(pilot, grid, [low])
        await pilot.press("enter")
        await wait_for(pilot, lambda: any("does not beat" in n.message for n in notices(app)), "the reason")
        reason = next(n.message for n in notices(app) if "does not beat" in n.message)
        assert glyphs(low) in reason and glyphs(lead[1]) in reason
        assert "To beat:" in reason and (
            "top above" in reason or "1 card above" in reason or "To beat: any bandit." in reason
        )
        assert table.moves() == 1


@pytest.mark.thorough
async def test_enter_in_the_plays_list_plays_the_ticked_cards(tmp_path):
    """The focus trap: cards ticked while the opponent was still to move, Tab to the plays list,
    Enter — the ticked cards are played, not the list's first line."""

    def fits(state) -> bool:
        view = state.view(0)
        aces = [c for c in view["hand"] if c.startswith("1")]
        crowns = [c for c in view["hand"] if c.startswith("N")]
        return state.to_move() == 1 and aces and crowns

    seed = find_seed(fits)
    hand = first_state(seed).view(0)["hand"]
    pair = ("bandit", next(c for c in hand if c.startswith("1")), next(c for c in hand if c.startswith("N")))
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot, table_at(app, seed) as table:
        screen = table.screen
        grid = screen.query_one(CardGrid)
        await wait_for(pilot, lambda: screen.table.view is not None and grid.keys, "the table")
        await tick(pilot, grid, cards_in(pair))  # while Bot is still to lead
        await table.bot_plays(longest)
        await wait_for(pilot, lambda: my_turn(screen), "my turn")
        actions = screen.query_one(ActionList)
        assert pair in screen.table.legal and screen.table.legal.index(pair) != 0
        await pilot.press("tab")
        assert app.focused is actions
        await pilot.pause()
        shown = actions.actions[actions.highlighted] if actions.highlighted is not None else None
        await pilot.press("enter")
        await wait_for(pilot, lambda: table.moves() == 2, "my move")
        assert table.runner.host.actions[1] == pair
        assert shown == pair  # and the list showed it before Enter


@pytest.mark.thorough
async def test_the_plays_list_and_the_ticks_are_one_selection(tmp_path):
    """Moving through the list ticks the highlighted play's cards; ticked cards that are no play
    leave the list without a highlight, and Enter there says why instead of playing a line."""
    seed = find_seed(lambda s: s.to_move() == 0)
    async with at_my_turn(tmp_path, seed) as (app, pilot, table):
        screen = table.screen
        grid = screen.query_one(CardGrid)
        actions = screen.query_one(ActionList)
        await pilot.press("tab")
        assert app.focused is actions
        await pilot.press("down", "down")
        await pilot.pause()
        assert set(grid.selection()) == cards_in(actions.actions[actions.highlighted])
        await pilot.press("shift+tab")
        assert app.focused is grid
        await pilot.press("c")
        await tick(pilot, grid, wilds_of(first_state(seed), 0)[:1])  # a lone Ace or Crown: no lead
        await pilot.pause()
        assert actions.highlighted is None
        await pilot.press("tab")
        await pilot.press("enter")
        await wait_for(
            pilot, lambda: any("bandit may not open a season" in n.message.lower() for n in notices(app)), "the reason"
        )
        assert table.moves() == 0


def test_the_rules_are_for_players_and_give_the_keys():
    """The rules ``?`` shows at the table (test_app's rules viewer test: these very words)."""
    source = GAME.rules
    for spec_words in ("Decision points", "Invariants", "Source rulebook", "RNG", "determiniz", "Ruling"):
        assert spec_words.lower() not in source.lower()
    headings = re.findall(r"^## (.+)$", source, re.M)
    assert headings[:2] == ["The goal", "A turn"]
    assert {"A sample turn", "Keys and mouse", "Scoring", "Tips"} <= set(headings)
    for key in ("space", "Enter", "Tab", "| p ", "| h ", "| a ", "| u ", "| ? ", "Escape", "click"):
        assert key in source, key
    assert "☾M" in source and "```" in source  # the suits as the screen shows them, a diagram


# -- what Enter plays, the piles, the focus without colour ------------------------------------------


def status_drawn(app, screen) -> str:
    """The status rows as drawn (it may take two), joined."""
    region = screen.query_one("#status").region
    rows = [line[region.x : region.right].strip() for line in screen_lines(app)[region.y : region.bottom]]
    return " ".join(row for row in rows if row)


@pytest.mark.thorough
async def test_a_long_play_is_worded_whole_on_two_status_lines_and_enter_plays_it(tmp_path):
    def one_reading(legal) -> list:
        return [a for a in legal if a != PASS and [b for b in legal if b != PASS and cards_in(b) == cards_in(a)] == [a]]

    seed = find_seed(lambda s: s.to_move() == 0 and any(len(a) >= 5 for a in one_reading(s.legal_actions())))
    async with at_my_turn(tmp_path, seed) as (app, pilot, table):
        screen = table.screen
        grid = screen.query_one(CardGrid)
        play = longest(one_reading(screen.table.legal))
        hand_at = grid.region.y
        await tick(pilot, grid, cards_in(play))
        await pilot.pause()
        assert screen.enter_action() == play
        words = "Enter plays Caravan " + " ".join(map(glyphs, play[1:]))
        assert status_drawn(app, screen) == words  # never cut with "…"
        region = screen.query_one("#status").region
        assert len(words) > region.width - 2 and region.height == 2
        assert grid.region.y == hand_at  # (the status line grew a row and moved the hand up under the cursor)
        await pilot.press("c")  # nothing ticked: Enter ticks the card under the cursor, the next plays it
        single = next(a for a in screen.table.legal if len(a) == 2 and a[0] == "caravan")
        while grid.keys[grid.cursor] != single[1]:
            await pilot.press("right" if grid.cursor < grid.keys.index(single[1]) else "left")
        await pilot.pause()
        assert screen.enter_action() is None
        assert status_drawn(app, screen) == "Your turn: Enter ticks a card, then plays it"
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.table.ticked == {single[1]}, "the card ticked")
        assert table.moves() == 0
        promised = screen.enter_action()
        assert promised == single
        assert status_drawn(app, screen) == f"Enter plays Caravan {glyphs(promised[1])}"
        await pilot.press("enter")
        await wait_for(pilot, lambda: table.moves() == 1, "my move")
        assert table.runner.host.actions[0] == promised


@pytest.mark.thorough
async def test_an_opponents_pile_is_labelled_apart_from_what_they_hold(tmp_path):
    seed = find_seed(lambda s: s.to_move() == 0)
    async with at_my_turn(tmp_path, seed) as (app, _pilot, _table):
        drawn = screen_lines(app)
        held = len(first_state(seed).view(1)["hand"])
        left = " ".join(line.split("│")[0].split("╭")[0].strip() for line in drawn)  # it wraps
        # the player's own 4, as the rules page says it ("4 of 4" read as the deck's count)
        assert f"Bot · {held} in hand, 4 of their 4 Aces and Crowns still unplayed · pile +0: empty" in left
        assert "how many of the other player's 4 Aces and Crowns are still unplayed" in " ".join(
            get_game("decktet_caravan").rules.split()
        )
        assert any(line.strip().startswith("Tester (you) · pile +0: empty") for line in drawn)


@pytest.mark.thorough
async def test_the_hands_cursor_shows_its_focus_without_colour(tmp_path, monkeypatch):
    """Under NO_COLOR the focused cursor is in reverse video (a grey shade alone once marked it)."""
    monkeypatch.setenv("NO_COLOR", "1")
    seed = find_seed(lambda s: s.to_move() == 0)
    async with at_my_turn(tmp_path, seed) as (app, pilot, table):
        screen = table.screen
        grid = screen.query_one(CardGrid)

        def cursor_reversed() -> bool:
            region = grid.content_region
            strip = screen_strips(app.screen)[region.y]
            cells, x = [], 0
            for segment in strip:
                if region.x <= x < region.x + grid.chip_width:
                    cells.append(bool(segment.style and segment.style.reverse))
                x += segment.cell_length
            return any(cells)

        assert grid.has_focus and grid.cursor == 0 and cursor_reversed()
        await pilot.press("tab")
        await pilot.pause()
        assert not grid.has_focus and not cursor_reversed()


def test_a_finished_match_no_longer_offers_a_last_play_or_pass():
    """The bug: the last view of a finished match (a replay's end) still read "… went out: your
    last play or pass."."""
    game = get_game("decktet_caravan")
    for seed in range(40):
        state, rng = game.new(2, seed=seed), random.Random(seed)
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()))
        if state.view(0)["out_player"] is not None:
            break
    final = state.view(0)
    assert final["over"] and final["out_player"] is not None
    runner = MatchRunner.new(game.id, [SeatSpec("human")] * 2, ["Ann", "Bob"], 1, {}, None)
    screen = DecktetCaravanScreen(runner.client(0))
    said = " ".join(note.plain for note in season_rows(screen.table, final)[1])
    assert "went out" not in said
    assert "went out" in " ".join(note.plain for note in season_rows(screen.table, {**final, "over": False})[1])


def test_a_spectator_is_never_told_of_their_last_play():
    """The bug: a spectator read "… went out: your last play or pass." (they have no play)."""
    game = get_game("decktet_caravan")
    for seed in range(40):
        state, rng = game.new(2, seed=seed), random.Random(seed)
        while not state.is_over() and state.view(None)["out_player"] is None:
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_over():
            break
    view = state.view(None)
    out = view["out_player"]
    assert out is not None and not view["over"]
    runner = MatchRunner.new(game.id, [SeatSpec("human")] * 2, ["Ann", "Bob"], 1, {}, None)

    def said(seat: int | None) -> str:
        screen = DecktetCaravanScreen(runner.client(seat))
        return " ".join(note.plain for note in season_rows(screen.table, state.view(seat))[1])

    assert "went out: Player" in said(None) and "has one last play or pass" in said(None) and "your" not in said(None)
    # (the one who went out read "You went out: one last play or pass." as its own last play)
    assert "your last play or pass" in said(1 - out) and f"You went out: Player {2 - out} has one last" in said(out)


def test_a_caravan_up_to_9_asks_for_a_bandit_only():
    """The bug: "To beat: 7 cards above 9, or any bandit." (nothing stands above 9)."""
    assert to_beat(("caravan", "5YK", "6MV", "7SK", "8YK", "9VY")) == "To beat: any bandit."
    assert to_beat(("caravan", "7SK", "8YK")) == "To beat: 2 cards, top above 8, or any bandit."


def test_to_beat_says_the_top_card_is_above():
    """The bug: "To beat: 3 cards above 7" read as three cards each above 7 (rules: as many cards,
    a higher top rank)."""
    assert to_beat(("caravan", "5YK", "6MV", "7SK")) == "To beat: 3 cards, top above 7, or any bandit."
    assert to_beat(("caravan", "7SK")) == "To beat: 1 card above 7, or any bandit."


@pytest.mark.thorough
async def test_a_tick_draws_the_hand_once(tmp_path):
    """The bug: a tick drew the hand by hand (``redraw`` from outside, the state changed in
    place), then the plays list's following drew it again: one tick, one drawing of the hand."""
    seed = find_seed(lambda s: s.to_move() == 0)
    async with at_my_turn(tmp_path, seed) as (_app, pilot, table):
        grid = table.screen.query_one(CardGrid)
        draw, drawn = grid.draw, []

        def counted(look):
            drawn.append(look)
            draw(look)

        grid.draw = counted
        await pilot.press("space")
        await wait_for(pilot, lambda: bool(grid.selection()), "the tick")
        await pilot.pause()
        assert len(drawn) == 1 and drawn[0].ticked == frozenset(grid.selection())


@pytest.mark.thorough
async def test_the_plays_list_keeps_the_focus_when_a_turn_comes_while_the_terminal_has_not_got_it(tmp_path):
    """Over SSH the plays list needed Tab before Enter each turn: a terminal that loses the focus
    takes it from the table (Textual gives it back when the terminal has it again), and the turn
    that came meanwhile gave it to the hand, so the list the person played from did not get it
    back."""
    seed = find_seed(lambda s: s.to_move() == 0)
    async with at_my_turn(tmp_path, seed) as (app, pilot, table):
        screen = table.screen
        actions = screen.query_one(ActionList)
        await pilot.press("tab")
        assert app.focused is actions
        await pilot.press("enter")  # (the first highlights the first play, as after the others' turn)
        await pilot.pause()
        assert table.moves() == 0 and actions.highlighted == 0
        await pilot.press("enter")
        await wait_for(pilot, lambda: table.moves() == 1, "my move")
        app.app_focus = False  # (the person looks at another window)
        await pilot.pause()
        await table.bot_plays(lambda legal: legal[-1])
        await wait_for(pilot, lambda: my_turn(screen), "my turn")
        await pilot.pause()
        app.app_focus = True
        await pilot.pause()
        assert app.focused is actions


@pytest.mark.thorough
async def test_c_clears_the_ticks_from_the_plays_list_and_the_log_too(tmp_path):
    """The bug: the status line says "c clears" while the plays list or the log has the focus,
    but ``c`` cleared the ticks only in the hand; elsewhere it was swallowed."""
    seed = find_seed(lambda s: s.to_move() == 0)
    async with at_my_turn(tmp_path, seed) as (app, pilot, table):
        screen = table.screen
        grid = screen.query_one(CardGrid)
        await pilot.press("tab", "down")  # the plays list ticks its highlighted play's cards
        await wait_for(pilot, lambda: screen.table.ticked_in_hand(), "the ticks")
        await pilot.press("c")
        await wait_for(pilot, lambda: not screen.table.ticked_in_hand() and not grid.selection(), "the ticks cleared")
        # (one selection: the list kept the play's line, and Enter played the cards just unticked)
        assert screen.query_one(ActionList).highlighted is None and enter(screen.table) is None
        await pilot.press("shift+tab", "space", "tab", "tab")  # a tick in the hand, then on to the log
        await wait_for(pilot, lambda: screen.table.ticked_in_hand() and app.focused.id == "log", "the log")
        await pilot.press("c")
        await wait_for(pilot, lambda: not screen.table.ticked_in_hand(), "the ticks cleared")


def test_an_unbeatable_bandit_tells_only_the_others_to_pass():
    """The bug: "Nothing beats it: pass." on the screen of the person who had just played it, on
    the other's move."""
    from caravan_tui.games.decktet_caravan.card_words import UNBEATABLE
    from caravan_tui.games.decktet_caravan.table_state import DecktetCaravanTable
    from caravan_tui.games.decktet_caravan.views import season_play

    game = get_game("decktet_caravan")
    for seed in range(200):
        state, rng = game.new(2, seed=seed), random.Random(seed)
        while not state.is_over():
            season = state.view(None)["season"]
            if season and to_beat(season_play(season[-1])[1]) == UNBEATABLE:
                break
            state.apply(rng.choice(state.legal_actions()))
        else:
            continue
        break
    player = season_play(state.view(None)["season"][-1])[0]
    for seat, said in ((player, "Nothing beats your bandit."), (1 - player, UNBEATABLE)):
        view = state.view(seat)
        table = DecktetCaravanTable(seat=seat, names=["Ann", "Bob"], view=view, world=game.from_view(view, seat))
        assert said in [note.plain for note in season_rows(table, view)[1]]


@pytest.mark.thorough
async def test_a_hints_stars_go_once_its_play_is_made(tmp_path):
    """Found over SSH and the same at home: Ann played the hint's Painter (h, a, Enter) and the
    Painter kept its ★ in her hand (the hand's, and in the next deal the same card dealt again)
    until her next decision. The stars go with the position they were for."""
    seed = find_seed(lambda s: s.to_move() == 0)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot, table_at(app, seed) as table:
        screen = table.screen
        await wait_for(pilot, lambda: my_turn(screen), "my turn")
        await pilot.press("h")
        await wait_for(pilot, lambda: screen.table.hint_panel is not None, "the hint asked")
        play = longest(screen.table.legal)
        screen.show_hint(play, "")
        await pilot.pause()
        assert screen.table.hinted_cards == cards_in(play) and any("★" in line for line in screen_lines(app))
        await pilot.press("a", "enter")
        await wait_for(pilot, lambda: table.moves() == 1 and screen.table.view["to_move"] == 1, "the play made")
        assert screen.table.hinted_cards == frozenset()
        assert not any("★" in line for line in screen_lines(app)), "\n".join(screen_lines(app))


@pytest.mark.thorough
async def test_the_plays_list_names_the_key_back_to_the_hand_and_it_goes_there(tmp_path):
    """ "tab: your hand" from the plays list, and Tab went on to the log."""
    seed = find_seed(lambda s: s.to_move() == 0)
    async with at_my_turn(tmp_path, seed) as (app, pilot, table):
        screen = table.screen
        actions = screen.query_one(ActionList)
        actions.focus()
        actions.highlighted = None
        await pilot.pause()
        said = status_drawn(app, screen)
        assert "shift+tab: hand" in said
        await pilot.press("shift+tab")
        assert app.focused is screen.query_one(CardGrid)


def test_a_play_beside_a_long_name_wraps_whole_under_it():
    """Over SSH, beside a 40-letter name the first card of the play was drawn past the panel's
    edge: the other player read a 6-card caravan for 7, and a lone card or bandit not at all."""
    from caravan_tui.games.decktet_caravan.season_view import flow

    head = Text("Annabelle the Very Long Named Caravan Tr: ")
    cards = [Text(word) for word in ["3☀S⌘K", "4☾M☀S", "A☀S→5", "6☀S∿Y", "7☀S⌘K", "8∿Y⌘K", "A⌘K→9"]]
    for width in (43, 45, 47):
        lines = flow(head, cards, width)
        assert all(len(line) <= width for line in lines), [line.plain for line in lines]
        assert " ".join(line.plain for line in lines).split()[7:] == [card.plain for card in cards]
    alone = flow(head, [Text("A≈V")], 44)
    assert [line.plain for line in alone] == [head.plain, "  A≈V"]
    short = flow(Text("You: "), cards[:2], 45)  # (a head with room keeps its play beside it)
    assert [line.plain for line in short] == ["You: 3☀S⌘K 4☾M☀S"]


def test_a_bandit_beside_a_long_name_keeps_its_word():
    """Over SSH: beside a 40-letter name, Bob read "Annabella Wintergreen-Throckmorton of Ba: /
    A♣L", a lone Ace like a caravan of one card: the word "bandit" went with the name, past the
    panel's edge."""
    from types import SimpleNamespace

    from caravan_tui.games.decktet_caravan.season_view import flow

    view = {"season": [[0, ["bandit", "1S"]]], "out_player": None, "over": False}
    table = SimpleNamespace(flash=None, seat=1, player_name=lambda seat: "Annabella Wintergreen-Throckmorton of Ba")
    (head, words, _style), *_ = season_rows(table, view)[0]
    lines = [line.plain for line in flow(head, words, 45)]
    assert lines == ["Annabella Wintergreen-Throckmorton of Ba: ", "  bandit A☀S"], lines
    short = SimpleNamespace(flash=None, seat=0, player_name=lambda seat: "You")
    (head, words, _style), *_ = season_rows(short, view)[0]
    assert [line.plain for line in flow(head, words, 45)] == ["You: bandit A☀S"]


@pytest.mark.thorough
async def test_a_hint_beside_the_board_takes_the_logs_place_under_the_plays(tmp_path):
    """Found in a newcomer's match: a hint shorter than the log was drawn over its lower part, so
    the log's first lines showed without their bottom edge, broken off mid-entry ("the Lunatic,
    the Chance"). The hint now takes the log's place, under the plays list, and both are whole."""
    seed = find_seed(lambda s: s.to_move() == 0)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot, table_at(app, seed) as table:
        screen = table.screen
        await wait_for(pilot, lambda: my_turn(screen), "my turn")
        log, plays, hint = (screen.query_one(selector) for selector in ("#log", "#actions", "#hint-panel"))
        assert log.display and log.region.height > 2
        screen.show_hint(PASS, "")
        await wait_for(pilot, lambda: hint.showing and hint.region.height > 0, "the hint shown")
        await pilot.pause()
        assert not log.display
        assert hint.region.y >= plays.region.bottom and hint.region.bottom <= screen.query_one("#side").region.bottom
        await pilot.press("h")  # (h hides it: the log is back)
        await wait_for(pilot, lambda: log.display and log.region.height > 2, "the log back")


def wrapped_short(log) -> list[str]:
    """The log's rows that end a row early: the next row goes on the same entry, and its first
    word would have fitted after them."""
    rows, width = [strip.text.rstrip() for strip in log.lines], log.scrollable_content_region.width
    return [
        row
        for row, after in pairwise(rows)
        if after.strip() and not after.startswith("•") and len(row) + 1 + len(after.split()[0]) <= width
    ]


@pytest.mark.thorough
async def test_lines_that_came_while_the_hint_had_the_logs_place_wrap_to_the_logs_width(tmp_path):
    """Found in a newcomer's match: the person's own moves, made with a hint shown, were written
    into the hidden log at its least width, and read "• You place a camel / on space 1 (0,0) (2 /
    actions)." in a log 27 columns wide, the AI's lines beside them whole."""
    seed = find_seed(lambda s: s.to_move() == 0)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot, table_at(app, seed) as table:
        screen = table.screen
        await wait_for(pilot, lambda: my_turn(screen), "my turn")
        log, hint = screen.query_one("#log"), screen.query_one("#hint-panel")
        written = len(screen.table.log)
        play = longest(screen.table.legal)
        screen.show_hint(play, "")
        await wait_for(pilot, lambda: hint.showing and not log.display, "the hint in the log's place")
        await pilot.press("a")
        await wait_for(pilot, lambda: screen.table.highlighted == play, "the hint's play readied")
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(screen.table.log) > written, "the play logged")
        if hint.showing:
            await pilot.press("h")  # (h hides it: the log is back)
        await wait_for(pilot, lambda: log.display and log.region.height > 2, "the log back")
        await pilot.pause()
        assert log.lines and not wrapped_short(log), [strip.text for strip in log.lines]


@pytest.mark.thorough
async def test_a_from_the_hand_ticks_the_hints_cards(tmp_path):
    """Found in a newcomer's match: with the focus in the hand, ``a`` readied the hint's play in
    the plays list, but its cards stayed starred, not ticked, while the foot line said Enter
    played them (from the plays list they were ticked). The rules page: the ticked cards and the
    plays list's highlight are always the same play."""
    seed = find_seed(lambda s: s.to_move() == 0)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot, table_at(app, seed) as table:
        screen = table.screen
        await wait_for(pilot, lambda: my_turn(screen), "my turn")
        screen.query_one(CardGrid).focus()
        await pilot.pause()
        play = longest(screen.table.legal)
        screen.show_hint(play, "")
        await pilot.press("a")
        await wait_for(pilot, lambda: screen.table.highlighted == play, "the hint's play readied")
        assert frozenset(screen.table.ticked_in_hand()) == cards_in(play)
        assert any("✓" in line for line in screen_lines(app))


@asynccontextmanager
async def hand_at_my_turn(tmp_path):
    """A seeded table at the person's first decision: the app, its pilot, the screen and the hand."""
    seed = find_seed(lambda s: s.to_move() == 0)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot, table_at(app, seed) as table:
        screen = table.screen
        await wait_for(pilot, lambda: my_turn(screen), "my turn")
        yield app, pilot, screen, screen.query_one(CardGrid)


@pytest.mark.thorough
async def test_a_hinted_card_that_cannot_join_the_ticked_ones_is_dimmed(tmp_path):
    """Found in a newcomer's match: after a tick, every card that could not join it turned ``·``
    but the hint's, which kept their ``★``."""
    async with hand_at_my_turn(tmp_path) as (app, pilot, screen, grid):
        grid.focus()
        play = longest(screen.table.legal)
        screen.show_hint(play, "")
        await pilot.pause()
        hinted = cards_in(play)

        def joins(card: str) -> frozenset:
            return frozenset().union(*(cards_in(a) for a in screen.table.legal if card in cards_in(a)))

        # a card outside the hint's play that some of the hint's cards cannot join
        loner = next(card for card in screen.table.view["hand"] if card not in hinted and hinted - joins(card))
        screen.tick([loner])
        await pilot.pause()
        rows = "\n".join(screen_lines(app))
        assert not grid.marked.isdisjoint(grid.dimmed), "a hinted card should be one the tick dims"
        for card in grid.marked & grid.dimmed:
            assert "★" + card_face(card).plain not in rows and "·" + card_face(card).plain in rows, rows


async def test_the_ticks_dim_the_hand_wherever_the_focus_is(tmp_path):
    """A hint taken with ``a`` ticked the Ace of Wyrms and put the focus in the plays list, and
    the Ace of Waves stayed lit beside it (two Aces are never a play): the hand's dots followed
    the ticks only while it had the focus, and the rules page says "Once you tick a card, only
    the cards that can join it in a play stay lit"."""
    from caravan_tui.widgets.actions import ActionList

    async with hand_at_my_turn(tmp_path) as (app, pilot, screen, grid):
        hand = set(screen.table.view["hand"])
        screen.query_one(ActionList).focus()  # its highlighted play's cards ticked (the list follows the ticks)
        lonely: set[str] = set()
        for _ in range(len(screen.table.legal)):
            await pilot.pause()
            ticked = set(grid.selected)
            joined = set().union(*(cards_in(a) for a in screen.table.legal if ticked <= cards_in(a)))
            lonely = hand - joined
            if ticked and lonely:
                break
            await pilot.press("down")
        assert not grid.has_focus and ticked and lonely

        def dotted() -> bool:
            rows = "\n".join(screen_lines(app))
            return all("·" + card_face(card).plain in rows for card in lonely)

        await wait_for(pilot, dotted, "the cards no play with the ticked ones holds dotted")


@pytest.mark.thorough
async def test_l_at_a_table_without_a_legend_says_so(tmp_path):
    """Over SSH: having learnt ``l`` at Merchant Lord's table, a person pressed it at Decktet
    Caravan's, which has no legend: the screen stayed the same, with not a word."""
    seed = find_seed(lambda s: s.to_move() == 0)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot, table_at(app, seed) as table:
        screen = table.screen
        await wait_for(pilot, lambda: my_turn(screen), "my turn")
        assert "Legend" not in drawn_rows(screen)[-1]
        await pilot.press("l")
        said = "Decktet Caravan has no legend: ? shows the rules."
        await wait_for(pilot, lambda: any(n.message == said for n in notices(app)), "the word")


@pytest.mark.thorough
async def test_space_in_the_plays_list_says_where_the_hand_is(tmp_path):
    """Over SSH: after a play from the plays list the focus stayed there; on the next turn a
    person pressed space to tick a card, and nothing happened and nothing was said."""
    seed = find_seed(lambda s: s.to_move() == 0)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot, table_at(app, seed) as table:
        screen = table.screen
        await wait_for(pilot, lambda: my_turn(screen), "my turn")
        screen.query_one(ActionList).focus()
        await pilot.pause()
        await pilot.press("space")
        said = "Space ticks a card in your hand: shift+tab goes to it."
        await wait_for(pilot, lambda: any(n.message == said for n in notices(app)), "the word")
        assert not screen.table.ticked_in_hand()
        # the log too: shift+tab from the hand goes there, and a newcomer's tick went nowhere
        screen.query_one(MatchLog).focus()
        await pilot.pause()
        await pilot.press("space")
        said = "Space ticks a card in your hand: tab goes to it."
        await wait_for(pilot, lambda: any(n.message == said for n in notices(app)), "the word in the log")
        assert not screen.table.ticked_in_hand()
    assert "go round your hand, the Plays list and the log" in get_game("decktet_caravan").rules


@pytest.mark.thorough
async def test_p_as_you_lead_a_season_says_why_there_is_no_pass(tmp_path):
    """Over SSH: ``p`` as Ann led a season did nothing and said nothing (every other key refused
    says why)."""
    from caravan_tui.games.decktet_caravan.screen import NO_PASS_LEADING

    seed = find_seed(lambda s: s.to_move() == 0)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot, table_at(app, seed) as table:
        screen = table.screen
        await wait_for(pilot, lambda: my_turn(screen), "my turn")
        assert ("pass",) not in screen.table.legal
        await pilot.press("p")
        await wait_for(pilot, lambda: NO_PASS_LEADING in [n.message for n in notices(app)], "why no pass")


def test_with_cards_ticked_that_no_play_holds_no_other_card_stays_lit():
    """A newcomer ticked the Sailor, then the Origin, which cannot join it: every card lit again,
    though the rules page says only the cards that can join the ticked ones stay lit."""
    from caravan_tui.games.decktet_caravan.card_grid import dimmed_cards

    hand = ["2O", "4S", "AM", "5X"]
    plays = (frozenset({"2O"}), frozenset({"4S"}), frozenset({"4S", "5X"}), frozenset({"AM"}))
    assert dimmed_cards(hand, plays, frozenset()) == frozenset()
    assert dimmed_cards(hand, plays, frozenset({"4S"})) == {"2O", "AM"}
    assert dimmed_cards(hand, plays, frozenset({"2O", "4S"})) == {"AM", "5X"}  # (no play holds both)


def test_with_only_a_pass_the_line_says_nothing_in_your_hand_beats_the_play():
    """Over SSH: "nothing beats it — p passes" beside the season's "To beat: a Crown, or an Ace
    and a Crown": what beats it exists, in no hand of the player's."""
    from caravan_tui.games.decktet_caravan.card_words import PASS
    from caravan_tui.games.decktet_caravan.status_line import status
    from caravan_tui.games.decktet_caravan.table_state import HAND, DecktetCaravanTable

    table = DecktetCaravanTable(0, turn=3, legal=(PASS,), focus=HAND)
    assert str(status(table)) == "Nothing in your hand beats it — p passes."


def test_a_hand_s_going_out_line_says_what_its_bonus_counts():
    """The bug: "Root (you) went out: +5." where the board had just shown "AI 2 · 1 in hand": that
    card was AI 2's last play, under the summary, and +5 read as a miscount of 5 + 1."""
    from types import SimpleNamespace

    from caravan_tui.games.decktet_caravan.score_tables import out_words

    table = SimpleNamespace(seat_name=lambda seat: ["Root (you)", "AI 2"][seat], you=0)
    assert out_words(table, 0, 5) == "Root (you) went out: +5 (5, AI 2 held none)."
    # ("Root (you) was left holding" read wrong beside "you")
    assert out_words(table, 1, 7) == "AI 2 went out: +7 (5 + 2 for the 2 cards you were left holding)."
    assert out_words(table, 1, 6) == "AI 2 went out: +6 (5 + 1 for the 1 card you were left holding)."
    assert "Root was left holding" in out_words(
        SimpleNamespace(seat_name=lambda seat: ["Root", "AI 2"][seat], you=None), 1, 6
    )
    assert out_words(table, None, 0) == "Nobody went out."


def test_a_hand_s_going_out_line_takes_the_summary_s_width():
    """The going-out line was the scores table's caption, wrapped at the table's width (some 45
    cells in a dialog of 70): "AI 2 went out: +8 (5, 3 for the cards Root / (you) was left holding)"."""
    from rich.console import Console

    from caravan_tui.games.decktet_caravan.score_tables import hand_table
    from caravan_tui.games.decktet_caravan.table_state import DecktetCaravanTable

    state = GAME.new(2, seed=3, options={"hands": 1})
    rng = random.Random(3)
    while not state.view(0)["history"]:
        state.apply(rng.choice(state.legal_actions()), False)
    view = state.view(0)
    table = DecktetCaravanTable(0, names=("Root", "AI 2"), seat_kinds=("human", "ai"), view=view)
    console = Console(width=68, record=True)
    console.print(hand_table(table, view, view["history"][-1]))
    shown = console.export_text().rstrip("\n").split("\n")
    width = max(len(line) for line in shown if line.startswith("└"))  # (the table's)
    said = next(line for line in shown if "went out" in line)
    assert said.startswith("AI 2 went out: +8 (5 + 3 for the 3 cards") and len(said.rstrip()) > width, shown
    # (the match's total under the hand's, named so: "Total" under "Hand 2 of 2" read as the hand's)
    assert any(line.startswith("│ Match total") for line in shown) and not any("│ Total " in line for line in shown)


def test_the_game_s_line_says_bandits_stop_caravans_not_rob_them():
    """The New match list read "rob them with bandits": a bandit's season goes to the other
    player (rules §4.2: the opponent of the bandit's player collects it); and "go out first" read
    as the goal, where going out is a bonus and the higher total after the last hand wins (§5.4)."""
    assert GAME.summary == (
        "Beat caravans of linked cards or stop them with bandits; the higher total after the last hand wins."
    )


def test_a_replay_in_a_seats_view_names_that_seat_not_you():
    """A replay in Root's view read "New season: you lead a caravan." beside "Root's hand"."""
    from caravan_tui.games.decktet_caravan.table_state import DecktetCaravanTable

    state = GAME.new(2, seed=3, options={"hands": 1})
    view = state.view(state.to_move())
    seat = state.to_move()
    names = ("Root", "AI 2") if seat == 0 else ("AI 2", "Root")
    shown = DecktetCaravanTable(seat, names=names, seat_kinds=("human", "ai"), view=view, replaying=True, own=None)
    notes = " ".join(note.plain for note in season_rows(shown, view)[1])
    assert "New season: Root (" not in notes and "New season: Root leads a caravan." in notes, notes
    playing = DecktetCaravanTable(seat, names=names, seat_kinds=("human", "ai"), view=view)
    assert "New season: you lead a caravan." in " ".join(note.plain for note in season_rows(playing, view)[1])


def test_a_replay_in_another_seat_s_view_names_its_watcher_as_that_view_s_log_does():
    """A replay in AI 2's view read "Hand 1 of 5 · You 0 · AI 2 0", "Root (you) · 8 in hand" and
    "New season: you lead a caravan." of the watcher, beside a log there that says "Root plays …":
    a viewer of AI 2's seat read "you lead" as AI 2 leading."""
    from caravan_tui.games.decktet_caravan.looks import info_text
    from caravan_tui.games.decktet_caravan.table_state import DecktetCaravanTable

    state = GAME.new(2, seed=3, options={"hands": 1})
    leader = state.to_move()
    other = 1 - leader
    names = ["AI 2", "AI 2"]
    names[leader] = "Root"
    view = state.view(other)
    shown = DecktetCaravanTable(other, names=tuple(names), seat_kinds=("human", "ai"), view=view, replaying=True)
    shown = dataclasses.replace(shown, own=leader)
    said = info_text(view, shown).plain + " ".join(note.plain for note in season_rows(shown, view)[1])
    assert "New season: Root leads a caravan." in said and "Root · " in said, said
    assert not re.search(r"\byou\b", said, re.I), said
    own = dataclasses.replace(shown, seat=leader, view=state.view(leader))
    said = " ".join(note.plain for note in season_rows(own, own.view)[1])
    assert "New season: you lead a caravan." in said, said


def test_the_hand_is_dimmed_by_the_plays_to_come_before_the_host_asks():
    """Seed 2413: after AI 2 led a caravan of 7, the person's hand showed the 9 Darkness lit (no
    "·": the legend's "can't play") while no play of the turn held it; the plays were dimmed only
    once the host's ask came. The view says the decision is ours: the hand is dimmed by its plays."""
    from caravan_tui.games.decktet_caravan.card_grid import dimmed_cards
    from caravan_tui.games.decktet_caravan.looks import hand_look
    from caravan_tui.games.decktet_caravan.table_state import DecktetCaravanTable

    rng = random.Random(4)
    state = GAME.new(2, seed=4, options={"hands": 1})
    while True:
        seat = state.to_move()
        view = state.view(seat)
        plays = tuple(cards_in(action) for action in state.legal_actions() if action[0] != "pass")
        if dimmed_cards(view["hand"], plays, frozenset()):
            break
        state.apply(rng.choice(state.legal_actions()), False)
    names, kinds = ("Ann", "AI 2"), ("human", "ai")
    waiting = DecktetCaravanTable(seat, names=names, seat_kinds=kinds, view=view, world=GAME.from_view(view, seat))
    look = hand_look(waiting)  # (no ask yet: ``turn`` None)
    assert look.plays is not None and dimmed_cards(view["hand"], look.plays, frozenset())
    assert hand_look(dataclasses.replace(waiting, replaying=True)).plays is None  # (a replay: no one's decision)


def test_the_header_sets_each_score_apart_from_its_name():
    """ "Hand 3 of 5 · You 2 · AI 2 20" read as AI 2 at 220: a colon after each name."""
    from caravan_tui.games.decktet_caravan.looks import info_text
    from caravan_tui.games.decktet_caravan.table_state import DecktetCaravanTable

    state = GAME.new(2, seed=3, options={"hands": 1})
    view = state.view(0)
    view["scores"] = [2, 20]
    shown = DecktetCaravanTable(0, names=("Ann", "AI 2"), seat_kinds=("human", "ai"), view=view)
    assert info_text(view, shown).plain.startswith("Hand 1 of 1 · You: 2 · AI 2: 20"), info_text(view, shown).plain


def test_the_tip_on_long_caravans_says_what_a_bandit_does_to_one():
    """A newcomer followed the tip "A long caravan sheds many cards at once and is hard to beat",
    played 8 cards, and a lone Crown beat them: 9 cards collected, worth −6. The tip says both
    sides (rules §4: any bandit beats a caravan, and its player's opponent collects)."""
    from caravan_tui.engine import rules_of

    tips = rules_of("caravan_tui.games.decktet_caravan").split("## Tips", 1)[1]
    tip = " ".join(tips.split("- A long caravan", 1)[1].split("\n- ", 1)[0].split())
    assert "any bandit beats it, and then you collect its cards and the bandit's" in tip, tip


@pytest.mark.thorough
async def test_c_with_nothing_ticked_says_so_from_the_hand_and_the_plays_list(tmp_path):
    """``c`` (clear the ticks) with nothing ticked did nothing and said nothing, where every other
    key with nothing to act on says why."""
    from caravan_tui.games.decktet_caravan.card_grid import NOTHING_TICKED

    seed = find_seed(lambda s: s.to_move() == 0)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot, table_at(app, seed) as table:
        screen = table.screen
        await wait_for(pilot, lambda: my_turn(screen), "my turn")
        screen.query_one(CardGrid).focus()
        await pilot.press("c")
        await wait_for(pilot, lambda: NOTHING_TICKED in [n.message for n in notices(app)], "said in the hand")
        screen.query_one(ActionList).focus()  # (its highlighted play's cards ticked: c clears them)
        await pilot.press("c")
        await wait_for(pilot, lambda: not screen.table.ticked_in_hand(), "the ticks cleared")
        app.clear_notifications()
        await pilot.press("c")
        await wait_for(pilot, lambda: NOTHING_TICKED in [n.message for n in notices(app)], "said in the plays")


def test_the_totals_are_signed_as_the_hand_rows_above_them():
    """The result screen read "+2" and "+6 out" in the hand rows and "Total │ 2 │ 6" under them,
    while a negative total kept its sign: only positive totals lost theirs."""
    from rich.console import Console

    from caravan_tui.games.decktet_caravan.score_tables import match_table
    from caravan_tui.games.decktet_caravan.table_state import DecktetCaravanTable

    seen = set()
    for seed in range(12):
        state = GAME.new(2, seed=seed, options={"hands": 1})
        rng = random.Random(seed)
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()), False)
        view = state.view(0)
        table = DecktetCaravanTable(0, names=("Root", "AI 2"), seat_kinds=("human", "ai"), view=view)
        console = Console(width=70, record=True)
        console.print(match_table(table, view))
        totals = [line.split("│")[2:4] for line in console.export_text().split("\n") if line.startswith("│ Total")]
        assert totals, console.export_text()
        for row in totals:
            for cell, score in zip(row, view["scores"], strict=True):
                assert cell.strip() == (f"+{score:g}" if score >= 0 else f"−{-score:g}"), (cell, score)
                seen.add(score > 0)
    assert seen == {True, False}
