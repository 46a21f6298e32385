"""A decision's words too long for a review are cut between words, and where the move ended is
kept: a Caravanserai review's turning point read "… on (1,-4) as this piec…, then laid for AI 2:
End with a camel on (-2,0) …"."""

from __future__ import annotations

from caravan_tui.ai.review import MAX_TEXT, _Run


def test_a_long_decision_is_cut_at_a_word_and_keeps_its_end():
    run = _Run(1, 30, {})
    run.steps = [("step", index) for index in range(40)]
    run.said = [f"Use the red board good on (1,-{index}) as this piece" for index in range(40)]
    run.rest = "End with a camel on (-2,0): count 6, take back 6, caravan 10"
    words = run.position().words
    assert len(words) <= MAX_TEXT
    assert words.endswith(", then End with a camel on (-2,0): count 6, take back 6, caravan 10")
    assert "as this piece, …, then End with a camel" in words  # (whole steps, then where it ended)


def test_a_first_step_too_long_alone_is_cut_at_a_word():
    run = _Run(1, 30, {})
    run.steps = [("step", 0), ("step", 1)]
    run.said = [" ".join(["pieces"] * (MAX_TEXT // 6)), "one more"]
    words = run.position().words
    assert len(words) <= MAX_TEXT and words.endswith("pieces…")
