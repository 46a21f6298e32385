"""What the Merchant Lord table holds beyond any seat's state: the builder's selection, the hint,
the order of your dice and what changed; what may be chosen from them, and the villages' rows.

The state is a value: ``table_selection`` gives a new one for each intent (a key, a turn, a
view), never changing one in place. What the player has chosen so far is one value, ``sel``, and
the hint one more, ``hinted``; where each board's cursor is and what has the focus are the
table's too (``cursors``, ``focus``, ``highlighted``: ``cell`` reads them), so every mark, the builder's line and the
status (Enter) line are functions of it (``table_looks``, ``table_enter``) and none can say one
thing while a key does another.

Your dice show in the rules' order, the order the log rolls them in (and the same again when the
match is resumed). Dice of one value are alike, and the rules take the lowest-index ones (§9.3):
the dice marked as used, rerolled or turned are those, whichever of them the cursor was on."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from rich.text import Text

from caravan_tui.engine import Action, IllegalAction
from caravan_tui.screens.table_seat import TableState
from caravan_tui.screens.table_status import PLAYS_LIST

from .builder import Choices, Selection, dice_used, reroll_action
from .cards import DIE, HALF_INDEX, INDEX, VILLAGE_STALLS
from .faces import (
    CHANGED,
    CHOSEN,
    DIMMED,
    HINT,
    USABLE,
    VILLAGE_NAMES,
    die_text,
    gain_words,
    merchant_token,
)
from .rules import SELL, VINDEX, MerchantLordState
from .views import MerchantLordView, VillageInfo, die_pairs
from .widgets import Row

#: the boards' ids, as the screen composes them, and the plays list's (the table's own)
DICE, VILLAGES, HAND, ROW, PLAYS = "ml-dice", "ml-villages", "ml-hand", "ml-row", PLAYS_LIST

PHASE_WORDS = {
    "favour": "favour step",
    "sell": "selling",
    "place": "Free Placement",
    "buy": "buying",
    "over": "game over",
}


#: the most cells a name takes in a folded player's line of villages
SUMMARY_NAME = 20
#: the cells a name takes before a player's villages, and the most it may take where the rows
#: take no more lines for it (``table_looks.village_rows``)
NAME_ROOM, WIDE_NAME_ROOM = 5, 12


@dataclass(frozen=True, eq=False)
class MerchantLordTable(TableState[MerchantLordView]):
    """The Merchant Lord table's state: with the seat's, the builder's selection (``sel``) and
    the hint's play (``hinted``), a sale built in the favour step (made once it ends), what the
    latest moves changed and the opponent whose villages show when not all fit; and what may be
    chosen, worked out from them."""

    sel: Selection = field(default_factory=Selection)
    hinted: Action | None = None  # starred and previewed, never put in the selection by itself
    pending: Action | None = None
    #: the sale the hint taken to end the favour step named next: highlighted once selling begins
    hinted_next: Action | None = None
    changed_dice: frozenset[tuple[int, int]] = frozenset()
    changed_villages: frozenset[str] = frozenset()
    changed_row: frozenset[str] = frozenset()
    rolled: frozenset[int] = frozenset()  # our dice a reroll just sent takes: marked in the next view
    shown_other: int | None = None
    #: the round the cursors were last put on their first choices (a new round puts them again)
    cursors_round: int | None = None
    #: the villages box's room (width, height) with the lines under the row at their tallest
    villages_room: tuple[int, int] = (0, 0)
    #: the villages' box's height as it is now (``villages_room`` keeps room for the lines under
    #: the row at their tallest): where even one opponent's villages do not fit it, none show
    villages_height: int = 0
    #: the choices worked out for a decision: (turn, view, choices), kept while both stand
    offered: tuple[int | None, object, Choices] | None = None
    #: the plays list's highlight last seen (moving it while the list has the focus fills the builder)
    followed_play: Action | None = None

    def cell(self, board: str | None) -> str | None:
        """The key of the chip or village under ``board``'s cursor (``cursors``: a chip bar
        reports its cursor's index, the villages their village's id)."""
        at = self.cursors.get(board) if board is not None else None
        if not isinstance(at, int) or self.view is None:
            return at
        if board == DICE:
            keys = [str(index) for index in range(len(self.my_dice()))]
        else:
            keys = list(self.view.get("hand", []) if board == HAND else self.view["row"] if board == ROW else [])
        return keys[at] if 0 <= at < len(keys) else None

    def village_name(self, vid: str) -> str:
        """``your 1-6``, ``Bot's 2-5`` (in a replay, the viewed seat's by name, as ``whose``)."""
        owner, name = VINDEX[vid] // 3, VILLAGE_NAMES[VINDEX[vid] % 3]
        return f"your {name}" if self.is_ours(owner) else f"{self.short_name(owner)}'s {name}"

    def is_ours(self, seat: int) -> bool:
        """Whether ``seat`` is the one the table says "your" of: the one it calls "you" (``you``:
        in a replay the watcher's own in their own view, and nobody's in another: "Your 1-6" in
        AI 2's view read as AI 2's; and "You's 1-6" was said of the watcher's own)."""
        return seat == self.you

    def sentence(self, text: str) -> str:
        text = self.words(text)
        return text[:1].upper() + text[1:].rstrip(".") + "."

    # -- the selection ------------------------------------------------------------------------------

    @property
    def reroll(self) -> frozenset[int]:
        return self.sel.reroll

    @property
    def rules_state(self) -> MerchantLordState | None:
        """The world built from this seat's view (None for a spectator or before the first view)."""
        world = self.world
        return world if isinstance(world, MerchantLordState) else None

    @property
    def phase(self) -> str | None:
        if self.turn is None or self.view is None:
            return None
        return self.view["phase"]

    def choices(self) -> Choices:
        """The complete sales (or placements) the builder offers now: in the favour step, the
        sales the dice would allow once it ends (the step ends with no chance, so exactly)."""
        if self.offered is not None and self.offered[0] == self.turn and self.offered[1] is self.view:
            return self.offered[2]
        return self.worked_out_choices()

    def worked_out_choices(self) -> Choices:
        """``choices`` worked out from the view and the legal plays (``offered`` keeps them)."""
        phase = self.phase
        actions: Sequence[Action] = ()
        if phase in ("sell", "place"):
            actions = self.legal
        elif phase == "favour" and self.rules_state is not None:
            world = self.rules_state.clone()
            try:
                world.apply(("end_favour",), log=False)
                if world.turn == self.seat and world.phase == SELL:
                    actions = list(world.legal_actions())
            except IllegalAction:
                actions = []
        return Choices(actions)

    def my_dice(self) -> list[tuple[int, str]]:
        """Our dice in the rules' order (die index), as the log rolls them."""
        if self.view is None or self.seat is None:
            return []
        return die_pairs(self.view["dice"][self.seat])

    def taken_slots(self, need: Iterable[int]) -> list[int]:
        """The dice the rules take for the values ``need`` (for each value the lowest-index
        unplaced dice, §9.3)."""
        return dice_used([(value, where == "unplaced") for value, where in self.my_dice()], list(need))

    def sale_dice(self, selection: Selection) -> list[int]:
        """The dice a complete sale would take (lowest index first, §9.3)."""
        action = self.choices().action(selection)
        if action is None or action[0] != "sell" or self.view is None:
            return []
        info = self.village_info(action[1])
        return self.taken_slots(list(info["stalls"]) + [DIE[INDEX[c]][HALF_INDEX[h]] for c, h in action[2]])

    def village_info(self, vid: str) -> VillageInfo:
        assert self.view is not None  # villages are chosen on a board that shows a view
        return next(info for info in self.view["villages_info"] if info["id"] == vid)

    def selected_action(self) -> Action | None:
        """What Enter would play now: the complete sale or placement, or the ticked reroll."""
        action = self.choices().action(self.sel)
        if action is not None:
            return action
        if self.phase == "favour" and self.reroll:
            return reroll_action(self.my_dice()[i][0] for i in self.reroll)
        return None

    # -- drawing ----------------------------------------------------------------------------------

    def summary_row(
        self, view: MerchantLordView, seat: int, width: int, marks: dict[str, str] | None = None, key: bool = True
    ) -> Row:
        """A player whose villages do not fit, on one line of ``width`` cells: the name in the
        room the line leaves (up to ``SUMMARY_NAME``: "Mari…" stood beside half a line empty),
        each village with ``✗`` when closed and its merchants by their stalls (``1-6✗+2¶+5✱ 2-5
        3-4+1≈``: a count, "+2", read as a stall of 2),
        its mark where it has one but ``·`` (``›3-4``: a sale can use it; the short line left out
        where a newcomer could sell), then the key that shows them (``key``; not on yours, folded
        only while a sale chosen at an opponent's village keeps theirs whole)."""
        words = []
        for k in range(3):
            v = seat * 3 + k
            mark = (marks or {}).get(view["villages_info"][v]["id"], DIMMED)
            word = ("" if mark == DIMMED else mark) + VILLAGE_NAMES[k] + ("✗" if view["sellers"][v] is not None else "")
            text = Text(word)
            for card_id, half in view["villages"][v]:
                text.append("+")
                text.append_text(die_text(DIE[INDEX[card_id]][HALF_INDEX[half]]))
            words.append(text)
        if key:
            words.append(Text("(o shows them)", style="dim italic"))
        room = width - sum(word.cell_len + 1 for word in words) - 2
        name = self.short_name(seat, max(5, min(room, SUMMARY_NAME)))
        head = Text(f"{name:<5}  ", style="bold")
        return Row(None, head, words)

    def seat_rows(
        self,
        view: MerchantLordView,
        seat: int,
        width: int,
        marks: dict[str, str],
        compact: bool = False,
        names: int = NAME_ROOM,
    ) -> list[Row]:
        """A player's three villages: name (in ``names`` cells), mark, village, open or who closed
        it, stalls, what a sale there pays (in words, with room), then each merchant with its half;
        ``compact`` (short of room): each merchant by its stall alone (``+2¶``) before what a sale
        pays, a village a line."""
        rows = []
        wide = width >= 64
        for k in range(3):
            info = view["villages_info"][seat * 3 + k]
            vid = info["id"]
            name = self.short_name(seat, names) if k == 0 else ""
            head = Text(f"{name:<{names}} ", style="bold")
            mark = marks.get(vid, " ")
            if vid in self.changed_villages and mark == " ":
                mark = CHANGED
            words = [Text(VILLAGE_NAMES[k], style="bold")]
            stalls = Text("")
            for i, value in enumerate(VILLAGE_STALLS[k]):
                if i:
                    stalls.append(" ")
                stalls.append_text(die_text(value))
            if compact:
                for card_id, half in view["villages"][seat * 3 + k]:
                    stalls.append(" +")
                    stalls.append_text(die_text(DIE[INDEX[card_id]][HALF_INDEX[half]]))
            words.append(stalls)
            if wide:
                pays = f"(seller {info['opp_coins']}¢, owner {gain_words(info['own_coins'], info['own_favour'])})"
            else:  # the same, compactly (the legend and the line under the villages say which is which)
                pays = f"pays {info['opp_coins']}¢/{info['own_coins']}¢" + (
                    f"+{info['own_favour']}f" if info["own_favour"] else ""
                )
            words.append(Text(pays, style="dim"))
            if not compact:
                words.extend(merchant_token(card_id, half) for card_id, half in view["villages"][seat * 3 + k])
            seller = view["sellers"][seat * 3 + k]
            if seller is None:
                words.insert(1, Text("open ", style=""))
            else:  # (in the room the line leaves: "✗Aaa…" stood beside 15 empty columns)
                room = width - head.cell_len - sum(word.cell_len + 1 for word in words) - 2
                words.insert(1, Text(f"✗{self.short_name(seller, max(4, room)):<4}", style="italic"))
            rows.append(Row(vid, head, words, mark))
        return rows

    def village_marks(self) -> dict[str, str]:
        """``●`` the chosen village, ``›`` a village a sale (placement) can use now with the
        ticked halves, ``·`` one it cannot; ``★`` the hinted one. None while not our turn."""
        marks: dict[str, str] = {}
        if self.hinted is not None and self.hinted[0] in ("sell", "place"):
            marks[self.hinted[1] if self.hinted[0] == "sell" else self.hinted[3]] = HINT
        phase = self.phase
        if phase in ("sell", "favour", "place") and self.view is not None:
            choices = self.choices()
            if choices:
                for info in self.view["villages_info"]:
                    vid = info["id"]
                    if vid not in marks:
                        marks[vid] = USABLE if choices.reachable(vid, self.sel.tucks.items()) else DIMMED
        if self.sel.village is not None:
            marks[self.sel.village] = CHOSEN
        return marks

    def adjust_die(self, action: Action | None) -> int | None:
        """The die a change (``("adjust", value, ±1)``) turns."""
        if action is None or action[0] != "adjust":
            return None
        return next(iter(self.taken_slots([action[1]])), None)

    def rerolled_dice(self, action: Action) -> set[int]:
        """The dice a reroll takes."""
        return set(self.taken_slots(action[1:]))
