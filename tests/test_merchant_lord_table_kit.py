"""Merchant Lord's table kit as plain functions (no Pilot): the selection reducer gives a new state
for each intent and never changes one in place; what Enter plays and what the status line says
are functions of the state (the selection, the hint, the boards' cursors and the focus); the
plays' lines fit the side column. Pilot keeps what only a screen shows: the legend's first
screen and the plays list at 80×24."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from test_merchant_lord_screen import GAME, at_my_turn, builder_position, play_until, rerolling, simple

from caravan_tui.bus import Hint
from caravan_tui.games.merchant_lord import table_selection as intents
from caravan_tui.games.merchant_lord.builder import Selection
from caravan_tui.games.merchant_lord.play_lines import ONE_ROW_NAME, PLAY_WIDTH, fitted_play, play_line, short_play
from caravan_tui.games.merchant_lord.rules import FAVOUR, SELL, VINDEX
from caravan_tui.games.merchant_lord.table import DICE, HAND, PLAYS, ROW, VILLAGES, MerchantLordTable
from caravan_tui.games.merchant_lord.table_enter import (
    enter,
    favour_sale,
    promise,
    rest_of_turn,
    space_on_card,
    status,
)
from caravan_tui.games.merchant_lord.table_text import builder_text
from caravan_tui.screens.table_client import cursor_at, focused, highlighted
from caravan_tui.screens.table_panels import ASKING
from caravan_tui.textual_adapter import screen_lines
from caravan_tui.widgets import ActionList

from tables import read_since, wait_for


def table_for(state, turn: int = 7) -> MerchantLordTable:
    """Seat 0's table at ``state``, its decision (turn ``turn``) come: as the screen has it."""
    view = state.view(0)
    table = MerchantLordTable(seat=0, names=["Ann", "Bob"], seat_kinds=["human", "ai:easy"])
    table = replace(table, view=view, world=GAME.from_view(view, 0), legal=state.legal_actions(), turn=turn)
    return intents.turn_started(table)


def at(table: MerchantLordTable, focus: str, cursor) -> MerchantLordTable:
    """The table with the focus on ``focus``, its cursor on ``cursor`` (as the boards report)."""
    return intents.followed(focused(cursor_at(table, focus, cursor), focus))


def taken(outcome) -> MerchantLordTable:
    assert isinstance(outcome, MerchantLordTable), outcome
    return outcome


def test_an_intent_gives_a_new_state_and_leaves_the_last_as_it_was():
    _prefix, state = play_until(builder_position)
    table = table_for(state)
    sale = max((a for a in state.legal_actions() if a[0] == "sell" and a[2]), key=lambda a: len(a[2]))
    chosen = taken(intents.chosen_village(table, sale[1]))
    assert chosen.sel.village == sale[1] and table.sel == Selection() and chosen is not table
    ticked = chosen
    for card, half in sale[2]:
        while ticked.sel.tucks.get(card) != half:
            ticked = taken(intents.ticked_card(ticked, card))
    assert ticked.choices().action(ticked.sel) == sale and chosen.sel.tucks == {}
    # a complete sale: the plays list is asked to highlight it, unless the list has the focus
    assert ticked.list_play == sale and ticked.list_asked > table.list_asked
    assert intents.cleared(ticked).sel == Selection() and ticked.sel.tucks


def test_in_the_hand_with_a_sale_readied_the_line_says_what_space_and_enter_do():
    """The rules' keys: "space on a hand card … the line under the board says which half is
    next"; with a sale readied the hand's line said only "enter: the sale above, …"."""
    _prefix, state = play_until(builder_position)
    table = table_for(state)
    sale = max((a for a in state.legal_actions() if a[0] == "sell" and a[2]), key=lambda a: len(a[2]))
    chosen = taken(intents.chosen_village(table, sale[1]))
    card = sale[2][0][0]
    on_card = at(chosen, HAND, card)
    assert enter(on_card) is not None
    assert status(on_card).plain == f"{space_on_card(on_card, card)} · {promise(on_card, enter(on_card))}"
    assert status(on_card).plain.startswith("space: tuck its ")


def test_a_card_no_sale_can_tuck_and_a_village_no_sale_fits_are_refused_with_the_reason():
    _prefix, state = play_until(builder_position)
    table = table_for(state)
    usable = {c for a in state.legal_actions() if a[0] == "sell" for c, _ in a[2]}
    stuck = next(c for c in state.view(0)["hand"] if c not in usable)
    refused = intents.ticked_card(table, stuck)
    assert isinstance(refused, intents.Refused) and refused.title == f"Cannot tuck {stuck}" and refused.reason
    sold_at = {a[1] for a in state.legal_actions() if a[0] == "sell"}
    closed = next(v["id"] for v in state.view(0)["villages_info"] if v["open"] and v["id"] not in sold_at)
    refused = intents.chosen_village(table, closed)
    assert isinstance(refused, intents.Refused) and refused.title.startswith("Not at ")
    refused = intents.ticked_die(table, 0)
    assert isinstance(refused, intents.Refused) and "favour step" in refused.reason


def test_enter_on_the_chosen_village_plays_the_sale_the_status_line_words():
    _prefix, state = play_until(builder_position)
    table = table_for(state)
    plain = next(a for a in state.legal_actions() if a[0] == "sell" and not a[2])
    other = next(v["id"] for v in state.view(0)["villages_info"] if v["id"] != plain[1])
    assert status(at(table, VILLAGES, plain[1])).plain == f"enter: choose {table.village_name(plain[1])} for the sale"
    chosen = taken(intents.chosen_village(table, plain[1]))
    on_it = at(chosen, VILLAGES, plain[1])
    assert enter(on_it) == plain and status(on_it).plain == promise(table, plain)
    assert enter(at(chosen, VILLAGES, other)) is None  # (Enter elsewhere chooses that village)
    # the plays list: what it highlights
    listed = highlighted(focused(chosen, PLAYS), ("end_selling",))
    assert enter(listed) == ("end_selling",)
    assert status(replace(table, turn=None)) is None  # (not our decision: the table's own line)
    assert status(replace(table, turn=None, pausing=1)).plain == "Bob played… (any key skips)"


def test_in_the_favour_step_space_ticks_dice_and_enter_rerolls_them():
    _prefix, state = play_until(rerolling)
    table = table_for(state)
    ticked = taken(intents.ticked_die(table, 0))
    assert ticked.reroll == {0} and table.reroll == frozenset()
    value = ticked.my_dice()[0][0]
    assert enter(at(ticked, DICE, "0")) == ("reroll", value)
    assert status(at(ticked, DICE, "0")).plain.startswith("enter: Reroll")
    assert status(at(table, DICE, "0")).plain == f"space: tick this {value} to reroll · + or -: turn it"
    assert taken(intents.ticked_die(ticked, 0)).reroll == frozenset()


