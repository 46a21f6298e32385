"""Why an action is good or bad, in the game's words, from the player's own view
(``GameAI.explain``): "delivers swords to Sijilmasa for +3; 2 actions left; then picks up ivory".

A turn is up to four actions: the reason follows the search's line through the rest of the turn,
up to a refill (the goods drawn then are chance, and the bag's order is hidden).
"""

from __future__ import annotations

from collections.abc import Sequence

from caravan_tui.engine import Action
from caravan_tui.engine import seat_field as who
from caravan_tui.words import plural

from .board import (
    BIT,
    CELL_NAMES,
    CITY_AT,
    CITY_OF_GOOD,
    DIST,
    GOOD_INDEX,
    GOODS,
    MAX_ACTIONS,
    MAX_TURNS,
    PLURAL_GOODS,
    SPACES,
    VALUE,
    group_of,
    penalty,
)
from .heuristic import LAST_REFILL, SENT, camel_cells, sent_for_nothing
from .rules import END_TURN, CamelCaravanState, actions_word


def explain(state: CamelCaravanState, seat: int, line: Sequence[Action]) -> str:
    world = state.clone()
    first = _effect(world, seat, line[0], _stolen_at(state, seat, line))
    parts = [first] if first else []
    loose = tuple(world.loose)
    refilled = _apply(world, line[0])
    left = world.left if world.turn == seat else 0
    then, went_on, unused = [], False, ""
    camels = {"place": 0, "move_camel": 0}  # (the camel steps since the last good's: "then delivers
    # salt" read as the next step, where a camel had to move first)
    for action in line[1:]:
        if refilled or world.turn != seat:
            break
        effect = _effect(world, seat, action, later=True)
        if effect and action[0] in ("pickup", "steal", "move_good"):
            then.append(_after_camels(camels, effect))
            camels = dict.fromkeys(camels, 0)
        elif action[0] in camels:
            camels[action[0]] += 1
        elif action == ("end_turn",) and world.left:
            # (a turn ended early: the review's "Yours:" said only its first step, "a camel into
            # the city of your hides; 3 actions left; then delivers hides", of a mistake that was
            # the 2 actions left unused)
            unused = f"ends the turn with {actions_word(world.left)} unused"
        loose = tuple(world.loose)
        refilled = _apply(world, action)
        went_on = True
    # (the goods a refill in the line drew are this world's guess: "the meat on space 5 stays
    # loose under your camel" named a good no one had drawn, the space empty)
    drawn = (
        {cell for cell in SPACES if world.loose[cell] >= 0 and world.loose[cell] != loose[cell]} if refilled else set()
    )
    if world.turn is not None and line[0][0] != "end_turn":
        parts.append(f"{actions_word(left)} left" if left else "ends the turn")
    if then or unused:
        parts.append("then " + ", ".join([*then[:2], *([unused] if unused else [])]))
    if world.turn is None:  # (a delivery once the bag is empty: the game, not just the turn; said
        # after the step that makes it: "ends the game" beside a camel's move read as the move's)
        parts.append(_game_ended(world, seat))
    moved = frozenset(GOOD_INDEX[action[3]] for action in line if action[0] == "move_good")
    risk, parked = _risk(world, seat, moved), _left_loose(world, seat, drawn)
    if world.turn == seat and world.left:  # (actions left after the line: "risk once the line is
        # played: AI 2 can steal the swords" stood beside "3 actions left", the swords delivered
        # two actions later; the risk is the turn's if it ends there)
        risk = risk.replace("risk: ", f"risk if the turn ends {'after these steps' if went_on else 'there'}: ", 1)
    elif went_on:  # (where the line goes on: "risk: AI 2 can steal the salt on (0,2)" read as the
        # salt there now, under a camel on (0,0) until a step the line said further on)
        risk = risk.replace("risk: ", "risk once the line is played: ", 1)
    if went_on:  # ("the hides on space 3 stay loose under your camel" stood where no camel of the
        # seat's was yet, the camel's step unsaid: a camel's move is no "then")
        parked = f"once the line is played, {parked}" if parked else ""
    risks = [words for words in (risk, parked) if words]
    if risks:  # (next to the line: last, they came on the narrow hint panel's second or third page;
        # before the line's "then", "…steal the cloth next turn; AI 3 too; 1 action left; then loads
        # cloth" read as AI 3 loading it)
        at = next((i + 1 for i, part in enumerate(parts) if part.startswith("then ")), min(1, len(parts)))
        parts[at:at] = risks
    ending = _ending_next(world, seat)
    if ending:
        parts.append(ending)
    return "; ".join(parts)


