"""Why an action is good or bad, in the game's words, from the player's own view
(``GameAI.explain``): "claims the Salt city: +4 gold, majority 3 of 5".

Only what the player can see is read: the maps, gold, items and its own hand; an item's or a
card's worth is the gold the player could pay for it and be no worse off by its own projection
(``evaluation.item_worth``); a trade offered to it is judged as ``trading.judge`` does, the
others' hidden cards by their number.
"""

from __future__ import annotations

from collections.abc import Sequence

from caravan_tui.engine import Action
from caravan_tui.engine import seat_field as who
from caravan_tui.words import a_or_an, signed

from .cards import COMMODITY_MASK, EYES, ITEM_INDEX, PIRATE, ROP, SHAH
from .describe import route_takes, unless_outbid
from .evaluation import bid_worth, item_worth, projected_all, rop_sale, win_chances
from .final_destroy import destroyer_after, guarded_from
from .idle_rights import buildable
from .last_build import route_price, scores_nothing, scores_there
from .last_gold import leaves_one, one_gold_words, stranded_words, strands
from .maps import (
    ADJ,
    COLOUR_INDEX,
    COMMODITIES,
    COMMODITY_AT,
    COMMODITY_INDEX,
    DEGREE,
    ENDS,
    MAJORITY,
    ROUTE_GOODS,
    ROUTES,
    SEA,
    SLOTS,
)
from .night import loss_routes
from .no_gold import claimable, raisers, sale_buys
from .offers import offer_words
from .rules import AhldarahdState
from .terms import COMPOSE, NIGHT_PRICE, city_words, gold_words, item_words, map_words, plural, poss
from .trading import judge, long_shot_line, offer_net, side_worth, traded


def gain(value: float) -> str:
    """A change, rounded, with its sign: "+3", "−3" (a minus sign, never a hyphen), "0"."""
    value = round(value)
    return f"+{value}" if value > 0 else signed(value)


def explain(state: AhldarahdState, seat: int, line: Sequence[Action]) -> str:
    action = line[0]
    kind = action[0]
    if kind in ("claim", "buy", "free"):
        m = seat if kind == "free" else COLOUR_INDEX[action[1]]
        if kind != "free" and state.final and scores_nothing(state, seat, action):
            price = route_price(state, seat, action)
            spent = f", and the {gold_words(price)} it costs would count in a tie" if price > 0 else ""
            return f"scores nothing: this is {poss(seat)} last build{spent}"
        text = _route(state, seat, m, (action[1] if kind == "free" else action[2]) - 1)
        if strands(state, seat, action):
            text += f"; {stranded_words(seat)}"
        elif leaves_one(state, seat, action):
            text += f"; {one_gold_words(seat)}"
        if kind == "claim":
            k = COMMODITY_INDEX[action[3]]
            left = (state.hand[seat] & COMMODITY_MASK[k]).bit_count() - 1
            text += f"; spends {a_or_an(action[3])} card ({left} left)"
        elif kind == "buy":
            # (a purchase "clearly best" beside the same route claimed with a card and 1 gold read
            # as paying 7 beating paying 1: what it keeps is said)
            claims = [a[3] for a in state.legal_actions() if a[0] == "claim" and a[1:3] == action[1:3]]
            if claims:
                kept = " or ".join(a_or_an(card) for card in dict.fromkeys(claims))
                text += f"; keeps {kept} card a claim would spend"
        return text
    if kind == "destroy":
        text = _destroy(state, seat, COLOUR_INDEX[action[1]], action[2] - 1)
        if strands(state, seat, action):
            return f"{text}; {stranded_words(seat)}"
        return f"{text}; {one_gold_words(seat)}" if leaves_one(state, seat, action) else text
    if kind == "sell_rop":
        return _sale(state, seat, COLOUR_INDEX[action[1]])
    if kind == "offer":
        return _offer(state, seat, action)
    if kind in ("end", "done"):
        cards = state.hand[seat].bit_count()
        if state.final:  # no later turns: gold only breaks a tie, cards score nothing
            text = f"ends {poss(seat)} last build: {state.gold[seat]} gold left counts only in a tie"
        else:
            text = f"keeps {state.gold[seat]} gold and {plural(cards, 'card')} for later turns"
        return text + _destroy_after(state, seat)
    if kind in ("open", "raise", "pass"):
        return _bid(state, seat, action)
    if kind == "give_shah":
        return _shah(state, seat, action[1])
    if kind in ("accept", "decline"):
        return _answer(state, seat, kind == "accept")
    if kind in ("avert", "pledge", "stand_by", "lose"):
        return _night(state, seat, action)
    if kind == "trade_with":
        return _proposal(state, seat, line)
    return _draft_step(state, seat, action)


def _destroy_after(state: AhldarahdState, seat: int) -> str:
    """Who, building after ``seat`` this turn, can pay now to destroy a route that holds one of its
    cities (``final_destroy.destroyer_after``), in words; "" where nobody can."""
    threat = destroyer_after(state, seat)
    if threat is None:
        return ""
    q, m, slots = threat
    where = map_words(m, state.n, seat) if m == seat else map_words(m, state.n)
    by = f", with {poss(seat)} Right of Passage," if m == seat else ""
    cities = " and ".join(city_words(m, slot) for slot in slots)
    return (
        f"; {who(q)}, building after {who(seat)}{by} can pay to destroy one of {poss(seat)} routes on {where} "
        f"and cost {who(seat)} {cities}"
    )


