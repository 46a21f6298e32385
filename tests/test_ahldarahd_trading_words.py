"""Trading a person can read: AI seats propose the trades both sides gain from, every decline
says why in words that reveal nothing, the plays list marks long shots, and the hints speak truly
of the last turn and of a rich rival."""

from __future__ import annotations

import random

import pytest
from test_ahldarahd import (
    BLUE,
    GREEN,
    RED,
    fresh,
    put_route,
    route_no,
    set_gold,
    set_hand,
    to_build,
    trading_position,
)

from caravan_tui.ai.explain import explained
from caravan_tui.ai.policies import search_policy
from caravan_tui.engine import render
from caravan_tui.games.ahldarahd import GAME
from caravan_tui.games.ahldarahd.describe import describe
from caravan_tui.games.ahldarahd.evaluation import estimate, projected_all, win_chances
from caravan_tui.games.ahldarahd.explain import explain
from caravan_tui.games.ahldarahd.mutual import mutual_trade, next_step
from caravan_tui.games.ahldarahd.proposal import steps
from caravan_tui.games.ahldarahd.proposal_draft import started
from caravan_tui.games.ahldarahd.terms import ANSWER, BUILD
from caravan_tui.games.ahldarahd.trade_dialog import TradeDialog
from caravan_tui.screens.table_panels import hint_lines
from caravan_tui.seats import SeatSpec

NAMES = ["Ann", "AI 2", "AI 3"]


def a_build_with_a_mutual_trade():
    """The first build, in a seeded random match, whose builder has a trade both sides gain
    from (as it sees it), and the trade."""
    for seed in range(40):
        state = GAME.new(3, seed=seed)
        rng = random.Random(seed)
        seen = set()
        while not state.is_over() and state.turn_no < 6:
            seat = state.to_move()
            if state.phase == BUILD and (state.turn_no, seat) not in seen:
                seen.add((state.turn_no, seat))
                found = mutual_trade(GAME.from_view(state.view(seat), seat), seat)
                if found is not None:
                    return state, seat, found
            legal = [a for a in state.legal_actions() if a[0] not in ("trade_with", "offer")]
            state.apply(rng.choice(legal), log=False)
    raise AssertionError("no build with a trade both sides gain from")


@pytest.mark.thorough
def test_an_ai_proposes_first_in_its_build_a_trade_both_sides_gain_from_and_writes_it_to_the_end():
    state, seat, found = a_build_with_a_mutual_trade()
    assert found.mine > 0 and found.theirs > 0
    policy_move = GAME.ai.plan(GAME.from_view(state.view(seat), seat), seat, 0, None, None)
    assert policy_move is not None
    written = steps(found.proposal)
    step = next(iter(policy_move[0]))
    assert step in (
        written[0],
        ("offer", found.proposal.partner, *found.proposal.side(True)[0], *found.proposal.side(False)[0]),
    )
    while state.phase != ANSWER:  # the draft goes on, step by step, to its sending
        line = next_step(GAME.from_view(state.view(seat), seat), seat)
        assert line is not None and line[-1][0] in ("send", "offer")
        state.apply(line[0])
    assert next_step(GAME.from_view(state.view(seat), seat), seat) is None  # (the partner answers)


@pytest.mark.thorough
def test_a_trade_declined_once_is_never_proposed_again_and_one_is_proposed_at_most_once_a_build():
    state, seat, found = a_build_with_a_mutual_trade()
    for step in steps(found.proposal):
        state.apply(step)
    state.apply(("decline",))
    assert state.phase == BUILD and state.to_move() == seat
    assert next_step(GAME.from_view(state.view(seat), seat), seat) is None  # once a build
    again = to_build(state.clone(), seat)  # the next build, as it were: three proposals again
    world = GAME.from_view(again.view(seat), seat)
    assert world.declined and world.declined[-1][0] == seat
    later = mutual_trade(world, seat)
    assert later is None or later.proposal != found.proposal


