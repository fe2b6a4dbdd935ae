"""Built-in cards whose numbers or effects changed to the printed ones (audit section 3),
each played once as printed with the built-in cards (``starter()``)."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import Activate, Choose, PlayCard, UseAction
from engines.battlescenes.rules import restrictions
from engines.battlescenes.rules.state import Continuous, Phase, State
from engines.battlescenes.table import leaving, shields, zones
from engines.core import IllegalActionError
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid, starter, zone_id

FILL = ["excentricidade"] * 6


def _versus(mine: list[Placed], theirs: list[Placed]) -> State:
    deck = ["protecao"] * 6
    return build(Side(deck=deck, scene=mine), Side(scene=theirs), content=starter())


def _loaded(state: State, card: int) -> int:
    return len(zones.in_scene(state, card).loaded)


def test_cristalys_deals_3() -> None:
    state = _versus(
        [Placed("cristalys_v1", FILL[:3], stage=2)], [Placed("capanga_do_rei_v2", FILL)]
    )
    cristalys, capanga = sid(state, "cristalys_v1"), sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(cristalys, "Manipulação Elemental", str(capanga)))
    assert _loaded(state, capanga) == 4  # 3 - Escudo 1


def test_garota_aranha_gives_the_target_character_escudo_minus_2() -> None:
    state = _versus([Placed("garota_aranha_v1", FILL[:3])], [Placed("raio_negro_v2", FILL)])
    garota, raio = sid(state, "garota_aranha_v1"), sid(state, "raio_negro_v2")
    state, _ = act(state, 0, UseAction(garota, "Teia Atordoante", str(raio)))
    assert shields.shield(state, zones.in_scene(state, raio)) == 1 and _loaded(state, raio) == 6


def test_mulher_hulk_v1_hits_two_different_targets_for_2_each() -> None:
    state = _versus(
        [Placed("mulher_hulk_v1", FILL[:3])],
        [Placed("capanga_do_rei_v2", FILL[:3]), Placed("capanga_do_rei_v2", FILL[:3])],
    )
    first, second = sid(state, "capanga_do_rei_v2", 1), sid(state, "capanga_do_rei_v2", 1, 1)
    use = UseAction(sid(state, "mulher_hulk_v1"), "Sequência de Socos", f"{first}, {second}")
    state, _ = act(state, 0, use)
    assert (_loaded(state, first), _loaded(state, second)) == (2, 2)  # 2 - Escudo 1 each


def test_bishop_deals_2() -> None:
    state = _versus([Placed("bishop_v1", FILL[:3])], [Placed("capanga_do_rei_v2", FILL[:3])])
    bishop, capanga = sid(state, "bishop_v1"), sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(bishop, "Emissão de Plasma", str(capanga)))
    assert _loaded(state, capanga) == 2


def test_protecao_gives_escudo_plus_1() -> None:
    state = _versus([Placed("capanga_do_rei_v2", ["protecao", "protecao"])], [])
    item = zones.in_scene(state, sid(state, "capanga_do_rei_v2"))
    assert shields.shield(state, item) == 3  # Escudo 1, +1 per Proteção


def test_excentricidade_has_no_incapacitation_cost() -> None:
    # Errata/FAQ: the action has no incapacitation cost — usable at stage 0.
    state = _versus(
        [Placed("cristalys_v1", ["excentricidade"], stage=0)], [Placed("capanga_do_rei_v2", FILL)]
    )
    cristalys, capanga = sid(state, "cristalys_v1"), sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(cristalys, "Excentricidade", str(capanga)))
    assert _loaded(state, capanga) == 4  # Escudo 1 - 1 = 0; 2 damage
    assert zones.in_scene(state, cristalys).stage == 0


def test_garras_imoladoras_offers_only_a_character_with_laminas() -> None:
    state = build(
        Side(
            hand=["garras_imoladoras"],
            scene=[Placed("colleen_wing_v1", FILL[:3]), Placed("bishop_v1", FILL[:3])],
        ),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    card = zone_id(state, 0, "hand", "garras_imoladoras")
    state, _ = act(state, 0, PlayCard(card))
    assert state.choice is not None
    assert set(state.choice.options) == {str(sid(state, "colleen_wing_v1")), "skip"}


def test_experimentos_sabotados_draws_two_deals_1_and_its_text_answers_the_draw() -> None:
    state = _versus(
        [Placed("raio_negro_v2", ["experimentos_sabotados", *FILL[:2]])],
        [Placed("capanga_do_rei_v2", FILL)],
    )
    raio, capanga = sid(state, "raio_negro_v2"), sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(raio, "Experimentos Sabotados", str(capanga)))
    assert len(state.players[0].hand) == 2 and len(state.players[0].deck) == 4
    # Its permanent text: a Genialidade action made its controller draw in Combat — 1
    # damage to a character or support (chosen), before the action's own 1 damage.
    assert state.choice is not None and set(state.choice.options) == {str(raio), str(capanga)}
    state, _ = act(state, 0, Choose(str(capanga)))
    assert _loaded(state, capanga) == 5  # 1 + 1 damage, Escudo 1 absorbs one


def test_umar_unloads_exactly_one_card_and_sends_the_scenario_to_its_owner() -> None:
    state = build(
        Side(scene=[Placed("umar_v1", FILL[:3])]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL[:3])]),
        content=starter(),
        scenario="cidade_fantasma",
    )
    umar, capanga = sid(state, "umar_v1"), sid(state, "capanga_do_rei_v2")
    scenario = state.scenario
    state, _ = act(state, 0, UseAction(umar, "Dimensão Negra"))
    assert state.choice is not None and "done" not in state.choice.options  # one, not "até"
    carried = zones.in_scene(state, capanga).loaded[0]
    state, _ = act(state, 0, Choose(str(carried)))
    assert _loaded(state, capanga) == 2 and state.scenario is None
    assert scenario in state.players[0].resources  # its owner's (seat 0 placed it)


def test_cassandra_nova_unloads_a_card_of_a_character_only() -> None:
    state = build(
        Side(scene=[Placed("cassandra_nova_v1", FILL[:3])]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL[:2]), Placed("gerador_pem", FILL[:2])]),
        content=starter(),
    )
    cassandra, capanga = sid(state, "cassandra_nova_v1"), sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(cassandra, "Ataque Mummudrai"))
    on_characters = {str(c) for b in (cassandra, capanga) for c in zones.in_scene(state, b).loaded}
    assert state.choice is not None and set(state.choice.options) == on_characters


def test_fantasma_do_espaco_evolves_from_a_support_not_a_character() -> None:
    state = build(
        Side(
            deck=["protecao"] * 5,
            hand=["fantasma_do_espaco_v1"],
            resources=["excentricidade"] * 2,
            scene=[Placed("gerador_pem", FILL[:2]), Placed("capanga_do_rei_v2", FILL[:2])],
        ),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    gerador, capanga = sid(state, "gerador_pem"), sid(state, "capanga_do_rei_v2")
    ev = zone_id(state, 0, "hand", "fantasma_do_espaco_v1")
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, PlayCard(ev, evolve=capanga))
    assert err.value.key == "battlescenes.error.ev_requirement"
    state, _ = act(state, 0, PlayCard(ev, evolve=gerador))
    item = zones.in_scene(state, ev)
    assert gerador in item.loaded and len(item.loaded) == 1 + 2 + 2  # +2: Acréscimo
    assert zones.find(state, gerador) is None and len(state.players[0].hand) == 2


def _ponto_de_contato(defender: list[Placed], victim: str, phase: Phase) -> tuple[State, int]:
    """Seat 1's Karnak uses Ponto de Contato (Escudo 0, then 2 damage) on seat 0's ``victim``
    during seat 1's ``phase``."""
    state = build(
        Side(scene=defender),
        Side(scene=[Placed("karnak_v1", FILL[:3], stage=2)]),
        phase=phase,
        active=1,
        content=starter(),
    )
    target = sid(state, victim, 0)
    state, _ = act(state, 1, UseAction(sid(state, "karnak_v1", 1), "Ponto de Contato", str(target)))
    return state, target


