"""Timing conflicts: the active player's instant actions go first ("Conflitos de Timing").

When a non-active player plays an Instant Action card, spends a status
effect or takes an action of her hero board (both count as Instant Actions), the
action waits: the active player may answer first, and their answers resolve at once. When they pass,
the waiting action resolves if it is still possible, otherwise it fizzles
(the card stays in hand, nothing is paid) — e.g. an opponent's Evasive token
removed by the active player's Bye-Bye can no longer be spent.
"""

from __future__ import annotations

from engines.core import IllegalActionError
from engines.core.model import replace
from engines.dicethrone.content import Timing
from engines.dicethrone.rules import board_actions
from engines.dicethrone.rules.cards import ROLL_PHASES, check_card, play_card, spend, spendable
from engines.dicethrone.rules.state import Queued, State
from engines.dicethrone.rules.turn import Flow, illegal


def interrupts(flow: Flow, state: State, seat: int, kind: str, what: str) -> bool:
    """Whether this action is a non-active player's Instant Action (so it waits)."""
    if seat == state.active or state.queued is not None:
        return False
    if kind in ("spend", "use"):
        return True  # a token or a board action: Instant Actions
    card = flow.hero(state, seat).card(what)
    return card is not None and card.timing is Timing.INSTANT


def queue(flow: Flow, state: State, seat: int, kind: str, what: str, target: str = "") -> State:
    """Check the action is legal now, then let the active player answer first."""
    if kind == "play":
        check_card(flow, state, seat, what, target)
    elif kind == "use":
        board_actions.check_use(flow, state, seat, what)
    elif what not in spendable(flow, state, seat):
        raise illegal(
            "You cannot spend that status effect now.",
            "cannot_spend",
            "Efeitos de Status Gastáveis",
            status=flow.content.status_label(what),
        )
    flow.emit("queued", "Conflitos de Timing", player=flow.name(state, seat))
    return replace(state, queued=Queued(seat, kind, what, target))


def resolve_queued(flow: Flow, state: State) -> State:
    """The active player passed: the waiting action resolves, or fizzles."""
    queued = state.queued
    assert queued is not None
    state = replace(state, queued=None)
    try:
        if queued.kind == "play":
            return play_card(flow, state, queued.seat, queued.what, queued.target)
        if queued.kind == "use":
            return board_actions.use(flow, state, queued.seat, queued.what)
        return spend(flow, state, queued.seat, queued.what)
    except IllegalActionError:
        flow.emit("fizzled", "Conflitos de Timing", player=flow.name(state, queued.seat))
        if state.phase in ROLL_PHASES:
            return replace(state, passed=(), priority=queued.seat)
        return state
