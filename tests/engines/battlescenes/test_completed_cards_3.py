"""Built-in cards that were ``incomplete`` and are now played as printed (part 3): Boneco
Vodu V1 (loaded from the resources after an opponent's Preparation action; carried by a
Magia character, it cancels such an action and forbids its name for the turn)."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import Choose, UseAction
from engines.battlescenes.content.loader import load_text
from engines.battlescenes.content.schema import Pack
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from engines.core import IllegalActionError
from tests.engines.battlescenes.helpers import (
    Placed,
    Side,
    act,
    build,
    keys,
    sid,
    starter,
    zone_id,
)

FILL = ["excentricidade"] * 6


def _doll(carried: bool, phase: Phase = Phase.PREPARATION) -> State:
    """Bruno's turn: Ana's Umar V1 (Magia) carries Boneco Vodu, or it is in her resources."""
    loaded = ["boneco_vodu", *FILL[:4]] if carried else FILL[:4]
    return build(
        Side(resources=[] if carried else ["boneco_vodu"], scene=[Placed("umar_v1", loaded)]),
        Side(scene=[Placed("mercurio_v1", FILL[:3], stage=2)]),
        phase=phase,
        active=1,
        content=starter(),
    )


def test_boneco_vodu_carried_by_magic_cancels_a_preparation_action_and_forbids_its_name() -> None:
    state = _doll(carried=True)
    umar, mercurio = sid(state, "umar_v1"), sid(state, "mercurio_v1")
    doll = zones.in_scene(state, umar).loaded[0]
    state, _ = act(state, 1, UseAction(mercurio, "Super Velocidade", str(umar)))
    assert state.choice is not None and state.choice.seat == 0
    state, events = act(state, 0, Choose("yes"))
    assert "battlescenes.event.action_cancelled" in keys(events)
    assert state.players[0].deck[-1] == doll
    assert len(zones.in_scene(state, umar).loaded) == 4  # no damage: the action had no effect
    with pytest.raises(IllegalActionError):  # that name cannot be used again this turn
        act(state, 1, UseAction(mercurio, "Super Velocidade", str(umar)))


def test_boneco_vodu_kept_lets_the_action_work() -> None:
    state = _doll(carried=True)
    umar, mercurio = sid(state, "umar_v1"), sid(state, "mercurio_v1")
    state, _ = act(state, 1, UseAction(mercurio, "Super Velocidade", str(umar)))
    state, events = act(state, 0, Choose("skip"))
    assert "boneco_vodu" in [state.cards[c].key for c in zones.in_scene(state, umar).loaded]
    assert "battlescenes.event.damage" in keys(events)  # Super Velocidade hit Umar
    assert "battlescenes.event.action_cancelled" not in keys(events)


def test_boneco_vodu_does_not_answer_an_attack_step_action() -> None:
    state = _doll(carried=True, phase=Phase.ATTACK)
    umar, mercurio = sid(state, "umar_v1"), sid(state, "mercurio_v1")
    state, _ = act(state, 1, UseAction(mercurio, "Super Velocidade", str(umar)))
    assert state.choice is None or state.choice.seat != 0


def test_boneco_vodu_in_the_resources_is_loaded_after_a_preparation_action() -> None:
    state = _doll(carried=False)
    umar, mercurio = sid(state, "umar_v1"), sid(state, "mercurio_v1")
    doll = state.players[0].resources[0]
    state, _ = act(state, 1, UseAction(mercurio, "Super Velocidade", str(umar)))
    while state.choice is not None and state.choice.seat == 0:
        wanted = str(umar) if str(umar) in state.choice.options else "yes"
        state, _ = act(state, 0, Choose(wanted))
    assert doll in zones.in_scene(state, umar).loaded and doll not in state.players[0].resources


SCENARIOS = """
cards:
  - key: cacada_teste
    type: scenario
    name: Caça aos Renegados
    source: "a test card"
    verified: false
  - key: outro_cenario_teste
    type: scenario
    name: Outro Cenário
    source: "a test card"
    verified: false
"""


def _iron_man(*others: str, deck: tuple[str, ...] = ()) -> State:
    cards = {**starter().cards, **load_text(SCENARIOS).cards}
    return build(
        Side(
            deck=[*deck, *FILL[:3]],
            scene=[
                Placed("homem_de_ferro_v3", FILL[:4], stage=2),
                *(Placed(o, FILL[:3]) for o in others),
            ],
        ),
        Side(scene=[Placed("mercurio_v1", FILL[:3], stage=2)]),
        content=Pack("t", cards, {}),
    )


def _affiliations(state: State, key: str) -> tuple[str, ...]:
    return zones.affiliations(state, zones.in_scene(state, sid(state, key)))


def test_homem_de_ferro_v3_gives_its_controllers_characters_the_affiliation() -> None:
    state = _iron_man("viuva_negra_v1")
    assert "Aliados do Homem de Ferro" in _affiliations(state, "viuva_negra_v1")
    assert "Aliados do Homem de Ferro" in _affiliations(state, "homem_de_ferro_v3")
    assert "Aliados do Homem de Ferro" not in _affiliations(state, "mercurio_v1")


def test_homem_de_ferro_v3_gives_nothing_while_steve_rogers_is_controlled() -> None:
    state = _iron_man("viuva_negra_v1", "capitao_america_v1")
    assert "Aliados do Homem de Ferro" not in _affiliations(state, "viuva_negra_v1")
    assert "Aliados do Homem de Ferro" not in _affiliations(state, "homem_de_ferro_v3")


def test_homem_de_ferro_v3_luta_pela_justica_searches_its_scenario_into_the_scene() -> None:
    state = _iron_man(deck=("outro_cenario_teste", "cacada_teste"))
    iron, mercurio = sid(state, "homem_de_ferro_v3"), sid(state, "mercurio_v1")
    wanted = zone_id(state, 0, "deck", "cacada_teste")
    state, _ = act(state, 0, UseAction(iron, "Luta pela Justiça", str(mercurio)))
    assert state.choice is not None and set(state.choice.options) == {"yes", "skip"}
    state, _ = act(state, 0, Choose("yes"))
    assert state.choice is not None and str(wanted) in state.choice.options
    assert str(zone_id(state, 0, "deck", "outro_cenario_teste")) not in state.choice.options
    state, events = act(state, 0, Choose(str(wanted)))
    assert state.scenario == wanted and wanted not in state.players[0].deck
    assert "battlescenes.event.scenario_from_deck" in keys(events)
    assert not state.players[0].scenario_played  # not the Preparation's scenario (FAQ)
