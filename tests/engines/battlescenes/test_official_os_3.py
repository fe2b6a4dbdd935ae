"""Cards of the official deck Ofensiva Surpresa ((2015) BSOS DECK; issue 23), third part:
each played as printed with the built-in cards (``starter()``): what a player notices."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import Activate, Choose, Pass, PlayCard, UseAction
from engines.battlescenes.rules import restrictions
from engines.battlescenes.rules.state import Continuous, Phase, State
from engines.battlescenes.table import zones
from engines.core import IllegalActionError
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid, starter, zone_id
from tests.engines.battlescenes.test_menus import menu
from tests.engines.battlescenes.test_menus_use import next_use, step

FILL = ["excentricidade"] * 6


def test_golias_discards_to_capacitate_and_deals_twice_x() -> None:
    state = build(
        Side(hand=["protecao", "protecao"], scene=[Placed("golias_v1", FILL[:5], stage=1)]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    golias = sid(state, "golias_v1")
    state, _ = act(state, 0, Activate(golias))
    assert state.choice is not None and "skip" in state.choice.options  # optional
    state, _ = act(state, 0, Choose(state.choice.options[0]))
    assert zones.in_scene(state, golias).stage == 2 and len(state.players[0].hand) == 1
    with pytest.raises(IllegalActionError):  # once per turn
        act(state, 0, Activate(golias))
    state = build(
        Side(scene=[Placed("golias_v1", FILL[:5], stage=2)]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        content=starter(),
    )
    golias, capanga = sid(state, "golias_v1"), sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(golias, "Pisotear", str(capanga), x=2))
    assert len(zones.in_scene(state, capanga).loaded) == 3  # 2 x 2 damage, Escudo 1


def test_golias_at_stage_0_uses_no_actions_and_is_no_target_of_unforeseen_ones() -> None:
    state = build(
        Side(scene=[Placed("golias_v1", FILL[:5], stage=0)]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        content=starter(),
    )
    golias, capanga = sid(state, "golias_v1"), sid(state, "capanga_do_rei_v2")
    with pytest.raises(IllegalActionError):
        act(state, 0, UseAction(golias, "Pisotear", str(capanga), x=0))
    for stage, allowed in ((0, False), (1, True)):
        state = build(
            Side(scene=[Placed("golias_v1", FILL[:5], stage=stage)]),
            Side(scene=[Placed("duende_macabro_v1", ["lanca_missil_v1", *FILL[:3]])]),
            phase=Phase.ANTICIPATION,
            content=starter(),
        )
        golias, duende = sid(state, "golias_v1"), sid(state, "duende_macabro_v1")
        paid = str(zones.in_scene(state, duende).loaded[1])
        use = UseAction(duende, "Lança-Míssil", str(golias), pay=paid)  # an Antecipar action
        if allowed:
            act(state, 1, use)
        else:
            with pytest.raises(IllegalActionError):
                act(state, 1, use)


def test_fogo_cruzado_keeps_ranged_characters_from_anticipate_targets() -> None:
    state = build(
        Side(scene=[Placed("duende_macabro_v1", FILL[:4]), Placed("miss_america_v1", FILL[:5])]),
        Side(scene=[Placed("invasor_badoon_v1", ["lanca_missil_v1", *FILL[:3]])]),
        phase=Phase.ANTICIPATION,
        scenario="fogo_cruzado_v1",
        content=starter(),
    )
    badoon = sid(state, "invasor_badoon_v1")
    duende, miss = sid(state, "duende_macabro_v1"), sid(state, "miss_america_v1")
    paid = str(zones.in_scene(state, badoon).loaded[1])
    with pytest.raises(IllegalActionError):  # Duende Macabro has Ataque a Distância
        act(state, 1, UseAction(badoon, "Lança-Míssil", str(duende), pay=paid))
    state, _ = act(state, 1, UseAction(badoon, "Lança-Míssil", str(miss), pay=paid))
    assert len(zones.in_scene(state, miss).loaded) == 5  # 3 damage, Escudo 3


def test_vespa_at_stage_2_gains_super_forca_and_shield_1() -> None:
    for stage, strong, left in ((2, True, 5), (1, False, 4)):
        state = build(
            Side(scene=[Placed("vespa_v1", FILL[:5], stage=stage)]),
            Side(scene=[Placed("miss_america_v1", FILL[:5])]),
            active=1,
            content=starter(),
        )
        vespa = sid(state, "vespa_v1")
        item = zones.in_scene(state, vespa)
        assert ("super_forca" in zones.powers(state, item)) is strong
        state, _ = act(state, 1, UseAction(sid(state, "miss_america_v1"), "Esmurrar", str(vespa)))
        assert len(zones.in_scene(state, vespa).loaded) == left  # 3 damage, Escudo 2 (+1)


def test_vespa_at_stage_0_is_no_target_of_penetrating_damage() -> None:
    for stage, allowed in ((0, False), (1, True)):
        state = build(
            Side(scene=[Placed("vespa_v1", FILL[:3], stage=stage)]),
            Side(scene=[Placed("vespa_v1", FILL[:3]), Placed("miss_america_v1", FILL[:5])]),
            active=1,
            content=starter(),
        )
        mine, theirs = sid(state, "vespa_v1", seat=0), sid(state, "vespa_v1", seat=1)
        use = UseAction(theirs, "Ferrão da Vespa", str(mine))
        if allowed:
            act(state, 1, use)
        else:
            with pytest.raises(IllegalActionError):
                act(state, 1, use)
            # an action without penetrating damage may still target it
            act(state, 1, UseAction(sid(state, "miss_america_v1"), "Esmurrar", str(mine)))


def _jaqueta_table(entered: int) -> State:
    """Ana's Preparation phase; her Miss América carries Investigação Silenciosa (Prontidão
    for it) and entered the scene in turn ``entered``; Jaqueta Amarela in Bruno's hand."""
    return build(
        Side(
            deck=["protecao"] * 6,
            scene=[
                Placed(
                    "miss_america_v1", ["investigacao_silenciosa_v1", *FILL[:4]], entered=entered
                )
            ],
        ),
        Side(
            hand=["jaqueta_amarela_v1"],
            resources=FILL[:3],
            scene=[Placed("capanga_do_rei_v2", FILL)],
        ),
        phase=Phase.PREPARATION,
        content=starter(),
    )


