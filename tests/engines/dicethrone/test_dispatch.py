"""Every Dice Throne action has one handler in the rules' table (``rules/handlers.py``,
``engines.core.dispatch``): the engine runs them all the same way."""

from __future__ import annotations

from engines.dicethrone import ENGINE
from engines.dicethrone.rules.handlers import HANDLERS


def test_every_action_has_a_handler() -> None:
    assert HANDLERS.kinds() == set(ENGINE.action_types)
