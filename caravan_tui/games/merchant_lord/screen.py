"""The Merchant Lord table: players, villages, your dice, your hand, the row and the sale builder
(Textual).

Everything shown comes from this seat's view; only actions in the host's ``legal`` list are sent.
A die is its value and its good's glyph (``3◆`` gold), a merchant half its stall die and what it
pays its owner (``4ΨFM``: stall 4 wheat, Free Merchant); marks, brackets and words carry every
meaning, so colour is never the only cue.

The sale builder: Enter on a village chooses it (``●``), space on a hand card ticks it on its left
half, then its right half, then unticks it; the line under the row shows the dice the sale will
use and what it pays, and a second Enter (on the village, in the hand or on the dice) makes the
sale. Only choices that keep a legal sale reachable are offered (§9.5): a village no sale fits,
or a half no sale can tuck with the others ticked, is refused with the reason. In the favour
step space ticks dice to reroll (Enter rerolls them) and ``+``/``-`` turn the die under the
cursor; a sale built then ends the favour step and is made at once. The plays list shares the
selection: moving through it ticks that play in the builder, and a complete selection
highlights its play in the list.

Opponents' actions are shown one at a time, ``app.move_pause`` apart (a key skips the rest);
dice, villages and row cards changed since your last action are marked ``*``.
"""
from __future__ import annotations

from dataclasses import replace
from typing import cast

from rich.text import Text
from textual.binding import Binding
from textual.widgets import OptionList

from caravan_tui.bus import Update
from caravan_tui.engine import Action
from caravan_tui.screens.dialogs import ConfirmScreen
from caravan_tui.screens.game import GameScreen
from caravan_tui.widgets import ActionList

from .builder import Selection
from .faces import CHOSEN, HINT, USABLE
from .reasons import builder_hint, card_problem, village_problem
from .table import PHASE_WORDS, MerchantLordTable
from .table_text import END_ACTIONS
from .terms import VINDEX
from .views import MerchantLordView
from .widgets import ChipBar, VillageBoard


