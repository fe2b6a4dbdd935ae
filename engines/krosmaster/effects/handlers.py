"""Step 3 additional effects of 7.5: tokens, forced movement, steals, immediate gains."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

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


@dataclass(frozen=True)
class Aim:
    """Whom and where a spell's effect applies to (7.2.3): the caster, the targets, the
    targeted square, the chosen facing at a diagonal, the zone's other squares and the
    spell's control value (4.19.9)."""

    caster: Unit
    targets: list[Unit]
    main: Square
    facing: Facing | None
    control: int = 0
    zone: tuple[Square, ...] = ()


Result = tuple[State, list[Event]]
#: An additional effect's handler: applies ``effect`` as aimed, returns the new state
#: and the events.
Handler = Callable[[State, Effect, Aim], Result]


def apply_effect(
    state: State,
    caster: Unit,
    effect: Effect,
    targets: list[Unit],
    main: Square,
    facing: Facing | None,
    control: int = 0,
    zone: tuple[Square, ...] = (),
) -> Result:
    """One additional effect of step 3 (7.2.4), applied to every target it names."""
    aim = Aim(caster, targets, main, facing, control, zone)
    return HANDLERS[effect.kind](state, effect, aim)


def _tokens(state: State, effect: Effect, aim: Aim) -> Result:
    """7.5.1–7.5.4: ±X MP or AP tokens on each target."""
    kind, n = effect.kind, effect.amount
    events: list[Event] = []
    for t in aim.targets:
        state, *_ = add_tokens(
            state,
            t.id,
            ap=n if kind is EffectKind.AP else 0,
            mp=n if kind is EffectKind.MP else 0,
        )
        events.append(_evt("tokens", state, t, kind=stat_name(kind.value), amount=n, rule="7.5.1"))
    return state, events


