"""YAML nodes that remember their file and line, read field by field.

The content loader reads packs through these so that every error names the
file, the line and the field (``heroes/paladin.yaml:48: abilities[3]…``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import yaml

from engines.core import ContentError

T = TypeVar("T")


class Node:
    """A YAML node with its file, so every error can say where it is."""

    def __init__(self, node: yaml.Node, file: str, path: str) -> None:
        self.node, self.file, self.path = node, file, path

    @property
    def line(self) -> int:
        """1-based line of the node in its file."""
        return int(self.node.start_mark.line) + 1

    def fail(self, what: str) -> ContentError:
        """A ContentError at this node."""
        where = f"{self.file}:{self.line}: {self.path}"
        return ContentError(
            f"{where}: {what}",
            key="dicethrone.error.content",
            params={"file": self.file, "line": self.line, "field": self.path, "detail": what},
        )

    def mapping(self) -> dict[str, Node]:
        """Children of a mapping node by key."""
        if not isinstance(self.node, yaml.MappingNode):
            raise self.fail("expected a mapping")
        out: dict[str, Node] = {}
        for key, value in self.node.value:
            name = str(key.value)
            if name in out:
                raise Node(key, self.file, self.path).fail(f"duplicate key {name!r}")
            out[name] = Node(value, self.file, f"{self.path}.{name}" if self.path else name)
        return out

    def items(self) -> list[Node]:
        """Children of a sequence node."""
        if not isinstance(self.node, yaml.SequenceNode):
            raise self.fail("expected a list")
        return [Node(v, self.file, f"{self.path}[{i}]") for i, v in enumerate(self.node.value)]

    def scalar(self) -> Any:
        """The Python value of a scalar node (int, bool, str, None)."""
        if not isinstance(self.node, yaml.ScalarNode):
            raise self.fail("expected a single value")
        return yaml.safe_load(yaml.serialize(self.node))

    def int(self, low: int = 0, high: int = 99) -> int:
        """An integer in ``low..high``."""
        value = self.scalar()
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.fail(f"expected a whole number {low}..{high}, got {value!r}")
        return value

    def str(self) -> str:
        """A non-empty string."""
        value = self.scalar()
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f"expected text, got {value!r}")
        return value

    def bool(self) -> bool:
        """A boolean."""
        value = self.scalar()
        if not isinstance(value, bool):
            raise self.fail(f"expected true or false, got {value!r}")
        return value


class Fields:
    """A mapping node read field by field; unknown fields are an error."""

    def __init__(self, node: Node, allowed: set[str]) -> None:
        self.node = node
        self.children = node.mapping()
        for name, child in self.children.items():
            if name not in allowed:
                raise child.fail(f"unknown field (allowed: {', '.join(sorted(allowed))})")

    def need(self, name: str, read: Callable[[Node], T]) -> T:
        """A required field."""
        if name not in self.children:
            raise self.node.fail(f"missing field {name!r}")
        return read(self.children[name])

    def get(self, name: str, read: Callable[[Node], T], default: T) -> T:
        """An optional field."""
        return read(self.children[name]) if name in self.children else default
