"""Cards of the official deck Guerra Civil ((2016) BSGC DECK; issue 23), second share, each
played as printed with the built-in cards (``starter()``): what a player notices."""

from __future__ import annotations

import pytest

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import Activate, Choose, PlayCard, UseAction
from engines.battlescenes.content.schema import Pack
from engines.battlescenes.content.wording import describe_action, describe_text, told
from engines.battlescenes.effects import triggers
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import shields, zones
from engines.core import IllegalActionError
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid, starter, zone_id

FILL = ["excentricidade"] * 6
CAPANGA = "capanga_do_rei_v2"  # Escudo 1


def _with_affiliation(affiliation: str) -> Pack:
    """The starter pack with the Capanga given ``affiliation`` (a stand-in target)."""
    pack = starter()
    capanga = replace(pack.cards[CAPANGA], affiliations=(affiliation,))
    return replace(pack, cards={**pack.cards, CAPANGA: capanga})


def _versus(
    mine: list[Placed],
    theirs: list[Placed],
    content: Pack | None = None,
    hand: list[str] | None = None,
    resources: list[str] | None = None,
    deck: list[str] | None = None,
    phase: Phase = Phase.ATTACK,
) -> State:
    """Ana's ``mine`` against Bruno's ``theirs``, in Ana's Attack step (or ``phase``)."""
    return build(
        Side(
            deck=deck or ["protecao"] * 6,
            hand=hand or [],
            resources=resources or [],
            scene=mine,
        ),
        Side(scene=theirs),
        phase=phase,
        content=content or starter(),
    )


def _loaded(state: State, card: int) -> int:
    return len(zones.in_scene(state, card).loaded)


def test_jessica_jones_takes_a_character_card_of_the_resources_into_the_hand() -> None:
    state = _versus(
        [Placed("jessica_jones_v1", FILL[:3])],
        [Placed(CAPANGA, FILL)],
        resources=["protecao", "miss_america_v1", "protecao"],
    )
    state, _ = act(state, 0, UseAction(sid(state, "jessica_jones_v1"), "Investigações Alias"))
    while state.choice is not None:
        miss = next(
            c for c in state.players[0].resources if state.cards[c].key == "miss_america_v1"
        )
        state, _ = act(state, 0, Choose(str(miss)))
    hand = [state.cards[c].key for c in state.players[0].hand]
    assert hand == ["miss_america_v1"]
    assert [state.cards[c].key for c in state.players[0].resources] == ["protecao"] * 2


def test_mata_capa_v2_deals_2_to_an_aliados_do_capitao_america_character_else_1() -> None:
    for affiliation, left in (("Aliados do Capitão América", 5), ("Inimigos do Demolidor", 6)):
        state = _versus(
            [Placed("mata_capa_v2", FILL[:1])],
            [Placed(CAPANGA, FILL)],
            content=_with_affiliation(affiliation),
        )
        capanga = sid(state, CAPANGA)
        state, _ = act(
            state, 0, UseAction(sid(state, "mata_capa_v2"), "Imobilizar Foragido", str(capanga))
        )
        assert _loaded(state, capanga) == left  # Escudo 1 absorbs 1


def test_mata_capa_v2_counts_as_agente_shield_in_the_deck_and_resources() -> None:
    card = starter().cards["mata_capa_v2"]
    assert "pelotao" in card.keywords
    assert any(text.counts_as_name == "Agente S.H.I.E.L.D." for text in card.texts)


def test_prodigio_deals_3_to_an_aliados_do_homem_de_ferro_character_else_1() -> None:
    for affiliation, left in (("Aliados do Homem de Ferro", 4), ("Inimigos do Demolidor", 6)):
        state = _versus(
            [Placed("prodigio_v1", FILL[:5])],
            [Placed(CAPANGA, FILL)],
            content=_with_affiliation(affiliation),
        )
        capanga = sid(state, CAPANGA)
        state, _ = act(
            state, 0, UseAction(sid(state, "prodigio_v1"), "Ato de Revolta", str(capanga))
        )
        assert _loaded(state, capanga) == left  # Escudo 1 absorbs 1