def test_a_sale_built_in_the_favour_step_ends_the_step_on_enter():
    def favour_with_sale(state) -> bool:
        if not rerolling(state):
            return False
        world = state.clone()
        world.apply(("end_favour",), log=False)
        return world.turn == 0 and world.phase == SELL and any(a[0] == "sell" for a in world.legal_actions())

    _prefix, state = play_until(favour_with_sale)
    table = table_for(state)
    sale = next(a for a in table.choices().actions.values() if a[0] == "sell" and not a[2])
    built = at(taken(intents.chosen_village(table, sale[1])), VILLAGES, sale[1])
    assert enter(built) is None and favour_sale(built, VILLAGES) == sale
    assert status(built).plain == "enter: end the favour step and make this sale"


def test_a_then_enter_turns_the_die_a_hint_to_turn_one_names():
    """Issue 65: under "Turn a 4 into a 3", ``a`` then Enter said "Not possible — tick dice to
    reroll with space first". ``a`` asks the dice' cursor onto the hinted die and gives them the
    focus; Enter there turns it, as the hint says, and the status line says so."""
    _prefix, state = play_until(lambda s: s.turn == 0 and s.phase == FAVOUR and s.favour[0] >= 2)
    turn = next(a for a in state.legal_actions() if a[0] == "adjust" and a[2] < 0)
    hinted = replace(table_for(state), hinted=turn)
    words = f"★ Hint: {hinted.describe(turn)} · a: pick the die, then enter: turn it"
    assert builder_text(hinted).plain.startswith(words)
    table, focus = intents.taken_hint(hinted)
    assert focus == DICE and table.sel == Selection()  # (no dice ticked: Enter would reroll them)
    die = table.cursor_asks[DICE][0]
    assert die == str(table.adjust_die(turn))
    on_die = at(table, DICE, die)  # the dice drew the table: their cursor on the die asked for
    assert enter(on_die) == turn and status(on_die).plain == f"enter: {table.describe(turn)}"


def test_a_takes_a_hint_to_buy_to_the_row_and_a_hint_to_end_the_step_to_the_plays_list():
    _prefix, state = play_until(lambda s: s.turn == 0 and any(a[0] == "buy" for a in s.legal_actions()))
    buy = next(a for a in state.legal_actions() if a[0] == "buy")
    table, focus = intents.taken_hint(replace(table_for(state), hinted=buy))
    assert focus == ROW and enter(at(table, ROW, table.cursor_asks[ROW][0])) == buy
    end = next(a for a in state.legal_actions() if a[0] == "end_buying")
    table, focus = intents.taken_hint(replace(table_for(state), hinted=end))
    assert focus == PLAYS and table.list_play == end


def hand_starts_untuckable(state) -> bool:
    """Seat 0 sells, the first card of its hand fits no sale while a later one does."""
    if state.turn != 0 or state.phase != SELL:
        return False
    usable = {c for a in state.legal_actions() if a[0] == "sell" for c, _ in a[2]}
    hand = state.view(0)["hand"]
    return bool(hand) and hand[0] not in usable and bool(usable)


def test_the_hands_cursor_starts_on_a_card_that_can_be_tucked_whatever_it_was_on_last_round():
    """Issue 65: the hand's cursor started on a card no sale could tuck. A new round asked it onto
    the first card, then checked the card the cursor was still on from the round before: where
    that one could be tucked, the first card stayed, untuckable."""
    _prefix, state = next(
        found for seed in range(8) if (found := try_play_until(hand_starts_untuckable, seed)) is not None
    )
    usable = {c for a in state.legal_actions() if a[0] == "sell" for c, _ in a[2]}
    view = state.view(0)
    last_round = replace(
        table_for(state), cursors={HAND: next(iter(usable))}, cursors_round=view["round"] - 1, cursor_asks={}
    )
    started = intents.turn_started(replace(last_round, offered=None))
    assert started.cursor_asks[HAND][0] in usable, (started.cursor_asks[HAND], view["hand"], usable)
    # and within a round, off a card the ticks made untuckable
    same_round = replace(started, cursors={HAND: view["hand"][0]}, cursor_asks={})
    assert intents.turn_started(same_round).cursor_asks[HAND][0] in usable


def try_play_until(test, seed: int):
    try:
        return play_until(test, seed=seed)
    except AssertionError:
        return None


def test_each_play_is_one_line_of_the_side_column_where_it_fits_and_never_cut():
    """Issue 65: the plays list showed about four plays at 80×24, each wrapped onto two or three
    lines; each is one line now where the column has room for it, else two, never cut: "Sell
    3-4 +M10L +M29L: 2¢+…" hid the rewards a player compares the sales by."""
    seen: set[str] = set()
    two_rows = 0
    for seed in range(3):
        state = GAME.new(2, seed=seed, options={"start_player": 1})
        for _ in range(120):
            if state.turn is None:
                break
            if state.turn == 0:
                table = table_for(state)
                for action in state.legal_actions():
                    line = play_line(table, action)
                    rows = line.split("\n")
                    assert len(rows) <= 2 and all(len(row) <= PLAY_WIDTH for row in rows) and "…" not in line, line
                    assert len(rows) == 1 or len(fitted_play(table, action, ONE_ROW_NAME)) > PLAY_WIDTH
                    # (a sale at our own village says so in two rows: "Sell 3-4 +M09L: 2¢+10f" between
                    # two "Sell your 3-4" read as another player's village)
                    assert (" your " in short_play(table, action, None)) == (" your " in " ".join(rows)), line
                    two_rows += len(rows) == 2
                    seen.add(action[0])
            legal = state.legal_actions()
            state.apply(max((a for a in legal if a[0] == "sell"), default=legal[0], key=lambda a: len(a[2])), log=False)
    assert {"reroll", "adjust", "end_favour", "sell", "end_selling", "buy", "end_buying"} <= seen and two_rows


@pytest.mark.thorough
def test_a_play_of_two_rows_gives_another_seats_long_name_the_room_it_takes():
    """Over SSH: "Sell MarcoPoloTh…'s 2-5:" over "  2¢": the name was cut to fit one row and the
    play took two anyway."""
    name = "MarcoPoloTheGreatVenetianTraderOfSilkRdZ"
    checked = 0
    for seed in range(6):
        state = GAME.new(2, seed=seed, options={"start_player": 1})
        for _ in range(160):
            if state.turn is None:
                break
            legal = state.legal_actions()
            if state.turn == 0:
                table = replace(table_for(state), names=["Ann", name])
                for action in (action for action in legal if action[0] in ("sell", "place")):
                    if VINDEX[action[-1] if action[0] == "place" else action[1]] >= 3:
                        rows = play_line(table, action).split("\n")
                        assert len(rows) <= 2 and all(len(row) <= PLAY_WIDTH for row in rows), rows
                        shown = "".join(row.strip() for row in rows)
                        # more of the name than one row's 12 cells: the longest that keeps two rows
                        assert name[:16] in shown or name in shown, rows
                        checked += 1
            state.apply(legal[-1] if state.turn else legal[0], log=False)
    assert checked


