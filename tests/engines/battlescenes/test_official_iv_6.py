"""Cards of the official deck Iniciativa Vingadores ((2015) BSIV DECK), sixth share: powers
from carried abilities and two scenarios restricting actions, played as printed."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import UseAction
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import shields, zones
from engines.core import IllegalActionError
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid, starter

FILL = ["excentricidade"] * 8


def _loaded(state: State, card: int) -> int:
    return len(zones.in_scene(state, card).loaded)


def test_homem_absorvente_v1_gains_the_powers_of_its_abilities() -> None:
    state = build(
        Side(scene=[Placed("homem_absorvente_v1", ["amarrar_v1", *FILL[:5]], stage=2)]),
        Side(scene=[Placed("titania_v1", FILL)]),
        phase=Phase.ANTICIPATION,
        active=1,
        content=starter(),
    )
    absorvente, titania = sid(state, "homem_absorvente_v1"), sid(state, "titania_v1")
    assert "elasticidade" in zones.powers(state, zones.in_scene(state, absorvente))
    state, _ = act(state, 0, UseAction(absorvente, "Amarrar", str(titania)))  # needs ◆
    assert shields.shield(state, zones.in_scene(state, titania)) == 0


def test_homem_absorvente_v1_has_no_power_without_ability_cards() -> None:
    state = build(
        Side(scene=[Placed("homem_absorvente_v1", ["chamariz_holografico_v1", "thor_v1"])]),
        Side(),
        content=starter(),
    )
    assert zones.powers(state, zones.in_scene(state, sid(state, "homem_absorvente_v1"))) == ()


def test_singularidade_temporal_stops_characters_sharing_an_alter_ego() -> None:
    state = build(
        Side(scene=[Placed("ultron_5_v1", FILL[:6]), Placed("titania_v1", FILL[:6])]),
        Side(scene=[Placed("ultron_6_v1", FILL[:6])]),
        scenario="singularidade_temporal_v1",
        content=starter(),
    )
    ultron5, ultron6 = sid(state, "ultron_5_v1"), sid(state, "ultron_6_v1")
    with pytest.raises(IllegalActionError):  # Ultron-6 (Bruno's) shares the alter ego Ultron
        act(state, 0, UseAction(ultron5, "Emissão de Plasma", str(ultron6)))
    titania = sid(state, "titania_v1")
    state, _ = act(state, 0, UseAction(titania, "Punho Titânico", str(ultron6)))
    assert zones.in_scene(state, titania).stage == 0  # used (3 on Escudo 3)
    alone = build(
        Side(scene=[Placed("ultron_5_v1", FILL[:6])]),
        Side(scene=[Placed("titania_v1", FILL[:6])]),
        scenario="singularidade_temporal_v1",
        content=starter(),
    )
    titania = sid(alone, "titania_v1")
    alone, _ = act(
        alone, 0, UseAction(sid(alone, "ultron_5_v1"), "Emissão de Plasma", str(titania))
    )
    assert _loaded(alone, titania) == 5


def test_batalha_nos_ceus_keeps_flyers_and_walkers_apart() -> None:
    state = build(
        Side(scene=[Placed("homem_de_ferro_v1", FILL[:4]), Placed("titania_v1", FILL[:6])]),
        Side(
            scene=[
                Placed("visao_v2", FILL[:4]),
                Placed("escorpiao_v1", FILL[:4]),
                Placed("explosivo_escondido_v1", FILL[:2]),
            ]
        ),
        scenario="batalha_nos_ceus_v1",
        content=starter(),
    )
    ferro, titania = sid(state, "homem_de_ferro_v1"), sid(state, "titania_v1")
    visao, escorpiao = sid(state, "visao_v2"), sid(state, "escorpiao_v1")
    with pytest.raises(IllegalActionError):  # Voo against no Voo
        act(state, 0, UseAction(ferro, "Raio Repulsor", str(escorpiao)))
    with pytest.raises(IllegalActionError):  # no Voo against Voo
        act(state, 0, UseAction(titania, "Punho Titânico", str(visao)))
    after, _ = act(state, 0, UseAction(ferro, "Raio Repulsor", str(visao)))
    assert _loaded(after, visao) == 3
    after, _ = act(state, 0, UseAction(titania, "Punho Titânico", str(escorpiao)))
    assert _loaded(after, escorpiao) == 3
    explosivo = sid(state, "explosivo_escondido_v1")  # supports are not concerned
    after, _ = act(state, 0, UseAction(ferro, "Raio Repulsor", str(explosivo)))
    assert _loaded(after, explosivo) == 1


def _tentacles(flyer: bool) -> State:
    mine = [Placed("constritor_v1", ["tentaculos_alados_v1", *FILL[:2]], stage=2)]
    if flyer:
        mine.append(Placed("homem_de_ferro_v1", FILL[:4]))
    return build(
        Side(scene=mine),
        Side(scene=[Placed("titania_v1", FILL, stage=2)]),
        phase=Phase.ANTICIPATION,
        active=1,
        content=starter(),
    )


def test_tentaculos_alados_one_effect_or_all_with_a_flyer() -> None:
    state = _tentacles(False)
    constritor, titania = sid(state, "constritor_v1"), sid(state, "titania_v1")
    with pytest.raises(IllegalActionError):  # one option only
        act(state, 0, UseAction(constritor, "Tentáculos Alados", str(titania), mode="escudo, dano"))
    after, _ = act(state, 0, UseAction(constritor, "Tentáculos Alados", str(titania), mode="dano"))
    assert _loaded(after, titania) == 8 and zones.in_scene(after, titania).stage == 2
    state = _tentacles(True)  # Homem de Ferro has Voo: all three on her
    constritor, titania = sid(state, "constritor_v1"), sid(state, "titania_v1")
    everything = "escudo, dano, incapacitar"
    after, _ = act(
        state, 0, UseAction(constritor, "Tentáculos Alados", str(titania), mode=everything)
    )
    item = zones.in_scene(after, titania)
    assert shields.shield(after, item) == 1  # Escudo 3 − 1, then 1 absorbed
    assert item.stage == 1
