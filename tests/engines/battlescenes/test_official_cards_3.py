"""Cards of the official decks (issue 23, third share: Evolução Tática first), each played
once as printed with the built-in cards (``starter()``): what a player notices."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import Activate, Choose, PlayCard, UseAction
from engines.battlescenes.content.schema import Pack
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import shields, zones
from engines.core import IllegalActionError
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid, starter, zone_id

FILL = ["excentricidade"] * 6


def _versus(
    mine: list[Placed], theirs: list[Placed], active: int = 0, scenario: str | None = None
) -> State:
    """An Attack step of ``active``: Ana's ``mine`` against Bruno's ``theirs``."""
    mine_side, theirs_side = Side(deck=["protecao"] * 6, scene=mine), Side(scene=theirs)
    return build(mine_side, theirs_side, active=active, scenario=scenario, content=starter())


def _loaded(state: State, card: int) -> int:
    return len(zones.in_scene(state, card).loaded)


def test_abominavel_deals_4() -> None:
    state = _versus([Placed("abominavel_v1", FILL[:3])], [Placed("capanga_do_rei_v2", FILL)])
    capanga = sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(sid(state, "abominavel_v1"), "Soco Demolidor", str(capanga)))
    assert _loaded(state, capanga) == 3  # 4 - Escudo 1


def test_psylocke_deals_2() -> None:
    state = _versus([Placed("psylocke_v1", FILL[:3])], [Placed("capanga_do_rei_v2", FILL)])
    capanga = sid(state, "capanga_do_rei_v2")
    use = UseAction(sid(state, "psylocke_v1"), "Lâminas Psíquicas", str(capanga))
    state, _ = act(state, 0, use)
    assert _loaded(state, capanga) == 5


def test_tempestade_deals_1_penetrating_and_incapacitates_the_target() -> None:
    state = _versus(
        [Placed("tempestade_v1", FILL[:3], stage=2)], [Placed("raio_negro_v2", FILL, stage=2)]
    )
    raio = sid(state, "raio_negro_v2")
    use = UseAction(sid(state, "tempestade_v1"), "Choque Elétrico", str(raio))
    state, _ = act(state, 0, use)
    assert _loaded(state, raio) == 5  # 1 penetrating: Escudo 3 does not absorb it
    assert zones.in_scene(state, raio).stage == 1


def test_homem_de_ferro_v2_mach_6_makes_his_shield_4_for_the_turn() -> None:
    state = build(
        Side(scene=[Placed("homem_de_ferro_v2", FILL[:3])]),
        Side(scene=[Placed("abominavel_v1", FILL[:3], stage=2)]),
        phase=Phase.ANTICIPATION,
        active=1,
        content=starter(),
    )
    iron = sid(state, "homem_de_ferro_v2")
    state, _ = act(state, 0, UseAction(iron, "Mach 6"))
    assert shields.shield(state, zones.in_scene(state, iron)) == 4
    state, _ = act(state, 1, UseAction(sid(state, "abominavel_v1"), "Soco Demolidor", str(iron)))
    assert _loaded(state, iron) == 3  # 4 damage, Escudo 4 absorbs it all


def test_super_soco_deals_4_from_a_super_forca_character() -> None:
    state = _versus(
        [Placed("abominavel_v1", ["super_soco_v1", *FILL[:2]], stage=2)],
        [Placed("raio_negro_v2", FILL)],
    )
    raio = sid(state, "raio_negro_v2")
    state, _ = act(state, 0, UseAction(sid(state, "abominavel_v1"), "Super Soco", str(raio)))
    assert (
        _loaded(state, raio) == 5 and zones.in_scene(state, sid(state, "abominavel_v1")).stage == 0
    )


def test_rajada_implacavel_has_an_energy_character_hit_a_support() -> None:
    state = build(
        Side(
            hand=["rajada_implacavel"],
            scene=[Placed("tempestade_v1", FILL[:3]), Placed("abominavel_v1", FILL[:3])],
        ),
        Side(scene=[Placed("gerador_pem", FILL[:4]), Placed("capanga_do_rei_v2", FILL[:3])]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "rajada_implacavel")))
    tempestade, gerador = sid(state, "tempestade_v1"), sid(state, "gerador_pem")
    # Only a character with Ataque Energético of its own is offered.
    assert state.choice is not None and set(state.choice.options) == {str(tempestade), "skip"}
    state, _ = act(state, 0, Choose(str(tempestade)))
    assert zones.in_scene(state, tempestade).stage == 0
    assert state.choice is not None and set(state.choice.options) == {str(gerador)}
    state, _ = act(state, 0, Choose(str(gerador)))
    assert _loaded(state, gerador) == 2  # 2 penetrating: its Escudo 2 does not absorb them


def test_a_espreita_adds_1_to_a_villains_damage_only() -> None:
    state = _versus(
        [Placed("abominavel_v1", FILL[:3]), Placed("psylocke_v1", FILL[:3])],
        [Placed("raio_negro_v2", FILL)],
        scenario="a_espreita",
    )
    raio = sid(state, "raio_negro_v2")
    use = UseAction(sid(state, "psylocke_v1"), "Lâminas Psíquicas", str(raio))
    state, _ = act(state, 0, use)
    assert _loaded(state, raio) == 6  # a hero's 2: Escudo 3 absorbs it all, no +1
    state, _ = act(state, 0, UseAction(sid(state, "abominavel_v1"), "Soco Demolidor", str(raio)))
    assert _loaded(state, raio) == 6 - 4  # a villain's 4 + 1, on a shield already spent by 2


def test_a_espreita_replaced_by_a_new_scenario_makes_the_replacers_opponent_draw() -> None:
    state = build(
        Side(hand=["rajada_implacavel"], scene=[Placed("abominavel_v1", FILL[:3])]),
        Side(deck=["protecao"] * 3),
        phase=Phase.PREPARATION,
        content=starter(),
        scenario="a_espreita",
    )
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "rajada_implacavel")))
    # Both effects are pending (the leaving and the entering, 4.4.1 C): Ana orders them.
    assert state.choice is not None and state.choice.prompt == "battlescenes.choice.order"
    espreita = next(p for p in state.tree if p.label == "À Espreita V1")
    state, _ = act(state, 0, Choose(str(espreita.uid)))
    assert len(state.players[1].hand) == 1 and len(state.players[0].hand) == 0


def test_a_espreita_leaving_without_a_new_scenario_draws_nothing() -> None:
    state = _versus(
        [Placed("umar_v1", FILL[:3])],
        [Placed("capanga_do_rei_v2", FILL[:3])],
        scenario="a_espreita",
    )
    state, _ = act(state, 0, UseAction(sid(state, "umar_v1"), "Dimensão Negra"))
    carried = zones.in_scene(state, sid(state, "capanga_do_rei_v2")).loaded[0]
    state, _ = act(state, 0, Choose(str(carried)))
    assert state.scenario is None
    assert (len(state.players[0].hand), len(state.players[1].hand)) == (0, 0)


def test_bombardeio_elastico_deals_1_per_elasticidade_character_you_control() -> None:
    mine = [
        Placed("carnificina_v1", ["bombardeio_elastico", *FILL[:2]]),  # Elasticidade
        Placed("medusa_v2", FILL[:2]),  # Elasticidade
        Placed("abominavel_v1", FILL[:2]),  # none
    ]
    state = _versus(mine, [Placed("capanga_do_rei_v2", FILL), Placed("garota_aranha_v1", FILL)])
    capanga = sid(state, "capanga_do_rei_v2")
    use = UseAction(sid(state, "carnificina_v1"), "Bombardeio Elástico", str(capanga))
    state, _ = act(state, 0, use)
    assert _loaded(state, capanga) == 5  # 2 (not the opponent's Garota-Aranha) - Escudo 1


def test_arremetida_veloz_deals_3_minus_the_targets_stage() -> None:
    for stage, left in ((0, 4), (1, 5), (2, 6)):
        state = build(
            Side(scene=[Placed("tempestade_v1", ["arremetida_veloz", *FILL[:2]])]),
            Side(scene=[Placed("capanga_do_rei_v2", FILL, stage=stage)]),
            phase=Phase.ANTICIPATION,
            active=1,
            content=starter(),
        )
        capanga = sid(state, "capanga_do_rei_v2")
        use = UseAction(sid(state, "tempestade_v1"), "Arremetida Veloz", str(capanga))
        state, _ = act(state, 0, use)
        assert _loaded(state, capanga) == left, stage  # 3-X, Escudo 1


def test_dreno_de_forca_counts_energy_abilities_on_every_character_halved_up() -> None:
    mine = [Placed("tempestade_v1", ["dreno_de_forca", "dreno_de_forca", *FILL[:1]], stage=2)]
    theirs = [Placed("raio_negro_v2", ["dreno_de_forca", "super_soco_v1", *FILL])]
    state = _versus(mine, theirs)
    raio = sid(state, "raio_negro_v2")
    state, _ = act(state, 0, UseAction(sid(state, "tempestade_v1"), "Dreno de Força", str(raio)))
    # Three Dreno de Força carried (Super Soco is Super Força): 3/2 rounded up = 2, Escudo 3.
    assert _loaded(state, raio) == 8


def test_arrancar_pedaco_draws_only_when_the_target_is_a_support() -> None:
    state = _versus(
        [Placed("psylocke_v1", ["arrancar_pedaco", *FILL[:2]])],
        [Placed("gerador_pem", FILL[:4]), Placed("capanga_do_rei_v2", FILL[:4])],
    )
    psylocke, gerador = sid(state, "psylocke_v1"), sid(state, "gerador_pem")
    state, _ = act(state, 0, UseAction(psylocke, "Arrancar Pedaço", str(gerador)))
    assert _loaded(state, gerador) == 4 and len(state.players[0].hand) == 1  # Escudo 2
    state = _versus(
        [Placed("psylocke_v1", ["arrancar_pedaco", *FILL[:2]])],
        [Placed("capanga_do_rei_v2", FILL[:4])],
    )
    capanga = sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(sid(state, "psylocke_v1"), "Arrancar Pedaço", str(capanga)))
    assert _loaded(state, capanga) == 3 and len(state.players[0].hand) == 0


def test_granada_de_mao_gives_ranged_attack_and_is_unloaded_to_deal_4() -> None:
    state = _versus(
        [Placed("abominavel_v1", ["granada_de_mao", *FILL[:2]], stage=2)],
        [Placed("capanga_do_rei_v2", FILL)],
    )
    abominavel, capanga = sid(state, "abominavel_v1"), sid(state, "capanga_do_rei_v2")
    assert "ataque_a_distancia" in zones.powers(state, zones.in_scene(state, abominavel))
    granada = zones.in_scene(state, abominavel).loaded[0]
    state, _ = act(state, 0, UseAction(abominavel, "Granada de Mão", str(capanga)))
    assert granada in state.players[0].resources and _loaded(state, abominavel) == 2
    assert _loaded(state, capanga) == 3  # 4 - Escudo 1


def test_sequencia_de_golpes_unloaded_lets_its_user_use_one_more_super_forca_action() -> None:
    state = _versus(
        [Placed("abominavel_v1", ["sequencia_de_golpes", "granada_de_mao", *FILL[:2]], stage=2)],
        [Placed("raio_negro_v2", FILL)],
    )
    abominavel, raio = sid(state, "abominavel_v1"), sid(state, "raio_negro_v2")
    state, _ = act(state, 0, UseAction(abominavel, "Sequência de Golpes", str(raio)))
    assert state.choice is not None and state.choice.prompt == "battlescenes.choice.may"
    state, _ = act(state, 0, Choose("yes"))
    assert _loaded(state, abominavel) == 3 and _loaded(state, raio) == 6  # Escudo 3 took 2
    # Not an Ataque a Distância action (Granada de Mão): only one more of Super Força.
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, UseAction(abominavel, "Granada de Mão", str(raio)))
    assert err.value.key == "battlescenes.error.one_action"
    state, _ = act(state, 0, UseAction(abominavel, "Soco Demolidor", str(raio)))
    assert _loaded(state, raio) == 3  # 4: the last 1 of the shield, then 3 cards
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, UseAction(abominavel, "Soco Demolidor", str(raio)))
    assert err.value.key == "battlescenes.error.one_action"


def test_sequencia_de_golpes_kept_gives_no_second_action() -> None:
    state = _versus(
        [Placed("abominavel_v1", ["sequencia_de_golpes", *FILL[:2]], stage=2)],
        [Placed("raio_negro_v2", FILL)],
    )
    abominavel, raio = sid(state, "abominavel_v1"), sid(state, "raio_negro_v2")
    state, _ = act(state, 0, UseAction(abominavel, "Sequência de Golpes", str(raio)))
    state, _ = act(state, 0, Choose("skip"))
    assert _loaded(state, abominavel) == 3
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, UseAction(abominavel, "Soco Demolidor", str(raio)))
    assert err.value.key == "battlescenes.error.one_action"


def test_visao_intangibilidade_stops_penetrating_damage_of_actions_targeting_him() -> None:
    state = build(
        Side(scene=[Placed("visao_v1", FILL[:4])]),
        Side(
            scene=[
                Placed("tempestade_v1", FILL[:3], stage=2),
                Placed("carnificina_v1", FILL[:3], stage=2),
                Placed("psylocke_v1", FILL[:3], stage=2),
            ]
        ),
        phase=Phase.ANTICIPATION,
        active=1,
        content=starter(),
    )
    visao = sid(state, "visao_v1")
    state, _ = act(state, 0, UseAction(visao, "Intangibilidade"))
    state = replace(state, phase=Phase.ATTACK)
    tempestade = sid(state, "tempestade_v1")
    state, _ = act(state, 1, UseAction(tempestade, "Choque Elétrico", str(visao)))
    assert _loaded(state, visao) == 4  # 1 penetrating → 0; still incapacitated
    assert zones.in_scene(state, visao).stage == 0
    use = UseAction(sid(state, "psylocke_v1"), "Lâminas Psíquicas", str(visao))
    state, _ = act(state, 1, use)
    assert _loaded(state, visao) == 3  # not penetrating: 2, Escudo 1


def test_j_j_jameson_gets_shield_per_hero_and_draws_villains_actions() -> None:
    state = _versus(
        [
            Placed("j_j_jameson_v1", FILL[:1]),
            Placed("psylocke_v1", FILL[:3]),
            Placed("tempestade_v1", FILL[:3]),
        ],
        [Placed("abominavel_v1", FILL[:3]), Placed("bishop_v1", FILL[:3])],
        active=1,
    )
    jj, psylocke = sid(state, "j_j_jameson_v1"), sid(state, "psylocke_v1")
    assert shields.shield(state, zones.in_scene(state, jj)) == 2  # two heroes, Escudo 0
    with pytest.raises(IllegalActionError) as err:  # a villain's action must target him
        act(state, 1, UseAction(sid(state, "abominavel_v1"), "Soco Demolidor", str(psylocke)))
    assert err.value.key == "battlescenes.error.must_target"
    # A hero's action is free to target another.
    state, _ = act(state, 1, UseAction(sid(state, "bishop_v1"), "Emissão de Plasma", str(psylocke)))
    assert _loaded(state, psylocke) == 2
    state, _ = act(state, 1, UseAction(sid(state, "abominavel_v1"), "Soco Demolidor", str(jj)))
    assert zones.find(state, jj) is None  # 4 damage on Escudo 2 and one card: knocked out


def test_estratagema_infalivel_draws_and_the_opponent_discards_a_card_they_pick() -> None:
    state = build(
        Side(
            deck=["protecao"] * 3,
            hand=["estratagema_infalivel"],
            scene=[Placed("homem_de_ferro_v2", FILL[:3]), Placed("abominavel_v1", FILL[:3])],
        ),
        Side(hand=["psylocke_v1", "super_soco_v1"]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "estratagema_infalivel")))
    iron = sid(state, "homem_de_ferro_v2")
    assert state.choice is not None and set(state.choice.options) == {str(iron), "skip"}
    state, _ = act(state, 0, Choose(str(iron)))
    assert len(state.players[0].hand) == 1 and zones.in_scene(state, iron).stage == 0
    # Bruno picks which of his cards he discards.
    assert state.choice is not None and state.choice.seat == 1
    soco = zone_id(state, 1, "hand", "super_soco_v1")
    state, _ = act(state, 1, Choose(str(soco)))
    assert soco in state.players[1].resources and len(state.players[1].hand) == 1


def test_estratagema_infalivel_declined_does_nothing_more() -> None:
    state = build(
        Side(deck=["protecao"] * 3, hand=["estratagema_infalivel"], scene=[Placed("visao_v1")]),
        Side(hand=["psylocke_v1"]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "estratagema_infalivel")))
    # Visão has no Genialidade: nothing to incapacitate, so nothing follows.
    assert state.choice is None and len(state.players[0].hand) == 0
    assert len(state.players[1].hand) == 1


def test_portal_para_o_microverso_makes_every_characters_shield_0() -> None:
    state = _versus(
        [Placed("portal_para_o_microverso", FILL[:4]), Placed("abominavel_v1", FILL[:3])],
        [Placed("raio_negro_v2", ["protecao", *FILL]), Placed("gerador_pem", FILL[:3])],
    )
    raio, gerador = sid(state, "raio_negro_v2"), sid(state, "gerador_pem")
    assert shields.shield(state, zones.in_scene(state, raio)) == 0  # Escudo 3 and Proteção
    assert shields.shield(state, zones.in_scene(state, gerador)) == 2  # a support keeps it
    state, _ = act(state, 0, UseAction(sid(state, "abominavel_v1"), "Soco Demolidor", str(raio)))
    assert _loaded(state, raio) == 3  # all 4 damage unload cards


def test_mesmero_hipnose_leaves_the_target_only_the_chosen_action_this_turn() -> None:
    state = build(
        Side(
            scene=[
                Placed("mesmero_v1", FILL[:3]),
                Placed("abominavel_v1", ["super_soco_v1", *FILL[:3]], stage=2),
            ]
        ),
        Side(scene=[Placed("raio_negro_v2", FILL)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    abominavel, raio = sid(state, "abominavel_v1"), sid(state, "raio_negro_v2")
    state, _ = act(state, 0, UseAction(sid(state, "mesmero_v1"), "Hipnose", str(abominavel)))
    assert state.choice is not None
    assert set(state.choice.options) == {"Soco Demolidor", "Super Soco", "Excentricidade"}
    state, _ = act(state, 0, Choose("Super Soco"))
    state = replace(state, phase=Phase.ATTACK)
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, UseAction(abominavel, "Soco Demolidor", str(raio)))
    assert err.value.key == "battlescenes.error.forbidden"
    state, _ = act(state, 0, UseAction(abominavel, "Super Soco", str(raio)))
    assert _loaded(state, raio) == 5  # 4 - Escudo 3


def test_disparo_sequencial_deals_1_to_each_of_up_to_three_different_targets() -> None:
    theirs = [Placed("psylocke_v1", FILL[:3]), Placed("visao_v1", FILL[:3])]
    mine = [Placed("tempestade_v1", ["disparo_sequencial_v1", *FILL[:2]], stage=2)]
    state = build(Side(scene=mine), Side(scene=theirs), content=starter())
    tempestade = sid(state, "tempestade_v1")
    psylocke, visao = sid(state, "psylocke_v1"), sid(state, "visao_v1")
    with pytest.raises(IllegalActionError) as err:  # different targets
        act(state, 0, UseAction(tempestade, "Disparo Sequencial", f"{psylocke}, {psylocke}"))
    assert err.value.key == "battlescenes.error.target_count"
    state, _ = act(state, 0, UseAction(tempestade, "Disparo Sequencial", f"{psylocke}, {visao}"))
    # 1 each: Escudo 1 absorbs it, spending the shield.
    for card in (psylocke, visao):
        item = zones.in_scene(state, card)
        assert len(item.loaded) == 3 and shields.shield(state, item) == 0


def test_invocar_o_relampago_looks_at_the_hand_and_may_send_a_scenario_to_resources() -> None:
    state = build(
        Side(hand=["invocar_o_relampago"], scene=[Placed("tempestade_v1", FILL[:3])]),
        Side(hand=["rajada_implacavel", "psylocke_v1"]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    played = zone_id(state, 0, "hand", "invocar_o_relampago")
    state, events = act(state, 0, PlayCard(played))
    look = next(e for e in events if e.key == "battlescenes.event.looked_at_hand")
    assert (
        look.for_seat(1).key.endswith(".hidden") and "Psylocke" in look.for_seat(0).params["cards"]
    )
    rajada = zone_id(state, 1, "hand", "rajada_implacavel")
    assert state.choice is not None and set(state.choice.options) == {str(rajada), "skip"}
    state, _ = act(state, 0, Choose(str(rajada)))
    assert rajada in state.players[1].resources and len(state.players[1].hand) == 1


def test_invocar_o_relampago_keeps_a_character_carrying_mjolnir_from_being_targeted() -> None:
    cards = dict(starter().cards)
    # A stand-in ability card named Mjölnir (the printed one is not a built-in card).
    cards["mjolnir"] = replace(cards["protecao"], key="mjolnir", name="Mjölnir", codes=())
    content = Pack("starter", cards, starter().decks)
    state = build(
        Side(scene=[Placed("abominavel_v1", FILL[:3])]),
        Side(scene=[Placed("tempestade_v1", ["mjolnir", *FILL[:2]]), Placed("psylocke_v1")]),
        content=content,
        scenario="invocar_o_relampago",
    )
    abominavel, tempestade = sid(state, "abominavel_v1"), sid(state, "tempestade_v1")
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, UseAction(abominavel, "Soco Demolidor", str(tempestade)))
    assert err.value.key == "battlescenes.error.bad_target"
    psylocke = sid(state, "psylocke_v1")
    state, _ = act(state, 0, UseAction(abominavel, "Soco Demolidor", str(psylocke)))
    assert zones.find(state, psylocke) is None  # 4 on Escudo 1, no card: knocked out


@pytest.mark.parametrize(
    ("user", "carried", "action", "left"),
    [
        ("agente_shield_v1", [], "Ataque Armado", 6),  # 1, Escudo 1 absorbs it
        ("dente_de_sabre_v1", [], "Dilacerar", 5),  # 2 - Escudo 1
        ("homem_de_ferro_v2", ["franco_atirador"], "Franco-Atirador", 5),  # 1 penetrating
        ("abominavel_v1", ["sabre"], "Sabre", 6),  # Sabre gives Lâminas: 1, absorbed
    ],
)
def test_poderes_ocultos_plain_damage(
    user: str, carried: list[str], action: str, left: int
) -> None:
    state = _versus([Placed(user, [*carried, *FILL[:2]])], [Placed("capanga_do_rei_v2", FILL)])
    capanga = sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(sid(state, user), action, str(capanga)))
    assert _loaded(state, capanga) == left


def test_golpe_treinado_deals_3_in_your_own_turn_and_2_in_the_opponents() -> None:
    for active, phase, left in ((0, Phase.ATTACK, 4), (1, Phase.ANTICIPATION, 5)):
        state = build(
            Side(scene=[Placed("psylocke_v1", ["golpe_treinado", *FILL[:2]])]),
            Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
            phase=phase,
            active=active,
            content=starter(),
        )
        capanga = sid(state, "capanga_do_rei_v2")
        use = UseAction(sid(state, "psylocke_v1"), "Golpe Treinado", str(capanga))
        state, _ = act(state, 0, use)
        assert _loaded(state, capanga) == left, phase  # Escudo 1


def test_rompante_de_precisao_goes_to_the_deck_bottom_to_deal_3_penetrating() -> None:
    state = _versus(
        [Placed("homem_de_ferro_v2", ["rompante_de_precisao", *FILL[:2]])],
        [Placed("raio_negro_v2", FILL)],
    )
    iron, raio = sid(state, "homem_de_ferro_v2"), sid(state, "raio_negro_v2")
    rompante = zones.in_scene(state, iron).loaded[0]
    state, _ = act(state, 0, UseAction(iron, "Rompante de Precisão", str(raio)))
    assert state.players[0].deck[-1] == rompante and _loaded(state, iron) == 2
    assert rompante not in state.players[0].resources and _loaded(state, raio) == 3


def test_armadilha_reforcada_leaves_the_chosen_only_actions_targeting_it() -> None:
    state = build(
        Side(hand=["armadilha_reforcada"], resources=FILL[:3], scene=[Placed("psylocke_v1")]),
        Side(scene=[Placed("abominavel_v1", FILL[:3])]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "armadilha_reforcada")))
    abominavel = sid(state, "abominavel_v1")
    state, _ = act(state, 0, Choose(str(abominavel)))
    armadilha, psylocke = sid(state, "armadilha_reforcada"), sid(state, "psylocke_v1")
    state = replace(state, phase=Phase.ATTACK, active=1)
    with pytest.raises(IllegalActionError) as err:
        act(state, 1, UseAction(abominavel, "Soco Demolidor", str(psylocke)))
    assert err.value.key == "battlescenes.error.must_target"
    state, _ = act(state, 1, UseAction(abominavel, "Soco Demolidor", str(armadilha)))
    assert zones.find(state, armadilha) is None  # 4 on Escudo 1 and three cards: destroyed


def test_capitao_america_v2_searches_a_plano_magistral_scenario() -> None:
    deck = ["rajada_implacavel", "plano_magistral_estrategia", "psylocke_v1"]
    state = build(
        Side(deck=deck, scene=[Placed("capitao_america_v2", FILL[:3])]),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    plano = zone_id(state, 0, "deck", "plano_magistral_estrategia")
    state, _ = act(state, 0, Activate(sid(state, "capitao_america_v2")))
    assert state.choice is not None and set(state.choice.options) - {"skip"} == {str(plano)}
    state, _ = act(state, 0, Choose(str(plano)))
    assert state.players[0].hand == (plano,) and len(state.players[0].deck) == 2


def test_plano_magistral_estrategia_draws_3_only_in_place_of_plano_magistral_objetivo() -> None:
    cards = dict(starter().cards)
    # A stand-in scenario named Plano Magistral - Objetivo (not a built-in card).
    objetivo = replace(cards["a_espreita"], key="objetivo", name="Plano Magistral - Objetivo")
    cards["objetivo"] = replace(objetivo, codes=(), texts=())
    content = Pack("starter", cards, starter().decks)
    for scenario, drawn in (("objetivo", 3), ("rajada_implacavel", 0)):
        state = build(
            Side(deck=["protecao"] * 5, hand=["plano_magistral_estrategia"]),
            Side(),
            phase=Phase.PREPARATION,
            content=content,
            scenario=scenario,
        )
        card = zone_id(state, 0, "hand", "plano_magistral_estrategia")
        state, _ = act(state, 0, PlayCard(card))
        assert len(state.players[0].hand) == drawn, scenario


def test_gambit_splits_as_many_points_as_the_cards_he_carries() -> None:
    state = _versus(
        [Placed("gambit_v1", FILL[:3])],
        [Placed("capanga_do_rei_v2", FILL), Placed("gerador_pem", FILL[:4])],
    )
    gambit = sid(state, "gambit_v1")
    capanga, gerador = sid(state, "capanga_do_rei_v2"), sid(state, "gerador_pem")
    with pytest.raises(IllegalActionError) as err:  # three cards: three points
        act(state, 0, UseAction(gambit, "Arremesso de Cartas", f"{capanga}, {gerador}"))
    assert err.value.key == "battlescenes.error.distribute_count"
    use = UseAction(gambit, "Arremesso de Cartas", f"{capanga}, {capanga}, {gerador}")
    state, _ = act(state, 0, use)
    assert _loaded(state, capanga) == 5 and _loaded(state, gerador) == 4  # 2-1; 1 absorbed


def test_espiral_uses_two_laminas_actions_with_different_names() -> None:
    state = _versus(
        [Placed("espiral_v1", ["sabre", "arrancar_pedaco", *FILL[:2]], stage=2)],
        [Placed("raio_negro_v2", FILL)],
    )
    espiral, raio = sid(state, "espiral_v1"), sid(state, "raio_negro_v2")
    state, _ = act(state, 0, UseAction(espiral, "Fatiar", str(raio)))
    with pytest.raises(IllegalActionError) as err:  # not the same name twice
        act(state, 0, UseAction(espiral, "Fatiar", str(raio)))
    assert err.value.key == "battlescenes.error.one_action"
    state, _ = act(state, 0, UseAction(espiral, "Sabre", str(raio)))
    assert _loaded(state, raio) == 6 and zones.in_scene(state, espiral).stage == 0  # 2+1 on 3
    state = zones.set_in_scene(state, replace(zones.in_scene(state, espiral), stage=2))
    with pytest.raises(IllegalActionError) as err:  # two at most
        act(state, 0, UseAction(espiral, "Arrancar Pedaço", str(raio)))
    assert err.value.key == "battlescenes.error.one_action"


def test_espiral_is_no_target_of_telepatia_actions() -> None:
    """The record's icon {TE} is Telepatia (``content/powers.py``): Psylocke V1's Lâminas
    Psíquicas cannot aim at her; another power's action still can."""
    state = build(
        Side(
            scene=[Placed("psylocke_v1", FILL[:3], stage=2), Placed("garota_aranha_v1", FILL[:3])]
        ),
        Side(scene=[Placed("espiral_v1", FILL[:3]), Placed("raio_negro_v2", FILL)]),
        content=starter(),
    )
    psylocke, espiral = sid(state, "psylocke_v1"), sid(state, "espiral_v1")
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, UseAction(psylocke, "Lâminas Psíquicas", str(espiral)))
    assert err.value.key == "battlescenes.error.bad_target"
    raio = sid(state, "raio_negro_v2")
    act(state, 0, UseAction(psylocke, "Lâminas Psíquicas", str(raio)))  # anyone else: fine
    garota = sid(state, "garota_aranha_v1")
    state, _ = act(state, 0, UseAction(garota, "Teia Atordoante", str(espiral)))  # Agilidade
    assert shields.shield(state, zones.in_scene(state, espiral)) == 0  # Escudo 1 -2, not below 0


