"""A look marked with the fields it reads (``reading``) is not worked out again for a state that
changed none of them: each mark must name every field its look reads, methods' reads included,
or a part of the table would stay as it was when what it shows changed. Plain functions, no Pilot."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from caravan_tui.games import get_game
from caravan_tui.games.decktet_caravan import looks
from caravan_tui.games.decktet_caravan.card_words import PASS, cards_in
from caravan_tui.games.decktet_caravan.table_state import DecktetCaravanTable
from caravan_tui.seat_kinds import STANDING_IN
from caravan_tui.widgets.seat_table import unread

GAME = get_game("decktet_caravan")


def tables() -> list[DecktetCaravanTable]:
    """Decktet tables that make every branch of the looks read: a decision with ticked and
    starred cards and an opponent's play flashed, in a season under way; an AI standing in."""
    state = GAME.new(2, seed=3, options={"hands": 1})
    for _ in range(3):
        state.apply(next(a for a in state.legal_actions() if a != PASS))
    seat = state.to_move()
    view = state.view(seat)
    play = next(a for a in state.legal_actions() if a != PASS)
    table = DecktetCaravanTable(
        seat=seat,
        names=["Ann", "Bob"],
        seat_kinds=["human", "human"],
        view=view,
        world=GAME.from_view(view, seat),
        legal=list(state.legal_actions()),
        turn=1,
        flash=len(view["season"]) - 1,
        ticked=cards_in(play),
        hinted_cards=cards_in(play),
    )
    return [table, dataclasses.replace(table, seat_kinds=["human", STANDING_IN], turn=None, legal=[])]


def fields_read(look: Any, table: DecktetCaravanTable, *args: Any) -> set[str]:
    """The fields of ``table`` that ``look`` reads, through its methods too."""
    seen: set[str] = set()
    names = {field.name for field in dataclasses.fields(table)}

    class Recording(type(table)):  # type: ignore[misc]
        def __getattribute__(self, name: str) -> Any:
            if name in names:
                seen.add(name)
            return super().__getattribute__(name)

    recording = Recording(**{name: getattr(table, name) for name in names})
    look(*args, recording)
    return seen


@pytest.mark.parametrize("table", tables())
@pytest.mark.parametrize("look", [looks.hand_look, looks.season_look])
def test_a_boards_mark_names_every_field_its_look_reads(look, table):
    assert fields_read(look, table) <= look.reads


@pytest.mark.parametrize("table", tables())
def test_a_panels_mark_names_every_field_its_text_reads(table):
    assert fields_read(looks.info_text, table, table.view) <= looks.info_text.reads


def test_a_state_changed_only_where_a_look_does_not_read_keeps_its_look_and_else_not():
    table = tables()[0]
    moved = dataclasses.replace(table, highlighted=table.legal[0], spin=3)
    assert unread(looks.hand_look, table, moved) and unread(looks.season_look, table, moved)
    unticked = dataclasses.replace(table, ticked=frozenset())
    assert not unread(looks.hand_look, table, unticked)  # the hand shows the ticks: drawn again
    assert unread(looks.season_look, table, unticked)
    assert not unread(lambda t: t, table, moved)  # (a look not marked: always worked out again)
