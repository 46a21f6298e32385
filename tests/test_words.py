"""The grammar the games' words share: counts and articles ("2 citys", "a Incense card" were
shown)."""
from caravan_tui.games.ahldarahd.describe import _thing
from caravan_tui.words import plural, with_article


def test_a_count_agrees_with_its_noun():
    assert [plural(k, "city") for k in (1, 2)] == ["1 city", "2 cities"]
    assert plural(3, "route") == "3 routes" and plural(2, "day") == "2 days"


def test_a_noun_takes_a_or_an_by_its_first_sound():
    assert with_article("Incense") == "an Incense" and with_article("Salt") == "a Salt"
    assert _thing("card", "Incense", 0) == "an Incense card"
