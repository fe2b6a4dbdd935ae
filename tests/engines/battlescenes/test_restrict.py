"""Static texts about using actions (4.6.2): D prohibitions, E.1 cost changes (highest wins),
E.2 additional costs, F.2.1/F.2.3/F.2.4 targets, B several options at once."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import UseAction
from engines.battlescenes.content.loader import load_text
from engines.battlescenes.content.schema import ActionDef, ActionKind, ActionRule, Step, Text
from engines.battlescenes.rules import use
from engines.battlescenes.rules.state import State
from engines.battlescenes.table import zones
from engines.core import ContentError, IllegalActionError
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid, zone_id
from tests.engines.battlescenes.test_options import DOUBLE

FILL = ["excentricidade"] * 4

# "Compre um card." — an action without a target (F.1.3).
STUDY = ActionDef(
    name="Estudar",
    power="magia",
    kind=ActionKind.NORMAL,
    cost=0,
    text="…",
    steps=(Step(op="draw", amount=1, to="self"),),
)


def table(*rules: ActionRule, on: str = "heimdall_v1", action: ActionDef = DOUBLE) -> State:
    """Umar (Ana) faces Abutre and Heimdall (Bruno); ``on`` holds a text with ``rules``."""
    state = build(
        Side(hand=["protecao"], scene=[Placed("umar_v1", FILL, stage=2)]),
        Side(scene=[Placed("abutre_v1", FILL), Placed("heimdall_v1", FILL)]),
    )
    defs = dict(state.defs)
    defs["umar_v1"] = replace(defs["umar_v1"], actions=(action, STUDY))
    defs[on] = replace(defs[on], texts=(*defs[on].texts, Text(text="…", action_rules=rules)))
    return replace(state, defs=defs)


def refused(state: State, action: UseAction) -> str:
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, action)
    return str(err.value.key).rsplit(".", 1)[1]


def names(state: State) -> list[str]:
    return [a.name for _i, a in use.usable(state, 0)]


def test_d_a_prohibition_removes_the_action() -> None:
    # "Personagens de oponentes não podem usar ações de magia."
    state = table(ActionRule("forbid", if_power="magia"))
    umar, abutre = sid(state, "umar_v1"), sid(state, "abutre_v1")
    assert "Golpe Duplo" not in names(state)
    assert refused(state, UseAction(umar, "Golpe Duplo", str(abutre), mode="dano")) == "forbidden"


def test_d_damage_prohibition_follows_the_chosen_option() -> None:
    # "… não podem usar ações que causem dano": D looks at the option chosen (B).
    state = table(ActionRule("forbid", if_damage=True))
    umar, abutre = sid(state, "umar_v1"), sid(state, "abutre_v1")
    assert "Golpe Duplo" in names(state)  # its other option deals no damage
    assert refused(state, UseAction(umar, "Golpe Duplo", str(abutre), mode="dano")) == "forbidden"
    state, _ = act(state, 0, UseAction(umar, "Golpe Duplo", str(abutre), mode="incapacitar"))
    assert zones.in_scene(state, abutre).stage == 0


def test_e1_the_highest_changed_cost_wins() -> None:
    # Two effects change Golpe Duplo's cost 1: "custa 0" and "custa +1" → 0 and 2: pay 2.
    state = table(ActionRule("cost", value=0), ActionRule("cost", value=1, cost_op="add"))
    umar, abutre = sid(state, "umar_v1"), sid(state, "abutre_v1")
    state, _ = act(state, 0, UseAction(umar, "Golpe Duplo", str(abutre), mode="dano"))
    assert zones.in_scene(state, umar).stage == 0


def test_e1_a_lowered_cost_and_a_free_use() -> None:
    state = table(ActionRule("cost", value=0))
    umar, abutre = sid(state, "umar_v1"), sid(state, "abutre_v1")
    after, _ = act(state, 0, UseAction(umar, "Golpe Duplo", str(abutre), mode="dano"))
    assert zones.in_scene(after, umar).stage == 2
    state = table(ActionRule("free", whose="own"), on="umar_v1")
    after, _ = act(state, 0, UseAction(umar, "Golpe Duplo", str(abutre), mode="dano"))
    assert zones.in_scene(after, umar).stage == 2


def test_f21_a_card_must_be_targeted_when_it_can_be() -> None:
    # "Ações de oponentes que possam ter este personagem como alvo devem tê-lo como alvo."
    state = table(ActionRule("must_target"))
    umar, abutre, heimdall = (sid(state, k) for k in ("umar_v1", "abutre_v1", "heimdall_v1"))
    key = refused(state, UseAction(umar, "Golpe Duplo", str(abutre), mode="dano"))
    assert key == "must_target"
    act(state, 0, UseAction(umar, "Golpe Duplo", str(heimdall), mode="dano"))
    act(state, 0, UseAction(umar, "Estudar"))  # "Caso a ação não tenha alvos … normalmente"


def test_f22_prevails_over_f21() -> None:
    state = table(ActionRule("must_target"))
    heimdall = replace(
        state.defs["heimdall_v1"],
        texts=(*state.defs["heimdall_v1"].texts, Text(text="…", untargetable_first=True)),
    )
    state = replace(state, defs={**state.defs, "heimdall_v1": heimdall})
    umar, abutre = sid(state, "umar_v1"), sid(state, "abutre_v1")
    act(state, 0, UseAction(umar, "Golpe Duplo", str(abutre), mode="dano"))


def test_f23_no_action_without_that_target_not_even_untargeted_ones() -> None:
    state = table(ActionRule("only_targeting"))
    umar, abutre, heimdall = (sid(state, k) for k in ("umar_v1", "abutre_v1", "heimdall_v1"))
    assert "Estudar" not in names(state)
    assert refused(state, UseAction(umar, "Estudar")) == "only_targeting"
    key = refused(state, UseAction(umar, "Golpe Duplo", str(abutre), mode="dano"))
    assert key == "must_target"
    act(state, 0, UseAction(umar, "Golpe Duplo", str(heimdall), mode="dano"))


def test_f24_actions_without_targets_cannot_be_used() -> None:
    state = table(ActionRule("forbid_untargeted"))
    umar, abutre = sid(state, "umar_v1"), sid(state, "abutre_v1")
    assert "Estudar" not in names(state) and "Golpe Duplo" in names(state)
    assert refused(state, UseAction(umar, "Estudar")) == "untargeted"
    act(state, 0, UseAction(umar, "Golpe Duplo", str(abutre), mode="dano"))


def test_e2_additional_costs_are_paid_in_full() -> None:
    costly = replace(STUDY, discard_cost=1, unload_cost=1)
    state = table(action=costly)
    umar = sid(state, "umar_v1")
    assert refused(state, UseAction(umar, "Estudar")) == "pay_cost"
    card = zone_id(state, 0, "hand", "protecao")
    carried = zones.in_scene(state, umar).loaded[0]
    assert refused(state, UseAction(umar, "Estudar", pay=str(card))) == "pay_cost"
    state, _ = act(state, 0, UseAction(umar, "Estudar", pay=f"{card}, {carried}"))
    assert {card, carried} <= set(state.players[0].resources)
    assert len(zones.in_scene(state, umar).loaded) == 3


def test_b_several_options_of_one_action() -> None:
    both = replace(DOUBLE, max_modes=2)
    state = table(action=both)
    umar, abutre = sid(state, "umar_v1"), sid(state, "abutre_v1")
    state, _ = act(state, 0, UseAction(umar, "Golpe Duplo", str(abutre), mode="dano, incapacitar"))
    item = zones.in_scene(state, abutre)
    assert item.stage == 0 and len(item.loaded) == 2  # 2 damage and incapacitated 1


def test_b_one_option_unless_the_action_says_more() -> None:
    state = table()
    umar, abutre = sid(state, "umar_v1"), sid(state, "abutre_v1")
    key = refused(state, UseAction(umar, "Golpe Duplo", str(abutre), mode="dano, incapacitar"))
    assert key == "too_many_modes"


def test_action_rules_load_from_yaml_and_bad_values_name_the_field() -> None:
    text = """cards:
  - key: x
    type: scenario
    name: X
    source: test
    verified: false
    texts:
      - text: "Personagens não podem usar ações de antecipar."
        action_rules: [{effect: forbid, whose: any, if_kind: anticipate}]
"""
    card = load_text(text, "mine.yaml").cards["x"]
    assert card.texts[0].action_rules == (ActionRule("forbid", whose="any", if_kind="anticipate"),)
    with pytest.raises(ContentError) as err:
        load_text(text.replace("whose: any", "whose: nobody"), "mine.yaml")
    assert "whose" in str(err.value) and "mine.yaml:9" in str(err.value)
