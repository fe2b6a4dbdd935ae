"""Rulebook-quoted texts that used to be resolved by hand, now scripted: Cristalys V1 (5.2),
Adaga Psíquica's text (4.8.5: the card itself is the source) and action (9.1.1: two
procedures), Fantasma do Espaço V1's Sumiço Fantasma (5.7 A.1)."""

from __future__ import annotations

from engines.battlescenes.actions import Choose, UseAction
from engines.battlescenes.content.schema import ActionDef, ActionKind, Step
from engines.battlescenes.rules.state import State
from engines.battlescenes.table import zones
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid

FILL = ["protecao"] * 3


def cristalys_table() -> State:
    """Ana: Cristalys V1 and Tritão V1 (Inumanos), Abutre V1 (not); all at stage 2. Bruno:
    Maximus V1 carrying an Adaga Psíquica (Incapacite o personagem alvo em 1 …)."""
    return build(
        Side(
            scene=[
                Placed("cristalys_v1", FILL, stage=2),
                Placed("triton_v1", FILL, stage=2),
                Placed("abutre_v1", FILL, stage=2),
            ]
        ),
        Side(scene=[Placed("maximus_v1", ["adaga_psiquica", *FILL], stage=2)]),
        active=1,
    )


def test_cristalys_an_opponents_effect_incapacitates_an_inumano_who_may_get_up_again() -> None:
    state = cristalys_table()
    maximus, triton = sid(state, "maximus_v1"), sid(state, "triton_v1")
    state, _ = act(state, 1, UseAction(maximus, "Adaga Psíquica", str(triton)))
    # Tritão went 2 → 1; Cristalys's optional capacitation by 1 of that character asks Ana.
    assert zones.in_scene(state, triton).stage == 1
    assert state.choice is not None and state.choice.seat == 0
    assert state.choice.prompt == "battlescenes.choice.may"
    state, events = act(state, 0, Choose("yes"))
    assert zones.in_scene(state, triton).stage == 2
    assert "battlescenes.event.capacitate" in keys(events)
    assert state.choice is None and not state.tree


def test_cristalys_ignores_other_affiliations_and_her_controllers_own_effects() -> None:
    state = cristalys_table()
    maximus, abutre = sid(state, "maximus_v1"), sid(state, "abutre_v1")
    state, _ = act(state, 1, UseAction(maximus, "Adaga Psíquica", str(abutre)))
    assert zones.in_scene(state, abutre).stage == 1 and state.choice is None  # not Inumanos
    # Ana's own effect incapacitating her Tritão: not "controlado por um oponente".
    state = cristalys_table()
    own = ActionDef(
        name="Ordem",
        power="ataque_energetico",
        kind=ActionKind.NORMAL,
        cost=0,
        text="Incapacite o personagem alvo em 1.",
        targets=1,
        target_controller="self",
        steps=(Step(op="incapacitate", amount=1),),
    )
    defs = {**state.defs, "cristalys_v1": replace(state.defs["cristalys_v1"], actions=(own,))}
    state = replace(state, defs=defs, active=0)
    cristalys, triton = sid(state, "cristalys_v1"), sid(state, "triton_v1")
    state, _ = act(state, 0, UseAction(cristalys, "Ordem", str(triton)))
    assert zones.in_scene(state, triton).stage == 1 and state.choice is None


def test_adaga_psiquica_action_two_procedures() -> None:
    # 9.1.1: [1] the target is incapacitated by 1; [2] if it has taken damage this turn,
    # Adaga Psíquica deals it 2 penetrating damage.
    state = cristalys_table()
    maximus, abutre = sid(state, "maximus_v1"), sid(state, "abutre_v1")
    state, events = act(state, 1, UseAction(maximus, "Adaga Psíquica", str(abutre)))
    assert "battlescenes.event.damage" not in keys(events)  # not damaged this turn
    assert len(zones.in_scene(state, abutre).loaded) == 3
    state = cristalys_table()
    item = zones.in_scene(state, sid(state, "abutre_v1"))
    state = zones.set_in_scene(state, replace(item, damaged_this_turn=True))
    state, events = act(state, 1, UseAction(maximus, "Adaga Psíquica", str(item.card)))
    after = zones.in_scene(state, item.card)
    assert after.stage == 1 and len(after.loaded) == 1  # 2 penetrating: 2 unloaded
    damage = next(e for e in events if e.key == "battlescenes.event.damage")
    assert damage.params["penetrating"] == "yes"


