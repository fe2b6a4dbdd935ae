"""Cards of the official deck Iniciativa Vingadores ((2015) BSIV DECK), second share: texts
used in the Preparation phase, supports and a scenario, played as printed."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import Activate, Choose, Pass, PlayCard, UseAction
from engines.battlescenes.content.loader import load_text
from engines.battlescenes.content.schema import Pack
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from engines.core import IllegalActionError
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid, starter, zone_id

FILL = ["excentricidade"] * 6

#: A test ability with a normal action named Ataque-Surpresa (the printed ones are
#: Antecipar actions), to show the extra action Ponto Cego grants.
SURPRISE = """
cards:
  - key: surpresa
    type: ability
    name: Surpresa
    powers: [agilidade]
    source: "a test card"
    verified: false
    actions:
      - {name: Ataque-Surpresa, power: agilidade, kind: normal, cost: 0, targets: 1,
         steps: [{op: damage, amount: 1, penetrating: true}]}
"""


def _loaded(state: State, card: int) -> int:
    return len(zones.in_scene(state, card).loaded)


def _stage(state: State, card: int) -> int:
    return zones.in_scene(state, card).stage


def test_viuva_negra_v2_deals_2_capacitates_and_may_use_ataque_surpresa_too() -> None:
    cards = {**starter().cards, **load_text(SURPRISE).cards}
    state = build(
        Side(scene=[Placed("viuva_negra_v2", ["surpresa", *FILL[:2]])]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        content=Pack("t", cards, {}),
    )
    viuva, capanga = sid(state, "viuva_negra_v2"), sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(viuva, "Ponto Cego", str(capanga)))
    assert _loaded(state, capanga) == 5 and _stage(state, viuva) == 1  # paid 1, got 1 back
    state, _ = act(state, 0, UseAction(viuva, "Ataque-Surpresa", str(capanga)))
    assert _loaded(state, capanga) == 4
    plain = build(
        Side(scene=[Placed("capitao_america_v1", ["surpresa", *FILL[:2]])]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        content=Pack("t", cards, {}),
    )
    capitao = sid(plain, "capitao_america_v1")
    plain, _ = act(plain, 0, UseAction(capitao, "Ataque-Surpresa", str(capanga)))
    with pytest.raises(IllegalActionError):  # without Ponto Cego: one action a turn (C.4)
        act(plain, 0, UseAction(capitao, "Ataque-Surpresa", str(capanga)))


def test_ultron_5_fetches_a_character_with_the_alter_ego_ultron() -> None:
    deck = ["homem_de_ferro_v1", "ultron_6_v1", *FILL]
    state = build(
        Side(deck=deck, scene=[Placed("ultron_5_v1", FILL[:6])]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    ultron6 = zone_id(state, 0, "deck", "ultron_6_v1")
    state, _ = act(state, 0, Activate(sid(state, "ultron_5_v1"), 0))
    state, _ = act(state, 0, Choose("yes"))
    assert state.choice is not None and set(state.choice.options) - {"skip"} == {str(ultron6)}
    state, _ = act(state, 0, Choose(str(ultron6)))
    assert ultron6 in state.players[0].hand


def test_ultron_5_deals_1_penetrating() -> None:
    state = build(
        Side(scene=[Placed("ultron_5_v1", FILL[:6])]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        content=starter(),
    )
    capanga = sid(state, "capanga_do_rei_v2")
    state, _ = act(
        state, 0, UseAction(sid(state, "ultron_5_v1"), "Emissão de Plasma", str(capanga))
    )
    assert _loaded(state, capanga) == 5


def test_visao_v2_incapacitates_itself_by_2_to_unload_a_non_vingadores_card() -> None:
    state = build(
        Side(scene=[Placed("visao_v2", FILL[:4], stage=2), Placed("thor_v1", FILL[:3])]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    visao, thor, capanga = (
        sid(state, "visao_v2"),
        sid(state, "thor_v1"),
        sid(state, "capanga_do_rei_v2"),
    )
    state, _ = act(state, 0, Activate(visao, 0))
    state, _ = act(state, 0, Choose("yes"))
    assert _stage(state, visao) == 0
    assert state.choice is not None
    offered = set(state.choice.options) - {"done"}
    # Only cards carried by a base without Vingadores: the Capanga's, not Thor's nor Visão's
    assert offered == {str(c) for c in zones.in_scene(state, capanga).loaded}
    state, _ = act(state, 0, Choose(str(zones.in_scene(state, capanga).loaded[0])))
    assert _loaded(state, capanga) == 5 and _loaded(state, thor) == 3


def test_explosivo_escondido_unloads_itself_to_deal_2() -> None:
    state = build(
        Side(scene=[Placed("explosivo_escondido_v1", FILL[:1])]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    explosivo, capanga = sid(state, "explosivo_escondido_v1"), sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, Activate(explosivo, 0))
    state, _ = act(state, 0, Choose("yes"))
    state, _ = act(state, 0, Choose(str(capanga)))
    assert _loaded(state, capanga) == 5  # 2 − Escudo 1
    assert zones.find(state, explosivo) is None  # its only card gone: knocked out (4.7)


def test_explosivo_escondido_waits_a_turn_in_the_scene() -> None:
    state = build(
        Side(scene=[Placed("explosivo_escondido_v1", FILL[:1], entered=3)]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    with pytest.raises(IllegalActionError):
        act(state, 0, Activate(sid(state, "explosivo_escondido_v1"), 0))


@pytest.mark.parametrize("pay", [True, False])
def test_conversor_molecular_stays_only_if_a_genialidade_character_is_incapacitated(
    pay: bool,
) -> None:
    state = build(
        Side(
            hand=["conversor_molecular_v1"],
            resources=FILL[:3],
            scene=[Placed("homem_de_ferro_v1", FILL[:1]), Placed("thor_v1", FILL[:1])],
        ),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    ferro = sid(state, "homem_de_ferro_v1")
    conversor = zone_id(state, 0, "hand", "conversor_molecular_v1")
    state, _ = act(state, 0, PlayCard(conversor))
    assert state.choice is not None and set(state.choice.options) == {str(ferro), "skip"}
    state, _ = act(state, 0, Choose(str(ferro) if pay else "skip"))
    assert (zones.find(state, conversor) is not None) == pay
    assert (conversor in state.players[0].resources) == (not pay)


@pytest.mark.parametrize(("genius", "more"), [("homem_de_ferro_v1", 2), ("thor_v1", 1)])
def test_conversor_molecular_mills_in_your_countdown(genius: str, more: int) -> None:
    def turn(answer: str) -> State:
        state = build(
            Side(
                deck=["protecao"] * 10,
                scene=[Placed("conversor_molecular_v1", FILL[:2]), Placed(genius, FILL[:4])],
            ),
            Side(deck=["protecao"] * 10, scene=[Placed("capanga_do_rei_v2", FILL)]),
            phase=Phase.ATTACK,
            active=1,
            content=starter(),
        )
        state, _ = act(state, 1, Pass())
        while state.choice is not None and state.phase is Phase.COUNTDOWN:
            assert state.choice.seat == 0
            state, _ = act(state, 0, Choose(answer))
        return state

    assert len(turn("yes").players[0].resources) == len(turn("skip").players[0].resources) + more


def test_energia_estatica_makes_an_entering_energy_attacker_deal_2() -> None:
    state = build(
        Side(hand=["homem_de_ferro_v1"], resources=FILL[:4]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        phase=Phase.PREPARATION,
        scenario="energia_estatica_v1",
        content=starter(),
    )
    scenario, capanga = state.scenario, sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "homem_de_ferro_v1")))
    ferro = sid(state, "homem_de_ferro_v1")
    state, _ = act(state, 0, Choose("yes"))
    assert state.choice is not None and str(capanga) in state.choice.options
    assert str(ferro) not in state.choice.options  # another player's character or support
    state, _ = act(state, 0, Choose(str(capanga)))
    assert _loaded(state, capanga) == 5 and _stage(state, ferro) == 0
    assert state.scenario is None and scenario in state.players[0].resources


def test_energia_estatica_ignores_a_character_without_energy_attack() -> None:
    state = build(
        Side(hand=["thor_v1"], resources=FILL[:6]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        phase=Phase.PREPARATION,
        scenario="energia_estatica_v1",
        content=starter(),
    )
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "thor_v1")))
    assert state.choice is None and state.scenario is not None
