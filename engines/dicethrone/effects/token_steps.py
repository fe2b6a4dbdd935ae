"""Typed steps that count a hero's own tokens or CP (issue 22, the Pyromancer's Fire
Mastery): steps repeated once per token held, tokens or CP paid "as desired" for an
effect repeated once per unit paid, a raised stack limit, tokens gained per die
symbol, and steps that need a token held (the Druid's forms).

Kept apart from :mod:`.steps` so additions by several heroes merge cleanly; the
decoders below join :data:`.steps.DECODERS`. No hero is named here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from engines.dicethrone.content import Script, Step, Text


@dataclass(frozen=True)
class ForEachToken:
    """ "N × per [token]": ``steps`` resolve once per token of ``statuses`` the owner
    holds when the step resolves (none: nothing); several statuses count together
    (the Treant's "per Spirit": Seedlings, Saplings and Dryads)."""

    statuses: tuple[str, ...]
    steps: Script
    #: The record's word for any of several statuses ("Spirit"), used in the words.
    name: Text = field(default_factory=dict)


@dataclass(frozen=True)
class SpendFor:
    """ "Remove up to N [token] / spend CP as desired; for each, …": the owner picks how
    many to pay (0 up to ``up_to``, 0 = as many as she has) of ``statuses`` (empty:
    CP; several: she also picks which, the Treant's "remove up to 2 Spirits");
    ``steps`` then resolve once per unit paid, and ``also`` once if she paid at least
    ``at_least`` (Harvest!: "if at least 2 were removed")."""

    statuses: tuple[str, ...]
    up_to: int
    steps: Script
    at_least: int = 0
    also: Script = ()
    #: The record's word for any of several statuses ("Spirit"), used in the words.
    name: Text = field(default_factory=dict)


@dataclass(frozen=True)
class RaiseLimit:
    """ "Increase the [token] stack limit by N": the owner's own limit, for the rest
    of the match ("Aumentando o limite de empilhamento")."""

    status: str
    amount: int


@dataclass(frozen=True)
class GainPer:
    """ "Gain N × [symbol] [token]": ``times`` tokens of ``status`` per die of the
    frame showing ``per`` (the owner's own tokens; ``target`` "opponent": "inflict
    N × [symbol] [token]" on her opponent)."""

    status: str
    per: str
    times: int
    target: str = "self"


@dataclass(frozen=True)
class IfStatus:
    """ "If you are in [form] / hold [token]": ``steps`` when the owner holds a token
    of ``status`` now, else ``otherwise``. ``holder`` "opponent": the owner's opponent
    holds one ("if your opponent has …"); "any_opponent": some living opponent does."""

    status: str
    steps: Script
    otherwise: Script
    holder: str = "self"


@dataclass(frozen=True)
class Grow:
    """ "Grow N [tokens]" along ``chain``, a status per stage (the Treant's Spirits:
    Seedling, Sapling, Dryad): ``times`` times the owner gains a token of the first
    stage or turns one token into the next stage, each within its stack limit (an "Or"
    when she has a choice). ``each``: "you may grow every token you hold once, in any
    order" (Down Pour!): she grows them one at a time, in the order she picks, and may
    stop at any time."""

    chain: tuple[str, ...]
    times: int
    each: bool = False
    #: The record's word for a token of any stage ("Spirit"), used in the words.
    name: Text = field(default_factory=dict)
    #: ``each`` under way: per stage, the tokens held when it began still to grow.
    left: tuple[int, ...] = ()


@dataclass(frozen=True)
class PayCp:
    """CP the owner pays for a :class:`SpendFor` option (never below 0)."""

    amount: int


#: Record ``op`` -> typed step, for the steps of this module.
TOKEN_DECODERS: Mapping[str, Callable[[Step], object]] = {
    "for_each_token": lambda s: ForEachToken(s.statuses or (s.status or "",), s.steps, s.text),
    "spend_for": lambda s: SpendFor(
        s.statuses or ((s.status,) if s.status else ()),
        s.amount,
        s.steps,
        s.at_least,
        s.also,
        s.text,
    ),
    "grow": lambda s: Grow(s.statuses, s.amount, s.topic == "each", s.text, s.numbers),
    "raise_limit": lambda s: RaiseLimit(s.status or "", s.amount),
    "pay_cp": lambda s: PayCp(s.amount),
    "gain_per": lambda s: GainPer(s.status or "", s.per or "", s.amount, s.target),
    "if_status": lambda s: IfStatus(s.status or "", s.steps, s.otherwise, s.topic or "self"),
}
