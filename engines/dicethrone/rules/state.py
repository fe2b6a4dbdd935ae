"""State of a Dice Throne match (1 v 1, 2 v 2 teams, King of the Hill), as frozen data."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field

from engines.core import Event, Seat
from engines.core.model import replace
from engines.dicethrone.content import Step as ScriptStep
from engines.dicethrone.rules.damage import Incoming

START_HEALTH = 50  # "Preparação" 4: 50 health in a 1 v 1 match (and a 2 v 2 team's disc)
KING_HEALTH = 35  # "O Rei da Montanha": each player starts with 35
DUEL, TEAMS, KING = "duel", "teams", "king"
START_CP = 2  # "Preparação" 5
CP_CAP = 15  # "Pontos de Combate": at most 15 CP
HEAL_ABOVE_START = 10  # "Vitalidade": heal at most 10 above the starting health
HAND_LIMIT = 6  # "Fase de Descarte": end it with at most 6 cards
HAND_START = 4  # "Preparação" 6
DICE = 5
ATTEMPTS = 3  # "Fase de Rolagem Ofensiva": up to three roll attempts


class Phase(enum.Enum):
    """Turn phases ("Fases do Turno"); Upkeep and Income resolve by themselves."""

    #: "Preparação" 7 with a window: the first-player dice may still be changed.
    SETUP = "setup"
    UPKEEP = "upkeep"
    INCOME = "income"
    MAIN1 = "main1"
    OFFENSIVE = "offensive"
    DEFENSIVE = "defensive"
    MAIN2 = "main2"
    DISCARD = "discard"
    OVER = "over"


TRANSITIONS: dict[Phase, frozenset[Phase]] = {
    # The first player is known ("Preparação" 7): set-up 8 and the first Upkeep.
    Phase.SETUP: frozenset({Phase.UPKEEP}),
    # A defeated player's turn ends at once (King of the Hill): -> UPKEEP of the next.
    Phase.UPKEEP: frozenset({Phase.INCOME, Phase.UPKEEP, Phase.OVER}),
    # A card played in the optional Income window may end the turn or the match.
    Phase.INCOME: frozenset({Phase.MAIN1, Phase.UPKEEP, Phase.OVER}),
    Phase.MAIN1: frozenset({Phase.OFFENSIVE, Phase.UPKEEP, Phase.OVER}),
    # -> OFFENSIVE: an additional Offensive Roll Phase (the Pyromancer's Stun, stun.py).
    Phase.OFFENSIVE: frozenset(
        {Phase.DEFENSIVE, Phase.MAIN2, Phase.UPKEEP, Phase.OVER, Phase.OFFENSIVE}
    ),
    # An additional Offensive Roll Phase (Spider-Man's Combo) follows the defence.
    Phase.DEFENSIVE: frozenset({Phase.MAIN2, Phase.UPKEEP, Phase.OVER, Phase.OFFENSIVE}),
    Phase.MAIN2: frozenset({Phase.DISCARD, Phase.UPKEEP, Phase.OVER}),
    Phase.DISCARD: frozenset({Phase.UPKEEP, Phase.OVER}),
    Phase.OVER: frozenset(),
}


class Step(enum.Enum):
    """Where the roll phase is ("Subdivisões do Turno" 4 and 6)."""

    ROLLING = "rolling"  # offensive roll attempts, keep, announce
    RESPONSE = "response"  # the opponent may change dice before activation (4.2)
    DEFENSE = "defense"  # the defender rolls a Defensive Ability once (6.2–6.3)
    #: The defensive dice are rolled: anyone may change them before they resolve (6.4).
    DEFENSE_ROLLED = "defense_rolled"
    FINAL = "final"  # last chance to spend status effects or play cards (6.5)
    #: Upkeep effects resolved, their damage and healing not yet applied (1.3): a
    #: window for Instant Actions (e.g. prevent Upkeep damage); with the
    #: ``upkeep_window`` match option also when there is nothing to apply.
    UPKEEP_END = "upkeep_end"
    #: Income done (``income_window`` match option): a window for Instant Actions
    #: before Main (1) ("a qualquer momento").
    INCOME_END = "income_end"
    TARGET = "target"  # "Fase de Rolagem de Alvo" (5): a player picks the Defender
    #: 2 v 2: the targeting die is rolled; anyone may change it with a card (5).
    TARGET_ROLLED = "target_rolled"
    #: "Preparação" 7: the first-player dice are rolled and a card at the table can
    #: change any die: a window before the highest die decides who starts.
    FIRST_ROLLED = "first_rolled"


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
    #: Companions ("Companheiros"): companion id -> how many; never status effects.
    companions: Mapping[str, int] = field(default_factory=dict)
    #: The hero board turned to its other side (the Cursed Pirate's cursed side);
    #: there is no way back (Cursed Pirate FAQ Q1).
    flipped: bool = False
    #: Where the marker of each of the hero's tracks stands (track id -> position;
    #: absent: its start). The Duelist's Footwork (issue 22).
    tracks: Mapping[str, int] = field(default_factory=dict)


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
    #: The status a token of which was spent to make that roll ("": none).
    effect_spent: str = ""
    #: An opposed roll's opponent: the effect dice are (owner's die, their die).
    effect_foe: int | None = None
    #: "Fase de Rolagem de Alvo" (2 v 2): the targeting die (0 = not rolled) and,
    #: on a 5 or 6 (or in King of the Hill), the seat who picks the Defender.
    target_die: int = 0
    target_chooser: int | None = None
    #: The activated ability's effects needing no target already resolved (4.4).
    early_done: bool = False
    #: Dice of the ability's "Role [#]"s rolled at 4.4, read again by the effects
    #: that waited for the Defender (first rolled first).
    early_dice: tuple[tuple[int, ...], ...] = ()
    #: "Preparação" 7 in its window: die N is seat N's (0: not in this re-roll).
    first_dice: tuple[int, ...] = ()
    #: Statuses the Defender held as the Attack's effects began (a token gained
    #: from this very Attack waits for the next one: Webbed).
    held: tuple[str, ...] = ()
    #: (defence, printed symbol, symbol read instead) triples for this roll phase
    #: ("succeeds on Web instead of Spider": Swing Escape!).
    swapped: tuple[str, ...] = ()
    #: Roll attempts granted beyond the three of 4.1 this roll phase (the Headless
    #: Horseman's Grim Pursuit).
    bonus_attempts: int = 0
    #: The activated Attack failed before any of its effects resolved (``fail_attack``:
    #: the Moon Elf's Blinded).
    failed: bool = False
    #: Negative status effects the Attack's own effects gave an opponent this roll
    #: phase, each ``"<seat>:<status>:<tokens>"`` (seat from 0): what "an incoming
    #: status effect" may still prevent (Thick Skin II, the Treant's Dryad).
    incoming: tuple[str, ...] = ()
    #: ``if_attack_dealt`` records of the Attacker waiting for her Attack's damage
    #: after the defence (run when the roll phase concludes, before it is dealt).
    when_dealt: tuple[ScriptStep, ...] = ()
    #: ``allow_reroll`` records of the active player this roll phase: the die of a
    #: token she spends (``reroll_if_allowed``) may be re-rolled once (Wild West!).
    allowed: tuple[ScriptStep, ...] = ()


class Resume(enum.Enum):
    """What the turn does once a script has ended (the typed continuation of a
    paused script; the values are the names stored in saved states)."""

    #: A trigger script (a status's overflow or attack triggers): it never waits.
    NONE = ""
    #: An Offensive Ability's effects (4.4): the Defender answers next (6).
    ACTIVATE = "activate"
    #: The effects resolved before the targeting phase (4.4): targeting (5) next.
    EARLY = "early"
    #: A Defensive Ability's effects (6.3): the final window (6.5) next.
    DEFEND = "defend"
    #: Upkeep effects: Income next (or the Upkeep window).
    UPKEEP = "upkeep"
    #: Income passives with the ``income_window`` option: the Income window next.
    INCOME = "income"
    #: Income passives without it: Main (1) next; they stop only to ask a foe.
    INCOME_QUIET = "income_quiet"
    #: A hero's set-up script ("Preparação" 8): the next seat's set-up.
    SETUP = "setup"
    #: A card played or a token spent: back to what the player was doing.
    CARD = "card"
    #: Another hero's piece acting at its holder's Upkeep (Raveness's Nevermore, issue
    #: 22): the rest of the Upkeep next.
    HELD_PIECE = "held_piece"


@dataclass(frozen=True)
class Frame:
    """Steps of a script still to resolve, with the dice they read."""

    steps: tuple[ScriptStep, ...]
    dice: tuple[int, ...] = ()


@dataclass(frozen=True)
class Suspended:
    """A script paused on an "Or", a manual step or a "Then"; it goes on afterwards.

    ``frames`` (innermost last) and ``later`` ("Additionally" steps) are the
    rest of the script; ``resume`` tells the turn what to do once it ends.
    """

    seat: int
    options: tuple[ScriptStep, ...]
    frames: tuple[Frame, ...]
    later: tuple[Frame, ...]
    dice: tuple[int, ...]
    attack: bool
    ultimate: bool
    resume: Resume
    #: Text the vocabulary cannot express: the owner applies it by hand.
    manual: Mapping[str, str] = field(default_factory=dict)
    #: A "Then" pause: a window where every player may play cards or spend tokens.
    pause: bool = False
    #: The token or dice a card picked (``Ctx.pick``), kept across the pause.
    pick: str = ""
    #: What an "Or" is about ("upkeep_order"), for the prompt; "" for a text's "Or".
    topic: str = ""
    #: The opponent a card named (3–4 players), kept across the pause.
    foe: int | None = None
    #: A pause right after an effect's "Roll [#]": cards may change those dice.
    rolled: bool = False
    #: Who picks the "Or" when not the script's owner (a Cursed Pirate refusing a
    #: Doubloon another player's effect gives her); None: the owner.
    chooser: int | None = None

    @property
    def picker(self) -> int:
        """The seat that picks an option of this "Or"."""
        return self.seat if self.chooser is None else self.chooser


@dataclass(frozen=True)
class Queued:
    """An instant action of a non-active player, waiting while the active player,
    who has priority, may answer first ("Conflitos de Timing")."""

    seat: int
    kind: str  # "play", "spend" or "use" (a board action)
    what: str  # card or status id
    target: str = ""  # the token a picking card names


@dataclass(frozen=True)
class Aiming:
    """A card played without its target while several are legal: announced, it
    waits for its player to name the target (``aim``), then is played as if the
    target had been given. Nothing is paid and the card stays in hand until then.

    ``partial`` holds the dice changes already named for a card that changes
    several dice (one die per answer, e.g. "1=6" then "3=6").
    """

    seat: int
    card: str
    partial: str = ""


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
    #: A card announced without its target, waiting for its player to name one.
    aiming: Aiming | None = None
    #: Paused scripts, innermost last (a card played during a pause may pause too).
    stack: tuple[Suspended, ...] = ()
    #: "duel" (1 v 1), "teams" (2 v 2: seats 0 & 2 against 1 & 3, so the seat
    #: order is the zig-zag turn order) or "king" (3 players, King of the Hill).
    mode: str = DUEL
    #: The Defender of this roll phase once the targeting phase has chosen one.
    target: int | None = None
    #: Seats already defeated (King of the Hill goes on without them).
    out: tuple[int, ...] = ()
    #: Every winning seat (both teammates in 2 v 2); ``winner`` is the first.
    winners: tuple[int, ...] = ()
    #: The ``income_window`` match option: a window for Instant Actions after Income.
    income_window: bool = False
    #: The ``upkeep_window`` match option: the Upkeep window opens even when the
    #: Upkeep has no damage or healing to apply.
    upkeep_window: bool = False
    #: The last move's events as the public may see them (hidden ones in their
    #: ``.hidden`` form): the board's caption of what just happened.
    last: tuple[Event, ...] = ()
    #: An additional Offensive Roll Phase this turn (``effects.reactions``): 0 none,
    #: 1 granted (starts when this roll phase concludes), 2 under way or done.
    extra_roll: int = 0
    #: What may be done once per turn and was done this turn (a token's spend options,
    #: "status:index": the Headless Horseman's Grim Pursuit).
    turn_used: tuple[str, ...] = ()

    @property
    def choice(self) -> Suspended | None:
        """The innermost paused script, if any."""
        return self.stack[-1] if self.stack else None

    def team(self, seat: int) -> int:
        """The seat's side: teammates share it (2 v 2), otherwise each seat is its own."""
        return seat % 2 if self.mode == TEAMS else seat

    def teammates(self, seat: int) -> tuple[int, ...]:
        """The seats of the seat's side, itself included."""
        return tuple(s for s in range(len(self.players)) if self.team(s) == self.team(seat))

    def alive(self, seat: int) -> bool:
        """Whether the seat is still in the match (defeat is decided when a phase
        concludes, "Vitalidade": at 0 health mid-phase a hero may still be healed)."""
        return seat not in self.out

    def order_from(self, seat: int) -> tuple[int, ...]:
        """Every seat still in the match, in turn order, starting after ``seat``."""
        n = len(self.players)
        return tuple(s for i in range(1, n + 1) if self.alive(s := (seat + i) % n))

    def opponents(self, seat: int) -> tuple[int, ...]:
        """Living opponents in turn order after the seat (the first is on its left)."""
        return tuple(s for s in self.order_from(seat) if self.team(s) != self.team(seat))

    def opponent(self, seat: int) -> int:
        """The opponent an effect of the seat aims at by default.

        1 v 1: the other seat. With more players the active side aims at the
        Defender chosen in the targeting phase (before it: the first opponent),
        everybody else at the active player.
        """
        if len(self.players) == 2:
            return 1 - seat
        if self.team(seat) == self.team(self.active):
            if self.target is not None:
                return self.target
            others = self.opponents(seat)
            return others[0] if others else seat
        return self.active


def goto(state: State, phase: Phase, **changes: object) -> State:
    """Move to ``phase`` along an allowed transition."""
    if phase not in TRANSITIONS[state.phase]:
        raise AssertionError(f"no transition {state.phase} -> {phase}")
    return replace(state, phase=phase, **changes)