def test_jaqueta_amarela_answers_an_action_of_a_character_that_entered_this_turn() -> None:
    state = _jaqueta_table(entered=3)
    miss = sid(state, "miss_america_v1")
    deck = len(state.players[0].deck)
    state, _ = act(state, 0, UseAction(miss, "Investigação Silenciosa"))
    assert state.choice is not None and state.choice.seat == 1  # it may enter
    state, _ = act(state, 1, Choose("yes"))
    jaqueta = sid(state, "jaqueta_amarela_v1")
    assert zones.in_scene(state, jaqueta).controller == 1
    assert len(state.players[0].deck) == deck  # the action had no effect
    item = zones.in_scene(state, miss)
    silenciosa = starter().cards["investigacao_silenciosa_v1"].actions[0]
    assert restrictions.problem(state, 0, item, silenciosa) == "forbidden"
    # A character in the scene since an earlier turn: nothing is offered.
    state = _jaqueta_table(entered=1)
    state, _ = act(state, 0, UseAction(sid(state, "miss_america_v1"), "Investigação Silenciosa"))
    assert state.choice is None or state.choice.seat != 1


def test_jaqueta_amarela_deals_x_plus_1_and_until_stage_2_lacks_super_forca() -> None:
    for stage, left, strong in ((2, 4, True), (1, 5, False), (0, 6, False)):
        state = build(
            Side(scene=[Placed("jaqueta_amarela_v1", FILL[:3], stage=stage)]),
            Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
            content=starter(),
        )
        jaqueta, capanga = sid(state, "jaqueta_amarela_v1"), sid(state, "capanga_do_rei_v2")
        assert ("super_forca" in zones.powers(state, zones.in_scene(state, jaqueta))) is strong
        state, _ = act(state, 0, UseAction(jaqueta, "Impacto Variável", str(capanga)))
        assert len(zones.in_scene(state, capanga).loaded) == left  # stage+1 damage, Escudo 1


