"""Actions of Dice Throne (each a slash sub-command or a button)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engines.core import Action


@dataclass(frozen=True)
class RollDice(Action):
    """Make a roll attempt: roll every die not kept (all five on the first)."""

    kind: ClassVar[str] = "roll"


@dataclass(frozen=True)
class Keep(Action):
    """Choose which dice (1–5, e.g. "1 3 5") to keep for the next attempt."""

    kind: ClassVar[str] = "keep"
    dice: str = ""


@dataclass(frozen=True)
class Announce(Action):
    """Announce the Offensive Ability the final dice meet."""

    kind: ClassVar[str] = "announce"
    ability: str


@dataclass(frozen=True)
class NoAbility(Action):
    """End the offensive roll without activating an ability."""

    kind: ClassVar[str] = "no_ability"


@dataclass(frozen=True)
class Defend(Action):
    """Roll a Defensive Ability (the only one, or the one named)."""

    kind: ClassVar[str] = "defend"
    defense: str = ""


@dataclass(frozen=True)
class Pass(Action):
    """Let a reaction window close without playing anything."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True)
class PlayCard(Action):
    """Play a card from the hand (paying its CP cost)."""

    kind: ClassVar[str] = "play"
    #: A non-active player's Instant Action waits unnamed (priority.py): hidden in full.
    secret: ClassVar[tuple[str, ...]] = ("kind", "card", "target")
    card: str
    #: For cards that pick a token: ``"<seat>:<status>"`` (seat from 1), e.g. ``"2:evasive"``.
    target: str = ""


@dataclass(frozen=True)
class Sell(Action):
    """Sell a card from the hand for 1 CP."""

    kind: ClassVar[str] = "sell"
    card: str


@dataclass(frozen=True)
class Spend(Action):
    """Spend a status effect token for its effect."""

    kind: ClassVar[str] = "spend"
    #: Spending counts as an Instant Action: it may wait unnamed like a card.
    secret: ClassVar[tuple[str, ...]] = ("kind", "status")
    status: str


@dataclass(frozen=True)
class UseBoardAction(Action):
    """Take an "at any time" action printed on the hero's board (the Paladin's Tithe,
    Thor's Mjölnir), paying its cost."""

    kind: ClassVar[str] = "use"
    #: An Instant Action like a spent token: it may wait unnamed.
    secret: ClassVar[tuple[str, ...]] = ("kind", "action")
    action: str


@dataclass(frozen=True)
class EndPhase(Action):
    """End the Main or Discard phase."""

    kind: ClassVar[str] = "end_phase"


@dataclass(frozen=True)
class Choose(Action):
    """Pick one of the options of an "Or" (numbered from 1)."""

    kind: ClassVar[str] = "choose"
    option: int


@dataclass(frozen=True)
class Adjust(Action):
    """Apply part of a manual step by hand: change a seat's health, CP or tokens.

    ``seat`` is 1-based as players see it; every adjustment is logged.
    """

    kind: ClassVar[str] = "adjust"
    seat: int
    health: int = 0
    cp: int = 0
    status: str = ""
    count: int = 0


@dataclass(frozen=True)
class Resolved(Action):
    """Declare a manual step applied; the script goes on."""

    kind: ClassVar[str] = "resolved"


@dataclass(frozen=True)
class Target(Action):
    """Name the Defender in the targeting phase ("Fase de Rolagem de Alvo"); seat from 1."""

    kind: ClassVar[str] = "target"
    player: int


@dataclass(frozen=True)
class Aim(Action):
    """Name the target of a card played without one (a token "2:evasive", a seat
    "3", a die change "3=6" or "done" once some dice are named)."""

    kind: ClassVar[str] = "aim"
    target: str


ACTION_TYPES: tuple[type[Action], ...] = (
    RollDice,
    Keep,
    Announce,
    NoAbility,
    Defend,
    Pass,
    PlayCard,
    Sell,
    Spend,
    UseBoardAction,
    EndPhase,
    Choose,
    Adjust,
    Resolved,
    Target,
    Aim,
)
