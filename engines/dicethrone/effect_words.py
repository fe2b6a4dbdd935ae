"""An effect script in a few plain words of the reader's language, for the hero board.

Every step of the effect vocabulary (docs/dicethrone.md, "Effect vocabulary") is said:
"4 damage", "heal 2 per ♥", "with 2⬟: prevent 1", "opposed roll: if yours is higher,
7 damage; otherwise 5 damage". The printed card or board text stays in `/match lookup`.
No PIL here: the words are shared by the board and its alt text.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engines.dicethrone.content import Step, text_for

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
}

#: Steps the interpreter adds or reads while it runs (never printed on a board), and
#: "Então", which is said as the word joining what comes after it.
_SILENT = frozenset({"foe", "keep_dice", "opposed_result", "opposed_reroll", "option", "then"})
#: Steps aimed at the opponent unless they say otherwise (the rest aim at their owner).
_AT_OPPONENT = frozenset({"damage", "inflict", "move", "steal_cp", "steal_health"})
#: Damage modifiers: they aim at the owner's damage whatever their target says.
_MODIFIERS = frozenset({"prevent", "prevent_half", "prevent_all", "reflect_half"})


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

    def script(self, steps: Sequence[Step]) -> str:
        """A script's steps, comma-separated; "then" before what follows a pause."""
        words: list[str] = []
        then = False
        for step in steps:
            if step.op == "then":
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
        op = step.op
        if op in _SILENT:
            return ""
        word = self._nested(step) if step.steps or op in ("opposed", "manual") else None
        if word is None:
            word = self._simple(step)
        return self._aimed(step, word)

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
        return name if step.amount <= 1 else f"{name} ×{step.amount}"

    def _simple(self, step: Step) -> str:
        op, amount = step.op, step.amount
        if op in ("damage", "self_damage", "heal", "prevent") and step.per:
            return self._fx(
                f"{op}_per", times=amount or 1, symbol=self._symbol(step.per), kind=self._kind(step)
            )
        if op == "damage" and step.roll_sum:
            return self._fx("damage_sum", kind=self._kind(step))
        if op == "damage":
            key = "damage" if step.kind.value == "normal" else "damage_kind"
            word = self._fx(key, amount=amount, kind=self._kind(step))
            return f"{word} {self._fx('at_once')}" if step.isolated else word
        if op == "add_damage" and step.target == "opponent":
            # Bounty: the Attacker's damage against the holder grows.
            return self._fx("add_damage_against", amount=amount)
        if op in ("gain", "inflict", "remove", "remove_all", "move"):
            return self._fx(op, status=self._status(step))
        if op in ("set_dice", "nudge_dice", "reroll_dice"):
            word = self._fx(op, count=amount)
            if step.dice_of != "offensive":
                word = f"{word} {self._fx(f'of_{step.dice_of}')}"
            return word
        if op in ("gain_companion", "lose_companion"):
            companion = step.companion or ""
            name = name_in(self.companions.get(companion, {}), self.locale) or companion
            return self._fx(op, companion=name if amount <= 1 else f"{name} ×{amount}")
        if op in ("prevent_half", "prevent_all", "reflect_half", "flip", "cancel_attack"):
            return self._fx(op)
        if op == "remove_chosen":
            return self._fx(op)
        # heal, gain_cp, steal_cp, draw, prevent, add_damage, self_damage, steal_health,
        # lessen_attack: an amount.
        return self._fx(op, amount=amount, count=amount)

    def _nested(self, step: Step) -> str | None:
        op = step.op
        if op == "roll":
            return self._fx("roll", dice=step.dice, then=self.script(step.steps))
        if op == "with":
            return self._fx("with", need=self._with_need(step), then=self.script(step.steps))
        if op == "or":
            options = [
                name_in(o.text, self.locale) if o.text else self.script(o.steps) for o in step.steps
            ]
            return self._fx("or", options=" / ".join(options))
        if op == "additionally":
            return self._fx("additionally", then=self.script(step.steps))
        if op == "opposed":
            win = self.script(step.steps) or self._fx("nothing")
            lose = self.script(step.otherwise) or self._fx("nothing")
            key = "opposed_ties" if step.ties_win else "opposed"
            word = self._fx(key, win=win, lose=lose)
            if step.status:
                status = name_in(self.statuses.get(step.status, {}), self.locale) or step.status
                word = f"{word} {self._fx('opposed_reroll', status=status)}"
            return word
        if op == "manual":
            return self._fx("manual", text=name_in(step.text, self.locale))
        return None

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
        return " ".join(parts)

    def _aimed(self, step: Step, word: str) -> str:
        """The word with whom it aims at, when that is not the step's usual player."""
        if not word or step.op in ("self_damage", "roll", "with", "or", "additionally"):
            return word
        if step.op in ("opposed", "manual", "add_damage", "lessen_attack", "cancel_attack"):
            return word
        if step.op in ("gain_companion", "lose_companion", "flip", "remove_chosen"):
            return word
        if step.op in _MODIFIERS:
            # Prevention protects its owner unless a card names the player.
            return word if step.target != "chosen" else f"{word} {self._fx('who.chosen')}"
        usual = "opponent" if step.op in _AT_OPPONENT else "self"
        if step.target == usual:
            return word
        return f"{word} {self._fx(f'who.{step.target}')}"
