"""Which actions name a hidden card (GameEngine.secret_fields): the bot blanks those
fields in exports until the match ends.

A card is named by its instance number, and the numbering follows the public deck
lists, so a number alone tells which card it is. Most actions name cards that the
action itself shows (played, discarded into the face-up resources, loaded); an
answer to an effect's choice (a card put from the hand on top of the deck, the order
of cards returned to it, the surprise cards picked before they are revealed) or a
manual move may name one that stays hidden.
"""

from __future__ import annotations

import re

from engines.battlescenes import actions as act
from engines.battlescenes.rules.manual import HIDDEN, where
from engines.battlescenes.rules.state import State
from engines.core import Action


def hidden(state: State, card: int) -> bool:
    """Whether ``card`` lies in a zone only its owner may see (hand, deck, set aside)."""
    if not 0 <= card < len(state.cards):
        return False  # not a card: a word, an effect or a number out of range
    try:
        return where(state, card)[0] in HIDDEN
    except KeyError:  # nowhere to be seen (never, by 8.D): then nobody saw it either
        return True


def secret_fields(before: State, after: State, action: Action) -> tuple[str, ...]:
    """The fields of ``action`` naming a card that was hidden before it and still is."""
    if isinstance(action, act.Choose):
        if before.choice is not None and before.choice.pending == 0:
            return ()  # which pending effect first: the options are effects, not cards
        cards = [int(n) for n in re.findall(r"\d+", action.option)]
    elif isinstance(action, act.Manual):
        cards = [action.card]
    else:
        return ()
    if any(hidden(before, c) and hidden(after, c) for c in cards):
        return type(action).secret
    return ()
