"""Where a key that does nothing here does something: ctrl+o, met in Create a match, pressed in the
lobby or at a table, and t (a table's chat) pressed in the lobby did nothing and said nothing."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from textual.binding import Binding, BindingType

from caravan_tui.screens.match_form import MatchForm
from caravan_tui.screens.table_keys import TABLE_KEYS

#: (the keys of a place, which of their actions, the place in words)
PLACES: tuple[tuple[Sequence[BindingType], frozenset[str], str], ...] = (
    (MatchForm.BINDINGS, frozenset({"short"}), "in New match and in Create a match"),
    (TABLE_KEYS, frozenset({"chat"}), "at a table shared with people"),
    (TABLE_KEYS, frozenset({"hint", "undo", "save", "full_log"}), "at a match's table"),
)


def works_elsewhere(key: str, shown: Callable[[Binding], str]) -> str | None:
    """What to say of ``key`` pressed where no binding of it acts: the place it works, with what
    it does there as that place's footer says it (``shown``: the app's key display); None for a
    key no place in ``PLACES`` has."""
    for bindings, actions, place in PLACES:
        for binding in bindings:
            if not isinstance(binding, Binding) or binding.action not in actions:
                continue
            for one in Binding.make_bindings([binding]):
                if one.key == key:
                    return f"{shown(one)} ({one.description}) works {place}."
    return None
