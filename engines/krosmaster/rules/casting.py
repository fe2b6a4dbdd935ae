"""Casting a spell: the eight steps of 7.2 (attack), 7.3 (heal) and 7.4 (special)."""

from __future__ import annotations

from dataclasses import dataclass

from engines.core import Dice, Event
from engines.core.model import replace
from engines.krosmaster.content.schema import (
    Effect,
    EffectKind,
    Element,
    Power,
    SpellDef,
    SpellKind,
)
from engines.krosmaster.effects.handlers import INTERPRETER
from engines.krosmaster.effects.steps import Aim, script
from engines.krosmaster.errors import illegal
from engines.krosmaster.geometry import (
    Facing,
    Square,
    Zone,
    adjacent,
    aligned,
    clip,
    facings,
    label,
    zone_squares,
)
from engines.krosmaster.names import known, local_name
from engines.krosmaster.rules import faces
from engines.krosmaster.rules.board import (
    chosen_order,
    group_lasting,
    has_power,
    lasting,
    max_hp,
    on_board,
    replace_unit,
)
from engines.krosmaster.rules.faces import Face
from engines.krosmaster.rules.state import (
    LastAction,
    LastHit,
    Pending,
    PendingKind,
    Phase,
    State,
    Unit,
)
from engines.krosmaster.rules.targeting import (
    ELEMENT_POWER,
    check_cast,
    in_enemy_territory,
    legal_targets,
    spells_of,
    target_key,
    unit_targets,
)
from engines.krosmaster.rules.units import is_down, knock_out, wound

RESIST: dict[Element, Power] = {
    Element.WATER: Power.RESIST_WATER,
    Element.AIR: Power.RESIST_AIR,
    Element.EARTH: Power.RESIST_EARTH,
    Element.FIRE: Power.RESIST_FIRE,
}


@dataclass
class Cast:
    """Working data of one spell as it resolves."""

    caster: Unit
    spell: SpellDef
    main: Square
    facing: Facing | None
    squares: list[Square]
    effects: tuple[Effect, ...]
    targets: tuple[str, ...] = ()  # unit ids fixed at step 2 (7.2.3)

    def units(self, state: State) -> list[Unit]:
        """The step-2 targets still in the arena (a pushed target stays a target)."""
        return [state.unit(u) for u in self.targets if state.unit(u).pos is not None]


def choose_facing(caster: Unit, spell: SpellDef, square: Square, text: str) -> Facing | None:
    """The spell's orientation (4.16.3); an exact diagonal needs the caster's choice."""
    assert caster.pos is not None
    options = facings(caster.pos, square)
    if not options:
        return None
    if text.strip():
        wanted = next((f for f in Facing if f.value == text.strip().lower()), None)
        if wanted not in options:
            raise illegal(
                "bad_facing",
                "That facing does not point at the target.",
                "4.16.3",
                options=", ".join(f.value for f in options),
            )
        return wanted
    if len(options) > 1 and spell.zone.oriented:
        raise illegal(
            "need_facing",
            "Choose the spell's facing.",
            "4.16.3",
            options=", ".join(f.value for f in options),
        )
    return options[0]


def cast_squares(
    state: State, caster: Unit, spell: SpellDef, square: Square, facing: Facing | None
) -> list[Square]:
    """The targeted square first, then the rest of the zone (4.16) inside the arena."""
    zone = [square, *zone_squares(spell.zone, square, facing)]
    if spell.zone is Zone.MULTIPLE:  # 7.2.3.c: every other square it could have targeted
        zone += legal_targets(state, caster, spell)
    return clip(zone, state.arena.width, state.arena.height)


