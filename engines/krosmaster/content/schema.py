"""Content schema: figures, summons, spells, effects and arenas as plain data.

Every definition is a frozen dataclass that serialises losslessly, so a
match embeds the definitions it uses and replays identically even if a pack
changes later. The YAML format is documented in docs/krosmaster.md and loaded
by :mod:`engines.krosmaster.content.loader`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from engines.krosmaster.geometry import Square, Zone
from engines.krosmaster.names import Names


class Element(enum.Enum):
    """Damage elements (4.10.3); NEUTRAL spells never roll more than 1 crit die."""

    NEUTRAL = "neutral"
    WATER = "water"
    AIR = "air"
    EARTH = "earth"
    FIRE = "fire"


class SpellKind(enum.Enum):
    """Attack, heal or special spell (4.8.6)."""

    ATTACK = "attack"
    HEAL = "heal"
    SPECIAL = "special"


class RangeKind(enum.Enum):
    """Range icons of 4.15.2–4.15.6."""

    MELEE = "melee"
    RANGED = "ranged"
    LINE = "line"
    NO_LOS = "no_los"
    PERSONAL = "personal"


class Limit(enum.Enum):
    """Usage limits by the colour behind the spell's name (4.8.3)."""

    UNLIMITED = "unlimited"  # black
    PER_TURN = "per_turn"  # blue
    PER_TARGET = "per_target"  # purple: once per turn per target
    PER_GAME = "per_game"  # red


class NameColour(enum.Enum):
    """Colour of a Krosmaster's name, which limits copies in a team (1.1.1)."""

    GOLD = "gold"
    WHITE = "white"
    BLACK = "black"


class EffectKind(enum.Enum):
    """The additional effects of 7.5 the engine applies, plus ``manual``."""

    MP = "mp"  # 7.5.1/7.5.2: ±X MP tokens on each target
    AP = "ap"  # 7.5.3/7.5.4
    BONUS_DAMAGE = "bonus_damage"  # 7.5.5–7.5.8 (step 6)
    PUSH = "push"  # 7.5.9
    PULL = "pull"  # 7.5.10
    ARMOUR_PIERCING = "armour_piercing"  # 7.5.11 (step 5)
    STEAL_MP = "steal_mp"  # 7.5.12
    STEAL_AP = "steal_ap"  # 7.5.13
    GAIN_MP = "gain_mp"  # 7.5.14
    GAIN_AP = "gain_ap"  # 7.5.15
    RETREAT = "retreat"  # 7.5.16
    APPROACH = "approach"  # 7.5.17
    LIFESTEAL = "lifesteal"  # 7.5.18 (step 8)
    BONUS_HEAL = "bonus_heal"  # 7.3.2.b
    SUMMON = "summon"  # 4.19.9: put a summon token on the targeted square
    MARKER = "marker"  # 4.13: put the named special marker on the targeted Krosmaster
    RETRIBUTION = "retribution"  # 4.9.19: what follows needs X enemy Allies/Justiciers
    REVENGE = "revenge"  # 4.9.20: what follows needs X enemy Allies/Villains
    # 1.3.10.a / 4.18.4: each target (or the caster) gains a power until the end of the fight.
    GAIN_POWER = "gain_power"
    # 4.18.4: ±X AP/MP/range/damage/HP, or no powers, until the end of the turn or fight
    LASTING = "lasting"
    MANUAL = "manual"  # text the vocabulary cannot express: players apply it


#: Characteristics a lasting effect (4.18.4) may change; "powers" (only −1) is the loss of
#: all powers, which takes priority over every other continuous effect (4.18.4.g).
#: "crit" and "armour" add dice to the unit's critical tests (7.2.5) and armour tests
#: (7.2.6); "loot" changes the kamas taken for knocking it out (Saque X, 4.9.29).
LASTING_STATS = ("ap", "mp", "range", "damage", "hp", "powers", "crit", "armour", "loot")
#: What a card's conditional static effect (4.18.4.a/e) may change: a number, not powers.
STATIC_STATS = tuple(s for s in LASTING_STATS if s != "powers")
#: 4.18.4.e: the turns a condition may name: its player's, another player's, its activation.
CONDITION_TURNS = ("own", "other", "active")
#: What a group's change (4.18.4.c) may name.
GROUP_SIDES = ("allies", "enemies", "all")
GROUP_WHO = ("units", "krosmasters", "summons")


