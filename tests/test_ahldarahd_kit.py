"""The Caravans of Ahldarahd table as a kit, tested as plain functions (no Pilot): the selection
is a reducer (each key gives a new table, the last left as it was), what Enter plays and the
status line are functions of the table's state, and the checks and the trade builder's draft
are plain data too."""

from __future__ import annotations

import ast
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from test_ahldarahd_screen import building, play_until, quiet

from caravan_tui.bus import MatchInfo, Update, YourTurn
from caravan_tui.games import get_game
from caravan_tui.games.ahldarahd import screen as screen_module
from caravan_tui.games.ahldarahd.proposal import Proposal
from caravan_tui.games.ahldarahd.proposal_draft import changed, partner_turned, started
from caravan_tui.games.ahldarahd.table_checks import (
    DRAFT_OPEN,
    OTHER_DECISION,
    amount_problem,
    avert_problem,
    bid_problem,
    proposal_problem,
    trade_problem,
)
from caravan_tui.games.ahldarahd.table_enter import PANEL_DECIDES, enter, status
from caravan_tui.games.ahldarahd.table_selection import (
    amount_stepped,
    decision_begun,
    digit_dropped,
    digit_typed,
    item_stepped,
    map_to_act_on,
    map_turned,
    next_queued,
    play_followed,
    route_of,
)
from caravan_tui.games.ahldarahd.table_state import MAP_ID, PLAYS_ID, AhldarahdTable
from caravan_tui.games.ahldarahd.terms import BID_OPEN, BID_RAISE, BUILD
from caravan_tui.screens.table_client import heard

GAME = get_game("ahldarahd")
KIT = Path(screen_module.__file__).parent


def table_at(state, seat: int = 0) -> AhldarahdTable:
    """Seat ``seat``'s table at ``state`` (its turn if it decides), folded from the bus's messages
    as the screen folds them."""
    players = state.n
    names = ["Tester", *(f"AI {q + 1} (normal)" for q in range(1, players))]
    kinds = ["human", *(["ai:normal"] * (players - 1))]

    def world_of(view):
        return GAME.from_view(view, seat)

    table = heard(AhldarahdTable(seat=seat), MatchInfo("m", seat, "ahldarahd", names, kinds, {}), world_of, 0.0)
    view = state.view(seat)
    table = heard(table, Update("m", seat, 7, view, []), world_of, 0.0)
    if state.turn == seat:
        table = heard(table, YourTurn("m", seat, 7, view, state.legal_actions(), undo=False), world_of, 0.0)
    return replace(table, shown_map=seat)


def auction(players: int = 2):
    """The first auction seat 0 opens, with its 5 gold."""
    _, state = play_until(lambda s: s.turn == 0 and s.phase == BID_OPEN, players=players)
    return decision_begun(table_at(state))


# -- the selection: a reducer ----------------------------------------------------------------------


def test_a_key_gives_a_new_table_and_leaves_the_last_as_it_was():
    table = auction()
    first, second = table.openable()[:2]
    assert table.item == first and table.amount == 0 and table.typed == ""
    stepped = item_stepped(table, 1)
    assert stepped is not table and stepped.item == second and table.item == first
    raised = amount_stepped(stepped, 1)
    assert raised.chosen_amount() == 1 and stepped.chosen_amount() == 0
    assert raised.bid() == ("open", second, 1) and item_stepped(raised, -1).bid() == ("open", first, 0)


def test_typed_digits_pick_the_highest_amount_offered_up_to_their_number():
    table = auction()  # 5 gold: amounts 0–5
    one = digit_typed(table, 1)
    assert (one.typed, one.chosen_amount()) == ("1", 1)
    twelve = digit_typed(one, 2)
    assert (twelve.typed, twelve.chosen_amount()) == ("12", 5)  # all one has
    assert twelve.typed_too_much() == "most you can bid: 5 gold (all you have)"
    three = digit_typed(twelve, 3)  # digits that asked too much are done with: "3" starts anew
    assert (three.typed, three.chosen_amount()) == ("3", 3)
    back = digit_dropped(twelve)
    assert (back.typed, back.chosen_amount()) == ("1", 1) and twelve.typed == "12"
    assert digit_dropped(digit_dropped(back)).chosen_amount() == 1  # (none left: it stays)
    assert amount_stepped(three, 1).typed == "" and item_stepped(three, 1).typed == ""


