"""Every Battle Scenes action has one handler in the rules' table (``rules/handlers.py``,
``engines.core.dispatch``), but the two the engine answers itself: a referee's manual
adjustment and a player's standing loading order (they move no step of the game)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engines.battlescenes import actions as act
from engines.battlescenes.rules.handlers import HANDLERS
from engines.core.dispatch import ActionTable


def test_every_action_but_the_engines_own_has_a_handler() -> None:
    assert HANDLERS.kinds() == set(act.ALL) - {act.Manual, act.LoadOrder}


def test_a_type_gets_one_handler_and_an_unknown_type_none() -> None:
    table: ActionTable[Callable[..., object]] = ActionTable()
    table.on(act.Pass)(print)
    with pytest.raises(ValueError, match="two handlers for Pass"):
        table.on(act.Pass)(print)
    with pytest.raises(AssertionError, match="no handler for the action Yield"):
        table.handler(act.Yield(character=0))
