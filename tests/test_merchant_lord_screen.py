"""The Merchant Lord table at 80×24 (Pilot): a whole game against the AI by keys, the sale builder
(dice and income shown before the sale, impossible choices refused with the rules' reason),
rerolls by ticking dice, the plays list sharing the builder's selection, and glyphs that read
without colour."""

from __future__ import annotations

import asyncio
import dataclasses
import re

import pytest
from textual import events

from caravan_tui.app import CaravanApp
from caravan_tui.games import get_game
from caravan_tui.games.merchant_lord.builder import Choices, Selection
from caravan_tui.games.merchant_lord.cards import HALF_INDEX, INDEX
from caravan_tui.games.merchant_lord.faces import GLYPHS, card_face, die_text
from caravan_tui.games.merchant_lord.rules import FAVOUR, SELL, VINDEX
from caravan_tui.games.merchant_lord.screen import MerchantLordScreen
from caravan_tui.games.merchant_lord.table import HAND
from caravan_tui.games.merchant_lord.table_enter import promise
from caravan_tui.games.merchant_lord.table_text import hint_keys
from caravan_tui.games.merchant_lord.widgets import ChipBar, VillageBoard
from caravan_tui.screens.dialogs import ConfirmScreen
from caravan_tui.screens.new_match import MatchSetup
from caravan_tui.screens.summary import MatchOverScreen
from caravan_tui.screens.table_overlays import HINT_READY
from caravan_tui.textual_adapter import notices as held_notices
from caravan_tui.textual_adapter import screen_lines as drawn_rows
from caravan_tui.widgets import ActionList

from tables import Table, at_turn, offline_screen, quick_app, read_since, wait_for

SIZE = (80, 24)
GAME = get_game("merchant_lord")
ENDS = {("end_favour",), ("end_selling",), ("end_buying",), ("skip",)}


def make_app(tmp_path, iterations: int = 4, home: bool = True) -> CaravanApp:
    return quick_app(tmp_path, iterations, home=home)


def screen_lines(app) -> list[str]:
    return drawn_rows(app.screen)


def builder(screen) -> str:
    return str(screen.query_one("#ml-builder").render())


def notices(app) -> list[str]:
    return [n.message for n in held_notices(app)]


def simple(state):
    """Both seats' play while the tests set a position up: the sale tucking the most cards (own
    villages first), buy what can be bought, place what can be placed, else end the step."""
    legal = state.legal_actions()
    sells = [a for a in legal if a[0] == "sell"]
    if sells:
        return max(sells, key=lambda a: (len(a[2]), a[1][1] == str(state.turn), a))
    for action in legal:
        if action[0] in ("buy", "place"):
            return action
    return next(a for a in legal if a in ENDS)


def builder_position(state) -> bool:
    """Seat 0 sells, holds 2+ cards of which one fits no sale, and some open village fits no sale."""
    if state.turn != 0 or state.phase != SELL:
        return False
    legal = state.legal_actions()
    view = state.view(0)
    tucking = [a for a in legal if a[0] == "sell" and a[2]]
    usable = {c for a in tucking for c, _ in a[2]}
    sold_at = {a[1] for a in legal if a[0] == "sell"}
    return (
        len(view["hand"]) >= 2
        and tucking
        and any(c not in usable for c in view["hand"])
        and any(v["open"] and v["id"] not in sold_at for v in view["villages_info"])
    )


def play_until(test, seed: int = 0, limit: int = 400):
    """The actions (by ``simple``) from a 2-player start with seat 0 first until ``test``."""
    state = GAME.new(2, seed=seed, options={"start_player": 1})
    actions = []
    while not test(state):
        assert state.turn is not None and len(actions) < limit, "no such position"
        action = simple(state)
        actions.append(action)
        state.apply(action, log=False)
    return actions, state


def rerolling(state) -> bool:
    """Seat 0's favour step with a favour to spend: dice can be rerolled."""
    return state.turn == 0 and state.phase == FAVOUR and state.favour[0] >= 1


def table_at(app, prefix=(), seed: int = 0) -> Table:
    return Table(app, "merchant_lord", MerchantLordScreen, seed, {"start_player": 1}, prefix)


def my_turn(screen) -> bool:
    return screen.table.turn is not None and screen.table.view is not None and bool(screen.table.names)


def at_my_turn(tmp_path, prefix, seed: int = 0):
    """The app at 80×24 at the table after the actions ``prefix``, once it is seat 0's turn."""
    app = make_app(tmp_path, home=False)
    return at_turn(app, table_at(app, prefix, seed), my_turn, SIZE)


async def cursor_to(pilot, widget, key: str) -> None:
    """Move a ChipBar's or the villages' cursor to ``key`` with the arrows."""
    keys = widget.keys
    assert key in keys, (key, keys)
    for _ in range(40):
        current = widget.current if isinstance(widget, ChipBar) else widget.cursor
        if current == key:
            return
        step = "right" if keys.index(current) < keys.index(key) else "left"
        await pilot.press(step)
    raise AssertionError(f"cursor never reached {key}")


async def focus(pilot, app, widget) -> None:
    for _ in range(10):
        if app.focused is widget:
            return
        await pilot.press("tab")
    raise AssertionError(f"tab never reached {widget}")


@pytest.mark.thorough
async def test_the_sale_builder_shows_dice_and_income_and_refuses_with_the_reason(tmp_path):
    prefix, state = play_until(builder_position)
    legal = state.legal_actions()
    view = state.view(0)
    tucking = [a for a in legal if a[0] == "sell" and a[2]]
    sale = max(tucking, key=lambda a: len(a[2]))
    usable = {c for a in tucking for c, _ in a[2]}
    stuck = next(c for c in view["hand"] if c not in usable)
    sold_at = {a[1] for a in legal if a[0] == "sell"}
    shut = next(v["id"] for v in view["villages_info"] if v["open"] and v["id"] not in sold_at)
    async with at_my_turn(tmp_path, prefix) as (app, pilot, table):
        screen = table.screen
        villages = screen.query_one(VillageBoard)
        hand = screen.query_one("#ml-hand", ChipBar)
        start = table.moves()

        # moving through the plays list fills the builder with the highlighted sale
        actions = screen.query_one(ActionList)
        first = next(a for a in legal if a[0] == "sell" and a[2])
        await focus(pilot, app, actions)
        await pilot.press("home", *["down"] * actions.actions.index(first))
        assert screen.sel.village == first[1] and screen.sel.key() == first[2]
        assert "enter sells" in builder(screen)
        await pilot.press("c")
        assert screen.sel.village is None and not screen.sel.tucks
        await focus(pilot, app, villages)
        await pilot.press("c")  # (nothing chosen: it did nothing and said nothing)
        await wait_for(pilot, lambda: "Nothing is chosen to clear" in " ".join(notices(app)), "why c clears nothing")

        # a village no sale fits: refused, with the dice it needs and the dice there are
        await cursor_to(pilot, villages, shut)
        await pilot.press("enter")
        await wait_for(pilot, lambda: any("needs dice" in n for n in notices(app)), "the reason")
        reason = next(n for n in notices(app) if "needs dice" in n)
        assert "your unsold dice are" in reason and "{p" not in reason
        assert screen.sel.village is None

        # the sale's village: its dice and income show before anything is sold
        await cursor_to(pilot, villages, sale[1])
        await pilot.press("enter")
        assert screen.sel.village == sale[1] and table.moves() == start
        text = builder(screen)
        assert "dice" in text and "you get" in text and "enter sells" in text, text

        # a card no sale can tuck: refused with the reason, nothing ticked
        await focus(pilot, app, hand)
        await cursor_to(pilot, hand, stuck)
        await pilot.press("space")
        await wait_for(
            pilot, lambda: any(f"Cannot tuck {stuck}" == n.title for n in held_notices(app)), "the card's reason"
        )
        assert stuck not in screen.sel.tucks
        assert any("needs dice" in n or "not in your hand" in n for n in notices(app))

        # tick the sale's halves by keys: space cycles left, right, unticked
        for card, half in sale[2]:
            await cursor_to(pilot, hand, card)
            for _ in range(3):
                if screen.sel.tucks.get(card) == half:
                    break
                await pilot.press("space")
            assert screen.sel.tucks.get(card) == half
        assert screen.table.choices().action(screen.sel) == sale
        coins = state.sale_income(0, VINDEX[sale[1]], [(INDEX[c], HALF_INDEX[h]) for c, h in sale[2]])[0]
        text = builder(screen)
        assert f"you get {coins}¢" in text and f"{view['table'][0] + len(sale[2])} cards" in text, text
        shown_hand = hand.render().plain
        for card, half in sale[2]:
            assert card_face(card, half).plain in shown_hand  # the ticked half in brackets
        # the plays list shows the same sale
        assert actions.actions[actions.highlighted] == sale
        await pilot.press("enter")
        await wait_for(pilot, lambda: table.moves() == start + 1, "the sale")
        assert table.runner.host.actions[start] == sale


