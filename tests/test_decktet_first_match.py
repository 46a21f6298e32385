"""What newcomers found in their first Decktet Caravan match: a hyphen for a minus ("-3",
"-12") in the header, the score tables, the hint and the log; the final screen without the last
hand's breakdown; "How it stands" rating a level position stronger without saying on what."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest
from rich.console import Console
from test_decktet_screen import GAME, OPTIONS, SIZE, DecktetCaravanScreen, find_seed, make_app

from caravan_tui.ai.explain import headline
from caravan_tui.engine import render
from caravan_tui.games.decktet_caravan.cards import ACES, CROWNS, SUITS, WILD_MASK
from caravan_tui.games.decktet_caravan.combos import BANDIT, MOVES
from caravan_tui.games.decktet_caravan.explain import explain
from caravan_tui.games.decktet_caravan.looks import info_text
from caravan_tui.games.decktet_caravan.standing import COUNTED, counted_on, hand_standing, standing_basis
from caravan_tui.textual_adapter import screen_lines
from caravan_tui.widgets import TablePanel
from caravan_tui.words import MINUS

from tables import Table, settled, wait_for

HYPHEN_MINUS = re.compile(r"(?<![\w–])-\d")


def text_of(renderable) -> str:
    console = Console(width=80, record=True)
    console.print(renderable)
    return console.export_text()


def random_position(seed: int, test, moves: int = 60):
    """Actions from the deal by ``seed`` (random plays) to the first position where ``test``
    holds, and that position."""
    state, rng, actions = GAME.new(2, seed=seed, options=OPTIONS), random.Random(seed), []
    while not test(state):
        assert not state.is_over() and len(actions) < moves, "no such position"
        action = rng.choice(state.legal_actions())
        state.apply(action, False)
        actions.append(action)
    return actions, state


@pytest.mark.thorough
async def test_every_negative_score_on_the_table_reads_with_a_minus_sign(tmp_path):
    app = make_app(tmp_path)
    table = Table(app, "decktet_caravan", DecktetCaravanScreen, 1, OPTIONS)
    async with app.run_test(size=SIZE) as pilot, table:
        screen = table.screen
        await wait_for(pilot, lambda: settled(screen), "the table")
        up = screen.table.view["up"]
        view = dict(screen.table.view) | {
            "scores": [-3, -12],
            "collected_points": [-4, 2],
            "history": [[1, None, 0, [-4, 2], [-4, 2], up, [[-4, 0], [2, 0]]]],
        }
        shown = [
            info_text(view, screen.table).plain,
            text_of(screen.hand_summary(view, view["history"][0])),
            text_of(screen.match_summary(view)),
        ]
        for text in shown:
            assert not HYPHEN_MINUS.search(text), text
        assert f"{MINUS}3" in shown[0] and f"{MINUS}12" in shown[0] and f"pile {MINUS}4" in shown[0]
        assert f"{MINUS}12" in shown[1] and f"{MINUS}4" in shown[2]


def test_the_hints_reasons_and_the_log_write_a_loss_with_a_minus_sign():
    losses = 0
    for seed in range(8):
        state, rng = GAME.new(2, seed=seed, options=OPTIONS), random.Random(seed)
        while not state.is_over():
            for action in state.legal_actions():
                reason = render(explain(state, state.turn, [action]), ["Ann", "Bob"], state.turn)
                assert not HYPHEN_MINUS.search(reason), reason
                losses += MINUS in reason
            for event in state.apply(rng.choice(state.legal_actions())):
                text = event.render(["Ann", "Bob"], 0)
                assert not HYPHEN_MINUS.search(text), text
    assert losses


@pytest.mark.thorough
async def test_the_final_screen_gives_the_last_hand_its_breakdown(tmp_path):
    actions, state = random_position(3, lambda s: s.is_over(), moves=200)
    app = make_app(tmp_path)
    async with (
        app.run_test(size=SIZE) as pilot,
        Table(app, "decktet_caravan", DecktetCaravanScreen, 3, OPTIONS, actions[:-1]) as table,
    ):
        screen = table.screen
        await wait_for(pilot, lambda: screen.table.view is not None and screen.table.names, "the table")
        summary = text_of(screen.match_summary(state.view(0)))
        assert "Hand 1 of 1" in summary and "Going out" in summary and "Collected pile" in summary


def test_a_level_score_and_a_stronger_position_say_on_what_they_differ():
    basis = "on the race to go out: You hold 2 cards, Bob holds 3"
    assert headline(0.8, [3, 3], 0, lambda stronger: basis, COUNTED) == (
        f"level on {COUNTED}, but the hint rates your position stronger "
        "on the race to go out: You hold 2 cards, Bob holds 3 (80% to win)"
    )
    assert headline(0.8, [3, 3], 0).startswith("level on points, but the hint rates your position stronger on ")
    # (where it expects a win, or a loss, it says so: "stronger … (100% to win)" undersold a sure win)
    assert headline(0.9, [3, 3], 0, lambda stronger: basis, COUNTED) == (
        f"level on {COUNTED}, but the hint expects you to win on the race to go out: You hold 2 cards, Bob holds 3 "
        "(90% to win)"
    )
    assert headline(0.1, [3, 3], 0).startswith("level on points, but the hint expects you to lose on ")
    view = GAME.new(2, seed=1, options=OPTIONS).view(0)
    assert render(standing_basis(view, 0, True), ["Ann", "Bob"], 0) == "on the cards in hand"


def test_a_stronger_position_is_never_said_to_rest_on_what_bears_it_out_the_other_way():
    """Over SSH: "level on points, but the hint rates your position stronger on this hand's piles:
    you +3, Bob +7"."""
    view = dict(GAME.new(2, seed=1, options=OPTIONS).view(0))
    view.update(collected_points=[3, 7], season=[], hand_sizes=[3, 2])
    assert render(standing_basis(view, 0, True), ["Ann", "Bob"], 0) == "on the cards in hand"
    view.update(hand_sizes=[2, 3])
    assert render(standing_basis(view, 0, True), ["Ann", "Bob"], 0) == (
        "on the race to go out: you hold 2 cards, Bob holds 3"
    )
    assert render(standing_basis(view, 0, False), ["Ann", "Bob"], 0) == "on the cards in hand"
    # once a player is out, the hand ends with the last play: "on the cards in hand" stood at it
    view.update(out_player=1, hand_no=3, hands_total=5)
    assert standing_basis(view, 0, True) == "on the hands still to play"
    view.update(hand_no=5)
    assert standing_basis(view, 0, True) == "on the play to come"


