"""Cards of the official deck Guerra Civil ((2016) BSGC DECK; issue 23, first share), each
played as printed with the built-in cards (``starter()``): what a player notices."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import Activate, Choose, PlayCard, UseAction
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from engines.core import IllegalActionError
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid, starter, zone_id

FILL = ["excentricidade"] * 6


def _versus(
    mine: list[Placed],
    theirs: list[Placed],
    active: int = 0,
    scenario: str | None = None,
    phase: Phase = Phase.ATTACK,
    hand: list[str] | None = None,
    deck: list[str] | None = None,
    resources: list[str] | None = None,
) -> State:
    """An Attack step (or ``phase``) of ``active``: Ana's ``mine`` against Bruno's ``theirs``."""
    mine_side = Side(
        deck=deck or ["protecao"] * 6, hand=hand or [], scene=mine, resources=resources or []
    )
    return build(
        mine_side,
        Side(scene=theirs),
        active=active,
        scenario=scenario,
        phase=phase,
        content=starter(),
    )


def _loaded(state: State, card: int) -> int:
    return len(zones.in_scene(state, card).loaded)


def _affiliations(state: State, key: str) -> tuple[str, ...]:
    return zones.affiliations(state, zones.in_scene(state, sid(state, key)))


def test_demolicao_suplex_deals_3_damage() -> None:
    state = _versus([Placed("demolicao_v1", FILL[:5])], [Placed("capanga_do_rei_v2", FILL)])
    capanga = sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(sid(state, "demolicao_v1"), "Suplex", str(capanga)))
    assert _loaded(state, capanga) == 4  # 3 damage, Escudo 1


def test_capitao_america_v4_gives_its_controllers_characters_the_affiliation() -> None:
    state = _versus(
        [Placed("capitao_america_v4", FILL[:4]), Placed("demolicao_v1", FILL[:3])],
        [Placed("mercurio_v1", FILL[:3])],
    )
    assert "Aliados do Capitão América" in _affiliations(state, "demolicao_v1")
    assert "Aliados do Capitão América" in _affiliations(state, "capitao_america_v4")
    assert "Aliados do Capitão América" not in _affiliations(state, "mercurio_v1")


def test_capitao_america_v4_gives_nothing_while_anthony_edward_stark_is_controlled() -> None:
    state = _versus(
        [
            Placed("capitao_america_v4", FILL[:4]),
            Placed("demolicao_v1", FILL[:3]),
            Placed("homem_de_ferro_v3", FILL[:4]),
        ],
        [Placed("mercurio_v1", FILL[:3])],
    )
    assert "Aliados do Capitão América" not in _affiliations(state, "demolicao_v1")


def test_capitao_america_v4_action_searches_a_guerra_civil_scenario_into_the_scene() -> None:
    state = _versus(
        [Placed("capitao_america_v4", FILL[:4], stage=2)],
        [Placed("mercurio_v1", FILL[:3], stage=2)],
        deck=["combate_em_campo_aberto_v1", "guerra_civil_v2", *FILL[:3]],
    )
    cap, mercurio = sid(state, "capitao_america_v4"), sid(state, "mercurio_v1")
    wanted = zone_id(state, 0, "deck", "guerra_civil_v2")
    state, _ = act(state, 0, UseAction(cap, "Luta Pela Liberdade", str(mercurio)))
    assert state.choice is not None and set(state.choice.options) == {"yes", "skip"}
    state, _ = act(state, 0, Choose("yes"))
    assert state.choice is not None and str(wanted) in state.choice.options
    other = zone_id(state, 0, "deck", "combate_em_campo_aberto_v1")
    assert str(other) not in state.choice.options
    state, _ = act(state, 0, Choose(str(wanted)))
    assert state.scenario == wanted and wanted not in state.players[0].deck
    assert not state.players[0].scenario_played  # its FAQ: not the Preparation's scenario


def test_ossos_cruzados_v2_deals_1_and_may_use_chuva_de_balas_after_it() -> None:
    state = _versus(
        [Placed("ossos_cruzados_v2", ["ossos_cruzados_v1", *FILL[:3]], stage=2)],
        [Placed("capanga_do_rei_v2", FILL)],
    )
    ossos, capanga = sid(state, "ossos_cruzados_v2"), sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(ossos, "À Queima-Roupa", str(capanga)))
    assert _loaded(state, capanga) == 6  # 1 damage, Escudo 1
    with pytest.raises(IllegalActionError):  # the one more action is Chuva de Balas only
        act(state, 0, UseAction(ossos, "À Queima-Roupa", str(capanga)))
    state, _ = act(state, 0, UseAction(ossos, "Chuva de Balas", str(capanga)))
    assert _loaded(state, capanga) == 5  # 1 more damage: the Escudo already spent on the first


def test_suplicio_deals_2_then_may_use_another_action() -> None:
    state = _versus(
        [Placed("suplicio_v1", FILL[:4], stage=2)],
        [Placed("capanga_do_rei_v2", FILL)],
    )
    sup, capanga = sid(state, "suplicio_v1"), sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(sup, "Justiça Agonizante", str(capanga)))
    assert _loaded(state, capanga) == 5  # 2 damage, Escudo 1
    state, _ = act(state, 0, UseAction(sup, "Justiça Agonizante", str(capanga)))
    assert _loaded(state, capanga) == 3


def test_suplicio_may_deal_1_damage_to_itself_once_in_its_preparation() -> None:
    state = _versus(
        [Placed("suplicio_v1", FILL[:4], stage=2)],
        [Placed("capanga_do_rei_v2", FILL)],
        phase=Phase.PREPARATION,
    )
    sup = sid(state, "suplicio_v1")
    state, events = act(state, 0, Activate(sup, -1))
    hits = [e for e in events if e.key == "battlescenes.event.damage"]
    assert [(e.params["card"], e.params["amount"]) for e in hits] == [("Suplício V1", 1)]
    assert zones.in_scene(state, sup).damaged_this_turn
    with pytest.raises(IllegalActionError):  # once per turn
        act(state, 0, Activate(sup, -1))


def _iron_man_hit(scenario: str | None) -> int:
    """Demolição's Suplex on Bruno's Homem de Ferro V3 (Aliados do Homem de Ferro by its own
    text, Escudo 2): the cards it has left."""
    state = _versus(
        [Placed("demolicao_v1", FILL[:5])],
        [Placed("homem_de_ferro_v3", FILL)],
        scenario=scenario,
    )
    iron = sid(state, "homem_de_ferro_v3")
    state, _ = act(state, 0, UseAction(sid(state, "demolicao_v1"), "Suplex", str(iron)))
    return _loaded(state, iron)


def test_guerra_civil_v2_adds_1_to_damage_on_either_civil_war_side() -> None:
    assert _iron_man_hit(None) == 5  # 3 damage, Escudo 2
    assert _iron_man_hit("guerra_civil_v2") == 4  # 4 damage


def test_guerra_civil_v2_adds_nothing_on_a_character_of_neither_side() -> None:
    state = _versus(
        [Placed("demolicao_v1", FILL[:5])],
        [Placed("capanga_do_rei_v2", FILL)],
        scenario="guerra_civil_v2",
    )
    capanga = sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(sid(state, "demolicao_v1"), "Suplex", str(capanga)))
    assert _loaded(state, capanga) == 4  # 3 damage, Escudo 1


def test_guerra_civil_v2_draws_a_card_on_entering() -> None:
    state = _versus(
        [Placed("demolicao_v1", FILL[:5])],
        [Placed("capanga_do_rei_v2", FILL)],
        phase=Phase.PREPARATION,
        hand=["guerra_civil_v2"],
    )
    scenario = zone_id(state, 0, "hand", "guerra_civil_v2")
    deck = len(state.players[0].deck)
    state, _ = act(state, 0, PlayCard(scenario))
    assert state.scenario == scenario
    assert len(state.players[0].deck) == deck - 1 and len(state.players[0].hand) == 1


def test_onda_de_boatos_gives_every_character_both_affiliations() -> None:
    state = _versus(
        [Placed("demolicao_v1", FILL[:5])],
        [Placed("mercurio_v1", FILL[:3])],
        scenario="onda_de_boatos_v1",
    )
    for key in ("demolicao_v1", "mercurio_v1"):
        assert "Aliados do Capitão América" in _affiliations(state, key)
        assert "Aliados do Homem de Ferro" in _affiliations(state, key)


def test_onda_de_boatos_draws_a_card_on_entering() -> None:
    state = _versus(
        [Placed("demolicao_v1", FILL[:5])],
        [Placed("capanga_do_rei_v2", FILL)],
        phase=Phase.PREPARATION,
        hand=["onda_de_boatos_v1"],
    )
    scenario = zone_id(state, 0, "hand", "onda_de_boatos_v1")
    state, _ = act(state, 0, PlayCard(scenario))
    assert state.scenario == scenario and len(state.players[0].hand) == 1


def test_guerra_civil_v1_adds_1_to_a_heros_damage_on_another_players_hero() -> None:
    assert _iron_man_hit("guerra_civil_v1") == 4  # 3 + 1 damage, Escudo 2
    state = _versus(
        [Placed("demolicao_v1", FILL[:5])],
        [Placed("capanga_do_rei_v2", FILL)],
        scenario="guerra_civil_v1",
    )
    capanga = sid(state, "capanga_do_rei_v2")  # a villain: nothing more
    state, _ = act(state, 0, UseAction(sid(state, "demolicao_v1"), "Suplex", str(capanga)))
    assert _loaded(state, capanga) == 4  # 3 damage, Escudo 1


def test_guerra_civil_v1_adds_nothing_on_a_hero_of_the_same_player() -> None:
    state = _versus(
        [Placed("demolicao_v1", FILL[:5]), Placed("homem_de_ferro_v3", FILL)],
        [Placed("capanga_do_rei_v2", FILL)],
        scenario="guerra_civil_v1",
    )
    iron = sid(state, "homem_de_ferro_v3")
    state, _ = act(state, 0, UseAction(sid(state, "demolicao_v1"), "Suplex", str(iron)))
    assert _loaded(state, iron) == 5  # 3 damage, Escudo 2


def test_guerra_civil_v2_adds_nothing_on_a_support_of_either_side() -> None:
    state = _versus(
        [Placed("demolicao_v1", FILL[:5])],
        [Placed("torre_stark_v1", FILL[:5])],  # Aliados do Homem de Ferro, a support
        scenario="guerra_civil_v2",
    )
    tower = sid(state, "torre_stark_v1")
    state, _ = act(state, 0, UseAction(sid(state, "demolicao_v1"), "Suplex", str(tower)))
    assert _loaded(state, tower) == 5  # 3 damage, Escudo 3
