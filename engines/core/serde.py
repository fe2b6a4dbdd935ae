"""Lossless JSON conversion of plain engine data (dataclasses, enums, containers).

Engine states, actions and views are plain dataclasses; this module turns them
into JSON-compatible values and back, driven by their type hints, so that every
game gets snapshots and action logs without writing (or pickling) anything.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import re
import types
import typing
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any, TypeVar, Union, cast, get_args, get_origin

T = TypeVar("T")

JSON = Any  # JSON-compatible value: None, bool, int, float, str, list, dict[str, JSON]


class SerdeError(ValueError):
    """Raised when a JSON value does not fit the expected type; names the path.

    ``path`` is where in the value it went wrong (``$.players[0].score``; empty when
    unknown), so a caller can say which field in the user's words (:func:`field_name`).
    """

    def __init__(self, message: str, path: str = "") -> None:
        super().__init__(message)
        self.path = path


def field_name(path: str) -> str:
    """A :class:`SerdeError` path as a user writes it: ``players.0.score``."""
    return re.sub(r"\[(\d+)\]", r".\1", path).removeprefix("$").removeprefix(".")


#: The deepest nesting :func:`loads` accepts: no action or adjustment needs more, and
#: deeper text would only exhaust the recursion of the parser or of :func:`from_json`.
MAX_DEPTH = 32


def loads(text: str) -> JSON:
    """Parse JSON text typed by a user; invalid or too deeply nested text raises
    :class:`SerdeError` with the parser's explanation."""
    if _depth(text) > MAX_DEPTH:
        raise SerdeError(f"nested more than {MAX_DEPTH} levels deep")
    try:
        return json.loads(text)
    except ValueError as exc:  # JSONDecodeError, or an integer too long to convert
        raise SerdeError(str(exc)) from None