def _after_camels(camels: dict[str, int], effect: str) -> str:
    """``effect`` after the camel steps that come before it in the line: "places a camel and
    loads salt", "moves 2 camels and delivers salt for +3"."""
    steps = [
        f"{verb} {'a camel' if count == 1 else f'{count} camels'}"
        for verb, count in (("places", camels["place"]), ("moves", camels["move_camel"]))
        if count
    ]
    return " and ".join([*steps, effect])


def _game_ended(world: CamelCaravanState, seat: int) -> str:
    """How the game ends for ``seat`` with the line's move: a delivery once the bag is empty was
    said to end "the turn" with 4 actions left."""
    outcome = world.outcome()
    if outcome[seat] != max(outcome):
        result = f"{who(seat)} lose{who(seat, 's')}"
    else:
        result = f"{who(seat)} win{who(seat, 's')}" if outcome.count(outcome[seat]) == 1 else "a shared win"
    best_other = max(world.score(p) for p in range(world.n) if p != seat)
    return f"ends the game: {result}, {world.score(seat)} to {best_other}"


def _apply(world: CamelCaravanState, action: Action) -> bool:
    """Play ``action`` in ``world``; whether goods were drawn from the bag (chance)."""
    draws = world.draws
    world.apply(action, False)
    return world.draws != draws


def _stolen_at(state: CamelCaravanState, seat: int, line: Sequence[Action]) -> frozenset[int]:
    """The cells where ``seat`` steals in the rest of its turn along ``line`` (up to a refill, as
    the reason's "then" follows it)."""
    world = state.clone()
    cells = set()
    for action in line:
        if world.turn != seat:
            break
        if action[0] == "steal":
            cells.add(action[1])
        if _apply(world, action):
            break
    return frozenset(cells)


def _effect(
    state: CamelCaravanState, seat: int, action: Action, stolen: frozenset[int] = frozenset(), later: bool = False
) -> str:
    """What ``action`` does, in a few words, before it is played in ``state`` (``stolen``: the
    cells where the line steals later in the turn; ``later``: a step after the move the words are
    for, a pick-up said with its place: "a camel onto the salt on space 3; … then loads meat" read
    as the salt's camel loading meat, which lay on space 7)."""
    kind = action[0]
    if kind == "move_good":
        _, _, t, name, _ = action
        good = GOOD_INDEX[name]
        city = CITY_OF_GOOD[good]
        if t == city:
            return f"delivers {name} for +{VALUE[good]}"
        steps, was = DIST[t][city], DIST[action[1]][city]
        # ("brings meat 5 steps from its city" of a move from 3 steps away read as progress)
        if steps > was:
            return f"moves {name} away from its city, to {plural(steps, 'step')} (from {was})"
        if steps == was:
            return f"moves {name} on, still {plural(steps, 'step')} from its city"
        return f"brings {name} {plural(steps, 'step')} from its city (from {was})"
    if kind == "pickup":
        cell = action[1]
        good = state.loose[cell]
        markers = state.demand[cell]
        extra = f", +{markers} demand marker{'s' if markers > 1 else ''}" if markers else ""
        steps = DIST[cell][CITY_OF_GOOD[good]]
        away = f"{steps} step{'s' if steps != 1 else ''} from its city"
        carried = len(state.loads[seat]) + 1
        # (the score drops at once for goods carried, §5: a pick-up's words said only what it gained)
        cost = penalty(carried) - penalty(carried - 1)
        more = " more" if penalty(carried - 1) else ""
        rides = f"; {carried} carried: −{cost}{more} while they ride" if cost else ""
        where = f" on {CELL_NAMES[cell]}" if later else ""
        return f"loads {GOODS[good]}{where} (worth {VALUE[good]}, {away}{extra}{rides})"
    if kind == "steal":
        _, _, victim, name = action
        yours = who(seat, "'s")
        return f"takes {name} (worth {VALUE[GOOD_INDEX[name]]}) from {who(victim)}, who gets {yours} theft marker"
    if kind in ("place", "move_camel"):
        leaves = action[1] if kind == "move_camel" else None
        return _camel_step(state, seat, action[-1], action[-1] in stolen, leaves)
    held = len(state.loads[seat])
    if not state.left:
        return "ends the turn"
    passes = f"passes with {actions_word(state.left)} unused; {held} good{'s' if held != 1 else ''} carried"
    sent = [other for other in state.legal_actions() if other[0] in SENT]
    if sent and all(sent_for_nothing(state, seat, other) for other in sent):
        # (why, where the hint shows no camel's move: "End the turn (4 actions unused)", three turns
        # running, read as a pass for nothing beside camels that could move)
        passes += f"; {IDLE_CAMELS}"
    if not any(state.bag):
        # (a match whose leader could not deliver, and whose others would lose by a delivery, was
        # passed turn after turn, both hints "End the turn", nothing saying how it would ever end)
        passes += "; " + EMPTY_BAG_END.format(turn=state.turns + 1, last=MAX_TURNS)
    elif sum(state.bag) <= LAST_REFILL and (picks := state.loose_count - LAST_REFILL) > 0:
        # (both hints passed five turns each at the bag's last 4: how it ends was said nowhere)
        more = f"{picks} more loose good is" if picks == 1 else f"{picks} more loose goods are"
        passes += "; " + LAST_GOODS_END.format(bag=sum(state.bag), picks=more, turn=state.turns + 1, last=MAX_TURNS)
    return passes


