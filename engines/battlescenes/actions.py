"""Actions of Battle Scenes: every player decision is one of these.

Card references are instance numbers (shown by the views, offered by
autocomplete). Lists are text ("12, 15"), as a slash command sends them;
empty means "the default choice".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engines.core import Action, InvalidActionError


def card_list(text: str) -> tuple[int, ...]:
    """Parse "12, 15 16" (card numbers, as slash-command text) into numbers."""
    parts = text.replace(",", " ").split()
    if not all(p.lstrip("#").isdigit() for p in parts):
        raise InvalidActionError(
            f"Not a list of card numbers: {text!r}.",
            key="battlescenes.error.card_list",
            params={"text": text},
        )
    return tuple(int(p.lstrip("#")) for p in parts)


@dataclass(frozen=True)
class ChooseFirst(Action):
    """6.1 (1): the draw winner says who starts (seat number 1 or 2)."""

    kind: ClassVar[str] = "choose_first"
    starter: int


@dataclass(frozen=True)
class Mulligan(Action):
    """6.1 (4): ``reveal`` (≤ 1 character: same size, once) or ``smaller`` (two fewer);
    ``keep`` ends the mulligans like :class:`KeepHand` (one menu answers both)."""

    kind: ClassVar[str] = "mulligan"
    mode: str


@dataclass(frozen=True)
class KeepHand(Action):
    """6.1 (4)-(5): keep the hand and end the mulligans."""

    kind: ClassVar[str] = "keep"


@dataclass(frozen=True)
class InitialResources(Action):
    """6.1 (6): put these cards of the hand into the resources."""

    kind: ClassVar[str] = "initial_resources"
    cards: str = ""


@dataclass(frozen=True)
class Capacitate(Action):
    """6.2 C.1 (basic: discard any card) or C.2 (extra: discard a same-alter-ego character).
    ``discard`` -1 (the menus' first step): the character is chosen, the card comes next."""

    kind: ClassVar[str] = "capacitate"
    character: int
    discard: int = -1


@dataclass(frozen=True)
class PlayCard(Action):
    """6.2 C.3: put a character, support or scenario into the scene (4.4).

    ``load`` lists the resources to load, in preference order; missing ones
    are taken in the player's standing loading order (``LoadOrder``; newest first
    by default). ``evolve`` is the card base
    an EV character evolves from (4.4.2.1 A.2).
    """

    kind: ClassVar[str] = "play"
    card: int
    load: str = ""
    evolve: int = -1
    materialize: bool = False  # 7.2 Materializar: load from the top of the deck instead
    # how many cards it enters carrying, fewer than its Energia Inicial (at least one): only
    # for a card with ``enters_with_fewer`` (Homem-Hídrico V1); 0 — as many as it can
    count: int = 0
    # the card whose text lets this character enter despite 4.4.2.1 A.4, sharing the name or
    # alter ego of an opponent's character (``copy_entry``: Invasão Secreta V1); -1 — none
    via: int = -1


@dataclass(frozen=True)
class Discard(Action):
    """6.2 C.4: discard a card of the hand."""

    kind: ClassVar[str] = "discard"
    card: int


@dataclass(frozen=True)
class Yield(Action):
    """6.2 C.5: knock out one's own character in scene since the start of the turn, draw 1."""

    kind: ClassVar[str] = "yield"
    character: int


@dataclass(frozen=True)
class UseAction(Action):
    """4.6.2: a character uses an action by name, with targets and the value of X."""

    kind: ClassVar[str] = "use"
    character: int
    action: str
    targets: str = ""
    x: int = 0
    unload: str = ""  # 4.8.1: which of the targets' cards its damage unloads, in order
    mode: str = ""  # 4.6.2 B: the option(s) chosen ("a, b" when several may be), by name
    pay: str = ""  # 4.6.2 E.2: the cards given for additional costs (discarded / unloaded)
    #: The menus' one-field-at-a-time use (use_menus.py): the field this menu filled.
    step: str = ""


@dataclass(frozen=True)
class Keyword(Action):
    """7.2 activated keywords (item_magico, aprimoramento): load ``card`` from the resources
    on ``character``, then unload ``unload`` (-1: the character's oldest card)."""

    kind: ClassVar[str] = "keyword"
    keyword: str
    card: int
    character: int
    unload: int = -1


@dataclass(frozen=True)
class Activate(Action):
    """5.1: activate the ``text``-th permanent text of ``card`` (a card you control);
    ``text`` -1 (the menus'): the one text of that card that can be activated now."""

    kind: ClassVar[str] = "activate"
    card: int
    text: int = 0


@dataclass(frozen=True)
class LoadOrder(Action):
    """The player's standing loading order (``loading.LOAD_ORDERS``): which resources load
    first when the player names none (4.4.2.2 A.3). Any seat, at any time."""

    kind: ClassVar[str] = "load_order"
    order: str


@dataclass(frozen=True)
class Adjust(Action):
    """6.2 D: the cards to unload (D.1) or discard (D.2) now; empty = the default."""

    kind: ClassVar[str] = "adjust"
    cards: str = ""


@dataclass(frozen=True)
class Manual(Action):
    """A printed text applied by hand (manual.py, 8.A): ``what`` (manual.WHAT) on ``card``,
    to the zone ``to`` or ``onto`` a card base, ``count`` times (signed for ``shield``), on
    the deck of ``player`` (1 or 2; 0: yours), logged with the ``reason``. Only while a
    manual text of yours is open — or by a referee (``/ref act``) at any time."""

    kind: ClassVar[str] = "manual"
    #: May move a card between hidden zones (secrets.py).
    secret: ClassVar[tuple[str, ...]] = ("card",)
    what: str
    card: int = -1
    to: str = ""
    onto: int = -1
    count: int = 1
    player: int = 0
    reason: str = ""


@dataclass(frozen=True)
class Choose(Action):
    """Answer a choice inside an effect (which effect first, which card, skip)."""

    kind: ClassVar[str] = "choose"
    #: May name a card that stays hidden (secrets.py).
    secret: ClassVar[tuple[str, ...]] = ("option",)
    option: str


@dataclass(frozen=True)
class Pass(Action):
    """End the Preparation phase, the Anticipation step or the Attack step."""

    kind: ClassVar[str] = "pass"


ALL = (
    ChooseFirst,
    Mulligan,
    KeepHand,
    InitialResources,
    Capacitate,
    PlayCard,
    Discard,
    Yield,
    UseAction,
    Keyword,
    Activate,
    Adjust,
    Choose,
    Pass,
    LoadOrder,
    Manual,
)


#: Fields holding one card number; -1 ("none") is allowed where it is the default.
_CARD_FIELDS = ("card", "character", "discard", "evolve", "onto")
#: Text fields holding a list of card numbers (``card_list``).
_CARD_LISTS = ("cards", "load", "targets", "pay")


def named_cards(action: Action) -> tuple[int, ...]:
    """Every card number ``action`` names (its card fields and card lists, the
    ``-1`` "none" defaults left out), so the rules can refuse unknown numbers
    before looking any card up; a malformed list raises InvalidActionError."""
    found: list[int] = []
    for name in _CARD_FIELDS:
        value = getattr(action, name, -1)
        if isinstance(value, int) and value != -1:
            found.append(value)
    lists = [str(getattr(action, name, "")) for name in _CARD_LISTS]
    if isinstance(action, UseAction):
        lists.append(action.unload)  # here a list; Keyword's unload is one card
    elif isinstance(action, Keyword) and action.unload != -1:
        found.append(action.unload)
    for text in lists:
        found.extend(card_list(text))
    return tuple(found)