def test_karnak_takes_no_damage_in_another_players_preparation_beside_an_inumano() -> None:
    beside = [Placed("karnak_v1", FILL[:3]), Placed("triton_v1", FILL[:3])]
    state, karnak = _ponto_de_contato(beside, "karnak_v1", Phase.PREPARATION)
    assert _loaded(state, karnak) == 3
    alone = [Placed("karnak_v1", FILL[:3]), Placed("abutre_v1", FILL[:3])]
    state, karnak = _ponto_de_contato(alone, "karnak_v1", Phase.PREPARATION)
    assert _loaded(state, karnak) == 1  # no other Inumanos: 2 damage, Escudo 0


def test_rir_do_perigo_halves_with_super_forca_and_cancels_from_energia_6() -> None:
    triton = [Placed("triton_v1", ["rir_do_perigo", *FILL[:3]])]
    state, target = _ponto_de_contato(triton, "triton_v1", Phase.PREPARATION)
    assert _loaded(state, target) == 3  # 2 halved: 1 card
    odin = [Placed("odin_v1", ["rir_do_perigo", *FILL[:3]])]  # Super Força, Energia 6
    state, target = _ponto_de_contato(odin, "odin_v1", Phase.PREPARATION)
    assert _loaded(state, target) == 4
    state, target = _ponto_de_contato(triton, "triton_v1", Phase.ATTACK)  # not Preparation
    assert _loaded(state, target) == 2