def cast(
    state: State, caster_id: str, spell: SpellDef, square: Square, facing_text: str, dice: Dice
) -> tuple[State, list[Event]]:
    """Check 7.1 and resolve steps 1–7; step 8 effects are queued in ``state.pending``."""
    caster = state.unit(caster_id)
    check_cast(state, caster, spell, square)
    facing = choose_facing(caster, spell, square, facing_text)
    gated = (spell.tracking and not (caster.pos and aligned(caster.pos, square))) or (
        spell.invasion and not in_enemy_territory(state, caster)
    )  # 7.5.21–7.5.22: effects only when the keyword's condition holds
    squares = cast_squares(state, caster, spell, square, facing)
    c = Cast(caster, spell, square, facing, squares, () if gated else spell.effects)
    events = [
        Event(
            "krosmaster.event.cast",
            {
                "unit": local_name(state.fig(caster)),
                "spell": local_name(spell),
                "square": label(square),
            },
            rule="7",
        )
    ]
    state = _record_use(state, caster, spell, square)
    last = LastAction(
        unit=caster_id, target=square, zone=tuple(c.squares[1:]), spell=spell.id, origin=caster.pos
    )
    state = replace(state, last=last)
    # Step 1 — costs (7.2.2); a wound cost is not "inflicted" (4.10.6.c).
    me = state.unit(caster_id)
    state = replace_unit(state, replace(me, ap=me.ap - spell.ap, mp=me.mp - spell.mp))
    state, _ = wound(state, caster_id, spell.wounds)
    state, more = knock_outs(state)  # 7.2.2.b
    events += more
    if state.phase is Phase.OVER:
        return state, events
    # Step 2 — the squares and every unit on them become targets (7.2.3).
    c.targets = tuple(u.id for u in unit_targets(state, c.squares))
    # Step 3 — additional effects, in card order (7.2.4.e).
    return _step3(state, c, 0, dice, events)


def _step3(
    state: State, c: Cast, start: int, dice: Dice, events: list[Event]
) -> tuple[State, list[Event]]:
    """Step 3 from effect ``start`` on, then steps 4–7.

    Card text the engine cannot apply pauses the spell right there (1.5.1): the
    rest waits in ``state.suspended`` until the player says it is applied.
    """
    spell = c.spell
    aim = Aim(c.caster.id, spell, c.main, c.facing, tuple(c.squares), c.targets)
    state, run = INTERPRETER.run(state, script(c.effects, start), aim, None, events)
    if run.suspended:  # card text to apply first: ``state.suspended`` says where to go on
        return state, events
    state, more = knock_outs(state)  # 7.2.4.d
    events += more
    if state.phase is Phase.OVER or spell.kind is SpellKind.SPECIAL:  # 7.4.2: no steps 4–7
        return state, events
    return _roll_and_wound(state, c, dice, events)


def resume(state: State, dice: Dice) -> tuple[State, list[Event]]:
    """Go on with a spell paused for card text (1.5.1), from its next effect."""
    pause = state.suspended
    assert pause is not None
    state = replace(state, suspended=None)
    caster = state.unit(pause.caster)
    spell = next(s for s in spells_of(state, caster) if s.id == pause.spell)
    c = Cast(caster, spell, pause.main, pause.facing, list(pause.squares), spell.effects)
    c.targets = pause.targets
    return _step3(state, c, pause.next_effect, dice, [])


def _record_use(state: State, caster: Unit, spell: SpellDef, square: Square) -> State:
    return replace_unit(
        state,
        replace(
            caster,
            cast_this_turn=(*caster.cast_this_turn, spell.id),
            targets_this_turn=(
                *caster.targets_this_turn,
                f"{spell.id}>{target_key(state, square)}",
            ),
            cast_this_game=(*caster.cast_this_game, spell.id),
            boost_spells=(),  # 4.7.5.a: a boost's spell is cast now, or lost to this one
        ),
    )


def crit_dice(state: State, caster: Unit, spell: SpellDef) -> int:
    """1 die, +1 Critical, +1 element power; never more than 1 for neutral (4.10.3.b)."""
    # 4.18.4: lasting, group and static changes of the crit dice ("crit" stat).
    change = lasting(caster, "crit") + group_lasting(state, caster, "crit")
    if spell.element is Element.NEUTRAL:
        return max(0, min(1, 1 + change))
    count = 1 + has_power(state, caster, Power.CRITICAL) + change
    power = ELEMENT_POWER.get(spell.element)
    return max(0, count + (1 if power and has_power(state, caster, power) else 0))