def test_how_it_stands_counts_the_hands_piles_and_the_going_out_bonus():
    """Hand 2, the other player out, piles −7 to +7: "How it stands: you lead on points, but the
    AI rates the game even" (12 to 11 banked), and the hand ended 5 to 10. The hint counts what
    the hand has settled: the piles, and the bonus of a player who is out."""
    view = dict(GAME.new(2, seed=1, options=OPTIONS).view(0))
    view.update(scores=[12, 11], collected_points=[-7, 7], out_player=1, hand_sizes=[2, 0])
    assert hand_standing(view) == [5.0, 11 + 7 + 5 + 2]
    assert headline(0.5, hand_standing(view), 0, scored_on=counted_on(view)) == (
        "you trail on points so far (the hands banked, this hand's piles and the going-out bonus), "
        "but the hint rates the game even (50% to win)"
    )  # (the bonus named: "you trail on … (the hands banked and this hand's piles)" led 17 to 7 on those)
    # both piles empty, 11 to 10 banked: it read "you lead on points with this hand's piles"
    view.update(scores=[11, 10], collected_points=[0, 0], out_player=None)
    assert headline(0.2, hand_standing(view), 0, scored_on=COUNTED) == (
        "you lead on points so far (the hands banked and this hand's piles), but the hint expects you to fall behind "
        "(20% to win)"
    )


@pytest.mark.thorough
async def test_the_hints_how_it_stands_names_what_the_ai_rates_stronger(tmp_path):
    app = make_app(tmp_path)
    table = Table(app, "decktet_caravan", DecktetCaravanScreen, find_seed(lambda s: s.to_move() == 0), OPTIONS)
    async with app.run_test(size=SIZE) as pilot, table:
        screen = table.screen
        await wait_for(pilot, lambda: settled(screen) and screen.table.turn is not None, "my turn")
        action = screen.table.legal[0]
        screen.table_state = dataclasses.replace(
            screen.table, hint_candidates=[["x", 0.9, 0.95, "", list(action)]]
        )  # level on points, rated ahead
        screen.show_hint(action, "")
        await pilot.pause()
        said = screen.query_one("#hint-panel", TablePanel).text
        stands = f"level on {COUNTED}, but the hint expects you to win on the cards in hand (95% to win)"
        assert f"How it stands: {stands}." in said