@pytest.mark.thorough
async def test_rerolls_by_ticking_dice_and_the_roll_shows_what_changed(tmp_path):
    prefix, state = play_until(rerolling)
    async with at_my_turn(tmp_path, prefix) as (app, pilot, table):
        screen = table.screen
        dice = screen.query_one("#ml-dice", ChipBar)
        await focus(pilot, app, dice)
        start = table.moves()
        before = [value for value, _ in screen.table.view["dice"][0]]
        await pilot.press("space", "right", "space")
        assert screen.table.reroll == {0, 1}
        want = ("reroll", *sorted(before[:2]))
        assert builder(screen).startswith(f"Reroll {want[1]} {want[2]} for 1 favour")
        actions = screen.query_one(ActionList)
        assert actions.actions[actions.highlighted] == want  # the list follows the ticks
        await pilot.press("enter")
        await wait_for(pilot, lambda: table.moves() == start + 1, "the reroll")
        assert table.runner.host.actions[start] == want
        await wait_for(pilot, lambda: screen.table.view["favour"][0] == state.favour[0] - 1, "the new dice")
        await pilot.pause()
        after = [value for value, _ in screen.table.view["dice"][0]]
        assert {(0, 0), (0, 1)} <= screen.table.changed_dice  # rerolled, even if a die shows its old value
        drawn = dice.render().plain
        for index in (0, 1):
            assert f"*{after[index]}{GLYPHS[after[index] - 1]}" in drawn, drawn


@pytest.mark.e2e
async def test_a_whole_game_against_the_ai_by_keys(tmp_path):
    """Seat 0 by keys against the AI at a tiny budget, to the end screen: sales through the
    builder (the villages have the focus when selling starts), one reroll by ticked dice (they
    have it in the favour step), purchases with Enter on the row, placements from the plays
    list, and e to end a step."""
    app = make_app(tmp_path, iterations=3)
    used = {"builder": 0, "reroll": 0, "row": 0, "list": 0, "e": 0}
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(MatchSetup("merchant_lord", ["human", "ai:easy"], ["Tester", "Bot"], {"start_player": 1}, 3))
        await wait_for(pilot, lambda: isinstance(app.screen, MerchantLordScreen), "the table")
        screen = app.screen
        host = app.runner.host
        for _ in range(300):
            await wait_for(
                pilot,
                lambda: my_turn(screen) or isinstance(app.screen, MatchOverScreen),
                "my turn or the end",
                timeout=20,
            )
            if isinstance(app.screen, MatchOverScreen):
                break
            await read_since(pilot, screen)
            start = host.turn
            action = simple(host.state)
            phase = screen.table.phase
            if phase == "favour" and not used["reroll"]:
                assert app.focused is screen.query_one("#ml-dice")
                await pilot.press("space", "enter")
                used["reroll"] += 1
            elif action[0] == "sell":
                villages = screen.query_one(VillageBoard)
                assert app.focused is villages
                await cursor_to(pilot, villages, action[1])
                await pilot.press("enter")
                if action[2]:
                    hand = screen.query_one("#ml-hand", ChipBar)
                    await pilot.press("tab")
                    assert app.focused is hand
                    for card, half in action[2]:
                        await cursor_to(pilot, hand, card)
                        while screen.sel.tucks.get(card) != half:
                            await pilot.press("space")
                assert screen.table.choices().action(screen.sel) == action
                assert "you get" in builder(screen)
                await pilot.press("enter")
                used["builder"] += 1
            elif action[0] == "buy":
                row = screen.query_one("#ml-row", ChipBar)
                assert app.focused is row, (app.focused, host.actions[-6:], screen.table.phase, used)
                await cursor_to(pilot, row, action[1])
                await pilot.press("enter")
                used["row"] += 1
            elif action[0] == "place":
                actions = screen.query_one(ActionList)
                await focus(pilot, app, actions)
                await pilot.press("home", *["down"] * screen.table.legal.index(action), "enter")
                await pilot.press("shift+tab")  # off the list: the next step focuses its panel
                used["list"] += 1
            else:
                await pilot.press("e")
                used["e"] += 1
            await wait_for(pilot, lambda start=start: host.turn > start, "my action to land")
            assert host.actions[start] == action or (used["reroll"] == 1 and host.actions[start][0] == "reroll")
        assert isinstance(app.screen, MatchOverScreen)
        assert used["builder"] >= 3 and used["reroll"] == 1 and used["row"] >= 2, used
        assert app.store.entries()[0].snapshot.status == "over"
        assert max(host.state.table) >= 9


@pytest.mark.thorough
async def test_four_players_fit_80x24_and_o_shows_the_others(tmp_path):
    app = make_app(tmp_path)
    names = ["Tester", "Bot", "Cy", "Dee"]
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(MatchSetup("merchant_lord", ["human"] + ["ai:easy"] * 3, names, {"start_player": 1}, 5))
        await wait_for(pilot, lambda: isinstance(app.screen, MerchantLordScreen) and my_turn(app.screen), "my turn")
        await pilot.pause()
        screen = app.screen
        assert screen.query_one("#status").region.bottom == 23
        assert screen.query_one("#ml-row").region.bottom <= 22
        board = screen.query_one(VillageBoard)
        shown = [key for key in board.keys]
        assert [k for k in shown if k.startswith("P0-")] == ["P0-V16", "P0-V25", "P0-V34"]
        others = {key[:2] for key in shown} - {"P0"}
        assert len(others) == 1  # one opponent's villages; the others on a line each
        assert board.text.count("(o shows them)") == 2
        before = board.cursor
        await pilot.press("o")
        await pilot.pause()
        assert {key[:2] for key in board.keys} - {"P0"} != others
        # (on the first of theirs a sale can use; none: where it was, on one of ours a sale can use)
        marks = screen.table.village_marks()
        usable = [key for key in board.keys if key.startswith(f"P{screen.table.shown_other}-") and marks[key] == "›"]
        assert board.cursor == (usable[0] if usable else before)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.start_match(MatchSetup("merchant_lord", ["human"] + ["ai:easy"] * 3, names, {"start_player": 1}, 5))
        await wait_for(pilot, lambda: isinstance(app.screen, MerchantLordScreen) and my_turn(app.screen), "my turn")
        await pilot.pause()
        board = app.screen.query_one(VillageBoard)
        assert len(board.keys) == 12 and "(o shows them)" not in board.text
        assert "(seller 2¢, owner 2¢)" in board.text  # with room, what each village pays


def test_builder_choices_offer_only_reachable_halves():
    _, state = play_until(builder_position)
    choices = Choices(state.legal_actions())
    hand = state.view(0)["hand"]
    tucking = [a for a in state.legal_actions() if a[0] == "sell" and a[2]]
    usable = {c for a in tucking for c, _ in a[2]}
    for card in hand:
        assert choices.tuckable(Selection(), card) == (card in usable)
    sale = max(tucking, key=lambda a: len(a[2]))
    selection = Selection(sale[1], dict(sale[2]))
    assert choices.action(selection) == sale
    for card in hand:
        if card not in selection.tucks:
            for half in choices.halves(selection, card):
                assert choices.action(Selection(sale[1], {**selection.tucks, card: half})) is not None


def test_dice_and_cards_read_without_colour():
    for value in range(1, 7):
        assert die_text(value).plain == f"{value}{GLYPHS[value - 1]}"
    assert len(set(GLYPHS)) == 6
    assert card_face("M05").plain == "M05 1≈2¢ 4ΨFM"
    assert card_face("M05", "L").plain == "M05[1≈2¢]4ΨFM"
    assert card_face("M05", "R").plain == "M05 1≈2¢[4ΨFM]"


