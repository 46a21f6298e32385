"""A placement after which the rules lay our next turns (the others passed over) and those spend
our last camels: a hint warned "the placement suggested below leaves your caravan with no camel
in reserve: you would be skipped" above its own "leaves 2 camels", and the question after it said
the same before "Then the rules lay your next 2 turns for you": a newcomer could not tell which
was true. The turns laid come first, then what they leave.

The position: a 2-player match (seed 1909) played at random for 119 moves; Ann's camel ends her
placement with one open cell next to her head, then the rules lay her next turn (head NE, camel),
her last camel."""

from __future__ import annotations

import dataclasses

from test_caravanserai_kit import table_at

from caravan_tui.games.caravanserai.play_checks import hint_warning, question_before

from tables import recorded

CAMEL = ("camel",)
LAID = "the rules lay your next turn for you, the only move: head NE, camel"
OUT = "leaves your caravan with no camel in reserve"


def test_the_question_says_the_turns_laid_before_what_they_leave() -> None:
    state, _log = recorded("caravanserai", "caravanserai_laid_then_out_1909")
    asked = question_before(table_at(state), CAMEL)
    assert asked is not None
    question, must_answer_y = asked
    assert must_answer_y
    assert f"Then {LAID}. That {OUT}: your turns would then be skipped." in question, question
    assert f"This {OUT}" not in question


def test_the_hint_warns_of_the_turns_laid_before_what_they_leave() -> None:
    state, _log = recorded("caravanserai", "caravanserai_laid_then_out_1909")
    table = dataclasses.replace(table_at(state), hint_plan=(CAMEL,))
    assert hint_warning(table) == (
        f"Careful: after the placement suggested below {LAID}; that {OUT}: you would then be skipped."
    )
