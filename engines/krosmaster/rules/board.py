"""Questions about the arena as it stands: who is where, what blocks what."""

from __future__ import annotations

from engines.core.model import replace
from engines.krosmaster.content.schema import (
    Condition,
    Gear,
    Power,
    PowerDef,
    RewardDef,
    RewardKind,
)
from engines.krosmaster.geometry import Square, adjacent, in_grid, line_of_sight, neighbours
from engines.krosmaster.names import known
from engines.krosmaster.rules.faces import Face
from engines.krosmaster.rules.state import RuleChange, State, Unit

#: Inspiration dice grant powers (5.3.1).
INSPIRED: dict[Face, Power] = {
    Face.CRIT: Power.CRITICAL,
    Face.ARMOUR: Power.ARMOUR,
    Face.DODGE: Power.DODGE,
    Face.LOCK: Power.LOCK,
}


def on_board(state: State) -> list[Unit]:
    """Units currently in the arena."""
    return [u for u in state.units if u.pos is not None and not u.ko]


def units_at(state: State, square: Square) -> list[Unit]:
    """Every unit on a square (a trap may share a square with a character)."""
    return [u for u in on_board(state) if u.pos == square]


def revealed_rewards(state: State, unit: Unit) -> list[RewardDef]:
    """Face-up buffs and equipment on the card (boosts are used up when revealed)."""
    return [state.rewards[h.reward] for h in unit.rewards if h.revealed]


def has_power(state: State, unit: Unit, power: Power) -> bool:
    """Printed powers, inspiration dice, revealed rewards, gained powers and the auras of
    adjacent units (4.9.1: never had twice) — none while it has lost its powers (4.18.4.g)."""
    if lost_power(state, unit, power):
        return False
    printed = state.fig(unit).powers
    if any(p.power is power and not p.aura and gate_open(state, unit, p) for p in printed):
        return True
    if unit.pos is not None and _aura_gives(state, unit, power):
        return True
    if any(power in r.powers for r in revealed_rewards(state, unit)):
        return True
    if power in unit.gained:  # 1.3.10.a: until the end of the fight
        return True
    return any(INSPIRED.get(f) is power for f in unit.inspiration)


def _aura_gives(state: State, unit: Unit, power: Power) -> bool:
    """4.18.4.e: applied whenever the condition holds — a neighbour's aura of that power."""
    assert unit.pos is not None
    for other in state.units:
        if other.pos is None or other.id == unit.id or not adjacent(other.pos, unit.pos):
            continue
        if lost_power(state, other, power):  # a bearer without it gives no aura (4.18.4.g)
            continue
        side = "allies" if state.allied(other.owner, unit.owner) else "enemies"
        for p in state.fig(other).powers:
            if p.power is power and p.aura in (side, "all") and gate_open(state, other, p):
                return True
    return False


ALLIES = frozenset({"aliado", "ally", "alleato"})
GATE_TYPES = {
    "retribution": ALLIES | {"justiceiro", "justicier", "giustiziere"},  # 4.9.19
    "revenge": ALLIES | {"vilão", "vilao", "villain", "cattivo"},  # 4.9.20
}


def gate_met(state: State, owner: int, gate: str, count: int) -> bool:
    """At least ``count`` enemy Allies or Justiciers/Villains in the arena (4.9.19–4.9.20)."""
    wanted = GATE_TYPES[gate]
    enemies = [
        u
        for u in on_board(state)
        if not state.allied(u.owner, owner) and any(t.lower() in wanted for t in state.fig(u).types)
    ]
    return len(enemies) >= count


def gate_open(state: State, unit: Unit, power: PowerDef) -> bool:
    """A printed power counts unless it follows Retribuição/Revanche X not met now, or its
    condition does not hold now (4.18.4.e)."""
    if power.gate and not gate_met(state, unit.owner, power.gate, power.gate_count):
        return False
    return power.condition is None or condition_holds(state, unit, power.condition)


def condition_holds(state: State, unit: Unit, c: Condition) -> bool:
    """4.18.4.e: is the static effect's condition met right now (for ``unit``, its bearer)?"""
    if c.wounds_at_least and unit.wounds < c.wounds_at_least:
        return False
    if c.wounds_below and unit.wounds >= c.wounds_below:
        return False
    if c.turn == "own" and state.active_player != unit.owner:
        return False
    if c.turn == "other" and state.active_player == unit.owner:
        return False
    if c.turn == "active" and state.active_unit != unit.id:
        return False
    if c.adjacent:
        if unit.pos is None:
            return False
        wanted = c.adjacent.strip().lower()
        for other in on_board(state):
            if other.id == unit.id or other.pos is None or not adjacent(other.pos, unit.pos):
                continue
            side = "allies" if state.allied(other.owner, unit.owner) else "enemies"
            fig = state.fig(other)
            named = wanted in {t.lower() for t in fig.types} or wanted in known(fig)
            if named and c.side in (side, "all"):
                return True
        return False
    return True