def test_nick_fury_fetches_up_to_three_agents_maria_hill_counting_as_one() -> None:
    state = build(
        Side(
            deck=["agente_shield_v1", "maria_hill_v1", "psylocke_v1"],
            hand=["nick_fury_v1"],
            resources=["agente_shield_v1", *FILL[:3]],
        ),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "nick_fury_v1")))
    wanted = {
        zone_id(state, 0, "deck", "agente_shield_v1"),
        zone_id(state, 0, "deck", "maria_hill_v1"),
        zone_id(state, 0, "resources", "agente_shield_v1"),
    }
    assert state.choice is not None
    assert set(state.choice.options) == {str(c) for c in wanted} | {"done"}
    for card in sorted(wanted):
        state, _ = act(state, 0, Choose(str(card)))
    assert set(state.players[0].hand) == wanted and len(state.players[0].deck) == 1
    nick = sid(state, "nick_fury_v1")
    assert shields.shield(state, zones.in_scene(state, nick)) == 1  # Escudo 0, +1 of his own


def test_nick_fury_gives_shield_to_shield_characters_and_supports_only() -> None:
    state = _versus(
        [
            Placed("nick_fury_v1", FILL[:3]),
            Placed("agente_shield_v1", FILL[:1]),
            Placed("psylocke_v1", FILL[:3]),
        ],
        [Placed("agente_shield_v1", FILL[:1])],
    )
    mine = sid(state, "agente_shield_v1", 0)
    theirs = sid(state, "agente_shield_v1", 1)
    psylocke = sid(state, "psylocke_v1")
    got = [shields.shield(state, zones.in_scene(state, c)) for c in (mine, theirs, psylocke)]
    assert got == [1, 0, 1]  # his own S.H.I.E.L.D.; not the opponent's; Psylocke's printed 1


