"""The shark (``games/ahldarahd/shark.py``): the trading adversary the AI's trades are measured
against (docs/ai.md, "AI trading, restated")."""

from __future__ import annotations

import random

import pytest

from caravan_tui.ai.explain import explained
from caravan_tui.ai.ismcts import search
from caravan_tui.ai.policies import search_policy, search_settings, vetted
from caravan_tui.ai.worker import Question
from caravan_tui.games import get_game
from caravan_tui.games.ahldarahd.proposal import steps
from caravan_tui.games.ahldarahd.shark import WORTH, best_trade
from caravan_tui.games.ahldarahd.terms import ANSWER, BUILD
from caravan_tui.games.ahldarahd.trading import judge
from caravan_tui.seats import SeatSpec

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


@pytest.mark.thorough
def test_the_sharks_trade_is_one_it_can_send_and_worth_its_while_from_its_view_alone():
    picked = 0
    for state, seat in builds(24):
        world = GAME.from_view(state.view(seat), seat)
        pick = best_trade(world, seat, random.Random(1))
        redealt = best_trade(
            GAME.from_view(state.determinize(seat, random.Random(9)).view(seat), seat), seat, random.Random(1)
        )
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


def decision(number: int):
    """The seeded walk's build decision ``number`` (from 0), and its seat."""
    return next(builds(1, skip=number))


#: decisions of the walk where the search (normal's settings at ``VETO_ITERATIONS``, seed 3)
#: likes an offer the veto rejects: at the first, most of all; at the second, third
OFFER_FIRST, OFFER_THIRD = 74, 272
VETO_ITERATIONS = 60


def ranked(policy, state, seat) -> list:
    """The root actions of ``policy``'s searches (merged), most visited first, as the search left
    them: before the veto."""
    view = state.view(seat)
    stats = policy.merge([policy.search_root(GAME.id, view, seat, 3, index) for index in range(policy.level.searches)])
    return sorted(stats, key=lambda action: -stats[action][0])


@pytest.mark.thorough
@pytest.mark.parametrize("level", ["normal", "hard"])  # hard merges two searches
def test_where_the_search_likes_an_offer_the_veto_rejects_best_the_ai_makes_its_next_best_move(level):
    """``ai.vetoed`` is asked after the searches, of the move they chose: an offer whose partner,
    by its own judgement in worlds redealt from the proposer's view, expects to lose by
    accepting is never made; the AI makes the next most visited move instead, without searching
    again. The veto reads the proposer's view only."""
    from caravan_tui.games.ahldarahd.ai import vetoed

    policy = search_policy(SeatSpec.ai(level), iterations=VETO_ITERATIONS)
    state, seat = decision(OFFER_FIRST)
    order = ranked(policy, state, seat)
    world = GAME.from_view(state.view(seat), seat)
    verdicts = {action: vetoed(world, seat, action) for action in order[:3]}
    assert verdicts == {action: vetoed(state, seat, action) for action in order[:3]}
    assert order[0][0] == "offer" and verdicts[order[0]]  # the search liked a vetoed offer best
    made = policy.choose(GAME.id, state.view(seat), seat, 3)
    assert made == next(action for action in order if not verdicts.get(action, False)) != order[0]


@pytest.mark.thorough
def test_a_hint_passes_over_the_offers_the_veto_rejects_and_asks_the_veto_of_no_move_it_does_not_show(monkeypatch):
    """A hint shows the three most visited moves the veto allows (``policies.vetted``); the veto,
    a search of its own, is asked of those and of the rejected ones passed over, no other."""
    from caravan_tui.games.ahldarahd import ai

    policy = search_policy(SeatSpec.ai("normal"), iterations=VETO_ITERATIONS)
    state, seat = decision(OFFER_THIRD)
    view = state.view(seat)
    weighed = policy.weigh_root(GAME.id, view, seat, 3)
    order = ranked(policy, state, seat)
    asked = []
    offer_net = ai.offer_net

    def asking(world, seat, action):
        asked.append(action)
        return offer_net(world, seat, action)

    monkeypatch.setattr(ai, "offer_net", asking)  # (the veto's first step, asked of every offer)
    shown = [candidate.action for candidate in explained(GAME.id, view, seat, vetted(GAME.id, view, seat, weighed))]
    monkeypatch.undo()
    allowed, passed = [], []
    for action in order:
        if len(allowed) == 3:
            break
        (passed if ai.vetoed(state, seat, action) else allowed).append(action)
    assert shown == allowed and set(passed) & set(order[:3])  # the search's own top three held rejected offers
    walked = order[: len(allowed) + len(passed)]
    assert asked == [action for action in walked if action[0] == "offer"]
    assert any(action[0] == "offer" for action in order[len(walked) :])  # offers below were never weighed


