"""Shorthands for the engine's player-facing refusals (key, params, rule)."""

from __future__ import annotations

from typing import Any

from engines.core import IllegalActionError, InvalidActionError, SetupError


def illegal(key: str, message: str, rule: str, **params: Any) -> IllegalActionError:
    """A well-formed action the rules forbid now; ``key`` is under krosmaster.error."""
    return IllegalActionError(message, key=f"krosmaster.error.{key}", params=params, rule=rule)


def invalid(key: str, message: str, **params: Any) -> InvalidActionError:
    """A malformed action (unknown figure, spell or square)."""
    return InvalidActionError(message, key=f"krosmaster.error.{key}", params=params)


def setup(key: str, message: str, rule: str, **params: Any) -> SetupError:
    """A match that cannot start (team rules of 1.1, unknown arena…)."""
    return SetupError(message, key=f"krosmaster.error.{key}", params=params, rule=rule)