def _sale(state: AhldarahdState, seat: int, k: int) -> str:
    """Selling the Right of Passage of map ``k``: what the seat loses, what the bank pays, and
    what it is worth held. In the final turn no auction is left and this is the seat's last
    build: held, it is worth only what the seat can still build with it on that map now, and
    nothing once the build ends (a sale hint said "held, it is worth more to you than all your
    gold (3)" in a last build, where only the sale counts, as gold for the tie-break). Before it,
    another player's Right of Passage that the seat can build nothing with now is worth its sale:
    next turn's auction may take it for nothing (``idle_rights``), while the projection counts a
    fraction of a route toward that map's cities for each gold held, and a hint sold one "held,
    worth about 6 gold to you" for 5, its seat holding 3 gold and no card. One the seat can build
    with now is worth more than its sale only while it builds there in this build: past it, the
    search's estimate counts it at half its sale and not its map (``evaluation.passages``, as
    §3.2 auctions it wherever it is). A hint starred "Sell AI 3's Right of Passage to the bank
    for 2 gold" above ending the build, its words "held, it is worth about 4 gold to AI 2", and
    its line then built on AI 2's own map."""
    sale = f"the bank pays a gold per city held there ({rop_sale(state, k)})"
    if state.final:
        lose = (
            f"no auction is left: {poss(seat)} own map stays closed to the others"
            if k == seat
            else f"{who(seat)} can no longer build on {poss(k)} map"
        )
        if k != seat and not scores_there(state, seat, k):
            return (
                f"{lose}; {sale}; held, it is worth nothing: no route {who(seat)} can still build there "
                f"changes anyone's points, and this is {poss(seat)} last build"
            )
        if k == seat:
            return f"{lose}; {sale}; held, it is worth nothing once {poss(seat)} last build ends"
        held = item_worth(state, seat, ROP + k)
        return (
            f"{lose}; {sale}; held, it is {_worth_to(state, seat, held)} for what {who(seat)} can still "
            "build there in this last build, and nothing after it"
        )
    if k == seat:
        lose = _auctioned(state, seat)
    else:
        lose = f"{who(seat)} can no longer build on {poss(k)} map"
        if not buildable(state, seat, k, state.gold[seat]):
            return (
                f"{lose}; {sale}; held, it is worth no more to {who(seat)} than its sale: {who(seat)} can build "
                f"nothing there now, and next turn's auction may take it from {who(seat)} for nothing"
            )
    # the worth a bid's words give it (``item_worth``: never below the sale), so two hints never
    # disagree on it; not capped at the gold held, as a price to pay is ("worth more to you than
    # all your gold (0)" read as a reason to keep what the hint sold)
    held = item_worth(state, seat, ROP + k)
    if round(held) <= rop_sale(state, k):
        return f"{lose}; {sale}; held, it is worth no more to {who(seat)} than its sale"
    if k == seat:
        return f"{lose}; {sale}; held, it is worth about {held:.0f} gold to {who(seat)}"
    return (
        f"{lose}; {sale}; held, it is worth about {held:.0f} gold to {who(seat)} only if {who(seat)} "
        f"build{who(seat, 's')} there in this build: after it, next turn's auction may take it from "
        f"{who(seat)} for nothing"
    )


def _auctioned(state: AhldarahdState, seat: int) -> str:
    """What selling one's own Right of Passage risks, and why holding it guards the map no better:
    every turn's auctions offer it wherever it is (§3.2), and whoever wins it may build on the map.
    A hint called the sale "clearly best" beside the tip "Guard your own RoP" and said nothing of
    what the sale risks."""
    rich = [q for q in range(state.n) if q != seat and state.gold[q] > 0]
    gold = ", ".join(f"{who(q)} {who(q, 'has')} {state.gold[q]} gold" for q in rich)
    return (
        f"{poss(seat)} own map opens to whoever wins it in next turn's auction"
        + (f" ({gold} now)" if gold else "")
        + f", to build there and destroy {poss(seat)} routes, as it would if kept: the auction offers it wherever it is"
    )


def _proposal(state: AhldarahdState, seat: int, line: Sequence[Action]) -> str:
    """A proposal the line writes to its end (a trade both sides gain from, ``mutual.py``), in
    full: a hint saying only "writes a proposal to AI 2" left a person to guess which."""
    world = state.clone()
    for step in line:
        if step[0] == "send":
            break
        world.apply(step, False)
    if world.phase != COMPOSE or not (
        world.g_gold or world.g_cards or world.g_items or world.a_gold or world.a_cards or world.a_items
    ):
        return f"writes a proposal to {who(line[0][1])} step by step"
    partner = line[0][1]
    if long_shot_line(state, seat, line):
        # (a trade "both sides gain" from was declined at once, twice: its gain for the partner
        # was less than an AI partner asks of a trade it accepts)
        return (
            f"proposes: {offer_words(world)} (both sides gain, by the AI's estimate, against the others; "
            f"but {who(partner)} may find too little in it and decline)"
        )
    return f"proposes: {offer_words(world)} (both sides gain, by the AI's estimate, against the others)"


def _route(state: AhldarahdState, seat: int, m: int, r: int) -> str:
    """A marker of ``seat``'s on route r of map m: the cities it takes or brings nearer, the
    points and the others' routes it removes."""
    parts = []
    for slot in ENDS[r]:
        holder = state.ctrl[m * SLOTS + slot]
        if holder == seat:
            continue
        have = state.routes_into(m, slot, seat) + 1
        city = f"the {COMMODITIES[COMMODITY_AT[m][slot]]} city"
        # the routes into the city still open once this one is claimed
        still = sum(1 for q, ends in enumerate(ENDS) if slot in ends and q != r and state.owner[m * ROUTES + q] < 0)
        if have >= MAJORITY[slot]:
            parts.append(f"a majority of {city}'s routes, {have} of {DEGREE[slot]}")
        elif have + still < MAJORITY[slot]:
            # ("the Dates city (AI 3's): 1 of the 2 routes it needs" where AI 3 held the other two
            # of its three: no claim could bring the second, only a destruction)
            others = DEGREE[slot] - have - still
            parts.append(f"{city} stays out of reach: {others} of its {DEGREE[slot]} routes are others'")
        elif not state.final or have + 1 >= MAJORITY[slot]:  # (in a last build, only a city one route off counts)
            held = f" ({poss(holder)})" if holder >= 0 else ""
            parts.append(f"{city}{held}: {have} of the {MAJORITY[slot]} routes it needs")
    world = state.clone()
    world._place(seat, m, r, None)
    gained = world.points()[seat] - state.points()[seat]
    removed = sum(
        1 for i in range(m * ROUTES, (m + 1) * ROUTES) if state.owner[i] not in (-1, seat) and world.owner[i] == -1
    )
    if gained:
        parts.append(f"{gain(gained)} point{'s' if abs(gained) != 1 else ''}")
    if removed:
        parts.append(f"removes {plural(removed, 'route')} of others")
    if not parts:
        threat = guarded_from(state, seat, m, r)
        if threat is not None:  # (the last build: "guards what you hold there" said not from whom)
            q, slot = threat
            city = f"the {COMMODITIES[COMMODITY_AT[m][slot]]} city"
            parts.append(f"a spare route: keeps {city} from a destroy by {who(q)}, who builds after {who(seat)}")
        else:
            parts.append(f"a spare route: guards what {who(seat)} hold{who(seat, 's')} there")
    return "; ".join(parts)


