"""Standing preferences: decisions a player asked never to be asked about.

After a state change, any decision whose ``preference`` the owing player
turned on gets its default applied at once, as that player, inside the same
transaction (logged with the reason ``preference``). This is how an opponent's
"nothing to respond with" window closes without making the turn wait.
"""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from bot.store import players
from bot.store import repository as repo
from bot.store.models import MatchStatus, PlayerSettings
from engines.core import Event

#: A safety net: no engine should chain more automatic decisions than this.
MAX_AUTOMATIC = 20


async def play_automatic_answers(session: AsyncSession, loaded: repo.LoadedMatch) -> list[Event]:
    """Apply opted-in defaults until someone must really decide; returns their events."""
    engine = loaded.engine
    users = {s.seat: s.user_id for s in loaded.seats}
    # Read only when a decision owed has a preference at all: most moves owe none,
    # and a move then costs one query fewer.
    settings: dict[int, PlayerSettings] | None = None
    events: list[Event] = []
    for _ in range(MAX_AUTOMATIC):
        if loaded.match.status != MatchStatus.ACTIVE:
            break
        chosen = None
        for decision in (d for d in engine.pending(loaded.state) if not d.optional):
            if not decision.preference or decision.default is None:
                continue
            if settings is None:
                settings = await players.players(session, users.values())
            mine = settings.get(users[decision.seat])
            if mine and mine.preferences.get(decision.preference):
                chosen = decision
                break
        if chosen is None or chosen.default is None:
            break
        result = await repo.append_action(
            session,
            loaded,
            seat=chosen.seat,
            actor_id=users[chosen.seat],
            action=chosen.default,
            reason="preference",
        )
        events.extend(result.outcome.events)
    return events