def test_a_view_marks_what_it_changed_and_a_move_sent_clears_the_marks():
    _prefix, state = play_until(builder_position)
    table = table_for(state)
    previous = GAME.new(2, seed=0, options={"start_player": 1}).view(0)
    marked = intents.with_changes(table, previous, 1)
    assert marked.changed_dice and marked.shown_other == 1 and table.changed_dice == frozenset()
    sale = next(a for a in state.legal_actions() if a[0] == "sell")
    sent = intents.sent(taken(intents.chosen_village(marked, sale[1])), sale, frozenset())
    assert not sent.changed_dice and sent.sel == Selection() and sent.hinted is None


@pytest.mark.thorough
async def test_the_legends_first_screen_teaches_the_dice_marks_and_the_plays_fit_a_line_each(tmp_path):
    """Issue 65: at 80×24 the legend's first screen ended in the villages; the marks a die shows
    (``✓3◆``, ``·3``, ``*2¶``…) were below its fold. And the plays list showed about four plays."""
    prefix, _state = play_until(rerolling)
    async with at_my_turn(tmp_path, prefix) as (app, pilot, table):
        screen = table.screen
        await read_since(pilot, screen)
        plays = screen.query_one(ActionList)
        box = plays.content_region
        rows = [line[box.x : box.right] for line in screen_lines(app.screen)[box.y : box.bottom]]
        shown = [row.strip() for row in rows if row.strip()]
        assert len(plays.actions) >= 9 and len(shown) >= 9, shown
        for row, action in zip(shown[:9], plays.actions, strict=False):  # (a play a row, the scrollbar beside)
            assert row.lstrip("★ ").startswith(screen.describe(action)), (row, screen.describe(action))
        await pilot.press("l")
        await pilot.pause()
        legend = screen.query_one("#legend-panel")
        region = legend.content_region
        first = "\n".join(line[region.x : region.right] for line in screen_lines(app.screen)[region.y : region.bottom])
        for taught in ("✓3◆ ticked to reroll", "●3◆ the sale's dice", "★3◆ the hint's die", "*3◆ new since"):
            assert taught in first, first
        assert "·3 sold or at the market" in first and "  + a new die" in first and "f favour" in first
        # (as the players' table draws a die set aside: "+", with no "·" before it)
        assert "·+" not in first


@pytest.mark.thorough
async def test_a_then_enter_turns_the_die_a_hint_from_the_host_names_with_its_panel_open(tmp_path):
    """Issue 65, checked again through the bus with the hint's panel open over the board's foot:
    ``a`` then Enter turns the die "Turn a 4 into a 3" names, and the status line under the panel
    says so first."""
    prefix, state = play_until(lambda s: s.turn == 0 and s.phase == FAVOUR and s.favour[0] >= 2)
    turn = next(a for a in state.legal_actions() if a[0] == "adjust" and a[2] < 0)
    async with at_my_turn(tmp_path, prefix) as (_app, pilot, table):
        screen = table.screen
        await read_since(pilot, screen)
        candidates = [[screen.table.describe(turn), 0.6, 0.5, "", list(turn)]]
        hint = Hint(screen.client.match_id, 0, screen.table.turn, turn, "a good turn", candidates, [turn])
        screen.open_panel("hint", ASKING)  # (as h leaves it: the hint is asked for)
        screen.handle(hint)
        await pilot.pause()
        assert screen.table.hint_panel is not None and screen.table.hinted == turn
        start = table.moves()
        await pilot.press("a")
        await pilot.pause()
        assert screen.focused is screen.query_one(f"#{DICE}") and table.moves() == start
        assert str(screen.query_one("#status").render()) == f"enter: {screen.table.describe(turn)}"
        await pilot.press("enter")
        await wait_for(pilot, lambda: table.moves() > start, "the die turned")
        assert table.runner.host.actions[start] == turn