def _destroy(state: AhldarahdState, seat: int, m: int, r: int) -> str:
    victim = state.owner[m * ROUTES + r]
    world = state.clone()
    world._remove(m, r, None, None)
    lost = state.points()[victim] - world.points()[victim]
    cities = [
        f"the {COMMODITIES[COMMODITY_AT[m][s]]} city"
        for s in ENDS[r]
        if state.ctrl[m * SLOTS + s] == victim and world.ctrl[m * SLOTS + s] != victim
    ]
    # (open to anyone at its price: "the route is free for you" read as a claim at no cost, a
    # free route of the setup)
    if cities:  # (the move's words name the cities lost)
        return f"{plural(lost, 'point')} off {poss(victim)} score; the route is open to claim again"
    return f"weakens {poss(victim)} hold on {map_words(m, state.n)}; the route is open to claim again"


def _offer(state: AhldarahdState, seat: int, action: Action) -> str:
    partner, ask_kind, ask_value = action[1], action[4], action[5]
    net = offer_net(state, seat, action)
    again = ""
    if ask_kind == "item" and ITEM_INDEX[ask_value] >= ROP and not state.final:
        # §3.2: every Right of Passage is auctioned each turn, wherever it is: one bought by trade
        # for 4 gold went back at 0 in the next auction to a seat that had nothing left to bid
        again = f"; {item_words(ITEM_INDEX[ask_value], seat)} is auctioned again next turn, where any player may win it"
    return (
        f"if {who(partner)} accept{who(partner, 's')}: worth about {gain(net)} gold to {who(seat)}{again}; "
        f"an AI accepts what raises its own chances, and a decline costs only one of {poss(seat)} 3 proposals"
    )


def _taken(item: int, taker: int, seat: int) -> str:
    """The item ``taker`` takes, in a sentence ``seat`` reads: "back their own Right of Passage"
    where it is the taker's, "your own Right of Passage" where it is the reader's."""
    return f"back {item_words(item, taker)}" if item == ROP + taker else item_words(item, seat)


def _bid(state: AhldarahdState, seat: int, action: Action) -> str:
    if action[0] == "pass":
        return (
            f"keeps {poss(seat)} {state.gold[seat]} gold: {who(state.leader)} take{who(state.leader, 's')} "
            f"{_taken(state.item, state.leader, seat)} at {state.high}{unless_outbid(state, seat)}"
        )
    item, bid = (state.item, action[1]) if action[0] == "raise" else (ITEM_INDEX[action[1]], action[2])
    worth = bid_worth(state, seat, item)
    leaves = _leaves(state, seat, item, bid) + _unanswerable(state, seat, bid)
    if state.holder(item) == seat:
        # (an auction for an item the bidder holds read "a win at 0 leaves you 4 gold", as if it
        # gained something: the winner takes it from its holder, §3.2)
        leaves = f"{who(seat)} hold{who(seat, 's')} it now, and whoever outbids {who(seat)} takes it; {leaves}"
    if item == SHAH:
        # the Shah scores nothing to anyone (``item_use``): "worth about 0 gold" beside a bid for
        # it read as a contradiction; what its winner gets is a choice (§3)
        if state.final:  # no later turn: who builds first, and so last, is all it decides
            return (
                "the Shah scores nothing, but its winner chooses who builds first in this last turn, "
                f"and so who builds last; {leaves}"
            )
        return (
            f"the Shah scores nothing, but its winner chooses who builds first this turn and bids first next; {leaves}"
        )
    free = _free_claim(state, seat, item % 10) if item < ROP else _frees(state, seat, item)
    if free and (round(worth) <= 0 or state.gold[seat] <= bid):
        # the worth is priced as if every claim cost a gold (``evaluation.projected``), so a card
        # the Eyes or the Pirate Queen claim with for free reads "worth about 0" (with the last
        # gold, or with gold to spare); the search sees the free claim, and called the bid
        # "clearly best" beside those words. To a seat the bid leaves no gold, it is the only
        # claim there is: "the Pirate Queen … worth about 1 gold to you, who have none", won at
        # 0, then claimed a city with the Pearls card for no gold
        return (
            f"{item_words(item)} would be worth about {max(0, round(worth))} gold to {who(seat)} at a gold a "
            f"claim, but {free}; {leaves}"
        )
    taker = state.leader if action[0] == "raise" and state.leader != seat else -1
    theirs = _free_claim(state, taker, item % 10) if item < ROP and taker >= 0 else ""
    if round(worth) <= 0 and theirs:
        # the same for the player a pass leaves the card to: a bid for a card worth 0 to the
        # bidder was "clearly best" because the leader would claim with it for free
        return (
            f"{item_words(item)} is worth about 0 gold to {who(seat)}, but a pass leaves it to {who(taker)} "
            f"at {state.high}, and {theirs}; {leaves}"
        )
    if round(worth) <= 0:
        # the search values a win for what it keeps from the others too: "worth about 0 gold to
        # you" alone beside a bid for it read as a contradiction
        kept = _kept_from(state, seat, item, bid or None)
        return f"{item_words(item)} is worth about 0 gold to {who(seat)}{kept}; {leaves}"
    use, wins, claim = _card_use(state, seat, item % 10) if item < ROP else ("", "", -1)
    if wins and claim <= state.gold[seat] - bid:
        # its price (the gold a win may cost and still leave the claim's) is not its worth
        return (
            f"claimed on {use}, {item_words(item)} wins {who(seat)} {wins}; {leaves}"
            f"{_rival(state, seat, item, worth, bid=bid)}"
        )
    # (not affordable here: "claimed on Incense–Metals, it would win you the Incense city" read as
    # a claim open to a seat at 0 gold, under the same hint's "No gold, so no claim")
    cost = f" for {claim} gold" if wins and claim > 0 else ""
    use = f" (claimed on {use}{cost}, it would win {who(seat)} {wins})" if wins else f" ({use})" if use else ""
    named = -1
    if bid > round(worth):
        # a bid above the worth it names: what a win keeps from the others is the search's reason
        # (a hint raised to 2 for a Right of Passage "worth about 1 gold to you" and said no more)
        kept = _kept_from(state, seat, item, bid)
        if kept.startswith(", but"):
            use, named = use + kept, kept_worth(state, seat, item)[0]
        else:
            use += ", less than the bid"
    rival = _rival(state, seat, item, worth, named, bid)
    answer = _answers(state, seat, item, bid, worth) if action[0] == "raise" else ""
    return f"{item_words(item)} is {_worth_to(state, seat, worth)}{use}; {leaves}{rival}{answer}"


