"""Cards of the official Invasão Cósmica deck (round 2, slice 3), each played once as printed
with the built-in cards (``starter()``): what a player notices when its text or action works."""

from __future__ import annotations

import pytest

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import Activate, Choose, PlayCard, UseAction
from engines.battlescenes.content.loader import load_text
from engines.battlescenes.content.schema import Pack, Text
from engines.battlescenes.content.wording import describe_action, describe_text, told
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import shields, zones
from engines.core import IllegalActionError
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid, starter, zone_id

FILL = ["excentricidade"] * 6


def _versus(
    mine: list[Placed], theirs: list[Placed], resources: int = 0, **kwargs: object
) -> State:
    side = Side(deck=["protecao"] * 6, resources=FILL[:resources], scene=mine)
    return build(side, Side(scene=theirs), content=starter(), **kwargs)  # type: ignore[arg-type]


def _loaded(state: State, card: int) -> int:
    return len(zones.in_scene(state, card).loaded)


def _stage(state: State, card: int) -> int:
    return zones.in_scene(state, card).stage


def test_absorver_conhecimento_pays_a_resource_to_the_deck_bottom_and_draws() -> None:
    state = _versus(
        [Placed("quasar_v1", ["absorver_conhecimento_v1", *FILL[:2]], stage=2)],
        [Placed("rapina_v1", FILL[:3])],
        resources=1,
        phase=Phase.ANTICIPATION,
        active=1,
    )
    quasar = sid(state, "quasar_v1")
    paid = state.players[0].resources[0]
    state, _ = act(state, 0, UseAction(quasar, "Absorver Conhecimento", ""))
    assert len(state.players[0].hand) == 1
    assert state.players[0].resources == () and state.players[0].deck[-1] == paid
    assert _stage(state, quasar) == 2  # cost 0


def test_energia_cosmica_needs_enough_resources() -> None:
    state = _versus(
        [Placed("quasar_v1", ["rajada_de_taquions_v1", *FILL[:2]], stage=2)],
        [Placed("rapina_v1", FILL[:3])],
    )
    quasar, rapina = sid(state, "quasar_v1"), sid(state, "rapina_v1")
    with pytest.raises(IllegalActionError):
        act(state, 0, UseAction(quasar, "Rajada de Táquions", str(rapina)))


def test_rajada_de_taquions_deals_4() -> None:
    state = _versus(
        [Placed("quasar_v1", ["rajada_de_taquions_v1", *FILL[:2]], stage=2)],
        [Placed("rapina_v1", FILL[:5])],
        resources=1,
    )
    quasar, rapina = sid(state, "quasar_v1"), sid(state, "rapina_v1")
    state, _ = act(state, 0, UseAction(quasar, "Rajada de Táquions", str(rapina)))
    assert _loaded(state, rapina) == 2  # 4 - Escudo 1
    assert len(state.players[0].resources) == 0


def test_quasar_deals_3_for_one_resource() -> None:
    state = _versus([Placed("quasar_v1", FILL[:3])], [Placed("rapina_v1", FILL[:4])], resources=2)
    quasar, rapina = sid(state, "quasar_v1"), sid(state, "rapina_v1")
    state, _ = act(state, 0, UseAction(quasar, "Pulsos Quânticos", str(rapina)))
    assert _loaded(state, rapina) == 2 and len(state.players[0].resources) == 1


def test_rompante_do_absoluto_splits_4_penetrating_and_goes_to_the_deck_bottom() -> None:
    state = _versus(
        [Placed("quasar_v1", ["rompante_do_absoluto", *FILL[:2]], stage=2)],
        [Placed("rapina_v1", FILL[:4]), Placed("espiao_skrull_v1", FILL[:4])],
        resources=3,
    )
    quasar, rapina = sid(state, "quasar_v1"), sid(state, "rapina_v1")
    skrull = sid(state, "espiao_skrull_v1")
    card = zones.in_scene(state, quasar).loaded[0]
    targets = f"{rapina} {rapina} {rapina} {skrull}"
    state, _ = act(state, 0, UseAction(quasar, "Rompante do Absoluto", targets))
    assert _loaded(state, rapina) == 1 and _loaded(state, skrull) == 3  # penetrating
    assert state.players[0].deck[-1] == card and len(state.players[0].resources) == 0


def test_invencao_draws_three() -> None:
    state = _versus([Placed("homem_de_ferro_v2", ["invencao_v1"])], [Placed("rapina_v1", FILL[:3])])
    iron = sid(state, "homem_de_ferro_v2")
    state, _ = act(state, 0, UseAction(iron, "Invenção", ""))
    assert len(state.players[0].hand) == 3


def test_roubo_de_ideias_draws_two_and_the_opponent_discards_one_they_pick() -> None:
    state = build(
        Side(deck=["protecao"] * 3, scene=[Placed("homem_de_ferro_v2", ["roubo_de_ideias_v1"])]),
        Side(hand=["psylocke_v1", "super_soco_v1"], scene=[Placed("rapina_v1", FILL[:3])]),
        content=starter(),
    )
    iron = sid(state, "homem_de_ferro_v2")
    state, _ = act(state, 0, UseAction(iron, "Roubo de Ideias", ""))
    assert len(state.players[0].hand) == 2
    assert state.choice is not None and state.choice.seat == 1
    soco = zone_id(state, 1, "hand", "super_soco_v1")
    state, _ = act(state, 1, Choose(str(soco)))
    assert soco in state.players[1].resources and len(state.players[1].hand) == 1


