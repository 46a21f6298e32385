"""The Decktet Caravan table's own selection as a reducer: each intent (a card ticked, the plays
list moved, a hint, an opponent's play to highlight) gives a new ``DecktetCaravanTable`` from the
last, the last left as it was. Plain Python: the screen assigns what these give, and the hand,
the season and the plays list draw themselves from it once.

The ticked cards and the plays list's highlight are one selection: ticking cards points the list
at their play (or at no line, when they are none), and moving the list ticks its play's cards."""

from __future__ import annotations

import dataclasses

from caravan_tui.engine import Action
from caravan_tui.screens.table_client import list_pointed

from .card_words import PASS, cards_in
from .table_state import PLAYS, DecktetCaravanTable
from .views import DecktetCaravanView, season_play


def plays(table: DecktetCaravanTable) -> list[Action]:
    """The plays open now (passing aside)."""
    return [action for action in table.legal if action != PASS]


def matching(table: DecktetCaravanTable, cards) -> list[Action]:
    """The legal readings of exactly these cards."""
    chosen = frozenset(cards)
    return [action for action in plays(table) if cards_in(action) == chosen]


def reads(action: Action | None, cards) -> bool:
    """Whether ``action`` is a reading of exactly these (ticked) cards."""
    return action is not None and action != PASS and cards_in(action) == frozenset(cards)


def followed(table: DecktetCaravanTable) -> DecktetCaravanTable:
    """The plays list pointed at the ticked cards' play: the first reading, unless the line it
    highlights reads them already; no line when they are not a play. Nothing ticked, or no
    decision: the table as it is."""
    cards = table.ticked_in_hand()
    if not cards or table.turn is None or reads(table.highlighted, cards):
        return table
    return list_pointed(table, next((action for action in table.legal if reads(action, cards)), None))


def ticked(table: DecktetCaravanTable, cards) -> DecktetCaravanTable:
    """These cards ticked (and no others), the plays list following them."""
    return followed(dataclasses.replace(table, ticked=frozenset(cards)))


def cleared(table: DecktetCaravanTable) -> DecktetCaravanTable:
    """``c``: nothing ticked and no line of the plays list highlighted (one selection: the list
    kept a play's line after its cards were unticked, and Enter played it)."""
    table = dataclasses.replace(table, ticked=frozenset())
    return table if table.highlighted is None else list_pointed(table, None)


def list_moved(table: DecktetCaravanTable, action: Action) -> DecktetCaravanTable:
    """The plays list's highlight moved to ``action`` on our decision: its cards ticked (Pass
    clears them); another reading of the ticked cards: the table as it is."""
    cards = frozenset() if action == PASS else cards_in(action)
    return table if table.ticked == cards else dataclasses.replace(table, ticked=cards)


def list_followed(table: DecktetCaravanTable) -> DecktetCaravanTable:
    """The table once the plays list's highlight moved (``table.highlighted``): while the list
    has the focus on our decision, its play's cards ticked (``list_moved``); else as it is (the
    list moved to follow the ticked cards, or moved while another part of the table has the focus)."""
    action = table.highlighted
    if table.focus != PLAYS or table.turn is None or action is None or action not in table.legal:
        return table
    return list_moved(table, action)


def held(table: DecktetCaravanTable) -> DecktetCaravanTable:
    """A tick stays only on a card still held (a new view: the table as it is when none went)."""
    cards = frozenset(table.ticked_in_hand())
    return table if cards == table.ticked else dataclasses.replace(table, ticked=cards)


def turn_begun(table: DecktetCaravanTable) -> DecktetCaravanTable:
    """Our decision came: the last hint's stars go, and cards ticked while the opponent played
    keep their meaning (the list follows them)."""
    return followed(unhinted(table))  # (nothing to change: the table itself, nothing drawn again)


def hinted(table: DecktetCaravanTable, action: Action) -> DecktetCaravanTable:
    """The hint's play starred in the hand; the ticked cards stay the selection."""
    stars = table.hinted_cards if action == PASS else frozenset(cards_in(action))
    return followed(dataclasses.replace(table, hinted_cards=stars))


def unhinted(table: DecktetCaravanTable) -> DecktetCaravanTable:
    """The hint's stars gone: the position they were for is gone (a play, a new deal). They
    stayed until our next decision: dealt the same card in the next hand, the hand showed the
    last hand's star on it while the other seat led."""
    return dataclasses.replace(table, hinted_cards=frozenset()) if table.hinted_cards else table


def arrived(table: DecktetCaravanTable, previous: DecktetCaravanView | None, by_other: bool) -> DecktetCaravanTable:
    """The table once a move's view arrived (``previous``: the view before it): ticks kept on
    cards still held, a hint's stars gone with the position they were for, and the season's last
    play flashed when another seat made it."""
    table = held(table if table.view == previous else unhinted(table))
    season = table.view["season"] if table.view is not None else []
    if by_other and season and season_play(season[-1])[0] != table.seat:
        return flashed(table, len(season) - 1)
    return table


def flashed(table: DecktetCaravanTable, index: int | None) -> DecktetCaravanTable:
    """The season's play at ``index`` highlighted (None: none)."""
    return table if table.flash == index else dataclasses.replace(table, flash=index)