@pytest.mark.thorough
async def test_the_ai_workers_make_and_show_no_offer_the_veto_rejects(worker):
    """In the worker pool as in the app: a decision and its record, a hint, and a hard move
    (two searches merged, then vetted) pass over the rejected offers as above."""
    from caravan_tui.games.ahldarahd.ai import vetoed

    normal = search_policy(SeatSpec.ai("normal"), iterations=VETO_ITERATIONS)
    hard = search_policy(SeatSpec.ai("hard"), iterations=VETO_ITERATIONS)
    state, seat = decision(OFFER_FIRST)
    view = state.view(seat)
    decided = await worker.decide(normal, Question(GAME.id, view, seat, 3))
    assert decided.action == normal.choose(GAME.id, view, seat, 3) == decided.weighed[0].action
    assert decided.action != ranked(normal, state, seat)[0]
    assert not any(vetoed(state, seat, candidate.action) for candidate in decided.weighed)
    made = await worker.choose(hard, Question(GAME.id, view, seat, 3))
    assert made == hard.choose(GAME.id, view, seat, 3) != ranked(hard, state, seat)[0]
    state, seat = decision(OFFER_THIRD)
    shown = await worker.explain(normal, GAME.id, state.view(seat), seat, 3)
    assert len(shown) == 3 and not any(vetoed(state, seat, candidate.action) for candidate in shown)
    assert [candidate.action for candidate in shown] != ranked(normal, state, seat)[:3]


@pytest.mark.thorough
def test_an_offer_the_evaluation_passes_is_vetoed_when_the_partners_own_search_would_decline_it(monkeypatch):
    """``ai.answer_value``: the evaluation misses trades whose cost to the partner shows only
    in the turns after, so the veto also searches the partner's answer in worlds redealt from the
    proposer's view; whatever the partner really holds, the verdict is the same."""
    from caravan_tui.games.ahldarahd import ai

    searched = {}
    answer_value = ai.answer_value

    def recorded(state, seat, action, *args):
        searched[action] = answer_value(state, seat, action, *args)
        return searched[action]

    monkeypatch.setattr(ai, "answer_value", recorded)  # (the veto's own search, not run twice)
    caught = passed = 0
    # (the walk's 27th to 32nd decisions hold offers the evaluation passes: one the answer search
    # vetoes, others it allows)
    for state, seat in builds(6, skip=26):
        redealt = state.determinize(seat, random.Random(9))  # the partner holds other cards
        for action in [a for a in state.legal_actions() if a[0] == "offer"]:
            if ai.offer_net(state, seat, action) < 0 or ai.judged_losing(state, seat, action):
                continue  # (vetoed before any search)
            verdict = ai.vetoed(state, seat, action)
            value = searched[action]
            assert value == answer_value(redealt, seat, action)
            assert verdict == (value < -ai.ANSWER_BELOW)
            caught += verdict
            passed += not verdict
    assert caught >= 1 and passed >= 1


@pytest.fixture
def budgets(monkeypatch) -> list[int]:
    """The iterations of each search the Ahldarahd AI's veto runs from now on, in order."""
    from caravan_tui.games.ahldarahd import ai

    asked: list[int] = []
    search = ai.search

    def counted(world, seat, **settings):
        asked.append(settings["iterations"])
        return search(world, seat, **settings)

    monkeypatch.setattr(ai, "search", counted)
    return asked


def test_where_the_proposers_view_fixes_the_partners_hand_the_veto_searches_one_world_with_the_whole_budget(budgets):
    """Worlds redealt from the proposer's view that agree on the partner's hand differ in nothing
    the partner's search does not redeal itself: ``ai.answer_value`` then searches once with the
    budget of all its worlds, not the same small estimate several times (docs/ai.md, "The trap
    at 87019"). Otherwise one search a world."""
    from caravan_tui.games.ahldarahd import ai

    state, seat = decision(0)
    offer = next(a for a in state.legal_actions() if a[0] == "offer")
    partner = offer[1]
    assert state.hand[partner] & ~state.known[partner] and not ai.hand_seen(state, seat, partner)
    ai.answer_value(state, seat, offer, 3, 20)
    assert budgets == [20, 20, 20]
    budgets.clear()
    shown = state.clone()
    shown.known[partner] = shown.hand[partner]  # every card of the partner's hand seen (as traded ones are)
    assert ai.hand_seen(shown, seat, partner)
    ai.answer_value(shown, seat, offer, 3, 20)
    assert budgets == [60]


