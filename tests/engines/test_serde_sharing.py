"""States read back from JSON share the built-in content and the small immutable
values they hold instead of getting their own copies (issue 12: the memory of every
cached state and the garbage collector's walk), and read back exactly as before."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from engines.battlescenes import ENGINE as BATTLESCENES
from engines.battlescenes.content.loader import builtin_pack
from engines.battlescenes.rules.state import CardRef
from engines.core import Seat, SeededDice, serde
from engines.core.serde import SerdeError, from_json, to_json
from engines.krosmaster import ENGINE as KROSMASTER
from engines.krosmaster.content.loader import builtin_pack as krosmaster_pack

SEATS = [Seat(0, "Alice"), Seat(1, "Bruno")]


def _read_back(engine: object, state: object) -> object:
    """The state as a load from the database gives it: through JSON text."""
    text = json.dumps(engine.state_to_json(state))  # type: ignore[attr-defined]
    return engine.state_from_json(json.loads(text))  # type: ignore[attr-defined]


def test_battle_scenes_states_read_back_hold_the_packs_own_card_definitions() -> None:
    state = BATTLESCENES.new_match({}, SEATS, None, SeededDice(b"s", 0))
    back = _read_back(BATTLESCENES, state)
    assert back == state
    pack = builtin_pack("starter")
    assert back.defs and all(d is pack.cards[key] for key, d in back.defs.items())
    # A match's cards and those of its loads are the very same objects.
    again = _read_back(BATTLESCENES, state)
    assert all(a is b is c for a, b, c in zip(state.cards, back.cards, again.cards, strict=True))
    assert len({id(card) for card in state.cards}) < len(state.cards)  # a deck's copies


def test_krosmaster_states_read_back_hold_the_packs_own_figures_and_arena() -> None:
    state = KROSMASTER.new_match({}, SEATS, None, SeededDice(b"s", 0))
    back = _read_back(KROSMASTER, state)
    assert back == state
    pack = krosmaster_pack()
    assert back.arena is pack.arenas[back.arena.id]
    assert all(f is pack.figures[key] for key, f in back.figures.items())


def test_content_that_differs_from_the_pack_is_read_as_stored() -> None:
    # A long match keeps the card text it started with, whatever the pack says now.
    state = BATTLESCENES.new_match({}, SEATS, None, SeededDice(b"s", 0))
    data = json.loads(json.dumps(BATTLESCENES.state_to_json(state)))
    key = next(iter(data["defs"]))
    data["defs"][key]["name"] = "Renamed Since"
    back = BATTLESCENES.state_from_json(data)
    assert back.defs[key].name == "Renamed Since"
    assert back.defs[key] is not builtin_pack("starter").cards[key]
    assert builtin_pack("starter").cards[key].name != "Renamed Since"


def test_interned_values_are_still_checked() -> None:
    first = from_json(CardRef, {"owner": 1, "key": "hulk_v3"})
    assert first is from_json(CardRef, {"owner": 1, "key": "hulk_v3"})
    assert first is not from_json(CardRef, {"owner": 0, "key": "hulk_v3"})
    # ``true`` equals 1 in Python, but it is no seat number: refused, not pooled.
    with pytest.raises(SerdeError, match="expected int"):
        from_json(CardRef, {"owner": True, "key": "hulk_v3"})
    with pytest.raises(SerdeError, match="unknown field"):
        from_json(CardRef, {"owner": 1, "key": "hulk_v3", "extra": 2})
    assert to_json(first) == {"owner": 1, "key": "hulk_v3"}


def test_only_frozen_dataclasses_of_plain_fields_are_interned() -> None:
    @dataclass
    class Loose:
        name: str

    @dataclass(frozen=True)
    class Nested:
        ref: CardRef

    with pytest.raises(TypeError, match="frozen"):
        serde.interned(Loose)
    with pytest.raises(TypeError, match="text, numbers"):
        serde.interned(Nested)
