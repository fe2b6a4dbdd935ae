"""What each action does: one handler per action type, looked up by the action's type
(``engines.core.dispatch``), each given the turn's rules context (``Flow``), the state,
the seat acting and its action. The engine (``engine.py``) runs them and keeps the
board's caption of what they said."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core import IllegalActionError
from engines.core.dispatch import ActionTable
from engines.core.effects import Continuations
from engines.core.model import replace
from engines.dicethrone import actions as a
from engines.dicethrone.effects.context import paused
from engines.dicethrone.rules import aiming, board_actions, first_roll, targeting, upkeep
from engines.dicethrone.rules.cards import after_action, play_card, spend
from engines.dicethrone.rules.decisions import out_of_turn
from engines.dicethrone.rules.manual import adjust
from engines.dicethrone.rules.priority import interrupts, queue, resolve_queued
from engines.dicethrone.rules.state import Resume, State
from engines.dicethrone.rules.turn import Flow

#: A handler: the turn's rules, the state, the seat acting and its action (of its type).
Handler = Callable[[Flow, State, int, Any], State]
#: The handler of each action type.
HANDLERS: ActionTable[Handler] = ActionTable()


def _after_card(env: tuple[Flow, int], state: State) -> State:
    flow, seat = env
    return after_action(state, flow, seat)


#: What the turn does once a paused script has ended, by its continuation.
AFTER_SCRIPT: Continuations[Resume, tuple[Flow, int], State, State] = Continuations(
    Resume,
    {
        Resume.ACTIVATE: lambda env, state: env[0].after_activation(state),
        Resume.EARLY: lambda env, state: targeting.start(env[0], state),
        Resume.DEFEND: lambda env, state: env[0].after_defense(state),
        Resume.UPKEEP: lambda env, state: env[0].after_upkeep(state),
        Resume.HELD_PIECE: lambda env, state: upkeep.run_upkeep(env[0], state),
        Resume.INCOME: lambda env, state: upkeep.after_income(env[0], state),
        Resume.INCOME_QUIET: lambda env, state: upkeep.after_income(env[0], state),
        Resume.SETUP: lambda env, state: first_roll.set_up(env[0], state, env[1] + 1),
        Resume.CARD: _after_card,
        # A trigger script never waits; were one paused, the seat goes on as after a card.
        Resume.NONE: _after_card,
    },
)


def resume(flow: Flow, state: State, index: int) -> State:
    """Go on with the innermost paused script, then with what came after it."""
    ch = state.choice
    assert ch is not None
    depth = replace(state, stack=state.stack[:-1])
    after = flow.interp.resume(state, index, flow.hero(state, ch.seat))
    if paused(depth, after):
        return after
    return AFTER_SCRIPT.after(ch.resume, (flow, ch.seat), after)


def _play(flow: Flow, state: State, seat: int, card: str, target: str) -> State:
    """Play a card with its target; a non-active player's Instant Action waits."""
    if interrupts(flow, state, seat, "play", card):
        return queue(flow, state, seat, "play", card, target)
    return play_card(flow, state, seat, card, target)


@HANDLERS.on(a.RollDice)
def _roll(flow: Flow, state: State, seat: int, action: a.RollDice) -> State:
    return flow.roll(state)


@HANDLERS.on(a.Keep)
def _keep(flow: Flow, state: State, seat: int, action: a.Keep) -> State:
    return flow.keep(state, action.dice)


@HANDLERS.on(a.Announce)
def _announce(flow: Flow, state: State, seat: int, action: a.Announce) -> State:
    return flow.announce(state, action.ability)


@HANDLERS.on(a.NoAbility)
def _no_ability(flow: Flow, state: State, seat: int, action: a.NoAbility) -> State:
    return flow.no_ability(state)


@HANDLERS.on(a.Defend)
def _defend(flow: Flow, state: State, seat: int, action: a.Defend) -> State:
    return flow.defend(state, seat, action.defense)