def _depth(text: str) -> int:
    """The deepest bracket nesting of JSON text, brackets inside strings aside."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            escaped, in_string = (False, True) if escaped else (char == "\\", char != '"')
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def to_json(value: Any) -> JSON:
    """Convert a value made of dataclasses, enums and containers to JSON data."""
    cls = type(value)
    if cls in _PLAIN:  # the commonest cases first: a view or state is mostly these
        return value
    names = _field_names(cls)
    if names is not None:
        return {name: to_json(getattr(value, name)) for name in names}
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Mapping):
        return {_key_to_json(k): to_json(v) for k, v in value.items()}
    if isinstance(value, frozenset | set):
        return sorted((to_json(v) for v in value), key=_sort_key)
    if isinstance(value, list | tuple):
        return [to_json(v) for v in value]
    raise SerdeError(f"cannot convert {type(value).__name__} to JSON")


#: Types :func:`to_json` returns as they are (exactly these, not subclasses).
_PLAIN = frozenset({type(None), bool, int, float, str})


#: :func:`_field_names` by class.
_FIELD_NAMES: dict[type, tuple[str, ...] | None] = {}


def _field_names(cls: type) -> tuple[str, ...] | None:
    """The fields of a dataclass in order (``None`` for any other type), looked up
    once per class: :func:`to_json` converts thousands of them per view."""
    try:
        return _FIELD_NAMES[cls]
    except KeyError:
        pass
    names: tuple[str, ...] | None = None
    # A dataclass that is also a number, text or enum converts as one, as it always did.
    if dataclasses.is_dataclass(cls) and not issubclass(cls, int | float | str | enum.Enum):
        names = tuple(f.name for f in dataclasses.fields(cls))
    _FIELD_NAMES[cls] = names
    return names


def from_json(tp: Any, data: JSON, path: str = "$") -> Any:
    """Rebuild a value of type ``tp`` from JSON data produced by :func:`to_json`."""
    if type(tp) is type and _SELF_TYPED.get(tp) is type(data):  # the commonest: text, a number
        return data
    if tp is Any:
        return data
    if isinstance(tp, str):
        raise SerdeError(f"{path}: unresolved forward reference {tp!r}", path=path)
    origin = get_origin(tp)
    if origin is Union or origin is types.UnionType:
        return _from_union(tp, data, path)
    if origin is typing.Literal:
        if data not in get_args(tp):
            raise SerdeError(f"{path}: expected one of {get_args(tp)!r}, got {data!r}", path=path)
        return data
    if origin in (list, tuple, frozenset, set, dict) or origin is Mapping:
        return _from_container(tp, origin, data, path)
    if isinstance(tp, type):
        if issubclass(tp, enum.Enum):
            try:
                return tp(data)
            except ValueError:
                raise SerdeError(
                    f"{path}: {data!r} is not a valid {tp.__name__}", path=path
                ) from None
        if dataclasses.is_dataclass(tp):
            return _from_dataclass(tp, data, path)
        if tp is float and isinstance(data, int) and not isinstance(data, bool):
            return float(data)
        if tp in (bool, int, float, str):
            if not isinstance(data, tp) or (tp is int and isinstance(data, bool)):
                raise SerdeError(f"{path}: expected {tp.__name__}, got {data!r}", path=path)
            return data
        if tp is type(None):
            if data is not None:
                raise SerdeError(f"{path}: expected null, got {data!r}", path=path)
            return None
    raise SerdeError(f"{path}: unsupported type {tp!r}", path=path)


def _from_union(tp: Any, data: JSON, path: str) -> Any:
    args = get_args(tp)
    if data is None and type(None) in args:
        return None
    errors = []
    for arg in args:
        if arg is type(None):
            continue
        try:
            return from_json(arg, data, path)
        except SerdeError as exc:
            errors.append(str(exc))
    raise SerdeError("; ".join(errors) or f"{path}: no type matches {data!r}", path=path)


def _from_container(tp: Any, origin: Any, data: JSON, path: str) -> Any:
    args = get_args(tp)
    if origin in (dict, Mapping):
        if not isinstance(data, dict):
            raise SerdeError(f"{path}: expected an object, got {data!r}", path=path)
        key_tp, val_tp = args or (Any, Any)
        return {
            _key_from_json(key_tp, k, path): from_json(val_tp, v, f"{path}.{k}")
            for k, v in data.items()
        }
    if not isinstance(data, list):
        raise SerdeError(f"{path}: expected a list, got {data!r}", path=path)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_json(args[0], v, f"{path}[{i}]") for i, v in enumerate(data))
        if len(args) != len(data):
            raise SerdeError(f"{path}: expected {len(args)} items, got {len(data)}", path=path)
        return tuple(
            from_json(a, v, f"{path}[{i}]") for i, (a, v) in enumerate(zip(args, data, strict=True))
        )
    item_tp = args[0] if args else Any
    items = [from_json(item_tp, v, f"{path}[{i}]") for i, v in enumerate(data)]
    if origin is frozenset:
        return frozenset(items)
    if origin is set:
        return set(items)
    return items


def _from_dataclass(tp: type[T], data: JSON, path: str) -> T:
    if not isinstance(data, dict):
        raise SerdeError(f"{path}: expected an object for {tp.__name__}, got {data!r}", path=path)
    pool = _INTERNED.get(tp)
    if pool is not None:
        return cast(T, _interned(pool, tp, data, path))
    shared = _SHARED.get(tp)
    if shared is not None:
        # Built-in content read back from a state: the very object the pack holds
        # when the JSON is the same (compared in C, far cheaper than parsing it).
        name, table = shared
        key = data.get(name)
        for known, value in table.get(key, ()) if type(key) is str else ():
            if known == data:
                return cast(T, value)
    return _parse_dataclass(tp, data, path)


def _parse_dataclass(tp: type[T], data: dict[str, Any], path: str) -> T:
    """A new ``tp`` from its JSON object, each field parsed by its type hint."""
    fields, names = _plan(cast(type, tp))
    kwargs: dict[str, Any] = {}
    for name, hint, plain, required in fields:
        if name in data:
            value = data[name]
            # A plain field holding its plain type needs no conversion (nor a path).
            if plain is type(value):
                kwargs[name] = value
            else:
                kwargs[name] = from_json(hint, value, f"{path}.{name}")
        elif required:
            raise SerdeError(f"{path}: missing field {name!r}", path=f"{path}.{name}")
    if len(data) > len(kwargs):  # else every key was an init field
        unknown = set(data) - names
        if unknown:
            first = sorted(unknown)[0]
            raise SerdeError(
                f"{path}: unknown field(s) {', '.join(sorted(unknown))}", path=f"{path}.{first}"
            )
    return tp(**kwargs)


#: The pools of :func:`interned` classes: each value parsed, by its fields' values.
_INTERNED: dict[type, dict[tuple[Any, ...], Any]] = {}
#: A pool that grows past this many values (uploaded packs' cards over months) starts
#: afresh: interning saves memory, it never decides what a value is.
_POOL_LIMIT = 20_000

_C = TypeVar("_C", bound=type)


def interned(cls: _C) -> _C:
    """Class decorator: :func:`from_json` returns one shared object per distinct value
    of this frozen dataclass, whose fields all hold text, numbers or booleans (a Battle
    Scenes ``CardRef``). Every state read back from the database used to hold its own
    thousands of them, each one more object for the garbage collector's full passes to
    walk (docs/performance.md); equal values of an immutable class are
    interchangeable, so they may be one object."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen:
        raise TypeError(f"{cls.__name__}: only frozen dataclasses are interned")
    hints = typing.get_type_hints(cls)
    if any(hints[f.name] not in _SELF_TYPED for f in dataclasses.fields(cls)):
        raise TypeError(f"{cls.__name__}: only fields of text, numbers or booleans are interned")
    _INTERNED[cls] = {}
    return cls


