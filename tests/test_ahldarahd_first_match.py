"""What newcomers found in their first Caravans of Ahldarahd match, each checked as they met
it: the map's strokes against the rules' map data, the legend on ``l``, the final table's
parts of a score, the Night naming the city it strikes, Enter on the map in an auction or the
Night, a face-down Camel's bid, what an AI weighed saying something its move does not, and the
route under the map's cursor marked in the map's own glyphs (no colour needed)."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest
from rich.console import Console
from rich.text import Text
from test_ahldarahd_screen import (
    GAME,
    SIZE,
    at_my_turn,
    builder,
    log_text,
    make_app,
    match_begun,
    my_turn,
    play_until,
    quiet,
)

from caravan_tui.engine import render
from caravan_tui.games.ahldarahd.describe import describe
from caravan_tui.games.ahldarahd.explain import explain
from caravan_tui.games.ahldarahd.map_widget import CITY_AT, CURSOR_GLYPH, LABEL_AT, STROKES, MapBoard, map_lines
from caravan_tui.games.ahldarahd.maps import COLOURS, COMMODITIES, COMMODITY_AT, ENDS, ROUTE_TABLE, SEA, SLOTS
from caravan_tui.games.ahldarahd.panel import panel_text
from caravan_tui.games.ahldarahd.table_text import scores_table
from caravan_tui.games.ahldarahd.terms import BID_OPEN, NIGHT_AVERT, NIGHT_LOSS, SETUP, SHAH_GIVE
from caravan_tui.games.ahldarahd.trade_dialog import TradeDialog
from caravan_tui.screens.dialogs import ChoiceScreen
from caravan_tui.screens.how_to_play import HowToPlayScreen
from caravan_tui.screens.new_match import MatchSetup
from caravan_tui.seats import SeatSpec
from caravan_tui.textual_adapter import notices, screen_lines
from caravan_tui.widgets import ActionList

from tables import wait_for

#: the spec's route table (§1): each route's ends and kind, as the rules print it
SPEC_ROUTES = """
1 A–B sea | 2 B–C sea | 3 A–C sea | 4 A–D sea | 5 B–D sea | 6 B–E sea | 7 C–E sea | 8 A–F sea |
9 C–H sea | 10 D–E land | 11 D–F land | 12 D–G land | 13 E–G land | 14 E–H land | 15 F–G land |
16 G–H land | 17 F–I land | 18 G–I land | 19 G–J land | 20 H–J land | 21 I–J land"""
SEA_GLYPHS, LAND_GLYPHS = set("≈╭╮"), set("─╱╲")


def test_every_route_is_drawn_with_the_glyphs_of_its_kind_in_the_rules():
    """The bug: four sea routes (Ivory–Gems, Textiles–Gems, Textiles–Pearls, Incense–Pearls on
    red's map: A–D, B–D, B–E, C–E) were drawn ``╲ ╱``, the legend's land glyphs."""
    spec = {int(n): (a, b, kind == "sea") for n, a, b, kind in re.findall(r"(\d+) (\w)–(\w) (\w+)", SPEC_ROUTES)}
    assert spec == {r + 1: row for r, row in enumerate(ROUTE_TABLE)}
    drawn = [line.plain for line in map_lines(0, [-1] * 21, [-1] * SLOTS)]
    routes_drawn = set()
    for row, col, text, route in STROKES:
        glyphs = set(drawn[row][col : col + len(text)]) - set("0123456789 ")  # (a route's label sits on it)
        assert glyphs and glyphs <= (SEA_GLYPHS if spec[route][2] else LAND_GLYPHS), (route, text)
        # the stroke lies between its route's two cities (A–C arcs over the row above them)
        (r1, c1), (r2, c2) = (CITY_AT["ABCDEFGHIJ".index(end)] for end in spec[route][:2])
        assert min(r1, r2) - 1 <= row <= max(r1, r2)
        assert min(c1, c2) <= col + len(text) and col <= max(c1, c2) + 4
        routes_drawn.add(route)
    assert routes_drawn == set(range(1, 22))
    assert sum(SEA) == 9


@pytest.mark.thorough
async def test_l_shows_the_legend_of_the_map_and_the_players_and_puts_the_plays_back(tmp_path):
    async with at_my_turn(tmp_path) as (_app, pilot, table):
        screen = table.screen
        await pilot.press("l")
        panel = screen.query_one("#legend-panel")
        assert not panel.has_class("-hidden") and screen.query_one(ActionList).has_class("-hidden")
        legend = str(panel.query_one("Static").visual)
        for words in (
            "≈≈",
            "a sea route",
            "─╱╲",
            "a land route",
            "Sa:R",
            "Sa Salt",
            "Camel up or dn",
            "PQ",
            " chips  black chips",
            "brings a\n        Night",
        ):  # (the market line's "chips 3")
            assert words in legend
        assert max(len(line) for line in legend.splitlines()) <= panel.content_region.width
        assert screen.query_one(MapBoard).has_focus
        await pilot.press("l")
        assert panel.has_class("-hidden") and not screen.query_one(ActionList).has_class("-hidden")


def test_the_final_table_names_each_part_of_a_score_the_three_for_a_city_abroad_too():
    state = GAME.new(2, seed=1)
    red, blue = 0, 1
    salt = COMMODITIES.index("Salt")
    for m in (red, blue):  # red holds Salt at home and on blue's map: 1 + (1 + 3)
        state.ctrl[m * SLOTS + COMMODITY_AT[m].index(salt)] = red
    state.ctrl[red * SLOTS + COMMODITY_AT[red].index(COMMODITIES.index("Dates"))] = blue  # 1, no bonus
    view = state.view(red)
    assert view["scores"] == [5.0, 1.0]
    table = scores_table(view, lambda seat: ["Ann", "Bob"][seat])
    assert [str(column.header) for column in table.columns] == ["Player", "Points", "Cities", "+3 abroad", "Gold"]
    assert [list(column.cells) for column in table.columns[1:4]] == [["5", "1"], ["2", "1"], ["1 × 3", "0"]]
    console = Console(width=80, record=True)
    console.print(table)
    assert "+3 a city abroad whose commodity you hold at home" in " ".join(console.export_text().split())


def test_losing_a_route_to_the_night_names_the_city_it_strikes_and_any_city_lost():
    options = {"night_of_the_outsider": True}
    _, state = play_until(lambda s: s.phase == NIGHT_LOSS, seed=0, choose=builder, options=options)
    night = COMMODITIES[state.n_comm]
    for action in state.legal_actions():
        words = render(state.describe(action, state.turn), ["Ann", "Bob"], state.turn)
        assert f"to the Night of the {night} city" in words, words
        m, r = COLOURS.index(action[1]), action[2] - 1
        held = [s for s in ENDS[r] if state.ctrl[m * SLOTS + s] == state.turn]
        world = state.clone()
        logged = " ".join(event.render(["Ann", "Bob"], state.turn) for event in world.apply(action))
        assert "The Night takes your route " in logged and f"into the {night} city on " in logged, logged
        lost = [COMMODITIES[COMMODITY_AT[m][s]] for s in held if world.ctrl[m * SLOTS + s] != state.turn]
        assert all(f"the {name} city" in words.split(": you lose ")[-1] for name in lost)
        assert (": you lose " in words) == bool(lost)


@pytest.mark.thorough
async def test_enter_on_the_map_does_what_the_auctions_panel_asks(tmp_path):
    """The bug: with the map focused in an auction, Enter said "routes are built in your build"
    and the status line "the panel above says what to decide": Enter now bids what the panel shows."""
    prefix, _ = play_until(lambda s: s.turn == 0 and s.phase == BID_OPEN)
    async with at_my_turn(tmp_path, prefix, what="my auction") as (_app, pilot, table):
        screen, host = table.screen, table.runner.host
        assert screen.query_one(MapBoard).has_focus
        await pilot.press("1")
        bid = ("open", screen.table.item, 1)
        assert screen.enter_action() == bid
        assert str(screen.query_one("#status").visual).startswith("enter: Auction ")
        start = host.turn
        await pilot.press("enter")
        await wait_for(pilot, lambda: host.turn > start, "the opening bid")
        assert host.actions[start] == bid


@pytest.mark.thorough
async def test_enter_on_the_map_pledges_what_the_nights_panel_shows(tmp_path):
    night = {"night_of_the_outsider": True}
    prefix, _ = play_until(lambda s: s.turn == 0 and s.phase == NIGHT_AVERT, seed=0, choose=builder, options=night)
    async with at_my_turn(tmp_path, prefix, seed=0, options=night, what="the Night") as (_app, pilot, table):
        screen, host = table.screen, table.runner.host
        await pilot.press("plus")
        pledge = screen.table.bid()
        assert pledge[0] == "pledge" and screen.query_one(MapBoard).has_focus
        start = host.turn
        await pilot.press("enter")
        await wait_for(pilot, lambda: host.turn > start, "the pledge")
        assert host.actions[start] == pledge


@pytest.mark.thorough
async def test_enter_on_the_map_asks_who_gets_the_shah(tmp_path):
    """The bug: having won the Shah, Enter on the map said "Routes are built in your build" and
    the status line "the panel above says what to decide": it now asks who gets it, as ``g``."""

    def shah_opener(state):
        shah = ("open", "Shah", 0)
        return shah if state.turn == 0 and shah in state.legal_actions() else quiet(state)

    prefix, _ = play_until(lambda s: s.turn == 0 and s.phase == SHAH_GIVE, choose=shah_opener)
    async with at_my_turn(tmp_path, prefix, what="the Shah's decision") as (app, pilot, table):
        screen, host = table.screen, table.runner.host
        assert screen.query_one(MapBoard).has_focus
        assert str(screen.query_one("#status").visual) == "enter: choose who gets the Shah (or keep it)"
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the choice")
        start = host.turn
        await pilot.press("enter")
        await wait_for(pilot, lambda: host.turn > start, "the Shah given")
        assert host.actions[start][0] == "give_shah"


@pytest.mark.thorough
async def test_with_the_free_routes_claimed_the_panel_and_enter_end_the_setup(tmp_path):
    """The bug: the last to claim free routes read "Free routes on your map: 0 left" over
    "enter on a route claims it · e done", and Enter on the map said "free routes are claimed
    on your own map only": now the panel says Enter or e ends the setup, and Enter does."""
    prefix, _ = play_until(
        lambda s: s.turn == 0 and s.phase == SETUP and s.legal_actions() == [("done",)], seed=5, choose=builder
    )
    async with at_my_turn(tmp_path, prefix, seed=5, what="my last free route claimed") as (_app, pilot, table):
        screen, host = table.screen, table.runner.host
        lines = panel_text(screen.table.view, screen.table).plain.splitlines()
        # (two people at this table: no undo is offered, and the panel offers none; it did, and u refused)
        assert screen.table.others_are_people()
        assert lines[:2] == ["Free routes on your map: 0 left", "e: turn 1 begins"]
        assert max(map(len, lines)) <= screen.query_one("#ah-panel").content_region.width
        against_ai = dataclasses.replace(screen.table, seat_kinds=("human", "ai:normal"))
        assert panel_text(against_ai.view, against_ai).plain.splitlines()[1] == ("e: turn 1 begins · u undoes a claim")
        assert str(screen.query_one("#status").visual) == "enter: Done with free routes: turn 1 begins"
        start = host.turn
        await pilot.press("enter")
        await wait_for(pilot, lambda: host.turn > start, "the setup ended")
        assert host.actions[start] == ("done",)


def raiser(state):
    """As ``quiet``, but seat 0 raises by the least it can (so it wins auctions paid), opens the
    Shah's auction at 0 while it may, and gives the Shah away: Bob opens the next turn first."""
    legal = state.legal_actions()
    raises = [a for a in legal if a[0] == "raise"]
    for wanted in (raises[0] if raises and state.turn == 0 else None, ("give_shah", 1), ("open", "Shah", 0)):
        if wanted in legal:
            return wanted
    return quiet(state)


@pytest.mark.thorough
async def test_a_face_down_camels_opening_bid_says_why_it_stays_at_0(tmp_path):
    prefix, state = play_until(lambda s: s.turn == 0 and s.phase == BID_OPEN and not s.camel[0], choose=raiser)
    assert {a[2] for a in state.legal_actions() if a[0] == "open"} == {0}
    async with at_my_turn(tmp_path, prefix, what="my auction") as (app, pilot, table):
        screen = table.screen
        keys = panel_text(screen.table.view, screen.table).plain.splitlines()[2]
        assert "0 only: Camel down" in keys and "+/-" not in keys
        assert len(keys) <= screen.query_one("#ah-panel").content_region.width
        app.clear_notifications()
        await pilot.press("plus", "3")
        assert screen.table.chosen_amount() == 0
        said = [notice.message for notice in notices(app)]
        assert said and all("Camel is face down" in message for message in said)


@pytest.mark.thorough
async def test_with_no_gold_the_opening_bid_line_says_it_stays_at_0(tmp_path):
    """The bug: with 0 gold (Camel up) the keys read "+/- or type", and "5" showed "at 0 gold
    (typed 5)" with no reason: the line says "0 only: no gold", as it says "Camel down"."""

    def spender(state):
        if state.turn == 0 and state.phase == BID_OPEN:
            return max((a for a in state.legal_actions() if a[0] == "open"), key=lambda a: a[2])
        return quiet(state)

    prefix, _ = play_until(
        lambda s: s.turn == 0 and s.phase == BID_OPEN and s.camel[0] and s.gold[0] == 0, choose=spender
    )
    async with at_my_turn(tmp_path, prefix, what="my auction") as (_app, _pilot, table):
        screen = table.screen
        keys = panel_text(screen.table.view, screen.table).plain.splitlines()[2]
        assert "0 only: no gold" in keys and "+/-" not in keys
        assert len(keys) <= screen.query_one("#ah-panel").content_region.width


def shared_phrases(move: str, reason: str, words: int = 5) -> set[tuple[str, ...]]:
    def runs(text: str) -> set[tuple[str, ...]]:
        tokens = re.findall(r"[\w'+\u2212]+", text.lower())
        return {tuple(tokens[i : i + words]) for i in range(len(tokens) - words + 1)}

    return runs(move) & runs(reason)


@pytest.mark.thorough
def test_what_an_ai_weighed_never_repeats_its_moves_own_words():
    """The bug: "Claim … : takes the Salt city (+5 gold) — … claims the Salt city: +5 gold",
    "Proposal: you give the Shah — Bob would get Ann's Shah as well": each reason beside its
    move said the move again. A move's reason says what its words do not."""
    kinds = {
        "free",
        "claim",
        "buy",
        "destroy",
        "sell_rop",
        "give_gold",
        "ask_gold",
        "give_card",
        "ask_card",
        "give_item",
        "ask_item",
        "lose",
    }
    checked = 0
    for seed in range(3):
        state, rng = GAME.new(3, seed=seed, options={"night_of_the_outsider": True}), random.Random(seed)
        for step in range(300):
            if state.is_over():
                break
            if step % 3 == 0:
                for action in state.legal_actions():
                    if action[0] in kinds:
                        names = ["Ann", "Bob", "Cyd"]
                        move = render(state.describe(action, state.turn), names, state.turn)
                        reason = render(explain(state, state.turn, [action]), names, state.turn)
                        assert not shared_phrases(move, reason), (move, reason)
                        checked += 1
            state.apply(rng.choice(state.legal_actions()), log=False)
    assert checked > 300


def cells_of(route: int) -> set[tuple[int, int]]:
    """The map cells route ``route`` (0-based) is drawn in: its strokes and its label's slot."""
    cells = {(row, col + i) for row, col, text, r in STROKES if r == route + 1 for i in range(len(text))}
    row, col = LABEL_AT[route]
    return cells | {(row, col + i) for i in range(3)}


def test_the_route_under_the_cursor_is_marked_end_to_end_in_plain_text():
    """The bug: the cursor was only its label's reverse video (underline when unfocused): under
    NO_COLOR, or read as plain text, nothing showed which route "16 Salt–Metals" under the map
    was. Now every cell of that route's stroke is ``•``, and no other route's."""
    owners = [-1] * 21
    owners[4], owners[9] = 1, 2  # a claimed route's label keeps its owner's letter under the cursor
    bare = [line.plain for line in map_lines(0, owners, [-1] * SLOTS)]
    for route in range(21):
        for focused in (True, False):
            drawn = [line.plain for line in map_lines(0, owners, [-1] * SLOTS, route, focused=focused)]
            changed = {(y, x) for y in range(len(bare)) for x in range(len(bare[y])) if bare[y][x] != drawn[y][x]}
            assert changed <= cells_of(route), route
            strokes = {(row, col + i) for row, col, text, r in STROKES if r == route + 1 for i in range(len(text))}
            label = set(range(LABEL_AT[route][1], LABEL_AT[route][1] + 3))
            assert all(drawn[y][x] == CURSOR_GLYPH for y, x in strokes if not (y == LABEL_AT[route][0] and x in label))
            marked = {(y, x) for y, line in enumerate(drawn) for x, ch in enumerate(line) if ch == CURSOR_GLYPH}
            assert marked and marked <= cells_of(route)


@pytest.mark.thorough
async def test_the_maps_mark_follows_the_cursor_and_the_legend_names_it(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    async with at_my_turn(tmp_path) as (app, pilot, table):
        board = table.screen.query_one(MapBoard)
        assert app.no_color and board.has_focus

        def marked() -> set[tuple[int, int]]:
            lines = [line[1:] for line in board.text.splitlines()[1:9]]  # (the map, right of the gutter)
            return {(y, x) for y, line in enumerate(lines) for x, ch in enumerate(line) if ch == CURSOR_GLYPH}

        for key in ("left", "up", "right", "down"):
            assert marked() and marked() <= cells_of(board.cursor), key
            await pilot.press(key)
        await pilot.press("l")
        legend = str(table.screen.query_one("#legend-panel").query_one("Static").visual)
        assert f"{CURSOR_GLYPH * 2}" in legend and "the cursor's route" in legend


@pytest.mark.thorough
async def test_the_table_names_an_ai_seat_as_its_players_line_does_without_its_level(tmp_path):
    """The bug: "Claim Salt–Metals (land) on AI 2 (normal)'s map", "AI 3 (normal) weighs AI 2
    (normal)'s offer", "AI 2 (normal) claims … on AI 2 (normal)'s own map": the level, said once
    where the seat is chosen, filled the plays list, the panel, the Enter line and the log again
    and again. The table says "AI 2", as its players' lines and
    the map's header do; a person's name stays whole, brackets and all."""
    seats = [SeatSpec("human"), SeatSpec.parse("ai:easy"), SeatSpec.parse("ai:easy")]
    async with match_begun(tmp_path, seats, ["Ann (club)", "AI 2 (easy)", "AI 3 (easy)"]) as (app, pilot, screen):
        for _ in range(40):
            await wait_for(pilot, lambda: my_turn(app), "my turn")
            if screen.phase == "build":
                break
            screen.act(quiet(app.runner.host.state))
            await wait_for(pilot, lambda: screen.table.turn is None or screen.phase == "build", "my move sent")
        plays = screen.query_one(ActionList)
        texts = [str(plays.get_option_at_index(i).prompt) for i in range(plays.option_count)]
        assert any("on AI 2's map" in text for text in texts)  # (red holds blue's Right of Passage)
        shown = " ".join(texts) + str(screen.query_one("#ah-panel").render()) + str(screen.status_text())
        assert "(easy)" not in shown
        log = log_text(screen)  # (the log and "since your last turn" too)
        assert "AI 2 claims " in log and "(easy)" not in log
        for _ in range(2):  # whom to is asked every time the builder opens, never kept from the last
            await pilot.press("o")
            await wait_for(pilot, lambda: isinstance(app.screen, TradeDialog), "the trade builder")
            dialog = "\n".join(screen_lines(app.screen))
            assert "Proposal to whom? (3 of 3 left" in dialog and "Propose to AI 3" in dialog
            await pilot.press("p")  # (the footer offers it: before whom is picked, it says how)
            assert "Choose whom the proposal is to first: ↑↓ and Enter." in "\n".join(screen_lines(app.screen))
            await pilot.press("down", "enter")
            dialog = "\n".join(screen_lines(app.screen))
            assert "Proposal to AI 3 (3 of 3 left" in dialog and "(easy)" not in dialog
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is screen, "back at the table")
        table = screen.table
        assert [table.brief_name(seat) for seat in range(3)] == ["Ann (club)", "AI 2", "AI 3"]
        assert table.words("{p1} weighs {p2:'s} offer to {p0}") == "AI 2 weighs AI 3's offer to you"


@pytest.mark.thorough
async def test_the_enter_line_of_a_claim_that_takes_a_city_is_whole_with_three_players(tmp_path):
    """The bug: "enter: Claim Salt–Horses (land) on your map with a Salt card and 1 gold: takes
    the Horses …" — the city it promised cut off at 80×24, with a free row above the status line.
    With two or three players the status line wraps onto three rows, and each claim, purchase and
    free route that takes a city, on your map or an AI's, is whole; the board still fits."""
    from test_ahldarahd import set_hand, to_build

    seats = [SeatSpec("human"), SeatSpec.parse("ai:easy"), SeatSpec.parse("ai:easy")]
    async with match_begun(tmp_path, seats, ["Ann", "AI 2 (easy)", "AI 3 (easy)"]) as (_app, _pilot, screen):
        status = screen.query_one("#status")
        width, rows = status.content_region.width, screen.STATUS_LINES
        panel = screen.query_one("#ah-panel").region
        # (at its least, the panel's rule and 3 rows, it leaves three rows above the footer)
        assert rows == 3 and panel.y + 4 <= SIZE[1] - 1 - rows
    console, names, checked = Console(width=width), ["Ann", "AI 2", "AI 3"], 0
    for seed, free in enumerate([(21, 17), (21, 20), (15, 16), (1, 2), (10, 12), (4, 8)]):
        state = GAME.new(3, seed=seed)
        while state.phase == SETUP:  # red's free routes: one more route into a city takes it
            state.apply(("free", free[state.free_left - 1]) if state.turn == 0 and state.free_left else ("done",))
        state = to_build(state, 0)
        set_hand(state, 0, ["red Salt", "red Textiles", "blue Incense", "blue Horses"])
        state.gold[0], state.rop[1] = 20, 0  # (red may build on blue's map too)
        for action in state.legal_actions():
            words = render(describe(state, action, brief=True), names, 0)
            if action[0] in ("claim", "buy") and ": takes the " in words:
                assert len(Text(f"enter: {words}").wrap(console, width)) <= rows, words
                checked += 1
    assert checked >= 15


@pytest.mark.thorough
async def test_the_enter_line_of_a_route_lost_to_the_night_is_whole(tmp_path):
    """The bug: "enter: Lose your route Horses–Dates (Ho–Da, land, 6) on your map to the Night
    of the Dates city: you lose the Horses city and the Dates …": the line names the route as
    the claims' do (its cities, kind and map), so the cities lost fit its rows."""
    options = {"night_of_the_outsider": True}
    prefix, state = play_until(lambda s: s.turn == 0 and s.phase == NIGHT_LOSS, seed=0, choose=builder, options=options)
    async with at_my_turn(tmp_path, prefix, seed=0, options=options, what="the Night's loss") as (_app, _pilot, table):
        screen = table.screen
        width, rows = screen.query_one("#status").content_region.width, screen.STATUS_LINES
        for action in state.legal_actions():
            words = f"enter: {screen.table.words(describe(state, action, brief=True))}"
            assert "to the Night of the " in words and len(Text(words).wrap(Console(), width)) <= rows, words


@pytest.mark.thorough
async def test_how_to_play_says_who_builds_on_your_map_and_what_the_nights_chips_are(tmp_path):
    """The bug: a newcomer's map was built on from the first build by the player holding their
    Right of Passage, and the market line's "chips 3" was nowhere explained: the one screen
    before the first match now says both."""
    app = make_app(tmp_path)
    app.animation_level = "none"  # (a page down scrolls at once: no frame drawn between two pages)
    async with app.run_test(size=SIZE) as pilot:
        app.begin_match(MatchSetup("ahldarahd", [SeatSpec("human")] * 2, ["A", "B"], {}, 1))
        await wait_for(pilot, lambda: isinstance(app.screen, HowToPlayScreen), "how to play")
        text, read, drawn = app.screen.query_one("#how-to-play-text"), "", None
        while True:  # (the page scrolls: read it all, each page as drawn)
            await wait_for(pilot, lambda drawn=drawn: screen_lines(app.screen) != drawn, "the next page drawn")
            drawn = screen_lines(app.screen)
            rows = (re.sub(r"[█▀▄▁▂▃▅▆▇]", " ", row) for row in drawn)  # (box, scrollbar)
            read += " ".join(" ".join(rows).split()) + " "
            if text.scroll_y >= text.max_scroll_y:
                break
            await pilot.press("pagedown")
        for words in (
            "the player to your right holds yours: from turn 1 they may build on your map and take a city there",
            "until you win your RoP back at an auction",
            "More than half of a city's routes take the city (2 of 3, 3 of 4 or 5, 4 of 6)",
            # (whose cities, and who a Night spares: "a gold per city held" read as the seller's,
            # "costs everyone a route" left out the Eyes' holder, rules §4 and §7.3)
            # ("Gold comes only from cities taken…" was false of a trade's gold)
            "New gold comes only from cities taken and from a RoP sold to the bank (a trade only moves gold between "
            "players), for a gold per city held on its map by anyone",
            "with no gold left, win a RoP at 0 and sell it.",
            # ("+ 1 gold" read as a gold paid to you, "a bid spends what a claim would need" as a riddle)
            "claim a route (pay 1 gold and a card matching one end, of any colour)",
            "Gold paid for an auction won is gold no claim can use",
            "black chips (the market line's chips)",
            "a Night costs everyone but the Eyes' holder a route",
        ):
            assert words in read, words


@pytest.mark.thorough
async def test_a_route_cards_auction_says_it_may_be_spent_on_any_map(tmp_path):
    """The bug: nothing said a card's colour does not matter for spending (rules §2), so a
    newcomer let an AI buy "their" red Salt for 4, thinking they could not use it."""
    prefix, _ = play_until(lambda s: s.turn == 0 and s.phase == BID_OPEN)
    async with at_my_turn(tmp_path, prefix, what="my auction") as (_app, pilot, table):
        screen = table.screen
        for _ in screen.table.openable():
            if screen.table.item.split(" ")[0] in COLOURS:  # a route card: "red Salt"
                break
            await pilot.press("i")
        line = panel_text(screen.table.view, screen.table).plain.splitlines()[1]
        assert line.startswith(f"Open: {screen.table.item} (any map) at ")
        assert len(line) <= screen.query_one("#ah-panel").content_region.width
    assert "any card may be spent on any map" in GAME.rules.replace("\n", " ")


@pytest.mark.thorough
async def test_the_hint_names_ai_seats_as_the_table_does(tmp_path):
    """The bug: the hint's reasons read "AI 2 (easy) takes back their own Right of Passage" while
    the log, the plays and the players' lines say "AI 2": the host words the reasons with the
    seats' whole names, and the table now names them as its log does."""
    seats = [SeatSpec("human"), SeatSpec.parse("ai:easy"), SeatSpec.parse("ai:easy")]
    async with match_begun(tmp_path, seats, ["Ann", "AI 2 (easy)", "AI 3 (easy)"]) as (app, pilot, screen):
        for _ in range(40):
            await wait_for(pilot, lambda: my_turn(app), "my turn")
            if screen.phase == "bid_raise":
                break
            screen.act(quiet(app.runner.host.state))
            await wait_for(pilot, lambda: screen.table.turn is None or screen.phase == "bid_raise", "my move sent")
        await pilot.press("h")
        panel = screen.query_one("#hint-panel")
        await wait_for(pilot, lambda: panel.display and "Asking" not in panel.text, "the hint")
        assert "AI 2" in panel.text or "AI 3" in panel.text, panel.text  # (a bid's reasons name the leader)
        assert "(easy)" not in panel.text, panel.text


@pytest.mark.thorough
async def test_a_replays_step_shows_the_map_it_changed(tmp_path):
    """A replay at "AI 3 claims Ivory–Textiles … on their own map" kept the red map on show: the
    viewer pressed `m` to find the map the move was on."""
    import asyncio

    from caravan_tui.app import CaravanApp
    from caravan_tui.match.runner import MatchRunner
    from caravan_tui.saves import SaveStore
    from caravan_tui.screens.game import GameScreen

    store = SaveStore(tmp_path)
    runner = MatchRunner.new("ahldarahd", [SeatSpec("random")] * 3, ["Ann", "Bob", "Cy"], 4, {}, store)
    runner.start()
    await asyncio.wait_for(runner.wait(), 60)
    runner.stop()
    app = CaravanApp(store=store, ai_iterations=5)
    async with app.run_test(size=SIZE) as pilot:
        app.open_replay(runner.match_id, seat=0)
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.replaying, "the replay")
        screen = app.screen
        followed = set()
        for _ in range(40):
            before = screen.table.view["routes"] if screen.table.view else None
            await pilot.press("right")
            await pilot.pause()
            after = screen.table.view["routes"]
            changed = [m for m, (was, now) in enumerate(zip(before or after, after, strict=False)) if was != now]
            if changed and before is not None:
                assert screen.table.shown_map == changed[0]
                followed.add(changed[0])
        assert len(followed) >= 2  # (the free routes of more than one seat's map)


