"""Steps added for Spider-Man (issue 22, from public records): an additional Offensive
Roll Phase, a Defensive Ability against an undefendable Attack, an incoming Attack
turned undefendable by a token, a token paid for an optional effect, a Defensive
Ability's condition read on its own dice, and a card changing which symbol that
condition reads.

Each step is generic (no hero is named here): the hero YAML says which token, defence
or card uses it. ``DECODERS`` is merged into the vocabulary's table (``steps.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from engines.core.model import replace
from engines.dicethrone.content import DamageKind, Script, StatusDef, Step
from engines.dicethrone.effects import holding
from engines.dicethrone.effects.context import may_wait, remove_status, seat_name
from engines.dicethrone.effects.env import DTHandlers, DTRun
from engines.dicethrone.rules.combos import symbol_counts
from engines.dicethrone.rules.state import Phase, State
from engines.dicethrone.rules.state import Step as TurnStep

HANDLERS: DTHandlers = DTHandlers()

#: ``State.extra_roll``: no additional Offensive Roll Phase granted this turn.
EXTRA_NONE = 0
#: One is granted: it starts when the current roll phase concludes.
EXTRA_GRANTED = 1
#: The additional one is under way (or done): no other this turn.
EXTRA_USED = 2


@dataclass(frozen=True)
class ExtraRollPhase:
    """The owner's Attack is followed, once its roll phase concludes, by an additional
    Offensive Roll Phase against the same Defender (at most one per turn)."""


@dataclass(frozen=True)
class AllowDefense:
    """The owner, Attacked with only undefendable damage, may roll a Defensive Ability
    after all (6.2 opens for her)."""


@dataclass(frozen=True)
class Expose:
    """The Attack against the owner, if it deals normal damage, becomes undefendable
    and one token of ``status`` is removed (only a token held as the Attack began)."""

    status: str


@dataclass(frozen=True)
class DiscardToken:
    """ "You may discard a token of ``status`` to …": an offer while the owner holds
    one (the token goes, then ``steps``); ``otherwise`` when she declines or has none."""

    status: str
    steps: Script
    otherwise: Script


@dataclass(frozen=True)
class WithDefense:
    """The nested steps once, if the Defensive Ability rolled this roll phase is
    ``defense`` and its dice show ``symbols`` (as a card may have swapped them)."""

    defense: str
    symbols: Mapping[str, int]
    steps: Script


@dataclass(frozen=True)
class SwapSymbol:
    """For the rest of the roll phase, ``defense``'s condition on ``printed`` reads
    ``instead`` ("succeeds on X instead of Y")."""

    defense: str
    printed: str
    instead: str


#: Record ``op`` -> typed step, for the steps of this module.
DECODERS: Mapping[str, Callable[[Step], object]] = {
    "extra_roll_phase": lambda s: ExtraRollPhase(),
    "allow_defense": lambda s: AllowDefense(),
    "expose": lambda s: Expose(s.status or ""),
    "discard_token": lambda s: DiscardToken(s.status or "", s.steps, s.otherwise),
    "with_defense": lambda s: WithDefense(s.topic, s.symbols, s.steps),
    "swap_symbol": lambda s: SwapSymbol(s.topic, next(iter(s.symbols), ""), s.per or ""),
}

#: Labels of the offer ``discard_token`` makes, per locale.
LABELS = {
    "en-US": {"no": "Keep the {status} token", "yes": "Discard {status} for the effect"},
    "pt-BR": {"no": "Manter a ficha de {status}", "yes": "Descartar {status} pelo efeito"},
    "it": {"no": "Tieni il segnalino {status}", "yes": "Scarta {status} per l'effetto"},
}


def _label(key: str, names: Mapping[str, str]) -> dict[str, str]:
    fallback = names.get("en-US") or next(iter(names.values()), "")
    return {
        loc: words[key].format(status=names.get(loc, fallback)) for loc, words in LABELS.items()
    }


def spend_allowed(state: State, seat: int, definition: StatusDef) -> bool:
    """Whether spending this token would do anything now: a token granting an
    additional Offensive Roll Phase needs the Attacker's roll phase at its last
    window with none granted this turn; one opening a Defensive Ability needs the
    Attacked player in the last window before any Defensive Roll."""
    ops = {step.op for step in definition.spend}
    once = definition.each_option_once_per_turn or definition.spend_once_per_turn
    once = once or definition.usable_options_only
    if once and not holding.spend_script(state, seat, definition):
        return False  # none of its options can act now, or all were used this turn
    if "extra_roll_phase" in ops and (
        state.extra_roll != EXTRA_NONE or seat != state.active or state.phase is not Phase.DEFENSIVE
    ):
        return False
    return "allow_defense" not in ops or _may_defend_now(state, seat)


def _may_defend_now(state: State, seat: int) -> bool:
    return (
        state.phase is Phase.DEFENSIVE
        and state.step is TurnStep.FINAL
        and state.roll.defense is None
        and not state.roll.ultimate
        and seat != state.active
        and any(inc.attack and inc.target == seat for inc in state.ledger)
    )


@HANDLERS.on(ExtraRollPhase)
def extra_roll_phase(run: DTRun, state: State, step: ExtraRollPhase) -> State:
    """Granted once per turn; the turn starts it when this roll phase concludes."""
    if state.extra_roll != EXTRA_NONE:
        return state
    run.env.emit("extra_roll_granted", "Efeitos de Status", player=seat_name(state, run.ctx.owner))
    return replace(state, extra_roll=EXTRA_GRANTED)


@HANDLERS.on(AllowDefense)
def allow_defense(run: DTRun, state: State, step: AllowDefense) -> State:
    """6.2 opens for the Attacked owner (if she has a Defensive Ability)."""
    owner = run.ctx.owner
    if not _may_defend_now(state, owner) or not run.ctx.hero.defenses:
        return state
    run.env.emit("defense_allowed", "6.2", player=seat_name(state, owner))
    return replace(state, step=TurnStep.DEFENSE, passed=(), priority=None)


@HANDLERS.on(Expose)
def expose(run: DTRun, state: State, step: Expose) -> State:
    """The incoming Attack's normal damage turns undefendable; the token goes."""
    owner = run.ctx.owner
    if step.status not in state.roll.held or not state.players[owner].statuses.get(step.status):
        return state  # gained during this very Attack: it waits for the next one
    hit = any(
        inc.attack and inc.target == owner and inc.kind is DamageKind.NORMAL for inc in state.ledger
    )
    if not hit:
        return state
    ledger = tuple(
        replace(inc, kind=DamageKind.UNDEFENDABLE)
        if inc.attack and inc.target == owner and inc.kind is DamageKind.NORMAL
        else inc
        for inc in state.ledger
    )
    state = replace(state, ledger=ledger)
    run.env.emit("attack_exposed", "Efeitos de Status", player=seat_name(state, owner))
    return remove_status(state, owner, step.status, 1, run.env.content, run.env.events)


