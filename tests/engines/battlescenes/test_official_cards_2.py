"""Cards of the official decks (second batch, ``starter/official_2.yaml``), each played once
as printed with the built-in cards (``starter()``): what a player notices."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import Activate, Choose, Pass, PlayCard, UseAction
from engines.battlescenes.content.loader import load_text
from engines.battlescenes.content.schema import Pack
from engines.battlescenes.rules import use
from engines.battlescenes.rules.state import Phase, State
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


def test_atirador_posicionado_deals_1_in_the_preparation_phase() -> None:
    state = _versus(
        [Placed("capanga_do_rei_v2", ["atirador_posicionado", *FILL[:2]])],
        [Placed("groxo_v1", FILL[:3])],
        phase=Phase.PREPARATION,
    )
    capanga, groxo = sid(state, "capanga_do_rei_v2"), sid(state, "groxo_v1")
    state, _ = act(state, 0, UseAction(capanga, "Atirador Posicionado", str(groxo)))
    assert zones.in_scene(state, groxo).damaged_this_turn
    assert _loaded(state, groxo) == 3  # 1 damage, Escudo 1 absorbs it
    assert shields.shield(state, zones.in_scene(state, groxo)) == 0


def test_rajada_deals_2() -> None:
    state = _versus(
        [Placed("surfista_prateado_v1", ["rajada", *FILL[:4]])], [Placed("groxo_v1", FILL[:3])]
    )
    surfista, groxo = sid(state, "surfista_prateado_v1"), sid(state, "groxo_v1")
    state, _ = act(state, 0, UseAction(surfista, "Rajada", str(groxo)))
    assert _loaded(state, groxo) == 2  # 2 - Escudo 1


def test_surfista_prateado_deals_2() -> None:
    state = _versus([Placed("surfista_prateado_v1", FILL[:5])], [Placed("groxo_v1", FILL[:3])])
    surfista, groxo = sid(state, "surfista_prateado_v1"), sid(state, "groxo_v1")
    state, _ = act(state, 0, UseAction(surfista, "Arremeter", str(groxo)))
    assert _loaded(state, groxo) == 2


def test_groxo_deals_1_and_lowers_the_target_shield_until_the_end_of_the_turn() -> None:
    state = _versus(
        [Placed("groxo_v1", FILL[:3])],
        [Placed("surfista_prateado_v1", FILL[:5])],
        phase=Phase.ANTICIPATION,
        active=1,
    )
    groxo, surfista = sid(state, "groxo_v1"), sid(state, "surfista_prateado_v1")
    state, _ = act(state, 0, UseAction(groxo, "Língua do Sapo", str(surfista)))
    item = zones.in_scene(state, surfista)
    assert len(item.loaded) == 5  # Escudo 1 absorbs the 1 damage
    assert shields.shield(state, item) == 0  # and Escudo -1 leaves nothing this turn


def test_onda_de_tranquilidade_puts_the_scenario_away_and_draws() -> None:
    state = build(
        Side(
            deck=["protecao"] * 3,
            scene=[Placed("maximus_v1", ["onda_de_tranquilidade", *FILL[:3]])],
        ),
        Side(scene=[Placed("groxo_v1", FILL[:3])]),
        content=starter(),
        scenario="cidade_fantasma",
    )
    scenario = state.scenario
    state, _ = act(state, 0, UseAction(sid(state, "maximus_v1"), "Onda de Tranquilidade"))
    assert state.scenario is None and scenario in state.players[0].resources
    assert len(state.players[0].hand) == 1 and len(state.players[0].deck) == 2


def test_onda_de_tranquilidade_draws_nothing_without_a_scenario() -> None:
    state = build(
        Side(
            deck=["protecao"] * 3,
            scene=[Placed("maximus_v1", ["onda_de_tranquilidade", *FILL[:3]])],
        ),
        Side(scene=[Placed("groxo_v1", FILL[:3])]),
        content=starter(),
    )
    state, _ = act(state, 0, UseAction(sid(state, "maximus_v1"), "Onda de Tranquilidade"))
    assert state.players[0].hand == () and len(state.players[0].deck) == 3


def test_canhao_automatico_deals_1_once_a_turn_in_the_preparation() -> None:
    state = _versus(
        [Placed("canhao_automatico_v1", FILL[:3])],
        [Placed("groxo_v1", FILL[:3])],
        phase=Phase.PREPARATION,
    )
    canhao, groxo = sid(state, "canhao_automatico_v1"), sid(state, "groxo_v1")
    state, _ = act(state, 0, Activate(canhao))
    assert state.choice is not None and str(groxo) in state.choice.options
    state, _ = act(state, 0, Choose(str(groxo)))
    assert zones.in_scene(state, groxo).damaged_this_turn
    assert shields.shield(state, zones.in_scene(state, groxo)) == 0  # Escudo 1 took it
    with pytest.raises(IllegalActionError):  # once a turn
        act(state, 0, Activate(canhao))


def test_thor_v2_deals_3_and_takes_no_damage_from_ataque_energetico_actions() -> None:
    state = _versus(
        [Placed("surfista_prateado_v1", ["rajada", *FILL[:4]])], [Placed("thor_v2", FILL)]
    )
    surfista, thor = sid(state, "surfista_prateado_v1"), sid(state, "thor_v2")
    state, _ = act(state, 0, UseAction(surfista, "Rajada", str(thor)))  # Ataque Energético
    assert not zones.in_scene(state, thor).damaged_this_turn
    assert shields.shield(state, zones.in_scene(state, thor)) == 2  # untouched
    state = _versus([Placed("surfista_prateado_v1", FILL[:5])], [Placed("thor_v2", FILL)])
    surfista, thor = sid(state, "surfista_prateado_v1"), sid(state, "thor_v2")
    state, _ = act(state, 0, UseAction(surfista, "Arremeter", str(thor)))  # Voo: 2 damage
    assert zones.in_scene(state, thor).damaged_this_turn and _loaded(state, thor) == 6
    state = _versus([Placed("thor_v2", FILL)], [Placed("groxo_v1", FILL)])
    thor, groxo = sid(state, "thor_v2"), sid(state, "groxo_v1")
    state, _ = act(state, 0, UseAction(thor, "Golpe Contundente", str(groxo)))
    assert _loaded(state, groxo) == 4  # 3 - Escudo 1


def test_por_abaixo_unloads_itself_and_deals_a_support_as_much_as_it_carries() -> None:
    state = _versus(
        [Placed("mulher_hulk_v1", ["por_abaixo", *FILL[:3]], stage=2)],
        [Placed("canhao_automatico_v1", FILL[:2]), Placed("groxo_v1", FILL[:3])],
    )
    hulk, canhao = sid(state, "mulher_hulk_v1"), sid(state, "canhao_automatico_v1")
    por_abaixo = zones.in_scene(state, hulk).loaded[0]
    groxo = sid(state, "groxo_v1")
    with pytest.raises(IllegalActionError):  # a support only
        act(state, 0, UseAction(hulk, "Pôr Abaixo", str(groxo)))
    state, _ = act(state, 0, UseAction(hulk, "Pôr Abaixo", str(canhao)))
    assert por_abaixo in state.players[0].resources and _loaded(state, hulk) == 3
    # X = 2 cards carried, penetrating: its Escudo 1 does not help; the support is destroyed.
    assert zones.find(state, canhao) is None and canhao in state.players[1].resources


def test_hulk_v2_deals_9_then_the_opponent_takes_a_character_of_his_resources_as_prize() -> None:
    state = build(
        Side(
            resources=["groxo_v1", "protecao", "thor_v2"],
            scene=[Placed("hulk_v2", FILL[:6], stage=2)],
        ),
        Side(scene=[Placed("thor_v2", FILL), Placed("groxo_v1", FILL[:3])]),
        content=starter(),
    )
    hulk, thor = sid(state, "hulk_v2"), sid(state, "thor_v2", 1)
    with pytest.raises(IllegalActionError):  # a target an opponent controls
        act(state, 0, UseAction(hulk, "Cólera Enlouquecida", str(hulk)))
    state, _ = act(state, 0, UseAction(hulk, "Cólera Enlouquecida", str(thor)))
    assert zones.find(state, thor) is None  # 9 - Escudo 2 = 7 > 6 carried: knocked out
    choice = state.choice
    assert choice is not None and choice.seat == 1  # Bruno picks among Ana's characters
    groxo, thor_card = state.players[0].resources[0], state.players[0].resources[2]
    assert set(choice.options) == {str(groxo), str(thor_card)}
    state, _ = act(state, 1, Choose(str(thor_card)))
    assert state.players[0].prizes == (thor_card,)
    # Ana scored Bruno's knocked-out Thor V2 (6); Bruno scores the Thor V2 he picked (6).
    assert (zones.prize_points(state, 0), zones.prize_points(state, 1)) == (6, 6)


def test_sugestao_coletiva_puts_an_opponents_scenario_into_the_scene_under_your_control() -> None:
    state = build(
        Side(
            deck=["protecao"] * 3,
            scene=[Placed("hela_v1", ["sugestao_coletiva", *FILL[:3]], stage=2)],
        ),
        Side(resources=["a_essencia_do_medo", "protecao"], scene=[Placed("groxo_v1", FILL[:3])]),
        phase=Phase.ANTICIPATION,
        active=1,
        content=starter(),
        scenario="cidade_fantasma",
    )
    hela, old = sid(state, "hela_v1"), state.scenario
    essencia = state.players[1].resources[0]
    state, _ = act(state, 0, UseAction(hela, "Sugestão Coletiva"))
    assert state.choice is not None and state.choice.seat == 0
    assert set(state.choice.options) == {str(essencia)}  # only scenario cards, anyone's
    state, _ = act(state, 0, Choose(str(essencia)))
    assert state.scenario == essencia and zones.scenario_controller(state) == 0
    assert old in state.players[0].resources  # the replaced one went to its owner (Ana)
    # its "enters" text makes its controller (Ana), not its owner, draw a card
    assert len(state.players[0].hand) == 1 and state.players[1].hand == ()


def _arcade(scenario: str | None) -> State:
    return build(
        Side(
            deck=["protecao"] * 4,
            resources=["cidade_fantasma", "protecao"],
            scene=[Placed("arcade_v1", FILL[:3])],
        ),
        Side(deck=["protecao"] * 4, scene=[Placed("groxo_v1", FILL[:3])]),
        content=starter(),
        scenario=scenario,
    )


def test_arcade_plays_a_scenario_of_his_resources_until_the_end_of_the_turn() -> None:
    state = _arcade("a_essencia_do_medo")
    arcade, old = sid(state, "arcade_v1"), state.scenario
    cidade = state.players[0].resources[0]
    state, _ = act(state, 0, UseAction(arcade, "Brincadeira Mortal"))
    assert state.choice is not None and set(state.choice.options) == {str(cidade)}
    state, _ = act(state, 0, Choose(str(cidade)))
    assert state.scenario == cidade and old in state.players[0].resources
    assert len(state.players[0].hand) == 1  # Cidade Fantasma's entering draw
    state, _ = act(state, 0, Pass())  # the turn ends: the scenario goes to the deck bottom
    assert state.scenario is None and state.players[0].deck[-1] == cidade


def test_arcade_leaves_a_scenario_that_already_left_where_it_is() -> None:
    state = build(
        Side(
            deck=["protecao"] * 4,
            resources=["cidade_fantasma", "protecao"],
            scene=[
                Placed("arcade_v1", FILL[:3]),
                Placed("hela_v1", ["onda_de_tranquilidade", *FILL[:3]]),
            ],
        ),
        Side(deck=["protecao"] * 4, scene=[Placed("groxo_v1", FILL[:3])]),
        content=starter(),
    )
    arcade, hela = sid(state, "arcade_v1"), sid(state, "hela_v1")
    cidade = state.players[0].resources[0]
    state, _ = act(state, 0, UseAction(arcade, "Brincadeira Mortal"))
    state, _ = act(state, 0, Choose(str(cidade)))
    state, _ = act(state, 0, UseAction(hela, "Onda de Tranquilidade"))
    assert state.scenario is None and cidade in state.players[0].resources
    state, _ = act(state, 0, Pass())
    assert cidade in state.players[0].resources and cidade not in state.players[0].deck


def _computador(hand: list[str]) -> State:
    return build(
        Side(
            deck=["excentricidade"] * 3,
            hand=hand,
            resources=["rajada", "groxo_v1", "thor_v2"],
            scene=[Placed("maximus_v1", ["super_computador", *FILL[:3]], stage=2)],
        ),
        Side(scene=[Placed("groxo_v1", FILL[:3])]),
        phase=Phase.ANTICIPATION,
        active=1,
        content=starter(),
    )


def test_super_computador_discards_x_plus_1_then_cycles_as_many() -> None:
    state = _computador(["protecao", "protecao", "protecao"])
    maximus = sid(state, "maximus_v1")
    hand, resources = state.players[0].hand, state.players[0].resources
    state, _ = act(state, 0, UseAction(maximus, "Super Computador", x=1))
    assert zones.in_scene(state, maximus).stage == 1  # X = 1 paid
    for card in hand[:2]:  # X+1 = 2 discards, one pick at a time
        assert state.choice is not None and str(card) in state.choice.options
        state, _ = act(state, 0, Choose(str(card)))
    for card in resources[:2]:  # as many from the resources to the deck bottom
        assert state.choice is not None and str(card) in state.choice.options
        state, _ = act(state, 0, Choose(str(card)))
    player = state.players[0]
    assert player.deck[-2:] == resources[:2] and len(player.deck) == 3
    assert set(hand[:2]) <= set(player.resources)  # the discards went to the resources
    assert len(player.hand) == 3  # one kept + two drawn


def test_super_computador_with_an_empty_hand_moves_and_draws_nothing() -> None:
    state = _computador([])
    state, _ = act(state, 0, UseAction(sid(state, "maximus_v1"), "Super Computador", x=0))
    player = state.players[0]
    assert state.choice is None and player.hand == () and len(player.deck) == 3
    assert len(player.resources) == 3


def test_blob_takes_no_damage_from_the_first_action_each_turn_only() -> None:
    state = _versus(
        [Placed("surfista_prateado_v1", FILL[:5]), Placed("thor_v2", FILL)],
        [Placed("blob_v1", FILL[:6])],
    )
    surfista, thor, blob = (
        sid(state, "surfista_prateado_v1"),
        sid(state, "thor_v2"),
        sid(state, "blob_v1"),
    )
    state, _ = act(state, 0, UseAction(surfista, "Arremeter", str(blob)))  # the first: 0
    item = zones.in_scene(state, blob)
    assert len(item.loaded) == 6 and shields.shield(state, item) == 1
    state, _ = act(state, 0, UseAction(thor, "Golpe Contundente", str(blob)))  # the second: 3
    assert _loaded(state, blob) == 4  # 3 - Escudo 1
    state = _versus([Placed("blob_v1", FILL[:6])], [Placed("groxo_v1", FILL[:3])])
    blob, groxo = sid(state, "blob_v1"), sid(state, "groxo_v1")
    state, _ = act(state, 0, UseAction(blob, "Estapear", str(groxo)))
    assert _loaded(state, groxo) == 2


def test_atacar_e_espionar_deals_2_and_draws_when_unloaded_from_an_elasticidade_character() -> None:
    state = _versus(
        [Placed("groxo_v1", ["excentricidade", "atacar_e_espionar"])],
        [Placed("surfista_prateado_v1", FILL[:5], stage=2)],
    )
    groxo, surfista = sid(state, "groxo_v1"), sid(state, "surfista_prateado_v1")
    state, _ = act(state, 0, UseAction(groxo, "Atacar e Espionar", str(surfista)))
    assert _loaded(state, surfista) == 4  # 2 - Escudo 1
    assert state.players[0].hand == ()
    # Bruno's turn: Surfista hits Groxo for 2; Escudo 1 + the newest card (this one) unloaded
    state = replace(state, active=1, players=state.players)
    state, _ = act(state, 1, UseAction(surfista, "Arremeter", str(groxo)))
    assert len(state.players[0].hand) == 1  # Ana draws
    assert _loaded(state, groxo) == 1


def test_atacar_e_espionar_draws_nothing_from_a_character_without_elasticidade() -> None:
    state = _versus(
        [Placed("capanga_do_rei_v2", ["excentricidade", "atacar_e_espionar"])],
        [Placed("surfista_prateado_v1", FILL[:5], stage=2)],
        active=1,
    )
    capanga, surfista = sid(state, "capanga_do_rei_v2"), sid(state, "surfista_prateado_v1")
    espionar = zones.in_scene(state, capanga).loaded[1]
    state, _ = act(state, 1, UseAction(surfista, "Arremeter", str(capanga)))
    assert espionar in state.players[0].resources and state.players[0].hand == ()


def test_mjolnir_on_thor_gives_shield_and_powers_and_is_thrown_for_4() -> None:
    state = _versus([Placed("thor_v2", ["mjolnir", *FILL[:3]])], [Placed("groxo_v1", FILL[:3])])
    thor, groxo = sid(state, "thor_v2"), sid(state, "groxo_v1")
    mjolnir = zones.in_scene(state, thor).loaded[0]
    item = zones.in_scene(state, thor)
    assert shields.shield(state, item) == 3  # Escudo 2 +1
    assert {"ataque_energetico", "voo", "ataque_a_distancia"} <= set(zones.powers(state, item))
    state, _ = act(state, 0, UseAction(thor, "Arremesso de Martelo", str(groxo)))
    assert mjolnir in state.players[0].resources  # unloaded to throw it
    assert zones.find(state, groxo) is None  # 4 - Escudo 1 = 3: all Groxo carried


def test_mjolnir_does_not_stay_on_a_character_not_named_thor() -> None:
    state = build(
        Side(hand=["groxo_v1"], resources=[*FILL[:3], "mjolnir"]),
        Side(scene=[Placed("thor_v2", FILL)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    groxo = zone_id(state, 0, "hand", "groxo_v1")
    mjolnir = zone_id(state, 0, "resources", "mjolnir")
    state, _ = act(state, 0, PlayCard(groxo, load=str(mjolnir)))
    assert mjolnir in state.players[0].resources and _loaded(state, groxo) == 2
    assert shields.shield(state, zones.in_scene(state, groxo)) == 1  # no Escudo +1


def test_only_a_character_named_thor_may_throw_mjolnir() -> None:
    state = _versus([Placed("groxo_v1", ["mjolnir", *FILL[:3]])], [Placed("thor_v2", FILL)])
    groxo = sid(state, "groxo_v1")
    # Were it still on Groxo (no effect ran yet), the action is refused all the same.
    with pytest.raises(IllegalActionError):
        act(state, 0, UseAction(groxo, "Arremesso de Martelo", str(sid(state, "thor_v2"))))


#: A test stand-in with the name Loki V1's texts look for (made-up numbers, no printed code).
REPLICA = """
cards:
  - key: replica_stand_in
    type: character
    name: Réplica de Loki
    version: V1
    alignments: [vilao]
    energy: 2
    shield: 1
    keywords: [pelotao]
    actions:
      - {name: Golpe de Teste, kind: normal, cost: 1, targets: 1,
         steps: [{op: damage, amount: 1}]}
    source: "test stand-in"
    verified: false
