"""Procedures whose effects last: until the end of the turn (5.7 A.2.1) — an action's effect
cancelled and "that action cannot be used until the end of the turn" (4.6.2 H; validated once, it
keeps working even if its card later loses its texts, 5.8 example 4), no searching, a power,
affiliation or action type gained or lost, a generated effect (5.7 B) — or while their source stays
(5.7 A.2.2): a chosen card marked, or its texts lost (5.8)."""

from __future__ import annotations

from typing import Any

from engines.battlescenes.content.schema import KNOWN_POWERS, ActionRule, Characteristic, Op, Step
from engines.battlescenes.effects import tree
from engines.battlescenes.effects.operands import ask, targets_of
from engines.battlescenes.rules.state import (
    Continuous,
    Generated,
    Pending,
    State,
    TurnRule,
    TurnTrait,
)
from engines.battlescenes.table import zones
from engines.core import Dice, Event
from engines.core.model import replace


def _root(state: State) -> Pending | None:
    """The action whose use triggered the effect: the root of the tree (level 0, 9.1.2)."""
    return next((p for p in state.tree if p.is_action and p.level == 0), None)


def _cancel_action(
    state: State, effect: Pending, step: Step, dice: Dice
) -> tuple[State, list[Event], bool]:
    """ "A ação não tem efeito": the action's effect (still pending at the root) never
    happens; the action stays used (4.6.2 H already happened)."""
    root = _root(state)
    if root is None or root.next_step > 0:
        return state, [], True
    state = replace(
        state, tree=tuple(replace(p, stopped=True) if p.uid == root.uid else p for p in state.tree)
    )
    event = Event("battlescenes.event.action_cancelled", {"action": root.label}, rule="4.6.2")
    return state, [event], True


def _forbid_action_this_turn(
    state: State, effect: Pending, step: Step, dice: Dice
) -> tuple[State, list[Event], bool]:
    """The opponents cannot use actions with the used action's name until the end of the
    turn (4.6.2 D): a continuous effect of defined duration, not tied to the text (5.8)."""
    root = _root(state)
    if root is None:
        return state, [], True
    rule = ActionRule(effect="forbid", whose="opponent", if_name=root.label)
    entry = TurnRule(rule=rule, source=effect.source, controller=effect.controller)
    state = replace(state, turn_rules=(*state.turn_rules, entry))
    event = Event("battlescenes.event.action_forbidden", {"action": root.label}, rule="5.7")
    return state, [event], True


def _forbid_search_this_turn(
    state: State, effect: Pending, step: Step, dice: Dice
) -> tuple[State, list[Event], bool]:
    """ "Os jogadores não podem procurar cards nos decks até o final do turno" (Planos
    Frustrados V1 leaving, 5.7 A.2.1): a prohibition that wins over permissions (8.B)."""
    event = Event("battlescenes.event.search_forbidden_turn", {}, rule="5.7")
    return replace(state, no_search_this_turn=True), [event], True


def _trait(
    state: State, effect: Pending, step: Step, dice: Dice
) -> tuple[State, list[Event], bool]:
    """The targets gain or lose a power, affiliation or action type until the end of the
    turn (5.7 A.2.1); a loss wins over any gain (8.B.1/B.2)."""
    kind, _sep, value = step.trait.partition(":")
    change = Characteristic("gain" if step.op == Op.GAIN_TRAIT else "lose", kind, value)
    events = []
    for target in targets_of(state, effect, step):
        state = replace(state, turn_traits=(*state.turn_traits, TurnTrait(target, change)))
        events.append(
            Event(
                f"battlescenes.event.trait_{change.change}",
                {"card": zones.title(state, target), "trait": _trait_words(kind, value)},
                rule="8.B.2",
            )
        )
    return state, events, True


