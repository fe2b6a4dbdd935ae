"""Cards of the official decks (issue 23, round 2, fourth share: Invasão Cósmica), each
played as printed with the built-in cards (``starter()``): what a player notices."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import Activate, Choose, Pass, PlayCard, UseAction
from engines.battlescenes.content.schema import Pack
from engines.battlescenes.rules.state import Continuous, Phase, State
from engines.battlescenes.table import leaving, shields, zones
from engines.core import IllegalActionError
from engines.core.model import replace
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
) -> State:
    """An Attack step (or ``phase``) of ``active``: Ana's ``mine`` against Bruno's ``theirs``."""
    mine_side = Side(deck=deck or ["protecao"] * 6, hand=hand or [], scene=mine)
    theirs_side = Side(scene=theirs)
    return build(
        mine_side, theirs_side, active=active, scenario=scenario, phase=phase, content=starter()
    )


def _loaded(state: State, card: int) -> int:
    return len(zones.in_scene(state, card).loaded)


def test_homem_de_ferro_v1_deals_1_penetrating_damage() -> None:
    state = _versus([Placed("homem_de_ferro_v1", FILL[:4])], [Placed("capanga_do_rei_v2", FILL)])
    capanga = sid(state, "capanga_do_rei_v2")
    state, _ = act(
        state, 0, UseAction(sid(state, "homem_de_ferro_v1"), "Raio Repulsor", str(capanga))
    )
    assert _loaded(state, capanga) == 5  # Escudo 1 absorbs none of it


def test_combate_em_campo_aberto_draws_and_adds_1_to_normal_actions_only() -> None:
    state = _versus(
        [Placed("homem_de_ferro_v1", FILL[:4])],
        [Placed("capanga_do_rei_v2", FILL)],
        hand=["combate_em_campo_aberto_v1"],
        phase=Phase.PREPARATION,
    )
    hand = len(state.players[0].hand)
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "combate_em_campo_aberto_v1")))
    assert len(state.players[0].hand) == hand  # played one, drew one
    capanga = sid(state, "capanga_do_rei_v2")
    state = _versus(
        [Placed("homem_de_ferro_v1", FILL[:4]), Placed("mercurio_v1", FILL[:3])],
        [Placed("capanga_do_rei_v2", FILL)],
        scenario="combate_em_campo_aberto_v1",
        phase=Phase.PREPARATION,
    )
    capanga = sid(state, "capanga_do_rei_v2")
    # An Imprevista (and Antecipar) action gets nothing: 1 damage, Escudo 1 absorbs it.
    state, _ = act(state, 0, UseAction(sid(state, "mercurio_v1"), "Super Velocidade", str(capanga)))
    assert _loaded(state, capanga) == 6
    state = _versus(
        [Placed("homem_de_ferro_v1", FILL[:4])],
        [Placed("capanga_do_rei_v2", FILL)],
        scenario="combate_em_campo_aberto_v1",
    )
    capanga = sid(state, "capanga_do_rei_v2")
    state, _ = act(
        state, 0, UseAction(sid(state, "homem_de_ferro_v1"), "Raio Repulsor", str(capanga))
    )
    assert _loaded(state, capanga) == 4  # a normal action: 1 + 1 penetrating


def test_chamariz_holografico_must_be_a_target_of_an_opponents_damaging_action() -> None:
    state = _versus(
        [Placed("homem_de_ferro_v1", FILL[:4])],
        [Placed("capanga_do_rei_v2", FILL), Placed("chamariz_holografico_v1", FILL[:2])],
    )
    capanga, chamariz = sid(state, "capanga_do_rei_v2"), sid(state, "chamariz_holografico_v1")
    ferro = sid(state, "homem_de_ferro_v1")
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, UseAction(ferro, "Raio Repulsor", str(capanga)))
    assert err.value.key == "battlescenes.error.must_target"
    state, _ = act(state, 0, UseAction(ferro, "Raio Repulsor", str(chamariz)))
    assert _loaded(state, chamariz) == 1


def test_senhor_das_estrelas_fetches_a_guardioes_character_or_support_on_entering() -> None:
    deck = ["rocket_raccoon_v1", "chamariz_holografico_v1", "homem_de_ferro_v1", *FILL]
    state = build(
        Side(deck=deck, hand=["senhor_das_estrelas_v1"], resources=FILL[:4]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    rocket = zone_id(state, 0, "deck", "rocket_raccoon_v1")
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "senhor_das_estrelas_v1")))
    state, _ = act(state, 0, Choose("yes"))  # "você pode procurar"
    # Only Guardiões da Galáxia characters or supports: not Homem de Ferro, nor the support
    # Chamariz Holográfico (no affiliation).
    assert state.choice is not None and set(state.choice.options) - {"skip"} == {str(rocket)}
    state, _ = act(state, 0, Choose(str(rocket)))
    assert rocket in state.players[0].hand


def test_senhor_das_estrelas_leads_a_guardioes_character() -> None:
    state = _versus(
        [
            Placed("senhor_das_estrelas_v1", FILL[:4]),
            Placed("rocket_raccoon_v1", FILL[:3], stage=0),
        ],
        [Placed("capanga_do_rei_v2", FILL)],
        phase=Phase.PREPARATION,
    )
    rocket = sid(state, "rocket_raccoon_v1")
    state, _ = act(state, 0, Activate(sid(state, "senhor_das_estrelas_v1"), 1))
    # Only a Guardiões da Galáxia character (Senhor das Estrelas himself is one).
    assert state.choice is not None and str(rocket) in state.choice.options
    assert str(sid(state, "capanga_do_rei_v2")) not in state.choice.options
    state, _ = act(state, 0, Choose(str(rocket)))
    assert zones.in_scene(state, rocket).stage == 1


def test_cosmo_unloads_a_card_only_from_a_character_carrying_two_or_more() -> None:
    state = _versus(
        [Placed("cosmo_v1", FILL[:3])],
        [Placed("capanga_do_rei_v2", FILL[:1]), Placed("hulk_v1", FILL[:2])],
        phase=Phase.PREPARATION,
    )
    capanga, hulk = sid(state, "capanga_do_rei_v2"), sid(state, "hulk_v1")
    state, _ = act(state, 0, UseAction(sid(state, "cosmo_v1"), "Cão Telepata"))
    offered = {int(o) for o in state.choice.options} if state.choice else set()
    # Capanga carries one card: none of it is offered; Cosmo's own three and Hulk's two are.
    assert offered & set(zones.in_scene(state, capanga).loaded) == set()
    assert set(zones.in_scene(state, hulk).loaded) <= offered
    state, _ = act(state, 0, Choose(str(zones.in_scene(state, hulk).loaded[0])))
    assert _loaded(state, hulk) == 1 and _loaded(state, capanga) == 1


def test_nova_gets_shield_1_more_while_carrying_a_cosmic_power_ability_card() -> None:
    state = _versus(
        [Placed("nova_v1", FILL[:3]), Placed("cosmo_v1", ["rompante_do_absoluto", *FILL[:2]])],
        [Placed("capanga_do_rei_v2", FILL)],
    )
    nova = sid(state, "nova_v1")
    assert shields.shield(state, zones.in_scene(state, nova)) == 1
    state = _versus(
        [Placed("nova_v1", ["rompante_do_absoluto", *FILL[:2]])],
        [Placed("capanga_do_rei_v2", FILL)],
    )
    nova = sid(state, "nova_v1")
    assert shields.shield(state, zones.in_scene(state, nova)) == 2


def test_nova_pays_energia_cosmica_1_and_deals_2() -> None:
    state = build(
        Side(deck=["protecao"] * 4, resources=FILL[:2], scene=[Placed("nova_v1", FILL[:3])]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        content=starter(),
    )
    capanga = sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(sid(state, "nova_v1"), "Poder Nova", str(capanga)))
    assert _loaded(state, capanga) == 5  # 2 - Escudo 1
    assert len(state.players[0].resources) == 1 and len(state.players[0].deck) == 5


def test_pepper_potts_gets_shield_2_while_you_control_homem_de_ferro() -> None:
    alone = _versus([Placed("pepper_potts_v1", FILL[:1])], [Placed("capanga_do_rei_v2", FILL)])
    pepper = zones.in_scene(alone, sid(alone, "pepper_potts_v1"))
    assert shields.shield(alone, pepper) == 0
    state = _versus(
        [Placed("pepper_potts_v1", FILL[:1]), Placed("homem_de_ferro_v1", FILL[:4])],
        [Placed("capanga_do_rei_v2", FILL)],
    )
    pepper = zones.in_scene(state, sid(state, "pepper_potts_v1"))
    assert shields.shield(state, pepper) == 2


def test_pepper_potts_lets_homem_de_ferro_use_genialidade_actions_in_anticipation() -> None:
    cards = dict(starter().cards)
    # A stand-in ability: a normal Genialidade action dealing 1 damage (not a built-in card).
    gadget = cards["jogar_objeto_v1"]
    action = replace(gadget.actions[0], name="Engenhoca", power="genialidade")
    cards["engenhoca"] = replace(
        gadget, key="engenhoca", name="Engenhoca", codes=(), texts=(), actions=(action,)
    )
    content = Pack("starter", cards, starter().decks)
    for mine, usable in ((["pepper_potts_v1"], True), ([], False)):
        scene = [Placed("homem_de_ferro_v1", ["engenhoca", *FILL[:3]])]
        scene += [Placed(key, FILL[:1]) for key in mine]
        state = build(
            Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
            Side(deck=["protecao"] * 4, scene=scene),
            phase=Phase.ANTICIPATION,
            content=content,
        )
        ferro, capanga = sid(state, "homem_de_ferro_v1"), sid(state, "capanga_do_rei_v2")
        if not usable:
            with pytest.raises(IllegalActionError):
                act(state, 1, UseAction(ferro, "Engenhoca", str(capanga)))
            continue
        with pytest.raises(IllegalActionError):  # Raio Repulsor (Ataque Energético) stays normal
            act(state, 1, UseAction(ferro, "Raio Repulsor", str(capanga)))
        state, _ = act(state, 1, UseAction(ferro, "Engenhoca", str(capanga)))
        assert zones.in_scene(state, ferro).stage == 0


def test_rocket_raccoon_v2_deals_x_penetrating_and_acts_again_when_x_is_2() -> None:
    for x, again in ((1, False), (2, True)):
        state = _versus(
            [Placed("rocket_raccoon_v2", FILL[:3], stage=2)], [Placed("capanga_do_rei_v2", FILL)]
        )
        rocket, capanga = sid(state, "rocket_raccoon_v2"), sid(state, "capanga_do_rei_v2")
        state, _ = act(state, 0, UseAction(rocket, "Blam, Matei Você!", str(capanga), x=x))
        assert _loaded(state, capanga) == 6 - x  # penetrating: Escudo 1 absorbs none
        use = UseAction(rocket, "Blam, Matei Você!", str(capanga), x=0)
        if again:
            state, _ = act(state, 0, use)
        else:
            with pytest.raises(IllegalActionError):
                act(state, 0, use)


def test_rocket_raccoon_v2_swaps_an_energy_or_ranged_ability_card_with_a_guardioes_ally() -> None:
    state = _versus(
        [
            Placed("rocket_raccoon_v2", ["raio_de_forca_v1", *FILL[:2]]),
            Placed("rocket_raccoon_v1", FILL[:3]),
            Placed("homem_de_ferro_v1", FILL[:4]),
        ],
        [Placed("capanga_do_rei_v2", FILL)],
        phase=Phase.PREPARATION,
    )
    v2, v1 = sid(state, "rocket_raccoon_v2"), sid(state, "rocket_raccoon_v1")
    raio = zones.in_scene(state, v2).loaded[0]
    state, _ = act(state, 0, Activate(v2))
    assert state.choice is not None
    if "yes" in state.choice.options:
        state, _ = act(state, 0, Choose("yes"))
    # Only a Guardiões da Galáxia ally: not Homem de Ferro.
    assert state.choice is not None and set(state.choice.options) - {"skip"} == {str(v1)}
    state, _ = act(state, 0, Choose(str(v1)))
    assert state.choice is not None
    # Raio de Força (Ataque Energético) is one of the two each time: no swap of two others.
    assert all(o.startswith(f"{raio}>") for o in state.choice.options)
    state, _ = act(state, 0, Choose(state.choice.options[0]))
    assert raio in zones.in_scene(state, v1).loaded and raio not in zones.in_scene(state, v2).loaded


def test_gamora_v1_swaps_a_ranged_or_blades_ability_card_with_a_guardioes_ally() -> None:
    # The same text as Rocket Raccoon V2's, with Lâminas: here the card comes from the ally.
    state = _versus(
        [
            Placed("gamora_v1", FILL[:4]),
            Placed("rocket_raccoon_v1", ["jogar_objeto_v1", *FILL[:2]]),
        ],
        [Placed("capanga_do_rei_v2", FILL)],
        phase=Phase.PREPARATION,
    )
    gamora, rocket = sid(state, "gamora_v1"), sid(state, "rocket_raccoon_v1")
    jogar = zones.in_scene(state, rocket).loaded[0]
    state, _ = act(state, 0, Activate(gamora))
    if state.choice is not None and "yes" in state.choice.options:
        state, _ = act(state, 0, Choose("yes"))
    state, _ = act(state, 0, Choose(str(rocket)))
    assert state.choice is not None
    assert all(o.endswith(f">{jogar}") for o in state.choice.options)
    state, _ = act(state, 0, Choose(state.choice.options[0]))
    assert jogar in zones.in_scene(state, gamora).loaded


@pytest.mark.parametrize(
    ("mode", "capanga_left", "support_left"), [("personagens", 5, 4), ("suportes", 6, 3)]
)
def test_maquina_de_combate_hits_each_opponent_character_or_each_opponent_support(
    mode: str, capanga_left: int, support_left: int
) -> None:
    state = _versus(
        [Placed("maquina_de_combate_v1", FILL[:5], stage=2), Placed("homem_de_ferro_v1", FILL[:4])],
        [Placed("capanga_do_rei_v2", FILL), Placed("gerador_pem", FILL[:4])],
    )
    capanga, gerador = sid(state, "capanga_do_rei_v2"), sid(state, "gerador_pem")
    ferro = sid(state, "homem_de_ferro_v1")
    maquina = sid(state, "maquina_de_combate_v1")
    state, _ = act(state, 0, UseAction(maquina, "Chuva de Mísseis", mode=mode))
    assert _loaded(state, capanga) == capanga_left
    assert _loaded(state, gerador) == support_left  # 3 on Escudo 2
    assert _loaded(state, ferro) == 4  # its own side is never hit
    assert zones.in_scene(state, maquina).stage == 0  # the errata's cost 2


def test_korath_chooses_an_opponents_character_on_entering() -> None:
    state = build(
        Side(deck=["protecao"] * 4, hand=["korath_v1"], resources=FILL[:5]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "korath_v1")))
    capanga, korath = sid(state, "capanga_do_rei_v2"), sid(state, "korath_v1")
    assert state.choice is not None and set(state.choice.options) - {"skip"} == {str(capanga)}
    state, _ = act(state, 0, Choose(str(capanga)))
    assert [(c.source, c.target) for c in state.continuous] == [(korath, capanga)]


def test_korath_adds_2_against_the_chosen_name_even_after_it_left_and_acts_again() -> None:
    state = _versus(
        [Placed("korath_v1", FILL[:5], stage=2)],
        [
            Placed("capanga_do_rei_v2", FILL[:1]),
            Placed("capanga_do_rei_v2", FILL),
            Placed("hulk_v1", FILL),
        ],
    )
    korath = sid(state, "korath_v1")
    chosen, other = sid(state, "capanga_do_rei_v2"), sid(state, "capanga_do_rei_v2", nth=1)
    hulk = sid(state, "hulk_v1")
    mark = Continuous(source=korath, target=chosen, kind="mark_identity")
    state = replace(state, continuous=(mark,))
    state, _ = act(state, 0, UseAction(korath, "Bastões Energéticos", str(chosen)))
    assert zones.find(state, chosen) is None  # 1 + 2 on Escudo 1 and one card: knocked out
    # The chosen one left; another Capanga do Rei still takes +2 (the FAQ), and the action
    # may be used again this turn.
    state, _ = act(state, 0, UseAction(korath, "Bastões Energéticos", str(other)))
    assert _loaded(state, other) == 4
    # Stage 0 now: no third use. Another name gets nothing: 1 on Hulk's Escudo 3.
    with pytest.raises(IllegalActionError):
        act(state, 0, UseAction(korath, "Bastões Energéticos", str(hulk)))
    state = replace(state, scene=tuple(replace(s, stage=2) for s in state.scene))
    state, _ = act(state, 0, UseAction(korath, "Bastões Energéticos", str(hulk)))
    assert _loaded(state, hulk) == 6


def test_investigar_ruinas_fetches_a_unique_item_ability_card() -> None:
    deck = ["mjolnir", "raio_de_forca_v1", "escudo_do_capitao_america", *FILL[:2]]
    state = build(
        Side(deck=deck, hand=["investigar_ruinas_v1"]),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    mjolnir = zone_id(state, 0, "deck", "mjolnir")
    escudo = zone_id(state, 0, "deck", "escudo_do_capitao_america")
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "investigar_ruinas_v1")))
    assert state.choice is not None
    assert set(state.choice.options) - {"skip"} == {str(mjolnir), str(escudo)}
    state, _ = act(state, 0, Choose(str(escudo)))
    assert state.players[0].hand == (escudo,) and len(state.players[0].deck) == 4


def test_invasao_kree_fetches_a_kree_card_only_when_the_opponent_has_no_character() -> None:
    for theirs, fetched in (([], True), ([Placed("capanga_do_rei_v2", FILL)], False)):
        state = build(
            Side(deck=["protecao"] * 3, hand=["invasao_kree_v1"], resources=["korath_v1"]),
            Side(scene=theirs),
            phase=Phase.PREPARATION,
            content=starter(),
        )
        korath = zone_id(state, 0, "resources", "korath_v1")
        state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "invasao_kree_v1")))
        if fetched:
            assert state.choice is not None and str(korath) in state.choice.options
            state, _ = act(state, 0, Choose(str(korath)))
        assert (korath in state.players[0].hand) == fetched


def test_invasao_kree_adds_1_to_damage_by_your_kree_characters() -> None:
    state = _versus(
        [Placed("korath_v1", FILL[:5], stage=2), Placed("homem_de_ferro_v1", FILL[:4])],
        [Placed("capanga_do_rei_v2", FILL), Placed("hulk_v1", FILL)],
        scenario="invasao_kree_v1",
    )
    capanga, hulk = sid(state, "capanga_do_rei_v2"), sid(state, "hulk_v1")
    state, _ = act(
        state, 0, UseAction(sid(state, "korath_v1"), "Bastões Energéticos", str(capanga))
    )
    assert _loaded(state, capanga) == 5  # 1 + 1 on Escudo 1
    state, _ = act(state, 0, UseAction(sid(state, "homem_de_ferro_v1"), "Raio Repulsor", str(hulk)))
    assert _loaded(state, hulk) == 5  # not Kree: 1 penetrating


def test_multiplas_identidades_fetches_a_character_with_the_incapacitated_ones_alter_ego() -> None:
    deck = ["homem_de_ferro_v2", "korath_v1", "maquina_de_combate_v1", *FILL[:2]]
    state = build(
        Side(
            deck=deck,
            hand=["multiplas_identidades_v1"],
            scene=[Placed("homem_de_ferro_v1", FILL[:4], stage=2), Placed("capanga_do_rei_v2")],
        ),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    ferro, capanga = sid(state, "homem_de_ferro_v1"), sid(state, "capanga_do_rei_v2")
    v2 = zone_id(state, 0, "deck", "homem_de_ferro_v2")
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "multiplas_identidades_v1")))
    assert state.choice is not None and {str(ferro), str(capanga)} <= set(state.choice.options)
    state, _ = act(state, 0, Choose(str(ferro)))
    assert zones.in_scene(state, ferro).stage == 1
    # Only his alter ego (Anthony Edward Stark): not Máquina de Combate, nor Korath.
    assert state.choice is not None and set(state.choice.options) - {"skip"} == {str(v2)}
    state, _ = act(state, 0, Choose(str(v2)))
    assert v2 in state.players[0].hand


def test_multiplas_identidades_finds_nothing_for_a_character_without_alter_ego() -> None:
    state = build(
        Side(
            deck=["capanga_do_rei_v2", *FILL[:2]],
            hand=["multiplas_identidades_v1"],
            scene=[Placed("capanga_do_rei_v2")],
        ),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    capanga = sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "multiplas_identidades_v1")))
    state, _ = act(state, 0, Choose(str(capanga)))
    assert state.choice is None and state.players[0].hand == ()


def test_ronan_names_a_power_on_entering_and_deals_5_to_a_character_with_it() -> None:
    state = build(
        Side(deck=["protecao"] * 4, hand=["ronan_v1"], resources=FILL[:6]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "ronan_v1")))
    assert state.choice is not None and "agilidade" in state.choice.options
    state, _ = act(state, 0, Choose("ataque_a_distancia"))
    ronan = sid(state, "ronan_v1")
    # Later: Ronan ready to act against a Capanga do Rei (Ataque a Distância).
    state = replace(
        state,
        phase=Phase.ATTACK,
        scene=tuple(replace(s, entered_turn=0, stage=2) for s in state.scene),
    )
    capanga = sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(ronan, "Arma Universal", str(capanga)))
    assert _loaded(state, capanga) == 2  # 3 + 2 on Escudo 1


@pytest.mark.parametrize(("target", "left"), [("hulk_v1", 6), ("gerador_pem", 5)])
def test_ronan_deals_3_to_a_target_without_the_chosen_power(target: str, left: int) -> None:
    state = _versus([Placed("ronan_v1", FILL[:6])], [Placed(target, FILL)])
    ronan, victim = sid(state, "ronan_v1"), sid(state, target)
    chosen = Continuous(source=ronan, target=ronan, kind="chosen_power:ataque_a_distancia")
    state = replace(state, continuous=(chosen,))
    state, _ = act(state, 0, UseAction(ronan, "Arma Universal", str(victim)))
    assert _loaded(state, victim) == left  # Hulk: 3 on Escudo 3; the support: 3 on Escudo 2


def test_mandarim_gains_a_power_from_the_scene_and_one_more_action() -> None:
    state = _versus(
        [Placed("mandarim_v1", ["raio_de_forca_v1", *FILL[:3]], stage=2)],
        [Placed("homem_de_ferro_v1", FILL)],
        phase=Phase.PREPARATION,
    )
    mandarim, ferro = sid(state, "mandarim_v1"), sid(state, "homem_de_ferro_v1")
    assert "ataque_energetico" not in zones.powers(state, zones.in_scene(state, mandarim))
    state, _ = act(state, 0, UseAction(mandarim, "Dez Anéis"))
    # Only powers characters in the scene have (his own, Homem de Ferro's).
    assert state.choice is not None and "telecinesia" not in state.choice.options
    assert "ataque_energetico" in state.choice.options
    state, _ = act(state, 0, Choose("ataque_energetico"))
    assert "ataque_energetico" in zones.powers(state, zones.in_scene(state, mandarim))
    # Later in the turn (restaged for the cost): Raio de Força needs the power gained, and
    # is a second action this turn.
    state = replace(
        state, phase=Phase.ATTACK, scene=tuple(replace(s, stage=2) for s in state.scene)
    )
    state, _ = act(state, 0, UseAction(mandarim, "Raio de Força", str(ferro)))
    assert _loaded(state, ferro) == 3  # 3 penetrating
    # One more action only: a third is refused even with the incapacitation paid for.
    state = replace(state, scene=tuple(replace(s, stage=2) for s in state.scene))
    with pytest.raises(IllegalActionError):
        act(state, 0, UseAction(mandarim, "Raio de Força", str(ferro)))


def test_reuniao_de_intelectos_replaced_makes_each_player_draw_per_genialidade_character() -> None:
    state = build(
        Side(
            deck=["protecao"] * 5,
            hand=["combate_em_campo_aberto_v1"],
            scene=[Placed("homem_de_ferro_v1", FILL[:4]), Placed("pepper_potts_v1", FILL[:1])],
        ),
        Side(
            deck=["protecao"] * 5,
            scene=[Placed("rocket_raccoon_v2", FILL[:3]), Placed("capanga_do_rei_v2", FILL)],
        ),
        phase=Phase.PREPARATION,
        content=starter(),
        scenario="reuniao_de_intelectos_v1",
    )
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "combate_em_campo_aberto_v1")))
    if state.choice is not None and state.choice.prompt == "battlescenes.choice.order":
        reuniao = next(p for p in state.tree if p.label == "Reunião de Intelectos V1")
        state, _ = act(state, 0, Choose(str(reuniao.uid)))
    # Ana: two Genialidade characters, and Combate em Campo Aberto's own draw; Bruno: one.
    assert len(state.players[0].hand) == 3 and len(state.players[1].hand) == 1


def test_reuniao_de_intelectos_draws_one_on_entering() -> None:
    state = build(
        Side(deck=["protecao"] * 3, hand=["reuniao_de_intelectos_v1"]),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "reuniao_de_intelectos_v1")))
    assert len(state.players[0].hand) == 1


def test_colecionador_sends_a_carried_unique_item_under_its_owners_deck_and_capacitates() -> None:
    state = _versus(
        [Placed("colecionador_v1", FILL[:5], stage=0)],
        [Placed("hulk_v1", ["escudo_do_capitao_america", "raio_de_forca_v1", *FILL[:3]])],
        phase=Phase.PREPARATION,
    )
    colecionador, hulk = sid(state, "colecionador_v1"), sid(state, "hulk_v1")
    escudo = zones.in_scene(state, hulk).loaded[0]
    state, _ = act(state, 0, Activate(colecionador))
    # Only the Item Único ability card is offered (not Raio de Força).
    assert state.choice is not None and set(state.choice.options) - {"skip"} == {str(escudo)}
    state, _ = act(state, 0, Choose(str(escudo)))
    assert state.players[1].deck[-1] == escudo and _loaded(state, hulk) == 4
    assert escudo not in state.players[1].resources  # not an unload
    assert state.choice is not None
    state, _ = act(state, 0, Choose("yes"))
    assert zones.in_scene(state, colecionador).stage == 1


def test_colecionador_with_no_unique_item_in_the_scene_does_not_capacitate() -> None:
    state = _versus(
        [Placed("colecionador_v1", FILL[:5], stage=0)],
        [Placed("hulk_v1", ["raio_de_forca_v1", *FILL[:3]])],
        phase=Phase.PREPARATION,
    )
    colecionador = sid(state, "colecionador_v1")
    state, _ = act(state, 0, Activate(colecionador))
    assert state.choice is None and zones.in_scene(state, colecionador).stage == 0


@pytest.mark.parametrize("pay", [True, False])
def test_gerador_de_raios_gama_stays_only_if_a_genialidade_character_is_incapacitated(
    pay: bool,
) -> None:
    state = build(
        Side(
            deck=["protecao"] * 3,
            hand=["gerador_de_raios_gama_v1"],
            resources=FILL[:3],
            scene=[Placed("pepper_potts_v1", FILL[:1]), Placed("capanga_do_rei_v2", FILL[:1])],
        ),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    pepper = sid(state, "pepper_potts_v1")
    gerador = zone_id(state, 0, "hand", "gerador_de_raios_gama_v1")
    state, _ = act(state, 0, PlayCard(gerador))
    # Only a Genialidade character may pay: Pepper Potts, not Capanga do Rei.
    assert state.choice is not None
    assert set(state.choice.options) == {str(pepper), "skip"}
    state, _ = act(state, 0, Choose(str(pepper) if pay else "skip"))
    assert (zones.find(state, gerador) is not None) == pay
    assert (gerador in state.players[0].resources) == (not pay)
    assert zones.in_scene(state, pepper).stage == (0 if pay else 1)


def test_gerador_de_raios_gama_lends_forca_gama_for_a_card_of_it() -> None:
    state = _versus(
        [Placed("gerador_de_raios_gama_v1", FILL[:3]), Placed("homem_de_ferro_v1", FILL[:4])],
        [Placed("capanga_do_rei_v2", FILL)],
        phase=Phase.PREPARATION,
    )
    gerador, ferro = sid(state, "gerador_de_raios_gama_v1"), sid(state, "homem_de_ferro_v1")
    capanga = sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, Activate(gerador, 1))
    state, _ = act(state, 0, Choose("yes"))
    assert _loaded(state, gerador) == 2
    state, _ = act(state, 0, Choose(str(ferro)))
    state = replace(state, phase=Phase.ATTACK)
    paid = zones.in_scene(state, ferro).loaded[-1]
    use = UseAction(ferro, "Força Gama", str(capanga), pay=str(paid))
    state, _ = act(state, 0, use)
    assert _loaded(state, capanga) == 3 and _loaded(state, ferro) == 3  # 4 on Escudo 1


@pytest.mark.parametrize("seat", [0, 1])
def test_invasao_cosmica_offers_two_cards_to_resources_after_a_cosmic_power_action(
    seat: int,
) -> None:
    # The scenario is Ana's; whoever uses the Poder Cósmico action decides, after its effect.
    nova = Side(deck=["protecao"] * 6, resources=FILL[:2], scene=[Placed("nova_v1", FILL[:3])])
    other = Side(deck=["protecao"] * 6, scene=[Placed("capanga_do_rei_v2", FILL)])
    sides = (nova, other) if seat == 0 else (other, nova)
    state = build(*sides, active=seat, scenario="invasao_cosmica_v1", content=starter())
    user, capanga = sid(state, "nova_v1"), sid(state, "capanga_do_rei_v2")
    state, _ = act(state, seat, UseAction(user, "Poder Nova", str(capanga)))
    assert _loaded(state, capanga) == 5  # the action's effect came first
    assert state.choice is not None and state.choice.seat == seat
    resources = len(state.players[seat].resources)
    state, _ = act(state, seat, Choose("yes"))
    assert len(state.players[seat].resources) == resources + 2


def test_invasao_cosmica_ignores_other_powers() -> None:
    state = _versus(
        [Placed("homem_de_ferro_v1", FILL[:4])],
        [Placed("capanga_do_rei_v2", FILL)],
        scenario="invasao_cosmica_v1",
    )
    capanga = sid(state, "capanga_do_rei_v2")
    state, _ = act(
        state, 0, UseAction(sid(state, "homem_de_ferro_v1"), "Raio Repulsor", str(capanga))
    )
    assert state.choice is None and _loaded(state, capanga) == 5


def test_deflagrar_o_caos_mills_one_for_each_card_put_under_a_deck() -> None:
    # Bruno's Nova pays Energia Cósmica 1 with Ana's scenario in the scene: the card under
    # his deck makes him put his deck's top card into his resources.
    state = build(
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        Side(
            deck=["protecao", "raio_de_forca_v1", *FILL[:2]],
            resources=["jogar_objeto_v1", "mjolnir"],
            scene=[Placed("nova_v1", FILL[:3])],
        ),
        active=1,
        scenario="deflagrar_o_caos_v1",
        content=starter(),
    )
    top = state.players[1].deck[0]
    paid = state.players[1].resources[0]
    nova, capanga = sid(state, "nova_v1"), sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 1, UseAction(nova, "Poder Nova", str(capanga)))
    bruno = state.players[1]
    assert bruno.deck[-1] == paid and top in bruno.resources and top not in bruno.deck
    assert len(bruno.resources) == 2 and _loaded(state, capanga) == 5


def test_deflagrar_o_caos_does_nothing_without_a_card_under_a_deck() -> None:
    state = _versus(
        [Placed("homem_de_ferro_v1", FILL[:4])],
        [Placed("capanga_do_rei_v2", FILL)],
        scenario="deflagrar_o_caos_v1",
    )
    deck = state.players[0].deck
    capanga = sid(state, "capanga_do_rei_v2")
    state, _ = act(
        state, 0, UseAction(sid(state, "homem_de_ferro_v1"), "Raio Repulsor", str(capanga))
    )
    assert state.players[0].deck == deck


@pytest.mark.parametrize("scenario", ["extrapolar_os_limites_v1", None])
def test_extrapolar_os_limites_gives_another_action_after_a_carried_characters_action(
    scenario: str | None,
) -> None:
    # Homem de Ferro V1 carries Homem de Ferro V2 (same alter ego: its action is his, C.3).
    state = _versus(
        [Placed("homem_de_ferro_v1", ["homem_de_ferro_v2", *FILL[:3]], stage=2)],
        [Placed("capanga_do_rei_v2", FILL)],
        scenario=scenario,
    )
    ferro, capanga = sid(state, "homem_de_ferro_v1"), sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(ferro, "Mach 6"))
    # Never the same name again; another name only with the scenario.
    with pytest.raises(IllegalActionError):
        act(state, 0, UseAction(ferro, "Mach 6"))
    if scenario is None:
        with pytest.raises(IllegalActionError):
            act(state, 0, UseAction(ferro, "Raio Repulsor", str(capanga)))
        return
    state, _ = act(state, 0, UseAction(ferro, "Raio Repulsor", str(capanga)))
    assert _loaded(state, capanga) == 5


def test_extrapolar_os_limites_ignores_the_characters_own_actions() -> None:
    state = _versus(
        [Placed("homem_de_ferro_v1", FILL[:4], stage=2)],
        [Placed("capanga_do_rei_v2", FILL)],
        scenario="extrapolar_os_limites_v1",
    )
    ferro, capanga = sid(state, "homem_de_ferro_v1"), sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(ferro, "Raio Repulsor", str(capanga)))
    assert zones.in_scene(state, ferro).extra_actions == ()


def test_nave_dos_guardioes_destroyed_hurts_your_guardioes_at_the_end_of_the_step() -> None:
    state = _versus(
        [Placed("homem_de_ferro_v1", FILL[:4])],
        [
            Placed("nave_dos_guardioes_v1", FILL[:1]),
            Placed("rocket_raccoon_v1", FILL[:3]),
            Placed("capanga_do_rei_v2", FILL[:3]),
        ],
    )
    nave, rocket = sid(state, "nave_dos_guardioes_v1"), sid(state, "rocket_raccoon_v1")
    capanga = sid(state, "capanga_do_rei_v2")
    assert "voo" in zones.powers(state, zones.in_scene(state, rocket))  # the Nave's Voo
    state, _ = act(state, 0, UseAction(sid(state, "homem_de_ferro_v1"), "Raio Repulsor", str(nave)))
    assert zones.find(state, nave) is None  # 1 penetrating, its one card: destroyed
    assert _loaded(state, rocket) == 3  # not yet: at the end of this Attack step
    state, _ = act(state, 0, Pass())
    assert _loaded(state, rocket) == 2 and _loaded(state, capanga) == 3  # only Guardiões


def test_nave_dos_guardioes_leaving_otherwise_hurts_nobody() -> None:
    state = _versus(
        [Placed("homem_de_ferro_v1", FILL[:4])],
        [Placed("nave_dos_guardioes_v1", FILL[:1]), Placed("rocket_raccoon_v1", FILL[:3])],
    )
    nave, rocket = sid(state, "nave_dos_guardioes_v1"), sid(state, "rocket_raccoon_v1")
    state, _ = leaving.leave_to(state, nave, "hand", 0)  # back to the hand: not destroyed
    state, _ = act(state, 0, Pass())
    assert _loaded(state, rocket) == 3


def test_astronave_kree_fetches_two_kree_and_gives_them_shield_and_powers() -> None:
    deck = ["korath_v1", "ronan_v1", "homem_de_ferro_v1", *FILL[:2]]
    state = build(
        Side(
            deck=deck,
            hand=["astronave_kree_v1"],
            resources=FILL[:5],
            scene=[Placed("korath_v1", FILL[:5])],
        ),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    korath = sid(state, "korath_v1")
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "astronave_kree_v1")))
    state, _ = act(state, 0, Choose("yes"))
    for _ in range(2):
        assert state.choice is not None
        picks = set(state.choice.options) - {"skip", "done"}
        assert {zones.defn(state, int(p)).name for p in picks} <= {
            "Korath - O Perseguidor",
            "Ronan - O Acusador",
        }
        state, _ = act(state, 0, Choose(sorted(picks)[0]))
    assert len(state.players[0].hand) == 2
    item = zones.in_scene(state, korath)
    assert shields.shield(state, item) == 3
    assert {"ataque_a_distancia", "genialidade", "voo"} <= set(zones.powers(state, item))


def test_chamariz_holografico_does_not_bind_an_action_targeting_only_characters() -> None:
    # Its FAQ: an action whose target must be a character is not concerned.
    state = _versus(
        [Placed("wolverine_v2", FILL[:3])],
        [Placed("capanga_do_rei_v2", FILL), Placed("chamariz_holografico_v1", FILL[:2])],
    )
    wolverine, capanga = sid(state, "wolverine_v2"), sid(state, "capanga_do_rei_v2")
    use = UseAction(wolverine, "Dilacerar", str(capanga), mode="personagem")
    state, _ = act(state, 0, use)
    assert zones.in_scene(state, wolverine).stage == 0  # used (cost 1), not refused
