"""The effect vocabulary as typed steps, one frozen dataclass per step (docs/dicethrone.md).

Scripts are stored as :class:`engines.dicethrone.content.Step` records: the loader
builds them from YAML and paused scripts keep them in saved states, so their shape
is the stored format and never changes. :func:`decode` turns a record into the typed
step below whose handler resolves it; it is the only place that reads a record's
``op``. A step that makes new records (an opposed roll's comparison, a re-roll offer)
keeps the record it came from.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from engines.dicethrone.content import DamageKind, Hero, Script, Step, Text
from engines.dicethrone.effects.attack_checks import DECODERS as ATTACK_DECODERS
from engines.dicethrone.effects.attack_fails import DECODERS as FAIL_DECODERS
from engines.dicethrone.effects.blank_rolls import DECODERS as BLANK_DECODERS
from engines.dicethrone.effects.cost_steps import COST_DECODERS, reroll
from engines.dicethrone.effects.deck import DECODERS as DECK_DECODERS
from engines.dicethrone.effects.dial_steps import DIAL_DECODERS
from engines.dicethrone.effects.holding import DECODERS as HOLDING_DECODERS
from engines.dicethrone.effects.piece_holders import DECODERS as HOLDER_DECODERS
from engines.dicethrone.effects.piece_rolls import DECODERS as PIECE_ROLL_DECODERS
from engines.dicethrone.effects.piece_steps import PIECE_DECODERS
from engines.dicethrone.effects.reactions import DECODERS as REACTION_DECODERS
from engines.dicethrone.effects.riders import DECODERS as RIDER_DECODERS
from engines.dicethrone.effects.spent_rolls import DECODERS as SPENT_DECODERS
from engines.dicethrone.effects.token_steps import TOKEN_DECODERS
from engines.dicethrone.effects.track_steps import TRACK_DECODERS
from engines.dicethrone.effects.upgrades_played import DECODERS as PLAYED_DECODERS
from engines.dicethrone.rules import aim
from engines.dicethrone.rules.combos import symbol_counts


@dataclass(frozen=True)
class Amount:
    """How much a step gives: a number, times the dice showing a symbol ("N ×",
    "Multiplicação"), or the sum of the dice."""

    base: int
    per: str | None = None
    roll_sum: bool = False
    #: Half of it, rounded up ("½ … (rounded up)").
    half: bool = False
    #: With ``roll_sum``: only the N highest dice count ("the total of any two").
    best: int = 0

    def of(self, hero: Hero, dice: tuple[int, ...]) -> int:
        """The amount with these dice."""
        if self.roll_sum:
            whole = sum(sorted(dice)[-self.best :] if self.best else dice)
        elif self.per:
            whole = self.base * symbol_counts(hero, dice)[self.per]
        else:
            whole = self.base
        return (whole + 1) // 2 if self.half else whole


def _amount(step: Step) -> Amount:
    return Amount(step.amount, step.per, step.roll_sum, step.half, step.best)


# -- the script's structure -----------------------------------------------------------


@dataclass(frozen=True)
class AimAt:
    """The opponent picked for the rest of the effect (``None``: back to the default)."""

    seat: int | None


@dataclass(frozen=True)
class Additionally:
    """ "Adicionalmente": resolved after everything else of the script."""

    steps: Script


@dataclass(frozen=True)
class Roll:
    """ "Role [#]": fresh dice its nested steps read; ``reuse``: the dice rolled at 4.4
    for this same effect, read again once the Defender is known."""

    dice: int
    steps: Script
    reuse: bool
    #: "1 die per [token] you have (up to 5)": the dice are counted when it resolves.
    per_token: str | None = None
    #: Who rolls: "" the owner, "opponent" the opponent the script aims at.
    roller: str = ""


@dataclass(frozen=True)
class KeepDice:
    """Ends a 4.4 roll: keeps its final dice for the rest of the ability."""


@dataclass(frozen=True)
class With:
    """ "Com [símbolo]": the nested steps once, if the frame's dice qualify."""

    symbols: Mapping[str, int]
    numbers: tuple[int, ...]
    sum_at_least: int
    steps: Script
    #: The dice sum to at most this (issue 22: "6 or less").
    sum_at_most: int = 0
    #: That many dice show the same number (issue 22: "On 4-of-a-kind").
    of_a_kind: int = 0


