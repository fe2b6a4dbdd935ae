"""Step 3 additional effects of 7.5: tokens, forced movement, steals, immediate gains."""

from __future__ import annotations

from engines.core import Event
from engines.core.model import Message, replace
from engines.krosmaster.content.schema import Effect, EffectKind, Power
from engines.krosmaster.effects.lasting import add_group_change, add_lasting
from engines.krosmaster.effects.summons import place_summon
from engines.krosmaster.effects.traps import spring
from engines.krosmaster.geometry import Facing, Square, facings, label, straight_path
from engines.krosmaster.names import local_name
from engines.krosmaster.rules.board import (
    has_power,
    is_character,
    is_free,
    is_krosmaster,
    replace_unit,
    trap_at,
)
from engines.krosmaster.rules.units import add_tokens, gain_now, profane
from engines.krosmaster.state import Marker, State, Unit

MOVERS = (EffectKind.PUSH, EffectKind.PULL, EffectKind.RETREAT, EffectKind.APPROACH)


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


def apply_effect(
    state: State,
    caster: Unit,
    effect: Effect,
    targets: list[Unit],
    main: Square,
    facing: Facing | None,
    control: int = 0,
    zone: tuple[Square, ...] = (),
) -> tuple[State, list[Event]]:
    """One additional effect of step 3 (7.2.4), applied to every target it names."""
    events: list[Event] = []
    kind, n = effect.kind, effect.amount
    if kind is EffectKind.MP or kind is EffectKind.AP:
        for t in targets:
            state, *_ = add_tokens(
                state,
                t.id,
                ap=n if kind is EffectKind.AP else 0,
                mp=n if kind is EffectKind.MP else 0,
            )
            events.append(
                _evt("tokens", state, t, kind=stat_name(kind.value), amount=n, rule="7.5.1")
            )
    elif kind in (EffectKind.STEAL_MP, EffectKind.STEAL_AP):
        is_ap = kind is EffectKind.STEAL_AP
        for t in targets:
            state, ap_placed, mp_placed = add_tokens(
                state, t.id, ap=-n if is_ap else 0, mp=0 if is_ap else -n
            )
            placed = ap_placed if is_ap else mp_placed
            # 7.5.12–13: one + token on the caster per − token really placed.
            state, *_ = add_tokens(
                state, caster.id, ap=placed if is_ap else 0, mp=0 if is_ap else placed
            )
            events.append(
                _evt(
                    "steal",
                    state,
                    t,
                    what=stat_name("ap" if is_ap else "mp"),
                    amount=placed,
                    rule="7.5.12",
                )
            )
    elif kind in (EffectKind.GAIN_AP, EffectKind.GAIN_MP):
        is_ap = kind is EffectKind.GAIN_AP
        state = gain_now(state, caster.id, ap=n if is_ap else 0, mp=0 if is_ap else n)
    elif kind in (EffectKind.PUSH, EffectKind.PULL):
        for t in targets:
            t = state.unit(t.id)
            if t.id == caster.id or t.pos is None or caster.pos is None:
                continue
            if has_power(state, t, Power.INSENSITIVE):
                events.append(_evt("insensitive", state, t, rule="4.9.17"))
                continue
            away = _direction(caster.pos, t.pos, facing)
            if away is None:
                continue
            way = away if kind is EffectKind.PUSH else _opposite(away)
            state, moved, more = slide(state, t, way, n)
            events.append(
                _evt(
                    "pushed",
                    state,
                    t,
                    amount=moved,
                    to=label(state.unit(t.id).pos or main),
                    rule="7.5.9",
                )
            )
            events += more
    elif kind in (EffectKind.RETREAT, EffectKind.APPROACH):
        me = state.unit(caster.id)
        if me.pos is not None and me.pos != main:
            towards = _direction(me.pos, main, facing)
            if towards is not None:
                way = towards if kind is EffectKind.APPROACH else _opposite(towards)
                state, moved, more = slide(state, me, way, n)
                events += more
                events.append(
                    _evt(
                        "pushed",
                        state,
                        me,
                        amount=moved,
                        to=label(state.unit(me.id).pos or main),
                        rule="7.5.16",
                    )
                )
    elif kind is EffectKind.SUMMON and effect.figure:
        # 4.19.9.b–c: as many as the effect says and the control value allows, on the
        # targeted square first, then on the zone's squares in order (blocked ones skipped).
        placed = 0
        for square in (main, *zone):
            if placed == n:
                break
            state, more = place_summon(state, caster.id, effect.figure, square, control)
            events += more
            placed += any(e.key == "krosmaster.event.summoned" for e in more)
    elif kind is EffectKind.MARKER:
        krosmasters = [t for t in targets if is_krosmaster(state, t)]
        if krosmasters:
            state, more = place_marker(state, caster, effect.text, krosmasters[0])
            events += more
    elif kind is EffectKind.GAIN_POWER and effect.power is not None:
        for t in [caster] if effect.to_caster else targets:
            state, more = gain_power(state, t.id, effect.power)
            events += more
    elif kind is EffectKind.LASTING and effect.side:  # 4.18.4.c: once, for the group
        state, more = add_group_change(state, caster.owner, effect)
        events += more
    elif kind is EffectKind.LASTING:
        for t in [caster] if effect.to_caster else targets:
            state, more = add_lasting(state, t.id, effect)
            events += more
    elif kind is EffectKind.MANUAL:
        events.append(
            Event(
                "krosmaster.event.manual_effect",
                {"unit": local_name(state.fig(caster)), "text": effect.text},
                rule="1.5.1",
            )
        )
    return state, events


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
