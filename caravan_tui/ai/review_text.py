"""A review in words and a chart of characters: ``caravan-tui review --text`` prints it, and the
review screen shows the same chart and lines (one drawing, tested once).

The chart's scale is fixed (0 to 100% of a win chance; 0 to the game's top solo score), not
stretched to the data: a match that stayed between 48% and 52% looks level, as it was.
"""
from __future__ import annotations

from collections.abc import Sequence

from caravan_tui.engine import Measure, render

from .review import Judged, Review

#: eighths of a cell, from empty to full
BLOCKS = " ▁▂▃▄▅▆▇█"
PLURALS = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}


def columns(values: Sequence[float], width: int) -> list[float]:
    """``values`` fitted to at most ``width`` columns: each column the mean of the values it
    covers (a long match is squeezed, never cut)."""
    if len(values) <= width:
        return list(values)
    out = []
    for column in range(width):
        start, end = column * len(values) // width, (column + 1) * len(values) // width
        part = values[start:max(end, start + 1)]
        out.append(sum(part) / len(part))
    return out


def chart_rows(values: Sequence[float], top: float, width: int = 60, height: int = 6) -> list[str]:
    """A bar chart of ``values`` (from 0 to ``top``) as ``height`` rows of at most ``width``
    characters, the top row first, each bar drawn in eighths of a cell."""
    fitted = columns(values, width)
    rows = []
    for row in range(height - 1, -1, -1):
        line = []
        for value in fitted:
            eighths = round(max(0.0, min(1.0, value / top)) * height * 8) - row * 8
            line.append(BLOCKS[max(0, min(8, eighths))])
        rows.append("".join(line))
    return rows


def amount(measure: Measure, value: float) -> str:
    """A value in a game's measure, as people read it: "58%", "38.5 pieces"."""
    digits = 0 if measure.unit == "%" else 1
    return f"{value:.{digits}f}{measure.unit}"


def loss_words(measure: Measure, value: float) -> str:
    """A cost in a game's measure: a win chance loses "points" ("16 points"), a length pieces."""
    return f"{value:.0f} points" if measure.unit == "%" else amount(measure, value)


def chart_text(review: Review, width: int = 60, height: int = 6) -> list[str]:
    """The chart with its scale written beside it, then what it shows."""
    measure = review.measure
    top = measure.scale
    rows = chart_rows(review.chart(), top, width, height)
    label = len(amount(review.measure, top))
    out = []
    for index, row in enumerate(rows):
        mark = amount(review.measure, top) if index == 0 else amount(review.measure, 0) if index == height - 1 else ""
        out.append(f"{mark:>{label}} │{row}")
    out.append(f"{'':>{label}} └{'─' * min(width, len(review.chart()))}")
    out.append(f"{'':>{label}}  your {measure.name} before each decision, then the end")
    return out


def words(review: Review, text: str, names: Sequence[str]) -> str:
    """A game's words for the reviewed seat, its seat fields filled in ("you" for that seat)."""
    try:
        return render(text, names, review.seat)
    except (IndexError, KeyError, ValueError):  # a kept review's words name seats the match has not
        return text


def verdict(review: Review, judged: Judged) -> str:
    """"a blunder: 62% → 31% (−31%)", or "best" for a move that cost nothing worth a grade."""
    before, after = judged.before * review.measure.scale, judged.after * review.measure.scale
    grade = review.grade(judged)
    if not grade:
        return f"{'best' if judged.action == judged.best else 'fine'}: {amount(review.measure, before)}"
    article = "an" if grade[0] in "aeiou" else "a"
    lost = loss_words(review.measure, before - after)
    return f"{article} {grade}: {amount(review.measure, before)} → {amount(review.measure, after)} (−{lost})"


def turning_point_lines(review: Review, judged: Judged, names: Sequence[str]) -> list[str]:
    """A turning point in three lines: the move and what it cost, then the better move and why,
    then why the move made looked good."""
    played = words(review, judged.played, names)
    better = words(review, judged.better, names)
    why = f" — {words(review, judged.better_reason, names)}" if judged.better_reason else ""
    lines = [f"Move {judged.turn + 1}: you played {played} — {verdict(review, judged)}", f"  Better: {better}{why}"]
    if judged.played_reason:
        lines.append(f"  Yours: {words(review, judged.played_reason, names)}")
    return lines


def summary_line(review: Review) -> str:
    """How the seat's decisions went, in one line."""
    counts = review.counts()
    graded = ", ".join(f"{count} {grade if count == 1 else PLURALS[grade]}" for grade, count in counts.items())
    cost = loss_words(review.measure, review.total_cost())
    return f"{len(review.decisions)} decisions: {graded}; together they cost {cost} of {review.measure.name}"


def review_lines(review: Review, names: Sequence[str], title: str, width: int = 60) -> list[str]:
    """The whole review as text: the chart, the turning points, then every decision."""
    seat_name = names[review.seat] if review.seat < len(names) else f"seat {review.seat + 1}"
    lines = [f"Review of {review.match_id} ({title}) for {seat_name}, seat {review.seat + 1}: "
             f"{review.iterations} iterations a decision", "", *chart_text(review, width), "", summary_line(review), ""]
    points = review.turning_points()
    heading = f"Where your {review.measure.name} was lost" if review.players == 1 else "Turning points"
    lines.append(f"{heading}:" if points else f"{heading}: none; no decision cost enough to grade")
    for judged in points:
        lines += turning_point_lines(review, judged, names)
    lines += ["", "Every decision:"]
    for judged in review.decisions:
        lines.append(f"  {judged.turn + 1:>4}. {words(review, judged.played, names)} — {verdict(review, judged)}")
    return lines
