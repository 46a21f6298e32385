"""How a Decktet Caravan position stands for the hint's "How it stands": on points with what
this hand has settled counted (``hand_standing``: "you lead on points" stood beside the other
player out and the hand lost, its piles −7 to +7), and on what the AI rates it apart from them,
so that "level on points, but the hint rates your position stronger" never stands alone. The
estimate reads the season in play and the race to go out (``rules.estimate``): the first of them
that bears the rating out is named (the season in play, which may go either way, whenever there
is one)."""

from __future__ import annotations

from caravan_tui.engine import seat_field as who
from caravan_tui.words import plural

from .card_words import card_of
from .cards import INDEX
from .rules import pile_points
from .views import DecktetCaravanView, season_play

#: what ``hand_standing`` counts, as "How it stands" names it: "you lead on points with this
#: hand's piles" beside two empty piles read as a lead in the piles, where it was the hands banked
COUNTED = "points so far (the hands banked and this hand's piles)"
#: ... once a player is out, with the bonus that counts for it
COUNTED_OUT = "points so far (the hands banked, this hand's piles and the going-out bonus)"


def counted_on(view: DecktetCaravanView) -> str:
    """What ``hand_standing`` counts, in words: "you trail on points so far (the hands banked and
    this hand's piles)" was said leading 17 to 7 on those, the other's going-out bonus counted."""
    return COUNTED_OUT if view["out_player"] is not None else COUNTED


def hand_standing(view: DecktetCaravanView) -> list[float]:
    """Each seat's points as the hand stands: the banked totals, this hand's collected piles,
    and, once a player is out, their going-out bonus as it stands (rules §5: 5 + the cards the
    other holds; the other may still shed one play's)."""
    points = [float(total + pile) for total, pile in zip(view["scores"], view["collected_points"], strict=True)]
    out = view["out_player"]
    if out is not None:
        points[out] += 5 + view["hand_sizes"][1 - out]
    return points


def standing_basis(view: DecktetCaravanView, seat: int, stronger: bool) -> str:
    """On what ``seat``'s position, rated ``stronger`` (or weaker) than a level score with this
    hand's piles counted (``hand_standing``), rests: "on the season in play, where {p1} played last"
    (in brackets it stood beside the figure's own: "(AI 2 played last) (64% to win)"),
    "on the race to go out: {p0} hold{p0:s} 3 cards, {p1} hold{p1:s} 5", "on the cards in hand" (seat fields,
    for the screen to name)."""
    other = 1 - seat
    if view["season"] and season_bears_out(view, seat, stronger):
        leader = season_play(view["season"][-1])[0]
        return f"on the season in play, where {who(leader)} played last"
    if view["out_player"] is not None:  # (the hand ends with the play to come: its cards in hand count no more)
        return "on the hands still to play" if view["hand_no"] < view["hands_total"] else "on the play to come"
    sizes = view["hand_sizes"]
    if sizes[seat] != sizes[other] and (sizes[seat] < sizes[other]) == stronger:  # (fewer: nearer going out)
        # ("you 6 cards in hand, AI 2 8" was hard to read)
        mine = f"{who(seat)} hold{who(seat, 's')} {plural(sizes[seat], 'card')}"
        return f"on the race to go out: {mine}, {who(other)} hold{who(other, 's')} {sizes[other]}"
    return "on the cards in hand"


def season_bears_out(view: DecktetCaravanView, seat: int, stronger: bool) -> bool:
    """Whether the season in play, were it ended now, favours ``seat`` the way it is rated
    (``stronger`` or weaker): its cards go to its last caravan's player, a bandit's to the
    bandit's opponent (§4.2), for what the up cards make of them. "Weaker on the season in
    play" stood where AI 2 was to collect its two cards worth −2."""
    last, action = season_play(view["season"][-1])
    collector = last if action[0] != "bandit" else 1 - last
    cards = 0
    for _, played in map(season_play, view["season"]):
        for token in played[1:]:
            cards |= 1 << card_of(token)
    worth = pile_points(cards, tuple(INDEX[card] for card in view["up"]))
    mine = worth if collector == seat else -worth
    return mine > 0 if stronger else mine < 0