def _answers(state: AhldarahdState, seat: int, item: int, bid: int, worth: float) -> str:
    """Where the leader a raise outbids can raise again, and the item is worth more than the raise
    to them as ``seat`` can judge it: so ("; AI 3 can raise again: AI 3 has 9 gold, and it is worth
    about 6 to AI 3"), unless ``_rival`` names them already. "Raise to 5 … worth more to you than
    all your gold (6)" stood below "Slightly better: Pass", with no word of why."""
    q = state.leader
    if q in (-1, seat) or not state.camel[q] or state.gold[q] <= bid or q in _rivals(state, seat, worth):
        return ""  # (a leader whose Camel is face down cannot raise, §3.2: "AI 3 can raise again" of one)
    theirs = item_worth(state, q, item, viewer=seat)
    if round(theirs) <= bid:
        return ""
    worth_to = f"it is worth {_their_worth(state, q, theirs)} to {who(q)}"
    if q in _unanswered(state, seat, bid):  # (its gold said once: "you cannot answer a raise: AI 2 has 7 gold")
        return f"; {who(q)} can raise again, and {worth_to}"
    return f"; {who(q)} can raise again: {who(q)} {who(q, 'has')} {state.gold[q]} gold, and {worth_to}"


def _unanswered(state: AhldarahdState, seat: int, bid: int) -> list[int]:
    """The seats that can raise ``seat``'s ``bid`` where ``seat`` could not answer a raise (a
    raise above it needs a gold more than the raise, and a Camel face up, §3.2: an opener whose
    Camel was down read "a win at 0 leaves you 3 gold" and AI 2, with 15, raised to 1); none
    where it could."""
    able = [q for q in raisers(state, seat) if state.gold[q] > bid]
    return [] if state.gold[seat] > bid + 1 and state.camel[seat] else able


def _unanswerable(state: AhldarahdState, seat: int, bid: int) -> str:
    """Where ``seat`` could not answer a raise of its ``bid`` and another seat can raise: who
    ("; you cannot answer a raise: AI 2 has 7 gold"). Hints to open at 0 with 1 gold said "a win
    at 0 leaves you 1 gold", turn after turn, and AI 2 raised to 1 each time."""
    able = _unanswered(state, seat, bid)
    if not able:
        return ""
    golds = ", ".join(f"{who(q)} {who(q, 'has')} {state.gold[q]} gold" for q in able)
    return f"; {who(seat)} cannot answer a raise: {golds}"


def _leaves(state: AhldarahdState, seat: int, item: int, bid: int) -> str:
    """What a win at ``bid`` leaves ``seat``: its gold, "none for a claim" where that is none (a
    claim costs a gold, §4), and for a Right of Passage bid above what the bank pays for it, that
    price: a hint bid 6 for one that it later hinted selling for 1, and hint-following seats sat
    at 0 gold, unable to claim, with no word that the bid had cost them that."""
    left = state.gold[seat] - bid
    words = f"a win at {bid} leaves {who(seat)} {left} gold"
    if _unanswered(state, seat, bid):  # (no win: any raise takes it, ``_unanswerable`` says whose)
        verb = "keep" if state.holder(item) == seat else "take"
        words = f"{who(seat)} {verb}{who(seat, 's')} it at {bid} only if no one raises, left with {left} gold"
    selling = rop_sale(state, item - ROP) if ROP <= item < SHAH else 0
    if bid > 0 and left == 0:
        # (with both, a claim needs no gold: "none for a claim (with the Eyes and the Pirate
        # Queen, any claim costs only its card)" said and unsaid it at once; a Right of Passage
        # won sells in the build after: "none for a claim" was said of one that sold for 7)
        if _both_discounts(state, seat, item):
            # (with no card in hand, a claim at no gold is still none: seed 221's last gold went
            # on the Pirate Queen "any claim costs only its card", and twelve turns at 0 followed)
            card = "" if state.hand[seat] else f", and {who(seat)} hold{who(seat, 's')} no card"
            words += f"; {FREE_CLAIMS}{card}"
        elif selling > 0 and bid <= selling:
            # (for claims only with a card that fits an open route: "brings 3 gold for claims" was
            # said to a seat holding no card, whose 3 gold bought no route either)
            sold = item - ROP
            use = " for claims" if claimable(state, seat, sold) else f" back{sale_buys(state, seat, selling, sold)}"
            words += f", and sold to the bank in {poss(seat)} build it brings {selling} gold{use}"
        else:
            words += f", none for a claim {_claim_price(state, seat, item)}"
    if ROP <= item < SHAH and bid > rop_sale(state, item - ROP):
        words += f"; sold to the bank it brings {rop_sale(state, item - ROP)} gold now"
    if bid > 0 and state.camel[seat] and state.pos + 1 < state.n:
        # (§3.2: a paid win turns the Camel face down; a final turn's hint bid 6 for a Right of
        # Passage that sold back for 6, and the card that would have won went to another for 0)
        words += f"; {poss(seat)} Camel then turns face down: only bids of 0 in this turn's auctions left"
        words += _left_open(state, seat, item)
    return words


