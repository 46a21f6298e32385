"""Of the moves a hint finds about as good, the one that scores at once goes first (``explain.
scored_first``): a Caravans of Ahldarahd hint starred a claim taking one city beside one taking two
with the same card and gold, and a Camel Caravan hint a pick-up beside a delivery."""

from __future__ import annotations

import pytest

from caravan_tui.ai.explain import Candidate, scored_first
from caravan_tui.games import get_game

#: seed 4097, 3 players, short game: the first seat's last action of its turn, the stolen paper
#: under its camel on space 7 one action from Timbuktu (+6)
MOVES = [
    ("place", 0), ("place", 42), ("pickup", 42), ("place", 42), ("steal", 42, 2, "paper"), ("pickup", 0),
    ("place", 39), ("pickup", 39), ("place", 32), ("move_camel", 42, 0), ("steal", 0, 1, "ivory"), ("place", 1),
    ("place", 9), ("pickup", 9), ("place", 11), ("pickup", 11), ("place", 9), ("pickup", 9), ("pickup", 0),
    ("place", 9), ("steal", 9, 1, "cloth"), ("place", 2), ("place", 17), ("place", 10),
    ("move_good", 11, 17, "salt", "top"), ("move_good", 9, 17, "hides", "top"), ("place", 17),
    ("steal", 17, 0, "hides"), ("move_camel", 9, 25), ("place", 37), ("pickup", 37), ("move_camel", 2, 31),
    ("move_camel", 1, 30), ("move_camel", 10, 43), ("move_camel", 17, 44), ("move_camel", 11, 45),
]  # fmt: skip
PICKUP, DELIVER = ("pickup", 9), ("move_good", 42, 45, "paper", "under")


def test_a_move_that_scores_goes_first_among_moves_about_as_good() -> None:
    game = get_game("camel_caravan")
    state = game.new(3, seed=4097, options={"sixth_camel": False, "short_game": True})
    for action in MOVES:
        state.apply(action)
    view = state.view(0)
    as_good = [Candidate(PICKUP, 0.5, 0.42, error=0.01), Candidate(DELIVER, 0.3, 0.42, error=0.01)]
    assert [c.action for c in scored_first(game.id, view, 0, as_good)] == [DELIVER, PICKUP]
    # (one the search rates clearly lower stays where it is: the search's reasons may be good ones)
    lower = [as_good[0], as_good[1]._replace(value=0.30)]
    assert [c.action for c in scored_first(game.id, view, 0, lower)] == [PICKUP, DELIVER]


def test_of_placements_about_as_good_the_longer_caravan_goes_first() -> None:
    """Caravanserai, seed 1335, round 9: "Probably best: Head south-east (SE) to (-6,4) (red
    Caravanserai) — lays 1W camel … caravan 20 → 20" stood over the same path laying 1R, "caravan
    20 → 21", which a newcomer found by hand. Nothing scores until the placement's last piece:
    of moves about as good, the one whose reason's figure grows more by one or more goes first."""
    from tables import recorded

    state, _ = recorded("caravanserai", "caravanserai_red_on_red_1335", 79)
    white, red = ("good", 0, 1), ("good", 3, 1)
    assert state.to_move() == 0 and {white, red} <= set(state.legal_actions())
    found = [
        Candidate(white, 0.69, 0.19, reason="lays 1W camel, ending on (-7,5); caravan 20 → 20 (count 2)", error=0.01),
        Candidate(red, 0.25, 0.184, reason="lays 1R camel, ending on (-7,5); caravan 20 → 21 (count 1)", error=0.01),
    ]
    assert [c.action for c in scored_first("caravanserai", state.view(0), 0, found)] == [red, white]
    level = [found[0], found[1]._replace(reason="lays 1R camel, ending on (-7,5); caravan 20 → 20 (count 1)")]
    assert [c.action for c in scored_first("caravanserai", state.view(0), 0, level)] == [white, red]


@pytest.mark.thorough
def test_the_safer_move_goes_first_only_where_no_move_listed_leads_further(monkeypatch) -> None:
    """Camel Caravan, seed 1387 (short game), bag 4: the hint read "The hint's pick, though another
    is better: Move a camel from (1,6) to (5,0)", a camel moved out of a thief's way, over a move
    towards a 4-action delivery of gems (+6) that a newcomer then made by hand. The safer move had
    been put before the most weighed, the delivery's first step, though another move listed led
    further than it. It goes first only where none does."""
    from caravan_tui.ai.policies import hint, hint_seed

    from tables import recorded

    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")
    state, log = recorded("camel_caravan", "camel_caravan_gems_delivery_1387", 50)
    top = hint("camel_caravan", state.view(0), 0, seed=hint_seed(0, 50))
    assert top[0].action == log[50] == ("move_good", 6, 13, "gems", "under"), top
    assert "brings gems 2 steps from its city" in top[0].reason
