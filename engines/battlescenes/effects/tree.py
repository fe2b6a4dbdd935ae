"""The Effect Tree (9.1.2): pending effects by level, pausing and resuming.

An action's own effect is the root (level 0). Effects triggered while the tree
is empty are pending at level 1; an effect triggered while a level-N effect
resolves is pending at N+1 and pauses that effect after the current
procedure (9.1.2.1). Which effect resolves next follows 9.1.2.1 a–d; when the
rules leave more than one candidate, the active player chooses.
"""

from __future__ import annotations

from engines.battlescenes.rules.state import Choice, Pending, Phase, State
from engines.core.model import replace


def active_player(state: State) -> int:
    """Jogador Ativo: the turn's player, except the opponent in Anticipation (6.2)."""
    if state.phase is Phase.ANTICIPATION and not state.step.startswith("combat_start"):
        return 1 - state.active  # the start of the Combat phase itself is still the turn's
    return state.active


def add(state: State, effects: list[Pending], level: int) -> State:
    """Make ``effects`` pending at ``level`` (9.1.2), numbering them."""
    tree = list(state.tree)
    uid = state.next_uid
    for effect in effects:
        tree.append(replace(effect, uid=uid, level=level))
        uid += 1
    return replace(state, tree=tuple(tree), next_uid=uid)


def get(state: State, uid: int) -> Pending:
    """A pending effect by its number."""
    for p in state.tree:
        if p.uid == uid:
            return p
    raise KeyError(uid)


def put(state: State, effect: Pending) -> State:
    """Replace a pending effect."""
    return replace(state, tree=tuple(effect if p.uid == effect.uid else p for p in state.tree))


def remove(state: State, uid: int) -> State:
    """An effect finished: it leaves the tree (9.1.2.1)."""
    level = get(state, uid).level
    tree = tuple(p for p in state.tree if p.uid != uid)
    return replace(state, tree=tree, after_level=level)


def candidates(state: State) -> list[Pending]:
    """Effects the active player may resolve next (9.1.2.1 and rules a–d)."""
    if not state.tree:
        return []
    if state.pick:
        return [get(state, state.pick)]
    fresh = [p for p in state.tree if not p.paused]
    paused = [p for p in state.tree if p.paused]
    level = state.after_level
    if level is None:  # start of resolution, or an effect just paused: the highest level
        pool = fresh or paused
        top = max(p.level for p in pool)
        return [p for p in pool if p.level == top]
    above = [p for p in fresh if p.level > level]
    if above:  # a)
        top = max(p.level for p in above)
        return [p for p in above if p.level == top]
    same = [p for p in fresh if p.level == level]
    if same:  # b)
        return same
    if paused:  # c)
        top = max(p.level for p in paused)
        return [p for p in paused if p.level == top]
    top = max(p.level for p in state.tree)  # d)
    return [p for p in state.tree if p.level == top]


def ask_order(state: State, options: list[Pending]) -> State:
    """Ask the active player which of several effects resolves first."""
    return replace(
        state,
        choice=Choice(
            seat=active_player(state),
            pending=0,
            prompt="battlescenes.choice.order",
            options=tuple(str(p.uid) for p in options),
        ),
    )
