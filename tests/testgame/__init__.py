"""A tiny game used by the bot's tests (never shipped to players)."""

from __future__ import annotations

from tests.testgame.rules import HighCardDice

ENGINE = HighCardDice()
