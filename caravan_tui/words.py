"""English the games' words share: a count with its noun, a noun with its article. No game's
terms here, only the grammar (a game's own words live in its folder)."""
from __future__ import annotations

VOWELS = "AEIOUaeiou"


def plural(k: int, word: str) -> str:
    """``1 city``, ``2 cities``, ``3 routes``."""
    if k == 1:
        return f"{k} {word}"
    if word.endswith("y") and word[-2:-1] not in VOWELS:
        return f"{k} {word[:-1]}ies"
    return f"{k} {word}s"


def with_article(word: str) -> str:
    """``a Salt``, ``an Incense`` (by the first letter: the games' words have no silent h)."""
    return f"{'an' if word[:1] in VOWELS else 'a'} {word}"
