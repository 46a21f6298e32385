"""What newcomers found in their first Caravanserai match: How to play left out the solo rule
for standing goods, the final table's "Reserve" was never explained, and the solo titles'
ladder was on the table but not on the final screen."""
from __future__ import annotations

from rich.console import Console

from caravan_tui.games import get_game
from caravan_tui.games.caravanserai.legend import legend_lines, legend_panel
from caravan_tui.games.caravanserai.rules import TITLES
from caravan_tui.games.caravanserai.table import CaravanseraiTable, final_table
from caravan_tui.screens.how_to_play import how_to_play


def final_text(view: dict, names: list[str]) -> str:
    console = Console(width=80, record=True)  # the final table's words need no app
    console.print(final_table(view, CaravanseraiTable(seat=0, names=names)))
    return " ".join(console.export_text().split())


def test_how_to_play_states_the_solo_rule_for_standing_goods():
    shown = " ".join(how_to_play(get_game("caravanserai").rules).split())
    assert "solo: **two** goods a camel" in shown


def test_the_final_table_explains_its_reserve_column():
    view = {"players": 2, "caravans": [[0] * 12, [0] * 12], "reserves": [[1] * 6, [0] * 6],
            "end": "the final round is over", "trigger": None}
    text = final_text(view, ["Ann", "Bob"])
    assert "Reserve" in text and "Reserve: the camels and goods still in hand, not on the board; it breaks a tie " \
        "on length" in text


def test_the_solo_final_screen_shows_the_ladder_of_titles_with_those_reached():
    view = {"players": 1, "caravans": [[0] * 31], "reserves": [[0] * 6], "end": "the market is empty",
            "trigger": None, "title": "Great camel driver"}
    text = final_text(view, ["Ann"])
    assert "Solo titles" in text
    for least, name in TITLES:
        assert f"{'✓' if least <= 31 else ' '} {least}+ {name}".strip() in text


def test_the_legend_tells_a_camel_from_the_head_in_words():
    """Under NO_COLOR (or read as plain text) the samples ``2C`` and ``2C`` reversed are alike: the
    words say the head is the reversed one."""
    rows = [line.split(maxsplit=1) for line in legend_panel().plain.splitlines() if line.strip().startswith("2C")]
    assert [meaning for _, meaning in rows] == ["a camel", "the head (reversed)"]
    assert "2C player 2's head (reversed)" in " ".join(line.plain for line in legend_lines())
