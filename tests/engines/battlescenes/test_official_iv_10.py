"""Cards of the official deck Iniciativa Vingadores ((2015) BSIV DECK), tenth share:
Ultron-61112 V1, played as printed."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import Activate, Choose, UseAction
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid, starter, zone_id

FILL = ["excentricidade"] * 8


def _loaded(state: State, card: int) -> int:
    return len(zones.in_scene(state, card).loaded)


def test_ultron_61112_loads_an_ultron_from_the_deck_onto_a_character() -> None:
    state = build(
        Side(
            deck=["thor_v2", "ultron_5_v1", *FILL[:3]],
            scene=[Placed("ultron_61112_v1", FILL[:5]), Placed("titania_v1", FILL[:3])],
        ),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    ultron, titania = sid(state, "ultron_61112_v1"), sid(state, "titania_v1")
    ultron5 = zone_id(state, 0, "deck", "ultron_5_v1")
    state, _ = act(state, 0, Activate(ultron, 0))
    assert state.choice is not None
    assert {o.split(">")[0] for o in state.choice.options if ">" in o} == {str(ultron5)}
    state, _ = act(state, 0, Choose(f"{ultron5}>{titania}"))
    assert ultron5 in zones.in_scene(state, titania).loaded
    assert state.choice is not None  # then one of Titânia's cards, the player's pick
    unloaded = zones.in_scene(state, titania).loaded[0]
    state, _ = act(state, 0, Choose(str(unloaded)))
    assert _loaded(state, titania) == 3 and unloaded in state.players[0].resources
    assert ultron5 not in state.players[0].deck


@pytest.mark.parametrize(("implants", "left"), [(True, 5), (False, 6)])
def test_implantes_neurais_make_a_target_an_ultron_whose_actions_deal_1_more(
    implants: bool, left: int
) -> None:
    state = build(
        Side(scene=[Placed("ultron_61112_v1", FILL[:5]), Placed("titania_v1", FILL[:6])]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        content=starter(),
    )
    ultron, titania, capanga = (
        sid(state, "ultron_61112_v1"),
        sid(state, "titania_v1"),
        sid(state, "capanga_do_rei_v2"),
    )
    if implants:
        state, _ = act(state, 0, UseAction(ultron, "Implantes Neurais", str(titania)))
        assert "Ultron" in zones.alter_egos(state, titania)
    state, _ = act(state, 0, UseAction(titania, "Punho Titânico", str(capanga)))
    assert _loaded(state, capanga) == left  # 3 (+1) on Escudo 1
