"""The interpreter of the effect language: runs pending effects procedure by procedure.

:func:`run` resolves the Effect Tree until it is empty, a player must choose
(which effect first, which card, whether to use a "você pode"), or the match
ends. Each procedure (9.1.1) may trigger effects; they go one level up and
pause the running effect after that procedure (9.1.2.1).

The Effect Tree's rules (which effect next, pausing, 5.8 interruptions, "você pode" and the
choices of a card before a procedure) are here; each procedure itself runs through the
kernel's :class:`~engines.core.effects.Interpreter`: its stored record is decoded into a
typed step (``steps.py``) and dispatched by type to its handler in ``procedures/``. A
handler waiting for a choice suspends; the tree keeps where (``Pending.next_step``) and
the procedure runs again with the answer.
"""

from __future__ import annotations

from engines.battlescenes.content.schema import Op, Step
from engines.battlescenes.effects import misplaced, other_zones, targeted_after, tree, triggers
from engines.battlescenes.effects.operands import (
    ASKS_ITSELF,
    CHOSEN,
    SKIP,
    ask,
    chosen_pool,
    distribute_pool,
    plus,
    points,
    shuffle,
    step_player,
    unmet,
)
from engines.battlescenes.effects.procedures import (
    card_bases,
    counted,
    damage,
    deck,
    durations,
    forbid_power,
    found,
    manual,
    prizes,
    replacement_choice,
    resources,
    scenarios,
    scene_moves,
    surprise,
)
from engines.battlescenes.effects.steps import Env, decode
from engines.battlescenes.rules.state import Pending, Phase, State
from engines.battlescenes.table import shields, zones
from engines.core import Dice, Event
from engines.core.effects import Handlers, Interpreter
from engines.core.model import replace


def run(state: State, dice: Dice) -> tuple[State, list[Event]]:
    """Resolve pending effects until the tree is empty or someone must decide."""
    state = triggers.arrivals(triggers.hand_empty(state))  # 5.2: what some texts wait for
    state = triggers.bottomed(state)
    state, events = misplaced.unload_misplaced(state, 1)  # cards loaded where they cannot stay
    while state.tree and state.choice is None and state.phase is not Phase.OVER:
        options = tree.candidates(state)
        if len(options) > 1:
            return tree.ask_order(state, options), events
        state, more = _resolve(replace(state, pick=0), options[0].uid, dice)
        events.extend(more)
        state = triggers.bottomed(triggers.arrivals(triggers.hand_empty(state)))
    if not state.tree:
        state = replace(state, after_level=None, pick=0)
    return state, events


def answer(state: State, value: str, dice: Dice) -> tuple[State, list[Event]]:
    """A player answered the open :class:`Choice`; resolution continues."""
    choice = state.choice
    assert choice is not None
    state = replace(state, choice=None)
    if choice.pending == 0:  # which effect resolves next
        return run(replace(state, pick=int(value)), dice)
    effect = tree.get(state, choice.pending)
    state = tree.put(state, replace(effect, answers=(*effect.answers, value)))
    return run(replace(state, pick=effect.uid), dice)


def _resolve(state: State, uid: int, dice: Dice) -> tuple[State, list[Event]]:
    effect = replace(tree.get(state, uid), paused=False)
    state = tree.put(state, effect)
    events: list[Event] = []
    if effect.next_step == 0 and not effect.answers:
        label = "?" if other_zones.concealed(effect) else effect.label  # 5.2.1: not revealed yet
        events.append(Event("battlescenes.event.resolving", {"effect": label}, rule="9.1.2"))
    for index in range(effect.next_step, len(effect.steps)):
        before = {p.uid for p in state.tree}
        effect = tree.get(state, uid)
        if effect.stopped:
            return tree.remove(state, uid), events
        if not effect.is_action and zones.source_lost(state, effect.source):
            # 5.8: a text that lost its effect while resolving (or still pending) is
            # interrupted at once; what it already did stays done.
            event = Event("battlescenes.event.interrupted", {"effect": effect.label}, rule="5.8")
            return tree.remove(state, uid), [*events, event]
        # Statics as they stand, then a new tick: when this procedure's effects start.
        state = shields.refresh_shields(state)
        state = replace(state, clock=state.clock + 1)
        state, more, done = _step(state, effect, effect.steps[index], dice)
        state, misplaced_events = misplaced.unload_misplaced(state, effect.level + 1)
        state = triggers.arrivals(state, effect.level + 1)  # 5.2.1: pending one level up
        state = triggers.bottomed(state, effect.level + 1)  # 5.2: a card under a deck
        state = shields.refresh_shields(state)
        events.extend([*more, *misplaced_events])
        if state.phase is Phase.OVER:
            return state, events
        if not done:  # waiting for a choice inside this procedure
            return tree.put(state, replace(tree.get(state, uid), next_step=index)), events
        effect = tree.get(state, uid)
        picked = effect.answers[0] if effect.answers else SKIP
        if effect.steps[index].to in CHOSEN and picked.isdigit():  # "aquele personagem" later
            effect = replace(effect, chosen=int(picked))
        effect = replace(effect, answers=())
        if {p.uid for p in state.tree} - before:  # triggered: pause after this procedure
            effect = replace(effect, next_step=index + 1, paused=True)
            return replace(tree.put(state, effect), after_level=None), events
        state = tree.put(state, replace(effect, next_step=index + 1))
    finished = tree.get(state, uid)
    state = tree.remove(state, uid)
    if finished.is_action and not finished.stopped:  # "após o efeito daquela ação" (5.2)
        state = triggers.action_resolved(state, finished)
        state = targeted_after.answer(state, finished)  # Fúria Descontrolada V1
    return state, events


