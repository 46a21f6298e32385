"""A Merchant Lord review says whose table cards made the last round the last: "How it ended: AI
2's move 95 ended the match: AI 2 buys nothing more" read as AI 2 ending it, where AI 3's ninth
card had (rules §8.2)."""

from __future__ import annotations

import random

from caravan_tui.ai.review import decisions_of
from caravan_tui.games import get_game
from caravan_tui.games.merchant_lord.scored import scored_words

GAME = get_game("merchant_lord")


def test_the_review_says_whose_table_cards_ended_the_match():
    rng, state, actions = random.Random(1), GAME.new(3, seed=3), []
    while not state.is_over():
        actions.append(rng.choice(state.legal_actions()))
        state.apply(actions[-1], False)
    table, last = state.view(0)["table"], state.view(0)["round"]
    ended = [seat for seat, cards in enumerate(table) if cards >= 9]
    assert ended and max(table) >= 9
    words = scored_words(state.view(0))
    assert words is not None and words.startswith(f"{{p{ended[0]}:'s}} {table[ended[0]]} table cards made round {last}")
    assert words.endswith("; table cards: " + ", ".join(f"{{p{s}}} {c}" for s, c in enumerate(table)) + ".")
    assert words in decisions_of(GAME, 3, 3, {}, actions, 0).decided
    assert scored_words(GAME.new(3, seed=3).view(0)) is None  # (not over: nothing to say)
