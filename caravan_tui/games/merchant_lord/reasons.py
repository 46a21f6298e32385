"""Why the sale builder refuses a village, a card or an Enter: the rules' reason, and what to do
instead (§9.5: the builder offers only choices that keep a legal sale reachable)."""

from __future__ import annotations

from .builder import Selection
from .describe import place_problem, sale_problem
from .rules import VINDEX, MerchantLordState
from .views import MerchantLordView


def village_problem(world: MerchantLordState, seat: int, phase: str | None, sel: Selection, vid: str) -> str:
    """Why no sale (placement) with the ticked halves fits at ``vid``, in the rules' words."""
    if phase == "place":
        card = next(iter(sel.tucks), None)
        return place_problem(world, seat, vid, card) or "no placement fits there"
    tucks = sel.key()
    reason = sale_problem(world, seat, vid, tucks)
    if reason is None and tucks:
        reason = sale_problem(world, seat, vid, ())
        if reason is None:
            reason = "the ticked halves do not fit there: untick some (c clears)"
    if reason is None:
        reason = "no sale fits there now"
    if phase == "favour":
        reason += " (you may still reroll or turn dice first)"
    return reason


def builder_hint(phase: str | None, sel: Selection) -> str:
    """What the builder needs next, when Enter finds nothing complete to play."""
    if phase in ("sell", "favour"):
        if sel.village is None:
            return "choose a village first: enter on it in the villages list"
        return "this is not a complete sale"
    if phase == "place":
        return "tick one card's half, then press enter on an open village of yours"
    if phase == "buy":
        return "buy from the row (enter on a card) or press e when done"
    return "nothing to play here now"


def card_problem(
    world: MerchantLordState, seat: int, view: MerchantLordView, phase: str | None, sel: Selection, card: str
) -> str:
    """Why neither half of ``card`` can join the selection: the engine's reason for each."""
    if phase == "place":
        return "no open village of yours takes it"
    village = sel.village
    if village is not None and VINDEX[village] // 3 != seat:
        return sale_problem(world, seat, village, ((card, "L"),)) or "not at that village"
    targets = (
        [village] if village is not None else [info["id"] for info in view["villages_info"] if info["owner"] == seat]
    )
    reasons = []
    for half in ("L", "R"):
        tucks = tuple(sorted({**sel.tucks, card: half}.items()))
        for vid in targets:
            reason = sale_problem(world, seat, vid, tucks)
            if reason is not None:
                reasons.append((half, vid, reason))
                break
    if not reasons:
        return "no sale can tuck it with the cards ticked"
    half, vid, reason = reasons[0]
    if village is None and len(targets) > 1:
        return f"no open village of yours can take {card} on either half with your dice (e.g. {reason})"
    return reason
