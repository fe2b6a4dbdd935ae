"""Handlers of a hero's two-sided dial (:mod:`.dial_steps`), its Upkeep script and the
bonus of its side when its owner's Attack ends (the Sun Elf's Sun Dial, issue 22).

Generic (no hero named here): the hero YAML's ``dials:`` says the top value, the sides,
when it turns over and what each side does.
"""

from __future__ import annotations

from engines.dicethrone.content import DialDef, Hero, Script
from engines.dicethrone.effects.context import Ctx, put, seat_name
from engines.dicethrone.effects.dial_steps import ChangeDial, EmptyDial, FlipDial, OnDial
from engines.dicethrone.effects.env import DTHandlers, DTRun, Effects, here
from engines.dicethrone.rules.state import State

HANDLERS: DTHandlers = DTHandlers()


def reading(state: State, seat: int, dial: DialDef) -> tuple[int, int]:
    """The dial's value and side (0 or 1) for ``seat``: its start until it changes."""
    kept = state.players[seat].tracks
    return kept.get(dial.id, dial.start), kept.get(f"{dial.id}.side", 0)


def _put(env: Effects, state: State, seat: int, dial: DialDef, value: int, side: int) -> State:
    """The dial shows ``value``; reaching its top or 0 may turn it over."""
    full = value >= dial.high and side == dial.flip_when_full
    if full or (value <= 0 and side == dial.flip_when_empty):
        side = 1 - side
    before = reading(state, seat, dial)
    if (value, side) == before:
        return state
    env.emit(
        "dial_changed",
        player=seat_name(state, seat),
        dial=dict(dial.name),
        value=value,
        side=dict(dial.sides[side]),
    )
    tracks = {**state.players[seat].tracks, dial.id: value, f"{dial.id}.side": side}
    return put(state, seat, tracks=tracks)


@HANDLERS.on(ChangeDial)
def change_dial(run: DTRun, state: State, step: ChangeDial) -> State:
    """Raise, lower or set the dial; points past its top run ``overflow`` each."""
    ctx = here(run)
    dial = ctx.hero.dial(step.dial)
    if dial is None:  # another hero's dial: only its own rules change it
        return state
    value, side = reading(state, ctx.owner, dial)
    if step.to is not None:
        target = step.to
    elif step.half_roll:
        target = value + (sum(ctx.dice) + 1) // 2
    else:
        target = value + step.by
    lost = max(0, target - dial.high)
    state = _put(run.env, state, ctx.owner, dial, max(0, min(dial.high, target)), side)
    if lost and dial.overflow:
        run.push(dial.overflow * lost)
    return state


@HANDLERS.on(EmptyDial)
def empty_dial(run: DTRun, state: State, step: EmptyDial) -> State:
    """The dial goes to 0; the steps read how much it came down as one die."""
    ctx = run.ctx
    dial = ctx.hero.dial(step.dial)
    if dial is None:
        return state
    value, side = reading(state, ctx.owner, dial)
    if value <= 0:
        run.env.emit("dial_empty", player=seat_name(state, ctx.owner), dial=dict(dial.name))
        return state
    state = _put(run.env, state, ctx.owner, dial, 0, side)
    run.push(step.steps, (value,))
    return state


@HANDLERS.on(FlipDial)
def flip_dial(run: DTRun, state: State, step: FlipDial) -> State:
    """The dial turns over (its value stays)."""
    ctx = run.ctx
    dial = ctx.hero.dial(step.dial)
    if dial is None:
        return state
    value, side = reading(state, ctx.owner, dial)
    run.env.emit(
        "dial_changed",
        player=seat_name(state, ctx.owner),
        dial=dict(dial.name),
        value=value,
        side=dict(dial.sides[1 - side]),
    )
    tracks = {**state.players[ctx.owner].tracks, f"{dial.id}.side": 1 - side}
    return put(state, ctx.owner, tracks=tracks)


@HANDLERS.on(OnDial)
def on_dial(run: DTRun, state: State, step: OnDial) -> State:
    """The steps, when the dial is on that side (and shows one of those values)."""
    dial = run.ctx.hero.dial(step.dial)
    if dial is None:
        return state
    value, side = reading(state, run.ctx.owner, dial)
    if step.side in (-1, side) and (not step.values or value in step.values):
        run.push(step.steps)
    return state


def dial_upkeep(hero: Hero, state: State, seat: int) -> list[tuple[dict[str, str], Script]]:
    """The Upkeep scripts of the hero's dials, on the side each shows (named by the dial)."""
    out: list[tuple[dict[str, str], Script]] = []
    for dial in hero.dials:
        script = dial.upkeep.get(reading(state, seat, dial)[1], ())
        if script:
            out.append((dict(dial.name), script))
    return out


def dial_bonuses(interp: Effects, state: State, hero: Hero) -> State:
    """The active player's Attack ends its roll phase: each dial's ``attacking`` script
    of the side it shows runs, reading one die that shows the dial's value."""
    seat = state.active
    if not any(i.attack and i.source == seat for i in state.ledger):
        return state
    for dial in hero.dials:
        value, side = reading(state, seat, dial)
        script = dial.attacking.get(side, ())
        if script:
            interp.emit(
                "dial_bonus", player=seat_name(state, seat), dial=dict(dial.name), value=value
            )
            ctx = Ctx(seat, hero, (value,), attack=True, foe=state.opponent(seat))
            state = interp.run(state, script, ctx)
    return state