def test_jaqueta_amarela_is_no_target_of_unforeseen_actions_until_stage_2() -> None:
    for stage, allowed in ((1, False), (2, True)):
        state = build(
            Side(scene=[Placed("jaqueta_amarela_v1", FILL[:3], stage=stage)]),
            Side(scene=[Placed("mercurio_v1", FILL[:3])]),
            active=1,
            phase=Phase.PREPARATION,
            content=starter(),
        )
        jaqueta = sid(state, "jaqueta_amarela_v1")
        use = UseAction(sid(state, "mercurio_v1"), "Super Velocidade", str(jaqueta))
        if allowed:
            act(state, 1, use)
        else:
            with pytest.raises(IllegalActionError):
                act(state, 1, use)


def test_pesquisa_solitaria_incapacitates_an_own_character_by_x_and_draws_x() -> None:
    for stage, options in ((2, {"amount:1", "amount:2"}), (1, {"amount:1"})):
        state = build(
            Side(
                deck=["protecao"] * 6,
                hand=["pesquisa_solitaria_v1"],
                scene=[Placed("miss_america_v1", FILL[:5], stage=stage)],
            ),
            Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
            phase=Phase.PREPARATION,
            content=starter(),
        )
        miss = sid(state, "miss_america_v1")
        state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "pesquisa_solitaria_v1")))
        assert state.choice is not None and str(miss) in state.choice.options
        state, _ = act(state, 0, Choose(str(miss)))
        assert state.choice is not None and set(state.choice.options) == options
        chosen = max(options)
        state, _ = act(state, 0, Choose(chosen))
        x = int(chosen.removeprefix("amount:"))
        assert zones.in_scene(state, miss).stage == stage - x
        assert len(state.players[0].hand) == x


def test_arma_com_silenciador_costs_nothing_against_a_character_sharing_no_power() -> None:
    # Golias shares no power with Duende Macabro; a second Duende Macabro does.
    for theirs, stage_after in (("golias_v1", 2), ("duende_macabro_v1", 0)):
        state = build(
            Side(
                scene=[Placed("duende_macabro_v1", ["arma_com_silenciador_v1", *FILL[:3]], stage=2)]
            ),
            Side(scene=[Placed(theirs, FILL[:5])]),
            phase=Phase.PREPARATION,
            content=starter(),
        )
        duende, target = sid(state, "duende_macabro_v1", seat=0), sid(state, theirs, seat=1)
        state, _ = act(state, 0, UseAction(duende, "Arma Com Silenciador", str(target)))
        assert zones.in_scene(state, duende).stage == stage_after
        assert len(zones.in_scene(state, target).loaded) == 4  # 1 penetrating damage


def test_incursao_surpreendente_gives_one_free_damaging_action_and_is_used_once() -> None:
    carried = ["incursao_surpreendente_v1", "lanca_missil_v1", *FILL[:3]]
    state = build(
        Side(scene=[Placed("duende_macabro_v1", carried, stage=2)]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        content=starter(),
    )
    duende, capanga = sid(state, "duende_macabro_v1"), sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(duende, "Incursão Surpreendente", str(capanga)))
    assert (
        zones.in_scene(state, duende).stage == 0 and len(zones.in_scene(state, capanga).loaded) == 5
    )
    with pytest.raises(IllegalActionError):  # Ação Única
        act(state, 0, UseAction(duende, "Incursão Surpreendente", str(capanga)))
    # Explodir e Saquear (cost 1) with no incapacitation cost, at stage 0.
    state, _ = act(state, 0, UseAction(duende, "Explodir e Saquear", str(capanga)))
    assert len(zones.in_scene(state, capanga).loaded) == 3  # its Escudo spent this turn


def test_incursao_surpreendente_extra_action_must_deal_damage() -> None:
    carried = ["incursao_surpreendente_v1", "investigacao_silenciosa_v1", *FILL[:3]]
    state = build(
        Side(deck=["protecao"] * 4, scene=[Placed("duende_macabro_v1", carried, stage=2)]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        content=starter(),
    )
    duende, capanga = sid(state, "duende_macabro_v1"), sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(duende, "Incursão Surpreendente", str(capanga)))
    # at stage 1 its cost could be paid: only the extra action's limit refuses it
    state = zones.set_in_scene(state, replace(zones.in_scene(state, duende), stage=1))
    with pytest.raises(IllegalActionError):  # Investigação Silenciosa deals no damage
        act(state, 0, UseAction(duende, "Investigação Silenciosa"))
    act(state, 0, UseAction(duende, "Explodir e Saquear", str(capanga)))