def test_the_reasons_for_an_impossible_sale_name_the_rule():
    from caravan_tui.engine import render
    from caravan_tui.games.merchant_lord.describe import place_problem, sale_problem

    _, state = play_until(builder_position)
    names = ["Tester", "Bot"]

    def why(vid, tucks=()):
        reason = sale_problem(state, 0, vid, tucks)
        return None if reason is None else render(reason, names, 0)

    legal = state.legal_actions()
    sale = max((a for a in legal if a[0] == "sell" and a[2]), key=lambda a: len(a[2]))
    assert why(sale[1], sale[2]) is None
    card = sale[2][0]
    assert "only the owner tucks merchants" in why("P1-V16", (card,))
    assert "is not in your hand" in why(sale[1], (("M30" if "M30" not in state.view(0)["hand"] else "M29", "L"),))
    shut = next(
        v["id"]
        for v in state.view(0)["villages_info"]
        if v["open"] and not any(a[0] == "sell" and a[1] == v["id"] for a in legal)
    )
    assert "needs dice" in why(shut) and "your unsold dice are" in why(shut)
    view = state.view(0)
    closed = next(v for v, seller in enumerate(view["sellers"]) if seller == 1)
    assert "is closed: Bot's dice are on it" in why(view["villages_info"][closed]["id"])
    assert "your own villages" in render(place_problem(state, 0, "P1-V16", None), names, 0)


def first_end(legal):
    return next((a for a in legal if a in ENDS), legal[0])


@pytest.mark.thorough
async def test_each_round_the_cursors_start_on_their_first_choice_and_the_lines_say_what_keys_do(tmp_path):
    """The bug: in a new round's favour step the dice cursor stayed where it was left (space
    ticked the 4th die) and the villages' on an old village. The status line words what Enter or
    space does for the focused widget, plainly; the villages show what a sale pays at 80×24; the
    focused cursor is in reverse video (seen without colour), the others underlined."""
    prefix, _ = play_until(rerolling)
    async with at_my_turn(tmp_path, prefix) as (_app, pilot, table):
        screen = table.screen
        dice, villages = screen.query_one("#ml-dice", ChipBar), screen.query_one(VillageBoard)
        assert screen.focused is dice and dice.cursor == 0
        value = screen.table.my_dice()[0][0]
        assert str(screen.query_one("#status").render()) == f"space: tick this {value} to reroll · + or -: turn it"
        assert "(1)" not in builder(screen) and "reroll dice for 1 favour, or turn one for 2" in builder(screen)
        assert any("reverse" in str(span.style) for span in dice.render().spans)
        assert "pays " in villages.text and "pays 3¢/4¢" in screen.legend().plain
        await pilot.press("right", "right", "right")  # the 4th die, then on to the next round
        villages.move_to(villages.keys[-1])
        assert dice.cursor == 3
        first_round = screen.table.view["round"]

        async def bot() -> None:
            while True:
                await table.bot_plays(first_end)

        task = asyncio.create_task(bot())
        try:
            for _ in range(60):
                await wait_for(pilot, lambda: my_turn(screen), "my turn")
                if screen.table.view["round"] > first_round and screen.table.phase == "favour":
                    await read_since(pilot, screen)
                    break
                moves = table.moves()
                screen.play_now(first_end(screen.table.legal))  # (unasked: ``act`` asks before ending a sale)
                await wait_for(pilot, lambda moves=moves: table.moves() > moves, "my play")
            else:
                raise AssertionError("no favour step of mine in the next rounds")
            await pilot.pause()
            assert screen.focused is dice and dice.cursor == 0  # not the 4th die
            assert not any("reverse" in str(span.style) for span in villages.render().spans)  # not focused
            assert villages.cursor != villages.keys[-1]
            await pilot.press("space")
            assert screen.table.reroll == {0}
            await pilot.press("tab")  # the villages: Enter chooses the one under the cursor
            assert screen.focused is villages
            assert any("reverse" in str(span.style) for span in villages.render().spans)
        finally:
            task.cancel()


@pytest.mark.thorough
async def test_the_dice_line_offers_only_what_the_favour_left_pays_for(tmp_path):
    """The bug: after one reroll (1 favour left) the line still offered "+ or -: turn it", and
    ``+`` answered that turning costs 2 favour. With 1 favour it offers the reroll alone."""
    prefix, state = play_until(rerolling)
    assert state.favour[0] == 2
    value = state.view(0)["dice"][0][0][0]
    reroll = ("reroll", value)
    state.apply(reroll, log=False)
    assert state.turn == 0 and state.phase == FAVOUR and state.favour[0] == 1
    async with at_my_turn(tmp_path, [*prefix, reroll]) as (app, pilot, table):
        screen = table.screen
        dice = screen.query_one("#ml-dice", ChipBar)
        await focus(pilot, app, dice)
        await pilot.press("home")
        value = screen.table.my_dice()[dice.cursor][0]
        assert str(screen.query_one("#status").render()) == f"space: tick this {value} to reroll"


@pytest.mark.thorough
async def test_enter_on_the_chosen_village_plays_the_sale_the_status_line_words(tmp_path):
    def selling(state) -> bool:
        return (
            state.turn == 0 and state.phase == SELL and any(a[0] == "sell" and not a[2] for a in state.legal_actions())
        )

    prefix, state = play_until(selling)
    sale = next(a for a in state.legal_actions() if a[0] == "sell" and not a[2])
    async with at_my_turn(tmp_path, prefix) as (app, pilot, table):
        screen = table.screen
        villages = screen.query_one(VillageBoard)
        await focus(pilot, app, villages)
        await cursor_to(pilot, villages, sale[1])
        status = screen.query_one("#status")
        assert screen.enter_action() is None and str(status.render()).startswith("enter: choose ")
        await pilot.press("enter")  # chooses the village: the sale without tucks is complete
        assert screen.enter_action() == sale
        lines = str(status.render()).split("\n")  # the whole sale, wrapped onto a second line
        assert len(lines) == 2 and " ".join(line.strip() for line in lines) == f"enter: {screen.table.describe(sale)}"
        start = table.moves()
        await pilot.press("enter")
        await wait_for(pilot, lambda: table.moves() > start, "the sale")
        assert table.runner.host.actions[start] == sale


@pytest.mark.thorough
async def test_enter_in_an_empty_hand_plays_the_sale_the_status_line_words(tmp_path):
    """Seed 184 at 80×24: a sale chosen, Tab to the empty "Your hand (0)", Enter, Enter: nothing
    happened and nothing was said, while the line under the board read "enter: Sell …"."""

    def selling_empty_handed(state) -> bool:
        return (
            state.turn == 0
            and state.phase == SELL
            and not state.hand[0]
            and any(a[0] == "sell" and not a[2] for a in state.legal_actions())
        )

    prefix, state = play_until(selling_empty_handed)
    sale = next(a for a in state.legal_actions() if a[0] == "sell" and not a[2])
    async with at_my_turn(tmp_path, prefix) as (app, pilot, table):
        screen = table.screen
        villages = screen.query_one(VillageBoard)
        await focus(pilot, app, villages)
        await cursor_to(pilot, villages, sale[1])
        await pilot.press("enter")  # chooses the village: the sale without tucks is complete
        await focus(pilot, app, screen.query_one(f"#{HAND}"))
        assert screen.enter_action() == sale
        assert str(screen.query_one("#status").render()).startswith(f"enter: {screen.table.describe(sale)[:20]}")
        start = table.moves()
        await pilot.press("enter")
        await wait_for(pilot, lambda: table.moves() > start, "the sale")
        assert table.runner.host.actions[start] == sale


def test_a_tie_on_table_cards_says_which_tie_break_decided_in_the_seats_words():
    screen = offline_screen("merchant_lord")
    screen.table_state = dataclasses.replace(screen.table, names=["Ann", "AI 2 (normal)"])
    screen.table_state = dataclasses.replace(
        screen.table, view={"phase": "over", "table": [12, 12], "coins": [7, 3], "favour": [0, 9]}
    )
    assert screen.result_headline(["Ann (you)", "AI 2 (normal)"], [12.0, 12.0], [1.0, 0.0]) == (
        "12–12; you win on the coins tie-break."
    )
    screen.table_state = dataclasses.replace(
        screen.table, view={"phase": "over", "table": [12, 12], "coins": [3, 3], "favour": [0, 9]}
    )
    assert screen.result_headline(["Ann (you)", "AI 2 (normal)"], [12.0, 12.0], [0.0, 1.0]) == (
        "12–12; AI 2 (normal) wins on the favour tie-break (cards and coins tied)."
    )
    screen.table_state = dataclasses.replace(
        screen.table, view={"phase": "over", "table": [12, 10], "coins": [3, 3], "favour": [0, 9]}
    )
    assert screen.result_headline(["Ann (you)", "AI 2 (normal)"], [12.0, 10.0], [1.0, 0.0]) == "You win!"


