"""State of a Krosmaster match: frozen, JSON-serialisable data.

A match embeds the definitions of the figures and arena it uses, so replays
never depend on content files changing later.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from engines.core import Seat
from engines.krosmaster.content.schema import ArenaDef, Effect, FigureDef, Power, RewardDef
from engines.krosmaster.geometry import Facing, Square
from engines.krosmaster.rules.faces import Face


class Phase(enum.Enum):
    """Where the match stands; :data:`TRANSITIONS` lists the legal moves."""

    TEAMS = "teams"  # 1.1: each player submits a team, hidden until all are in
    SIDE = "side"  # 1.3.2: the second player chooses a side of the arena
    DEPLOY = "deploy"  # 1.3.9
    TENSION = "tension"  # 5.2: roll
    TENSION_ROLLED = "tension_rolled"  # 5.2.2: re-roll or keep
    INSPIRATION = "inspiration"  # 5.3 / 5.4
    ACTIVATION = "activation"  # 6.3
    PENDING = "pending"  # 7.2.9: the active player orders pending effects
    ASSIGN = "assign"  # 4.7.8: give the reward just bought to a Krosmaster
    OVER = "over"


TRANSITIONS: dict[Phase, frozenset[Phase]] = {
    Phase.TEAMS: frozenset({Phase.TEAMS, Phase.SIDE, Phase.DEPLOY}),
    Phase.SIDE: frozenset({Phase.DEPLOY}),
    Phase.DEPLOY: frozenset({Phase.DEPLOY, Phase.ACTIVATION, Phase.INSPIRATION, Phase.OVER}),
    # OVER from anywhere: a referee's adjustment (1.5.1) may end the match at any time.
    Phase.TENSION: frozenset({Phase.TENSION_ROLLED, Phase.OVER}),
    Phase.TENSION_ROLLED: frozenset({Phase.INSPIRATION, Phase.OVER}),
    Phase.INSPIRATION: frozenset({Phase.ACTIVATION, Phase.TENSION, Phase.OVER}),
    Phase.ACTIVATION: frozenset(
        {Phase.ACTIVATION, Phase.PENDING, Phase.ASSIGN, Phase.TENSION, Phase.OVER}
    ),
    Phase.ASSIGN: frozenset({Phase.ACTIVATION, Phase.OVER}),
    Phase.PENDING: frozenset({Phase.PENDING, Phase.ACTIVATION, Phase.TENSION, Phase.OVER}),
    Phase.OVER: frozenset(),
}


@dataclass(frozen=True)
class Held:
    """A demonic reward on a Krosmaster's card (4.7.8.b): face down until revealed.

    ``public`` marks a token bought face up, which everyone has seen (4.7.7).
    """

    reward: str
    revealed: bool = False
    public: bool = False


@dataclass(frozen=True)
class Lasting:
    """A continuous change of a characteristic or a spell's damage (4.18.4, 4.18.3.d).

    ``until`` is "turn" (ends with the active component's turn, 6.4.1) or "fight" (ends
    when the unit is knocked out, as it leaves the arena); ``once`` damage is used up by
    the next spell.
    """

    stat: str
    amount: int
    until: str
    spell: str | None = None
    once: bool = False
    power: str = ""  # stat "powers": the one power lost (4.18.4.g); empty: all of them


@dataclass(frozen=True)
class RuleChange:
    """4.18.4.c: a continuous change of the match's rules for a group of units — it reaches
    units of the group that enter play later too, from the moment they enter (4.18.4.d).

    ``side`` is read from ``seat`` (allies, enemies or all); ``who`` is units, krosmasters or
    summons. Changes "until the end of the turn" end with the active component's turn.
    """

    seat: int
    side: str
    who: str
    stat: str
    amount: int
    until: str
    power: str = ""  # stat "powers": the one power the group loses; empty: all of them
    spell: str | None = None  # stat "damage": only this spell id (None: every spell)
    of: str = ""  # only units of this type or figure name ("your Tofus"); empty: all


@dataclass(frozen=True)
class Unit:
    """A Krosmaster or summon on (or off) the arena.

    AP/MP tokens are signed counts: +2 is two +1 tokens, −1 one −1 token. A
    +1 and a −1 cancel as soon as placed (4.11.8), so a unit can never hold
    both kinds — the representation makes that state impossible.
    """

    id: str
    figure: str
    owner: int
    pos: Square | None = None
    wounds: int = 0
    ap: int = 0
    mp: int = 0
    ap_tokens: int = 0
    mp_tokens: int = 0
    range_tokens: int = 0
    range_bonus: int = 0  # 4.12.1: applied for the current turn
    inspiration: tuple[Face, ...] = ()  # 5.3: powers until its owner's next turn
    ko: bool = False
    summoner: str | None = None
    cast_this_turn: tuple[str, ...] = ()  # spell ids (4.8.3 blue)
    targets_this_turn: tuple[str, ...] = ()  # "spell>target" (4.8.3 purple)
    cast_this_game: tuple[str, ...] = ()  # spell ids (4.8.3 red)
    #: Bonuses for the next spell cast, consumed by it (4.7.5.a boosts), e.g. +2 AIR.
    boost: tuple[Effect, ...] = ()
    #: Revealed boosts whose spells it may cast (4.7.5.a): only as its next spell, and
    #: only this turn — lost once another spell is cast or the turn ends.
    boost_spells: tuple[str, ...] = ()
    collected: int = 0  # kamas picked up during its current turn (4.9.28)
    wounded_by: str | None = None  # source of the last wound inflicted (4.10.6.b)
    rewards: tuple[Held, ...] = ()
    revealed_this_turn: bool = False  # 4.7.10: one reveal per figure turn
    bought_this_turn: bool = False  # 4.9.27: Artesão's discount is for the first purchase
    #: Powers gained "until the end of the fight" (1.3.10.a, 4.18.4); a knock-out ends them.
    gained: tuple[Power, ...] = ()
    #: Continuous changes of AP, MP, range or damage (4.18.4), see :class:`Lasting`.
    lasting: tuple[Lasting, ...] = ()


@dataclass(frozen=True)
class Player:
    """A player's stock (4.5.1), Gallons of Glory (4.6) and timeline (2.4.3.d)."""

    name: str
    gg: int
    kamas: int = 0
    timeline: tuple[str, ...] = ()
    prefer_crit_dodge: Face = Face.CRIT
    prefer_dofus: Face = Face.ARMOUR


