"""Activation requirements on the Final Dice Result ("Requisito de Ativação").

Symbols count dice faces through the hero's die legend; straights and
"n-of-a-kind" look at the numbers, not the symbols ("Referências rápidas":
2/3/4/5-de um tipo, Pequena/Grande Sequência).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import partial
from itertools import combinations_with_replacement

from engines.dicethrone.content import Ability, Hero, Requirement, Variant

#: A die read as blank (Raveness's Hex: the holder's 6s): no symbol, no number.
BLANK = 0


def symbol_counts(hero: Hero, values: Sequence[int]) -> Counter[str]:
    """How many dice show each symbol (a blank die shows none)."""
    return Counter(hero.symbol(v) for v in values if v != BLANK)


def numbers(values: Sequence[int]) -> Counter[int]:
    """How many dice show each number (a blank die shows none)."""
    return Counter(v for v in values if v != BLANK)


def longest_run(values: Sequence[int]) -> int:
    """Length of the longest run of consecutive numbers among the dice."""
    present = set(values) - {BLANK}
    best = 0
    for start in present:
        if start - 1 in present:
            continue
        length = 1
        while start + length in present:
            length += 1
        best = max(best, length)
    return best


def meets(hero: Hero, values: Sequence[int], req: Requirement) -> bool:
    """Whether the dice meet a requirement."""
    counts = symbol_counts(hero, values)
    if any(counts[sym] < need for sym, need in req.symbols.items()):
        return False
    if req.straight and longest_run(values) < req.straight:
        return False
    return not (req.of_a_kind and max(numbers(values).values(), default=0) < req.of_a_kind)


def best_variant(hero: Hero, ability: Ability, level: int, values: Sequence[int]) -> Variant | None:
    """The last-listed (strongest) row of the ability at ``level`` that the dice meet."""
    met = [v for v in ability.levels[level] if meets(hero, values, v.requirement)]
    return met[-1] if met else None


def usable_level(ability: Ability, upgraded: int) -> int:
    """The level printed on the board for this slot given its upgrade (1 if none)."""
    return max(lv for lv in ability.levels if lv <= max(upgraded, 1))


def reachable(
    hero: Hero,
    kept: Sequence[int],
    free: int,
    req: Requirement,
    blanks: frozenset[int] = frozenset(),
) -> bool:
    """Whether re-rolling ``free`` dice next to the ``kept`` values could meet ``req``
    (some faces of the free dice meet it): what the board highlights as still possible.
    Every multiset of faces is tried (at most 252 for five dice); a face in ``blanks``
    lands blank."""
    sides = tuple(BLANK if f in blanks else f for f in range(1, 7))
    return any(
        meets(hero, [*kept, *faces], req) for faces in combinations_with_replacement(sides, free)
    )


def used_dice(hero: Hero, values: Sequence[int], req: Requirement) -> tuple[bool, ...]:
    """Which dice make the requirement (the first that do, left to right): what the
    board marks as the dice behind the activated ability. All False when unmet."""
    if not meets(hero, values, req):
        return tuple(False for _ in values)
    used = [False] * len(values)

    def take(wanted: int, fits: Callable[[int], bool]) -> None:
        for i, v in enumerate(values):
            if wanted and not used[i] and fits(v):
                used[i] = True
                wanted -= 1

    for sym, need in req.symbols.items():
        take(need, partial(_shows, hero, sym))
    if req.straight:
        present = set(values) - {BLANK}
        start = next(
            s for s in sorted(present) if all(s + k in present for k in range(req.straight))
        )
        for number in range(start, start + req.straight):
            take(1, number.__eq__)
    if req.of_a_kind:
        value, _ = numbers(values).most_common(1)[0]
        take(req.of_a_kind, value.__eq__)
    return tuple(used)


def _shows(hero: Hero, symbol: str, value: int) -> bool:
    return value != BLANK and hero.symbol(value) == symbol
