"""4.8.5 identifying damage sources: "that character deals 2 damage" (Instigar
Fúria) makes the action's target the source — its characteristics are what damage
modifiers look at — and, per the ATENÇÃO, such an action "não é uma ação que causa dano": the
"toda vez que uma ação causar dano" bonuses (Manchete do Clarim) do not apply."""

from __future__ import annotations

from engines.battlescenes.actions import Choose, UseAction
from engines.battlescenes.rules.state import Continuous, State
from engines.battlescenes.table import zones
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid

FILL = ["excentricidade"] * 4


def table(scenario: str | None = None) -> State:
    """Ana's Maximus V1 (psíquico) carries Instigar Fúria, beside Umar V1; Bruno: Abutre V1 (Sexteto
    Sinistro, shield 0) and Tritão V1 (shield 1; "o dano causado a este personagem por
    personagens sem a afiliação Inumanos é reduzido em 1")."""
    return build(
        Side(
            scene=[
                Placed("maximus_v1", ["instigar_furia", *FILL], stage=2),
                Placed("umar_v1", FILL, stage=2),
            ]
        ),
        Side(
            scene=[Placed("abutre_v1", FILL, stage=2), Placed("triton_v1", FILL)],
        ),
        scenario=scenario,
    )


def test_the_target_becomes_the_source_of_the_damage() -> None:
    state = table()
    maximus, abutre, triton = (sid(state, k) for k in ("maximus_v1", "abutre_v1", "triton_v1"))
    state, _ = act(state, 0, UseAction(maximus, "Instigar Fúria", str(abutre)))
    assert zones.in_scene(state, abutre).stage == 1  # procedure 1: incapacitated
    # Ana chooses another character of Abutre's controller: only Tritão.
    assert state.choice is not None and state.choice.options == (str(triton),)
    state, events = act(state, 0, Choose(str(triton)))
    damage = next(e for e in events if e.key == "battlescenes.event.damage")
    # Abutre (no Inumanos) is the source: Tritão's text reduces 2 to 1; the shield absorbs 1.
    assert damage.params["amount"] == 1 and damage.params["card"] == "Triton V1"
    assert len(zones.in_scene(state, triton).loaded) == 4


def test_such_damage_is_no_actions_damage() -> None:
    # Manchete do Clarim chose Tritão: "toda vez que uma AÇÃO causar dano ao personagem
    # escolhido, ela causa +2" — Instigar Fúria's damage is the character's, not the action's.
    state = table("manchete_do_clarim")
    maximus, abutre, triton = (sid(state, k) for k in ("maximus_v1", "abutre_v1", "triton_v1"))
    assert state.scenario is not None
    state = replace(state, continuous=(Continuous(state.scenario, triton, "mark"),))
    # Control: an action's damage to Tritão gets the +2 (Umar's 2 − 1 + 2 = 3).
    _, events = act(state, 0, UseAction(sid(state, "umar_v1"), "Chamas Sombrias", str(triton)))
    assert next(e for e in events if e.key == "battlescenes.event.damage").params["amount"] == 3
    state, _ = act(state, 0, UseAction(maximus, "Instigar Fúria", str(abutre)))
    state, events = act(state, 0, Choose(str(triton)))
    damage = next(e for e in events if e.key == "battlescenes.event.damage")
    assert damage.params["amount"] == 1  # 2 − 1 (Tritão), no +2