def test_a_tie_between_two_of_three_players_names_whose_table_cards_they_are():
    """At three seats "12–12; AI 2 wins on the coins tie-break." read as the reader's own score."""
    screen = offline_screen("merchant_lord")
    names = ["Ann", "AI 2 (normal)", "AI 3 (easy)"]
    screen.table_state = dataclasses.replace(
        screen.table, names=names, view={"phase": "over", "table": [9, 12, 12], "coins": [7, 5, 3], "favour": [0] * 3}
    )
    assert screen.result_headline(["Ann (you)", *names[1:]], [9.0, 12.0, 12.0], [0.0, 1.0, 0.0]) == (
        "AI 2 (normal) and AI 3 (easy) tie 12–12; AI 2 (normal) wins on the coins tie-break."
    )


def status(screen) -> str:
    return " ".join(line.strip() for line in str(screen.query_one("#status").render()).split("\n"))


@pytest.mark.thorough
async def test_the_enter_line_follows_every_cursor_and_enter_buys_the_card_under_it(tmp_path):
    """The bug: after → → in the row the status line still read "enter: Buy M07 for 5 coins"
    while the cursor showed M16, and Enter bought M16; in the villages the line stayed "Your
    turn: selling" after ↓. The line is worked out from the cursors whenever one moves."""
    prefix, state = play_until(lambda s: s.turn == 0 and sum(a[0] == "buy" for a in s.legal_actions()) >= 3)
    row_cards = state.view(0)["row"]
    async with at_my_turn(tmp_path, prefix) as (app, pilot, table):
        screen = table.screen
        row = screen.query_one("#ml-row", ChipBar)
        assert app.focused is row and row.current == row_cards[0]
        assert status(screen).startswith(f"enter: Buy {row_cards[0]} for 5 coins")
        await pilot.press("right", "right")
        assert row.current == row_cards[2]
        assert status(screen).startswith(f"enter: Buy {row_cards[2]} for 5 coins")
        villages = screen.query_one(VillageBoard)
        await pilot.press("tab", "tab")  # off the row, round to the villages
        await focus(pilot, app, villages)
        assert status(screen) == "Your turn: buying · e: done"  # Enter buys nothing there
        await focus(pilot, app, row)
        assert status(screen).startswith(f"enter: Buy {row_cards[2]} for 5 coins")
        start = table.moves()
        await pilot.press("enter")
        await wait_for(pilot, lambda: table.moves() > start, "the purchase")
        assert table.runner.host.actions[start] == ("buy", row_cards[2])


@pytest.mark.thorough
async def test_in_the_villages_the_line_says_which_village_enter_chooses_as_the_cursor_moves(tmp_path):
    prefix, _state = play_until(
        lambda s: s.turn == 0 and s.phase == SELL and len({a[1] for a in s.legal_actions() if a[0] == "sell"}) >= 2
    )
    async with at_my_turn(tmp_path, prefix) as (app, pilot, table):
        screen = table.screen
        villages = screen.query_one(VillageBoard)
        assert app.focused is villages
        seen = set()
        for _ in range(len(villages.keys)):
            line = status(screen)
            marks = screen.table.village_marks()
            if marks.get(villages.cursor) == "›":
                assert line == f"enter: choose {screen.table.village_name(villages.cursor)} for the sale"
            else:
                assert line == "Your turn: selling · e: done"
            seen.add(line)
            await pilot.press("down")
        assert len(seen) >= 3  # the line changed with the cursor


@pytest.mark.thorough
async def test_plus_turns_the_first_die_of_its_value_and_the_dice_keep_the_logs_order(tmp_path):
    """The bug: the table kept its own order of your dice (the die under the cursor swapped in
    for the one the rules turn), so they read in another order than the log, and resuming
    reordered them again. With 1 3 4 1 and the cursor on the 4th die, + turns the 1st (the rules
    take the lowest-index die of a value, §9.3): the dice stay in the rules' order, the cursor
    goes to the die that turned."""

    def twins(state) -> bool:
        values = [v for v, where in state.view(0)["dice"][0] if where == "unplaced"]
        return state.turn == 0 and state.phase == FAVOUR and state.favour[0] >= 2 and values.count(1) >= 2

    prefix, state = play_until(twins)
    assert [v for v, _ in state.view(0)["dice"][0]] == [1, 3, 4, 1]
    async with at_my_turn(tmp_path, prefix) as (_app, pilot, table):
        screen = table.screen
        dice = screen.query_one("#ml-dice", ChipBar)
        await pilot.press("right", "right", "right")
        assert dice.cursor == 3
        start = table.moves()
        await pilot.press("plus")
        await wait_for(
            pilot, lambda: table.moves() > start and screen.table.view["favour"][0] == state.favour[0] - 2, "the turn"
        )
        assert table.runner.host.actions[start] == ("adjust", 1, 1)
        assert screen.table.my_dice() == [tuple(die) for die in screen.table.view["dice"][0]]  # the log's order
        assert [value for value, _ in screen.table.my_dice()] == [2, 3, 4, 1]
        assert screen.table.changed_dice == {(0, 0)} and dice.cursor == 0
        assert dice.render().plain.split()[2:4] == ["*2¶", "3◆"]
    # the rules' keys say so (they said "+ / − turn the die under the cursor", and the cursor jumped)
    assert "turn a die of the value under the cursor up or down (2 favour): dice of one value are alike, so the " in (
        GAME.rules
    )


def three_turns(state) -> bool:
    """Seat 0's favour step with the favour for three turns of a die (the third spends the last,
    which may ask first)."""
    return state.turn == 0 and state.phase == FAVOUR and state.favour[0] >= 6


@pytest.mark.thorough
async def test_a_turn_typed_while_the_last_is_on_its_way_waits_for_the_answer(tmp_path):
    """The bug: ``+ +`` arriving in one read turned one die: the second ``+`` came while the first
    was on its way to the host and did nothing, said nothing. It waits for the host's answer and
    turns a die in the position that answer brings (favour for three turns: the second does not
    spend the last, which would ask first). An Enter typed then is not pressed: it would confirm
    a play the person never saw; and it says so as the answer comes (it went without a word)."""
    from caravan_tui.screens.table_moves import UNPRESSED_ENTER

    prefix, state = play_until(three_turns)
    async with at_my_turn(tmp_path, prefix) as (app, pilot, table):
        screen = table.screen
        screen.query_one("#ml-dice", ChipBar).focus()
        await pilot.pause()
        start, wire = table.moves(), []
        screen.send = wire.append  # (the first play held on its way)
        app.post_message(events.Key("plus", "+"))
        app.post_message(events.Key("enter", "\r"))  # (not kept: it would confirm a play never seen)
        app.post_message(events.Key("plus", "+"))
        await pilot.pause()
        assert len(wire) == 1 and screen.table.turn is None and screen.moves.kept == [("plus", "+")]
        del screen.send
        screen.send(wire[0])
        await wait_for(pilot, lambda: table.moves() == start + 2, "both turns")
        assert [action[0] for action in table.runner.host.actions[start:]] == ["adjust", "adjust"]
        assert screen.table.view["favour"][0] == state.favour[0] - 4
        assert [notice.message for notice in held_notices(app)].count(UNPRESSED_ENTER) == 1