def test_every_decline_says_why_in_the_same_words_whatever_the_hidden_cards():
    """A reason computed from a hidden hand once told the table which cards a seat held: the
    asker's every redeal of what it cannot see reads the same decline."""
    state = trading_position()
    state.apply(("offer", BLUE, *next(a for a in state.legal_actions() if a[0] == "offer" and a[1] == BLUE)[2:]))
    lines = set()
    rng = random.Random(5)
    for _ in range(8):
        world = state.determinize(RED, rng)
        events = world.apply(("decline",))
        lines.add(" ".join(render(e.text, NAMES, RED) for e in events))
    assert lines == {"AI 2 declines: AI 2 would pay no gold for their own Right of Passage."}
    events = state.clone().apply(("decline",))
    assert render(events[0].text, NAMES, BLUE) == "You decline: you would pay no gold for your own Right of Passage."


def test_the_plays_lists_ready_made_offers_mark_the_long_shots_by_the_partners_judgement():
    state = trading_position()
    put_route(state, RED, GREEN, route_no("F", "I"))
    state.rop[GREEN] = BLUE
    state._legal = None
    offers = [a for a in state.legal_actions() if a[0] == "offer"]
    marked = {offer: describe(state, offer).endswith("(a long shot)") for offer in offers}
    assert any(marked.values()) and not all(marked.values())
    rng = random.Random(3)
    for _ in range(4):  # what the proposer cannot see decides nothing
        world = state.determinize(RED, rng)
        assert {offer: describe(world, offer).endswith("(a long shot)") for offer in offers} == marked
    assert not describe(state, offers[0], brief=True).endswith("(a long shot)")


def test_on_the_final_turn_ending_the_build_never_speaks_of_later_turns():
    """The bug: "keeps 7 gold and 0 cards for later turns" on the final turn."""
    state = to_build(fresh(seed=1), RED)
    state.final = True
    text = render(explain(state, RED, [("end",)]), NAMES, RED)
    assert "later turns" not in text and "tie" in text
    state.final = False
    assert "later turns" in explain(state, RED, [("end",)])


def test_a_bid_hint_says_what_a_rich_rival_has_and_what_the_item_is_worth_to_them():
    """The bug: the Right of Passage valued at "about 2 gold" while AI 3 held 21."""
    state = fresh(seed=1)
    opener = state.to_move()
    rival = (opener + 2) % 3
    set_gold(state, rival, 21)
    item = f"RoP {['red', 'blue', 'green'][rival]}"
    text = render(explain(state, opener, [("open", item, 1)]), NAMES, opener)
    assert f"{NAMES[rival]} has 21 gold, and it is worth about" in text


def test_the_hint_for_a_proposal_says_what_an_ai_accepts_and_what_a_decline_costs():
    state = trading_position()
    offer = next(a for a in state.legal_actions() if a[0] == "offer")
    text = render(explain(state, RED, [offer]), NAMES, RED)
    assert "an AI accepts what raises its own chances, and a decline costs only one of your 3 proposals" in text


def test_a_hint_to_write_a_trade_both_sides_gain_from_says_the_whole_trade():
    """The bug: the hint read only "Write a trade proposal to AI 2 … writes a proposal to AI 2
    step by step", leaving a newcomer to guess which trade."""
    state, rng = GAME.new(3, seed=3), random.Random(0)
    for _ in range(154):  # (seeded random play without proposals, to a build with one to make)
        calm = [a for a in state.legal_actions() if a[0] not in ("offer", "trade_with")]
        state.apply(rng.choice(calm), False)
    seat = state.to_move()
    line = next_step(state, seat)
    assert line is not None and line[0] == ("trade_with", 2)
    said = render(explain(state, seat, line), ["A", "B", "C"], seat)
    assert said == (
        "proposes: you give 1 gold; C gives any Spices card (both sides gain, by the AI's estimate, against the others)"
    )


@pytest.mark.thorough
def test_a_planned_trades_hint_is_headed_as_the_ais_pick_not_the_only_move():
    """The bug: a trade both sides gain from is planned before any search (``ai.plan``), so the
    hint had one candidate and read "The only move worth weighing: Write a trade proposal…"
    while every claim and the end of the build were open too."""
    state, seat, _ = a_build_with_a_mutual_trade()
    view = state.view(seat)
    weighed = search_policy(SeatSpec.ai("normal"), iterations=20).weigh_root(GAME.id, view, seat, 1)
    rows = [[c.action, c.share, c.value, c.reason] for c in explained(GAME.id, view, seat, weighed)]
    assert len(rows) == 1 and len(state.legal_actions()) > 1
    texts = [render(state.describe(rows[0][0], seat), NAMES, seat)]
    lines = hint_lines(rows, texts, "", view["scores"], seat, 3, None, choices=len(state.legal_actions()))
    assert lines[0].startswith("The hint's pick: ") and "only move" not in " ".join(lines)


