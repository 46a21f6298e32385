"""A bid's reason says what the bid costs: what a win leaves for claims (a claim costs a gold,
§4) and, for a Right of Passage, what the bank pays for it back. A hint bid 6 for a Right of
Passage, later hinted selling it for 1, and hint-following seats sat at 0 gold, unable to claim,
with only "a win at 6 leaves you 0 gold" said."""

from __future__ import annotations

from ahldarahd_seed65 import after

from caravan_tui.games.ahldarahd.cards import ROP, SHAH
from caravan_tui.games.ahldarahd.evaluation import rop_sale
from caravan_tui.games.ahldarahd.explain import explain


def opening():
    """The kept match's first auction: AI 3 (seat 2, 8 gold) opens."""
    state = after(7)
    return state, state.to_move()


def test_a_bid_of_all_ones_gold_says_it_leaves_none_for_a_claim_and_what_the_bank_pays_back():
    state, seat = opening()
    assert state.gold[seat] == 8
    reason = explain(state, seat, [("open", "RoP green", 8)])
    assert "a win at 8 leaves {p2} 0 gold, none for a claim (a gold each)" in reason, reason
    sale = rop_sale(state, 2)  # (green's map: a gold per city held there)
    assert sale < 8 and f"sold to the bank it brings {sale} gold now" in reason, reason


def test_a_bid_the_bank_would_pay_back_says_neither():
    state, seat = opening()
    reason = explain(state, seat, [("open", "RoP green", 0)])
    assert "none for a claim" not in reason and "sold to the bank" not in reason, reason
    reason = explain(state, seat, [("open", "RoP green", 2)])
    assert "a win at 2 leaves {p2} 6 gold;" in reason and "none for a claim" not in reason, reason


def test_a_bid_that_leaves_no_gold_says_which_claims_the_eyes_or_the_pirate_queen_still_allow():
    """§4: the Eyes of Shamesh make land routes 1 gold cheaper, the Pirate Queen sea routes: a claim
    there costs only its card. A hint said "none for a claim (a gold each)" to a player holding the
    Eyes, and of a bid for the Eyes itself."""
    state, seat = opening()
    eyes = explain(state, seat, [("open", "Eyes", 8)])
    assert "none for a claim by sea (a gold each; a land claim costs only its card with the Eyes)" in eyes, eyes
    state.eyes = seat
    held = explain(state, seat, [("open", "RoP green", 8)])
    assert "none for a claim by sea (a gold each; a land claim costs only its card with the Eyes)" in held, held
    both = explain(state, seat, [("open", "Pirate", 8)])
    assert "0 gold; with the Eyes and the Pirate Queen, any claim costs only its card" in both, both
    assert "none for a claim" not in both
    assert state.hand[seat] and "no card" not in both
    state.hand[seat] = 0  # (seed 221: the last gold on the Pirate Queen, with no card to claim with)
    bare = explain(state, seat, [("open", "Pirate", 8)])
    assert f"any claim costs only its card, and {{p{seat}}} hold{{p{seat}:s}} no card" in bare, bare


def test_a_paid_bid_before_the_turns_last_auction_says_the_camel_turns_face_down():
    """§3.2: a paid win turns the winner's Camel face down, only bids of 0 after it in the turn. A
    final turn's hint bid 6 for a Right of Passage that sold back for 6 and said nothing of it; the
    card that would have won the match went to another player for 0."""
    state, seat = opening()
    assert state.camel[seat] and state.pos + 1 < state.n
    said = explain(state, seat, [("open", "Eyes", 1)])
    assert f"; {{p{seat}:'s}} Camel then turns face down: only bids of 0 in this turn's auctions left" in said
    assert "Camel" not in explain(state, seat, [("open", "Eyes", 0)])  # (a win at 0 leaves it up)
    state.pos = state.n - 1  # (the turn's last auction: nothing left to bid in)
    assert "Camel" not in explain(state, seat, [("open", "Eyes", 1)])


def test_a_paid_bid_says_the_items_it_leaves_open_to_a_bid_of_0():
    """An all-in raise for a Right of Passage said the Camel turned face down, not that the Eyes
    of Shamesh the seat held went to the next opener for 0, as it did (seed 7051, turn 4)."""
    state, seat = opening()
    assert state.items_of(seat) == [ROP, SHAH]  # ({p0}'s Right of Passage and the Shah)
    said = explain(state, seat, [("open", "Eyes", 1)])
    assert (
        f"only bids of 0 in this turn's auctions left, so {{p0:'s}} Right of Passage and the Shah, "
        f"which {{p{seat}}} hold{{p{seat}:s}}, can be taken from {{p{seat}}} for 0;"
    ) in said, said
    assert "Right of Passage, which" in explain(state, seat, [("open", "Shah", 1)])  # (not the item bid for)
    assert "taken from" not in explain(state, seat, [("open", "Eyes", 0)])  # (a win at 0 leaves the Camel up)
    state.auctioned |= 1 << ROP | 1 << SHAH  # (up already this turn: neither comes up again)
    assert "taken from" not in explain(state, seat, [("open", "Eyes", 1)])


def test_a_paid_bid_says_the_seats_own_right_of_passage_on_the_table_is_left_open():
    """Seed 1051, turn 5: the seat had sold its own Right of Passage to the bank; a paid bid's
    warning named the Shah it held, not that Right of Passage on the table, which AI 2 won for 2
    while the seat could not raise, to build on its map."""
    state, seat = opening()
    state.rop[seat] = -1  # (sold to the bank: on the table)
    said = explain(state, seat, [("open", "Eyes", 1)])
    assert (
        f"the Shah, which {{p{seat}}} hold{{p{seat}:s}}, can be taken from {{p{seat}}} for 0; and "
        f"{{p{seat}:their}} own Right of Passage, on the table, can be won by another while {{p{seat}}} cannot raise, "
        f"to build on {{p{seat}:'s}} map"
    ) in said, said
    other = (seat + 1) % state.n  # (nothing held: the table's alone)
    state.rop = [other if holder == seat else holder for holder in state.rop]
    state.shah = other if state.shah == seat else state.shah
    assert not state.items_of(seat)
    alone = explain(state, seat, [("open", "Eyes", 1)])
    assert f"auctions left, so {{p{seat}:their}} own Right of Passage, on the table" in alone, alone
    state.auctioned |= 1 << (ROP + seat)  # (up already this turn)
    assert "on the table" not in explain(state, seat, [("open", "Eyes", 1)])


def test_a_paid_raise_by_the_turns_last_opener_leaves_nothing_open_to_others():
    """Seed 1351, turn 8: raising in AI 3's auction, the person was the turn's last opener, yet
    the hint said their own Right of Passage "on the table, can be won by another while you
    cannot raise": the one auction left that turn was their own. The Camel face down is still
    said (their own auction is at 0)."""
    from caravan_tui.games.ahldarahd.explain import explain

    from tables import recorded

    state, log = recorded("ahldarahd", "ahldarahd_last_opener_1351", 128)
    assert state.to_move() == 0 and state.order[state.pos + 1 :] == (0,) and log[128] == ("raise", 2)
    said = explain(state, 0, (("raise", 1),))
    assert "only bids of 0 in this turn's auctions left" in said, said
    assert "can be won by another" not in said and "can be taken from" not in said, said