"""


def _with_replica() -> Pack:
    extra = load_text(REPLICA, "replica.yaml").cards
    return Pack("starter", {**starter().cards, **extra}, starter().decks)


def test_loki_takes_up_to_three_replicas_from_deck_and_resources_on_entering() -> None:
    state = build(
        Side(
            deck=["replica_stand_in", "protecao", "replica_stand_in"],
            hand=["loki_v1"],
            resources=["replica_stand_in", *FILL[:5]],
        ),
        Side(scene=[Placed("groxo_v1", FILL[:3])]),
        phase=Phase.PREPARATION,
        content=_with_replica(),
    )
    loki = zone_id(state, 0, "hand", "loki_v1")
    replicas = [
        c
        for c in (*state.players[0].deck, *state.players[0].resources)
        if state.cards[c].key == "replica_stand_in"
    ]
    load = ", ".join(str(c) for c in state.players[0].resources[1:])
    state, _ = act(state, 0, PlayCard(loki, load=load))
    for n, card in enumerate(replicas[:2]):  # deck and resources alike, one at a time
        assert state.choice is not None
        assert set(state.choice.options) == {*(str(c) for c in replicas[n:]), "done"}
        state, _ = act(state, 0, Choose(str(card)))
    state, _ = act(state, 0, Choose("done"))  # up to three: two are enough
    assert set(state.players[0].hand) == set(replicas[:2])
    assert len(state.players[0].deck) + len(state.players[0].resources) == 2


def test_loki_deals_3_while_you_control_a_replica_and_2_otherwise() -> None:
    for mine, left in (([], 2), ([Placed("replica_stand_in", FILL[:2])], 1)):
        state = build(
            Side(scene=[Placed("loki_v1", FILL[:5]), *mine]),
            Side(scene=[Placed("groxo_v1", FILL[:3])]),
            phase=Phase.PREPARATION,
            content=_with_replica(),
        )
        loki, groxo = sid(state, "loki_v1"), sid(state, "groxo_v1")
        state, _ = act(state, 0, UseAction(loki, "Feitiçaria Sinistra", str(groxo)))
        assert _loaded(state, groxo) == left  # 2 or 3, Escudo 1 absorbs one


def test_loki_may_redirect_an_actions_damage_to_a_replica_he_controls() -> None:
    state = build(
        Side(
            scene=[
                Placed("surfista_prateado_v1", FILL[:5]),
                Placed("canhao_automatico_v1", FILL[:3]),
            ]
        ),
        Side(
            scene=[
                Placed("loki_v1", FILL[:5]),
                Placed("replica_stand_in", FILL[:2]),
                Placed("groxo_v1", FILL[:3]),
            ]
        ),
        content=_with_replica(),
    )
    surfista, loki = sid(state, "surfista_prateado_v1"), sid(state, "loki_v1")
    replica = sid(state, "replica_stand_in")
    state, _ = act(state, 0, UseAction(surfista, "Arremeter", str(loki)))
    assert state.choice is not None and state.choice.seat == 1
    assert set(state.choice.options) == {str(replica), "skip"}  # not Groxo V1 (no Réplica)
    state, _ = act(state, 1, Choose(str(replica)))
    assert _loaded(state, loki) == 5 and _loaded(state, replica) == 1  # 2 - Escudo 1


def test_loki_cannot_redirect_damage_not_from_an_action() -> None:
    state = build(
        Side(scene=[Placed("canhao_automatico_v1", FILL[:3])]),
        Side(scene=[Placed("loki_v1", FILL[:5]), Placed("replica_stand_in", FILL[:2])]),
        phase=Phase.PREPARATION,
        content=_with_replica(),
    )
    canhao, loki = sid(state, "canhao_automatico_v1"), sid(state, "loki_v1")
    state, _ = act(state, 0, Activate(canhao))
    state, _ = act(state, 0, Choose(str(loki)))
    assert state.choice is None  # no redirect offered: the support's damage is no action's
    assert shields.shield(state, zones.in_scene(state, loki)) == 1  # Escudo 2 took the 1


def _imagem_falsa(with_loki: bool) -> State:
    mine = [Placed("replica_stand_in", FILL[:1])]
    if with_loki:
        mine.append(Placed("loki_v1", FILL[:5]))
    return build(
        Side(scene=mine),
        Side(scene=[Placed("surfista_prateado_v1", FILL[:5])]),
        active=1,
        content=_with_replica(),
        scenario="imagem_falsa",
    )


def test_imagem_falsa_saves_a_knocked_out_replica_while_you_control_loki() -> None:
    state = _imagem_falsa(True)
    replica, surfista = sid(state, "replica_stand_in"), sid(state, "surfista_prateado_v1")
    scenario = state.scenario
    state, _ = act(state, 1, UseAction(surfista, "Arremeter", str(replica)))
    assert zones.find(state, replica) is None and state.players[0].prizes == ()
    assert replica in state.players[0].resources  # not a knock-out: no points for Bruno
    assert state.scenario is None and scenario in state.players[0].resources


def test_imagem_falsa_does_nothing_without_loki() -> None:
    state = _imagem_falsa(False)
    replica, surfista = sid(state, "replica_stand_in"), sid(state, "surfista_prateado_v1")
    scenario = state.scenario
    state, _ = act(state, 1, UseAction(surfista, "Arremeter", str(replica)))
    assert state.players[0].prizes == (replica,) and state.scenario == scenario


def _busca(scenario: str | None) -> State:
    return build(
        Side(scene=[Placed("surfista_prateado_v1", FILL[:5])]),
        Side(scene=[Placed("canhao_automatico_v1", FILL[:1])]),
        content=starter(),
        scenario=scenario,
    )


def test_busca_e_apreensao_lets_you_score_a_support_you_destroy() -> None:
    state = _busca("busca_e_apreensao")
    surfista, canhao = sid(state, "surfista_prateado_v1"), sid(state, "canhao_automatico_v1")
    state, _ = act(state, 0, UseAction(surfista, "Arremeter", str(canhao)))
    assert state.choice is not None and state.choice.seat == 0  # the destroyer chooses
    assert set(state.choice.options) == {"prizes", "resources"}
    state, _ = act(state, 0, Choose("prizes"))
    assert state.players[1].prizes == (canhao,) and zones.prize_points(state, 0) == 3


def test_busca_e_apreensao_may_be_declined_and_needs_the_scenario() -> None:
    state = _busca("busca_e_apreensao")
    surfista, canhao = sid(state, "surfista_prateado_v1"), sid(state, "canhao_automatico_v1")
    state, _ = act(state, 0, UseAction(surfista, "Arremeter", str(canhao)))
    state, _ = act(state, 0, Choose("resources"))
    assert canhao in state.players[1].resources and zones.prize_points(state, 0) == 0
    state = _busca(None)
    state, _ = act(state, 0, UseAction(surfista, "Arremeter", str(canhao)))
    assert state.choice is None and canhao in state.players[1].resources


def _venom() -> State:
    return _versus(
        [Placed("venom_v1", FILL[:5], stage=2)],
        [Placed("surfista_prateado_v1", FILL[:5]), Placed("groxo_v1", FILL[:3])],
    )


def test_venom_hits_x_targets_and_incapacitates_x_minus_1_of_them() -> None:
    state = _venom()
    venom, surfista = sid(state, "venom_v1"), sid(state, "surfista_prateado_v1")
    groxo = sid(state, "groxo_v1")
    with pytest.raises(IllegalActionError):  # X = 2: two targets
        act(state, 0, UseAction(venom, "Tiro de Teia", str(groxo), x=2))
    state, _ = act(state, 0, UseAction(venom, "Tiro de Teia", f"{surfista}, {groxo}", x=2))
    assert (_loaded(state, surfista), _loaded(state, groxo)) == (4, 2)  # 2 - Escudo 1 each
    assert state.choice is not None and set(state.choice.options) == {str(surfista), str(groxo)}
    state, _ = act(state, 0, Choose(str(surfista)))
    assert zones.in_scene(state, surfista).stage == 0 and zones.in_scene(state, groxo).stage == 1


def test_venom_may_hit_one_target_twice_and_x_1_incapacitates_none() -> None:
    state = _venom()
    venom, surfista = sid(state, "venom_v1"), sid(state, "surfista_prateado_v1")
    state, _ = act(state, 0, UseAction(venom, "Tiro de Teia", f"{surfista}, {surfista}", x=2))
    assert _loaded(state, surfista) == 2  # 2 + 2 in one procedure, Escudo 1 once
    state = _venom()
    state, _ = act(state, 0, UseAction(venom, "Tiro de Teia", str(surfista), x=1))
    assert _loaded(state, surfista) == 4 and state.choice is None
    assert zones.in_scene(state, surfista).stage == 1


def test_super_soco_v2_allows_one_more_free_super_soco_then_no_more_actions() -> None:
    state = _versus(
        [Placed("mulher_hulk_v1", ["super_soco_v2", *FILL[:4]], stage=1)],
        [Placed("thor_v2", FILL), Placed("groxo_v1", FILL[:3])],
    )
    hulk, thor, groxo = sid(state, "mulher_hulk_v1"), sid(state, "thor_v2"), sid(state, "groxo_v1")
    state, _ = act(state, 0, UseAction(hulk, "Super Soco", str(groxo)))
    assert _loaded(state, groxo) == 2 and zones.in_scene(state, hulk).stage == 0
    with pytest.raises(IllegalActionError):  # not another action
        act(state, 0, UseAction(hulk, "Sequência de Socos", f"{thor}, {groxo}"))
    state, _ = act(state, 0, UseAction(hulk, "Super Soco", str(thor)))  # at stage 0: free
    assert zones.in_scene(state, thor).damaged_this_turn
    assert zones.in_scene(state, hulk).stage == 0
    with pytest.raises(IllegalActionError):  # and then no more, not even a third one
        act(state, 0, UseAction(hulk, "Super Soco", str(groxo)))


def _inocentes() -> State:
    return build(
        Side(scene=[Placed("hulk_v3", FILL[:6]), Placed("surfista_prateado_v1", FILL[:5])]),
        Side(scene=[Placed("thor_v2", FILL)]),
        active=1,
        content=starter(),
        scenario="proteger_os_inocentes",
    )


def test_proteger_os_inocentes_lets_a_hero_take_the_place_of_a_character_with_no_alignment() -> (
    None
):
    state = _inocentes()
    hulk, surfista, thor = (
        sid(state, "hulk_v3"),
        sid(state, "surfista_prateado_v1"),
        sid(state, "thor_v2"),
    )
    state, _ = act(state, 1, UseAction(thor, "Golpe Contundente", str(hulk)))
    assert state.choice is not None and state.choice.seat == 0
    assert set(state.choice.options) == {str(surfista), "skip"}  # Ana's heroes only
    state, _ = act(state, 0, Choose(str(surfista)))
    assert _loaded(state, surfista) == 3 and _loaded(state, hulk) == 6  # 3 - Escudo 1


def test_proteger_os_inocentes_may_be_declined_and_ignores_heroes_targeted() -> None:
    state = _inocentes()
    hulk, surfista, thor = (
        sid(state, "hulk_v3"),
        sid(state, "surfista_prateado_v1"),
        sid(state, "thor_v2"),
    )
    state, _ = act(state, 1, UseAction(thor, "Golpe Contundente", str(hulk)))
    state, _ = act(state, 0, Choose("skip"))
    assert shields.shield(state, zones.in_scene(state, hulk)) == 0 and _loaded(state, surfista) == 5
    state = _inocentes()
    state, _ = act(state, 1, UseAction(thor, "Golpe Contundente", str(surfista)))
    assert state.choice is None and _loaded(state, surfista) == 3  # a hero: nothing to ask


# --- Poderes Ocultos -----------------------------------------------------------------------


def test_rasgar_and_viuva_negra_deal_1_penetrating_in_the_anticipation_step() -> None:
    state = _versus(
        [
            Placed("viuva_negra_v1", FILL[:3], stage=2),
            Placed("carnificina_v2", ["rasgar", *FILL[:3]]),
        ],
        [Placed("thor_v2", FILL)],
        phase=Phase.ANTICIPATION,
        active=1,
    )
    viuva, carnificina, thor = (
        sid(state, "viuva_negra_v1"),
        sid(state, "carnificina_v2"),
        sid(state, "thor_v2"),
    )
    state, _ = act(state, 0, UseAction(viuva, "Ataque-Surpresa", str(thor)))
    assert _loaded(state, thor) == 5  # through Escudo 2
    state, _ = act(state, 0, UseAction(carnificina, "Rasgar", str(thor)))
    assert _loaded(state, thor) == 4


def test_rocket_raccoon_deals_1_at_no_cost() -> None:
    state = _versus(
        [Placed("rocket_raccoon_v1", FILL[:3], stage=0)], [Placed("groxo_v1", FILL[:3])]
    )
    rocket, groxo = sid(state, "rocket_raccoon_v1"), sid(state, "groxo_v1")
    state, _ = act(state, 0, UseAction(rocket, "Pistola Laser", str(groxo)))
    assert shields.shield(state, zones.in_scene(state, groxo)) == 0 and _loaded(state, groxo) == 3


def test_gaviao_arqueiro_chooses_1_penetrating_or_2() -> None:
    for mode, left in (("penetrante", 2), ("dano", 2)):
        state = _versus([Placed("gaviao_arqueiro_v1", FILL[:3])], [Placed("groxo_v1", FILL[:3])])
        gaviao, groxo = sid(state, "gaviao_arqueiro_v1"), sid(state, "groxo_v1")
        state, _ = act(state, 0, UseAction(gaviao, "Flechas Especiais", str(groxo), mode=mode))
        assert _loaded(state, groxo) == left
        assert shields.shield(state, zones.in_scene(state, groxo)) == (
            1 if mode == "penetrante" else 0
        )


def test_cavaleiro_da_lua_and_metralhadora_may_be_used_again_this_turn() -> None:
    state = _versus([Placed("cavaleiro_da_lua_v1", FILL[:4], stage=2)], [Placed("thor_v2", FILL)])
    cavaleiro, thor = sid(state, "cavaleiro_da_lua_v1"), sid(state, "thor_v2")
    state, _ = act(state, 0, UseAction(cavaleiro, "Bumerangue de Marfim", str(thor)))
    state, _ = act(state, 0, UseAction(cavaleiro, "Bumerangue de Marfim", str(thor)))
    assert zones.in_scene(state, cavaleiro).stage == 0  # each use paid its cost
    state = _versus(
        [Placed("rocket_raccoon_v1", ["metralhadora", *FILL[:2]], stage=2)],
        [Placed("thor_v2", FILL)],
        phase=Phase.ANTICIPATION,
        active=1,
    )
    rocket, thor = sid(state, "rocket_raccoon_v1"), sid(state, "thor_v2")
    state, _ = act(state, 0, UseAction(rocket, "Metralhadora", str(thor)))
    state, _ = act(state, 0, UseAction(rocket, "Metralhadora", str(thor)))
    # each use allows one more: what stops it is the cost (stage 0 now)
    metralhadora = starter().cards["metralhadora"].actions[0]
    still = replace(state, phase=Phase.ANTICIPATION, active=1)  # the step ended: nothing left
    assert use.problems(still, 0, zones.in_scene(state, rocket), metralhadora) == "cannot_pay"


def test_ossos_cruzados_first_chuva_de_balas_is_free_and_the_second_costs_1() -> None:
    state = _versus([Placed("ossos_cruzados_v1", FILL[:4], stage=1)], [Placed("thor_v2", FILL)])
    ossos, thor = sid(state, "ossos_cruzados_v1"), sid(state, "thor_v2")
    state, _ = act(state, 0, UseAction(ossos, "Chuva de Balas", str(thor)))
    assert zones.in_scene(state, ossos).stage == 1  # cost 0 the first time
    state, _ = act(state, 0, UseAction(ossos, "Chuva de Balas", str(thor)))
    assert zones.in_scene(state, ossos).stage == 0  # cost 1 the second


def test_plano_magistral_preparacao_takes_the_named_plans_from_the_resources() -> None:
    extra = load_text(PLANS, "plans.yaml").cards
    content = Pack("starter", {**starter().cards, **extra}, starter().decks)
    state = build(
        Side(
            hand=["plano_magistral_preparacao"],
            resources=["plan_estrategia", "plan_objetivo", "protecao", "plan_execucao"],
        ),
        Side(scene=[Placed("groxo_v1", FILL[:3])]),
        phase=Phase.PREPARATION,
        content=content,
    )
    plans = [c for c in state.players[0].resources if state.cards[c].key.startswith("plan_")]
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "plano_magistral_preparacao")))
    for card in plans:
        assert state.choice is not None and state.choice.options[0] == str(card)
        state, _ = act(state, 0, Choose(str(card)))
    assert set(state.players[0].hand) == set(plans)
    assert [state.cards[c].key for c in state.players[0].resources] == ["protecao"]


#: Test stand-ins named like the three other Plano Magistral scenarios (no printed code).
PLANS = "cards:\n" + "".join(
    f"""  - key: plan_{key}
    type: scenario
    name: Plano Magistral - {name}
    version: V1
    source: "test stand-in"
    verified: false
