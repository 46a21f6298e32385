"""The Decktet Caravan scores in tables: one hand's scoring (shown as the hand ends) and the whole
match's (the end-of-match screen), in the table's names for the seats."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from caravan_tui.words import change, longest_word, plural

from .card_words import up_text
from .table_state import DecktetCaravanTable
from .views import DecktetCaravanView, HistoryRow, hand_result


def hand_table(table: DecktetCaravanTable, view: DecktetCaravanView, row: HistoryRow) -> Group:
    """One hand's scoring: each pile per up card, the going-out bonus, the totals; under it, who
    went out, as wide as the screen gives (the table's caption wrapped at its own width, some
    45 cells in a dialog of 70: "Root / (you)" split across two lines)."""
    hand_no, out, bonus, _, totals, up, by_up = hand_result(row)
    scores = Table(title=f"Hand {hand_no} of {view['hands_total']}")
    scores.add_column("Collected pile")
    for p in range(len(totals)):
        label = table.seat_label(p)
        scores.add_column(label, justify="right", overflow="fold", min_width=longest_word([label]))
    for i, card in enumerate(up):
        scores.add_row(up_text(card), *(change(by_up[p][i]) for p in range(len(totals))))
    scores.add_row("Going out", *(f"+{bonus}" if p == out else "" for p in range(len(totals))))
    scores.add_row("Hand", *(change(t) for t in totals), style="bold")
    # (the match's, under the hand's: "Total" under "Hand 2 of 2" read as the hand's own)
    scores.add_row("Match total", *(change(int(s)) for s in view["scores"]), style="bold")
    return Group(scores, Text(out_words(table, out, bonus)))


def out_words(table: DecktetCaravanTable, out: int | None, bonus: int) -> str:
    """Who went out and what it brought, and why: "+5" where the board had just shown the other
    "1 in hand" read as a miscount (that card was played last, the summary over the play)."""
    if out is None:
        return "Nobody went out."
    left = bonus - 5
    # ("the 2 cards Root (you) was left holding")
    other, was = ("you", "were") if 1 - out == table.you else (table.seat_name(1 - out), "was")
    held = f" + {left} for the {plural(left, 'card')} {other} {was} left holding" if left else f", {other} held none"
    return f"{table.seat_name(out)} went out: +{bonus} (5{held})."


def match_table(table: DecktetCaravanTable, view: DecktetCaravanView) -> Table | Group:
    """Every hand of the match, and the last hand's breakdown, for the end-of-match screen."""
    scores = Table()
    scores.add_column("Hand")
    players = range(len(view["scores"]))
    for p in players:
        label = table.seat_label(p)
        scores.add_column(label, justify="right", overflow="fold", min_width=longest_word([label]))
    for hand_no, out, _, _, totals, *_ in map(hand_result, view["history"]):
        scores.add_row(str(hand_no), *(change(totals[p]) + (" out" if p == out else "") for p in players))
    # (signed as the hand rows above it: "Total │ 2" under "+2 out" read as a sign dropped)
    scores.add_row("Total", *(change(int(view["scores"][p])) for p in players), style="bold")
    if not view["history"]:
        return scores
    # the last hand was scored as the match ended: its breakdown here, as every other hand's was shown
    return Group(scores, Text(""), hand_table(table, view, view["history"][-1]))