def test_a_bandit_nothing_beats_is_not_said_to_be_beatable():
    """The bug: the hint for an Ace and the Crown of its suit on the AI's bandit said "AI 2 must
    beat it or collect 8 cards worth −4; the last Ace or Crown in hand": nothing beats that bandit
    (rules §3), and the last words said nothing of what the play did."""
    said = []
    for state, seat, action, move in bandits_on_a_season(40):
        reason = explain(state, seat, [action])
        assert "the last Ace or Crown in hand" not in reason, reason
        if move[4] == 4:
            said.append(reason)
            assert "must beat it" not in reason and f"{{p{1 - seat}}} cannot beat it: " in reason, reason
    assert said


def bandits_on_a_season(seeds: int):
    """Every bandit the seat to move could play on an open season, along seeded random matches:
    (the position, its seat, the bandit's action, its move record)."""
    for seed in range(seeds):
        state, rng = GAME.new(2, seed=seed, options=OPTIONS), random.Random(seed)
        while not state.is_over():
            seat = state.to_move()
            for action in state.legal_actions():
                move = MOVES.get(action)
                if move is not None and move[1] == BANDIT and state.top is not None:
                    yield state, seat, action, move
            state.apply(rng.choice(state.legal_actions()), False)


def test_a_play_that_goes_out_says_its_bonus_holds_if_the_other_passes_and_what_it_collects():
    """Found in a two-hand match: the hint on the last card said "goes out: +5, +6 for AI 2's
    cards", and the hand scored +10 for going out: AI 2 made its one last play (rules §5.1), a
    card fewer in hand. The bonus counts the cards left when the hand ends, and the season is
    collected as any other: the hint says both hold if the other passes."""
    said = []
    for seed in range(30):
        state, rng = GAME.new(2, seed=seed, options=OPTIONS), random.Random(seed)
        while not state.is_over():
            seat = state.to_move()
            for action in state.legal_actions():
                move = MOVES.get(action)
                if move is None or state.hands[seat] & ~move[2] or state.out_player is not None:
                    continue
                other = ["Ann", "Bob"][1 - seat]
                reason = render(explain(state, seat, [action]), ["Ann", "Bob"], seat)
                said.append(reason)
                found = re.search(
                    rf"goes out: \+5 and \+\d+ for {other}'s cards, and (you|{other}) collects? \d+ card", reason
                )
                # (a bandit the other cannot beat, by the count of Aces and Crowns the table shows:
                # no "if … passes" hedge, which read as a risk there was not)
                wilds = (state.hands[1 - seat] & WILD_MASK).bit_count()
                sure = move[1] == BANDIT and (move[4] == 4 or wilds < (1 if move[4] == 1 else 2))
                unless = f"as {other} cannot beat it" if sure else f"if {other} passes rather than make one last play"
                assert found and unless in reason, reason
            state.apply(rng.choice(state.legal_actions()), False)
    assert said


def ended_with_cards_held() -> tuple[dict, dict]:
    """The last views of a random match in which seat 0 went out and seat 1 was left holding
    cards: seat 0's, then seat 1's."""
    for seed in range(60):
        state, rng = GAME.new(2, seed=seed, options=OPTIONS), random.Random(seed)
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()), False)
        if state.view(0)["out_player"] == 0 and state.view(0)["discard"]:
            return state.view(0), state.view(1)
    raise AssertionError("no match ended with cards left held")


def test_a_finished_match_knows_the_cards_the_loser_was_left_holding():
    """The replay's last move showed "AI 2 · 0 in hand" and "AI 2's hand (0) (no cards)" beside
    "Root scores +5 and +2 for the 2 cards AI 2 holds": the rules take them as the hand is scored.
    Once the match is over, the seat left holding cards shows them (``left_holding``)."""
    from caravan_tui.games.decktet_caravan.looks import left_holding

    out_view, held = ended_with_cards_held()
    assert left_holding(held, 1) == out_view["discard"] and held["hand"] == []
    assert left_holding(held, 0) == [] and left_holding(held, None) == []
    assert left_holding(dict(held, over=False), 1) == []  # (only once the match is over)


