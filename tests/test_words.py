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


def test_the_saves_list_names_seats_whole_or_in_their_stable_short_form():
    """The bug: the saves list cut names at any width ("AI 2 (nor…")."""
    from caravan_tui.screens.saves import SEATS_WIDTH, seats_words

    assert seats_words(["Ann", "AI 2 (normal)"], SEATS_WIDTH) == "Ann vs AI 2"
    assert seats_words(["Ann", "AI 2 (normal)"], SEATS_WIDTH + 40) == "Ann vs AI 2 (normal)"  # a wide screen
    assert seats_words(["Ann", "AI 2 (normal)", "AI 3 (hard)"], SEATS_WIDTH) == "Ann +2"


def test_the_hints_standing_is_measured_against_an_even_share_and_says_why_it_differs_from_the_score():
    """The bugs: "you are far behind" while leading 2–1–0 at a 3-player table (a third is an even
    share there), and "you are behind" at move 0 with nothing said about why."""
    from ai.explain import outlook
    from caravan_tui.screens.game import standing_note

    assert outlook(0.33, 3) == "an even game" and outlook(0.33, 2) == "you are behind"
    assert outlook(0.5, 2) == "an even game" and outlook(0.9, 2) == "you should win"
    assert standing_note("you are behind", [0, 0], 0) == (
        "You are level on points now; the AI reckons the rest of the game favours the others.")
    assert standing_note("you are far behind", [2, 1, 0], 0).startswith("You are ahead on points now")
    assert standing_note("you are ahead", [1, 3], 0).startswith("You are behind on points now")
    assert standing_note("you are behind", [1, 3], 0) is None and standing_note("an even game", [3, 1], 0) is None
