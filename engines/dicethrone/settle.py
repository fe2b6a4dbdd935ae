"""Applying a phase's accumulated damage and healing, and the end of the match.

"Fase de Rolagem Defensiva" 6.6: every damage, prevention and healing effect
is accumulated and applied simultaneously when the roll phase concludes (the
Upkeep phase does the same, "Fase de Manutenção" 3). "Vitalidade": a player at
0 health is defeated; if every remaining player reaches 0 at once the match is
a draw; healing stops 10 above the starting health.
"""

from __future__ import annotations

from engines.core import Event
from engines.core.model import replace
from engines.dicethrone.damage import resolve
from engines.dicethrone.effects import put
from engines.dicethrone.state import HEAL_ABOVE_START, START_HEALTH, Phase, Report, State


def settle(state: State, events: list[Event]) -> State:
    """Apply the ledger and the pending heals at once; decide defeats."""
    if not state.ledger and not state.heals:
        return check_defeat(state, events)  # stolen health may have reached 0
    damage = [0] * len(state.players)
    reports: list[Report] = []
    for inc in state.ledger:
        res = resolve(inc)
        damage[inc.target] += res.total
        reports.append(Report(inc.target, inc.amount, res.subtotal, res.total, inc.kind.value))
        if res.reflected and inc.source is not None:
            # Retribution-like effects use the same subtotal (Dano Final Total, step 3).
            damage[inc.source] += res.reflected
            reports.append(
                Report(inc.source, res.reflected, res.reflected, res.reflected, "undefendable")
            )
    healing = [0] * len(state.players)
    for heal in state.heals:
        healing[heal.target] += heal.amount
    cap = START_HEALTH + HEAL_ABOVE_START
    for seat, player in enumerate(state.players):
        if not damage[seat] and not healing[seat]:
            continue
        health = max(0, min(cap, player.health - damage[seat] + healing[seat]))
        state = put(state, seat, health=health)
        events.append(
            Event(
                "dicethrone.event.health",
                {
                    "player": state.seats[seat].name,
                    "damage": damage[seat],
                    "heal": healing[seat],
                    "health": health,
                },
                rule="Dano Final Total",
            )
        )
    state = replace(state, ledger=(), heals=(), reports=tuple(reports))
    return check_defeat(state, events)


def check_defeat(state: State, events: list[Event]) -> State:
    """End the match if a hero is at 0 health (a draw if all are)."""
    alive = [i for i, p in enumerate(state.players) if p.health > 0]
    if len(alive) == len(state.players):
        return state
    if not alive:
        events.append(Event("dicethrone.event.draw", {}, rule="Vitalidade"))
        return replace(state, phase=Phase.OVER, step=None, draw=True)
    winner = alive[0]
    events.append(
        Event("dicethrone.event.won", {"player": state.seats[winner].name}, rule="Vitalidade")
    )
    return replace(state, phase=Phase.OVER, step=None, winner=winner)