def static_change(state: State, unit: Unit, stat: str) -> int:
    """4.18.4.a/e: the card's static changes of ``stat`` whose condition holds now — none
    while the unit has lost its powers (4.18.4.g: the loss has priority)."""
    changes = [p for p in state.fig(unit).powers if p.stat == stat]
    if not changes or powerless(state, unit):
        return 0
    return sum(p.amount for p in changes if gate_open(state, unit, p))


def powerless(state: State, unit: Unit) -> bool:
    """4.18.4.g: a unit that lost its powers (Kriss's Fraude), by itself or with its group
    (4.18.4.c), has none, whatever else would give it one — printed, gained, inspired,
    equipment or a neighbour's aura."""
    return lost_power(state, unit, None)


def lost_power(state: State, unit: Unit, power: Power | None) -> bool:
    """Has the unit lost ``power`` (None: all its powers) by a lasting change of its own or
    of a group it belongs to (4.18.4.g, 4.18.4.c)? Losing all of them loses each one."""
    names = ("", power.value) if power is not None else ("",)
    if any(x.stat == "powers" and x.power in names for x in unit.lasting):
        return True
    return any(
        r.stat == "powers" and r.power in names and group_reaches(state, unit, r)
        for r in state.rule_changes
    )


def group_reaches(state: State, unit: Unit, r: RuleChange) -> bool:
    """Is the unit in the group of the change (4.18.4.c), read from the change's seat?"""
    side = "allies" if state.allied(unit.owner, r.seat) else "enemies"
    if r.side not in (side, "all"):
        return False
    kind = "krosmasters" if is_krosmaster(state, unit) else "summons"
    if r.of:  # "your Tofus": a type on the card (2.2) or the figure's name
        fig = state.fig(unit)
        wanted = r.of.strip().lower()
        if wanted not in {t.lower() for t in fig.types} and wanted not in known(fig):
            return False
    return r.who in (kind, "units")


def lasting(unit: Unit, stat: str, spell: str | None = None) -> int:
    """Sum of the unit's continuous changes of ``stat`` (4.18.4); damage ones may name a spell."""
    return sum(x.amount for x in unit.lasting if x.stat == stat and x.spell in (None, spell))


def group_lasting(state: State, unit: Unit, stat: str, spell: str | None = None) -> int:
    """4.18.4.c–d: the match's group changes of ``stat`` that reach this unit now — also a
    unit that entered play after the change began; damage ones may name one spell."""
    total = static_change(state, unit, stat)  # 4.18.4.a/e: the card's own, while they hold
    for r in state.rule_changes:
        if r.stat == stat and r.spell in (None, spell) and group_reaches(state, unit, r):
            total += r.amount
    return total


def max_hp(state: State, unit: Unit) -> int:
    """The unit's current HP: the card's, changed by lasting effects (4.18.4).

    A unit printed without HP (a trap) never gets any; one with HP keeps at least 1, so a
    lowered HP knocks out a unit whose wounds reach it (4.10.2) but never makes it a trap.
    """
    base = state.fig(unit).hp
    if base <= 0:
        return 0
    return max(1, base + lasting(unit, "hp") + group_lasting(state, unit, "hp"))


def max_ap(state: State, unit: Unit) -> int | None:
    """The AP characteristic, raised by revealed equipment (4.7.5.c) and lasting effects
    (4.18.4); None for a dash."""
    base = state.fig(unit).ap
    if base is None:
        return None
    gear = sum(r.ap for r in revealed_rewards(state, unit) if r.kind is RewardKind.EQUIPMENT)
    return max(0, base + gear + lasting(unit, "ap") + group_lasting(state, unit, "ap"))


def max_mp(state: State, unit: Unit) -> int | None:
    """The MP characteristic, raised by revealed equipment (4.7.5.c) and lasting effects
    (4.18.4); None for a dash."""
    base = state.fig(unit).mp
    if base is None:
        return None
    gear = sum(r.mp for r in revealed_rewards(state, unit) if r.kind is RewardKind.EQUIPMENT)
    return max(0, base + gear + lasting(unit, "mp") + group_lasting(state, unit, "mp"))


def equipment_range(state: State, unit: Unit) -> int:
    """Range bonus of revealed equipment for variable spells (4.7.5.c)."""
    return sum(r.range for r in revealed_rewards(state, unit) if r.kind is RewardKind.EQUIPMENT)


