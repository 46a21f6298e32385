"""A decline worth it by the goods said "the Pirate Queen would help you more than the 1 gold
would help AI 2" to a seat the Pirate Queen was worth nothing to: of 126 such lines in random
3-player matches, 103 claimed a help its own figures denied, and one named nothing (" would help
AI 2 more than…", nothing asked). The help is said only where its figures show it, else the
gains are compared, each side as it weighs them."""

from __future__ import annotations

import random

from caravan_tui.games import GAMES
from caravan_tui.games.ahldarahd import decline_reason as reasons
from caravan_tui.games.ahldarahd.terms import ANSWER

GAME = GAMES["ahldarahd"]


def declines():
    """Each pending proposal of random 3-player matches, and why its partner declines it."""
    for seed in range(40):
        rng, state = random.Random(seed), GAME.new(3, seed=seed, options={})
        while not state.is_over():
            if state.phase == ANSWER:
                yield state, reasons.decline_reason(state, state.partner)
            state.apply(rng.choice(state.legal_actions()), False)


def test_a_decline_worth_it_by_the_goods_compares_the_gains():
    said = set()
    for state, why in declines():
        assert not why.startswith(" "), why
        partner, seat = state.partner, state.order[state.pos]
        shown = state.hand[partner] & state.known[partner]
        if not ("would help" in why or " would gain " in why):
            continue
        asked = [reasons._known_card(shown, k) for k in state.a_cards]  # (a gain is said of known cards)
        gets = reasons._side(state, partner, seat, state.g_gold, state.g_cards, state.g_items)[0]
        gives = reasons._side(state, partner, seat, state.a_gold, asked, state.a_items)[0]
        mine = reasons._side(state, seat, seat, state.a_gold, asked, state.a_items)[0]
        assert gives < gets - 0.5, why
        if "would help" in why:  # (the help it names is there: worth more to the proposer)
            assert mine > gets, why
            said.add("help")
            continue
        less = reasons.gain_of(state, seat, asked) > gets - gives
        assert less == (" would gain less by it than " in why), why
        said.add("less" if less else "goods")
    assert {"help", "goods"} <= said, said