@HANDLERS.on(DiscardToken)
def discard_token(run: DTRun, state: State, step: DiscardToken) -> State:
    """An offer while the owner holds the token; otherwise the other steps."""
    owner = run.ctx.owner
    if not state.players[owner].statuses.get(step.status) or not may_wait(run.ctx):
        run.push(step.otherwise)
        return state
    names = run.env.content.status(step.status).name
    pay = Step(op="remove", status=step.status, amount=1, target="self")
    options = (
        Step(op="option", steps=step.otherwise, text=_label("no", names)),
        Step(op="option", steps=(pay, *step.steps), text=_label("yes", names)),
    )
    run.push((Step(op="or", steps=options, topic="discard_token"),))
    return state


@HANDLERS.on(WithDefense)
def with_defense(run: DTRun, state: State, step: WithDefense) -> State:
    """Reads the defensive dice of this roll phase, with a swapped symbol if any."""
    roll = state.roll
    if roll.defense != step.defense or not roll.defense_dice:
        return state
    counts = symbol_counts(run.ctx.hero, roll.defense_dice)
    triples = zip(roll.swapped[0::3], roll.swapped[1::3], roll.swapped[2::3], strict=True)
    swap = {printed: instead for defense, printed, instead in triples if defense == step.defense}
    needs = {swap.get(s, s): n for s, n in step.symbols.items()}
    if all(counts[s] >= n for s, n in needs.items()):
        run.push(step.steps)
    return state


@HANDLERS.on(SwapSymbol)
def swap_symbol(run: DTRun, state: State, step: SwapSymbol) -> State:
    """Kept on the roll: the defence's condition reads the other symbol this phase."""
    swapped = (*state.roll.swapped, step.defense, step.printed, step.instead)
    run.env.emit(
        "symbol_swapped",
        "Cartas de Ação",
        player=seat_name(state, run.ctx.owner),
        printed=step.printed,
        instead=step.instead,
    )
    return replace(state, roll=replace(state.roll, swapped=swapped))