def test_a_city_in_reach_taken_is_worth_more_than_left_and_ending_says_no_more():
    """A hint put "End your build — keeps 6 gold" above a claim taking the Horses city (+3 gold),
    and in a match "End your build" above a claim taking a city for a point and 5 gold: the
    evaluation counted a city still to take with the hope of a bonus and a city taken without
    it, and the reason for ending only said so. A city held at home keeps the hope now."""
    state = fresh(3, seed=1)
    set_gold(state, RED, 5)
    set_hand(state, RED, ["red Horses"])
    to_build(state, RED)
    put_route(state, RED, RED, route_no("F", "I"))  # the Horses city (I) is one route short
    claim = next(a for a in state.legal_actions() if a[0] == "claim" and a[1:3] == ("red", route_no("I", "J")))
    taken, ended = state.clone(), state.clone()
    taken.apply(claim)
    ended.apply(("end",))
    assert taken.points()[RED] == state.points()[RED] + 1
    assert estimate(taken)[RED] > estimate(ended)[RED]
    assert render(explain(state, RED, [("end",)]), NAMES, RED) == "keeps 5 gold and 1 card for later turns"


@pytest.mark.thorough
def test_a_trade_both_sides_gain_from_once_sent_is_judged_by_what_it_moves_not_charged_as_a_draft():
    """The hint advises a trade both sides gain from (planned, unsearched); the review weighs the
    person's sent draft by search, whose evaluation charged the draft for the rest of the turn
    (0.05 of win chance): a hinted trade was graded a mistake. Once sent, only the trade counts."""
    state, seat, found = a_build_with_a_mutual_trade()
    for step in steps(found.proposal):
        state.apply(step, False)
    assert state.phase == ANSWER
    plain = win_chances(state, projected_all(state))
    assert estimate(state)[seat] == plain[seat]
    state.apply(("accept",), False)
    if state.phase == BUILD:
        assert estimate(state)[seat] == win_chances(state, projected_all(state))[seat]


def test_the_trade_builders_partner_rows_count_a_single_card_in_the_singular():
    """The bug: "Propose to AI 2 (5 gold, 1 cards in hand)"."""
    state = fresh(3)
    state.hand[BLUE] = state.hand[BLUE] & -state.hand[BLUE]  # (its lowest card only)
    dialog = TradeDialog(state.view(RED), RED, [BLUE, GREEN], lambda q: f"AI {q + 1}", str, lambda _: None)
    dialog.draft = started([BLUE, GREEN])
    assert dialog.row_text(("partner", BLUE)).plain == f"  Propose to AI 2 ({state.gold[BLUE]} gold, 1 card in hand)"
    assert dialog.row_text(("partner", GREEN)).plain.endswith(", 3 cards in hand)")


def test_a_card_bought_with_gold_is_worth_the_claim_it_makes_with_the_gold_left():
    """Seed 191's last build: "Propose to AI 3: 3 gold for any Spices card — if AI 3 accepts: worth
    about 0 gold to you"; accepted, the card's claim took the Ivory city and tied the match. The
    card's worth was capped at the gold left after its claim, which the proposal had already paid.
    Here (seed 141, 5 gold and no card), 3 gold for a Salt card makes a claim with the 2 left."""
    from ahldarahd_seed141 import after

    from caravan_tui.games.ahldarahd.trading import offer_net, side_worth

    state = after(116)
    offer = ("offer", 2, "gold", 3, "card", "Salt")
    assert state.to_move() == 0 and state.gold[0] == 5 and state.hand[0] == 0 and offer in state.legal_actions()
    capped = side_worth(state, 0, "card", "Salt", False) - 3
    assert round(capped) == 1 and offer_net(state, 0, offer) >= capped + 4
    said = render(explain(state, 0, [offer]), ["Ann", "AI 2", "AI 3"], 0)
    assert said.startswith(f"if AI 3 accepts: worth about +{round(offer_net(state, 0, offer))} gold to you"), said


