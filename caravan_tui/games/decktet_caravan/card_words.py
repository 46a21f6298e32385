"""Decktet cards and plays as the table writes them: rank, then suit symbols and letters in the
suit's colour (``6☀S∿Y``), so colour is never the only cue; and what beats the top play."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from rich.text import Text

from caravan_tui.engine import Action

from .cards import INDEX, NAMES, RANKS, SUIT_CODES, SUIT_NAMES, SUIT_SYMBOLS, SUITS, rank_label, suit_index
from .combos import move_of

#: Moons, Suns, Waves, Leaves, Wyrms, Knots: light enough to read on dark themes and in greys
#: (NO_COLOR); the symbol and letter carry the suit anyway.
SUIT_COLOURS = ("#7aa2f7", "#e0af68", "#7dcfff", "#9ece6a", "#f7768e", "#bb9af7")
PASS = ("pass",)


def card_of(token: str) -> int:
    """The card of an action token: ``"5ML"``, or a wild card standing in, ``"1M@4"``."""
    return INDEX[token.partition("@")[0]]


def cards_in(action: Action) -> frozenset[str]:
    return frozenset(token.partition("@")[0] for token in action[1:])


def suits_text(card: int, letters: bool = True) -> Text:
    text = Text()
    for i, code in enumerate(SUIT_CODES):
        if SUITS[card] >> i & 1:
            text.append(SUIT_SYMBOLS[i] + (code if letters else ""), style=f"bold {SUIT_COLOURS[i]}")
    return text


def short_name(card: int) -> str:
    name = NAMES[card]
    return name[4:] if name.startswith("the ") else name


@cache
def card_face(card_id: str) -> Text:
    """A hand chip: rank, name, suits — `` 5 Forest         ☾M♣L``. One text a card, made once
    (the hand's look is worked out at each arrow in the plays list): never changed in place."""
    card = INDEX[card_id]
    face = Text(f"{rank_label(card):>2} {short_name(card):<14} ")
    face.append_text(suits_text(card))
    return face


def glyphs(token: str, letters: bool = True) -> Text:
    """A card in play: rank and suits, ``6☀S∿Y``; a wild card with the rank it stands for,
    ``C♣L→9``. Without letters (piles): ``6☀∿``."""
    card_id, _, rank = token.partition("@")
    card = INDEX[card_id]
    text = Text(rank_label(card))
    text.append_text(suits_text(card, letters))
    if rank:
        text.append(f"→{rank}")
    return text


def card_token(card_id: str) -> Text:
    """A compact card for piles: rank and suit symbols, ``5☾♣``."""
    return glyphs(card_id, letters=False)


def play_tokens(action: Sequence[str]) -> list[Text]:
    return [glyphs(token) for token in action[1:]]


def play_words(action: Action) -> str:
    """A play as the screen writes it: ``Caravan 5☀S≈V 6☀S∿Y``, ``Bandit A☀S C☀S``."""
    if action == PASS:
        return "Pass"
    if action[0] not in ("caravan", "bandit"):
        raise ValueError(action)
    return f"{action[0].capitalize()} " + " ".join(glyphs(token).plain for token in action[1:])


def up_text(card_id: str, short: bool = False) -> Text:
    """An up card and what it does to scores: ``A≈V −1 per Waves card`` (short: ``per Waves``)."""
    card = INDEX[card_id]
    crown = RANKS[card] == 10
    text = glyphs(card_id)
    suit = SUIT_NAMES[suit_index(card)] + ("" if short else " card")
    text.append(f" {'+1' if crown else '−1'} per {suit}", style="#9ece6a" if crown else "#f7768e")
    return text


#: what beats a bandit of each category (rules §3): the next categories up
_BANDIT_BEATEN_BY = {
    1: "a Crown, or an Ace and a Crown",
    2: "an Ace and a Crown",
    3: "an Ace and the Crown of its suit",
}


#: what the season says of a bandit nothing beats (to the seats still to answer it)
UNBEATABLE = "Nothing beats it: pass."


def to_beat(action: Sequence[str]) -> str:
    """What the top play asks of the reply, in words."""
    if action[0] == "bandit":
        category = move_of(tuple(action))[4]
        if category not in _BANDIT_BEATEN_BY:
            return UNBEATABLE
        return f"To beat: {_BANDIT_BEATEN_BY[category]}."
    top = action[-1]
    height = int(top.partition("@")[2] or RANKS[card_of(top)])
    if height >= 9:  # no card stands above 9 (a Crown stands for 2 to 9)
        return "To beat: any bandit."
    cards = len(action) - 1
    if cards == 1:
        return f"To beat: 1 card above {height}, or any bandit."
    # (the top card above: "3 cards above 7" read as three cards each above 7)
    return f"To beat: {cards} cards, top above {height}, or any bandit."


def cards_words(action: Action) -> str:
    """The cards of an action, however ill-formed, as glyphs: ``4☾M☀S 4≈V♣L``."""
    return " ".join(
        glyphs(token).plain for token in action[1:] if isinstance(token, str) and token.partition("@")[0] in INDEX
    )
