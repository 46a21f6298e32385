"""A final table keeps every column on an 80-column screen beside a name of one 40-letter word:
Camel Caravan's result over SSH showed "┃ Penalt" and no Score, the Player column as wide as the
name (``words.longest_word`` asked for it whole)."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from caravan_tui.games import get_game
from caravan_tui.games.camel_caravan.tables import scores_table
from caravan_tui.words import WORD_ROOM, longest_word

LONG = "Abcdefghijklmnopqrstuvwxyzabcdefghijklmn"


def test_a_forty_letter_name_leaves_room_for_every_column():
    state = get_game("camel_caravan").new(2, seed=1)
    names = [f"{LONG} (you)", "[bold]x[/]"]
    table = scores_table(state.view(0), lambda seat: Text(names[seat]))
    console = Console(width=76, record=True, color_system=None)
    console.print(table)
    shown = console.export_text()
    assert "Penalty" in shown and "Score" in shown and max(map(len, shown.splitlines())) <= 76, shown
    assert longest_word([LONG]) == WORD_ROOM and longest_word(["Ann Lee"]) == 3