@dataclass(frozen=True)
class Opposed:
    """Owner and opponent roll one die each (``record``: the step, for its branches)."""

    record: Step


@dataclass(frozen=True)
class OpposedResult:
    """The opposed dice compared: the winning or the losing branch."""

    record: Step


@dataclass(frozen=True)
class OpposedReroll:
    """The owner re-rolls her opposed die once (a token spent), then they compare again."""

    record: Step


@dataclass(frozen=True)
class Then:
    """ "Então": a window where anyone may play cards or spend tokens."""


@dataclass(frozen=True)
class Or:
    """ "Ou": the owner (or ``chooser``, a seat) picks one of the options."""

    options: Script
    topic: str
    chooser: int | None


@dataclass(frozen=True)
class Manual:
    """Text the vocabulary cannot express: the owner applies it by hand."""

    text: Text
    topic: str


# -- single steps -----------------------------------------------------------------------


@dataclass(frozen=True)
class Damage:
    """Damage to the target (or to everyone a spread names), into the phase's ledger
    unless ``isolated``; ``self_inflicted``: pure damage to the owner."""

    amount: Amount
    kind: DamageKind
    target: str
    isolated: bool
    self_inflicted: bool


@dataclass(frozen=True)
class HealStep:
    """Healing, applied with the phase's damage."""

    amount: Amount
    target: str


@dataclass(frozen=True)
class GainCp:
    """CP gained, at most 15."""

    amount: Amount
    target: str


@dataclass(frozen=True)
class LoseCp:
    """CP a player loses (never below 0); nobody gains them (the Moon Elf's Exploding
    Arrow: the opponent loses 1 CP per moon)."""

    amount: Amount
    target: str


@dataclass(frozen=True)
class StealCp:
    """ "Roube": CP taken from the opponent."""

    amount: Amount


@dataclass(frozen=True)
class Draw:
    """Cards drawn."""

    amount: Amount
    target: str


@dataclass(frozen=True)
class AddStatus:
    """Tokens gained or inflicted (``inflict``: on the opponent unless it says otherwise)."""

    status: str
    count: int
    target: str
    inflict: bool = False


@dataclass(frozen=True)
class RemoveStatus:
    """Tokens removed (``every``: all of them)."""

    status: str
    count: int
    target: str
    every: bool


@dataclass(frozen=True)
class Flip:
    """The hero board turns to its other side."""


@dataclass(frozen=True)
class Companion:
    """A companion joins (``gain``) or leaves its owner's board."""

    companion: str
    amount: int
    gain: bool


@dataclass(frozen=True)
class ChangeDice:
    """A card sets, nudges or re-rolls dice in play (``record``: read by the parser
    of the card's target)."""

    record: Step


class TokenMove(enum.Enum):
    """Status steps acting on tokens or on the owner's own Attack."""

    MOVE = "move"
    STEAL_HEALTH = "steal_health"
    LESSEN_ATTACK = "lessen_attack"
    CANCEL_ATTACK = "cancel_attack"
    REMOVE_CHOSEN = "remove_chosen"


@dataclass(frozen=True)
class StatusStep:
    """One of :class:`TokenMove`."""

    move: TokenMove
    status: str
    amount: int


class Modifier(enum.Enum):
    """Attack Modifiers and prevention, changing incoming damage in the ledger
    (values: the step names, also the keys of their events)."""

    ADD_DAMAGE = "add_damage"
    PREVENT = "prevent"
    PREVENT_HALF = "prevent_half"
    REFLECT_HALF = "reflect_half"
    PREVENT_ALL = "prevent_all"
    #: This damage leaves the owner at 1 health at least (Thor's Indomitable Will!).
    SURVIVE_ATTACK = "survive_attack"


@dataclass(frozen=True)
class Modify:
    """A :class:`Modifier` on the Attack's or the owner's incoming damage."""

    modifier: Modifier
    amount: Amount
    target: str


