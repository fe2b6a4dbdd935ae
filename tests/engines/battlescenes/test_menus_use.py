"""Using an action from the menus (4.6.2), one field at a time (use_menus.py): the character
(public), then its action, option (B), targets (F), X (E.1) and the cards paying additional
costs (E.2, private: the hand), each a follow-up menu of a draft kept in the state; with the
last one the action is used as ``/battlescenes use`` would. Any other action drops the draft."""

from __future__ import annotations

import pytest

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import Pass, UseAction
from engines.battlescenes.content.schema import ActionDef, ActionKind, Mode, Step
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from engines.core import IllegalActionError, Selection
from engines.core.i18n import LOCALES
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid
from tests.engines.battlescenes.test_menus import menu

CATALOG = ENGINE.catalog()
FILL = ["protecao"] * 5  # an ability without an action (Excentricidade would grant one)

DOUBLE = ActionDef(
    name="Golpe Duplo",
    power="magia",
    kind=ActionKind.NORMAL,
    cost=1,
    text="…",
    modes=(
        Mode("dano", (Step(op="damage", amount=2),), targets=1),
        Mode("comprar", (Step(op="draw", amount=1, to="self"),), targets=0),
    ),
)


def table(*actions: ActionDef, hand: tuple[str, ...] = ()) -> State:
    state = build(
        Side(scene=[Placed("umar_v1", FILL)], hand=list(hand)),
        Side(scene=[Placed("abutre_v1", FILL[:4]), Placed("heimdall_v1", FILL)]),
        phase=Phase.ATTACK,
    )
    if actions:
        umar = replace(state.defs["umar_v1"], actions=actions)
        state = replace(state, defs={**state.defs, "umar_v1": umar})
    return state


def step(state: State, selection: Selection, *values: str | int) -> State:
    """Submit one menu's answer as the bot would (parsed from JSON, applied)."""
    offered = {o.value for o in selection.options}
    assert set(values) <= offered, (values, offered)
    state, _ = act(state, 0, ENGINE.parse_action(selection.action(list(values))))
    return state


def next_use(state: State) -> Selection:
    """The draft's follow-up menu: the first ``use`` menu that is not the first step."""
    found = [
        s
        for s in ENGINE.pending(state)[0].selections
        if s.kind == "use" and s.field_name != "character"
    ]
    assert found, ENGINE.pending(state)[0].selections
    for locale in LOCALES:  # every label and placeholder reads well in every language
        for label in (found[0].placeholder, *(o.label for o in found[0].options)):
            text = CATALOG.translate(label.key, locale, **label.params)
            assert CATALOG.has(label.key, locale) and "{" not in text, (label, locale)
    return found[0]


def test_character_then_action_then_targets_uses_the_action() -> None:
    state = table()
    umar, abutre = sid(state, "umar_v1"), sid(state, "abutre_v1")
    first = menu(state, "use")
    assert first.public and [o.value for o in first.options] == [umar]
    state = step(state, first, umar)
    assert state.using == umar and state.last_action == ""  # nothing happened yet
    prompt = ENGINE.pending(state)[0].prompt
    assert prompt.key == "battlescenes.prompt.using"
    actions = next_use(state)
    assert actions.field_name == "action" and actions.public
    assert [o.value for o in actions.options] == ["Chamas Sombrias"]
    state = step(state, actions, "Chamas Sombrias")
    targets = next_use(state)
    assert targets.field_name == "targets" and targets.min_values == targets.max_values == 1
    # "no alvo" (F.1.2): any character or support, the user's own ones first.
    assert [o.value for o in targets.options] == [umar, abutre, sid(state, "heimdall_v1")]
    assert not zones.in_scene(state, abutre).damaged_this_turn
    state = step(state, targets, abutre)
    assert state.using == -1 and state.last_action == "use"
    assert zones.in_scene(state, abutre).damaged_this_turn  # Chamas Sombrias hit it
    assert zones.in_scene(state, umar).stage == 0  # its cost (4.6.2 E)


