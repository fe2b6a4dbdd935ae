"""Cards of the official deck Ofensiva Surpresa ((2015) BSOS DECK; issue 23), each played as
printed with the built-in cards (``starter()``): what a player notices."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import Activate, Choose, Pass, PlayCard, UseAction
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


def test_miss_america_deals_3_damage() -> None:
    state = _versus([Placed("miss_america_v1", FILL[:5])], [Placed("capanga_do_rei_v2", FILL)])
    capanga = sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(sid(state, "miss_america_v1"), "Esmurrar", str(capanga)))
    assert _loaded(state, capanga) == 4  # 3 damage, Escudo 1


def test_guerreiro_skrull_deals_2_damage_and_is_a_villain_squad_shapeshifter() -> None:
    state = _versus([Placed("guerreiro_skrull_v1", FILL[:4])], [Placed("capanga_do_rei_v2", FILL)])
    skrull, capanga = sid(state, "guerreiro_skrull_v1"), sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(skrull, "Investida Skrull", str(capanga)))
    assert _loaded(state, capanga) == 5
    assert zones.has_alignment(state, skrull, "vilao")  # the record's errata
    assert {"pelotao", "metamorfo"} <= set(zones.keywords(state, skrull))


def test_hulkling_deals_3_to_one_target_or_2_to_each_of_two() -> None:
    theirs = [Placed("capanga_do_rei_v2", FILL), Placed("capanga_do_rei_v2", FILL)]
    state = _versus([Placed("hulkling_v1", FILL[:5])], theirs)
    hulkling = sid(state, "hulkling_v1")
    one, two = sid(state, "capanga_do_rei_v2"), sid(state, "capanga_do_rei_v2", nth=1)
    after, _ = act(state, 0, UseAction(hulkling, "Capacidade Mutável", str(one), mode="dano"))
    assert _loaded(after, one) == 4 and _loaded(after, two) == 6
    after, _ = act(
        state, 0, UseAction(hulkling, "Capacidade Mutável", f"{one}, {two}", mode="dois_alvos")
    )
    assert _loaded(after, one) == 5 and _loaded(after, two) == 5


def test_duende_macabro_mills_two_only_with_another_sexteto_sinistro_character() -> None:
    for others, milled in (([Placed("homem_areia_v1", FILL[:5])], 2), ([], 0)):
        state = _versus(
            [Placed("duende_macabro_v1", FILL[:4]), *others], [Placed("capanga_do_rei_v2", FILL)]
        )
        capanga = sid(state, "capanga_do_rei_v2")
        duende = sid(state, "duende_macabro_v1")
        state, _ = act(state, 0, UseAction(duende, "Explodir e Saquear", str(capanga)))
        assert _loaded(state, capanga) == 5
        assert len(state.players[0].resources) == milled
        assert len(state.players[0].deck) == 6 - milled


def test_forca_tatica_is_found_as_a_soldado_hidra_in_the_deck() -> None:
    state = build(
        Side(deck=["forca_tatica_v1", *FILL], scene=[Placed("caveira_vermelha_v1", FILL[:4])]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    forca = zone_id(state, 0, "deck", "forca_tatica_v1")
    state, _ = act(state, 0, Activate(sid(state, "caveira_vermelha_v1")))
    assert state.choice is not None and str(forca) in state.choice.options
    state, _ = act(state, 0, Choose(str(forca)))
    assert forca in state.players[0].hand


def test_forca_tatica_deals_4_damage() -> None:
    state = _versus(
        [Placed("forca_tatica_v1", FILL[:4], stage=2)], [Placed("capanga_do_rei_v2", FILL)]
    )
    capanga = sid(state, "capanga_do_rei_v2")
    forca = sid(state, "forca_tatica_v1")
    state, _ = act(state, 0, UseAction(forca, "Pulso Eletromagnético", str(capanga)))
    assert _loaded(state, capanga) == 3 and zones.in_scene(state, forca).stage == 0  # cost 2


def test_atropelamento_deals_5_and_is_revealed_by_surprise_at_the_attack_start() -> None:
    state = _versus(
        [Placed("miss_america_v1", ["atropelamento_v1", *FILL[:4]], stage=2)],
        [Placed("capanga_do_rei_v2", FILL)],
    )
    miss, capanga = sid(state, "miss_america_v1"), sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(miss, "Atropelamento", str(capanga)))
    assert _loaded(state, capanga) == 2 and zones.in_scene(state, miss).stage == 0
    state = _versus(
        [Placed("miss_america_v1", FILL[:5])],
        [Placed("capanga_do_rei_v2", FILL)],
        phase=Phase.ANTICIPATION,
        hand=["atropelamento_v1"],
    )
    card = zone_id(state, 0, "hand", "atropelamento_v1")
    state, _ = act(state, 1, Pass())  # the Anticipation step ends: the Attack step starts
    assert state.choice is not None and state.choice.seat == 0
    assert str(card) in state.choice.options


def test_submetralhadora_deals_1_penetrating_and_may_be_used_again() -> None:
    state = _versus(
        [Placed("duende_macabro_v1", ["submetralhadora_v1", *FILL[:3]], stage=2)],
        [Placed("capanga_do_rei_v2", FILL)],
    )
    miss, capanga = sid(state, "duende_macabro_v1"), sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(miss, "Submetralhadora", str(capanga)))
    assert _loaded(state, capanga) == 5
    state, _ = act(state, 0, UseAction(miss, "Submetralhadora", str(capanga)))
    assert _loaded(state, capanga) == 4
    with pytest.raises(IllegalActionError):  # the second use grants no third
        act(state, 0, UseAction(miss, "Esmurrar", str(capanga)))


def test_lanca_missil_unloads_a_card_of_its_user_then_deals_3() -> None:
    state = _versus(
        [Placed("capanga_do_rei_v2", FILL)],
        [Placed("duende_macabro_v1", ["lanca_missil_v1", *FILL[:3]])],
        phase=Phase.ANTICIPATION,
    )
    miss, capanga = sid(state, "duende_macabro_v1"), sid(state, "capanga_do_rei_v2")
    paid = zones.in_scene(state, miss).loaded[2]
    state, _ = act(state, 1, UseAction(miss, "Lança-Míssil", str(capanga), pay=str(paid)))
    assert _loaded(state, capanga) == 4
    assert paid not in zones.in_scene(state, miss).loaded and _loaded(state, miss) == 3


def test_saque_rapido_loads_a_resource_and_goes_to_the_deck_bottom_for_2_damage() -> None:
    state = build(
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        Side(
            resources=["protecao"],
            scene=[Placed("duende_macabro_v1", ["saque_rapido_v1", *FILL[:3]], stage=0)],
        ),
        phase=Phase.ANTICIPATION,
        content=starter(),
    )
    miss, capanga = sid(state, "duende_macabro_v1"), sid(state, "capanga_do_rei_v2")
    saque = zones.in_scene(state, miss).loaded[0]
    resource = state.players[1].resources[0]
    state, _ = act(state, 1, UseAction(miss, "Saque Rápido", str(capanga)))  # cost 0, stage 0
    assert _loaded(state, capanga) == 5
    loaded = zones.in_scene(state, miss).loaded
    assert resource in loaded and saque not in loaded
    assert state.players[1].deck[-1] == saque


def test_exploracao_aerea_loads_a_card_found_in_the_deck_then_unloads_itself() -> None:
    state = build(
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        Side(
            deck=["exploracao_aerea_v1", "submetralhadora_v1", *FILL],
            scene=[Placed("miss_america_v1", ["exploracao_aerea_v1", *FILL[:4]])],
        ),
        phase=Phase.ANTICIPATION,
        content=starter(),
    )
    miss = sid(state, "miss_america_v1")
    own = zones.in_scene(state, miss).loaded[0]
    other_copy = zone_id(state, 1, "deck", "exploracao_aerea_v1")
    wanted = zone_id(state, 1, "deck", "submetralhadora_v1")
    state, _ = act(state, 1, UseAction(miss, "Exploração Aérea"))
    assert state.choice is not None and str(wanted) in state.choice.options
    assert str(other_copy) not in state.choice.options  # not one named Exploração Aérea
    state, _ = act(state, 1, Choose(str(wanted)))
    loaded = zones.in_scene(state, miss).loaded
    assert wanted in loaded and own not in loaded and own in state.players[1].resources


def test_desfechos_paralelos_mills_two_on_entering_and_draws_one_on_leaving() -> None:
    state = _versus(
        [Placed("miss_america_v1", FILL[:5])],
        [Placed("capanga_do_rei_v2", FILL)],
        phase=Phase.PREPARATION,
        hand=["desfechos_paralelos_v1", "retirada_estrategica_v1"],
    )
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "desfechos_paralelos_v1")))
    assert len(state.players[0].resources) == 2 and len(state.players[0].deck) == 4
    # Replaced by another scenario (4.4.1 C): it leaves the scene, its owner draws one.
    state = build(
        Side(deck=["protecao"] * 6, hand=["desfechos_paralelos_v1"]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        scenario="desfechos_paralelos_v1",
        phase=Phase.PREPARATION,
        content=starter(),
    )
    hand = len(state.players[0].hand)
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "desfechos_paralelos_v1")))
    # Both pending together: the turn's player orders them (9).
    assert state.choice is not None and state.choice.prompt == "battlescenes.choice.order"
    state, _ = act(state, 0, Choose(state.choice.options[0]))
    assert len(state.players[0].hand) == hand  # played one, drew one
    assert len(state.players[0].resources) == 3  # the new one milled two, the old one there


def test_retirada_estrategica_returns_a_character_of_its_controller_to_the_hand() -> None:
    state = _versus(
        [Placed("miss_america_v1", FILL[:5]), Placed("guerreiro_skrull_v1", FILL[:4])],
        [Placed("capanga_do_rei_v2", FILL)],
        phase=Phase.PREPARATION,
        hand=["retirada_estrategica_v1"],
    )
    miss, capanga = sid(state, "miss_america_v1"), sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "retirada_estrategica_v1")))
    assert state.choice is not None and str(capanga) not in state.choice.options
    state, _ = act(state, 0, Choose(str(miss)))
    assert miss in state.players[0].hand and zones.find(state, miss) is None
    assert len(state.players[0].resources) == 5  # its cards unloaded


def test_projetil_inesperado_lets_an_own_ranged_character_deal_1_penetrating() -> None:
    state = _versus(
        [Placed("duende_macabro_v1", FILL[:4]), Placed("miss_america_v1", FILL[:5])],
        [Placed("capanga_do_rei_v2", FILL)],
        phase=Phase.PREPARATION,
        hand=["projetil_inesperado_v1"],
    )
    duende, miss = sid(state, "duende_macabro_v1"), sid(state, "miss_america_v1")
    capanga = sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "projetil_inesperado_v1")))
    if state.choice is not None and "yes" in state.choice.options:
        state, _ = act(state, 0, Choose("yes"))
    assert state.choice is not None and str(miss) not in state.choice.options  # no {AD}
    state, _ = act(state, 0, Choose(str(duende)))
    assert zones.in_scene(state, duende).stage == 0
    assert state.choice is not None and str(duende) not in state.choice.options  # another one
    state, _ = act(state, 0, Choose(str(capanga)))
    assert _loaded(state, capanga) == 5  # penetrating: Escudo 1 does not absorb it