def test_the_trade_builders_gold_rows_are_ticked_as_its_card_rows_are():
    """Seed 211: "You give 3 gold (you have 6)" had no ✓ beside "✓ Ask any Salt card ×1"."""
    from dataclasses import replace

    state = fresh(3)
    dialog = TradeDialog(state.view(RED), RED, [BLUE, GREEN], lambda q: f"AI {q + 1}", str, lambda _: None)
    dialog.draft = started([BLUE, GREEN])
    assert dialog.row_text(("give_gold",)).plain.startswith("  You give 0 gold")
    dialog.draft = replace(dialog.draft, proposal=replace(dialog.proposal, give_gold=3, ask_gold=1))
    assert dialog.row_text(("give_gold",)).plain.startswith("✓ You give 3 gold (you have ")
    assert dialog.row_text(("ask_gold",)).plain.startswith("✓ You ask 1 gold (AI 2 has ")


def test_a_ready_made_offer_its_partner_declined_this_build_says_so():
    """A ready-made "Propose to AI 3: you give 3 gold for any Textiles card (costs you about 1
    gold)" was declined, and stood first in the plays list as it was: sending it again only
    spends a proposal (AI seats never do)."""
    state = trading_position()
    offer = next(a for a in state.legal_actions() if a[0] == "offer" and a[1] == BLUE)
    assert "declined" not in describe(state, offer)
    state.apply(offer)
    state.apply(("decline",))
    again = next(a for a in state.legal_actions() if a == offer)
    said = render(describe(state, again), NAMES, RED)
    assert "(AI 2 declined it this build; you give about" in said and "long shot" not in said, said


def test_a_ready_made_offer_beside_one_declined_this_build_says_what_was_declined():
    """ "Propose to AI 2: you give 3 gold for any Metals card (AI 2 declined it this build)" read
    as an offer never made, where 2 and 5 gold had been declined."""
    state = trading_position()
    three, five = (("offer", BLUE, "item", "RoP blue", "gold", ask) for ask in (3, 5))
    assert {three, five} <= set(state.legal_actions())
    state.apply(three)
    state.apply(("decline",))
    assert "(AI 2 declined it this build" in render(describe(state, three), NAMES, RED)
    said = render(describe(state, five), NAMES, RED)
    assert "(AI 2 declined it asking only 3 gold this build" in said, said
    state.refused = ((BLUE, 5, 0, (), ("card Metals",)),)  # (5 gold offered for a Metals card)
    said = render(describe(state, ("offer", BLUE, "gold", 3, "card", "Metals")), NAMES, RED)
    assert "(AI 2 declined 5 gold for it this build" in said, said


def test_the_rules_say_when_the_plays_list_offers_ready_proposals():
    """The rules promised "a few ready proposals" in every build; a newcomer looked through ten
    builds and met one. They say which the list offers, and that most builds have none."""
    from caravan_tui.games import get_game

    rules = " ".join(get_game("ahldarahd").rules.split())
    assert "also offers ready proposals where it sees one that helps you" in rules
    assert "most builds have none" in rules and "offers a few ready proposals" not in rules
    # (an item bought in a trade: an AI sold the Pirate Queen for 3 and won it back at auction for 1)
    assert "Pay little for an item in a trade: any player may open its auction on the next turn" in rules


def test_an_auction_won_by_the_items_holder_says_it_is_kept():
    """The log said "AI 2 wins the Pirate Queen for 0 gold" of an item AI 2 held already."""
    import random
    import re

    from caravan_tui.engine import render
    from caravan_tui.games import get_game
    from caravan_tui.games.ahldarahd.cards import ROP

    game, kept = get_game("ahldarahd"), 0
    for seed in range(6):
        state, rng = game.new(3, seed=seed, options=game.quick_options), random.Random(seed)
        while not state.is_over():
            item = state.item
            holder = state.holder(item) if item >= ROP else -1
            events = state.apply(rng.choice(state.legal_actions()))
            for event in events:
                said = render(event.text, ["Ann", "Bob", "Cyd"], None)
                award = re.match(r"(\w+) (wins|keeps) .* for \d+ gold \(Camel", said)
                if award is None or holder < 0:
                    continue
                held = award[1] == ("Ann", "Bob", "Cyd")[holder]
                assert (award[2] == "keeps") == held, said
                kept += held
    assert kept
