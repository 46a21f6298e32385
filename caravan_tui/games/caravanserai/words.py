"""Caravanserai's sentences for a player: why a camel, a block, a turn or a decline cannot be
played now (and what to do first), the tiles left out of the box, and how the game ended (the
safety end, a tie-break)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

from caravan_tui.engine import Action, Event
from caravan_tui.words import tied_scores

from .geometry import CELL_ID, COLOUR_NAMES, COLOURS, DIR_NAMES, DIR_WORDS, D, board_for
from .views import CaravanseraiView, PlacementView, piece

SAFETY = "no seat can place any more (the safety end)"
#: how the game ended at the safety end, in plain words for the result screen (the rules' term,
#: "the safety end", meant nothing to a newcomer)
SAFETY_WORDS = (
    "The game ended early: every caravan was stuck (no open cell next to its head) or out of "
    "camels. The longest caravan wins as usual."
)


def safety_why(state) -> str:
    """Why no seat can place at the safety end, as it is: every player out of camels, every
    caravan stuck, or some of each ("no caravan can move any more" stood where both players had
    used their last camel, each caravan with room to move)."""
    out = [not state.res[seat][5] for seat in range(state.n)]
    if all(out):
        return "every player is out of camels"
    if not any(out):
        return "no caravan can move any more"
    return "every caravan is stuck or out of camels"


def end_why(state) -> str:
    """Why the match in ``state`` is over, in words (``safety_why`` at the safety end)."""
    return safety_why(state) if state.end == SAFETY else str(state.end)


#: what the final table's "Reserve" column counts
RESERVE_WORDS = "Reserve: the camels and goods still in hand, not on the board"


#: what a stage of the turn asks first, whatever key was pressed
STAGE_FIRST = {
    "start": "first put your starting camel on a › cell (enter)",
    "stand": "first stand the market goods on › cells (enter)",
    "board": "first use the board good (enter) or decline it (n)",
}


def then_finish(pl: PlacementView) -> str:
    """ ", then the 1 more black good its block needs" (inside a block; "" at its boundary)."""
    if not pl["left"]:
        return ""
    colour, left = COLOUR_NAMES[pl["colour"]], pl["left"]
    return f", then the {left} more {colour} good{'s' if left > 1 else ''} its block needs"


def unfinished(pl: PlacementView, legal: Sequence[Action]) -> str | None:
    """What the placement in progress (``pl``) asks first, before any other piece: the way the
    caravan heads, then the rest of its block (None: nothing)."""
    if any(action[0] == "dir" for action in legal):
        return f"first choose where the caravan heads (w e a d z x, or enter on a ›){then_finish(pl)}"
    if pl["left"]:
        colour, left = COLOUR_NAMES[pl["colour"]], pl["left"]
        return (
            f"first finish the {colour} block — {left} more {colour} good{'s' if left > 1 else ''} "
            f"(W K P R Y or enter on the › cell)"
        )
    return None


def piece_problem(kind: str, view: CaravanseraiView, legal: Sequence[Action]) -> str:
    """Why the final camel (``kind`` "camel") or a lying camel cannot be laid now, and what
    comes first."""
    what = "A camel" if kind == "camel" else "A lying camel"
    stage, pl = view["stage"], view["placement"]
    if stage in STAGE_FIRST:
        return f"{what} cannot go here now: {STAGE_FIRST[stage]}."
    if pl is None:
        return f"{what} cannot go down now: it is not your placement."
    if (first := unfinished(pl, legal)) is not None:
        return f"{what} cannot go here now: {first}."
    if kind == "lying":
        if view["variant"] != "expert":
            return "A lying camel is for the expert game only."
        if pl["lying"]:
            return "A lying camel cannot go here now: a placement lays at most one."
        return (
            "A lying camel cannot go here now: it needs 2 camels in your reserve (it and the final "
            "camel) and a free cell beyond it."
        )
    return f"{what} cannot go here now: lay the goods first (W K P R Y, or enter on the › cell)."


def block_problem(colour: int, view: CaravanseraiView, legal: Sequence[Action]) -> str:
    """Why a block of ``colour`` cannot start now, and what comes first (a newcomer pressed K
    where the caravan could turn and read only "No black block can start here now")."""
    what = f"No {COLOUR_NAMES[colour]} block can start here now"
    stage, pl = view["stage"], view["placement"]
    if stage in STAGE_FIRST:
        return f"{what}: {STAGE_FIRST[stage]}."
    if pl is None:
        return f"{what}: it is not your placement."
    if (first := unfinished(pl, legal)) is not None:
        return f"{what}: {first}."
    if pl["previous"] == colour:
        return f"{what}: each block is of another colour than the block before it."
    return f"{what}: too few {COLOUR_NAMES[colour]} goods in your reserve, or no room ahead for the block."


def direction_problem(d: int, view: CaravanseraiView, legal: Sequence[Action]) -> str:
    """Why the caravan cannot head ``d`` now."""
    if view["stage"] in STAGE_FIRST:
        return f"Not {DIR_WORDS[d]} now: {STAGE_FIRST[view['stage']]}."
    if any(a[0] == "dir" for a in legal):
        return f"Not {DIR_WORDS[d]}: {_not_ahead(d, view)}."
    pl = view["placement"]
    if pl is not None and pl["dir"] >= 0 and (pl["pos"] == pl["head"] or _turns_at(view, pl["pos"])):
        # (an undo of the block after a turn keeps the turn: "No turn here … only after a
        # Caravanserai cell" was said with the caravan's last piece on one)
        return f"Not {DIR_WORDS[d]}: the caravan already heads {DIR_WORDS[pl['dir']]} from here (u takes that back)."
    return "No turn here: the caravan goes straight on (it turns only after a Caravanserai cell or a lying camel)."


def _not_ahead(d: int, view: CaravanseraiView) -> str:
    """Why the cell ``d`` of the placement's last piece takes no piece: off the board, taken, or
    a dead end, said as what it is ("taken, off the board or a dead end" of a free cell on the
    board, "dead end" taught nowhere)."""
    pl = view["placement"]
    if pl is None:
        return "that cell is taken, off the board or a dead end"
    cell = (pl["pos"][0] + D[d][0], pl["pos"][1] + D[d][1])
    board = board_for(len(view["tiles"]), tuple((int(a), int(b)) for a, b in view["tiles"]))
    at = CELL_ID.get(cell, -1)
    if at < 0 or not board.layout.onboard[at]:
        return "that cell is off the board"
    pieces = [*(item for caravan in view["caravans"] for item in caravan), *pl["laid"]]
    if any(piece(item)[:2] == cell for item in pieces):
        return "that cell is taken"
    return "that cell is a dead end: from it this placement could not be finished (no open cells ahead for the rest)"


def _turns_at(view: CaravanseraiView, cell: Sequence[int]) -> bool:
    """Whether a caravan may turn after a piece on ``cell`` ([q, r]): a Caravanserai cell's (and
    from its head, before its first piece)."""
    board = board_for(len(view["tiles"]), tuple((int(a), int(b)) for a, b in view["tiles"]))
    return CELL_ID.get((cell[0], cell[1]), -1) in board.cs_cells


def decline_problem(legal: Sequence[Action]) -> str:
    """Why ``n`` cannot decline a board good now (``legal`` has no decline)."""
    if ("use",) in legal:
        return (
            "This board good cannot be declined: the block would then have no way to go on "
            "(or you have no reserve good of its colour). Enter uses it."
        )
    return "There is no board good to decline now."


def refused(action: Action, view: CaravanseraiView, legal: Sequence[Action]) -> str:
    """Why a key's play (a direction, a camel, a lying camel, a decline) cannot be played now."""
    if action[0] == "dir":
        return direction_problem(action[1], view, legal)
    if action[0] == "decline":
        return decline_problem(legal)
    return piece_problem(action[0], view, legal)


