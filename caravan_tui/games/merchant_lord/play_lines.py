"""Merchant Lord's plays in the plays list: each on one line of the side column (``PLAY_WIDTH``
cells at 80 columns) where it fits, else two, so a turn's choices show together, about ten at
80×24 (a newcomer saw four, each wrapped onto two or three lines). The status line and the
builder's line say a play whole (``describe``) when it is highlighted or built."""

from __future__ import annotations

from rich.text import Text

from caravan_tui.engine import Action
from caravan_tui.safe_text import plain
from caravan_tui.widgets.wrapping import wrapped
from caravan_tui.words import plural

from .cards import HALF_INDEX, INDEX, reward_token
from .describe import sells_after
from .faces import VILLAGE_NAMES, half_token
from .sales import adjusted
from .table import MerchantLordTable
from .terms import ADJUST_COST, REROLL_COST, VINDEX

#: the plays list's text width at 80 columns: the side's 31, its frame, gutter and padding off
PLAY_WIDTH = 26


#: a seat's name in a play of one row ("Sell Bartholomew…'s 2-5: 2¢"), and the longer ones
#: tried, whole first, where the play takes two rows anyway ("Sell MarcoPoloTh…'s 2-5:" over
#: "  2¢" had room for more of the name)
ONE_ROW_NAME = 12
TWO_ROW_NAMES = (None, 21, 17, ONE_ROW_NAME)


def play_line(table: MerchantLordTable, action: Action) -> str:
    """``action`` in rows of at most ``PLAY_WIDTH`` cells: "Sell your 1-6 +M05L: 4¢+FM" in one,
    a longer one in two, its second set in, never cut ("Sell 3-4 +M10L +M29L: 2¢+…" hid the
    rewards, what a player compares the sales by)."""
    line = fitted_play(table, action, ONE_ROW_NAME)
    if len(line) <= PLAY_WIDTH:
        return line
    # (whose village, in two rows rather than one: "Sell 3-4 +M09L" between two "Sell your 3-4"
    # read as another player's village)
    for whose in (True, False):
        for name_width in TWO_ROW_NAMES:
            rows = wrapped(Text(fitted_play(table, action, name_width, whose)), PLAY_WIDTH, hang=2).plain.split("\n")
            if len(rows) <= 2:
                return "\n".join(rows)
    return rows[0] + "\n" + plain(" ".join(rows[1:]), PLAY_WIDTH)


def fitted_play(table: MerchantLordTable, action: Action, name_width: int | None, whose: bool = True) -> str:
    """``action`` on one line, another seat's name fitted to ``name_width`` cells; where it is
    too long for a row and not ``whose``, a village of ours without its "your"."""
    line = short_play(table, action, name_width)
    if len(line) > PLAY_WIDTH and " your " in line and not whose:
        line = line.replace(" your ", " ", 1)  # (a sale tucking two cards: the village's name alone)
    if len(line) > PLAY_WIDTH and line.startswith("Stop selling ("):
        line = line.replace("Stop selling (", "Stop (", 1)  # (one row, as every step's end)
    return line


def short_play(table: MerchantLordTable, action: Action, name_width: int | None) -> str:
    kind = action[0]
    if kind == "reroll":
        return f"Reroll {' '.join(map(str, action[1:]))} ({REROLL_COST}f)"
    if kind == "adjust":
        return f"Turn a {action[1]} into a {adjusted(action[1], action[2])} ({ADJUST_COST}f)"
    if kind == "end_favour":  # ("… sell" where no village fits the dice: the hint then said so)
        world = table.rules_state
        return "No more favour: " + ("sell" if world is None or sells_after(world, action) else "no sale")
    if kind == "end_selling":
        left = sum(where == "unplaced" for _, where in table.my_dice())
        # ("4 to market" beside a die showing 4 read as that die)
        return f"Stop selling ({plural(left, 'die')} to market)" if left else "Stop selling"
    if kind == "sell":
        return sale_line(table, action, name_width)
    if kind == "place":
        return f"Place {action[1]}{action[2]} at {village_label(table, VINDEX[action[3]], name_width)}"
    if kind == "skip":
        return "Skip the free placement"
    if kind == "buy":
        card = INDEX[action[1]]
        return f"Buy {action[1]} {half_token(card, 0).plain} {half_token(card, 1).plain}"
    if kind == "end_buying":
        return "Buy nothing more"
    return table.describe(action)


def sale_line(table: MerchantLordTable, action: Action, name_width: int | None) -> str:
    """ "Sell your 1-6 +M05L: 4¢+FM": where, the halves tucked, what you get."""
    v, world, seat = VINDEX[action[1]], table.rules_state, table.seat
    tucks = [(INDEX[c], HALF_INDEX[h]) for c, h in action[2]]
    line = f"Sell {village_label(table, v, name_width)}" + "".join(f" +{c}{h}" for c, h in action[2])
    if world is None or seat is None:
        return line
    coins, favour, _owner_coins, _owner_favour, _ = world.sale_paid(seat, v, tucks)
    fires = [reward_token(reward, lost) for reward, lost in world.sale_rewards(seat, v, tucks)]
    gain = "+".join([f"{coins}¢"] * bool(coins or not favour) + [f"{favour}f"] * bool(favour) + fires)
    return f"{line}: {gain}"


def village_label(table: MerchantLordTable, v: int, name_width: int | None) -> str:
    """ "your 1-6", "Bob's 2-5" (the name fitted to ``name_width`` cells)."""
    owner, name = v // 3, VILLAGE_NAMES[v % 3]
    return f"your {name}" if table.is_ours(owner) else f"{table.short_name(owner, name_width)}'s {name}"