def test_pegar_ou_largar_draws_two_then_discards_two() -> None:
    state = _versus(
        [Placed("homem_de_ferro_v1", ["pegar_ou_largar_v1", *FILL[:3]])],
        [Placed(CAPANGA, FILL)],
        hand=["miss_america_v1"],
        deck=["protecao"] * 6,
    )
    resources = len(state.players[0].resources)
    state, _ = act(state, 0, UseAction(sid(state, "homem_de_ferro_v1"), "Pegar ou Largar"))
    assert len(state.players[0].deck) == 4  # drew two
    while state.choice is not None:  # picked one by one
        option = next(o for o in state.choice.options if state.cards[int(o)].key == "protecao")
        state, _ = act(state, 0, Choose(option))
    assert [state.cards[c].key for c in state.players[0].hand] == ["miss_america_v1"]
    assert len(state.players[0].resources) == resources + 2  # the two discarded


def test_shurikens_gives_laminas_and_deals_1_penetrating_going_to_the_deck_bottom() -> None:
    state = _versus(
        [Placed("homem_de_ferro_v1", ["shurikens_v1", *FILL[:3]])],
        [Placed(CAPANGA, FILL)],
    )
    iron = sid(state, "homem_de_ferro_v1")
    assert "laminas" in zones.powers(state, zones.in_scene(state, iron))
    capanga = sid(state, CAPANGA)
    shurikens = zones.in_scene(state, iron).loaded[0]
    state, _ = act(state, 0, UseAction(iron, "Shurikens", str(capanga)))
    assert _loaded(state, capanga) == 5  # penetrating: Escudo 1 absorbs none
    assert state.players[0].deck[-1] == shurikens
    assert shurikens not in zones.in_scene(state, iron).loaded


def test_prodigio_tells_the_2_more_for_such_a_target() -> None:
    card = starter().cards["prodigio_v1"]
    words = told(ENGINE.catalog().translate, "en-US", describe_action(card.actions[0], card))
    assert "X is 2 if the target is a character with the affiliation" in words


def test_deathlocket_deals_2_penetrating_and_gets_shield_1_more_carrying_a_support() -> None:
    for carried, left, shield in (
        (["gerador_de_raios_gama_v1", *FILL[:2]], 4, 2),
        (FILL[:3], 5, 1),
    ):
        state = _versus([Placed("deathlocket_v1", carried)], [Placed(CAPANGA, FILL)])
        death, capanga = sid(state, "deathlocket_v1"), sid(state, CAPANGA)
        assert shields.shield(state, zones.in_scene(state, death)) == shield
        state, _ = act(state, 0, UseAction(death, "Braço-Canhão", str(capanga)))
        assert _loaded(state, capanga) == left  # penetrating: Escudo 1 absorbs none


def test_deathlocket_tells_both_conditions() -> None:
    card = starter().cards["deathlocket_v1"]
    translate = ENGINE.catalog().translate
    assert "carries a support card" in told(translate, "en-US", describe_text(card.texts[0], card))
    words = told(translate, "pt-BR", describe_action(card.actions[0], card))
    assert "X é 1 se este personagem carregar um card de suporte" in words


def test_informacoes_privilegiadas_draws_two_and_puts_a_hand_card_under_the_deck() -> None:
    state = _versus(
        [Placed("homem_de_ferro_v1", FILL[:4])],
        [Placed(CAPANGA, FILL)],
        hand=["informacoes_privilegiadas_v1", "miss_america_v1"],
        deck=["protecao"] * 6,
        phase=Phase.PREPARATION,
    )
    scenario = next(
        c for c in state.players[0].hand if state.cards[c].key == "informacoes_privilegiadas_v1"
    )
    miss = next(c for c in state.players[0].hand if state.cards[c].key == "miss_america_v1")
    state, _ = act(state, 0, PlayCard(scenario))
    assert state.choice is not None and str(miss) in state.choice.options
    state, _ = act(state, 0, Choose(str(miss)))
    assert state.scenario == scenario
    assert [state.cards[c].key for c in state.players[0].hand] == ["protecao"] * 2
    assert len(state.players[0].deck) == 5 and state.players[0].deck[-1] == miss


def _entering(scenario: str, theirs: str = CAPANGA) -> State:
    """Ana, in her Preparation, holds ``scenario``; a Tony Stark (alter ego Anthony Edward
    Stark, another name), a Homem de Ferro and a Capitão América wait in her resources."""
    return _versus(
        [Placed("miss_america_v1", FILL[:5])],
        [Placed(theirs, FILL)],
        hand=[scenario],
        resources=["tony_stark_v1", "homem_de_ferro_v1", "capitao_america_v1"],
        phase=Phase.PREPARATION,
    )


