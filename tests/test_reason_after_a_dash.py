"""A reason worded as a sentence of its own and put after a dash kept its capital: the review's
"Better: Sell … — You can no longer build on AI 2's map" and practice's "Sure? … Better: … —
Your …". After a dash it reads on in lower case; a name keeps its capital."""

from __future__ import annotations

from caravan_tui.ai.review import Judged
from caravan_tui.ai.review_text import reasoned
from caravan_tui.screens.practice import question
from caravan_tui.words import mid_sentence


def test_a_reason_after_a_dash_reads_on_in_lower_case():
    assert reasoned("Sell it", "You can no longer build there") == "Sell it — you can no longer build there"
    assert reasoned("A, then B", "Your map closes") == "A — your map closes; then B"
    assert reasoned("Sell it", "Bo builds first") == "Sell it — Bo builds first"  # (a name as spelt)
    assert mid_sentence("Youth") == "Youth"


def test_practices_question_reads_the_reason_on_after_its_dash():
    judged = Judged(
        turn=3,
        action=("pass",),
        played="Pass",
        played_reason="",
        best=("sell", 1),
        better="Sell AI 2's Right of Passage",
        better_reason="{p0} can no longer build on {p1:'s} map",
        before=0.6,
        after=0.1,
        seat=0,
        end=False,
    )
    asked = question("ahldarahd", 3, judged, ["Ann", "AI 2", "AI 3"])
    assert asked is not None and "Right of Passage — you can no longer build on AI 2's map." in asked, asked
