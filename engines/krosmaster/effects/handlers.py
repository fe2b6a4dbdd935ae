"""Step 3 additional effects of 7.5 (tokens, forced movement, steals, immediate gains,
summons, markers, powers, lasting changes, card text, gates): one handler per step type
of ``effects/steps.py``, run by the kernel's interpreter (:mod:`engines.core.effects`)."""

from __future__ import annotations

from engines.core import Event
from engines.core.effects import Handlers, Interpreter, Run
from engines.core.model import Message, replace
from engines.krosmaster.content.schema import EffectKind, Power
from engines.krosmaster.effects.lasting import add_group_change, add_lasting
from engines.krosmaster.effects.steps import (
    Aim,
    CardText,
    Gain,
    GainPower,
    Gate,
    GroupChange,
    LastingChange,
    Mark,
    Reposition,
    Shove,
    Steal,
    Step,
    Summon,
    Tokens,
)
from engines.krosmaster.effects.summons import place_summon
from engines.krosmaster.effects.traps import spring
from engines.krosmaster.geometry import Facing, Square, facings, label, straight_path
from engines.krosmaster.names import local_name
from engines.krosmaster.rules.board import (
    gate_met,
    has_power,
    is_character,
    is_free,
    is_krosmaster,
    replace_unit,
    trap_at,
)
from engines.krosmaster.rules.state import Marker, State, Suspended, Unit
from engines.krosmaster.rules.units import add_tokens, gain_now, profane


def _direction(src: Square, dst: Square, preferred: Facing | None) -> Facing | None:
    options = facings(src, dst)
    if not options:
        return None
    return preferred if preferred in options else options[0]


def _opposite(f: Facing) -> Facing:
    return {
        Facing.NORTH: Facing.SOUTH,
        Facing.SOUTH: Facing.NORTH,
        Facing.EAST: Facing.WEST,
        Facing.WEST: Facing.EAST,
    }[f]


def slide(state: State, unit: Unit, facing: Facing, count: int) -> tuple[State, int, list[Event]]:
    """Move ``count`` squares in a straight line, "as far as possible" (7.5.9.b, 4.18.5).

    Insensitive units are not moved by another's effect (4.9.17); the caller
    decides whose effect it is.
    """
    assert unit.pos is not None
    moved = 0
    here = unit.pos
    for sq in straight_path(unit.pos, facing, count):
        if not is_free(state, sq):
            break
        here, moved = sq, moved + 1
    state = replace_unit(state, replace(unit, pos=here))
    trap = trap_at(state, here) if moved else None
    if trap is not None and is_character(state, unit):
        # 4.19.7.c–d: only a forced move that *ends* on the trap springs it.
        state, _ = spring(state, trap.id)
    more: list[Event] = []
    if moved:  # 4.9.31: a Krosmaster moved onto a tombstone profanes it
        state, more = profane(state, unit.id, here)
    return state, moved, more


#: A script's cursor: the context is the spell's aim, the env the events, in order.
Script = Run[State, Step, Aim, None, list[Event]]

#: The handler of each step type (``HANDLERS.types()``: the whole vocabulary).
HANDLERS: Handlers[State, Step, Aim, None, list[Event]] = Handlers()


def _caster(state: State, run: Script) -> Unit:
    return state.unit(run.ctx.caster)


def _targets(state: State, run: Script) -> list[Unit]:
    """The step-2 targets still in the arena (a pushed target stays a target)."""
    return [state.unit(u) for u in run.ctx.targets if state.unit(u).pos is not None]


@HANDLERS.on(Tokens)
def _tokens(run: Script, state: State, step: Tokens) -> State:
    """7.5.1–7.5.4: ±X MP or AP tokens on each target."""
    is_ap = step.stat == "ap"
    for t in _targets(state, run):
        state, *_ = add_tokens(
            state, t.id, ap=step.amount if is_ap else 0, mp=0 if is_ap else step.amount
        )
        run.env.append(
            _evt("tokens", state, t, kind=stat_name(step.stat), amount=step.amount, rule="7.5.1")
        )
    return state


