"""A pass the hint shows once the bag runs low says why no camel's move is shown: "End the turn (4
actions unused)", three turns running, read as a pass for nothing beside camels that could move;
every camel sent was an action for nothing by the AI's estimate (``heuristic.sent_for_nothing``),
which an AI seat never makes and a hint never shows."""

from __future__ import annotations

import json
from pathlib import Path

from caravan_tui.games import get_game
from caravan_tui.games.camel_caravan.ai import vetoed
from caravan_tui.games.camel_caravan.explain import IDLE_CAMELS, explain
from caravan_tui.games.camel_caravan.heuristic import SENT

GAME = get_game("camel_caravan")
#: seed 6097 (3 players, short game), a newcomer's match up to their turn at move 122: three goods
#: loaded far from their cities, two empty camels, the bag at 4
MATCH = Path(__file__).parent / "matches" / "camel_caravan_idle_6097.json"


def test_a_pass_where_every_camel_sent_is_for_nothing_says_so() -> None:
    match = json.loads(MATCH.read_text())
    state = GAME.new(match["players"], seed=match["seed"], options=match["options"])
    for action in match["log"]:
        state.apply(tuple(action), False)
    sent = [action for action in state.legal_actions() if action[0] in SENT]
    assert state.turn == 0 and state.left == 4 and sum(state.bag) == 4 and sent
    assert all(vetoed(state, 0, action) for action in sent)
    assert IDLE_CAMELS in explain(state, 0, (("end_turn",),))
    # (a pass with the bag still full says nothing of the kind: camels sent then go somewhere)
    early = GAME.new(match["players"], seed=match["seed"], options=match["options"])
    for action in match["log"][:30]:
        early.apply(tuple(action), False)
    assert early.turn == 0 and sum(early.bag) == 16
    assert IDLE_CAMELS not in explain(early, 0, (("end_turn",),))
