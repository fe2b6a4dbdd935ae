"""A token that stops its holder for the rest of an Attack and gives the Attacker
another Offensive Roll Phase against them (issue 22: the Pyromancer's Stun,
``extra_roll_phase`` on the status).

While the active player's Offensive or Defensive Roll Phase lasts, the holder may do
nothing: windows skip them and they get no "at any time" decision. When the phase
concludes (its damage applied), one token is removed and the active player starts an
additional Offensive Roll Phase aimed at the same player: no new targeting phase.
"""

from __future__ import annotations

from engines.dicethrone.content import Content
from engines.dicethrone.effects.context import remove_status
from engines.dicethrone.rules.flow import TurnFlow
from engines.dicethrone.rules.state import Phase, Roll, State, Step, goto


def stunning(content: Content, state: State, seat: int) -> str | None:
    """The holder's ``extra_roll_phase`` status, if any (its id)."""
    for status, count in sorted(state.players[seat].statuses.items()):
        if count and content.status(status).extra_roll_phase:
            return status
    return None


def locked_out(content: Content, state: State, seat: int) -> bool:
    """Whether the seat may do nothing now: it holds such a token during an Attack."""
    attack = state.phase in (Phase.OFFENSIVE, Phase.DEFENSIVE)
    return attack and seat != state.active and stunning(content, state, seat) is not None


def again(flow: TurnFlow, state: State) -> State | None:
    """After the roll phase concluded: the extra Offensive Roll Phase, if the player the
    Attack aimed at holds the token (removed now); ``None`` otherwise."""
    seat = state.opponent(state.active)
    status = stunning(flow.content, state, seat) if state.alive(seat) else None
    if status is None:
        return None
    state = remove_status(state, seat, status, 1, flow.content, flow.events)
    flow.emit(
        "extra_roll_phase",
        "Efeitos de Status",
        player=flow.name(state, state.active),
        target=flow.name(state, seat),
        status=dict(flow.content.status(status).name),
    )
    # The same Defender: with several opponents the target stays chosen.
    target = seat if len(state.players) > 2 else None
    return goto(
        state,
        Phase.OFFENSIVE,
        step=Step.ROLLING,
        roll=Roll(),
        reports=(),
        target=target,
        passed=(),
        priority=None,
    )
