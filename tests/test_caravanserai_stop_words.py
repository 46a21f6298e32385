"""A hint's reason says what a camel's stop brings in the rules' words: on a Caravanserai it
"gains" a good of its colour from the market (§5.7), and it "takes" only a board good lying
under it (§5.6). Both read "takes", and a person looked for a board good that was not there."""

from __future__ import annotations

from caravan_tui.games import get_game
from caravan_tui.games.caravanserai.geometry import COLOUR_NAMES

GAME = get_game("caravanserai")


def reasons_of_stops(seed: int, players: int = 1, limit: int = 60) -> list[str]:
    """The reasons the game gives for the plays of a seeded match that the prior plays, at every
    decision, for each play whose reason names a stop's gain."""
    state = GAME.new(players, seed=seed, options=GAME.resolve_options({}))
    found: list[str] = []
    for _ in range(limit):
        seat = state.to_move()
        if seat is None:
            break
        legal = state.legal_actions()
        for action in legal[:8]:
            reason = GAME.ai.explain(state, seat, [action])
            if "from the market" in reason or "board good" in reason:
                found.append(reason)
        scores = GAME.ai.prior(state, legal)
        state.apply(legal[max(range(len(legal)), key=scores.__getitem__)], False)
    return found


def test_a_stop_on_a_caravanserai_gains_and_a_board_good_is_taken():
    reasons = reasons_of_stops(7)
    gains = [reason for reason in reasons if "from the market" in reason]
    assert gains, "no stop on a Caravanserai was weighed"
    colours = "|".join(COLOUR_NAMES)
    import re

    for reason in reasons:
        assert not re.search(rf"takes a ({colours}) good", reason), reason
        assert all(
            re.search(rf"gains an? ({colours}) good from the market", part)
            for part in reason.split("; ")
            if "market" in part and not part.startswith("declines the")  # (a board good sent back)
        )
