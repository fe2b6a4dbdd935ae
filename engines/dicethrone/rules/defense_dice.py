"""How many dice a Defensive Ability rolls: its printed number at its level, plus the
dice its holder's status tokens add (Strength of the Sky: +1 per token; issue 22)."""

from __future__ import annotations

from engines.dicethrone.content import Content
from engines.dicethrone.rules.state import State

#: A hero has five dice: no status makes a Defensive Ability roll more.
MAX_DICE = 5


def defense_dice(state: State, seat: int, printed: int, content: Content) -> int:
    """The dice ``seat`` rolls for a Defensive Ability printing ``printed`` dice."""
    extra = sum(
        content.status(status).defense_dice * count
        for status, count in state.players[seat].statuses.items()
    )
    return min(MAX_DICE, printed + extra) if extra else printed
