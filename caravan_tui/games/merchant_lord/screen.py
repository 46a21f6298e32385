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

from rich.text import Text
from textual.binding import Binding
from textual.widgets import OptionList

from caravan_tui.bus import Update
from caravan_tui.engine import Action
from caravan_tui.screens.game import GameScreen
from caravan_tui.widgets import ActionList

from .builder import reroll_action
from .faces import USABLE
from .reasons import builder_hint, card_problem, village_problem
from .table import PHASE_WORDS, MerchantLordTable
from .widgets import ChipBar, VillageBoard

END_ACTIONS = (("end_favour",), ("end_selling",), ("end_buying",), ("skip",))


class MerchantLordScreen(MerchantLordTable):
    BINDINGS = [
        Binding("e", "done", "Done", tooltip="End this step: favour, selling, buying or a free placement"),
        Binding("plus", "turn(1)", "+1", show=False, tooltip="Turn the die under the cursor up (2 favour)"),
        Binding("minus", "turn(-1)", "-1", show=False, tooltip="Turn the die under the cursor down (2 favour)"),
        Binding("c", "clear", "Clear", show=False, tooltip="Clear the chosen village and ticks"),
        Binding("o", "others", "Others", tooltip="Show the next opponent's villages"),
    ]
    PLAY_ONLY = GameScreen.PLAY_ONLY | {"done", "turn", "clear"}
    STATUS_LINES = 2  # a sale's words can be longer than 80 columns

    # -- what changed -----------------------------------------------------------------------------

    def show_update(self, update: Update) -> float:
        """Mark what changed before the board is drawn (once) for the new view."""
        self.note_changes(self.view, update.view)
        return super().show_update(update)

    def note_changes(self, previous: dict | None, view: dict) -> None:
        self._mover = previous["to_move"] if previous else None
        if previous is not None:
            new_round = view["round"] != previous["round"]
            for seat, (old, new) in enumerate(zip(previous["dice"], view["dice"])):
                for index, (value, where) in enumerate(new):
                    was = old[index] if index < len(old) else None
                    if was is None or was[0] != value or (new_round and where == "unplaced"):
                        self.changed_dice.add((seat, index))
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
        """What Enter plays at once for the focused widget: on the chosen village, in the hand or on
        the dice, the complete sale or placement (in the favour step: the ticked reroll; a sale
        then first ends the step, two plays: None); on a row card, buying it."""
        focused = self.focused
        if self.turn is None or not isinstance(focused, (ChipBar, VillageBoard)):
            return super().enter_action()
        if isinstance(focused, VillageBoard) and (self.phase == "buy" or focused.cursor != self.sel.village):
            return None
        if isinstance(focused, ChipBar) and focused.id == "ml-row":
            action = ("buy", focused.current)
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
        if phase == "favour" and self.choices().action(self.sel) is not None:
            return Text("enter: end the favour step and make this sale", style="bold")
        if (isinstance(focused, VillageBoard) and focused.cursor is not None and phase in ("sell", "favour", "place")
                and self.choices().reachable(focused.cursor, self.sel.tucks.items())):
            return Text(f"enter: choose {self.village_name(focused.cursor)} for the "
                            f"{'placement' if phase == 'place' else 'sale'}", style="bold")
        if isinstance(focused, ChipBar) and focused.id == "ml-dice" and phase == "favour":
            return Text("space: tick it to reroll · + or -: turn it", style="bold")
        if isinstance(focused, ChipBar) and focused.id == "ml-hand" and phase in ("sell", "favour", "place"):
            return Text("space: tuck this card's left or right half", style="bold")
        return Text(f"Your turn: {PHASE_WORDS.get(self.view['phase'], '')} · e: done", style="bold")

    def on_descendant_focus(self) -> None:
        self.show_status()

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
        if phase != "favour":
            self.reroll.clear()
        if (phase not in ("favour", "sell", "place")
                or not self.choices().reachable(self.sel.village, self.sel.tucks.items())):
            self.sel.clear()
        if self.view is not None and self.view["round"] != self._cursors_round:
            self._cursors_round = self.view["round"]
            self.reset_cursors()
        self.refresh_board()
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
        villages = self.query_one(VillageBoard)
        marks = self.village_marks()
        usable = [key for key in villages.keys if marks.get(key) == USABLE]
        villages.move_to(usable[0] if usable else f"P{self.seat}-V16")

    def act(self, action: Action) -> None:
        rolled = self.rerolled_dice(action) if action[0] == "reroll" else set()
        super().act(action)
        if self.turn is None:  # sent
            self._rolled = rolled  # marked in the next view even where a die shows its old value
            self.sel.clear()
            self.reroll.clear()
            self.hinted = None
            self.changed_dice.clear()
            self.changed_villages.clear()
            self.changed_row.clear()
            self.refresh_board()

    def village_problem(self, vid: str) -> str:
        assert self.world is not None and self.seat is not None  # asked only on our decision
        return village_problem(self.world, self.seat, self.phase, self.sel, vid)

    def card_problem(self, card: str) -> str:
        assert self.world is not None and self.seat is not None and self.view is not None  # our decision only
        return card_problem(self.world, self.seat, self.view, self.phase, self.sel, card)

    def refuse(self, reason: str, title: str = "Not possible") -> None:
        self.notify(self.sentence(reason), title=title, severity="warning")

    def confirm(self) -> bool:
        """Play the complete selection (a sale, a placement or the ticked reroll); False if there
        is none."""
        phase = self.phase
        action = self.choices().action(self.sel)
        if action is not None:
            if phase == "favour":
                self.pending = action
                self.act(("end_favour",))
            else:
                self.act(action)
            return True
        if phase == "favour" and self.reroll:
            self.act(reroll_action(self.my_dice()[i][0] for i in self.reroll))
            return True
        return False

    # -- the builder's inputs -------------------------------------------------------------------------

    def on_village_board_pressed(self, event: VillageBoard.Pressed) -> None:
        if not self.decides_now():
            return
        vid = event.key
        phase = self.phase
        if phase == "buy":
            self.refuse("now you buy from the row (enter on a card) or press e")
            return
        choices = self.choices()
        if self.sel.village == vid and choices.action(self.sel) is not None:
            self.confirm()
            return
        if choices.reachable(vid, self.sel.tucks.items()):
            self.sel.village = vid
            self.after_selection()
            return
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
        if not self.decides_now():
            return
        bar = event.widget
        if bar.id == "ml-row":
            self.buy(event.key)
            return
        if self.confirm():
            return
        phase = self.phase
        if bar.id == "ml-dice":
            if phase == "favour":
                self.refuse("tick dice to reroll with space first, or build a sale")
            else:
                self.refuse(builder_hint(self.phase, self.sel))
        else:
            self.refuse(builder_hint(self.phase, self.sel))

    def on_chip_bar_moved(self, event: ChipBar.Moved) -> None:
        self.show_builder()

    def on_village_board_moved(self, event: VillageBoard.Moved) -> None:
        self.show_builder()

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
        if choices.placing:
            self.sel.tucks = {} if half is None else {card: half}
        elif half is None:
            self.sel.tucks.pop(card, None)
        else:
            self.sel.tucks[card] = half
        self.after_selection()

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
        self.reroll ^= {index}
        self.after_selection()

    def action_turn(self, delta: int) -> None:
        if not self.decides_now():
            return
        bar = self.query_one("#ml-dice", ChipBar)
        if self.phase != "favour":
            self.refuse("dice are turned only in your favour step, before your first sale")
            return
        if bar.current is None:
            return
        value, where = self.my_dice()[int(bar.current)]
        action = ("adjust", value, delta)
        if action in self.legal:
            self.act(action)
        elif where != "unplaced":
            self.refuse("that die is not yours to turn now")
        elif self.view is not None:
            self.refuse(f"turning a die costs 2 favour; you have {self.view['favour'][self.seat]}")

    def buy(self, card: str) -> None:
        action = ("buy", card)
        if action in self.legal:
            self.act(action)
        elif self.phase != "buy":
            self.refuse("cards are bought in the buying step, after everyone has sold")
        elif self.view is not None:
            self.refuse(f"a card costs 5 coins; you have {self.view['coins'][self.seat]}")

    def action_done(self) -> None:
        if not self.decides_now():
            return
        for action in END_ACTIONS:
            if action in self.legal:
                self.act(action)
                return

    def action_clear(self) -> None:
        self.sel.clear()
        self.reroll.clear()
        self.after_selection()

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
        if self.sel.village is not None or self.sel.tucks or self.reroll:
            self.action_clear()
        else:
            super().action_menu()

    def show_hint(self, action: Action, text: str) -> None:
        """Star the hint on the table and put it in the builder (a sale, placement or reroll),
        so Enter plays it; nothing is played."""
        super().show_hint(action, text)
        self.hinted = action
        self.select(action)
        self.refresh_board()

    # -- one selection for the builder and the plays list ------------------------------------------

    def after_selection(self) -> None:
        self.refresh_board()
        self.follow_selection()

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
            self.sel.village, self.sel.tucks = action[1], dict(action[2])
        elif kind == "place":
            self.sel.village, self.sel.tucks = action[3], {action[1]: action[2]}
        elif kind == "reroll":
            self.sel.clear()
            self.reroll = self.rerolled_dice(action)
        else:
            self.sel.clear()
            self.reroll.clear()
            if kind == "buy":
                self.query_one("#ml-row", ChipBar).move_to(action[1])
            elif kind == "adjust" and self.adjust_die(action) is not None:
                self.query_one("#ml-dice", ChipBar).move_to(str(self.adjust_die(action)))


SCREEN = MerchantLordScreen
