"""Content schema of Dice Throne: heroes, abilities, status effects and cards.

Heroes are data (``assets/content/dicethrone/``); this module holds the typed
shape of that data. The YAML loader that builds it (with errors naming file,
line and field) is :mod:`engines.dicethrone.content.loader`; the effect vocabulary is
documented in ``docs/dicethrone.md`` and interpreted by
:mod:`engines.dicethrone.effects`.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field, replace


class DamageKind(enum.Enum):
    """The five damage types ("Tipos de Dano")."""

    NORMAL = "normal"
    UNDEFENDABLE = "undefendable"
    PURE = "pure"
    COLLATERAL = "collateral"
    ULTIMATE = "ultimate"

    @property
    def defendable(self) -> bool:
        """Whether a Defensive Ability may answer it ("Tabela de Tipo de Dano")."""
        return self is DamageKind.NORMAL

    @property
    def avoidable(self) -> bool:
        """Whether cards and status effects may reduce or prevent it."""
        return self is not DamageKind.ULTIMATE

    @property
    def enhanceable(self) -> bool:
        """Whether Attack Modifiers may add to it."""
        return self in (DamageKind.NORMAL, DamageKind.UNDEFENDABLE, DamageKind.ULTIMATE)


class Timing(enum.Enum):
    """When a card may be played ("Cartas de Herói")."""

    INSTANT = "instant"
    MAIN = "main"
    ROLL = "roll"
    UPGRADE = "upgrade"


class Side(enum.Enum):
    """Whose side of an Attack a spend or roll-phase card needs its owner on."""

    ANY = "any"
    ATTACKING = "attacking"
    DEFENDING = "defending"


#: Localised text: locale -> text (a missing locale falls back to en-US, then to any).
Text = Mapping[str, str]


#: Collateral damage's named victims ("Regras Especiais de Alvo": the card says
#: who takes it, no targeting phase): every living opponent, every living player,
#: the player on the owner's left (next in turn order) or right (previous), or each
#: living teammate (2 v 2).
SPREAD_TARGETS = ("each_opponent", "everyone", "left", "right", "teammates")
#: ``gain: {status, count: max}``: as many tokens as the stack limit allows ("gain the
#: maximum": the gain stops at the limit, so any number past every limit fills it).
UP_TO_LIMIT = 99


@dataclass(frozen=True)
class Step:
    """One step of an effect script (see the vocabulary in docs/dicethrone.md).

    A single generic record keeps scripts JSON-able and easy to extend: ``op``
    names the step and only the fields that op uses are set.
    """

    op: str
    amount: int = 0
    kind: DamageKind = DamageKind.NORMAL
    per: str | None = None
    roll_sum: bool = False
    status: str | None = None
    target: str = "opponent"
    dice: int = 0
    symbols: Mapping[str, int] = field(default_factory=dict)
    sum_at_least: int = 0
    #: ``with``: at least one die shows one of these numbers (e.g. "on 1–2").
    numbers: tuple[int, ...] = ()
    steps: tuple[Step, ...] = ()
    #: ``opposed``: what happens when the owner's die does not win.
    otherwise: tuple[Step, ...] = ()
    #: ``opposed``: whether a tie counts as the owner's win.
    ties_win: bool = False
    #: ``option`` (inside ``or``): how the choice is shown to the player.
    text: Text = field(default_factory=dict)
    #: ``or``: what the choice is about, for the prompt ("" = an "Or" of a text).
    topic: str = ""
    #: ``damage``: an isolated instance, dealt at once instead of with the phase's
    #: damage (the Powder Keg's explosion, FAQ R2); defeat still waits for the phase's end.
    isolated: bool = False
    #: dice-changing steps: which dice they change ("offensive", "defensive", "any").
    dice_of: str = "offensive"
    #: ``gain_companion`` / ``lose_companion``: the companion's id ("Companheiros").
    companion: str | None = None
    # -- printed heroes (issue 22) -------------------------------------------------
    #: An amount halved, rounded up ("½ … (rounded up)": Reload, Vegas Baby!).
    half: bool = False
    #: ``set_dice``: the die takes the value of another of the same dice (Samesies!).
    matching: bool = False
    #: ``with``: the dice sum to at most this ("6 or less": Walk the Line).
    sum_at_most: int = 0
    #: ``with``: that many dice show the same number ("On 4-of-a-kind": Smack II).
    of_a_kind: int = 0
    #: ``reroll`` sized by tokens, ``gain_choice``: the statuses they name (Mythic Brawler).
    statuses: tuple[str, ...] = ()
    #: ``track_steps`` / ``on_track``: the hero's track they read (the Duelist's Footwork).
    track: str | None = None
    #: The dial steps' dial (the Sun Elf's Sun Dial).
    dial: str | None = None
    #: The piece steps' piece (Thor's Mjölnir): a hero's piece that sits on her board
    #: or with another player.
    piece: str | None = None
    #: ``damage: {roll_sum: true, best: 2}``: only the N highest dice of the roll count
    #: ("the total of any two": Chain Lightning).
    best: int = 0
    #: ``spend_for``: steps resolved once if at least ``at_least`` units were paid
    #: (the Treant's Harvest!).
    at_least: int = 0
    also: tuple[Step, ...] = ()
    #: ``roll``: who rolls the dice, "" for the owner or "opponent" (the opponent the
    #: script aims at: a piece's holder rolling its Upkeep roll); a status blanking
    #: faces (Hex) blanks them on that player's rolls.
    roller: str = ""


Script = tuple[Step, ...]


@dataclass(frozen=True)
class Requirement:
    """An activation requirement ("Requisito de Ativação").

    ``symbols`` needs at least that many dice showing each symbol;
    ``straight`` 4 (small) or 5 (large) numbers in sequence; ``of_a_kind`` that
    many dice showing the same number.
    """

    symbols: Mapping[str, int] = field(default_factory=dict)
    straight: int = 0
    of_a_kind: int = 0


@dataclass(frozen=True)
class Variant:
    """One row of an ability: a requirement and what it does."""

    requirement: Requirement
    effect: Script


@dataclass(frozen=True)
class Ability:
    """An Offensive Ability slot, with its rows at each upgrade level (1–3)."""

    id: str
    name: Text
    levels: Mapping[int, tuple[Variant, ...]]
    source: str
    verified: bool
    ultimate: bool = False
    #: An alternate ability a Hero Upgrade adds to its slot's card: usable only from
    #: that slot's level on (its rows are keyed by the slot's level; level 1 has none).
    unlocked_by: str | None = None

    @property
    def slot(self) -> str:
        """The upgrade slot whose level this ability reads."""
        return self.unlocked_by or self.id


@dataclass(frozen=True)
class Defense:
    """A Defensive Ability: how many dice it rolls once, its effect per level."""

    id: str
    name: Text
    dice: int
    levels: Mapping[int, Script]
    source: str
    verified: bool
    #: Dice rolled at an upgraded level, where the upgrade prints another number
    #: (Thick Skin II: 4).
    level_dice: Mapping[int, int] = field(default_factory=dict)

    #: Dice it rolls while its owner holds a status (the Druid's Bear Form: 4).
    dice_with: Mapping[str, int] = field(default_factory=dict)

    def dice_at(self, level: int) -> int:
        """The dice this defence rolls at ``level`` (the nearest printed number below)."""
        known = {1: self.dice, **self.level_dice}
        return known[max(lv for lv in known if lv <= level)]

    def dice_now(self, level: int, statuses: Mapping[str, int]) -> int:
        """The dice it rolls at ``level`` for an owner holding ``statuses`` (``dice_with``:
        the Druid's Bear Form)."""
        held = [n for status, n in self.dice_with.items() if statuses.get(status)]
        return held[-1] if held else self.dice_at(level)


@dataclass(frozen=True)
class BoardAction:
    """An "at any time" action printed on a hero's board (not a card, not a token):
    its owner may take it whenever she may spend a token, paying its cost, and its
    script runs for her (the Paladin's Tithe, Thor's Mjölnir; docs/dicethrone.md).

    ``levels``: the levels of the entry holding it (a passive upgraded by its card)
    that offer it; empty for all."""

    id: str
    name: Text
    effect: Script
    cp: int = 0
    #: Cards discarded from the hand as the cost: the owner names which when it runs.
    discard: int = 0
    once_per_turn: bool = False
    levels: tuple[int, ...] = ()
    #: The passive or piece holding it (a passive's id is its upgrade slot).
    holder: str = ""


@dataclass(frozen=True)
class Passive:
    """A Passive Ability: scripts run in its owner's Upkeep or Income phase, when her
    turn ends, or when her Offensive Roll Phase concludes having dealt no damage."""

    id: str
    name: Text
    text: Text
    source: str
    verified: bool
    upkeep: Script = ()
    income: Script = ()
    # -- the Headless Horseman (issue 22) --
    #: Run for the owner when her own turn ends ("at the conclusion of your turn").
    end_of_turn: Script = ()
    #: Run for the owner when her Offensive Roll Phase concludes without dealing
    #: damage to any opponent ("if your Offensive Roll Phase deals no damage").
    dealt_no_damage: Script = ()
    #: Run for the owner when her Attack is made, with her statuses' ``when_attacking``
    #: (Black Widow's Red Room Training: +1 damage with 5 Ability Upgrades in play).
    when_attacking: Script = ()
    #: Actions its owner may take at any time (the Paladin's Tithe).
    actions: tuple[BoardAction, ...] = ()
    #: Its owner may play Ability Upgrade cards in any Roll Phase, not only in her
    #: Main phases (Black Widow's Red Room Training).
    upgrades_in_roll_phase: bool = False
    #: Run for the owner each time she plays an Ability Upgrade or one is put into
    #: play for her, except the card upgrading this passive (Red Room Training II).
    when_upgrade_played: Script = ()


#: The cap used in play for a status whose printed stack limit no public record gives:
#: high enough never to bind (such a hero is not offered in ``/match new``).
UNRECORDED_LIMIT = 99


@dataclass(frozen=True)
class StatusDef:
    """A status effect token ("Efeitos de Status")."""

    id: str
    name: Text
    text: Text
    positive: bool
    #: The printed stack limit; ``None``: no public record gives it (``stack_limit:
    #: unknown``, allowed only on a hero that is not selectable): not capped in play.
    stack_limit: int | None
    source: str
    verified: bool
    spendable: bool = False
    persistent: bool = False
    unique: bool = False
    spend_side: Side = Side.ANY
    spend: Script = ()
    upkeep: Script = ()
    skip_income: bool = False
    #: Per-holder limit on players other than the hero who brings it ("5/3").
    stack_limit_others: int | None = None
    #: Upkeep runs only for players other than the hero who brings it.
    upkeep_others_only: bool = False
    #: Run for the holder, once per token, when the holder's Attack activates.
    when_attacking: Script = ()
    #: Run for the holder, once per token, when the holder is Attacked.
    when_attacked: Script = ()
    #: Its holder spends it at most once per turn, whichever option (Covert Ops).
    spend_once_per_turn: bool = False
    #: Its ``spend`` is one "Or" of uses: only those able to act now are offered
    #: (Raveness's Feather: changing the Nevermore Die Roll only while it is paused).
    usable_options_only: bool = False
    #: Run for the holder, once per token, when she activates an Attack (not an
    #: Ultimate), before any of its effects resolve (the Moon Elf's Blinded).
    before_attack: Script = ()
    #: Run for the holder when they gain a token while at the limit (the token is then gained).
    overflow: Script = ()
    #: Removed when the roll phase of the holder's own turn concludes.
    expires_after_roll: bool = False
    #: Only the bringing hero's effects may remove or move it (the Cursed Doubloon).
    protected: bool = False
    #: If set, the bringing hero may refuse to gain it; the text labels that option.
    decline: Text = field(default_factory=dict)
    #: Run for the bringing hero when a gain brings her tokens to her stack limit
    #: (the Cursed Doubloons: at 5 the Pirate's board flips to its cursed side).
    when_full: Script = ()
    #: Offensive roll attempts the holder loses while holding it, per token.
    fewer_attempts: int = 0
    #: The holder skips their next Offensive Roll Phase (one token removed then):
    #: Knockdown, Stun.
    skip_offensive_roll: bool = False
    #: CP its holder pays to spend (remove) a token (Knockdown: 2).
    spend_cost: int = 0
    #: Run for the holder, once per token, when the holder's own turn ends (Delayed Poison).
    end_of_turn: Script = ()
    #: Its ``upkeep`` script runs once whatever the count (Fire Mastery: the holder
    #: removes one token each Upkeep), not once per token.
    upkeep_once: bool = False
    #: The holder may do nothing while the Attack lasts; when the Offensive Roll Phase
    #: concludes the token is removed and the active player rolls another Offensive
    #: Roll Phase against the holder (the Pyromancer's Stun).
    extra_roll_phase: bool = False
    #: Statuses whose tokens count against this one's stack limit too (the two sides
    #: of the Druid's Regenerate tokens share one limit).
    limit_shared_with: tuple[str, ...] = ()
    #: Statuses its holder loses when gaining it (the Druid's forms: becoming one ends
    #: the others).
    replaces: tuple[str, ...] = ()
    #: Never picked, cleared or passed on by a step naming "a status" (Bye-Bye, What
    #: Status Effects?, Transference), only by its own hero's steps naming it (the
    #: Druid's Shape Shift and forms: "may not be removed or transferred").
    fixed: bool = False
    #: A state of the hero shown among her statuses, not a printed token (the Druid's
    #: forms): the catalogue does not list it, and it is as ``fixed``.
    marker: bool = False
    #: Run for the holder each time a token is actually gained (Webbed: 2 isolated
    #: undefendable damage "when inflicted"); it cannot stop for a player.
    when_inflicted: Script = ()
    # -- Mythic Brawler (issue 22) --
    #: Extra dice its holder's Defensive Ability rolls, per token (Strength of the Sky).
    defense_dice: int = 0
    #: Spent only in its holder's own Main phases (the Sun Elf's Charged Gem).
    spend_in_main: bool = False
    #: Its ``spend`` is an "Or" whose options each may be chosen once per turn, and
    #: only those that can act now are offered (the Headless Horseman's Grim Pursuit).
    each_option_once_per_turn: bool = False
    #: Tokens one spend removes at once (Thor's Electrokinesis: 4 to draw a card); the
    #: holder needs that many to spend.
    spend_count: int = 1
    #: Run for the holder once per roll attempt beyond the first when her Offensive
    #: Roll Phase concludes, at most ``per_extra_attempt_max`` times (0: no cap), before
    #: that phase's damage applies (the Treant's Barbed Vine: 1 damage each, at most 2).
    per_extra_attempt: Script = ()
    per_extra_attempt_max: int = 0
    #: Spent only while its holder has her own dice in play (the Treant's Seedling
    #: re-rolls one of them).
    spend_with_own_dice: bool = False
    #: Faces its holder's dice read as blank while it is held (Raveness's Hex: 6s):
    #: no symbol, no number, for her abilities' requirements and effects and her
    #: defence (not the dice of an effect's own roll).
    blank_faces: tuple[int, ...] = ()
    #: The next time its holder's health (her team's, 2 v 2) would reach 0, one token
    #: goes and the health is 1 instead (the Paladin's Blessing of Divinity).
    survives: bool = False
    #: The holder's script when one token advances (``advance_tokens``): a token
    #: counting down turns to its next side, or goes off (Black Widow's Time Bomb).
    advance: Script = ()
    #: Its holder spends it at most once per turn, whoever's turn it is (the Treant's
    #: Spirits: "1 Spirit of each type once per turn").
    once_per_turn: bool = False
    #: The hero that brings this status (set by the loader).
    hero: str = ""

    def removable_by(self, hero: str) -> bool:
        """Whether effects of ``hero`` may remove or move this status's tokens."""
        return not self.protected or hero == self.hero

    def pickable(self, hero: str) -> bool:
        """Whether a step of ``hero`` naming no status (picked, cleared, moved) may take it."""
        return self.removable_by(hero) and not (self.fixed or self.marker)

    def limit(self, holder_hero: str) -> int:
        """The stack limit on a player of ``holder_hero`` ("Limite de Empilhamento")."""
        if self.stack_limit_others is not None and holder_hero != self.hero:
            return self.stack_limit_others
        return UNRECORDED_LIMIT if self.stack_limit is None else self.stack_limit


@dataclass(frozen=True)
class CompanionDef:
    """A companion ("Companheiros"): not a status effect, so status-changing cards and
    abilities never touch it; only its own rules (its hero's scripts) gain or lose it."""

    id: str
    name: Text
    text: Text
    #: How many of it the hero may have at once (its tokens or discs).
    limit: int
    source: str
    verified: bool


@dataclass(frozen=True)
class PieceDef:
    """A piece of a hero that sits either on her own board or with one other player
    (Thor's Mjölnir, issue 22): it starts on her board; sending it to an opponent
    runs ``sent`` (aimed at that player), taking it back runs ``recalled`` (aimed at
    the player it comes back from). Where it is lives in the owner's
    ``Player.tracks`` (0: on her board; seat + 1: with that seat)."""

    id: str
    name: Text
    text: Text
    source: str
    verified: bool
    sent: Script = ()
    recalled: Script = ()
    #: What "activating" the piece does (``activate_piece``; Raveness's Nevermore):
    #: run in the owner's script, it may ask her to choose.
    activate: Script = ()
    #: Run at the Upkeep of an opponent holding the piece, before that player's own
    #: Upkeep effects, in the owner's context and aimed at the holder.
    holder_upkeep: Script = ()
    #: Actions its owner may take at any time (Thor's Mjölnir: discard a card to move it).
    actions: tuple[BoardAction, ...] = ()


@dataclass(frozen=True)
class TrackDef:
    """A track on the hero board with a marker moved by "steps" (the Duelist's
    Footwork, issue 22): positions ``low``..``high`` (the marker starts on ``start``,
    steps beyond an end are lost); where the marker stands when its owner's Attack
    or an Attack on her ends (before the damage is dealt) gives a bonus: the
    ``attacking`` / ``attacked`` script of that position."""

    id: str
    name: Text
    text: Text
    low: int
    high: int
    start: int
    #: What each position is called on the board (our words), by position.
    labels: Mapping[int, Text]
    attacking: Mapping[int, Script]
    attacked: Mapping[int, Script]
    source: str
    verified: bool


@dataclass(frozen=True)
class DialDef:
    """A two-sided dial on the hero board showing 0..``high`` (the Sun Elf's Sun Dial,
    issue 22). It starts on side 0 at ``start``. Raising it past ``high`` runs
    ``overflow`` once per point lost; reaching ``high`` on side ``flip_when_full``
    turns it over, as does reaching 0 on side ``flip_when_empty``. Each side may have
    an ``upkeep`` script (its owner's Upkeep) and an ``attacking`` one (when her
    Attack's roll phase ends, before its damage; the dice it reads hold the dial's
    value, so ``add_damage: {roll_sum: true}`` adds it)."""

    id: str
    name: Text
    text: Text
    high: int
    sides: tuple[Text, Text]
    source: str
    verified: bool
    start: int = 0
    overflow: Script = ()
    flip_when_full: int | None = None
    flip_when_empty: int | None = None
    upkeep: Mapping[int, Script] = field(default_factory=dict)
    attacking: Mapping[int, Script] = field(default_factory=dict)


@dataclass(frozen=True)
class Upgrade:
    """What a Hero Upgrade card improves: an ability (or defense/passive) slot."""

    slot: str
    level: int


@dataclass(frozen=True)
class CardDef:
    """A hero card: cost, timing, copies in the deck, and its effect."""

    id: str
    name: Text
    text: Text
    cost: int
    timing: Timing
    copies: int
    source: str
    verified: bool
    side: Side = Side.ANY
    attack_modifier: bool = False
    effect: Script = ()
    upgrade: Upgrade | None = None


@dataclass(frozen=True)
class BoardSide:
    """The other side of a double-sided hero board (the Cursed Pirate's "cursed"
    side): its name and the abilities that replace the printed side's once the
    board flips. A flip is for the rest of the match (Cursed Pirate FAQ Q1)."""

    name: Text
    abilities: tuple[Ability, ...]
    defenses: tuple[Defense, ...]
    source: str
    verified: bool
    passives: tuple[Passive, ...] = ()


@dataclass(frozen=True)
class Hero:
    """A hero: dice faces, board, status effects, deck and set-up steps."""

    id: str
    name: Text
    #: 1–6 as printed on the box; 0 when no public record gives it (not shown).
    complexity: int
    faces: tuple[str, ...]
    abilities: tuple[Ability, ...]
    defenses: tuple[Defense, ...]
    statuses: tuple[StatusDef, ...]
    cards: tuple[CardDef, ...]
    source: str
    verified: bool
    passives: tuple[Passive, ...] = ()
    setup: Script = ()
    #: Display names of the die symbols (the legend, "Legendas dos dados").
    symbol_names: Mapping[str, Text] = field(default_factory=dict)
    companions: tuple[CompanionDef, ...] = ()
    #: The other side of the hero board, if it has one (``flip`` turns to it).
    flip_side: BoardSide | None = None
    #: Tracks on the hero board with a moving marker (the Duelist's Footwork).
    tracks: tuple[TrackDef, ...] = ()
    #: Two-sided dials on the hero board (the Sun Elf's Sun Dial).
    dials: tuple[DialDef, ...] = ()
    #: Pieces that sit on her board or with another player (Thor's Mjölnir).
    pieces: tuple[PieceDef, ...] = ()
    #: Whether ``/match new`` offers the hero; ``unselectable`` says why not (a hero
    #: whose public record is too incomplete to play as printed).
    selectable: bool = True
    unselectable: Text = field(default_factory=dict)

    def on_side(self, flipped: bool) -> Hero:
        """The hero as its board currently reads: flipped, the other side's
        abilities, defences and passives replace the printed side's."""
        side = self.flip_side
        if not flipped or side is None:
            return self
        return replace(
            self,
            abilities=side.abilities,
            defenses=side.defenses,
            passives=side.passives or self.passives,
        )

    @property
    def board_actions(self) -> tuple[BoardAction, ...]:
        """The "at any time" actions of its passives and pieces, in board order."""
        return tuple(x for p in self.passives for x in p.actions) + tuple(
            x for p in self.pieces for x in p.actions
        )

    def board_action(self, action_id: str) -> BoardAction | None:
        """The board action with that id, if the hero has one."""
        return next((x for x in self.board_actions if x.id == action_id), None)

    def dial(self, dial_id: str) -> DialDef | None:
        """The dial with that id, if the hero has one."""
        return next((d for d in self.dials if d.id == dial_id), None)

    def piece(self, piece_id: str) -> PieceDef | None:
        """The piece with that id, if the hero has one."""
        return next((p for p in self.pieces if p.id == piece_id), None)

    def track(self, track_id: str) -> TrackDef | None:
        """The track with that id, if the hero has one."""
        return next((t for t in self.tracks if t.id == track_id), None)

    def companion(self, companion_id: str) -> CompanionDef | None:
        """The companion with that id, if the hero has one."""
        return next((c for c in self.companions if c.id == companion_id), None)

    def ability(self, ability_id: str) -> Ability | None:
        """The offensive ability with that id, if the hero has one."""
        return next((a for a in self.abilities if a.id == ability_id), None)

    def defense(self, defense_id: str) -> Defense | None:
        """The defensive ability with that id, if the hero has one."""
        return next((d for d in self.defenses if d.id == defense_id), None)

    def card(self, card_id: str) -> CardDef | None:
        """The card with that id in this hero's deck."""
        return next((c for c in self.cards if c.id == card_id), None)

    def symbol(self, value: int) -> str:
        """The symbol a die of this hero shows on face ``value`` (1–6)."""
        return self.faces[value - 1]

    def symbol_text(self, value: int) -> Text:
        """The localised name of the symbol on face ``value`` (its id if unnamed)."""
        symbol = self.symbol(value)
        return self.symbol_names.get(symbol) or {"en-US": symbol}


@dataclass(frozen=True)
class Content:
    """A content pack: heroes by id, and every status definition by id."""

    pack: str
    heroes: Mapping[str, Hero]
    #: The generic cards every hero's deck holds besides its own (already in each
    #: hero's ``cards``; listed here for the catalogue and its facts test).
    generic: tuple[CardDef, ...] = ()

    def status_label(self, status_id: str) -> dict[str, str] | str:
        """A status's name per locale, for messages; the id itself if unknown (as typed)."""
        try:
            return dict(self.status(status_id).name)
        except KeyError:
            return status_id

    def savers(self) -> dict[str, dict[str, str]]:
        """The statuses that keep their holder from reaching 0 health (``survives``),
        each with its name per locale."""
        return {
            status.id: dict(status.name)
            for hero in self.heroes.values()
            for status in hero.statuses
            if status.survives
        }

    def status(self, status_id: str) -> StatusDef:
        """A status definition by id, from whichever hero brings it."""
        for hero in self.heroes.values():
            for status in hero.statuses:
                if status.id == status_id:
                    return status
        raise KeyError(status_id)


def text_for(text: Text, locale: str) -> str:
    """A content text in ``locale``, falling back to en-US, then to any given locale."""
    return text.get(locale) or text.get("en-US") or next(iter(text.values()), "")