@pytest.mark.thorough
async def test_a_key_typed_as_kept_keys_are_pressed_again_goes_behind_them(tmp_path):
    """The bug (Camel Caravan, ``Enter Right Enter``): the Right kept while the play was on its
    way was pressed again once the answer came, and the Enter typed meanwhile overtook it,
    playing on the cell the cursor was leaving. A key typed then goes behind the kept ones."""

    prefix, _state = play_until(three_turns)
    async with at_my_turn(tmp_path, prefix) as (app, pilot, table):
        screen = table.screen
        screen.query_one("#ml-dice", ChipBar).focus()
        await pilot.pause()
        start = table.moves()
        screen.moves.kept = [("plus", "+")]  # (kept while a play was on its way)
        app.post_message(events.Key("minus", "-"))  # (typed as the answer came: ahead of the kept +)
        screen.moves.given_back()
        await wait_for(pilot, lambda: table.moves() >= start + 2, "both turns")
        assert [action[2] for action in table.runner.host.actions[start : start + 2]] == [1, -1]


@pytest.mark.thorough
async def test_the_next_step_s_panel_has_the_focus_as_its_turn_comes(tmp_path):
    """The bug: ``e Tab Space`` in one burst: the Tab went from the dice, the focus moving to the
    villages only after the keys typed with the ``e`` (a tuck was lost, and a sale made without
    it). The selling step's villages have the focus as the turn comes, before any key."""
    from caravan_tui.games.merchant_lord.table import DICE, VILLAGES

    def sells_after(state) -> bool:
        if not (state.turn == 0 and state.phase == FAVOUR and ("end_favour",) in state.legal_actions()):
            return False
        after = state.clone()
        after.apply(("end_favour",), False)
        return after.turn == 0 and after.phase == SELL

    prefix, _state = play_until(sells_after)
    async with at_my_turn(tmp_path, prefix) as (_app, pilot, table):
        screen = table.screen
        screen.query_one(f"#{DICE}", ChipBar).focus()
        await pilot.pause()
        seen = []
        heard = screen.bus.heard_your_turn

        def noted(message):
            pause = heard(message)
            seen.append(screen.focused.id if screen.focused else None)
            return pause

        screen.bus.heard_your_turn = noted
        await pilot.press("e")
        await wait_for(pilot, lambda: seen, "the selling step")
        assert seen[0] == VILLAGES


@pytest.mark.thorough
async def test_a_hint_stars_and_previews_but_moves_nothing_until_a_takes_it(tmp_path):
    """The bug: h put the hinted sale in the builder and ticked dice in the favour step, so the
    selection moved without a key. The hint stars and previews; ``a`` puts it in the builder."""
    prefix, state = play_until(builder_position)
    sale = max((a for a in state.legal_actions() if a[0] == "sell" and a[2]), key=lambda a: len(a[2]))
    async with at_my_turn(tmp_path, prefix) as (_app, pilot, table):
        screen = table.screen
        villages = screen.query_one(VillageBoard)
        actions = screen.query_one(ActionList)
        before_cursor, before_line = villages.cursor, status(screen)
        highlighted = actions.highlighted
        screen.show_hint(sale, "")
        await pilot.pause()
        assert screen.sel == screen.sel.__class__() and villages.cursor == before_cursor
        assert actions.highlighted == highlighted and actions.hinted == sale
        assert status(screen) == before_line
        assert builder(screen).startswith(f"★ Hint: {screen.table.describe(sale)} · a, then enter: play")
        assert screen.table.village_marks()[sale[1]] == "★"
        await pilot.press("a")
        assert screen.table.choices().action(screen.sel) == sale
        assert "enter sells" in builder(screen)
        # the bug: Enter then chose the village under the cursor, not the sale's, and refused
        villages.move_to(next(key for key in villages.keys if key != sale[1]))
        await pilot.press("a")
        assert screen.focused is villages and villages.cursor == sale[1]
        start = table.moves()
        await pilot.press("enter")
        await wait_for(pilot, lambda: table.moves() > start, "the sale")
        assert table.runner.host.actions[start] == sale


@pytest.mark.thorough
async def test_a_then_enter_turns_the_die_a_hint_to_turn_one_names(tmp_path):
    """The bug: under "Turn a 4 into a 3", ``a`` then Enter said "Not possible — tick dice to
    reroll with space first". ``a`` puts the cursor on the hinted die; the line says what Enter
    does, and Enter turns it, as the hint said."""
    prefix, state = play_until(lambda s: s.turn == 0 and s.phase == FAVOUR and s.favour[0] >= 2)
    turn = next(a for a in state.legal_actions() if a[0] == "adjust" and a[2] < 0)
    async with at_my_turn(tmp_path, prefix) as (_app, pilot, table):
        screen = table.screen
        screen.show_hint(turn, "")
        await pilot.pause()
        assert "a: pick the die, then enter: turn it" in builder(screen)
        await pilot.press("a")
        await pilot.pause()
        assert screen.focused is screen.query_one("#ml-dice")
        assert status(screen) == f"enter: {screen.table.describe(turn)}", status(screen)
        # ``a`` again, the die picked already, says what Enter does (it changed nothing, unsaid)
        await pilot.press("a")
        await wait_for(pilot, lambda: notices(_app) == [HINT_READY], "the play ready")
        start = table.moves()
        await pilot.press("enter")
        await wait_for(pilot, lambda: table.moves() > start, "the die turned")
        assert table.runner.host.actions[start] == turn


def first_card_untuckable(state) -> bool:
    """Seat 0 sells, and the first card of its hand fits no sale while another card does."""
    if state.turn != 0 or state.phase != SELL:
        return False
    usable = {c for a in state.legal_actions() if a[0] == "sell" for c, _ in a[2]}
    hand = state.view(0)["hand"]
    return bool(hand) and hand[0] not in usable and bool(usable)


@pytest.mark.thorough
async def test_the_hands_cursor_starts_on_a_card_that_can_be_tucked(tmp_path):
    """The bug: the hand's cursor started on its first card, which no sale could tuck."""
    for seed in range(6):
        try:
            prefix, state = play_until(first_card_untuckable, seed=seed)
            break
        except AssertionError:
            continue
    else:
        raise AssertionError("no such position")
    usable = {c for a in state.legal_actions() if a[0] == "sell" for c, _ in a[2]}
    async with at_my_turn(tmp_path, prefix, seed) as (_app, pilot, table):
        hand = table.screen.query_one("#ml-hand", ChipBar)
        await wait_for(pilot, lambda: hand.current in usable, f"the cursor on a card to tuck, not {hand.current}")


@pytest.mark.thorough
async def test_e_asks_before_it_stops_selling_while_a_sale_is_possible(tmp_path):
    """The bug: spending the last favour ends the favour step by itself, so an ``e`` pressed for
    it stopped selling: every unsold die went to the market, a sale lost, with no undo past the
    next round's roll."""
    prefix, state = play_until(builder_position)
    assert ("end_selling",) in state.legal_actions()
    async with at_my_turn(tmp_path, prefix) as (app, pilot, table):
        start = table.moves()
        await pilot.press("e")
        assert isinstance(app.screen, ConfirmScreen) and "A sale is still possible" in app.screen.question
        await pilot.press("enter")  # the focus is on "Keep selling"
        assert table.moves() == start and not isinstance(app.screen, ConfirmScreen)
        await pilot.press("e", "y")
        await wait_for(pilot, lambda: table.moves() > start, "the end of selling")
        assert table.runner.host.actions[start] == ("end_selling",)


@pytest.mark.thorough
async def test_stopping_selling_as_the_hint_says_is_what_enter_does(tmp_path):
    """Over SSH: "★ Hint: Stop selling … · a, then enter: play", and Enter on the question that
    followed kept selling (its focus on "Keep selling"): the hint's play went unmade."""
    prefix, _state = play_until(builder_position)
    async with at_my_turn(tmp_path, prefix) as (app, pilot, table):
        start, screen = table.moves(), table.screen
        screen.table_state = dataclasses.replace(screen.table, hint_action=("end_selling",))
        await pilot.press("e")
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question.startswith("Stop selling, as the hint says? A sale is still possible")
        await pilot.press("enter")
        await wait_for(pilot, lambda: table.moves() > start, "the end of selling")
        assert table.runner.host.actions[start] == ("end_selling",)


def turn_loses_the_sale(state) -> bool:
    """Seat 0's favour step with its last 2 favour, a sale fitting its dice and a turn of a die
    after which none does."""
    if state.turn != 0 or state.phase != FAVOUR or state.favour[0] != 2:
        return False
    now = state.clone()
    now.apply(("end_favour",), False)
    if now.to_move() != 0 or not any(a[0] == "sell" for a in now.legal_actions()):
        return False
    return any(a[0] == "adjust" and ends_the_turn(state, a) for a in state.legal_actions())


