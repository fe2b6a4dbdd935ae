"""What each seat may see (the public view never holds a hand or a deck order): the
typed views (``schema``), building them from a state (``build``), and autocomplete
(``suggest``)."""

from __future__ import annotations

from engines.dicethrone.view.build import build_view, describe, option_label, shown_roll
from engines.dicethrone.view.schema import (
    AbilityRow,
    AbilityView,
    AimingView,
    BoardView,
    CardView,
    ChoiceView,
    DefenseView,
    Face,
    IncomingView,
    Owed,
    PlayerView,
    ReportView,
    Requirement,
    RollView,
    SeatView,
    TeamHand,
    Token,
    UpgradeView,
    typed,
)
from engines.dicethrone.view.suggest import suggestions

__all__ = [
    "AbilityRow",
    "AbilityView",
    "AimingView",
    "BoardView",
    "CardView",
    "ChoiceView",
    "DefenseView",
    "Face",
    "IncomingView",
    "Owed",
    "PlayerView",
    "ReportView",
    "Requirement",
    "RollView",
    "SeatView",
    "TeamHand",
    "Token",
    "UpgradeView",
    "build_view",
    "describe",
    "option_label",
    "shown_roll",
    "suggestions",
    "typed",
]