def test_homem_gorila_deals_5_to_a_character_an_other_mestres_do_terror_hit() -> None:
    for first, left in (("chicote_negro_v1", 0), ("duende_macabro_v1", 1)):
        state = build(
            Side(scene=[Placed("homem_gorila_v1", FILL[:5]), Placed(first, FILL[:5])]),
            Side(scene=[Placed("hulkling_v1", FILL[:6])]),
            content=starter(),
        )
        gorila, other = sid(state, "homem_gorila_v1"), sid(state, first)
        hulkling = sid(state, "hulkling_v1")
        name = starter().cards[first].actions[0].name
        state, _ = act(state, 0, UseAction(other, name, str(hulkling)))
        before = len(zones.in_scene(state, hulkling).loaded)
        state, _ = act(state, 0, UseAction(gorila, "Fúria da Selva", str(hulkling)))
        # Escudo 2 spent by the first hit: 5 (or 3) damage, all of it unloads
        assert before - len(zones.in_scene(state, hulkling).loaded) == 5 - 2 * left


def test_investida_tatica_adds_1_to_each_players_first_targeted_damaging_action() -> None:
    state = build(
        Side(scene=[Placed("duende_macabro_v1", ["submetralhadora_v1", *FILL[:3]], stage=2)]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        scenario="investida_tatica_v1",
        content=starter(),
    )
    duende, capanga = sid(state, "duende_macabro_v1"), sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(duende, "Submetralhadora", str(capanga)))
    assert len(zones.in_scene(state, capanga).loaded) == 4  # 1+1 penetrating
    state, _ = act(state, 0, UseAction(duende, "Submetralhadora", str(capanga)))
    assert len(zones.in_scene(state, capanga).loaded) == 3  # the second use: 1


def test_investida_tatica_counts_each_players_first_one_apart() -> None:
    state = build(
        Side(scene=[Placed("duende_macabro_v1", ["submetralhadora_v1", *FILL[:3]], stage=2)]),
        Side(scene=[Placed("invasor_badoon_v1", ["lanca_missil_v1", *FILL[:3]])]),
        scenario="investida_tatica_v1",
        phase=Phase.ANTICIPATION,
        content=starter(),
    )
    duende, badoon = sid(state, "duende_macabro_v1"), sid(state, "invasor_badoon_v1")
    paid = str(zones.in_scene(state, badoon).loaded[1])
    state, _ = act(state, 1, UseAction(badoon, "Lança-Míssil", str(duende), pay=paid))
    assert len(zones.in_scene(state, duende).loaded) == 1  # 3+1 damage, Escudo 1
    state = replace(state, phase=Phase.ATTACK)
    state, _ = act(state, 0, UseAction(duende, "Submetralhadora", str(badoon)))
    assert len(zones.in_scene(state, badoon).loaded) == 1  # Ana's first one: 1+1


def test_impulso_supersonico_orders_the_top_two_and_a_discard_allows_it_again() -> None:
    state = build(
        Side(
            deck=["submetralhadora_v1", "lanca_missil_v1", *FILL[:4]],
            hand=["protecao"],
            scene=[Placed("miss_america_v1", ["impulso_supersonico_v1", *FILL[:4]], stage=2)],
        ),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        content=starter(),
    )
    miss, capanga = sid(state, "miss_america_v1"), sid(state, "capanga_do_rei_v2")
    first, second = state.players[0].deck[:2]
    state, _ = act(state, 0, UseAction(miss, "Impulso Supersônico", str(capanga)))
    assert len(zones.in_scene(state, capanga).loaded) == 5  # 2 damage, Escudo 1
    # "no topo e/ou na base": the first card under the deck, the other back on top
    assert state.choice is not None and state.choice.prompt == "battlescenes.choice.bottom_any"
    state, _ = act(state, 0, Choose(str(first)))
    state, _ = act(state, 0, Choose("done"))
    while state.choice is not None and state.choice.prompt.endswith("top_order"):
        state, _ = act(state, 0, Choose(state.choice.options[0]))
    deck = state.players[0].deck
    assert deck[0] == second and deck[-1] == first
    assert state.choice is not None and "skip" in state.choice.options  # a discard may follow
    state, _ = act(state, 0, Choose(str(state.players[0].hand[0])))
    state, _ = act(state, 0, UseAction(miss, "Impulso Supersônico", str(capanga)))
    assert len(zones.in_scene(state, capanga).loaded) == 3  # used again (its Escudo spent)


