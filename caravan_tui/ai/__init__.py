"""Search-based seats: ISMCTS, difficulty levels, seat policies and the worker pool (DESIGN §4).

Pure Python: nothing here imports Textual. Import the submodules directly (``ai.levels``,
``ai.policies``…): this package imports nothing itself, so ``caravan_tui.seats`` can use the
levels while the policies use the seats.
"""