def techniques(state: State, unit: Unit) -> int:
    """Revealed Techniques: each lowers the Punch's cost by 1 AP (4.7.11.f)."""
    return sum(1 for r in revealed_rewards(state, unit) if r.gear is Gear.TECHNIQUE)


def is_character(state: State, unit: Unit) -> bool:
    """Units with an MP characteristic are characters; the rest mechanisms (4.3.4)."""
    return state.fig(unit).mp is not None


def is_krosmaster(state: State, unit: Unit) -> bool:
    """Krosmasters have a level card; summons do not (4.3.3)."""
    return not state.fig(unit).summon


def is_bomb(state: State, unit: Unit) -> bool:
    """Summons of the Bomb family (4.19.2.a), which explode when knocked out (4.19.5)."""
    fig = state.fig(unit)
    return fig.summon and any(t.lower() in ("bomb", "bomba") for t in fig.types)


def is_trap(state: State, unit: Unit) -> bool:
    """Summons of the Trap family (4.19.2.b)."""
    fig = state.fig(unit)
    return fig.summon and any(t.lower() in ("trap", "armadilha") for t in fig.types)


def is_tombstone(state: State, unit: Unit) -> bool:
    """Tombstones (4.19.8): mechanisms with Profanação (4.9.31)."""
    fig = state.fig(unit)
    return fig.summon and any(
        t.lower() in ("tombstone", "lápide", "lapide", "túmulo") for t in fig.types
    )


def is_obstacle_unit(state: State, unit: Unit) -> bool:
    """Characters, bombs and towers are obstacles (4.17.4, 4.19.5.b, 4.19.6.b); traps
    (4.19.7.b) and tombstones (4.19.8.b) are not."""
    return not (is_trap(state, unit) or is_tombstone(state, unit))


def profaned_at(state: State, square: Square) -> Unit | None:
    """A unit with Profanação on a square, if any (4.9.31)."""
    return next(
        (u for u in units_at(state, square) if has_power(state, u, Power.PROFANATION)), None
    )


def trap_at(state: State, square: Square) -> Unit | None:
    """The trap lying on a square, if any."""
    return next((u for u in units_at(state, square) if is_trap(state, u)), None)


def scenery_obstacle(state: State, square: Square) -> bool:
    """Trees and bushes are impassable (4.17.5.a–b); boxes are free (4.17.5.c)."""
    return square in state.arena.trees or square in state.arena.bushes


def is_free(state: State, square: Square) -> bool:
    """A free square: on the grid, no tree, bush or obstacle unit (4.17.3–4.17.4)."""
    if not in_grid(square, state.arena.width, state.arena.height):
        return False
    if scenery_obstacle(state, square):
        return False
    return not any(is_obstacle_unit(state, u) for u in units_at(state, square))


def blocks_sight(state: State, square: Square) -> bool:
    """4.15.9.a–b: Krosmasters (unless Peketito), Estorvo summons and trees block."""
    if square in state.arena.trees:
        return True
    for u in units_at(state, square):
        if has_power(state, u, Power.PEKETITO):
            continue
        if is_krosmaster(state, u) or has_power(state, u, Power.OBSTRUCT):
            return True
    return False


def sight(state: State, a: Square, b: Square) -> bool:
    """Line of sight between two squares (4.15.9)."""
    return line_of_sight(a, b, lambda s: blocks_sight(state, s))


def adjacent_enemy_characters(state: State, unit: Unit) -> list[Unit]:
    """Enemy characters next to ``unit``, in timeline order (4.14.1)."""
    if unit.pos is None:
        return []
    around = set(neighbours(unit.pos, state.arena.width, state.arena.height))
    order = {uid: i for p in state.players for i, uid in enumerate(p.timeline)}
    found = [
        u
        for u in on_board(state)
        if not state.allied(u.owner, unit.owner) and u.pos in around and is_character(state, u)
    ]
    return chosen_order(state, sorted(found, key=lambda u: (u.owner, order.get(u.id, 99))))


def chosen_order(state: State, units: list[Unit]) -> list[Unit]:
    """``units`` with those the active player put in ``state.order`` first, in that order.

    4.14.2.b (which adjacent enemy tests lock next) and 4.18.3.b (simultaneous
    effects such as knock-outs) leave the order to the active player; the rest
    keep their default order.
    """
    rank = {uid: i for i, uid in enumerate(state.order)}
    return sorted(units, key=lambda u: rank.get(u.id, len(rank)))


def replace_unit(state: State, unit: Unit) -> State:
    """The state with ``unit`` swapped in for the unit of the same id."""
    return replace(state, units=tuple(unit if u.id == unit.id else u for u in state.units))
