"""A bid's words and the hint's margin agree where the Eyes of Shamesh make a claim free. Found in
self-play (seed 3, 3 players, turn 3): AI 3 holds the Eyes and 1 gold, the red Ivory card is up
for 0, and the hint said "Clearly best: Raise to 1 gold for the red Ivory card — the red Ivory
card is worth about 0 gold to you or to the others still in" (the search: 0.79 against passing's
0.65). The search saw the claim the card makes at 0 gold on a land route (§4: the Eyes take 1 off
a claim's gold); the worth is priced by a projection that charges every claim a gold, so after
a win with the last gold the card was worth nothing to it (docs/ai.md, "A claim the Eyes or the
Pirate Queen make free")."""

from __future__ import annotations

from caravan_tui.games import get_game
from caravan_tui.games.ahldarahd.cards import ITEM_INDEX
from caravan_tui.games.ahldarahd.evaluation import item_worth
from caravan_tui.games.ahldarahd.explain import _kept_from, explain

#: the match up to AI 3's answer to the red Ivory card's auction, opened at 0 by AI 2
MOVES = [
    ("free", 20),
    ("free", 16),
    ("free", 3),
    ("free", 11),
    ("free", 11),
    ("free", 18),
    ("done",),
    ("open", "red Textiles", 0),
    ("raise", 3),
    ("raise", 4),
    ("pass",),
    ("pass",),
    ("open", "Shah", 1),
    ("raise", 3),
    ("raise", 4),
    ("pass",),
    ("give_shah", 2),
    ("open", "RoP blue", 0),
    ("raise", 1),
    ("claim", "green", 18, "Incense"),
    ("claim", "blue", 17, "Metals"),
    ("end",),
    ("claim", "red", 18, "Horses"),
    ("end",),
    ("claim", "green", 19, "Incense"),
    ("end",),
    ("open", "Eyes", 1),
    ("open", "red Incense", 0),
    ("open", "RoP green", 0),
    ("end",),
    ("end",),
    ("end",),
    ("open", "Eyes", 0),
    ("open", "Shah", 0),
    ("pass",),
    ("give_shah", 2),
    ("open", "red Ivory", 0),
]


def ivory_auction():
    state = get_game("ahldarahd").new(3, seed=3)
    for action in MOVES:
        state.apply(action)
    return state


def test_a_bid_for_a_card_the_eyes_claim_for_free_says_so_beside_its_worth_of_0() -> None:
    state = ivory_auction()
    seat = state.to_move()
    assert seat == 2 and state.eyes == seat and state.gold[seat] == 1
    assert round(item_worth(state, seat, state.item)) == 0  # (priced at a gold a claim)
    reason = explain(state, seat, [("raise", 1)])
    assert reason.startswith(
        "the red Ivory card would be worth about 0 gold to {p2} at a gold a claim, but with the Eyes of Shamesh "
        "it claims "
    ), reason
    # (and the city that claim takes, as the plays list says it)
    assert "(land) for no gold, which takes the Ivory city (+3 gold); a win at 1 leaves {p2} 0 gold" in reason, reason


def test_a_bid_for_a_card_worth_0_says_the_free_claim_it_brings_with_gold_to_spare() -> None:
    """``ahldarahd_seed65``'s move 74: AI 3 holds the Pirate Queen and 3 gold; its hint raised to
    1 for the red Pearls card, "clearly best", beside "worth about 0 gold" and no reason (the
    free claim was said only for a bid of the last gold)."""
    from ahldarahd_seed65 import after

    state = after(74)
    assert state.to_move() == 2 and state.pirate == 2 and state.eyes != 2 and state.gold[2] == 3
    assert round(item_worth(state, 2, state.item)) == 0
    reason = explain(state, 2, [("raise", 1)])
    # claimed on Pearls–Textiles it would win the Textiles city, but the green Pearls and the red
    # Incense in hand take that city already: the words say what more the card is for
    assert "the Textiles city" not in reason, reason
    assert reason.startswith("the red Pearls card is worth about 2 gold to {p2} (fits Incense–Pearls"), reason


