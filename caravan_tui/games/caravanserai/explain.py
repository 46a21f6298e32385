"""Why a step is good or bad, in the game's words (``GameAI.explain``).

A placement is many small steps, so a step is explained by the whole placement the search means
it to start: the line is played on a copy up to the final camel (completed by the prior where
the search's line stops short), and the reason tells what the placement lays, where it ends, how the caravan grows and
what comes back: "lays 2W 1Y camel, ending on (1,-2); caravan 7 → 9 (count 2); 1 camel back;
gains a white good from the market; leaves 3 camels and 12 goods in reserve". There is nothing hidden after the setup.
"""

from __future__ import annotations

from collections.abc import Sequence

from caravan_tui.engine import Action, Explain, Prior
from caravan_tui.engine import seat_field as who
from caravan_tui.words import plural

from .geometry import CELL_ID, COLOUR_NAMES, NEIGHBOURS, QR, cell_name, hex_distance
from .rules import BOARD, CAMEL, DECLINE, PLACE, START, CaravanseraiState, laid_words
from .words import end_why, forced_words

#: steps a plan may take past the search's line (a placement is far shorter)
MAX_STEPS = 60


def placement(state: CaravanseraiState, seat: int, line: Sequence[Action], prior: Prior) -> list[Action]:
    """The placement ``line`` begins, whole: its steps while they belong to ``seat``'s current
    turn (a stand after the final camel included), and where the search's line stops short of
    the final camel, the rest chosen by the prior (best first). The plan a hint shows."""
    world = state.clone()
    plan: list[Action] = []
    turns = state.turns
    for action in line:
        if world.turn != seat or world.turns != turns or (world.stage == START and plan):
            break
        world.apply(action, False)
        plan.append(action)
    for _ in range(MAX_STEPS):
        if world.turn != seat or world.turns != turns or world.stage not in (PLACE, BOARD):
            break
        legal = world.legal_actions()
        scores = prior(world, legal)
        action = legal[max(range(len(legal)), key=scores.__getitem__)]
        world.apply(action, False)
        plan.append(action)
    return plan


def explainer(prior: Prior) -> Explain:
    """The game's ``GameAI.explain``, completing plans with ``prior`` (the search's own)."""

    def explain(state: CaravanseraiState, seat: int, line: Sequence[Action]) -> str:
        return _explain(state, seat, placement(state, seat, line, prior))

    return explain


