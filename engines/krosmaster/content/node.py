"""YAML nodes that remember their file and field, so every content error names file, line and
field (the loaders of :mod:`engines.krosmaster.content.loader` build on them)."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, TypeVar

import yaml

from engines.core import ContentError
from engines.core.i18n import LOCALES
from engines.krosmaster.geometry import Square, parse_label
from engines.krosmaster.names import Names, canonical

E = TypeVar("E", bound=enum.Enum)


class Node:
    """A YAML node plus where it came from, for error messages."""

    def __init__(self, node: yaml.Node, file: str, path: str) -> None:
        self.node, self.file, self.path = node, file, path

    def fail(self, problem: str) -> ContentError:
        line = self.node.start_mark.line + 1
        where = f"{self.file}:{line}: {self.path}"
        return ContentError(
            f"{where}: {problem}",
            key="krosmaster.error.content",
            params={"file": self.file, "line": line, "field": self.path, "problem": problem},
        )

    def mapping(
        self, allowed: set[str], required: frozenset[str] | set[str] = frozenset()
    ) -> dict[str, Node]:
        if not isinstance(self.node, yaml.MappingNode):
            raise self.fail("expected a mapping")
        out: dict[str, Node] = {}
        for key_node, value in self.node.value:
            key = str(key_node.value)
            child = Node(value, self.file, f"{self.path}.{key}" if self.path else key)
            if key not in allowed:
                raise Node(key_node, self.file, child.path).fail(
                    f"unknown field (allowed: {', '.join(sorted(allowed))})"
                )
            if key in out:
                raise child.fail("field given twice")
            out[key] = child
        missing = sorted(required - set(out))
        if missing:
            raise self.fail(f"missing field(s): {', '.join(missing)}")
        return out

    def items(self) -> list[Node]:
        if not isinstance(self.node, yaml.SequenceNode):
            raise self.fail("expected a list")
        return [Node(v, self.file, f"{self.path}[{i}]") for i, v in enumerate(self.node.value)]

    def scalar(self) -> Any:
        if not isinstance(self.node, yaml.ScalarNode):
            raise self.fail("expected a single value")
        return yaml.safe_load(yaml.serialize(self.node))

    def text(self) -> str:
        value = self.scalar()
        if not isinstance(value, str) or not value.strip():
            raise self.fail("expected non-empty text")
        return value.strip()

    def name(self) -> tuple[str, Names]:
        """A name: one text (``name: Tofu``) or one per locale (``name: {pt-BR: Golpe, it:
        Pugno}``). Returns the canonical name (en-US, else the first given) and the
        per-locale names, empty for a single text."""
        if not isinstance(self.node, yaml.MappingNode):
            return self.text(), ()
        fields = self.mapping(set(LOCALES))
        if not fields:
            raise self.fail(f"expected a name, or one per locale ({', '.join(LOCALES)})")
        names = tuple((locale, value.text()) for locale, value in fields.items())
        return canonical(names), names

    def integer(self, low: int = 0, high: int = 99) -> int:
        value = self.scalar()
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.fail(f"expected a whole number from {low} to {high}")
        return value

    def boolean(self) -> bool:
        value = self.scalar()
        if not isinstance(value, bool):
            raise self.fail("expected true or false")
        return value

    def choice(self, enum_type: type[E]) -> E:
        value = self.scalar()
        for member in enum_type:
            if member.value == value:
                return member
        names = ", ".join(str(m.value) for m in enum_type)
        raise self.fail(f"{value!r} is not one of: {names}")

    def square(self) -> Square:
        sq = parse_label(str(self.scalar()))
        if sq is None:
            raise self.fail("expected a square such as C5")
        return sq


def opt(fields: dict[str, Node], name: str, read: Callable[[Node], Any], default: Any) -> Any:
    """The optional field ``name`` read with ``read``, or ``default`` when it is absent."""
    return read(fields[name]) if name in fields else default
