"""Cards of the official Poderes Ocultos and Múltiplas Identidades decks (round 2, slice 1),
each played once as printed with the built-in cards (``starter()``): what a player notices
when its text or action works."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import Choose, Discard, UseAction
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from engines.core import IllegalActionError
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid, starter, zone_id

FILL = ["excentricidade"] * 6


def _versus(mine: list[Placed], theirs: list[Placed], **kwargs: object) -> State:
    deck = ["protecao"] * 6
    return build(Side(deck=deck, scene=mine), Side(scene=theirs), content=starter(), **kwargs)  # type: ignore[arg-type]


def _loaded(state: State, card: int) -> int:
    return len(zones.in_scene(state, card).loaded)


def test_cura_instantanea_discarded_may_load_onto_a_regeneracao_character() -> None:
    state = build(
        Side(
            hand=["cura_instantanea"],
            scene=[Placed("deadpool_v1", FILL[:3]), Placed("homem_areia_v1", FILL[:3])],
        ),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    cura = zone_id(state, 0, "hand", "cura_instantanea")
    deadpool = sid(state, "deadpool_v1")
    state, _ = act(state, 0, Discard(cura))
    # Only Deadpool has Regeneração: Homem-Areia is not offered.
    assert state.choice is not None and set(state.choice.options) == {str(deadpool), "skip"}
    state, _ = act(state, 0, Choose(str(deadpool)))
    assert zones.in_scene(state, deadpool).loaded[-1] == cura
    assert cura not in state.players[0].resources


def test_cura_instantanea_stays_in_the_resources_without_a_regeneracao_character() -> None:
    state = build(
        Side(hand=["cura_instantanea"], scene=[Placed("homem_areia_v1", FILL[:3])]),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    cura = zone_id(state, 0, "hand", "cura_instantanea")
    state, _ = act(state, 0, Discard(cura))
    assert state.choice is None and cura in state.players[0].resources


def test_deadpool_v2_loads_a_regeneracao_card_of_the_resources_to_use_his_action() -> None:
    def state_with(resources: list[str]) -> State:
        return build(
            Side(
                resources=resources,
                scene=[Placed("deadpool_v2", FILL[:4], stage=1)],
            ),
            Side(scene=[Placed("hulk_v1", FILL)]),
            content=starter(),
        )

    # No Regeneração card in the resources: the cost cannot be paid.
    state = state_with(["protecao", "excentricidade"])
    deadpool, hulk = sid(state, "deadpool_v2"), sid(state, "hulk_v1")
    with pytest.raises(IllegalActionError):
        act(state, 0, UseAction(deadpool, "Degenerado Regenerado", str(hulk)))
    # The Regeneração card is loaded, not the newer cards on top of it.
    state = state_with(["cura_instantanea", "protecao", "excentricidade"])
    deadpool, hulk = sid(state, "deadpool_v2"), sid(state, "hulk_v1")
    cura = zone_id(state, 0, "resources", "cura_instantanea")
    state, _ = act(state, 0, UseAction(deadpool, "Degenerado Regenerado", str(hulk)))
    assert zones.in_scene(state, deadpool).loaded[-1] == cura
    assert len(state.players[0].resources) == 2
    assert _loaded(state, hulk) == 5  # 1 penetrating: Escudo absorbs none