@pytest.mark.thorough
async def test_a_finished_match_shows_the_cards_the_loser_was_left_holding(tmp_path):
    from caravan_tui.games.decktet_caravan.looks import hand_look

    out_view, held = ended_with_cards_held()
    app = make_app(tmp_path)
    table = Table(app, "decktet_caravan", DecktetCaravanScreen, 1, OPTIONS)
    async with app.run_test(size=SIZE) as pilot, table:
        screen = table.screen
        await wait_for(pilot, lambda: settled(screen), "the table")
        shown = info_text(out_view, screen.table).plain
        assert f"left holding {len(out_view['discard'])}: " in shown and " 0 in hand" not in shown
        seat_1 = dataclasses.replace(screen.table, view=held, seat=1)
        look = hand_look(seat_1)
        assert [card for card, _ in look.cards] == held["discard"]
        assert look.title == f"Your hand: left holding {len(held['discard'])} at the end"


@pytest.mark.thorough
async def test_the_header_shows_every_card_of_both_piles_late_in_a_hand(tmp_path):
    """Late in a hand, with the player's pile on three lines, the other's last card (8∿⌘) was
    gone from the header without a mark, the Season box below it half empty."""
    from caravan_tui.games.decktet_caravan.rules import IDS

    app = make_app(tmp_path)
    table = Table(app, "decktet_caravan", DecktetCaravanScreen, 1, OPTIONS)
    async with app.run_test(size=SIZE) as pilot, table:
        screen = table.screen
        await wait_for(pilot, lambda: settled(screen), "the table")
        cards = list(IDS)
        view = dict(screen.table.view) | {
            "collected": [cards[:20], cards[20:33]],
            "aside_up": cards[33:35],
            "hand": cards[35:],
        }
        screen.table_state = dataclasses.replace(screen.table, view=view)
        await pilot.pause()
        info = screen.query_one("#dc-info")
        shown = info_text(view, screen.table)
        rows = len(shown.wrap(app.console, info.content_size.width))
        assert rows > 8 and info.content_size.height == rows
        hand = screen.query_one("#dc-hand")  # (and the hand whole under it)
        assert hand.region.bottom <= screen.query_one("#status").region.y, "\n".join(screen_lines(app.screen))


def test_a_beatable_bandit_says_what_beats_it_and_that_a_hand_of_aces_and_crowns_goes_out_by_it():
    """Match 2 (3 hands, seed 1263), move 10: a lone Ace on AI 2's caravan, AI 2 holding one card,
    an Ace or a Crown by the count the table shows; a Crown beat it and went out for +17. The
    review's "Better" and "Yours" both said "AI 2 must beat it", "+2" beside "+3": what beats a
    bandit is said, and where the other holds only Aces and Crowns, that one which beats it goes
    out."""
    beaten = {1: "a lone Crown, or an Ace and a Crown", 2: "an Ace and a Crown", 3: "an Ace and the Crown"}
    checked = set()
    for state, seat, action, move in bandits_on_a_season(20):
        other = 1 - seat
        wilds = state.hands[other] & WILD_MASK
        if move[4] == 4 or not wilds or state.out_player is not None or wilds == state.hands[other]:
            continue
        if not can_beat(state, other, move[4]):  # (one Ace or Crown beats no pair; a pair unseen)
            reason = explain(state, seat, [action])
            assert "cannot beat it" in reason and "must beat it" not in reason, reason
            continue
        reason = explain(state, seat, [action])
        with_ = "a lone Crown)" if move[4] == 1 and wilds.bit_count() == 1 else beaten[move[4]]
        assert f"must beat it (with {with_}" in reason and "goes out" not in reason, reason
        last = state.clone()  # the other down to its Aces and Crowns, as few as beat it
        crowns = [card for card in CROWNS if wilds >> card & 1]
        last.hands[other] = wilds if move[4] > 1 or not crowns else 1 << crowns[0]
        reason = explain(last, seat, [action])
        said = f"{{p{other}}} {{p{other}:has}} only Aces and Crowns left: one that beats it goes out"
        assert said in reason if can_beat(last, other, move[4]) else "cannot beat it" in reason, reason
        checked.add(move[4])
    assert checked == {1, 2, 3}