def test_the_plays_list_follows_the_panels_keys_only_while_it_has_the_focus():
    table = auction()
    on_map = amount_stepped(replace(table, focus=MAP_ID), 1)
    assert on_map.list_asked == table.list_asked
    on_list = amount_stepped(replace(table, focus=PLAYS_ID), 1)
    assert on_list.list_asked == table.list_asked + 1 and on_list.list_play == on_list.bid()


def test_a_highlighted_play_becomes_the_panels_bid_and_keeps_the_digits_that_make_it():
    table = auction()
    item = table.openable()[1]
    followed = play_followed(table, ("open", item, 2))
    assert (followed.item, followed.chosen_amount(), followed.typed) == (item, 2, "")
    typed = digit_typed(table, 2)
    assert play_followed(typed, typed.bid()).typed == "2"  # (the list followed the digits)
    assert play_followed(table, None) is table


def test_a_route_play_shows_its_map_and_asks_the_maps_cursor_onto_its_route():
    _, state = play_until(building(0), players=3)
    table = table_at(state)
    claim = next(a for a in table.legal if a[0] in ("claim", "buy"))
    pointed = route_of(table, claim)
    colour = ("red", "blue", "green", "yellow", "purple").index(claim[1])
    assert pointed.shown_map == colour and pointed.cursor_asks[MAP_ID][0] == claim[2] - 1
    again = route_of(pointed, claim)
    assert again.cursor_asks[MAP_ID][1] == pointed.cursor_asks[MAP_ID][1] + 1  # (a new ask: the map follows)
    assert MAP_ID not in table.cursor_asks  # (the last table left as it was)
    assert map_turned(table, 1).shown_map == 1 and map_turned(table, -1).shown_map == 2


def test_the_setup_shows_our_own_map_where_the_free_routes_are():
    state = GAME.new(3, seed=1, options={})
    table = table_at(state, seat=state.turn)
    away = replace(table, shown_map=(table.seat + 1) % 3)
    assert map_to_act_on(away).shown_map == table.seat


def test_a_new_decision_does_not_offer_an_item_we_hold():
    table = auction()
    item = next(i for i in table.openable() if i.startswith("RoP "))
    rop = list(table.view["rop"])
    rop[("red", "blue", "green", "yellow", "purple").index(item.split(" ")[1])] = 0
    held = replace(table, item=item, view=dict(table.view) | {"rop": rop})  # (won back the turn before)
    assert held.holds(item)
    begun = decision_begun(held)
    assert begun.item != item and not begun.holds(begun.item) and begun.typed == ""


def test_a_new_decision_does_not_point_a_focused_plays_list_at_the_fresh_bid():
    """The bug: with the plays list focused, each decision asked it to highlight the panel's fresh
    bid, so after a play a second Enter made that bid, never chosen: the list starts with no
    line highlighted after a play (``ActionList.hold``)."""
    table = replace(auction(), focus=PLAYS_ID)
    assert table.bid() in table.legal
    begun = decision_begun(table)
    assert begun.list_asked == table.list_asked and begun.bid() == table.bid()


def test_a_proposal_sends_its_next_step_only_while_its_draft_is_being_written():
    table = auction()
    assert next_queued(table) == (table, None)
    dropped, step = next_queued(replace(table, queue=(("give_gold", 1), ("send",))))
    assert step is None and dropped.queue == ()  # (the draft is done with: another decision came)


# -- what Enter plays and the status line --------------------------------------------------------


def test_enter_on_the_map_plays_the_routes_one_play_and_the_line_says_it():
    state = GAME.new(2, seed=1, options={})
    table = table_at(state, seat=state.turn)
    route = next(a for a in table.legal if a[0] == "free")[1] - 1
    on_route = replace(table, focus=MAP_ID, cursors={MAP_ID: route})
    assert enter(on_route) == ("free", route + 1)
    assert status(on_route).plain.startswith("enter: Claim ") and status(on_route).plain.endswith(" for free")
    on_list = replace(table, focus=PLAYS_ID, highlighted=("done",))
    assert enter(on_list) == ("done",) and status(on_list).plain == "enter: Claim no more free routes"
    assert enter(replace(on_route, turn=None)) is None


