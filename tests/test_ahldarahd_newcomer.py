"""What the last newcomer run found at the Caravans of Ahldarahd table (80×24, Pilot), each as
they met it: the AI took a city on their map in turn 1 with nothing on the table saying it
could; the map showed no mark of its focus; digits typed past what one may bid kept the amount
short with no word why; and the table no longer moves the plays list's highlight or the
map's cursor from outside (issue 49: each widget follows the table's state)."""

from __future__ import annotations

import ast
import importlib
from dataclasses import replace
from pathlib import Path

import pytest
from test_ahldarahd_screen import at_my_turn, builder, building, cursor_to, panel_lines, play_until, quiet
from test_table_shape import queried, queried_names

from caravan_tui.games.ahldarahd import screen as ahldarahd_screen
from caravan_tui.games.ahldarahd import trade_dialog
from caravan_tui.games.ahldarahd.map_text import shown_route_plays
from caravan_tui.games.ahldarahd.map_widget import MapBoard
from caravan_tui.games.ahldarahd.panel import HINT_ELSEWHERE
from caravan_tui.games.ahldarahd.terms import BID_OPEN, BID_RAISE
from caravan_tui.textual_adapter import notices, screen_lines
from caravan_tui.widgets import ActionList
from caravan_tui.widgets.focus_mark import FOCUS_MARK

from tables import wait_for

MARK = FOCUS_MARK.strip()


@pytest.mark.thorough
async def test_the_map_marks_its_focus_as_the_plays_list_does_without_colour(tmp_path, monkeypatch):
    """The bug: the plays list's title read "▸ Plays" with the focus, the map nothing, so under
    NO_COLOR a newcomer could not tell whether the arrows moved over the map or the list."""
    monkeypatch.setenv("NO_COLOR", "1")
    async with at_my_turn(tmp_path) as (app, pilot, table):
        screen = table.screen
        board, plays = screen.query_one(MapBoard), screen.query_one(ActionList)

        def map_marked() -> bool:
            return screen_lines(app.screen)[board.region.y][board.region.x] == MARK

        assert board.has_focus and map_marked() and not str(plays.border_title).startswith(MARK)
        await pilot.press("tab")
        await wait_for(pilot, lambda: plays.has_focus, "the plays list")
        assert not map_marked() and str(plays.border_title).startswith(MARK)
        await pilot.press("shift+tab")
        await wait_for(pilot, lambda: board.has_focus, "the map again")
        assert map_marked()
        first_route = board.cursor
        await pilot.press("right")  # (the gutter moves nothing: the map's cells answer the arrows as before)
        assert board.cursor != first_route and map_marked()


@pytest.mark.thorough
async def test_digits_typed_past_what_one_may_bid_say_why_in_one_line(tmp_path):
    """The bug: with 5 gold, "19" showed "at 5 gold (typed 19)" and nothing said why not 19."""
    prefix, state = play_until(lambda s: s.turn == 0 and s.phase == BID_OPEN)
    gold = state.gold[0]
    async with at_my_turn(tmp_path, prefix, what="my auction") as (app, pilot, table):
        screen = table.screen
        app.clear_notifications()
        await pilot.press(str(gold))  # (as much as one has: nothing to say)
        assert screen.table.chosen_amount() == gold and notices(app) == []
        await pilot.press("backspace", "1", "9")
        assert screen.table.chosen_amount() == gold and screen.table.typed == "19"
        said = [notice.message for notice in notices(app)]
        assert said and said[-1] == f"Most you can bid: {gold} gold (all you have)"
        assert all("\n" not in message for message in said)
        # the bug met next, in a match: "3" after "99" made "993", all one has, and b bid it: a
        # digit after digits past the limit starts a new amount
        await pilot.press("3")
        assert screen.table.typed == "3" and screen.table.bid() == ("open", screen.table.item, 3)


@pytest.mark.thorough
async def test_a_raise_typed_past_ones_gold_says_the_most_one_can_bid(tmp_path):
    prefix, state = play_until(lambda s: s.turn == 0 and s.phase == BID_RAISE)
    async with at_my_turn(tmp_path, prefix, what="my raise") as (app, pilot, _table):
        app.clear_notifications()
        await pilot.press("9", "9")
        said = [notice.message for notice in notices(app)]
        assert said[-1] == f"Most you can bid: {state.gold[0]} gold (all you have)"


#: what gives a list its rows when called on it
ROW_SETTERS = {"clear_options", "add_options", "add_option", "replace_option_prompt_at_index"}


