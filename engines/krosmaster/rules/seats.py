"""Who plays with whom: duel (1 v 1), free-for-all and 2 v 2 (chapter 9).

Seats keep their index for the whole match; ``State.turn_order`` lists them in play
order (player 1, 2, … of 9.2.1 / 9.3.3). In 2 v 2 the seats 1 and 3 (indices 0 and 2)
form one team and the seats 2 and 4 the other.
"""

from __future__ import annotations

from engines.krosmaster.errors import invalid
from engines.krosmaster.rules.board import is_krosmaster, on_board
from engines.krosmaster.rules.state import Phase, State

DUEL = "duel"
FFA = "ffa"
TEAMS = "2v2"
MODES = (DUEL, FFA, TEAMS)


def multiplayer(state: State) -> bool:
    """Chapter 9's rules apply (free-for-all or 2 v 2)."""
    return state.mode != DUEL


def team(state: State, seat: int) -> int:
    """The seat's side (4.1.2): teammates share it in 2 v 2, otherwise each seat is its own."""
    return seat % 2 if state.mode == TEAMS else seat


def same_team(state: State, a: int, b: int) -> bool:
    """Allies (4.1.2: any player not on your team is an opponent)."""
    return state.allied(a, b)


def order(state: State) -> tuple[int, ...]:
    """The seats in play order (9.2.1); a duel is first player, then second."""
    if state.turn_order:
        return state.turn_order
    if state.phase is Phase.TEAMS:  # no play order before the teams are in (9.2.1)
        return tuple(range(len(state.players)))
    return (state.first_player, 1 - state.first_player)


def player_number(state: State, seat: int) -> int:
    """The seat's number in play order, 1-based (player 1, 2, 3, 4 of 9.2.1)."""
    return order(state).index(seat) + 1


def in_play(state: State, seat: int) -> bool:
    """Does the seat control a Krosmaster in the arena?"""
    return any(u.owner == seat and is_krosmaster(state, u) for u in on_board(state))


def eliminated(state: State, seat: int) -> bool:
    """9.2.5: a player is out once none of their Krosmasters is in play (losing every GG
    does not eliminate them). Nobody is out before the fight begins, except a player who
    left the match (withdrew from a free-for-all, ``leaving.py``)."""
    if seat in state.left:
        return True
    if state.phase in (Phase.TEAMS, Phase.SIDE, Phase.DEPLOY) or not multiplayer(state):
        return False
    return not in_play(state, seat)


def remaining(state: State) -> list[int]:
    """Seats still in the match, in play order."""
    return [s for s in order(state) if not eliminated(state, s)]


def after(state: State, seat: int) -> list[int]:
    """Every other seat still in the match, in play order starting after ``seat``."""
    line = order(state)
    start = line.index(seat) if seat in line else -1
    rotated = line[start + 1 :] + line[: start + 1]
    return [s for s in rotated if s != seat and not eliminated(state, s)]


def opponents(state: State, seat: int) -> list[int]:
    """The seat's opponents still in the match, in play order after it (4.1.2)."""
    return [s for s in after(state, seat) if not same_team(state, s, seat)]


def next_player(state: State) -> int:
    """5.6.1 / 9.2.1: the next seat in play order that is still in the match."""
    rest = after(state, state.active_player)
    return rest[0] if rest else state.active_player


def team_seats(state: State, seat: int) -> tuple[int, ...]:
    """Every seat of the seat's team (itself included), in seat order."""
    return tuple(s for s in range(len(state.players)) if same_team(state, s, seat))


def find_player(state: State, text: str) -> int:
    """A seat by its player number in play order (as the board shows it) or its name."""
    wanted = text.strip().lower()
    line = order(state)
    if wanted.isdigit() and 1 <= int(wanted) <= len(line):
        return line[int(wanted) - 1]
    named = [i for i, p in enumerate(state.players) if p.name.lower() == wanted]
    if len(named) == 1:
        return named[0]
    raise invalid("unknown_player", f"No player {text!r}.", player=text)
