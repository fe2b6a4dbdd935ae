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


def test_arsenal_hidra_pays_a_hidra_characters_unload_cost_with_its_own_cards() -> None:
    state = _versus(
        [
            Placed("soldado_hidra_v1", ["excentricidade"], stage=2),
            Placed("arsenal_hidra_v1", FILL[:2]),
        ],
        [Placed("hulk_v1", FILL)],
    )
    soldado, arsenal = sid(state, "soldado_hidra_v1"), sid(state, "arsenal_hidra_v1")
    hulk = sid(state, "hulk_v1")
    kept = zones.in_scene(state, soldado).loaded[0]
    paid = zones.in_scene(state, arsenal).loaded[0]
    state, _ = act(state, 0, UseAction(soldado, "Tática Suicida", str(hulk), pay=str(paid)))
    # The Arsenal's card went to the resources; the Soldado keeps his only card.
    assert zones.in_scene(state, soldado).loaded == (kept,)
    assert _loaded(state, arsenal) == 1 and paid in state.players[0].resources
    assert _loaded(state, hulk) == 5


def test_arsenal_hidra_pays_an_unload_self_cost_only_for_a_hidra_character() -> None:
    def state_with(user: str) -> State:
        return build(
            Side(
                resources=["protecao"],
                scene=[
                    Placed(user, ["pegar_de_surpresa_v1", "excentricidade"], stage=2),
                    Placed("arsenal_hidra_v1", FILL[:2]),
                ],
            ),
            Side(scene=[Placed("hulk_v1", FILL)]),
            content=starter(),
        )

    # Deadpool V1 has no H.I.D.R.A. affiliation: the Arsenal cannot pay for him.
    state = state_with("deadpool_v1")
    deadpool, arsenal = sid(state, "deadpool_v1"), sid(state, "arsenal_hidra_v1")
    paid = zones.in_scene(state, arsenal).loaded[0]
    with pytest.raises(IllegalActionError) as err:
        act(
            state,
            0,
            UseAction(deadpool, "Pegar de Surpresa", str(sid(state, "hulk_v1")), pay=str(paid)),
        )
    assert err.value.key == "battlescenes.error.pay_cost"
    # The Soldado H.I.D.R.A. keeps Pegar de Surpresa: an Arsenal card is unloaded instead.
    state = state_with("soldado_hidra_v1")
    soldado, arsenal = sid(state, "soldado_hidra_v1"), sid(state, "arsenal_hidra_v1")
    pegar = zones.in_scene(state, soldado).loaded[0]
    paid = zones.in_scene(state, arsenal).loaded[0]
    state, _ = act(
        state, 0, UseAction(soldado, "Pegar de Surpresa", str(sid(state, "hulk_v1")), pay=str(paid))
    )
    assert pegar in zones.in_scene(state, soldado).loaded
    assert _loaded(state, soldado) == 3  # loaded with Proteção as the other cost
    assert paid in state.players[0].resources and _loaded(state, arsenal) == 1