def _steal(state: State, effect: Effect, aim: Aim) -> Result:
    """7.5.12–7.5.13: − tokens on each target, one + token on the caster per − token."""
    is_ap, n = effect.kind is EffectKind.STEAL_AP, effect.amount
    events: list[Event] = []
    for t in aim.targets:
        state, ap_placed, mp_placed = add_tokens(
            state, t.id, ap=-n if is_ap else 0, mp=0 if is_ap else -n
        )
        placed = ap_placed if is_ap else mp_placed
        # 7.5.12–13: one + token on the caster per − token really placed.
        state, *_ = add_tokens(
            state, aim.caster.id, ap=placed if is_ap else 0, mp=0 if is_ap else placed
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
    return state, events


def _gain(state: State, effect: Effect, aim: Aim) -> Result:
    """7.5.14–7.5.15: the caster gains AP or MP at once."""
    is_ap, n = effect.kind is EffectKind.GAIN_AP, effect.amount
    return gain_now(state, aim.caster.id, ap=n if is_ap else 0, mp=0 if is_ap else n), []


def _push_pull(state: State, effect: Effect, aim: Aim) -> Result:
    """7.5.9–7.5.10: each target slides away from (or towards) the caster."""
    caster, events = aim.caster, []
    for t in aim.targets:
        t = state.unit(t.id)
        if t.id == caster.id or t.pos is None or caster.pos is None:
            continue
        if has_power(state, t, Power.INSENSITIVE):
            events.append(_evt("insensitive", state, t, rule="4.9.17"))
            continue
        away = _direction(caster.pos, t.pos, aim.facing)
        if away is None:
            continue
        way = away if effect.kind is EffectKind.PUSH else _opposite(away)
        state, moved, more = slide(state, t, way, effect.amount)
        events.append(
            _evt(
                "pushed",
                state,
                t,
                amount=moved,
                to=label(state.unit(t.id).pos or aim.main),
                rule="7.5.9",
            )
        )
        events += more
    return state, events


def _retreat_approach(state: State, effect: Effect, aim: Aim) -> Result:
    """7.5.16–7.5.17: the caster slides away from (or towards) the targeted square."""
    me, main, events = state.unit(aim.caster.id), aim.main, []
    if me.pos is not None and me.pos != main:
        towards = _direction(me.pos, main, aim.facing)
        if towards is not None:
            way = towards if effect.kind is EffectKind.APPROACH else _opposite(towards)
            state, moved, more = slide(state, me, way, effect.amount)
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
    return state, events


def _summon(state: State, effect: Effect, aim: Aim) -> Result:
    """4.19.9.b–c: as many as the effect says and the control value allows, on the
    targeted square first, then on the zone's squares in order (blocked ones skipped)."""
    if not effect.figure:
        return state, []
    events: list[Event] = []
    placed = 0
    for square in (aim.main, *aim.zone):
        if placed == effect.amount:
            break
        state, more = place_summon(state, aim.caster.id, effect.figure, square, aim.control)
        events += more
        placed += any(e.key == "krosmaster.event.summoned" for e in more)
    return state, events


def _marker(state: State, effect: Effect, aim: Aim) -> Result:
    """4.13: the named marker goes on the first Krosmaster targeted."""
    krosmasters = [t for t in aim.targets if is_krosmaster(state, t)]
    if not krosmasters:
        return state, []
    return place_marker(state, aim.caster, effect.text, krosmasters[0])


def _gain_power(state: State, effect: Effect, aim: Aim) -> Result:
    """1.3.10.a / 4.18.4.f: each target (or the caster) has the power until the end of
    the fight."""
    if effect.power is None:
        return state, []
    events: list[Event] = []
    for t in [aim.caster] if effect.to_caster else aim.targets:
        state, more = gain_power(state, t.id, effect.power)
        events += more
    return state, events


def _lasting(state: State, effect: Effect, aim: Aim) -> Result:
    """4.18.4: a change until the end of the turn or the fight; for a group (4.18.4.c)
    it is recorded once, for the caster's side."""
    if effect.side:
        return add_group_change(state, aim.caster.owner, effect)
    events: list[Event] = []
    for t in [aim.caster] if effect.to_caster else aim.targets:
        state, more = add_lasting(state, t.id, effect)
        events += more
    return state, events


def _manual(state: State, effect: Effect, aim: Aim) -> Result:
    """1.5.1: card text the engine cannot apply; the players apply it (the spell waits)."""
    unit = local_name(state.fig(aim.caster))
    event = Event(
        "krosmaster.event.manual_effect", {"unit": unit, "text": effect.text}, rule="1.5.1"
    )
    return state, [event]


def _elsewhere(state: State, effect: Effect, aim: Aim) -> Result:
    """Effects another step of the spell applies (bonus damage and armour piercing in
    steps 5–6, lifesteal in step 8, bonus heal in 7.3.2.b) or that gate the rest
    (4.9.19–4.9.20): nothing to do in step 3."""
    return state, []


#: The handler of each effect kind: every :class:`EffectKind` has one.
HANDLERS: dict[EffectKind, Handler] = {
    EffectKind.MP: _tokens,
    EffectKind.AP: _tokens,
    EffectKind.STEAL_MP: _steal,
    EffectKind.STEAL_AP: _steal,
    EffectKind.GAIN_MP: _gain,
    EffectKind.GAIN_AP: _gain,
    EffectKind.PUSH: _push_pull,
    EffectKind.PULL: _push_pull,
    EffectKind.RETREAT: _retreat_approach,
    EffectKind.APPROACH: _retreat_approach,
    EffectKind.SUMMON: _summon,
    EffectKind.MARKER: _marker,
    EffectKind.GAIN_POWER: _gain_power,
    EffectKind.LASTING: _lasting,
    EffectKind.MANUAL: _manual,
    EffectKind.BONUS_DAMAGE: _elsewhere,
    EffectKind.ARMOUR_PIERCING: _elsewhere,
    EffectKind.LIFESTEAL: _elsewhere,
    EffectKind.BONUS_HEAL: _elsewhere,
    EffectKind.RETRIBUTION: _elsewhere,
    EffectKind.REVENGE: _elsewhere,
}


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
