"""Choices between players that chapter 9 adds: GG given after knocking out one's own
Krosmaster (9.2.5) and the chain of a tension test's doubles (9.2.6).

Each is an :class:`Owed` entry the engine asks for before play goes on; with a single
possible player the choice makes itself. Defaults: a gift goes to the opponent with the
fewest GG, a lost GG to the opponent with the most (ties: the next in play order).
"""

from __future__ import annotations

from engines.core import Dice, Event
from engines.core.model import replace
from engines.krosmaster.errors import illegal, invalid
from engines.krosmaster.rules import seats
from engines.krosmaster.rules.state import Owed, Phase, State
from engines.krosmaster.rules.victory import check_victory

GIFT = "gift"
DOUBLES = "doubles"


def candidates(state: State, owed: Owed) -> list[int]:
    """The players ``owed.seat`` may choose, in play order after it."""
    if owed.kind == GIFT or owed.step == 1:
        return seats.opponents(state, owed.seat)  # 9.2.5; 9.2.6 "escolherá um adversário"
    return seats.after(state, owed.seat)  # 9.2.6: another player, the active one included


def default_choice(state: State, owed: Owed) -> int:
    """A gift to the opponent with the fewest GG; a lost GG for the opponent with the most
    (in the second step the chooser's own teammate is only picked when nobody else is)."""
    found = candidates(state, owed)
    gg = [state.players[s].gg for s in found]
    if owed.kind == GIFT:
        return found[gg.index(min(gg))]
    rivals = [s for s in found if not seats.same_team(state, s, owed.seat)] or found
    most = max(state.players[s].gg for s in rivals)
    return next(s for s in rivals if state.players[s].gg == most)


def owe_gift(state: State, giver: int, level: int) -> tuple[State, list[Event]]:
    """9.2.5: ``giver`` knocked out a Krosmaster of its own side: it gives GG equal to the
    level (as many as it has) to an opponent it chooses."""
    amount = min(level, state.players[giver].gg)
    if amount <= 0:
        return state, []
    owed = Owed(GIFT, giver, amount=amount)
    found = candidates(state, owed)
    if len(found) == 1:
        return _give(state, owed, found[0])
    if not found:
        return state, []
    event = Event(
        "krosmaster.event.gift_owed",
        {"player": state.players[giver].name, "count": amount},
        rule="9.2.5",
    )
    return replace(state, owed=(*state.owed, owed)), [event]


def owe_doubles(state: State) -> tuple[State, list[Event]]:
    """9.2.6: tension doubles — the active player chooses an opponent who loses 1 GG."""
    owed = Owed(DOUBLES, state.active_player, step=1)
    return _ask_or_apply(state, owed)


def _ask_or_apply(state: State, owed: Owed) -> tuple[State, list[Event]]:
    found = candidates(state, owed)
    if len(found) == 1:
        return _lose(state, owed, found[0])
    if not found:
        return state, []
    return replace(state, owed=(*state.owed, owed)), []


def choose(state: State, seat: int, kind: str, text: str, dice: Dice) -> tuple[State, list[Event]]:
    """Answer the first owed choice (``give`` or ``doubles``) with a player."""
    if not state.owed or state.owed[0].kind != kind or state.owed[0].seat != seat:
        raise invalid("no_choice", "No such choice is waiting for you.")
    owed, rest = state.owed[0], state.owed[1:]
    found = candidates(state, owed)
    chosen = seats.find_player(state, text) if text.strip() else default_choice(state, owed)
    if chosen not in found:
        rule = "9.2.5" if kind == GIFT else "9.2.6"
        raise illegal("bad_player", "You cannot choose that player.", rule, player=text)
    state = replace(state, owed=rest)
    if kind == GIFT:
        state, events = _give(state, owed, chosen)
    else:
        state, events = _lose(state, owed, chosen)
    return _go_on(state, events, dice)


def _give(state: State, owed: Owed, to: int) -> tuple[State, list[Event]]:
    players = list(state.players)
    amount = min(owed.amount, players[owed.seat].gg)
    players[owed.seat] = replace(players[owed.seat], gg=players[owed.seat].gg - amount)
    players[to] = replace(players[to], gg=players[to].gg + amount)
    event = Event(
        "krosmaster.event.gift",
        {"player": players[owed.seat].name, "to": players[to].name, "count": amount},
        rule="9.2.5",
    )
    return replace(state, players=tuple(players)), [event]


def _lose(state: State, owed: Owed, who: int) -> tuple[State, list[Event]]:
    """``who`` loses 1 GG; after the first step that player chooses the next one."""
    players = list(state.players)
    lost = 1 if players[who].gg > 0 else 0
    players[who] = replace(players[who], gg=players[who].gg - lost)
    state = replace(state, players=tuple(players), gg_lost=state.gg_lost + lost)
    events = [
        Event(
            "krosmaster.event.doubles_lose",
            {"player": players[owed.seat].name, "to": players[who].name, "count": lost},
            rule="9.2.6",
        )
    ]
    state = check_victory(state)  # 1.4.1, checked as often as anything changes
    if owed.step == 1 and state.phase is not Phase.OVER:
        state, more = _ask_or_apply(state, Owed(DOUBLES, who, step=2))
        events += more
    return state, events


def answer_by_default(state: State, owed: Owed) -> tuple[State, list[Event]]:
    """Answer ``owed`` (already taken off the queue) with its default player — for a
    player who leaves the match while owing it (leaving.py); nothing if nobody is left."""
    if not candidates(state, owed):
        return state, []
    chosen = default_choice(state, owed)
    if owed.kind == GIFT:
        return _give(state, owed, chosen)
    return _lose(state, owed, chosen)


def prune(state: State) -> State:
    """Drop owed choices left without a player to choose (everyone else went out in the
    same action), then check victory once nothing is owed any more."""
    kept = tuple(o for o in state.owed if candidates(state, o))
    if kept == state.owed:
        return state
    state = replace(state, owed=kept)
    return state if kept else check_victory(state)


def _go_on(state: State, events: list[Event], dice: Dice) -> tuple[State, list[Event]]:
    """Once nothing is owed any more, the victory check deferred since the knock-out; the
    rest of the action that caused it has already been played."""
    del dice  # the choice rolls nothing
    if state.owed:
        return state, events
    return check_victory(state), events