class PendingKind(enum.Enum):
    """Effects waiting for step 8 of a spell (7.2.9)."""

    LIFESTEAL = "lifesteal"  # 7.5.18
    COUNTER_ATTACK = "counter_attack"  # 4.9.15
    EXPLOSION = "explosion"  # 4.19.5: a knocked-out bomb casts its spell
    TRAP = "trap"  # 4.19.7: a sprung trap casts Estalo


@dataclass(frozen=True)
class Pending:
    """One effect in the single queue of 7.2.9.d."""

    kind: PendingKind
    source: str  # unit id that owns the effect
    target: str  # unit id it acts on
    amount: int = 0
    square: Square | None = None  # where an exploding bomb stood


@dataclass(frozen=True)
class Marker:
    """A special marker (4.13): a named reminder a Krosmaster put on another."""

    name: str
    placer: str  # unit id of the Krosmaster that placed it
    target: str  # unit id it lies on


@dataclass(frozen=True)
class Suspended:
    """A spell paused in step 3 for card text (1.5.1); it goes on from ``next_effect``."""

    caster: str
    spell: str
    main: Square
    facing: Facing | None
    squares: tuple[Square, ...]
    targets: tuple[str, ...]
    next_effect: int


@dataclass(frozen=True)
class ManualNote:
    """Card text the engine cannot apply (1.5.1): play waits until it is applied."""

    seat: int  # who applies it: the player whose action produced it
    unit: str  # the figure's name, for the prompt
    text: str


@dataclass(frozen=True)
class Owed:
    """A choice between players that chapter 9 owes before play goes on.

    ``kind`` "gift" (9.2.5): ``seat`` knocked out a Krosmaster of its own (or of its team)
    and gives ``amount`` GG of its own to an opponent it chooses. ``kind`` "doubles"
    (9.2.6): ``seat`` chooses a player who loses 1 GG; ``step`` 1 is the active player
    choosing an opponent, step 2 that opponent choosing another player.
    """

    kind: str
    seat: int
    amount: int = 0
    step: int = 1


@dataclass(frozen=True)
class LastHit:
    """What the last spell did to one unit it hit: the render's caption says it."""

    unit: str
    wounds: int = 0  # wounds placed (7.2.7, capped at HP: 4.10.4)
    healed: int = 0  # wounds removed (7.3.2)
    armour: int = 0  # armour successes (7.2.6)


