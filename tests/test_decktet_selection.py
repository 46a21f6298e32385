"""Decktet Caravan's selection as a reducer and its status/Enter line as functions of the table's
state, tested as plain functions (no Pilot): each intent gives a new table and leaves the last as
it was; the line promises exactly what Enter plays."""

from __future__ import annotations

import dataclasses

import pytest

from caravan_tui.games import get_game
from caravan_tui.games.decktet_caravan.card_words import PASS, cards_in
from caravan_tui.games.decktet_caravan.selection import (
    arrived,
    flashed,
    held,
    hinted,
    list_moved,
    matching,
    ticked,
    turn_begun,
)
from caravan_tui.games.decktet_caravan.status_line import HAND, PLAYS, enter, status
from caravan_tui.games.decktet_caravan.table_state import DecktetCaravanTable

from tables import offline_screen

GAME = get_game("decktet_caravan")


def decision(seed: int = 1, turn: int | None = 1) -> DecktetCaravanTable:
    """The table of the seat to move first in the deal by ``seed``, on its decision (``turn``
    None: the same position, not its decision)."""
    state = GAME.new(2, seed=seed, options={"hands": 1})
    seat = state.to_move()
    view = state.view(seat)
    return DecktetCaravanTable(
        seat=seat,
        names=["Ann", "Bob"],
        view=view,
        world=GAME.from_view(view, seat),
        legal=list(state.legal_actions()) if turn is not None else [],
        turn=turn,
    )


def pointing(table: DecktetCaravanTable, focus: str, card: str | None = None, highlighted=None) -> DecktetCaravanTable:
    """``table`` with the focus on ``focus``, the hand's cursor on ``card`` (its id) and the plays
    list's highlight on ``highlighted``, as the widgets report them."""
    return dataclasses.replace(table, focus=focus, cursors={HAND: card}, highlighted=highlighted)


def a_lone_play(table: DecktetCaravanTable) -> tuple:
    """A play whose cards are read one way only."""
    return next(action for action in table.legal if action != PASS and len(matching(table, cards_in(action))) == 1)


@pytest.mark.thorough
def test_ticking_a_plays_cards_is_a_new_table_whose_list_points_at_that_play():
    table = decision()
    play = max((a for a in table.legal if len(matching(table, cards_in(a))) == 1), key=len)
    after = ticked(table, cards_in(play))
    assert after is not table and table.ticked == frozenset() and table.list_asked == 0  # the last as it was
    assert after.ticked == cards_in(play) and after.list_play == play and after.list_asked == 1


def test_ticking_cards_the_highlighted_line_reads_already_leaves_the_list_where_it_is():
    table = decision()
    play = a_lone_play(table)
    after = ticked(dataclasses.replace(table, highlighted=play), cards_in(play))
    assert after.ticked == cards_in(play) and after.list_asked == table.list_asked


def test_cards_that_are_no_play_point_the_list_at_no_line():
    table = decision()
    wilds = [card for card in table.view["hand"] if card[0] in "1N"]
    after = ticked(table, wilds[:1])  # a lone Ace or Crown may not lead a season
    assert after.list_play is None and after.list_asked == 1


def test_moving_through_the_plays_list_ticks_its_plays_cards_and_pass_clears_them():
    table = decision()
    play = a_lone_play(table)
    after = list_moved(table, play)
    assert after.ticked == cards_in(play)
    assert list_moved(after, PASS).ticked == frozenset()
    assert list_moved(after, play) is after  # (another reading of the same cards: nothing changes)


def test_a_tick_stays_only_on_a_card_still_held():
    table = decision()
    card = table.view["hand"][0]
    kept = ticked(table, [card])
    assert held(kept) is kept
    gone = ticked(table, ["not-a-card", card])
    assert held(gone).ticked == frozenset([card])


def test_a_new_decision_drops_the_last_hints_stars_and_the_hint_stars_its_cards():
    table = decision()
    play = a_lone_play(table)
    starred = hinted(table, play)
    assert starred.hinted_cards == cards_in(play) and table.hinted_cards == frozenset()
    assert turn_begun(starred).hinted_cards == frozenset()


def test_a_hints_stars_go_with_the_position_they_were_for():
    """Ann played the hint's Painter and went out; in the next hand, dealt the Painter again,
    her hand showed the last hand's star on it while Bob led: the stars went only at her next
    decision. They go as any new position arrives; the same position (asked for again) keeps them."""
    table = decision()
    starred = hinted(table, a_lone_play(table))
    assert arrived(starred, table.view, by_other=False) is starred
    moved = dataclasses.replace(starred, view={**table.view, "to_move": 1 - table.seat}, turn=None, legal=[])
    assert arrived(moved, table.view, by_other=True).hinted_cards == frozenset()


def test_the_opponents_play_flashes_and_goes():
    table = decision()
    assert flashed(flashed(table, 0), None).flash is None and flashed(table, None) is table


def test_enter_in_the_hand_plays_the_ticked_card_never_the_one_under_the_cursor_alone():
    """A stray Enter (the second of two on the intro's "Play") gave away the Ace the cursor
    rested on: with nothing ticked, Enter ticks the card, and the line says so."""
    table = decision()
    card = next(card for card in table.view["hand"] if len(matching(table, [card])) == 1)
    (play,) = matching(table, [card])
    assert enter(pointing(table, HAND, card)) is None
    assert str(status(pointing(table, HAND, card))) == "Your turn: Enter ticks a card, then plays it"
    assert enter(pointing(ticked(table, [card]), HAND, card)) == play
    assert str(status(pointing(ticked(table, [card]), HAND, card))).startswith("Enter plays ")


