"""Cards of the official Evolução Tática deck (slice 1), each played once as printed with the
built-in cards (``starter()``): what a player notices when its text or action works."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import Activate, Choose, Discard, PlayCard, UseAction
from engines.battlescenes.content.database import database
from engines.battlescenes.content.schema import Pack
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


def _stage(state: State, card: int) -> int:
    return zones.in_scene(state, card).stage


def test_ardil_emaranhado_incapacitates_the_target_character_in_preparation() -> None:
    # An unforeseen action: usable in its user's Preparation phase; cost 2.
    state = _versus(
        [Placed("homem_areia_v1", ["ardil_emaranhado_v1", *FILL[:2]], stage=2)],
        [Placed("capanga_do_rei_v2", FILL[:3], stage=2)],
        phase=Phase.PREPARATION,
    )
    areia, capanga = sid(state, "homem_areia_v1"), sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(areia, "Ardil Emaranhado", str(capanga)))
    assert _stage(state, capanga) == 1 and _stage(state, areia) == 0


def test_raio_de_forca_deals_3_penetrating_damage() -> None:
    state = _versus(
        [Placed("homem_areia_v1", ["raio_de_forca_v1", *FILL[:2]], stage=2)],
        [Placed("hulk_v1", FILL)],
    )
    areia, hulk = sid(state, "homem_areia_v1"), sid(state, "hulk_v1")
    # Homem-Areia has no Ataque Energético: the action is not his to use.
    with pytest.raises(IllegalActionError):
        act(state, 0, UseAction(areia, "Raio de Força", str(hulk)))
    state = _versus(
        [Placed("bumerangue_v1", ["raio_de_forca_v1", "jogar_objeto_v1"], stage=2)],
        [Placed("hulk_v1", FILL)],
    )
    bumerangue, hulk = sid(state, "bumerangue_v1"), sid(state, "hulk_v1")
    state = _with_power(state, bumerangue, "ataque_energetico")
    state, _ = act(state, 0, UseAction(bumerangue, "Raio de Força", str(hulk)))
    assert _loaded(state, hulk) == 3  # 3 penetrating: Escudo 3 absorbs none


def _with_power(state: State, card: int, power: str) -> State:
    """The card gains ``power`` for the turn (a gain_trait effect, 8.B.2)."""
    from engines.battlescenes.content.schema import Characteristic
    from engines.battlescenes.rules.state import TurnTrait

    gained = TurnTrait(card, Characteristic("gain", "power", power))
    return replace(state, turn_traits=(*state.turn_traits, gained))


def test_alucinacao_makes_the_targets_shield_0_until_the_end_of_the_turn() -> None:
    state = _versus(
        [Placed("bumerangue_v1", ["alucinacao_v1", *FILL[:2]], stage=2)],
        [Placed("hulk_v1", FILL)],
    )
    bumerangue, hulk = sid(state, "bumerangue_v1"), sid(state, "hulk_v1")
    state = _with_power(state, bumerangue, "telepatia")
    state, _ = act(state, 0, UseAction(bumerangue, "Alucinação", str(hulk)))
    assert shields.shield(state, zones.in_scene(state, hulk)) == 0


def test_jogar_objeto_gives_its_carrier_ranged_attack_and_deals_1() -> None:
    state = _versus(
        [Placed("homem_areia_v1", ["jogar_objeto_v1", *FILL[:2]])],
        [Placed("deadpool_v1", FILL[:3])],
    )
    areia, deadpool = sid(state, "homem_areia_v1"), sid(state, "deadpool_v1")
    assert "ataque_a_distancia" in zones.powers(state, zones.in_scene(state, areia))
    state, _ = act(state, 0, UseAction(areia, "Jogar Objeto", str(deadpool)))
    assert _loaded(state, deadpool) == 3  # 1 damage, Escudo 1 absorbs it


def test_homem_areia_deals_3() -> None:
    state = _versus([Placed("homem_areia_v1", FILL[:3])], [Placed("deadpool_v1", FILL[:4])])
    areia, deadpool = sid(state, "homem_areia_v1"), sid(state, "deadpool_v1")
    state, _ = act(state, 0, UseAction(areia, "Maça de Areia", str(deadpool)))
    assert _loaded(state, deadpool) == 2  # 3 - Escudo 1


def test_bumerangue_deals_1_penetrating_or_2() -> None:
    for mode, left in (("penetrante", 5), ("dano", 6)):
        state = _versus([Placed("bumerangue_v1", FILL[:3])], [Placed("hulk_v1", FILL)])
        bumerangue, hulk = sid(state, "bumerangue_v1"), sid(state, "hulk_v1")
        use = UseAction(bumerangue, "Arsenal de Bumerangues", str(hulk), mode=mode)
        state, _ = act(state, 0, use)
        # Hulk V1's Escudo 3: 1 penetrating goes through, 2 damage is absorbed.
        assert _loaded(state, hulk) == left, mode


def test_deadpool_incapacitates_in_the_anticipation_step_and_revives_from_resources() -> None:
    state = _versus(
        [Placed("homem_areia_v1", FILL[:3], stage=2)],
        [Placed("deadpool_v1", FILL[:3], stage=2)],
        phase=Phase.ANTICIPATION,
    )
    areia, deadpool = sid(state, "homem_areia_v1"), sid(state, "deadpool_v1")
    state, _ = act(state, 1, UseAction(deadpool, "Mercenário Tagarela", str(areia)))
    assert _stage(state, areia) == 1 and _stage(state, deadpool) == 0
    # Reviver: from the resources, loading from the other resources.
    state = build(
        Side(resources=["deadpool_v1", *FILL[:4]]),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "resources", "deadpool_v1")))
    assert _loaded(state, sid(state, "deadpool_v1")) == 4


def test_hulk_v1_with_energy_1_has_shield_0_and_no_powers() -> None:
    state = _versus([Placed("hulk_v1", FILL[:2])], [])
    hulk = zones.in_scene(state, sid(state, "hulk_v1"))
    assert shields.shield(state, hulk) == 3 and "super_forca" in zones.powers(state, hulk)
    state = _versus([Placed("hulk_v1", FILL[:1])], [Placed("deadpool_v1", FILL[:3])])
    hulk = zones.in_scene(state, sid(state, "hulk_v1"))
    assert shields.shield(state, hulk) == 0 and zones.powers(state, hulk) == ()
    # Without Super Força he cannot use Hulk Esmaga.
    with pytest.raises(IllegalActionError):
        act(state, 0, UseAction(hulk.card, "Hulk Esmaga", str(sid(state, "deadpool_v1"))))


def test_hulk_v1_deals_4() -> None:
    state = _versus([Placed("hulk_v1", FILL[:3])], [Placed("homem_areia_v1", FILL)])
    hulk, areia = sid(state, "hulk_v1"), sid(state, "homem_areia_v1")
    state, _ = act(state, 0, UseAction(hulk, "Hulk Esmaga", str(areia)))
    assert _loaded(state, areia) == 4  # 4 - Escudo 2


def test_ataque_surpresa_may_capacitate_each_character_entering_under_its_controller() -> None:
    state = build(
        Side(hand=["homem_areia_v1"], resources=FILL),
        Side(hand=["bumerangue_v1"], resources=FILL),
        phase=Phase.PREPARATION,
        content=starter(),
        scenario="ataque_surpresa_v1",
    )
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "homem_areia_v1")))
    assert state.choice is not None
    state, _ = act(state, 0, Choose("yes"))
    assert _stage(state, sid(state, "homem_areia_v1")) == 2


def _with_trait(state: State, card: int, kind: str, value: str) -> State:
    """The card gains a characteristic for the turn (a gain_trait effect, 8.B.2)."""
    from engines.battlescenes.content.schema import Characteristic
    from engines.battlescenes.rules.state import TurnTrait

    gained = TurnTrait(card, Characteristic("gain", kind, value))
    return replace(state, turn_traits=(*state.turn_traits, gained))


def test_ataque_de_furia_deals_twice_x() -> None:
    for x, left in ((1, 5), (2, 3)):
        state = _versus(
            [Placed("deadpool_v1", ["ataque_de_furia_v1", *FILL[:2]], stage=2)],
            [Placed("bumerangue_v1", FILL)],
        )
        deadpool, bumerangue = sid(state, "deadpool_v1"), sid(state, "bumerangue_v1")
        state, _ = act(state, 0, UseAction(deadpool, "Ataque de Fúria", str(bumerangue), x=x))
        assert _loaded(state, bumerangue) == left, x  # 2X − Escudo 1
        assert _stage(state, deadpool) == 2 - x  # cost X


def test_replica_de_loki_deals_2_only_with_a_character_named_loki() -> None:
    for loki, left in ((False, 6), (True, 5)):
        state = _versus(
            [Placed("replica_de_loki_v1", FILL[:2]), Placed("bumerangue_v1", FILL[:3])],
            [Placed("deadpool_v1", FILL)],
        )
        replica, deadpool = sid(state, "replica_de_loki_v1"), sid(state, "deadpool_v1")
        if loki:
            state = _with_trait(state, sid(state, "bumerangue_v1"), "name", "Loki")
        state, _ = act(state, 0, UseAction(replica, "Ataque Fantasma", str(deadpool)))
        assert _loaded(state, deadpool) == left, loki  # 1 or 2, Escudo 1


def test_explosao_certeira_deals_1_penetrating_and_that_cards_controller_may_draw() -> None:
    state = build(
        Side(hand=["explosao_certeira_v1"], scene=[Placed("homem_areia_v1", FILL[:3])]),
        Side(deck=["protecao"] * 3, scene=[Placed("hulk_v1", FILL)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    hulk = sid(state, "hulk_v1")
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "explosao_certeira_v1")))
    assert state.choice is not None and state.choice.seat == 0
    state, _ = act(state, 0, Choose(str(hulk)))
    assert _loaded(state, hulk) == 5  # penetrating: Escudo 3 absorbs nothing
    # Bruno controls the Hulk: he decides whether to draw, and draws.
    assert state.choice is not None and state.choice.seat == 1
    state, _ = act(state, 1, Choose("yes"))
    assert len(state.players[1].hand) == 1 and len(state.players[0].hand) == 0


def test_revigoramento_incrivel_capacitates_up_to_two_characters() -> None:
    state = build(
        Side(
            hand=["revigoramento_incrivel_v1"],
            scene=[
                Placed("homem_areia_v1", FILL[:3], stage=1),
                Placed("bumerangue_v1", FILL[:3], stage=0),
                Placed("deadpool_v1", FILL[:3], stage=0),
            ],
        ),
        Side(scene=[Placed("hulk_v1", FILL)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    areia, bumerangue = sid(state, "homem_areia_v1"), sid(state, "bumerangue_v1")
    deadpool = sid(state, "deadpool_v1")
    state = _with_trait(state, areia, "power", "tecnologia")
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "revigoramento_incrivel_v1")))
    # Only a character with Tecnologia may pay.
    assert state.choice is not None and set(state.choice.options) == {str(areia), "skip"}
    state, _ = act(state, 0, Choose(str(areia)))
    state, _ = act(state, 0, Choose(str(bumerangue)))
    # The second one is another character.
    assert state.choice is not None and str(bumerangue) not in state.choice.options
    state, _ = act(state, 0, Choose(str(deadpool)))
    assert (_stage(state, areia), _stage(state, bumerangue), _stage(state, deadpool)) == (0, 1, 1)


def test_revigoramento_incrivel_declined_capacitates_nobody() -> None:
    state = build(
        Side(hand=["revigoramento_incrivel_v1"], scene=[Placed("bumerangue_v1", FILL[:3], 0)]),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    bumerangue = sid(state, "bumerangue_v1")
    state = _with_trait(state, bumerangue, "power", "tecnologia")
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "revigoramento_incrivel_v1")))
    state, _ = act(state, 0, Choose("skip"))
    assert state.choice is None and _stage(state, bumerangue) == 0


def test_wolverine_v2_deals_1_to_a_target_character_or_3_to_a_target_support() -> None:
    state = _versus(
        [Placed("wolverine_v2", FILL[:3], stage=2)],
        [Placed("bumerangue_v1", FILL[:3]), Placed("camara_neutralizadora", FILL[:3])],
    )
    wolverine, bumerangue = sid(state, "wolverine_v2"), sid(state, "bumerangue_v1")
    camara = sid(state, "camara_neutralizadora")
    # Each option has its own kind of target (F.1.1).
    with pytest.raises(IllegalActionError):
        act(state, 0, UseAction(wolverine, "Dilacerar", str(camara), mode="personagem"))
    with pytest.raises(IllegalActionError):
        act(state, 0, UseAction(wolverine, "Dilacerar", str(bumerangue), mode="suporte"))
    after, _ = act(state, 0, UseAction(wolverine, "Dilacerar", str(camara), mode="suporte"))
    assert _loaded(after, camara) == 2  # 3 − Escudo 2
    after, _ = act(state, 0, UseAction(wolverine, "Dilacerar", str(bumerangue), mode="personagem"))
    assert _loaded(after, bumerangue) == 3  # 1 − Escudo 1


def test_wolverine_v2_loads_a_regeneracao_ability_card_from_the_resources() -> None:
    state = build(
        Side(
            resources=["excentricidade", "multiplicacao_de_dna"],
            scene=[Placed("wolverine_v2", FILL[:2])],
        ),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    wolverine = sid(state, "wolverine_v2")
    dna = zone_id(state, 0, "resources", "multiplicacao_de_dna")
    state, _ = act(state, 0, Activate(wolverine))
    # Only the Regeneração ability card, only onto Wolverine.
    assert state.choice is not None and set(state.choice.options) == {f"{dna}>{wolverine}", "skip"}
    state, _ = act(state, 0, Choose(f"{dna}>{wolverine}"))
    assert zones.in_scene(state, wolverine).loaded[-1] == dna
    with pytest.raises(IllegalActionError):  # once per turn
        act(state, 0, Activate(wolverine))


def test_mercurio_may_use_super_velocidade_once_more_in_the_same_turn() -> None:

    state = _versus(
        [Placed("mercurio_v1", FILL[:3], stage=2)],
        [Placed("bumerangue_v1", FILL)],
        phase=Phase.PREPARATION,  # an unforeseen action: usable in its Preparation phase
    )
    mercurio, bumerangue = sid(state, "mercurio_v1"), sid(state, "bumerangue_v1")
    use = UseAction(mercurio, "Super Velocidade", str(bumerangue))
    state, _ = act(state, 0, use)
    assert _loaded(state, bumerangue) == 6  # Escudo 1 absorbs the first point
    state, _ = act(state, 0, use)  # a second use this turn, its cost paid again
    assert _loaded(state, bumerangue) == 5 and _stage(state, mercurio) == 0
    # Each use's effect allows one more: only the cost limits it (capacitated again here).
    state = zones.set_in_scene(state, replace(zones.in_scene(state, mercurio), stage=1))
    state, _ = act(state, 0, use)
    assert _loaded(state, bumerangue) == 4
    # An action without that text is used once a turn (C.4).
    areia = _versus([Placed("homem_areia_v1", FILL[:3], stage=2)], [Placed("hulk_v1", FILL)])
    maca = UseAction(sid(areia, "homem_areia_v1"), "Maça de Areia", str(sid(areia, "hulk_v1")))
    areia, _ = act(areia, 0, maca)
    with pytest.raises(IllegalActionError):
        act(areia, 0, maca)


def test_fazer_esquecer_forbids_the_targets_actions_of_the_named_power_this_turn() -> None:
    from engines.battlescenes.view import option_label

    state = _versus(
        [Placed("bumerangue_v1", FILL[:3], stage=2)],
        [Placed("mercurio_v1", ["fazer_esquecer_v1", *FILL[:2]], stage=2)],
        phase=Phase.ANTICIPATION,
    )
    bumerangue, mercurio = sid(state, "bumerangue_v1"), sid(state, "mercurio_v1")
    state = _with_trait(state, mercurio, "power", "telepatia")
    state, _ = act(state, 1, UseAction(mercurio, "Fazer Esquecer", str(bumerangue)))
    assert state.choice is not None and state.choice.seat == 1
    assert len(state.choice.options) == 13  # the thirteen powers (2.4)
    assert option_label(state, "ataque_a_distancia").key == "battlescenes.power.ataque_a_distancia"
    state, events = act(state, 1, Choose("ataque_a_distancia"))
    assert "battlescenes.event.power_forbidden" in [e.key for e in events]
    # Bumerangue's action is a Ataque a Distância one: not usable this turn.
    state = replace(state, phase=Phase.ATTACK)
    use = UseAction(bumerangue, "Arsenal de Bumerangues", str(mercurio), mode="dano")
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, use)
    assert err.value.key == "battlescenes.error.forbidden"


def test_transporte_aereo_puts_a_character_from_the_hand_into_the_scene_ready_to_act() -> None:
    state = build(
        Side(
            hand=["homem_areia_v1", "hulk_v1", "alucinacao_v1"],
            resources=FILL,
            scene=[Placed("bumerangue_v1", ["transporte_aereo_v1", *FILL[:2]], stage=2)],
        ),
        Side(scene=[Placed("deadpool_v1", FILL)]),
        content=starter(),
    )
    bumerangue, deadpool = sid(state, "bumerangue_v1"), sid(state, "deadpool_v1")
    areia = zone_id(state, 0, "hand", "homem_areia_v1")
    state, _ = act(state, 0, UseAction(bumerangue, "Transporte Aéreo"))
    # Hulk V1 needs 8 cards in the resources (there are 6): only Homem-Areia is offered.
    assert state.choice is not None and set(state.choice.options) == {str(areia), "skip"}
    state, _ = act(state, 0, Choose(str(areia)))
    assert _loaded(state, areia) == 5 and len(state.players[0].resources) == 1
    # Prontidão: it acts the turn it entered.
    state, _ = act(state, 0, UseAction(areia, "Maça de Areia", str(deadpool)))
    assert _loaded(state, deadpool) == 4  # 3 − Escudo 1


def test_convocar_reforcos_leaves_when_the_hand_empties_and_fetches_up_to_two_characters() -> None:
    state = build(
        Side(
            deck=["deadpool_v1", "protecao", "bumerangue_v1", "mercurio_v1"],
            hand=["homem_areia_v1"],
            resources=FILL,
        ),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
        scenario="convocar_reforcos_v1",
    )
    scenario = state.scenario
    deadpool = zone_id(state, 0, "deck", "deadpool_v1")
    bumerangue = zone_id(state, 0, "deck", "bumerangue_v1")
    protecao = zone_id(state, 0, "deck", "protecao")
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "homem_areia_v1")))
    # The last card of the hand was played: the scenario goes to the resources at once.
    assert state.scenario is None and scenario in state.players[0].resources
    state, _ = act(state, 0, Choose("yes"))  # she searches
    assert state.choice is not None and str(protecao) not in state.choice.options
    state, _ = act(state, 0, Choose(str(deadpool)))
    state, _ = act(state, 0, Choose(str(bumerangue)))
    assert state.choice is None
    assert set(state.players[0].hand) == {deadpool, bumerangue}
    assert len(state.players[0].deck) == 2


def test_convocar_reforcos_waits_while_the_hand_holds_cards() -> None:
    state = build(
        Side(hand=["homem_areia_v1", "protecao"], resources=FILL),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
        scenario="convocar_reforcos_v1",
    )
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "homem_areia_v1")))
    assert state.scenario is not None and state.choice is None


def _with_mjolnir() -> Pack:
    """The built-in cards and the printed Mjölnir V1 (facts only: the test never uses its
    action)."""
    printed = database().find("BSUM 65/100")
    assert printed is not None
    return Pack("starter", {**starter().cards, "mjolnir": replace(printed, key="mjolnir")}, {})


def test_thor_v1_loads_mjolnir_found_in_hand_deck_resources_or_on_his_allies() -> None:
    state = build(
        Side(
            deck=["protecao", "mjolnir", "protecao"],
            hand=["mjolnir", "homem_areia_v1"],
            resources=["mjolnir", *FILL[:2]],
            scene=[
                Placed("thor_v1", FILL[:3]),
                Placed("bumerangue_v1", ["mjolnir", *FILL[:2]]),
            ],
        ),
        Side(scene=[Placed("hulk_v1", FILL)]),
        content=_with_mjolnir(),
    )
    thor, bumerangue = sid(state, "thor_v1"), sid(state, "bumerangue_v1")
    found = {
        zone_id(state, 0, "deck", "mjolnir"),
        zone_id(state, 0, "hand", "mjolnir"),
        zone_id(state, 0, "resources", "mjolnir"),
        zones.in_scene(state, bumerangue).loaded[0],
    }
    state, _ = act(state, 0, UseAction(thor, "Recuperar Martelo"))
    assert state.choice is not None and set(state.choice.options) == {*map(str, found), "skip"}
    carried = zones.in_scene(state, bumerangue).loaded[0]
    after, _ = act(state, 0, Choose(str(carried)))
    assert zones.in_scene(after, thor).loaded[-1] == carried
    assert _loaded(after, bumerangue) == 2
    deck = zone_id(state, 0, "deck", "mjolnir")
    after, events = act(state, 0, Choose(str(deck)))
    assert zones.in_scene(after, thor).loaded[-1] == deck and len(after.players[0].deck) == 2
    assert "battlescenes.event.searched" in [e.key for e in events]


def test_reparos_provisorios_goes_from_the_resources_onto_a_support_which_gets_shield_1() -> None:
    state = build(
        Side(
            resources=["reparos_provisorios_v1", *FILL[:2]],
            scene=[
                Placed("homem_areia_v1", FILL[:3]),
                Placed("camara_neutralizadora", FILL[:3]),
            ],
        ),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    areia, camara = sid(state, "homem_areia_v1"), sid(state, "camara_neutralizadora")
    reparos = zone_id(state, 0, "resources", "reparos_provisorios_v1")
    assert shields.shield(state, zones.in_scene(state, camara)) == 2
    state, _ = act(state, 0, Activate(reparos))
    assert state.choice is not None and set(state.choice.options) == {str(areia), "skip"}
    state, _ = act(state, 0, Choose(str(areia)))
    assert _stage(state, areia) == 0
    # Only a support may carry it.
    assert state.choice is not None and set(state.choice.options) == {str(camara)}
    state, _ = act(state, 0, Choose(str(camara)))
    assert zones.in_scene(state, camara).loaded[-1] == reparos
    assert shields.shield(state, zones.in_scene(state, camara)) == 3


def test_reparos_provisorios_gives_no_shield_to_a_character_carrying_it() -> None:
    state = _versus([Placed("homem_areia_v1", ["reparos_provisorios_v1", *FILL[:2]])], [])
    item = zones.in_scene(state, sid(state, "homem_areia_v1"))
    assert shields.shield(state, item) == 2  # its printed Escudo 2 (4.4.2.3 A.2a)


def test_resgate_enroscado_loads_a_card_then_leaves_and_its_text_answers() -> None:
    state = build(
        Side(
            deck=["protecao", "excentricidade"],
            resources=["bumerangue_v1", "protecao", "excentricidade"],
            scene=[Placed("homem_areia_v1", ["resgate_enroscado_v1", *FILL[:2]])],
        ),
        Side(scene=[Placed("hulk_v1", FILL)]),
        content=starter(),
    )
    areia = sid(state, "homem_areia_v1")
    resgate = zones.in_scene(state, areia).loaded[0]
    protecao = zone_id(state, 0, "resources", "protecao")
    bumerangue = zone_id(state, 0, "resources", "bumerangue_v1")
    top = state.players[0].deck[0]
    state, _ = act(state, 0, UseAction(areia, "Resgate Enroscado"))
    state, _ = act(state, 0, Choose(f"{protecao}>{areia}"))
    # Loaded with Proteção; Resgate Enroscado unloaded to the resources, where its text
    # works: a card that is not an ability card may go to the bottom of the deck.
    assert protecao in zones.in_scene(state, areia).loaded
    assert resgate not in zones.in_scene(state, areia).loaded
    assert resgate in state.players[0].resources
    assert state.choice is not None and set(state.choice.options) == {str(bumerangue), "skip"}
    state, _ = act(state, 0, Choose(str(bumerangue)))
    assert state.players[0].deck[-1] == bumerangue
    # Homem-Areia has Elasticidade: a card drawn.
    assert state.players[0].hand == (top,)


def test_resgate_enroscado_discarded_draws_only_with_an_elasticidade_character() -> None:
    for mine, drawn in (("homem_areia_v1", 1), ("bumerangue_v1", 0)):
        state = build(
            Side(hand=["resgate_enroscado_v1"], scene=[Placed(mine, FILL[:3])]),
            Side(),
            phase=Phase.PREPARATION,
            content=starter(),
        )
        state, _ = act(state, 0, Discard(zone_id(state, 0, "hand", "resgate_enroscado_v1")))
        assert state.choice is None  # nothing but ability cards in the resources
        assert len(state.players[0].hand) == drawn, mine


# --- Poderes Ocultos ---------------------------------------------------------------------


def test_tiro_certeiro_deals_2_and_sucatear_3_penetrating_to_a_support_only() -> None:
    state = _versus(
        [Placed("bumerangue_v1", ["tiro_certeiro_v1", "sucatear_v1", *FILL[:1]], stage=2)],
        [Placed("deadpool_v1", FILL[:4]), Placed("camara_neutralizadora", FILL[:3])],
    )
    bumerangue, deadpool = sid(state, "bumerangue_v1"), sid(state, "deadpool_v1")
    camara = sid(state, "camara_neutralizadora")
    after, _ = act(state, 0, UseAction(bumerangue, "Tiro Certeiro", str(deadpool)))
    assert _loaded(after, deadpool) == 3  # 2 − Escudo 1
    state = _with_trait(state, bumerangue, "power", "laminas")
    with pytest.raises(IllegalActionError):  # "suporte alvo"
        act(state, 0, UseAction(bumerangue, "Sucatear", str(deadpool)))
    after, _ = act(state, 0, UseAction(bumerangue, "Sucatear", str(camara)))
    # 3 penetrating on its 3 cards: destroyed (4.7), into its owner's resources
    assert zones.find(after, camara) is None and camara in after.players[1].resources


def test_trespassar_deals_2_with_x_1_and_2_penetrating_with_x_2() -> None:
    for x, left in ((0, 6), (1, 6), (2, 4)):
        state = _versus(
            [Placed("wolverine_v2", ["trespassar_v1", *FILL[:2]], stage=2)],
            [Placed("homem_areia_v1", FILL)],
        )
        wolverine, areia = sid(state, "wolverine_v2"), sid(state, "homem_areia_v1")
        state, _ = act(state, 0, UseAction(wolverine, "Trespassar", str(areia), x=x))
        assert _loaded(state, areia) == left, x  # Escudo 2 absorbs the plain 2


def test_chicote_negro_and_elektra_deal_damage_and_incapacitate() -> None:
    state = _versus(
        [Placed("chicote_negro_v1", FILL[:3], stage=2), Placed("elektra_v1", FILL[:3], 2)],
        [Placed("hulk_v1", FILL, stage=2), Placed("deadpool_v1", FILL[:3], stage=2)],
    )
    chicote, elektra = sid(state, "chicote_negro_v1"), sid(state, "elektra_v1")
    hulk, deadpool = sid(state, "hulk_v1"), sid(state, "deadpool_v1")
    state, _ = act(state, 0, UseAction(chicote, "Chicote Paralisante", str(deadpool)))
    assert (_loaded(state, deadpool), _stage(state, deadpool)) == (2, 1)  # 2 − Escudo 1
    state, _ = act(state, 0, UseAction(elektra, "Golpe Ninja", str(hulk)))
    assert (_loaded(state, hulk), _stage(state, hulk)) == (6, 1)  # Escudo 3 absorbs 1
    assert _stage(state, elektra) == 0  # cost 2


def test_soldado_hidra_unloads_one_of_its_cards_to_deal_1_penetrating() -> None:
    state = _versus([Placed("soldado_hidra_v1", FILL[:2])], [Placed("hulk_v1", FILL)])
    soldado, hulk = sid(state, "soldado_hidra_v1"), sid(state, "hulk_v1")
    paid = zones.in_scene(state, soldado).loaded[0]
    state, _ = act(state, 0, UseAction(soldado, "Tática Suicida", str(hulk), pay=str(paid)))
    assert _loaded(state, hulk) == 5 and _loaded(state, soldado) == 1


def test_capitao_america_v1_leads_vingadores_and_recovers_his_shield() -> None:
    printed = database().find("BSUM 61/100")
    assert printed is not None and printed.name == "Escudo do Capitão América"
    content = Pack("starter", {**starter().cards, "escudo": replace(printed, key="escudo")}, {})
    state = build(
        Side(
            deck=["protecao", "escudo"],
            scene=[Placed("capitao_america_v1", FILL[:3]), Placed("hulk_v1", FILL, stage=0)],
        ),
        Side(),
        phase=Phase.PREPARATION,
        content=content,
    )
    capitao, hulk = sid(state, "capitao_america_v1"), sid(state, "hulk_v1")
    state, _ = act(state, 0, Activate(capitao))  # Liderar 1 – Vingadores
    assert state.choice is not None and str(hulk) in state.choice.options
    state, _ = act(state, 0, Choose(str(hulk)))
    assert _stage(state, hulk) == 1
    escudo = zone_id(state, 0, "deck", "escudo")
    state = replace(state, phase=Phase.ATTACK)
    state, _ = act(state, 0, UseAction(capitao, "Recuperar Escudo"))
    state, _ = act(state, 0, Choose(str(escudo)))
    assert zones.in_scene(state, capitao).loaded[-1] == escudo


def test_mina_explosiva_goes_off_when_any_character_enters() -> None:
    state = build(
        Side(hand=["homem_areia_v1"], resources=FILL),
        Side(scene=[Placed("mina_explosiva_v1", FILL[:1])]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    mina = sid(state, "mina_explosiva_v1")
    areia = zone_id(state, 0, "hand", "homem_areia_v1")
    state, _ = act(state, 0, PlayCard(areia))
    # Bruno's mine: it unloads everything (destroyed, 4.7) and deals 1 penetrating.
    assert zones.find(state, mina) is None and mina in state.players[1].resources
    assert _loaded(state, areia) == 4


def test_plano_magistral_execucao_draws_3_only_after_the_estrategia() -> None:
    printed = database().find("BSET 60/100")
    assert printed is not None and printed.name == "Plano Magistral - Estratégia"
    content = Pack(
        "starter", {**starter().cards, "estrategia": replace(printed, key="estrategia")}, {}
    )
    for before, drawn in (("estrategia", 3), ("ataque_surpresa_v1", 0)):
        state = build(
            Side(deck=["protecao"] * 4, hand=["plano_magistral_execucao_v1"]),
            Side(),
            phase=Phase.PREPARATION,
            content=content,
            scenario=before,
        )
        card = zone_id(state, 0, "hand", "plano_magistral_execucao_v1")
        state, _ = act(state, 0, PlayCard(card))
        assert state.scenario == card and len(state.players[0].hand) == drawn, before


def test_caveira_vermelha_fetches_a_soldado_hidra_and_draws_with_its_action() -> None:
    state = build(
        Side(
            deck=["protecao", "soldado_hidra_v1", "excentricidade"],
            hand=["soldado_hidra_v1"],
            resources=["soldado_hidra_v1", "homem_areia_v1"],
            scene=[Placed("caveira_vermelha_v1", FILL[:3], stage=2)],
        ),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    caveira = sid(state, "caveira_vermelha_v1")
    in_deck = zone_id(state, 0, "deck", "soldado_hidra_v1")
    in_resources = zone_id(state, 0, "resources", "soldado_hidra_v1")
    state, _ = act(state, 0, Activate(caveira))
    # The deck or the resources (not the hand), only a Soldado H.I.D.R.A.
    options = {str(in_deck), str(in_resources), "skip"}
    assert state.choice is not None and set(state.choice.options) == options
    state, _ = act(state, 0, Choose(str(in_resources)))
    assert in_resources in state.players[0].hand and len(state.players[0].hand) == 2
    state, _ = act(state, 0, UseAction(caveira, "Desígnios Malignos"))  # unforeseen: draw 1
    assert len(state.players[0].hand) == 3


def test_treinamento_intenso_swaps_itself_once_a_turn_until_unloaded() -> None:
    state = build(
        Side(
            scene=[
                Placed("homem_areia_v1", ["treinamento_intenso_v1", *FILL[:2]]),
                Placed("bumerangue_v1", ["protecao", *FILL[:2]]),
            ]
        ),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    areia, bumerangue = sid(state, "homem_areia_v1"), sid(state, "bumerangue_v1")
    treino = zones.in_scene(state, areia).loaded[0]
    protecao = zones.in_scene(state, bumerangue).loaded[0]
    state, _ = act(state, 0, Activate(treino))
    assert state.choice is not None and set(state.choice.options) == {str(bumerangue), "skip"}
    state, _ = act(state, 0, Choose(str(bumerangue)))
    # Only this card is swapped, with any card Bumerangue carries.
    assert state.choice is not None and f"{treino}>{protecao}" in state.choice.options
    assert all(o.startswith(f"{treino}>") for o in state.choice.options)
    state, _ = act(state, 0, Choose(f"{treino}>{protecao}"))
    assert treino in zones.in_scene(state, bumerangue).loaded
    assert protecao in zones.in_scene(state, areia).loaded
    with pytest.raises(IllegalActionError):  # once per turn
        act(state, 0, Activate(treino))
    # FAQ: unloaded and loaded again, it is a new card: it may swap again.
    state = zones.unload(state, bumerangue, [treino])
    player = state.players[0]
    state = zones.set_player(
        state, 0, replace(player, resources=tuple(c for c in player.resources if c != treino))
    )
    item = zones.in_scene(state, bumerangue)
    state = zones.set_in_scene(state, replace(item, loaded=(*item.loaded, treino)))
    state, _ = act(state, 0, Activate(treino))
    assert state.choice is not None


def test_convocar_mercenarios_makes_villains_hidra_and_leads_them_once() -> None:
    state = build(
        Side(
            scene=[
                Placed("homem_areia_v1", FILL[:3], stage=0),
                Placed("deadpool_v1", FILL[:3], stage=0),
            ]
        ),
        Side(scene=[Placed("bumerangue_v1", FILL[:3])]),
        phase=Phase.PREPARATION,
        content=starter(),
        scenario="convocar_mercenarios_v1",
    )
    areia, deadpool = sid(state, "homem_areia_v1"), sid(state, "deadpool_v1")
    bumerangue = sid(state, "bumerangue_v1")
    assert "H.I.D.R.A." in zones.affiliations(state, zones.in_scene(state, areia))  # villain
    assert "H.I.D.R.A." not in zones.affiliations(state, zones.in_scene(state, deadpool))
    assert "H.I.D.R.A." not in zones.affiliations(state, zones.in_scene(state, bumerangue))
    scenario = state.scenario
    assert scenario is not None
    state, _ = act(state, 0, Activate(scenario, text=1))  # its second text
    assert state.choice is not None and set(state.choice.options) == {str(areia), "skip"}
    state, _ = act(state, 0, Choose(str(areia)))
    assert _stage(state, areia) == 1
    assert state.scenario is None and scenario in state.players[0].resources


def test_rompante_de_bestialidade_goes_to_the_deck_bottom_to_hit_up_to_three() -> None:
    state = _versus(
        [Placed("wolverine_v2", ["rompante_de_bestialidade_v1", *FILL[:2]], stage=2)],
        [
            Placed("hulk_v1", FILL),
            Placed("homem_areia_v1", FILL),
            Placed("bumerangue_v1", FILL),
            Placed("deadpool_v1", FILL),
        ],
    )
    wolverine = sid(state, "wolverine_v2")
    rompante = zones.in_scene(state, wolverine).loaded[0]
    hulk, areia = sid(state, "hulk_v1"), sid(state, "homem_areia_v1")
    bumerangue, deadpool = sid(state, "bumerangue_v1"), sid(state, "deadpool_v1")
    with pytest.raises(IllegalActionError):  # at most three
        act(
            state,
            0,
            UseAction(
                wolverine, "Rompante de Bestialidade", f"{hulk}, {areia}, {bumerangue}, {deadpool}"
            ),
        )
    after, _ = act(state, 0, UseAction(wolverine, "Rompante de Bestialidade", f"{hulk}, {areia}"))
    assert (_loaded(after, hulk), _loaded(after, areia), _loaded(after, bumerangue)) == (5, 5, 6)
    # Its cost: the card itself to the bottom of its owner's deck (not the resources).
    assert after.players[0].deck[-1] == rompante
    assert rompante not in zones.in_scene(after, wolverine).loaded
    assert rompante not in after.players[0].resources


def test_rompante_de_bestialidade_menu_takes_one_to_three_targets() -> None:
    from engines.battlescenes import use_menus

    state = _versus(
        [Placed("wolverine_v2", ["rompante_de_bestialidade_v1", *FILL[:2]], stage=2)],
        [Placed("hulk_v1", FILL), Placed("homem_areia_v1", FILL)],
    )
    wolverine = sid(state, "wolverine_v2")
    state = replace(
        state,
        using=wolverine,
        using_action="Rompante de Bestialidade",
        using_next="targets",
    )
    menu = use_menus.next_menu(state, 0)
    # three card bases in the scene (Wolverine too: "alvo" is anyone's): one to three
    assert menu is not None and (menu.min_values, menu.max_values) == (1, 3)


def test_pegar_de_surpresa_loads_a_card_and_unloads_itself_to_deal_2() -> None:
    state = build(
        Side(
            resources=["protecao"],
            scene=[Placed("homem_areia_v1", ["pegar_de_surpresa_v1", *FILL[:2]])],
        ),
        Side(scene=[Placed("deadpool_v1", FILL[:4])]),
        content=starter(),
    )
    areia, deadpool = sid(state, "homem_areia_v1"), sid(state, "deadpool_v1")
    pegar = zones.in_scene(state, areia).loaded[0]
    protecao = zone_id(state, 0, "resources", "protecao")
    state, _ = act(state, 0, UseAction(areia, "Pegar de Surpresa", str(deadpool)))
    assert _loaded(state, deadpool) == 3  # 2 − Escudo 1
    loaded = zones.in_scene(state, areia).loaded
    assert protecao in loaded and pegar not in loaded and pegar in state.players[0].resources
    # With nothing in the resources to load, it cannot be used (E.2).
    empty = build(
        Side(scene=[Placed("homem_areia_v1", ["pegar_de_surpresa_v1", *FILL[:2]])]),
        Side(scene=[Placed("deadpool_v1", FILL[:4])]),
        content=starter(),
    )
    target = str(sid(empty, "deadpool_v1"))
    with pytest.raises(IllegalActionError) as err:
        act(empty, 0, UseAction(sid(empty, "homem_areia_v1"), "Pegar de Surpresa", target))
    assert err.value.key == "battlescenes.error.pay_cost"


def test_agente_shield_v2_shuffles_itself_away_for_a_combat_vehicle_from_the_resources() -> None:
    state = build(
        Side(
            resources=["veiculo_shield_v3", "protecao"],
            scene=[Placed("agente_shield_v2", ["excentricidade"], stage=2)],
        ),
        Side(),
        content=starter(),
    )
    agente = sid(state, "agente_shield_v2")
    carried = zones.in_scene(state, agente).loaded[0]
    veiculo = zone_id(state, 0, "resources", "veiculo_shield_v3")
    state, events = act(state, 0, UseAction(agente, "Consertar Equipamento"))
    # Its cost: unloaded and shuffled into its owner's deck — not a knock-out.
    assert zones.find(state, agente) is None and agente in state.players[0].deck
    assert carried in state.players[0].resources and agente not in state.players[0].prizes
    assert "battlescenes.event.left_to_deck" in [e.key for e in events]
    assert state.choice is not None and set(state.choice.options) == {str(veiculo)}
    state, _ = act(state, 0, Choose(str(veiculo)))
    assert state.players[0].hand == (veiculo,)


def test_veiculo_shield_v1_lends_morteiro_to_a_shield_agent_and_shields_them() -> None:
    state = build(
        Side(
            hand=["veiculo_shield_v1"],
            resources=FILL,
            scene=[
                Placed("veiculo_shield_v1", FILL[:3]),
                Placed("agente_shield_v2", FILL[:1], stage=2),
                Placed("bumerangue_v1", FILL[:3], stage=2),
            ],
        ),
        Side(scene=[Placed("deadpool_v1", FILL)]),
        content=starter(),
    )
    veiculo = sid(state, "veiculo_shield_v1")
    agente, deadpool = sid(state, "agente_shield_v2"), sid(state, "deadpool_v1")
    assert shields.shield(state, zones.in_scene(state, agente)) == 2  # Escudo 1, +1
    with pytest.raises(IllegalActionError):  # not its action yet
        act(state, 0, UseAction(agente, "Morteiro", str(deadpool)))
    state, _ = act(state, 0, Activate(veiculo))
    # Only a S.H.I.E.L.D. character with Ataque a Distância (not Bumerangue).
    assert state.choice is not None and set(state.choice.options) == {str(agente), "skip"}
    state, _ = act(state, 0, Choose(str(agente)))
    state, _ = act(state, 0, UseAction(agente, "Morteiro", str(deadpool)))
    assert _loaded(state, deadpool) == 4  # 3 − Escudo 1
    # Any number of them: a second one may enter under the same player (A.4c aside).
    second = build(
        Side(
            hand=["veiculo_shield_v1"],
            resources=FILL,
            scene=[Placed("veiculo_shield_v1", FILL[:3])],
        ),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    second, _ = act(second, 0, PlayCard(zone_id(second, 0, "hand", "veiculo_shield_v1")))
    assert len(second.scene) == 2


def test_resgate_enroscado_put_into_the_resources_by_hand_triggers_nothing() -> None:
    from engines.battlescenes import ENGINE
    from engines.battlescenes.actions import Manual
    from engines.core import RiggedDice

    state = build(
        Side(
            deck=["resgate_enroscado_v1", "excentricidade"],
            hand=["protecao"],
            resources=["bumerangue_v1"],
            scene=[Placed("homem_areia_v1", FILL[:3])],
        ),
        Side(),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    card = state.players[0].deck[0]
    out = ENGINE.referee_apply(state, 0, Manual("mill", count=1, reason="misdealt"), RiggedDice())
    assert card in out.state.players[0].resources
    # From the deck, but by hand (8.A): nothing waits for it — the next move's effects
    # hold no Resgate Enroscado (no choice of a card to bottom, no draw).
    state, _ = act(out.state, 0, Discard(zone_id(state, 0, "hand", "protecao")))
    assert state.choice is None and state.players[0].hand == ()
