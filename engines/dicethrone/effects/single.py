"""The effect vocabulary's single steps: damage, healing, CP, cards, tokens, modifiers.

Damage and healing are not applied here: they go to the phase's ledger and are
applied together when the phase concludes ("Fase de Rolagem Defensiva" 6.6;
"Fase de Manutenção" 3).
"""

from __future__ import annotations

from engines.core.model import replace
from engines.dicethrone.content import DamageKind
from engines.dicethrone.effects.context import (
    damage_kind,
    draw_card,
    find,
    put,
    remove_status,
    seat_name,
)
from engines.dicethrone.effects.env import DTHandlers, DTRun, here
from engines.dicethrone.effects.riders import note_incoming
from engines.dicethrone.effects.steps import (
    AddStatus,
    Damage,
    Draw,
    Flip,
    GainCp,
    HealStep,
    LoseCp,
    Modifier,
    Modify,
    RemoveStatus,
    StealCp,
)
from engines.dicethrone.rules.damage import Incoming
from engines.dicethrone.rules.modes import set_health
from engines.dicethrone.rules.state import CP_CAP, Heal, State

HANDLERS: DTHandlers = DTHandlers()


@HANDLERS.on(Damage)
def damage(run: DTRun, state: State, step: Damage) -> State:
    """Damage to the step's target, or to every victim a spread names."""
    interp, ctx = run.env, here(run)
    if step.target == "each_opponent":
        victims = state.opponents(ctx.owner)
    elif step.target == "everyone":
        victims = state.order_from(ctx.owner)  # the owner last
    elif step.target in ("left", "right"):
        # Left = next in turn order (as the 2 v 2 targeting die reads it).
        others = tuple(s for s in state.order_from(ctx.owner) if s != ctx.owner)
        victims = others[:1] if step.target == "left" else others[-1:]
    elif step.target == "teammates":
        team = state.teammates(ctx.owner)
        victims = tuple(s for s in state.order_from(ctx.owner) if s in team and s != ctx.owner)
    else:
        victim = ctx.owner if step.self_inflicted else interp.target(state, step.target, ctx)
        victims = (victim,)
    for target in victims:
        state = _damage_one(run, state, step, target)
    return state


def _damage_one(run: DTRun, state: State, step: Damage, target: int) -> State:
    interp, ctx = run.env, here(run)
    amount = step.amount.of(ctx.hero, ctx.dice)
    kind = DamageKind.PURE if step.self_inflicted else step.kind
    at_opponent = target != ctx.owner
    if ctx.ultimate and at_opponent:
        kind = DamageKind.ULTIMATE
    attack = ctx.attack and at_opponent and kind is not DamageKind.COLLATERAL
    if amount <= 0:
        return state
    if step.isolated:
        # "Uma instância isolada": taken at once, never part of an Attack's total.
        health = max(0, state.players[target].health - amount)
        interp.emit(
            "damage_isolated", player=seat_name(state, target), amount=amount, health=health
        )
        return set_health(state, target, health)
    ledger = list(state.ledger)
    for i, inc in enumerate(ledger):
        if (inc.target, inc.source, inc.kind, inc.attack) == (target, ctx.owner, kind, attack):
            ledger[i] = replace(inc, amount=inc.amount + amount)
            break
    else:
        ledger.append(Incoming(target, ctx.owner, amount, kind, attack))
    interp.emit(
        "damage_pending",
        player=seat_name(state, target),
        amount=amount,
        kind=damage_kind(kind, amount),
    )
    return replace(state, ledger=tuple(ledger))


@HANDLERS.on(HealStep)
def heal(run: DTRun, state: State, step: HealStep) -> State:
    """Healing, applied with the phase's damage."""
    ctx = here(run)
    amount = step.amount.of(ctx.hero, ctx.dice)
    target = run.env.target(state, step.target, ctx)
    return replace(state, heals=(*state.heals, Heal(target, amount))) if amount else state


@HANDLERS.on(GainCp)
def gain_cp(run: DTRun, state: State, step: GainCp) -> State:
    """CP gained ("Pontos de Combate": at most 15)."""
    ctx = here(run)
    seat = run.env.target(state, step.target, ctx)
    amount = step.amount.of(ctx.hero, ctx.dice)
    player = state.players[seat]
    cp = min(CP_CAP, player.cp + amount)
    run.env.emit("cp_gained", player=seat_name(state, seat), amount=cp - player.cp, cp=cp)
    return put(state, seat, cp=cp)


@HANDLERS.on(LoseCp)
def lose_cp(run: DTRun, state: State, step: LoseCp) -> State:
    """CP lost, at most what the player has; nobody gains them."""
    ctx = here(run)
    seat = run.env.target(state, step.target, ctx)
    lost = min(step.amount.of(ctx.hero, ctx.dice), state.players[seat].cp)
    if not lost:
        return state
    cp = state.players[seat].cp - lost
    run.env.emit("cp_lost", player=seat_name(state, seat), amount=lost, cp=cp)
    return put(state, seat, cp=cp)


