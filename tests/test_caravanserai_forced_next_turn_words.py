"""A hint's placement that leaves the next turn forced says where this one ends, and that the rules
lay the next.

Met in a newcomer's solo match (seed 151), round 4: "Head north-west (NW) to (3,-7) — lays camel,
ending on (2,-7); … leaves 3 camels": the figures were the next turn's, which the rules lay by
themselves (a lone camel to the west), while the board's star stood on (3,-7)."""

from __future__ import annotations

from test_review_whole_moves import SOLO

from caravan_tui.engine import normalise_action
from caravan_tui.games import get_game


def test_a_placement_whose_next_turn_is_forced_says_its_own_end_and_the_next_turn() -> None:
    game = get_game("caravanserai")
    state = game.new(1, seed=151, options={"variant": "basic"})
    for move in SOLO[:23]:
        state.apply(normalise_action(move))
    assert state.to_move() == 0 and ("dir", 2) in state.legal_actions()
    said = game.ai.explain(state, 0, [("dir", 2)])
    assert said.startswith("lays camel, ending on (3,-7); caravan 16 → 16 (count 1); leaves 4 camels"), said
    assert said.endswith("; then the rules lay {p0:'s} next turn, the only move"), said


def test_a_next_turn_whose_start_alone_is_forced_is_not_said_to_be_laid_whole() -> None:
    """Solo, round 12: "then the rules lay your next turn, the only move", and the rules laid its
    first heading only; the next round opened mid-turn on a choice."""
    import random

    game = get_game("caravanserai")
    state, rng = game.new(1, seed=0, options={"variant": "basic"}), random.Random(0)
    for _ in range(74):
        state.apply(rng.choice(state.legal_actions()))
    said = game.ai.explain(state, 0, [("dir", 5)])
    assert said.endswith("; then the rules lay the start of {p0:'s} next turn, the only move there"), said
    after = state.clone()
    after.apply(("dir", 5))
    assert after.to_move() == 0 and len(after.legal_actions()) > 1  # (a choice in it, laid up to there)


#: a person's match (seed 215, two players): the moves up to AI 2's move 88, after which the
#: person's next turn has one move only
SEED_215 = [
    ["start", 2, -6],
    ["start", -5, 2],
    ["dir", 5],
    ["good", 4, 2],
    ["dir", 5],
    ["good", 2, 3],
    ["dir", 4],
    ["good", 0, 4],
    ["dir", 4],
    ["stand", 1, -4, 5],
    ["dir", 5],
    ["good", 2, 2],
    ["good", 1, 3],
    ["dir", 1],
    ["use"],
    ["dir", 2],
    ["stand", 1, -6, 4],
    ["dir", 2],
    ["good", 1, 1],
    ["dir", 3],
    ["good", 3, 2],
    ["good", 0, 1],
    ["camel"],
    ["dir", 1],
    ["good", 2, 2],
    ["dir", 1],
    ["good", 4, 3],
    ["use"],
    ["dir", 1],
    ["dir", 3],
    ["dir", 3],
    ["dir", 3],
    ["good", 3, 1],
    ["dir", 1],
    ["camel"],
    ["stand", 1, -6, 5],
    ["dir", 0],
    ["good", 4, 1],
    ["good", 1, 2],
    ["stand", 0, 0, 0],
    ["good", 3, 2],
    ["good", 4, 3],
    ["dir", 1],
    ["good", 1, 4],
    ["dir", 0],
    ["use"],
    ["dir", 0],
    ["dir", 2],
    ["good", 2, 5],
    ["dir", 0],
    ["stand", 3, 5, -1],
    ["stand", 3, 4, -1],
    ["stand", 2, 6, -4],
    ["dir", 5],
    ["good", 0, 2],
    ["use"],
    ["dir", 0],
    ["dir", 4],
    ["good", 3, 2],
    ["use"],
    ["dir", 3],
    ["use"],
    ["dir", 5],
    ["good", 0, 3],
    ["dir", 4],
    ["good", 1, 4],
    ["dir", 3],
    ["dir", 4],
    ["dir", 3],
    ["dir", 1],
    ["good", 2, 1],
    ["dir", 5],
    ["good", 0, 2],
    ["dir", 3],
    ["stand", 0, 0, 1],
    ["dir", 3],
    ["good", 2, 1],
    ["good", 3, 2],
    ["good", 1, 3],
    ["dir", 1],
    ["stand", 4, -3, 2],
    ["dir", 4],
    ["good", 0, 1],
    ["good", 3, 2],
    ["dir", 3],
    ["dir", 0],
    ["good", 2, 2],
    ["dir", 0],
]


def seed_215_after(moves: int):
    """Seed 215's match after its first ``moves`` moves."""
    state = get_game("caravanserai").new(2, seed=215, options={"variant": "basic"})
    for move in SEED_215[:moves]:
        state.apply(normalise_action(move))
    return state


def said_by(state, move) -> list[str]:
    """What ``move`` logs, in the person's words (seat 0's, "Ann")."""
    return [event.render(["Ann", "AI 2"], 0) for event in state.apply(normalise_action(move))]


