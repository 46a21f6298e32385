"""The evaluation weights fitted to self-play (``tuned.json``, written by
``tools/ahldarahd_weights.py``, which names its matches and command) and the leaf evaluation
that uses them, for the levels that ask for it (``Level.tuned``)."""

from __future__ import annotations

import json
import math
from importlib.resources import files

from .evaluation import Weights, estimate
from .rules import AhldarahdState


def load(text: str) -> Weights:
    """The weights ``text`` (the JSON the tool writes) holds; ValueError saying what is wrong."""
    data = json.loads(text)
    weights = data.get("weights") if isinstance(data, dict) else None
    if not isinstance(weights, dict) or set(weights) != set(Weights._fields):
        raise ValueError(f"tuned weights need exactly these fields: {', '.join(Weights._fields)}")
    confidence = weights["confidence"]
    if not (isinstance(confidence, list) and len(confidence) == 5):
        raise ValueError("tuned weights: confidence must be a list of 5 numbers")
    values = [weights[name] for name in Weights._fields if name != "confidence"] + confidence
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) and v >= 0 for v in values):
        raise ValueError("tuned weights must be finite numbers of at least 0")
    if weights["claim_gold"] <= 0 or weights["route_gold"] <= 0 or weights["spread_end"] <= 0:
        raise ValueError("tuned weights: claim_gold, route_gold and spread_end must be above 0")
    return Weights(**{**weights, "confidence": tuple(confidence)})


TUNED = load(files(__package__).joinpath("tuned.json").read_text(encoding="utf-8"))


def tuned_estimate(state: AhldarahdState) -> list[float]:
    return estimate(state, TUNED)
