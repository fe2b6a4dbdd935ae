"""Cards of the official deck Iniciativa Vingadores ((2015) BSIV DECK), fifth share:
Homem-Absorvente V2's shield by the types it carries and Alkhema V1, played as printed."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import Activate, Choose, UseAction
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import shields, zones
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid, starter, zone_id

FILL = ["excentricidade"] * 8


def _loaded(state: State, card: int) -> int:
    return len(zones.in_scene(state, card).loaded)


@pytest.mark.parametrize(
    ("carried", "shield"),
    [
        (FILL[:3], 2),  # abilities only: Escudo 1 + 1
        (["chamariz_holografico_v1", *FILL[:2]], 3),  # a support too
        (["chamariz_holografico_v1", "combate_em_campo_aberto_v1", "thor_v1", *FILL[:1]], 5),
    ],
)
def test_homem_absorvente_v2_gains_shield_for_each_card_type_it_carries(
    carried: list[str], shield: int
) -> None:
    state = build(Side(scene=[Placed("homem_absorvente_v2", carried)]), Side(), content=starter())
    item = zones.in_scene(state, sid(state, "homem_absorvente_v2"))
    assert shields.shield(state, item) == shield


def test_homem_absorvente_v2_loads_a_resource_in_the_preparation() -> None:
    state = build(
        Side(
            resources=["chamariz_holografico_v1"], scene=[Placed("homem_absorvente_v2", FILL[:3])]
        ),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    absorvente = sid(state, "homem_absorvente_v2")
    chamariz = state.players[0].resources[0]
    state, _ = act(state, 0, Activate(absorvente, 0))
    option = f"{chamariz}>{absorvente}"  # that card onto him
    assert state.choice is not None and option in state.choice.options
    state, _ = act(state, 0, Choose(option))
    assert _loaded(state, absorvente) == 4 and state.players[0].resources == ()
    assert shields.shield(state, zones.in_scene(state, absorvente)) == 3  # now a support too


def test_homem_absorvente_v2_deals_3() -> None:
    state = build(
        Side(scene=[Placed("homem_absorvente_v2", FILL[:6])]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        content=starter(),
    )
    capanga = sid(state, "capanga_do_rei_v2")
    state, _ = act(
        state, 0, UseAction(sid(state, "homem_absorvente_v2"), "Maça Giratória", str(capanga))
    )
    assert _loaded(state, capanga) == 6


def test_alkhema_penetrates_only_in_the_attack_step_of_its_turn() -> None:
    mine = Side(scene=[Placed("alkhema_v1", FILL[:5], stage=2)])
    theirs = Side(scene=[Placed("titania_v1", FILL)])
    state = build(mine, theirs, phase=Phase.ATTACK, content=starter())
    titania = sid(state, "titania_v1")
    after, _ = act(state, 0, UseAction(sid(state, "alkhema_v1"), "Raio de Calor", str(titania)))
    assert _loaded(after, titania) == 5  # 3 penetrating
    state = build(mine, theirs, phase=Phase.ANTICIPATION, active=1, content=starter())
    after, _ = act(state, 0, UseAction(sid(state, "alkhema_v1"), "Raio de Calor", str(titania)))
    assert _loaded(after, titania) == 8  # 3 on Escudo 3


def test_alkhema_counts_as_an_ultron_in_the_deck_only() -> None:
    state = build(
        Side(deck=["alkhema_v1", *FILL], scene=[Placed("ultron_5_v1", FILL[:6])]),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    alkhema = zone_id(state, 0, "deck", "alkhema_v1")
    state, _ = act(state, 0, Activate(sid(state, "ultron_5_v1"), 0))
    state, _ = act(state, 0, Choose("yes"))
    assert state.choice is not None and str(alkhema) in state.choice.options
    state, _ = act(state, 0, Choose(str(alkhema)))
    assert alkhema in state.players[0].hand
    # in the resources it is no Ultron: Ultron-6 V1 does not find it there
    state = build(
        Side(resources=["alkhema_v1"], scene=[Placed("ultron_6_v1", FILL[:6])]),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    state, _ = act(state, 0, Activate(sid(state, "ultron_6_v1"), 0))
    assert state.choice is None or str(state.players[0].resources[0]) not in state.choice.options
    assert state.players[0].hand == ()
