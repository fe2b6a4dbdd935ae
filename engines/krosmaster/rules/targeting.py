"""Which spells a unit has and where it may cast them: the prerequisites of 7.1."""

from __future__ import annotations

from engines.core import EngineError
from engines.krosmaster.content.schema import (
    Element,
    Limit,
    Power,
    RangeKind,
    RewardKind,
    SpellDef,
    punch,
)
from engines.krosmaster.errors import illegal, invalid
from engines.krosmaster.geometry import Square, adjacent, aligned, distance, label
from engines.krosmaster.names import known, local_name
from engines.krosmaster.rules.board import (
    equipment_range,
    group_lasting,
    is_krosmaster,
    lasting,
    max_hp,
    on_board,
    revealed_rewards,
    sight,
    techniques,
    units_at,
)
from engines.krosmaster.rules.state import State, Unit

#: Powers adding a die to crit tests with, and armour tests against, an element (4.9.21–24).
ELEMENT_POWER: dict[Element, Power] = {
    Element.WATER: Power.LUCK,
    Element.AIR: Power.AGILITY,
    # 4.9.23 prints ÁGUA for Força's armour bonus, but 7.2.6.b ties each power to its
    # own element; Força is the EARTH power (see docs/krosmaster.md).
    Element.EARTH: Power.STRENGTH,
    Element.FIRE: Power.INTELLIGENCE,
}


def spells_of(state: State, unit: Unit) -> list[SpellDef]:
    """The card's spells, face-up equipment's spells, a just revealed boost's spell
    (4.7.5.a), and the Punch (4.8.5) with the revealed Techniques' effects (4.7.11.e)."""
    spells = list(state.fig(unit).spells)
    if is_krosmaster(state, unit):
        gear = [r for r in revealed_rewards(state, unit) if r.kind is RewardKind.EQUIPMENT]
        known = {s.id for s in spells}
        # 4.7.5.c: a face-up equipment's spells are the Krosmaster's until the end.
        spells += [s for r in gear for s in r.spells if s.id not in known]
        # 4.7.5.a: a revealed boost's spell, until another spell is cast or the turn ends.
        known = {s.id for s in spells}
        boosts = [state.rewards[r] for r in unit.boost_spells if r in state.rewards]
        spells += [s for r in boosts for s in r.spells if s.id not in known]
        extra = tuple(e for r in gear for e in r.punch)  # 4.7.11.e
        spells.append(punch(techniques(state, unit), extra))
    return spells


def find_spell(state: State, unit: Unit, text: str) -> SpellDef:
    """A spell of the unit by id or name (case-insensitive)."""
    wanted = text.strip().lower()
    for spell in spells_of(state, unit):
        if wanted == spell.id.lower() or wanted in known(spell):
            return spell
    raise invalid("unknown_spell", f"{state.fig(unit).name} has no spell {text!r}.", spell=text)


def max_range(state: State, unit: Unit, spell: SpellDef) -> int:
    """Max range with range tokens (4.12.1) and a box (4.17.5.c) on variable spells."""
    if not spell.variable:
        return spell.range_max
    on_box = 1 if unit.pos in state.arena.boxes else 0
    gear = equipment_range(state, unit) + lasting(unit, "range")  # 4.18.4
    gear += group_lasting(state, unit, "range")  # 4.18.4.c
    return max(0, spell.range_max + unit.range_bonus + on_box + gear)


def in_range(state: State, unit: Unit, spell: SpellDef, square: Square) -> bool:
    """Range of 4.15.2–4.15.7, ignoring line of sight."""
    assert unit.pos is not None
    kind = spell.range_kind
    if kind is RangeKind.PERSONAL:
        return square == unit.pos
    if kind is RangeKind.MELEE:
        return adjacent(unit.pos, square)
    d = distance(unit.pos, square)
    if not spell.range_min <= d <= max_range(state, unit, spell):
        return False
    return kind is not RangeKind.LINE or aligned(unit.pos, square)


def reaches(state: State, unit: Unit, spell: SpellDef, square: Square) -> bool:
    """In range and, unless the spell ignores it, in line of sight (7.1.5–7.1.6)."""
    if not in_range(state, unit, spell, square):
        return False
    if spell.range_kind in (RangeKind.NO_LOS, RangeKind.PERSONAL):
        return True
    assert unit.pos is not None
    return sight(state, unit.pos, square)