def _left_open(state: AhldarahdState, seat: int, item: int) -> str:
    """The items ``seat`` holds that can still come up this turn once a paid win for ``item``
    leaves it only bids of 0: another player who opens one at 0 takes it; and its own map's Right
    of Passage where it lies on the table. An all-in raise for a Right of Passage said the Camel
    turned face down, not that the Eyes of Shamesh the seat held went to the next opener for 0,
    as it did. Only where another player opens an auction later this turn: "can be won by
    another" was said to the turn's last opener, whose own auction was all that was left."""
    if all(q == seat for q in state.order[state.pos + 1 :]):
        return ""
    held = [i for i in state.items_of(seat) if i != item and not state.auctioned >> i & 1]
    said = ""
    if held:
        names = " and ".join(item_words(i, seat) for i in held)
        said = f", so {names}, which {who(seat)} hold{who(seat, 's')}, can be taken from {who(seat)} for 0"
    own = ROP + seat
    if state.rop[seat] < 0 and own != item and not state.auctioned >> own & 1:
        # (on the table after its sale: the warning named the Shah the seat held, not its own map's
        # Right of Passage, which AI 2 then won for 2 while the seat could not raise)
        said += (
            f"{'; and' if said else ', so'} {item_words(own, seat)}, on the table, can be won by another "
            f"while {who(seat)} cannot raise, to build on {poss(seat)} map"
        )
    return said


#: what the Eyes of Shamesh and the Pirate Queen held together do to a claim's price (§4)
FREE_CLAIMS = "with the Eyes and the Pirate Queen, any claim costs only its card"


def _both_discounts(state: AhldarahdState, seat: int, item: int) -> bool:
    """Whether ``seat`` holds both the Eyes of Shamesh and the Pirate Queen once it holds ``item``."""
    return (state.eyes == seat or item == EYES) and (state.pirate == seat or item == PIRATE)


def _claim_price(state: AhldarahdState, seat: int, item: int) -> str:
    """What a claim costs ``seat`` in gold once it holds ``item`` too: a gold, but none on the
    routes its Eyes of Shamesh (land) or Pirate Queen (sea) make 1 cheaper (§4). "none for a
    claim (a gold each)" was said to a player holding the Eyes, whose land claims cost only the
    card, and of a bid for the Eyes itself."""
    eyes = state.eyes == seat or item == EYES
    pirate = state.pirate == seat or item == PIRATE
    if eyes and pirate:
        return f"({FREE_CLAIMS})"
    if eyes:
        return "by sea (a gold each; a land claim costs only its card with the Eyes)"
    if pirate:
        return "by land (a gold each; a sea claim costs only its card with the Pirate Queen)"
    return "(a gold each)"


def _worth_to(state: AhldarahdState, seat: int, worth: float) -> str:
    """``worth`` (``item_worth``: a price, the most ``seat`` could pay) in words: "worth about 3
    gold to {p0}"; beyond the gold ``seat`` holds, it says so ("worth more to {p2} than all
    {p2:'s} gold (2)"): a Right of Passage was "worth about 17 gold" to a player holding 2."""
    if round(worth) > state.gold[seat] == 0:  # ("worth more to you than all your gold (0)")
        return f"worth about {worth:.0f} gold to {who(seat)}, who {who(seat, 'has')} none"
    if round(worth) > state.gold[seat]:
        return f"worth more to {who(seat)} than all {poss(seat)} gold ({state.gold[seat]})"
    return f"worth about {worth:.0f} gold to {who(seat)}"


def _bid_above(state: AhldarahdState, q: int, worth: float) -> bool:
    """Whether ``q`` leads the auction with a bid above ``worth``, what it is judged worth to
    them: "it is worth about 1 to AI 3" was said of a card AI 3 had just bid 3 for."""
    return state.item >= 0 and state.leader == q and state.high > round(worth)


def _their_worth(state: AhldarahdState, q: int, worth: float) -> str:
    """Another player's worth as a price after "to whom it is worth": "about 4", "about 3 ({p2:'s}
    bid)" where they bid more (``_bid_above``; a raise is above their bid still), or "more than all
    {p2:'s} gold (2)" where it is beyond what they hold (``_worth_to``)."""
    if _bid_above(state, q, worth):
        return f"about {state.high} ({poss(q)} bid)"
    if round(worth) > state.gold[q] == 0:
        return f"about {worth:.0f}, and {who(q)} {who(q, 'has')} no gold"
    if round(worth) > state.gold[q]:
        return f"more than all {poss(q)} gold ({state.gold[q]})"
    return f"about {max(0, worth):.0f}"


def _free_claim(state: AhldarahdState, seat: int, k: int) -> str:
    """Where a card of commodity ``k`` claims a route for no gold, ``seat`` holding the Eyes of
    Shamesh (land) or the Pirate Queen (sea, §4): "with the Eyes of Shamesh it claims Ivory–Horses
    (land) for no gold", one that takes a city first, and said so (", which takes the Pearls city
    (+5 gold)": a card read "worth about 0 gold" and its claim took the city at once); "" where it
    claims none."""
    found = []
    for m in state.maps_of(seat):
        for r, (a, b) in enumerate(ROUTE_GOODS[m]):
            holder = state.pirate if SEA[r] else state.eyes
            if holder == seat and k in (a, b) and state.owner[m * ROUTES + r] < 0:
                kind, by = ("sea", ITEM_INDEX["Pirate"]) if SEA[r] else ("land", ITEM_INDEX["Eyes"])
                takes = route_takes(state, seat, m, r).replace(": takes", ", which takes", 1)
                said = f"with {item_words(by)} it claims {COMMODITIES[a]}–{COMMODITIES[b]} ({kind}) for no gold"
                found.append((not takes, said + takes))
    return min(found)[1] if found else ""


