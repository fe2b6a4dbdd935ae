"""What every Dice Throne state keeps, and what a hand change brings about.

A referee's adjustment (``/ref adjust``) is checked against :func:`check_state`
before and after :func:`consequences`: a player brought to 0 health is defeated
("Vitalidade") and the match ends when one side is left.
"""

from __future__ import annotations

from engines.core import Message
from engines.dicethrone.rules.ledger import check_defeat
from engines.dicethrone.rules.modes import health_cap
from engines.dicethrone.rules.state import CP_CAP, Phase, State


def _broken(name: str, **params: object) -> Message:
    return Message(f"dicethrone.invariant.{name}", params)


def check_state(state: State) -> list[Message]:
    """Every invariant ``state`` breaks: health between 0 and the cap ("Vitalidade"),
    CP between 0 and 15 ("Pontos de Combate"), no negative stacks of tokens or
    companions, teammates sharing one health disc (2 v 2), the active seat seated."""
    problems: list[Message] = []
    cap = health_cap(state)
    for seat, player in enumerate(state.players):
        name = state.seats[seat].name if seat < len(state.seats) else str(seat)
        if not 0 <= player.health <= cap:
            problems.append(_broken("health", player=name, value=player.health, cap=cap))
        if not 0 <= player.cp <= CP_CAP:
            problems.append(_broken("cp", player=name, value=player.cp, cap=CP_CAP))
        for token, count in {**player.statuses, **player.companions}.items():
            if count < 0:
                problems.append(_broken("stack", player=name, token=token, value=count))
        if any(state.players[mate].health != player.health for mate in state.teammates(seat)):
            problems.append(_broken("shared_health", player=name))
    if not 0 <= state.active < len(state.players):
        problems.append(_broken("seat", value=state.active, last=len(state.players) - 1))
    return problems


def consequences(state: State) -> State:
    """A player at 0 health is defeated; one side left wins, none left is a draw."""
    if state.phase is Phase.OVER:
        return state
    return check_defeat(state, [])