@HANDLERS.on(Steal)
def _steal(run: Script, state: State, step: Steal) -> State:
    """7.5.12–7.5.13: − tokens on each target, one + token on the caster per − token."""
    is_ap, n = step.stat == "ap", step.amount
    caster = _caster(state, run)
    for t in _targets(state, run):
        state, ap_placed, mp_placed = add_tokens(
            state, t.id, ap=-n if is_ap else 0, mp=0 if is_ap else -n
        )
        placed = ap_placed if is_ap else mp_placed
        # 7.5.12–13: one + token on the caster per − token really placed.
        state, *_ = add_tokens(
            state, caster.id, ap=placed if is_ap else 0, mp=0 if is_ap else placed
        )
        run.env.append(
            _evt("steal", state, t, what=stat_name(step.stat), amount=placed, rule="7.5.12")
        )
    return state


@HANDLERS.on(Gain)
def _gain(run: Script, state: State, step: Gain) -> State:
    """7.5.14–7.5.15: the caster gains AP or MP at once."""
    is_ap, n = step.stat == "ap", step.amount
    return gain_now(state, run.ctx.caster, ap=n if is_ap else 0, mp=0 if is_ap else n)


@HANDLERS.on(Shove)
def _shove(run: Script, state: State, step: Shove) -> State:
    """7.5.9–7.5.10: each target slides away from (or towards) the caster."""
    caster = _caster(state, run)
    for t in _targets(state, run):
        t = state.unit(t.id)
        if t.id == caster.id or t.pos is None or caster.pos is None:
            continue
        if has_power(state, t, Power.INSENSITIVE):
            run.env.append(_evt("insensitive", state, t, rule="4.9.17"))
            continue
        away = _direction(caster.pos, t.pos, run.ctx.facing)
        if away is None:
            continue
        way = _opposite(away) if step.pull else away
        state, moved, more = slide(state, t, way, step.amount)
        to = label(state.unit(t.id).pos or run.ctx.main)
        run.env.append(_evt("pushed", state, t, amount=moved, to=to, rule="7.5.9"))
        run.env.extend(more)
    return state


@HANDLERS.on(Reposition)
def _reposition(run: Script, state: State, step: Reposition) -> State:
    """7.5.16–7.5.17: the caster slides away from (or towards) the targeted square."""
    me, main = _caster(state, run), run.ctx.main
    if me.pos is None or me.pos == main:
        return state
    towards = _direction(me.pos, main, run.ctx.facing)
    if towards is None:
        return state
    way = towards if step.approach else _opposite(towards)
    state, moved, more = slide(state, me, way, step.amount)
    run.env.extend(more)
    to = label(state.unit(me.id).pos or main)
    run.env.append(_evt("pushed", state, me, amount=moved, to=to, rule="7.5.16"))
    return state


@HANDLERS.on(Summon)
def _summon(run: Script, state: State, step: Summon) -> State:
    """4.19.9.b–c: as many as the effect says and the control value allows, on the
    targeted square first, then on the zone's squares in order (blocked ones skipped)."""
    aim, placed = run.ctx, 0
    for square in (aim.main, *aim.squares[1:]):
        if placed == step.count:
            break
        state, more = place_summon(state, aim.caster, step.figure, square, aim.spell.control)
        run.env.extend(more)
        placed += any(e.key == "krosmaster.event.summoned" for e in more)
    return state


@HANDLERS.on(Mark)
def _mark(run: Script, state: State, step: Mark) -> State:
    """4.13: the named marker goes on the first Krosmaster targeted."""
    krosmasters = [t for t in _targets(state, run) if is_krosmaster(state, t)]
    if not krosmasters:
        return state
    state, more = place_marker(state, _caster(state, run), step.name, krosmasters[0])
    run.env.extend(more)
    return state


@HANDLERS.on(GainPower)
def _gain_power(run: Script, state: State, step: GainPower) -> State:
    """1.3.10.a / 4.18.4.f: each target (or the caster) has the power until the end of
    the fight."""
    for t in [_caster(state, run)] if step.to_caster else _targets(state, run):
        state, more = gain_power(state, t.id, step.power)
        run.env.extend(more)
    return state