def selection_set_from_outside(module) -> list[int]:
    """The lines of ``module`` (a screen) that assign a queried widget's ``highlighted`` or
    ``cursor``, or give a queried list its rows: what the widget should follow from state."""
    path = Path(module.__file__)
    found = []
    for function in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        names = queried_names(function)
        for node in ast.walk(function):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ROW_SETTERS
                and queried(node.func.value, names)
            ):
                found.append(node.lineno)
            for target in node.targets if isinstance(node, ast.Assign) else []:
                if (
                    isinstance(target, ast.Attribute)
                    and target.attr in ("highlighted", "cursor")
                    and queried(target.value, names)
                ):
                    found.append(node.lineno)
    return found


def test_the_table_moves_neither_the_plays_lists_highlight_nor_the_maps_cursor_from_outside():
    """The bug (issue 49): ``highlight_bid`` set the plays list's highlight, ``show_route_of``
    the map's cursor; the table now asks (``point_list``, ``point_map``) and each widget follows.
    The trade builder's rows, rebuilt by the dialog, are a widget bound to its rows too."""
    assert selection_set_from_outside(ahldarahd_screen) == []
    assert selection_set_from_outside(trade_dialog) == []
    example = importlib.import_module("test_ahldarahd_newcomer")
    assert selection_set_from_outside(example) == [Outside.move.__code__.co_firstlineno + n for n in (1, 2)]


class Outside:  # (what the check finds)
    def move(self) -> None:
        self.query_one(MapBoard).cursor = 3
        self.query_one(ActionList).add_options([])


@pytest.mark.thorough
async def test_the_first_auction_says_who_can_build_on_your_map(tmp_path):
    """The bug: in turn 1 the AI holding your Right of Passage took a city on your map; nothing
    at the table had said it could. Every auction of yours says who holds it (the auction that
    can win it back), whole in the panel."""
    prefix, state = play_until(lambda s: s.turn == 0 and s.phase == BID_OPEN and s.turn_no == 1)
    assert state.rop[0] == 1  # (Bot, to Tester's right, holds it from the start)
    async with at_my_turn(tmp_path, prefix, what="my first auction") as (app, _pilot, table):
        first = panel_lines(app)[0]
        assert first == "Auctions: 0 done · Bot can build on your map"
        assert len(first) <= table.screen.query_one("#ah-panel").content_region.width
        rop = next(a for a in table.screen.table.legal if a[0] == "open" and a[1] == "RoP red")
        assert "Right of Passage" in table.screen.describe(rop)


@pytest.mark.thorough
async def test_on_a_route_with_no_play_the_status_line_says_what_a_claim_or_a_purchase_takes(tmp_path):
    """Met in a match: in the build, the map's cursor on a route with no play read "Your turn:
    the panel above says what to decide", and only Enter said why. The line says it first."""
    prefix, state = play_until(building(0))
    async with at_my_turn(tmp_path, prefix, what="my build") as (app, pilot, table):
        screen = table.screen
        board = screen.query_one(MapBoard)
        bare = next(r for r in range(21) if r not in shown_route_plays(screen.table) and state.owner[r] < 0)
        await cursor_to(pilot, board, bare)
        line = " ".join(str(screen.query_one("#status").render()).split())
        assert line.startswith(f"no play on route {bare + 1}: a claim takes ") and " gold, a purchase " in line
        assert line == " ".join(screen.status_text().plain.split())  # (whole)
        app.clear_notifications()
        await pilot.press("enter")  # and Enter says the same
        assert line.split(": ", 1)[1].lower() == " ".join(notices(app)[-1].message.split()).lower()


@pytest.mark.thorough
async def test_the_hint_leaves_the_enter_line_in_sight(tmp_path):
    """Met in a match: the hint's panel covered two of the Enter line's three rows ("a Gems card
    and 1 gold" was all that showed of what Enter plays). It goes over the map: the decision
    panel and the Enter line stay in sight."""
    prefix, _ = play_until(building(0))
    async with at_my_turn(tmp_path, prefix, what="my build") as (app, pilot, table):
        screen = table.screen
        await pilot.press("h")
        hint = screen.query_one("#hint-panel")
        await wait_for(pilot, lambda: hint.display and "Asking" not in hint.text, "the hint")
        await pilot.press("tab", "down", "down")  # (a play from the list: the longest lines)
        status = screen.query_one("#status")
        assert status.region.height >= 2 and not hint.region.overlaps(status.region)
        assert not hint.region.overlaps(screen.query_one("#ah-panel").region)
        rows = screen_lines(app.screen)[status.region.y : status.region.bottom]
        assert " ".join(" ".join(row[: status.region.right] for row in rows).split()) == " ".join(
            screen.status_text().plain.split()
        )


