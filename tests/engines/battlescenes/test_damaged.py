"""5.2 "quando este personagem sofrer dano" (``trigger: damaged``) and 4.8.5's Surpresa
Dolorosa (until the end of the turn, each time a character damages this character, this
character deals 2 damage back to the one that caused it): a generated
effect (5.7 B) whose damage is the character's — not an action's (4.8.5 ATENÇÃO)."""

from __future__ import annotations

from engines.battlescenes.actions import UseAction
from engines.battlescenes.content.schema import Step, Text, Trigger
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid

FILL = ["excentricidade"] * 4


def surprise_table(scenario: str | None = None) -> State:
    """Bruno's turn, Anticipation step: Ana's Triton V1 carries Surpresa Dolorosa; Bruno's
    Abutre V1 (shield 0) and Umar V1."""
    return build(
        Side(scene=[Placed("triton_v1", ["surpresa_dolorosa", *FILL], stage=2)]),
        Side(scene=[Placed("abutre_v1", FILL, stage=2), Placed("umar_v1", FILL, stage=2)]),
        phase=Phase.ANTICIPATION,
        active=1,
        scenario=scenario,
    )


def test_surpresa_dolorosa_hits_back_whoever_damages_the_character() -> None:
    state = surprise_table()
    triton, abutre = sid(state, "triton_v1"), sid(state, "abutre_v1")
    state, events = act(state, 0, UseAction(triton, "Surpresa Dolorosa"))
    assert "battlescenes.event.generated" in keys(events) and state.phase is Phase.ATTACK
    # Abutre's Mergulho: 2 − 1 (Tritão's text) = 1, absorbed by Tritão's shield 1 — still
    # damage caused to Tritão; Tritão then deals 2 to Abutre (shield 0): two cards unloaded.
    state, events = act(state, 1, UseAction(abutre, "Mergulho", str(triton)))
    assert len(zones.in_scene(state, abutre).loaded) == 2
    damage = [e.params["card"] for e in events if e.key == "battlescenes.event.damage"]
    assert damage == ["Triton V1", "Abutre V1"]
    assert not state.tree and state.choice is None


def test_its_damage_is_not_an_actions_damage() -> None:
    # A Essência do Medo halves the damage of anticipate actions; Surpresa Dolorosa is one,
    # but the damage is Tritão's, not the action's: still 2 on Abutre.
    state = surprise_table("a_essencia_do_medo")
    triton, abutre = sid(state, "triton_v1"), sid(state, "abutre_v1")
    state, _ = act(state, 0, UseAction(triton, "Surpresa Dolorosa"))
    state, events = act(state, 1, UseAction(abutre, "Mergulho", str(triton)))
    hit = [e for e in events if e.key == "battlescenes.event.damage"][-1]
    assert hit.params["card"] == "Abutre V1" and hit.params["amount"] == 2


def test_without_the_generated_effect_nothing_hits_back() -> None:
    state = surprise_table()
    state = replace(state, phase=Phase.ATTACK)
    triton, abutre = sid(state, "triton_v1"), sid(state, "abutre_v1")
    state, _ = act(state, 1, UseAction(abutre, "Mergulho", str(triton)))
    assert len(zones.in_scene(state, abutre).loaded) == 4


def test_a_permanent_damaged_trigger_fires_even_when_the_shield_absorbs_it() -> None:
    # Stand-in: "Quando este personagem sofrer dano, compre um card."
    state = build(
        Side(scene=[Placed("abutre_v1", FILL, stage=2)]),
        Side(deck=["protecao"] * 3, scene=[Placed("umar_v1", FILL)]),
    )
    text = Text(text="…", trigger=Trigger.DAMAGED, steps=(Step(op="draw", amount=1, to="self"),))
    state = replace(
        state, defs={**state.defs, "umar_v1": replace(state.defs["umar_v1"], texts=(text,))}
    )
    abutre, umar = sid(state, "abutre_v1"), sid(state, "umar_v1")
    state, _ = act(state, 0, UseAction(abutre, "Mergulho", str(umar)))
    assert len(zones.in_scene(state, umar).loaded) == 4  # shield 2 absorbed the 2
    assert len(state.players[1].hand) == 1
