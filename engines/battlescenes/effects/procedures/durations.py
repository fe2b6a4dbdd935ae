"""Procedures that answer an action being used (4.6.2 H) and effects of defined duration
(5.7 A.2.1): a card put into the scene by its own effect (Homem-Formiga V1, from the hand,
5.2.1), the action's effect cancelled, and "that action cannot be used until the end of the
turn" — validated once, it keeps working even if its card later loses its texts (5.8
example 4)."""

from __future__ import annotations

from typing import Any

from engines.battlescenes.content.schema import (
    KNOWN_POWERS,
    ActionRule,
    Characteristic,
    Step,
    Trigger,
)
from engines.battlescenes.effects import tree
from engines.battlescenes.effects.operands import ask, plus, targets_of
from engines.battlescenes.effects.triggers import fire
from engines.battlescenes.rules import load_order
from engines.battlescenes.rules.state import (
    Generated,
    InScene,
    Pending,
    State,
    TurnRule,
    TurnTrait,
)
from engines.battlescenes.table import leaving, zones
from engines.core import Dice, Event
from engines.core.model import replace


def _root(state: State) -> Pending | None:
    """The action whose use triggered the effect: the root of the tree (level 0, 9.1.2)."""
    return next((p for p in state.tree if p.is_action and p.level == 0), None)


def _put_into_scene(
    state: State, effect: Pending, step: Step, dice: Dice
) -> tuple[State, list[Event], bool]:
    """The effect's own card enters the scene from the hand or the resources, under the
    effect's controller, loading its Energia Inicial in that player's loading order (as many as
    there are, 8.C — a card base carrying nothing would be knocked out, 4.7); its "enters"
    and loading texts become pending."""
    card, seat = effect.source, effect.controller
    player = state.players[seat]
    if card not in player.hand and card not in player.resources:
        return state, [], True  # 8.C: it is no longer there; nothing happens
    player = replace(
        player,
        hand=tuple(c for c in player.hand if c != card),
        resources=tuple(c for c in player.resources if c != card),
    )
    need = zones.defn(state, card).energy
    # 4.4.2.2 A.3: the player's standing loading order (newest first by default)
    chosen = tuple(load_order.ordered(state, seat, player.resources, card)[:need])
    player = replace(player, resources=tuple(c for c in player.resources if c not in chosen))
    state = zones.set_player(state, seat, player)
    item = InScene(card=card, controller=seat, entered_turn=state.turn, loaded=chosen)
    state = replace(state, scene=(*state.scene, item))
    state = fire(state, Trigger.ENTERS_SCENE, effect.level + 1, card=card)
    for loaded in chosen:
        state = fire(state, Trigger.LOADED_FROM_RESOURCES, effect.level + 1, card=loaded, base=card)
        state = fire(state, Trigger.LOADED_ONTO_THIS, effect.level + 1, card=loaded, base=card)
    event = Event(
        "battlescenes.event.put_into_scene",
        {"player": player.name, "card": zones.title(state, card)},
        rule="5.2.1",
    )
    return state, [event], True


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
    change = Characteristic("gain" if step.op == "gain_trait" else "lose", kind, value)
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


def _return_to_hand(
    state: State, effect: Pending, step: Step, dice: Dice
) -> tuple[State, list[Event], bool]:
    """4.7 ATENÇÃO (Bater em Retirada): the card base goes from the scene to its owner's
    hand, its cards unloaded — not a knock-out; Hela V1 may replace it (5.5)."""
    events: list[Event] = []
    for card in targets_of(state, effect, step):
        state, more = leaving.leave_to(state, card, "hand", effect.controller, effect.level + 1)
        events.extend(more)
    return state, events, True


def _to_resources(
    state: State, effect: Pending, step: Step, dice: Dice
) -> tuple[State, list[Event], bool]:
    """ "Coloque este cenário nos recursos de seu dono" (Atacar até Derrubar, 4.8.5): this
    card leaves the scene for its owner's resources — a scenario with its ``leaves_scene``
    effects pending one level up; a card base unloaded first, not knocked out (4.7
    ATENÇÃO). If it is no longer in the scene, it is not done ("Se o fizer" stops)."""
    # scene.py runs the interpreter, which dispatches to this module: imported here until
    # leaving_scenario moves to table/leaving.py.
    from engines.battlescenes import scene

    card = effect.this
    events: list[Event] = []
    if card != -1 and card == state.scenario:
        left = scene.leaving_scenario(state, effect.level + 1)
        state = zones.to_resources(replace(state, scenario=None), [card])
        if left:
            state = tree.add(state, left, effect.level + 1)
    elif zones.find(state, card) is not None:
        state, events = leaving.leave_to(
            state, card, "resources", effect.controller, effect.level + 1
        )
    else:
        return tree.put(state, replace(effect, declined=True)), [], True
    if not events:  # (Hela V1 may have sent a character to the prizes instead, 5.5)
        params = {"card": zones.title(state, card)}
        events = [Event("battlescenes.event.left_to_resources", params, rule="4.7")]
    return state, events, True


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


def _mill(state: State, effect: Pending, step: Step, dice: Dice) -> tuple[State, list[Event], bool]:
    """ "Coloque N cards do topo de seu próprio deck em seus recursos" (Gata Negra V2, with
    ``plus: countdown``: as many as the opponent's Countdown put, 6.2 A): as many as there
    are (8.C); nothing is drawn, so an empty deck loses nothing."""
    seat = effect.controller
    count = min(step.amount + plus(state, effect, step), len(state.players[seat].deck))
    state = zones.mill(state, seat, count)
    params = {"player": state.players[seat].name, "count": count}
    return state, [Event("battlescenes.event.milled", params, rule="5.2")], True


HANDLERS = {
    "mill": _mill,
    "return_to_hand": _return_to_hand,
    "to_resources": _to_resources,
    "choose_affiliation": _choose_affiliation,
    "generate": _generate,
    "gain_trait": _trait,
    "lose_trait": _trait,
    "forbid_search_this_turn": _forbid_search_this_turn,
    "put_into_scene": _put_into_scene,
    "cancel_action": _cancel_action,
    "forbid_action_this_turn": _forbid_action_this_turn,
}
