"""Decktet Caravan's hand on its own (Pilot): its ticks are the table's, and what it dims follows
its own focus."""

from __future__ import annotations

import pytest
from rich.text import Text
from textual.app import App, ComposeResult

from caravan_tui.games.decktet_caravan.card_grid import CardGrid, CardLook
from caravan_tui.textual_adapter import screen_strips


class HandApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.asked: list[tuple[str, ...]] = []

    def compose(self) -> ComposeResult:
        yield CardGrid(id="hand")
        yield CardGrid(id="other")  # (somewhere else for the focus to go)

    def on_card_grid_changed(self, event: CardGrid.Changed) -> None:
        self.asked.append(event.cards)


def look(ticked: set[str], plays: tuple[frozenset[str], ...] | None) -> CardLook:
    return CardLook(
        tuple((card, Text(card)) for card in ("a", "b", "c")), frozenset(), frozenset(ticked), plays, "Your hand (3)"
    )


async def test_a_toggle_asks_for_the_ticks_and_the_hand_shows_what_the_table_holds():
    app = HandApp()
    async with app.run_test(size=(80, 10)) as pilot:
        hand = app.query_one("#hand", CardGrid)
        hand.draw(look(set(), None))
        hand.focus()
        await pilot.press("right", "space")
        assert app.asked == [("b",)] and hand.selection() == ()  # asked, not ticked by itself
        hand.draw(look({"b"}, None))
        assert hand.selection() == ("b",)
        await pilot.press("left", "space", "c")
        assert app.asked[1:] == [("a", "b"), ()] and hand.selection() == ("b",)


@pytest.mark.usefixtures("pause_frames")  # (it reads the rows the hand last drew)
async def test_the_hand_dims_cards_no_play_uses_with_the_ticked_ones_wherever_the_focus_is():
    app = HandApp()
    async with app.run_test(size=(80, 10)) as pilot:
        hand = app.query_one("#hand", CardGrid)
        hand.draw(look({"a"}, (frozenset("ab"), frozenset("c"))))
        hand.focus()
        await pilot.pause()
        assert hand.dimmed == {"c"}  # no play holds "a" and "c"
        app.query_one("#other", CardGrid).focus()
        await pilot.pause()
        assert hand.dimmed == {"c"}  # elsewhere too (a hint's play ticked from the plays list)
        hand.draw(look({"a"}, None))  # not our decision
        hand.focus()
        await pilot.pause()
        assert hand.dimmed == set()


def chip_cells(app: HandApp, hand: CardGrid, index: int) -> list[tuple[str, bool, bool]]:
    """The hand's chip at ``index`` on its first row, as shown: each cell's character, reverse and underline."""
    start = hand.content_region.x + index * (hand.chip_width + hand.gap)
    cells = []
    for segment in screen_strips(app.screen)[hand.content_region.y]:
        style = segment.style
        cells += [(char, bool(style and style.reverse), bool(style and style.underline)) for char in segment.text]
    return cells[start : start + hand.chip_width]


async def test_a_ticked_card_under_the_cursor_still_reads_as_ticked_without_colour(monkeypatch):
    """The bug: the cursor undid a ticked card's reverse video (the ✓ alone said it was ticked),
    so the card looked like one not ticked. Ticked, it stays in reverse under the cursor, which
    adds its underline."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = HandApp()
    async with app.run_test(size=(80, 24)) as pilot:
        hand = app.query_one("#hand", CardGrid)
        hand.draw(look({"a", "b"}, None))
        hand.focus()
        await pilot.pause()
        under, other = chip_cells(app, hand, 0), chip_cells(app, hand, 1)
        assert under[0][0] == "✓" and all(reverse and underline for _, reverse, underline in under)
        assert other[0][0] == "✓" and all(reverse and not underline for _, reverse, underline in other)
        await pilot.press("right", "right")  # (the cursor on "c", not ticked)
        await pilot.pause()
        assert all(reverse and not underline for _, reverse, underline in chip_cells(app, hand, 0))
        untouched = chip_cells(app, hand, 2)
        assert untouched[0][0] == " " and all(reverse and underline for _, reverse, underline in untouched)
