"""Dice Throne (rules 2.2): heroes as data, the 1 v 1 turn engine, hero boards."""

from __future__ import annotations

from engines.dicethrone.engine import DiceThrone

ENGINE = DiceThrone()

__all__ = ["ENGINE", "DiceThrone"]
