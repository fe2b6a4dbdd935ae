"""State of a Dice Throne match (1 v 1), as frozen, JSON-serialisable data."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field

from engines.core import Seat
from engines.dicethrone.content import Step as ScriptStep
from engines.dicethrone.damage import Incoming

START_HEALTH = 50  # "Preparação" 4: 50 health in a 1 v 1 match
START_CP = 2  # "Preparação" 5
CP_CAP = 15  # "Pontos de Combate": at most 15 CP
HEAL_ABOVE_START = 10  # "Vitalidade": heal at most 10 above the starting health
HAND_LIMIT = 6  # "Fase de Descarte": end it with at most 6 cards
HAND_START = 4  # "Preparação" 6
DICE = 5
ATTEMPTS = 3  # "Fase de Rolagem Ofensiva": up to three roll attempts


class Phase(enum.Enum):
    """Turn phases ("Fases do Turno"); Upkeep and Income resolve by themselves."""

    UPKEEP = "upkeep"
    INCOME = "income"
    MAIN1 = "main1"
    OFFENSIVE = "offensive"
    DEFENSIVE = "defensive"
    MAIN2 = "main2"
    DISCARD = "discard"
    OVER = "over"


TRANSITIONS: dict[Phase, frozenset[Phase]] = {
    Phase.UPKEEP: frozenset({Phase.INCOME, Phase.OVER}),
    Phase.INCOME: frozenset({Phase.MAIN1}),
    Phase.MAIN1: frozenset({Phase.OFFENSIVE, Phase.OVER}),
    Phase.OFFENSIVE: frozenset({Phase.DEFENSIVE, Phase.MAIN2, Phase.OVER}),
    Phase.DEFENSIVE: frozenset({Phase.MAIN2, Phase.OVER}),
    Phase.MAIN2: frozenset({Phase.DISCARD, Phase.OVER}),
    Phase.DISCARD: frozenset({Phase.UPKEEP, Phase.OVER}),
    Phase.OVER: frozenset(),
}


class Step(enum.Enum):
    """Where the roll phase is ("Subdivisões do Turno" 4 and 6)."""

    ROLLING = "rolling"  # offensive roll attempts, keep, announce
    RESPONSE = "response"  # the opponent may change dice before activation (4.2)
    DEFENSE = "defense"  # the defender rolls a Defensive Ability once (6.2–6.4)
    FINAL = "final"  # last chance to spend status effects or play cards (6.5)


@dataclass(frozen=True)
class Player:
    """One hero at the table: health, CP, cards, tokens and upgrades."""

    hero: str
    health: int = START_HEALTH
    cp: int = START_CP
    hand: tuple[str, ...] = ()
    deck: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    #: Upgrade cards on the hero board (they can no longer be sold).
    board: tuple[str, ...] = ()
    #: slot id -> id of the upgrade card currently on it.
    upgrades: Mapping[str, str] = field(default_factory=dict)
    statuses: Mapping[str, int] = field(default_factory=dict)
    #: Raised stack limits, per status ("Aumentando o limite de empilhamento").
    stack_bonus: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Heal:
    """Healing waiting to be applied with the phase's damage."""

    target: int
    amount: int


@dataclass(frozen=True)
class Roll:
    """The active player's offensive dice and the defender's defensive dice."""

    dice: tuple[int, ...] = ()
    kept: tuple[bool, ...] = ()
    attempts: int = 0
    announced: str | None = None
    activated: bool = False
    ultimate: bool = False
    defense: str | None = None
    defense_dice: tuple[int, ...] = ()
    #: The latest "Roll [#]" of an effect this roll phase, and whose it was.
    effect_dice: tuple[int, ...] = ()
    effect_owner: int | None = None


@dataclass(frozen=True)
class Frame:
    """Steps of a script still to resolve, with the dice they read."""

    steps: tuple[ScriptStep, ...]
    dice: tuple[int, ...] = ()


@dataclass(frozen=True)
class Suspended:
    """A script paused on an "Or", a manual step or a "Then"; it goes on afterwards.

    ``frames`` (innermost last) and ``later`` ("Additionally" steps) are the
    rest of the script; ``resume`` tells the turn what to do once it ends
    (``activate``, ``defend``, ``card``, ``upkeep``).
    """

    seat: int
    options: tuple[ScriptStep, ...]
    frames: tuple[Frame, ...]
    later: tuple[Frame, ...]
    dice: tuple[int, ...]
    attack: bool
    ultimate: bool
    resume: str
    #: Text the vocabulary cannot express: the owner applies it by hand.
    manual: Mapping[str, str] = field(default_factory=dict)
    #: A "Then" pause: a window where every player may play cards or spend tokens.
    pause: bool = False
    #: The token or dice a card picked (``Ctx.pick``), kept across the pause.
    pick: str = ""
    #: What an "Or" is about ("upkeep_order"), for the prompt; "" for a text's "Or".
    topic: str = ""


@dataclass(frozen=True)
class Queued:
    """An instant action of a non-active player, waiting while the active player,
    who has priority, may answer first ("Conflitos de Timing")."""

    seat: int
    kind: str  # "play" or "spend"
    what: str  # card or status id
    target: str = ""  # the token a picking card names


@dataclass(frozen=True)
class Report:
    """The final damage breakdown of the last roll phase, for the board render."""

    target: int
    incoming: int
    subtotal: int
    total: int
    kind: str


@dataclass(frozen=True)
class State:
    """A whole match."""

    seats: tuple[Seat, ...]
    pack: str
    players: tuple[Player, ...]
    active: int
    first: int
    phase: Phase
    turn: int = 1
    step: Step | None = None
    roll: Roll = field(default_factory=Roll)
    #: Seats that passed the open reaction window, in order.
    passed: tuple[int, ...] = ()
    #: Who acted last in the open window: they keep priority until they pass.
    priority: int | None = None
    ledger: tuple[Incoming, ...] = ()
    heals: tuple[Heal, ...] = ()
    reports: tuple[Report, ...] = ()
    winner: int | None = None
    draw: bool = False
    #: A non-active player's instant action waiting for the active player's answer.
    queued: Queued | None = None
    #: Paused scripts, innermost last (a card played during a pause may pause too).
    stack: tuple[Suspended, ...] = ()

    @property
    def choice(self) -> Suspended | None:
        """The innermost paused script, if any."""
        return self.stack[-1] if self.stack else None

    def opponent(self, seat: int) -> int:
        """The other seat of a 1 v 1 match."""
        return 1 - seat
