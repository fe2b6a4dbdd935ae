"""Status steps acting on tokens or on the owner's own Attack ("Efeitos de Status"):
``move`` (pass a token to the opponent: the Powder Keg on a 6), ``steal_health``
("Roube"), ``lessen_attack`` and ``cancel_attack`` (reduce or cancel the owner's own
Attack) and ``remove_chosen`` ("Tchau-Tchau")."""

from __future__ import annotations

from engines.core import Event
from engines.core.model import replace
from engines.dicethrone.content import DamageKind
from engines.dicethrone.effects.context import remove_status
from engines.dicethrone.effects.env import DTHandlers, DTRun
from engines.dicethrone.effects.steps import ClearStatuses, StatusStep, TokenMove, Undefendable
from engines.dicethrone.rules.modes import health_cap, set_health
from engines.dicethrone.rules.state import Phase, State
from engines.dicethrone.rules.state import Step as TurnStep
from engines.dicethrone.rules.statuses import parse_pick

HANDLERS: DTHandlers = DTHandlers()


@HANDLERS.on(StatusStep)
def status_step(run: DTRun, state: State, st: StatusStep) -> State:
    """Resolve one of :class:`TokenMove`."""
    interp, ctx = run.env, run.ctx
    owner, other = ctx.owner, interp.foe(state, ctx)
    match st.move:
        case TokenMove.REMOVE_CHOSEN:
            # "Tchau-Tchau": one token of the player's choice, from any player.
            picked = parse_pick(interp.content, state, ctx.pick, ctx.hero.id)
            if picked is None:
                return state
            return remove_status(state, picked[0], picked[1], 1, interp.content, interp.events)
        case TokenMove.MOVE:
            # Pass a token to the opponent (it counts as gaining it there).
            movable = interp.content.status(st.status).pickable(ctx.hero.id)
            if not state.players[owner].statuses.get(st.status) or not movable:
                return state
            state = remove_status(state, owner, st.status, 1, interp.content, interp.events)
            return interp.add_status(state, other, st.status, 1, giver=owner)
        case TokenMove.STEAL_HEALTH:
            # "Roube": take what the opponent has, up to the amount; the thief heals at
            # most 10 above the starting health ("Vitalidade").
            taken = min(st.amount, state.players[other].health)
            cap = health_cap(state)
            state = set_health(state, other, state.players[other].health - taken)
            state = set_health(state, owner, min(cap, state.players[owner].health + taken))
            interp.events.append(
                Event(
                    "dicethrone.event.health_stolen",
                    {"player": state.seats[owner].name, "amount": taken},
                    rule="Roube",
                )
            )
            return state
        case TokenMove.LESSEN_ATTACK | TokenMove.CANCEL_ATTACK:
            return _own_attack(run, state, st)


def _own_attack(run: DTRun, state: State, st: StatusStep) -> State:
    """The owner's own Attack deals less, or nothing."""
    owner = run.ctx.owner
    ledger = list(state.ledger)
    changed = False
    for i, inc in enumerate(ledger):
        if inc.attack and inc.source == owner:
            if st.move is TokenMove.CANCEL_ATTACK:
                ledger[i] = replace(inc, prevent_all=True)
            else:
                ledger[i] = replace(inc, prevented=inc.prevented + st.amount)
            changed = True
            break
    if changed:
        run.env.events.append(
            Event(
                f"dicethrone.event.{st.move.value}",
                {"player": state.seats[owner].name, "amount": st.amount},
                rule="Efeitos de Status",
            )
        )
    return replace(state, ledger=tuple(ledger))


# -- printed heroes (issue 22) ---------------------------------------------------------


@HANDLERS.on(ClearStatuses)
def clear_statuses(run: DTRun, state: State, st: ClearStatuses) -> State:
    """Every token the target holds goes, except those only their own hero may remove."""
    interp, ctx = run.env, run.ctx
    seat = interp.target(state, st.target, ctx)
    for status, count in sorted(state.players[seat].statuses.items()):
        if count and interp.content.status(status).pickable(ctx.hero.id):
            state = remove_status(state, seat, status, count, interp.content, interp.events)
    return state


@HANDLERS.on(Undefendable)
def undefendable(run: DTRun, state: State, st: Undefendable) -> State:
    """The owner's Attack in the ledger: its normal damage becomes undefendable; with no
    defendable damage left, the Defender has nothing to defend against (6.2)."""
    owner = run.ctx.owner
    ledger = tuple(
        replace(inc, kind=DamageKind.UNDEFENDABLE)
        if inc.attack and inc.source == owner and inc.kind is DamageKind.NORMAL
        else inc
        for inc in state.ledger
    )
    state = replace(state, ledger=ledger)
    attacks = [inc for inc in ledger if inc.attack and inc.source == owner]
    if (
        state.phase is Phase.DEFENSIVE
        and state.step is TurnStep.DEFENSE
        and not any(inc.kind.defendable for inc in attacks)
    ):
        # Made undefendable after the Defensive Roll Phase opened (a token spent then:
        # Ninjutsu): 6.2, only defendable damage lets the Defender roll a Defensive Ability.
        state = replace(state, step=TurnStep.FINAL, passed=(), priority=None)
    return state