def test_on_a_route_without_a_play_the_line_says_why_before_enter_is_pressed():
    _, state = play_until(building(0), players=3)
    table = table_at(state)
    m = next(m for m in (1, 2) if table.view["rop"][m] != 0)  # a map we hold no Right of Passage to
    bare = next(r for r in range(21) if table.view["routes"][m][r] < 0)
    line = status(replace(table, shown_map=m, focus=MAP_ID, cursors={MAP_ID: bare})).plain
    assert (
        line == f"no play on route {bare + 1}: you build on AI {m + 1}'s map only while you hold their Right of Passage"
    )
    assert status(replace(table, focus=None)).plain == PANEL_DECIDES


def test_in_an_auction_enter_on_the_map_plays_the_bid_the_panel_shows():
    table = amount_stepped(auction(), 1)
    on_map = replace(table, focus=MAP_ID, cursors={MAP_ID: 3})
    assert enter(on_map) == table.bid() == ("open", table.item, 1)
    assert status(on_map).plain.startswith("enter: ")


# -- why a key does nothing ---------------------------------------------------------------------


def test_each_key_of_another_decision_says_which_panel_has_this_ones_keys():
    _, state = play_until(building(0))
    table = table_at(state)
    assert amount_problem(table) == bid_problem(table) == avert_problem(table) == OTHER_DECISION
    assert trade_problem(table) is None
    used = replace(table, view=dict(table.view) | {"proposals_left": 0})
    assert trade_problem(used) == "no proposals left in this build (3 at most)"
    assert proposal_problem(table, Proposal(1)) == "the proposal is empty: give or ask for something"
    assert proposal_problem(table, Proposal(1, give_gold=1)) is None
    # our draft open, written from the plays list: "o" said "that key is for another decision"
    # over "Your draft: s sends it", and nothing of how to go on with it
    state.apply(next(a for a in state.legal_actions() if a[0] == "trade_with"), False)
    drafting = table_at(state)
    assert drafting.phase == "compose" and trade_problem(drafting) == DRAFT_OPEN
    assert "s sends it" in DRAFT_OPEN and "cancels it" in DRAFT_OPEN


def test_with_the_camel_down_the_amount_keys_say_the_bid_is_zero():
    table = auction()
    down = replace(table, view=dict(table.view) | {"camels": [False, True]})
    assert amount_problem(down) == "your Camel is face down after a paid win: you open at 0 for the rest of this turn"
    assert amount_problem(table) is None and bid_problem(table) is None


def test_a_raise_beyond_all_one_has_says_pass():
    _, state = play_until(lambda s: s.turn == 0 and s.phase == BID_RAISE, choose=raiser)
    table = decision_begun(table_at(state))
    assert bid_problem(table) is None and table.bid()[0] == "raise"


def raiser(state):
    """As ``quiet``, but Bot opens its first auction at 1, so that seat 0 has a raise to make."""
    legal = state.legal_actions()
    if state.turn == 1 and state.phase == BID_OPEN:
        return next(a for a in legal if a[0] == "open" and a[2] == 1)
    return quiet(state)


# -- the trade builder's draft ---------------------------------------------------------------------


def test_the_draft_asks_whom_first_and_keeps_each_step_apart():
    draft, purse = started([1, 2]), (3, 1)
    assert not draft.chosen and draft.proposal == Proposal(1)
    to_two = changed(draft, ("partner", 2), 1, Counter(), purse)
    assert to_two.chosen and to_two.proposal.partner == 2 and not draft.chosen
    hand = Counter({"Salt": 1})
    once = changed(to_two, ("give_card", "Salt"), 1, hand, purse)
    assert once.proposal.give_cards == ["Salt"] and to_two.proposal.give_cards == []
    assert changed(once, ("give_card", "Salt"), 1, hand, purse) == once  # (no more than the hand holds)
    asked = changed(changed(once, ("ask_item", "Shah"), 1, hand, purse), ("ask_gold",), 1, hand, purse)
    assert asked.proposal.ask_items == ["Shah"] and asked.proposal.ask_gold == 1
    turned = partner_turned(asked, [1, 2])
    assert turned.proposal.partner == 1 and turned.proposal.ask_items == [] and asked.proposal.ask_items == ["Shah"]
    assert changed(once, ("give_card", "Salt"), -1, hand, purse).proposal.give_cards == []
    assert partner_turned(draft, [1, 2]) is draft  # (whom to is asked first: Enter picks)