def _frees(state: AhldarahdState, seat: int, item: int) -> str:
    """Where ``item`` (the Eyes of Shamesh or the Pirate Queen) would let a card in ``seat``'s
    hand claim a route for no gold: "with it {p0:'s} Ivory card claims Ivory–Horses (land) for
    no gold"; "" elsewhere. The projection charges every claim a gold, so to a seat without gold
    the Eyes read "worth about 0" while the search opened them at 0, "clearly best"."""
    sea = item == ITEM_INDEX["Pirate"]
    if not sea and item != ITEM_INDEX["Eyes"]:
        return ""
    for m in state.maps_of(seat):
        for r, (a, b) in enumerate(ROUTE_GOODS[m]):
            if bool(SEA[r]) != sea or state.owner[m * ROUTES + r] >= 0:
                continue
            for k in (a, b):
                if state.hand[seat] & COMMODITY_MASK[k]:
                    route = f"{COMMODITIES[a]}–{COMMODITIES[b]} ({'sea' if sea else 'land'})"
                    return f"with it {poss(seat)} {COMMODITIES[k]} card claims {route} for no gold"
    return ""


def _rivals(state: AhldarahdState, seat: int, floor: float) -> list[int]:
    """The other players still in who could pay more than ``floor`` (and the bid so far)."""
    return [
        q
        for q in range(state.n)
        if q != seat
        and not (state.item >= 0 and state.out >> q & 1)
        and state.camel[q]
        and state.gold[q] > max(floor, state.high if state.item >= 0 else 0)
    ]


def _kept_from(state: AhldarahdState, seat: int, item: int, bid: int | None = None) -> str:
    """Whom a win keeps ``item`` from: the player still in to whom it is worth most as ``seat``
    can judge it, where that is about a gold or more (else that it is worth little to them too);
    and where ``bid`` is above that worth too, that both are less than the bid (a hint to open
    at 6 for a Right of Passage "worth about 3 gold to you, but a win keeps it from AI 2, to whom
    it is worth about 4" read as if keeping it were worth the bid)."""
    q, worth = kept_worth(state, seat, item)
    if q < 0 or round(worth) <= 0:
        return " or to the others still in" + (", less than the bid" if bid else "")
    theirs = round(worth)
    above = ", both less than the bid" if bid is not None and bid > theirs else ""
    return f", but a win keeps it from {who(q)}, to whom it is worth {_their_worth(state, q, worth)}{above}"


def kept_worth(state: AhldarahdState, seat: int, item: int) -> tuple[int, float]:
    """The player still in (or leading the auction) to whom ``item`` is worth most as ``seat``
    can judge it, and that worth (``item_worth``); (-1, 0.0) where there is none."""
    # the leader too: a pass leaves the item to it at its bid, whatever gold it has left
    leader = [state.leader] if state.item >= 0 and state.leader not in (-1, seat) else []
    worths = {q: item_worth(state, q, item, viewer=seat) for q in {*_rivals(state, seat, 0), *leader}}
    q = max(worths, key=worths.__getitem__, default=None)
    return (-1, 0.0) if q is None else (q, worths[q])


def argues_against(state: AhldarahdState, seat: int, item: int, bid: int) -> bool:
    """Whether the words of ``seat``'s bid of ``bid`` gold for ``item`` (``_bid``) argue against
    it: the item is worth less than the bid to ``seat`` and to everyone a win keeps it from
    ("both less than the bid"), and no free claim, the Shah's choice or a sale covers it. A hint
    said "Either is about as good: Raise to 3 gold for AI 3's Right of Passage" beside "worth
    about 2 gold to you, but a win keeps it from AI 3, to whom it is worth about 1, both less
    than the bid", and its next hint sold it for 2."""
    if bid <= 0 or item == SHAH:
        return False
    worth = bid_worth(state, seat, item)
    if bid <= round(worth):
        return False
    if round(worth) <= 0:
        taker = state.leader if state.item >= 0 and state.leader not in (-1, seat) else -1
        free = _free_claim(state, seat, item % 10) if item < ROP else _frees(state, seat, item)
        if free or (item < ROP and taker >= 0 and _free_claim(state, taker, item % 10)):
            return False
    q, theirs = kept_worth(state, seat, item)
    return q < 0 or bid > round(theirs)


def _rival(state: AhldarahdState, seat: int, item: int, worth: float, named: int = -1, bid: int = -1) -> str:
    """The other player still in who could pay most for ``item`` above ``worth``, with what it
    is worth to them as ``seat`` can judge it: a low worth to oneself is not its price. Where
    that player is ``named`` already with its worth (``_kept_from``), only its gold: "a win keeps
    it from AI 2, to whom it is worth about 3; … AI 2 has 5 gold, and it is worth about 3 to AI 2"
    said the worth twice; where its gold is said already (``_unanswerable`` of ``bid``), only the
    worth: "AI 2 has 7 gold; AI 2 has 7 gold, and it is worth about 2 to AI 2"."""
    rivals = _rivals(state, seat, worth)
    if not rivals:
        return ""
    q = max(rivals, key=lambda q: state.gold[q])
    said = _unanswered(state, seat, bid) if bid >= 0 else []
    gold = "" if q in said else f"{who(q)} {who(q, 'has')} {state.gold[q]} gold"
    if q == named:
        return f"; {gold}" if gold else ""
    theirs = item_worth(state, q, item, viewer=seat)
    if _bid_above(state, q, theirs):
        return f"; {gold} and bid {state.high} for it" if gold else f"; {who(q)} bid {state.high} for it"
    worth_to = f"it is worth {_their_worth(state, q, theirs)} to {who(q)}"
    return f"; {gold}, and {worth_to}" if gold else f"; {worth_to}"