class MerchantLordScreen(MerchantLordTable):
    BINDINGS = [
        Binding("e", "done", "Done", tooltip="End this step: favour, selling, buying or a free placement"),
        Binding("plus", "turn(1)", "+1", show=False, tooltip="Turn the die under the cursor up (2 favour)"),
        Binding("minus", "turn(-1)", "-1", show=False, tooltip="Turn the die under the cursor down (2 favour)"),
        Binding("c", "clear", "Clear", show=False, tooltip="Clear the chosen village and ticks"),
        Binding("o", "others", "Others", tooltip="Show the next opponent's villages"),
        Binding("a", "adopt", "Take hint", show=False, tooltip="Put the hinted play in the builder"),
    ]
    PLAY_ONLY = GameScreen.PLAY_ONLY | {"done", "turn", "clear", "adopt"}
    STATUS_LINES = 2  # a sale's words can be longer than 80 columns

    # -- what changed -----------------------------------------------------------------------------

    def show_update(self, update: Update) -> float:
        """Mark what changed before the board is drawn (once) for the new view."""
        self.note_changes(self.view, cast(MerchantLordView, update.view))
        return super().show_update(update)

    def note_changes(self, previous: MerchantLordView | None, view: MerchantLordView) -> None:
        self._mover = previous["to_move"] if previous else None
        if previous is not None:
            new_round = view["round"] != previous["round"]
            for seat, (old, new) in enumerate(zip(previous["dice"], view["dice"])):
                for index, (value, where) in enumerate(new):
                    was = old[index] if index < len(old) else None
                    if was is None or was[0] != value or (new_round and where == "unplaced"):
                        self.changed_dice.add((seat, self.dice_slot(seat, index)))
            for info, (a, b), (sa, sb) in zip(view["villages_info"], zip(previous["villages"], view["villages"]),
                                              zip(previous["sellers"], view["sellers"])):
                if a != b or (sa != sb and sb is not None):
                    self.changed_villages.add(info["id"])
            self.changed_row |= set(view["row"]) - set(previous["row"])
        if self._rolled and self.seat is not None:
            self.changed_dice |= {(self.seat, index) for index in self._rolled}
            self._rolled = set()
        mover = self._mover
        if mover is not None and mover != self.seat:
            self.shown_other = mover

    # -- turns --------------------------------------------------------------------------------------

    # -- what Enter does ----------------------------------------------------------------------------

    def enter_action(self) -> Action | None:
        return self.enter_for(self.focused)

    def enter_for(self, widget) -> Action | None:
        """What Enter on ``widget`` plays at once, worked out from the selection and the widget's
        cursor (Enter on the board does exactly this): on the chosen village, in the hand or on
        the dice, the complete sale or placement (in the favour step the ticked reroll; a sale
        then first ends the step, two plays: None); on a row card, buying it."""
        if self.turn is None or not isinstance(widget, (ChipBar, VillageBoard)):
            return super().enter_action() if widget is self.focused else None
        if isinstance(widget, VillageBoard) and (self.phase == "buy" or widget.cursor != self.sel.village):
            return None
        if isinstance(widget, ChipBar) and widget.id == "ml-row":
            action = ("buy", widget.current)
            return action if action in self.legal else None
        if self.choices().action(self.sel) is not None:
            return None if self.phase == "favour" else self.choices().action(self.sel)
        return self.selected_action()

    def status_text(self) -> Text:
        """What Enter (or space) does for the focused widget, in words."""
        if self._pausing is not None:
            return Text(f"{self.seat_name(self._pausing)} played… (any key skips)")
        if self.turn is None or self.over is not None or self.view is None:
            return super().status_text()
        action, focused = self.enter_action(), self.focused
        if action is not None:
            return Text(f"enter: {self.describe(action)}", style="bold")
        if isinstance(focused, ActionList):
            return Text("enter: the highlighted play", style="bold")
        phase = self.phase
        if phase == "favour" and self.choices().action(self.sel) is not None and (
                not isinstance(focused, VillageBoard) or focused.cursor == self.sel.village):
            return Text("enter: end the favour step and make this sale", style="bold")
        if (isinstance(focused, VillageBoard) and focused.cursor is not None and phase in ("sell", "favour", "place")
                and self.choices().reachable(focused.cursor, self.sel.tucks.items())):
            return Text(f"enter: choose {self.village_name(focused.cursor)} for the "
                        f"{'placement' if phase == 'place' else 'sale'}", style="bold")
        if isinstance(focused, ChipBar) and focused.id == "ml-dice" and phase == "favour":
            return Text(self.dice_keys(focused), style="bold")
        if isinstance(focused, ChipBar) and focused.id == "ml-hand" and phase in ("sell", "favour", "place"):
            return Text("space: tuck this card's left or right half" if focused.chips else
                        "Your hand is empty: no card to tuck · tab to the dice or villages", style="bold")
        return Text(f"Your turn: {PHASE_WORDS.get(self.view['phase'], '')} · e: done", style="bold")

    def dice_keys(self, dice: ChipBar) -> str:
        """What space, + and - do to the die under the cursor."""
        if dice.current is None or self.my_dice()[int(dice.current)][1] != "unplaced":
            return "this die is placed: space, + and - are for your unplaced dice"
        value = self.my_dice()[int(dice.current)][0]
        ticked = int(dice.current) in self.reroll
        return f"space: {'untick' if ticked else 'tick'} this {value} to reroll · + or -: turn it"

    # -- turns --------------------------------------------------------------------------------------

    def your_turn(self) -> None:
        self._skipping = False
        self.hinted = None
        if self.pending is not None:
            pending, self.pending = self.pending, None
            if pending in self.legal:
                self.act(pending)
                return
        phase = self.phase
        sel = self.sel if phase == "favour" else replace(self.sel, reroll=frozenset())
        if (phase not in ("favour", "sell", "place")
                or not self.choices().reachable(sel.village, sel.tucks.items())):
            sel = Selection()
        self.sel = sel
        if self.view is not None and self.view["round"] != self._cursors_round:
            self._cursors_round = self.view["round"]
            self.reset_cursors()
        self.refresh_board()
        self.villages_cursor_to_usable()
        self.follow_selection()
        if not self.query_one(ActionList).has_focus:
            targets: dict[str | None, str] = {"favour": "#ml-dice", "place": "#ml-hand", "buy": "#ml-row"}
            target = targets.get(phase, "#ml-villages")
            self.focus_to_decide(self.query_one(target))

    def reset_cursors(self) -> None:
        """A new round: each cursor on its first choice (the dice on the first die still to roll or
        sell, the villages on the first one a sale or placement can use, else your first), not
        where it was left last round."""
        dice = self.query_one("#ml-dice", ChipBar)
        dice.cursor = next((index for index, (_, where) in enumerate(self.my_dice()) if where == "unplaced"), 0)
        for bar in self.query("#ml-hand, #ml-row").results(ChipBar):
            bar.cursor = 0
        self.query_one(VillageBoard).move_to(f"P{self.seat}-V16")
        self.villages_cursor_to_usable()

    def villages_cursor_to_usable(self) -> None:
        """The villages' cursor off a village no sale (placement) can use now, onto the first one
        that can be used (after the last favour the dice changed, and with them the villages)."""
        villages = self.query_one(VillageBoard)
        marks = self.village_marks()
        usable = [key for key in villages.keys if marks.get(key) == USABLE]
        if usable and marks.get(villages.cursor or "") not in (USABLE, CHOSEN, HINT):
            villages.move_to(usable[0])

    def act(self, action: Action) -> None:
        rolled = self.rerolled_dice(action) if action[0] == "reroll" else set()
        super().act(action)
        if self.turn is None:  # sent
            self._rolled = rolled  # marked in the next view even where a die shows its old value
            self.changed_dice.clear()
            self.changed_villages.clear()
            self.changed_row.clear()
            self.sel = Selection()
            self.hinted = None
            self.refresh_board()

    def village_problem(self, vid: str) -> str:
        assert self.world is not None and self.seat is not None  # asked only on our decision
        return village_problem(self.world, self.seat, self.phase, self.sel, vid)

    def card_problem(self, card: str) -> str:
        assert self.world is not None and self.seat is not None and self.view is not None  # our decision only
        return card_problem(self.world, self.seat, self.view, self.phase, self.sel, card)

    def refuse(self, reason: str, title: str = "Not possible") -> None:
        self.notify(self.sentence(reason), title=title, severity="warning")

    def press(self, widget: ChipBar | VillageBoard) -> bool:
        """Enter on ``widget``: play what the status line promises for it (``enter_for``), or the
        sale built in the favour step (the step ends first); False if there is nothing to play."""
        action = self.enter_for(widget)
        if action is not None:
            if action[0] == "reroll":
                self.take_dice_at(self.reroll, action[1:])
            self.act(action)
            return True
        sale = self.choices().action(self.sel)
        if self.phase == "favour" and sale is not None and (
                not isinstance(widget, VillageBoard) or widget.cursor == self.sel.village):
            self.pending = sale
            self.act(("end_favour",))
            return True
        return False

    # -- the builder's inputs -------------------------------------------------------------------------

    def on_village_board_pressed(self, event: VillageBoard.Pressed) -> None:
        if not self.decides_now() or self.press(event.widget):
            return
        vid = event.key
        if self.phase == "buy":
            self.refuse("now you buy from the row (enter on a card) or press e")
        elif self.choices().reachable(vid, self.sel.tucks.items()):
            self.sel = self.sel.at(vid)
        else:
            self.refuse(self.village_problem(vid), title=f"Not at {self.village_name(vid)}")

    def on_chip_bar_toggled(self, event: ChipBar.Toggled) -> None:
        bar = event.widget
        if bar.id == "ml-hand":
            self.tick_card(event.key)
        elif bar.id == "ml-dice":
            self.tick_die(int(event.key))
        elif bar.id == "ml-row":
            self.on_chip_bar_pressed(ChipBar.Pressed(bar, event.key))

    def on_chip_bar_pressed(self, event: ChipBar.Pressed) -> None:
        if not self.decides_now() or self.press(event.widget):
            return
        bar = event.widget
        if bar.id == "ml-row":
            self.buy(event.key)
        elif bar.id == "ml-dice" and self.phase == "favour":
            self.refuse("tick dice to reroll with space first, or build a sale")
        else:
            self.refuse(builder_hint(self.phase, self.sel))

    def tick_card(self, card: str) -> None:
        if not self.decides_now():
            return
        phase = self.phase
        if phase not in ("sell", "favour", "place"):
            self.refuse("cards are tucked only while selling, or placed with a Free Placement")
            return
        choices = self.choices()
        if not choices:
            self.refuse("no sale can be made now")
            return
        half = choices.next_half(self.sel, card)
        if half is None and card not in self.sel.tucks:
            self.refuse(self.card_problem(card), title=f"Cannot tuck {card}")
            return
        self.sel = self.sel.ticking(card, half, only=choices.placing)

    def tick_die(self, index: int) -> None:
        if not self.decides_now():
            return
        if self.phase != "favour":
            self.refuse("rerolls are only in your favour step, before your first sale")
            return
        _, where = self.my_dice()[index]
        if where != "unplaced":
            self.refuse("that die is not yours to roll now")
            return
        self.sel = self.sel.toggling_die(index)

    def action_turn(self, delta: int) -> None:
        if not self.decides_now():
            return
        bar = self.query_one("#ml-dice", ChipBar)
        if self.phase != "favour":
            self.refuse("dice are turned only in your favour step, before your first sale")
            return
        if bar.current is None:
            return
        slot = int(bar.current)
        value, where = self.my_dice()[slot]
        action = ("adjust", value, delta)
        if action in self.legal and where == "unplaced":
            self.take_dice_at([slot], [value])  # the die under the cursor is the one that turns
            self.act(action)
        elif where != "unplaced":
            self.refuse("that die is not yours to turn now")
        elif self.view is not None and self.seat is not None:
            self.refuse(f"turning a die costs 2 favour; you have {self.view['favour'][self.seat]}")

    def buy(self, card: str) -> None:
        action = ("buy", card)
        if action in self.legal:
            self.act(action)
        elif self.phase != "buy":
            self.refuse("cards are bought in the buying step, after everyone has sold")
        elif self.view is not None and self.seat is not None:
            self.refuse(f"a card costs 5 coins; you have {self.view['coins'][self.seat]}")

    def action_done(self) -> None:
        """End the step. Ending selling while a sale is still possible asks first: the favour
        step ends by itself once the last favour is spent, so an ``e`` meant for it would
        otherwise send every unsold die to the market (the next round's roll then bars undo)."""
        if not self.decides_now():
            return
        action = next((end for end in END_ACTIONS if end in self.legal), None)
        if action is None:
            return
        if action == ("end_selling",) and any(a[0] == "sell" for a in self.legal):
            def answered(yes: bool | None) -> None:
                if yes and self.turn is not None and action in self.legal:
                    self.act(action)

            self.app.push_screen(ConfirmScreen("Stop selling? A sale is still possible; your unsold dice go to the "
                                               "market.", yes="Stop selling", no="Keep selling"), answered)
            return
        self.act(action)

    def action_clear(self) -> None:
        self.sel = Selection()

    def action_others(self) -> None:
        if self.view is None:
            return
        players = self.view["players"]
        me = self.seat if self.seat is not None else 0
        others = [(me + k) % players for k in range(1, players)]
        current = others.index(self.shown_other) if self.shown_other in others else -1
        self.shown_other = others[(current + 1) % len(others)]
        self.show_villages()
        self.query_one(VillageBoard).move_to(f"P{self.shown_other}-V16")

    def action_menu(self) -> None:
        """Escape first clears the builder, then opens the menu."""
        if self.sel != Selection():
            self.action_clear()
        else:
            super().action_menu()

    def show_hint(self, action: Action, text: str) -> None:
        """Star the hint on the table and preview it under the row; the selection stays as the
        player left it (``a`` puts the hint in it)."""
        super().show_hint(action, text)
        self.hinted = action

    def action_adopt(self) -> None:
        """Put the hinted play in the builder, or the cursor on its row card or die, with the focus
        there (Enter, or + / -, then plays it); a hint to end the step is e's (the line says so)."""
        hinted = self.hinted
        if hinted is None:
            self.notify("No hint to take: h asks for one.", severity="warning")
        elif not self.decides_now():
            return
        elif hinted in END_ACTIONS:
            self.refuse("the hint ends this step: e does it")
        else:
            self.select(hinted)
            if hinted[0] in ("buy", "adjust"):
                self.query_one("#ml-row" if hinted[0] == "buy" else "#ml-dice", ChipBar).focus()
            elif self.sel.village in VINDEX:  # a sale or a placement: Enter on its village plays it
                owner = VINDEX[self.sel.village] // 3
                if owner not in (self.seat, self.shown_other):
                    self.shown_other = owner
                    self.show_villages()
                board = self.query_one(VillageBoard)
                board.move_to(self.sel.village)
                board.focus()

    # -- one selection for the builder and the plays list ------------------------------------------

    def follow_selection(self) -> None:
        """Highlight the builder's play in the plays list (none when it is not complete)."""
        actions = self.query_one(ActionList)
        if self.turn is None or not actions.actions or actions.has_focus:
            return
        action = self.selected_action()
        self._syncing = True
        try:
            if action in actions.actions:
                actions.highlighted = actions.actions.index(action)
        finally:
            self._syncing = False

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Moving through the plays list puts its sale, placement or reroll in the builder."""
        actions = self.query_one(ActionList)
        self.show_status()
        if event.option_list is not actions or not actions.has_focus or self.turn is None or self._syncing:
            return
        if event.option_index != actions.highlighted or event.option_index >= len(actions.actions):
            return
        self.select(actions.actions[event.option_index])
        self.refresh_board()

    def select(self, action: Action) -> None:
        """Put ``action`` in the builder: a sale's village and tucks, a placement, a reroll's
        dice (the lowest-index dice of each value, as the engine takes them), a row card."""
        kind = action[0]
        if kind == "sell":
            self.sel = Selection(action[1], dict(action[2]))
        elif kind == "place":
            self.sel = Selection(action[3], {action[1]: action[2]})
        elif kind == "reroll":
            self.sel = Selection(reroll=frozenset(self.rerolled_dice(action)))
        else:
            self.sel = Selection()
            if kind == "buy":
                self.query_one("#ml-row", ChipBar).move_to(action[1])
            elif kind == "adjust" and self.adjust_die(action) is not None:
                self.query_one("#ml-dice", ChipBar).move_to(str(self.adjust_die(action)))


SCREEN = MerchantLordScreen
