"""Merchant Lord's pieces as text: dice (``3◆``), merchant halves (``4ΨFM``), cards, attached
merchants, gains, and the legend (``l``). Marks, brackets and words carry every meaning, so colour
is never the only cue."""

from __future__ import annotations

from rich.text import Text

from caravan_tui.engine import Action

from .cards import DIE, GOODS, HALF_INDEX, INDEX, ONE_TIME_WORDS, OPP, OWN

#: die value 1..6 -> its good's glyph and colour (silk, papyrus, gold, wheat, spices, porcelain)
GLYPHS = ("≈", "¶", "◆", "Ψ", "✱", "◎")
GOOD_COLOURS = ("#bb9af7", "#d8cfa8", "#e0af68", "#9ece6a", "#f7768e", "#7dcfff")
OWN_TOKENS = {"C1": "1¢", "C2": "2¢", "F5": "5f", "FM": "FM", "FC": "FC", "FP": "FP"}
OWN_WORDS = {"C1": "1 coin", "C2": "2 coins", "F5": "5 favour", **ONE_TIME_WORDS}
COIN_CODES = ("C1", "C2")
VILLAGE_NAMES = ("1-6", "2-5", "3-4")
#: marks (widgets.py draws them): ticked, usable, not usable now, chosen, changed, hint
TICK, USABLE, DIMMED, CHOSEN, CHANGED, HINT = "✓", "›", "·", "●", "*", "★"


def die_text(value: int, glyph: bool = True) -> Text:
    """``3◆``: the value, then its good's glyph, in the good's colour."""
    return Text(f"{value}{GLYPHS[value - 1] if glyph else ''}", style=f"bold {GOOD_COLOURS[value - 1]}")


def half_token(card: int, half: int) -> Text:
    """A merchant half: its stall die and what it pays the owner, ``4ΨFM``."""
    text = die_text(DIE[card][half])
    text.append(OWN_TOKENS[OWN[card][half]])
    return text


def card_face(card_id: str, ticked: str | None = None) -> Text:
    """A card with both halves, the ticked one in brackets: ``M05[1≈2¢]4ΨFM``."""
    card = INDEX[card_id]
    text = Text(card_id, style="bold")
    left, right = ticked == "L", ticked == "R"
    text.append("[" if left else " ")
    text.append_text(half_token(card, 0))
    text.append("]" if left else "[" if right else " ")
    text.append_text(half_token(card, 1))
    if right:
        text.append("]")
    return text


def card_words(card_id: str) -> str:
    """``M05: left 1≈ silk: seller 1¢, owner 2¢ · right 4Ψ wheat: seller 1¢, owner Free Merchant``: coins
    in one form on both sides ("seller 1¢, owner 2 coins" read as two kinds of money)."""
    card = INDEX[card_id]
    parts = []
    for half, side in enumerate(("left", "right")):
        die, own = DIE[card][half], OWN[card][half]
        parts.append(
            f"{side} {die}{GLYPHS[die - 1]} {GOODS[die - 1].lower()}: seller {OPP[card][half]}¢, "
            f"owner {OWN_TOKENS[own] if own in COIN_CODES else OWN_WORDS[own]}"
        )
    return f"{card_id}: " + " · ".join(parts)


def merchant_token(card_id: str, half: str) -> Text:
    """An attached merchant: its id, the chosen half and that half's stall, ``M01R:2¶``."""
    card = INDEX[card_id]
    text = Text(f"{card_id}{half}:", style="italic")
    text.append_text(die_text(DIE[card][HALF_INDEX[half]]))
    return text


def gain_words(coins: int, favour: int = 0) -> str:
    parts = ([f"{coins}¢"] if coins or not favour else []) + ([f"{favour} favour"] if favour else [])
    return " and ".join(parts)


def legend_text() -> Text:
    """The legend (``l``), lines of at most 27 cells: it fits the side panel at 80 columns. Its
    first screen (about 20 lines at 80×24) teaches the goods and every mark a die shows (a
    newcomer saw ``✓3◆``, ``·3`` and ``*2¶`` on the board long before scrolling to them)."""
    text = Text("")

    def heading(words: str) -> None:
        text.append(words + "\n", style="bold underline")

    def die_line(mark: str, words: str, value: int = 3) -> None:
        text.append(f" {mark}", style="bold")
        text.append_text(die_text(value))
        text.append(f" {words}\n")

    heading("Goods (die values)")
    for first in (1, 3, 5):
        for value in (first, first + 1):
            text.append(" ")
            text.append_text(die_text(value))
            text.append(f" {GOODS[value - 1]:<10}")
        text.rstrip()
        text.append("\n")
    heading("Dice and their marks")
    die_line(" ", "a die to roll or sell")
    # (a new die shows as "+", no "·": the legend's "·+" was nowhere on the table)
    text.append("  ·3 sold or at the market\n   + a new die: rolls next\n     round\n")
    die_line(TICK, "ticked to reroll")
    die_line(CHOSEN, "the sale's dice")
    die_line(HINT, "the hint's die")
    die_line(CHANGED, "new since your move")
    heading("Other marks")
    text.append(f" {USABLE} usable  {DIMMED} not now\n {CHOSEN} chosen  {TICK} ticked\n")
    text.append(f" {CHANGED} changed since your move\n {HINT} the hint\n ¢ coins · f favour\n")
    heading("Merchant cards")
    text.append(" M05 1≈2¢ 4ΨFM: left half\n stall 1, owner 2¢; right\n half stall 4, owner FM\n")
    text.append(" FM draw a card\n FC a die from next round\n")
    text.append(" FP place a card free\n [..] the half you ticked\n")
    heading("Villages")
    text.append(" 1-6 open 1≈ 6◎ M01R:2¶\n stalls, then merchants:\n card, half, its stall\n")
    text.append(" 1-6 open 1≈ 6◎ +2¶ when\n short of room: a merchant\n by its stall alone\n")
    text.append(" ✗Bot closed: Bot's dice\n")
    text.append(" pays 3¢/4¢ a sale pays:\n the seller 3¢ (another's\n village), the owner 4¢\n")
    heading("Keys")
    text.append(" tab: dice, villages, hand,\n row, plays · enter choose\n space tick · +/- turn die\n")
    text.append(" e done · c clear\n o others' villages (3+)")
    return text


def hinted_cards(action: Action) -> set[str]:
    if action[0] == "sell":
        return {c for c, _ in action[2]}
    if action[0] == "place":
        return {action[1]}
    return set()