def _card_use(state: AhldarahdState, seat: int, k: int) -> tuple[str, str, int]:
    """Where a card of commodity ``k`` would take ``seat`` nearest to a city: "fits the
    Pearls–Gems route toward the Gems city, 2 of 3"; where its claim would win a city, the route
    and what it wins ("Salt–Horses", "the Salt city (+6 gold)") and the claim's gold. "toward the
    Salt city, 4 of 4" beside "worth about 1 gold" read as a card worth a gold, where its claim
    won a city worth 6."""
    best: tuple[float, int, int, int] | None = None
    held: str = ""  # a city a card already in hand takes, which this card would take too
    spare = False  # an open route it fits, between cities the seat holds already
    for m in state.maps_of(seat):
        row = COMMODITY_AT[m]
        for r, ends in enumerate(ENDS):
            if state.owner[m * ROUTES + r] >= 0 or k not in (row[ends[0]], row[ends[1]]):
                continue
            spare = spare or all(state.ctrl[m * SLOTS + slot] == seat for slot in ends)
            for slot in ends:
                if state.ctrl[m * SLOTS + slot] != seat:
                    have = state.routes_into(m, slot, seat) + 1
                    if have >= MAJORITY[slot] and _hand_takes(state, seat, m, slot):
                        # (an auction's card "wins you the Pearls city" where the hand's Textiles
                        # card already took it on Textiles–Pearls: a second adds nothing there)
                        city = city_words(m, slot) + ("" if m == seat else f" on {map_words(m, state.n)}")
                        held = held or f"a card in {poss(seat)} hand already takes {city}"
                        continue
                    if best is None or have / MAJORITY[slot] > best[0]:
                        best = (have / MAJORITY[slot], r, slot, have)
                        where = m
    if best is None:
        # ("no open route you may build on takes a Dates card" of a card the plays list then
        # claimed Metals–Dates with: both its cities the seat's already)
        holds = f"{who(seat)} hold{who(seat, 's')}"
        fits = f"{a_or_an(COMMODITIES[k])} card fits only open routes between cities {holds} already" if spare else ""
        return held or fits or f"no open route {who(seat)} may build on takes {a_or_an(COMMODITIES[k])} card", "", -1
    _, r, slot, have = best
    a, b = ROUTE_GOODS[where][r]
    # (the same city needs more routes on one map than on another: "the Gems city, 1 of 2" read
    # wrong of the seat's own map, where it needs 3)
    route = f"{COMMODITIES[a]}–{COMMODITIES[b]}" + ("" if where == seat else f" on {map_words(where, state.n)}")
    if have >= MAJORITY[slot]:
        return route, route_takes(state, seat, where, r).removeprefix(": takes "), 1 - state.discount(seat, r)
    # ("2 of 3" read as 2 of its 3 routes beside "a majority of the Horses city's routes, 2 of 3")
    city = COMMODITIES[COMMODITY_AT[where][slot]]
    toward = f"fits {route} toward the {city} city, {have} of the {MAJORITY[slot]} routes it needs"
    if state.final:  # (no turn comes after: "toward the Incense city" starred a bid in the final turn)
        rest = MAJORITY[slot] - have
        other = "the other route" if rest == 1 else f"the other {rest} routes"
        toward += f"; this is the final turn: it scores only with {other} built in this build"
    return toward, "", -1


def _hand_takes(state: AhldarahdState, seat: int, m: int, slot: int) -> bool:
    """Whether a card in ``seat``'s hand claims an open route into ``slot`` on map ``m``, where one
    more route gives ``seat`` the city (``_card_use`` asks only there; its gold aside)."""
    hand, row = state.hand[seat], COMMODITY_AT[m]
    return any(
        state.owner[m * ROUTES + r] < 0 and hand & (COMMODITY_MASK[row[ENDS[r][0]]] | COMMODITY_MASK[row[ENDS[r][1]]])
        for r in ADJ[slot]
    )


#: the lead in win chance (``win_chances``) over the next player that makes a player ahead in the
#: Shah's words: below it "you are the best placed" stood over "How it stands: an even game"
CLEAR_LEAD = 0.1


def _shah(state: AhldarahdState, seat: int, to: int) -> str:
    chances = win_chances(state, projected_all(state, viewer=seat))
    first, second = sorted(range(state.n), key=chances.__getitem__, reverse=True)[:2]
    points = state.scores()
    leaders = [s for s in range(state.n) if points[s] == max(points)]
    # (a person leading 10 to 8 read "AI 3 is ahead, not you" under "How it stands: you are
    # ahead": AI 3 was ahead by its gold, which the words did not say; so did "AI 2 is ahead"
    # with 8 points beside two players' 9)
    apart = first not in leaders
    by = " by the gold and cards to come" if apart else ""
    if chances[first] - chances[second] < CLEAR_LEAD:
        lead = "no one is clearly ahead yet"
    elif first == to:
        lead = f"{who(to)} {who(to, 'is')} ahead{by}"
    else:
        lead = f"{who(first)} {who(first, 'is')} ahead{by}, not {who(to)}"
    if by and chances[first] - chances[second] >= CLEAR_LEAD:
        if len(leaders) == 1:
            lead += f", though {who(leaders[0])} lead{who(leaders[0], 's')} on points"
        else:
            lead += f", though {' and '.join(who(s) for s in leaders)} lead on points"
    # the building phase follows the auctions, from the Shah's holder then (§3.3): "next turn"
    # for both sent a person to wait a turn for a first build that came at once
    bids = "" if state.final else f" and bid{who(to, 's')} first next turn"
    # (both sides of it, as §3.3 gives them: "AI 3 builds first … AI 3 is the best placed" read
    # as a privilege given to the leader; "usually a burden" argued against keeping it where the
    # search kept it, "Clearly best")
    return f"{who(to)} build{who(to, 's')} first this turn{bids}: the first pick, but before seeing the others; {lead}"