@pytest.mark.thorough
async def test_an_offer_is_whole_in_the_panel_and_its_keys_stay_in_sight(tmp_path):
    """Met in a match: "you get AI 2's Right of Passage; you give your…" on one row cut the offer
    in the middle; before that, an offer of four cards and an item wrapped onto the panel's rows
    and pushed "y accept · n decline" out of sight. Each side has a row of its own, the keys
    share the first with who offers; a side wider than its row wraps onto the rows the Enter line
    leaves the panel, and is cut with "…" where there are none."""
    prefix, _ = play_until(building(0))
    passage = {
        "partner": 0,
        "give_gold": 0,
        "give_cards": [],
        "give_items": ["RoP blue"],
        "ask_gold": 1,
        "ask_cards": [],
        "ask_items": ["RoP red"],
    }
    long_offer = {
        "partner": 0,
        "give_gold": 3,
        "give_cards": ["blue Incense", "blue Metals", "blue Gems"],
        "give_items": ["Eyes"],
        "ask_gold": 2,
        "ask_cards": ["Salt", "Ivory"],
        "ask_items": ["Shah"],
    }
    async with at_my_turn(tmp_path, prefix, what="my build") as (app, pilot, table):
        screen = table.screen
        answering = {"phase": "answer", "to_move": 0, "order": [1, 0], "position": 0}
        screen.table_state = replace(screen.table, view=dict(screen.table.view) | answering | {"draft": passage})
        await pilot.pause()
        assert panel_lines(app) == [
            "Bot offers a trade: y accept · n decline",
            "you get: Bot's Right of Passage",
            "you give: 1 gold and your Right of Passage",
        ]
        screen.table_state = replace(screen.table, view=dict(screen.table.view) | {"draft": long_offer})
        await pilot.pause()
        shown = panel_lines(app)
        assert shown[0] == "Bot offers a trade: y accept · n decline", shown
        assert shown == [  # (whole on the rows the Enter line leaves the panel)
            "Bot offers a trade: y accept · n decline",
            "you get: 3 gold, an Incense card, a Metals",
            "card, a Gems card and the Eyes of Shamesh",
            "you give: 2 gold, any Salt card, any Ivory card",
            "and the Shah",
        ], shown


@pytest.mark.thorough
async def test_the_panels_hint_line_is_whole_or_says_where_the_hint_is(tmp_path):
    """Met in a match: "★ hint: Claim Horses–Dates (Ho–Da, land, 6) on…" cut over an empty row.
    The line names the play as the Enter line does where that fits, else where to find it."""
    async with at_my_turn(tmp_path) as (app, pilot, table):
        screen = table.screen
        for action, line in ((("done",), "★ hint: Claim no more free routes"), (("free", 21), HINT_ELSEWHERE)):
            screen.show_hint(action, "")
            await pilot.pause()
            assert panel_lines(app)[2] == line


@pytest.mark.thorough
async def test_the_next_auction_does_not_start_on_your_own_right_of_passage_once_you_hold_it(tmp_path):
    """Met in a match: having won back my Right of Passage, the next turn's panel read "Open:
    your Right of Passage at 0 gold" (the item kept from the turn before), and Enter would put
    it up again for anyone to take (the same with AI 2's, won at 0 the turn before). The table
    starts one move (Bot's) before that auction, with the item the turn before left it."""

    def wins_own_rop(state):
        own = ("open", "RoP red", 0)
        return own if state.turn == 0 and own in state.legal_actions() else quiet(state)

    actions, state = play_until(lambda s: s.turn == 0 and s.phase == BID_OPEN and s.turn_no == 2, choose=wins_own_rop)
    assert state.rop[0] == 0 and "RoP red" in {a[1] for a in state.legal_actions() if a[0] == "open"}
    async with at_my_turn(tmp_path, actions[:-2], what="my last move of turn 1") as (app, pilot, table):
        screen, host = table.screen, table.runner.host
        screen.table_state = replace(screen.table, item="RoP red")  # (as the keys left it in turn 1)
        start = host.turn
        screen.act(actions[-2])
        await wait_for(pilot, lambda: host.turn > start, "my move")
        await table.bot_plays(actions[-1])
        await wait_for(pilot, lambda: screen.table.turn is not None and screen.phase == "bid_open", "my next auction")
        assert screen.table.item != "RoP red" and "your Right of Passage" not in panel_lines(app)[1]
        assert not screen.table.holds(screen.table.item)  # (nor another item of ours: the Shah…)
        assert screen.table.holds("RoP red") and not screen.table.holds("red Salt")


@pytest.mark.thorough
async def test_the_route_just_claimed_is_said_yours_not_refused(tmp_path):
    """After every claim the line under the map read "no play on route 15: that route is yours
    already": the claim seemed to have failed."""
    prefix, state = play_until(lambda s: building(0)(s) and 0 in s.owner[:21], choose=builder)
    async with at_my_turn(tmp_path, prefix, what="my build") as (_app, pilot, table):
        screen = table.screen
        mine = next(r for r in range(21) if state.owner[r] == 0)
        await cursor_to(pilot, screen.query_one(MapBoard), mine)
        line = " ".join(str(screen.query_one("#status").render()).split())
        assert line == f"route {mine + 1} is yours · arrows: another route", line