#: how a match with the bag empty ends, said beside a pass (rules §5 and its safety end)
EMPTY_BAG_END = (
    "the bag is empty: the next delivery, by anyone, ends the match; "
    "else it ends after turn {last} (this is turn {turn})"
)


#: the same at the bag's last goods (rules §4, §5): the refill that draws them ends it
LAST_GOODS_END = (
    "the bag holds its last {bag} goods: they come out once {picks} picked up, and the delivery "
    "after that ends the match; else it ends after turn {last} (this is turn {turn})"
)


#: why a pass is the hint once the bag runs low, where every camel sent would be an action for
#: nothing (``heuristic.sent_for_nothing``)
IDLE_CAMELS = "with the bag this low, no camel sent anywhere now stands better, as the AI values it"


def _camel_step(state: CamelCaravanState, seat: int, cell: int, steals: bool, leaves: int | None = None) -> str:
    """Why a camel goes to ``cell`` (from ``leaves``, a move): the good it reaches (loose, or on
    top of another's camel there, to steal with the seat's theft marker where the line does:
    ``steals``), or how far it carries a chain; a good it could steal where the line does not (a
    threat, which the estimate values a little). A camel that extended a chain read "where it can
    steal AI 2's swords", and the next hint, the theft judged worse (a fourth good carried), did
    not steal. A chain's good is one the camel joins (§3: a good moves only along connected camels):
    "4 steps from the city of your swords" was said of a camel beside the meat, seven columns away."""
    yours = who(seat, "'s")
    if state.loose[cell] >= 0:
        return f"a camel onto the {GOODS[state.loose[cell]]} on space {SPACES.index(cell) + 1}"
    target = _theft_target(state, seat, cell)
    if target and steals:
        return f"a camel where it can steal {target}"
    if CITY_AT[cell] >= 0 and any(good == CITY_AT[cell] for _, good, _ in state.loads[seat]):
        return f"a camel into the city of {yours} {GOODS[CITY_AT[cell]]}"
    camels = [*state.empties[seat], *(at for at, _, _ in state.loads[seat])]
    if leaves is not None and leaves in state.empties[seat]:
        camels.remove(leaves)
    cells = BIT[cell]
    for at in camels:
        cells |= BIT[at]
    joined = group_of(cell, cells)
    best = None
    for at, good, _ in state.loads[seat]:
        city = CITY_OF_GOOD[good]
        if not joined & BIT[at]:
            continue
        if DIST[cell][city] < DIST[at][city] and (best is None or DIST[cell][city] < best[0]):
            best = (DIST[cell][city], GOODS[good])
    if best is not None:
        return f"a camel {best[0]} step{'s' if best[0] != 1 else ''} from the city of {yours} {best[1]}"
    if target:
        return f"a camel that threatens to steal {target}"
    near = [DIST[cell][space] for space in SPACES if state.loose[space] >= 0]
    if near:
        return f"a camel {min(near)} step{'s' if min(near) != 1 else ''} from the nearest loose good"
    return "a camel into position"


def _theft_target(state: CamelCaravanState, seat: int, cell: int) -> str:
    """The most valuable good ``seat`` could steal on ``cell`` with its theft marker, in words
    ("AI 2's swords (worth 3)"; "": none)."""
    if not state.thefts[seat]:
        return ""
    for victim in range(state.n):
        top = [good for at, good, under in state.loads[victim] if at == cell and not under]
        if victim != seat and top:
            good = max(top, key=lambda good: VALUE[good])
            owner = who(victim, "'s")
            return f"{owner} {GOODS[good]} (worth {VALUE[good]})"
    return ""


