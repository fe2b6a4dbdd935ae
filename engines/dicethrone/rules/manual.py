"""Manual steps: text the effect vocabulary cannot express (docs/dicethrone.md).

A ``manual`` step pauses its script; the owner applies the printed text with
``adjust`` actions (health, CP, status tokens or companions of any seat, each logged so a
referee can check and undo it) and then ``resolved`` lets the script go on.
"""

from __future__ import annotations

from engines.core import IllegalActionError
from engines.core.adjust import bounded, seat_index
from engines.dicethrone.actions import Adjust
from engines.dicethrone.effects.context import put, remove_status
from engines.dicethrone.rules.ledger import check_defeat
from engines.dicethrone.rules.modes import health_cap, set_health
from engines.dicethrone.rules.state import CP_CAP, State
from engines.dicethrone.rules.turn import Flow


def adjust(flow: Flow, state: State, seat: int, action: Adjust) -> State:
    """Apply one hand adjustment during a manual step."""
    target = seat_index(action.seat, len(state.players), "dicethrone.error.bad_seat")
    player = state.players[target]
    # Bounds still hold by hand: "Vitalidade" (+10 above start) and 15 CP.
    health = bounded(player.health, action.health, 0, health_cap(state))
    cp = bounded(player.cp, action.cp, 0, CP_CAP)
    state = set_health(put(state, target, cp=cp), target, health)
    companion = flow.hero(state, target).companion(action.status) if action.status else None
    if companion is not None:
        # A companion's own rules (often manual text) call or dismiss it ("Companheiros").
        have = player.companions.get(companion.id, 0)
        new = bounded(have, action.count, 0, companion.limit)
        companions = {**player.companions, companion.id: new}
        state = put(state, target, companions={k: v for k, v in companions.items() if v})
    elif action.status:
        try:
            flow.content.status(action.status)
        except KeyError:
            raise IllegalActionError(
                f"There is no status effect {action.status!r}.",
                key="dicethrone.error.no_status",
                params={"status": action.status},
            ) from None
        if action.count > 0:
            state = flow.interp.add_status(state, target, action.status, action.count)
        elif action.count < 0:
            state = remove_status(
                state, target, action.status, -action.count, flow.content, flow.events
            )
    flow.emit(
        "adjusted",
        player=flow.name(state, seat),
        target=flow.name(state, target),
        health=health,
        cp=cp,
    )
    return check_defeat(state, flow.events, flow.content.savers())