def test_the_draft_gives_no_more_gold_than_the_proposer_has_nor_asks_more_than_the_partner_has():
    """Seed 162: with 0 gold, Enter on "You give 0 gold (you have 0)" made it "You give 1 gold
    (you have 0)", refused only when sent."""
    draft = started([1])
    assert changed(draft, ("give_gold",), 1, Counter(), (0, 5)) == draft
    thrice = draft
    for _ in range(3):
        thrice = changed(thrice, ("ask_gold",), 1, Counter(), (0, 2))
    assert thrice.proposal.ask_gold == 2  # (the partner's 2 at most)
    assert changed(thrice, ("ask_gold",), -1, Counter(), (0, 2)).proposal.ask_gold == 1


# -- the kit's shape -----------------------------------------------------------------------------------


@pytest.mark.thorough
def test_the_screen_is_a_small_class_and_nothing_in_the_kit_refreshes_by_hand_or_changes_a_state_in_place():
    tree = ast.parse((KIT / "screen.py").read_text(encoding="utf-8"))
    screen_class = next(node for node in tree.body if isinstance(node, ast.ClassDef))
    assert screen_class.end_lineno - screen_class.lineno + 1 <= 250
    for path in KIT.glob("*.py"):
        source = path.read_text(encoding="utf-8")
        for call in ("table_changed(", "show_status(", "mutate_reactive(", ".redraw("):
            assert call not in source, (path.name, call)
        for node in ast.walk(ast.parse(source)):
            for target in node.targets if isinstance(node, ast.Assign) else []:
                held = target.value if isinstance(target, (ast.Attribute, ast.Subscript)) else None
                while isinstance(held, (ast.Attribute, ast.Subscript)):
                    assert not (isinstance(held, ast.Attribute) and held.attr == "table"), (path.name, node.lineno)
                    held = held.value
                assert not (isinstance(held, ast.Name) and held.id == "table"), (path.name, node.lineno)


@pytest.mark.thorough
def test_the_builder_lists_no_card_ask_the_table_can_tell_will_fail():
    """Turn 9: the builder for AI 3 listed "Ask any Salt card … Ask any Ivory card" although AI 3
    held 1 card, known to all; sent, it came back "Not sent: AI 3 has no Salt card to give
    (every card AI 3 holds is known)". The builder lists only the asks that may come true: none
    left out that the partner holds, and those it leaves out are cards the partner lacks."""
    import random
    from functools import partial

    from caravan_tui.games.ahldarahd.cards import COMMODITY_MASK
    from caravan_tui.games.ahldarahd.maps import COMMODITIES
    from caravan_tui.games.ahldarahd.proposal_draft import Draft
    from caravan_tui.games.ahldarahd.table_checks import askable
    from caravan_tui.games.ahldarahd.trade_dialog import TradeDialog

    rng, left_out = random.Random(9), 0
    for seed in range(30):
        state = GAME.new(3, seed=seed, options={})
        while state.turn is not None:
            if state.turn == 0 and state.phase == BUILD:
                table = table_at(state)
                dialog = TradeDialog(table.view, 0, [1, 2], str, str, lambda p: None, None, partial(askable, table))
                for q in (1, 2):
                    if not state.hand[q]:
                        continue
                    dialog.set_reactive(TradeDialog.draft, Draft(Proposal(q), chosen=True))
                    listed = {key[1] for key in dialog.row_keys() if key[0] == "ask_card"}
                    held = {k for i, k in enumerate(COMMODITIES) if state.hand[q] & COMMODITY_MASK[i]}
                    assert held <= listed, (seed, q, held, listed)
                    left_out += len(COMMODITIES) - len(listed)
            state.apply(rng.choice(state.legal_actions()), log=False)
    assert left_out >= 5
