"""An effect script in a few plain words of the reader's language, for the hero board.

Every step of the effect vocabulary (docs/dicethrone.md, "Effect vocabulary") is said:
"4 damage", "heal 2 per ♥", "with 2⬟: prevent 1", "opposed roll: if yours is higher,
7 damage; otherwise 5 damage". The printed card or board text stays in `/match lookup`.
No PIL here: the words are shared by the board and its alt text.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engines.dicethrone.content import UP_TO_LIMIT, Step, text_for
from engines.dicethrone.effects.attack_checks import IfAttackDeals
from engines.dicethrone.effects.attack_fails import FailAttack
from engines.dicethrone.effects.blank_rolls import ReadRoll
from engines.dicethrone.effects.cost_steps import GainChoice, PayFor, RerollPerToken
from engines.dicethrone.effects.deck import (
    AdvanceTokens,
    FetchPick,
    FetchUpgrade,
    ForEachUpgrade,
    IfUpgrades,
    LookAtTop,
    RevealHand,
)
from engines.dicethrone.effects.dial_steps import ChangeDial, EmptyDial, FlipDial, OnDial
from engines.dicethrone.effects.holding import (
    ExtraRollAttempt,
    IfFirst,
    IfRollAttempts,
    OptionUsed,
    Relocate,
    UnlessFirst,
)
from engines.dicethrone.effects.piece_holders import (
    ActivatePiece,
    AtPieceHolder,
    OpponentDiscards,
    PassPiece,
)
from engines.dicethrone.effects.piece_rolls import ChangePieceRoll
from engines.dicethrone.effects.piece_steps import (
    IfPieceHome,
    IfPieceSent,
    MovePiece,
    PieceTo,
    RecallPiece,
    Repeat,
    SendPiece,
)
from engines.dicethrone.effects.reactions import (
    AllowDefense,
    DiscardToken,
    Expose,
    ExtraRollPhase,
    SwapSymbol,
    WithDefense,
)
from engines.dicethrone.effects.riders import (
    AllowReroll,
    DropIncoming,
    IfAttackDealt,
    IfLevel,
    PreventIncoming,
    RemoveOwnStatus,
    RerollIfAllowed,
    TransferChosen,
    TransferTo,
)
from engines.dicethrone.effects.spent_rolls import IfSpentRoll
from engines.dicethrone.effects.steps import (
    Additionally,
    AddStatus,
    AimAt,
    Amount,
    ChangeDice,
    ChoosePlayer,
    ClearStatuses,
    Companion,
    Damage,
    DiscardAt,
    DiscardFor,
    Draw,
    Flip,
    GainCp,
    HealStep,
    KeepDice,
    LoseCp,
    Manual,
    Modifier,
    Modify,
    Opposed,
    OpposedReroll,
    OpposedResult,
    Or,
    RemoveStatus,
    RerollDie,
    RerollOffer,
    RerollOwnDie,
    Roll,
    StatusStep,
    StealCp,
    Then,
    TokenMove,
    Undefendable,
    UnknownOpError,
    With,
    decode,
)
from engines.dicethrone.effects.token_steps import (
    ForEachToken,
    GainPer,
    Grow,
    IfStatus,
    PayCp,
    RaiseLimit,
    SpendFor,
)
from engines.dicethrone.effects.track_steps import MoveTrack, OnTrack, TakeSteps
from engines.dicethrone.effects.upgrades_played import ForEachUpgradePlayed, IfUpgraded

Translate = Callable[..., str]
#: Names per locale by id (statuses, companions, die symbols).
Names = Mapping[str, Mapping[str, str]]

#: Pictures of the die symbols of the shipped heroes (and the test pack); any other
#: symbol is drawn as its name's first letter.
GLYPHS: Mapping[str, str] = {
    "sword": "⚔",
    "heart": "♥",
    "strength": "⚡",
    "helm": "⬟",
    "pray": "☀",
    "cutlass": "⚔",
    "flintlock": "➹",
    "doubloon": "◉",
    "bullet": "●",
    "dash": "➹",
    "bullseye": "◎",
    "blade": "⚔",
    "coin": "◉",
    "skull": "☠",
    "shot": "●",
    "aim": "◎",
    "star": "★",
    "hammer": "⚒",
    "shield": "⬟",
    # Ninja (issue 22)
    "ninjato": "⚔",
    "shuriken": "✦",
    "mask": "☾",
    # Pyromancer (issue 22)
    "flame": "✺",
    "blaze": "❋",
    "fiery_soul": "♨",
    "meteor": "☄",
    # Druid (issue 22)
    "claw": "⚔",
    "paw": "❦",
    "nature": "❀",
    # Spider-Man (issue 22): a web-shooter's shot, a web, an eight-legged spider
    "thwip": "➶",
    "web": "❋",
    "spider": "✳",
    # Duelist (issue 22); "blade" is above
    "boot": "➹",
    "pierce": "◎",
    # Sun Elf (issue 22)
    "stave": "⚚",
    "charge": "⚡",
    "sun": "☀",
    # Mythic Brawler (issue 22)
    "fist": "✪",
    "spirit": "♨",
    "peak": "▲",
    # Headless Horseman (issue 22): an axe's blades, a horseshoe, a skull's scare
    "axe": "⚔",
    "horseshoe": "Ω",
    "scare": "☠",
    # Thor (issue 22); "hammer" is above
    "worthy": "♛",
    "thunder": "ϟ",
    # Treant (issue 22): a forked twig, a leaf ("spirit" is the Mythic Brawler's above)
    "branch": "Ψ",
    "leaf": "☘",
    # Raveness (issue 22): a bird's three-toed talon, a wing in flight, an eye
    "talon": "⋔",
    "wing": "✈",
    "raven_eye": "◉",
    # Black Widow (issue 22): a spy's eye, crossed batons, the widow's mark
    "espionage": "◉",
    "baton": "⚔",
    "widow": "♦",
    # Samurai (issue 22): a sword, a helmet's shape, a sun
    "katana": "⚔",
    "kabuto": "⬟",
    "rising_sun": "☀",
}


def name_in(text: Any, locale: str) -> str:
    """A content name in ``locale`` (en-US, then any given locale); a plain string as is."""
    if isinstance(text, Mapping):
        return text_for(text, locale)
    return str(text or "")


def glyph(symbol: str, names: Mapping[str, str], locale: str) -> str:
    """The picture of a die symbol (its name's first letter when it has none)."""
    return GLYPHS.get(symbol) or (name_in(names, locale)[:1].upper() or "?")


def need_text(
    symbols: Mapping[str, int],
    faces: Names,
    t: Translate,
    locale: str,
    straight: int = 0,
    of_a_kind: int = 0,
) -> str:
    """A dice combination: "3⚔", "2⚔ 2⚡", "Small Straight", "4 of a kind"."""
    parts = [f"{n}{glyph(sym, faces.get(sym, {}), locale)}" for sym, n in symbols.items()]
    if straight:
        parts.append(t(f"dicethrone.render.req.straight_{straight}", locale))
    if of_a_kind:
        parts.append(t("dicethrone.render.req.of_a_kind", locale, count=of_a_kind))
    return " ".join(parts)


class Words:
    """Says scripts in ``locale`` with the names of the table's statuses, companions
    and die symbols (a name the table lacks is said by its id, never dropped)."""

    def __init__(
        self,
        statuses: Names,
        faces: Names,
        t: Translate,
        locale: str,
        companions: Names | None = None,
    ) -> None:
        self.statuses, self.faces, self.companions = statuses, faces, companions or {}
        self.t, self.locale = t, locale
        #: Inside a "chosen player" step: its steps' "chosen" target goes without saying.
        self._picked = False

    def script(self, steps: Sequence[Step]) -> str:
        """A script's steps, comma-separated; "then" before what follows a pause."""
        words: list[str] = []
        then = False
        for step in steps:
            if isinstance(_typed(step), Then):
                then = bool(words)
                continue
            word = self.step(step)
            if not word:
                continue
            if then:
                word = self._fx("then", then=word)
                then = False
            words.append(word)
        return ", ".join(words)

    def step(self, step: Step) -> str:
        """One step in words ("" for the interpreter's own bookkeeping steps)."""
        typed = _typed(step)
        match typed:
            case None:
                return ""  # an "Or"'s option: said by its "Or"
            case AimAt() | KeepDice() | OpposedResult() | OpposedReroll() | Then():
                return ""
            case RerollDie() | DiscardAt() | PayCp() | OptionUsed() | PieceTo() | FetchPick():
                # The interpreter's own steps, never printed on a board; "Então" is said
                # as the word joining what comes after it.
                return ""
            case DropIncoming() | TransferTo():
                return ""  # the interpreter's own steps, as those above
        reaction = self._reaction(step, typed)
        if reaction is None:
            reaction = self._holding(typed)
        if reaction is None:
            reaction = self._deck(typed)
        if reaction is None:
            reaction = self._more(typed)
        if reaction is None:
            reaction = self._rider(typed)
        if reaction is not None:
            return reaction
        nested_kinds = (Opposed, Manual, RerollOffer, ChoosePlayer, ForEachToken, SpendFor)
        nested = step.steps or isinstance(typed, (*nested_kinds, IfStatus, IfPieceHome))
        word = self._nested(step, typed) if nested else None
        if word is None:
            word = self._simple(step, typed)
        return self._aimed(step, typed, word)

    # -- one step ---------------------------------------------------------------

    def _fx(self, key: str, **params: Any) -> str:
        return self.t(f"dicethrone.render.fx.{key}", self.locale, **params)

    def _kind(self, step: Step) -> str:
        return self.t(f"dicethrone.render.kind.{step.kind.value}", self.locale)

    def _symbol(self, symbol: str) -> str:
        return glyph(symbol, self.faces.get(symbol, {}), self.locale)

    def _status(self, step: Step) -> str:
        status = step.status or ""
        name = name_in(self.statuses.get(status, {}), self.locale) or status
        if step.amount >= UP_TO_LIMIT:  # "gain the maximum"
            return self._fx("up_to_limit", status=name)
        return name if step.amount <= 1 else f"{name} ×{step.amount}"

    def _printed(self, step: Step, typed: object) -> str | None:
        """Words of the steps added for the printed heroes (issue 22)."""
        match typed:
            case ClearStatuses():
                return self._fx("clear_statuses")
            case GainPer(status=status, per=per, times=times, target=target):
                name, symbol = self._name(status), self._symbol(per)
                key = "gain_per" if target == "self" else "inflict_per"
                return self._fx(key, status=name, symbol=symbol, count=times)
            case RaiseLimit(amount=amount):
                return self._fx("raise_limit", status=self._name(step.status or ""), count=amount)
            case Undefendable():
                return self._fx("undefendable")
            case RerollOwnDie():
                return self._fx("reroll_own_die")
            case Grow(chain=chain, each=True, name=name):
                return self._fx("grow_each", statuses=self._names(chain, name))
            case Grow(chain=chain, times=times, name=name):
                return self._fx("grow", statuses=self._names(chain, name), count=times)
            case Modify(modifier=Modifier.ADD_DAMAGE, amount=Amount(per=str(per))) if per:
                return self._fx("add_damage_per", times=step.amount or 1, symbol=self._symbol(per))
            case Modify(modifier=Modifier.ADD_DAMAGE, amount=Amount(roll_sum=True, half=True)):
                return self._fx("add_damage_half_sum")
            case HealStep(amount=Amount(roll_sum=True, half=False)):
                return self._fx("heal_sum")  # It Gives Life! (issue 22)
            case GainCp(amount=Amount(roll_sum=True, half=True)):
                return self._fx("gain_cp_half_sum")
            case ChangeDice() if step.op == "set_dice" and step.numbers:
                faces = "/".join(str(n) for n in step.numbers)
                return self._fx("set_dice_to", count=step.amount, faces=faces)
            case ChangeDice() if step.op == "set_dice" and step.matching:
                return self._fx("set_dice_matching", count=step.amount)
        return None

    def _reaction(self, step: Step, typed: object) -> str | None:
        """Words of Spider-Man's steps (issue 22, ``effects.reactions``)."""
        match typed:
            case ExtraRollPhase() | AllowDefense():
                return self._fx(word_key(typed))
            case Expose(status=status):
                name = name_in(self.statuses.get(status, {}), self.locale) or status
                return self._fx("expose", status=name)
            case DiscardToken(status=status, steps=steps, otherwise=otherwise):
                name = name_in(self.statuses.get(status, {}), self.locale) or status
                word = self._fx("discard_token", status=name, then=self.script(steps))
                rest = self.script(otherwise)
                return f"{word}; {self._fx('discard_token_else', then=rest)}" if rest else word
            case WithDefense(defense=defense, symbols=symbols, steps=steps):
                # Named where the table knows it (a card's text); on the defence's own
                # board line it is "the defence".
                named = name_in(self.statuses.get(defense, {}), self.locale)
                need = need_text(symbols, self.faces, self.t, self.locale)
                key = "with_defense" if named else "with_defense_own"
                return self._fx(key, defense=named, need=need, then=self.script(steps))
            case SwapSymbol(defense=defense, printed=printed, instead=instead):
                named = name_in(self.statuses.get(defense, {}), self.locale)
                return self._fx(
                    "swap_symbol",
                    defense=named or defense.replace("_", " ").title(),
                    printed=self._symbol(printed),
                    instead=self._symbol(instead),
                )
        return None

    def _deck(self, typed: object) -> str | None:
        """Words of Black Widow's steps (issue 22, ``effects.deck``)."""
        match typed:
            case IfUpgrades(at_least=count, steps=(offer,), otherwise=otherwise) if (
                offer.op == "reroll" and offer.steps == otherwise and otherwise
            ):
                # "With N upgrades you may re-roll these dice", then the same steps
                # either way (Sabotage): the steps said once.
                dice = offer.amount
                then = self.script(otherwise)
                return self._fx("if_upgrades_reroll", count=count, dice=dice, then=then)
            case IfUpgrades(at_least=count, steps=steps, otherwise=otherwise):
                word = self._fx("if_upgrades", count=count, then=self.script(steps))
                if otherwise:
                    word = f"{word}; {self._fx('if_not', then=self.script(otherwise))}"
                return word
            case ForEachUpgrade(steps=steps):
                return self._fx("for_each_upgrade", then=self.script(steps))
            case AdvanceTokens(statuses=statuses):
                names = " / ".join(self._name(s) for s in statuses)
                return self._fx("advance_tokens", statuses=names)
            case RevealHand(target=target):
                return self._fx(f"reveal_hand_{target}")
            case FetchUpgrade(count=count, source=source, destination=destination):
                return self._fx(f"fetch_upgrade_{source}_{destination}", count=count)
            case LookAtTop(count=count, take_upgrades=take, if_none=if_none):
                word = self._fx("look_at_top_take" if take else "look_at_top", count=count)
                if if_none:
                    word = self._fx("look_at_top_if_none", word=word, then=self.script(if_none))
                return word
        return None

    def _rider(self, typed: object) -> str | None:
        """Words of the Season 1 riders' and the Treant's steps (``effects.riders``)."""
        match typed:
            case PreventIncoming():
                return self._fx("prevent_incoming_status")
            case RemoveOwnStatus():
                return self._fx("remove_own_status")
            case IfAttackDealt(at_least=least, steps=steps):
                return self._fx("if_attack_dealt", count=least, then=self.script(steps))
            case AllowReroll(status=status, rerolled=rerolled):
                word = self._fx("allow_reroll", status=self._name(status))
                if rerolled:
                    word = f"{word}; {self._fx('allow_reroll_bonus', then=self.script(rerolled))}"
                return word
            case RerollIfAllowed(status=status, steps=steps):
                name = self._name(status)
                return self._fx("reroll_if_allowed", status=name, then=self.script(steps))
            case IfLevel(at_least=least, steps=steps):
                return self._fx("if_level", level=least, then=self.script(steps))
            case TransferChosen():
                return self._fx("transfer_chosen")
        return None

    def _holding(self, typed: object) -> str | None:
        """Words of the Headless Horseman's steps (issue 22, ``effects.holding``), and
        of the steps he reads differently (a roll per token, a token an opponent holds,
        CP paid up to a number)."""
        match typed:
            case Relocate(status=status, target=target, steps=steps):
                word = self._fx(f"relocate_{target}", status=self._name(status))
                if steps:
                    word = self._fx("relocate_moved", word=word, then=self.script(steps))
                return word
            case ExtraRollAttempt():
                return self._fx("extra_roll_attempt")
            case UnlessFirst(steps=steps):
                return self._fx("unless_first", then=self.script(steps))
            case IfFirst(steps=steps):
                return self._fx("if_first", then=self.script(steps))
            case IfAttackDeals(at_least=least, steps=steps):
                return self._fx("if_attack_deals", count=least, then=self.script(steps))
            case IfRollAttempts(fewer_than=fewer, steps=steps):
                return self._fx("if_roll_attempts", count=fewer, then=self.script(steps))
            case Roll(per_token=str(status), steps=steps):
                name, then = self._name(status), self.script(steps)
                return self._fx("roll_per_token", status=name, then=then)
            case IfStatus(holder="opponent" | "any_opponent", status=status, steps=steps):
                key = f"if_status_{typed.holder}"
                word = self._fx(key, status=self._name(status), then=self.script(steps))
                if typed.otherwise:
                    word = f"{word}; {self._fx('if_not', then=self.script(typed.otherwise))}"
                return word
            case SpendFor(statuses=(), up_to=int(up_to), steps=steps) if up_to:
                return self._fx("spend_for_cp_up_to", count=up_to, then=self.script(steps))
        return None

    def _piece(self, typed: object) -> str | None:
        """Words of a hero's piece (Thor's Mjölnir) and of a repeated script."""
        match typed:
            case SendPiece(piece=piece) | MovePiece(piece=piece):
                return self._fx(word_key(typed), piece=self._piece_name(piece))
            case RecallPiece(piece=piece, steps=steps):
                word = self._fx("recall_piece", piece=self._piece_name(piece))
                rest = self.script(steps)
                return self._fx("recall_piece_then", recall=word, then=rest) if rest else word
            case IfPieceHome(piece=piece, steps=steps, otherwise=otherwise):
                name = self._piece_name(piece)
                words = []
                if steps:
                    words.append(self._fx("if_piece_home", piece=name, then=self.script(steps)))
                if otherwise:
                    rest = self.script(otherwise)
                    key = "if_not" if steps else "if_piece_away"
                    words.append(self._fx(key, piece=name, then=rest))
                return "; ".join(words)
            case IfPieceSent(piece=piece, times=times, steps=steps):
                name = self._piece_name(piece)
                return self._fx("if_piece_sent", piece=name, count=times, then=self.script(steps))
            case Repeat(times=times, up_to=up_to, steps=steps):
                key = "repeat_up_to" if up_to else "repeat"
                return self._fx(key, count=times, then=self.script(steps))
            case ActivatePiece(piece=piece) | PassPiece(piece=piece):
                return self._fx(word_key(typed), piece=self._piece_name(piece))
            case AtPieceHolder(piece=piece, among=among, steps=steps):
                name = self._piece_name(piece)
                return self._fx(f"at_piece_holder_{among}", piece=name, then=self.script(steps))
            case OpponentDiscards():
                return self._fx("opponent_discards")
        return None

    def _more(self, typed: object) -> str | None:
        """Words of the steps added to automate the last pieces of the printed heroes
        (issue 22: the Moon Elf's Blinded, Black Widow's upgrades played, Raveness's
        Feather)."""
        match typed:
            case FailAttack():
                return self._fx("fail_attack")
            case ForEachUpgradePlayed(steps=steps):
                return self._fx("for_each_upgrade_played", then=self.script(steps))
            case IfUpgraded(level=level, steps=steps):
                roman = "I" * level
                return self._fx("if_upgraded", level=roman, then=self.script(steps))
            case ReadRoll():
                return ""  # the interpreter's own bookkeeping
            case IfSpentRoll(status=status, numbers=numbers, steps=steps):
                faces = "/".join(str(n) for n in numbers)
                word = self._fx("if_spent_roll", status=self._name(status), numbers=faces)
                return f"{word}: {self.script(steps)}"
            case ChangePieceRoll(piece=piece, way=way):
                return self._fx(f"change_piece_roll_{way}", piece=self._piece_name(piece))
        return None

    def _piece_name(self, piece: str) -> str:
        return name_in(self.companions.get(piece, {}), self.locale) or piece

    def _simple(self, step: Step, typed: object) -> str:
        piece = self._piece(typed)
        if piece is not None:
            return piece
        if isinstance(typed, MoveTrack | TakeSteps):
            return self._track(typed)
        if isinstance(typed, ChangeDial):
            if typed.to is not None:
                return self._fx("set_dial", value=typed.to)
            if typed.half_roll:
                return self._fx("raise_dial_half")
            key = "raise_dial" if typed.by > 0 else "lower_dial"
            return self._fx(key, count=abs(typed.by))
        if isinstance(typed, FlipDial):
            return self._fx("flip_dial")
        if isinstance(typed, GainChoice):
            if typed.name:  # the record's word for any of them ("Strength")
                name = name_in(typed.name, self.locale)
                return self._fx("gain_choice_named", count=typed.count, name=name)
            names = [name_in(self.statuses.get(s, {}), self.locale) or s for s in typed.statuses]
            return self._fx("gain_choice", count=typed.count, statuses=", ".join(names))
        printed = self._printed(step, typed)
        if printed is not None:
            return printed
        key, amount = word_key(typed), step.amount
        match typed:
            case Damage(amount=Amount(per=str(per))) | HealStep(amount=Amount(per=str(per))):
                if per:
                    return self._per(key, amount, per, step)
            case LoseCp(amount=Amount(per=str(per))) if per:
                return self._fx("lose_cp_per", times=amount or 1, symbol=self._symbol(per))
            case Modify(modifier=Modifier.PREVENT, amount=Amount(per=str(per))) if per:
                return self._per(key, amount, per, step)
        match typed:
            case Damage(self_inflicted=False, amount=Amount(roll_sum=True, best=int(best))) if best:
                return self._fx("damage_best", count=best, kind=self._kind(step))
            case Damage(self_inflicted=False, amount=Amount(roll_sum=True)):
                return self._fx("damage_sum", kind=self._kind(step))
            case Damage(self_inflicted=False, isolated=isolated):
                fx = "damage" if step.kind.value == "normal" else "damage_kind"
                word = self._fx(fx, amount=amount, kind=self._kind(step))
                return f"{word} {self._fx('at_once')}" if isolated else word
            case Modify(modifier=Modifier.ADD_DAMAGE, target="opponent"):
                # Bounty: the Attacker's damage against the holder grows.
                return self._fx("add_damage_against", amount=amount)
            case AddStatus() | RemoveStatus() | StatusStep(move=TokenMove.MOVE):
                return self._fx(key, status=self._status(step))
            case ChangeDice():
                word = self._fx(key, count=amount)
                if step.dice_of != "offensive":
                    word = f"{word} {self._fx(f'of_{step.dice_of}')}"
                return word
            case Companion(companion=companion):
                name = name_in(self.companions.get(companion, {}), self.locale) or companion
                return self._fx(key, companion=name if amount <= 1 else f"{name} ×{amount}")
            case Flip() | StatusStep(move=TokenMove.CANCEL_ATTACK | TokenMove.REMOVE_CHOSEN):
                return self._fx(key)
            case Modify(
                modifier=Modifier.PREVENT_HALF | Modifier.PREVENT_ALL | Modifier.SURVIVE_ATTACK
            ):
                return self._fx(key)
            case Modify(modifier=Modifier.REFLECT_HALF):
                return self._fx(key)
        # heal, gain_cp, steal_cp, draw, prevent, add_damage, self_damage, steal_health,
        # lessen_attack: an amount.
        return self._fx(key, amount=amount, count=amount)

    def _per(self, key: str, amount: int, per: str, step: Step) -> str:
        """ "N × per symbol" ("Multiplicação")."""
        return self._fx(
            f"{key}_per", times=amount or 1, symbol=self._symbol(per), kind=self._kind(step)
        )

    def _nested(self, step: Step, typed: object) -> str | None:
        piece = self._piece(typed)
        if piece is not None:
            return piece
        match typed:
            case Roll(dice=dice, steps=steps):
                return self._fx("roll", dice=dice, then=self.script(steps))
            case With(steps=steps):
                return self._fx("with", need=self._with_need(step), then=self.script(steps))
            case Or(options=options):
                said = [
                    name_in(o.text, self.locale) if o.text else self.script(o.steps)
                    for o in options
                ]
                return self._fx("or", options=" / ".join(said))
            case Additionally(steps=steps):
                return self._fx("additionally", then=self.script(steps))
            case Opposed():
                win = self.script(step.steps) or self._fx("nothing")
                lose = self.script(step.otherwise) or self._fx("nothing")
                key = "opposed_ties" if step.ties_win else "opposed"
                word = self._fx(key, win=win, lose=lose)
                if step.status:
                    status = name_in(self.statuses.get(step.status, {}), self.locale)
                    word = f"{word} {self._fx('opposed_reroll', status=status or step.status)}"
                return word
            case Manual(text=text):
                return self._fx("manual", text=name_in(text, self.locale))
            case RerollOffer(left=left, steps=steps):
                # Without nested steps the steps after it read the re-rolled dice.
                key = "reroll_offer" if steps else "reroll_only"
                return self._fx(key, count=left, then=self.script(steps))
            case ChoosePlayer(among=among, steps=steps):
                # Its steps aim at the pick: "a chosen player: gain X", not "… (a chosen
                # player)" again after each of them.
                self._picked, before = True, self._picked
                try:
                    if typed.up_to > 1:
                        key = f"choose_{among}_up_to"
                        return self._fx(key, count=typed.up_to, then=self.script(steps))
                    return self._fx(f"choose_{among}", then=self.script(steps))
                finally:
                    self._picked = before
            case DiscardFor(steps=steps):
                return self._fx("discard_for", then=self.script(steps))
            case ForEachToken(statuses=statuses, steps=steps, name=name):
                return self._fx(
                    "for_each_token", status=self._names(statuses, name), then=self.script(steps)
                )
            case IfStatus(status=status, steps=steps, otherwise=otherwise):
                word = self._fx("if_status", status=self._name(status), then=self.script(steps))
                if otherwise:
                    word = f"{word}; {self._fx('if_not', then=self.script(otherwise))}"
                return word
            case SpendFor(statuses=(), steps=steps):
                return self._fx("spend_for_cp", then=self.script(steps))
            case SpendFor(statuses=statuses, up_to=up_to, steps=steps):
                kinds = self._names(statuses, typed.name)
                word = self._fx(
                    "spend_for_token", status=kinds, count=up_to, then=self.script(steps)
                )
                if typed.at_least:
                    also = self._fx(
                        "spend_for_also", count=typed.at_least, then=self.script(typed.also)
                    )
                    word = f"{word}; {also}"
                return word
            case PayFor() | RerollPerToken():
                return self._cost(typed)
            case EmptyDial(steps=steps):
                return self._fx("empty_dial", then=self.script(steps))
            case OnDial(side=side, values=values, steps=steps):
                # A dial's side by its name when the table knows it ("sun_dial.1").
                named = self.companions.get(f"{step.dial}.{side}")
                if side >= 0 and named:
                    need = [self._fx("dial_side", side=name_in(named, self.locale))]
                else:
                    need = [self._fx(f"dial_side_{side}")] if side >= 0 else []
                need += (
                    [self._fx("dial_at", values="/".join(str(v) for v in values))] if values else []
                )
                return self._fx("on_dial", need=" ".join(need), then=self.script(steps))
            case OnTrack(positions=positions, steps=steps):
                places = "/".join(f"{p:+d}" if p else "0" for p in positions)
                return self._fx("on_track", places=places, then=self.script(steps))
        return None

    def _name(self, status: str) -> str:
        return name_in(self.statuses.get(status, {}), self.locale) or status

    def _names(self, statuses: Sequence[str], name: Mapping[str, str]) -> str:
        """Several statuses counted together: the record's word for any of them
        ("Spirit") when it gives one, else "Seedling/Sapling/Dryad"."""
        return name_in(name, self.locale) if name else "/".join(self._name(s) for s in statuses)

    def _track(self, typed: MoveTrack | TakeSteps) -> str:
        """Steps on the owner's track (the Duelist's Footwork)."""
        if isinstance(typed, MoveTrack):
            way = "forward" if typed.forward else "backward"
            if typed.per:
                return self._fx(f"move_track_{way}_per", symbol=self._symbol(typed.per))
            return self._fx(f"move_track_{way}", count=typed.count)
        return self._fx(f"take_steps_{typed.direction}", count=typed.count)

    def _cost(self, typed: PayFor | RerollPerToken) -> str:
        """A cost paid before an effect, or a re-roll per token (Mythic Brawler)."""
        then = self.script(typed.steps) or self._fx("nothing")
        if isinstance(typed, RerollPerToken):
            names = [name_in(self.statuses.get(s, {}), self.locale) or s for s in typed.statuses]
            statuses = ", ".join(names)
            return self._fx("reroll_per_token", statuses=statuses, cap=typed.cap, then=then)
        if typed.status is None:
            return self._fx("pay_cp", amount=typed.cp, then=then)
        name = name_in(self.statuses.get(typed.status, {}), self.locale) or typed.status
        status = name if typed.count <= 1 else f"{name} ×{typed.count}"
        key = "pay_status_opponent" if typed.of_opponent else "pay_status"
        return self._fx(key, status=status, then=then)

    def _with_need(self, step: Step) -> str:
        """What a "Com" block needs: symbols, a die showing one of some numbers, a sum."""
        parts = []
        if step.symbols:
            parts.append(need_text(step.symbols, self.faces, self.t, self.locale))
        if step.numbers:
            numbers = "/".join(str(n) for n in step.numbers)
            parts.append(self._fx("numbers", numbers=numbers))
        if step.sum_at_least:
            parts.append(self._fx("sum_at_least", sum=step.sum_at_least))
        if step.sum_at_most:
            parts.append(self._fx("sum_at_most", sum=step.sum_at_most))
        if step.of_a_kind:
            key = "dicethrone.render.req.of_a_kind"
            parts.append(self.t(key, self.locale, count=step.of_a_kind))
        return " ".join(parts)

    def _aimed(self, step: Step, typed: object, word: str) -> str:
        """The word with whom it aims at, when that is not the step's usual player."""
        if not word:
            return word
        match typed:
            case Damage(self_inflicted=True) | Roll() | With() | Or() | Additionally():
                return word
            case Opposed() | Manual() | Modify(modifier=Modifier.ADD_DAMAGE):
                return word
            case RerollOffer() | ChoosePlayer() | DiscardFor() | PayFor() | RerollPerToken():
                return word
            case GainChoice() | MoveTrack() | TakeSteps() | OnTrack():
                return word
            case ChangeDial() | EmptyDial() | FlipDial() | OnDial():
                return word
            case SendPiece() | RecallPiece() | MovePiece() | IfPieceHome() | IfPieceSent():
                return word
            case Repeat():
                return word
            case ForEachToken() | SpendFor() | RaiseLimit() | GainPer() | IfStatus():
                return word
            case Grow() | RerollOwnDie():
                return word
            case StatusStep(move=TokenMove.LESSEN_ATTACK | TokenMove.CANCEL_ATTACK):
                return word
            case Companion() | Flip() | StatusStep(move=TokenMove.REMOVE_CHOSEN):
                return word
            case Undefendable():
                return word
            case Modify():
                # Prevention protects its owner unless a card names the player.
                chosen = step.target == "chosen" and not self._picked
                return f"{word} {self._fx('who.chosen')}" if chosen else word
        if step.target == _usual_target(typed) or (step.target == "chosen" and self._picked):
            return word
        return f"{word} {self._fx(f'who.{step.target}')}"


def _typed(step: Step) -> object | None:
    """The typed step a record stands for; ``None`` for an "Or"'s option."""
    try:
        return decode(step)
    except UnknownOpError:
        return None


def _usual_target(typed: object) -> str:
    """Whom a step aims at unless it says otherwise: the opponent for damage, inflicted
    and moved tokens and stealing; its owner for the rest."""
    match typed:
        case Damage() | AddStatus(inflict=True) | StealCp() | LoseCp():
            return "opponent"
        case StatusStep(move=TokenMove.MOVE | TokenMove.STEAL_HEALTH):
            return "opponent"
    return "self"


def word_key(typed: object) -> str:
    """The vocabulary word of a typed step (the catalog key of its words)."""
    match typed:
        case Damage(self_inflicted=inflicted):
            return "self_damage" if inflicted else "damage"
        case HealStep():
            return "heal"
        case GainCp():
            return "gain_cp"
        case StealCp():
            return "steal_cp"
        case LoseCp():
            return "lose_cp"
        case Draw():
            return "draw"
        case AddStatus(inflict=inflict):
            return "inflict" if inflict else "gain"
        case RemoveStatus(every=every):
            return "remove_all" if every else "remove"
        case Flip():
            return "flip"
        case Companion(gain=gain):
            return "gain_companion" if gain else "lose_companion"
        case ChangeDice(record=record):
            return record.op
        case StatusStep(move=move):
            return move.value
        case Modify(modifier=modifier):
            return modifier.value
        case Roll():
            return "roll"
        case With():
            return "with"
        case Or():
            return "or"
        case Additionally():
            return "additionally"
        case ClearStatuses():
            return "clear_statuses"
        case Undefendable():
            return "undefendable"
        case RerollOffer():
            return "reroll"
        case ChoosePlayer():
            return "choose_player"
        case DiscardFor():
            return "discard_for"
        case ForEachToken():
            return "for_each_token"
        case SpendFor():
            return "spend_for"
        case RaiseLimit():
            return "raise_limit"
        case Grow():
            return "grow"
        case RerollOwnDie():
            return "reroll_own_die"
        case GainPer():
            return "gain_per"
        case IfStatus():
            return "if_status"
        case ExtraRollPhase():
            return "extra_roll_phase"
        case AllowDefense():
            return "allow_defense"
        case Expose():
            return "expose"
        case DiscardToken():
            return "discard_token"
        case WithDefense():
            return "with_defense"
        case SwapSymbol():
            return "swap_symbol"
        case PayFor(cp=cp):
            return "pay_cp" if cp else "pay"
        case RerollPerToken():
            return "reroll_per_token"
        case GainChoice():
            return "gain_choice"
        case MoveTrack():
            return "move_track"
        case TakeSteps():
            return "take_steps"
        case OnTrack():
            return "on_track"
        case ChangeDial() | EmptyDial() | FlipDial() | OnDial():
            return type(typed).__name__.lower()
        case Relocate() | ExtraRollAttempt() | UnlessFirst() | IfFirst() | IfRollAttempts():
            return {
                Relocate: "relocate",
                ExtraRollAttempt: "extra_roll_attempt",
                IfFirst: "if_first",
                IfRollAttempts: "if_roll_attempts",
            }.get(type(typed), "unless_first")
        case IfAttackDeals():
            return "if_attack_deals"
        case SendPiece():
            return "send_piece"
        case RecallPiece():
            return "recall_piece"
        case MovePiece():
            return "move_piece"
        case IfPieceHome():
            return "if_piece_home"
        case IfPieceSent():
            return "if_piece_sent"
        case Repeat():
            return "repeat"
        case ActivatePiece():
            return "activate_piece"
        case PassPiece():
            return "pass_piece"
        case AtPieceHolder():
            return "at_piece_holder"
        case OpponentDiscards():
            return "opponent_discards"
        case IfUpgrades() | ForEachUpgrade() | AdvanceTokens() | RevealHand():
            return {IfUpgrades: "if_upgrades", ForEachUpgrade: "for_each_upgrade"}.get(
                type(typed), "advance_tokens" if isinstance(typed, AdvanceTokens) else "reveal_hand"
            )
        case FetchUpgrade() | LookAtTop():
            return "fetch_upgrade" if isinstance(typed, FetchUpgrade) else "look_at_top"
        case FailAttack():
            return "fail_attack"
        case ForEachUpgradePlayed():
            return "for_each_upgrade_played"
        case IfUpgraded():
            return "if_upgraded"
        case ChangePieceRoll():
            return "change_piece_roll"
        case ReadRoll():
            return "read_roll"
        case IfSpentRoll():
            return "if_spent_roll"
    raise ValueError(f"no words for {type(typed).__name__}")