def can_beat(state, other: int, level: int) -> bool:
    """Whether a hand of ``other``'s count of Aces and Crowns, drawn from those ``other``'s
    opponent has not seen (``other``'s hand and the cards set aside unseen), may hold a bandit
    above ``level`` (rules §3): a lone Crown over a lone Ace; an Ace and a Crown over a lone
    Crown; an Ace and the Crown of its suit over an Ace and a Crown of two suits."""
    held = (state.hands[other] & WILD_MASK).bit_count()
    unseen = [card for card in ACES + CROWNS if (state.hands[other] | state.aside) >> card & 1]
    aces = [card for card in unseen if card in ACES]
    crowns = [card for card in unseen if card in CROWNS]
    if level == 1:
        return held >= 1 and bool(crowns)
    if level == 2:
        return held >= 2 and bool(aces) and bool(crowns)
    return level == 3 and held >= 2 and any(SUITS[ace] == SUITS[crown] for ace in aces for crown in crowns)


def test_a_bandit_is_not_said_beatable_by_a_pair_nobody_may_hold():
    """An Ace and a Crown of two suits was said "AI 2 must beat it (with an Ace and the Crown of
    its suit)" where no Ace and Crown of one suit was left unseen: AI 2 could not beat it, and
    "cannot beat it" is said. Likewise a lone Ace where no Crown is left unseen."""
    said = set()
    for state, seat, action, move in bandits_on_a_season(60):
        other = 1 - seat
        held = (state.hands[other] & WILD_MASK).bit_count()
        if state.out_player is None and held >= (1 if move[4] == 1 else 2) and not can_beat(state, other, move[4]):
            reason = explain(state, seat, [action])
            assert f"{{p{other}}} cannot beat it" in reason and "must beat it" not in reason, reason
            said.add(move[4])
    assert said >= {3}


def test_a_lead_into_a_last_card_that_is_an_ace_or_a_crown_says_a_bandit_of_it_goes_out():
    """Practice, hand 1: "AI 2 holds only Aces and Crowns; you lead", and the hint's "you collect
    6 cards worth +3 if AI 2 passes, and the bandit's cards too if AI 2 answers with one" said
    nothing of what the answer does: a bandit of its last card went out, for +15."""
    found = 0
    for seed in range(10):
        state, rng = GAME.new(2, seed=seed, options=OPTIONS), random.Random(seed)
        while not state.is_over() and found < 3:
            seat = state.to_move()
            other = 1 - seat
            plays = [a for a in state.legal_actions() if (m := MOVES.get(a)) is not None and m[1] != BANDIT]
            wild = next((card for card in ACES + CROWNS if state.hands[other] >> card & 1), None)
            if plays and wild is not None and state.top is None and state.out_player is None:
                last = state.clone()
                last.hands[other] = 1 << wild
                reason = explain(last, seat, [plays[0]])
                assert f"{{p{other}:'s}} last card is an Ace or a Crown: a bandit of it goes out" in reason, reason
                alone = state.hands[other].bit_count() == 1  # (else its hand holds more: not said)
                assert ("a bandit of it goes out" in explain(state, seat, [plays[0]])) == alone
                found += 1
            state.apply(rng.choice(state.legal_actions()), False)
    assert found == 3


def test_the_season_a_rating_rests_on_is_said_without_a_bracket_beside_the_figures():
    """ "slightly stronger on the season in play (AI 2 played last) (64% to win)": two brackets.
    And the season is said only where it bears the rating out, as a pass ending it now would
    collect it: "weaker on the season in play, where AI 2 played last" stood where AI 2 was to
    collect its two cards worth −2."""
    import random

    seen = set()
    for seed in range(30):
        state, rng = GAME.new(2, seed=seed, options=OPTIONS), random.Random(seed)
        while not state.is_over() and len(seen) < 4:
            view = state.view(0)
            if view["season"] and ("pass",) in state.legal_actions():
                ended = state.clone()
                ended.apply(("pass",), False)
                before, after = view["collected_points"], ended.view(0)["collected_points"]
                gain = (after[0] - before[0]) - (after[1] - before[1])  # (the season's worth to seat 0)
                for stronger in (True, False):
                    basis = standing_basis(view, 0, stronger)
                    on_season = basis.startswith("on the season in play, where {p")
                    assert on_season == (gain > 0 if stronger else gain < 0), (seed, stronger, gain, basis)
                    assert "(" not in basis, basis
                    seen.add((stronger, on_season))
            state.apply(rng.choice(state.legal_actions()), False)
    assert seen == {(True, True), (True, False), (False, True), (False, False)}, seen