def intern(value: T) -> T:
    """The one shared object equal to ``value`` (of an :func:`interned` class): what
    :func:`from_json` returns for its JSON, so values made by the rules (a match's
    cards at set-up) are shared as those read back are."""
    pool = _INTERNED[type(value)]
    fields, _ = _plan(type(value))
    key = tuple(getattr(value, name) for name, *_ in fields)
    if len(pool) >= _POOL_LIMIT:
        pool.clear()
    found: T = pool.setdefault(key, value)
    return found


def _interned(pool: dict[tuple[Any, ...], Any], tp: type, data: dict[str, Any], path: str) -> Any:
    """The pooled value equal to ``data``, parsed and pooled on first sight. Only JSON
    that parses as it is (each field given, of exactly its type) is pooled, so a
    ``true`` never finds the ``1`` that equals it."""
    fields, _ = _plan(tp)
    key = tuple(data.get(name) for name, *_ in fields)
    exact = len(data) == len(fields) and all(
        type(item) is plain for item, (_, _, plain, _) in zip(key, fields, strict=True)
    )
    found = pool.get(key) if exact else None
    if found is not None:
        return found
    value: Any = _parse_dataclass(tp, data, path)
    if exact:
        if len(pool) >= _POOL_LIMIT:
            pool.clear()
        pool[key] = value
    return value


#: What :func:`share` registered: by dataclass, the field naming an object and, by
#: that name, the objects with their JSON.
_SHARED: dict[type, tuple[str, dict[Any, list[tuple[JSON, Any]]]]] = {}


def share(values: Iterable[Any], name: str) -> None:
    """Make :func:`from_json` return these very objects (frozen dataclasses, each named
    by its field ``name``) for JSON equal to theirs, instead of new copies.

    States embed the built-in content they play with (Battle Scenes card definitions,
    Krosmaster figures and rewards): each state read back from the database used to
    get copies of it all, which cost the parse, the memory of every cached state and
    the garbage collector's walk over thousands of objects (docs/performance.md). A
    state made by ``new_match`` already holds the pack's own objects, so a state read
    back now holds exactly what it held when it was made. Only content nobody changes
    may be shared: a game's built-in packs, read once per process. JSON that differs
    in any way (an older card text in a long match) is parsed as before."""
    for value in values:
        tp = type(value)
        known = _SHARED.setdefault(tp, (name, {}))
        if known[0] != name:
            raise ValueError(f"{tp.__name__} is already shared by {known[0]!r}")
        entries = known[1].setdefault(getattr(value, name), [])
        data = to_json(value)
        if not any(json_value == data for json_value, _ in entries):
            entries.append((data, value))


#: Types whose JSON value is the value itself, by the one Python type it has then
#: (``int`` but not ``bool``, ``None`` for null): :func:`from_json` returns such data
#: as it is, exactly as its general path would.
_SELF_TYPED: dict[type, type] = {
    str: str,
    int: int,
    bool: bool,
    float: float,
    type(None): type(None),
}

#: A dataclass's init fields as (name, type hint, plain type or ``None``, required).
_Fields = tuple[tuple[str, Any, type | None, bool], ...]
#: :func:`_plan` by class.
_PLANS: dict[type, tuple[_Fields, frozenset[str]]] = {}


def _plan(tp: type) -> tuple[_Fields, frozenset[str]]:
    """A dataclass's init fields and all its field names: worked out once per class,
    not for every object parsed."""
    found = _PLANS.get(tp)
    if found is not None:
        return found
    hints = _hints(tp)
    every = dataclasses.fields(tp)
    fields = tuple(
        (
            f.name,
            hints[f.name],
            _SELF_TYPED.get(hints[f.name]) if type(hints[f.name]) is type else None,
            f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING,
        )
        for f in every
        if f.init
    )
    _PLANS[tp] = (fields, frozenset(f.name for f in every))
    return _PLANS[tp]


@cache
def _hints(tp: type) -> dict[str, Any]:
    return typing.get_type_hints(tp)


def _key_to_json(key: Any) -> str:
    if isinstance(key, enum.Enum):
        return str(key.value)
    if isinstance(key, bool) or not isinstance(key, int | str):
        raise SerdeError(f"unsupported mapping key {key!r}")
    return str(key)


def _key_from_json(tp: Any, key: str, path: str) -> Any:
    if tp is int:
        try:
            return int(key)
        except ValueError:
            raise SerdeError(f"{path}: key {key!r} is not an integer", path=path) from None
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        for member in tp:
            if str(member.value) == key:
                return member
        raise SerdeError(f"{path}: key {key!r} is not a valid {tp.__name__}", path=path)
    return key


def _sort_key(value: JSON) -> tuple[str, str]:
    return (type(value).__name__, repr(value))
