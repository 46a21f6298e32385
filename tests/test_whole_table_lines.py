"""Whole lines at 80×24 at the tables (issue 49): a line that carries a promise or a figure
wraps or grows its panel; it is never cut while space remains, nor dropped below its panel."""

from __future__ import annotations

import pytest
from test_merchant_lord_screen import at_my_turn, builder_position, cursor_to, focus, play_until
from test_merchant_lord_screen import status as status_words
from textual.widget import Widget

from caravan_tui.games.merchant_lord.table_enter import promise
from caravan_tui.games.merchant_lord.widgets import ChipBar, VillageBoard
from caravan_tui.textual_adapter import screen_lines

from tables import read_since


def shown(app, widget: Widget) -> str:
    """The words of ``widget`` as the screen shows them (its rows, spaces run together)."""
    box = widget.region
    return " ".join(" ".join(row[box.x : box.right].split()) for row in screen_lines(app.screen)[box.y : box.bottom])


def words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.thorough
async def test_merchant_lords_sale_tucking_two_merchants_and_its_cards_words_show_whole(tmp_path):
    """The bug: the Enter line read "…you get 3 coins + Free" (the rest of the sale dropped below
    its two rows) and the builder's card line lost "owner 1 coin" (four rows for five)."""
    prefix, state = play_until(builder_position)
    sale = max((a for a in state.legal_actions() if a[0] == "sell"), key=lambda a: len(a[2]))
    assert len(sale[2]) == 2
    async with at_my_turn(tmp_path, prefix) as (app, pilot, table):
        screen = table.screen
        await read_since(pilot, screen)
        villages, hand = screen.query_one(VillageBoard), screen.query_one("#ml-hand", ChipBar)
        await focus(pilot, app, villages)
        await cursor_to(pilot, villages, sale[1])
        await pilot.press("enter")
        await focus(pilot, app, hand)
        for card, half in sale[2]:
            await cursor_to(pilot, hand, card)
            await pilot.press(*["space"] * (1 if half == "L" else 2))
        await pilot.pause()
        assert screen.enter_action() == sale
        said = status_words(screen)  # (after what space does on the card under the cursor)
        assert said.endswith(promise(screen.table, sale)) and "…" not in said
        assert shown(app, screen.query_one("#status")) == words(said)
        builder = screen.query_one("#ml-builder")
        assert shown(app, builder) == words(str(builder.render())) and "owner 1¢" in shown(app, builder)


@pytest.mark.thorough
async def test_merchant_lords_buy_line_says_the_buy_whole_and_the_cards_halves_above_it(tmp_path):
    """The bug: "enter: Buy M03 for 5 coins (M03 left half (stall 1; seller 1 coin, owner 1
    coin) | M03" — the card's halves, already on the line above, cut the promise short."""
    prefix, state = play_until(lambda s: s.turn == 0 and sum(a[0] == "buy" for a in s.legal_actions()) >= 2)
    card = state.view(0)["row"][0]
    async with at_my_turn(tmp_path, prefix) as (app, pilot, table):
        screen = table.screen
        await read_since(pilot, screen)
        from caravan_tui.games.merchant_lord.table_enter import rest_of_turn

        assert screen.enter_action() == ("buy", card)
        rest = rest_of_turn(screen.table, ("buy", card))  # (the buy may end the round: said after it)
        then = "" if rest is None else f", then {rest}"
        assert shown(app, screen.query_one("#status")) == f"enter: Buy {card} for 5 coins{then}"
        builder = screen.query_one("#ml-builder")
        assert f"{card}: left" in shown(app, builder) and "right" in shown(app, builder)
        assert shown(app, builder) == words(str(builder.render()))


async def test_caravanserais_placement_line_shows_its_figures_and_every_piece_laid(tmp_path):
    """The bug: "You · +1R then camel: caravan 1→1, count 3 · l…" (and "laid 2…"): the pieces
    laid were cut off the one row. The line takes a second row (the legend's, which `l` shows
    whole) when it needs one."""
    from test_table_snapshots import SIZE, prefix_to_my_turn

    from caravan_tui.games import GAMES
    from caravan_tui.saves import SaveStore
    from caravan_tui.screens import game_screen_class

    from tables import BareApp, Table, settled, wait_for

    game = GAMES["caravanserai"]
    app = BareApp(store=SaveStore(tmp_path))
    app.move_pause = 0.0
    table = Table(app, "caravanserai", game_screen_class(game), 7, game.quick_options, prefix_to_my_turn(game, 7, 12))
    screen = table.screen
    async with app.run_test(size=SIZE) as pilot, table:
        await wait_for(pilot, lambda: screen.table.turn is not None and settled(screen), "my turn")
        await pilot.pause()
        line = screen.query_one("#cs-turn")
        said = str(line.render())
        assert "left out " in said and len(said) > line.content_size.width  # (the case: longer than a row)
        assert shown(app, line) == words(said) and "…" not in shown(app, line)


def test_ahldarahds_turn_line_keeps_four_face_up_cards_whole_on_the_final_turn():
    """The bug: "Turn 8 (final) · deck 0 · chips 3 · up: Te In Sa…" at 80 columns. The final
    turn is the one that emptied the deck (§3.1), so "(final)" stands for "deck 0"."""
    import random

    from caravan_tui.games import GAMES
    from caravan_tui.games.ahldarahd.table_text import market_text

    game, rng = GAMES["ahldarahd"], random.Random(3)
    state = game.new(4, seed=3, options={"night_of_the_outsider": True})
    while not state.view(0)["final"]:
        state.apply(rng.choice(state.legal_actions()), log=False)
    view = state.view(0)
    assert len(view["faceup"]) == 4 and view["deck_size"] == 0
    first = market_text(view, 47).plain.split("\n")[0]
    assert first.startswith(f"Turn {view['turn_number']} (final) · chips ") and "deck" not in first
    assert len(first) <= 47 and first.endswith(" ".join(card.split(" ", 1)[1][:2] for card in view["faceup"]))


def test_merchant_lords_buy_says_the_cards_halves_in_one_pair_of_brackets():
    """A newcomer's note: "Buy M28 for 5 coins (M28 left half (stall 6; seller 1 coin, owner Free
    Merchant) | M28 right half (stall 4; …))", brackets in brackets and a bar, was hard to read."""
    _prefix, state = play_until(lambda s: s.turn == 0 and any(a[0] == "buy" for a in s.legal_actions()))
    buy = next(a for a in state.legal_actions() if a[0] == "buy")
    said = state.describe(buy, 0)
    assert said.startswith(f"Buy {buy[1]} for 5 coins (left: stall ") and "; right: stall " in said, said
    assert said.count("(") == 1 and "|" not in said, said
