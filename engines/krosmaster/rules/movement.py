"""Movement (6.3.2, 4.11.9) and lock tests (4.14)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from engines.core import Dice, Event
from engines.core.model import replace
from engines.krosmaster.content.schema import Power
from engines.krosmaster.effects.traps import spring
from engines.krosmaster.errors import illegal, invalid
from engines.krosmaster.geometry import Square, adjacent, label, neighbours, parse_label
from engines.krosmaster.names import local_name
from engines.krosmaster.rules import faces
from engines.krosmaster.rules.board import (
    adjacent_enemy_characters,
    has_power,
    is_character,
    is_free,
    is_krosmaster,
    on_board,
    replace_unit,
    trap_at,
)
from engines.krosmaster.rules.faces import Face
from engines.krosmaster.rules.state import LastAction, State, Unit
from engines.krosmaster.rules.units import profane


@dataclass(frozen=True)
class Lock:
    """A lock test a walk would meet: on leaving ``square``, these enemies test (4.14.2)."""

    square: Square
    enemies: tuple[str, ...]


def reachable(state: State, unit: Unit) -> dict[Square, int]:
    """Squares the unit could reach with its MP ignoring lock, with their distance."""
    if unit.pos is None:
        return {}
    best = {unit.pos: 0}
    queue = deque([unit.pos])
    while queue:
        here = queue.popleft()
        if best[here] >= unit.mp:
            continue
        for nxt in neighbours(here, state.arena.width, state.arena.height):
            if nxt not in best and is_free(state, nxt):
                best[nxt] = best[here] + 1
                queue.append(nxt)
    del best[unit.pos]
    return best


def shortest_path(state: State, unit: Unit, goal: Square) -> list[Square] | None:
    """A shortest path of free squares; among equals, the one leaving fewest locked squares."""
    assert unit.pos is not None
    width, height = state.arena.width, state.arena.height

    # What adjacent_enemy_characters would find with the unit on ``sq`` (4.14.1),
    # without building a state per square: the other units do not move meanwhile.
    enemies = {
        u.pos
        for u in on_board(state)
        if u.id != unit.id and not state.allied(u.owner, unit.owner) and is_character(state, u)
    }
    memo: dict[Square, int] = {}

    def locked(sq: Square) -> int:
        if sq not in memo:
            memo[sq] = int(any(n in enemies for n in neighbours(sq, width, height)))
        return memo[sq]

    # Dijkstra on (steps, locked squares left) — small grids, so a simple queue is enough.
    start = unit.pos
    cost: dict[Square, tuple[int, int]] = {start: (0, 0)}
    prev: dict[Square, Square] = {}
    frontier = [start]
    while frontier:
        frontier.sort(key=lambda s: cost[s])
        here = frontier.pop(0)
        for nxt in neighbours(here, width, height):
            if not is_free(state, nxt):
                continue
            c = (cost[here][0] + 1, cost[here][1] + locked(here))
            if nxt not in cost or c < cost[nxt]:
                cost[nxt] = c
                prev[nxt] = here
                frontier.append(nxt)
    if goal not in cost or goal == start:
        return None
    path = [goal]
    while path[-1] != start:
        path.append(prev[path[-1]])
    return list(reversed(path[:-1]))


def parse_path(state: State, unit: Unit, action_to: str, path_text: str) -> list[Square]:
    """The squares to walk: an explicit path, or the shortest one to the destination."""
    goal = parse_label(action_to)
    if goal is None:
        raise invalid("bad_square", f"{action_to!r} is not a square.", square=action_to)
    if path_text.strip():
        steps = [parse_label(t) for t in path_text.replace(",", " ").split()]
        if any(s is None for s in steps):
            raise invalid("bad_square", f"{path_text!r} is not a path.", square=path_text)
        path = [s for s in steps if s is not None]
        if path and path[0] == unit.pos:
            path = path[1:]
        if not path or path[-1] != goal:
            path.append(goal)
        return path
    found = shortest_path(state, unit, goal)
    if found is None:
        raise illegal(
            "no_path", "No path of free squares leads there.", "4.17.3", square=label(goal)
        )
    return found


def lock_test(state: State, mover: Unit, dice: Dice) -> tuple[State, list[Event]]:
    """4.14.2 steps 2–5: every adjacent enemy character tests, in timeline order."""
    events: list[Event] = []
    for enemy in adjacent_enemy_characters(state, mover):
        mover = state.unit(mover.id)
        lock_dice = 2 if has_power(state, enemy, Power.LOCK) else 1  # 4.9.5, 4.14.5
        dodge_dice = 2 if has_power(state, mover, Power.DODGE) else 1  # 4.9.6, 4.14.6
        locks, _ = faces.successes(dice, lock_dice, Face.LOCK, "lock test (4.14.2.b)")
        dodges, _ = faces.successes(dice, dodge_dice, Face.DODGE, "dodge test (4.14.2.c)")
        if locks > dodges and is_krosmaster(state, enemy):
            loss, result = 3, "blocked"
        elif locks >= dodges:
            # 4.14.3: a summon's "Blocked" is only "Stuck".
            loss, result = 1, "stuck"
        else:
            loss, result = 0, "escaped"
        state = replace_unit(
            state, replace(mover, mp=max(0, mover.mp - loss), ap=max(0, mover.ap - loss))
        )
        events.append(
            Event(
                f"krosmaster.event.lock_{result}",
                {
                    "unit": local_name(state.fig(mover)),
                    "enemy": local_name(state.fig(enemy)),
                    "locks": locks,
                    "dodges": dodges,
                },
                rule="4.14.2.d",
            )
        )
    return state, events


def classic_lock_test(state: State, mover: Unit, dice: Dice) -> tuple[State, list[Event], bool]:
    """The additional rules' lock ("classic" option; 2.7 replaces it with 4.14.2).

    The MP is spent first; every adjacent enemy rolls, each dodge success
    cancels one lock success, and one uncancelled success empties both gauges.
    """
    mover = replace(mover, mp=mover.mp - 1)
    state = replace_unit(state, mover)
    events: list[Event] = []
    blocked = False
    for enemy in adjacent_enemy_characters(state, mover):
        lock_dice = 2 if has_power(state, enemy, Power.LOCK) else 1
        dodge_dice = 2 if has_power(state, mover, Power.DODGE) else 1
        locks, _ = faces.successes(dice, lock_dice, Face.LOCK, "lock test (classic)")
        dodges, _ = faces.successes(dice, dodge_dice, Face.DODGE, "dodge test (classic)")
        blocked = blocked or locks > dodges
        result = "classic_blocked" if locks > dodges else "escaped"
        params = {
            "unit": local_name(state.fig(mover)),
            "enemy": local_name(state.fig(enemy)),
            "locks": locks,
            "dodges": dodges,
        }
        events.append(Event(f"krosmaster.event.lock_{result}", params, rule="classic"))
    if blocked:
        state = replace_unit(state, replace(state.unit(mover.id), ap=0, mp=0))
    return state, events, blocked


def check_path(state: State, unit: Unit, path: list[Square]) -> None:
    """Each step a free square next to the last (4.17.3), and MP for all of them (6.3.2)."""
    assert unit.pos is not None
    here = unit.pos
    for step in path:
        if not adjacent(here, step) or not is_free(state, step):
            raise illegal(
                "bad_step",
                "That square is not a free adjacent square.",
                "4.17.3",
                square=label(step),
            )
        here = step
    if len(path) > unit.mp:
        raise illegal("no_mp", "Not enough MP for that path.", "6.3.2", need=len(path), mp=unit.mp)


def lock_plan(state: State, unit: Unit, path: list[Square]) -> tuple[list[Square], list[Lock]]:
    """What a walk along ``path`` meets before any die: the squares it would walk (up to
    a trap, where it stops, 4.19.7.c) and, for each square it would leave, the adjacent
    enemy characters that test lock there (4.14.1; none with Peketito, 4.14.7). Lock
    results may stop it earlier (4.14.2.f)."""
    walked: list[Square] = []
    locks: list[Lock] = []
    here = unit.pos
    assert here is not None
    for step in path:
        standing = replace(unit, pos=here)
        if not has_power(state, standing, Power.PEKETITO):
            enemies = adjacent_enemy_characters(replace_unit(state, standing), standing)
            if enemies:
                locks.append(Lock(here, tuple(e.id for e in enemies)))
        walked.append(step)
        here = step
        if trap_at(state, step) is not None:
            break
    return walked, locks


def move(state: State, unit_id: str, path: list[Square], dice: Dice) -> tuple[State, list[Event]]:
    """Walk ``path`` one square at a time (6.3.2), testing lock on leaving (4.14)."""
    events: list[Event] = []
    trap_events: list[Event] = []
    walked: list[Square] = []
    unit = state.unit(unit_id)
    if unit.pos is None:
        raise illegal("not_on_board", "This unit is not in the arena.", "6.3.2")
    if state.fig(unit).mp is None:
        raise illegal("cannot_move", "A mechanism cannot move.", "6.3.2")
    start = unit.pos
    check_path(state, unit, path)  # the whole path is checked before any die is rolled
    for step in path:
        unit = state.unit(unit_id)
        tested = not has_power(state, unit, Power.PEKETITO)  # 4.14.7
        if tested and state.lock_rule == "classic" and adjacent_enemy_characters(state, unit):
            state, lock_events, blocked = classic_lock_test(state, unit, dice)
            events.extend(lock_events)
            if blocked:
                break
            state = replace_unit(state, replace(state.unit(unit_id), pos=step))  # MP spent
        else:
            if tested:
                state, lock_events = lock_test(state, unit, dice)
                events.extend(lock_events)
                unit = state.unit(unit_id)
                if unit.mp < 1:  # 4.14.2.f: locked in place; the turn goes on (4.14.4)
                    break
            state = replace_unit(state, replace(unit, pos=step, mp=unit.mp - 1))
        walked.append(step)
        state, profaned = profane(state, unit_id, step)  # 4.9.31: each time it walks on
        trap_events += profaned
        trap = trap_at(state, step)
        if trap is not None:  # 4.19.7.c: it springs; the walk stops there, Estalo resolves next
            state, sprung = spring(state, trap.id)
            trap_events += sprung
            break
    if walked:
        events.insert(
            0,
            Event(
                "krosmaster.event.moved",
                {
                    "unit": local_name(state.fig(unit)),
                    "from": label(start),
                    "to": label(walked[-1]),
                },
                rule="6.3.2",
            ),
        )
    last = LastAction(unit=unit_id, path=(start, *walked))
    return replace(state, last=last), events + trap_events
