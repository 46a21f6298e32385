"""Caravans of Ahldarahd's rule changes since its first rules (saves made before them load):
each version's ``Upgrader`` (``caravan_tui.engine``) puts in what today's rules ask and the old
did not, so an old log plays under today's rules (``saves.loading`` moves what is indexed by
move along with it)."""

from __future__ import annotations

from caravan_tui.engine import Action, Upgrader

from .rules import AhldarahdState
from .terms import DONE, NIGHT_AVERT, SETUP, STAND_BY


def night_asks_hidden_holders(state: AhldarahdState, action: Action | None) -> list[Action]:
    """Version 1 to 2: a Night's bystander with no gold who holds a hidden card is asked (it can
    only stand by), where version 1 passed them by themselves, as it passed every one-answer
    step: skipping them told the table they held none of the commodity."""
    return [STAND_BY] if state.phase == NIGHT_AVERT and state.legal_actions() == [STAND_BY] else []


def last_claim_ends_setup(state: AhldarahdState, action: Action | None) -> list[Action]:
    """Version 2 to 3: the last seat to claim free routes ends the setup with "done" even when
    no claim is left (so that its last claim can be taken back before turn 1's cards come up),
    where version 2 went on to turn 1 by itself."""
    return [DONE] if state.phase == SETUP and action != DONE and state.legal_actions() == [DONE] else []


RULES_VERSION = 3
UPGRADERS: dict[int, Upgrader] = {1: night_asks_hidden_holders, 2: last_claim_ends_setup}