def ends_the_turn(state, action) -> bool:
    after = state.clone()
    after.apply(action, False)
    return not after.is_over() and after.to_move() != 0


@pytest.mark.thorough
async def test_a_turn_of_a_die_that_loses_the_sale_asks_first(tmp_path):
    """A newcomer's ``+`` spent the last 2 favour, left no sale and ended the turn at once (the
    dice to the market, the next round rolled, no undo): the one sale on offer was lost unasked."""
    prefix, state = play_until(turn_loses_the_sale, seed=1)
    action = next(a for a in state.legal_actions() if a[0] == "adjust" and ends_the_turn(state, a))
    async with at_my_turn(tmp_path, prefix, seed=1) as (app, pilot, table):
        screen, start = table.screen, table.moves()
        screen.act(action)
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and "No sale fits the dice then" in app.screen.question
        await pilot.press("enter")  # the focus is on "Keep the dice"
        assert table.moves() == start and not isinstance(app.screen, ConfirmScreen)
        screen.act(action)
        await pilot.pause()
        await pilot.press("y")
        await wait_for(pilot, lambda: table.moves() > start, "the turn of the die")
        assert table.runner.host.actions[start] == action


@pytest.mark.thorough
async def test_a_takes_a_hint_to_buy_to_the_row_and_a_hint_to_end_the_step_to_the_plays_list(tmp_path):
    """The bug: under a hint to end the favour step the line said "a takes it" and ``a`` did
    nothing; under a hint to buy, ``a`` moved the row's cursor but left the focus where it was."""
    prefix, state = play_until(lambda s: s.turn == 0 and sum(a[0] == "buy" for a in s.legal_actions()) >= 2)
    buy = [a for a in state.legal_actions() if a[0] == "buy"][-1]
    end = next(a for a in state.legal_actions() if a in ENDS)
    async with at_my_turn(tmp_path, prefix) as (_app, pilot, table):
        screen = table.screen
        screen.show_hint(end, "")
        await pilot.pause()
        assert builder(screen).startswith(f"★ Hint: {screen.table.describe(end)} · a, then enter: play (or e)")
        start = table.moves()
        await pilot.press("a")
        plays = screen.query_one(ActionList)
        assert screen.focused is plays and plays.actions[plays.highlighted] == end and table.moves() == start
        screen.show_hint(buy, "")
        await pilot.pause()
        assert builder(screen).startswith(f"★ Hint: Buy {buy[1]} for 5 coins · a, then enter: play")
        await pilot.press("a")
        assert screen.focused is screen.query_one("#ml-row") and status(screen).startswith(f"enter: Buy {buy[1]} ")
        await pilot.press("enter")
        await wait_for(pilot, lambda: table.moves() > start, "the purchase")
        assert table.runner.host.actions[start] == buy


@pytest.mark.thorough
async def test_a_hint_to_end_the_favour_step_leaves_its_sale_highlighted_once_selling_begins(tmp_path):
    """The bug: after a, Enter on "Spend no more favour: … then the sale at AI 3's 3-4 village",
    the plays list kept the focus with no line highlighted, and Enter, Enter played its first
    sale, not the one the hint had named."""
    prefix, state = play_until(lambda s: rerolling(s) and len(sales_after_favour(s)) >= 2)
    sale = sales_after_favour(state)[-1]  # (the list's last sale: not the one Enter, Enter would play)
    async with at_my_turn(tmp_path, prefix) as (_app, pilot, table):
        screen = table.screen
        start = await taken_to_the_sale(pilot, table, sale)
        await wait_for(pilot, lambda: table.moves() > start and screen.table.turn is not None, "selling")
        plays = screen.query_one(ActionList)
        await wait_for(pilot, lambda: plays.highlighted is not None, "a highlighted play")
        assert plays.actions[plays.highlighted] == sale and screen.enter_action() == sale
        await pilot.press("enter")
        await wait_for(pilot, lambda: table.moves() > start + 1, "the sale")
        assert table.runner.host.actions[start + 1] == sale


async def taken_to_the_sale(pilot, table, sale) -> int:
    """A hint to end the favour step whose line goes on to ``sale``, shown, then ``a`` and Enter:
    the number of moves made before them."""
    screen = table.screen
    screen.table_state = dataclasses.replace(screen.table, hint_plan=(("end_favour",), sale))
    screen.show_hint(("end_favour",), "")
    await pilot.pause()
    start = table.moves()
    await pilot.press("a", "enter")
    return start


def sales_after_favour(state) -> list:
    """The sales seat 0 may make once its favour step is over (none: it is not in it)."""
    if ("end_favour",) not in state.legal_actions():
        return []
    after = state.clone()
    after.apply(("end_favour",), False)
    return [a for a in after.legal_actions() if a[0] == "sell"] if after.to_move() == 0 else []


def test_a_hint_to_turn_a_die_names_the_key_that_turns_it():
    assert {hint_keys(("adjust", 3, delta)) for delta in (1, -1)} == {"a: pick the die, then enter: turn it"}
    assert {hint_keys(end) for end in ENDS} == {"a, then enter: play (or e)"}


def test_the_builders_hint_line_names_its_keys_as_the_hints_panel_does():
    """The bug: "★ Hint: Sell … · a takes it" — a key where a word belongs (it read as "a"
    the article, a word missing), and a promise the key does not keep (``a`` readies the play,
    Enter plays it), under a panel that says "a, then enter: play"."""
    from caravan_tui.screens.table_overlays import take_hint_words

    assert hint_keys(("buy", "M21")) == take_hint_words("a") == "a, then enter: play"
    assert not any("takes it" in hint_keys(action) for action in [*ENDS, ("buy", "M21"), ("adjust", 3, 1)])


@pytest.mark.thorough
async def test_a_villages_payout_shows_whole_under_a_step_in_two_rows(tmp_path):
    """The bug: in the selling step the builder (three rows) gave the step's two rows and cut the
    village's detail at "a sale pays the", its payout lost."""
    prefix, _state = play_until(builder_position)
    async with at_my_turn(tmp_path, prefix) as (app, pilot, table):
        screen = table.screen
        await read_since(pilot, screen)
        screen.query_one(VillageBoard).focus()
        await wait_for(pilot, lambda: "the owner" in builder(screen), "the village's detail")
        text = builder(screen)
        assert text.startswith("Enter chooses a village")

        def shown() -> str:
            box = screen.query_one("#ml-builder").region
            return " ".join(line[box.x : box.right].strip() for line in drawn_rows(app.screen)[box.y : box.bottom])

        # (drawn a frame after the focus's report: waited for, as a person sees the next frame)
        await wait_for(pilot, lambda: " ".join(shown().split()) == " ".join(text.split()), "every row of it on screen")


@pytest.mark.thorough
async def test_the_legend_scrolls_by_keys_to_its_end(tmp_path):
    """The bug: at 80×24 the legend's Dice, Marks and Keys sections lay below its fold, and no key
    scrolled it (it takes no focus: the board keeps the keys)."""
    prefix, _state = play_until(builder_position)
    async with at_my_turn(tmp_path, prefix) as (_app, pilot, table):
        screen = table.screen
        await pilot.press("l")
        legend = screen.query_one("#legend-panel")
        await pilot.pause()
        assert legend.max_scroll_y > 0 and legend.scroll_y == 0
        assert "^↑↓ scroll" in "\n".join(line for line in drawn_rows(screen))
        for _ in range(40):  # (key by key, as far as its end)
            if legend.scroll_y == legend.max_scroll_y:
                break
            await pilot.press("ctrl+down")
        assert legend.scroll_y == legend.max_scroll_y
        await pilot.press("ctrl+down")  # at its end, a key more keeps it there
        assert legend.scroll_y == legend.max_scroll_y
        await pilot.press("ctrl+up")
        assert legend.scroll_y < legend.max_scroll_y