@dataclass(frozen=True)
class Effect:
    """One additional effect, in card order (7.2.4.e).

    ``per_adjacent`` makes the amount count once per unit of that type (or
    name) adjacent to the target, e.g. Dan To Fu's +1 AIR per Tofu (7.2.7.c);
    ``if_adjacent`` counts it once when at least one such unit is adjacent.
    """

    kind: EffectKind
    amount: int = 0
    element: Element | None = None
    per_adjacent: str | None = None
    if_adjacent: str | None = None
    text: str = ""
    figure: str | None = None  # the summon a SUMMON effect puts in play
    power: Power | None = None  # the power a GAIN_POWER effect grants
    to_caster: bool = False  # GAIN_POWER/LASTING: the caster gains it rather than the targets
    stat: str = ""  # LASTING: one of LASTING_STATS
    until: str = ""  # LASTING: "turn" (the player turn) or "fight"
    spell: str | None = None  # LASTING damage: only this spell id (None: every spell)
    once: bool = False  # LASTING damage: used up by the next spell it applies to
    side: str = ""  # LASTING for a group (4.18.4.c): allies | enemies | all of the caster's
    who: str = "units"  # ... units | krosmasters | summons of that side
    of: str = ""  # ... only those of this type or figure name ("Tofu": your Tofus)


class Power(enum.Enum):
    """Powers of 4.9 with a fixed meaning. Card-specific powers are ``manual``."""

    CRITICAL = "critical"  # 4.9.3
    ARMOUR = "armour"  # 4.9.4
    LOCK = "lock"  # 4.9.5
    DODGE = "dodge"  # 4.9.6
    RESIST_WATER = "resist_water"  # 4.9.7
    RESIST_AIR = "resist_air"  # 4.9.8
    RESIST_EARTH = "resist_earth"  # 4.9.9
    RESIST_FIRE = "resist_fire"  # 4.9.10
    RESIST_ALL = "resist_all"  # 4.9.11
    IMMUNE = "immune"  # 4.9.12
    PEKETITO = "peketito"  # 4.9.13
    OBSTRUCT = "obstruct"  # 4.9.14 Estorvo
    COUNTER_ATTACK = "counter_attack"  # 4.9.15
    HEALER = "healer"  # 4.9.16 Cura
    INSENSITIVE = "insensitive"  # 4.9.17
    LUCK = "luck"  # 4.9.21 Sorte (water)
    AGILITY = "agility"  # 4.9.22 (air)
    STRENGTH = "strength"  # 4.9.23 Força (earth)
    INTELLIGENCE = "intelligence"  # 4.9.24 (fire)
    WISDOM = "wisdom"  # 4.9.25 Sabedoria
    PROSPECTING = "prospecting"  # 4.9.26 Prospecção
    FARMER = "farmer"  # 4.9.28 Fazendeiro
    LOOT = "loot"  # 4.9.29 Saque X
    WEAR = "wear"  # 4.9.30 Desgastar
    PROFANATION = "profanation"  # 4.9.31 Profanação (tombstones, 4.19.8.c)
    ARTISAN = "artisan"  # 4.9.27 Artesão
    INNER_FIRE = "inner_fire"  # 4.9.18 Fogo Interior: only with Frigost's rules (no effect here)
    MANUAL = "manual"


#: Powers an effect cannot grant by keyword alone: card text, or a number ("Saque X").
UNGAINABLE = frozenset({Power.MANUAL, Power.LOOT})


@dataclass(frozen=True)
class Condition:
    """When a static effect applies (4.18.4.e: at once whenever it holds, checked at every
    use). Every condition given must hold; ``adjacent`` reads a type (2.2) or a figure
    name of any unit next to the bearer (4.18.9: whoever controls it, unless ``side``)."""

    adjacent: str = ""
    side: str = "all"  # the adjacent unit's side, read from the bearer: allies | enemies | all
    wounds_at_least: int = 0  # the bearer has at least this many wounds
    wounds_below: int = 0  # ... fewer than this many (0: no such condition)
    turn: str = ""  # one of CONDITION_TURNS


