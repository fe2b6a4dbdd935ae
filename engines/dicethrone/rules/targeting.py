"""The targeting phase ("Fase de Rolagem de Alvo", 5) with more than one opponent.

After the ability is activated the Defender is determined: in 2 v 2 by the
targeting die (a window lets anyone change it with a card, unless the Attack
is an Ultimate Ability; on a 5 or 6 a player chooses), in King of the Hill by
the attacker's free choice, who draws a bonus card for attacking a Leader.
Then the ability's effects resolve against the Defender.
"""

from __future__ import annotations

from engines.core import IllegalActionError
from engines.core.model import replace
from engines.dicethrone.content import Script
from engines.dicethrone.effects.context import Ctx, draw_card, paused
from engines.dicethrone.rules import aim, modes
from engines.dicethrone.rules.combos import best_variant, usable_level
from engines.dicethrone.rules.flow import TurnFlow
from engines.dicethrone.rules.state import KING, TEAMS, Resume, State, Step
from engines.dicethrone.rules.statuses import readable


def begin(flow: TurnFlow, state: State, script: Script) -> State:
    """4.4 with several opponents: an ability aiming at nobody needs no targeting
    phase; otherwise the effects needing no target resolve first (4.4), then 5."""
    if not aim.aims_anyone(script):
        flow.emit("no_target", "5", player=flow.name(state, state.active))
        return flow.run_ability(state)
    first, _ = aim.split(script)
    state = replace(state, roll=replace(state.roll, early_done=True))
    if not first:
        return start(flow, state)
    hero = flow.hero(state, state.active)
    dice = readable(flow.content, state, state.active, state.roll.dice)
    ctx = Ctx(state.active, hero, dice, True, state.roll.ultimate, resume=Resume.EARLY)
    after = flow.interp.run(state, first, ctx)
    return after if paused(state, after) else start(flow, after)


def start(flow: TurnFlow, state: State) -> State:
    """Roll the 2 v 2 targeting die, or let the King of the Hill attacker choose."""
    if state.mode != TEAMS:
        roll = replace(state.roll, target_chooser=state.active)
        return replace(state, step=Step.TARGET, roll=roll)
    value = flow.dice.roll(6, "targeting die")
    flow.emit("target_die", "5", player=flow.name(state, state.active), value=value)
    state = replace(state, roll=replace(state.roll, target_die=value))
    if state.roll.ultimate:
        return resolve_die(flow, state)  # an Ultimate's target die is never changed
    # "Este dado pode ser manipulado com cartas": a window before it counts.
    return replace(state, step=Step.TARGET_ROLLED, passed=(), priority=None)


def resolve_die(flow: TurnFlow, state: State) -> State:
    """The targeting die's final face names the Defender or who chooses."""
    value = state.roll.target_die
    target = modes.target_by_die(state, value)
    if target is None:
        roll = replace(state.roll, target_chooser=modes.chooser(state, value))
        return replace(state, step=Step.TARGET, roll=roll)
    return set_target(flow, state, target)


def choose(flow: TurnFlow, state: State, seat: int, player: int) -> State:
    """The chooser names the Defender (seat numbers from 1)."""
    if state.step is not Step.TARGET or seat not in choosers(state):
        raise IllegalActionError(
            "You do not choose the target now.", key="dicethrone.error.target_when", rule="5"
        )
    target = player - 1
    if target not in state.opponents(state.active):
        raise IllegalActionError(
            f"Player {player} is not an opponent you may target.",
            key="dicethrone.error.bad_target",
            params={"seat": player},
            rule="5",
        )
    return set_target(flow, state, target)


def choosers(state: State) -> tuple[int, ...]:
    """Who may name the Defender now: on a 5 "your opponents choose", so either
    living opponent may answer for the team (the one on the left is awaited)."""
    chooser = state.roll.target_chooser
    if chooser is None:
        return ()
    if state.mode == TEAMS and state.roll.target_die == 5:
        return (chooser, *(s for s in state.opponents(state.active) if s != chooser))
    return (chooser,)


def set_target(flow: TurnFlow, state: State, target: int) -> State:
    """The Defender is known: the King of the Hill bonus card, then the effects."""
    state = modes.with_target(state, target)
    active = state.active
    flow.emit("targeted", "5", player=flow.name(state, active), target=flow.name(state, target))
    if state.mode == KING and target in modes.leaders(state) and _attacks(flow, state):
        # "O Rei da Montanha": attacking a Leader draws 1 card, before any other effect.
        flow.emit("leader_bonus", "O Rei da Montanha", player=flow.name(state, active))
        state = draw_card(state, active, flow.dice, flow.events, flow.content)
    return flow.run_ability(state)


def _attacks(flow: TurnFlow, state: State) -> bool:
    """Whether the activated ability is an Attack (the Leader bonus needs one)."""
    hero = flow.hero(state, state.active)
    ability = hero.ability(state.roll.announced or "")
    assert ability is not None
    level = usable_level(ability, flow._level(state, state.active, ability.id))
    dice = readable(flow.content, state, state.active, state.roll.dice)
    variant = best_variant(hero, ability, level, dice)
    return variant is not None and modes.is_attack(variant.effect)
