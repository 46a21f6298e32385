"""Why a play is good or bad, in the game's words, from the player's own view (``GameAI.explain``).

Everything read here is public or the player's own: its hand, the season on the table, the up
cards, the piles, and how many cards (and how many Aces and Crowns) the opponent holds. The last
is public because each hand deals each player ``HAND_CARDS_WILD`` Aces and Crowns and every one
played is seen; a reason says so ("1 of the 4 Aces and Crowns dealt to Bob is unplayed"), and
the table shows the same count, so it never reads as a look at the opponent's hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from caravan_tui.engine import Action
from caravan_tui.engine import seat_field as who
from caravan_tui.words import change, plural

from .cards import CROWNS, NAMES, WILD_MASK, cards_of
from .combos import BANDIT, MOVES, PASS, Move, combos
from .rules import BANDIT_NAMES, HAND_CARDS_WILD, DecktetCaravanState, pile_points

#: the bandit nothing beats (rules §3): an Ace and the Crown of its suit
TOP_BANDIT = max(BANDIT_NAMES)
#: what beats a bandit of each category below the top (rules §3: only a higher bandit)
BEATEN_BY = {
    1: "with a lone Crown, or an Ace and a Crown",
    2: "with an Ace and a Crown",
    3: "with an Ace and the Crown of its suit",
}


def explain(state: DecktetCaravanState, seat: int, line: Sequence[Action]) -> str:
    """ "beats the 2-card caravan up to 8 with 2 cards; you collect 4 cards worth +2 if Bob passes;
    keeps the Huntress"."""
    action, other = line[0], 1 - seat
    pile = 0
    for _, played in state.season:
        pile |= played[2]
    if action == PASS:
        top: Move = state.top  # type: ignore[assignment]  # a pass answers a play
        collector = state.top_seat if top[1] != BANDIT else 1 - state.top_seat
        held = state.hands[seat].bit_count()
        if state.out_player is not None:  # (the hand ends: the cards kept count for the one who went out)
            out = state.out_player
            ends = f"ends the hand: {_collects(collector, pile, state.up)}; {_going_out(out, seat, held)}"
            return ends + _next_leader(state, action)
        return f"ends the season: {_collects(collector, pile, state.up)}; {_kept(state, seat, collector, held)}"
    move = MOVES[action]
    after = pile | move[2]
    collector = seat if move[1] != BANDIT else other
    length, level = move[3], move[4]
    if state.top is None:
        parts = [f"leads {_a(length)}-card caravan up to {level}" if length > 1 else f"leads a lone {level}"]
    elif move[1] == BANDIT:
        parts = [f"a bandit on {_top_words(state.top)}"]
    else:
        parts = [f"beats {_top_words(state.top)} with {length} card{'s' if length > 1 else ''}"]
    left = state.hands[seat] & ~move[2]
    if state.out_player is not None:  # (what it sheds is what the going out no longer scores: the pass says it)
        going_out = _going_out(state.out_player, seat, left.bit_count()) + _next_leader(state, action)
        parts.append(f"the last play: {_collects(collector, after, state.up)}; {going_out}")
    elif not left:  # (the other may make one last play: a beat sheds cards and takes the season)
        theirs, bonus = who(other, "'s"), state.hands[other].bit_count()
        unless = (
            f"if {who(other)} pass{who(other, 'es')} rather than make one last play"
            if move[1] != BANDIT or _beatable(state, other, level)
            else f"as {who(other)} cannot beat it"  # (the hedge read as a risk there was not)
        )
        parts.append(
            f"goes out: +5 and +{bonus} for {theirs} cards, and {_collects(collector, after, state.up)}, {unless}"
        )
    elif move[1] == BANDIT and not _beatable(state, other, level):
        parts.append(f"{who(other)} cannot beat it: {_collects(other, after, state.up)}")
    elif move[1] == BANDIT:
        held, wilds = state.hands[other].bit_count(), (state.hands[other] & WILD_MASK).bit_count()
        # (one Ace or Crown in hand beats a lone Ace with a lone Crown only: "or an Ace and a
        # Crown" was said beside "1 of their 4 Aces and Crowns unplayed")
        beaten_by = "with a lone Crown" if level == 1 and wilds == 1 else BEATEN_BY[level]
        parts.append(f"{who(other)} must beat it ({beaten_by}) or collect {_cards(after, state.up)}")
        if held == wilds and held >= (1 if level == 1 else 2):
            # (public: the hand's size and its Aces and Crowns unplayed; a lone Ace was "must beat it"
            # beside a hand of one Crown, which beat it and went out for +17)
            parts.append(f"{who(other)} {who(other, 'has')} only Aces and Crowns left: one that beats it goes out")
    else:
        # (a bandit on a caravan leaves the pile to the caravan's player all the same, rules §4.2:
        # said where the other may hold one, it is not only a pass that makes you collect)
        opp_wilds = (state.hands[other] & WILD_MASK).bit_count()  # public: the view counts them
        bandit = (
            f", and the bandit's cards too if {who(other)} answer{who(other, 's')} with one "
            f"({unplayed_wilds(opp_wilds, other)})"
            if opp_wilds
            else ""
        )  # (the figure is the pile's as it stands: a bandit adds its own cards to it)
        parts.append(f"{_collects(collector, after, state.up)} if {who(other)} pass{who(other, 'es')}{bandit}")
        if opp_wilds == state.hands[other].bit_count() == 1:
            # (a lead into a last card that is an Ace or a Crown: answered with it, the other went
            # out for +15, and "the bandit's cards too if AI 2 answers with one" said nothing of it)
            whose = who(other, "'s")
            parts.append(f"{whose} last card is an Ace or a Crown: a bandit of it goes out")
    parts.append(_wild_words(seat, state.hands[seat] & WILD_MASK, move[2], move[1] == BANDIT))
    return "; ".join(part for part in parts if part)


