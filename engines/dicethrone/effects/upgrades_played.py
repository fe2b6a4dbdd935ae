"""Ability Upgrades played in a turn (issue 22, Black Widow's Red Room Training and
Subversion!): each upgrade card a player plays, or an effect puts into play for her (S5's
ruling: "put into play" counts as played), is remembered until the turn ends; her
passives' ``when_upgrade_played`` scripts run then (not for the card that upgrades that
very passive), and two steps read it:

* ``for_each_upgrade_played: […]`` — the nested steps once per Ability Upgrade the owner
  played this turn ("1 more damage per upgrade played this turn");
* ``if_upgraded: {slot, level, do}`` — the nested steps when the owner's ability (or
  passive, defence) ``slot`` is at ``level`` or higher (Red Room Training II's draw).

``DECODERS`` joins the vocabulary's table (``steps.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from engines.core.model import replace
from engines.dicethrone.content import CardDef, Hero, Script, Step
from engines.dicethrone.effects.context import Ctx
from engines.dicethrone.effects.env import DTHandlers, DTRun, Effects
from engines.dicethrone.rules.state import State

HANDLERS: DTHandlers = DTHandlers()

#: The ``State.turn_used`` entries of the upgrades played this turn: "upgrade:<seat>:<n>".
KEY = "upgrade"


@dataclass(frozen=True)
class ForEachUpgradePlayed:
    """The nested steps once per Ability Upgrade the owner played this turn."""

    steps: Script


@dataclass(frozen=True)
class IfUpgraded:
    """The nested steps when the owner's ``slot`` is at ``level`` or higher."""

    slot: str
    level: int
    steps: Script


#: Record ``op`` -> typed step, for the steps of this module.
DECODERS: Mapping[str, Callable[[Step], object]] = {
    "for_each_upgrade_played": lambda s: ForEachUpgradePlayed(s.steps),
    "if_upgraded": lambda s: IfUpgraded(s.topic, s.amount, s.steps),
}


def upgrades_played(state: State, seat: int) -> int:
    """How many Ability Upgrades the seat played (or had put into play) this turn."""
    prefix = f"{KEY}:{seat}:"
    return sum(1 for used in state.turn_used if used.startswith(prefix))


def slot_level(hero: Hero, state: State, seat: int, slot: str) -> int:
    """The level of the seat's ability, defence or passive ``slot`` (1: not upgraded)."""
    card = state.players[seat].upgrades.get(slot)
    definition = hero.card(card) if card else None
    return definition.upgrade.level if definition and definition.upgrade else 1


def upgrade_played(interp: Effects, state: State, seat: int, card: CardDef) -> State:
    """The seat played an Ability Upgrade (or one was put into play for her): counted
    for the turn, then her passives' ``when_upgrade_played`` scripts, except the one
    this card upgrades ("excluding this card"). They cannot stop for a player."""
    key = f"{KEY}:{seat}:{upgrades_played(state, seat)}"
    state = replace(state, turn_used=(*state.turn_used, key))
    player = state.players[seat]
    hero = interp.content.heroes[player.hero].on_side(player.flipped)
    slot = card.upgrade.slot if card.upgrade else ""
    steps = tuple(
        step
        for passive in hero.passives
        if passive.id != slot
        for step in passive.when_upgrade_played
    )
    return interp.run(state, steps, Ctx(seat, hero)) if steps else state


@HANDLERS.on(ForEachUpgradePlayed)
def for_each_upgrade_played(run: DTRun, state: State, step: ForEachUpgradePlayed) -> State:
    """Counted when the step resolves."""
    run.push(step.steps * upgrades_played(state, run.ctx.owner))
    return state


@HANDLERS.on(IfUpgraded)
def if_upgraded(run: DTRun, state: State, step: IfUpgraded) -> State:
    """The steps when the slot is upgraded far enough; else nothing."""
    owner = run.ctx.owner
    player = state.players[owner]
    hero = run.env.content.heroes[player.hero].on_side(player.flipped)
    if slot_level(hero, state, owner, step.slot) >= step.level:
        run.push(step.steps)
    return state
