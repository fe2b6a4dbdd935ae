"""Errors an engine raises. Their messages are safe to show to a player.

Every error carries a message *key* and parameters so the bot can localise it,
an English fallback message, and optionally the rule it enforces (for example
``"4.14.2"`` or ``"Fase de Descarte"``), which the bot shows next to the text.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class LocalisedError(Exception):
    """An error whose message a user may read: a catalog key, its parameters,
    an English fallback and optionally the rule it enforces.

    The engines, the store and the bot all raise subclasses, so the bot turns
    every expected refusal into a reply the same way.
    """

    default_key = "core.error.generic"

    def __init__(
        self,
        message: str,
        *,
        key: str | None = None,
        params: Mapping[str, Any] | None = None,
        rule: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.key = key or self.default_key
        self.params: dict[str, Any] = dict(params or {})
        self.rule = rule

    def __str__(self) -> str:
        return f"{self.message} [{self.rule}]" if self.rule else self.message


class EngineError(LocalisedError):
    """Base of every error an engine raises on purpose."""

    default_key = "core.error.generic"


class IllegalActionError(EngineError):
    """A well-formed action that the rules forbid right now."""

    default_key = "core.error.illegal"


class NotYourTurnError(EngineError):
    """The seat has no decision pending that allows this action."""

    default_key = "core.error.not_your_turn"


class InvalidActionError(EngineError):
    """The action is malformed: unknown kind, missing or ill-typed field."""

    default_key = "core.error.invalid_action"


class SetupError(EngineError):
    """A match cannot start with these options, seats or content."""

    default_key = "core.error.setup"


class ContentError(EngineError):
    """A content pack (YAML) is invalid; the message names file, line and field."""

    default_key = "core.error.content"


class MatchOverError(EngineError):
    """The match has ended; no more actions are accepted."""

    default_key = "core.error.match_over"


class DiceExhaustedError(EngineError):
    """A rigged dice source ran out of forced results (tests and scenarios only)."""

    default_key = "core.error.dice_exhausted"


class InvalidStateError(EngineError):
    """A state the game's invariants refuse (a referee's hand change): the parameter
    ``invariant`` is the broken invariant's own message, so the refusal names it."""

    default_key = "core.error.invariant"
