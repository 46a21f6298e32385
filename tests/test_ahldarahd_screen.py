"""The Caravans of Ahldarahd table at 80×24 (Pilot): a whole turn against two AI seats by keys
(a free route with Enter on the map, auctions opened, raised and passed, the Shah, a trade
written in the builder and answered, a route built from the map, the build ended), each
player's map, an incoming offer accepted and declined by keys, a bad offer refused with the
engine's reason and nothing changed, the Night's pledge stepped and typed, and five players
that fit."""

from __future__ import annotations

from contextlib import asynccontextmanager
from dataclasses import replace
from itertools import pairwise

import pytest

from caravan_tui.app import CaravanApp
from caravan_tui.games import get_game
from caravan_tui.games.ahldarahd.describe import describe
from caravan_tui.games.ahldarahd.map_text import route_info, route_problem, shown_route_plays
from caravan_tui.games.ahldarahd.map_widget import LABEL_AT, MapBoard, map_lines, nearest
from caravan_tui.games.ahldarahd.maps import CODES, COLOURS, COMMODITIES, COMMODITY_AT, COST, ENDS, SEA
from caravan_tui.games.ahldarahd.panel import card_or_item, panel_text
from caravan_tui.games.ahldarahd.proposal import Proposal, gold_steps, one_step, problem, steps
from caravan_tui.games.ahldarahd.screen import AhldarahdScreen
from caravan_tui.games.ahldarahd.table_text import items_of, market_text, players_text
from caravan_tui.games.ahldarahd.terms import BID_OPEN, BID_RAISE, BUILD, NIGHT_AVERT
from caravan_tui.games.ahldarahd.trade_dialog import HINT_AT_THE_TABLE, TradeDialog, side_words
from caravan_tui.screens.dialogs import ChoiceScreen
from caravan_tui.screens.new_match import MatchSetup
from caravan_tui.seats import SeatSpec
from caravan_tui.textual_adapter import notices, screen_lines, screen_strips
from caravan_tui.widgets import ActionList

from tables import Table, quick_app, read_since, wait_for

SIZE = (80, 24)
GAME = get_game("ahldarahd")


def make_app(tmp_path, iterations: int = 3) -> CaravanApp:
    """The app the tests here open a table or a match in (at a blank screen, not Home: ``BareApp``)."""
    return quick_app(tmp_path, iterations, home=False)


def screen_text(app) -> str:
    return "\n".join(line for line in screen_lines(app.screen))


def panel_lines(app) -> list[str]:
    """The decision panel's lines as the screen shows them (cut where the screen cuts them), the
    blank rows under them left out (the panel takes the rows the Enter line leaves)."""
    region = app.screen.query_one("#ah-panel").content_region
    rows = screen_lines(app.screen)
    lines = [rows[y][region.x : region.right].rstrip() for y in range(region.y, region.bottom)]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def log_text(screen) -> str:
    return "\n".join(screen.query_one("#log").lines_text)


def my_turn(app) -> bool:
    screen = app.screen
    return isinstance(screen, AhldarahdScreen) and screen.table.turn is not None and bool(screen.table.names)


def quiet(state):
    """A plain player for setting positions up: no free routes, every auction opened at 0 and
    passed, the Shah kept, builds ended, offers declined."""
    legal = state.legal_actions()
    for wanted in (("done",), ("pass",), ("end",), ("give_shah", state.turn), ("decline",)):
        if wanted in legal:
            return wanted
    return next(a for a in legal if a[0] == "open" and a[2] == 0)


def bot_builds_route_16(state):
    """As ``quiet``, but Bot (seat 1) takes route 16 of its map as a free route."""
    if state.turn == 1 and ("free", 16) in state.legal_actions():
        return ("free", 16)
    return quiet(state)


def builder(state):
    """As ``quiet``, but every free route, claim and purchase is taken: gold from the bank, so
    with the Night option, black chips."""
    legal = state.legal_actions()
    for action in legal:
        if action[0] in ("free", "claim", "buy"):
            return action
    if ("stand_by",) in legal or legal[0][0] == "lose":
        return ("stand_by",) if ("stand_by",) in legal else legal[0]
    return quiet(state)


def play_until(test, players: int = 2, seed: int = 1, choose=quiet, options=None):
    state = GAME.new(players, seed=seed, options=options or {})
    actions = []
    while not test(state):
        assert state.turn is not None and len(actions) < 200, "no such position"
        action = choose(state)
        actions.append(action)
        state.apply(action, log=False)
    return actions, state


def building(seat: int):
    return lambda state: state.turn == seat and state.phase == BUILD


async def cursor_to(pilot, board, route: int) -> None:
    """Move the map's cursor to ``route`` with the arrows (the shortest way)."""
    keys = {(0, 1): "right", (0, -1): "left", (1, 0): "down", (-1, 0): "up"}
    paths = {board.cursor: []}
    todo = [board.cursor]
    while route not in paths:
        here = todo.pop(0)
        for step, key in keys.items():
            there = nearest(here, *step)
            if there not in paths:
                paths[there] = paths[here] + [key]
                todo.append(there)
    await pilot.press(*paths[route])
    assert board.cursor == route


def table_at(app, prefix=(), seed: int = 1, options=None) -> Table:
    return Table(app, "ahldarahd", AhldarahdScreen, seed, options or {}, prefix)