def test_circundar_incapacitates_the_target() -> None:
    state = _versus(
        [Placed("quasar_v1", ["circundar_v1", *FILL[:2]], stage=2)],
        [Placed("rapina_v1", FILL[:3], stage=2)],
        phase=Phase.ANTICIPATION,
        active=1,
    )
    quasar, rapina = sid(state, "quasar_v1"), sid(state, "rapina_v1")
    state, _ = act(state, 0, UseAction(quasar, "Circundar", str(rapina)))
    assert _stage(state, rapina) == 1 and _stage(state, quasar) == 1


def test_alteracao_subatomica_unloads_a_card_anyone_carries() -> None:
    state = _versus(
        [Placed("quasar_v1", ["alteracao_subatomica_v1", *FILL[:2]], stage=2)],
        [Placed("rapina_v1", FILL[:3], stage=2)],
        phase=Phase.ANTICIPATION,
        active=1,
    )
    quasar, rapina = sid(state, "quasar_v1"), sid(state, "rapina_v1")
    quasar = sid(state, "quasar_v1")
    state = _with_power(state, quasar, "telecinesia")
    state, _ = act(state, 0, UseAction(quasar, "Alteração Subatômica", ""))
    assert state.choice is not None and "done" not in state.choice.options  # exactly one
    card = zones.in_scene(state, rapina).loaded[0]
    state, _ = act(state, 0, Choose(str(card)))
    assert _loaded(state, rapina) == 2 and card in state.players[1].resources


def _with_power(state: State, card: int, power: str) -> State:
    """The card gains ``power`` for the turn (a gain_trait effect, 8.B.2)."""
    from engines.battlescenes.content.schema import Characteristic
    from engines.battlescenes.rules.state import TurnTrait
    from engines.core.model import replace

    gained = TurnTrait(card, Characteristic("gain", "power", power))
    return replace(state, turn_traits=(*state.turn_traits, gained))


def test_colisao_devastadora_unloads_itself_and_is_ready_the_turn_its_user_enters() -> None:
    state = _versus(
        [Placed("quasar_v1", ["colisao_devastadora_v1", *FILL[:2]], entered=3)],
        [Placed("rapina_v1", FILL[:3])],
    )
    quasar, rapina = sid(state, "quasar_v1"), sid(state, "rapina_v1")
    card = zones.in_scene(state, quasar).loaded[0]
    # Quasar entered this turn: only Colisão Devastadora (Prontidão) may be used.
    with pytest.raises(IllegalActionError):
        act(state, 0, UseAction(quasar, "Pulsos Quânticos", str(rapina)))
    state, _ = act(state, 0, UseAction(quasar, "Colisão Devastadora", str(rapina)))
    assert _loaded(state, rapina) == 2  # 1 penetrating
    assert card not in zones.in_scene(state, quasar).loaded


def test_rapina_deals_1_penetrating_in_preparation() -> None:
    state = _versus(
        [Placed("rapina_v1", FILL[:3], stage=2)],
        [Placed("quasar_v1", FILL[:4])],
        phase=Phase.PREPARATION,
    )
    rapina, quasar = sid(state, "rapina_v1"), sid(state, "quasar_v1")
    state, _ = act(state, 0, UseAction(rapina, "Ataque de Rapina", str(quasar)))
    assert _loaded(state, quasar) == 3 and _stage(state, rapina) == 0


def test_espiao_skrull_deals_1_and_is_a_squad_shapeshifter() -> None:
    state = _versus(
        [Placed("espiao_skrull_v1", FILL[:3]), Placed("espiao_skrull_v1", FILL[:3])],
        [Placed("rapina_v1", FILL[:4])],
        phase=Phase.PREPARATION,
    )
    skrull, rapina = sid(state, "espiao_skrull_v1"), sid(state, "rapina_v1")
    assert {"pelotao", "metamorfo"} <= set(zones.keywords(state, skrull))
    state, _ = act(state, 0, UseAction(skrull, "Atentado Alienígena", str(rapina)))
    assert _loaded(state, rapina) == 4  # 1 - Escudo 1


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("all", "may use actions in the turn"),
        ("power:voo", "may use Flight actions in the turn"),
        ("kind:unforeseen", "may use unforeseen actions in the turn"),
        ("action:Colisão Devastadora", "may use the action Colisão Devastadora in the turn"),
    ],
)
def test_prontidao_caracteristica_is_told_in_words(spec: str, words: str) -> None:
    card = starter().cards["abominavel_v1"]
    catalog = ENGINE.catalog()
    said = told(catalog.translate, "en-US", describe_text(Text(ready_for=spec), card))
    assert words in said and "[" not in said


LOOKER = """
cards:
  - key: vidente
    type: character
    name: Vidente
    energy: 3
    shield: 1
    powers: [agilidade]
    source: "a test card"
    verified: false
    actions:
      - {name: Olhar, power: agilidade, kind: normal, cost: 1,
         steps: [{op: set_aside_top, amount: 3, to: self},
                 {op: keep_set_aside, filter_type: ability, to: self},
                 {op: return_in_order, to: self}]}
"""