#: how many positions the look at the next player's turn may visit (its actions chain; past
#: this, no warning rather than a slow hint)
ENDING_LOOK = 4000


def _ending_next(world: CamelCaravanState, seat: int) -> str:
    """Once the bag is empty, a delivery ends the game: whether the player after ``seat`` can
    deliver within their next turn, after the line (the rest of our turn left unused), the bag
    emptied first by the refill they bring about where it holds no more than one draws (AI 2
    picked up a good, drew the last four and delivered its meat, the hint silent of it). Which
    goods are left is known; where a refill lays them is drawn as in the world given (a bounded
    look)."""
    if world.turn is None or sum(world.bag) > LAST_REFILL:
        return ""
    after = world.clone()
    if after.turn == seat:
        if ("end_turn",) not in after.legal_actions():
            return ""
        after.apply(("end_turn",), False)
    mover = after.turn
    if mover is None or mover == seat:
        return ""
    budget = [ENDING_LOOK]

    def ends(state: CamelCaravanState) -> bool:
        for action in sorted(state.legal_actions(), key=_goods_first):
            if action[0] == "end_turn" or budget[0] <= 0 or (any(state.bag) and not _towards_refill(state, action)):
                continue
            budget[0] -= 1
            child = state.clone()
            child.apply(action, False)
            if child.turn is None:
                return child.goods_delivered(mover) > state.goods_delivered(mover)
            if child.turn == mover and ends(child):
                return True
        return False

    return f"{who(mover)} can deliver and end the game next turn" if ends(after) else ""


def _towards_refill(state: CamelCaravanState, action: Action) -> bool:
    """Whether ``action`` picks up a good or sends a camel onto one: only pick-ups bring the refill
    that empties the bag, and the rest of a turn's moves may as well follow it."""
    return action[0] == "pickup" or (action[0] in ("place", "move_camel") and state.loose[action[-1]] >= 0)


def _goods_first(action: Action) -> int:
    """Moves of goods first, then loading one, then camels: a delivery is found soonest."""
    return ("move_good", "steal", "pickup").index(action[0]) if action[0] in ("move_good", "steal", "pickup") else 3


def _risk(world: CamelCaravanState, seat: int, moved: frozenset[int] = frozenset()) -> str:
    """A good of ours left on top of a camel, after the line, that another player can steal in
    their next turn: they hold a theft marker and a camel, empty on its space (the theft alone:
    1 action), loaded on it (its good moved on, then the theft: 2 actions; AI 2 delivered its
    swords from such a camel and stole the ivory beside it, the hint's "3 actions" a turn too
    dear) or to send there (from supply or another space, onto a space holding our camel: 2
    actions, and the theft). Such goods of the first such thief in turn order, the most
    valuable first (``NAMED`` at most: "the meat, the hides or the salt", and how many more), how it reaches
    them, and any other thief who can too before our next turn (AI 3 stole the paper the hint
    named AI 2 for). A good of a kind the line moves (``moved``) is named with its place: "Deliver
    hides … risk: AI 2 can steal the hides next turn" read as the hides delivered, not those left
    on space 8."""
    found = thieves(world, seat)
    if not found:
        return ""
    q, stealable = found[0]
    also = "".join(f"; {who(other)} too" for other, _ in found[1:])
    carried = [good for _, good, under in world.loads[seat] if not under]
    # (where two of a good ride on top, the one meant: "the meat" read two ways; and then where
    # each is: "the salt or the swords on space 7" read as both on space 7)
    placed = any(carried.count(good) > 1 or good in moved for _, _, good, _ in stealable[:NAMED])
    ways = {
        GOODS[good] + (f" on {CELL_NAMES[at]}" if placed else ""): WAYS[actions]
        for _, actions, good, at in stealable[:NAMED]
    }
    # (those named read as all of them: "the paper or the swords" of three it could reach)
    more = f", or {plural(len(stealable) - NAMED, 'more good')}" if len(stealable) > NAMED else ""
    if len(set(ways.values())) > 1:  # (each its own way: one sentence for both read false for one)
        each = either([f"the {name} ({how}: {cost})" for name, (how, cost) in ways.items()])
        return f"risk: {who(q)} can steal {each}{more} next turn, with a theft marker{also}"
    goods = either([f"the {name}" for name in ways]) + more
    how, cost = WAYS[stealable[0][1]]
    return f"risk: {who(q)} can steal {goods} next turn, with a theft marker and {how} ({cost}){also}"


