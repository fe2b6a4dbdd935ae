"""Typed steps of the Mythic Brawler's token economy (issue 22): paying a cost before
an effect ("remove a token of yours to …", "spend an additional 2 CP to …"), a re-roll
offer sized by the tokens its owner holds ("re-roll one die per Strength"), and gaining
tokens of her choice among several ("gain 2 Strengths").

Only records and decoders live here (no handler, no import of the interpreter), so
:mod:`.steps` can merge :data:`COST_DECODERS` into its table; the handlers are in
:mod:`.costs`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from engines.dicethrone.content import Script, Step, Text


@dataclass(frozen=True)
class PayFor:
    """ "Remove N of your <status> to …" or "spend N CP to …": when the owner can pay,
    she pays (tokens removed, or CP spent) and ``steps`` resolve; otherwise nothing
    happens (an event says the cost could not be paid)."""

    status: str | None
    count: int
    cp: int
    steps: Script
    #: Whose tokens are removed: the owner's, or "the opponent's" ("if the opponent
    #: has Disarm, remove it and …": the Duelist's Pick It Up).
    of_opponent: bool = False


@dataclass(frozen=True)
class RerollPerToken:
    """ "You may re-roll one of these dice per <token> you have (up to ``cap``)": a
    re-roll offer of as many dice as the owner holds tokens of ``statuses`` (together),
    at most ``cap``; then ``steps`` read the final dice."""

    statuses: tuple[str, ...]
    cap: int
    steps: Script


@dataclass(frozen=True)
class GainChoice:
    """ "Gain N of these": ``count`` times, the owner picks which of ``statuses`` she
    gains one token of (each pick an "Or"; a script that cannot wait gains the first)."""

    statuses: tuple[str, ...]
    count: int
    #: What the hero's record calls any one of them ("Strength"), for the words.
    name: Text


def reroll(record: Step, offer: Callable[[Step], object]) -> object:
    """A ``reroll`` record: sized by tokens when it names statuses, else ``offer``'s."""
    if record.statuses:
        return RerollPerToken(record.statuses, record.amount, record.steps)
    return offer(record)


#: Record ``op`` -> typed step, for the steps of this module.
COST_DECODERS: Mapping[str, Callable[[Step], object]] = {
    # ``amount``: the tokens to remove when a status is named, else the CP to spend.
    "pay": lambda s: (
        PayFor(s.status, s.amount, 0, s.steps, s.target == "opponent")
        if s.status
        else PayFor(None, 0, s.amount, s.steps)
    ),
    "gain_choice": lambda s: GainChoice(s.statuses, s.amount, s.text),
}
