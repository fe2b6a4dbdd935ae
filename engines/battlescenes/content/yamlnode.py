"""A YAML mapping that knows its file and lines: content errors name file, line and field."""

from __future__ import annotations

from typing import Any, TypeVar

import yaml

from engines.core import ContentError

E = TypeVar("E")


class Node:
    """A YAML mapping with the line of each key, for errors that point at the field."""

    def __init__(self, file: str, node: yaml.Node, path: str) -> None:
        self.file, self.node, self.path = file, node, path

    def fail(self, field: str, problem: str, line: int | None = None) -> ContentError:
        where = f"{self.file}:{(line or self.node.start_mark.line) + 1}"
        detail = f"{where}: {self.path}.{field}: {problem}"
        return ContentError(detail, key="core.error.content", params={"detail": detail})

    def entries(self) -> dict[str, yaml.Node]:
        if not isinstance(self.node, yaml.MappingNode):
            raise self.fail("", "expected a mapping")
        return {str(k.value): v for k, v in self.node.value}

    def check_keys(self, allowed: set[str], required: set[str]) -> None:
        found = self.entries()
        for key, value in found.items():
            if key not in allowed:
                raise self.fail(
                    key,
                    f"unknown field (allowed: {', '.join(sorted(allowed))})",
                    value.start_mark.line,
                )
        for key in sorted(required - set(found)):
            raise self.fail(key, "missing required field")

    def raw(self, field: str) -> yaml.Node | None:
        return self.entries().get(field)

    def scalar(self, field: str, kind: type[E], default: E | None = None) -> E:
        node = self.raw(field)
        if node is None:
            if default is None:
                raise self.fail(field, "missing required field")
            return default
        value = yaml.safe_load(yaml.serialize(node))
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise self.fail(field, f"expected an integer, got {value!r}", node.start_mark.line)
        if kind is str and not isinstance(value, str):
            if isinstance(value, int | float) and not isinstance(value, bool):
                return kind(str(value))  # type: ignore[call-arg]
            raise self.fail(field, f"expected text, got {value!r}", node.start_mark.line)
        if kind is bool and not isinstance(value, bool):
            raise self.fail(field, f"expected true/false, got {value!r}", node.start_mark.line)
        return value  # type: ignore[no-any-return]

    def strings(self, field: str) -> tuple[str, ...]:
        node = self.raw(field)
        if node is None:
            return ()
        value = yaml.safe_load(yaml.serialize(node))
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(field, "expected a list of texts", node.start_mark.line)
        return tuple(value)

    def children(self, field: str) -> list[Node]:
        node = self.raw(field)
        if node is None:
            return []
        if not isinstance(node, yaml.SequenceNode):
            raise self.fail(field, "expected a list", node.start_mark.line)
        return [Node(self.file, n, f"{self.path}.{field}[{i}]") for i, n in enumerate(node.value)]

    def enum(self, field: str, tp: type[Any], default: Any = None) -> Any:
        value = self.scalar(field, str, None if default is None else str(default.value))
        try:
            return tp(value)
        except ValueError:
            allowed = ", ".join(m.value for m in tp)
            raise self.fail(field, f"{value!r} is not one of: {allowed}") from None