def _trait_words(kind: str, value: str) -> Any:
    """A gained or lost characteristic as the reader says it: powers, alignments and
    action types through the catalog (a label), names and affiliations as printed."""
    if kind == "power" and value in KNOWN_POWERS:
        return {"key": f"battlescenes.power.{value}", "params": {}}
    if kind == "alignment" and value in ("heroi", "vilao"):
        return {"key": f"battlescenes.alignment.{value}", "params": {}}
    if kind == "action_kind":
        return {"key": f"battlescenes.lookup.kind.{value}", "params": {}}
    return value


def _choose_affiliation(
    state: State, effect: Pending, step: Step, dice: Dice
) -> tuple[State, list[Event], bool]:
    """ "Escolha uma afiliação" (União Inabalável V1): its controller names one of the
    affiliations of the match's cards; a later ``generate`` step of the effect keeps it."""
    if not effect.answers:
        options = sorted({a for d in state.defs.values() for a in d.affiliations})
        prompt = "battlescenes.choice.affiliation"
        return ask(state, effect, effect.controller, prompt, options, False), [], False
    chosen = effect.answers[0]
    state = tree.put(state, replace(effect, affiliation=chosen))
    params = {"player": state.players[effect.controller].name, "affiliation": chosen}
    return state, [Event("battlescenes.event.affiliation_chosen", params)], True


def _generate(
    state: State, effect: Pending, step: Step, dice: Dice
) -> tuple[State, list[Event], bool]:
    """5.7 B "[Efeito Gerado]": the text of this card named ``step.text`` works until the end
    of the turn (5.7 A.2.1: validated, it stays even if the card later loses its texts or
    leaves), about the action's target — Gamora V1's "toda vez que o alvo usar uma ação
    neste turno …", Colleen Wing V1's "+1 no alvo desta ação"."""
    if not any(t.generated == step.text for t in zones.defn(state, effect.source).texts):
        return state, [], True
    target = effect.targets[0] if effect.targets else -1
    made = Generated(
        effect.source,
        step.text,
        effect.controller,
        target,
        effect.this,
        effect.action_kind,
        effect.affiliation,
    )
    state = replace(state, turn_generated=(*state.turn_generated, made))
    params = {"card": zones.title(state, effect.source), "effect": step.text}
    return state, [Event("battlescenes.event.generated", params, rule="5.7")], True


def _mark(state: State, effect: Pending, step: Step, dice: Dice) -> tuple[State, list[Event], bool]:
    """Remember the card this text chose ("o personagem escolhido"), while it stays."""
    events = []
    for target in targets_of(state, effect, step):
        mark = Continuous(source=effect.source, target=target, kind="mark")
        state = replace(state, continuous=(*state.continuous, mark))
        events.append(
            Event(
                "battlescenes.event.marked",
                {"card": zones.title(state, target), "source": zones.title(state, effect.source)},
            )
        )
    return state, events, True


def _lose_texts(
    state: State, effect: Pending, step: Step, dice: Dice
) -> tuple[State, list[Event], bool]:
    """5.8: the chosen card has no permanent texts while the source stays in the scene."""
    events = []
    for target in targets_of(state, effect, step):
        lost = Continuous(source=effect.source, target=target, kind="lose_texts")
        state = replace(state, continuous=(*state.continuous, lost))
        events.append(
            Event(
                "battlescenes.event.texts_lost",
                {"card": zones.title(state, target), "source": zones.title(state, effect.source)},
                rule="5.8",
            )
        )
    return state, events, True


#: Procedure kind → its handler (see ``effects/interpreter.py``).
HANDLERS = {
    Op.CANCEL_ACTION: _cancel_action,
    Op.FORBID_ACTION_THIS_TURN: _forbid_action_this_turn,
    Op.FORBID_SEARCH_THIS_TURN: _forbid_search_this_turn,
    Op.GAIN_TRAIT: _trait,
    Op.LOSE_TRAIT: _trait,
    Op.CHOOSE_AFFILIATION: _choose_affiliation,
    Op.GENERATE: _generate,
    Op.MARK: _mark,
    Op.LOSE_TEXTS: _lose_texts,
}