@asynccontextmanager
async def at_my_turn(tmp_path, prefix=(), seed: int = 1, options=None, what: str = "my turn"):
    """Tester's table against Bot at 80×24, the match begun at the position ``prefix`` leads to,
    once it is Tester's decision: (the app, its pilot, the ``Table``)."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot, table_at(app, prefix, seed, options) as table:
        await wait_for(pilot, lambda: my_turn(app), what)
        yield app, pilot, table


@asynccontextmanager
async def match_begun(tmp_path, seats: list[SeatSpec], names: list[str], seed: int = 5, options=None):
    """A match begun from the app (as the new match screen begins one) with ``seats`` named
    ``names``, seat 0 a person's, at 80×24, once it is seat 0's first decision: (the app, its
    pilot, its table's screen)."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(MatchSetup("ahldarahd", seats, names, options or {}, seed))
        await wait_for(pilot, lambda: my_turn(app), "my first decision")
        yield app, pilot, app.screen


#: every kind of decision the whole turn by keys makes (a pass where a second raise is asked of us)
KINDS = {"free", "open", "raise", "pass", "trade", "route", "end"}


@pytest.mark.e2e
async def test_a_whole_turn_against_two_ai_seats_by_keys(tmp_path):
    used: dict[str, int] = {}

    def note(what: str) -> None:
        used[what] = used.get(what, 0) + 1

    async def by_key(key: str, action: tuple) -> tuple:
        """``key`` pressed for ``action`` (noted as used): the action it should play."""
        await pilot.press(key)
        note(action[0])
        return action

    seats = [SeatSpec("human"), SeatSpec.parse("ai:easy"), SeatSpec.parse("ai:easy")]
    async with match_begun(tmp_path, seats, ["Tester", "Bot 1", "Bot 2"]) as (app, pilot, screen):
        host = app.runner.host
        board = screen.query_one(MapBoard)
        for _ in range(60):
            await wait_for(pilot, lambda: my_turn(app) and not screen.table.queue, "my turn")
            await read_since(pilot, screen)
            state = host.state
            if state.turn_no >= 2:
                break
            start, phase, legal = host.turn, screen.phase, list(screen.table.legal)
            expected = None
            if phase == "setup":
                if board.cursor in shown_route_plays(screen.table) and "free" not in used:
                    expected = await by_key("enter", ("free", board.cursor + 1))
                else:
                    expected = ("done",)
                    await pilot.press("e")
            elif phase == "bid_open":
                items = screen.table.openable()
                await pilot.press("i", "plus")
                item = items[1 % len(items)]
                bids = sorted({a[2] for a in legal if a[0] == "open" and a[1] == item})
                opening = f"Open: {card_or_item(screen.table, item)} at {bids[min(1, len(bids) - 1)]} gold"
                assert opening in screen_text(app)
                assert f"i item ({1 % len(items) + 1} of {len(items)})" in screen_text(app)
                expected = await by_key("b", ("open", item, bids[min(1, len(bids) - 1)]))
            elif phase == "bid_raise":
                assert "Auction: " in screen_text(app) and " · in:" in screen_text(app)
                raises = [a for a in legal if a[0] == "raise"]
                if raises and "raise" not in used:
                    expected = await by_key("b", raises[0])
                else:
                    expected = await by_key("p", ("pass",))
            elif phase == "shah_give":
                await pilot.press("g")
                await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "who gets the Shah")
                expected = legal[0]
                await pilot.press("enter")
            elif phase == "build":
                if "trade" not in used and ("trade_with", 1) in legal:
                    await pilot.press("o")
                    await wait_for(pilot, lambda: isinstance(app.screen, TradeDialog), "the trade builder")
                    dialog = app.screen
                    assert "Proposal to whom?" in screen_text(app)  # (asked each time, with two partners)
                    await pilot.press("enter")  # to Bot 1, the first listed
                    await pilot.press("enter")  # 1 gold you give
                    await pilot.press("down", "enter")  # 1 gold you ask
                    await pilot.press("minus")  # no: only the gift
                    assert "You give: 1 gold" in screen_text(app) and "You ask:  nothing" in screen_text(app)
                    await pilot.press("s")
                    await wait_for(pilot, lambda: not isinstance(app.screen, TradeDialog), "the proposal sent")
                    assert dialog.proposal.give_gold == 1
                    await wait_for(pilot, lambda: "the trade with you" in log_text(screen), "the answer")
                    assert ("trade_with", 1) in host.actions and ("send",) in host.actions
                    note("trade")
                    continue
                plays = shown_route_plays(screen.table)
                if plays and "route" not in used:  # on the map: the cursor to a route, Enter
                    route = min(plays)
                    await cursor_to(pilot, board, route)
                    assert board.text.splitlines()[-1].startswith(f" {route + 1} ")  # (right of the gutter)
                    await pilot.press("enter")
                    if len(plays[route]) > 1:
                        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "which play")
                        await pilot.press("enter")
                    expected = plays[route][0]
                    note("route")
                else:
                    expected = await by_key("e", ("end",))
            elif phase == "answer":
                expected = ("decline",)
                await pilot.press("n")
            else:
                raise AssertionError(f"unexpected decision {phase}")
            await wait_for(pilot, lambda start=start: host.turn > start, f"{expected} to land")
            assert host.actions[start] == expected, (host.actions[start], expected)
        assert host.state.turn_no == 2
        # (a pass is pressed at the second auction left to us to raise or pass: whether one comes
        # depends on how the AI seats bid, which no bid above an item's worth has made rarer)
        assert set(used) >= KINDS - {"pass"} and ("pass" in used or used["raise"] == 1), used
        answers = [
            line for line in screen.query_one("#log").lines_text if "the trade with you" in line or "declines:" in line
        ]
        assert answers and ("accepts" in answers[0] or "declines" in answers[0])


@pytest.mark.thorough
async def test_an_incoming_offer_is_accepted_and_declined_by_keys(tmp_path):
    prefix, state = play_until(building(1))
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot, table_at(app, prefix) as table:
        screen, host = table.screen, table.runner.host
        gold = list(state.gold)
        for action in (("trade_with", 0), ("give_gold", 1), ("ask_card", "Salt"), ("send",)):
            await table.bot_plays(action)
        await wait_for(pilot, lambda: my_turn(app) and screen.phase == "answer", "the offer")
        text = screen_text(app)
        assert "Bot offers a trade: y accept · n decline" in text
        assert "you get: 1 gold" in text and "you give: any Salt card" in text
        await read_since(pilot, screen)  # Bot's four steps opened it
        start = host.turn
        await pilot.press("n")
        await wait_for(pilot, lambda: host.turn > start, "the decline")
        assert host.actions[-1] == ("decline",) and "You decline." in log_text(screen)  # (a person: no motive)
        assert host.state.gold == gold

        for action in (("trade_with", 0), ("give_gold", 1), ("send",)):
            await table.bot_plays(action)
        await wait_for(pilot, lambda: my_turn(app) and screen.phase == "answer", "the second offer")
        await read_since(pilot, screen)
        start = host.turn
        await pilot.press("y")
        await wait_for(pilot, lambda: host.turn > start, "the acceptance")
        assert host.actions[-1] == ("accept",) and "You accept the trade with Bot" in log_text(screen)
        assert host.state.gold == [gold[0] + 1, gold[1] - 1]


