"""Merchant Lord's rule changes since its first rules (saves made before them load): each
version's ``Upgrader`` (``caravan_tui.engine``) puts in what today's rules ask and the old did
not (``saves.loading`` moves what is indexed by move along with it)."""

from __future__ import annotations

from caravan_tui.engine import Action, Upgrader

from .rules import MerchantLordState
from .sales import END_FAVOUR, size
from .terms import FAVOUR


def favour_step_always_offered(state: MerchantLordState, action: Action | None) -> list[Action]:
    """Version 1 to 2 (§7.1): the favour step is offered whenever the player has the favour to
    pay, where version 1 passed it by itself unless some open village had no more stalls than
    the player had dice to place (no reroll could make a sale possible then)."""
    seat = state.turn
    if state.phase != FAVOUR or seat is None:
        return []
    free = size(state._unplaced(seat))
    if any(state.vseller[v] < 0 and 2 + len(state.vcards[v]) <= free for v in range(3 * state.n)):
        return []  # version 1 asked this too
    return [END_FAVOUR]


RULES_VERSION = 2
UPGRADERS: dict[int, Upgrader] = {1: favour_step_always_offered}