def test_ruinas_suspeitas_lets_the_player_with_fewer_characters_mill_two() -> None:
    # Bruno's turn ends; Ana's Countdown phase starts. Ana has 1 character, Bruno 2 / 1.
    for theirs, offered in ((2, True), (1, False)):
        state = build(
            Side(deck=["protecao"] * 8, scene=[Placed("miss_america_v1", FILL[:5])]),
            Side(
                deck=["protecao"] * 8,
                scene=[Placed("capanga_do_rei_v2", FILL), Placed("golias_v1", FILL[:5])][:theirs],
            ),
            active=1,
            scenario="ruinas_suspeitas_v1",
            content=starter(),
        )
        state, _ = act(state, 1, Pass())
        asked = state.choice is not None and state.choice.seat == 0
        assert asked is offered
        if offered:
            resources = len(state.players[0].resources)
            state, _ = act(state, 0, Choose("yes"))
            assert len(state.players[0].resources) == resources + 2


def _passado() -> State:
    """Ana plays Passado Sombrio and chooses Bruno's hero Miss América."""
    state = build(
        Side(
            deck=["protecao"] * 6,
            hand=["passado_sombrio_v1"],
            scene=[Placed("duende_macabro_v1", ["lanca_missil_v1", *FILL[:3]], stage=2)],
        ),
        Side(scene=[Placed("miss_america_v1", FILL[:5]), Placed("guerreiro_skrull_v1", FILL[:4])]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    miss, skrull = sid(state, "miss_america_v1"), sid(state, "guerreiro_skrull_v1")
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "passado_sombrio_v1")))
    assert state.choice is not None and str(skrull) not in state.choice.options  # a villain
    state, _ = act(state, 0, Choose(str(miss)))
    return state


def test_passado_sombrio_keeps_the_chosen_hero_from_using_actions() -> None:
    state = _passado()
    state = replace(state, active=1, phase=Phase.ATTACK)
    miss = sid(state, "miss_america_v1")
    duende = sid(state, "duende_macabro_v1")
    with pytest.raises(IllegalActionError):
        act(state, 1, UseAction(miss, "Esmurrar", str(duende)))
    skrull = sid(state, "guerreiro_skrull_v1")
    act(state, 1, UseAction(skrull, "Investida Skrull", str(duende)))


def test_passado_sombrio_leaves_when_the_chosen_hero_is_targeted() -> None:
    state = _passado()
    scenario = state.scenario
    miss, duende = sid(state, "miss_america_v1"), sid(state, "duende_macabro_v1")
    state = replace(state, phase=Phase.ATTACK)
    paid = str(zones.in_scene(state, duende).loaded[1])
    state = replace(state, phase=Phase.ANTICIPATION, active=1)
    state, _ = act(state, 0, UseAction(duende, "Lança-Míssil", str(miss), pay=paid))
    assert state.scenario is None and scenario in state.players[0].resources
    state = replace(state, phase=Phase.ATTACK)
    skrull = sid(state, "guerreiro_skrull_v1")
    act(state, 1, UseAction(miss, "Esmurrar", str(skrull)))  # free to act again


def test_passado_sombrio_leaves_when_the_chosen_hero_takes_damage_untargeted() -> None:
    state = build(
        Side(scene=[Placed("hulk_v3", FILL[:6], stage=2)]),
        Side(scene=[Placed("miss_america_v1", FILL[:5])]),
        scenario="passado_sombrio_v1",
        content=starter(),
    )
    scenario, miss = state.scenario, sid(state, "miss_america_v1")
    assert scenario is not None
    mark = Continuous(kind="mark", source=scenario, target=miss)
    state = replace(state, continuous=(*state.continuous, mark))
    hulk = sid(state, "hulk_v3")
    paid = str(zones.in_scene(state, hulk).loaded[0])
    state, _ = act(state, 0, UseAction(hulk, "Raaaaarrgh!", mode="todos", pay=paid))
    assert state.scenario is None and scenario in state.players[0].resources


