"""The interpreter of Dice Throne's effect scripts ("Resolvendo o texto"), on the kernel.

Scripts are lists of steps (see :class:`engines.dicethrone.content.Step` and the
vocabulary in docs/dicethrone.md). Each stored step decodes into a typed step
(:mod:`.steps`) resolved by its handler; the handler tables of the topic modules
make one table here, run by the kernel's interpreter (``engines.core.effects``) with
two rewrites of each step before it resolves: a status its hero may refuse becomes
an offer (:mod:`.offers`), and an effect aimed at "the opponent" among several asks
which one (:mod:`.foes`).
"""

from __future__ import annotations

from engines.core import Dice, Event
from engines.core import effects as kernel
from engines.dicethrone.content import Content
from engines.dicethrone.effects import (
    attack_checks,
    attack_fails,
    blank_rolls,
    companions,
    costs,
    deck,
    dials,
    dice,
    extra,
    holding,
    piece_holders,
    piece_rolls,
    pieces,
    reactions,
    riders,
    script,
    single,
    spent_rolls,
    token_counts,
    tokens,
    tracks,
    upgrades_played,
)
from engines.dicethrone.effects.env import DTHandlers, Effects, Machine
from engines.dicethrone.effects.foes import ask_foe
from engines.dicethrone.effects.offers import offer_decline
from engines.dicethrone.effects.steps import decode

#: Every step type of the vocabulary with its handler.
HANDLERS: DTHandlers = DTHandlers.combine(
    script.HANDLERS,
    single.HANDLERS,
    tokens.HANDLERS,
    dice.HANDLERS,
    companions.HANDLERS,
    extra.HANDLERS,
    token_counts.HANDLERS,
    reactions.HANDLERS,
    costs.HANDLERS,
    tracks.HANDLERS,
    dials.HANDLERS,
    holding.HANDLERS,
    attack_checks.HANDLERS,
    pieces.HANDLERS,
    piece_holders.HANDLERS,
    deck.HANDLERS,
    attack_fails.HANDLERS,
    upgrades_played.HANDLERS,
    piece_rolls.HANDLERS,
    blank_rolls.HANDLERS,
    spent_rolls.HANDLERS,
    riders.HANDLERS,
)
MACHINE: Machine = kernel.Interpreter(HANDLERS, (offer_decline, ask_foe), decode)


class Interpreter(Effects):
    """Runs scripts against a state with one content pack and dice, collecting events."""

    def __init__(self, content: Content, dice: Dice, events: list[Event] | None = None) -> None:
        super().__init__(content, dice, [] if events is None else events, MACHINE)
