"""One way to run a player's action: a handler per action type, in an :class:`ActionTable`.

Each game keeps the rules of its actions in one table: ``@TABLE.on(Roll)`` registers the
handler of the action type ``Roll`` (at most one per type), and the engine runs
``TABLE.handler(action)(…)`` with whatever its handlers take (the state, the seat, the
action, the dice; or its own rules context). Actions are looked up by their type, never
by their ``kind`` string, and a test can ask the table which types it covers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from engines.core.model import Action

#: The game's handler type, e.g. ``Callable[[State, int, Any, Dice], Result]``.
H = TypeVar("H", bound=Callable[..., Any])


class ActionTable(Generic[H]):
    """The handler of each action type of a game."""

    def __init__(self) -> None:
        self._handlers: dict[type[Action], H] = {}

    def on(self, kind: type[Action]) -> Callable[[H], H]:
        """Register the decorated function as the handler of the action type ``kind``."""

        def register(handler: H) -> H:
            if kind in self._handlers:
                raise ValueError(f"two handlers for {kind.__name__}")
            self._handlers[kind] = handler
            return handler

        return register

    def handler(self, action: Action) -> H:
        """The handler of ``action``'s type (the engine checked the type is its own)."""
        found = self._handlers.get(type(action))
        if found is None:
            raise AssertionError(f"no handler for the action {type(action).__name__}")
        return found

    def kinds(self) -> frozenset[type[Action]]:
        """The action types that have a handler."""
        return frozenset(self._handlers)