def test_a_whole_turn_the_rules_lay_is_said_to_be_theirs() -> None:
    """Seed 215, round 9: the person's whole turn was laid inside AI 2's move, and the log read
    "You laid camel: …" as if they had chosen it; a turn only partly laid (a choice left in it)
    is not said to be."""
    state = seed_215_after(len(SEED_215) - 1)
    assert state.to_move() == 1
    said = said_by(state, SEED_215[-1])
    assert said[1:] == ["You have only one move: the rules lay it.", said[2]] and said[2].startswith("You laid camel:")
    state = seed_215_after(0)
    for move in SEED_215[:21]:
        said = said_by(state, move)
        assert not any("only one move" in line for line in said), said  # (move 21's next turn: a choice in it)


def test_a_board_good_covered_names_whose_good_covers_it() -> None:
    """Seed 215: "The yellow board good on (-3,2) goes back to the market" came after the person's
    turn's summary, and read as their lone camel's doing; AI 2's good covered it."""
    said = said_by(seed_215_after(86), SEED_215[86])
    assert said == ["AI 2's purple good covers the yellow board good on (-3,2): it goes back to the market."]


def test_a_later_turns_placement_the_rules_lay_before_a_choice_is_said_to_be_theirs() -> None:
    """Seed 245, round 9: the person's lone camel was laid inside AI 2's move, the take back then
    asked where to stand a good, and the log read "You laid camel" as if they had chosen it."""
    import random

    rng = random.Random(3)
    found = 0
    for seed in range(40):
        state = get_game("caravanserai").new(2, seed=seed, options={"variant": "basic"})
        while not state.is_over() and found < 3:
            mover = state.to_move()
            events = state.apply(rng.choice(state.legal_actions()))
            texts = [event.text for event in events]
            other = 1 - mover
            laid = [n for n, text in enumerate(texts) if text.startswith(f"{{p{other}}} laid ")]
            if laid and state.to_move() == other:  # (its placement laid, a choice of its turn left)
                said = f"{{p{other}}} {{p{other}:has}} only one way to place: the rules lay it."
                assert said in texts[: laid[0]], texts
                found += 1
        if found >= 3:
            return
    raise AssertionError("no later turn's placement laid before a choice was met")


def test_a_stuck_head_is_said_in_the_rules_own_word_open() -> None:
    """The result screen and How to play said "no free cell next to the head", where the log and
    the rules page say "open" (§0.7: a board good does not block a cell; "free" is a
    Caravanserai cell without one): a newcomer read a board good as blocking."""
    from caravan_tui.games.caravanserai.words import SAFETY_WORDS

    rules = " ".join(get_game("caravanserai").rules.split())
    assert "no open cell next to the head: a cell with no caravan piece; a board good does not block it" in rules
    assert "free cell next to" not in rules and "free cell next to" not in " ".join(SAFETY_WORDS.split())


async def test_a_turn_the_rules_lay_in_anothers_move_is_among_what_they_did_since():
    """The result's "Since your last move" began at AI 2's stand: the placement before it, a turn
    the rules laid within the person's last move, was left out (and the panel of what others did
    never showed it). The update of a seat's own move says where such a turn begins."""
    import asyncio

    from caravan_tui import bus as messages
    from caravan_tui.bus import Bus, seat_address
    from caravan_tui.match.host import MatchHost
    from caravan_tui.seats import SeatSpec

    bus = Bus()
    host = MatchHost.new("caravanserai", [SeatSpec("human")] * 2, ["Ann", "Bob"], 215, {"variant": "basic"}, None, bus)
    for move in SEED_215[:-1]:
        await host.handle(messages.Act(host.match_id, host.state.to_move(), host.turn, normalise_action(move)))
    heard = {seat: bus.subscribe(seat_address(host.match_id, seat)) for seat in (0, 1)}
    await host.handle(messages.Act(host.match_id, 1, host.turn, normalise_action(SEED_215[-1])))

    async def update(seat: int) -> messages.Update:
        while not isinstance(message := await asyncio.wait_for(heard[seat].get(), 10), messages.Update):
            pass
        return message

    mover, laid = await update(1), await update(0)
    assert mover.laid_from is not None and mover.events[mover.laid_from] == "Ann has only one move: the rules lay it."
    assert laid.laid_from is None  # (the turn laid is the reader's own)


def test_a_hints_plan_is_marked_to_its_end_where_the_next_turn_is_laid_by_the_rules() -> None:
    """Seed 215, AI 2's move 88: its plan's last step ends the placement, and the person's next
    turn, one move only, is laid with it. The board's marks of the plan took the placement laid
    last, the person's, and the hint's own pieces and camel went unmarked (4 hints of 12 in a
    match where the other's head was walled in)."""
    from caravan_tui.games.caravanserai.selection import plan_cells
    from caravan_tui.games.caravanserai.table_state import CaravanseraiTable

    state = seed_215_after(len(SEED_215) - 1)
    view = state.view(1)
    table = CaravanseraiTable(seat=1, names=["Ann", "AI 2"]).viewing(view, get_game("caravanserai").from_view(view, 1))
    assert plan_cells(table, (normalise_action(SEED_215[-1]),)) == ((-2, 2), (-1, 2))
