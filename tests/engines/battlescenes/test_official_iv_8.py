"""Cards of the official deck Iniciativa Vingadores ((2015) BSIV DECK), eighth share:
Esconderijo Secreto, played as printed."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import Choose, PlayCard, UseAction
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from engines.core import IllegalActionError
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid, starter, zone_id

FILL = ["excentricidade"] * 8


def _hidden() -> State:
    state = build(
        Side(
            hand=["esconderijo_secreto_v1"],
            resources=FILL[:4],
            scene=[Placed("titania_v1", FILL[:1]), Placed("thor_v1", FILL[:3])],
        ),
        Side(scene=[Placed("hercules_v1", FILL[:6], stage=2)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    titania = sid(state, "titania_v1")
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "esconderijo_secreto_v1")))
    assert state.choice is not None
    # a villain of Ana's: Titânia, not Thor (a hero); no choosing it away
    assert set(state.choice.options) == {str(titania)}
    state, _ = act(state, 0, Choose(str(titania)))
    return replace(state, phase=Phase.ATTACK, active=1)


def test_esconderijo_secreto_hides_the_chosen_villain_from_actions() -> None:
    state = _hidden()
    hercules, titania, thor = (
        sid(state, "hercules_v1"),
        sid(state, "titania_v1"),
        sid(state, "thor_v1"),
    )
    with pytest.raises(IllegalActionError):
        act(state, 1, UseAction(hercules, "O Mais Forte", str(titania)))
    state, _ = act(state, 1, UseAction(hercules, "O Mais Forte", str(thor)))
    assert len(zones.in_scene(state, thor).loaded) == 1  # 4 on his Escudo 2: another target


def test_esconderijo_secreto_goes_to_the_resources_when_the_chosen_leaves() -> None:
    state = _hidden()
    titania = sid(state, "titania_v1")
    esconderijo = sid(state, "esconderijo_secreto_v1")
    carried = zones.in_scene(state, esconderijo).loaded
    # Titânia's last card goes (not by an action: she cannot be targeted): she is knocked out
    state = zones.unload(state, titania, zones.in_scene(state, titania).loaded)
    state, _ = act(
        state, 1, UseAction(sid(state, "hercules_v1"), "O Mais Forte", str(sid(state, "thor_v1")))
    )
    assert zones.find(state, titania) is None
    assert zones.find(state, esconderijo) is None
    assert esconderijo in state.players[0].resources
    assert set(carried) <= set(state.players[0].resources)  # its cards unloaded too


@pytest.mark.parametrize(
    ("kept", "to_hand"),
    [
        ("chamariz_holografico_v1", True),
        ("ultron_5_v1", True),
        ("thor_v1", False),
        ("protecao", False),
    ],
)
def test_ultron_1_unloads_a_card_to_the_hand_if_a_support_or_an_ultron(
    kept: str, to_hand: bool
) -> None:
    state = build(
        Side(
            resources=["excentricidade"], scene=[Placed("ultron_1_v1", [kept, "protecao"], stage=2)]
        ),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    ultron = sid(state, "ultron_1_v1")
    card = zones.in_scene(state, ultron).loaded[0]
    state, _ = act(state, 0, UseAction(ultron, "Genialidade Robótica"))
    assert len(zones.in_scene(state, ultron).loaded) == 3  # the cost's load
    assert state.choice is not None and str(card) in state.choice.options
    state, _ = act(state, 0, Choose(str(card)))
    assert (card in state.players[0].hand) == to_hand
    assert (card in state.players[0].resources) == (not to_hand)
    assert len(zones.in_scene(state, ultron).loaded) == 2