def _explain(state: CaravanseraiState, seat: int, line: list[Action]) -> str:
    action = line[0]
    if action[0] == "start":
        return _start(state, CELL_ID[(action[1], action[2])])
    if action[0] == "stand":
        return _stand(state, seat, action[1], CELL_ID[(action[2], action[3])])
    before = len(state.caravans[seat])
    world, turns = state, state.turns
    declined: list[tuple[int, int]] = []  # (the board goods the line sends back: cell, colour)
    for step in line:
        if world.stage not in (PLACE, BOARD) or world.turns != turns:
            break
        if step == DECLINE:
            declined.append((world.target, world.bcol))
        world = world.through_turn(step)
    # the next turn leaves no choice: ``apply`` would lay it too (``_play_forced``)
    forced = (  # (our next turn only: "then the rules lay your next turn" was said of the other seat's)
        world.turns != turns and world.turn == seat and world.stage != START and len(world.legal_actions()) == 1
    )
    last = world.last
    if last is None:  # (the line ends before any placement is whole)
        return "begins a placement"
    laid, count, camels = last[2], last[5], last[7]
    after = len(world.caravans[seat])
    # (a placement begun: "lays 1W 2R 3K 4Y camel" stood where only the 4Y and the camel were left)
    begun = len(state.laid)
    lays = f"finishes the placement with {laid_words(laid[begun:])}" if begun else f"lays {laid_words(laid)}"
    parts = [f"{lays}, ending on {cell_name(laid[-1][0])}", f"caravan {before} → {after} (count {count})"]
    if camels:
        # (where the plan stands a market good for them: its last circled numbers, "1 camel back" alone)
        stood = [
            f"a {COLOUR_NAMES[step[1]]} market good stood on {cell_name(CELL_ID[(step[2], step[3])])}"
            for step in line
            if step[0] == "stand"
        ]
        where = f", {' and '.join(stood)}" if stood else ""
        parts.append(f"{camels} camel{'s' if camels != 1 else ''} back{where}")
    # a board good the line declines (§5.4): "lays 1W 2R 3K camel … count 4" read as using the
    # red board good its mark stood on, drawn as the plans that used one are, and the count was 2
    for x, colour in declined:
        name = COLOUR_NAMES[colour]
        own = f"{who(seat, 'their')} own {name} good is laid"
        parts.append(f"declines the {name} board good on {cell_name(x)} (it goes back to the market, {own})")
    # a camel's stop takes the board good under it and gains a good from the market on a
    # Caravanserai (§5.6, §5.7: "takes a purple good" sent a person looking for a board good)
    for x, kind in laid:
        if kind >= CAMEL:
            if x in state.bgoods:
                parts.append(f"takes the {COLOUR_NAMES[state.bgoods[x]]} board good")
            if state.board.cs[x] >= 0:
                parts.append(gain_words(state, seat, state.board.cs[x]))
    # what the reserve keeps for the turns to come: a placement that grows the caravan less was
    # ranked above one that grew it more with nothing said of why (the camels and goods it keeps)
    others = [(world.res[q][CAMEL], q) for q in range(world.n) if q != seat]
    ends = world.is_over() and world.end is not None
    parts.append(reserve_words(world.res[seat], seat, world.n == 1, max(others, default=None), ends))
    if ends:  # (said only by the question after the hint's play: "Play it anyway?")
        parts.append(f"this ends the match ({end_why(world)})")
    if forced:  # (a hint's words told the next turn's forced camel as this one's, without a word)
        yours = who(seat, "'s")
        # (the whole of it, or its first steps only: "then the rules lay your next turn" where they
        # laid its first heading, and the turn opened mid-way with a choice)
        whole = world.through_turn(world.legal_actions()[0]).turns != world.turns
        what = f"{yours} next turn, the only move" if whole else f"the start of {yours} next turn, the only move there"
        parts.append(f"then the rules lay {what}")
    return "; ".join(parts)


def gain_words(state: CaravanseraiState, seat: int, colour: int, verb: str = "gains") -> str:
    """What a camel's stop on a Caravanserai of ``colour`` gains (§5.7), as the log will say it:
    "gains a black good from the market" was said where the market had none (solo: nothing).
    ``verb``: "gain" where the words follow "you" (a question before a forced rest)."""
    name, source = COLOUR_NAMES[colour], state.gain_from(seat, colour)
    if source == -1:
        return f"{verb} a {name} good from the market"
    if source is not None:
        return f"{verb} a {name} good from another player's reserve (the market has none)"
    return f"{verb} nothing (no {name} good is left)"