def target_key(state: State, square: Square) -> str:
    """What "per target" counts (4.8.3 purple): the unit on the square, else the square."""
    found = units_at(state, square)
    return found[0].id if found else label(square)


def check_limits(state: State, unit: Unit, spell: SpellDef, square: Square) -> None:
    """7.1.3: once per turn, once per turn per target, once per game."""
    if spell.limit is Limit.PER_TURN and spell.id in unit.cast_this_turn:
        raise illegal(
            "limit_turn",
            "This spell was already cast this turn.",
            "7.1.3.a",
            spell=local_name(spell),
        )
    if spell.limit is Limit.PER_TARGET and (
        f"{spell.id}>{target_key(state, square)}" in unit.targets_this_turn
    ):
        raise illegal(
            "limit_target",
            "Already cast on that target this turn.",
            "7.1.3.b",
            spell=local_name(spell),
        )
    if spell.limit is Limit.PER_GAME and spell.id in unit.cast_this_game:
        raise illegal(
            "limit_game",
            "This spell was already used this game.",
            "7.1.3.c",
            spell=local_name(spell),
        )


def check_costs(state: State, unit: Unit, spell: SpellDef) -> None:
    """7.1.4: enough AP and MP in the gauges, room for the wound cost."""
    if unit.ap < spell.ap:
        raise illegal("cost_ap", "Not enough AP.", "7.1.4.a", need=spell.ap, have=unit.ap)
    if unit.mp < spell.mp:
        raise illegal("cost_mp", "Not enough MP.", "7.1.4.b", need=spell.mp, have=unit.mp)
    room = max_hp(state, unit) - unit.wounds
    if room < spell.wounds:
        raise illegal("cost_wounds", "Cannot take the wound cost.", "7.1.4.c", need=spell.wounds)


def check_cast(state: State, unit: Unit, spell: SpellDef, square: Square) -> None:
    """Every prerequisite of 7.1; raises the first one broken."""
    check_limits(state, unit, spell, square)
    check_costs(state, unit, spell)
    if not in_range(state, unit, spell, square):
        raise illegal("out_of_range", "The square is out of range.", "7.1.5", square=label(square))
    if not reaches(state, unit, spell, square):
        raise illegal("no_sight", "No line of sight to the square.", "7.1.6", square=label(square))


def legal_targets(state: State, unit: Unit, spell: SpellDef) -> list[Square]:
    """Every square the spell may target now (for autocomplete and previews)."""
    if unit.pos is None:
        return []
    out = []
    for y in range(state.arena.height):
        for x in range(state.arena.width):
            try:
                check_cast(state, unit, spell, (x, y))
            except EngineError:  # any refusal just means "not a target"
                continue
            out.append((x, y))
    return out


def in_enemy_territory(state: State, unit: Unit) -> bool:
    """4.20.1: the five rows on the side where an opponent deployed (with four players,
    any opponent's side; a side on the left or right edge counts five columns)."""
    if unit.pos is None:
        return False
    for seat, starts in enumerate(state.arena.starts):
        if seat >= len(state.players) or state.allied(seat, unit.owner) or not starts:
            continue
        if _from_edge(state, starts, unit.pos) < 5:
            return True
    return False


def _from_edge(state: State, starts: tuple[Square, ...], square: Square) -> int:
    """How many rows (or columns) ``square`` lies from the edge the starting squares are on."""
    w, h = state.arena.width, state.arena.height
    cx = sum(x for x, _ in starts) / len(starts)
    cy = sum(y for _, y in starts) / len(starts)
    x, y = square
    edges = [(cy, y), (h - 1 - cy, h - 1 - y), (cx, x), (w - 1 - cx, w - 1 - x)]
    return min(edges, key=lambda e: e[0])[1]


def unit_targets(state: State, squares: list[Square]) -> list[Unit]:
    """Units on the targeted squares, in square order (7.2.3)."""
    return [u for sq in squares for u in on_board(state) if u.pos == sq]