"""
    for key, name in (
        ("estrategia", "Estratégia"),
        ("objetivo", "Objetivo"),
        ("execucao", "Execução"),
    )
)


def test_bumerangue_teleguiado_deals_2_and_swaps_itself_with_another_characters_card() -> None:
    state = _versus(
        [
            Placed("rocket_raccoon_v1", ["bumerangue_teleguiado", *FILL[:2]]),
            Placed("gaviao_arqueiro_v1", ["protecao", *FILL[:2]]),
        ],
        [Placed("groxo_v1", FILL[:3])],
    )
    rocket, gaviao, groxo = (
        sid(state, "rocket_raccoon_v1"),
        sid(state, "gaviao_arqueiro_v1"),
        sid(state, "groxo_v1"),
    )
    boomerang, protecao = (
        zones.in_scene(state, rocket).loaded[0],
        zones.in_scene(state, gaviao).loaded[0],
    )
    state, _ = act(state, 0, UseAction(rocket, "Bumerangue Teleguiado", str(groxo)))
    assert _loaded(state, groxo) == 2
    assert state.choice is not None and set(state.choice.options) == {str(gaviao)}  # another
    state, _ = act(state, 0, Choose(str(gaviao)))
    assert state.choice is not None and all(
        o.startswith(f"{boomerang}>") for o in state.choice.options
    )
    state, _ = act(state, 0, Choose(f"{boomerang}>{protecao}"))
    assert zones.in_scene(state, rocket).loaded[0] == protecao
    assert zones.in_scene(state, gaviao).loaded[0] == boomerang


def test_cura_rapida_unloads_itself_and_loads_three_other_cards() -> None:
    state = build(
        Side(
            resources=["cura_rapida", "protecao", "rajada", "excentricidade", "protecao"],
            scene=[Placed("triton_v1", ["cura_rapida", *FILL[:2]], stage=0)],
        ),
        Side(scene=[Placed("groxo_v1", FILL[:3])]),
        content=starter(),
    )
    triton = sid(state, "triton_v1")
    cura = zones.in_scene(state, triton).loaded[0]
    state, _ = act(state, 0, UseAction(triton, "Cura Rápida"))
    loaded = zones.in_scene(state, triton).loaded
    assert cura not in loaded and len(loaded) == 5  # 3 - itself + 3 others
    assert all(state.cards[c].key != "cura_rapida" for c in loaded)
    left = sorted(state.cards[c].key for c in state.players[0].resources)
    assert left == ["cura_rapida", "cura_rapida", "protecao"]  # newest first, none of its name


def test_plano_magistral_objetivo_draws_3_only_after_execucao() -> None:
    extra = load_text(PLANS, "plans.yaml").cards
    content = Pack("starter", {**starter().cards, **extra}, starter().decks)
    for before, drawn in (("plan_execucao", 3), ("plan_objetivo", 0)):
        state = build(
            Side(deck=["protecao"] * 4, hand=["plano_magistral_objetivo"]),
            Side(scene=[Placed("groxo_v1", FILL[:3])]),
            phase=Phase.PREPARATION,
            content=content,
            scenario=before,
        )
        state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "plano_magistral_objetivo")))
        assert len(state.players[0].hand) == drawn


#: A test stand-in named like the character Escudo do Capitão América asks for (no code).
CAPITAO = """
cards:
  - key: capitao_stand_in
    type: character
    name: Capitão América
    version: V1
    alignments: [heroi]
    powers: [ataque_a_distancia]
    energy: 4
    shield: 1
    actions:
      - {name: Golpe de Teste, kind: normal, cost: 1, targets: 1,
         steps: [{op: damage, amount: 1}]}
    source: "test stand-in"
    verified: false
