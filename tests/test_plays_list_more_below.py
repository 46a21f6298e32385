"""A plays list longer than its box says so at its foot, and a play's lines after its first are
indented: a Decktet Caravan play of two lines cut at the list's edge ("Caravan 5∿Y⌘K A⌘K→6
7☀S⌘K", really a caravan of four cards, its last on the line below the edge) read as a shorter,
whole play, and nothing said that the list went on; at its top edge, the end of a play whose
first line was scrolled away ("6♣L⌘K 7☀S⌘K") read as a play of its own."""

from __future__ import annotations

import pytest
from rich.text import Text
from test_table_snapshots import SIZE, prefix_to_my_turn

from caravan_tui.games import GAMES
from caravan_tui.saves import SaveStore
from caravan_tui.screens import game_screen_class
from caravan_tui.widgets.actions import INDENT, MORE_BELOW, ActionList
from caravan_tui.widgets.wrapping import wrapped

from tables import BareApp, Table, settled, wait_for


@pytest.mark.thorough
async def test_the_foot_says_more_below_until_the_last_play_shows(tmp_path) -> None:
    game = GAMES["decktet_caravan"]
    app = BareApp(store=SaveStore(tmp_path))
    app.move_pause = 0.0
    table = Table(app, game.id, game_screen_class(game), 7, game.quick_options, prefix_to_my_turn(game, 7, 0))
    async with app.run_test(size=SIZE) as pilot, table:
        screen = app.screen
        await wait_for(pilot, lambda: screen.table.turn is not None and settled(screen), "my turn")
        plays = screen.query_one(ActionList)
        assert plays.max_scroll_y > 0  # (more plays than lines)
        await wait_for(pilot, lambda: plays.border_subtitle == MORE_BELOW, "the foot's words")
        plays.scroll_end(animate=False, immediate=True)
        await wait_for(pilot, lambda: not plays.border_subtitle, "the foot's words gone at the end")
        plays.scroll_home(animate=False, immediate=True)
        await wait_for(pilot, lambda: plays.border_subtitle == MORE_BELOW, "the foot's words again")


def test_a_plays_lines_after_its_first_are_indented() -> None:
    text = "Caravan 3♣L∿Y 4∿Y⌘K C⌘K→5 6♣L⌘K 7☀S⌘K"

    def hanging(text: str, width: int) -> str:  # (as the list wraps a play: ``play_prompt``)
        return wrapped(Text(text), width, hang=INDENT).plain

    lines = hanging(text, 28).split("\n")
    assert lines == ["Caravan 3♣L∿Y 4∿Y⌘K C⌘K→5", "  6♣L⌘K 7☀S⌘K"] and INDENT == 2
    assert hanging(text, 60) == text and hanging(text, 0) == text  # (it fits; no width known yet)
    assert " ".join(line.strip() for line in hanging(text * 3, 20).split("\n")) == " ".join((text * 3).split(" "))