def test_kraven_chooses_any_character_when_he_enters() -> None:
    state = build(
        Side(
            hand=["kraven_v1"],
            resources=FILL[:4],
            scene=[Placed("bishop_v1", FILL[:3])],
        ),
        Side(scene=[Placed("capanga_do_rei_v2", FILL[:3])]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    kraven = zone_id(state, 0, "hand", "kraven_v1")
    state, _ = act(state, 0, PlayCard(kraven))
    bishop, capanga = sid(state, "bishop_v1"), sid(state, "capanga_do_rei_v2")
    assert state.choice is not None
    assert {str(bishop), str(capanga)} <= set(state.choice.options)  # his own too


def test_kravens_4_is_for_his_own_actions_only_and_ends_when_the_chosen_leaves() -> None:
    state = build(
        Side(scene=[Placed("kraven_v1", FILL[:3]), Placed("bishop_v1", FILL[:3])]),
        Side(scene=[Placed("raio_negro_v2", FILL), Placed("capanga_do_rei_v2", FILL)]),
        content=starter(),
    )
    kraven, bishop = sid(state, "kraven_v1"), sid(state, "bishop_v1")
    raio, capanga = sid(state, "raio_negro_v2"), sid(state, "capanga_do_rei_v2")
    marks = (Continuous(kraven, raio, "mark"), Continuous(kraven, capanga, "mark"))
    state = replace(state, continuous=marks)
    state, _ = act(state, 0, UseAction(bishop, "Emissão de Plasma", str(capanga)))
    assert _loaded(state, capanga) == 5  # Bishop's 2, no +4: Escudo 1 takes one
    state, _ = act(state, 0, UseAction(kraven, "Assalto do Caçador", str(raio)))
    assert _loaded(state, raio) == 3  # 2 + 4 = 6, Escudo 3
    state, _ = leaving.leave_to(state, capanga, "hand", 1)
    assert all(c.target != capanga for c in state.continuous)


def test_manchete_do_clarim_adds_2_only_to_your_heroes_actions_on_the_chosen() -> None:
    state = build(
        Side(scene=[Placed("bishop_v1", FILL[:3]), Placed("carnificina_v1", FILL[:3])]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL), Placed("raio_negro_v2", FILL[:3])]),
        content=starter(),
        scenario="manchete_do_clarim",
    )
    capanga = sid(state, "capanga_do_rei_v2")
    assert state.scenario is not None
    state = replace(state, continuous=(Continuous(state.scenario, capanga, "mark"),))
    bishop, carnificina = sid(state, "bishop_v1"), sid(state, "carnificina_v1")
    state, _ = act(state, 0, UseAction(bishop, "Emissão de Plasma", str(capanga)))
    assert _loaded(state, capanga) == 3  # a hero's action: 2 + 2, Escudo 1
    state = replace(state, scene=tuple(replace(s, actions_used=0) for s in state.scene))
    state, _ = act(state, 0, UseAction(carnificina, "Navalhas de Sangue", str(capanga)))
    assert _loaded(state, capanga) == 2  # a villain's: 1 penetrating, no +2


