"""Camel Caravan plays as the board builds them: the cells an action names, where it ends, and
the action a chosen supply, camel or good becomes with a destination."""

from __future__ import annotations

from caravan_tui.engine import Action


def action_cells(action: Action) -> tuple[int, ...]:
    """The cells an action names (for hint marks)."""
    if action[0] in ("place", "pickup", "steal"):
        return (action[1],)
    if action[0] in ("move_camel", "move_good"):
        return (action[1], action[2])
    return ()


def destination(action: Action) -> int | None:
    """The cell a placement or a move ends on."""
    if action[0] == "place":
        return action[1]
    return action[2] if action[0] in ("move_camel", "move_good") else None


def completes(pick: tuple, cell: int) -> Action:
    """The action a chosen supply, camel or good becomes with a destination."""
    if pick[0] == "supply":
        return ("place", cell)
    if pick[0] == "camel":
        return ("move_camel", pick[1], cell)
    return ("move_good", pick[1], cell, pick[2], pick[3])