@pytest.mark.thorough
async def test_m_shows_each_players_map_and_a_bad_offer_shows_the_engines_reason_and_changes_nothing(tmp_path):
    prefix, state = play_until(building(0), choose=bot_builds_route_16)
    async with at_my_turn(tmp_path, prefix, what="my build") as (app, pilot, table):
        screen, host = table.screen, table.runner.host
        board = screen.query_one(MapBoard)
        assert "[R You]" in board.text and board.owners == screen.table.view["routes"][0]
        await pilot.press("m")
        assert "[B Bot]" in board.text and board.owners == screen.table.view["routes"][1]
        assert "B10" in board.text  # Bot's route 16, its cost 10
        lines = [
            line.plain
            for line in map_lines(1, screen.table.view["routes"][1], screen.table.view["cities"][1], board.cursor)
        ]  # (the cursor's route is drawn •)
        assert all(line in board.text for line in lines)
        await pilot.press("m")
        assert "[R You]" in board.text
        # the map's key takes the focus to the map: from the plays list, Enter played the list's
        # claim on the person's own map with another player's route under the map's cursor
        screen.query_one(ActionList).focus()
        await pilot.press("m")
        assert "[B Bot]" in board.text and app.focused is board
        await pilot.press("m")

        start, view = host.turn, dict(screen.table.view)
        await pilot.press("o")
        await wait_for(pilot, lambda: isinstance(app.screen, TradeDialog), "the trade builder")
        await pilot.press("s")  # (nothing given or asked)
        await pilot.pause()
        why = str(app.screen.query_one("#trade-why").render())
        assert "Not sent: the proposal is empty: give or ask for something." in why
        await pilot.press("h")  # (the table's hint key: it did nothing and said nothing here)
        await pilot.pause()
        assert HINT_AT_THE_TABLE in str(app.screen.query_one("#trade-why").render())
        await pilot.press("down", *["plus"] * (state.gold[1] + 1))  # more gold than Bot has: not added
        await pilot.pause()
        assert app.screen.proposal.ask_gold == state.gold[1]
        assert f"Bot has only {state.gold[1]} gold." in str(app.screen.query_one("#trade-why").render())
        assert isinstance(app.screen, TradeDialog) and host.turn == start
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen, "back at the table")
        await pilot.pause(0.1)
        assert host.turn == start and screen.table.view == view and screen.table.view["proposals_left"] == 3
        assert screen.table.turn is not None


@pytest.mark.thorough
async def test_the_night_shows_its_commodity_and_a_pledge_is_made_by_keys(tmp_path):
    night = {"night_of_the_outsider": True}
    prefix, state = play_until(lambda s: s.turn == 0 and s.phase == NIGHT_AVERT, seed=0, choose=builder, options=night)
    pledges = [a for a in state.legal_actions() if a[0] == "pledge"]
    async with at_my_turn(tmp_path, prefix, seed=0, options=night, what="the Night") as (app, pilot, table):
        screen, host = table.screen, table.runner.host
        commodity = screen.table.view["night"]["commodity"]
        keys = "+/- or type · b pledge · " + ("a discard · " if ("avert",) in screen.table.legal else "") + "s stand by"
        assert panel_lines(app)[:3] == [
            f"Night of the Outsider: {commodity}",
            f"Pledge {pledges[0][1]} gold · 0 of 10 so far",
            keys,
        ]
        await pilot.press("plus")
        assert f"Pledge {pledges[1][1]} gold · 0 of 10 so far" in panel_lines(app)
        await pilot.press("1", "2")  # 12: more than can be pledged, so all that can, and why
        assert f"Pledge {pledges[-1][1]} gold (typed 12) · 0 of 10 so far" in panel_lines(app)
        assert notices(app)[-1].message.startswith(f"Most you can pledge: {pledges[-1][1]} gold (")
        await pilot.press("minus", "3")  # typing starts again after a step
        assert f"Pledge {min(3, pledges[-1][1])} gold (typed 3) · 0 of 10 so far" in panel_lines(app)
        screen.show_hint(pledges[-1], "")  # a hint is named in the panel and starred; it changes no amount
        await pilot.pause()
        assert f"Pledge {min(3, pledges[-1][1])} gold (typed 3) · 0 of 10 so far" in panel_lines(app)
        assert len(panel_lines(app)) == 3  # (no row free for the hint's line: the list stars it)
        assert screen.query_one(ActionList).hinted == pledges[-1]
        assert screen.active_bindings["a"].binding.action == "avert"  # (the Night's a discards; else it takes a hint)
        await pilot.press("plus", *["plus"] * len(pledges))  # the player takes the hint's amount
        assert f"Pledge {pledges[-1][1]} gold · 0 of 10 so far" in panel_lines(app)
        assert panel_lines(app)[2] == keys
        start = host.turn
        await pilot.press("b")
        await wait_for(pilot, lambda: host.turn > start, "the pledge")
        assert host.actions[start] == pledges[-1]
        summary = screen.match_summary(screen.table.view)  # for the end screen: gold breaks a tie
        assert [column.header for column in summary.columns] == ["Player", "Points", "Cities", "+3 abroad", "Gold"]
        assert list(summary.columns[4].cells) == [str(gold) for gold in screen.table.view["gold"]]