def _left_loose(world: CamelCaravanState, seat: int, drawn: set[int]) -> str:
    """A loose good an empty camel of ``seat``'s stands on once the line has ended its turn: the
    camel picks nothing up before the others move, and the next who sends a camel there takes
    it (a hint parked a camel on the salt with its last action and said nothing of it). Not one
    on a cell of ``drawn``: a refill in the line laid it, as the world looked at guessed."""
    mover = world.turn
    if mover is None or mover == seat:
        return ""
    cells = sorted({cell for cell in world.empties[seat] if world.loose[cell] >= 0 and cell not in drawn})
    # (a camel onto the occupied space, 2 actions, and the pick-up: "AI 2 can pick it up first"
    # was said of AI 2's turn of 2 actions)
    takers = [
        q
        for q in range(world.n)
        if q != seat and world.supply[q] + len(world.empties[q]) >= 2 and _next_actions(world, q) >= 3
    ]
    if not cells or not takers:
        return ""
    q = min(takers, key=lambda q: (q - mover) % world.n)  # (the first of them to move)
    names = [f"the {GOODS[world.loose[cell]]} on space {SPACES.index(cell) + 1}" for cell in cells]
    yours = who(seat, "'s")
    if len(names) == 1:  # ("the hides … stays loose" was said of a good named in the plural)
        one = GOODS[world.loose[cells[0]]] not in PLURAL_GOODS
        stays, it = ("stays", "it") if one else ("stay", "them")
        return f"{names[0]} {stays} loose under {yours} camel: {who(q)} can pick {it} up first"
    goods = f"{', '.join(names[:-1])} and {names[-1]}"
    return f"{goods} stay loose under {yours} camels: {who(q)} can pick them up first"


#: the goods a risk names (the rest counted): "the paper or the hides, or 1 more good" left out
#: the meat the line above had just loaded
NAMED = 3


def either(names: list[str]) -> str:
    """ "a", "a or b", "a, b or c"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def thieves(world: CamelCaravanState, seat: int) -> list[tuple[int, list[tuple[int, int, int, int]]]]:
    """Each other seat, in turn order, that can steal a good of ``seat``'s on top of a camel in
    its next turn (``_risk``), with those goods: (points, actions, good, cell), the most valuable
    first."""
    exposed = [(at, good) for at, good, under in world.loads[seat] if not under]
    if world.turn is None or not exposed:
        return []
    thieves = []
    for step in range(1, world.n):
        q = (seat + step) % world.n
        if not world.thefts[q] or not (world.supply[q] or world.empties[q]):
            continue
        budget = _next_actions(world, q)
        stealable = sorted(
            ((VALUE[good], actions, good, at) for at, good in exposed if budget >= (actions := _reach(world, q, at))),
            reverse=True,
        )
        if stealable:
            thieves.append((q, stealable))
    return thieves


def exposed(world: CamelCaravanState, seat: int, line: tuple[Action, ...]) -> float:
    """What ``line`` (its first actions ``seat``'s) leaves the others to steal from ``seat`` once
    its turn's actions in it are played: the points of the best good a thief can take in its
    next turn (``GameAI.exposed``)."""
    after = world.clone()
    for action in line:
        if after.turn != seat or action == END_TURN or action not in after.legal_actions():
            break
        after.apply(action, log=False)
    return float(max((points for _, stealable in thieves(after, seat) for points, *_ in stealable), default=0))


#: how a thief reaches a good, by the actions it takes with the theft: its empty camel on the
#: good's space, its loaded camel there (its good moved on first), or a camel sent there
WAYS = {
    1: ("an empty camel already there", "1 action"),
    2: ("a camel of theirs already there, once its good moves on", "2 actions"),
    3: ("a camel sent there first", "3 actions"),
}


def _reach(world: CamelCaravanState, q: int, at: int) -> int:
    """The actions seat ``q`` takes to steal a good on ``at``, theft included (``WAYS``): a loaded
    camel of theirs there counts only where its good can move on, to an empty camel of theirs
    connected to it."""
    if at in world.empties[q]:
        return 1
    if any(cell == at for cell, _good, _under in world.loads[q]):
        cells = camel_cells(world.empties[q], world.loads[q])
        if any(BIT[empty] & group_of(at, cells) for empty in world.empties[q]):
            return 2
    return 3


def _next_actions(world: CamelCaravanState, q: int) -> int:
    """The actions seat ``q`` has in its next turn (or the rest of its turn, if it is on): turn k
    brings min(k, 4) (rules §3)."""
    if world.turn == q:
        return world.left
    ahead = (q - world.turn) % world.n if world.turn is not None else 0
    return min(world.turns + ahead, MAX_ACTIONS)