def test_manchete_do_clarim_chooses_an_opponents_character() -> None:
    state = build(
        Side(hand=["manchete_do_clarim"], scene=[Placed("bishop_v1", FILL[:3])]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "manchete_do_clarim")))
    assert state.choice is not None
    assert set(state.choice.options) - {"skip"} == {str(sid(state, "capanga_do_rei_v2"))}


def test_camara_neutralizadora_blanks_an_opponents_character_and_gives_acao_unica() -> None:
    state = build(
        Side(hand=["camara_neutralizadora"], resources=FILL[:3], scene=[Placed("bishop_v1")]),
        Side(scene=[Placed("medusa_v2", ["protecao", *FILL[:2]])]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    medusa = sid(state, "medusa_v2")
    before = shields.shield(state, zones.in_scene(state, medusa))
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "camara_neutralizadora")))
    assert state.choice is not None and set(state.choice.options) == {str(medusa)}
    state, _ = act(state, 0, Choose(str(medusa)))
    item = zones.in_scene(state, medusa)
    # Her Escudo +X and the Proteção she carries lose their texts: 0 + 3 + 1 → 0.
    assert before == 4 and zones.texts(state, item) == [] and shields.shield(state, item) == 0
    used = replace(item, used_names=("Cabelos-Tentáculos",), stage=2)
    state = zones.set_in_scene(state, used)
    action = starter().cards["medusa_v2"].actions[0]
    assert restrictions.problem(state, 1, used, action) == "unique_action"


def test_bater_em_retirada_returns_a_card_base_controlled_since_the_turn_began() -> None:
    state = build(
        Side(
            hand=["bater_em_retirada"],
            scene=[Placed("capanga_do_rei_v2", FILL[:2]), Placed("bishop_v1", FILL[:2], entered=3)],
        ),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    capanga = sid(state, "capanga_do_rei_v2")
    carried = zones.in_scene(state, capanga).loaded
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "bater_em_retirada")))
    # Mandatory, and Bishop entered this turn: Capanga is the only choice.
    assert state.choice is not None and set(state.choice.options) == {str(capanga)}
    state, _ = act(state, 0, Choose(str(capanga)))
    assert capanga in state.players[0].hand and set(carried) <= set(state.players[0].resources)


def test_barreira_telecinetica_shields_its_carrier_and_allies_sharing_an_affiliation() -> None:
    mine = [
        Placed("cristalys_v1", ["barreira_telecinetica", *FILL[:2]]),
        Placed("triton_v1", FILL[:3]),
        Placed("bishop_v1", FILL[:3]),
    ]
    state, triton = _ponto_de_contato(mine, "triton_v1", Phase.PREPARATION)
    assert _loaded(state, triton) == 2  # Inumanos like Cristalys: 2 - 1
    state, bishop = _ponto_de_contato(mine, "bishop_v1", Phase.PREPARATION)
    assert _loaded(state, bishop) == 1  # X-Men: no affiliation in common


