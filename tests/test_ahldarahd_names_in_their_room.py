"""Caravans of Ahldarahd over SSH with a name of 10 letters, `[bold]x[/]`: the map tabs read
"▸[R You] B [bold…  (m)" with half the line blank, and the panel "Auctions: 0 done ·
[bold]x… can build on your map", a sentence that wraps in any case. A name is cut only where
the room is short."""

from __future__ import annotations

from caravan_tui.games.ahldarahd.map_text import INFO_WIDTH, map_header
from caravan_tui.screens.table_seat import fit_name

NAME = "[bold]x[/]"


def names(k: int, width: int) -> str:
    return "You" if k == 0 else fit_name(NAME if k == 1 else f"Abcdefghijk{k}", width)


def test_the_map_tabs_name_each_owner_whole_where_the_line_has_room():
    assert map_header(2, 2, 0, names).plain == f"[R You] B {NAME}  (m)"
    assert map_header(3, 3, 1, names).plain == f" R You [B {NAME}] G Abcdefghi…  (m)"


def test_the_map_tabs_keep_within_the_maps_width_at_four_maps():
    header = map_header(4, 4, 0, names).plain
    assert len(header) <= INFO_WIDTH and "…" in header, header