def tiles_left_out(tiles: list[tuple[int, int]]) -> str:
    """``2 white, 1 red and 1 yellow``: the colours of the (category, colour) tiles left out."""
    counts = Counter(colour for _, colour in tiles)
    parts = [f"{counts[colour]} {COLOUR_NAMES[colour]}" for colour in sorted(counts)]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def tie_break(lengths: list[int], reserves: list[int], winner: int) -> str:
    """How the winner was found when the longest caravans tie: "" when no tie; else the
    reserve tie-break or, still tied, the later seat (§9.2)."""
    best = lengths[winner]
    tied = [seat for seat, length in enumerate(lengths) if length == best and seat != winner]
    if not tied:
        return ""
    if all(reserves[seat] < reserves[winner] for seat in tied):
        return "on the reserve tie-break"
    return "as the later player in the round (caravans and reserves tied)"


def forced_words(
    steps: list[tuple[int, int, Action]], seat: int, turns: int, colour: int, short: bool = False
) -> tuple[str, list[tuple[str, bool]]]:
    """The steps the rules play by themselves after a choice (``CaravanseraiState.forced_after``),
    said for ``seat``: those of its turn now ("head NE, 2 white goods, use the white board good";
    ``short``: "NE, 2W, ◆W used", but "head W") and one line for each of its later turns they begin, and
    whether they lay it whole, to its camel ("camel", True; "head SW", False: the seat chooses
    the rest); other seats' are theirs. ``colour``: the block's in progress (a board good used or
    declined is of the block's colour)."""
    now: list[str] = []
    later: dict[int, list[str]] = {}
    whole: set[int] = set()
    goods = 0  # the goods of a block said so far in one word: "3 white goods"
    for mover, turn, action in steps:
        kind = action[0]
        if mover != seat:
            continue
        said = later.setdefault(turn, []) if turn != turns else now
        if kind == "good" and said and action[1] == colour and goods:
            goods += 1
            said[-1] = _goods(goods, colour, short)
            continue
        if kind in ("use", "decline") and goods and said:  # (the good announced is the one used or declined)
            goods -= 1
            said[-1] = _goods(goods, colour, short)
            if not goods:
                said.pop()
        goods = 1 if kind == "good" else 0
        colour = action[1] if kind == "good" else colour
        said.append(_goods(1, colour, short) if kind == "good" else _step_word(action, colour, short))
        if kind == "camel" and turn != turns:
            whole.add(turn)
    return ", ".join(now), [(", ".join(words), turn in whole) for turn, words in later.items()]


