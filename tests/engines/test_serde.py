"""JSON conversion of engine data is lossless and names the broken path."""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines.core.serde import SerdeError, from_json, to_json


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True)
class Token:
    colour: Colour
    count: int = 1


@dataclass(frozen=True)
class Board:
    tokens: tuple[Token, ...]
    by_square: dict[int, list[str]]
    owners: dict[Colour, int | None]
    tags: frozenset[str] = frozenset()
    note: str | None = None
    pair: tuple[int, str] = (0, "")
    extra: dict[str, float] = field(default_factory=dict)


boards = st.builds(
    Board,
    tokens=st.lists(st.builds(Token, st.sampled_from(Colour), st.integers(-5, 99))).map(tuple),
    by_square=st.dictionaries(st.integers(-100, 100), st.lists(st.text(max_size=5), max_size=3)),
    owners=st.dictionaries(st.sampled_from(Colour), st.none() | st.integers(0, 3)),
    tags=st.frozensets(st.text(max_size=4), max_size=4),
    note=st.none() | st.text(max_size=10),
    pair=st.tuples(st.integers(), st.text(max_size=3)),
    extra=st.dictionaries(st.text(max_size=3), st.floats(allow_nan=False, allow_infinity=False)),
)


@given(boards)
def test_round_trip_through_json_text(board: Board) -> None:
    text = json.dumps(to_json(board))
    assert from_json(Board, json.loads(text)) == board


def test_errors_name_the_path() -> None:
    data = to_json(Board((Token(Colour.RED),), {}, {}))
    data["tokens"][0]["colour"] = "green"
    with pytest.raises(SerdeError, match=r"\$\.tokens\[0\]\.colour"):
        from_json(Board, data)


def test_unknown_and_missing_fields_are_refused() -> None:
    with pytest.raises(SerdeError, match="unknown field"):
        from_json(Token, {"colour": "red", "size": 3})
    with pytest.raises(SerdeError, match="missing field 'colour'"):
        from_json(Token, {"count": 3})


def test_bool_is_not_an_int() -> None:
    with pytest.raises(SerdeError):
        from_json(Token, {"colour": "red", "count": True})
