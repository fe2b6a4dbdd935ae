"""4.6.2 F.1: what an action's target may be follows its wording. "alvo" alone is a
character OR a support, anyone's (F.1.2 and the glossary's "Alvo"); "personagem alvo"
and "suporte alvo" narrow it to that type (F.1.1). The pack format says it with
``target_type``; an action that leaves it out means plain "alvo"."""

from __future__ import annotations

import pytest

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import UseAction
from engines.battlescenes.content.loader import load_text
from engines.battlescenes.content.schema import ActionDef
from engines.battlescenes.rules.state import State
from engines.battlescenes.table import zones
from engines.core import IllegalActionError
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid

FILL = ["excentricidade"] * 4

#: One ability card per wording; the action's words and what the pack writes.
WORDINGS = {
    "alvo": "",  # nothing written: plain "alvo"
    "personagem alvo": "target_type: character, ",
    "suporte alvo": "target_type: support, ",
}


def _action(wording: str) -> ActionDef:
    text = f"""cards:
  - key: golpe
    type: ability
    name: Golpe
    source: test
    verified: false
    actions:
      - {{name: Golpe, power: magia, kind: normal, cost: 0, targets: 1, {WORDINGS[wording]}
         text: "Golpe causa 1 ponto de dano no {wording}.", steps: [{{op: damage, amount: 1}}]}}
"""
    return load_text(text).cards["golpe"].actions[0]


def _table(action: ActionDef) -> State:
    state = build(
        Side(scene=[Placed("umar_v1", FILL), Placed("veiculo_shield_v3", ["excentricidade"] * 2)]),
        Side(scene=[Placed("abutre_v1", FILL), Placed("gerador_pem", ["excentricidade"] * 2)]),
    )
    umar = replace(state.defs["umar_v1"], actions=(action,), powers=("magia",))
    return replace(state, defs={**state.defs, "umar_v1": umar})


def _offered(state: State) -> set[str]:
    typed = {"character": sid(state, "umar_v1"), "action": "Golpe"}
    found = ENGINE.autocomplete(state, 0, "use", "targets", "", typed)
    return {zones.defn(state, int(str(c.value))).key for c in found}


@pytest.mark.parametrize(
    ("wording", "kinds", "expected"),
    [
        ("alvo", "any", {"umar_v1", "veiculo_shield_v3", "abutre_v1", "gerador_pem"}),
        ("personagem alvo", "character", {"umar_v1", "abutre_v1"}),
        ("suporte alvo", "support", {"veiculo_shield_v3", "gerador_pem"}),
    ],
)
def test_the_wording_decides_which_cards_are_targets(
    wording: str, kinds: str, expected: set[str]
) -> None:
    action = _action(wording)
    assert (action.target_type, action.target_controller) == (kinds, "any")
    state = _table(action)
    assert _offered(state) == expected
    umar = sid(state, "umar_v1")
    for key in ("gerador_pem", "abutre_v1"):  # the opponent's support, then character
        use = UseAction(umar, "Golpe", str(sid(state, key)))
        if key in expected:
            after, _events = act(state, 0, use)
            assert zones.in_scene(after, sid(state, key)).damaged_this_turn
        else:  # refused, and nothing changes
            with pytest.raises(IllegalActionError) as err:
                act(state, 0, use)
            assert err.value.rule == "4.6.2"


def test_plain_alvo_may_be_a_support_of_the_opponent() -> None:
    """The bug this fixes: "no alvo" could never name a support (the loader made every
    target a character)."""
    state = _table(_action("alvo"))
    pem = sid(state, "gerador_pem")
    after, _events = act(state, 0, UseAction(sid(state, "umar_v1"), "Golpe", str(pem)))
    assert zones.in_scene(after, pem).damaged_this_turn