@pytest.mark.thorough
async def test_five_players_fit_80x24(tmp_path):
    names = ["Tester", "Bot 1", "Bot 2", "Bot 3", "Bot 4"]
    async with match_begun(tmp_path, [SeatSpec("human")] + [SeatSpec("random")] * 4, names, 3) as (app, _, screen):
        regions = [
            screen.query_one(selector).region
            for selector in ("#ah-map", "#ah-players", "#ah-market", "#ah-panel", "#status")
        ]
        assert all(region.height for region in regions)
        assert all(a.bottom <= b.y for a, b in pairwise(regions))  # stacked, none hidden
        assert regions[-1].bottom == 23 and regions[0].right <= 49
        text = screen_text(app)
        for seat in range(1, 5):
            assert f"Bot {seat}" in text
        assert screen.query_one("#ah-players").region.height == 6  # a header and a line a player
        lines = text.splitlines()
        assert lines[0].startswith("▸[R You] B Bot 1") and "P Bot 4" in lines[0]  # the maps on one line (focused)
        assert lines[9].startswith(" 16 ")  # the route under the cursor, under the map
        for mark in "RBGYP":
            assert f" {mark} " in screen.query_one(MapBoard).text or f"[{mark} " in screen.query_one(MapBoard).text


def test_a_proposal_becomes_the_engines_steps_and_is_checked_by_the_engine():
    assert gold_steps(7) == [5, 1, 1] and gold_steps(0) == []
    proposal = Proposal(1, give_gold=6, ask_cards=["Salt", "Salt"], ask_items=["Shah"])
    assert steps(proposal) == [
        ("trade_with", 1),
        ("give_gold", 5),
        ("give_gold", 1),
        ("ask_card", "Salt"),
        ("ask_card", "Salt"),
        ("ask_item", "Shah"),
        ("send",),
    ]
    assert one_step(proposal) is None
    assert one_step(Proposal(1, give_gold=3, ask_cards=["Salt"])) == ("offer", 1, "gold", 3, "card", "Salt")
    _, state = play_until(building(0))
    assert problem(state, 0, Proposal(1, give_gold=1)) is None
    assert problem(state, 0, Proposal(1)) == "the proposal is empty: give or ask for something"
    assert problem(state, 0, Proposal(1, give_gold=state.gold[0] + 1)) == f"you have only {state.gold[0]} gold"
    assert problem(state, 0, Proposal(1, ask_cards=["Salt"] * 4)) == "a proposal asks for at most 3 cards"
    assert state.proposals == 3 and state.turn == 0  # checked on a copy


@pytest.mark.thorough
async def test_a_play_highlighted_in_the_list_shows_its_route_named_as_the_map_names_it(tmp_path):
    prefix, _ = play_until(building(0), choose=bot_builds_route_16)
    async with at_my_turn(tmp_path, prefix, what="my build") as (_app, pilot, table):
        screen = table.screen
        board, plays = screen.query_one(MapBoard), screen.query_one(ActionList)
        plays.focus()
        await pilot.pause()
        assert plays.highlighted is None  # (no line highlighted unseen: ↓ highlights the first)
        await pilot.press("down")
        assert plays.highlighted == 0
        seen, kinds = 0, set()
        routes = {action[0] for action in plays.actions[:40]} & {"claim", "buy", "destroy"}
        for index, action in enumerate(plays.actions[:40]):
            if seen >= 3 and kinds == routes:  # (each kind of play on a route, down the list by keys)
                break
            if index:
                await pilot.press("down")
            assert plays.highlighted == index
            if action[0] not in ("claim", "buy", "destroy"):
                continue
            colour, route = COLOURS.index(action[1]), action[2] - 1
            assert (screen.table.shown_map, board.cursor) == (colour, route), action
            a, b = ENDS[route]
            cities = [CODES[COMMODITY_AT[colour][slot]] for slot in (a, b)]
            said = screen.describe(action)
            assert f"({cities[0]}–{cities[1]}, " in said and f", {COST[route]})" in said
            assert all(code in board.text for code in cities)  # the same words on the map
            seen += 1
            kinds.add(action[0])
        assert seen >= 3


def test_map_arrows_follow_what_the_eye_sees():
    assert nearest(20, -1, 0) == 17  # Up from route 21 (bottom road) to 18, the road just above it
    assert nearest(0, 0, 1) == 1 and nearest(0, -1, 0) == 2  # along the north sea lane; up to the arc
    moves = {(r, step): nearest(r, *step) for r in range(21) for step in ((1, 0), (-1, 0), (0, 1), (0, -1))}
    for (r, (dr, dc)), q in moves.items():
        (row, col), (qrow, qcol) = LABEL_AT[r], LABEL_AT[q]
        assert q == r or (qrow - row) * dr > 0 or (qcol - col) * dc > 0  # always the way pressed
        if dc and any(c != col and (c - col) * dc > 0 and rw == row for rw, c in LABEL_AT):
            assert qrow == row  # left/right stay on the row while it goes on
    reached, todo = {15}, [15]  # every route can be reached from where the cursor starts
    while todo:
        r = todo.pop()
        for (s, _), q in moves.items():
            if s == r and q not in reached:
                reached.add(q)
                todo.append(q)
    assert reached == set(range(21))


@pytest.mark.thorough
async def test_opposite_arrows_retrace_the_map_cursors_steps(tmp_path):
    """The bug: right from route 7 led to 9, down from 9 to 14, but up from 14 to 7, so a player
    retracing their steps to 9 claimed route 7 with Enter. Up, then left, now retrace the way."""
    assert (nearest(6, 0, 1), nearest(8, 1, 0), nearest(13, -1, 0)) == (8, 13, 6)  # what the eye sees
    async with at_my_turn(tmp_path) as (app, pilot, _table):
        board = app.screen.query_one(MapBoard)
        await cursor_to(pilot, board, 6)
        trail = []
        for key in ("right", "down", "up", "left", "right", "right"):
            await pilot.press(key)
            trail.append(board.cursor)
        assert trail == [8, 13, 8, 6, 8, nearest(8, 0, 1)]