@pytest.mark.thorough
def test_the_merchant_lord_table_is_never_refreshed_by_hand_nor_changed_in_place():
    """No ``table_changed``, ``show_status``, ``mutate_reactive`` or ``point_cursor`` (which changes
    the state it is called on) in the game's modules, no ``redraw`` but a widget's own, and no
    field of a table state assigned: each change is a new state."""
    import ast
    from pathlib import Path

    import caravan_tui.games.merchant_lord as package

    found = []
    for path in sorted(Path(package.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                name, target = node.func.attr, node.func.value
                by_hand = name in ("table_changed", "show_status", "mutate_reactive", "point_cursor", "point_list")
                if by_hand or (name == "redraw" and not (isinstance(target, ast.Name) and target.id == "self")):
                    found.append(f"{path.name}:{node.lineno} {name}")
            targets = (
                node.targets
                if isinstance(node, ast.Assign)
                else [node.target]
                if isinstance(node, ast.AugAssign)
                else []
            )
            for target in targets:
                owner = target.value if isinstance(target, ast.Attribute) else None
                if isinstance(owner, ast.Attribute) and owner.attr in ("table", "table_state"):
                    found.append(f"{path.name}:{node.lineno} {owner.attr}.{target.attr} =")
                if isinstance(owner, ast.Name) and owner.id == "table":
                    found.append(f"{path.name}:{node.lineno} table.{target.attr} =")
    assert found == []


def test_a_then_enter_rerolls_the_dice_a_hint_to_reroll_names():
    """The bug (80×24, round 1): under "Reroll 1 5 (1f)", ``a`` ticked the dice but gave the
    villages the focus, where the line said "enter: choose your 3-4 for the sale" and Enter
    began a sale instead of the reroll. The dice get the focus, and Enter there rerolls."""
    _prefix, state = play_until(lambda s: rerolling(s) and s.favour[0] >= 1)
    reroll = next(a for a in state.legal_actions() if a[0] == "reroll")
    table, focus = intents.taken_hint(replace(table_for(state), hinted=reroll))
    assert focus == DICE
    on_dice = at(table, DICE, table.cell(DICE) or "0")
    assert enter(on_dice) == reroll and status(on_dice).plain == f"enter: {table.describe(reroll)}"


def test_a_cards_words_say_its_coins_in_one_form():
    """The bug: the row's card line read "seller 1¢, owner 2 coins", two forms of the same money
    side by side."""
    from caravan_tui.games.merchant_lord.faces import card_words

    assert (
        card_words("M11")
        == "M11: left 2¶ papyrus: seller 1¢, owner 2¢ · right 3◆ gold: seller 1¢, owner Free Placement"
    )
    assert "owner 5 favour" in card_words("M15")


def test_the_favour_line_offers_a_turn_only_with_the_2_favour_it_costs():
    """The bug: with 1 favour left the line said "reroll dice for 1 favour, or turn one for 2";
    the plays list rightly offered no turn."""
    _prefix, state = play_until(lambda s: s.turn == 0 and s.phase == FAVOUR and s.favour[0] >= 2)
    assert "or turn one for 2" in builder_text(table_for(state)).plain
    state.favour[0] = 1
    line = builder_text(table_for(state)).plain
    assert "Favour 1: reroll dice for 1 favour; e goes on to selling" in line and "turn one" not in line


def last_decision_sale(state) -> bool:
    """Seat 0 sells, one sale ends its decisions (no sale left after it: the market and the rest go
    by themselves) and another leaves it one."""
    if state.turn != 0 or state.phase != SELL:
        return False
    ends = []
    for sale in (a for a in state.legal_actions() if a[0] == "sell"):
        after = state.clone()
        after.apply(sale, log=False)
        ends.append(not after.is_over() and after.to_move() != 0)
    return any(ends) and not all(ends)


def test_a_play_whose_rest_of_the_turn_the_rules_play_says_so_before_enter():
    """Found in seed 153: Enter on a sale that left no sale ran the market, a buy turn with too few
    coins and the next seat's turn in one go, the status line saying the sale alone. Before such a
    play the line says that the rules then play the rest of the turn, and what of it is known (no
    draw nor roll, which the seat cannot know yet); a play that leaves a decision says nothing more."""
    _prefix, state = play_until(last_decision_sale)
    table = focused(table_for(state), PLAYS)
    for sale in (a for a in state.legal_actions() if a[0] == "sell"):
        after = state.clone()
        events = after.apply(sale)
        said = status(highlighted(table, sale)).plain
        if after.to_move() == 0 and not any(event.reveals_to(0) for event in events[1:]):  # (this turn's)
            ours = [event for event in events[1:] if "{p0}" in event.text]
            assert (
                said == f"enter: {table.describe(sale)}"
                if not ours
                else said.startswith("enter: the sale above, then by the rules: ")
            ), said
        else:
            assert said.startswith("enter: the sale above, then the rules end your selling: "), said
            assert "You stop selling" in said or "You can sell nowhere" in said, said
            assert "roll" not in said and "draw" not in said, said


def sale_the_rules_end_before_a_buy(state) -> tuple | None:
    """A sale of seat 0's after which the rules stop its selling (a die no village fits goes to
    the market) and seat 0 buys next, in the same turn; or None."""
    if state.turn != 0 or state.phase != SELL:
        return None
    for sale in (a for a in state.legal_actions() if a[0] == "sell"):
        after = state.clone()
        events = after.apply(sale)
        stopped = any("{p0} stop" in event.text for event in events[1:])
        if stopped and not after.is_over() and after.to_move() == 0 and after.phase != SELL:
            return sale
    return None


def test_a_sale_after_which_the_rules_stop_the_selling_before_a_buy_says_so_before_enter():
    """Seed 192 at 80×24: "enter: Sell 1 3 4 at your 3-4 village, tucking M06 right (1): you get
    4 coins (4 table cards)", and Enter sent the die left to the market, unsaid, before the buy."""
    _prefix, state = play_until(lambda s: sale_the_rules_end_before_a_buy(s) is not None)
    sale = sale_the_rules_end_before_a_buy(state)
    table = focused(table_for(state), PLAYS)
    said = status(highlighted(table, sale)).plain
    assert said.startswith("enter: the sale above, then by the rules: You stop selling"), said


def round_ending_play(state) -> tuple | None:
    """A play of seat 0's after which the rules end the round and seat 0 decides first in the next
    one (a refill or a roll between), or None."""
    if state.to_move() != 0:
        return None
    for action in state.legal_actions():
        after = state.clone()
        events = after.apply(action)
        if not after.is_over() and after.to_move() == 0 and any(e.reveals_to(0) for e in events[1:]):
            return action
    return None


def test_a_play_after_which_the_round_ends_and_ours_begins_the_next_says_so_before_enter():
    """Seed 184 at 80×24: "enter: Buy M08 for 5 coins" said nothing more, and Enter ended the
    buying, the round, refilled the row and rolled the next round's dice, where the seat was first
    in it: "a decision of ours follows" read as one of this turn."""
    _prefix, state = play_until(lambda s: round_ending_play(s) is not None)
    action = round_ending_play(state)
    table = focused(table_for(state), PLAYS)
    said = status(highlighted(table, action)).plain
    named = "the sale above" if action[0] == "sell" else table.describe(action).partition(": ")[0]
    assert said.startswith(f"enter: {named}, then the rules "), said


def favour_step_where(no_sale: bool):
    def test(state) -> bool:
        """Seat 0's favour step, its dice fitting no sale after it (``no_sale``) or some."""
        if state.turn != 0 or state.phase != FAVOUR:
            return False
        after = state.clone()
        after.apply(("end_favour",), log=False)
        return (after.to_move() != 0) == no_sale

    return test


def test_the_favour_steps_e_says_when_the_rules_then_play_the_rest_of_the_turn():
    """Found at 80×24: "e goes on to selling" in a favour step where no sale fit the dice; e ran
    the market, the rest of the turn and the next seat's in one go. There the line says so."""
    from caravan_tui.games.merchant_lord.table_text import step_text

    for no_sale in (True, False):
        _prefix, state = play_until(favour_step_where(no_sale))
        said = step_text(table_for(state), "favour").plain
        then = "ends it: no sale fits your dice, so the rules play the rest of your turn"
        assert said.endswith(f"; e {then}" if no_sale else "; e goes on to selling"), said


def first_found(find, seeds: int = 40):
    """The first position of the seeded matches (``play_until``) where ``find`` gives an action,
    and that action."""
    for seed in range(seeds):
        state = play_until(lambda s: s.turn is None or find(s) is not None, seed)[1]
        if state.turn is not None:
            return state, find(state)
    raise AssertionError("no such position")


def turn_that_ends_the_turn(state) -> tuple | None:
    """A turn of a die in seat 0's favour step after which the rules play the rest of its turn
    (its last favour spent, no sale fitting the dice), or None; seat 0 is given 2 favour."""
    if state.turn != 0 or state.phase != FAVOUR or state.favour[0] < 2:
        return None
    state.favour[0] = 2
    for action in (a for a in state.legal_actions() if a[0] == "adjust"):
        after = state.clone()
        after.apply(action, log=False)
        if not after.is_over() and after.to_move() != 0:
            return action
    return None


def test_the_dice_line_says_a_turn_takes_the_first_die_of_a_value_where_there_are_two():
    """The bug: with the cursor on the second of two 1s the line said "+ or -: turn it", and the
    first 1 turned (the rules take the first die of a value, §9.3): the arrow keys read as lost.
    "turn a 1" (the rules and key tips say which), whole in the status line's 49 cells."""

    def twins(state) -> bool:
        values = [v for v, where in state.view(0)["dice"][0] if where == "unplaced"]
        return state.turn == 0 and state.phase == FAVOUR and state.favour[0] >= 4 and values.count(1) >= 2

    _prefix, state = play_until(twins)
    table = table_for(state)
    second = [i for i, (value, where) in enumerate(table.my_dice()) if value == 1 and where == "unplaced"][1]
    assert status(at(table, DICE, str(second))).plain.endswith(": turn a 1")


def test_a_turn_of_a_die_after_which_the_rules_end_the_turn_says_so_on_the_dice():
    """Over SSH: one ``+`` spent Bob's last favour, left no sale and ended his turn at once; the
    line read only "+ or -: turn it"."""
    state, action = first_found(turn_that_ends_the_turn)
    table = table_for(state)
    die = next(i for i, (value, where) in enumerate(table.my_dice()) if value == action[1] and where == "unplaced")
    key = "+" if action[2] == 1 else "-"
    said = status(at(table, DICE, str(die))).plain
    assert f"{key}: then the rules end your selling)" in said, said


def fc_sale_that_ends_the_turn(state) -> tuple | None:
    """A sale of seat 0's that brings a Free Caravan and after which the rules play the rest of
    its turn, or None."""
    if state.turn != 0 or state.phase != SELL:
        return None
    for sale in (a for a in state.legal_actions() if a[0] == "sell"):
        after = state.clone()
        events = after.apply(sale)
        took = any(event.text.startswith("Free Caravan: {p0} take") for event in events)
        if took and not after.is_over() and after.to_move() != 0:
            return sale
    return None


def test_the_line_before_a_sale_tells_its_free_caravan_once():
    """Seed 202: "enter: …, then the rules end your selling: … Free Caravan: you take a die from the
    supply (5 dice; it is first rolled next …": the Free Caravan, said by the sale line above,
    told again cut the rest of the turn with "…"."""
    state, sale = first_found(fc_sale_that_ends_the_turn)
    said = promise(table_for(state), sale)
    assert said.startswith("enter: the sale above, then the rules end your selling"), said
    assert "Free Caravan" not in said, said


def test_the_rules_page_says_where_a_cards_seller_coins_show():
    """Over SSH: "Each half shows … what a seller earns there" of a card line that shows the stall
    and the owner's reward only ("M13 2¶FM 4Ψ1¢"); the seller's coins are in its detail."""
    from caravan_tui.games.merchant_lord.faces import card_words

    rules = " ".join(GAME.rules.split())
    assert "Each half shows" not in rules
    assert "A card's line shows each half's stall and owner's reward" in rules
    assert "the seller's coins show with the card under the cursor" in rules
    assert "seller 1¢, owner Free Merchant" in card_words("M13") and "seller 2¢, owner 1¢" in card_words("M13")


def test_the_result_table_leaves_a_long_name_its_room_at_80_columns():
    """Over SSH: "Fitzgerald-Montgome…" cut in a Player column of 22 beside "Merchants placed"
    over a one-digit number."""
    from rich.console import Console
    from rich.text import Text

    from caravan_tui.games.merchant_lord.results import summary_table

    state = GAME.new(2, seed=1)
    name = "Annabelle Fitzgerald-Montgomery of Bree"
    console = Console(width=74, record=True)  # (the result screen's, at 80 columns)
    console.print(summary_table(state.view(0), lambda seat: Text(name if seat == 0 else "Bob")))
    shown = console.export_text()
    assert "…" not in shown and "Fitzgerald-Montgomery" in shown, shown


def reroll_of_the_last_favour(state) -> tuple | None:
    """A reroll in seat 0's favour step that spends its last favour with no sale fitting the dice
    now, or None; seat 0 is given 1 favour."""
    if state.turn != 0 or state.phase != FAVOUR or state.favour[0] < 1:
        return None
    state.favour[0] = 1
    if any(action[0] == "sell" for action in state.legal_actions()):
        return None
    return next((action for action in state.legal_actions() if action[0] == "reroll"), None)


def test_a_reroll_of_the_last_favour_tells_no_dice_it_cannot_know():
    """The bug: "enter: Reroll 1 2 3 (1 favour), then the rules end your selling: You can sell
    nowhere; 1 2 2 2 3 go to the market: +5 favour": dice neither before nor after the roll, and
    a roll of 5 2 5 then sold."""
    from caravan_tui.games.merchant_lord.table_enter import ROLL_MAY_END

    state, action = first_found(reroll_of_the_last_favour)
    said = status(highlighted(focused(table_for(state), PLAYS), action)).plain
    assert said == f"enter: {table_for(state).describe(action)}, then {ROLL_MAY_END}", said


def sure_turn(state) -> tuple | None:
    """Seat 0's favour step with 2 favour where no village fits its dice and a turn of a die
    makes a sale, or None: the turn."""
    if state.turn != 0 or state.phase != FAVOUR or state.favour[0] < 2:
        return None
    now = state.clone()
    now.apply(("end_favour",), log=False)
    if now.to_move() == 0 and any(a[0] == "sell" for a in now.legal_actions()):
        return None  # (a sale fits the dice as they are)
    for action in (a for a in state.legal_actions() if a[0] == "adjust"):
        after = state.clone()
        after.apply(action, log=False)
        if ("end_favour",) in after.legal_actions():
            after.apply(("end_favour",), log=False)
        if after.to_move() == 0 and any(a[0] == "sell" for a in after.legal_actions()):
            return action
    return None


def test_keeping_the_favour_says_a_turn_that_makes_a_sale_sure_beside_the_best_reroll():
    """The bug: "keeps your 2 favour for later rounds (the best reroll: a 64% chance of a sale)"
    where turning a 3 into a 4 sold for sure: the hint's odds read as a gamble."""
    from caravan_tui.games.merchant_lord.explain import explain

    state, _turn = first_found(sure_turn)
    reason = explain(state, 0, [("end_favour",)])
    assert "favour sells for sure: " in reason and "; at best, rerolling the " in reason, reason


def sales_count(state, seat: int = 0) -> int:
    """The most sales seat 0 can make in a row from its favour step's position, its favour spent
    no further (the rules' own moves: every sale one after another)."""
    start = state.clone()
    if ("end_favour",) in start.legal_actions():
        start.apply(("end_favour",), log=False)
    most, todo = 0, [(start, 0)]
    while todo:
        world, made = todo.pop()
        most = max(most, made)
        if world.to_move() != seat:
            continue
        for action in world.legal_actions():
            if action[0] == "sell":
                after = world.clone()
                after.apply(action, log=False)
                todo.append((after, made + 1))
    return most


def turn_for_a_second_sale(state) -> tuple | None:
    """Seat 0's favour step with 2 favour and cards in hand where its dice make a sale and a turn
    of a die makes one more, or None: the turn."""
    if state.turn != 0 or state.phase != FAVOUR or state.favour[0] < 2 or not state.hand[0]:
        return None
    now = sales_count(state)
    if not now:
        return None
    for action in (a for a in state.legal_actions() if a[0] == "adjust"):
        after = state.clone()
        after.apply(action, log=False)
        if after.turn == 0 and after.phase == FAVOUR and sales_count(after) > now:
            return action
    return None


def test_a_reroll_says_a_turn_that_sells_for_more_for_sure():
    """The bug: dice 5 5 2 3 sold once (2 coins at the 2-5 village), turning a 5 into a 4 twice
    for sure; the hint listed two rerolls with "a 17% chance to sell for more" and never named
    the turn. A reroll's reason and keeping the favour name it."""
    from caravan_tui.games.merchant_lord.explain import explain

    state, _turn = first_found(turn_for_a_second_sale)
    for action in [a for a in state.legal_actions() if a[0] == "reroll"][:3] + [("end_favour",)]:
        reason = explain(state, 0, [action])
        sure = r"turning a \d into a \d for 2 favour (sells for more|tucks \d cards?) for sure"
        assert re.search(sure, reason), reason


def test_a_sale_at_an_own_village_says_the_favour_it_pays_beside_its_coins():
    """The bug: "turning a 2 into a 1 for 2 favour sells for sure: 2 coins at your 1-6 village",
    a village paying its owner 2 coins and 5 favour: the favour, which made the turn worth it, was
    left out. A coin sale at an own village says both, as the village's line does ("pays 2¢+5f")."""
    from caravan_tui.games.merchant_lord.explain import _best_sale
    from caravan_tui.games.merchant_lord.terms import village_words

    def favour_sale(state):
        if state.turn != 0 or state.phase != FAVOUR or state.hand[0]:
            return None
        dice = state._unplaced(0)
        for v, _rest in state.sellable_villages(dice):
            if v // 3 == 0 and state.vownf[v] and _best_sale(state, 0, dice).endswith(f"at {village_words(v)}"):
                return v
        return None

    state, v = first_found(favour_sale, seeds=80)
    said = _best_sale(state, 0, state._unplaced(0))
    coins = state.vownc[v]
    paid = f"{coins} coin{'s' * (coins != 1)} and " if coins else ""
    assert said == f"{paid}{state.vownf[v]} favour at {village_words(v)}", said


def test_the_villages_cursor_moved_onto_an_opponents_village_shows_its_owners_villages():
    """At three players, after a sale the villages' cursor went to the one village a sale could
    still use, another opponent's, folded behind ``o``: the board still showed the closed one
    under it, and Enter there said "Your 3-4 village is closed"."""
    from caravan_tui.games.merchant_lord.rules import SELL, VINDEX

    def found(state) -> bool:
        sales = {action[1] for action in state.legal_actions() if action[0] == "sell"}
        return state.turn == 0 and state.phase == SELL and bool(sales) and all(VINDEX[v] // 3 == 2 for v in sales)

    state, table = three_players_at(found)
    sales = {action[1] for action in state.legal_actions() if action[0] == "sell"}
    table = intents.turn_started(cursor_at(replace(table, shown_other=1), VILLAGES, "P0-V34"))
    assert table.cursor_asks[VILLAGES][0] in sales and table.shown_other == 2


def test_a_sale_with_two_free_merchants_says_both_draws():
    """A sale tucking two Free Merchant halves was previewed "Free Merchant: you draw a card from
    the pile." once: the words stopped at the first draw, and two came."""
    state = GAME.new(2, seed=4, options={"start_player": 1})
    sale = ("sell", "P0-V16", (("M24", "R"), ("M26", "L")))
    while sale not in state.legal_actions():
        assert state.turn is not None, "no such position"
        state.apply(simple(state), log=False)
    said = rest_of_turn(table_for(state), sale)
    assert said is not None and said.count("Free Merchant: you draw a card from the pile.") == 2, said


@pytest.mark.thorough
def test_space_on_a_hand_card_says_which_half_it_tucks_next():
    """A play-through pressed space twice "to get the right half", as the rules' keys read: the
    left half left no sale and was skipped, unsaid, so the second space untucked the card."""
    seen = set()
    for seed in range(2):
        state = GAME.new(2, seed=seed, options={"start_player": 1})
        for _ in range(60):
            if state.turn is None:
                break
            if state.turn == 0 and state.phase in (FAVOUR, SELL):
                table = table_for(state)
                for card in table.view["hand"]:
                    halves = table.choices().halves(table.sel, card)
                    said = status(at(table, HAND, card)).plain
                    if not halves:
                        assert said == "space: this card fits no sale now", said
                    elif len(halves) == 1:
                        other = "left" if halves[0] == "R" else "right"
                        assert said.endswith(f"half (its {other} leaves no sale)"), said
                        seen.add(1)
                    else:
                        assert said == "space: tuck its left half", said
                        seen.add(2)
            if seen == {1, 2}:
                return
            state.apply(simple(state), log=False)
    raise AssertionError(f"cards of one half and of two not both met: {seen}")


def selling_at_cys(state) -> bool:
    """Ann (seat 0) sells, and a sale at Cy's villages (seat 2) is open to her."""
    return (
        state.turn == 0
        and state.phase == SELL
        and any(a[0] == "sell" and VINDEX[a[1]] // 3 == 2 for a in state.legal_actions())
    )


@pytest.mark.thorough
def test_a_hint_to_sell_at_an_opponents_village_is_taken_on_the_plays_list():
    """Over SSH at three players: a, then Enter on "Sell AI 3's 1-6" chose the person's own 1-6
    (the cursor's ask went to a village the board did not show), a sale 1 coin worse; and, the
    owner's villages folded onto a line, or drawn after the ask, Enter there said the person's own
    village was closed, 28 times. ``a`` points the plays list at the sale, where Enter makes it
    whatever the villages box shows; a sale at one's own village, the villages' cursor."""

    state, table = three_players_at(selling_at_cys)
    sale = next(a for a in state.legal_actions() if a[0] == "sell" and VINDEX[a[1]] // 3 == 2)
    for height in (0, 3):  # (laid out or not, the box too short for even one opponent's villages)
        hinted = replace(intents.turn_started(table), shown_other=1, villages_height=height, hinted=sale)
        taken, focus = intents.taken_hint(hinted)
        assert focus == PLAYS and taken.list_play == sale and taken.sel.village == sale[1]
        assert taken.shown_other == 2
    own = next((a for a in state.legal_actions() if a[0] == "sell" and VINDEX[a[1]] // 3 == 0), None)
    if own is not None:
        taken, focus = intents.taken_hint(replace(intents.turn_started(table), hinted=own))
        assert focus == VILLAGES and taken.cursor_asks[VILLAGES][0] == own[1]


def test_a_folded_players_line_gives_a_long_name_the_room_the_line_leaves():
    """Over SSH at three players: "Mari…  1-6 2-5✗ 3-4 (o shows them)" in a line of 48 with half of
    it empty."""
    from caravan_tui.games.merchant_lord.table import SUMMARY_NAME

    state = GAME.new(3, seed=3, options={"start_player": 1})
    view = state.view(0)
    name = "MarigoldVanDerStraatenOfTheSaltRoadCaraX"
    table = MerchantLordTable(seat=0, names=["Ann", name, "Cy"], seat_kinds=["human", "human", "ai:easy"])
    row = table.summary_row(view, 1, 46)
    shown = row.head.plain.split()[0]
    assert name.startswith(shown[:-1]) and 15 <= len(shown) <= SUMMARY_NAME, shown
    assert row.head.cell_len + sum(word.cell_len + 1 for word in row.words) <= 46
    assert table.summary_row(view, 2, 46).head.plain.startswith("Cy ")


def test_who_closed_a_village_is_named_in_the_room_its_line_leaves():
    """Over SSH: "·3-4 ✗Aaa… 3◆ 4Ψ pays 2¢/2¢" with 15 columns empty after it: the name of who
    closed a village has the room its line leaves, never a line more."""
    from caravan_tui.games.merchant_lord.widgets import VillageBoard

    state = GAME.new(3, seed=3, options={"start_player": 1})
    view = state.view(0)
    name = "MarigoldVanDerStraatenOfTheSaltRoadCaraX"
    sellers = list(view["sellers"])
    sellers[0], sellers[3] = 1, 2
    view = view | {"sellers": sellers}
    table = MerchantLordTable(seat=0, names=["Ann", name, "Cy"], seat_kinds=["human", "human", "ai:easy"])
    for width in (46, 60):
        rows = table.seat_rows(view, 0, width, {})
        closed = rows[0].words[1].plain
        assert closed.startswith("✗Mari") and name.startswith(closed[1:].rstrip("…")), closed
        assert VillageBoard.count_lines(rows, width) == 3
        assert table.seat_rows(view, 1, width, {})[0].words[1].plain == "✗Cy  "
    narrow, wide = (table.seat_rows(view, 0, width, {})[0].words[1].plain for width in (46, 60))
    assert len(narrow) < len(wide)


def test_who_closed_a_village_is_shown_as_text_whatever_the_name():
    """A name is text, never markup, in the room the village line gives it."""
    state = GAME.new(2, seed=3, options={"start_player": 1})
    view = state.view(0)
    sellers = list(view["sellers"])
    sellers[0] = 1
    table = MerchantLordTable(seat=0, names=["Ann", "[b]z[/b]"], seat_kinds=["human", "human"])
    closed = table.seat_rows(view | {"sellers": sellers}, 0, 60, {})[0].words[1]
    assert closed.plain.startswith("✗[b]z[/b]") and not closed.spans, closed.spans


def test_a_folded_players_line_keeps_the_mark_of_a_village_a_sale_can_use():
    """At three players the short line of the player folded left out the ``›`` of the village a
    sale could use ("AI 3   1-6✗ 2-5 3-4 (o shows them)", its 3-4 a sale for the dice)."""
    from caravan_tui.games.merchant_lord.faces import DIMMED, USABLE

    state = GAME.new(3, seed=3, options={"start_player": 1})
    view = state.view(0)
    table = MerchantLordTable(seat=0, names=["Ann", "Bob", "Cy"], seat_kinds=["human", "ai:easy", "ai:easy"])
    ids = [view["villages_info"][3 + k]["id"] for k in range(3)]
    row = table.summary_row(view, 1, 46, {ids[0]: DIMMED, ids[1]: DIMMED, ids[2]: USABLE})
    words = [word.plain for word in row.words]
    assert words[:3] == ["1-6", "2-5", f"{USABLE}3-4"]
    assert [word.plain for word in table.summary_row(view, 1, 46).words][:3] == ["1-6", "2-5", "3-4"]


def test_a_folded_players_line_shows_its_merchants_by_their_stalls():
    """ "AI 3   1-6 2-5+1 3-4+2 (o shows them)": a count of merchants, read as stalls of 1 and 2
    (its 3-4 held a 6◎ and a 2¶), where the rules say merchants are shown by their stalls."""
    state = GAME.new(3, seed=3, options={"start_player": 1})
    view = state.view(0)
    villages = [list(merchants) for merchants in view["villages"]]
    villages[5] = [["M01", "R"], ["M03", "R"]]  # (stalls 2 and 3)
    view = view | {"villages": villages}
    table = MerchantLordTable(seat=0, names=["Ann", "Bob", "Cy"], seat_kinds=["human", "ai:easy", "ai:easy"])
    assert [word.plain for word in table.summary_row(view, 1, 46).words][:3] == ["1-6", "2-5", "3-4+2¶+3◆"]


def three_players_at(found) -> tuple:
    """The first position of a seeded three-player match (seat 0 Ann's, against two easy AIs)
    that ``found`` accepts, and Ann's table there, her decision come."""
    for seed in range(30):
        state = GAME.new(3, seed=seed, options={"start_player": 1})
        while state.turn is not None and not found(state):
            state.apply(simple(state), log=False)
        if state.turn is not None:
            break
    else:
        raise AssertionError("no such position")
    view = state.view(0)
    table = MerchantLordTable(seat=0, names=["Ann", "Bob", "Cy"], seat_kinds=["human", "ai:easy", "ai:easy"])
    return state, replace(table, view=view, world=GAME.from_view(view, 0), legal=state.legal_actions(), turn=7)


def test_a_ten_letter_name_is_whole_in_the_round_table_beside_four_dice():
    """Over SSH: "[bold]x[/]" read "[bold]x[…" in the round table, four columns blank after the
    dice; a name takes the room a fifth die would."""
    from caravan_tui.games.merchant_lord.table_text import players_text

    _prefix, state = play_until(lambda s: s.turn == 0 and s.phase == FAVOUR)
    table = replace(table_for(state), names=["Ann", "[bold]x[/]"])
    assert max(len(dice) for dice in table.view["dice"]) == 4
    lines = players_text(table.view, table).plain.splitlines()
    assert lines[2].startswith(" [bold]x[/] ") and max(map(len, lines[:3])) <= 48, lines


def test_a_replay_names_the_viewed_seats_dice_and_villages():
    """Replay, `v` to AI 2's view: "Your dice 6◎ 1≈ 1≈ 2¶" and "Your 1-6: stalls 1 6" beside
    "AI 2's hand", read as the watcher's own. A replay's seat is the view shown: by name."""
    from caravan_tui.games.merchant_lord.table_looks import dice_look

    state = GAME.new(2, seed=3, options={})
    view = state.view(1)
    live = MerchantLordTable(seat=1, names=["Ann", "AI 2"], seat_kinds=["human", "ai:easy"])
    live = replace(live, view=view, world=GAME.from_view(view, 1))
    own = view["villages_info"][3]["id"]
    assert (dice_look(live).label, live.village_name(own)) == ("Your dice ", "your 1-6")
    replayed = replace(live, replaying=True)
    assert (dice_look(replayed).label, replayed.village_name(own)) == ("AI 2's dice ", "AI 2's 1-6")


def test_a_sales_table_cards_count_its_free_placements():
    """Round 8: "Sell 3-4 +M18R +M25R … +2 table cards (5 of 9)" (the hint, the builder's "5 cards",
    the review's "(5 table cards)") of a sale whose two Free Placements took the seat to 7."""
    import random

    from caravan_tui.games.merchant_lord.explain import _sale

    state = GAME.new(2, seed=1, options={})
    rng = random.Random(1)
    for _ in range(56):
        state.apply(rng.choice(state.legal_actions()), False)
    sale, seat = ("sell", "P0-V25", (("M19", "R"),)), state.to_move()
    assert sale in state.legal_actions() and state.table[seat] == 3
    assert "+2 table cards (5 of 9, 1 by Free Placement)" in _sale(state, seat, sale)
    assert state.describe(sale, seat).endswith("(5 table cards, 1 of them by Free Placement)")


def test_a_sale_whose_rest_draws_before_our_buy_says_the_rules_steps_not_the_turns_end():
    """ "enter: the sale above, then the rules end your selling: You stop selling; 3 goes to the
    market: +1 favour." and Enter went on to our buying step: a card drawn to the row on the way
    read as the end of the turn."""

    def drawing_before_our_buy(state) -> tuple | None:
        """Seat 0's sale whose rest draws a card and leaves seat 0 a decision in the same round."""
        if state.turn != 0:
            return None
        for sale in (a for a in state.legal_actions() if a[0] == "sell"):
            after = state.clone()
            drawn = any(event.reveals_to(0) for event in after.apply(sale)[1:])
            if drawn and after.to_move() == 0 and after.round == state.round:
                return sale
        return None

    state, sale = first_found(drawing_before_our_buy, seeds=12)
    said = rest_of_turn(table_for(state), sale)
    assert said is not None and said.startswith("by the rules: "), said


def test_a_ten_letter_name_is_whole_before_its_villages_and_in_the_known_cards_line():
    """Over SSH: "[bol…  ›1-6 open  1≈ 6◎ pays 2¢/2¢" with 15 columns free after the row, and
    "Known in hands: [bold]x[… M22" with 20 free: a name takes the room the rows leave it (no
    row a line longer for it), and the known cards' line the room it has."""
    from caravan_tui.games.merchant_lord.table import NAME_ROOM
    from caravan_tui.games.merchant_lord.table_looks import village_rows
    from caravan_tui.games.merchant_lord.table_text import players_text

    name = "[bold]x[/]"
    view = GAME.new(2, seed=3, options={"start_player": 1}).view(0)
    view = view | {"known": [[], ["M22"]], "hand_sizes": [0, 1]}
    table = MerchantLordTable(seat=0, names=["Ann", name], seat_kinds=["human", "human"])
    table = replace(table, view=view, villages_room=(47, 20))
    heads = [row.head.plain for row in village_rows(table)]
    assert heads[3].startswith(name + " ") and all(len(head) == len(heads[3]) for head in heads), heads
    assert f"Known in hands: {name} M22" in players_text(view, table).plain
    # where a wider name would take a row a line more, the name keeps its 5 cells
    narrow = replace(table, villages_room=(38, 20))
    assert village_rows(narrow)[3].head.plain == f"{name[: NAME_ROOM - 1]}… "


def test_a_hint_names_a_play_whole_where_the_plays_list_fits_it_to_its_rows():
    """Over SSH: "Nearly as good: Sell Maximilianus   Aurelia…'s 1-6: 2¢": the plays list's two
    rows, cut and set in, pasted into the hint, which wraps and has the room."""
    from tables import offline_screen

    state = GAME.new(2, seed=3, options={"start_player": 1})
    screen = offline_screen("merchant_lord")
    name = "Maximilianus Aurelianus Constantinopolit"
    screen.table_state = replace(screen.table, names=["Ann", name], seat_kinds=["human", "human"], view=state.view(0))
    sale = ("sell", "P1-V16", ())
    assert "…" in screen.describe(sale)
    assert screen.said(sale) == f"Sell {name}'s 1-6"


def test_words_that_read_two_ways_are_said_one_way():
    """A newcomer's reads: "(10 of 9)" as a count past its maximum; "Stop selling (4 to market)"
    beside a die showing 4 as that die; "then the rules end your turn" on a sale, the buying step
    still to come (a turn is one player's part of a phase, rules §1: the selling is what ends)."""
    from caravan_tui.games.merchant_lord.explain import _of_target
    from caravan_tui.games.merchant_lord.play_lines import short_play

    assert _of_target(5) == "5 of 9" and _of_target(10) == "10: 9 or more end the game with the round"
    table = MerchantLordTable(seat=0, names=["Ann", "Bob"], seat_kinds=["human", "ai:easy"])
    state = GAME.new(2, seed=3, options={"start_player": 1})
    table = replace(table, view=state.view(0))
    assert short_play(table, ("end_selling",), None) == "Stop selling (4 dice to market)"
    assert play_line(table, ("end_selling",)) == "Stop (4 dice to market)"  # (the plays list: one row)


def test_a_replay_names_the_watchers_own_villages_yours_and_no_other_view_s():
    """The bug: a replay in the watcher's own view said "You's 1-6: stalls 1 6; …" under rows
    that said "You"; in another seat's view every seat's villages are its own by name."""
    names, kinds = ["Root", "AI 2", "AI 3"], ["human", "ai:normal", "ai:normal"]
    own_view = MerchantLordTable(seat=0, names=names, seat_kinds=kinds, replaying=True, own=0)
    assert own_view.village_name("P0-V16") == "your 1-6"
    assert own_view.village_name("P2-V25") == "AI 3's 2-5"
    other_view = MerchantLordTable(seat=1, names=names, seat_kinds=kinds, replaying=True, own=0)
    assert other_view.village_name("P1-V34") == "AI 2's 3-4"
    # (and the watcher's by name, as that view's log names them: "your 1-6" beside "Root sells")
    assert other_view.village_name("P0-V16") == "Root's 1-6"


def test_o_says_so_where_no_opponents_villages_fit_whole():
    """At three players, both opponents folded onto a line each (the box too short for one
    opponent's villages), ``o`` twice changed nothing and said nothing: ``others_folded`` tells
    the screen so, which says why."""
    from caravan_tui.games.merchant_lord.table_looks import others_folded, village_rows

    _state, table = three_players_at(lambda state: state.turn == 0 and state.phase == SELL)
    started = intents.turn_started(table)
    short = replace(started, villages_room=(60, 6), villages_height=6)
    assert others_folded(short) and others_folded(intents.next_other(short))
    roomy = replace(started, villages_room=(60, 20), villages_height=20)
    assert len(village_rows(roomy)) > 5 and not others_folded(roomy)


def test_a_sale_chosen_at_an_opponents_village_keeps_that_village_on_the_board():
    """At three players a sale chosen at AI 3's 1-6 grew the lines under the row, the box then too
    short for any opponent's villages whole: theirs folded onto a line, the cursor went to "your
    1-6", and the second Enter ("enter sells") sold there or said "Not at your 1-6". Where only
    one player's villages fit, they are the chosen village's owner's, the rest a line each."""
    from caravan_tui.games.merchant_lord.table_looks import village_rows

    state, table = three_players_at(selling_at_cys)
    vid = next(a[1] for a in state.legal_actions() if a[0] == "sell" and VINDEX[a[1]] // 3 == 2)
    short = replace(intents.turn_started(table), villages_room=(60, 6), villages_height=6)
    chosen = taken(intents.chosen_village(at(short, VILLAGES, vid), vid))
    assert chosen.sel.village == vid
    rows = village_rows(chosen)
    assert vid in [row.key for row in rows] and len(rows) == 5, [row.key for row in rows]
    yours, folded = rows[0], rows[1]  # (yours first, on a line: o shows an opponent's, never yours)
    assert yours.key is None and "o shows" not in " ".join(word.plain for word in yours.words)
    assert folded.key is None and "o shows" in " ".join(word.plain for word in folded.words)
    assert [row.key for row in village_rows(short)][:3] == ["P0-V16", "P0-V25", "P0-V34"]