@pytest.mark.thorough
def test_at_easy_a_search_of_its_own_size_screens_an_offer_and_only_what_it_passes_is_weighed_in_full(budgets):
    """Easy searches 100 iterations a move; the full veto 1,200. An easy seat's offer is first
    screened by one search of ``SCREEN_ITERATIONS`` (its rejection costs no more than a move);
    one the screen passes must pass the full veto all the same, so easy allows no offer the
    full veto rejects (docs/ai.md, "The veto at easy")."""
    from caravan_tui.games.ahldarahd import ai

    screened = weighed = 0
    # (offers the evaluation passes: at the 78th build two the screen rejects, at the 159th one it passes)
    for state, seat in (*builds(1, skip=77), *builds(1, skip=158)):
        for action in [a for a in state.legal_actions() if a[0] == "offer"]:
            if ai.offer_net(state, seat, action) < 0 or ai.judged_losing(state, seat, action):
                continue  # (vetoed before any search)
            budgets.clear()
            easy = ai.vetoed(state, seat, action, "easy")
            asked = list(budgets)
            full = ai.vetoed(state, seat, action)
            assert asked[0] == ai.SCREEN_ITERATIONS and (full or not easy)
            if len(asked) == 1:
                screened += 1  # rejected by the screen alone
                assert easy
            else:
                weighed += 1
                assert asked[1:] == budgets[len(asked) :] and easy == full  # the full veto's own searches
    assert screened and weighed


def test_an_easy_seat_asks_the_veto_as_easy_and_a_normal_seat_in_full(monkeypatch):
    """The level's name reaches the game's veto from a decision (``policies.pick``) and a hint
    (``policies.vetted``)."""
    import dataclasses

    from caravan_tui.ai import policies

    levels = []

    def recorded(state, seat, action, level=None):
        levels.append(level)
        return GAME.ai.vetoed(state, seat, action, level)

    class Recording:
        ai = dataclasses.replace(GAME.ai, vetoed=recorded)

        def __getattr__(self, name):
            return getattr(GAME, name)

    monkeypatch.setattr(policies, "get_game", lambda game_id: Recording())
    state, seat = decision(OFFER_FIRST)
    for level in ("easy", "normal"):
        levels.clear()
        policy = search_policy(SeatSpec.ai(level), iterations=VETO_ITERATIONS)
        policy.choose(GAME.id, state.view(seat), seat, 3)
        weighed = policy.weigh_root(GAME.id, state.view(seat), seat, 3)
        vetted(GAME.id, state.view(seat), seat, weighed, level=policy.level.name)
        assert levels and set(levels) == {level}


def test_a_review_names_as_the_better_move_no_offer_the_veto_rejects():
    """A review's better move is the one an AI seat would make from the review's search: where
    that search likes best an offer the veto rejects (a trap for its partner), the review names
    the next most visited move the veto allows, as a hint does, and weighs the person's offer
    against it."""
    from caravan_tui.ai.review import Position, judge, review_level, seed_of
    from caravan_tui.games.ahldarahd.ai import vetoed

    state, seat = decision(OFFER_FIRST)
    view = state.view(seat)
    world = GAME.from_view(view, seat)
    searched = search(
        world,
        seat,
        iterations=VETO_ITERATIONS,
        seed=seed_of(seat, 0),
        **search_settings(review_level(GAME, VETO_ITERATIONS), GAME),
    )
    order = sorted(searched.root.children, key=lambda action: -searched.root.children[action].visits)
    assert order[0][0] == "offer" and vetoed(state, seat, order[0])  # the search likes a trap best
    judged = judge(GAME.id, seat, Position(0, view, order[0]), VETO_ITERATIONS)  # the person made it
    assert judged.best == next(action for action in order if not vetoed(state, seat, action)) != order[0]
    assert judged.better == world.describe(judged.best, seat) and judged.action == order[0]
