"""What each action does: one handler per action type, looked up by the action's type.

:func:`play_action` wraps them with what every action shares: the active player's order
for simultaneous effects (4.14.2.b, 4.18.3.b), choices left without a player (chapter 9),
the order of new summons, and card text noted for a referee (1.5.1).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core import Action, Dice, Event, Outcome
from engines.core.dispatch import ActionTable
from engines.core.model import replace
from engines.krosmaster import actions as A
from engines.krosmaster.effects.summons import reorder_new_summons
from engines.krosmaster.errors import invalid
from engines.krosmaster.rules import (
    card_text,
    leaving,
    multiplayer,
    pending,
    play,
    rewards,
    teams,
    turns,
)
from engines.krosmaster.rules.adjust import adjust
from engines.krosmaster.rules.state import ManualNote, Phase, State

Result = tuple[State, list[Event]]
#: A handler: the state, the seat acting, its action (of the handler's type) and the dice.
Handler = Callable[[State, int, Any, Dice], Result]
#: The handler of each action type (``engines.core.dispatch``).
HANDLERS: ActionTable[Handler] = ActionTable()


def handled() -> frozenset[type[Action]]:
    """The action types that have a handler."""
    return HANDLERS.kinds()


def play_action(state: State, seat: int, action: Action, dice: Dice) -> Outcome[State]:
    """Apply ``action`` (already checked to be owed by ``seat``) by the rules."""
    text = getattr(action, "lock_order", "") or getattr(action, "ko_order", "")
    if text:  # 4.14.2.b / 4.18.3.b: the active player's order, for this action only
        state = replace(state, order=play.parse_order(state, text))
    new, events = HANDLERS.handler(action)(state, seat, action, dice)
    if new.owed:
        new = multiplayer.prune(new)
    if isinstance(action, A.Cast) and action.summon_order.strip():
        new = reorder_new_summons(state, new, action.summon_order)
    notes = tuple(
        ManualNote(seat, str(e.params["unit"]), str(e.params["text"]))
        for e in events
        if e.key == "krosmaster.event.manual_effect"
    )
    if new.phase is Phase.OVER:
        notes, new = (), replace(new, manual=(), suspended=None, owed=())
    return Outcome(replace(new, order=(), manual=(*new.manual, *notes)), tuple(events))


@HANDLERS.on(A.Prefer)
def _prefer(state: State, seat: int, action: A.Prefer, dice: Dice) -> Result:
    return turns.prefer(state, seat, action), []


@HANDLERS.on(A.Withdraw)
def _withdraw(state: State, seat: int, action: A.Withdraw, dice: Dice) -> Result:
    return leaving.withdraw(state, seat, dice)


@HANDLERS.on(A.Give)
def _give(state: State, seat: int, action: A.Give, dice: Dice) -> Result:
    return multiplayer.choose(state, seat, multiplayer.GIFT, action.player, dice)


@HANDLERS.on(A.Doubles)
def _doubles(state: State, seat: int, action: A.Doubles, dice: Dice) -> Result:
    return multiplayer.choose(state, seat, multiplayer.DOUBLES, action.player, dice)


@HANDLERS.on(A.Team)
def _team(state: State, seat: int, action: A.Team, dice: Dice) -> Result:
    return teams.submit(state, seat, action.figures, dice)


@HANDLERS.on(A.Side)
def _side(state: State, seat: int, action: A.Side, dice: Dice) -> Result:
    return play.choose_side(state, seat, action.squares)


@HANDLERS.on(A.Deploy)
def _deploy(state: State, seat: int, action: A.Deploy, dice: Dice) -> Result:
    return play.deploy(state, seat, action.figure, action.square, dice)


@HANDLERS.on(A.Tension)
def _tension(state: State, seat: int, action: A.Tension, dice: Dice) -> Result:
    return turns.roll_tension(state, dice)


@HANDLERS.on(A.Reroll)
def _reroll(state: State, seat: int, action: A.Reroll, dice: Dice) -> Result:
    return turns.reroll(state, dice)


@HANDLERS.on(A.Keep)
def _keep(state: State, seat: int, action: A.Keep, dice: Dice) -> Result:
    face1, face2 = action.face1, action.face2
    if not face2.strip() and len(face1.split()) == 2:  # the menu's "crit armour"
        face1, face2 = face1.split()
    return turns.keep_tension(state, face1, face2)


@HANDLERS.on(A.Inspire)
def _inspire(state: State, seat: int, action: A.Inspire, dice: Dice) -> Result:
    return turns.inspire(state, action.die, play.find_unit(state, seat, action.figure).id)


@HANDLERS.on(A.EndInspiration)
def _end_inspiration(state: State, seat: int, action: A.EndInspiration, dice: Dice) -> Result:
    return turns.end_inspiration(state, dice)


@HANDLERS.on(A.Resolve)
def _resolve(state: State, seat: int, action: A.Resolve, dice: Dice) -> Result:
    if not 1 <= action.effect <= len(state.pending):
        raise invalid("bad_effect", "No such pending effect.", effect=action.effect)
    state, events = pending.resolve(state, action.effect - 1, dice)
    return play.after_activation(state, events, dice)


@HANDLERS.on(A.Adjust)
def _adjust(state: State, seat: int, action: A.Adjust, dice: Dice) -> Result:
    target = play.any_unit(state, action.unit)
    state, events = adjust(state, seat, target, action.what, action.value, action.reason)
    if state.manual or state.phase not in (Phase.ACTIVATION, Phase.PENDING):
        return state, events  # a referee's fix outside an activation changes nothing else
    return play.after_activation(state, events, dice)


@HANDLERS.on(A.Applied)
def _applied(state: State, seat: int, action: A.Applied, dice: Dice) -> Result:
    return card_text.applied(state, seat, dice)


@HANDLERS.on(A.Assign)
def _assign(state: State, seat: int, action: A.Assign, dice: Dice) -> Result:
    return rewards.assign(state, play.find_unit(state, seat, action.figure))


@HANDLERS.on(A.BuyReward)
def _buy_reward(state: State, seat: int, action: A.BuyReward, dice: Dice) -> Result:
    return rewards.buy(state, play.active(state), action.pile, action.face)


@HANDLERS.on(A.Reveal)
def _reveal(state: State, seat: int, action: A.Reveal, dice: Dice) -> Result:
    state, events = rewards.reveal(state, play.active(state), action.reward)
    return play.after_activation(state, events, dice)


@HANDLERS.on(A.EndTurn)
def _end_turn(state: State, seat: int, action: A.EndTurn, dice: Dice) -> Result:
    return turns.end_component(state, dice)


@HANDLERS.on(A.Move)
def _move(state: State, seat: int, action: A.Move, dice: Dice) -> Result:
    state, events = play.do_move(state, action.to, action.path, dice)
    return play.after_activation(state, events, dice)


@HANDLERS.on(A.Cast)
def _cast(state: State, seat: int, action: A.Cast, dice: Dice) -> Result:
    state, events = play.do_cast(state, action.spell, action.target, action.facing, dice)
    return play.after_activation(state, events, dice)


@HANDLERS.on(A.CollectKama)
def _collect(state: State, seat: int, action: A.CollectKama, dice: Dice) -> Result:
    state, events = play.collect(state, action.count)
    return play.after_activation(state, events, dice)


@HANDLERS.on(A.BuyGG)
def _buy_gg(state: State, seat: int, action: A.BuyGG, dice: Dice) -> Result:
    state, events = play.buy(state, action.player)
    return play.after_activation(state, events, dice)
