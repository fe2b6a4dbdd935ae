"""Steps added for the Headless Horseman (issue 22, from public records): a token that
passes from whoever holds it to a named player, one more roll attempt in the owner's
Offensive Roll Phase, steps for a hero who is (or is not) the first player, and the
bookkeeping of a token whose spend options are each usable once per turn. The Samurai
(issue 22) added ``if_first`` and ``if_roll_attempts`` (roll attempts used this turn).

Each step is generic (no hero is named here): the hero YAML says which token moves and
which token buys the attempt. ``DECODERS`` joins the vocabulary's table (``steps.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from engines.core.model import replace
from engines.dicethrone.content import Script, StatusDef, Step
from engines.dicethrone.effects import piece_rolls
from engines.dicethrone.effects.context import put, remove_status, seat_name
from engines.dicethrone.effects.env import DTHandlers, DTRun
from engines.dicethrone.effects.riders import incoming_for
from engines.dicethrone.rules.state import Phase, State
from engines.dicethrone.rules.state import Step as TurnStep

HANDLERS: DTHandlers = DTHandlers()


@dataclass(frozen=True)
class Relocate:
    """A token of ``status`` goes to ``target`` from whoever holds it (the owner
    first); ``steps`` then resolve if it changed hands."""

    status: str
    target: str
    steps: Script


@dataclass(frozen=True)
class ExtraRollAttempt:
    """One more roll attempt in the owner's Offensive Roll Phase (while she is still
    rolling, before she announces an ability)."""


@dataclass(frozen=True)
class UnlessFirst:
    """The nested steps, unless the owner is the match's first player."""

    steps: Script


@dataclass(frozen=True)
class IfFirst:
    """The nested steps, when the owner is the match's first player (the Samurai's
    Bushido at set-up)."""

    steps: Script


@dataclass(frozen=True)
class IfRollAttempts:
    """The nested steps, when the owner is the active player and her latest Offensive
    Roll Phase this turn used fewer than ``fewer_than`` roll attempts (a skipped phase
    used none): the Samurai's Bushido at the end of his turn."""

    fewer_than: int
    steps: Script


@dataclass(frozen=True)
class OptionUsed:
    """Bookkeeping: a spend option of ``key`` ("status:index") was taken this turn."""

    key: str


#: Record ``op`` -> typed step, for the steps of this module.
DECODERS: Mapping[str, Callable[[Step], object]] = {
    "relocate": lambda s: Relocate(s.status or "", s.target, s.steps),
    "extra_roll_attempt": lambda s: ExtraRollAttempt(),
    "unless_first": lambda s: UnlessFirst(s.steps),
    "if_first": lambda s: IfFirst(s.steps),
    "if_roll_attempts": lambda s: IfRollAttempts(s.amount, s.steps),
    "option_used": lambda s: OptionUsed(s.topic),
}

#: Steps that change the owner's own Attack: an option holding one needs her Attack.
_MODIFIERS = frozenset({"add_damage", "undefendable"})


@HANDLERS.on(Relocate)
def relocate(run: DTRun, state: State, step: Relocate) -> State:
    """One token passes to the target from its holder: the owner if she holds one,
    else the next player holding one (in turn order); with nobody holding one (its
    holder left the match) the target gains it back into play. Nothing moves to a
    target already holding one (two heroes bringing the same piece keep their own)."""
    definition = run.env.content.status(step.status)
    owner = run.ctx.owner
    if not definition.removable_by(run.ctx.hero.id):
        return state  # only its own hero moves a protected token
    seat = run.env.target(state, step.target, run.ctx)
    if state.players[seat].statuses.get(step.status):
        return state  # already there: it does not move
    holders = [
        s for s in (owner, *state.order_from(owner)) if state.players[s].statuses.get(step.status)
    ]
    if holders:
        state = remove_status(state, holders[0], step.status, 1, run.env.content, run.env.events)
    statuses = {**state.players[seat].statuses, step.status: 1}
    state = put(state, seat, statuses=statuses)
    run.env.emit(
        "relocated",
        "Efeitos de Status",
        player=seat_name(state, seat),
        status=dict(definition.name),
    )
    if step.steps:
        run.push(step.steps)
    return state


@HANDLERS.on(ExtraRollAttempt)
def extra_roll_attempt(run: DTRun, state: State, step: ExtraRollAttempt) -> State:
    """The owner's current Offensive Roll Phase allows one more roll attempt."""
    if not may_roll_more(state, run.ctx.owner):
        return state
    roll = replace(state.roll, bonus_attempts=state.roll.bonus_attempts + 1)
    run.env.emit("roll_attempt_gained", "4.1", player=seat_name(state, run.ctx.owner))
    return replace(state, roll=roll)