def armour_dice(state: State, target: Unit, spell: SpellDef, piercing: bool) -> int:
    """1 die, +1 Armour, +1 element power, −1 armour piercing (7.2.6)."""
    count = 1 + has_power(state, target, Power.ARMOUR)
    count += lasting(target, "armour") + group_lasting(state, target, "armour")  # 4.18.4
    power = ELEMENT_POWER.get(spell.element)
    count += 1 if power and has_power(state, target, power) else 0
    return max(0, count - (1 if piercing else 0))


def _bonus(state: State, c: Cast, target: Unit, kind: EffectKind) -> int:
    """Bonus damage or heal from the spell's effects and from boosts of its element."""
    boosts = [e for e in c.caster.boost if e.element in (None, c.spell.element)]
    total = 0
    for e in (*c.effects, *boosts):
        if e.kind is kind:
            count = _adjacent_count(state, target, e.per_adjacent) if e.per_adjacent else 1
            if e.if_adjacent:  # "when a Gobball is adjacent to the target": once
                count = min(1, _adjacent_count(state, target, e.if_adjacent))
            total += e.amount * count
    return total


def _adjacent_count(state: State, target: Unit, kind: str) -> int:
    """Units named or typed ``kind`` next to the target, friend or foe (4.18.9)."""
    if target.pos is None:
        return 0
    wanted = kind.lower()
    return sum(
        1
        for u in on_board(state)
        if u.pos is not None
        and adjacent(u.pos, target.pos)
        and (wanted in known(state.fig(u)) or wanted in (t.lower() for t in state.fig(u).types))
    )


def damage(state: State, c: Cast, target: Unit, crits: int, armours: int) -> int:
    """The total of 7.2.7.c, floored at 0 (7.2.7.d)."""
    modifier = 1 if crits > armours else -1 if armours > crits else 0  # 7.2.7.b
    total = c.spell.amount + _bonus(state, c, target, EffectKind.BONUS_DAMAGE) + modifier
    # 4.18.4: lasting damage changes the caster had when the spell was cast (4.18.3.d: one
    # its own step 3 applies is for the *next* cast).
    total += lasting(c.caster, "damage", c.spell.id)
    total += group_lasting(state, c.caster, "damage", c.spell.id)  # 4.18.4.c
    if c.spell.element is not Element.NEUTRAL:
        if has_power(state, target, Power.IMMUNE):  # 4.9.12
            return 0
        resist = RESIST[c.spell.element]
        if has_power(state, target, resist) or has_power(state, target, Power.RESIST_ALL):
            total -= 1
    return max(0, total)


