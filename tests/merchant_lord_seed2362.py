"""A newcomer's Merchant Lord match (2 players, the person in seat 0 against a normal AI) up to
the person's buy of round 10, at 8 table cards each: a hint called "Buy M17" "a winning line …
nothing left to chance", its line's turns of a die made on the round 11 roll its world had
guessed."""

from __future__ import annotations

SEED, OPTIONS = 2362, {"village_payout": "standard", "start_player": "random"}
#: the match's moves up to the person's buy of round 10
MOVES = [
    ('reroll', 4, 6), ('end_favour',), ('sell', 'P0-V25', ()), ('end_favour',), ('end_favour',),
    ('sell', 'P1-V34', ()), ('end_favour',), ('sell', 'P0-V34', ()), ('end_favour',), ('reroll', 4),
    ('end_favour',), ('sell', 'P1-V34', ()), ('sell', 'P1-V16', ()), ('buy', 'M21'), ('adjust', 4, 1),
    ('adjust', 2, 1), ('end_favour',), ('sell', 'P1-V34', (('M21', 'R'),)), ('end_favour',),
    ('sell', 'P0-V16', ()), ('buy', 'M19'), ('buy', 'M12'), ('adjust', 4, -1), ('adjust', 1, 1),
    ('end_favour',), ('sell', 'P0-V34', (('M12', 'R'),)), ('reroll', 6), ('reroll', 4, 6), ('reroll', 2, 4, 4),
    ('end_favour',), ('sell', 'P1-V16', (('M19', 'L'),)), ('buy', 'M22'), ('reroll', 2, 3), ('end_favour',),
    ('sell', 'P0-V25', ()), ('adjust', 1, -1), ('end_favour',), ('sell', 'P0-V16', (('M22', 'R'),)),
    ('buy', 'M27'), ('adjust', 4, 1), ('end_favour',), ('sell', 'P1-V34', ()), ('end_favour',),
    ('sell', 'P1-V25', (('M27', 'R'),)), ('buy', 'M05'), ('buy', 'M04'), ('reroll', 6), ('end_favour',),
    ('end_favour',), ('sell', 'P0-V25', (('M05', 'R'),)), ('end_favour',), ('sell', 'P0-V34', (('M01', 'R'),)),
    ('reroll', 3, 3), ('reroll', 6), ('reroll', 3), ('reroll', 3), ('reroll', 3, 5), ('end_favour',),
    ('sell', 'P1-V16', (('M04', 'R'),)), ('buy', 'M07'), ('buy', 'M03'), ('adjust', 6, 1),
    ('sell', 'P1-V34', (('M03', 'L'),)), ('adjust', 6, 1), ('end_favour',),
    ('sell', 'P0-V16', (('M07', 'R'),)), ('buy', 'M28'),
]  # fmt: skip
