"""Why a key of the Caravans of Ahldarahd table does nothing now, in one line (None: it acts);
functions of the table's state, said by the screen as a notice."""

from __future__ import annotations

from caravan_tui.engine import seat_field

from .decline_reason import known_short
from .maps import COMMODITIES
from .proposal import Proposal, problem
from .rules import AhldarahdState
from .table_state import AhldarahdTable
from .terms import MAX_PROPOSALS
from .trading import declined_like

OTHER_DECISION = "that key is for another decision: the panel under the players shows this one's keys"
#: the phases whose amount the panel's keys (``+``, ``-``, digits, ``b``) choose
AMOUNT_PHASES = ("bid_open", "bid_raise", "night_avert")


def key_problem(table: AhldarahdTable, *phases: str) -> str | None:
    """A key of another decision than the one at hand (our turn is the screen's to check)."""
    return None if table.phase in phases else OTHER_DECISION


def camel_problem(table: AhldarahdTable) -> str | None:
    """Opening an auction with our Camel face down: the bid is 0 (§3)."""
    view, seat = table.view, table.seat
    if table.phase != "bid_open" or view is None or seat is None or view["camels"][seat]:
        return None
    return "your Camel is face down after a paid win: you open at 0 for the rest of this turn"


def amount_problem(table: AhldarahdTable) -> str | None:
    """Why ``+``, ``-`` or a digit cannot change the amount now."""
    return key_problem(table, *AMOUNT_PHASES) or camel_problem(table)


def bid_problem(table: AhldarahdTable) -> str | None:
    """Why ``b`` plays nothing now."""
    return key_problem(table, *AMOUNT_PHASES) or (None if table.bid() is not None else "you cannot bid more now: pass")


def avert_problem(table: AhldarahdTable) -> str | None:
    """Why ``a`` cannot avert the Night: no card of its commodity."""
    if problem := key_problem(table, "night_avert"):
        return problem
    if ("avert",) in table.legal or table.view is None:
        return None
    return f"you hold no {table.view['night']['commodity']} card"


#: ``o`` while our proposal is written step by step (a hint's, taken from the plays list)
DRAFT_OPEN = "your draft is open: s sends it; the plays list adds to it or cancels it"


def trade_problem(table: AhldarahdTable) -> str | None:
    """Why ``o`` opens no proposal: not our build, or its proposals used up, or our draft open
    (it said "that key is for another decision", over "Your draft: s sends it")."""
    view = table.view
    if table.phase == "compose" and view is not None and view["order"][view["position"]] == table.seat:
        return DRAFT_OPEN
    if problem := key_problem(table, "build"):
        return problem
    if table.view is not None and table.view["proposals_left"] <= 0:
        return f"no proposals left in this build ({MAX_PROPOSALS} at most)"
    return None


def askable(table: AhldarahdTable, partner: int, commodity: str) -> bool:
    """Whether ``partner`` may hold a ``commodity`` card for all the table can tell
    (``known_short``): the builder lists only such asks ("Ask any Salt card" of AI 3, whose one
    card was known, came back "Not sent: AI 3 has no Salt card to give")."""
    world = table.world
    if not isinstance(world, AhldarahdState):
        return True
    return known_short(world, partner, [COMMODITIES.index(commodity)]) is None


def proposal_problem(table: AhldarahdTable, proposal: Proposal) -> str | None:
    """The engine's refusal of ``proposal`` from the table's position, in words (None: it takes
    it; the engine plays its steps on a copy of the world)."""
    world, seat = table.world, table.seat
    if table.turn is None or not isinstance(world, AhldarahdState) or seat is None:
        return "it is not your turn"
    reason = problem(world, seat, proposal)
    if reason is None:  # (a card the table can tell they lack: declined for certain, a proposal spent)
        asked = [COMMODITIES.index(card) for card in proposal.ask_cards if card in COMMODITIES]
        reason = known_short(world, proposal.partner, asked)
    return None if reason is None else table.words(reason)


def sent_again(table: AhldarahdTable, action: tuple) -> str | None:
    """What sending a ready proposal like one its partner declined this build costs, as the
    question the screen asks before it is sent (None: none declined): Enter on a plays-list row
    marked "(AI 3 declined it this build)" sent it again at once and spent a proposal."""
    world, view = table.world, table.view
    if action[0] != "offer" or not isinstance(world, AhldarahdState) or not world.refused or view is None:
        return None
    if declined_like(action, world.refused) is None:
        return None
    left = view["proposals_left"]
    spends = "your last proposal" if left == 1 else f"one of your {left} proposals left"
    return table.words(f"{seat_field(action[1])} declined it this build: sending it again spends {spends}.")
