"""``calibration.Calibration``: a table of figures shown and the shares of seats shown them that
won, read between its buckets; Caravans of Ahldarahd's chances and Caravanserai's plan values
are said through one."""

from __future__ import annotations

import pytest

from caravan_tui.calibration import Calibration
from caravan_tui.games.ahldarahd.calibration import calibrated
from caravan_tui.games.caravanserai.calibration import line_won


def test_a_calibration_reads_between_its_buckets_and_holds_its_ends() -> None:
    table = Calibration((0.0, 0.45, 1.0), (0.0, 0.25, 1.0))
    assert table(0.45) == pytest.approx(0.25)
    assert table(0.225) == pytest.approx(0.125)
    assert (table(-0.2), table(0.0), table(1.0), table(1.7)) == (0.0, 0.0, 1.0, 1.0)


@pytest.mark.parametrize(
    ("shown", "won"),
    [
        ((0.0, 0.5), (0.0, 0.5)),  # (no figure above a half)
        ((0.0, 0.6, 0.4, 1.0), (0.0, 0.3, 0.5, 1.0)),  # (buckets out of order)
        ((0.0, 0.5, 1.0), (0.0, 0.6, 0.5)),  # (a higher figure won less)
        ((0.0, 1.0), (0.0, 0.5, 1.0)),
    ],
)
def test_a_table_that_does_not_keep_the_figures_order_is_refused(shown, won) -> None:
    with pytest.raises(ValueError, match="calibration"):
        Calibration(shown, won)


@pytest.mark.parametrize("table", [calibrated, line_won])
def test_each_games_table_keeps_the_order_of_what_it_maps(table) -> None:
    shares = [table(step / 100) for step in range(101)]
    assert shares == sorted(shares) and shares[0] == 0.0 and shares[-1] == 1.0
