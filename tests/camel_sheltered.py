"""Two short Camel Caravan matches (``TWO``: 2 players, seed 3087; ``THREE``: 3 players, seed
3097) up to a turn where the person, following the hint, moved a stolen good out from under
their camel: ``TWO[90]`` the paper, with 1 action left after it, and ``THREE[64]`` the gems, with
3; each lay on top at the turn's end and was stolen (the gems could have gone on to their city).
``THREE[98]`` moves the paper from under a camel to one its city's camel is chained to."""

from __future__ import annotations

TWO_SEED, TWO_PLAYERS, TWO_OPTIONS = 3087, 2, {"sixth_camel": False, "short_game": True}
THREE_SEED, THREE_PLAYERS, THREE_OPTIONS = 3097, 3, {"sixth_camel": False, "short_game": True}
TWO = [
    ('place', 0), ('place', 42), ('pickup', 42), ('place', 42), ('steal', 42, 1, 'meat'), ('place', 0),
    ('pickup', 0), ('place', 1), ('place', 48), ('pickup', 48), ('place', 35), ('place', 28), ('place', 6),
    ('pickup', 6), ('place', 39), ('pickup', 39), ('move_camel', 0, 37), ('pickup', 37),
    ('move_good', 42, 28, 'meat', 'under'), ('move_camel', 35, 29), ('move_camel', 1, 32),
    ('move_good', 39, 32, 'swords', 'top'), ('move_camel', 39, 25), ('move_camel', 42, 1),
    ('move_camel', 42, 30), ('move_good', 28, 29, 'meat', 'top'), ('move_camel', 28, 31),
    ('move_good', 29, 31, 'meat', 'top'), ('move_good', 32, 25, 'swords', 'top'), ('move_camel', 25, 9),
    ('pickup', 9), ('move_camel', 32, 2), ('move_good', 37, 30, 'salt', 'top'), ('move_camel', 37, 17),
    ('move_camel', 29, 24), ('move_good', 30, 17, 'salt', 'top'), ('move_good', 0, 2, 'hides', 'top'),
    ('move_camel', 0, 16), ('move_camel', 1, 23), ('move_good', 2, 23, 'hides', 'top'),
    ('move_camel', 30, 11), ('pickup', 11), ('move_camel', 31, 18), ('move_good', 11, 24, 'hides', 'top'),
    ('move_camel', 2, 24), ('steal', 24, 0, 'hides'), ('move_good', 24, 23, 'hides', 'under'),
    ('pickup', 11), ('move_camel', 24, 37), ('pickup', 37), ('move_camel', 17, 30), ('move_camel', 24, 11),
    ('steal', 11, 0, 'paper'), ('move_camel', 16, 10), ('move_camel', 11, 6), ('pickup', 6),
    ('move_camel', 18, 5), ('move_camel', 23, 18), ('move_good', 9, 18, 'swords', 'top'),
    ('move_camel', 10, 25), ('move_camel', 9, 24), ('move_camel', 5, 18), ('steal', 18, 1, 'swords'),
    ('move_camel', 30, 5), ('move_camel', 24, 9), ('pickup', 9), ('move_good', 11, 18, 'paper', 'under'),
    ('move_camel', 11, 24), ('move_camel', 5, 25), ('move_good', 18, 25, 'swords', 'under'),
    ('move_camel', 25, 5), ('move_good', 18, 24, 'paper', 'top'), ('move_camel', 18, 31),
    ('move_camel', 25, 38), ('end_turn',), ('move_camel', 18, 24), ('steal', 24, 1, 'paper'),
    ('move_camel', 5, 13), ('move_camel', 24, 39), ('pickup', 39), ('move_camel', 31, 37),
    ('move_good', 6, 13, 'cloth', 'top'), ('move_camel', 6, 30), ('move_good', 37, 30, 'gems', 'top'),
    ('move_camel', 37, 31), ('move_good', 39, 37, 'hides', 'top'), ('move_camel', 39, 30),
    ('move_camel', 38, 23), ('move_good', 30, 31, 'gems', 'top'), ('move_camel', 30, 38),
    ('move_good', 24, 38, 'paper', 'under'),
]  # fmt: skip
THREE = [
    ('place', 48), ('place', 42), ('pickup', 42), ('place', 6), ('pickup', 6), ('place', 5), ('pickup', 48),
    ('place', 0), ('pickup', 0), ('place', 41), ('place', 48), ('steal', 48, 2, 'gems'), ('place', 35),
    ('place', 42), ('pickup', 42), ('place', 4), ('place', 42), ('steal', 42, 1, 'paper'), ('pickup', 48),
    ('place', 37), ('pickup', 37), ('place', 31), ('move_camel', 35, 30), ('steal', 42, 0, 'meat'),
    ('place', 11), ('pickup', 11), ('move_good', 11, 4, 'hides', 'top'),
    ('move_good', 48, 41, 'ivory', 'top'), ('place', 43), ('move_camel', 48, 34),
    ('move_good', 41, 34, 'ivory', 'top'), ('move_camel', 42, 39), ('pickup', 39),
    ('move_good', 37, 31, 'meat', 'top'), ('pickup', 37), ('move_good', 6, 11, 'cloth', 'top'),
    ('move_camel', 5, 10), ('move_camel', 6, 9), ('move_good', 11, 10, 'cloth', 'top'),
    ('move_good', 42, 43, 'paper', 'under'), ('move_camel', 41, 44), ('move_camel', 42, 45),
    ('move_good', 43, 45, 'paper', 'top'), ('move_good', 37, 30, 'swords', 'top'), ('move_camel', 37, 32),
    ('move_good', 39, 31, 'meat', 'top'), ('move_camel', 39, 25), ('pickup', 11), ('move_camel', 9, 3),
    ('move_good', 11, 3, 'ivory', 'top'), ('move_camel', 3, 9), ('move_camel', 43, 10),
    ('steal', 10, 1, 'cloth'), ('move_camel', 44, 17), ('move_camel', 25, 9), ('pickup', 9),
    ('move_camel', 32, 41), ('steal', 9, 0, 'salt'), ('move_good', 4, 10, 'hides', 'top'),
    ('move_camel', 4, 17), ('move_camel', 45, 27), ('move_good', 34, 27, 'ivory', 'top'),
    ('move_camel', 34, 20), ('move_good', 27, 20, 'ivory', 'top'), ('move_good', 48, 41, 'gems', 'under'),
    ('pickup', 48), ('move_camel', 9, 47), ('move_camel', 31, 46), ('move_good', 9, 17, 'salt', 'under'),
    ('move_camel', 9, 48), ('steal', 48, 0, 'paper'), ('move_good', 10, 17, 'cloth', 'under'),
    ('move_camel', 27, 19), ('move_camel', 10, 18), ('move_good', 17, 18, 'cloth', 'top'),
    ('move_camel', 46, 20), ('steal', 20, 2, 'ivory'), ('move_camel', 47, 34), ('move_camel', 11, 47),
    ('move_good', 48, 47, 'paper', 'under'), ('move_camel', 17, 46), ('move_camel', 48, 45),
    ('move_camel', 19, 41), ('steal', 41, 0, 'gems'), ('move_camel', 20, 16), ('move_camel', 34, 47),
    ('steal', 47, 1, 'paper'), ('move_camel', 41, 13), ('move_camel', 45, 6), ('pickup', 6),
    ('move_camel', 46, 5), ('move_camel', 47, 9), ('move_good', 18, 16, 'cloth', 'top'),
    ('move_camel', 17, 34), ('move_camel', 18, 27), ('move_good', 41, 27, 'gems', 'under'),
    ('move_camel', 48, 46), ('move_camel', 13, 45), ('move_good', 47, 45, 'paper', 'under'),
]  # fmt: skip
