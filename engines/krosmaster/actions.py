"""Actions a player may submit; each is a frozen dataclass with a ``kind``.

Squares are written as labels ("C5"); figures by the unit's name or id as the
autocomplete offers them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engines.core import Action


@dataclass(frozen=True)
class Side(Action):
    """Choose your side of the arena (1.3.2): the starting squares marked 1 or 2."""

    kind: ClassVar[str] = "side"
    squares: str


@dataclass(frozen=True)
class Deploy(Action):
    """Place a figure on one of your starting squares (1.3.9)."""

    kind: ClassVar[str] = "deploy"
    figure: str
    square: str


@dataclass(frozen=True)
class Tension(Action):
    """Roll the two tension dice (5.2.1)."""

    kind: ClassVar[str] = "tension"


@dataclass(frozen=True)
class Reroll(Action):
    """Re-roll the tension test with a single die (5.2.2)."""

    kind: ClassVar[str] = "reroll"


@dataclass(frozen=True)
class Keep(Action):
    """Keep the tension dice, turning flexible faces (1.6.2); blank = your preference."""

    kind: ClassVar[str] = "keep"
    face1: str = ""
    face2: str = ""


@dataclass(frozen=True)
class Inspire(Action):
    """Put a tension die on one of your Krosmasters as an inspiration die (5.3)."""

    kind: ClassVar[str] = "inspire"
    die: int
    figure: str


@dataclass(frozen=True)
class EndInspiration(Action):
    """Sell the dice left over (5.4) and start the component turns (5.5)."""

    kind: ClassVar[str] = "end_inspiration"


@dataclass(frozen=True)
class Move(Action):
    """Move the active unit to a square (6.3.2), or along an explicit path."""

    kind: ClassVar[str] = "move"
    to: str
    path: str = ""
    lock_order: str = ""  # 4.14.2: the adjacent enemies' test order (default: timeline)


@dataclass(frozen=True)
class Cast(Action):
    """Cast one of the active unit's spells at a square (7)."""

    kind: ClassVar[str] = "cast"
    spell: str
    target: str
    facing: str = ""
    ko_order: str = ""  # 4.10.2: the order of simultaneous knock-outs (default: board)
    summon_order: str = ""  # 4.19.1.g: e.g. "2,1": the second token summoned plays first


@dataclass(frozen=True)
class CollectKama(Action):
    """Pick up kamas from the active Krosmaster's square, 1 AP each (6.3.3)."""

    kind: ClassVar[str] = "collect"
    count: int = 1


@dataclass(frozen=True)
class BuyGG(Action):
    """Buy a GG on a demonic square: 1 AP and 12 kamas (6.3.4). With several opponents,
    ``player`` names the one it is stolen from once the wild GG are gone (default: the
    opponent with the most GG)."""

    kind: ClassVar[str] = "buy_gg"
    player: str = ""


@dataclass(frozen=True)
class EndTurn(Action):
    """End the active component's turn (6.4)."""

    kind: ClassVar[str] = "end_turn"


@dataclass(frozen=True)
class Resolve(Action):
    """Resolve one pending effect of step 8, in the order you choose (7.2.9.a)."""

    kind: ClassVar[str] = "resolve"
    effect: int = 1
    ko_order: str = ""  # 4.10.2: the order of simultaneous knock-outs (default: board)


@dataclass(frozen=True)
class Prefer(Action):
    """Set your standing choice for flexible tension faces (1.6.2)."""

    kind: ClassVar[str] = "prefer"
    crit_dodge: str = "crit"
    dofus: str = "armour"


@dataclass(frozen=True)
class Adjust(Action):
    """Apply card text by hand (1.5.1): change a figure's wounds, tokens, gauges,
    square, or its side's kamas or GG, with the reason logged."""

    kind: ClassVar[str] = "adjust"
    unit: str
    what: str
    value: str
    reason: str


@dataclass(frozen=True)
class Applied(Action):
    """Say the card text play is waiting for has been applied (1.5.1)."""

    kind: ClassVar[str] = "applied"


@dataclass(frozen=True)
class BuyReward(Action):
    """Buy a demonic reward on a demonic square: 1 AP and 3/6/9 kamas (4.7.6)."""

    kind: ClassVar[str] = "buy_reward"
    pile: str
    face: str = "down"


@dataclass(frozen=True)
class Assign(Action):
    """Give the reward just bought to one of your Krosmasters (4.7.8)."""

    kind: ClassVar[str] = "assign"
    figure: str


@dataclass(frozen=True)
class Reveal(Action):
    """Turn one of the active Krosmaster's rewards face up (4.7.10)."""

    kind: ClassVar[str] = "reveal"
    reward: str


@dataclass(frozen=True)
class Give(Action):
    """9.2.5: give the GG owed for knocking out your own Krosmaster to this opponent
    (a name or the player number; blank: the opponent with the fewest GG)."""

    kind: ClassVar[str] = "give"
    player: str = ""


@dataclass(frozen=True)
class Doubles(Action):
    """9.2.6: after tension doubles, choose the player who loses 1 GG (blank: the
    opponent with the most GG)."""

    kind: ClassVar[str] = "doubles"
    player: str = ""


@dataclass(frozen=True)
class Withdraw(Action):
    """Leave a free-for-all that goes on without you (``/match resign`` applies it too):
    your units leave the arena and your turns are skipped (docs/krosmaster.md)."""

    kind: ClassVar[str] = "withdraw"


@dataclass(frozen=True)
class Team(Action):
    """Submit your team (match option ``teams: submit``): figure ids or names separated by
    commas, checked by 1.1 / 9.1.2 and hidden until every player has submitted one."""

    kind: ClassVar[str] = "team"
    #: Hidden in exports until the match ends (the reveal itself is an event).
    secret: ClassVar[tuple[str, ...]] = ("figures",)
    figures: str


ALL_ACTIONS: tuple[type[Action], ...] = (
    Team,
    Side,
    Deploy,
    Tension,
    Reroll,
    Keep,
    Inspire,
    EndInspiration,
    Move,
    Cast,
    CollectKama,
    BuyGG,
    EndTurn,
    Resolve,
    Prefer,
    Adjust,
    Applied,
    BuyReward,
    Assign,
    Reveal,
    Give,
    Doubles,
    Withdraw,
)
