"""Cards of the official Poderes Ocultos and Múltiplas Identidades decks (round 2, slice 1),
each played once as printed with the built-in cards (``starter()``): what a player notices
when its text or action works."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import Choose, Discard, UseAction
from engines.battlescenes.content.schema import Characteristic
from engines.battlescenes.rules.state import Phase, State, TurnTrait
from engines.battlescenes.table import shields, zones
from engines.core import IllegalActionError
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid, starter, zone_id

FILL = ["excentricidade"] * 6


def _versus(mine: list[Placed], theirs: list[Placed], **kwargs: object) -> State:
    deck = ["protecao"] * 6
    return build(Side(deck=deck, scene=mine), Side(scene=theirs), content=starter(), **kwargs)  # type: ignore[arg-type]


def _loaded(state: State, card: int) -> int:
    return len(zones.in_scene(state, card).loaded)


def test_cura_instantanea_discarded_may_load_onto_a_regeneracao_character() -> None:
    state = build(
        Side(
            hand=["cura_instantanea"],
            scene=[Placed("deadpool_v1", FILL[:3]), Placed("homem_areia_v1", FILL[:3])],
        ),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    cura = zone_id(state, 0, "hand", "cura_instantanea")
    deadpool = sid(state, "deadpool_v1")
    state, _ = act(state, 0, Discard(cura))
    # Only Deadpool has Regeneração: Homem-Areia is not offered.
    assert state.choice is not None and set(state.choice.options) == {str(deadpool), "skip"}
    state, _ = act(state, 0, Choose(str(deadpool)))
    assert zones.in_scene(state, deadpool).loaded[-1] == cura
    assert cura not in state.players[0].resources


def test_cura_instantanea_stays_in_the_resources_without_a_regeneracao_character() -> None:
    state = build(
        Side(hand=["cura_instantanea"], scene=[Placed("homem_areia_v1", FILL[:3])]),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    cura = zone_id(state, 0, "hand", "cura_instantanea")
    state, _ = act(state, 0, Discard(cura))
    assert state.choice is None and cura in state.players[0].resources


def test_deadpool_v2_loads_a_regeneracao_card_of_the_resources_to_use_his_action() -> None:
    def state_with(resources: list[str]) -> State:
        return build(
            Side(
                resources=resources,
                scene=[Placed("deadpool_v2", FILL[:4], stage=1)],
            ),
            Side(scene=[Placed("hulk_v1", FILL)]),
            content=starter(),
        )

    # No Regeneração card in the resources: the cost cannot be paid.
    state = state_with(["protecao", "excentricidade"])
    deadpool, hulk = sid(state, "deadpool_v2"), sid(state, "hulk_v1")
    with pytest.raises(IllegalActionError):
        act(state, 0, UseAction(deadpool, "Degenerado Regenerado", str(hulk)))
    # The Regeneração card is loaded, not the newer cards on top of it.
    state = state_with(["cura_instantanea", "protecao", "excentricidade"])
    deadpool, hulk = sid(state, "deadpool_v2"), sid(state, "hulk_v1")
    cura = zone_id(state, 0, "resources", "cura_instantanea")
    state, _ = act(state, 0, UseAction(deadpool, "Degenerado Regenerado", str(hulk)))
    assert zones.in_scene(state, deadpool).loaded[-1] == cura
    assert len(state.players[0].resources) == 2
    assert _loaded(state, hulk) == 5  # 1 penetrating: Escudo absorbs none


def test_arsenal_hidra_pays_a_hidra_characters_unload_cost_with_its_own_cards() -> None:
    state = _versus(
        [
            Placed("soldado_hidra_v1", ["excentricidade"], stage=2),
            Placed("arsenal_hidra_v1", FILL[:2]),
        ],
        [Placed("hulk_v1", FILL)],
    )
    soldado, arsenal = sid(state, "soldado_hidra_v1"), sid(state, "arsenal_hidra_v1")
    hulk = sid(state, "hulk_v1")
    kept = zones.in_scene(state, soldado).loaded[0]
    paid = zones.in_scene(state, arsenal).loaded[0]
    state, _ = act(state, 0, UseAction(soldado, "Tática Suicida", str(hulk), pay=str(paid)))
    # The Arsenal's card went to the resources; the Soldado keeps his only card.
    assert zones.in_scene(state, soldado).loaded == (kept,)
    assert _loaded(state, arsenal) == 1 and paid in state.players[0].resources
    assert _loaded(state, hulk) == 5


def test_arsenal_hidra_pays_an_unload_self_cost_only_for_a_hidra_character() -> None:
    def state_with(user: str) -> State:
        return build(
            Side(
                resources=["protecao"],
                scene=[
                    Placed(user, ["pegar_de_surpresa_v1", "excentricidade"], stage=2),
                    Placed("arsenal_hidra_v1", FILL[:2]),
                ],
            ),
            Side(scene=[Placed("hulk_v1", FILL)]),
            content=starter(),
        )

    # Deadpool V1 has no H.I.D.R.A. affiliation: the Arsenal cannot pay for him.
    state = state_with("deadpool_v1")
    deadpool, arsenal = sid(state, "deadpool_v1"), sid(state, "arsenal_hidra_v1")
    paid = zones.in_scene(state, arsenal).loaded[0]
    with pytest.raises(IllegalActionError) as err:
        act(
            state,
            0,
            UseAction(deadpool, "Pegar de Surpresa", str(sid(state, "hulk_v1")), pay=str(paid)),
        )
    assert err.value.key == "battlescenes.error.pay_cost"
    # The Soldado H.I.D.R.A. keeps Pegar de Surpresa: an Arsenal card is unloaded instead.
    state = state_with("soldado_hidra_v1")
    soldado, arsenal = sid(state, "soldado_hidra_v1"), sid(state, "arsenal_hidra_v1")
    pegar = zones.in_scene(state, soldado).loaded[0]
    paid = zones.in_scene(state, arsenal).loaded[0]
    state, _ = act(
        state, 0, UseAction(soldado, "Pegar de Surpresa", str(sid(state, "hulk_v1")), pay=str(paid))
    )
    assert pegar in zones.in_scene(state, soldado).loaded
    assert _loaded(state, soldado) == 3  # loaded with Proteção as the other cost
    assert paid in state.players[0].resources and _loaded(state, arsenal) == 1


# --- Múltiplas Identidades -----------------------------------------------------------------


def _stage(state: State, card: int) -> int:
    return zones.in_scene(state, card).stage


def _with_hand(mine: list[Placed], theirs: list[Placed], hand: list[str]) -> State:
    deck = ["protecao"] * 6
    return build(
        Side(deck=deck, hand=hand, scene=mine),
        Side(deck=["excentricidade"] * 6, scene=theirs),
        content=starter(),
    )


def test_impulso_brutal_may_be_used_again_only_after_a_discard() -> None:
    for discard in (True, False):
        state = _with_hand(
            [Placed("mulher_hulk_v1", ["impulso_brutal_v1", *FILL[:3]], stage=2)],
            [Placed("deadpool_v1", FILL), Placed("homem_areia_v1", FILL)],
            ["protecao"],
        )
        hulk, deadpool = sid(state, "mulher_hulk_v1"), sid(state, "deadpool_v1")
        areia = sid(state, "homem_areia_v1")
        card = state.players[0].hand[0]
        state, _ = act(state, 0, UseAction(hulk, "Impulso Brutal", str(deadpool)))
        assert _loaded(state, deadpool) == 4  # 3 − Escudo 1
        assert state.choice is not None and set(state.choice.options) == {str(card), "skip"}
        if discard:
            state, _ = act(state, 0, Choose(str(card)))
            assert card in state.players[0].resources
            state, _ = act(state, 0, UseAction(hulk, "Impulso Brutal", str(areia)))
            assert _loaded(state, areia) == 5  # 3 − Escudo 2
        else:
            state, _ = act(state, 0, Choose("skip"))
            with pytest.raises(IllegalActionError):
                act(state, 0, UseAction(hulk, "Impulso Brutal", str(areia)))


def test_impulso_intelectual_draws_two_then_may_discard_to_be_used_again() -> None:
    state = _with_hand(
        [Placed("bumerangue_v1", ["impulso_intelectual_v1", *FILL[:2]], stage=2)],
        [],
        [],
    )
    user = sid(state, "bumerangue_v1")
    state = _with_power(state, user, "genialidade")
    top = state.players[0].deck[:2]
    state, _ = act(state, 0, UseAction(user, "Impulso Intelectual"))
    assert state.players[0].hand == top
    state, _ = act(state, 0, Choose(str(top[0])))
    state, _ = act(state, 0, UseAction(user, "Impulso Intelectual"))
    assert len(state.players[0].hand) == 3  # one kept, two more drawn


def _with_power(state: State, card: int, power: str) -> State:
    """The card gains ``power`` for the turn (a gain_trait effect, 8.B.2)."""
    gained = TurnTrait(card, Characteristic("gain", "power", power))
    return replace(state, turn_traits=(*state.turn_traits, gained))


def test_conversas_telepaticas_makes_each_player_draw_a_card() -> None:
    state = _with_hand(
        [Placed("bumerangue_v1", ["conversas_telepaticas_v1", *FILL[:2]], stage=2)], [], []
    )
    user = sid(state, "bumerangue_v1")
    state = _with_power(state, user, "telepatia")
    mine, theirs = state.players[0].deck[0], state.players[1].deck[0]
    state, _ = act(state, 0, UseAction(user, "Conversas Telepáticas"))
    assert state.players[0].hand == (mine,) and state.players[1].hand == (theirs,)


def test_rompante_de_poder_goes_to_the_deck_bottom_to_deal_2_to_up_to_three() -> None:
    state = _versus(
        [Placed("bumerangue_v1", ["rompante_de_poder_v1", *FILL[:2]], stage=2)],
        [Placed("deadpool_v1", FILL), Placed("homem_areia_v1", FILL)],
    )
    user = sid(state, "bumerangue_v1")
    state = _with_power(state, user, "ataque_energetico")
    rompante = zones.in_scene(state, user).loaded[0]
    deadpool, areia = sid(state, "deadpool_v1"), sid(state, "homem_areia_v1")
    state, _ = act(state, 0, UseAction(user, "Rompante de Poder", f"{deadpool}, {areia}"))
    assert _loaded(state, deadpool) == 5  # 2 − Escudo 1
    assert _loaded(state, areia) == 6  # 2 − Escudo 2
    assert state.players[0].deck[-1] == rompante and rompante not in state.players[0].resources


def test_rocha_unloads_itself_to_deal_7() -> None:
    state = _versus(
        [Placed("mulher_hulk_v1", ["rocha_v1", *FILL[:3]], stage=2)],
        [Placed("deadpool_v1", FILL)],
    )
    hulk, deadpool = sid(state, "mulher_hulk_v1"), sid(state, "deadpool_v1")
    rocha = zones.in_scene(state, hulk).loaded[0]
    state, _ = act(state, 0, UseAction(hulk, "Rocha", str(deadpool)))
    # 7 − Escudo 1 unloads all 6 of its cards: knocked out, into the prizes
    assert zones.find(state, deadpool) is None and deadpool in state.players[1].prizes
    assert rocha in state.players[0].resources and _loaded(state, hulk) == 3


def test_bastao_gives_agilidade_and_shield_1_then_deals_1() -> None:
    state = _versus(
        [Placed("mulher_hulk_v1", ["bastao_v1", *FILL[:3]], stage=2)],
        [Placed("bruce_banner_v1", FILL[:3])],
    )
    hulk, areia = sid(state, "mulher_hulk_v1"), sid(state, "bruce_banner_v1")
    item = zones.in_scene(state, hulk)
    assert "agilidade" in zones.powers(state, item)
    before = shields.shield(state, item)
    state, _ = act(state, 0, UseAction(hulk, "Bastão", str(areia)))
    assert shields.shield(state, zones.in_scene(state, hulk)) == before + 1
    assert _loaded(state, areia) == 2  # Escudo 0


def test_porrete_deals_1_or_2_when_its_user_is_a_villain() -> None:
    for user, dealt in (("capitao_america_v1", 1), ("deadpool_v2", 2)):
        state = _versus(
            [Placed(user, ["porrete_v1", *FILL[:3]], stage=2)],
            [Placed("bruce_banner_v1", FILL[:3])],
        )
        me, banner = sid(state, user), sid(state, "bruce_banner_v1")
        state, _ = act(state, 0, UseAction(me, "Porrete", str(banner)))  # Agilidade from it
        assert _loaded(state, banner) == 3 - dealt, user  # Escudo 0


def test_impulso_habil_deals_2_then_3_when_used_again_after_a_discard() -> None:
    state = _with_hand(
        [Placed("deadpool_v1", ["impulso_habil_v1", *FILL[:3]], stage=2)],
        [Placed("bruce_banner_v1", FILL)],
        ["protecao"],
    )
    deadpool, banner = sid(state, "deadpool_v1"), sid(state, "bruce_banner_v1")
    state, _ = act(state, 0, UseAction(deadpool, "Impulso Hábil", str(banner)))
    assert _loaded(state, banner) == 4  # 2, Escudo 0
    state, _ = act(state, 0, Choose(str(state.players[0].hand[0])))
    state, _ = act(state, 0, UseAction(deadpool, "Impulso Hábil", str(banner)))
    assert _loaded(state, banner) == 1  # 3 the second time


def test_tecnica_tribal_deals_2_plus_one_per_other_character_sharing_an_affiliation() -> None:
    state = _versus(
        [
            Placed("capitao_america_v2", ["tecnica_tribal_v1", *FILL[:3]], stage=2),
            Placed("nick_fury_v1", FILL[:3]),  # S.H.I.E.L.D.
            Placed("thor_v1", FILL[:3]),  # Vingadores
            Placed("bumerangue_v1", FILL[:3]),  # nothing in common
        ],
        [Placed("bruce_banner_v1", FILL)],
    )
    capitao, banner = sid(state, "capitao_america_v2"), sid(state, "bruce_banner_v1")
    state, _ = act(state, 0, UseAction(capitao, "Técnica Tribal", str(banner)))
    assert _loaded(state, banner) == 2  # 2 + 2, Escudo 0


def test_fera_v2_loads_an_ability_card_unloads_one_of_its_own_and_may_go_again() -> None:
    state = build(
        Side(
            resources=["rocha_v1", "bumerangue_v1"],
            scene=[Placed("fera_v2", FILL[:4], stage=2)],
        ),
        Side(scene=[Placed("bruce_banner_v1", FILL[:3])]),
        content=starter(),
    )
    fera, banner = sid(state, "fera_v2"), sid(state, "bruce_banner_v1")
    rocha = zone_id(state, 0, "resources", "rocha_v1")
    state, _ = act(state, 0, UseAction(fera, "Turbilhão de Ideias"))
    # Only the ability card is offered, onto Fera only.
    assert state.choice is not None and set(state.choice.options) == {f"{rocha}>{fera}"}
    state, _ = act(state, 0, Choose(f"{rocha}>{fera}"))
    # Then one of Fera's own cards, of the player's choice (Banner's are not offered).
    carried = zones.in_scene(state, fera).loaded
    assert state.choice is not None and set(state.choice.options) == {str(c) for c in carried}
    state, _ = act(state, 0, Choose(str(carried[0])))
    assert rocha in zones.in_scene(state, fera).loaded and _loaded(state, fera) == 4
    assert carried[0] in state.players[0].resources and _loaded(state, banner) == 3
    # The action may be used again this turn.
    state, _ = act(state, 0, UseAction(fera, "Turbilhão de Ideias"))
    assert state.choice is not None


def test_x_23_v1_deals_3_damage() -> None:
    state = _versus(
        [Placed("x_23_v1", FILL[:4], stage=2)],
        [Placed("bruce_banner_v1", FILL)],
    )
    x23, banner = sid(state, "x_23_v1"), sid(state, "bruce_banner_v1")
    state, _ = act(state, 0, UseAction(x23, "Gatilho Olfativo", str(banner)))
    assert _loaded(state, banner) == 3 and zones.in_scene(state, x23).stage == 1


def test_colossus_v2_deals_2_plus_twice_the_x_men_in_the_opponents_prizes() -> None:
    state = build(
        Side(scene=[Placed("colossus_v2", FILL, stage=2)]),
        # the opponent's prizes: two X-Men character cards and one of another affiliation
        Side(
            scene=[Placed("hulk_v2", FILL)],
            prizes=["wolverine_v2", "gambit_v1", "thor_v1"],
        ),
        content=starter(),
    )
    colossus, hulk = sid(state, "colossus_v2"), sid(state, "hulk_v2")
    state, _ = act(state, 0, UseAction(colossus, "Vingança de Aço", str(hulk)))
    assert _loaded(state, hulk) == 3  # 2 + 2×2 = 6, − Escudo 3


def test_sentinela_mk_iv_incapacitates_only_a_mutant_by_the_chosen_1_or_2() -> None:
    for target, mode, stage in (
        ("groxo_v1", "incapacitar_2", 0),  # Irmandade de Mutantes
        ("groxo_v1", "incapacitar_1", 1),
        ("bruce_banner_v1", "incapacitar_2", 2),  # no such affiliation
    ):
        state = _versus(
            [Placed("sentinela_mk_iv_v1", FILL[:5], stage=2)],
            [Placed(target, FILL, stage=2)],
        )
        sentinela, other = sid(state, "sentinela_mk_iv_v1"), sid(state, target)
        state, _ = act(state, 0, UseAction(sentinela, "Imobilizar Mutante", str(other), mode=mode))
        assert _stage(state, other) == stage, (target, mode)
        assert _loaded(state, other) < 6  # the 3 damage in any case


def test_sentinela_mk_ii_deals_2_penetrating_to_a_mutant_and_1_to_anyone_else() -> None:
    for target, left in (("wolverine_v2", 4), ("bruce_banner_v1", 5)):  # X-Men / none
        state = _versus(
            [Placed("sentinela_mk_ii_v1", FILL, stage=2)],
            [Placed(target, FILL)],
        )
        sentinela, other = sid(state, "sentinela_mk_ii_v1"), sid(state, target)
        state, _ = act(state, 0, UseAction(sentinela, "Eliminar Ameaça", str(other)))
        assert _loaded(state, other) == left, target


def test_fanatico_v2_may_capacitate_at_his_attack_step_beside_an_ally_of_his_affiliation() -> None:
    from engines.battlescenes.actions import Pass

    for ally, offered in (("blob_v1", True), ("bumerangue_v1", False)):  # Irmandade / none
        state = build(
            Side(scene=[Placed("fanatico_v2", FILL, stage=0), Placed(ally, FILL[:3])]),
            Side(scene=[Placed("hulk_v1", FILL)]),
            phase=Phase.ANTICIPATION,
            content=starter(),
        )
        fanatico = sid(state, "fanatico_v2")
        state, _ = act(state, 1, Pass())  # the opponent ends the Anticipation step
        if offered:
            assert state.choice is not None and "skip" in state.choice.options
            state, _ = act(state, 0, Choose(state.choice.options[0]))
            assert _stage(state, fanatico) == 1 and state.phase is Phase.ATTACK
        else:
            assert state.choice is None and _stage(state, fanatico) == 0, ally


def test_explorar_possibilidades_puts_a_resource_at_the_deck_bottom_to_draw_two() -> None:
    def state_with(resources: list[str]) -> State:
        state = build(
            Side(
                deck=["excentricidade"] * 4,
                resources=resources,
                scene=[Placed("bumerangue_v1", ["explorar_possibilidades_v1", *FILL[:2]], stage=2)],
            ),
            Side(),
            content=starter(),
        )
        return _with_power(state, sid(state, "bumerangue_v1"), "genialidade")

    state = state_with([])
    user = sid(state, "bumerangue_v1")
    with pytest.raises(IllegalActionError) as err:  # nothing in the resources to pay with
        act(state, 0, UseAction(user, "Explorar Possibilidades"))
    assert err.value.key == "battlescenes.error.pay_cost"
    state = state_with(["protecao"])
    protecao = zone_id(state, 0, "resources", "protecao")
    top = state.players[0].deck[:2]
    state, _ = act(state, 0, UseAction(user, "Explorar Possibilidades"))
    assert state.players[0].hand == top
    assert state.players[0].deck[-1] == protecao and not state.players[0].resources


def test_acumular_poder_costs_1_less_per_action_the_opponent_used_this_turn() -> None:
    for used, usable in ((0, False), (1, True)):
        state = _versus(
            [Placed("bumerangue_v1", ["acumular_poder_v1", *FILL[:2]], stage=1)],
            [Placed("bruce_banner_v1", FILL)],
        )
        user, banner = sid(state, "bumerangue_v1"), sid(state, "bruce_banner_v1")
        state = _with_power(state, user, "ataque_energetico")
        opponent = replace(state.players[1], actions_this_turn=used)
        state = replace(state, players=(state.players[0], opponent))
        if not usable:  # cost 2 at stage 1
            with pytest.raises(IllegalActionError) as err:
                act(state, 0, UseAction(user, "Acumular Poder", str(banner)))
            assert err.value.key == "battlescenes.error.cannot_pay"
            continue
        state, _ = act(state, 0, UseAction(user, "Acumular Poder", str(banner)))
        assert _loaded(state, banner) == 5 and _stage(state, user) == 0  # paid 1


def test_surrar_deals_4_to_a_target_already_hit_by_another_super_forca_action() -> None:
    for first, left in (("hulk_v1", 20 - 4 - 4), ("bumerangue_v1", 20 - 1 - 2), ("", 20 - 2)):
        mine = [Placed("mulher_hulk_v1", ["surrar_v1", *FILL[:3]], stage=2)]
        if first:
            mine.append(Placed(first, FILL, stage=2))
        state = _versus(mine, [Placed("bruce_banner_v1", FILL * 3 + FILL[:2])])
        hulk, banner = sid(state, "mulher_hulk_v1"), sid(state, "bruce_banner_v1")
        if first == "hulk_v1":  # Hulk Esmaga: a Super Força action, 4 damage
            state, _ = act(state, 0, UseAction(sid(state, first), "Hulk Esmaga", str(banner)))
        if first == "bumerangue_v1":  # not Super Força: 1 penetrating
            state, _ = act(
                state,
                0,
                UseAction(
                    sid(state, first), "Arsenal de Bumerangues", str(banner), mode="penetrante"
                ),
            )
        state, _ = act(state, 0, UseAction(hulk, "Surrar", str(banner)))
        assert _loaded(state, banner) == left, first


def test_trabalho_em_equipe_swaps_cards_with_an_ally_sharing_an_affiliation_then_one_more() -> None:
    state = _versus(
        [
            Placed(
                "capitao_america_v2",
                ["trabalho_em_equipe_v1", "rocha_v1", *FILL[:2]],
                stage=2,
            ),
            Placed("thor_v1", ["protecao", *FILL[:2]]),  # Vingadores, as he is
            Placed("bumerangue_v1", FILL[:3]),  # nothing in common
        ],
        [Placed("bruce_banner_v1", FILL)],
    )
    capitao, thor = sid(state, "capitao_america_v2"), sid(state, "thor_v1")
    bumerangue, banner = sid(state, "bumerangue_v1"), sid(state, "bruce_banner_v1")
    trabalho, rocha = zones.in_scene(state, capitao).loaded[:2]
    for wrong in (bumerangue, capitao, banner):  # no affiliation in common / himself / theirs
        with pytest.raises(IllegalActionError):
            act(state, 0, UseAction(capitao, "Trabalho em Equipe", str(wrong)))
    state, _ = act(state, 0, UseAction(capitao, "Trabalho em Equipe", str(thor)))
    assert state.choice is not None
    # Trabalho em Equipe itself is not offered from his side.
    assert all(not o.startswith(f"{trabalho}>") for o in state.choice.options)
    protecao = zones.in_scene(state, thor).loaded[0]
    state, _ = act(state, 0, Choose(f"{rocha}>{protecao}"))
    assert rocha in zones.in_scene(state, thor).loaded
    assert protecao in zones.in_scene(state, capitao).loaded
    # One more action this turn (cost 0: still at stage 2).
    state, _ = act(state, 0, UseAction(capitao, "Combate Desarmado", str(banner)))
    assert _loaded(state, banner) == 4


def test_arsenal_hidra_cards_are_offered_to_pay_a_hidra_characters_unload_cost() -> None:
    from engines.battlescenes import ENGINE, use_menus

    state = _versus(
        [
            Placed("soldado_hidra_v1", ["excentricidade"], stage=2),
            Placed("arsenal_hidra_v1", FILL[:2]),
        ],
        [Placed("hulk_v1", FILL)],
    )
    soldado, arsenal = sid(state, "soldado_hidra_v1"), sid(state, "arsenal_hidra_v1")
    expected = {
        *zones.in_scene(state, soldado).loaded,
        *zones.in_scene(state, arsenal).loaded,
    }
    typed = {"character": soldado, "action": "Tática Suicida"}
    offered = ENGINE.autocomplete(state, 0, "use", "pay", "", typed)
    assert {int(c.value) for c in offered} == expected
    state = replace(state, using=soldado, using_action="Tática Suicida", using_next="pay")
    menu = use_menus.next_menu(state, 0)
    assert menu is not None and {int(o.value) for o in menu.options} == expected
