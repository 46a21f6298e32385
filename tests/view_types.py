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


@cache
def fits_type(hint):
    """A test of whether a value is of type ``hint``, made once per type: ``problems`` asks it
    first and words what is wrong only where it says no (a view holds thousands of values)."""
    if typing.is_typeddict(hint):
        required, fields = hint.__required_keys__, {key: fits_type(arm) for key, arm in hints_of(hint).items()}

        def typed_dict(value) -> bool:
            return (
                isinstance(value, dict)
                and required <= value.keys() <= fields.keys()
                and all(fields[key](item) for key, item in value.items())
            )

        return typed_dict
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        arms = [fits_type(arm) for arm in get_args(hint)]
        return lambda value: any(arm(value) for arm in arms)
    if origin is Literal:
        return get_args(hint).__contains__
    if origin in (list, collections.abc.Sequence):
        kinds = list if origin is list else (list, tuple)
        item = fits_type(get_args(hint)[0])
        return lambda value: isinstance(value, kinds) and all(map(item, value))
    if origin is dict:
        key, item = (fits_type(arm) for arm in get_args(hint))
        return lambda value: isinstance(value, dict) and all(key(k) and item(v) for k, v in value.items())
    if hint is float:  # (an int is a float to the type checker, a bool is not)
        return lambda value: type(value) in (int, float)
    if hint in (int, str, bool, type(None)):
        return lambda value: type(value) is hint
    raise AssertionError(f"the checker does not know {hint}")


def problems(value, hint, where: str = "view") -> list[str]:
    """Where ``value`` is not of type ``hint`` (TypedDicts, lists, literals, unions, scalars);
    empty when it is. A bool is not an int here, as a reader of the type would not expect one."""
    if fits_type(hint)(value):
        return []
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
        return [
            p
            for k, v in value.items()
            for p in problems(k, key_hint, f"{where} key") + problems(v, value_hint, f"{where}[{k!r}]")
        ]
    if hint is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    if hint is float:  # (an int is a float to the type checker, a bool is not)
        return [] if type(value) in (int, float) else [f"{where}: {value!r} is not float"]
    if hint in (int, str, bool):
        return [] if type(value) is hint else [f"{where}: {value!r} is not {hint.__name__}"]
    raise AssertionError(f"{where}: the checker does not know {hint}")
