"""Krosmaster's reader of content YAML: the core node (:mod:`engines.core.yamlnode`, every
error names file, line and field) plus what only Krosmaster content holds — squares
(``C5``) and names given once or per locale — worded with ``krosmaster.error.content``."""

from __future__ import annotations

import yaml

from engines.core.i18n import LOCALES
from engines.core.yamlnode import ErrorStyle, Fields
from engines.core.yamlnode import Node as CoreNode
from engines.krosmaster.geometry import Square, parse_label
from engines.krosmaster.names import Names, canonical

#: Content errors read "Content error in {file}, line {line}, {field}: {problem}".
STYLE = ErrorStyle("krosmaster.error.content", "problem", located=True)

__all__ = ["STYLE", "Fields", "Node"]


class Node(CoreNode):
    """A node of a Krosmaster content file (children keep this class and its style)."""

    def __init__(self, node: yaml.Node, file: str, path: str = "", style: ErrorStyle = STYLE):
        super().__init__(node, file, path, style)

    def text(self, strip: bool = True) -> str:
        """Non-empty text, without surrounding blanks: ids, names and card texts are
        matched as typed, so a stray space must not make a second id."""
        value = self.scalar()
        if not isinstance(value, str) or not value.strip():
            raise self.fail("expected non-empty text")
        return value.strip() if strip else value

    def name(self) -> tuple[str, Names]:
        """A name: one text (``name: Tofu``) or one per locale (``name: {pt-BR: Golpe, it:
        Pugno}``). Returns the canonical name (en-US, else the first given) and the
        per-locale names, empty for a single text."""
        if not isinstance(self.node, yaml.MappingNode):
            return self.text(), ()
        fields = self.mapping(LOCALES)
        if not fields:
            raise self.fail(f"expected a name, or one per locale ({', '.join(LOCALES)})")
        names = tuple((locale, value.text()) for locale, value in fields.items())
        return canonical(names), names

    def square(self) -> Square:
        """A square by its label (``C5``)."""
        sq = parse_label(str(self.scalar()))
        if sq is None:
            raise self.fail("expected a square such as C5")
        return sq
