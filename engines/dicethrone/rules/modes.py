"""Matches with more than two players: 2 v 2 teams and King of the Hill.

"Partidas de Equipes 2Vs2": teammates share one health disc of 50 (damage to
both at once reduces it by the combined total), keep their own CP, and turns
alternate between the teams (zig-zag: seats 0, 1, 2, 3 with teams 0 & 2 and
1 & 3). "O Rei da Montanha" (3 players): 35 health each, clockwise turns, the
Attacker picks any opponent and draws a bonus card when that opponent is a
Leader (most health; a tie with the Attacker counts, being the sole Leader
does not).

"Fase de Rolagem de Alvo" (5): with more than one opponent the Defender is
determined after the ability is activated. 2 v 2: roll 1 die — 1–2 the
opponent on your left, 3–4 on your right, 5 your opponents choose, 6 you
choose. Here the opponent on the left is the next one in turn order, and on
a 5 that opponent speaks for the team.
"""

from __future__ import annotations

from engines.core.model import replace
from engines.dicethrone.content import DamageKind, Script
from engines.dicethrone.rules.state import (
    DUEL,
    HEAL_ABOVE_START,
    KING,
    KING_HEALTH,
    START_HEALTH,
    TEAMS,
    State,
)

#: Seats per mode; with "auto" the number of players picks the mode.
SEATS = {DUEL: 2, KING: 3, TEAMS: 4}
MODE_BY_SEATS = {count: mode for mode, count in SEATS.items()}


def start_health(state: State) -> int:
    """The starting health ("Preparação" 4; 35 in King of the Hill)."""
    return KING_HEALTH if state.mode == KING else START_HEALTH


def health_cap(state: State) -> int:
    """ "Vitalidade": healing stops 10 above the starting health."""
    return start_health(state) + HEAL_ABOVE_START


def set_health(state: State, seat: int, health: int) -> State:
    """Set a seat's health; teammates share the disc, so both change (2 v 2)."""
    mates = state.teammates(seat)
    players = tuple(
        replace(p, health=health) if i in mates else p for i, p in enumerate(state.players)
    )
    return replace(state, players=players)


def leaders(state: State) -> tuple[int, ...]:
    """ "O Rei da Montanha": the living player(s) with the most health."""
    living = [s for s in range(len(state.players)) if state.alive(s)]
    top = max(state.players[s].health for s in living)
    return tuple(s for s in living if state.players[s].health == top)


def is_attack(script: Script) -> bool:
    """Whether a script deals damage aimed at an opponent (an Attack, "Glossário")."""
    for step in script:
        aimed = step.op == "damage" and step.target == "opponent"
        if aimed and step.kind is not DamageKind.COLLATERAL:
            return True
        if is_attack(step.steps) or is_attack(step.otherwise):
            return True
    return False


def target_by_die(state: State, value: int) -> int | None:
    """2 v 2 targeting die: the Defender, or None when a player must choose (5, 6)."""
    left, right = state.opponents(state.active)[:2]
    if value <= 2:
        return left
    if value <= 4:
        return right
    return None


def chooser(state: State, value: int) -> int:
    """Who picks the Defender: the opponents on a 5 (the one on the left speaks), else you."""
    return state.opponents(state.active)[0] if value == 5 else state.active


def with_target(state: State, target: int) -> State:
    """The state with the Defender set and the targeting die put away."""
    return replace(state, target=target, roll=replace(state.roll, target_chooser=None))