def _answer(state: AhldarahdState, seat: int, accepting: bool) -> str:
    verdict = judge(state, seat)
    proposer = state.order[state.pos]
    if verdict.fails:
        lack = f"{who(seat)} lack{who(seat, 's')} a card it asks for"
        return f"{lack}: the trade would fail" if accepting else lack
    more = verdict.proposer_gain > verdict.gain
    # ("AI 3 gains less" of a trade that cost AI 3 a fifth of its chances)
    loses = not more and verdict.proposer_gain < 0
    them = f"{who(proposer)} {'lose' if loses else 'gain'}{who(proposer, 's')}"
    builds = _builds_on(state, proposer)
    how = "" if loses else " more" if more else " less"
    if builds:  # (the gains are the trade's alone: "AI 3 gains less" read as a reason to accept)
        them += f"{how} by the trade itself, {'and' if more else 'but'}{builds}"
    else:
        them += " by it" if loses else how
    if accepting:
        said = f"worth about {gain(verdict.points)} gold to {who(seat)}"
        if round(verdict.points) < 0 <= verdict.gain:  # ("Clearly best: Accept" beside "worth about −1 gold")
            said += f", yet no worse for {poss(seat)} chances by the AI's estimate"
        return f"{said}; {them}"
    # (in words, never a sign: "turns down about −2 gold of worth" read as a double negative)
    worth = round(verdict.points)
    declined = (
        f"turns down about {worth} gold of worth"
        # (a decline starred beside "turns down about 2 gold of worth; AI 3 gains less" gave only
        # reasons to accept: the worth is in gold, the estimate in chances, and they can part)
        + (f" that would not help {poss(seat)} chances, by the AI's estimate" if verdict.gain <= 0 else "")
        if worth > 0
        else f"keeps about {-worth} gold of worth the trade would cost {who(seat)}"
        if worth < 0
        else f"turns down a trade worth about nothing to {who(seat)}"
    )
    return f"{declined}; {them} if {who(seat)} accept{who(seat, 's')}"


def _builds_on(state: AhldarahdState, proposer: int) -> str:
    """What the proposer, building, can claim at once with a card the offer asks for, and the
    city it takes: " with a Dates card {p2} can claim Salt–Dates (sea) on {p2:their} own map at
    once and take the Salt city (+4 gold)" (", but {p2} builds on after it" read oddly after "{p2}
    gains more"). The gains are weighed before that claim, and the search after it: a hint said
    "Clearly best: Decline" beside "turns down about +3 gold of worth; AI 3 gains less" (AI 3 would
    have claimed with the card at once, its chance 0.75 to 0.84), and beside "AI 3 gains less, and
    … can claim Salt–Dates (sea) … at once" a person accepted and AI 3 took the Salt city and
    passed them; "" where no such claim is open."""
    if not state.a_cards:
        return ""
    after = traded(state)
    if after is None:
        return ""
    after._legal = None
    wanted = {COMMODITIES[k] for k in state.a_cards}
    claims = [action for action in after.legal_actions() if action[0] == "claim" and action[3] in wanted]
    if not claims:
        return ""

    def points(action: Action) -> float:  # (the claim the proposer's projection likes best)
        world = after.clone()
        world.apply(action, False)
        return projected_all(world)[proposer]

    best = max(claims, key=points)
    m, r = COLOUR_INDEX[best[1]], best[2] - 1
    a, b = ROUTE_GOODS[m][r]
    route = f"{COMMODITIES[a]}–{COMMODITIES[b]} ({'sea' if SEA[r] else 'land'}) on {map_words(m, state.n, proposer)}"
    takes = route_takes(after, proposer, m, r).replace(": takes ", " and take ", 1)
    return f" with a {best[3]} card {who(proposer)} can claim {route} at once{takes}"


def _night(state: AhldarahdState, seat: int, action: Action) -> str:
    commodity = COMMODITIES[state.n_comm]
    at_stake = len(loss_routes(state, seat, state.n_comm)) if state.eyes != seat else 0
    stake = (
        f"{who(seat)} {who(seat, 'has')} {plural(at_stake, 'route')} into {commodity} cities"
        if at_stake
        else f"{who(seat)} lose{who(seat, 's')} nothing to it"
    )
    kind = action[0]
    if kind == "avert":
        cards = (state.hand[seat] & COMMODITY_MASK[state.n_comm]).bit_count()
        return f"spends 1 of {poss(seat)} {cards} {commodity} cards and saves everyone; {stake}"
    if kind == "pledge":
        missing = NIGHT_PRICE - sum(k for _, k in state.pledges)
        return f"covers {action[1]} of the {missing} gold still missing (paid only if it is averted); {stake}"
    if kind == "stand_by":
        return f"keeps {poss(seat)} gold and cards; {stake}"
    m, r = COLOUR_INDEX[action[1]], action[2] - 1
    world = state.clone()
    world._remove(m, r, None, None)
    lost = state.points()[seat] - world.points()[seat]
    return (
        f"costs {who(seat)} {plural(lost, 'point')} on {map_words(m, state.n)}"
        if lost
        else f"costs {who(seat)} no city on {map_words(m, state.n)}"
    )


def _draft_step(state: AhldarahdState, seat: int, action: Action) -> str:
    """A step of a proposal written by hand."""
    kind = action[0]
    partner = who(state.partner)
    if kind == "give_gold":
        left = state.gold[seat] - state.g_gold - action[1]
        return f"leaves {who(seat)} {left} gold if {partner} accept{who(state.partner, 's')}"
    if kind == "ask_gold":
        return f"{partner} {who(state.partner, 'has')} {state.gold[state.partner]} gold"
    if kind in ("give_card", "give_item", "ask_card", "ask_item"):
        giving, thing = kind.startswith("give"), kind.split("_")[1]
        worth = side_worth(state, seat, thing, action[1], giving)
        named = f"{a_or_an(action[1])} card" if thing == "card" else item_words(ITEM_INDEX[action[1]])
        return (
            f"{named} is {_worth_to(state, seat, worth)}"
            if giving
            else f"{named} would be {_worth_to(state, seat, worth)}"
        )
    if kind == "send":
        return f"{partner} answers it now"
    if kind == "cancel":
        return "no trade; the proposal still counts"
    return f"writes a proposal to {who(action[1])} step by step"


def takes_a_city(state: AhldarahdState, seat: int, action: Action) -> bool:
    """Whether ``action`` takes a city: a route claimed (free or with a card) or bought that the
    plays list says "takes the … city" of, or an auction for a card whose claim would win one,
    affordable after the bid (``GameAI.noted``: a hint names it where it ranks it lower)."""
    kind = action[0]
    if kind == "free":
        return bool(route_takes(state, seat, seat, action[1] - 1))
    if kind in ("claim", "buy"):
        return bool(route_takes(state, seat, COLOUR_INDEX[action[1]], action[2] - 1))
    if kind == "open":
        item = ITEM_INDEX[action[1]]
        if item >= ROP:
            return False
        _, wins, claim = _card_use(state, seat, item % 10)
        return bool(wins) and claim <= state.gold[seat] - action[2]
    return False