def _beatable(state: DecktetCaravanState, other: int, level: int) -> bool:
    """Whether ``other`` may beat a bandit of ``level`` for all the table shows: the count of
    its Aces and Crowns, and which of them nobody has seen (``unseen``: its hand and the cards set
    aside unseen). A bandit is beaten by a higher bandit only, of one card (a lone Crown) over a
    lone Ace, else of two ("must beat it with an Ace and a Crown" of a hand holding one), and
    nothing beats an Ace and the Crown of its suit: an Ace and a Crown of two suits was "must
    beat it (with an Ace and the Crown of its suit)" where no such pair was left unseen."""
    held = (state.hands[other] & WILD_MASK).bit_count()
    unseen = state.unseen(1 - other) & WILD_MASK
    return any(move[4] > level and move[3] <= held for move in combos(unseen).bandits)


def _next_leader(state: DecktetCaravanState, action: Action) -> str:
    """Who leads the next hand after the hand's last play or pass ``action`` (rules §2.3: the
    lower total; on equal totals, the one who did not lead this hand): "Clearly best: Pass" beside
    figures two points worse for the hand was for the lead, and nothing said so."""
    after = state.clone()
    after.apply(action, False)
    if after.is_over() or after.hand_no == state.hand_no:
        return ""
    leader, (first, second) = after.first_leader, after.cum
    why = (  # (each total signed, as the tables write them: "you −5, AI 2 3)" read "AI 23")
        f"the totals tie at {change(first)}, and {who(state.first_leader)} led this hand"
        if first == second
        else f"the lower total leads: {who(0)} {change(first)}, {who(1)} {change(second)}"
    )
    return f"; then {who(leader)} lead{who(leader, 's')} hand {after.hand_no} ({why})"


