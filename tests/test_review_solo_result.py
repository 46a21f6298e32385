"""A solo review ends at the caravan's length, whatever the measure's top: Caravanserai's solo
result is the length over 45, its outcome stopping at 1, and a caravan of 46 read "From 35.0
pieces … to 45.0 pieces at the end", beside "best: 46.0 pieces" at its last decisions; and a
review holding such a figure was refused when read back, so it was judged again each time it
was opened (seed 1245, a newcomer's solo match, every hint followed)."""

from __future__ import annotations

from caravan_tui.ai.review import Judged, Review, assembled, decisions_of
from caravan_tui.games import get_game

from tables import kept

MATCH = kept("caravanserai_solo_46_1245")


def test_the_match_alone_ends_at_its_length() -> None:
    game = get_game("caravanserai")
    match = decisions_of(game, 1, MATCH["seed"], MATCH["options"], MATCH["log"], 0)
    assert match.alone == 46 / 45
    between = decisions_of(get_game("decktet_caravan"), 2, 1, {"hands": 1}, [], 0)
    assert between.alone is None


def test_a_solo_review_past_the_measures_top_says_its_end_and_reads_back() -> None:
    judged = Judged(90, ("dir", 5), "Head south-east", "", ("dir", 5), "", "", 46 / 45, 46 / 45, 0, 97)
    review = assembled("caravanserai", "m", 0, 1, 300, 46 / 45, [judged], [], closer=90)
    assert review.end() == 46.0
    assert Review.from_data(review.to_data()) == review