def test_the_keys_table_says_what_ending_the_free_routes_does():
    """The keys table read "the last player to claim them starts turn 1 with it": "it" read as the
    Shah or the first move (rules §2.5: the Shah stays with its holder)."""
    from caravan_tui.games import get_game

    rules = get_game("ahldarahd").rules
    assert "starts turn 1 with it" not in rules
    assert "when the last player ends theirs, turn 1 begins; Enter on the map claims one" in rules


def test_how_to_play_says_the_discounts_cover_purchases_and_each_half_of_a_destruction():
    """The rules screen said only that a claim then costs only the card (rules §4: a purchase, and
    each half of a destruction, are 1 cheaper too)."""
    from caravan_tui.games import get_game

    rules = " ".join(get_game("ahldarahd").rules.split())
    assert "a purchase, and each half of a destruction, 1 less too" in rules


def test_the_rules_say_the_deck_turns_up_colour_by_colour_in_seat_order_as_it_does():
    """Found in a play-through: the first seven cards turned up were the seven red commodities
    the player had not been dealt, read as a deck never shuffled. The rules (§2.3) stack it colour
    pile by colour pile, in seat order: the app's rules say so, and the deck is stacked so."""
    rules = " ".join(GAME.rules.split())
    assert "colour pile by colour pile in seat order, so seat 1's colour turns up first" in rules
    state = GAME.new(3, seed=341, options={})
    assert [card // 10 for card in state.deck] == [0] * 7 + [1] * 7 + [2] * 7  # (a card's colour: its tens)


def test_an_item_you_hold_says_so_where_its_auction_is_opened_or_bid_for():
    """ "Open: Right of Passage of AI 2 at 0 gold": the newcomer held it, read it as AI 2's, opened
    its auction and lost it. Your own Right of Passage said "(now AI 3's)"; one you hold, nothing."""
    from caravan_tui.games.ahldarahd.panel import card_or_item
    from caravan_tui.games.ahldarahd.table_state import AhldarahdTable

    _actions, state = play_until(lambda s: s.turn == 0 and s.phase == BID_OPEN, players=3)
    view = state.view(0)
    table = AhldarahdTable(seat=0, names=["Ann", "Bob", "Cy"], seat_kinds=["human", "ai:easy", "ai:easy"])
    table = dataclasses.replace(table, view=view)
    held = next(k for k, holder in enumerate(view["rop"]) if holder == 0 and k != 0)
    other = next(k for k, holder in enumerate(view["rop"]) if holder not in (0, -1) and k != 0)
    assert card_or_item(table, f"RoP {COLOURS[held]}").endswith(" (yours now)")
    assert "yours" not in card_or_item(table, f"RoP {COLOURS[other]}")
    # (and where any other is, as How to play says the auction panel does: "on the table" said nowhere)
    holder = view["rop"][other]
    said = card_or_item(table, f"RoP {COLOURS[other]}")
    assert said.endswith(" (its player holds it)" if holder == other else f" (now {table.seat_name(holder)}'s)"), said
    rights = [-1 if k == other else h for k, h in enumerate(view["rop"])]
    on_table = dataclasses.replace(table, view={**view, "rop": rights})
    assert card_or_item(on_table, f"RoP {COLOURS[other]}").endswith(" (on the table)")
    assert card_or_item(table, f"RoP {COLOURS[0]}") == "your Right of Passage" + (
        "" if view["rop"][0] == 0 else f" (now {table.seat_name(view['rop'][0])}'s)"
    )
    opening = dataclasses.replace(table, item=f"RoP {COLOURS[held]}", turn=5, legal=state.legal_actions())
    assert "(yours now) at " in panel_text(view, opening).plain
    # (and under the map, where "enter: Open an auction for AI 2's Right of …" lost whose it was)
    brief = opening.words(describe(state, ("open", f"RoP {COLOURS[held]}", 0), brief=True))
    assert brief.endswith("RoP (yours) at 0 gold") and len(f"enter: {brief}") <= 45, brief
