"""Where a key that does nothing here does something: ctrl+o, met in Create a match, pressed in the
lobby or at a table, and t (a table's chat) pressed in the lobby did nothing and said nothing. At
a table, what its own keys say when they do nothing now is the table's (``GameScreen.on_key``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from textual.binding import Binding, BindingType
from textual.screen import Screen

from caravan_tui.screens.game import GameScreen
from caravan_tui.screens.match_form import MatchForm
from caravan_tui.screens.table_keys import TABLE_KEYS


def _at_a_table(stack: Sequence[Screen]) -> bool:
    return any(isinstance(screen, GameScreen) for screen in stack)


def _at_a_shared_table(stack: Sequence[Screen]) -> bool:
    return any(isinstance(screen, GameScreen) and screen.client.shared for screen in stack)


def _in_a_form(stack: Sequence[Screen]) -> bool:
    return isinstance(stack[-1], MatchForm)


#: (the keys of a place, which of their actions, the place in words, whether the screens open
#: are at that place already: there, the place's own keys say why they do nothing)
PLACES: tuple[tuple[Sequence[BindingType], frozenset[str], str, Callable[[Sequence[Screen]], bool]], ...] = (
    (MatchForm.BINDINGS, frozenset({"short"}), "in New match and in Create a match", _in_a_form),
    (TABLE_KEYS, frozenset({"chat"}), "at a table shared with people", _at_a_shared_table),
    (TABLE_KEYS, frozenset({"hint", "undo", "save", "full_log"}), "at a match's table", _at_a_table),
)


def works_elsewhere(key: str, stack: Sequence[Screen], shown: Callable[[Binding], str]) -> str | None:
    """What to say of ``key`` pressed where no binding of it acts, ``stack`` the screens open (the
    current last): the place it works, with what it does there as that place's footer says it
    (``shown``: the app's key display); None for a key no place in ``PLACES`` has, or one whose
    place is open."""
    for bindings, actions, place, there in PLACES:
        for binding in bindings:
            if not isinstance(binding, Binding) or binding.action not in actions:
                continue
            for one in Binding.make_bindings([binding]):
                if one.key == key:
                    return None if there(stack) else f"{shown(one)} ({one.description}) works {place}."
    return None