def test_enter_in_the_plays_list_plays_the_ticked_cards_play_never_another_line():
    table = decision()
    play = a_lone_play(table)
    other = next(
        a for a in table.legal if a != PASS and cards_in(a) != cards_in(play) and len(matching(table, cards_in(a))) == 1
    )
    assert enter(pointing(table, PLAYS, highlighted=play)) == play  # nothing ticked: the highlighted line
    chosen = ticked(table, cards_in(other))
    assert enter(pointing(chosen, PLAYS, highlighted=play)) == other  # the ticked cards' play, not the line


def test_the_line_says_why_ticked_cards_are_not_a_play():
    table = decision()
    wilds = [card for card in table.view["hand"] if card[0] in "1N"]
    line = str(status(pointing(ticked(table, wilds[:1]), HAND)))
    assert line in ("Not a play: Enter says why, c clears", "Part of a play: tick the lit cards, c clears")


def test_off_our_decision_the_line_is_the_tables_and_enter_plays_nothing():
    table = decision(turn=None)
    assert status(pointing(table, HAND)) is None and enter(pointing(table, HAND)) is None
    assert enter(pointing(decision(), "log")) is None  # (the focus elsewhere: Enter plays nothing)


def test_pass_is_not_offered_off_our_turn():
    """The bug: a guest at a two-person table saw "p Pass" in the footer while the other person
    was to play (the key was offered unless it was our turn and we could not pass)."""
    screen = offline_screen("decktet_caravan", seat=1)
    assert screen.table.turn is None
    assert screen.check_action("pass", ()) is False


def test_with_the_log_focused_the_line_says_where_to_play_from():
    """The bug: with the log focused and one card ticked, the line read "Part of a play: tick
    the lit cards" (ticking is done in the hand, and the card alone was a play)."""
    table = decision()
    play = a_lone_play(table)
    line = str(status(pointing(ticked(table, cards_in(play)), "log")))
    assert line == "Your turn: tab to your hand or the plays list"


def test_in_the_plays_list_with_no_line_highlighted_the_line_says_what_enter_does_there():
    """The bug: after a hint taken with ``a`` was played, the plays list kept the focus with no
    line highlighted (a first Enter highlights one) and the line read "space ticks cards, Enter
    plays them": space did nothing there and said nothing. "Enter marks a play" said nothing of
    which: a person pressed ↓ twice for the third play, and the first ↓ had marked the first."""
    line = str(status(pointing(decision(), PLAYS)))
    assert "space" not in line and line == "↓ or Enter marks the top play · shift+tab: hand"
    assert enter(pointing(decision(), PLAYS)) is None  # (Enter plays nothing yet: it highlights)


def test_cards_that_form_no_caravan_or_bandit_are_told_the_rule_they_break():
    """ "6♣L⌘K 8≈V♣L is not a caravan or bandit" repeated the cards and not the reason (rules §3)."""
    from caravan_tui.games.decktet_caravan.combos import move_of

    said = {}
    for action in [
        ("caravan", "6LK", "8VL"),
        ("caravan", "5ML", "5SV"),
        ("caravan", "5ML", "6SY"),
        ("caravan", "1M@4", "NK@5"),
        ("caravan", "1M@1", "2MK"),
        ("bandit", "1M", "1S"),
        ("caravan", "1M@2", "3MV", "4MS", "4VL", "4YK", "5ML", "8MS"),
        ("caravan", "5ML", "6LK", "1M@7", "8MS"),
        ("caravan", "1M@6", "5ML", "9MS"),
    ]:
        with pytest.raises(ValueError) as refused:
            move_of(action)
        said[action[1:]] = str(refused.value).split(": ", 1)[1]
    assert list(said.values()) == [
        "ranks 6 and 8 are not in a row",
        "two cards of rank 5",
        "the Forest and the Penitent share no suit",
        "a caravan needs a number card",
        "an Ace or Crown stands for a rank from 2 to 9",
        "a bandit is a single Ace, a single Crown, or an Ace and a Crown",
        "3 cards of rank 4",  # (not the Ace's rank: no rank it stands for mends three 4s)
        "the Market and the Ace of Moons share no suit",  # (the Ace fills the one rank missing)
        "ranks 5 and 9 are not in a row (3 ranks missing, 1 Ace or Crown to stand in)",
    ]


def test_a_notice_of_cards_that_are_no_play_says_why_once_and_not_the_cards_again():
    """Eight ticked cards read "Not a play: A♣L … 8∿Y⌘K" over "… 2☀S∿Y … 8∿Y⌘K A♣L is not a
    caravan or bandit: an Ace or Crown stands for a rank from 2 to 9": the cards twice (the second
    time run into the reason), and the Ace's rank blamed for three 4s no rank of it could mend."""
    from caravan_tui.games.decktet_caravan.card_words import glyphs
    from caravan_tui.games.decktet_caravan.not_a_play import selection_reason

    table = decision()
    hand = tuple(table.view["hand"])
    said = selection_reason(table, hand)
    assert said.startswith("They are not a caravan or bandit: "), said
    assert not any(glyphs(card).plain in said for card in hand), said
    assert "cards of rank" in said  # (a dealt hand of 15 holds two cards of some rank)
