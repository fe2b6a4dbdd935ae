"""Battle Scenes' readers on the core YAML node (:class:`engines.core.yamlnode.Node`).

A pack's mappings are read field by field by name — ``node.read("energy", int, 0)`` —
and every problem is a :class:`ContentError` saying ``<file>:<line>: <path>.<field>:
<problem>`` (the core node's wording, default style ``core.error.content``). A field that
is missing or wrong as a whole points at its mapping's line; a value of the wrong type at
the value's own line.
"""

from __future__ import annotations

from typing import Any, TypeVar

import yaml

from engines.core import ContentError
from engines.core.yamlnode import Node, node_value

E = TypeVar("E")


class PackNode(Node):
    """A YAML mapping of a Battle Scenes pack, read by field name."""

    def fail_at(self, field: str, problem: str, at: yaml.Node | None = None) -> ContentError:
        """A ContentError naming ``field`` of this mapping, at the line of ``at`` (a field's
        value) or else of the mapping itself (raise it)."""
        return self.child(at or self.node, f"{self.path}.{field}").fail(problem)

    def entries(self) -> dict[str, yaml.Node]:
        """The mapping's values by key (a later duplicate key wins, as YAML loaders do)."""
        if not isinstance(self.node, yaml.MappingNode):
            raise self.fail_at("", "expected a mapping")
        return {str(k.value): v for k, v in self.node.value}

    def check_keys(self, allowed: set[str], required: set[str]) -> None:
        """Fail on a key that is not ``allowed`` (at its value's line) or a ``required``
        one that is missing (the first in alphabetical order)."""
        found = self.entries()
        for key, value in found.items():
            if key not in allowed:
                problem = f"unknown field (allowed: {', '.join(sorted(allowed))})"
                raise self.fail_at(key, problem, value)
        for key in sorted(required - set(found)):
            raise self.fail_at(key, "missing required field")

    def raw(self, field: str) -> yaml.Node | None:
        """The YAML node of ``field``, or ``None`` when it is absent."""
        return self.entries().get(field)

    def read(self, field: str, kind: type[E], default: E | None = None) -> E:
        """``field`` as an int, a text (a number written bare is read as its text) or a
        boolean; required unless a ``default`` is given."""
        node = self.raw(field)
        if node is None:
            if default is None:
                raise self.fail_at(field, "missing required field")
            return default
        value = node_value(node)
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise self.fail_at(field, f"expected an integer, got {value!r}", node)
        if kind is str and not isinstance(value, str):
            if isinstance(value, int | float) and not isinstance(value, bool):
                return kind(str(value))  # type: ignore[call-arg]
            raise self.fail_at(field, f"expected text, got {value!r}", node)
        if kind is bool and not isinstance(value, bool):
            raise self.fail_at(field, f"expected true/false, got {value!r}", node)
        return value  # type: ignore[no-any-return]

    def strings(self, field: str) -> tuple[str, ...]:
        """``field`` as a list of texts (empty when absent)."""
        node = self.raw(field)
        if node is None:
            return ()
        value = node_value(node)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail_at(field, "expected a list of texts", node)
        return tuple(value)

    def children(self, field: str) -> list[PackNode]:
        """The mappings listed under ``field`` (none when absent)."""
        node = self.raw(field)
        if node is None:
            return []
        if not isinstance(node, yaml.SequenceNode):
            raise self.fail_at(field, "expected a list", node)
        return [self.child(n, f"{self.path}.{field}[{i}]") for i, n in enumerate(node.value)]

    def enum(self, field: str, tp: type[Any], default: Any = None) -> Any:
        """``field`` as a member of the enum ``tp``, written as its value."""
        value = self.read(field, str, None if default is None else str(default.value))
        try:
            return tp(value)
        except ValueError:
            allowed = ", ".join(m.value for m in tp)
            raise self.fail_at(field, f"{value!r} is not one of: {allowed}") from None
