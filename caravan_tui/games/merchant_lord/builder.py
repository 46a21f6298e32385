"""The sale builder's logic, without Textual (the screen draws it; tests call it directly).

A selection is a village (or none yet) and the card halves ticked to tuck. The engine lists
complete sales (§9.3); a selection is *reachable* when some listed sale has that village (any
village, while none is chosen) and tucks every ticked half (§9.5: the builder offers only
choices that keep a legal sale reachable). Since a sale's dice are its village's stalls plus the
tucked halves, every subset of a legal tuck set is legal too, so a reachable selection with a
village is itself a sale.

A Free Placement is built the same way: one ticked half and an open village of yours.

A selection is a value: the screen holds one in a reactive attribute and replaces it on each key,
so everything drawn from it (marks, the builder's line, the Enter line) is worked out again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from caravan_tui.engine import Action

from .sales import UNIT

HALVES = ("L", "R")


@dataclass(frozen=True)
class Selection:
    """A village id (or None), the ticked halves (card id -> "L" or "R", never changed in place)
    and, in the favour step, the dice ticked to reroll (their slots on the table)."""

    village: str | None = None
    tucks: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    reroll: frozenset[int] = frozenset()

    def key(self) -> tuple[tuple[str, str], ...]:
        return tuple(sorted(self.tucks.items()))

    def at(self, village: str | None) -> Selection:
        return replace(self, village=village)

    def ticking(self, card: str, half: str | None, only: bool = False) -> Selection:
        """``card`` ticked on ``half`` (None: unticked); ``only``: the one ticked card (a placement)."""
        tucks = {} if only else {c: h for c, h in self.tucks.items() if c != card}
        if half is not None:
            tucks[card] = half
        return replace(self, tucks=MappingProxyType(tucks))

    def toggling_die(self, slot: int) -> Selection:
        return replace(self, reroll=self.reroll ^ {slot})


class Choices:
    """The complete sales (or placements) of a decision, indexed for the builder."""

    def __init__(self, actions: Sequence[Action]) -> None:
        self.actions: dict[tuple, Action] = {}
        self.by_village: dict[str, list[frozenset]] = {}
        self.placing = False
        for action in actions:
            if action[0] == "sell":
                vid, tucks = action[1], frozenset(action[2])
            elif action[0] == "place":
                vid, tucks = action[3], frozenset({(action[1], action[2])})
                self.placing = True
            else:
                continue
            self.actions[(vid, tucks)] = action
            self.by_village.setdefault(vid, []).append(tucks)

    def __bool__(self) -> bool:
        return bool(self.actions)

    def villages(self) -> list[str]:
        return list(self.by_village)

    def reachable(self, village: str | None, tucks) -> bool:
        """Some listed sale (placement) at ``village`` (any, if None) tucks all of ``tucks``."""
        wanted = frozenset(tucks)
        if self.placing and not wanted:
            return bool(self.by_village) if village is None else village in self.by_village
        targets = self.by_village.values() if village is None else [self.by_village.get(village, [])]
        return any(wanted <= sale for sales in targets for sale in sales)

    def action(self, selection: Selection) -> Action | None:
        """The listed action the selection is, if complete."""
        if selection.village is None:
            return None
        return self.actions.get((selection.village, frozenset(selection.tucks.items())))

    def halves(self, selection: Selection, card: str) -> list[str]:
        """The halves of ``card`` that keep the selection reachable once ticked (a placement
        ticks one card: ticking another replaces it)."""
        others = {} if self.placing else {c: h for c, h in selection.tucks.items() if c != card}
        return [half for half in HALVES if self.reachable(selection.village, {**others, card: half}.items())]

    def next_half(self, selection: Selection, card: str) -> str | None:
        """What space on ``card`` ticks next: untick → first allowed half → the other → untick."""
        allowed = self.halves(selection, card)
        current = selection.tucks.get(card)
        cycle = [None] + allowed
        if current not in cycle:
            return allowed[0] if allowed else None
        return cycle[(cycle.index(current) + 1) % len(cycle)]

    def tuckable(self, selection: Selection, card: str) -> bool:
        return bool(self.halves(selection, card))


def dice_used(values: list[tuple[int, bool]], need: list[int]) -> list[int]:
    """Which dice a sale takes (§9.3: for each value the lowest-index unplaced dice): indices
    into ``values`` ((value, unplaced) per die in index order)."""
    left = list(need)
    used = []
    for index, (value, free) in enumerate(values):
        if free and value in left:
            left.remove(value)
            used.append(index)
    return used


def reroll_action(values) -> Action:
    return ("reroll", *sorted(values))


def packed(values) -> int:
    total = 0
    for value in values:
        total += UNIT[value]
    return total
