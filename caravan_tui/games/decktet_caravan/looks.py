"""What the Decktet Caravan table's season, hand and head show, from the table's state alone
(``DecktetCaravanTable``): the widgets draw these looks whenever the state changes."""

from __future__ import annotations

from rich.text import Text

from caravan_tui.screens.table_seat import TableState
from caravan_tui.widgets.seat_table import reading
from caravan_tui.words import change, signed

from .card_grid import CardLook
from .card_words import PASS, UNBEATABLE, card_face, card_token, cards_in, glyphs, play_tokens, to_beat, up_text
from .rules import HAND_CARDS_WILD
from .season_view import SeasonLook
from .table_state import DecktetCaravanTable
from .views import DecktetCaravanView, season_play


@reading("view", "flash", "names", "seat_kinds", "seat", "replaying")
def season_look(table: DecktetCaravanTable) -> SeasonLook:
    """The season for the table's state: its plays, the opponent's latest highlighted for a
    moment, and what beats the top play."""
    assert table.view is not None  # (drawn once there is a view)
    plays, notes = season_rows(table, table.view)
    return SeasonLook(tuple((head, tuple(cards), style) for head, cards, style in plays), tuple(notes))


def who(table: DecktetCaravanTable, seat: int) -> Text:
    """The player of a season line, first: ``Bot: `` (``Bob·AI: `` where an AI stands in)."""
    return Text(f"{table.player_name(seat)}: ", style="bold")


def season_rows(
    table: DecktetCaravanTable, view: DecktetCaravanView
) -> tuple[list[tuple[Text, list[Text], str]], list[Text]]:
    season = view["season"]
    plays = []
    for index, (player, action) in enumerate(map(season_play, season)):
        style = "bold reverse" if index == table.flash else ""
        # ("bandit" is the play's first word, wrapped with its cards: after a head as long as the
        # line, it was cut off, and a lone Ace read as a caravan of one card)
        named = [Text("bandit", style="italic")] if action[0] == "bandit" else []
        plays.append((who(table, player), [*named, *play_tokens(action)], style))
    notes = []
    if season:
        top_player, top = season_play(season[-1])
        beat = to_beat(top)
        if beat == UNBEATABLE and top_player == table.you:  # ("pass" told the one who played it, on the other's move)
            beat = "Nothing beats your bandit."
        notes.append(Text(beat, style="italic"))
    elif view["to_move"] is not None:
        # (the seat "you" is: a replay in Root's view read "you lead" beside "Root's hand")
        leader = "you lead" if view["to_move"] == table.you else f"{table.seat_name(view['to_move'])} leads"
        notes.append(Text(f"New season: {leader} a caravan.", style="italic"))
    out = view["out_player"]
    if out is not None and not view["over"]:  # (a finished match's last view keeps who went out)
        # (a spectator has no play to make: only a seat still in is told of "your" last play)
        # (the one who went out read "You went out: one last play or pass." as its own)
        other = table.short_name(1 - out)
        last = "your last play or pass" if table.you not in (None, out) else f"{other} has one last play or pass"
        notes.append(Text(f"{table.short_name(out)} went out: {last}.", style="bold"))
    return plays, notes


def left_holding(view: DecktetCaravanView, seat: int | None) -> list[str]:
    """The cards ``seat`` was left holding when the other went out in the match's last hand,
    which the rules take from it as they score (rules §5.2): its hand shows them once the match
    is over ("0 in hand" read beside "the 2 cards AI 2 holds"); none for any other seat."""
    out = view["out_player"]
    return list(view["discard"]) if view["over"] and out is not None and seat not in (None, out) else []


@reading("view", "turn", "legal", "hinted_cards", "ticked", "replaying", "seat", "names", "seat_kinds", "world")
def hand_look(table: DecktetCaravanTable) -> CardLook:
    """The hand for the table's state: its cards, the hint's starred, the ticked, and (on our
    decision, or where the view says it is ours before the host has asked it) the cards of each
    play, from which the grid dims those no play can use; once the match is over, the cards the
    seat was left holding."""
    assert table.view is not None  # (drawn once there is a view)
    cards = table.view.get("hand", [])
    title = f"{table.whose()} hand ({len(cards)})"
    if not cards and (left := left_holding(table.view, table.seat)):
        cards, title = left, f"{table.whose()} hand: left holding {len(left)} at the end"
    legal = table.legal if table.turn is not None else coming_plays(table)
    plays = None if legal is None else tuple(cards_in(action) for action in legal if action != PASS)
    return CardLook(tuple((card, card_face(card)) for card in cards), table.hinted_cards, table.ticked, plays, title)


def coming_plays(table: DecktetCaravanTable) -> tuple | None:
    """Our plays where the view says the decision is ours and the host has not asked it yet (the
    other's move still on show): every card was lit then, one in no play among them, as if a lone
    9 could answer a caravan of 7 (None: not ours)."""
    world, view = table.world, table.view
    if table.replaying or world is None or view is None or table.seat is None or view.get("to_move") != table.seat:
        return None
    return tuple(world.legal_actions())


@reading("view", "names", "seat_kinds", "seat", "replaying")
def info_text(view: DecktetCaravanView, table: TableState[DecktetCaravanView]) -> Text:
    """The hand, the scores and what is up; under them each player's pile (and hand size)."""
    players = range(len(view["scores"]))
    text = Text(f"Hand {view['hand_no']} of {view['hands_total']}", style="bold")
    for p in players:
        text.append(f" · {table.player_name(p, 13)}: {signed(view['scores'][p])}")  # ("AI 2 20" read 220)
    text.append("\nUp: ")
    text.append_text(Text(" · ").join(up_text(card, short=True) for card in view["up"]))
    if view.get("aside_up"):
        text.append("\nSet aside face up: ")
        text.append_text(Text(" ").join(glyphs(card) for card in view["aside_up"]))
        text.append(" (out of this hand)", style="italic")
    for p in players:
        pile = view["collected"][p]
        text.append(f"\n{table.seat_name(p)}", style="bold")
        if p != table.seat and (left := left_holding(view, p)):
            text.append(f" · left holding {len(left)}: ", style="italic")
            text.append_text(Text(" ").join(card_token(card) for card in left))
        elif p != table.seat:
            text.append(
                # (the player's own: "of 4 Aces and Crowns" read as the deck's count)
                f" · {view['hand_sizes'][p]} in hand, {view['hand_wilds'][p]} of their "
                f"{HAND_CARDS_WILD} Aces and Crowns still unplayed",
                style="italic",
            )
        text.append(f" · pile {change(view['collected_points'][p])}: ", style="bold")
        if pile:
            text.append_text(Text(" ").join(card_token(card) for card in pile))
        else:
            text.append("empty", style="dim")
    return text
