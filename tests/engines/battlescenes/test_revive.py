"""Reviver and Materializar (7.2, 4.4.2.1 A.1 ATENÇÃO): where the card comes from and where
the cards it loads come from — counted in that zone, never the card itself."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import PlayCard
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from engines.core import IllegalActionError
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Side, act, build, zone_id

X = "excentricidade"  # Umar V1 has Energia Inicial 5


def with_keywords(state: State, *words: str) -> State:
    return replace(
        state, defs={**state.defs, "umar_v1": replace(state.defs["umar_v1"], keywords=words)}
    )


def table(resources: int, deck: int = 6) -> State:
    return build(
        Side(deck=["protecao"] * deck, resources=["umar_v1"] + [X] * resources),
        Side(),
        phase=Phase.PREPARATION,
    )


def test_without_reviver_a_card_in_the_resources_cannot_enter() -> None:
    state = table(5)
    umar = zone_id(state, 0, "resources", "umar_v1")
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, PlayCard(umar))
    assert err.value.key == "battlescenes.error.not_in_hand"


def test_reviver_enters_from_the_resources_loading_the_other_resources() -> None:
    state = with_keywords(table(5), "reviver")
    umar = zone_id(state, 0, "resources", "umar_v1")
    others = tuple(c for c in state.players[0].resources if c != umar)
    state, _ = act(state, 0, PlayCard(umar))
    assert sorted(zones.in_scene(state, umar).loaded) == sorted(others)
    assert state.players[0].resources == ()


def test_reviver_does_not_count_itself_among_the_resources() -> None:
    # A.1: five cards needed besides Umar itself; four others are not enough, nothing moves.
    state = with_keywords(table(4), "reviver")
    umar = zone_id(state, 0, "resources", "umar_v1")
    before = state.players[0]
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, PlayCard(umar))
    assert err.value.key == "battlescenes.error.not_enough_resources"
    assert state.players[0] == before


def test_reviver_and_materializar_enter_from_the_resources_loading_the_deck() -> None:
    # A.1 ATENÇÃO: loading from another zone counts that zone — here the deck's top five.
    state = with_keywords(table(0), "reviver", "materializar")
    umar = zone_id(state, 0, "resources", "umar_v1")
    top = state.players[0].deck[:5]
    state, _ = act(state, 0, PlayCard(umar, materialize=True))
    assert zones.in_scene(state, umar).loaded == top
    assert umar not in state.players[0].resources and len(state.players[0].deck) == 1


def test_materializar_counts_the_deck_not_the_resources() -> None:
    state = with_keywords(table(9, deck=4), "reviver", "materializar")
    umar = zone_id(state, 0, "resources", "umar_v1")
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, PlayCard(umar, materialize=True))
    assert err.value.key == "battlescenes.error.not_enough_deck"