def test_hela_looks_at_three_then_unloads_every_character_card_a_character_carries() -> None:
    state = build(
        Side(
            deck=["protecao", "umar_v1", "abutre_v1", "karnak_v1"],
            scene=[Placed("hela_v1", FILL[:3])],
        ),
        Side(scene=[Placed("raio_negro_v2", ["umar_v1", "excentricidade", "abutre_v1"])]),
        content=starter(),
    )
    hela, raio = sid(state, "hela_v1"), sid(state, "raio_negro_v2")
    top = state.players[0].deck[:3]
    carried = zones.in_scene(state, raio).loaded
    state, _ = act(state, 0, UseAction(hela, "Tormento Infernal"))
    assert state.choice is not None and set(state.choice.options) == {*map(str, top), "done"}
    state, _ = act(state, 0, Choose("done"))  # Clarividência 3: nothing revealed
    state, _ = act(state, 0, Choose(str(top[2])))
    state, _ = act(state, 0, Choose(str(top[1])))
    assert state.players[0].deck[:3] == (top[2], top[1], top[0])  # back in the order picked
    assert state.choice is not None and state.choice.prompt == "battlescenes.choice.character"
    state, _ = act(state, 0, Choose(str(raio)))
    assert zones.in_scene(state, raio).loaded == (carried[1],)  # Excentricidade stays
    assert {carried[0], carried[2]} <= set(state.players[1].resources)


def test_ultron_6_takes_an_ultron_character_from_the_resources_once_per_turn() -> None:
    state = build(
        Side(
            resources=["ultron_6_v1", "abutre_v1", "protecao"], scene=[Placed("ultron_6_v1", FILL)]
        ),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    ultron = sid(state, "ultron_6_v1")
    copy = zone_id(state, 0, "resources", "ultron_6_v1")
    state, _ = act(state, 0, Activate(ultron))
    # Only the character with alter ego Ultron (not Abutre, not an ability card); or decline.
    assert state.choice is not None and set(state.choice.options) == {str(copy), "skip"}
    state, _ = act(state, 0, Choose(str(copy)))
    assert state.players[0].hand == (copy,) and copy not in state.players[0].resources
    with pytest.raises(IllegalActionError):
        act(state, 0, Activate(ultron))


def test_ultron_6_punches_for_3() -> None:
    state = _versus([Placed("ultron_6_v1", FILL[:3])], [Placed("capanga_do_rei_v2", FILL)])
    ultron, capanga = sid(state, "ultron_6_v1"), sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(ultron, "Punho de Adamantium", str(capanga)))
    assert _loaded(state, capanga) == 4


def _formiga_table(phase: Phase) -> State:
    return build(
        Side(scene=[Placed("garota_aranha_v1", FILL[:3]), Placed("bishop_v1", FILL[:3])]),
        Side(
            hand=["homem_formiga_v1"],
            resources=FILL[:3],
            scene=[Placed("raio_negro_v2", FILL), Placed("garota_aranha_v1", FILL[:3])],
        ),
        phase=phase,
        content=starter(),
    )


def test_homem_formiga_answers_an_imprevista_action_and_no_one_may_use_its_name() -> None:
    state = _formiga_table(Phase.PREPARATION)
    garota, raio = sid(state, "garota_aranha_v1", 0), sid(state, "raio_negro_v2")
    state, _ = act(state, 0, UseAction(garota, "Teia Atordoante", str(raio)))
    assert state.choice is not None and state.choice.seat == 1  # "você pode colocá-lo em cena"
    state, _ = act(state, 1, Choose("yes"))
    formiga = sid(state, "homem_formiga_v1")
    assert zones.in_scene(state, formiga).controller == 1
    assert shields.shield(state, zones.in_scene(state, raio)) == 3  # Teia had no effect
    theirs = zones.in_scene(state, sid(state, "garota_aranha_v1", 1))
    teia = starter().cards["garota_aranha_v1"].actions[0]
    assert restrictions.problem(state, 1, theirs, teia) == "forbidden"  # its owner's too