@HANDLERS.on(UnlessFirst)
def unless_first(run: DTRun, state: State, step: UnlessFirst) -> State:
    """The steps for a hero other than the first player ("Preparação" 7)."""
    if run.ctx.owner != state.first:
        run.push(step.steps)
    return state


@HANDLERS.on(IfFirst)
def if_first(run: DTRun, state: State, step: IfFirst) -> State:
    """The steps for the match's first player ("Preparação" 7)."""
    if run.ctx.owner == state.first:
        run.push(step.steps)
    return state


@HANDLERS.on(IfRollAttempts)
def if_roll_attempts(run: DTRun, state: State, step: IfRollAttempts) -> State:
    """The steps when the owner's turn used fewer roll attempts than the step says.
    The turn's dice stay until the next turn begins, so at the end of her turn
    ``roll.attempts`` is what her Offensive Roll Phase used."""
    if run.ctx.owner == state.active and state.roll.attempts < step.fewer_than:
        run.push(step.steps)
    return state


@HANDLERS.on(OptionUsed)
def option_used(run: DTRun, state: State, step: OptionUsed) -> State:
    """Remembered until the turn ends."""
    return replace(state, turn_used=(*state.turn_used, step.key))


def may_roll_more(state: State, seat: int) -> bool:
    """Whether the seat is rolling her own Offensive Roll Phase, nothing announced."""
    return (
        seat == state.active
        and state.phase is Phase.OFFENSIVE
        and state.step is TurnStep.ROLLING
        and state.roll.announced is None
    )


def _walk(steps: Script) -> list[Step]:
    out: list[Step] = []
    for step in steps:
        out += [step, *_walk(step.steps), *_walk(step.otherwise)]
    return out


def _option_usable(state: State, seat: int, option: Step, key: str) -> bool:
    """Whether a spend option may be chosen now: not yet this turn, and able to act."""
    if key in state.turn_used:
        return False
    ops = {s.op for s in _walk(option.steps)}
    if "extra_roll_attempt" in ops and not may_roll_more(state, seat):
        return False
    if "prevent_incoming_status" in ops and not incoming_for(state, seat):
        return False  # nothing of the Attack's to prevent (the Treant's Dryad)
    attacking = any(inc.attack and inc.source == seat for inc in state.ledger)
    return attacking or not ops & _MODIFIERS


def spend_script(state: State, seat: int, definition: StatusDef) -> Script:
    """What spending one token does now: its ``spend``; for a token whose options are
    each usable once per turn, only the options usable now (each marked as used when
    taken), the "Or" dropped when one is left; empty when none is."""
    if definition.spend_once_per_turn:
        return _once_this_turn(state, seat, definition)
    if definition.usable_options_only:
        return _usable_now(state, seat, definition)
    if not definition.each_option_once_per_turn:
        return definition.spend
    choice = definition.spend[0]
    options = []
    for index, option in enumerate(choice.steps):
        # Per holder: two heroes with the same token each use it once a turn.
        key = f"{seat}:{definition.id}:{index}"
        if _option_usable(state, seat, option, key):
            marked = (Step(op="option_used", topic=key), *option.steps)
            options.append(replace(option, steps=marked))
    if len(options) == 1:
        return options[0].steps
    return (replace(choice, steps=tuple(options)),) if options else ()


def _once_this_turn(state: State, seat: int, definition: StatusDef) -> Script:
    """A token spent at most once per turn (Covert Ops): its whole ``spend``, marked as
    used when it resolves; empty once the holder spent one this turn."""
    key = f"{seat}:{definition.id}:spent"
    if key in state.turn_used:
        return ()
    return (Step(op="option_used", topic=key), *definition.spend)


def _usable_now(state: State, seat: int, definition: StatusDef) -> Script:
    """A token whose spend is an "Or" of uses: only the uses able to act now (a piece's
    Upkeep roll to change must be paused; an additional cost of the same tokens must be
    payable besides the one spent), the "Or" dropped when one is left (Feather)."""
    choice = definition.spend[0]
    held = state.players[seat].statuses.get(definition.id, 0) - definition.spend_count
    options = [
        option
        for option in choice.steps
        if all(_step_usable(state, seat, s, definition.id, held) for s in _walk(option.steps))
    ]
    if len(options) == 1:
        return options[0].steps
    return (replace(choice, steps=tuple(options)),) if options else ()


def _step_usable(state: State, seat: int, step: Step, status: str, held: int) -> bool:
    if step.op == "change_piece_roll":
        return piece_rolls.usable(state, seat, step)
    if step.op == "pay" and step.status == status and step.target != "opponent":
        return held >= step.amount
    return True