def test_furia_descontrolada_capacitates_after_each_opponents_action_at_its_user() -> None:
    state = build(
        Side(scene=[Placed("miss_america_v1", ["furia_descontrolada_v1", *FILL[:4]], stage=1)]),
        Side(scene=[Placed("duende_macabro_v1", ["lanca_missil_v1", *FILL[:3]])]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    miss, duende = sid(state, "miss_america_v1"), sid(state, "duende_macabro_v1")
    state, _ = act(state, 0, UseAction(miss, "Fúria Descontrolada", str(duende)))
    assert zones.in_scene(state, miss).stage == 0
    assert len(zones.in_scene(state, duende).loaded) == 3  # 2 damage, Escudo 1
    with pytest.raises(IllegalActionError):  # Ação Única
        act(state, 0, UseAction(miss, "Fúria Descontrolada", str(duende)))
    # Bruno's Lança-Míssil at her in Ana's Anticipation step: after its effect, Ana may
    # capacitate her by 1 or 2.
    state = replace(state, phase=Phase.ANTICIPATION)
    paid = str(zones.in_scene(state, duende).loaded[1])
    state, _ = act(state, 1, UseAction(duende, "Lança-Míssil", str(miss), pay=paid))
    assert len(zones.in_scene(state, miss).loaded) == 5  # 3 damage, Escudo 3
    assert state.choice is not None and state.choice.seat == 0
    state, _ = act(state, 0, Choose("yes"))
    state, _ = act(state, 0, Choose("amount:2"))
    assert zones.in_scene(state, miss).stage == 2


def test_furia_descontrolada_gives_one_more_action() -> None:
    carried = ["furia_descontrolada_v1", "pancada_avassaladora_v1", *FILL[:3]]
    state = build(
        Side(scene=[Placed("miss_america_v1", carried, stage=2)]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        content=starter(),
    )
    miss, capanga = sid(state, "miss_america_v1"), sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(miss, "Fúria Descontrolada", str(capanga)))
    state, _ = act(state, 0, UseAction(miss, "Esmurrar", str(capanga)))
    assert len(zones.in_scene(state, capanga).loaded) == 2  # 2 (Escudo 1) then 3


def test_minerio_clandestino_stays_only_if_a_villain_is_incapacitated() -> None:
    for villain, stays in (("duende_macabro_v1", True), ("miss_america_v1", False)):
        state = build(
            Side(
                hand=["minerio_clandestino_v1"],
                resources=FILL[:3],
                scene=[Placed(villain, FILL[:4], stage=2)],
            ),
            Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
            phase=Phase.PREPARATION,
            content=starter(),
        )
        minerio = zone_id(state, 0, "hand", "minerio_clandestino_v1")
        state, _ = act(state, 0, PlayCard(minerio))
        if stays:
            assert state.choice is not None
            state, _ = act(state, 0, Choose(str(sid(state, villain))))
            assert zones.find(state, minerio) is not None
            assert zones.in_scene(state, sid(state, villain)).stage == 1
        else:  # no villain to incapacitate: unloaded into the resources
            if state.choice is not None:
                state, _ = act(state, 0, Choose("skip"))
            assert zones.find(state, minerio) is None and minerio in state.players[0].resources


def test_minerio_clandestino_mills_a_players_deck_one_more_with_a_villain() -> None:
    for mine, milled in (("duende_macabro_v1", 2), ("miss_america_v1", 1)):
        state = build(
            Side(scene=[Placed(mine, FILL[:4]), Placed("minerio_clandestino_v1", FILL[:3])]),
            Side(deck=["protecao"] * 6, scene=[Placed("capanga_do_rei_v2", FILL)]),
            phase=Phase.PREPARATION,
            content=starter(),
        )
        minerio = sid(state, "minerio_clandestino_v1")
        state, _ = act(state, 0, Activate(minerio, 1))
        state, _ = act(state, 0, Choose("yes"))
        assert state.choice is not None and set(state.choice.options) == {"player:0", "player:1"}
        state, _ = act(state, 0, Choose("player:1"))
        assert (
            len(state.players[1].resources) == milled and len(state.players[1].deck) == 6 - milled
        )
        assert len(zones.in_scene(state, minerio).loaded) == 2


def test_batedor_alado_loads_a_hand_or_resource_card_returns_itself_for_one_more_action() -> None:
    for zone in ("hand", "resources"):
        state = build(
            Side(
                hand=["protecao"],
                resources=["submetralhadora_v1"],
                scene=[Placed("miss_america_v1", ["batedor_alado_v1", *FILL[:4]], stage=2)],
            ),
            Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
            content=starter(),
        )
        miss, capanga = sid(state, "miss_america_v1"), sid(state, "capanga_do_rei_v2")
        batedor = zones.in_scene(state, miss).loaded[0]
        paid = getattr(state.players[0], zone)[0]
        with pytest.raises(IllegalActionError):  # the card to load must be named
            act(state, 0, UseAction(miss, "Batedor Alado"))
        state, _ = act(state, 0, UseAction(miss, "Batedor Alado", pay=str(paid)))
        loaded = zones.in_scene(state, miss).loaded
        assert paid in loaded and batedor not in loaded
        assert batedor in state.players[0].hand and paid not in getattr(state.players[0], zone)
        assert zones.in_scene(state, miss).stage == 1
        state, _ = act(state, 0, UseAction(miss, "Esmurrar", str(capanga)))  # one more action
        assert len(zones.in_scene(state, capanga).loaded) == 4


def test_batedor_alado_from_the_menus_asks_which_hand_or_resource_card() -> None:
    state = build(
        Side(
            hand=["protecao"],
            resources=["submetralhadora_v1"],
            scene=[Placed("miss_america_v1", ["batedor_alado_v1", *FILL[:4]], stage=2)],
        ),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        content=starter(),
    )
    miss = sid(state, "miss_america_v1")
    state = step(state, menu(state, "use"), miss)
    state = step(state, next_use(state), "Batedor Alado")
    pay = next_use(state)
    assert pay.field_name == "pay" and not pay.public
    hand, resource = state.players[0].hand[0], state.players[0].resources[0]
    assert {o.value for o in pay.options} == {hand, resource}
    state = step(state, pay, resource)
    assert state.using == -1 and resource in zones.in_scene(state, miss).loaded


def _pym(kind_user: str, carried: list[str]) -> State:
    """Ana's Miss América carries Partículas Pym; Bruno's ``kind_user`` acts in Ana's turn."""
    return build(
        Side(
            resources=["submetralhadora_v1", "particulas_pym_v1"],
            scene=[Placed("miss_america_v1", ["particulas_pym_v1", *FILL[:4]], stage=2)],
        ),
        Side(scene=[Placed(kind_user, carried)]),
        phase=Phase.ANTICIPATION,
        content=starter(),
    )


def test_particulas_pym_only_lets_its_character_use_particulas_pym() -> None:
    state = build(
        Side(
            resources=["protecao"],
            scene=[Placed("miss_america_v1", ["particulas_pym_v1", *FILL[:4]], stage=2)],
        ),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        content=starter(),
    )
    miss, capanga = sid(state, "miss_america_v1"), sid(state, "capanga_do_rei_v2")
    with pytest.raises(IllegalActionError):
        act(state, 0, UseAction(miss, "Esmurrar", str(capanga)))
    pym = zones.in_scene(state, miss).loaded[0]
    resource = state.players[0].resources[0]
    state, _ = act(state, 0, UseAction(miss, "Partículas Pym"))
    loaded = zones.in_scene(state, miss).loaded
    assert resource in loaded and pym not in loaded and pym in state.players[0].resources
    # unloaded, it no longer forbids: the extra action is Esmurrar
    state, _ = act(state, 0, UseAction(miss, "Esmurrar", str(capanga)))
    assert len(zones.in_scene(state, capanga).loaded) == 4


def test_particulas_pym_cancels_an_opponents_anticipate_action_targeting_its_character() -> None:
    state = _pym("duende_macabro_v1", ["lanca_missil_v1", *FILL[:3]])
    miss, duende = sid(state, "miss_america_v1"), sid(state, "duende_macabro_v1")
    pym = zones.in_scene(state, miss).loaded[0]
    paid = str(zones.in_scene(state, duende).loaded[1])
    state, _ = act(state, 1, UseAction(duende, "Lança-Míssil", str(miss), pay=paid))
    assert state.choice is not None and state.choice.seat == 0
    state, _ = act(state, 0, Choose("yes"))  # unload Partículas Pym
    # the action had no effect; then a card of the resources not named Partículas Pym
    resources = state.players[0].resources
    other_pym = next(c for c in resources if state.cards[c].key == "particulas_pym_v1" and c != pym)
    sub = next(c for c in resources if state.cards[c].key == "submetralhadora_v1")
    assert state.choice is not None and set(state.choice.options) == {f"{sub}>{miss}", "skip"}
    assert other_pym != sub
    state, _ = act(state, 0, Choose(f"{sub}>{miss}"))
    loaded = zones.in_scene(state, miss).loaded
    assert pym not in loaded and sub in loaded
    assert len(loaded) == 5  # no damage: 4 + the loaded card


def test_particulas_pym_does_not_answer_a_normal_action() -> None:
    state = replace(_pym("miss_america_v1", FILL[:5]), active=1, phase=Phase.ATTACK)
    mine, theirs = sid(state, "miss_america_v1", seat=0), sid(state, "miss_america_v1", seat=1)
    state, _ = act(state, 1, UseAction(theirs, "Esmurrar", str(mine)))
    assert state.choice is None or state.choice.seat != 0
    assert len(zones.in_scene(state, mine).loaded) == 5  # 3 damage, Escudo 3


def _zigzag(stage: int = 1) -> State:
    """Ana's Preparation phase: her Mercúrio and Duende Macabro (Arma Com Silenciador) against
    Bruno's Miss América carrying Ziguezague."""
    return build(
        Side(
            scene=[
                Placed("mercurio_v1", FILL[:3]),
                Placed("duende_macabro_v1", ["arma_com_silenciador_v1", *FILL[:3]], stage=2),
            ]
        ),
        Side(scene=[Placed("miss_america_v1", ["ziguezague_v1", *FILL[:4]], stage=stage)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )


def test_ziguezague_dodges_all_damage_of_an_opponents_preparation_for_1() -> None:
    state = _zigzag()
    miss = sid(state, "miss_america_v1")
    mercurio, duende = sid(state, "mercurio_v1"), sid(state, "duende_macabro_v1")
    state, _ = act(state, 0, UseAction(mercurio, "Super Velocidade", str(miss)))
    assert state.choice is not None and state.choice.seat == 1
    assert state.choice.prompt == "battlescenes.choice.dodge"
    state, _ = act(state, 1, Choose("yes"))
    item = zones.in_scene(state, miss)
    assert item.stage == 0 and len(item.loaded) == 5 and not item.damaged_this_turn
    # the rest of that Preparation phase: 0, nobody asked
    state, _ = act(state, 0, UseAction(duende, "Arma Com Silenciador", str(miss)))
    assert state.choice is None or state.choice.seat != 1
    assert len(zones.in_scene(state, miss).loaded) == 5


def test_ziguezague_declined_or_out_of_the_preparation_lets_damage_through() -> None:
    state = _zigzag()
    miss, duende = sid(state, "miss_america_v1"), sid(state, "duende_macabro_v1")
    state, _ = act(state, 0, UseAction(duende, "Arma Com Silenciador", str(miss)))
    state, _ = act(state, 1, Choose("skip"))
    assert len(zones.in_scene(state, miss).loaded) == 4  # 1 penetrating
    state = replace(_zigzag(), phase=Phase.ATTACK)  # not a Preparation phase: not offered
    miss, duende = sid(state, "miss_america_v1"), sid(state, "duende_macabro_v1")
    state, _ = act(state, 0, UseAction(duende, "Arma Com Silenciador", str(miss)))
    assert state.choice is None or state.choice.seat != 1
    assert len(zones.in_scene(state, miss).loaded) == 4


def test_universo_paralelo_draws_and_a_character_sharing_an_opponents_identity_may_enter() -> None:
    state = build(
        Side(
            deck=["protecao"] * 6,
            hand=["universo_paralelo_v1", "miss_america_v1"],
            resources=FILL[:5],
            scene=[Placed("duende_macabro_v1", FILL[:4])],
        ),
        Side(scene=[Placed("miss_america_v1", FILL[:5])]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    hand = len(state.players[0].hand)
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "universo_paralelo_v1")))
    assert len(state.players[0].hand) == hand  # played one, drew one
    mine = zone_id(state, 0, "hand", "miss_america_v1")
    state, _ = act(state, 0, PlayCard(mine))  # Bruno controls America Chavez: allowed
    assert zones.in_scene(state, mine).controller == 0
