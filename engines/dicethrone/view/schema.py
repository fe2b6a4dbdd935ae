"""The typed views of Dice Throne: what each seat may see, as dataclasses (the
public board never holds a hand or a deck order; a seat's own view adds its hand)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from engines.core import Event, Standing, View
from engines.core.serde import from_json
from engines.dicethrone.content import Step

# -- the typed view ---------------------------------------------------------
#
# ``build_view`` returns a ``BoardView`` (the public view: never a hand or a deck
# order) or, for a seat, a ``SeatView`` (the board plus that seat's own hand).
# ``View.data`` holds its JSON; the renderer reads it back with :func:`typed`, so
# mypy checks every field the images use, and the hand exists only on SeatView.


@dataclass(frozen=True)
class Token:
    """A status effect token (or a companion) on a hero: stacks out of its limit."""

    id: str
    name: Mapping[str, str]
    count: int
    #: The stack limit shown; 0 when no public record gives it.
    limit: int
    positive: bool = True
    companion: bool = False
    #: A state shown with the statuses, not a token (the Druid's forms): no stack.
    marker: bool = False
    #: The chip's whole text per locale, instead of "name count/limit" (a track's
    #: marker: "Footwork: +1 (Offensive)"; issue 22).
    label: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Requirement:
    """What the dice must show for one row of an ability."""

    symbols: Mapping[str, int] = field(default_factory=dict)
    straight: int = 0
    of_a_kind: int = 0


@dataclass(frozen=True)
class AbilityRow:
    """One row of an ability at its current level: requirement and effect."""

    requirement: Requirement
    effect: tuple[Step, ...]
    #: The current dice meet it (the strongest met row of the ability).
    met: bool = False
    #: Re-rolling the dice not kept could still meet it (attempts left).
    reachable: bool = False


@dataclass(frozen=True)
class AbilityView:
    """An Offensive Ability as the board prints it, upgrades applied."""

    id: str
    name: Mapping[str, str]
    level: int
    ultimate: bool
    rows: tuple[AbilityRow, ...]


@dataclass(frozen=True)
class DefenseView:
    """A Defensive Ability: dice rolled and effect at its current level."""

    id: str
    name: Mapping[str, str]
    level: int
    dice: int
    effect: tuple[Step, ...]


@dataclass(frozen=True)
class Face:
    """A die face: its number, its symbol id (the picture) and the symbol's name."""

    value: int
    symbol: str
    name: Mapping[str, str]


@dataclass(frozen=True)
class UpgradeView:
    """An upgrade card on the hero board."""

    name: Mapping[str, str]
    level: int


@dataclass(frozen=True)
class PlayerView:
    """One hero at the table, as everyone sees it."""

    seat: int
    name: str
    hero: str
    hero_name: Mapping[str, str]
    #: The other side of a double-sided board, once flipped (Cursed Pirate).
    side: Mapping[str, str] | None
    health: int
    #: The starting health: the bar's full length (healing may go 10 above it).
    max_health: int
    cp: int
    cp_cap: int
    statuses: tuple[Token, ...]
    companions: tuple[Token, ...]
    levels: Mapping[str, int]
    hand_size: int
    deck_size: int
    discard_size: int
    discard_top: str | None
    upgrades: tuple[UpgradeView, ...]
    abilities: tuple[AbilityView, ...]
    defenses: tuple[DefenseView, ...]
    #: The hero's die faces 1–6 (symbol ids and names), for the legend.
    faces: tuple[Face, ...]


