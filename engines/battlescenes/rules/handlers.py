"""What each action does: one handler per action type, looked up by the action's type
(``engines.core.dispatch``). The engine (``engine.py``) runs them between what every
action shares: the shields refreshed before it, the turn carried on after it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.battlescenes import actions as act
from engines.battlescenes import use_menus
from engines.battlescenes.effects import interpreter
from engines.battlescenes.rules import activated, keywords, play, setup, turn, use
from engines.battlescenes.rules.state import State
from engines.battlescenes.view import options_message
from engines.core import Dice, Event, IllegalActionError
from engines.core.dispatch import ActionTable

Result = tuple[State, list[Event]]
#: A handler: the state, the seat acting, its action (of the handler's type) and the dice.
Handler = Callable[[State, int, Any, Dice], Result]
#: The handler of each action type the engine dispatches (``Manual`` and ``LoadOrder``
#: are the engine's own: they change no step of the game).
HANDLERS: ActionTable[Handler] = ActionTable()


def resolved(state: State, events: list[Event], dice: Dice) -> Result:
    """The move's events, then its triggered effects resolved at once (5.2)."""
    state, more = interpreter.run(state, dice)
    return state, events + more


@HANDLERS.on(act.Choose)
def _choose(state: State, seat: int, action: act.Choose, dice: Dice) -> Result:
    if state.choice is None:
        raise IllegalActionError("No choice is waiting.", key="battlescenes.error.no_choice")
    if action.option not in state.choice.options:
        raise IllegalActionError(
            "That is not one of the options.",
            key="battlescenes.error.bad_option",
            params={"options": options_message(state, seat)},
            rule="9.1.2",
        )
    return interpreter.answer(state, action.option, dice)


@HANDLERS.on(act.ChooseFirst)
def _choose_first(state: State, seat: int, action: act.ChooseFirst, dice: Dice) -> Result:
    return setup.choose_first(state, action.starter)


@HANDLERS.on(act.Mulligan)
def _mulligan(state: State, seat: int, action: act.Mulligan, dice: Dice) -> Result:
    if action.mode == "keep":  # the menu's answer "keep the hand"
        return setup.keep(state, seat)
    return setup.mulligan(state, seat, action.mode, dice)


@HANDLERS.on(act.KeepHand)
def _keep_hand(state: State, seat: int, action: act.KeepHand, dice: Dice) -> Result:
    return setup.keep(state, seat)


@HANDLERS.on(act.InitialResources)
def _initial_resources(state: State, seat: int, action: act.InitialResources, dice: Dice) -> Result:
    return setup.initial_resources(state, seat, act.card_list(action.cards))


@HANDLERS.on(act.Capacitate)
def _capacitate(state: State, seat: int, action: act.Capacitate, dice: Dice) -> Result:
    new, events = turn.capacitate(state, seat, action.character, action.discard)
    return resolved(new, events, dice)  # 5.2: what the discard triggered


@HANDLERS.on(act.Discard)
def _discard(state: State, seat: int, action: act.Discard, dice: Dice) -> Result:
    new, events = turn.discard(state, seat, action.card)
    return resolved(new, events, dice)


@HANDLERS.on(act.PlayCard)
def _play(state: State, seat: int, action: act.PlayCard, dice: Dice) -> Result:
    load = act.card_list(action.load)
    return play.play(
        state,
        seat,
        action.card,
        load,
        action.evolve,
        dice,
        materialize=action.materialize,
        count=action.count,
        via=action.via,
    )


@HANDLERS.on(act.Yield)
def _yield(state: State, seat: int, action: act.Yield, dice: Dice) -> Result:
    return turn.yield_character(state, seat, action.character, dice)


@HANDLERS.on(act.UseAction)
def _use(state: State, seat: int, action: act.UseAction, dice: Dice) -> Result:
    if action.step:  # one field of a use chosen from the menus (4.6.2)
        return use_menus.step(state, seat, action, dice)
    return use.use(
        state,
        seat,
        action.character,
        action.action,
        act.card_list(action.targets),
        action.x,
        dice,
        act.card_list(action.unload),
        action.mode,
        act.card_list(action.pay),
    )


@HANDLERS.on(act.Keyword)
def _keyword(state: State, seat: int, action: act.Keyword, dice: Dice) -> Result:
    return keywords.activate(
        state, seat, action.keyword, action.card, action.character, action.unload, dice
    )


@HANDLERS.on(act.Activate)
def _activate(state: State, seat: int, action: act.Activate, dice: Dice) -> Result:
    return activated.activate(state, seat, action.card, action.text, dice)


@HANDLERS.on(act.Adjust)
def _adjust(state: State, seat: int, action: act.Adjust, dice: Dice) -> Result:
    new, events = turn.adjust(state, seat, act.card_list(action.cards))
    # 6.2 D ATENÇÃO: its triggered effects resolve; then turn.proceed (rules_apply)
    # asks for the Adjustment again while something is owed (it repeats).
    return resolved(new, events, dice)


@HANDLERS.on(act.Pass)
def _pass(state: State, seat: int, action: act.Pass, dice: Dice) -> Result:
    return turn.pass_step(state, dice)