def test_keep_set_aside_with_a_filter_offers_only_the_cards_passing_it() -> None:
    cards = {**starter().cards, **load_text(LOOKER).cards}
    state = build(
        Side(deck=["super_soco_v1", "rapina_v1", "circundar_v1"], scene=[Placed("vidente")]),
        Side(scene=[Placed("rapina_v1", FILL[:3])]),
        content=Pack("t", cards, {}),
    )
    soco, _rapina, circundar = state.players[0].deck
    state, _ = act(state, 0, UseAction(sid(state, "vidente"), "Olhar", ""))
    assert state.choice is not None
    assert set(state.choice.options) == {str(soco), str(circundar), "done"}  # no character
    state, _ = act(state, 0, Choose(str(circundar)))
    state, _ = act(state, 0, Choose("done"))
    assert state.players[0].resources == (circundar,)
    catalog = ENGINE.catalog()
    said = told(
        catalog.translate, "en-US", describe_action(cards["vidente"].actions[0], cards["vidente"])
    )
    assert "into your resources, each an ability card" in said


def test_assimilacao_quantica_keeps_ability_cards_of_the_top_four_and_returns_the_rest() -> None:
    top = ["super_soco_v1", "rapina_v1", "circundar_v1", "quasar_v1", "protecao"]
    state = build(
        Side(
            deck=top,
            resources=FILL[:1],
            scene=[Placed("quasar_v1", ["assimilacao_quantica_v1", *FILL[:2]], stage=2)],
        ),
        Side(scene=[Placed("rapina_v1", FILL[:3])]),
        phase=Phase.ANTICIPATION,
        active=1,
        content=starter(),
    )
    soco, rapina, circundar, quasar_card, fifth = state.players[0].deck
    quasar = sid(state, "quasar_v1")
    state, _ = act(state, 0, UseAction(quasar, "Assimilação Quântica", ""))
    assert state.choice is not None
    assert set(state.choice.options) == {str(soco), str(circundar), "done"}  # abilities only
    state, _ = act(state, 0, Choose(str(soco)))
    state, _ = act(state, 0, Choose(str(circundar)))
    assert set(state.players[0].resources) == {soco, circundar}  # the cosmic card paid first
    # The two characters go back on top in the order picked, above the rest of the deck.
    assert state.choice is not None
    state, _ = act(state, 0, Choose(str(quasar_card)))
    assert state.players[0].deck[:3] == (quasar_card, rapina, fifth)