@pytest.mark.thorough
async def test_a_hint_opened_beside_the_legend_scrolls_by_the_keys_its_foot_names(tmp_path):
    """The bug: with the legend open, the hint's foot said "ctrl+↑↓ more" and those keys scrolled
    the legend; the rest of the hint could not be read until ``l`` closed the legend."""
    from caravan_tui.screens.table_panels import PanelWords
    from caravan_tui.widgets.table_panel import TablePanel

    prefix, _state = play_until(builder_position)
    async with at_my_turn(tmp_path, prefix) as (_app, pilot, table):
        screen = table.screen
        await pilot.press("l")
        legend = screen.query_one("#legend-panel")
        hint = screen.query_one("#hint-panel", TablePanel)
        screen.open_panel("hint", PanelWords("Hint", tuple(f"reason {n}: a long sentence about it" for n in range(30))))
        await wait_for(pilot, lambda: "more" in str(hint.border_subtitle), "the hint's foot to say there is more")
        await pilot.press("ctrl+down")
        await wait_for(pilot, lambda: hint.scroll_y > 0, "the hint to scroll")
        assert legend.scroll_y == 0
        screen.open_panel("hint", None)  # the hint put away, the same keys scroll the legend
        await wait_for(pilot, lambda: not hint.showing, "the hint put away")
        await pilot.press("ctrl+down")
        await wait_for(pilot, lambda: legend.scroll_y > 0, "the legend to scroll")


@pytest.mark.thorough
async def test_the_legend_opened_beside_a_hint_scrolls_by_the_keys_its_foot_names(tmp_path):
    """Found in a newcomer's match: with a hint shown, ``l`` opened the legend, whose foot said
    "^↑↓ scroll", and those keys scrolled the hint: the rest of the legend could not be read."""
    from caravan_tui.screens.table_panels import PanelWords
    from caravan_tui.widgets.table_panel import TablePanel

    prefix, _state = play_until(builder_position)
    async with at_my_turn(tmp_path, prefix) as (_app, pilot, table):
        screen = table.screen
        hint = screen.query_one("#hint-panel", TablePanel)
        screen.open_panel("hint", PanelWords("Hint", tuple(f"reason {n}: a long sentence about it" for n in range(30))))
        await wait_for(pilot, lambda: "more" in str(hint.border_subtitle), "the hint's foot to say there is more")
        await pilot.press("l")
        legend = screen.query_one("#legend-panel")
        await wait_for(pilot, lambda: legend.max_scroll_y > 0, "the legend, longer than its room")
        await pilot.press("ctrl+down")
        await wait_for(pilot, lambda: legend.scroll_y > 0, "the legend to scroll")
        assert hint.scroll_y == 0


@pytest.mark.thorough
async def test_known_cards_in_hands_name_their_holders_as_the_player_lines_do(tmp_path):
    """The bug: "Known in hands: AI 2 (easy) M05 M12; AI 3 (easy)" at 80 columns, AI 3's card cut
    off: the names are as short as in the player lines above."""
    from caravan_tui.games.merchant_lord.table_text import players_text

    prefix, _state = play_until(builder_position)
    async with at_my_turn(tmp_path, prefix) as (_app, _pilot, table):
        screen = table.screen
        names = (screen.table.names[0], "AI 2 (easy)", *screen.table.names[2:])
        named = dataclasses.replace(screen.table, names=names)
        known = [[], ["M05", "M12"]]
        view = dict(named.view) | {"known": known, "hand_sizes": [len(named.view["hand"]), 3]}
        last = players_text(view, named).plain.splitlines()[-1]
        assert last == "Known in hands: AI 2 (easy) M05 M12 +1"  # (the line has the room: whole)


@pytest.mark.thorough
async def test_a_click_or_a_key_moves_the_villages_cursor_and_the_plays_list_follows_the_chosen_sale(tmp_path):
    """The boards own their cursors (the table only asks, once: ``point_cursor``): a click on a
    village puts the cursor there and chooses it, its sale is highlighted in the plays list
    (``point_list``), an arrow moves the cursor on, and a later change of the table leaves it
    where the key put it; ``a`` on a hint asks it onto the hinted village."""
    prefix, state = play_until(builder_position)
    plain = {a[1]: a for a in state.legal_actions() if a[0] == "sell" and not a[2]}
    async with at_my_turn(tmp_path, prefix) as (_app, pilot, table):
        screen = table.screen
        await read_since(pilot, screen)
        villages, actions = screen.query_one(VillageBoard), screen.query_one(ActionList)
        assert screen.focused is villages
        vid = next(key for key in villages.keys if key in plain)
        row = next(y for y, (key, _) in enumerate(villages.lines(villages.content_size.width)) if key == vid)
        await pilot.click(VillageBoard, offset=(3, row))
        await pilot.pause()
        assert villages.cursor == vid and screen.sel.village == vid
        assert actions.highlighted_action == plain[vid]  # the list follows the builder
        assert status(screen) == promise(screen.table, plain[vid])
        await pilot.press("down")
        moved = villages.cursor
        assert moved == villages.keys[villages.keys.index(vid) + 1]
        screen.table_state = dataclasses.replace(screen.table)  # (a new state: no earlier ask pulls the cursor back)
        await pilot.pause()
        assert villages.cursor == moved and actions.highlighted_action == plain[vid]
        screen.action_clear()
        hinted = next(a for a in state.legal_actions() if a[0] == "sell" and a[1] in villages.keys and a[1] != moved)
        screen.show_hint(hinted, "")
        await pilot.press("a")
        await pilot.pause()
        assert screen.focused is villages and villages.cursor == hinted[1]
        assert actions.highlighted_action == hinted


@pytest.mark.thorough
async def test_between_two_players_the_footer_offers_no_next_opponent(tmp_path):
    """The bug (over SSH, two people): the footer's "o Others" did nothing and said nothing: the
    one opponent's villages show already. It is offered where there is a next opponent."""
    from types import SimpleNamespace

    from caravan_tui.widgets.footer import KeysFooter

    prefix, _state = play_until(lambda s: s.turn == 0)
    async with at_my_turn(tmp_path, prefix) as (_app, pilot, table):
        screen = table.screen
        footer = screen.query_one(KeysFooter)
        await wait_for(pilot, footer.caught_up, "the footer")
        assert "Others" not in [key.description for key in footer.shown_keys]
        assert "Hint" in [key.description for key in footer.shown_keys]  # (the footer is the table's)
        assert screen.check_action("others", ()) is False
    three = SimpleNamespace(table=SimpleNamespace(view={"players": 3}))
    assert MerchantLordScreen.check_action(three, "others", ()) is True  # type: ignore[arg-type]


def test_the_rules_page_says_a_villages_pay_figure_is_this_matchs_and_starts_no_sentence_with_it():
    """Over SSH: the rules page read "pays 1¢/2¢ after the stalls: a sale there pays the seller 1¢",
    a sentence without its subject, and the gentle payout of a match made with the standard one."""
    from caravan_tui.engine import rules_of

    page = " ".join(rules_of("caravan_tui.games.merchant_lord").split())
    assert "a figure such as `pays 3¢/4¢` says what a sale there pays in this match" in page
    # its sample line adds up: a 1-6 pays 2¢ and 2¢ at the standard payout, and the merchant on it
    # 1¢ more to the seller and 2¢ more to the owner (M01's right half, 1¢ and 1¢, made 3¢/3¢)
    from caravan_tui.games.merchant_lord.cards import OPP, OWN_COINS

    sample = re.search(r"`1-6 open 1≈ 6◎ pays (\d)¢/(\d)¢ (M\d\d)([LR]):", page)
    assert sample is not None, page[:200]
    card, half = INDEX[sample[3]], HALF_INDEX[sample[4]]
    assert (int(sample[1]), int(sample[2])) == (2 + OPP[card][half], 2 + OWN_COINS[card][half])
    assert "pays 1¢/2¢" not in page


@pytest.mark.thorough
async def test_o_between_two_players_says_every_village_is_shown(tmp_path):
    """``o`` (the legend lists it) did nothing and said nothing in a two-player match."""
    from caravan_tui.games.merchant_lord.screen import BOTH_SHOWN

    async with at_my_turn(tmp_path, ()) as (app, pilot, table):
        screen = table.screen
        await read_since(pilot, screen)
        screen.query_one(ActionList).focus()
        await pilot.press("o")
        await wait_for(pilot, lambda: BOTH_SHOWN in [n.message for n in held_notices(app)], "what o says")