def _goods(count: int, colour: int, short: bool) -> str:
    if short:
        return f"{count}{COLOURS[colour]}"
    return f"{count} {COLOUR_NAMES[colour]} good{'s' if count > 1 else ''}"


def _step_word(action: Action, colour: int, short: bool) -> str:
    kind = action[0]
    if kind == "dir":  # (a direction that is a colour's letter too said whole: "1W, W, ◆W used" read W two ways)
        name = DIR_NAMES[action[1]]
        return name if short and name not in COLOURS else f"head {name}"
    if kind in ("use", "decline"):
        return f"◆{COLOURS[colour]} {kind}d" if short else f"{kind} the {COLOUR_NAMES[colour]} board good"
    if kind == "stand":
        if short:
            return f"{COLOURS[action[1]]} stood ({action[2]},{action[3]})"
        return f"stand a {COLOUR_NAMES[action[1]]} good at ({action[2]},{action[3]})"
    return "lying camel" if kind == "lying" else "camel"


def skipped_line(seat: int, why: str) -> str:
    """The log's line where the rules pass over ``seat``'s turn (§8.1), with seat fields."""
    return f"{{p{seat}}} cannot place ({why}) and skip{{p{seat}:s}} the turn."


_SKIPPED = re.compile(r"\{p(\d+)\} cannot place \((.+)\) and skip\{p\1:s\} the turn\.")


def skipped_words(event: Event, seat: int) -> str | None:
    """Why ``event`` passed over ``seat``'s turn ("no camel in reserve"; ``Game.skipped_words``)."""
    found = _SKIPPED.fullmatch(event.text)
    return found[2] if found and int(found[1]) == seat else None


def tie_words(view: dict[str, Any], scores: list[float], outcome: list[float]) -> str | None:
    """Between players, a tie on length and how it was broken, with the table's seat fields:
    "26–26; {p0} win{p0:s} on the reserve tie-break." (None: no tie, or no winner yet)."""
    winner = max(range(len(outcome)), key=lambda seat: outcome[seat])
    if view["phase"] != "over" or max(outcome) <= 0:
        return None
    lengths = [len(caravan) for caravan in view["caravans"]]
    how = tie_break(lengths, [sum(reserve) for reserve in view["reserves"]], winner)
    if not how:
        return None
    tied = tied_scores(lengths, [seat for seat, length in enumerate(lengths) if length == lengths[winner]])
    return f"{tied}; {{p{winner}}} win{{p{winner}:s}} {how}."
