"""YAML nodes that remember their file, line and field, read field by field.

Every game's content loader reads its packs through :class:`Node`, so every content
error names the file, the line and the field (``heroes/paladin.yaml:48: abilities[3].name:
expected text``) as a :class:`ContentError` a player or pack author can act on.

A game chooses how its errors are worded to players with an :class:`ErrorStyle` (its
catalog key and parameters); the text is the same for every game. A game with readers of
its own (a square, a localised name) subclasses :class:`Node`: children keep the subclass.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import yaml

from engines.core.errors import ContentError

T = TypeVar("T")
E = TypeVar("E", bound=enum.Enum)
N = TypeVar("N", bound="Node")


def node_value(node: yaml.Node) -> Any:
    """The Python value of a composed node, built directly from it: the same value as
    ``yaml.safe_load(yaml.serialize(node))`` without writing YAML out and reading it back
    (which was most of the time spent loading a content pack)."""
    # A fresh constructor each time: it remembers every node it has built.
    return yaml.constructor.SafeConstructor().construct_object(node, deep=True)


@dataclass(frozen=True)
class ErrorStyle:
    """How a content error reaches a player: the catalog ``key`` and its parameters.

    ``located``: the key's text takes ``file``, ``line``, ``field`` and the problem as
    ``param`` (e.g. "Content error in {file}, line {line}, {field}: {detail}"); otherwise
    ``param`` is the whole "file:line: field: problem" text ("Invalid content: {detail}").
    """

    key: str = "core.error.content"
    param: str = "detail"
    located: bool = False


#: The core's wording ("Invalid content: …").
CORE_STYLE = ErrorStyle()


class Node:
    """A YAML node plus where it came from (file and field path), for errors."""

    def __init__(
        self, node: yaml.Node, file: str, path: str = "", style: ErrorStyle = CORE_STYLE
    ) -> None:
        self.node, self.file, self.path, self.style = node, file, path, style

    @classmethod
    def root(cls: type[N], node: yaml.Node, file: str, style: ErrorStyle = CORE_STYLE) -> N:
        """The top node of a file (its path is empty)."""
        return cls(node, file, "", style)

    def child(self: N, node: yaml.Node, path: str) -> N:
        """A node below this one, at ``path``, of the same class and style."""
        return type(self)(node, self.file, path, self.style)

    def below(self, name: str) -> str:
        """The path of the field ``name`` of this mapping."""
        return f"{self.path}.{name}" if self.path else name

    @property
    def line(self) -> int:
        """1-based line of the node in its file."""
        return int(self.node.start_mark.line) + 1

    def fail(self, problem: str) -> ContentError:
        """A ContentError at this node (raise it)."""
        where = f"{self.file}:{self.line}: {self.path}"
        text = f"{where}: {problem}"
        params: dict[str, object]
        if self.style.located:
            params = {
                "file": self.file,
                "line": self.line,
                "field": self.path,
                self.style.param: problem,
            }
        else:
            params = {self.style.param: text}
        return ContentError(text, key=self.style.key, params=params)

    # -- structure ------------------------------------------------------------

    def mapping(
        self: N, allowed: Iterable[str] | None = None, required: Iterable[str] = ()
    ) -> dict[str, N]:
        """Children of a mapping node by key. With ``allowed``, any other key is an
        error; every key of ``required`` must be there. A key given twice is an error."""
        if not isinstance(self.node, yaml.MappingNode):
            raise self.fail("expected a mapping")
        known = None if allowed is None else set(allowed)
        out: dict[str, N] = {}
        for key, value in self.node.value:
            name = str(key.value)
            if known is not None and name not in known:
                at_key = self.child(key, self.below(name))
                raise at_key.fail(f"unknown field (allowed: {', '.join(sorted(known))})")
            if name in out:  # named at the key's line, in the mapping holding it twice
                raise self.child(key, self.path).fail(f"duplicate key {name!r}")
            out[name] = self.child(value, self.below(name))
        missing = sorted(set(required) - set(out))
        if len(missing) == 1:
            raise self.fail(f"missing field {missing[0]!r}")
        if missing:
            raise self.fail(f"missing fields {', '.join(repr(m) for m in missing)}")
        return out

    def items(self: N) -> list[N]:
        """Children of a sequence node."""
        if not isinstance(self.node, yaml.SequenceNode):
            raise self.fail("expected a list")
        return [self.child(v, f"{self.path}[{i}]") for i, v in enumerate(self.node.value)]

    def fields(self: N, allowed: Iterable[str], required: Iterable[str] = ()) -> Fields[N]:
        """This mapping read field by field (see :class:`Fields`)."""
        return Fields(self, allowed, required)

    # -- values ---------------------------------------------------------------

    def scalar(self) -> Any:
        """The Python value of a scalar node (int, float, bool, str or None)."""
        if not isinstance(self.node, yaml.ScalarNode):
            raise self.fail("expected a single value")
        return node_value(self.node)

    def text(self, strip: bool = False) -> str:
        """A non-empty text (``strip``: without surrounding blanks)."""
        value = self.scalar()
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f"expected text, got {value!r}")
        return value.strip() if strip else value

    def integer(self, low: int = 0, high: int = 99) -> int:
        """A whole number from ``low`` to ``high``."""
        value = self.scalar()
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.fail(f"expected a whole number from {low} to {high}, got {value!r}")
        return value

    def boolean(self) -> bool:
        """``true`` or ``false``."""
        value = self.scalar()
        if not isinstance(value, bool):
            raise self.fail(f"expected true or false, got {value!r}")
        return value

    def choice(self, enum_type: type[E]) -> E:
        """A member of ``enum_type``, written as its value."""
        value = self.scalar()
        for member in enum_type:
            if member.value == value:
                return member
        names = ", ".join(str(m.value) for m in enum_type)
        raise self.fail(f"{value!r} is not one of: {names}")

    def texts(self) -> tuple[str, ...]:
        """A list of texts."""
        return tuple(item.text() for item in self.items())


class Fields(Generic[N]):
    """A mapping node read field by field: unknown fields and missing required ones
    are errors naming the field; optional ones have defaults."""

    def __init__(self, node: N, allowed: Iterable[str], required: Iterable[str] = ()) -> None:
        self.node = node
        self.children = node.mapping(allowed, required)

    def __contains__(self, name: object) -> bool:
        return name in self.children

    def __getitem__(self, name: str) -> N:
        return self.children[name]

    def need(self, name: str, read: Callable[[N], T]) -> T:
        """A required field, read with ``read``."""
        if name not in self.children:
            raise self.node.fail(f"missing field {name!r}")
        return read(self.children[name])

    def get(self, name: str, read: Callable[[N], T], default: T) -> T:
        """An optional field read with ``read``, or ``default`` when it is absent."""
        return read(self.children[name]) if name in self.children else default