def test_capitao_mar_vell_looks_at_the_top_card_once_per_turn() -> None:
    state = build(
        Side(deck=["super_soco_v1", "protecao"], scene=[Placed("capitao_mar_vell_v1", FILL[:3])]),
        Side(scene=[Placed("rapina_v1", FILL[:3])]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    soco = state.players[0].deck[0]
    marvell = sid(state, "capitao_mar_vell_v1")
    state, _ = act(state, 0, Activate(marvell))
    assert state.choice is not None and state.choice.seat == 0
    state, _ = act(state, 0, Choose(str(soco)))
    assert state.players[0].resources == (soco,) and len(state.players[0].deck) == 1
    with pytest.raises(IllegalActionError):
        act(state, 0, Activate(marvell))


def test_capitao_mar_vell_may_leave_the_top_card_where_it_was() -> None:
    state = build(
        Side(deck=["super_soco_v1", "protecao"], scene=[Placed("capitao_mar_vell_v1", FILL[:3])]),
        Side(scene=[Placed("rapina_v1", FILL[:3])]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    deck = state.players[0].deck
    state, _ = act(state, 0, Activate(sid(state, "capitao_mar_vell_v1")))
    state, _ = act(state, 0, Choose("done"))
    assert state.players[0].deck == deck and state.players[0].resources == ()


def test_capitao_mar_vell_pays_two_resources_for_2_penetrating() -> None:
    state = _versus(
        [Placed("capitao_mar_vell_v1", FILL[:3])], [Placed("rapina_v1", FILL[:4])], resources=2
    )
    marvell, rapina = sid(state, "capitao_mar_vell_v1"), sid(state, "rapina_v1")
    state, _ = act(state, 0, UseAction(marvell, "Rajada Cósmica", str(rapina)))
    assert _loaded(state, rapina) == 2 and state.players[0].resources == ()


RAIN = """
cards:
  - key: chuvisco
    type: character
    name: Chuvisco
    energy: 3
    shield: 0
    powers: [agilidade]
    source: "a test card"
    verified: false
    actions:
      - {name: Garoa, power: agilidade, kind: normal, cost: 0, targets: 1,
         steps: [{op: damage, amount: 3, plus: "-used_before"},
                 {op: extra_action, text: Garoa, to: this}]}
"""


def test_minus_used_before_counts_the_users_earlier_uses_of_the_action_this_turn() -> None:
    cards = {**starter().cards, **load_text(RAIN).cards}
    state = build(
        Side(scene=[Placed("chuvisco", FILL[:2])]),
        Side(scene=[Placed("rapina_v1", FILL)]),
        content=Pack("t", cards, {}),
    )
    chuvisco, rapina = sid(state, "chuvisco"), sid(state, "rapina_v1")
    lost = []
    for _use in range(3):
        before = _loaded(state, rapina)
        state, _ = act(state, 0, UseAction(chuvisco, "Garoa", str(rapina)))
        lost.append(before - _loaded(state, rapina))
    assert lost == [2, 2, 1]  # 3, 2 and 1 damage; Escudo 1 absorbs one point, once
    catalog = ENGINE.catalog()
    said = told(
        catalog.translate, "en-US", describe_action(cards["chuvisco"].actions[0], cards["chuvisco"])
    )
    assert "3-X" in said and "already used this action this turn" in said


def test_chuva_de_raios_deals_1_less_each_time_its_user_uses_it_again() -> None:
    state = _versus(
        [Placed("quasar_v1", ["chuva_de_raios_v1", *FILL[:5]], stage=2)],
        [Placed("homem_de_ferro_v2", FILL[:6])],
    )
    quasar, iron = sid(state, "quasar_v1"), sid(state, "homem_de_ferro_v2")
    state, _ = act(state, 0, UseAction(quasar, "Chuva de Raios", str(iron)))
    assert _loaded(state, iron) == 5  # 3 - Escudo 2
    state, _ = act(state, 0, UseAction(quasar, "Chuva de Raios", str(iron)))
    assert _loaded(state, iron) == 3  # 3-1: the shield is spent
    assert _stage(state, quasar) == 0


TREE = """
cards:
  - key: arvore
    type: character
    name: Árvore
    energy: 6
    shield: 0
    powers: [agilidade]
    affiliations: [Guardiões da Galáxia]
    source: "a test card"
    verified: false
    texts:
      - trigger: action_used
        if_action_name: Galho
        steps:
          - {op: draw, amount: 1, to: self, optional: true,
             if_other_affiliation: Guardiões da Galáxia}
    actions:
      - {name: Galho, power: agilidade, kind: normal, cost: 0, targets: 1,
         steps: [{op: damage, amount: 1}]}
"""


def _tree(ally: str) -> State:
    cards = {**starter().cards, **load_text(TREE).cards}
    return build(
        Side(deck=["protecao"] * 3, scene=[Placed("arvore", FILL[:3]), Placed(ally, FILL[:3])]),
        Side(scene=[Placed("rapina_v1", FILL)]),
        content=Pack("t", cards, {}),
    )


def test_if_action_name_answers_its_own_card_bases_use_of_that_action() -> None:
    state = _tree("rocket_raccoon_v1")  # Guardiões da Galáxia
    arvore, rapina = sid(state, "arvore"), sid(state, "rapina_v1")
    state, _ = act(state, 0, UseAction(arvore, "Galho", str(rapina)))
    assert state.choice is not None and state.choice.seat == 0
    state, _ = act(state, 0, Choose("yes"))
    assert len(state.players[0].hand) == 1
    # Another character's action is not that character's use of it.
    rocket = sid(state, "rocket_raccoon_v1")
    name = state.defs["rocket_raccoon_v1"].actions[0].name
    state, _ = act(state, 0, UseAction(rocket, name, str(rapina)))
    assert state.choice is None and len(state.players[0].hand) == 1
    catalog = ENGINE.catalog()
    said = told(
        catalog.translate,
        "en-US",
        describe_text(state.defs["arvore"].texts[0], state.defs["arvore"]),
    )
    assert said.startswith("Each time this character uses the action Galho")
    assert "if you control another character with the affiliation Guardiões da Galáxia" in said


def test_if_other_affiliation_on_a_step_needs_that_other_character() -> None:
    state = _tree("quasar_v1")  # Vingadores
    arvore, rapina = sid(state, "arvore"), sid(state, "rapina_v1")
    state, _ = act(state, 0, UseAction(arvore, "Galho", str(rapina)))
    assert state.choice is None and state.players[0].hand == ()


def test_groot_may_draw_when_he_uses_eu_sou_groot_beside_another_guardian() -> None:
    for ally, draws in (("rocket_raccoon_v1", 1), ("quasar_v1", 0)):
        state = _versus(
            [Placed("groot_v1", FILL[:3]), Placed(ally, FILL[:3])],
            [Placed("rapina_v1", FILL[:5])],
        )
        groot, rapina = sid(state, "groot_v1"), sid(state, "rapina_v1")
        state, _ = act(state, 0, UseAction(groot, "Eu sou Groot", str(rapina)))
        if state.choice is not None:
            state, _ = act(state, 0, Choose("yes"))
        assert len(state.players[0].hand) == draws, ally
        assert _loaded(state, rapina) == 3  # 3 - Escudo 1


ROBOT = """
cards:
  - key: robo
    type: character
    name: Robô
    energy: 4
    shield: 0
    powers: [agilidade]
    source: "a test card"
    verified: false
    texts:
      - modifiers: [{op: add, value: 2, applies_to: dealt, if_action: true,
                     if_holder_carries_type: support}]
    actions:
      - {name: Soco, power: agilidade, kind: normal, cost: 0, targets: 1,
         steps: [{op: damage, amount: 2}]}
"""


@pytest.mark.parametrize(("carried", "left"), [(["canhao_automatico_v1"], 2), (FILL[:1], 4)])
def test_if_holder_carries_type_needs_a_card_of_that_type_on_the_holder(
    carried: list[str], left: int
) -> None:
    cards = {**starter().cards, **load_text(ROBOT).cards}
    state = build(
        Side(scene=[Placed("robo", carried)]),
        Side(scene=[Placed("rapina_v1", FILL[:5])]),
        content=Pack("t", cards, {}),
    )
    robo, rapina = sid(state, "robo"), sid(state, "rapina_v1")
    state, _ = act(state, 0, UseAction(robo, "Soco", str(rapina)))
    assert _loaded(state, rapina) == left  # 2 (+2 with a support) - Escudo 1
    catalog = ENGINE.catalog()
    said = told(catalog.translate, "en-US", describe_text(cards["robo"].texts[0], cards["robo"]))
    assert "by actions while it carries a support card gets +2" in said


@pytest.mark.parametrize(("carried", "left"), [(FILL[:3], 5), (["canhao_automatico_v1"], 3)])
def test_homem_maquina_lowers_the_shield_and_hits_harder_carrying_a_support(
    carried: list[str], left: int
) -> None:
    state = _versus([Placed("homem_maquina_v1", carried)], [Placed("homem_de_ferro_v2", FILL)])
    maquina, iron = sid(state, "homem_maquina_v1"), sid(state, "homem_de_ferro_v2")
    state, _ = act(state, 0, UseAction(maquina, "Membros Retráteis", str(iron)))
    # Escudo 2 - 1 until the end of the turn absorbs 1 of 2 (or of 2+2).
    assert _loaded(state, iron) == left


SEER = """
cards:
  - key: vidente_2
    type: character
    name: Vidente Dois
    energy: 4
    shield: 0
    powers: [magia]
    source: "a test card"
    verified: false
    texts:
      - {clarividencia_bonus: 1}
    actions:
      - name: Visão
        power: magia
        kind: normal
        cost: 0
        keywords: [clarividencia]
        steps:
          - {op: set_aside_top, amount: 2, to: self}
          - {op: keep_set_aside, to: self}
          - {op: return_in_order, to: self}
      - {name: Espiar, power: magia, kind: normal, cost: 0,
         steps: [{op: set_aside_top, amount: 2, to: self}, {op: keep_set_aside, to: self},
                 {op: return_in_order, to: self}]}
"""


@pytest.mark.parametrize(("action", "looked"), [("Visão", 3), ("Espiar", 2)])
def test_clarividencia_bonus_makes_its_users_clarividencia_actions_look_further(
    action: str, looked: int
) -> None:
    cards = {**starter().cards, **load_text(SEER).cards}
    state = build(
        Side(deck=["protecao"] * 5, scene=[Placed("vidente_2", FILL[:2])]),
        Side(scene=[Placed("rapina_v1", FILL[:3])]),
        content=Pack("t", cards, {}),
    )
    state, _ = act(state, 0, UseAction(sid(state, "vidente_2"), action, ""))
    assert state.choice is not None and len(state.choice.options) == looked + 1  # and done
    assert len(state.players[0].set_aside) == looked
    said = told(
        ENGINE.catalog().translate,
        "en-US",
        describe_text(cards["vidente_2"].texts[0], cards["vidente_2"]),
    )
    assert said == (
        "Actions with Clairvoyance (Clarividência) that this character uses get"
        " Clairvoyance (Clarividência) +1."
    )


def test_manto_de_levitacao_gives_flight_shield_and_one_more_card_to_clarividencia() -> None:
    state = build(
        Side(
            deck=["protecao"] * 5,
            scene=[Placed("umar_v1", ["manto_de_levitacao_v1", "enviar_para_o_futuro_v1"])],
        ),
        Side(scene=[Placed("rapina_v1", FILL[:3])]),
        phase=Phase.ANTICIPATION,
        active=1,
        content=starter(),
    )
    umar = sid(state, "umar_v1")
    item = zones.in_scene(state, umar)
    assert "voo" in zones.powers(state, item)
    assert shields.shield(state, item) == state.defs["umar_v1"].shield + 1
    state, _ = act(state, 0, UseAction(umar, "Enviar Para o Futuro", ""))
    assert len(state.players[0].set_aside) == 3  # Clarividência 2 + 1


SPY = """
cards:
  - key: espia
    type: character
    name: Espia
    energy: 4
    shield: 0
    powers: [voo]
    source: "a test card"
    verified: false
    actions:
      - {name: Espiar, power: voo, kind: normal, cost: 0,
         steps: [{op: set_aside_top, amount: 3, to: self},
                 {op: return_in_order, amount: 1, to: self},
                 {op: return_in_order, amount: 1, at_bottom: true, to: self},
                 {op: keep_set_aside, every: true, to: self},
                 {op: draw, amount: 1, to: self}]}
"""


def _spy(deck: list[str]) -> State:
    cards = {**starter().cards, **load_text(SPY).cards}
    return build(
        Side(deck=deck, scene=[Placed("espia", FILL[:2])]),
        Side(scene=[Placed("rapina_v1", FILL[:3])]),
        content=Pack("t", cards, {}),
    )


def test_set_aside_cards_go_one_on_top_one_at_the_bottom_and_the_other_to_the_resources() -> None:
    state = _spy(["super_soco_v1", "rapina_v1", "circundar_v1", "protecao", "quasar_v1"])
    a, b, c, d, e = state.players[0].deck
    state, _ = act(state, 0, UseAction(sid(state, "espia"), "Espiar", ""))
    assert state.choice is not None and set(state.choice.options) == {str(a), str(b), str(c)}
    state, _ = act(state, 0, Choose(str(b)))  # on top
    assert state.choice is not None and set(state.choice.options) == {str(a), str(c)}
    state, events = act(state, 0, Choose(str(c)))  # at the bottom
    player = state.players[0]
    assert player.resources == (a,) and player.hand == (b,) and player.deck == (d, e, c)
    assert player.set_aside == ()
    assert "battlescenes.event.set_aside_to_bottom" in [ev.key for ev in events]
    said = told(
        ENGINE.catalog().translate,
        "en-US",
        describe_action(load_text(SPY).cards["espia"].actions[0], load_text(SPY).cards["espia"]),
    )
    assert "put 1 of the set-aside cards on the bottom of your deck" in said
    assert "put the other set-aside cards into your resources" in said


def test_with_two_cards_left_one_goes_on_top_and_the_other_to_the_bottom() -> None:
    state = _spy(["super_soco_v1", "rapina_v1"])
    a, b = state.players[0].deck
    state, _ = act(state, 0, UseAction(sid(state, "espia"), "Espiar", ""))
    state, _ = act(state, 0, Choose(str(b)))  # on top, then drawn; a alone goes under
    player = state.players[0]
    assert player.hand == (b,) and player.deck == (a,) and player.resources == ()


def test_investigacao_silenciosa_sorts_the_top_three_and_draws_the_turn_its_user_enters() -> None:
    state = build(
        Side(
            deck=["super_soco_v1", "rapina_v1", "circundar_v1", "protecao"],
            scene=[Placed("quasar_v1", ["investigacao_silenciosa_v1", *FILL[:2]], entered=3)],
        ),
        Side(scene=[Placed("rapina_v1", FILL[:3])]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    a, b, c, d = state.players[0].deck
    quasar = sid(state, "quasar_v1")
    state, _ = act(state, 0, UseAction(quasar, "Investigação Silenciosa", ""))  # Prontidão
    state, _ = act(state, 0, Choose(str(c)))  # on top, then drawn
    state, _ = act(state, 0, Choose(str(a)))  # at the bottom
    player = state.players[0]
    assert player.hand == (c,) and player.resources == (b,) and player.deck == (d, a)


def test_sentinela_kree_hits_the_chosen_opposing_character_harder() -> None:
    state = build(
        Side(hand=["sentinela_kree_v1"], resources=FILL[:3], deck=["protecao"] * 3),
        Side(scene=[Placed("homem_de_ferro_v2", FILL), Placed("rapina_v1", FILL)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    iron, rapina = sid(state, "homem_de_ferro_v2"), sid(state, "rapina_v1")
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "sentinela_kree_v1")))
    assert state.choice is not None and set(state.choice.options) >= {str(iron), str(rapina)}
    state, _ = act(state, 0, Choose(str(iron)))
    kree = sid(state, "sentinela_kree_v1")
    # A later turn's Attack step: the Sentinela may act.
    item = replace(zones.in_scene(state, kree), entered_turn=0)
    state = replace(zones.set_in_scene(state, item), phase=Phase.ATTACK)
    hit, _ = act(state, 0, UseAction(kree, "Projeteis Concussivos", str(iron)))
    assert _loaded(hit, iron) == 5  # 2+1 - Escudo 2
    other, _ = act(state, 0, UseAction(kree, "Projeteis Concussivos", str(rapina)))
    assert _loaded(other, rapina) == 5  # 2 - Escudo 1: not the chosen one


SHOOTER = """
cards:
  - key: atirador
    type: character
    name: Atirador
    energy: 4
    shield: 0
    powers: [agilidade]
    source: "a test card"
    verified: false
    actions:
      - {name: Tiro, power: agilidade, kind: normal, cost: 0, targets: 1, target_type: character,
         steps: [{op: damage, amount: 1},
                 {op: extra_action, text: Tiro, fresh_target: true, to: this}]}
"""


def test_an_extra_action_with_fresh_target_needs_a_character_its_name_did_not_target() -> None:
    cards = {**starter().cards, **load_text(SHOOTER).cards}
    state = build(
        Side(scene=[Placed("atirador", FILL[:2]), Placed("atirador", FILL[:2])]),
        Side(scene=[Placed("rapina_v1", FILL), Placed("espiao_skrull_v1", FILL)]),
        content=Pack("t", cards, {}),
    )
    one, two = sid(state, "atirador", 0, 0), sid(state, "atirador", 0, 1)
    rapina, skrull = sid(state, "rapina_v1"), sid(state, "espiao_skrull_v1")
    state, _ = act(state, 0, UseAction(one, "Tiro", str(rapina)))
    # Its extra Tiro may not aim at Rapina again; the other Atirador's first one may (FAQ).
    with pytest.raises(IllegalActionError):
        act(state, 0, UseAction(one, "Tiro", str(rapina)))
    state, _ = act(state, 0, UseAction(two, "Tiro", str(rapina)))
    state, _ = act(state, 0, UseAction(one, "Tiro", str(skrull)))
    assert _loaded(state, skrull) == 6  # 1 damage - Escudo 1: it was used on it
    with pytest.raises(IllegalActionError):
        act(state, 0, UseAction(two, "Tiro", str(skrull)))  # Skrull is taken now too
    said = told(
        ENGINE.catalog().translate,
        "en-US",
        describe_action(cards["atirador"].actions[0], cards["atirador"]),
    )
    assert "as long as it targets a character no action with that name targeted this turn" in said


def test_alvejar_comparsas_may_be_used_again_on_a_character_it_did_not_target() -> None:
    state = _versus(
        [Placed("espiao_skrull_v1", ["alvejar_comparsas_v1", *FILL[:2]], stage=2)],
        [Placed("rapina_v1", FILL), Placed("quasar_v1", FILL)],
        phase=Phase.PREPARATION,
    )
    skrull = sid(state, "espiao_skrull_v1")
    rapina, quasar = sid(state, "rapina_v1"), sid(state, "quasar_v1")
    state, _ = act(state, 0, UseAction(skrull, "Alvejar Comparsas", str(rapina)))
    assert _loaded(state, rapina) == 5  # 2 - Escudo 1
    with pytest.raises(IllegalActionError):
        act(state, 0, UseAction(skrull, "Alvejar Comparsas", str(rapina)))
    state, _ = act(state, 0, UseAction(skrull, "Alvejar Comparsas", str(quasar)))
    assert _loaded(state, quasar) == 6 and _stage(state, skrull) == 0  # 2 - Escudo 2


def test_energia_cosmica_puts_the_chosen_resources_on_the_deck_bottom_in_that_order() -> None:
    state = build(
        Side(
            deck=["protecao"],
            resources=["super_soco_v1", "circundar_v1", "rapina_v1"],
            scene=[Placed("capitao_mar_vell_v1", FILL[:3])],
        ),
        Side(scene=[Placed("rapina_v1", FILL)]),
        content=starter(),
    )
    soco, circundar, rapina_card = state.players[0].resources
    marvell, rapina = sid(state, "capitao_mar_vell_v1"), sid(state, "rapina_v1")
    pay = f"{rapina_card} {circundar}"
    state, _ = act(state, 0, UseAction(marvell, "Rajada Cósmica", str(rapina), pay=pay))
    assert state.players[0].resources == (soco,)
    assert state.players[0].deck[-2:] == (rapina_card, circundar)
    with pytest.raises(IllegalActionError):  # Energia Cósmica 2: two cards, not one
        fresh = _versus([Placed("capitao_mar_vell_v1", FILL[:3])], [Placed("rapina_v1", FILL)], 2)
        one = fresh.players[0].resources[0]
        act(
            fresh,
            0,
            UseAction(
                sid(fresh, "capitao_mar_vell_v1"),
                "Rajada Cósmica",
                str(sid(fresh, "rapina_v1")),
                pay=str(one),
            ),
        )


def test_the_use_menus_ask_which_resources_pay_energia_cosmica() -> None:
    from tests.engines.battlescenes.test_menus import menu
    from tests.engines.battlescenes.test_menus_use import next_use, step

    state = _versus([Placed("quasar_v1", FILL[:3])], [Placed("rapina_v1", FILL)], resources=3)
    quasar, rapina = sid(state, "quasar_v1"), sid(state, "rapina_v1")
    state = step(state, menu(state, "use"), quasar)
    state = step(state, next_use(state), "Pulsos Quânticos")
    state = step(state, next_use(state), rapina)
    pay = next_use(state)
    assert pay.field_name == "pay" and not pay.public
    assert {o.value for o in pay.options} == set(state.players[0].resources)
    assert told(ENGINE.catalog().translate, "en-US", pay.placeholder).startswith(
        "Pulsos Quânticos: choose 1 card of your resources"
    )
    chosen = state.players[0].resources[1]
    state = step(state, pay, chosen)
    assert chosen not in state.players[0].resources and state.players[0].deck[-1] == chosen


THINKER = """
cards:
  - key: pensador
    type: character
    name: Pensador
    energy: 3
    shield: 0
    powers: [genialidade]
    source: "a test card"
    verified: false
    actions:
      - {name: Pensar, power: genialidade, kind: normal, cost: 0, cosmic: 1,
         steps: [{op: draw, amount: 2, to: self}]}
"""


def test_a_cost_of_resources_to_the_deck_bottom_in_words_puts_the_chosen_one_first() -> None:
    cards = {**starter().cards, **load_text(THINKER).cards}
    state = build(
        Side(deck=["protecao"] * 3, resources=FILL[:2], scene=[Placed("pensador")]),
        Side(scene=[Placed("rapina_v1", FILL[:3])]),
        content=Pack("t", cards, {}),
    )
    thinker = sid(state, "pensador")
    paid = state.players[0].resources[1]
    state, _ = act(state, 0, UseAction(thinker, "Pensar", "", pay=str(paid)))
    assert state.players[0].deck[-1] == paid and len(state.players[0].hand) == 2
    said = told(
        ENGINE.catalog().translate,
        "en-US",
        describe_action(cards["pensador"].actions[0], cards["pensador"]),
    )
    assert said.startswith("As an additional cost, put 1 card of your resources at the bottom")
    empty = build(
        Side(deck=["protecao"] * 3, scene=[Placed("pensador")]),
        Side(scene=[Placed("rapina_v1", FILL[:3])]),
        content=Pack("t", cards, {}),
    )
    with pytest.raises(IllegalActionError):  # a cost that cannot be paid
        act(empty, 0, UseAction(sid(empty, "pensador"), "Pensar", ""))


FINDER = """
cards:
  - key: buscador
    type: character
    name: Buscador
    energy: 3
    shield: 0
    powers: [genialidade]
    source: "a test card"
    verified: false
    actions:
      - {name: Buscar, power: genialidade, kind: normal, cost: 0,
         steps: [{op: search_deck, to: self},
                 {op: take_from_deck, amount: 2, filter_type: character,
                  filter_name: "Rapina|Quasar", to: self}]}
"""


def test_filter_name_with_a_bar_takes_either_name() -> None:
    cards = {**starter().cards, **load_text(FINDER).cards}
    state = build(
        Side(deck=["rapina_v1", "groot_v1", "quasar_v1"], scene=[Placed("buscador")]),
        Side(scene=[Placed("rapina_v1", FILL[:3])]),
        content=Pack("t", cards, {}),
    )
    rapina, _groot, quasar = state.players[0].deck
    state, _ = act(state, 0, UseAction(sid(state, "buscador"), "Buscar", ""))
    assert state.choice is not None
    assert set(state.choice.options) == {str(rapina), str(quasar), "done"}
    said = told(
        ENGINE.catalog().translate,
        "en-US",
        describe_action(cards["buscador"].actions[0], cards["buscador"]),
    )
    assert "a character card named “Rapina” or “Quasar”" in said


GENIUS = """
cards:
  - key: genio
    type: character
    name: Gênio
    alter_ego: Anthony Edward Stark
    energy: 1
    shield: 0
    powers: [genialidade]
    source: "a test card"
    verified: false
    texts:
      - {any_number_named: Homem de Ferro}
"""


def test_any_number_named_lets_characters_of_that_name_and_alter_ego_share_the_scene() -> None:
    cards = {**starter().cards, **load_text(GENIUS).cards}
    hand = ["homem_de_ferro_v2", "homem_de_ferro_v3"]
    for mine, allowed in ((["genio"], True), ([], False)):
        scene = [Placed(k, FILL[:4]) for k in mine]
        state = build(
            Side(hand=hand, resources=FILL * 2, scene=scene),
            Side(scene=[Placed("rapina_v1", FILL[:3])]),
            phase=Phase.PREPARATION,
            content=Pack("t", cards, {}),
        )
        state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "homem_de_ferro_v2")))
        second = PlayCard(zone_id(state, 0, "hand", "homem_de_ferro_v3"))
        if allowed:  # two Homem de Ferro with the Gênio's alter ego, beside it
            state, _ = act(state, 0, second)
            assert len(zones.characters(state, 0)) == 3
        else:
            with pytest.raises(IllegalActionError):
                act(state, 0, second)


def test_tony_stark_fetches_iron_men_who_may_then_join_him() -> None:
    state = build(
        Side(
            hand=["tony_stark_v1"],
            resources=FILL * 2,
            deck=["homem_de_ferro_v2", "groot_v1", "homem_de_ferro_v3", "protecao"],
        ),
        Side(scene=[Placed("rapina_v1", FILL[:3])]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    v2, _groot, v3, _protecao = state.players[0].deck
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "tony_stark_v1")))
    state, _ = act(state, 0, Choose("yes"))  # search
    assert state.choice is not None and set(state.choice.options) == {str(v2), str(v3), "done"}
    state, _ = act(state, 0, Choose(str(v2)))
    state, _ = act(state, 0, Choose(str(v3)))
    assert set(state.players[0].hand) == {v2, v3} and len(state.players[0].deck) == 2
    state, _ = act(state, 0, PlayCard(v2))
    state, _ = act(state, 0, PlayCard(v3))  # same alter ego as Tony and each other
    assert len(zones.characters(state, 0)) == 3


def test_tony_stark_pays_a_chosen_resource_to_draw_two() -> None:
    state = build(
        Side(
            deck=["protecao"] * 3,
            resources=FILL[:2],
            scene=[Placed("tony_stark_v1", FILL[:1])],
        ),
        Side(scene=[Placed("rapina_v1", FILL[:3])]),
        phase=Phase.ANTICIPATION,
        active=1,
        content=starter(),
    )
    tony = sid(state, "tony_stark_v1")
    paid = state.players[0].resources[1]
    state, _ = act(state, 0, UseAction(tony, "Pesquisa Profunda", "", pay=str(paid)))
    assert len(state.players[0].hand) == 2 and state.players[0].deck[-1] == paid
    assert _stage(state, tony) == 0


def _swap_table(entered: int) -> State:
    return build(
        Side(
            hand=["aguia_estelar_v1"],
            resources=FILL[:2],
            scene=[
                Placed("aleta_v1", ["super_soco_v1", "circundar_v1", "rapina_v1"], entered=entered)
            ],
        ),
        Side(scene=[Placed("rapina_v1", FILL[:3])]),
        phase=Phase.PREPARATION,
        content=starter(),
    )


def test_aguia_estelar_swaps_in_for_aleta_carrying_her_cards_with_prontidao() -> None:
    state = _swap_table(entered=0)
    aleta = sid(state, "aleta_v1")
    carried = zones.in_scene(state, aleta).loaded
    aguia = zone_id(state, 0, "hand", "aguia_estelar_v1")
    state, _ = act(state, 0, Activate(aguia, -1))
    assert state.choice is not None and str(aleta) in state.choice.options
    state, _ = act(state, 0, Choose(str(aleta)))
    assert aleta in state.players[0].hand and zones.find(state, aleta) is None
    item = zones.in_scene(state, aguia)
    assert set(item.loaded) == set(carried) and item.ready
    assert len(state.players[0].resources) == 2  # her cards only, none of the others


def test_aguia_estelar_needs_an_aleta_controlled_since_the_start_of_the_turn() -> None:
    state = _swap_table(entered=3)
    aguia = zone_id(state, 0, "hand", "aguia_estelar_v1")
    state, _ = act(state, 0, Activate(aguia, -1))
    assert aguia in state.players[0].hand and zones.find(state, sid(state, "aleta_v1")) is not None


def test_aleta_swaps_in_for_aguia_estelar() -> None:
    state = build(
        Side(hand=["aleta_v1"], scene=[Placed("aguia_estelar_v1", FILL[:2])]),
        Side(scene=[Placed("rapina_v1", FILL[:3])]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    aguia = sid(state, "aguia_estelar_v1")
    aleta = zone_id(state, 0, "hand", "aleta_v1")
    state, _ = act(state, 0, Activate(aleta, -1))
    state, _ = act(state, 0, Choose(str(aguia)))
    assert len(zones.in_scene(state, aleta).loaded) == 2 and aguia in state.players[0].hand
