"""The engine kit shared by every game: contract, dice, errors, data types."""

from __future__ import annotations

from engines.core.dice import (
    Dice,
    DiceOutcome,
    DrawKind,
    RiggedDice,
    SeededDice,
    new_seed,
    seed_commitment,
)
from engines.core.errors import (
    ContentError,
    DiceExhaustedError,
    EngineError,
    IllegalActionError,
    InvalidActionError,
    MatchOverError,
    NotYourTurnError,
    SetupError,
)
from engines.core.model import (
    Action,
    ActionCodec,
    Choice,
    CommandSpec,
    Decision,
    Event,
    MatchResult,
    Message,
    OptionSpec,
    OptionType,
    Outcome,
    ResultKind,
    Seat,
    View,
)
from engines.core.protocol import GameEngine, MatchOption

__all__ = [
    "Action",
    "ActionCodec",
    "Choice",
    "CommandSpec",
    "ContentError",
    "Decision",
    "Dice",
    "DiceExhaustedError",
    "DiceOutcome",
    "DrawKind",
    "EngineError",
    "Event",
    "GameEngine",
    "IllegalActionError",
    "InvalidActionError",
    "MatchOption",
    "MatchOverError",
    "MatchResult",
    "Message",
    "NotYourTurnError",
    "OptionSpec",
    "OptionType",
    "Outcome",
    "ResultKind",
    "RiggedDice",
    "Seat",
    "SeededDice",
    "SetupError",
    "View",
    "new_seed",
    "seed_commitment",
]
