"""Applying a phase's accumulated damage and healing, and the end of the match.

"Fase de Rolagem Defensiva" 6.6: every damage, prevention and healing effect
is accumulated and applied simultaneously when the roll phase concludes (the
Upkeep phase does the same, "Fase de Manutenção" 3). "Vitalidade": a player at
0 health is defeated; if every remaining player reaches 0 at once the match is
a draw; healing stops 10 above the starting health.
"""

from __future__ import annotations

from collections.abc import Mapping

from engines.core import Event
from engines.core.model import replace
from engines.dicethrone.rules.damage import resolve
from engines.dicethrone.rules.modes import health_cap, set_health
from engines.dicethrone.rules.state import Phase, Report, State

#: Statuses that keep their holder at 1 health, by id, with their names per locale
#: (``Content.savers``).
Savers = Mapping[str, Mapping[str, str]]
EMPTY: Savers = {}


def _saved(state: State, events: list[Event], savers: Savers) -> State:
    """Players at 0 health whose side holds a saving token: one goes, health 1."""
    for seat in range(len(state.players)):
        if seat in state.out or state.players[seat].health > 0:
            continue
        holder, status = next(
            (
                (s, status)
                for s in state.teammates(seat)
                for status in sorted(savers)
                if state.players[s].statuses.get(status, 0) > 0
            ),
            (None, ""),
        )
        if holder is None:
            continue
        player = state.players[holder]
        left = player.statuses[status] - 1
        statuses = {k: v for k, v in player.statuses.items() if k != status}
        if left:
            statuses[status] = left
        players = list(state.players)
        players[holder] = replace(player, statuses=statuses)
        state = set_health(replace(state, players=tuple(players)), seat, 1)
        events.append(
            Event(
                "dicethrone.event.saved",
                {"player": state.seats[holder].name, "status": dict(savers[status])},
                rule="Vitalidade",
            )
        )
    return state


def resolve_ledger(state: State, events: list[Event], savers: Savers = EMPTY) -> State:
    """Apply the ledger and the pending heals at once; decide defeats (a token of
    ``savers`` keeps its holder at 1 health instead, once)."""
    if not state.ledger and not state.heals:
        return check_defeat(state, events, savers)  # stolen health may have reached 0
    damage = [0] * len(state.players)
    # A damage marked to leave its target at 1 health at least (Indomitable Will!).
    spared = {inc.target for inc in state.ledger if inc.survive}
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
    cap = health_cap(state)
    done: set[int] = set()
    for seat, player in enumerate(state.players):
        # 2 v 2: teammates share one disc; damage to both at once is combined.
        side = state.teammates(seat)
        if state.team(seat) in done:
            continue
        done.add(state.team(seat))
        hurt, healed = sum(damage[s] for s in side), sum(healing[s] for s in side)
        if not hurt and not healed:
            continue
        health = max(0, min(cap, player.health - hurt + healed))
        if not health and player.health > 0 and spared & set(side):
            health = 1
        state = set_health(state, seat, health)
        # Said as a player would: the damage taken, the healing, or both.
        key = "health" if hurt and healed else "health_damage" if hurt else "health_heal"
        # 2 v 2: the team's shared health, said in the plural ("Alice & Carol take 5").
        team = "team_" if len(side) > 1 else ""
        events.append(
            Event(
                f"dicethrone.event.{team}{key}",
                {
                    "player": " & ".join(state.seats[s].name for s in side),
                    "damage": hurt,
                    "heal": healed,
                    "health": health,
                },
                rule="Dano Final Total",
            )
        )
    state = replace(state, ledger=(), heals=(), reports=tuple(reports))
    return check_defeat(state, events, savers)


def check_defeat(state: State, events: list[Event], savers: Savers = EMPTY) -> State:
    """Defeat at 0 health; the match ends when one side is left (a draw if none is).

    A player at 0 holding a token of ``savers`` (her teammate's counts too: they share
    the disc) spends it and stays at 1 instead. King of the Hill goes on without a
    defeated player; in 2 v 2 a team's shared disc at 0 defeats both teammates.
    """
    if savers:
        state = _saved(state, events, savers)
    fallen = [
        s for s in range(len(state.players)) if s not in state.out and state.players[s].health <= 0
    ]
    if not fallen:
        return state
    standing = [s for s in range(len(state.players)) if s not in state.out and s not in fallen]
    sides = {state.team(s) for s in standing}
    if len(sides) > 1:
        for seat in fallen:
            events.append(
                Event(
                    "dicethrone.event.defeated",
                    {"player": state.seats[seat].name},
                    rule="Vitalidade",
                )
            )
        # King of the Hill: the defeated player's own tokens and companions leave the
        # table with them; status effects they inflicted on others stay in play
        # ("Efeitos de Status": "permanecem em jogo").
        players = list(state.players)
        for seat in fallen:
            players[seat] = replace(players[seat], statuses={}, companions={})
        return replace(state, players=tuple(players), out=(*state.out, *fallen))
    if not sides:
        events.append(Event("dicethrone.event.draw", {}, rule="Vitalidade"))
        return replace(state, phase=Phase.OVER, step=None, draw=True)
    winners = state.teammates(standing[0])
    events.append(
        Event(
            # A team (2 v 2) wins together: its own message, in the plural.
            "dicethrone.event.won" if len(winners) == 1 else "dicethrone.event.won_together",
            {"player": " & ".join(state.seats[s].name for s in winners)},
            rule="Vitalidade",
        )
    )
    return replace(state, phase=Phase.OVER, step=None, winner=winners[0], winners=winners)
