"""A deep copy of plain data — dataclass instances, lists, dicts, sets, tuples and scalars —
equal to ``copy.deepcopy``'s, made without its per-object ``__reduce_ex__`` round trip.

The simulator copies its game state for every request it checks on a copy, and the
reader hands every route its own copy of a question's reading; ``copy.deepcopy`` spends
most of that time in the generic protocol (``__reduce_ex__``, ``_reconstruct``) for objects
that are only a ``__dict__`` of lists, sets and strings. ``deep_copy(x)`` copies those
directly; any other object (one with ``__slots__``, its own ``__deepcopy__``, ``__reduce__``
or ``__setstate__``, a builtin it does not know) is handed to ``copy.deepcopy`` with the
same memo, so the result is always a deep copy. Objects reached twice are copied once
(the memo), as ``copy.deepcopy`` does. ``shared``: objects kept as they are (immutable
tokens a reading points at).
"""

from __future__ import annotations

import copy
import types
from typing import Any, Iterable

_ATOMS = frozenset({type(None), int, float, bool, complex, str, bytes, type, range, types.BuiltinFunctionType,
                    types.FunctionType, type(Ellipsis), type(NotImplemented)})
"""Types ``copy.deepcopy`` returns as they are."""

_PLAIN: dict[type, bool] = {}
"""Per class: whether its instances are copied as a plain ``__dict__`` (``_plain``)."""


def _plain(cls: type) -> bool:
    """Instances of ``cls`` are a ``__dict__`` only, copied by ``copy.deepcopy`` through
    ``object.__reduce_ex__`` (no ``__slots__``, no copy hooks of their own)."""
    got = _PLAIN.get(cls)
    if got is None:
        got = (cls.__reduce_ex__ is object.__reduce_ex__ and cls.__reduce__ is object.__reduce__
               and getattr(cls, "__getstate__", object.__getstate__) is object.__getstate__
               and not hasattr(cls, "__deepcopy__") and not hasattr(cls, "__setstate__")
               and not any("__slots__" in vars(k) for k in cls.__mro__[:-1])
               and cls.__new__ is object.__new__ and "__dict__" in dir(cls))
        _PLAIN[cls] = got
    return got


def deep_copy(x: Any, shared: Iterable[object] = ()) -> Any:
    """A deep copy of ``x`` (see the module docstring); ``shared`` objects are not copied."""
    memo: dict[int, Any] = {id(s): s for s in shared}
    return _copy(x, memo)


def _copy(x: Any, memo: dict[int, Any]) -> Any:
    cls = type(x)
    if cls in _ATOMS:
        return x
    got = memo.get(id(x), memo)
    if got is not memo:
        return got
    if cls is list:
        out: Any = []
        memo[id(x)] = out
        out.extend(_copy(v, memo) for v in x)
    elif cls is dict:
        out = {}
        memo[id(x)] = out
        for k, v in x.items():
            out[_copy(k, memo)] = _copy(v, memo)
    elif cls is set and all(type(v) in _ATOMS for v in x):
        out = memo[id(x)] = set(x)
    elif cls is tuple:
        items = [_copy(v, memo) for v in x]
        got = memo.get(id(x), memo)     # a tuple reached from inside itself (copy.deepcopy's rule)
        if got is not memo:
            return got
        out = x if all(a is b for a, b in zip(items, x)) else tuple(items)
        memo[id(x)] = out
    elif cls is frozenset and all(type(v) in _ATOMS for v in x):
        out = x     # immutable and holding only atoms: nothing in it can change
    elif _plain(cls):
        out = object.__new__(cls)
        memo[id(x)] = out
        out.__dict__.update({k: _copy(v, memo) for k, v in x.__dict__.items()})
    else:
        return copy.deepcopy(x, memo)
    _keep_alive(x, memo)
    return out


def _keep_alive(x: Any, memo: dict[int, Any]) -> None:
    """Keep ``x`` referenced for the memo's life, as ``copy.deepcopy`` does (an id may not be
    reused by a temporary object while the copy is made)."""
    try:
        memo[id(memo)].append(x)
    except KeyError:
        memo[id(memo)] = [x]


__all__ = ["deep_copy"]
