"""The notes under a final table at 80×24: left-aligned and wrapped to the screen, as the lines
under them are, not centred and wrapped to the table's width (a newcomer found them ragged)."""

from __future__ import annotations

from rich.table import Table
from textual.app import App

from caravan_tui.games.caravanserai.table_state import CaravanseraiTable
from caravan_tui.games.caravanserai.table_text import final_table
from caravan_tui.screens.summary import MatchOverScreen
from caravan_tui.textual_adapter import screen_lines

SIZE = (80, 24)


async def final_lines(table) -> list[str]:
    """The result screen's lines at 80×24 with ``table`` as its final table."""
    app = App()
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(MatchOverScreen("You win!", "You: 12   Bob: 9", table))
        await pilot.pause()
        return [line.rstrip() for line in screen_lines(app.screen)]


async def test_a_caravanserai_final_tables_reserve_note_is_left_aligned_under_it():
    view = {
        "players": 2,
        "caravans": [[0] * 12, [0] * 9],
        "reserves": [[1] * 6, [0] * 6],
        "end": "the final round is over",
        "trigger": None,
    }
    lines = await final_lines(final_table(view, CaravanseraiTable(seat=0, names=["Ann", "Bob"])))
    left = next(line for line in lines if "Player" in line).index("┃")
    note = [line for line in lines if "Reserve:" in line or "tie on length" in line]
    assert len(note) == 1 and note[0].index("Reserve:") == left  # (one line: wrapped to the screen)
    assert next(line for line in lines if "The game ended" in line).index("The") == left


async def test_a_caption_is_shown_as_words_not_markup():
    table = Table(caption="[b]Bob[/b] went out")
    table.add_column("Hand")
    lines = await final_lines(table)
    assert any(line.strip() == "[b]Bob[/b] went out" for line in lines)
