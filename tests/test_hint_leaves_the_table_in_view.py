"""The hint's panel at 80×24 leaves in view what a person reads the hint against: Decktet
Caravan's hand (all of it, late in a hand, when it is a few cards), Camel Caravan's board (the
cell the hint names may be on its last rows), Merchant Lord's hand, row and dice and, in all,
every line of the status line, while the hint is on its way and while it shows. The panel goes
over the side column's log."""

from __future__ import annotations

import random

import pytest

from caravan_tui.games import GAMES
from caravan_tui.screens import game_screen_class
from caravan_tui.screens.table_panels import ASKING, PanelWords
from caravan_tui.textual_adapter import screen_lines
from caravan_tui.widgets import TablePanel

from tables import Table, quick_app, settled, wait_for

SIZE = (80, 24)
#: what a hint says, at its usual length (it scrolls where it is longer than the panel)
HINT = PanelWords(
    "Hint (esc: hide · a, then enter: play)",
    tuple(f"reason {n}: a sentence about the move, as long as the hint's are" for n in range(8)),
    short="Hint (a: ready hint)",
)


def late_in_a_hand(seed: int = 5, held: int = 3) -> list[tuple]:
    """Moves of a Decktet Caravan match (seed ``seed``, one hand) after which seat 0 holds at
    most ``held`` cards and is to play: a small hand's box is a few rows high."""
    state = GAMES["decktet_caravan"].new(2, seed=seed, options={"hands": 1})
    rng, moves = random.Random(seed), []
    while not (state.to_move() == 0 and len(state.view(0)["hand"]) <= held):
        legal = state.legal_actions()
        plays = [action for action in legal if action != ("pass",)]
        action = rng.choice(plays) if plays and rng.random() < 0.8 else legal[0]
        state.apply(action)
        moves.append(action)
        assert not state.is_over(), "the hand ended before seat 0's hand was small"
    return moves


def overlaps(one, other) -> bool:
    return one.overlaps(other) if one.area and other.area else False


@pytest.mark.parametrize(
    ("game_id", "board", "prefix", "shared"),
    [
        ("decktet_caravan", "#dc-hand", late_in_a_hand, False),
        ("camel_caravan", "#cc-board", lambda: [], False),
        ("camel_caravan", "#cc-board", lambda: [], True),  # (as over SSH: the chat line under the status line)
    ],
)
@pytest.mark.thorough
async def test_the_hint_panel_covers_neither_what_it_names_nor_the_status_line(
    tmp_path, game_id, board, prefix, shared
):
    app = quick_app(tmp_path, 20, home=False)
    options = {"hands": 1} if game_id == "decktet_caravan" else {}
    table = Table(app, game_id, game_screen_class(GAMES[game_id]), 5, options, prefix=prefix())
    screen = table.screen
    screen.client.shared = shared
    async with app.run_test(size=SIZE) as pilot, table:
        await wait_for(pilot, lambda: settled(screen), "the table")
        panel = screen.query_one("#hint-panel", TablePanel)
        status, shown = screen.query_one("#status"), screen.query_one(board)
        for words in (ASKING, HINT):  # on its way, then shown
            screen.open_panel("hint", words)
            await wait_for(pilot, lambda: panel.display and panel.region.height > 2, "the panel")
            await pilot.pause()
            rows = screen_lines(app.screen)
            assert not overlaps(panel.region, shown.region), (words.title, panel.region, shown.region, "\n".join(rows))
            assert not overlaps(panel.region, status.region), (words.title, panel.region, status.region)
            # what the hand or board and the status line say is drawn, not only laid out apart
            line = status.region
            assert rows[line.y][line.x : line.right].strip(), "\n".join(rows)
            if game_id == "decktet_caravan":
                hand = screen.table.view["hand"]
                assert len(hand) <= 3
                assert "Your hand" in rows[shown.region.y], "\n".join(rows)


@pytest.mark.thorough
async def test_the_hints_first_frame_beside_the_board_has_the_title_that_fits(tmp_path):
    """The bug: the first frame of a hint beside the board read "Hint (h: hide · a: ready…" (its
    whole title cut) until the panel's next refresh chose the short one."""
    app = quick_app(tmp_path, 20, home=False)
    table = Table(app, "decktet_caravan", game_screen_class(GAMES["decktet_caravan"]), 5, {"hands": 1})
    screen = table.screen
    async with app.run_test(size=SIZE) as pilot, table:
        await wait_for(pilot, lambda: settled(screen), "the table")
        panel = screen.query_one("#hint-panel", TablePanel)
        screen.open_panel("hint", ASKING)
        await wait_for(pilot, lambda: panel.display and panel.size.width, "the panel asking")
        screen.open_panel("hint", HINT)
        assert panel.shown == HINT and str(panel.border_title) == HINT.short  # (before any refresh)


@pytest.mark.thorough
async def test_merchant_lords_hint_leaves_the_row_the_dice_and_the_status_lines_in_view(tmp_path):
    """The bug: at 80×24 the hint (``h`` in round 1's favour step) was drawn over the foot of the
    board: the hand's header, the row about to be bought from and both status lines (what space,
    + and - do to the dice) were gone until the hint was hidden."""
    from caravan_tui.games.merchant_lord.screen import MerchantLordScreen

    app = quick_app(tmp_path, 20, home=False)
    table = Table(app, "merchant_lord", MerchantLordScreen, 62, {})
    screen = table.screen
    async with app.run_test(size=SIZE) as pilot, table:
        await wait_for(pilot, lambda: settled(screen), "the table")
        before = "\n".join(screen_lines(app.screen))
        assert "Favour 2: reroll dice" in before and "space: tick" in before, before
        await pilot.press("h")
        panel = screen.query_one("#hint-panel", TablePanel)
        await wait_for(pilot, lambda: screen.table.hinted is not None and panel.region.height > 2, "the hint")
        rows = screen_lines(app.screen)
        shown = "\n".join(rows)
        for part in ("#ml-hand", "#ml-row", "#ml-dice", "#status"):
            assert not overlaps(panel.region, screen.query_one(part).region), (part, shown)
        row = screen.query_one("#ml-row").region
        assert "Row" in rows[row.y] and all(card in rows[row.y + 1] for card in screen.table.view["row"]), shown
        assert "Your hand" in shown and "space: tick this 2 to reroll" in shown, shown
        builder = screen.query_one("#ml-builder").region  # (the step's line, the hint's preview while it shows)
        assert rows[builder.y][builder.x : builder.right].strip(), shown
