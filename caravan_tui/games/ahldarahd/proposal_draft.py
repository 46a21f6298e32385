"""The proposal being written in the trade builder, as a reducer: each key gives a new draft from
the last (whom it is to, and what it gives and asks), which is left as it was. Plain Python: the
dialog assigns what these give and its rows and lines draw themselves from it."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from .proposal import Proposal

#: a row of the builder: what it adds (``("give_card", "Salt")``, ``("partner", 2)``)
RowKey = tuple


@dataclass(frozen=True)
class Draft:
    """The proposal so far and whether its partner was chosen (with more than one other player,
    the builder asks whom first, every time it opens: a partner kept from the last proposal sent
    one to the wrong player)."""

    proposal: Proposal
    chosen: bool


def started(partners: list[int]) -> Draft:
    """A new draft: nothing given or asked; whom to asked unless there is one other player."""
    return Draft(Proposal(partners[0]), chosen=len(partners) == 1)


def without(values: list[str], value: str) -> list[str]:
    """``values`` less the first ``value`` (a new list)."""
    out = list(values)
    out.remove(value)
    return out


def with_list(proposal: Proposal, field: str, values: list[str]) -> Proposal:
    """``proposal`` with its cards or items given or asked (``field``) as ``values``."""
    lists: dict[str, Any] = {field: values}
    return replace(proposal, **lists)


def changed(draft: Draft, key: RowKey, step: int, hand: Counter, purse: tuple[int, int]) -> Draft:
    """The draft after ``+`` (``step`` 1, or Enter) or ``-`` (-1) on the row ``key``: a partner
    chosen, gold up or down (no more than the proposer gives or the partner has: ``purse``, the
    gold each holds), a card more or less (no more than ``hand`` holds, to give), an item in or
    out."""
    p, kind = draft.proposal, key[0]
    if kind == "partner":
        return replace(draft, proposal=replace(p, partner=key[1]), chosen=True) if step > 0 else draft
    if kind in ("give_gold", "ask_gold"):
        most = purse[0] if kind == "give_gold" else purse[1]
        amount = max(0, getattr(p, kind) + step)
        return draft if step > 0 and amount > most else replace(draft, proposal=replace(p, **{kind: amount}))
    field = f"{kind}s"  # give_cards, ask_cards, give_items, ask_items
    values: list[str] = getattr(p, field)
    value = key[1]
    if kind.endswith("card"):
        if step < 0 and value in values:
            return replace(draft, proposal=with_list(p, field, without(values, value)))
        if step > 0 and (kind == "ask_card" or values.count(value) < hand[value]):
            return replace(draft, proposal=with_list(p, field, [*values, value]))
        return draft
    if value in values:
        return replace(draft, proposal=with_list(p, field, without(values, value)))
    return replace(draft, proposal=with_list(p, field, [*values, value])) if step > 0 else draft


def partner_turned(draft: Draft, partners: list[int]) -> Draft:
    """``p``: the next partner, once one was chosen; the items asked were the last one's, and go."""
    if not draft.chosen:
        return draft  # (the rows ask whom: Enter picks)
    p = draft.proposal
    partner = partners[(partners.index(p.partner) + 1) % len(partners)]
    return replace(draft, proposal=replace(p, partner=partner, ask_items=[]))