"""


def test_escudo_do_capitao_america_shields_and_is_thrown_only_by_the_captain() -> None:
    extra = load_text(CAPITAO, "capitao.yaml").cards
    content = Pack("starter", {**starter().cards, **extra}, starter().decks)
    escudo = ["escudo_do_capitao_america", *FILL[:3]]
    state = build(
        Side(
            scene=[Placed("capitao_stand_in", escudo, stage=2), Placed("rocket_raccoon_v1", escudo)]
        ),
        Side(scene=[Placed("groxo_v1", FILL[:3]), Placed("thor_v2", FILL)]),
        content=content,
    )
    capitao, rocket = sid(state, "capitao_stand_in"), sid(state, "rocket_raccoon_v1")
    groxo, thor = sid(state, "groxo_v1"), sid(state, "thor_v2")
    assert shields.shield(state, zones.in_scene(state, capitao)) == 3  # Escudo 1 +2
    assert shields.shield(state, zones.in_scene(state, rocket)) == 2  # Escudo 1 +1
    with pytest.raises(IllegalActionError):  # not Capitão América
        act(state, 0, UseAction(rocket, "Arremesso de Escudo", str(groxo), x=1))
    with pytest.raises(IllegalActionError):  # up to X targets: not more
        act(state, 0, UseAction(capitao, "Arremesso de Escudo", f"{groxo}, {thor}", x=1))
    state, _ = act(state, 0, UseAction(capitao, "Arremesso de Escudo", f"{groxo}, {groxo}", x=2))
    assert zones.find(state, groxo) is None  # 2 + 2 - Escudo 1 = 3: all Groxo carried
    assert len(zones.in_scene(state, capitao).loaded) == 3  # the shield was unloaded
    assert shields.shield(state, zones.in_scene(state, capitao)) == 1


def test_soldado_invernal_takes_the_shield_and_throws_it_as_if_named_capitao_america() -> None:
    state = _versus(
        [
            Placed("soldado_invernal_v1", FILL[:4], stage=2),
            Placed("rocket_raccoon_v1", ["escudo_do_capitao_america", *FILL[:2]]),
            Placed("gaviao_arqueiro_v1", FILL[:3]),
        ],
        [Placed("groxo_v1", FILL[:3])],
        phase=Phase.PREPARATION,
    )
    soldado, rocket = sid(state, "soldado_invernal_v1"), sid(state, "rocket_raccoon_v1")
    escudo = zones.in_scene(state, rocket).loaded[0]
    state, _ = act(state, 0, Activate(soldado))
    assert state.choice is not None and set(state.choice.options) == {str(rocket)}  # has it
    state, _ = act(state, 0, Choose(str(rocket)))
    assert state.choice is not None and all(o.endswith(f">{escudo}") for o in state.choice.options)
    mine = zones.in_scene(state, soldado).loaded[0]
    state, _ = act(state, 0, Choose(f"{mine}>{escudo}"))
    assert escudo in zones.in_scene(state, soldado).loaded
    assert shields.shield(state, zones.in_scene(state, soldado)) == 2  # Escudo 1 +1: not named
    state = replace(state, phase=Phase.ATTACK)
    groxo = sid(state, "groxo_v1")
    state, _ = act(state, 0, UseAction(soldado, "Arremesso de Escudo", str(groxo), x=1))
    assert _loaded(state, groxo) == 2 and escudo in state.players[0].resources