def test_maria_hill_leads_a_shield_character() -> None:
    state = build(
        Side(
            scene=[
                Placed("maria_hill_v1", FILL[:2]),
                Placed("agente_shield_v1", FILL[:1], stage=0),
                Placed("psylocke_v1", FILL[:1], stage=0),
            ]
        ),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    agente = sid(state, "agente_shield_v1")
    state, _ = act(state, 0, Activate(sid(state, "maria_hill_v1"), 1))
    assert state.choice is not None
    assert set(state.choice.options) - {"skip"} == {str(agente), str(sid(state, "maria_hill_v1"))}
    state, _ = act(state, 0, Choose(str(agente)))
    assert zones.in_scene(state, agente).stage == 1


def test_bruce_banner_knocked_out_by_an_action_brings_hulk_loaded_with_up_to_four() -> None:
    state = build(
        Side(
            deck=["protecao", "protecao"],
            hand=["hulk_v3"],
            resources=FILL[:5],
            scene=[Placed("bruce_banner_v1", FILL[:1])],
        ),
        Side(scene=[Placed("abominavel_v1", FILL[:3])]),
        active=1,
        content=starter(),
    )
    bruce, hulk = sid(state, "bruce_banner_v1"), zone_id(state, 0, "hand", "hulk_v3")
    state, _ = act(state, 1, UseAction(sid(state, "abominavel_v1"), "Soco Demolidor", str(bruce)))
    assert bruce in state.players[0].prizes
    assert state.choice is not None and state.choice.seat == 0  # you may search
    state, _ = act(state, 0, Choose("yes"))
    assert state.choice is not None and str(hulk) in state.choice.options
    state, _ = act(state, 0, Choose(str(hulk)))
    item = zones.in_scene(state, hulk)
    # Five resources and the card the damage unloaded from Bruce: four loaded, two left.
    assert item.controller == 0 and len(item.loaded) == 4 and len(state.players[0].resources) == 2


def test_bruce_banner_knocked_out_otherwise_brings_nothing() -> None:
    state = build(
        Side(hand=["hulk_v3"], resources=FILL[:5], scene=[Placed("bruce_banner_v1", FILL[:1])]),
        Side(scene=[Placed("umar_v1", FILL[:3])]),
        active=1,
        content=starter(),
    )
    bruce = sid(state, "bruce_banner_v1")
    state, _ = act(state, 1, UseAction(sid(state, "umar_v1"), "Dimensão Negra"))
    state, _ = act(state, 1, Choose(str(zones.in_scene(state, bruce).loaded[0])))
    assert bruce in state.players[0].prizes  # unloaded, not damaged: no search offered
    assert state.choice is None and len(state.players[0].hand) == 1


def test_lacerar_loads_a_resource_and_unloads_itself_to_deal_1_penetrating() -> None:
    state = build(
        Side(
            resources=["protecao"],
            scene=[Placed("dente_de_sabre_v1", ["lacerar", *FILL[:2]], stage=0)],
        ),
        Side(scene=[Placed("raio_negro_v2", FILL)]),
        content=starter(),
    )
    dente, raio = sid(state, "dente_de_sabre_v1"), sid(state, "raio_negro_v2")
    lacerar, protecao = zones.in_scene(state, dente).loaded[0], state.players[0].resources[0]
    state, _ = act(state, 0, UseAction(dente, "Lacerar", str(raio)))
    carried = zones.in_scene(state, dente).loaded
    assert protecao in carried and lacerar not in carried and len(carried) == 3
    assert state.players[0].resources == (lacerar,) and _loaded(state, raio) == 5
    empty = build(
        Side(scene=[Placed("dente_de_sabre_v1", ["lacerar", *FILL[:2]])]),
        Side(scene=[Placed("raio_negro_v2", FILL)]),
        content=starter(),
    )
    with pytest.raises(IllegalActionError) as err:  # nothing in the resources to load
        act(empty, 0, UseAction(dente, "Lacerar", str(raio)))
    assert err.value.key == "battlescenes.error.pay_cost"


def test_treinador_swaps_for_an_allys_ability_and_uses_it_the_turn_he_entered() -> None:
    state = build(
        Side(
            scene=[
                Placed("treinador_v1", FILL[:2], entered=3),
                Placed("psylocke_v1", ["sabre", "protecao", *FILL[:1]]),
            ]
        ),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    treinador, psylocke = sid(state, "treinador_v1"), sid(state, "psylocke_v1")
    mine = zones.in_scene(state, treinador).loaded[0]
    sabre = zones.in_scene(state, psylocke).loaded[0]
    state, _ = act(state, 0, Activate(treinador))
    assert state.choice is not None and set(state.choice.options) == {str(psylocke), "skip"}
    state, _ = act(state, 0, Choose(str(psylocke)))
    # Only the Lâminas ability card is offered (not Proteção, nor the Excentricidade).
    assert state.choice is not None
    assert {o.split(">")[1] for o in state.choice.options} == {str(sabre)}
    state, _ = act(state, 0, Choose(f"{mine}>{sabre}"))
    assert sabre in zones.in_scene(state, treinador).loaded
    assert mine in zones.in_scene(state, psylocke).loaded
    state = replace(state, phase=Phase.ATTACK)
    capanga = sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(treinador, "Sabre", str(capanga)))  # Prontidão
    assert zones.in_scene(state, capanga).damaged_this_turn


def test_veiculo_shield_v2_lends_its_cannon_which_may_be_used_again() -> None:
    state = _versus(
        [
            Placed("veiculo_shield_v2", FILL[:2]),
            Placed("agente_shield_v1", FILL[:2], stage=2),
            Placed("psylocke_v1", FILL[:2]),
        ],
        [Placed("raio_negro_v2", FILL)],
    )
    agente, raio = sid(state, "agente_shield_v1"), sid(state, "raio_negro_v2")
    with pytest.raises(IllegalActionError):  # not lent yet
        act(state, 0, UseAction(agente, "Canhão de Repetição", str(raio)))
    state, _ = act(state, 0, Activate(sid(state, "veiculo_shield_v2")))
    assert state.choice is not None and set(state.choice.options) == {str(agente), "skip"}
    state, _ = act(state, 0, Choose(str(agente)))
    state, _ = act(state, 0, UseAction(agente, "Canhão de Repetição", str(raio)))
    state, _ = act(state, 0, UseAction(agente, "Canhão de Repetição", str(raio)))
    assert _loaded(state, raio) == 5  # 2 + 2 on Escudo 3
    with pytest.raises(IllegalActionError) as err:  # its own action is another one
        act(state, 0, UseAction(agente, "Ataque Armado", str(raio)))
    assert err.value.key == "battlescenes.error.one_action"


def test_several_veiculo_shield_v2_may_be_in_the_scene() -> None:
    state = build(
        Side(
            hand=["veiculo_shield_v2"],
            resources=FILL[:2],
            scene=[Placed("veiculo_shield_v2", FILL[:2])],
        ),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "veiculo_shield_v2")))
    assert len(state.scene) == 2