def _roll_and_wound(
    state: State, c: Cast, dice: Dice, events: list[Event]
) -> tuple[State, list[Event]]:
    caster = state.unit(c.caster.id)
    # Step 4 — one crit test for every target (7.2.5, 4.16.2).
    crits, _ = faces.successes(
        dice, crit_dice(state, caster, c.spell), Face.CRIT, "critical test (7.2.5)"
    )
    events.append(Event("krosmaster.event.crit", {"count": crits}, rule="7.2.5"))
    targets = [t for t in c.units(state) if max_hp(state, t) > 0]
    piercing = any(e.kind is EffectKind.ARMOUR_PIERCING for e in c.effects)
    placed_total = 0
    hits: list[LastHit] = []  # for the render's caption of the last action
    if c.spell.kind is SpellKind.HEAL:
        for t in targets:  # 7.3.2: no armour test; +1 per crit success at least once
            amount = c.spell.amount + _bonus(state, c, t, EffectKind.BONUS_HEAL)
            amount += (1 if has_power(state, caster, Power.HEALER) else 0) + (1 if crits else 0)
            before = state.unit(t.id).wounds
            state = replace_unit(state, replace(state.unit(t.id), wounds=max(0, before - amount)))
            healed = before - state.unit(t.id).wounds
            hits.append(LastHit(t.id, healed=healed))
            events.append(
                Event(
                    "krosmaster.event.healed",
                    {"unit": local_name(state.fig(t)), "count": healed},
                    rule="4.10.5",
                )
            )
    else:
        # Steps 5–7: an armour test per target, damage, wounds capped at HP (4.10.4).
        for t in targets:
            armours, _ = faces.successes(
                dice, armour_dice(state, t, c.spell, piercing), Face.ARMOUR, "armour test (7.2.6)"
            )
            dealt = damage(state, c, t, crits, armours)
            state, placed = wound(state, t.id, dealt, source=caster.id)
            placed_total += placed
            hits.append(LastHit(t.id, wounds=placed, armour=armours))
            events.append(
                Event(
                    "krosmaster.event.damage",
                    {
                        "unit": local_name(state.fig(t)),
                        "armour": armours,
                        "damage": dealt,
                        "wounds": placed,
                    },
                    rule="7.2.7",
                )
            )
            counter = has_power(state, t, Power.COUNTER_ATTACK)
            # 4.9.15: during an opponent's turn, wounds from an opposing unit.
            enemy = not state.allied(t.owner, caster.owner)
            if placed and counter and enemy and not state.allied(t.owner, state.active_player):
                state = queue(state, Pending(PendingKind.COUNTER_ATTACK, t.id, caster.id, 1))
    if state.last.unit == c.caster.id and state.last.spell == c.spell.id:
        state = replace(state, last=replace(state.last, crits=crits, hits=tuple(hits)))
    if c.caster.boost:  # 4.7.5.a: the next spell consumes the boost
        state = replace_unit(state, replace(state.unit(caster.id), boost=()))
    state = use_up(state, c.caster, c.spell.id)
    if placed_total and any(e.kind is EffectKind.LIFESTEAL for e in c.effects):
        state = queue(state, Pending(PendingKind.LIFESTEAL, caster.id, caster.id, placed_total))
    state, more = knock_outs(state)  # 7.2.8.c
    return state, events + more


def use_up(state: State, before: Unit, spell: str) -> State:
    """4.18.3.d: "the next damage" of a spell: each ``once`` change the caster had when
    casting is used up; one added by this very cast stays for the next."""
    spent = [
        x for x in before.lasting if x.once and x.stat == "damage" and x.spell in (None, spell)
    ]
    if not spent:
        return state
    left = list(state.unit(before.id).lasting)
    for x in spent:
        if x in left:
            left.remove(x)
    return replace_unit(state, replace(state.unit(before.id), lasting=tuple(left)))


def queue(state: State, item: Pending) -> State:
    return replace(state, pending=(*state.pending, item))


def knock_outs(state: State) -> tuple[State, list[Event]]:
    """Remove every unit whose wounds reach its HP; stop at a victory (7.2.2.b, 7.2.8.c)."""
    events: list[Event] = []
    for u in chosen_order(state, list(on_board(state))):  # 4.18.3.b
        if state.phase is Phase.OVER:
            break
        if is_down(state, u.id):
            state, more = knock_out(state, u.id)
            events += more
    return state, events


def explode(state: State, bomb_id: str, square: Square, dice: Dice) -> tuple[State, list[Event]]:
    """A bomb's Explosion (4.19.5.d): its personal spell from the square it stood on.

    Cast because the bomb was knocked out, so it has no prerequisites or costs
    (4.8.2); as a pending effect it has no step 8 of its own (7.2.9.d): new
    pending effects join the single queue. A trap's Estalo (4.19.7) resolves here too.
    """
    bomb = state.unit(bomb_id)
    spell = state.fig(bomb).spells[0]
    w, h = state.arena.width, state.arena.height
    squares = clip([square, *zone_squares(spell.zone, square, None)], w, h)
    c = Cast(bomb, spell, square, None, squares, spell.effects)
    c.targets = tuple(u.id for u in unit_targets(state, squares))
    events = [
        Event(
            "krosmaster.event.cast",
            {
                "unit": local_name(state.fig(bomb)),
                "spell": local_name(spell),
                "square": label(square),
            },
            rule="4.19.5",
        )
    ]
    last = LastAction(unit=bomb_id, target=square, zone=tuple(squares[1:]), spell=spell.id)
    state = replace(state, last=last)
    # Steps 3–7 as for any spell: card text pauses it like a caster's (1.5.1).
    return _step3(state, c, 0, dice, events)