@dataclass(frozen=True)
class PowerDef:
    """A power on a card: a known keyword or a named manual text."""

    power: Power
    name: str = ""
    text: str = ""
    amount: int = 0  # X of "Saque X"
    start_of_fight: bool = False  # 1.3.10: a manual power applied when the fight begins
    # 4.9.19 / 4.9.20: the power only counts with `gate_count` enemy Allies or
    # Justiciers ("retribution") / Villains ("revenge") in the arena.
    gate: str = ""
    gate_count: int = 0
    #: 4.18.4.e: a static effect on the *adjacent* units ("allies", "enemies" or "all"),
    #: applied whenever they stand next to the bearer; the bearer itself does not have it.
    aura: str = ""
    #: A card power "when this unit is knocked out, put a <token> on its square": the id
    #: of the summon left there (a tombstone, 4.19.8), e.g. ``leaves: lapide``.
    leaves: str = ""
    #: 4.18.4.a/e: the power (or the static change below) counts only while this holds.
    condition: Condition | None = None
    #: A static change of a number (one of STATIC_STATS) by ``amount`` while ``condition``
    #: holds: "while adjacent to a Tofu, this unit has +1 MP" (``power`` is MANUAL).
    stat: str = ""


@dataclass(frozen=True)
class SpellDef:
    """A spell bar (2.5.2): range, name, cost, damage or heal, effects."""

    id: str
    name: str
    kind: SpellKind
    range_kind: RangeKind
    element: Element = Element.NEUTRAL
    range_min: int = 1
    range_max: int = 1
    variable: bool = True
    ap: int = 0
    mp: int = 0
    wounds: int = 0
    fixed_cost: bool = False  # 4.8.2: a dash in the AP icon
    amount: int = 0  # base damage or heal
    zone: Zone = Zone.SINGLE
    limit: Limit = Limit.UNLIMITED
    effects: tuple[Effect, ...] = ()
    control: int = 0  # 4.19.9.c: the number in parentheses of a summoning spell
    tracking: bool = False  # 7.5.21 Rastreio
    invasion: bool = False  # 7.5.22 Invasão
    names: Names = ()  # the name per locale (engines.krosmaster.names)


#: The type that makes a Krosmaster a Boss (1.1.1.g), in the languages cards are read in.
BOSS_TYPES = frozenset({"boss", "chefe", "capo"})


@dataclass(frozen=True)
class FigureDef:
    """A Krosmaster card (2.1–2.7) or a summon token (3.1–3.4; no level/initiative).

    ``mp``/``ap`` of ``None`` are the printed dash: a mechanism (4.3.4.b).
    """

    id: str
    name: str
    hp: int
    mp: int | None
    ap: int | None
    source: str
    verified: bool
    version: str = ""
    colour: NameColour = NameColour.BLACK
    types: tuple[str, ...] = ()
    level: int = 0
    initiative: int = 0
    summon: bool = False
    spells: tuple[SpellDef, ...] = ()
    powers: tuple[PowerDef, ...] = ()
    names: Names = ()  # the name per locale (engines.krosmaster.names)
    #: False for a printed figure whose stat line is known but not its spells and powers:
    #: it counts for team building and lookups, and cannot be played until a server's
    #: pack gives its whole card (``playable`` in docs/krosmaster.md).
    playable: bool = True
    #: Characteristics no public record gives (``?`` in the content, 0/None here); only on
    #: a figure that is not playable.
    unknown: tuple[str, ...] = ()

    @property
    def hero(self) -> str:
        """The name without its version (2.1.2: versions are one Krosmaster for 1.1.1)."""
        suffix = f" - {self.version}"
        return (
            self.name[: -len(suffix)] if self.version and self.name.endswith(suffix) else self.name
        )

    @property
    def boss(self) -> bool:
        """Of the type Boss (Chefe), limited to one per team (1.1.1.g)."""
        return any(t.lower() in BOSS_TYPES for t in self.types)

    def has(self, power: Power) -> bool:
        """Whether the card prints this power for itself (an aura is for its neighbours)."""
        return any(p.power is power and not p.aura for p in self.powers)