def reserve_words(
    reserve: Sequence[int], seat: int, solo: bool = False, most: tuple[int, int] | None = None, ends: bool = False
) -> str:
    """A reserve (goods of each colour, then camels) as ``seat``'s placement leaves it: "leaves 2
    camels and 14 goods in reserve". Each later placement needs a camel, and the goods are what
    it can lay; ``solo``: a game of one, which a reserve with no camel ends (§8.5: "your turns
    are skipped" stood beside a confirm that said the match ends). ({pN} fields: "your turns" was
    said of AI 2's in the replay's "What AI 2 weighed".) ``most``: the most camels another seat
    holds, and whose: said beside few camels where that is more ("leaves 2 camels (AI 2 has 4)"):
    a newcomer followed hints that kept 2 camels or fewer while AI 2 kept 3 or 4, and was then
    skipped five times, the warning coming only where no placement kept a camel. ``ends``: the
    placement ends the match, said apart ("your turns are skipped" stood where it ended at once)."""
    camels, goods = reserve[CAMEL], sum(reserve[:CAMEL])
    stock = f"{goods} good{'s' if goods != 1 else ''} in reserve"
    # (following every hint walked a caravan down to no camel, and nine turns were skipped unsaid)
    if camels == 0 and ends:
        return f"leaves no camel and {stock}"
    if camels == 0 and solo:
        return f"leaves no camel and {stock}: this ends the match"
    if camels == 0:
        turns = who(seat, "'s")
        return f"leaves no camel and {stock}: with no camel there is no placement, and {turns} turns are skipped"
    said = [f"{who(seat, 'their')} last"] if camels == 1 else []
    if most is not None and camels <= FEW_CAMELS and most[0] > camels:
        said.append(f"{who(most[1])} {who(most[1], 'has')} {most[0]}")
    said_words = f" ({'; '.join(said)})" if said else ""
    return f"leaves {camels} camel{'s' if camels != 1 else ''}{said_words} and {stock}"


#: the camels in reserve at or below which a hint says how many the others hold
FEW_CAMELS = 2


def laid_for(state: CaravanseraiState, seat: int, action: Action) -> str:
    """What the rules lay by themselves in ``seat``'s turn after its ``action`` (``Game.laid_for``):
    "laid for you: 2 white goods, End with a camel on (2,4): count 3, take back 3, caravan 14"
    (the seat a field: another seat's move in a review read "laid for you"), the final camel in
    the words of a camel chosen, so that a review's decision says where its placement ended and
    the caravan it left ("" where the rules lay nothing)."""
    turns = state.turns
    steps = [step for step in state.laid_after(action) if step[0] == seat and step[1] == turns]
    if not steps:
        return ""
    colour = action[1] if action[0] == "good" else state.bcol
    camel = next((index for index, step in enumerate(steps) if step[2][0] == "camel"), len(steps))
    before_camel = state.forced_camel(action) if camel < len(steps) else None
    parts = [forced_words(part, seat, turns, colour)[0] for part in (steps[:camel], steps[camel + 1 :])]
    if before_camel is not None:
        parts.insert(1, before_camel.describe(("camel",), seat))
    return f"laid for {who(seat)}: " + ", ".join(part for part in parts if part)


def _start(state: CaravanseraiState, cell: int) -> str:
    room = len([y for y in NEIGHBOURS[cell] if not state.blocked[y]])
    heads = [QR[c[-1][0]] for c in state.caravans if c]
    far = f"; {plural(min(hex_distance(QR[cell], h) for h in heads), 'cell')} from the nearest camel" if heads else ""
    # ("6 open cells around, 4 from the middle" read as a riddle: next to what, 4 of what)
    centre = plural(hex_distance(QR[cell], (0, 0)), "cell")
    return (
        f"gains a {COLOUR_NAMES[state.board.cs[cell]]} good; {plural(room, 'open cell')} next to it for "
        f"the caravan to go on; {centre} from the centre of the board{far}"
    )


def _stand(state: CaravanseraiState, seat: int, colour: int, cell: int) -> str:
    """A market good stood on ``cell``: how near the own head (a block can use it), how far the others'."""
    mine = state.caravans[seat]
    yours = who(seat, "'s")
    near = f"{hex_distance(QR[cell], QR[mine[-1][0]])} from {yours} head" if mine else "on the board"
    others = [hex_distance(QR[cell], QR[c[-1][0]]) for q, c in enumerate(state.caravans) if q != seat and c]
    far = f", {min(others)} from the nearest other head" if others else ""
    have = state.res[seat][colour]
    holds = f"{who(seat)} hold{who(seat, 's')} {have} {COLOUR_NAMES[colour]}"
    return f"a {COLOUR_NAMES[colour]} board good {near}{far}; {holds}"