@dataclass(frozen=True)
class RollView:
    """The dice on the table (see :func:`shown_roll`)."""

    dice: tuple[int, ...]
    symbols: tuple[Mapping[str, str], ...]
    faces: tuple[str, ...]
    kept: tuple[bool, ...]
    attempts: int
    max_attempts: int
    announced: Mapping[str, str] | None
    activated: bool
    ultimate: bool
    defense_dice: tuple[int, ...]
    defense_faces: tuple[str, ...]
    effect_dice: tuple[int, ...]
    effect_faces: tuple[str, ...]
    #: "Preparação" 7 in its window: die N is seat N's (0: not re-rolling).
    first_dice: tuple[int, ...]
    effect_owner: int | None
    effect_foe: int | None
    effect_symbols: tuple[Mapping[str, str], ...]
    defense_symbols: tuple[Mapping[str, str], ...]
    #: The Defensive Ability rolled, if any.
    defense: Mapping[str, str] | None = None
    #: The id of the announced ability (its name is ``announced``).
    announced_id: str | None = None
    #: Once it is activated, the dice that make its combination (the last move's mark).
    used: tuple[bool, ...] = ()


@dataclass(frozen=True)
class IncomingView:
    """Damage waiting to be dealt when the phase concludes, with its modifiers."""

    target: int
    source: int | None
    amount: int
    added: int
    kind: str
    prevented: int
    halves: int
    reflects: int
    prevent_all: bool


@dataclass(frozen=True)
class ReportView:
    """How damage of the last roll phase resolved."""

    target: int
    incoming: int
    subtotal: int
    total: int
    kind: str


@dataclass(frozen=True)
class Owed:
    """A decision the match waits for: whose, and its prompt's key."""

    seat: int
    prompt: str


@dataclass(frozen=True)
class AimingView:
    """A card announced without its target (public: it was announced)."""

    seat: int
    card: Mapping[str, str] | str


@dataclass(frozen=True)
class ChoiceView:
    """An open "Or": who picks, and the options' texts."""

    seat: int
    options: tuple[Mapping[str, str], ...]


@dataclass(frozen=True)
class BoardView:
    """The public view: the table as everyone sees it (no hand, no deck order)."""

    phase: str
    step: str | None
    turn: int
    active: int
    first: int
    winner: int | None
    draw: bool
    hand_limit: int
    players: tuple[PlayerView, ...]
    roll: RollView
    abilities_met: tuple[Mapping[str, str], ...]
    incoming: tuple[IncomingView, ...]
    reports: tuple[ReportView, ...]
    waiting: tuple[int, ...]
    owed: tuple[Owed, ...]
    mode: str
    teams: tuple[int, ...]
    out: tuple[int, ...]
    leaders: tuple[int, ...]
    target: int | None
    defender: int
    target_die: int
    target_chooser: int | None
    pause: bool
    #: Which instant action waits is not said: a card in hand stays hidden until played.
    queued: int | None
    aiming: AimingView | None
    manual: Mapping[str, str] | None
    choice: ChoiceView | None
    #: The last move's events as the public may see them (its caption).
    last: tuple[Event, ...] = ()
    #: The names of the statuses the heroes at the table bring (public content).
    status_names: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    #: The names of the companions the heroes at the table may have (public content).
    companion_names: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    #: Where the match stands outside the rules (a resignation, a referee's pause…):
    #: the bot's, from ``View.standing`` (:func:`typed`); the engine never sets it.
    standing: Standing | None = None


@dataclass(frozen=True)
class CardView:
    """A card in the seat's own hand, with its current cost."""

    id: str
    name: Mapping[str, str]
    text: Mapping[str, str]
    cost: int
    timing: str


@dataclass(frozen=True)
class TeamHand:
    """2 v 2: a teammate's hand, by card name ("ver as mãos uns dos outros")."""

    seat: int
    cards: tuple[Mapping[str, str], ...]


@dataclass(frozen=True)
class SeatView(BoardView):
    """A seat's own view: the board plus its hand (and a teammate's, 2 v 2)."""

    #: The seat whose view it is.
    viewer: int = 0
    hand: tuple[CardView, ...] = ()
    team_hands: tuple[TeamHand, ...] = ()


def typed(view: View) -> BoardView:
    """The typed view behind ``view.data`` (a SeatView for a seat's own view)."""
    data = from_json(SeatView if view.seat is not None else BoardView, view.data)
    assert isinstance(data, BoardView)
    return data if view.standing is None else replace(data, standing=view.standing)