@dataclass(frozen=True)
class ArenaDef:
    """An arena (1.2.1): size, scenery, kama and demonic squares, starting squares."""

    id: str
    name: str
    width: int
    height: int
    source: str
    verified: bool
    trees: tuple[Square, ...] = ()
    bushes: tuple[Square, ...] = ()
    boxes: tuple[Square, ...] = ()
    demonic: tuple[Square, ...] = ()
    kamas: tuple[tuple[Square, int], ...] = ()
    starts: tuple[tuple[Square, ...], ...] = ((), ())
    names: Names = ()  # the name per locale (engines.krosmaster.names)


@dataclass(frozen=True)
class Team:
    """A preset team of figure ids, in the order their owner lists them."""

    id: str
    name: str
    figures: tuple[str, ...]
    names: Names = ()  # the name per locale (engines.krosmaster.names)
    #: The format the team is built for ("limited": 1.1.2), read by the match option
    #: ``format: auto``; empty for a team legal in any format.
    format: str = ""


class Tier(enum.Enum):
    """Demonic reward levels (4.7.6; GOLD is the original box of 8.1)."""

    GRANITE = "granite"
    JADE = "jade"
    SILVER = "silver"
    GOLD = "gold"


#: Kamas per tier (4.7.6, 8.1.3).
PRICES: dict[Tier, int] = {Tier.GRANITE: 3, Tier.JADE: 6, Tier.SILVER: 9, Tier.GOLD: 12}
#: 4.9.27 Artesão: the first purchase of the activation costs no AP and these kamas
#: (ruby, 15, is not a tier of this content yet).
ARTISAN_PRICES: dict[Tier, int] = {Tier.GRANITE: 3, Tier.JADE: 5, Tier.SILVER: 7, Tier.GOLD: 10}


class RewardKind(enum.Enum):
    """Boost (black), buff (brown) or equipment (white) (4.7.5)."""

    BOOST = "boost"
    BUFF = "buff"
    EQUIPMENT = "equipment"


class Gear(enum.Enum):
    """The six equipment types of 4.7.11."""

    WEAPON = "weapon"
    SET = "set"
    PET = "pet"
    DOFUS = "dofus"
    TROPHY = "trophy"
    TECHNIQUE = "technique"


@dataclass(frozen=True)
class RewardDef:
    """A demonic reward token: AP/MP/range bonuses, bonus damage, powers, or manual text."""

    id: str
    name: str
    tier: Tier
    kind: RewardKind
    source: str
    verified: bool
    gear: Gear | None = None
    ap: int = 0
    mp: int = 0
    range: int = 0
    damage: tuple[Effect, ...] = ()  # boosts: bonus damage for the next spell (4.7.5.a)
    powers: tuple[Power, ...] = ()
    text: str = ""
    spells: tuple[SpellDef, ...] = ()  # equipment's own spells, e.g. a weapon's (4.7.11)
    punch: tuple[Effect, ...] = ()  # 4.7.11.e: a Technique's additional Punch effects
    names: Names = ()  # the name per locale (engines.krosmaster.names)


@dataclass(frozen=True)
class ContentPack:
    """Everything loaded from a content directory."""

    figures: dict[str, FigureDef] = field(default_factory=dict)
    arenas: dict[str, ArenaDef] = field(default_factory=dict)
    teams: dict[str, Team] = field(default_factory=dict)
    rewards: dict[str, RewardDef] = field(default_factory=dict)


def punch(techniques: int = 0, effects: tuple[Effect, ...] = ()) -> SpellDef:
    """The Punch every Krosmaster has (4.8.5): 5 AP, melee, 1 neutral, once per turn.

    Each revealed Technique lowers its cost by 1 AP, down to 0 (4.7.11.f), and adds
    its additional effects (4.7.11.e), in the order the Techniques were revealed.
    """
    return SpellDef(
        id="punch",
        name="Punch",
        # 4.8.5 "Golpe"; the Italian supplement's "Pugno".
        names=(("en-US", "Punch"), ("pt-BR", "Golpe"), ("it", "Pugno")),
        kind=SpellKind.ATTACK,
        range_kind=RangeKind.MELEE,
        ap=max(0, 5 - techniques),
        amount=1,
        variable=False,
        limit=Limit.PER_TURN,
        effects=effects,
    )
