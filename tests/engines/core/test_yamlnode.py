"""The shared YAML node: every content error names file, line and field."""

from __future__ import annotations

import enum

import pytest
import yaml

from engines.core import ContentError
from engines.core.yamlnode import ErrorStyle, Node

TEXT = """\
id: tofu
level: 3
colour: blue
spells:
  - name: Bite
    cost: 2
  - name: Jump
    cost: eleven
"""


class Colour(enum.Enum):
    BLUE = "blue"
    RED = "red"


def _root(text: str = TEXT, style: ErrorStyle | None = None) -> Node:
    node = yaml.compose(text)
    return Node.root(node, "figures/tofu.yaml", style) if style else Node.root(node, "t.yaml")


def test_fields_read_typed_values() -> None:
    f = _root().fields({"id", "level", "colour", "spells", "note"}, required={"id"})
    assert f.need("id", Node.text) == "tofu"
    assert f.need("level", lambda n: n.integer(1, 6)) == 3
    assert f.need("colour", lambda n: n.choice(Colour)) is Colour.BLUE
    assert f.get("note", Node.text, "-") == "-"
    assert [s.mapping()["name"].text() for s in f["spells"].items()] == ["Bite", "Jump"]


def test_a_bad_value_names_file_line_and_field() -> None:
    spells = _root().mapping()["spells"].items()
    with pytest.raises(ContentError) as err:
        spells[1].mapping()["cost"].integer(0, 9)
    assert str(err.value) == (
        "t.yaml:8: spells[1].cost: expected a whole number from 0 to 9, got 'eleven'"
    )
    assert err.value.key == "core.error.content"
    assert err.value.params == {"detail": str(err.value)}


def test_unknown_duplicate_and_missing_fields_are_refused_where_written() -> None:
    with pytest.raises(ContentError, match=r"t.yaml:3: colour: unknown field \(allowed: id, lev"):
        _root().mapping({"id", "level", "spells"})
    with pytest.raises(ContentError, match=r"t.yaml:3: spells\[0\]: duplicate key 'cost'"):
        _root("spells:\n  - cost: 1\n    cost: 2\n").mapping()["spells"].items()[0].mapping()
    with pytest.raises(ContentError, match=r"t.yaml:1: : missing fields 'hp', 'mp'"):
        _root().mapping(required={"hp", "mp", "id"})
    with pytest.raises(ContentError, match="missing field 'hp'"):
        _root().fields({"id", "level", "colour", "spells"}).need("hp", Node.text)


def test_a_game_style_gives_its_own_message_key_and_parameters() -> None:
    style = ErrorStyle("krosmaster.error.content", "problem", located=True)
    with pytest.raises(ContentError) as err:
        _root(style=style).mapping()["level"].boolean()
    assert err.value.key == "krosmaster.error.content"
    assert err.value.params == {
        "file": "figures/tofu.yaml",
        "line": 2,
        "field": "level",
        "problem": "expected true or false, got 3",
    }


class Square(Node):
    """A game's own reader: children keep the subclass."""

    def square(self) -> str:
        return self.text().upper()


def test_children_keep_a_game_subclass() -> None:
    root = Square.root(yaml.compose("at: [c5]"), "arena.yaml")
    assert root.mapping()["at"].items()[0].square() == "C5"