def test_caca_aos_renegados_deals_2_to_a_character_lacking_the_affiliation() -> None:
    state = _entering("caca_aos_renegados_v1")
    capanga = sid(state, CAPANGA)
    state, _ = act(state, 0, PlayCard(state.players[0].hand[0]))
    assert state.choice is not None and str(capanga) in state.choice.options
    state, _ = act(state, 0, Choose(str(capanga)))
    assert _loaded(state, capanga) == 5  # 2 - Escudo 1
    assert state.choice is None and len(state.players[0].hand) == 0  # no search as well


def test_caca_aos_renegados_spares_aliados_do_homem_de_ferro_characters() -> None:
    state = build(
        Side(hand=["caca_aos_renegados_v1"], scene=[Placed("tony_stark_v1", FILL[:1])]),
        Side(scene=[Placed(CAPANGA, FILL)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    state, _ = act(state, 0, PlayCard(state.players[0].hand[0]))
    assert state.choice is not None
    assert str(sid(state, "tony_stark_v1")) not in state.choice.options
    assert str(sid(state, CAPANGA)) in state.choice.options


def test_caca_aos_renegados_or_takes_homem_de_ferro_of_anthony_edward_stark() -> None:
    state = _entering("caca_aos_renegados_v1")
    capanga = sid(state, CAPANGA)
    state, _ = act(state, 0, PlayCard(state.players[0].hand[0]))
    state, _ = act(state, 0, Choose("skip"))  # no damage: the search instead
    assert state.choice is not None
    found = [state.cards[int(o)].key for o in state.choice.options if o != "skip"]
    assert found == ["homem_de_ferro_v1"]  # not Tony Stark: another name
    iron = next(o for o in state.choice.options if o != "skip")
    state, _ = act(state, 0, Choose(iron))
    assert [state.cards[c].key for c in state.players[0].hand] == ["homem_de_ferro_v1"]
    assert _loaded(state, capanga) == 6


def test_oposicao_ao_registro_deals_2_or_takes_capitao_america_of_steve_rogers() -> None:
    state = _entering("oposicao_ao_registro_v1")
    capanga = sid(state, CAPANGA)
    state, _ = act(state, 0, PlayCard(state.players[0].hand[0]))
    state, _ = act(state, 0, Choose(str(capanga)))
    assert _loaded(state, capanga) == 5
    state = _entering("oposicao_ao_registro_v1")
    state, _ = act(state, 0, PlayCard(state.players[0].hand[0]))
    state, _ = act(state, 0, Choose("skip"))
    assert state.choice is not None
    cap = next(o for o in state.choice.options if o != "skip")
    state, _ = act(state, 0, Choose(cap))
    assert [state.cards[c].key for c in state.players[0].hand] == ["capitao_america_v1"]


def test_caca_aos_renegados_is_told_with_both_filters() -> None:
    card = starter().cards["caca_aos_renegados_v1"]
    words = told(ENGINE.catalog().translate, "en-US", describe_text(card.texts[0], card))
    assert "to a character without the affiliation “Aliados do Homem de Ferro”" in words
    assert "named “Homem de Ferro” with the alter ego Anthony Edward Stark" in words


def _hurt(state: State, card: int, damage: int) -> State:
    """``card`` took ``damage`` points this turn (the shield's part included)."""
    scene = tuple(replace(s, damage_this_turn=damage) if s.card == card else s for s in state.scene)
    return replace(state, scene=scene)


def test_speedball_ricochets_twice_and_hits_harder_once_damaged_this_turn() -> None:
    for hurt, left in ((0, 5), (1, 4)):
        state = _versus([Placed("speedball_v1", FILL[:3], stage=2)], [Placed(CAPANGA, FILL)])
        speedball, capanga = sid(state, "speedball_v1"), sid(state, CAPANGA)
        state, _ = act(state, 0, UseAction(speedball, "Ricochetear", str(capanga)))
        assert _loaded(state, capanga) == 6  # 1, all of it on Escudo 1
        state = _hurt(state, speedball, hurt)  # e.g. absorbed by his shield: damage taken
        state, _ = act(state, 0, UseAction(speedball, "Ricochetear", str(capanga)))
        assert _loaded(state, capanga) == left  # the second use this turn: 1, or 2


def test_toupeira_mecanica_unloads_to_send_an_opponents_resource_under_their_deck() -> None:
    state = build(
        Side(scene=[Placed("toupeira_mecanica_v1", FILL[:3])]),
        Side(resources=["miss_america_v1", "protecao"], scene=[Placed(CAPANGA, FILL)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    mole = sid(state, "toupeira_mecanica_v1")
    miss = next(c for c in state.players[1].resources if state.cards[c].key == "miss_america_v1")
    state, _ = act(state, 0, Activate(mole))
    while state.choice is not None and str(miss) not in state.choice.options:
        state, _ = act(state, 0, Choose(state.choice.options[0]))  # yes: unload a card
    assert state.choice is not None and state.choice.seat == 0  # its controller picks
    state, _ = act(state, 0, Choose(str(miss)))
    assert _loaded(state, mole) == 2
    assert state.players[1].deck[-1] == miss and miss not in state.players[1].resources
    with pytest.raises(IllegalActionError):  # once per turn
        act(state, 0, Activate(mole))


def _named(name: str) -> Pack:
    """The starter pack with the Capanga named ``name`` (a stand-in character)."""
    pack = starter()
    capanga = replace(pack.cards[CAPANGA], name=name)
    return replace(pack, cards={**pack.cards, CAPANGA: capanga})


def test_asa_vermelha_v2_anticipates_investida_alada_while_you_control_falcao() -> None:
    for name, kind in (("Falcão", "unforeseen_anticipate"), ("Capanga do Rei", "unforeseen")):
        state = build(
            Side(scene=[Placed("asa_vermelha_v2", FILL[:1]), Placed(CAPANGA, FILL)]),
            Side(scene=[Placed("miss_america_v1", FILL[:5])]),
            content=_named(name),
        )
        item = zones.in_scene(state, sid(state, "asa_vermelha_v2"))
        action = zones.defn(state, item.card).actions[0]
        assert zones.action_kind(state, item, action).value == kind
    state = _versus([Placed("asa_vermelha_v2", FILL[:1])], [Placed(CAPANGA, FILL)])
    asa, capanga = sid(state, "asa_vermelha_v2"), sid(state, CAPANGA)
    state, _ = act(state, 0, UseAction(asa, "Investida Alada", str(capanga)))
    assert _loaded(state, capanga) == 6  # 1, on Escudo 1
    assert "aprimoramento" in zones.defn(state, asa).keywords


def test_asa_vermelha_v2_is_told_with_its_condition() -> None:
    card = starter().cards["asa_vermelha_v2"]
    words = told(ENGINE.catalog().translate, "en-US", describe_text(card.texts[0], card))
    assert words.startswith("While you control a character named Falcão:")
    assert "actions named Investida Alada of this character are anticipate actions" in words


def test_experiencia_acumulada_loads_a_card_of_the_same_alter_ego_from_the_deck() -> None:
    state = build(
        Side(
            deck=["protecao", "miss_america_v1", "hulkling_v1", "protecao"],
            hand=["miss_america_v1"],
            resources=FILL[:5],
        ),
        Side(scene=[Placed(CAPANGA, FILL)]),
        phase=Phase.PREPARATION,
        scenario="experiencia_acumulada_v1",
        content=starter(),
    )
    card = state.players[0].hand[0]
    deck_miss = next(c for c in state.players[0].deck if state.cards[c].key == "miss_america_v1")
    state, _ = act(state, 0, PlayCard(card))
    while state.choice is not None and str(deck_miss) not in state.choice.options:
        state, _ = act(state, 0, Choose(state.choice.options[0]))
    assert state.choice is not None
    offered = {state.cards[int(o)].key for o in state.choice.options if o.isdigit()}
    assert offered == {"miss_america_v1"}  # America Chavez only: not Hulkling, not Proteção
    state, _ = act(state, 0, Choose(str(deck_miss)))
    assert deck_miss in zones.in_scene(state, card).loaded
    assert _loaded(state, card) == 6 and len(state.players[0].deck) == 3


def test_experiencia_acumulada_answers_only_in_its_controllers_preparation() -> None:
    for phase, answers in ((Phase.PREPARATION, 1), (Phase.ATTACK, 0)):
        state = build(
            Side(scene=[Placed("miss_america_v1", FILL[:5])]),
            Side(scene=[Placed(CAPANGA, FILL)]),
            phase=phase,
            scenario="experiencia_acumulada_v1",
            content=starter(),
        )
        item = zones.in_scene(state, sid(state, "miss_america_v1"))
        assert len(triggers._character_enters(state, item, 0)) == answers


def test_mao_de_lanca_hits_its_target_again_each_time_it_uses_an_action_this_turn() -> None:
    state = build(
        Side(
            scene=[
                Placed("speedball_v1", ["mao_de_lanca_v1", *FILL[:2]], stage=2),
                Placed("jessica_jones_v1", FILL[:3], stage=2),
            ]
        ),
        Side(scene=[Placed(CAPANGA, FILL)]),
        content=starter(),
    )
    speedball, jessica = sid(state, "speedball_v1"), sid(state, "jessica_jones_v1")
    state, _ = act(state, 0, UseAction(speedball, "Mão de Lança", str(jessica)))
    assert _loaded(state, jessica) == 3  # 1, all of it on Escudo 1
    state, events = act(state, 0, UseAction(jessica, "Investigações Alias"))
    assert _loaded(state, jessica) == 2  # Mão de Lança deals her 1 more
    hit = [e.params["card"] for e in events if e.key == "battlescenes.event.damage"]
    assert hit == ["Jessica Jones V1"]


def test_missao_shield_gives_vingadores_the_shield_affiliation_from_scene_or_resources() -> None:
    mission = "missao_shield_v1"
    for mine, theirs, scenario, gains in (
        ([mission], [], None, True),  # in Ana's resources
        ([], [mission], None, False),  # in Bruno's: his characters only
        ([], [], mission, True),  # Ana's scenario in the scene
        ([], [], None, False),
    ):
        state = build(
            Side(resources=mine, scene=[Placed("homem_de_ferro_v1", FILL[:4])]),
            Side(resources=theirs, scene=[Placed(CAPANGA, FILL)]),
            scenario=scenario,
            content=starter(),
        )
        iron = zones.in_scene(state, sid(state, "homem_de_ferro_v1"))
        capanga = zones.in_scene(state, sid(state, CAPANGA))
        assert ("S.H.I.E.L.D." in zones.affiliations(state, iron)) is gains
        assert "S.H.I.E.L.D." not in zones.affiliations(state, capanga)  # no Vingadores


def test_escavar_deals_2_and_or_puts_the_users_initial_energy_of_deck_cards_in_resources() -> None:
    state = _versus(
        [Placed("miss_america_v1", ["escavar_v1", *FILL[:4]], stage=2)],  # Energia Inicial 5
        [Placed(CAPANGA, FILL)],
        deck=["protecao"] * 8,
    )
    miss, capanga = sid(state, "miss_america_v1"), sid(state, CAPANGA)
    resources = len(state.players[0].resources)
    state, _ = act(state, 0, UseAction(miss, "Escavar", str(capanga), mode="dano, recursos"))
    assert _loaded(state, capanga) == 5  # 2 - Escudo 1
    assert len(state.players[0].deck) == 3
    assert len(state.players[0].resources) == resources + 5


def test_escavar_loads_itself_from_the_resources_while_the_opponent_has_no_character() -> None:
    for theirs, loads in (([], True), ([Placed(CAPANGA, FILL)], False)):
        state = build(
            Side(resources=["escavar_v1"], scene=[Placed("miss_america_v1", FILL[:5])]),
            Side(scene=theirs),
            phase=Phase.PREPARATION,
            content=starter(),
        )
        escavar, miss = zone_id(state, 0, "resources", "escavar_v1"), sid(state, "miss_america_v1")
        state, _ = act(state, 0, Activate(escavar))
        if not loads:
            assert state.choice is None and escavar in state.players[0].resources
            continue
        assert state.choice is not None and state.choice.options == (str(miss), "skip")
        state, _ = act(state, 0, Choose(str(miss)))
        assert state.choice is not None and str(escavar) in state.choice.options
        unloaded = zones.in_scene(state, miss).loaded[0]
        state, _ = act(state, 0, Choose(str(unloaded)))  # then one of her cards unloaded
        assert escavar in zones.in_scene(state, miss).loaded and _loaded(state, miss) == 5
        assert unloaded in state.players[0].resources