RECHARGE = ActionDef(
    name="Recarga",
    power="telepatia",
    kind=ActionKind.NORMAL,
    cost=0,
    text="Load a card of the resources onto this character.",
    steps=(Step(op="load_from_resources", to="this"),),
)


def adaga_table(key: str) -> State:
    state = build(
        Side(resources=["adaga_psiquica"], scene=[Placed(key, FILL)]),
        Side(scene=[Placed("abutre_v1", ["excentricidade"] * 3)]),
    )
    return replace(state, defs={**state.defs, key: replace(state.defs[key], actions=(RECHARGE,))})


def test_adaga_psiquica_loaded_on_a_psychic_deals_1_from_the_card_itself() -> None:
    state = adaga_table("maximus_v1")
    maximus, abutre = sid(state, "maximus_v1"), sid(state, "abutre_v1")
    adaga = state.players[0].resources[0]
    state, _ = act(state, 0, UseAction(maximus, "Recarga"))
    state, _ = act(state, 0, Choose(f"{adaga}>{maximus}"))
    # Another character in the scene may be chosen: Maximus is not offered.
    assert state.choice is not None and state.choice.prompt == "battlescenes.choice.character"
    assert str(maximus) not in state.choice.options and str(abutre) in state.choice.options
    state, events = act(state, 0, Choose(str(abutre)))
    assert len(zones.in_scene(state, abutre).loaded) == 2  # Abutre: shield 0, 1 damage
    assert "battlescenes.event.damage" in keys(events) and not state.tree


def test_adaga_psiquica_on_a_character_without_the_power_does_nothing() -> None:
    state = adaga_table("umar_v1")
    state = replace(
        state,
        defs={
            **state.defs,
            "umar_v1": replace(state.defs["umar_v1"], actions=(replace(RECHARGE, power="magia"),)),
        },
    )
    umar = sid(state, "umar_v1")
    adaga = state.players[0].resources[0]
    state, _ = act(state, 0, UseAction(umar, "Recarga"))
    state, _ = act(state, 0, Choose(f"{adaga}>{umar}"))
    assert adaga in zones.in_scene(state, umar).loaded and state.choice is None


def test_sumico_fantasma_unloads_up_to_two_carried_cards_anywhere() -> None:
    state = build(
        Side(scene=[Placed("fantasma_do_espaco_v1", FILL), Placed("umar_v1", FILL)]),
        Side(scene=[Placed("abutre_v1", ["protecao"]), Placed("triton_v1", FILL)]),
    )
    fantasma, abutre, umar = (
        sid(state, k) for k in ("fantasma_do_espaco_v1", "abutre_v1", "umar_v1")
    )
    (abutre_card,) = zones.in_scene(state, abutre).loaded
    umar_card = zones.in_scene(state, umar).loaded[0]
    state, _ = act(state, 0, UseAction(fantasma, "Sumiço Fantasma"))
    assert state.choice is not None and "done" in state.choice.options
    assert str(abutre_card) in state.choice.options and str(umar_card) in state.choice.options
    state, _ = act(state, 0, Choose(str(abutre_card)))
    state, events = act(state, 0, Choose(str(umar_card)))  # two: no more picks
    assert abutre in state.players[1].prizes  # carried nothing: knocked out (4.7)
    assert len(zones.in_scene(state, umar).loaded) == 2
    assert keys(events).count("battlescenes.event.unloaded") == 2
    assert "battlescenes.event.damage" not in keys(events)  # 4.8.2.1: not damage


def test_sumico_fantasma_may_stop_after_one() -> None:
    state = build(
        Side(scene=[Placed("fantasma_do_espaco_v1", FILL)]),
        Side(scene=[Placed("triton_v1", FILL)]),
    )
    fantasma, triton = sid(state, "fantasma_do_espaco_v1"), sid(state, "triton_v1")
    state, _ = act(state, 0, UseAction(fantasma, "Sumiço Fantasma"))
    state, _ = act(state, 0, Choose(str(zones.in_scene(state, triton).loaded[0])))
    state, _ = act(state, 0, Choose("done"))
    assert len(zones.in_scene(state, triton).loaded) == 2 and state.choice is None
