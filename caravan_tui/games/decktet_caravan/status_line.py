"""What the Decktet Caravan status line says on our decision and what Enter plays, as functions
of the table's state alone (what the person points at is in it: the focused widget's id, the
hand's cursor, the plays list's highlighted play): the status line promises exactly what Enter
plays."""

from __future__ import annotations

from rich.text import Text

from caravan_tui.engine import Action

from .card_words import PASS, cards_in, play_words
from .selection import matching, plays, reads
from .table_state import HAND, PLAYS, DecktetCaravanTable


def play_text(table: DecktetCaravanTable, action: Action) -> str:
    """A play as the table shows it: rank and suit glyphs, ``Caravan 5☀S≈V 6☀S∿Y``."""
    try:
        return play_words(action)
    except (KeyError, ValueError, IndexError, TypeError):
        return table.describe(action)


def enter(table: DecktetCaravanTable) -> Action | None:
    """What Enter plays: in the hand, the ticked cards when they are one play (with none
    ticked, nothing: Enter ticks the card under the cursor); in the plays list, the ticked
    cards' play it highlights, else its highlighted line (None: Enter ticks, asks which reading,
    or says why not)."""
    if table.turn is None or table.focus not in (HAND, PLAYS):
        return None
    cards = table.ticked_in_hand()
    if table.focus == PLAYS:
        if not cards or reads(table.highlighted, cards):
            return table.highlighted
    elif not cards:
        return None
    found = matching(table, cards)
    return found[0] if len(found) == 1 else None


def status(table: DecktetCaravanTable) -> Text | None:
    """On our decision, what Enter plays for the focused widget, or why the ticked cards are not
    a play yet (None: not our decision: the table's own line says whose it is)."""
    if table.turn is None or table.over is not None:
        return None
    if table.focus not in (HAND, PLAYS):  # (the log: Enter plays nothing there)
        return Text("Your turn: tab to your hand or the plays list", style="bold")
    action = enter(table)
    if action == PASS:
        return Text("Your turn: Enter passes, the season ends", style="bold")
    if action is not None:
        return Text.assemble(("Enter plays ", "bold"), play_text(table, action))
    cards = table.ticked_in_hand()
    if not cards:
        if tuple(table.legal) == (PASS,):
            return Text("Nothing in your hand beats it — p passes.", style="bold")
        if table.focus == PLAYS:  # (no line highlighted yet: ``ActionList.hold``; space ticks in the hand only)
            return Text("↓ or Enter marks the top play · shift+tab: hand", style="bold")
        return Text("Your turn: Enter ticks a card, then plays it", style="bold")
    readings = len(matching(table, cards))
    if readings > 1:
        return Text(f"Enter: {readings} ways to read these cards", style="bold")
    if any(frozenset(cards) < cards_in(action) for action in plays(table)):
        return Text("Part of a play: tick the lit cards, c clears")
    return Text("Not a play: Enter says why, c clears")
