"""Search-based seats: ISMCTS, difficulty levels, seat policies and the worker pool (DESIGN §4).

Pure Python: nothing here imports Textual.
"""
from .ismcts import SearchResult, search
from .levels import LEVELS, Level, get_level
from .policies import Policy, hint, make_policy
from .worker import AIWorker, AIWorkerError, Progress

__all__ = [
    "AIWorker", "AIWorkerError", "LEVELS", "Level", "Policy", "Progress", "SearchResult",
    "get_level", "hint", "make_policy", "search",
]
