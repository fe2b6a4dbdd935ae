"""Paths and matchers of scenario expectations (docs/scenarios.md).

A path walks JSON data (a state's or a view's): dotted parts are mapping keys or
list indices, and a part in brackets picks a list element by what it is rather
than where it is: ``units[Goultard].wounds``, ``scene[triton_v1].shield``,
``players[name=Bruno].health``. An expected value is compared as is, unless it is
a mapping whose keys all start with ``$``: a matcher (``{$len: 3}``,
``{$has: x}``, ``{$lacks: x}``, ``{$min: 2}``, ``{$max: 5}``, ``{$not: x}``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

#: A path's tokens: a bracketed selector, or a dotted part.
_TOKEN = re.compile(r"\[([^\]]*)\]|([^.\[\]]+)")

#: The fields a bare selector (``[x]``) compares with ``x``.
NAMING_FIELDS = ("id", "name", "title", "card", "figure", "hero", "key")

#: The matchers an expectation may use, and what each checks.
MATCHERS = ("$len", "$has", "$lacks", "$min", "$max", "$not")

#: What ``$len`` may measure.
_SIZED = (list, tuple, str, Mapping)


class PathError(ValueError):
    """A path that does not parse (an unclosed bracket, an empty part)."""


def tokens(path: str) -> list[tuple[str, str]]:
    """``("key", part)`` and ``("select", text)`` tokens of ``path``."""
    out: list[tuple[str, str]] = []
    position = 0
    text = path.strip()
    while position < len(text):
        if text[position] == ".":
            position += 1
            continue
        match = _TOKEN.match(text, position)
        if match is None or match.end() == position:
            raise PathError(f"cannot read the path {path!r} at {text[position:]!r}")
        if match.group(1) is not None:
            if not match.group(1).strip():
                raise PathError(f"an empty selector [] in {path!r}")
            out.append(("select", match.group(1).strip()))
        else:
            out.append(("key", match.group(2)))
        position = match.end()
    if not out:
        raise PathError("an empty path")
    return out


def lookup(data: Any, path: str) -> Any:
    """The value at ``path`` in ``data``; ``None`` where nothing is there."""
    for kind, part in tokens(path):
        if kind == "select":
            if not isinstance(data, list):
                return None
            data = next((item for item in data if selects(item, part)), None)
        elif isinstance(data, list) and part.lstrip("-").isdigit():
            index = int(part)
            data = data[index] if -len(data) <= index < len(data) else None
        elif isinstance(data, Mapping):
            data = data.get(part)
        else:
            return None
        if data is None:
            return None
    return data


def index_of(data: Any, path: str) -> int | None:
    """The list index of the element a path's last part picks (``cards[triton_v1]``:
    the number of the first card whose key is ``triton_v1``), or ``None``."""
    parts = tokens(path)
    kind, last = parts[-1]
    prefix = ".".join(f"[{p}]" if k == "select" else p for k, p in parts[:-1])
    container = lookup(data, prefix) if prefix else data
    if not isinstance(container, list):
        return None
    if kind == "key":
        return int(last) if last.isdigit() and int(last) < len(container) else None
    return next((i for i, item in enumerate(container) if selects(item, last)), None)


def selects(item: Any, selector: str) -> bool:
    """Whether a list element is the one ``selector`` names: ``field=value`` compares
    one field; a bare ``value`` compares the naming fields (:data:`NAMING_FIELDS`),
    a name given per language in any of its languages, and a plain element itself.
    Text compares without regard to case."""
    if "=" in selector:
        name, _, wanted = selector.partition("=")
        return isinstance(item, Mapping) and _same(item.get(name.strip()), wanted.strip())
    if not isinstance(item, Mapping):
        return _same(item, selector)
    return any(_same(item.get(name), selector) for name in NAMING_FIELDS)


def _same(value: Any, text: str) -> bool:
    if isinstance(value, Mapping):  # a name per language: {en-US: …, pt-BR: …}
        return any(_same(v, text) for v in value.values() if not isinstance(v, Mapping))
    if value is None or isinstance(value, list):
        return False
    if isinstance(value, bool):
        return str(value).lower() == text.lower()
    return str(value).casefold() == text.casefold()


def is_matcher(wanted: Any) -> bool:
    """Whether an expected value is a matcher rather than a literal."""
    return (
        isinstance(wanted, Mapping)
        and bool(wanted)
        and all(isinstance(k, str) and k.startswith("$") for k in wanted)
    )


def mismatch(actual: Any, wanted: Any) -> str | None:
    """Why ``actual`` does not meet ``wanted`` (a literal or a matcher), or ``None``."""
    if not is_matcher(wanted):
        return None if actual == wanted else f"expected {wanted!r}, got {actual!r}"
    problems = []
    for name, operand in wanted.items():
        problem = _matcher(name, actual, operand)
        if problem:
            problems.append(problem)
    return "; ".join(problems) or None


def _matcher(name: str, actual: Any, operand: Any) -> str | None:
    if name == "$len":
        if not isinstance(actual, _SIZED):
            return f"expected something with a length of {operand!r}, got {actual!r}"
        if is_matcher(operand):
            inner = mismatch(len(actual), operand)
            return None if inner is None else f"length: {inner}"
        return None if len(actual) == operand else f"expected {operand} items, got {len(actual)}"
    if name in ("$has", "$lacks"):
        wanted = operand if isinstance(operand, list) else [operand]
        found = [w for w in wanted if contains(actual, w)]
        if name == "$has":
            missing = [w for w in wanted if w not in found]
            return f"{missing!r} not in {actual!r}" if missing else None
        return f"{found!r} should not be in {actual!r}" if found else None
    if name in ("$min", "$max"):
        if not isinstance(actual, int | float) or isinstance(actual, bool):
            return f"expected a number, got {actual!r}"
        low = name == "$min"
        ok = actual >= operand if low else actual <= operand
        return (
            None if ok else f"expected {'at least' if low else 'at most'} {operand}, got {actual}"
        )
    if name == "$not":
        return None if mismatch(actual, operand) else f"expected anything but {operand!r}"
    return f"unknown matcher {name} (known: {', '.join(MATCHERS)})"


def contains(container: Any, wanted: Any) -> bool:
    """Membership: an element of a list equal to ``wanted`` (or, when ``wanted`` is a
    mapping, holding all its items; or a text, named by it as a selector), a key of a
    mapping, a part of a text."""
    if isinstance(container, str):
        return isinstance(wanted, str) and wanted in container
    if isinstance(container, Mapping):
        return wanted in container
    if not isinstance(container, Sequence):
        return False
    for item in container:
        if item == wanted:
            return True
        if isinstance(wanted, Mapping) and isinstance(item, Mapping):
            if all(item.get(k) == v for k, v in wanted.items()):
                return True
        elif isinstance(wanted, str) and isinstance(item, Mapping) and selects(item, wanted):
            return True
    return False
