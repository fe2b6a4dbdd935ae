"""The types the bot's match services, cogs and presenter share: a player, a match
reference, and the snapshot of a match after a committed change.

Kept apart from the services so that any part of the bot can name them without
importing the services (and through them everything else).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.errors import StaleControlError, UserError
from bot.match.verify import StateChange
from bot.store import repository as repo
from bot.store.models import Dispute, Match, MatchSeat, MatchStatus
from engines.core import Decision, Event, GameEngine, Message, Section
from engines.core.registry import UnknownGameError, get


@dataclass(frozen=True)
class Player:
    """A Discord user as the service needs them."""

    user_id: int
    name: str
    bot: bool = False


@dataclass
class MatchSnapshot:
    """A match row, its seats and current engine state, after a committed change."""

    engine: GameEngine[Any]
    match: Match
    seats: Sequence[MatchSeat]
    state: Any
    events: list[Event] = field(default_factory=list)
    #: What a referee's hand adjustment changed (``/ref adjust``), for its post.
    changes: list[StateChange] = field(default_factory=list)
    #: The dispute a referee's ruling settled (``/ref rule``), for its post.
    dispute: Dispute | None = None
    #: A player's move: the state and match version before it (the presenter
    #: continues the post of an exchange, a Dice Throne attack, that was open then).
    before: Any = None
    before_version: int | None = None
    #: The events the match's state post already tells, from the log, when that post is
    #: of the state before this move (an exchange's post the presenter may go on with).
    told: list[Event] = field(default_factory=list)
    #: The guild's configured language for public posts, when the operation read it
    #: in its own transaction (a move does, so posting it needs no second one);
    #: ``None``: not read, or the guild has none set.
    guild_locale: str | None = None

    @classmethod
    def of(cls, loaded: repo.LoadedMatch, events: Sequence[Event] = ()) -> MatchSnapshot:
        """The snapshot of a loaded match (and the events that led to it)."""
        return cls(loaded.engine, loaded.match, loaded.seats, loaded.state, list(events))

    def seat_of(self, user_id: int) -> int | None:
        """The seat a user plays, if any."""
        return next((s.seat for s in self.seats if s.user_id == user_id), None)

    def user_of(self, seat: int) -> int:
        """The user playing a seat."""
        return next(s.user_id for s in self.seats if s.seat == seat)

    def pending(self, optional: bool = False) -> list[Decision]:
        """Decisions owed now (none unless the match is active); ``optional`` adds the
        ones a seat may take without anyone waiting (never pinged, no deadline)."""
        if self.match.status != MatchStatus.ACTIVE:
            return []
        return [d for d in self.engine.pending(self.state) if optional or not d.optional]


@dataclass(frozen=True)
class MatchRef:
    """A match an interaction may reach (see :meth:`MatchService.resolve`)."""

    id: int
    guild_id: int


def engine_for(game: str) -> GameEngine[Any]:
    """The installed engine of ``game``, or a user-facing error."""
    try:
        return get(game)
    except UnknownGameError:
        raise UserError("bot.error.unknown_game", game=game) from None


def check_game(engine: GameEngine[Any], match_id: int, game: str | None) -> None:
    """Refuse a command of another game than the match's (``/dicethrone roll`` in a
    Krosmaster thread), naming the match's game and its commands."""
    if game is None or game == engine.name:
        return
    sections = {spec.section for spec in engine.commands()}
    roots: list[str | Message] = [engine.name]
    roots += [
        Message(f"bot.command.section.{section.value}.name", {"game": engine.name})
        for section in (Section.SETUP, Section.MANUAL)
        if section in sections
    ]
    names = dict(zip(("a", "b", "c"), roots, strict=False))
    family = Message(f"bot.error.families.{('one', 'two', 'three')[len(roots) - 1]}", names)
    raise UserError(
        "bot.error.other_game",
        match=match_id,
        game=Message(engine.title_key),
        commands=family,
        used=f"/{game}",
    )


def stale(match: Match) -> StaleControlError:
    """The refusal of a control posted for an earlier version of ``match``."""
    return StaleControlError(match.id, match.guild_id, match.thread_id, match.state_post_id)