def _token(move: TokenMove) -> Callable[[Step], StatusStep]:
    return lambda s: StatusStep(move, s.status or "", s.amount)


def _modify(modifier: Modifier) -> Callable[[Step], Modify]:
    return lambda s: Modify(modifier, _amount(s), s.target)


def _damage(s: Step) -> Damage:
    return Damage(_amount(s), s.kind, s.target, s.isolated, s.op == "self_damage")


# -- printed heroes (issue 22) ---------------------------------------------------------


@dataclass(frozen=True)
class Undefendable:
    """The owner's Attack becomes undefendable (its normal damage; 6.1 then has no
    Defensive Roll)."""


@dataclass(frozen=True)
class ClearStatuses:
    """Every status token the target holds is removed (those the owner's hero may remove)."""

    target: str


# -- end of the issue-22 block ----------------------------------------------------------

#: Record ``op`` -> the typed step it decodes to.
DECODERS: Mapping[str, Callable[[Step], object]] = {
    "foe": lambda s: AimAt(s.amount if s.amount >= 0 else None),
    "additionally": lambda s: Additionally(s.steps),
    "roll": lambda s: Roll(s.dice, s.steps, s.topic == aim.REUSE, s.status, s.roller),
    "keep_dice": lambda s: KeepDice(),
    "with": lambda s: With(
        s.symbols, s.numbers, s.sum_at_least, s.steps, s.sum_at_most, s.of_a_kind
    ),
    "opposed": Opposed,
    "opposed_result": OpposedResult,
    "opposed_reroll": OpposedReroll,
    "then": lambda s: Then(),
    # A synthetic "Or" may name another chooser: ``amount`` = seat + 1.
    "or": lambda s: Or(s.steps, s.topic, s.amount - 1 if s.amount else None),
    "manual": lambda s: Manual(s.text, s.topic),
    "damage": _damage,
    "self_damage": _damage,
    "heal": lambda s: HealStep(_amount(s), s.target),
    "gain_cp": lambda s: GainCp(_amount(s), s.target),
    "steal_cp": lambda s: StealCp(_amount(s)),
    "lose_cp": lambda s: LoseCp(_amount(s), s.target),
    "draw": lambda s: Draw(_amount(s), s.target),
    "gain": lambda s: AddStatus(s.status or "", s.amount, s.target),
    "inflict": lambda s: AddStatus(s.status or "", s.amount, s.target, inflict=True),
    "remove": lambda s: RemoveStatus(s.status or "", s.amount, s.target, False),
    "remove_all": lambda s: RemoveStatus(s.status or "", s.amount, s.target, True),
    "flip": lambda s: Flip(),
    "gain_companion": lambda s: Companion(s.companion or "", s.amount, True),
    "lose_companion": lambda s: Companion(s.companion or "", s.amount, False),
    "set_dice": ChangeDice,
    "nudge_dice": ChangeDice,
    "reroll_dice": ChangeDice,
    **{m.value: _token(m) for m in TokenMove},
    **{m.value: _modify(m) for m in Modifier},
    # -- printed heroes (issue 22) --
    "clear_statuses": lambda s: ClearStatuses(s.target),
    "undefendable": lambda s: Undefendable(),
}


# -- steps added for the heroes of issue 22 (Ninja) -------------------------------------
# Kept in one block (decoders in ``MORE_DECODERS``) so other additions merge cleanly.


@dataclass(frozen=True)
class RerollOffer:
    """ "You may re-roll up to N of these dice": the owner picks a die to roll again
    (or keeps them), up to ``left`` more dice, each die at most once (``done``: those
    already rolled again, from 0); then ``steps`` read the final dice."""

    left: int
    steps: Script
    done: tuple[int, ...] = ()


@dataclass(frozen=True)
class RerollDie:
    """One die of the frame (``index``, from 0) rolled again; the offer goes on."""

    index: int
    left: int
    steps: Script
    done: tuple[int, ...] = ()