def _step(state: State, effect: Pending, step: Step, dice: Dice) -> tuple[State, list[Event], bool]:
    """Execute one procedure; ``False`` when it is waiting for a choice (its handler
    suspended the kernel's run)."""
    if step.if_done and effect.declined:
        return state, [], True
    if step.if_not_done and not effect.declined:  # "a não ser que": it was done
        return state, [], True
    if not effect.answers and unmet(state, effect, step):
        return tree.put(state, replace(effect, declined=True)), [], True
    if step.to == "distributed" and effect.damage is None:
        # 4.8.4.2: one point at a time, among at most ``up_to`` different destinations
        total = step.amount + plus(state, effect, step)
        pool = [str(c) for c in distribute_pool(state, effect, step)]
        if len(points(state, effect, step)) < total and pool:
            prompt = "battlescenes.choice.distribute"
            return ask(state, effect, effect.controller, prompt, pool, False), [], False
    if step.to in CHOSEN and not effect.answers:
        pool = [str(c) for c in chosen_pool(state, effect, step)]
        if not pool:  # 8.C: as much as possible, here nothing — so not done ("se o fizer")
            return tree.put(state, replace(effect, declined=True)), [], True
        prompt = "battlescenes.choice.character"
        return ask(state, effect, effect.controller, prompt, pool, step.optional), [], False
    if step.to in CHOSEN and effect.answers[0] == SKIP:
        return tree.put(state, replace(effect, declined=True)), [], True
    if step.optional and not effect.answers and step.op not in ASKS_ITSELF:
        # "Você pode …": ask first (the default, on a deadline, is not to).
        return (
            ask(
                state,
                effect,
                step_player(state, effect, step),
                "battlescenes.choice.may",
                ["yes"],
                True,
            ),
            [],
            False,
        )
    if step.op == Op.REVEAL and effect.answers and effect.answers[-1] == SKIP:
        return tree.put(state, replace(effect, stopped=True)), [], True  # 5.2.1: kept hidden
    if step.op != Op.DAMAGE and effect.answers and effect.answers[-1] == SKIP:
        # "Você pode": declined. A declined search still shuffles the searched deck.
        state = tree.put(state, replace(effect, declined=True))
        deck_scenario = step.op == Op.SCENARIO_FROM_RESOURCES and step.in_zones == "deck"
        if step.op == Op.TAKE_FROM_DECK or deck_scenario:
            return shuffle(state, effect.controller, dice), [], True
        return state, [], True
    env = Env(dice, [])
    state, run = _INTERPRETER.run(state, (step,), effect, None, env)
    return state, env.events, not run.suspended


#: Every procedure's handler: each module of ``procedures/`` contributes its table.
HANDLERS = Handlers.combine(
    damage.HANDLERS,
    card_bases.HANDLERS,
    deck.HANDLERS,
    durations.HANDLERS,
    scene_moves.HANDLERS,
    surprise.HANDLERS,
    manual.HANDLERS,
    replacement_choice.HANDLERS,
    resources.HANDLERS,
    prizes.HANDLERS,
    scenarios.HANDLERS,
    counted.HANDLERS,
    other_zones.HANDLERS,
    forbid_power.HANDLERS,
    found.HANDLERS,
)
_INTERPRETER = Interpreter(HANDLERS, decode=decode)