@HANDLERS.on(a.Pass)
def _pass(flow: Flow, state: State, seat: int, action: a.Pass) -> State:
    """Pass a window or a "Then" pause; the last pass closes it."""
    if state.queued is not None:
        return resolve_queued(flow, state)
    if state.choice is None or not state.choice.pause:
        return flow.pass_window(state, seat)
    state = replace(state, passed=(*state.passed, seat))
    if flow.window_seat(state) is not None:
        return state
    return resume(flow, state, 0)


@HANDLERS.on(a.PlayCard)
def _play_card(flow: Flow, state: State, seat: int, action: a.PlayCard) -> State:
    """Play a card; one needing a target it was not given is announced first and its
    player names the target, unless only one is legal."""
    card_id = action.card
    out_of_turn(flow, state, seat, "play", card_id)
    target: str | None = action.target
    card = flow.hero(state, seat).card(card_id)
    if not target and card is not None and aiming.needs_target(state, seat, card):
        state, target = aiming.start(flow, state, seat, card_id)
    return state if target is None else _play(flow, state, seat, card_id, target)


@HANDLERS.on(a.Aim)
def _aim(flow: Flow, state: State, seat: int, action: a.Aim) -> State:
    card_id = state.aiming.card if state.aiming else ""
    state, aimed = aiming.aim(flow, state, seat, action.target)
    return state if aimed is None else _play(flow, state, seat, card_id, aimed)


@HANDLERS.on(a.Sell)
def _sell(flow: Flow, state: State, seat: int, action: a.Sell) -> State:
    return flow.sell(state, seat, action.card)


@HANDLERS.on(a.Spend)
def _spend(flow: Flow, state: State, seat: int, action: a.Spend) -> State:
    out_of_turn(flow, state, seat, "spend", action.status)
    if interrupts(flow, state, seat, "spend", action.status):
        return queue(flow, state, seat, "spend", action.status)
    return spend(flow, state, seat, action.status)


@HANDLERS.on(a.UseBoardAction)
def _use(flow: Flow, state: State, seat: int, action: a.UseBoardAction) -> State:
    """Take an action of the hero board; a non-active player's waits like a token."""
    out_of_turn(flow, state, seat, "use", action.action)
    if interrupts(flow, state, seat, "use", action.action):
        return queue(flow, state, seat, "use", action.action)
    return board_actions.use(flow, state, seat, action.action)


@HANDLERS.on(a.Choose)
def _choose(flow: Flow, state: State, seat: int, action: a.Choose) -> State:
    """Resume a paused script with the chosen option, then what came after it."""
    if state.choice is None:
        raise IllegalActionError("No choice is waiting.", key="dicethrone.error.no_choice")
    count = len(state.choice.options)
    if not 1 <= action.option <= count:
        raise IllegalActionError(
            f"Choose an option from 1 to {count}.",
            key="dicethrone.error.bad_option",
            params={"count": count},
            rule="Ou",
        )
    return resume(flow, state, action.option - 1)


@HANDLERS.on(a.Adjust)
def _adjust(flow: Flow, state: State, seat: int, action: a.Adjust) -> State:
    return adjust(flow, state, seat, action)


@HANDLERS.on(a.Target)
def _target(flow: Flow, state: State, seat: int, action: a.Target) -> State:
    return targeting.choose(flow, state, seat, action.player)


@HANDLERS.on(a.Resolved)
def _resolved(flow: Flow, state: State, seat: int, action: a.Resolved) -> State:
    if state.choice is None:  # nothing applied by hand is open
        raise IllegalActionError("No choice is waiting.", key="dicethrone.error.no_choice")
    return resume(flow, state, 0)


@HANDLERS.on(a.EndPhase)
def _end_phase(flow: Flow, state: State, seat: int, action: a.EndPhase) -> State:
    return flow.end_phase(state)