@pytest.mark.thorough
async def test_the_trade_builder_never_wraps_and_the_log_keeps_only_what_was_sent(tmp_path):
    prefix, _ = play_until(building(0))
    async with at_my_turn(tmp_path, prefix, what="my build") as (app, pilot, table):
        screen, host = table.screen, table.runner.host
        await pilot.press("o")
        await wait_for(pilot, lambda: isinstance(app.screen, TradeDialog), "the trade builder")
        dialog = app.screen
        await pilot.press("up", "up", "up", "enter", "down", "enter")  # Up at the top stays there
        assert (dialog.proposal.give_gold, dialog.proposal.ask_gold, dialog.proposal.ask_cards) == (1, 1, [])
        summary = str(dialog.query_one("#trade-summary").render())
        assert "You give: 1 gold" in summary and "You ask:  1 gold" in summary
        start = host.turn
        await pilot.press("s")
        await wait_for(pilot, lambda: ("send",) in host.actions[start:], "the proposal sent")
        log = log_text(screen)
        assert "Proposal so far" not in log
        assert log.count("You propose a trade to Bot: you give 1 gold; Bot gives 1 gold") == 1


# -- what Enter plays, the panel's words, a tie on points ----------------------------------------------


def status(screen) -> str:
    return " ".join(line.strip() for line in str(screen.query_one("#status").render()).splitlines())


@pytest.mark.thorough
async def test_the_status_line_words_the_route_play_enter_makes_on_the_map(tmp_path):
    async with at_my_turn(tmp_path) as (_app, pilot, table):
        screen = table.screen
        board = screen.query_one(MapBoard)
        assert screen.phase == "setup" and board.has_focus
        await cursor_to(pilot, board, 4)
        promised = screen.enter_action()
        assert promised == ("free", 5)

        def brief(action):  # the route by its cities: the map beside the line shows it and its owner
            return f"enter: {screen.table.words(describe(screen.table.world, action, brief=True))}"

        assert status(screen) == brief(promised) == "enter: Claim Textiles–Gems (sea) on your map for free"  # whole
        await pilot.press("tab")  # no line highlighted unseen: the first Enter (or ↓) highlights one
        assert screen.query_one(ActionList).highlighted_action is None
        assert status(screen) == "enter: highlight the first play (↑↓ pick one)"
        await pilot.press("down")  # the list's highlighted play: its route is shown on the map
        assert status(screen) == brief(screen.query_one(ActionList).highlighted_action)
        await pilot.press("shift+tab")
        promised = screen.enter_action()
        assert promised == ("free", board.cursor + 1) and status(screen) == brief(promised)
        await pilot.press("enter")
        await wait_for(pilot, lambda: table.moves() == 1, "the free route")
        assert table.runner.host.actions[0] == promised


@pytest.mark.thorough
async def test_the_panel_words_each_seat_as_the_log_does(tmp_path):
    """Never "You opens the next auction": our own seat, shown while the turn is not ours to
    play (our move on its way, a replay), agrees as "you" does."""
    async with at_my_turn(tmp_path) as (_app, _pilot, table):
        screen = table.screen
        waiting, base = replace(screen.table, turn=None), dict(screen.table.view)
        said = {}
        for phase in ("setup", "bid_open", "build", "shah_give"):
            for mover in (0, 1):
                said[phase, mover] = panel_text(base | {"phase": phase, "to_move": mover}, waiting).plain
        assert said["setup", 0] == "You claim free routes on your map."
        assert said["setup", 1] == "Bot claims free routes on Bot's map."
        assert said["bid_open", 0].endswith("You open the next auction.")
        assert said["build", 0] == "You are building." and said["build", 1] == "Bot is building."
        assert said["shah_give", 1] == "Bot won the Shah and decides who gets it."  # (not yet given)


@pytest.mark.thorough
async def test_a_tie_on_points_says_gold_broke_it(tmp_path):
    async with at_my_turn(tmp_path) as (_app, _pilot, table):
        screen = table.screen
        screen.table_state = replace(screen.table, view=dict(screen.table.view) | {"gold": [9, 4]})
        assert (
            screen.result_headline(["Tester (you)", "Bot"], [26.0, 26.0], [1.0, 0.0])
            == "26–26; you win on gold (9 to 4)."
        )
        assert screen.result_headline(["Tester (you)", "Bot"], [20.0, 26.0], [0.0, 1.0]) == "Bot wins!"


@pytest.mark.thorough
async def test_a_tie_between_two_of_three_seats_names_whose_scores_they_are(tmp_path):
    """The bug: at three seats, Bob (3 points) read "9–9; Ann wins on gold (19 to 3)." as if the
    9–9 were his score; it was Ann's and AI 3's."""
    seats = [SeatSpec("human"), SeatSpec.parse("ai:easy"), SeatSpec.parse("ai:easy")]
    async with match_begun(tmp_path, seats, ["Tester", "Bot 1", "Bot 2"]) as (_app, _pilot, screen):
        screen.table_state = replace(screen.table, view=dict(screen.table.view) | {"gold": [0, 19, 3]})
        names = ["Tester (you)", "Bot 1", "Bot 2"]
        assert (
            screen.result_headline(names, [3.0, 9.0, 9.0], [0.0, 1.0, 0.0])
            == "Bot 1 and Bot 2 tie 9–9; Bot 1 wins on gold (19 to 3)."
        )
        assert (
            screen.result_headline(names, [9.0, 3.0, 9.0], [0.0, 0.0, 1.0])
            == "You and Bot 2 tie 9–9; Bot 2 wins on gold (3 to 0)."
        )
        assert (
            screen.result_headline(names, [9.0, 9.0, 9.0], [0.0, 1.0, 0.0])
            == "9–9–9; Bot 1 wins on gold (19 to 0 and 3)."
        )