def test_homem_formiga_stays_in_the_hand_on_a_normal_action() -> None:
    state = _formiga_table(Phase.ATTACK)
    bishop, raio = sid(state, "bishop_v1"), sid(state, "raio_negro_v2")
    state, _ = act(state, 0, UseAction(bishop, "Emissão de Plasma", str(raio)))
    assert state.choice is None or state.choice.seat != 1
    assert zone_id(state, 1, "hand", "homem_formiga_v1") in state.players[1].hand


def test_crescimento_repentino_only_at_stage_0_then_capacitates_1_or_2() -> None:
    at_1 = _versus([Placed("homem_formiga_v1", FILL[:3])], [Placed("capanga_do_rei_v2", FILL)])
    formiga, capanga = sid(at_1, "homem_formiga_v1"), sid(at_1, "capanga_do_rei_v2")
    use = UseAction(formiga, "Crescimento Repentino", str(capanga), mode="capacitar_2")
    with pytest.raises(IllegalActionError):
        act(at_1, 0, use)
    at_0 = _versus(
        [Placed("homem_formiga_v1", FILL[:3], stage=0)], [Placed("capanga_do_rei_v2", FILL)]
    )
    state, _ = act(at_0, 0, use)
    assert _loaded(state, capanga) == 4 and zones.in_scene(state, formiga).stage == 2


def test_impossivel_de_se_ver_gets_its_2_only_as_the_first_action_of_the_turn() -> None:
    mine = [
        Placed("garota_aranha_v1", ["impossivel_de_se_ver", *FILL[:2]]),
        Placed("bishop_v1", FILL[:3]),
    ]
    theirs = [Placed("capanga_do_rei_v2", FILL), Placed("raio_negro_v2", FILL)]
    first = _versus(mine, theirs)
    garota, capanga = sid(first, "garota_aranha_v1"), sid(first, "capanga_do_rei_v2")
    state, _ = act(first, 0, UseAction(garota, "Impossível de se Ver", str(capanga)))
    assert _loaded(state, capanga) == 4  # 1 + 2, Escudo 1
    later, _ = act(
        first,
        0,
        UseAction(sid(first, "bishop_v1"), "Emissão de Plasma", str(sid(first, "raio_negro_v2"))),
    )
    state, _ = act(later, 0, UseAction(garota, "Impossível de se Ver", str(capanga)))
    assert _loaded(state, capanga) == 6  # 1 only: Escudo 1 takes it


def test_mansao_gives_its_vingadores_genialidade_and_liderar_1() -> None:
    state = build(
        Side(
            scene=[
                Placed("mansao_dos_vingadores_v1", FILL),
                Placed("hulk_v3", FILL, stage=0),
                Placed("raio_negro_v2", FILL, stage=0),
            ]
        ),
        Side(scene=[Placed("mulher_hulk_v1", FILL)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    mansao, hulk, raio = (
        sid(state, k) for k in ("mansao_dos_vingadores_v1", "hulk_v3", "raio_negro_v2")
    )
    assert "genialidade" in zones.powers(state, zones.in_scene(state, hulk))
    assert "genialidade" not in zones.powers(
        state, zones.in_scene(state, sid(state, "mulher_hulk_v1"))
    )
    state, _ = act(state, 0, Activate(mansao, 1))  # its second text
    # Liderar 1 – Vingadores: only Hulk (Raio Negro is Illuminati/Inumanos); or decline.
    assert state.choice is not None and set(state.choice.options) == {str(hulk), "skip"}
    state, _ = act(state, 0, Choose(str(hulk)))
    assert zones.in_scene(state, hulk).stage == 1 and zones.in_scene(state, raio).stage == 0