@dataclass(frozen=True)
class LastAction:
    """What the renderer highlights and captions: a path walked, or a spell's target and
    zone with what it did (older snapshots lack ``spell``, ``origin``, ``crits`` and
    ``hits``: their defaults are "nothing to say")."""

    unit: str = ""
    path: tuple[Square, ...] = ()
    target: Square | None = None
    zone: tuple[Square, ...] = ()
    spell: str = ""  # the spell id cast
    origin: Square | None = None  # where the caster stood
    crits: int = 0  # critical successes (7.2.5)
    hits: tuple[LastHit, ...] = ()


@dataclass(frozen=True)
class State:
    """The whole match."""

    seats: tuple[Seat, ...]
    players: tuple[Player, ...]
    units: tuple[Unit, ...]
    figures: dict[str, FigureDef]
    arena: ArenaDef
    floor_kamas: dict[str, int]  # square label → kamas lying there (1.3.3)
    reserve_kamas: int  # 1.3.4
    wild_gg: int  # 1.3.6
    first_player: int
    active_player: int
    phase: Phase
    fmt: str = "constructed"
    lock_rule: str = "2.7"  # "classic": the additional rules' lock, as a named option
    player_turn: int = 1  # counts player turns; 5.2.4 skips tension on turn 1
    active_unit: str | None = None
    tension: tuple[Face, ...] = ()  # the final faces of the tension dice
    tension_rolled: tuple[Face, ...] = ()  # as rolled, before 1.6.2 turning
    rerolled: bool = False
    gg_bought: bool = False  # 6.3.4: once per player turn
    gg_lost: int = 0  # GG lost to tension doubles (5.2.3), kept for conservation checks
    pending: tuple[Pending, ...] = ()
    last: LastAction = LastAction()
    winner: int | None = None
    draw: bool = False
    deploying: int = 0
    rewards: dict[str, RewardDef] = field(default_factory=dict)
    piles: tuple[tuple[str, ...], ...] = ()  # 1.3.7: face down, top first
    shown: tuple[str, ...] = ()  # the face-up token next to each pile ("" for none)
    bought: str = ""  # a reward waiting for 4.7.8's assignment
    bought_public: bool = False
    # The active player's order for this action's lock tests (4.14.2) and
    # simultaneous knock-outs (4.10.2): unit ids first in that order, then the rest.
    order: tuple[str, ...] = ()
    manual: tuple[ManualNote, ...] = ()  # 1.5.1: applied by hand before play goes on
    markers: tuple[Marker, ...] = ()  # 4.13
    rule_changes: tuple[RuleChange, ...] = ()  # 4.18.4.c
    suspended: Suspended | None = None  # a spell waiting for its card text (1.5.1)
    # Chapter 9: "duel" (1 v 1), "ffa" (free-for-all) or "2v2"; the seats in play order
    # (player 1, 2, … of 9.2.1; empty in a duel: first, then second player).
    mode: str = "duel"
    turn_order: tuple[int, ...] = ()
    owed: tuple[Owed, ...] = ()  # 9.2.5 / 9.2.6: choices between players, oldest first
    winners: tuple[int, ...] = ()  # every winning seat (both of a team, 9.3.2)
    box: str = "2.0"  # "original": the original base box's reward piles (8.1.2)
    left: tuple[int, ...] = ()  # seats that withdrew from a free-for-all (leaving.py)
    # Phase.TEAMS (match option ``teams: submit``): each seat's submitted figure ids, kept
    # hidden until every seat has one ("" none yet), and what set-up needs afterwards.
    submitted: tuple[tuple[str, ...], ...] = ()
    max_level: int = 0  # 9.1.2: the match's top total level (0: none)
    choose_sides: bool = False  # option ``sides: choose`` (1.3.2 / 9.2.2)

    def unit(self, unit_id: str) -> Unit:
        """The unit with this id."""
        return next(u for u in self.units if u.id == unit_id)

    def fig(self, unit: Unit) -> FigureDef:
        """The definition behind a unit."""
        return self.figures[unit.figure]

    def allied(self, a: int, b: int) -> bool:
        """Are seats ``a`` and ``b`` on one team (4.1.2)? In 2 v 2 seats 1 & 3 and 2 & 4
        (indices 0 & 2, 1 & 3) are; otherwise each player is their own team."""
        return a % 2 == b % 2 if self.mode == "2v2" else a == b