@dataclass(frozen=True)
class ChoosePlayer:
    """ "A chosen player" / "a chosen opponent" / "a chosen teammate": the owner picks
    one (of ``among``: "everyone", "opponents" or "teammates"); ``steps`` aim at that
    player (``target: chosen`` or, for an opponent, the steps' usual "opponent").
    ``up_to`` above 1: "up to N chosen players", each a different one, the owner may
    stop after any pick (the Treant's Harvest!); ``chosen``: the seats picked so far."""

    among: str
    steps: Script
    up_to: int = 1
    chosen: tuple[int, ...] = ()


@dataclass(frozen=True)
class DiscardFor:
    """ "If you discard 1 card, …": the owner may discard a card of her hand (she
    picks its position, the card is revealed as it is discarded) to resolve ``steps``."""

    steps: Script


@dataclass(frozen=True)
class DiscardAt:
    """The card at ``index`` (from 0) of the owner's hand is discarded, then ``steps``."""

    index: int
    steps: Script


@dataclass(frozen=True)
class RerollOwnDie:
    """ "Re-roll 1 of your dice": the owner picks one of her own dice in play (her
    offensive dice before the activation, her defensive dice before they resolve), or
    none, and rolls it again (the Treant's Seedling). ``index`` set: that die (from 0)."""

    index: int | None = None


#: Record ``op`` -> typed step, for the steps of this block.
MORE_DECODERS: Mapping[str, Callable[[Step], object]] = {
    # A re-roll sized by tokens (Mythic Brawler) names the statuses that count.
    "reroll": lambda s: reroll(s, lambda r: RerollOffer(r.amount, r.steps, r.numbers)),
    "reroll_die": lambda s: RerollDie(s.dice, s.amount, s.steps, s.numbers),
    "choose_player": lambda s: ChoosePlayer(
        s.topic or "opponents", s.steps, s.amount or 1, s.numbers
    ),
    "discard_for": lambda s: DiscardFor(s.steps),
    "discard_at": lambda s: DiscardAt(s.amount, s.steps),
    "reroll_own_die": lambda s: RerollOwnDie(s.dice - 1 if s.dice else None),
}
DECODERS = {**DECODERS, **MORE_DECODERS}
# Steps counting a hero's own tokens or CP (issue 22, the Pyromancer): own module.
DECODERS = {**DECODERS, **TOKEN_DECODERS}
DECODERS = {**DECODERS, **MORE_DECODERS, **REACTION_DECODERS}
DECODERS = {**DECODERS, **MORE_DECODERS, **COST_DECODERS, **TRACK_DECODERS, **DIAL_DECODERS}
DECODERS = {**DECODERS, **HOLDING_DECODERS}  # issue 22: the Headless Horseman
DECODERS = {**DECODERS, **ATTACK_DECODERS}  # issue 22: the Paladin's Crit
DECODERS = {**DECODERS, **PIECE_DECODERS}
DECODERS = {**DECODERS, **HOLDER_DECODERS}  # issue 22: Raveness's Nevermore
DECODERS = {**DECODERS, **DECK_DECODERS}  # issue 22: Black Widow
DECODERS = {**DECODERS, **FAIL_DECODERS}  # issue 22: the Moon Elf's Blinded
DECODERS = {**DECODERS, **PLAYED_DECODERS}  # issue 22: Black Widow's upgrades played
DECODERS = {**DECODERS, **PIECE_ROLL_DECODERS}  # issue 22: Raveness's Feather
DECODERS = {**DECODERS, **BLANK_DECODERS}  # issue 22: Raveness's Hex on effect rolls
DECODERS = {**DECODERS, **SPENT_DECODERS}  # issue 22: Black Widow's Elude!
DECODERS = {**DECODERS, **RIDER_DECODERS}  # issue 22: Season 1 riders, the Treant


class UnknownOpError(ValueError):
    """A record names no step of the vocabulary (the loader refuses those)."""


def decode(record: Step) -> object:
    """The typed step a stored record stands for."""
    decoder = DECODERS.get(record.op)
    if decoder is None:
        raise UnknownOpError(f"unknown step {record.op!r}")
    return decoder(record)
