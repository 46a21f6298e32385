"""The shark (``games/ahldarahd/shark.py``): the trading adversary the AI's trades are measured
against (docs/ai.md, "AI trading, restated")."""
from __future__ import annotations

import random

from caravan_tui.games import get_game
from caravan_tui.games.ahldarahd.proposal import steps
from caravan_tui.games.ahldarahd.shark import WORTH, best_trade
from caravan_tui.games.ahldarahd.terms import ANSWER, BUILD
from caravan_tui.games.ahldarahd.trading import judge

GAME = get_game("ahldarahd")


def builds(count: int, skip: int = 0):
    """Build decisions with proposals left, from seeded random play (no trades), after the
    first ``skip`` of them."""
    rng = random.Random(3)
    for seed in range(40):
        state = GAME.new(3, seed=seed, options=GAME.resolve_options({}))
        while not state.is_over():
            seat = state.to_move()
            if state.phase == BUILD and state.proposals > 0 and rng.random() < 0.3:
                if skip:
                    skip -= 1
                else:
                    yield state, seat
                    count -= 1
                if not count:
                    return
            calm = [a for a in state.legal_actions() if a[0] not in ("offer", "trade_with")]
            state.apply(rng.choice(calm), False)


def test_the_sharks_trade_is_one_it_can_send_and_worth_its_while_from_its_view_alone():
    picked = 0
    for state, seat in builds(24):
        world = GAME.from_view(state.view(seat), seat)
        pick = best_trade(world, seat, random.Random(1))
        redealt = best_trade(GAME.from_view(state.determinize(seat, random.Random(9)).view(seat), seat),
                             seat, random.Random(1))
        assert pick == redealt  # it reads the view only
        if pick is None:
            continue
        picked += 1
        assert pick.gain >= WORTH and 0 < pick.taken <= 1
        sent = state.clone()
        for step in steps(pick.proposal):
            sent.apply(step, False)
        assert sent.phase == ANSWER and sent.partner == pick.proposal.partner
        judge(sent)  # the partner can weigh it
    assert picked >= 2


def test_an_ai_never_proposes_a_trade_its_partner_expects_to_lose_by():
    """``ai.vetoed``: the offers whose partner, by its own judgement in worlds redealt from the
    proposer's view, expects to lose by accepting are dropped from the search's root, so neither
    an AI's move nor a hint is one; the veto reads the proposer's view only."""
    from caravan_tui.ai.policies import allowed, search_policy
    from caravan_tui.games.ahldarahd.ai import vetoed
    from caravan_tui.seats import SeatSpec

    policy = search_policy(SeatSpec.ai("normal"), iterations=150)
    kinds = set()
    # (the 23rd to 25th of the seeded walk's decisions hold offers of both kinds: each offer's
    # veto searches the partner's answer, so the test looks where they are)
    for state, seat in builds(3, skip=22):
        offers = [action for action in state.legal_actions() if action[0] == "offer"]
        if not offers:
            continue
        view = state.view(seat)
        world = GAME.from_view(view, seat)
        banned = {action for action in offers if vetoed(world, seat, action)}
        assert banned == {action for action in offers if vetoed(state, seat, action)}
        kinds.update(action in banned for action in offers)
        every = {action: (1, 0.5) for action in state.legal_actions()}
        assert set(allowed("ahldarahd", view, seat, every)) == set(every) - banned
        if banned:
            stats = policy.search_root("ahldarahd", view, seat, 3)
            assert stats and not banned & set(stats)
    assert kinds == {True, False}


def test_an_offer_the_evaluation_passes_is_vetoed_when_the_partners_own_search_would_decline_it():
    """``ai.answer_value``: the evaluation misses trades whose cost to the partner shows only
    in the turns after, so the veto also searches the partner's answer in worlds redealt from the
    proposer's view; whatever the partner really holds, the verdict is the same."""
    from caravan_tui.games.ahldarahd.ai import ANSWER_BELOW, answer_value, judged_losing, vetoed

    caught = passed = 0
    for state, seat in builds(3, skip=22):  # (where offers of both kinds are: see above)
        redealt = state.determinize(seat, random.Random(9))  # the partner holds other cards
        for action in [a for a in state.legal_actions() if a[0] == "offer"]:
            if judged_losing(state, seat, action):
                continue
            value = answer_value(state, seat, action)
            assert value == answer_value(redealt, seat, action)
            assert vetoed(state, seat, action) == (value < -ANSWER_BELOW)
            caught += value < -ANSWER_BELOW
            passed += value >= -ANSWER_BELOW
    assert caught >= 1 and passed >= 1