def test_a_bid_for_a_card_worth_0_says_the_free_claim_a_pass_leaves_to_the_leader() -> None:
    """``ahldarahd_seed65``'s move 122: AI 2 holds neither the Eyes nor the Pirate Queen; its hint
    raised to 1 for the blue Salt card, "clearly best", beside "worth about 0 gold to you or to
    the others still in": a pass leaves it to AI 3 at 0, who claims with it for no gold."""
    from ahldarahd_seed65 import after

    state = after(122)
    assert state.to_move() == 1 and state.leader == 2 and 1 not in (state.eyes, state.pirate)
    assert round(item_worth(state, 1, state.item)) == 0
    reason = explain(state, 1, [("raise", 1)])
    # (the card wins {p1} a city, claimed with a gold in the build that follows)
    assert reason.startswith("claimed on Horses–Salt, the blue Salt card wins {p1} the Horses city (+4 gold)"), reason


def test_a_bid_against_the_leader_with_no_gold_says_whom_a_win_keeps_it_from() -> None:
    """A random self-play (``matches/ahldarahd_eyes_leader_2.json``, seed 2, 3 players), move 233:
    AI 2 leads the Eyes of Shamesh's auction at 0 with no gold left; the hint raised to 1 for
    {p0}, "clearly best" (0.24 against passing's 0.20), beside "worth about 0 gold to you or to
    the others still in": the leader takes it at 0 on a pass, but with no gold to outbid it was
    not counted among the others still in. (The claim the Eyes would make free for {p0} is now
    said first: ``test_opening_the_eyes_with_no_gold_says_the_claim_they_make_free``.)"""
    import json
    from pathlib import Path

    match = json.loads((Path(__file__).parent / "matches" / "ahldarahd_eyes_leader_2.json").read_text())
    state = get_game("ahldarahd").new(match["players"], seed=match["seed"])
    for action in match["log"]:
        state.apply(tuple(action))
    assert state.to_move() == 0 and state.leader == 1 and state.gold[1] == 0 and state.eyes != 0
    assert round(item_worth(state, 0, state.item)) == 0
    assert _kept_from(state, 0, state.item).startswith(", but a win keeps it from {p1}, "), _kept_from(
        state, 0, state.item
    )
    reason = explain(state, 0, [("raise", 1)])  # (the free claim the Eyes bring {p0} is said first)
    assert reason.startswith("the Eyes of Shamesh would be worth about 0 gold to {p0} at a gold a claim, but "), reason


def test_opening_the_eyes_with_no_gold_says_the_claim_they_make_free() -> None:
    """A random self-play (``matches/ahldarahd_eyes_no_gold_3.json``, seed 3, 3 players), move 288:
    no one has gold and {p0} opens the Eyes of Shamesh at 0, "clearly best" (0.64 against 0.21),
    beside "worth about 0 gold to you or to the others still in": priced at a gold a claim, the
    Eyes are worth nothing to a seat with none; the search sees its Gems card claim a land route."""
    import json
    from pathlib import Path

    match = json.loads((Path(__file__).parent / "matches" / "ahldarahd_eyes_no_gold_3.json").read_text())
    state = get_game("ahldarahd").new(match["players"], seed=match["seed"])
    for action in match["log"]:
        state.apply(tuple(action))
    assert state.to_move() == 0 and state.gold == [0, 0, 0] and state.eyes == -1
    reason = explain(state, 0, [("open", "Eyes", 0)])
    assert reason.startswith(
        "the Eyes of Shamesh would be worth about 0 gold to {p0} at a gold a claim, but with it {p0:'s} Gems card "
        "claims Gems–Pearls (land) for no gold; "
    ), reason


def test_an_item_that_makes_the_only_claim_there_is_free_says_so_whatever_its_worth() -> None:
    """A newcomer's match (``matches/ahldarahd_pirate_no_gold_6051.json``, seed 6051, 3 players),
    move 131: {p0} has no gold and opens the Pirate Queen at 0 on the hint's word, "worth about 1
    gold to you, who have none"; won, it let the Pearls card claim Textiles–Pearls for no gold and
    take a city (+4 gold). Priced at a gold a claim, the worth left out the one claim there was."""
    import json
    from pathlib import Path

    match = json.loads((Path(__file__).parent / "matches" / "ahldarahd_pirate_no_gold_6051.json").read_text())
    state = get_game("ahldarahd").new(match["players"], seed=match["seed"], options=match["options"])
    for action in match["log"]:
        state.apply(tuple(action))
    assert state.to_move() == 0 and state.gold[0] == 0
    assert round(item_worth(state, 0, state.item if state.item >= 0 else ITEM_INDEX["Pirate"])) >= 1
    reason = explain(state, 0, [("open", "Pirate", 0)])
    assert reason.startswith(
        "the Pirate Queen would be worth about 1 gold to {p0} at a gold a claim, but with it {p0:'s} Pearls card "
        "claims Textiles–Pearls (sea) for no gold; "
    ), reason
