"""Who has won (1.4; chapter 9): checked as often as anything changes."""

from __future__ import annotations

from engines.core.model import replace
from engines.krosmaster.rules import seats
from engines.krosmaster.rules.board import is_krosmaster, on_board
from engines.krosmaster.rules.state import Phase, State


def check_victory(state: State) -> State:
    """1.4.1: once the wild GG is gone, the only player with GG wins; 1.4.3 last standing.
    Chapter 9: players out of the match (9.2.5) no longer count; in 2 v 2 a team wins
    (9.3.2). Nothing is decided while a player still owes GG from a knock-out (9.2.5)."""
    if state.phase is Phase.OVER or state.phase is Phase.DEPLOY:
        return state
    if any(o.kind == "gift" for o in state.owed):
        return state
    alive = {seats.team(state, u.owner) for u in on_board(state) if is_krosmaster(state, u)}
    if len(alive) == 1:
        return _won(state, alive.pop())
    if not alive:
        return replace(state, phase=Phase.OVER, draw=True, active_unit=None)
    if state.wild_gg > 0:
        return state  # 1.4.2: nobody wins while the wild GG is in play
    holders = {
        seats.team(state, i)
        for i, p in enumerate(state.players)
        if p.gg > 0 and not seats.eliminated(state, i)
    }
    if len(holders) == 1:
        return _won(state, holders.pop())
    if not holders:
        return replace(state, phase=Phase.OVER, draw=True, active_unit=None)
    return state


def _won(state: State, side: int) -> State:
    """The match is over: ``side`` (a seat, or a 2 v 2 team) wins."""
    winners = tuple(s for s in range(len(state.players)) if seats.team(state, s) == side)
    if not seats.multiplayer(state):
        winners = ()
    first = winners[0] if winners else side
    return replace(state, phase=Phase.OVER, winner=first, winners=winners, active_unit=None)