@HANDLERS.on(LastingChange)
def _lasting(run: Script, state: State, step: LastingChange) -> State:
    """4.18.4: a change until the end of the turn or the fight."""
    for t in [_caster(state, run)] if step.effect.to_caster else _targets(state, run):
        state, more = add_lasting(state, t.id, step.effect)
        run.env.extend(more)
    return state


@HANDLERS.on(GroupChange)
def _group(run: Script, state: State, step: GroupChange) -> State:
    """4.18.4.c: recorded once, for the caster's side."""
    state, more = add_group_change(state, _caster(state, run).owner, step.effect)
    run.env.extend(more)
    return state


@HANDLERS.on(CardText)
def _card_text(run: Script, state: State, step: CardText) -> State:
    """1.5.1: the players apply the text; the spell waits in ``state.suspended`` and goes
    on from the next effect once they have (``casting.resume``)."""
    aim = run.ctx
    said = {"unit": local_name(state.fig(_caster(state, run))), "text": step.text}
    run.env.append(Event("krosmaster.event.manual_effect", said, rule="1.5.1"))
    pause = Suspended(
        aim.caster, aim.spell.id, aim.main, aim.facing, aim.squares, aim.targets, step.resume_at
    )
    run.suspend()
    return replace(state, suspended=pause)


@HANDLERS.on(Gate)
def _gate(run: Script, state: State, step: Gate) -> State:
    """4.9.19 / 4.9.20: the rest resolves only with enough enemy Allies and Justiciers
    (Villains) in the arena; otherwise everything after the keyword is skipped."""
    if gate_met(state, _caster(state, run).owner, step.kind.value, step.amount):
        run.push(step.then)
        return state
    rule = "4.9.19" if step.kind is EffectKind.RETRIBUTION else "4.9.20"
    said = {"spell": local_name(run.ctx.spell), "count": step.amount}
    run.env.append(Event("krosmaster.event.gate_closed", said, rule=rule))
    return state


#: Runs step-3 scripts (``casting``): no rewrites, no frame data.
INTERPRETER: Interpreter[State, Step, Aim, None, list[Event]] = Interpreter(HANDLERS)


def place_marker(state: State, placer: Unit, name: str, target: Unit) -> tuple[State, list[Event]]:
    """4.13.1–4.13.2: one marker of a name per team, one marker per placer: an older one
    of the same name from this team, or this placer's last one, moves to the new target."""
    team = {u.id for u in state.units if u.owner == placer.owner}
    kept = tuple(
        m
        for m in state.markers
        if m.placer != placer.id and not (m.name == name and m.placer in team)
    )
    state = replace(state, markers=(*kept, Marker(name, placer.id, target.id)))
    return state, [
        _evt("marker", state, target, rule="4.13.2", marker=name, by=local_name(state.fig(placer)))
    ]


def stat_name(stat: str) -> Message:
    """A stat or adjustable quantity ("ap", "mp_tokens"…) in the reader's language (PA, PM…)."""
    return Message(f"krosmaster.stat.{stat}")


def _evt(name: str, state: State, unit: Unit, rule: str, **params: object) -> Event:
    return Event(
        f"krosmaster.event.{name}", {"unit": local_name(state.fig(unit)), **params}, rule=rule
    )


def gain_power(state: State, unit_id: str, power: Power) -> tuple[State, list[Event]]:
    """1.3.10.a / 4.18.4.f: the unit has the power at once, until the end of the fight."""
    unit = state.unit(unit_id)
    if unit.pos is None or power in unit.gained:  # 4.9.1: a power is never had twice
        return state, []
    state = replace_unit(state, replace(unit, gained=(*unit.gained, power)))
    name = {"key": f"krosmaster.power.{power.value}", "params": {}}  # reader's locale
    return state, [_evt("gained_power", state, unit, power=name, rule="1.3.10.a")]