@HANDLERS.on(StealCp)
def steal_cp(run: DTRun, state: State, step: StealCp) -> State:
    """ "Roube": take what the opponent has, up to the amount."""
    ctx = here(run)
    seat, other = ctx.owner, run.env.foe(state, ctx)
    taken = min(step.amount.of(ctx.hero, ctx.dice), state.players[other].cp)
    state = put(state, other, cp=state.players[other].cp - taken)
    run.env.emit("cp_stolen", player=seat_name(state, seat), amount=taken)
    return put(state, seat, cp=min(CP_CAP, state.players[seat].cp + taken))


@HANDLERS.on(Draw)
def draw(run: DTRun, state: State, step: Draw) -> State:
    """Cards drawn, one at a time."""
    interp, ctx = run.env, here(run)
    for _ in range(step.amount.of(ctx.hero, ctx.dice)):
        target = interp.target(state, step.target, ctx)
        state = draw_card(state, target, interp.dice, interp.events, interp.content)
    return state


@HANDLERS.on(AddStatus)
def add_status(run: DTRun, state: State, step: AddStatus) -> State:
    """Tokens gained or inflicted, up to the stack limit."""
    ctx = run.ctx
    seat = run.env.target(state, step.target, ctx)
    before = state.players[seat].statuses.get(step.status, 0)
    state = run.env.add_status(state, seat, step.status, step.count, ctx.owner)
    if ctx.attack and seat != ctx.owner:
        # An Attack's status effect on an opponent: she may yet prevent it (riders.py).
        gained = state.players[seat].statuses.get(step.status, 0) - before
        state = note_incoming(run.env.content, state, seat, step.status, gained)
    return state


@HANDLERS.on(RemoveStatus)
def remove(run: DTRun, state: State, step: RemoveStatus) -> State:
    """Tokens removed; a protected status only by its own hero's effects."""
    interp, ctx = run.env, run.ctx
    try:
        removable = interp.content.status(step.status).removable_by(ctx.hero.id)
    except KeyError:  # a status of another pack: nothing to protect
        removable = True
    if not removable:
        return state  # e.g. Cursed Doubloons: only the Pirate's abilities remove them
    target = interp.target(state, step.target, ctx)
    count = 99 if step.every else step.count
    return remove_status(state, target, step.status, count, interp.content, interp.events)


@HANDLERS.on(Flip)
def flip(run: DTRun, state: State, step: Flip) -> State:
    """The owner's hero board turns to its other side."""
    return run.env.flip(state, run.ctx.owner)


@HANDLERS.on(Modify)
def modify(run: DTRun, state: State, step: Modify) -> State:
    """Prevention and Attack Modifiers change incoming damage in the ledger."""
    interp, ctx = run.env, here(run)
    ledger = list(state.ledger)
    adding = step.modifier is Modifier.ADD_DAMAGE
    if adding and step.target == "opponent":
        # The Attacker's damage against the owner grows (e.g. Bounty, when Attacked).
        other = interp.foe(state, ctx)
        index = find(ledger, lambda inc: inc.attack and inc.source == other)
    elif adding:
        index = find(ledger, lambda inc: inc.attack and inc.source == ctx.owner)
    else:
        # Prevention protects the owner, or the player a card names ("Não Desta Vez!").
        who = interp.target(state, step.target, ctx) if step.target == "chosen" else ctx.owner
        index = find(ledger, lambda inc: inc.target == who and inc.attack)
        if index is None:
            index = find(ledger, lambda inc: inc.target == who)
    if index is None:
        interp.emit("nothing_to_modify", player=seat_name(state, ctx.owner))
        return state
    inc = ledger[index]
    amount = step.amount.of(ctx.hero, ctx.dice)
    match step.modifier:
        case Modifier.ADD_DAMAGE:
            inc = replace(inc, added=inc.added + amount)
        case Modifier.PREVENT:
            inc = replace(inc, prevented=inc.prevented + amount)
        case Modifier.PREVENT_HALF:
            inc = replace(inc, halves=inc.halves + 1)
        case Modifier.REFLECT_HALF:
            inc = replace(inc, reflects=inc.reflects + 1)
        case Modifier.PREVENT_ALL:
            inc = replace(inc, prevent_all=True)
        case Modifier.SURVIVE_ATTACK:
            inc = replace(inc, survive=True)
    ledger[index] = inc
    interp.emit(f"mod_{step.modifier.value}", player=seat_name(state, ctx.owner), amount=amount)
    return replace(state, ledger=tuple(ledger))