def test_an_option_without_targets_is_used_at_once() -> None:
    state = table(DOUBLE)
    umar = sid(state, "umar_v1")
    state = step(state, menu(state, "use"), umar)
    state = step(state, next_use(state), "Golpe Duplo")
    modes = next_use(state)
    assert modes.field_name == "mode" and [o.value for o in modes.options] == ["dano", "comprar"]
    hand = len(state.players[0].hand)
    state = step(state, modes, "comprar")
    assert state.using == -1 and len(state.players[0].hand) == hand + 1


def test_an_option_with_a_target_asks_for_it() -> None:
    state = table(DOUBLE)
    umar, abutre = sid(state, "umar_v1"), sid(state, "abutre_v1")
    state = step(state, menu(state, "use"), umar)
    state = step(state, next_use(state), "Golpe Duplo")
    state = step(state, next_use(state), "dano")
    targets = next_use(state)
    assert targets.field_name == "targets" and targets.params["mode"] == "dano"
    state = step(state, targets, abutre)
    assert state.using == -1 and zones.in_scene(state, abutre).damaged_this_turn


def test_x_and_an_additional_cost_are_asked_last_and_the_cost_menu_is_private() -> None:
    study = ActionDef(
        name="Estudar",
        power="magia",
        kind=ActionKind.NORMAL,
        cost=-1,  # X (E.1)
        text="…",
        discard_cost=1,
        steps=(Step(op="draw", amount=1, to="self"),),
    )
    state = table(study, hand=("protecao",))
    umar = sid(state, "umar_v1")
    state = step(state, menu(state, "use"), umar)
    state = step(state, next_use(state), "Estudar")
    x = next_use(state)
    assert x.field_name == "x" and [o.value for o in x.options] == [0, 1, 2]
    state = step(state, x, 1)
    pay = next_use(state)
    assert pay.field_name == "pay" and not pay.public and pay.params["x"] == 1
    card = state.players[0].hand[0]
    state = step(state, pay, card)
    assert state.using == -1 and card in state.players[0].resources
    assert zones.in_scene(state, umar).stage == 0  # X = 1 incapacitated it by 1


def test_another_action_drops_the_draft() -> None:
    state = table()
    state = step(state, menu(state, "use"), sid(state, "umar_v1"))
    assert state.using != -1
    state, events = act(state, 0, Pass())
    assert state.using == -1 and "battlescenes.event.use_character" not in keys(events)


def test_the_first_step_refuses_a_character_without_a_usable_action() -> None:
    state = table()
    with pytest.raises(IllegalActionError) as refused:
        act(state, 0, UseAction(sid(state, "abutre_v1"), "", step="character"))
    assert refused.value.key == "battlescenes.error.use_menu"


def test_distributing_actions_are_left_to_the_command() -> None:
    spread = ActionDef(
        name="Rajada",
        power="magia",
        kind=ActionKind.NORMAL,
        cost=1,
        text="…",
        targets=2,
        distribute=True,
        steps=(Step(op="damage", amount=1),),
    )
    state = table(spread)
    # Umar's only action distributes damage (a target may repeat): no menu offers it (an
    # empty menu is not shown).
    assert [s for s in ENGINE.pending(state)[0].selections if s.kind == "use"] == []


def test_the_opponent_uses_an_anticipate_action_from_the_menus() -> None:
    state = build(
        Side(scene=[Placed("umar_v1", FILL)]),
        Side(scene=[Placed("medusa_v2", FILL)]),
        phase=Phase.ANTICIPATION,
    )
    medusa, umar = sid(state, "medusa_v2"), sid(state, "umar_v1")
    decision = ENGINE.pending(state)[0]
    assert decision.seat == 1
    first = next(s for s in decision.selections if s.kind == "use")
    state, _ = act(state, 1, ENGINE.parse_action(first.action([medusa])))
    actions = next(s for s in ENGINE.pending(state)[0].selections if s.field_name == "action")
    assert [o.value for o in actions.options] == ["Chicote Capilar"]
    state, _ = act(state, 1, ENGINE.parse_action(actions.action(["Chicote Capilar"])))
    targets = next(s for s in ENGINE.pending(state)[0].selections if s.field_name == "targets")
    state, events = act(state, 1, ENGINE.parse_action(targets.action([umar])))
    assert state.using == -1 and state.last_cards == (medusa, umar)
    assert "battlescenes.event.action_used" in keys(events)
