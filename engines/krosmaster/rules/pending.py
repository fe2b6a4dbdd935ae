"""Step 8 of a spell and start-of-turn effects: the single queue of 7.2.9 / 6.2.1.d."""

from __future__ import annotations

from engines.core import Dice, Event
from engines.core.model import Message, replace
from engines.krosmaster.content.schema import Power
from engines.krosmaster.names import local_name
from engines.krosmaster.rules.board import has_power, replace_unit
from engines.krosmaster.rules.casting import explode, knock_outs
from engines.krosmaster.rules.state import PendingKind, State, Unit
from engines.krosmaster.rules.units import wound


def resolve(state: State, index: int, dice: Dice) -> tuple[State, list[Event]]:
    """Resolve one queued effect (7.2.9); one that cannot resolve just vanishes (7.2.9.b)."""
    item = state.pending[index]
    state = replace(state, pending=state.pending[:index] + state.pending[index + 1 :])
    if item.kind in (PendingKind.EXPLOSION, PendingKind.TRAP):
        assert item.square is not None
        return explode(state, item.source, item.square, dice)
    target = state.unit(item.target)
    source = state.unit(item.source)
    if item.kind is PendingKind.COUNTER_ATTACK and _lost_meanwhile(state, source):
        lost = Event("krosmaster.event.pending_lost", {"effect": _kind(item.kind)}, rule="4.18.3.c")
        return state, [lost]
    if target.pos is None or target.ko:
        lost = Event("krosmaster.event.pending_lost", {"effect": _kind(item.kind)}, rule="7.2.9.b")
        return state, [lost]
    name = local_name(state.fig(target))
    if item.kind is PendingKind.LIFESTEAL:  # 7.5.18
        before = target.wounds
        state = replace_unit(state, replace(target, wounds=max(0, before - item.amount)))
        healed = before - state.unit(target.id).wounds
        return state, [
            Event("krosmaster.event.lifesteal", {"unit": name, "count": healed}, rule="7.5.18")
        ]
    state, placed = wound(state, target.id, item.amount, source=item.source)  # 4.9.15
    events = [Event("krosmaster.event.counter", {"unit": name, "wounds": placed}, rule="4.9.15")]
    state, more = knock_outs(state)
    return state, events + more


def _lost_meanwhile(state: State, bearer: Unit) -> bool:
    """4.18.3.c: a bearer still in the arena that no longer has Counter-attack (Yugo's
    wounds, a loss of powers) loses the waiting effect. A knocked-out bearer does not:
    the power fired in step 7 and its effect waits whatever the power came from — card,
    revealed reward, gained power — although the knock-out took its rewards and gained
    powers away (7.2.8 / 7.2.9, example 3: Zorbalo Greg's Prespic set)."""
    if bearer.ko or bearer.pos is None:
        return False
    return not has_power(state, bearer, Power.COUNTER_ATTACK)


def _kind(kind: PendingKind) -> Message:
    """The waiting effect's name in the reader's language (as in the resolve menu)."""
    return Message(f"krosmaster.menu.pending_{kind.value}")
