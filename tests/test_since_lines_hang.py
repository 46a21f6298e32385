"""What happened since a seat's last move, on the result and a Decktet Caravan hand's summary:
a line too long for one row goes on under its own text, not under its bullet ("• AI 2 was left
holding the Painter, …, the" / "Castle, the Betrayal." read as two things said)."""

from __future__ import annotations

from textual.app import App

from caravan_tui.screens.summary import MatchOverScreen
from caravan_tui.textual_adapter import screen_lines

from tables import wait_for

HELD = "AI 2 was left holding the Painter, the Mountain, the Sailor, the Castle, the Betrayal, the Bard."


async def test_a_wrapped_line_of_what_happened_goes_on_under_its_text():
    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(MatchOverScreen("AI 2 wins", "You: 3   AI 2: 9", None, since=["You passed.", HELD]))
        await wait_for(pilot, lambda: isinstance(app.screen, MatchOverScreen), "the result")
        await pilot.pause()
        rows = screen_lines(app.screen)
        first = next(index for index, row in enumerate(rows) if "• AI 2 was left holding" in row)
        bullet = rows[first].index("•")
        after = rows[first + 1]
        assert after[: bullet + 2].strip() == "" and after[bullet + 2] != " ", rows[first : first + 2]
        said = " ".join(row.strip() for row in rows[first : first + 2])
        assert said.startswith("• " + HELD[:40]) and said.endswith("the Bard.")
        assert any(row.strip() == "• You passed." for row in rows)
        assert any("Since your last move:" in row for row in rows)
