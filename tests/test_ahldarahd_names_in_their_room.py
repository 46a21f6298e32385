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
    # (whole where the names fit together: "[R You] B Open seat…  G AI 3" cut one, over SSH)
    assert map_header(3, 3, 1, names).plain == f" R You [B {NAME}] G Abcdefghijk2  (m)"
    opened = map_header(3, 3, 0, lambda k, width: fit_name(["You", "Open seat 2", "AI 3"][k], width))
    assert opened.plain == "[R You] B Open seat 2  G AI 3  (m)"
    assert len(map_header(3, 3, 1, lambda k, width: fit_name(f"Abcdefghijklmno{k}", width)).plain) <= INFO_WIDTH


def test_the_map_tabs_keep_within_the_maps_width_at_four_maps():
    header = map_header(4, 4, 0, names).plain
    assert len(header) <= INFO_WIDTH and "…" in header, header


def test_the_players_table_gives_names_the_room_the_items_leave():
    """Over SSH: "B [bold]x…   5 up  3  0  0 RoP:R" with five columns free at the row's end. A
    name takes the room the longest row of items leaves, 8 cells at least."""
    from caravan_tui.games import get_game
    from caravan_tui.games.ahldarahd.table_text import players_text

    view = get_game("ahldarahd").new(2, seed=1).view(0)

    def called(seat: int, width: int) -> str:
        return fit_name("You" if seat == 0 else NAME, width)

    lines = players_text(view, 0, called, 47).plain.splitlines()
    assert f"B {NAME} " in lines[2] and all(len(line) <= 47 for line in lines), lines
    crowded = {**view, "rop": [1, 1], "shah": 1, "eyes": 1, "pirate": 1}  # (items in every cell)
    lines = players_text(crowded, 0, called, 42).plain.splitlines()
    assert "B [bold]x[… " in lines[2] and all(len(line) <= 42 for line in lines), lines  # (9 cells: 1 spare)


def test_an_offer_to_us_names_its_proposer_in_the_room_the_row_leaves():
    """Over SSH: "Maximil… offers a trade: y accept · n decline" with 25 columns free."""
    from caravan_tui.games.ahldarahd.panel import offer_lines
    from caravan_tui.games.ahldarahd.table_state import AhldarahdTable

    long = "Maximilianus Aurelianus Constantinopolit"
    table = AhldarahdTable(seat=0, names=["Ann", long], seat_kinds=["human", "human"])
    view = {"order": [1, 0], "position": 0, "phase": "answer"}
    draft = {"partner": 0, "give_cards": [], "give_gold": 2, "give_items": [], "ask_gold": 0}
    draft |= {"ask_cards": ["Salt"], "ask_items": []}
    head = offer_lines(table, view, draft, True, 47)[0].plain
    assert head == "Maximilia… offers a trade: y accept · n decline" and len(head) <= 47, head
    assert offer_lines(table, view, draft, True, 80)[0].plain.startswith(long)  # (a wider panel: whole)


def test_the_players_table_keeps_its_items_heading_whole_beside_a_long_name():
    """Over SSH at 80×24: "Player                  Gold Cam Hd Ci Pt It…" where every row's items
    were "—" and a name of 40 letters took the room they left."""
    from caravan_tui.games import get_game
    from caravan_tui.games.ahldarahd.table_text import players_text

    view = get_game("ahldarahd").new(3, seed=1).view(0)
    view = {**view, "rop": [-1, -1, -1], "shah": -1}  # (no one holds an item: "—" in each row)
    long = "A" * 40

    def called(seat: int, width: int) -> str:
        return fit_name(long if seat == 1 else "You", width)

    lines = players_text(view, 0, called, 47).plain.splitlines()
    assert lines[0].rstrip().endswith("Pt Items") and len(lines[0].rstrip()) <= 47, lines
    assert all(len(line) <= 47 for line in lines), lines