@pytest.mark.thorough
async def test_stop_selling_from_the_plays_list_stands_last_and_asks_while_a_sale_is_possible(tmp_path):
    """The bug: in the selling step "Stop selling" was the plays list's first play, and Enter,
    Enter (the keys that sold at the villages a round before) sent every die to the market with
    no question, where ``e`` asks; a sale the hint had named was lost with the round's buy."""
    prefix, _state = play_until(builder_position)
    async with at_my_turn(tmp_path, prefix) as (app, pilot, table):
        screen = table.screen
        actions = screen.query_one(ActionList)
        await focus(pilot, app, actions)
        assert actions.actions[-1] == ("end_selling",) and actions.actions[0][0] == "sell"
        await pilot.press("end", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        moves = table.moves()
        await pilot.press("n")
        await pilot.pause()
        assert table.moves() == moves and screen.table.turn is not None  # nothing played


@pytest.mark.thorough
async def test_the_plays_list_offers_the_buys_in_the_rows_order(tmp_path):
    """The bug: the row read "M03 … M30 … M16" and the plays list "Buy M03 / Buy M16 / Buy M30"."""
    from caravan_tui.games.merchant_lord.terms import BUY

    def buying(state) -> bool:
        return state.turn == 0 and state.phase == BUY and sum(a[0] == "buy" for a in state.legal_actions()) >= 2

    prefix, state = play_until(buying)
    async with at_my_turn(tmp_path, prefix) as (_app, _pilot, table):
        listed = [action[1] for action in table.screen.query_one(ActionList).actions if action[0] == "buy"]
        row = state.view(0)["row"]
        assert listed == [card for card in row if card in listed], (listed, row)
        assert table.screen.query_one(ActionList).actions[-1][0] != "buy"  # (the step's end last)


@pytest.mark.thorough
async def test_a_spectator_is_shown_no_dice_or_hand_of_their_own(tmp_path):
    """Over SSH: a watcher's table read "Your dice none" and a "Hand" of "no cards", as if they
    held a seat."""
    from caravan_tui.match.runner import MatchRunner
    from caravan_tui.seats import SeatSpec

    from tables import table_shown

    runner = MatchRunner.new("merchant_lord", [SeatSpec("human")] * 2, ["Ann", "Bob"], 1, {}, None)
    async with table_shown(tmp_path, runner, seat=None) as (app, pilot, screen):
        await wait_for(pilot, lambda: screen.table.view is not None, "the table")
        await pilot.pause()
        shown = "\n".join(drawn_rows(app.screen))
        assert "Your dice" not in shown and "no cards" not in shown and "Ann" in shown


@pytest.mark.thorough
async def test_keys_kept_for_a_position_another_move_overtook_are_said_dropped(tmp_path):
    """Keys kept while our play was on its way went without a word where another seat's move
    came first; a lone Enter is not said (the turn had passed: a quick second Enter is no
    mistake), nor anything at the match's end."""
    from caravan_tui.screens.table_moves import UNPRESSED_KEYS

    prefix, _state = play_until(three_turns)
    async with at_my_turn(tmp_path, prefix) as (app, pilot, table):
        moves = table.screen.moves
        app.clear_notifications()
        moves.unpressed = 1
        moves.dropped()
        moves.kept, moves.unpressed = [("plus", "+")], 1
        moves.dropped(told=False)
        await pilot.pause()
        assert [notice.message for notice in held_notices(app)] == []
        moves.kept = [("plus", "+")]
        moves.dropped()
        await wait_for(pilot, lambda: held_notices(app), "the notice")
        assert [notice.message for notice in held_notices(app)] == [UNPRESSED_KEYS] and moves.kept == []


@pytest.mark.thorough
async def test_escape_that_clears_the_plays_lists_sale_leaves_the_list_enter_makes_no_sale(tmp_path):
    """A play-through: `a`, Enter readied the hint's sale on the plays list; escape cleared the
    builder ("Enter chooses a village"), but the list kept the focus and its row, and Enter sold
    that very sale and ended the selling. Cleared, the focus goes to the villages."""
    prefix, state = play_until(lambda s: rerolling(s) and len(sales_after_favour(s)) >= 2)
    sale = sales_after_favour(state)[-1]
    async with at_my_turn(tmp_path, prefix) as (_app, pilot, table):
        screen = table.screen
        start = await taken_to_the_sale(pilot, table, sale)
        plays = screen.query_one(ActionList)
        await wait_for(pilot, lambda: table.moves() > start and plays.highlighted is not None, "the sale readied")
        assert plays.has_focus and screen.enter_action() == sale
        await pilot.press("escape")
        await wait_for(pilot, lambda: screen.query_one(VillageBoard).has_focus, "the villages")
        assert "Enter chooses a village" in builder(screen)
        assert screen.enter_action() != sale


@pytest.mark.thorough
async def test_a_hint_to_buy_at_three_players_leaves_every_village_in_view(tmp_path):
    """``merchant_lord_seed2172``, round 3's buy: the line under the row said the hinted card's
    halves again beside the card's own line, the lines under the row took more than the room kept
    for them, and AI 3's villages scrolled out of view (a one-cell scrollbar their only sign)."""
    from merchant_lord_seed2172 import BUY, MOVES, OPTIONS, SEED

    from caravan_tui.games.merchant_lord.widgets import VillagesBox

    app = make_app(tmp_path, home=False)
    table = Table(
        app, "merchant_lord", MerchantLordScreen, SEED, OPTIONS, MOVES[:BUY], names=("Tester", "AI 2", "AI 3")
    )
    async with at_turn(app, table, my_turn, SIZE) as (_app, pilot, table):
        screen, box = table.screen, table.screen.query_one(VillagesBox)
        assert ("buy", "M06") in screen.table.legal
        screen.show_hint(("buy", "M06"), "")
        await wait_for(pilot, lambda: "Hint: Buy M06" in builder(screen), "the hint's line")
        await pilot.pause()
        assert "seller" not in builder(screen).partition("\n")[0]  # (the halves: the card's own line)
        assert box.max_scroll_y == 0 and any(line.startswith(" AI 3 ") for line in screen_lines(app))


@pytest.mark.thorough
async def test_a_sale_readied_at_three_players_leaves_every_player_in_view(tmp_path):
    """``merchant_lord_seed2272``: a sale readied at round 3 grew the lines under the row to
    their tallest, and AI 3's line scrolled out of view; where even one opponent's villages do
    not fit, every opponent's are folded to a line."""
    from merchant_lord_seed2272 import MOVES, OPTIONS, SEED

    from caravan_tui.games.merchant_lord import table_selection as intents
    from caravan_tui.games.merchant_lord.widgets import VillagesBox

    app = make_app(tmp_path, home=False)
    table = Table(app, "merchant_lord", MerchantLordScreen, SEED, OPTIONS, MOVES, names=("Tester", "AI 2", "AI 3"))
    async with at_turn(app, table, my_turn, SIZE) as (_app, pilot, table):
        screen, box = table.screen, table.screen.query_one(VillagesBox)
        await pilot.pause()
        assert box.max_scroll_y == 0
        screen.table_state = intents.selected(screen.table, ("sell", "P0-V25", ()))
        await wait_for(pilot, lambda: builder(screen).startswith("Sale at your 2-5"), "the sale readied")
        await pilot.pause()
        assert box.max_scroll_y == 0 and any(line.startswith(" AI 3 ") for line in screen_lines(app))


@pytest.mark.thorough
async def test_enter_on_the_dice_while_the_hint_s_play_waits_says_the_hint_is_coming(tmp_path):
    """Over SSH the hint took seconds: ``a`` said its play would be ready as it showed, and the
    Enter after it fell through to the die under the cursor ("Not possible: tick dice to reroll
    with space first, or build a sale"). It says the hint is still coming, as the plays list does."""
    from caravan_tui.games.merchant_lord.table import DICE
    from caravan_tui.textual_adapter import notices
    from caravan_tui.widgets.actions import HINT_TAKE_WAITS

    prefix, _state = play_until(rerolling)
    async with at_my_turn(tmp_path, prefix) as (app, pilot, table):
        screen = table.screen
        screen.query_one(f"#{DICE}", ChipBar).focus()
        await pilot.pause()
        screen.overlays.take_waiting = True  # (``a`` pressed while the hint was coming)
        app.clear_notifications()
        start = table.moves()
        await pilot.press("enter")
        await pilot.pause()
        assert [notice.message for notice in notices(app)] == [HINT_TAKE_WAITS]
        assert table.moves() == start