def _kept(state: DecktetCaravanState, seat: int, collector: int, held: int) -> str:
    """What a pass that ends a season does with ``seat``'s ``held`` cards: kept for later where
    ``seat`` leads next, else who leads, holding how many (public; rules §4.3: the collector leads
    unless it holds only Aces and Crowns). "Weaker: Pass — …; keeps 1 card for later" stood where
    AI 2 then led its last card and went out, the card kept scoring +1 for it (rules §5.2)."""
    other = 1 - seat
    left, wilds = state.hands[other].bit_count(), (state.hands[other] & WILD_MASK).bit_count()
    if collector == seat or left == wilds:
        # (its subject said: "you collect 8 cards worth +3; keeps 8 cards for later" had none)
        return f"{who(seat)} keep{who(seat, 's')} {plural(held, 'card')} for later"
    whose, kept = who(other, "their"), f"+5 and +{held} for the {plural(held, 'card')} {who(seat)} hold{who(seat, 's')}"
    if left == 1:
        return f"then {who(other)} lead{who(other, 's')} {whose} last card and go{who(other, 'es')} out: {kept}"
    # (a condition, not a forecast: "holding 9 cards: going out scores +5 and +15 for the 15 cards
    # you hold" read as what the pass costs at once, where no lead sheds 9 cards)
    return (
        f"then {who(other)} lead{who(other, 's')}, holding {plural(left, 'card')}; "
        f"if {who(other)} go{who(other, 'es')} out first, {who(other)} score{who(other, 's')} +5 "
        f"and +1 for each card {who(seat)} still hold{who(seat, 's')} then ({held} now)"
    )


def _going_out(out: int, seat: int, kept: int) -> str:
    """What going out scores ``out`` once ``seat`` is left holding ``kept`` cards (rules §5.2):
    the last play's reason said it for a pass only, and a bandit that shed a card read no better."""
    scores = f"{who(out)} score{who(out, 's')} +5"
    return f"{scores} and +{kept} for the {plural(kept, 'card')} {who(seat)} hold{who(seat, 's')}" if kept else scores


def unplayed_wilds(count: int, seat: int) -> str:
    """How a count of another player's Aces and Crowns is known: "1 of the 4 Aces and Crowns
    dealt to {p1} is unplayed"."""
    return (
        f"{count} of the {HAND_CARDS_WILD} Aces and Crowns dealt to {who(seat)} "
        f"{'is' if count == 1 else 'are'} unplayed"
    )


def _a(number: int) -> str:
    """ "a 7", "an 8": a caravan's length with the article it takes when said."""
    return f"{'an' if number in (8, 11) else 'a'} {number}"


def _top_words(top: Move) -> str:
    """The play to beat, by its length and height as the season panel's "To beat" counts them
    ("the 7-card caravan up to 9"; "the bandit (single Ace)"): "the 9-caravan" read as a caravan of nine
    cards, "a bandit on the bandit" said nothing of what it beat."""
    if top[1] == BANDIT:
        return f"the bandit ({BANDIT_NAMES[top[4]]})"
    return f"the {top[3]}-card caravan up to {top[4]}" if top[3] > 1 else f"the lone {top[4]}"


def _collects(collector: int, pile: int, up: tuple[int, ...]) -> str:
    return f"{who(collector)} collect{who(collector, 's')} {_cards(pile, up)}"


def _cards(pile: int, up: tuple[int, ...]) -> str:
    """ "4 cards worth +2" under the up cards."""
    count, points = pile.bit_count(), pile_points(pile, up)
    return f"{count} card{'s' if count != 1 else ''} worth {change(points) if points else 'nothing'}"


def _wild_words(seat: int, wilds: int, used: int, bandit: bool) -> str:
    """What the play does with ``seat``'s Aces and Crowns, who does it said: "you keep both
    Crowns", "you spend the Huntress" (a bandit is its Aces and Crowns: what it keeps, or that
    none is left), "" without any. "keeps the Ace of Waves" after "AI 2 cannot beat it: AI 2
    collects 9 cards" read as AI 2's."""
    spent, kept = wilds & used, wilds & ~used
    if spent and not bandit:
        return f"{who(seat)} spend{who(seat, 's')} {_names(spent)}"
    if kept:
        return f"{who(seat)} keep{who(seat, 's')} {_names(kept)}"
    whose = who(seat, "'s")
    return f"no Ace or Crown left in {whose} hand" if bandit else ""


def _names(mask: int) -> str:
    cards = cards_of(mask)
    if len(cards) <= 2:
        return " and ".join(NAMES[card] for card in cards)
    crowns = sum(1 for card in cards if card in CROWNS)
    kinds = [plural(crowns, "Crown"), plural(len(cards) - crowns, "Ace")]
    return " and ".join(kind for kind in kinds if not kind.startswith("0 "))  # never "and 0 Aces"