@pytest.mark.thorough
async def test_the_maps_cursor_shows_its_focus_without_colour(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    async with at_my_turn(tmp_path) as (app, pilot, table):
        board = table.screen.query_one(MapBoard)
        row, col = LABEL_AT[board.cursor]
        region = board.content_region

        def cursor_reversed() -> bool:
            strip = screen_strips(app.screen)[region.y + 1 + row]
            x, found = 0, False
            for segment in strip:
                if region.x + col <= x < region.x + col + 3 and segment.style and segment.style.reverse:
                    found = True
                x += segment.cell_length
            return found

        assert board.has_focus and cursor_reversed()
        await pilot.press("tab")
        await wait_for(pilot, lambda: not board.has_focus, "the plays list")
        row, col = LABEL_AT[board.cursor]  # (the list's play shows its route)
        assert not cursor_reversed()


@pytest.mark.thorough
async def test_typed_bid_digits_show_by_the_amount_and_start_afresh_for_another_item(tmp_path):
    """The bug: with 5 gold, 2 i 1 showed "Pearls card at 2 gold", then "Dates card at 0 gold",
    then "Dates card at 5 gold" (the 2 was kept, out of sight, and 21 meant all one has). The
    digits show beside the amount, and another item starts them afresh; a hint changes neither
    the item nor the amount."""
    prefix, _ = play_until(lambda s: s.turn == 0 and len({a[1] for a in s.legal_actions() if a[0] == "open"}) >= 2)
    async with at_my_turn(tmp_path, prefix, what="my auction") as (app, pilot, table):
        screen, host = table.screen, table.runner.host
        first, second = screen.table.openable()[:2]
        assert screen.table.item == first
        await pilot.press("2")
        assert f"Open: {card_or_item(screen.table, first)} at 2 gold (typed 2)" in screen_text(app)
        assert screen.enter_action() == ("open", first, 2)  # (Enter on the map bids what the panel shows)
        await pilot.press("i")
        assert screen.table.item == second and screen.table.typed == ""
        assert f"Open: {card_or_item(screen.table, second)} at 0 gold" in screen_text(app)
        await pilot.press("1")
        assert f"Open: {card_or_item(screen.table, second)} at 1 gold (typed 1)" in screen_text(app)
        hint = next(a for a in screen.table.legal if a[0] == "open" and a[1] == first and a[2] == 0)
        screen.show_hint(hint, "")
        await pilot.pause()
        assert screen.table.item == second and screen.table.chosen_amount() == 1
        assert f"Open: {card_or_item(screen.table, second)} at 1 gold (typed 1)" in screen_text(app)
        start = host.turn
        await pilot.press("b")
        await wait_for(pilot, lambda: host.turn > start, "the opening bid")
        assert host.actions[start] == ("open", second, 1)


@pytest.mark.thorough
async def test_the_digits_typed_are_the_tables_whatever_has_the_focus_and_backspace_takes_one_back(tmp_path):
    """The bug: with the plays list focused, "1" "2" bid 2, not 12 (the list's highlight, moved
    to the bid of "1", started the digits afresh). The same keys give the same bid on the map
    and in the plays list, and Backspace takes the last digit back."""
    prefix, _ = play_until(lambda s: s.turn == 0 and s.phase == BID_OPEN)
    async with at_my_turn(tmp_path, prefix, what="my auction") as (app, pilot, table):
        screen, host = table.screen, table.runner.host
        plays = screen.query_one(ActionList)
        bids = {}
        for focused in (plays, screen.query_one(MapBoard)):  # (the list's focus puts its play in the panel)
            focused.focus()
            await pilot.press("1", "2")
            assert screen.table.typed == "12" and screen.focused is focused
            bids[focused] = screen.table.bid()
            await pilot.press("backspace")
            assert screen.table.typed == "1" and screen.table.chosen_amount() <= 1
            assert "(typed 1)" in screen_text(app)
            await pilot.press("backspace")
        assert bids[plays] == bids[screen.query_one(MapBoard)] and bids[plays][2] > 1
        plays.focus()
        await pilot.press("1", "2")
        assert plays.highlighted_action == bids[plays] and screen.table.typed == "12"
        start = host.turn
        await pilot.press("b")
        await wait_for(pilot, lambda: host.turn > start, "the opening bid")
        assert host.actions[start] == bids[plays]


@pytest.mark.thorough
async def test_the_plays_list_and_the_panel_name_one_bid(tmp_path):
    """The bug: with the plays list focused, the panel kept the item chosen the turn before
    ("Open: your Right of Passage at 0 gold") while Enter opened the list's first row (the red
    Ivory card): ``b`` and Enter named two auctions. The panel follows the list's highlight, the
    list follows the panel's keys, and ``b`` plays what Enter would."""
    prefix, _ = play_until(lambda s: s.turn == 0 and len({a[1] for a in s.legal_actions() if a[0] == "open"}) >= 2)
    async with at_my_turn(tmp_path, prefix, what="my auction") as (app, pilot, table):
        screen, host = table.screen, table.runner.host
        second = screen.table.openable()[1]
        await pilot.press("i")
        assert screen.table.item == second
        plays = screen.query_one(ActionList)
        plays.focus()
        await pilot.pause()

        def panel_bid():
            return ("open", screen.table.item, screen.table.chosen_amount())

        assert panel_bid() == plays.highlighted_action
        rows = plays.actions
        row = next(i for i, a in enumerate(rows) if a[0] == "open" and a[1] != plays.highlighted_action[1] and a[2] > 0)
        await pilot.press(*["down"] * (row - plays.highlighted))
        assert plays.highlighted_action == rows[row] == panel_bid()
        assert f"Open: {card_or_item(screen.table, rows[row][1])} at {rows[row][2]} gold" in screen_text(app)
        for keys in (("i",), ("plus",), ("minus", "I")):
            await pilot.press(*keys)
            assert plays.highlighted_action == panel_bid()
        bid = panel_bid()
        start = host.turn
        await pilot.press("b")
        await wait_for(pilot, lambda: host.turn > start, "the opening bid")
        assert host.actions[start] == bid


@pytest.mark.thorough
async def test_the_auctions_key_lines_fit_the_panel_whole_at_80x24(tmp_path):
    """The bug: at 80×24 the opening bid's keys were cut ("… · b open" lost its end). Each key
    line of the auction is read whole from the screen, with the most digits typed."""
    prefix, _ = play_until(lambda s: s.turn == 0 and s.phase == BID_OPEN)
    async with at_my_turn(tmp_path, prefix, what="my auction") as (app, pilot, table):
        screen = table.screen
        items = screen.table.openable()
        assert screen.query_one("#ah-panel").content_region.width < 50  # the panel is beside the plays
        assert panel_lines(app)[2] == f"i item (1 of {len(items)}) · +/- or type · b open"
        await pilot.press("1", "2", "3")
        assert panel_lines(app)[2] == f"i item (1 of {len(items)}) · +/- or type · b open"
    prefix, state = play_until(lambda s: s.turn == 0 and s.phase == BID_RAISE)
    raises = [a[1] for a in state.legal_actions() if a[0] == "raise"]
    async with at_my_turn(tmp_path, prefix, what="my raise") as (app, pilot, table):
        screen = table.screen
        assert panel_lines(app)[2] == f"b raise to {raises[0]} · +/- or type · p pass"
        assert raises[-1] < 12
        await pilot.press("1", "2")  # all one has: the digits beside it (a third would start anew)
        assert panel_lines(app)[2] == f"b raise to {raises[-1]} (typed 12) · p pass"


@pytest.mark.thorough
async def test_a_look_at_another_map_in_an_auction_leaves_enter_where_it_was(tmp_path):
    """In an auction, ``m`` took the focus to the map, where Enter plays the panel's bid: a look
    at a map turned "enter: highlight the first play" into "enter: Raise to 3 gold … all of it".
    In a build it still does (Enter there acts on the route under the map's cursor)."""
    prefix, _ = play_until(lambda s: s.turn == 0 and s.phase == BID_RAISE)
    async with at_my_turn(tmp_path, prefix, what="my raise") as (app, pilot, table):
        screen = table.screen
        plays = screen.query_one(ActionList)
        plays.focus()
        await pilot.pause()
        before = screen.enter_action()
        await pilot.press("m")
        assert screen.table.shown_map == 1 and app.focused is plays
        assert screen.enter_action() == before and (before is None or before[0] != "raise")


def seat_1_pays_early(state):
    """As ``quiet``, but seat 1 opens its auctions at 1 gold, so its Camel goes face down."""
    if state.turn == 1 and state.phase == BID_OPEN and state.camel[1] and state.gold[1]:
        return next(a for a in state.legal_actions() if a[0] == "open" and a[2] == 1)
    return quiet(state)


@pytest.mark.thorough
async def test_a_bidder_who_cannot_raise_is_listed_out_of_the_auction_before_being_asked(tmp_path):
    """The bug: the auction panel listed under "in:" a bidder whose Camel was face down, still to
    be asked (it passes by itself when asked): it read as if it could still outbid."""

    def asked_before_one_who_cannot_raise(s):
        return (
            s.phase == BID_RAISE
            and s.turn == 0
            and any(q != s.leader and not s.out >> q & 1 and not s.can_raise(q) for q in range(3))
        )

    prefix, state = play_until(asked_before_one_who_cannot_raise, players=3, choose=seat_1_pays_early)
    (cannot,) = [q for q in range(3) if q != state.leader and not state.out >> q & 1 and not state.can_raise(q)]
    app = make_app(tmp_path)
    names = ("Tester", "Bot", "Cy")
    async with app.run_test(size=SIZE) as pilot, Table(app, "ahldarahd", AhldarahdScreen, 1, {}, prefix, names):
        await wait_for(pilot, lambda: my_turn(app), "my raise")
        line = next(line for line in panel_lines(app) if " · in:" in line)
        listed_in = line.split(" · in:")[1].split(" · out:")[0].split()
        assert COLOURS[cannot][0].upper() not in listed_in, line
        assert f" · out: {COLOURS[cannot][0].upper()} · by " in line, line


@pytest.mark.thorough
async def test_an_auction_led_by_a_long_name_wraps_onto_the_row_the_enter_line_leaves(tmp_path):
    """The bug: at 80×24, "bid 1 by Annabelle Marguerite Fitzwilliam-Oakh…" was cut (who was in
    and out with it) while the row under the panel's keys was empty: the panel takes the rows
    the Enter line leaves, and wraps its lines onto them; it gives them back as the Enter line
    takes them, each of its lines cut to one row again. Who is in and out comes before the
    bidder's name, which a long one cut away; what is sold, before whose it is."""
    prefix, _ = play_until(
        lambda s: s.phase == BID_RAISE and s.turn == 0 and s.leader == 1, players=3, choose=seat_1_pays_early
    )
    app = make_app(tmp_path)
    names = ("Bob", "Annabelle Marguerite Fitzwilliam-Oakhurs", "AI 3")  # (40 characters)
    async with app.run_test(size=SIZE) as pilot, Table(app, "ahldarahd", AhldarahdScreen, 1, {}, prefix, names):
        await wait_for(pilot, lambda: my_turn(app), "my raise")
        lines = panel_lines(app)
        assert lines[1:3] == ["bid 1 · in: R B · out: G · by Annabelle", "Marguerite Fitzwilliam-Oakhurs"], lines
        assert lines[3].startswith("b raise to 2 · ") and not any("…" in line for line in lines), lines
        app.screen.query_one("#status").styles.height = 3  # (as when the Enter line wraps onto three rows)
        await pilot.pause()
        lines = panel_lines(app)  # (the row taken back: the name cut again, the keys in sight)
        assert lines[1] == "bid 1 · in: R B · out: G · by Annabelle Margue…" and lines[2].startswith("b raise"), lines


@pytest.mark.thorough
async def test_an_incense_card_is_an_incense_card_wherever_the_table_names_a_commodity(tmp_path):
    """The bug: "a Incense card". The Night's loss, a draft in the panel, the route problem and
    the trade builder's sides put "an" before a commodity that starts with a vowel."""
    async with at_my_turn(tmp_path) as (app, pilot, table):
        screen = table.screen
        base = dict(screen.table.view)
        night = base | {"phase": "night_loss", "to_move": 1, "night": base["night"] | {"commodity": "Incense"}}
        screen.table_state = replace(screen.table, turn=None, view=night)
        await pilot.pause()
        assert panel_lines(app)[0] == "The Night: lose a route into an Incense city"
        draft = {
            "partner": 0,
            "give_gold": 0,
            "give_cards": ["blue Incense"],
            "give_items": [],
            "ask_gold": 2,
            "ask_cards": [],
            "ask_items": [],
        }
        compose = base | {"phase": "compose", "to_move": 1, "draft": draft, "order": [1, 0], "position": 0}
        screen.table_state = replace(screen.table, view=compose)
        await pilot.pause()
        assert panel_lines(app)[:3] == ["Bot writes to you:", "gives: an Incense card", "asks: 2 gold"]
    view = GAME.new(2, seed=1).view(0) | {"phase": "build"}
    incense = COMMODITIES.index("Incense")
    r = next(r for r, (a, _) in enumerate(ENDS) if COMMODITY_AT[0][a] == incense)
    other = COMMODITIES[COMMODITY_AT[0][ENDS[r][1]]]
    assert (
        route_problem(view, 0, 0, r, str)
        == f"a claim takes an Incense or {other} card and 1 gold, a purchase {COST[r]} gold"
    )
    # the Eyes of Shamesh (land) and the Pirate Queen (sea) take 1 off, as the plays list says
    # ("a claim takes … and 1 gold, a purchase 9 gold" beside the plays list's 0 and 8)
    held = view | ({"pirate": 0} if SEA[r] else {"eyes": 0})
    assert route_problem(held, 0, 0, r, str).endswith(f"card and 0 gold, a purchase {COST[r] - 1} gold")
    assert side_words(0, ["Incense", "Salt"], [], str) == "an Incense card and a Salt card"
    assert side_words(0, ["Incense"], [], str, asking=True) == "any Incense card"


def test_the_route_line_under_the_map_says_its_plays_before_its_owner():
    """The bug: "16 Salt–Metals land 10 · unclaimed · enter: 1" lost the word "play" at 80×24.
    The plays come before the owner (a long name is what a narrow map cuts), within the map's
    width on every route of every map."""
    view = {"routes": [[-1] * len(ENDS) for _ in COMMODITY_AT]}
    lines = [
        route_info(view, m, r, 9, lambda seat, width: str(seat)).plain
        for m in range(len(COMMODITY_AT))
        for r in range(len(ENDS))
    ]
    assert all(line.index(" · 9 plays · unclaimed") + len(" · 9 plays") <= 47 for line in lines)


def test_the_route_line_under_the_map_fits_a_long_owners_name():
    """Over SSH, the last move of a replay: "16 Salt–Metals land 10 ·" and nothing after it, the
    owner's 40-letter name past the line's end. The name is fit to the map's width, its seat's
    letter kept."""
    from caravan_tui.games.ahldarahd.map_text import INFO_WIDTH
    from caravan_tui.games.ahldarahd.map_widget import map_lines
    from caravan_tui.games.ahldarahd.table_state import AhldarahdTable

    owners = [-1] * 30
    assert {len(line.plain) for line in map_lines(0, owners, owners, 0, frozenset(), False)} == {INFO_WIDTH}
    view = {"routes": [[-1] * len(ENDS) for _ in COMMODITY_AT]}
    view["routes"][0][15] = 1
    table = AhldarahdTable(seat=0, names=("Ann", "B" * 40), seat_kinds=("human", "human"))
    line = route_info(view, 0, 15, 1, table.short_name).plain
    assert " · 1 play · BBB" in line and line.endswith("… (B)") and len(line) == INFO_WIDTH, line


def test_every_item_a_player_or_the_table_holds_shows_at_80_columns():
    """The bug: the Pirate Queen fell off the end of a player's Items ("RoP:G Shah Eyes") and of
    the market's "table:" line, with nothing to say so. Where names do not fit, short forms do."""
    state = GAME.new(3, seed=1)
    view = state.view(0)
    view = {**view, "rop": [1, 1, -1], "shah": 1, "eyes": 1, "pirate": 1}
    assert items_of(view, 1, 30) == "RoP:RB Shah Eyes Pirate"
    assert items_of(view, 1, 19) == "R:RB Sh Ey PQ"
    line = players_text(view, 0, lambda seat, width: f"P{seat}", 47).plain.splitlines()[2]
    assert len(line) <= 47 and line.endswith("R:RB Sh Ey PQ")
    table = {
        **view,
        "rop": [-1, -1, -1],
        "shah": -1,
        "eyes": -1,
        "pirate": -1,
        "hand": ["red Metals", "blue Textiles", "green Horses"],
    }
    second = market_text(table, 47).plain.splitlines()[1]
    assert second == "Hand: Me Te Ho · table: R:RBG Sh Ey PQ"  # the hand's codes make the room
    # the public view (a replay's) holds no hand: "Hand: none" read as a seat holding no card
    public = {key: value for key, value in table.items() if key != "hand"}
    assert market_text(public, 47).plain.splitlines()[1] == "Hand: hidden · table: R:RBG Sh Ey PQ"
    assert market_text({**table, "hand": []}, 47).plain.splitlines()[1].startswith("Hand: none · ")


@pytest.mark.thorough
async def test_a_ready_proposal_declined_this_build_is_sent_again_only_when_asked(tmp_path):
    """Enter on "Propose to Bot: … (Bot declined it this build)" in the plays list sent it again
    at once and spent one of the build's proposals (2 left, then 1). The table asks first, says
    what it spends, and Enter keeps it back; ``y`` sends it."""
    from caravan_tui.screens.dialogs import ConfirmScreen

    prefix, state = play_until(building(0))
    offer = next(a for a in state.legal_actions() if a[0] == "offer")
    prefix = [*prefix, offer, ("decline",)]
    async with at_my_turn(tmp_path, prefix, what="my build, the offer declined") as (app, pilot, table):
        screen, host = table.screen, table.runner.host
        assert screen.table.view["proposals_left"] == 2
        plays = screen.query_one(ActionList)
        plays.focus()
        await pilot.pause()
        row = plays.actions.index(offer)
        await pilot.press("home", *["down"] * row)
        assert plays.highlighted_action == offer
        start = host.turn
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert "Bot declined it this build: sending it again spends one of your 2 proposals left." in (
            app.screen.question
        )
        await pilot.press("enter")  # (the focus starts on "Keep it back")
        await wait_for(pilot, lambda: app.screen is screen, "the table again")
        assert host.turn == start and screen.table.view["proposals_left"] == 2
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question again")
        await pilot.press("y")
        await wait_for(pilot, lambda: host.turn > start, "the proposal sent again")
        assert host.actions[start] == offer
