"""Decktet Caravan rules (rules/decktet_caravan.md): one test per rule, ruling and worked example."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from caravan_tui.ai.policies import GreedyPolicy
from caravan_tui.engine import VIEW_HEADER, IllegalAction
from caravan_tui.games import get_game
from caravan_tui.games.decktet_caravan.ai import play_priors
from caravan_tui.games.decktet_caravan.cards import (
    ALL_MASK,
    CARD_COUNT,
    IDS,
    INDEX,
    NAMES,
    NUMBER_MASK,
    RANKS,
    SUITS,
    WILD_MASK,
    WILDS,
    cards_of,
    mask_of,
)
from caravan_tui.games.decktet_caravan.rules import (
    DecktetCaravanState,
    card_points,
    describe_action,
    pile_points,
    race_margin,
    turn_up,
)

GAME = get_game("decktet_caravan")
PASS = ("pass",)
NAMES_AB = ["Ann", "Bob"]
REPLACED_SEEDS = (29, 39)  # seeds whose first deal replaces the second up card


def position(
    hands,
    up=("NM", "1K"),
    turn=0,
    season=(),
    collected=((), ()),
    cum=(0, 0),
    hand_no=1,
    hands_total=1,
    first_leader=0,
    out_player=None,
):
    """A hand-made position; every card not placed is set aside."""
    placed = set(up) | {c for h in hands for c in h} | {c for p in collected for c in p}
    placed |= {t.partition("@")[0] for _, action in season for t in action[1:]}
    return DecktetCaravanState.from_data(
        {
            "hands_total": hands_total,
            "chance": 1,
            "hand_no": hand_no,
            "hands": [list(h) for h in hands],
            "aside": [c for c in IDS if c not in placed],
            "aside_up": [],
            "up": list(up),
            "season": [[p, list(a)] for p, a in season],
            "collected": [list(p) for p in collected],
            "discard": [],
            "turn": turn,
            "first_leader": first_leader,
            "out_player": out_player,
            "cum": list(cum),
            "history": [],
        }
    )


def play(state, *actions) -> None:
    """Apply ``actions`` one after the other."""
    for action in actions:
        state.apply(action)


def caravans(state):
    return {a for a in state.legal_actions() if a[0] == "caravan"}


# -- §1 the deck ------------------------------------------------------------------------------


def test_deck_has_36_cards_one_per_rank_and_suit():
    assert CARD_COUNT == 36 and len(set(IDS)) == 36
    for suit in range(6):
        assert sorted(RANKS[c] for c in range(36) if SUITS[c] >> suit & 1) == list(range(1, 11))
    for card in range(36):
        assert SUITS[card].bit_count() == (1 if RANKS[card] in (1, 10) else 2)
    assert IDS[INDEX["NV"]] == "NV" and RANKS[INDEX["NV"]] == 10 and RANKS[INDEX["1Y"]] == 1
    assert INDEX["2MK"] in cards_of(NUMBER_MASK)


# -- §2 dealing ---------------------------------------------------------------------------------


def test_each_deal_gives_4_aces_crowns_and_11_numbers_and_sets_4_aside():
    for seed in range(40):
        state = GAME.new(2, seed=seed)
        for hand in state.hands:
            assert (hand & WILD_MASK).bit_count() == 4 and (hand & NUMBER_MASK).bit_count() == 11
        aside_wilds = (state.aside & WILD_MASK).bit_count() + len(state.aside_up)
        assert aside_wilds == 2 and (state.aside & NUMBER_MASK).bit_count() == 2
        assert all((1 << c) & WILD_MASK for c in state.up)
        assert SUITS[state.up[0]] != SUITS[state.up[1]]


def test_second_up_card_sharing_the_suit_is_set_aside_face_up_and_replaced():
    same = lambda card: card == "Crown of Moons"  # noqa: E731 - the first up card is the Ace of Moons
    assert turn_up("Crown of Moons", ["Ace of Suns", "Ace of Waves"], same) == (
        "Ace of Suns",
        ["Crown of Moons"],
        ["Ace of Waves"],
    )
    assert turn_up("Ace of Suns", ["Crown of Moons", "Ace of Waves"], same) == (
        "Ace of Suns",
        [],
        ["Crown of Moons", "Ace of Waves"],
    )


def test_one_replacement_always_fits_since_only_an_ace_and_its_crown_share_a_suit():
    for first in WILDS:
        for second in (c for c in WILDS if c != first):
            rest = [c for c in WILDS if c not in (first, second)]
            for pool in ([a, b] for a in rest for b in rest if a != b):
                up, face_up, unseen = turn_up(second, pool, lambda c, first=first: SUITS[c] == SUITS[first])
                assert SUITS[up] != SUITS[first] and len(face_up) + len(unseen) == 2
                assert face_up == ([second] if SUITS[second] == SUITS[first] else [])


@pytest.mark.parametrize("seed", REPLACED_SEEDS)
def test_a_replaced_up_card_is_public_and_never_dealt_by_determinize(seed):
    state = GAME.new(2, seed=seed)
    (replaced,) = state.aside_up
    card = IDS[replaced]
    assert SUITS[replaced] == SUITS[state.up[0]] and not (state.aside | state.hands[0] | state.hands[1]) >> replaced & 1
    for viewer in (0, 1, None):
        assert state.view(viewer)["aside_up"] == [card]
    deal = state.opening_events()[0]
    assert NAMES[replaced].lower() in deal.text.lower() and "set aside face up" in deal.text and deal.seats is None
    assert DecktetCaravanState.from_data(state.to_data()).to_data() == state.to_data()
    rng = random.Random(seed)
    for _ in range(4):
        state.apply(rng.choice(state.legal_actions()))
    for viewer in (0, 1):
        worlds = [state.determinize(viewer, random.Random(k)) for k in range(30)]
        worlds.append(GAME.from_view(state.view(viewer), viewer))
        for world in worlds:
            assert world.aside_up == (replaced,)
            assert not (world.hands[0] | world.hands[1] | world.aside) >> replaced & 1


def test_first_hand_leader_is_random():
    assert {GAME.new(2, seed=seed).to_move() for seed in range(20)} == {0, 1}


def play_out_hand(state, rng):
    while not state.is_over() and state.hand_no == 1:
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("seed", range(8))
def test_later_hands_are_led_by_the_lower_cumulative_score(seed):
    state = GAME.new(2, seed=seed, options={"hands": 2})
    play_out_hand(state, random.Random(seed))
    first_leader = GAME.new(2, seed=seed).to_move()
    cum = state.cum
    expected = 0 if cum[0] < cum[1] else 1 if cum[1] < cum[0] else 1 - first_leader
    assert state.hand_no == 2 and state.to_move() == expected == state.first_leader


def test_ruling_equal_scores_the_player_who_did_not_lead_leads():
    state = position([["3MV"], ["NK", "4MS"]], turn=0, first_leader=0, hands_total=2)
    state.apply(("caravan", "3MV"))  # Player 1 goes out
    state.apply(PASS)  # hand ends: Player 1 scores 5 + 2, collected Journey +1 (Crown of Moons)
    assert state.cum == [8, 0] and state.to_move() == 1  # lower score leads
    tied = position([["3MV"], ["NK", "2SY"]], up=("NV", "1M"), turn=0, first_leader=0, hands_total=2, cum=(0, 7))
    tied.apply(("caravan", "3MV"))  # Journey scores +1 -1 = 0; bonus 5 + 2 = 7: totals 7-7
    tied.apply(PASS)
    assert tied.cum == [7, 7] and tied.to_move() == 1  # Player 1 led hand 1, so Player 2 leads


# -- §3 combinations --------------------------------------------------------------------------


def test_caravans_need_consecutive_ranks_sharing_a_suit_with_each_neighbour():
    state = position([["3MV", "4MS", "5ML", "6SY"], ["2MK"]])
    found = caravans(state)
    assert ("caravan", "3MV", "4MS", "5ML") in found
    assert ("caravan", "4MS", "5ML") in found and ("caravan", "3MV") in found
    assert ("caravan", "5ML", "6SY") not in found  # Leaves/Moons vs Suns/Wyrms: no shared suit
    assert ("caravan", "3MV", "5ML") not in found  # not consecutive
    assert ("caravan", "3MV", "4MS", "5ML", "6SY") not in found


def test_wild_cards_stand_for_ranks_2_to_9_keeping_their_own_suit():
    state = position([["1M", "3MV", "5ML"], ["2MK"]])
    found = caravans(state)
    assert ("caravan", "3MV", "1M@4", "5ML") in found
    assert ("caravan", "1M@2", "3MV") in found and ("caravan", "5ML", "1M@6") in found
    assert not any("1M@1" in a or "1M@10" in a for a in found)
    knots = position([["1K", "3MV", "5ML"], ["2MK"]])
    assert ("caravan", "3MV", "1K@4", "5ML") not in caravans(knots)  # Knots shares nothing there


def test_a_caravan_needs_a_number_card():
    state = position([["1M", "NM", "4MS"], ["2MK"]])
    assert all(any("@" not in t for t in a[1:]) for a in caravans(state))
    assert ("caravan", "1M@2", "NM@3") not in caravans(state)
    only_wilds = position([["1M", "NM"], ["2MK"]], turn=0)
    assert caravans(only_wilds) == set()


def test_ruling_each_reading_of_wild_cards_is_its_own_action():
    state = position([["1M", "NM", "4MS"], ["2MK"]])
    found = caravans(state)
    readings = {a for a in found if set(t.partition("@")[0] for t in a[1:]) == {"1M", "NM", "4MS"}}
    assert readings == {
        ("caravan", "1M@2", "NM@3", "4MS"),
        ("caravan", "NM@2", "1M@3", "4MS"),
        ("caravan", "1M@3", "4MS", "NM@5"),
        ("caravan", "NM@3", "4MS", "1M@5"),
        ("caravan", "4MS", "1M@5", "NM@6"),
        ("caravan", "4MS", "NM@5", "1M@6"),
    }
    assert describe_action(("caravan", "NM@3", "4MS", "1M@5")) == (
        "Caravan C☾M→3 4☾M☀S A☾M→5: the Huntress (as 3), the Mountain, the Ace of Moons (as 5)"
    )


def test_describe_in_plain_words():
    assert describe_action(("caravan", "3MV", "1M@4", "5ML")) == (
        "Caravan 3☾M≈V A☾M→4 5☾M♣L: the Journey, the Ace of Moons (as 4), the Forest"
    )
    assert describe_action(("caravan", "7SK")) == "Caravan 7☀S⌘K: the Castle"
    assert describe_action(("bandit", "1M", "NM")) == (
        "Bandit (Ace and Crown of one suit) A☾M C☾M: the Ace of Moons and the Huntress"
    )
    assert describe_action(PASS) == "Pass"


@pytest.mark.thorough
def test_a_bandit_is_described_in_a_process_that_never_listed_it():
    """The bug: a bandit's words read its kind from the moves listed so far (hands enumerated in
    this process), so a bandit read from a save or a log before any hand held it raised KeyError
    (the test above passed only where an earlier test had listed it)."""
    code = "from caravan_tui.games.decktet_caravan.rules import describe_action as d; print(d(('bandit', '1M', 'NM')))"
    said = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert said.strip() == "Bandit (Ace and Crown of one suit) A☾M C☾M: the Ace of Moons and the Huntress"


# -- §3 beating -----------------------------------------------------------------------------


def test_a_caravan_is_beaten_by_the_same_length_and_greater_height_or_any_bandit():
    state = position(
        [["2MK"], ["4MS", "5ML", "6MV", "2SY", "3SK", "9LK", "1S"]], season=[(0, ("caravan", "3MV", "4VL"))], turn=1
    )
    legal = set(state.legal_actions())
    assert ("caravan", "4MS", "5ML") in legal and ("caravan", "5ML", "6MV") in legal
    assert ("caravan", "2SY", "3SK") not in legal  # lower
    assert ("caravan", "9LK") not in legal and ("caravan", "4MS", "5ML", "6MV") not in legal
    assert ("bandit", "1S") in legal and PASS in legal


def test_equal_height_does_not_beat():
    state = position([["2MK"], ["3SK", "4MS"]], season=[(0, ("caravan", "3MV", "4VL"))], turn=1)
    assert ("caravan", "3SK", "4MS") not in state.legal_actions()
    with pytest.raises(IllegalAction, match="does not beat"):
        state.apply(("caravan", "3SK", "4MS"))


def test_bandit_order_and_nothing_beats_an_ace_and_crown_of_one_suit():
    hand = ["1M", "1S", "NM", "NK", "5ML"]
    single_ace = position([["2MK"], hand], season=[(0, ("bandit", "1V"))], turn=1)
    legal = set(single_ace.legal_actions())
    assert ("bandit", "1M") not in legal and ("bandit", "NM") in legal
    assert ("bandit", "1S", "NK") in legal and ("bandit", "1M", "NM") in legal
    assert ("caravan", "5ML") not in legal  # a caravan never beats a bandit
    crown = position([["2MK"], hand], season=[(0, ("bandit", "NV"))], turn=1)
    assert {a for a in crown.legal_actions() if a[0] == "bandit"} == {
        ("bandit", "1M", "NM"),
        ("bandit", "1M", "NK"),
        ("bandit", "1S", "NM"),
        ("bandit", "1S", "NK"),
    }
    mixed = position([["2MK"], hand], season=[(0, ("bandit", "1V", "NL"))], turn=1)
    assert set(mixed.legal_actions()) == {("bandit", "1M", "NM"), PASS}
    top = position([["2MK"], hand], season=[(0, ("bandit", "1V", "NV"))], turn=1)
    assert top.legal_actions() == [PASS]


def test_the_leader_plays_a_caravan_never_a_bandit_nor_a_pass():
    state = position([["1M", "NM", "5ML"], ["2MK"]], turn=0)
    assert all(a[0] == "caravan" for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="bandit may not open"):
        state.apply(("bandit", "1M"))
    with pytest.raises(IllegalAction, match="must play a caravan"):
        state.apply(PASS)


def test_a_player_cannot_play_cards_it_does_not_hold():
    state = position([["5ML", "6MV"], ["2MK"]], turn=0)
    with pytest.raises(IllegalAction, match="do not hold the Author"):
        state.apply(("caravan", "2MK"))


# -- §4 trade seasons ----------------------------------------------------------------------------


def test_a_caravan_last_played_is_collected_by_its_player_who_leads_next():
    state = position([["3MV", "9LK"], ["4MS", "8VL"]], turn=0)
    play(state, ("caravan", "3MV"), ("caravan", "4MS"), PASS)
    assert cards_of(state.collected[1]) == sorted([INDEX["3MV"], INDEX["4MS"]])
    assert state.collected[0] == 0 and state.season == [] and state.to_move() == 1


def test_a_bandit_last_played_is_collected_by_the_opponent():
    state = position([["3MV", "9LK"], ["1S", "8VL"]], turn=0)
    play(state, ("caravan", "3MV"), ("bandit", "1S"), PASS)
    assert cards_of(state.collected[0]) == sorted([INDEX["3MV"], INDEX["1S"]])
    assert state.to_move() == 1  # the bandit's player made the last play and leads


def test_a_leader_holding_only_aces_and_crowns_hands_the_lead_over():
    state = position([["3MV", "9LK"], ["1S", "NK"]], turn=0)
    play(state, ("caravan", "3MV"), PASS)
    assert state.to_move() == 0  # the caravan's player leads again
    state = position([["3MV", "9LK"], ["4MS", "1S"]], turn=0)
    play(state, ("caravan", "3MV"), ("caravan", "4MS"), PASS)
    assert state.to_move() == 0  # Player 2 made the last play but holds only an Ace


def test_neither_able_to_lead_ends_the_hand_without_bonus():
    state = position([["3MV", "1V"], ["4MS", "1S"]], turn=0, up=("NM", "1K"))
    play(state, ("caravan", "3MV"), ("caravan", "4MS"), PASS)
    assert state.is_over()
    assert state.history[-1][1:3] == (None, 0)
    assert state.cum == [0, 2]  # Journey +1 and Mountain +1 for Player 2; no going-out bonus


# -- §5 going out and scoring --------------------------------------------------------------------


def test_going_out_gives_the_opponent_one_last_play_then_the_hand_ends():
    state = position([["3MV"], ["4MS", "5ML", "9LK"]], turn=0, up=("NS", "1K"))
    state.apply(("caravan", "3MV"))
    assert state.out_player == 0 and state.to_move() == 1
    state.apply(("caravan", "4MS"))  # the one last play; the season ends at once
    assert state.is_over()
    # Player 1: 5 + 2 cards left = 7. Player 2 collects Journey (0) + Mountain (Suns +1) = 1.
    # Player 2's Forest and Merchant are discarded; Merchant (L K) is not scored.
    assert state.cum == [7, 1]
    assert state.discard == (1 << INDEX["5ML"]) | (1 << INDEX["9LK"])
    hand, out, bonus, piles, totals, up, by_up = state.history[-1]
    assert (hand, out, bonus, piles, totals, up) == (1, 0, 7, (0, 1), (7, 1), ("NS", "1K"))
    assert by_up == ((0, 0), (1, 0))  # the Mountain's Suns +1 under the Bard; nothing in Knots


def test_going_out_and_the_opponent_passing_collects_for_the_caravan_player():
    state = position([["3MV"], ["2MK", "9LK"]], turn=0, up=("NM", "1K"))
    play(state, ("caravan", "3MV"), PASS)
    assert state.cum == [5 + 2 + 1, 0]


def test_going_out_with_a_bandit_lets_the_opponent_collect():
    state = position([["1M"], ["2MK", "9LK"]], turn=0, up=("NM", "1K"), season=[(1, ("caravan", "3MV"))])
    play(state, ("bandit", "1M"), PASS)
    # Player 2 collects the Journey (+1) and the Ace of Moons (+1): 2; Player 1 scores 5 + 2.
    assert state.cum == [7, 2]


def test_worked_example_scoring():
    up = (INDEX["NM"], INDEX["1K"])
    assert card_points(INDEX["2MK"], up) == 0  # the Author, Moons and Knots
    assert card_points(INDEX["3MV"], up) == 1  # the Journey, Moons and Waves
    assert card_points(INDEX["2SY"], up) == 0
    assert card_points(INDEX["9LK"], up) == -1
    assert card_points(INDEX["4MS"], (INDEX["NM"], INDEX["NS"])) == 2
    assert card_points(INDEX["4MS"], (INDEX["1M"], INDEX["1S"])) == -2
    assert card_points(INDEX["NM"], up) == 1 and card_points(INDEX["1K"], up) == -1
    assert pile_points((1 << INDEX["2MK"]) | (1 << INDEX["3MV"]) | (1 << INDEX["NK"]), up) == 0


def test_a_pile_scores_the_sum_of_its_cards():
    """``pile_points`` counts by suit masks; it must agree with ``card_points`` card by card."""
    rng = random.Random(7)
    for _ in range(300):
        up = tuple(rng.sample(range(12), 2))
        cards = rng.sample(range(36), rng.randrange(37))
        assert pile_points(sum(1 << c for c in cards), up) == sum(card_points(c, up) for c in cards)


def test_cumulative_scores_over_the_configured_hands_and_the_higher_total_wins():
    for seed in range(5):
        state = GAME.new(2, seed=seed, options={"hands": 3})
        rng = random.Random(seed)
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()))
        assert [h[0] for h in state.history] == [1, 2, 3]
        assert state.cum == [sum(h[4][seat] for h in state.history) for seat in (0, 1)]
        expected = (
            [1.0, 0.0] if state.cum[0] > state.cum[1] else [0.0, 1.0] if state.cum[1] > state.cum[0] else [0.5, 0.5]
        )
        assert state.outcome() == expected


def test_equal_totals_are_a_draw():
    state = position([["3MV"], ["2SY", "9LK"]], up=("NV", "1M"), turn=0, cum=(0, 7))
    state.apply(("caravan", "3MV"))
    state.apply(PASS)  # Journey 0, bonus 7: 7-7
    assert state.outcome() == [0.5, 0.5]


# -- §6 decisions, hidden information and determinization ---------------------------------------


def test_views_hide_the_opponents_hand_and_the_set_aside_cards():
    state = GAME.new(2, seed=11)
    view = state.view(0)
    own = {IDS[c] for c in cards_of(state.hands[0])}
    assert set(view["hand"]) == own
    hidden = {IDS[c] for c in cards_of(state.hands[1] | state.aside)}
    text = repr(view)
    assert not any(f"'{card}'" in text for card in hidden)
    assert view["hand_sizes"] == [15, 15] and view["hand_wilds"] == [4, 4] and view["aside_count"] == 4
    assert "hand" not in state.view(None)


def test_determinize_keeps_own_hand_and_the_ace_crown_split():
    state = GAME.new(2, seed=12)
    rng = random.Random(0)
    for _ in range(6):
        state.apply(rng.choice(state.legal_actions()))
    for k in range(20):
        world = state.determinize(0, random.Random(k))
        assert world.hands[0] == state.hands[0]
        assert (world.hands[1] & WILD_MASK).bit_count() == (state.hands[1] & WILD_MASK).bit_count()
        assert world.hands[1].bit_count() == state.hands[1].bit_count()
        assert (world.aside & WILD_MASK).bit_count() == (state.aside & WILD_MASK).bit_count()
        assert world.hands[1] | world.aside == state.hands[1] | state.aside
    assert len({state.determinize(0, random.Random(k)).hands[1] for k in range(20)}) > 1


def test_every_view_has_the_header_keys_for_players_and_spectators():
    state = GAME.new(2, seed=3, options={"hands": 1})
    rng = random.Random(3)
    for _ in range(2):
        for viewer in (0, 1, None):
            view = state.view(viewer)
            assert set(VIEW_HEADER) <= set(view)
            assert view["seat"] == viewer and view["to_move"] == state.to_move()
            assert view["over"] == state.is_over() and view["scores"] == state.cum
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()))


def test_the_game_ships_its_search_settings_prior_and_a_quick_match():
    assert GAME.ai.prior is play_priors and GAME.ai.levels["hard"]["prior"] is True
    assert GAME.quick_options == {"hands": 1} and callable(GAME.screen)


# -- the log: seats as fields, and who each event shows something new -----------------------------


def test_events_name_seats_as_fields_that_read_right_for_each_viewer():
    state = position([["3MV", "9LK"], ["4MS", "8VL"]], turn=0)
    play = state.apply(("caravan", "3MV"))[0]
    assert play.text == "{p0} play{p0:s} Caravan 3☾M≈V: the Journey."
    assert play.render(NAMES_AB, 0) == "You play Caravan 3☾M≈V: the Journey."
    assert play.render(NAMES_AB, 1) == play.render(NAMES_AB, None) == "Ann plays Caravan 3☾M≈V: the Journey."
    state.apply(("caravan", "4MS"))
    passed, collected = state.apply(PASS)
    assert passed.render(NAMES_AB, 0) == "You pass." and passed.render(NAMES_AB, 1) == "Ann passes."
    assert collected.render(NAMES_AB, 1) == "You collect the Journey, the Mountain."
    assert collected.render(NAMES_AB, 0) == "Bob collects the Journey, the Mountain."


def test_a_play_shows_its_cards_to_the_opponent_and_the_hand_end_shows_the_cards_left_to_the_out_player():
    state = position([["3MV"], ["4MS", "5ML", "9LK"]], turn=0, up=("NS", "1K"))
    play, out = state.apply(("caravan", "3MV"))
    assert play.reveals_to(1) and not play.reveals_to(0) and not out.reveals
    assert out.render(NAMES_AB, 1) == "Ann goes out; you may make one last play."
    passed, collected, left, bonus, scores, over = state.apply(PASS)
    assert not passed.reveals and not collected.reveals  # a pass and a collection show nothing new
    assert left.reveals_to(0) and not left.reveals_to(1)
    assert left.render(NAMES_AB, 1) == "You were left holding the Mountain, the Forest, the Merchant."
    assert left.render(NAMES_AB, 0) == "Bob was left holding the Mountain, the Forest, the Merchant."
    assert bonus.render(NAMES_AB, 0) == "You went out: +8."
    assert scores.render(NAMES_AB, 1) == "Hand 1 scores: Ann +8, you +0. Totals: Ann +8, you +0."
    assert over.render(NAMES_AB, 0) == "The match is over: you win."


def test_a_deal_reveals_to_everyone_and_each_hand_only_to_its_player():
    deal, *hands = GAME.new(2, seed=4).opening_events()
    assert deal.reveals is True and deal.seats is None and "{p" in deal.text
    assert [event.seats for event in hands] == [(0,), (1,)] and all(event.reveals is True for event in hands)
    assert hands[0].render(NAMES_AB, 0).startswith("You are dealt the ")
    assert hands[1].render(NAMES_AB, None).startswith("Bob is dealt the ")


@pytest.mark.parametrize("seed", (0, 1, REPLACED_SEEDS[0]))
def test_apply_without_a_log_writes_nothing_and_reaches_the_same_state(seed, monkeypatch):
    logged = GAME.new(2, seed=seed, options={"hands": 2})
    silent = logged.clone()
    rng = random.Random(seed)
    actions = []
    while not logged.is_over():
        action = rng.choice(logged.legal_actions())
        events = logged.apply(action)
        assert events and all("Player" not in event.text for event in events)
        for event in events:
            for viewer in (0, 1, None):
                assert "{" not in event.render(NAMES_AB, viewer)
        actions.append(action)

    def no_text(*args, **kwargs):
        raise AssertionError("log=False built event text")

    rules = DecktetCaravanState.apply.__globals__
    for name in ("Event", "who", "card_list", "describe_action"):
        monkeypatch.setitem(rules, name, no_text)
    for action in actions:
        assert silent.apply(action, log=False) == []
    assert silent.to_data() == logged.to_data()


# -- §7 invariants -------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(10))
def test_cards_are_always_partitioned(seed):
    state = GAME.new(2, seed=seed, options={"hands": 2})
    rng = random.Random(seed)
    while not state.is_over():
        season = 0
        for _, move in state.season:
            season |= move[2]
        parts = [
            *state.hands,
            state.aside,
            mask_of(state.aside_up),
            mask_of(state.up),
            season,
            *state.collected,
            state.discard,
        ]
        union = 0
        for part in parts:
            assert not union & part
            union |= part
        assert union == ALL_MASK
        seat = state.to_move()
        for action in state.legal_actions():
            for token in action[1:]:
                assert state.hands[seat] >> INDEX[token.partition("@")[0]] & 1
        state.apply(rng.choice(state.legal_actions()))


def test_going_out_race_in_the_estimate():
    """Once a player is out, the bonus (5 + the other's cards, one of which may still be shed) is
    nearly settled; before, the smaller hand leads the race (a little: a lead hardly tells who
    goes out first), and seats are symmetric."""
    assert race_margin(4, 0, out_player=1) == -(5 + 3)
    assert race_margin(0, 1, out_player=0) == 5
    assert race_margin(6, 6, None) == pytest.approx(0.0)
    for mine, theirs in ((3, 7), (5, 6), (9, 2)):
        assert race_margin(mine, theirs, None) == pytest.approx(-race_margin(theirs, mine, None))
    margins = [race_margin(size, 6, None) for size in range(1, 12)]
    assert margins == sorted(margins, reverse=True) and margins[0] > 0 > margins[-1]


@pytest.mark.parametrize("seed", range(6))
def test_the_search_prior_is_the_estimate_after_each_play(seed):
    """``play_priors`` scores most plays without applying them; every score must equal the
    estimate (or outcome) the play leaves for the mover, over two whole hands of random play,
    and the state must be left as it was. So greedy's choice is the prior's best."""
    state = GAME.new(2, seed=seed, options={"hands": 2})
    rng = random.Random(seed)
    while not state.is_over():
        mover = state.to_move()
        legal = state.legal_actions()
        before = state.to_data()
        expected = []
        for action in legal:
            after = state.clone()
            after.apply(action)
            expected.append((after.outcome() if after.is_over() else after.estimate())[mover])
        assert play_priors(state, legal) == expected
        assert state.to_data() == before and state.legal_actions() is legal
        greedy = GreedyPolicy().choose(GAME.id, state.view(mover), mover, seed, legal)
        assert expected[legal.index(greedy)] == max(expected)
        state.apply(rng.choice(legal))


def test_how_to_play_says_how_the_up_cards_are_turned_and_who_leads_each_hand():
    """The player rules never said that two Aces/Crowns are turned up each hand, a same-suit
    second one set aside face up and replaced, nor who leads hands 2 onward (only the log did);
    "beaten by one of as many cards" read as "at least as many" (the rules: the same length)."""
    from caravan_tui.screens.how_to_play import how_to_play

    short = " ".join(how_to_play(get_game("decktet_caravan").rules).split())
    assert "turns **2 up cards**" in short and "set aside face up" in short
    assert "drawn at random" in short and "lower total" in short and "did not lead the last hand" in short
    assert "exactly as many cards" in short and "one of as many cards" not in short


def test_how_to_play_names_the_hands_a_match_may_be_made_with():
    """How to play said "5, unless the match was made with fewer" beside a New match that offers
    1 to 15 hands: a newcomer read 5 as the most."""
    from caravan_tui.screens.how_to_play import how_to_play

    game = get_game("decktet_caravan")
    hands = game.options["hands"]
    short = " ".join(how_to_play(game.rules).split())
    assert f"{hands.default} by default; a match may be made with {min(hands.choices)} to {max(hands.choices)}" in short
    assert "with fewer" not in short


def test_how_to_play_says_what_is_set_aside_unseen_and_whose_unplayed_aces_the_table_counts():
    """How to play never said that 2 cards 2–9 sit out unseen each hand (rules §2.2), and said the
    table counts "each player's" unplayed Aces and Crowns where it shows the other's only."""
    from caravan_tui.screens.how_to_play import how_to_play

    short = " ".join(how_to_play(get_game("decktet_caravan").rules).split())
    assert "the last 2 Aces and Crowns and the last 2 cards 2–9 are set aside unseen" in short
    assert "the other player's 4 Aces and Crowns" in short and "each player's 4" not in short


def test_how_to_play_says_how_a_hand_is_scored():
    """How to play said only "then the hand is scored": how the up cards score a pile and what
    going out is worth were on the rules page alone (rules §5.2-5.3)."""
    from caravan_tui.screens.how_to_play import how_to_play

    short = " ".join(how_to_play(get_game("decktet_caravan").rules).split())
    assert "+1 for every up Crown whose suit it shares" in short and "−1 for every up Ace" in short
    assert "5 + the cards left in the other player's hand" in short


def test_the_rules_pages_say_undo_is_never_at_a_table_of_people():
    """Over SSH: the rules pages promised `u` undo (and a menu that saves and quits) at a table of
    two people, where `u` is refused (it says why) and the menu leaves for the lobby."""
    from caravan_tui.engine import rules_of

    for game in ("decktet_caravan", "camel_caravan", "caravanserai", "merchant_lord", "ahldarahd"):
        assert "never at a table of people" in " ".join(rules_of(f"caravan_tui.games.{game}").split()), game
    assert "over SSH leave for the lobby" in rules_of("caravan_tui.games.camel_caravan")


def last_play(seed: int):
    """The first last play (the other player out) of a random match of ``seed``: its state."""
    import random

    state = GAME.new(2, seed=seed, options={})
    rng = random.Random(seed)
    while not state.is_over():
        if state.out_player is not None and len(state.legal_actions()) > 1:
            return state
        state.apply(rng.choice(state.legal_actions()), False)
    raise AssertionError("no last play")


def test_the_last_play_after_the_other_went_out_is_never_one_that_scores_less(monkeypatch):
    """Found playing by hand: AI 2 passed on beating the lone card the person went out with (a
    3-point swing): the last play ends the hand, and what it scores is known. Seed 2: passing
    leaves the hand level where a caravan of 7 or 9 wins it by 2."""
    from caravan_tui.ai.policies import search_policy
    from caravan_tui.games.decktet_caravan.ai import vetoed
    from caravan_tui.seats import SeatSpec

    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")
    state = last_play(2)
    seat = state.to_move()
    assert vetoed(state, seat, PASS) and not vetoed(state, seat, PASS, "easy")
    kept = [action for action in state.legal_actions() if not vetoed(state, seat, action)]
    assert kept and PASS not in kept
    normal = search_policy(SeatSpec.ai("normal"), iterations=60)
    assert normal.choose("decktet_caravan", state.view(seat), seat, 2) in kept
