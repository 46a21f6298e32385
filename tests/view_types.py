"""A view checked against the type its game declares (``Game.view_type``), value by value: what
the screens are type-checked against is what the engine sends, as built and as the SSH framing
(msgpack) delivers it."""
from __future__ import annotations

import collections.abc
import types
import typing
from functools import cache
from typing import Literal, Union, get_args, get_origin, get_type_hints

import msgpack


def packed(data):
    """As a session reads a view the hub sent (``ssh/framing.py``)."""
    return msgpack.unpackb(msgpack.packb(data, use_bin_type=True), raw=False, strict_map_key=False, use_list=True)


@cache
def hints_of(typed_dict) -> dict:
    return get_type_hints(typed_dict)


def problems(value, hint, where: str = "view") -> list[str]:
    """Where ``value`` is not of type ``hint`` (TypedDicts, lists, literals, unions, scalars);
    empty when it is. A bool is not an int here, as a reader of the type would not expect one."""
    if typing.is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, not a map"]
        hints = hints_of(hint)
        keys = set(value)
        found = [f"{where}: missing {key!r}" for key in sorted(hint.__required_keys__ - keys)]
        found += [f"{where}: undeclared {key!r}" for key in sorted(keys - set(hints))]
        for key in sorted(keys & set(hints)):
            found += problems(value[key], hints[key], f"{where}[{key!r}]")
        return found
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        options = [problems(value, arm, where) for arm in get_args(hint)]
        return [] if any(not found for found in options) else [f"{where}: {value!r} is not {hint}"]
    if origin is Literal:
        return [] if value in get_args(hint) else [f"{where}: {value!r} is not one of {get_args(hint)}"]
    if origin in (list, collections.abc.Sequence):
        kinds = list if origin is list else (list, tuple)
        if not isinstance(value, kinds):
            return [f"{where}: {type(value).__name__}, not a list"]
        (item,) = get_args(hint)
        return [p for i, v in enumerate(value) for p in problems(v, item, f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, not a map"]
        key_hint, value_hint = get_args(hint)
        return [p for k, v in value.items()
                for p in problems(k, key_hint, f"{where} key") + problems(v, value_hint, f"{where}[{k!r}]")]
    if hint is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    if hint is float:  # (an int is a float to the type checker, a bool is not)
        return [] if type(value) in (int, float) else [f"{where}: {value!r} is not float"]
    if hint in (int, str, bool):
        return [] if type(value) is hint else [f"{where}: {value!r} is not {hint.__name__}"]
    raise AssertionError(f"{where}: the checker does not know {hint}")
