"""Scripts the rules run by themselves when something happens to status tokens:
an Attack's ``when_attacking``/``when_attacked`` triggers, and tokens expiring when
the holder's roll phase concludes ("Efeitos de Status")."""

from __future__ import annotations

from engines.dicethrone.content import Step
from engines.dicethrone.effects.context import Ctx, remove_status
from engines.dicethrone.effects.env import Effects
from engines.dicethrone.rules.damage import resolve
from engines.dicethrone.rules.state import State


def attack_triggers(interp: Effects, state: State) -> State:
    """An Attack activated: the Attacker's passives' ``when_attacking`` scripts and her
    ``when_attacking`` statuses, then the Attacked player's ``when_attacked`` ones,
    each status once per token."""
    attacker = state.active
    defender = state.opponent(attacker)
    # "The opponent" of these scripts is named by the rules: the Attacked player
    # ("o Defensor", chosen in the targeting phase 5) for the Attacker's, the
    # Attacker ("quando você é Atacado por um oponente") for the Defender's.
    pairs = ((attacker, "when_attacking", defender), (defender, "when_attacked", attacker))
    for seat, field, foe in pairs:
        player = state.players[seat]
        hero = interp.content.heroes[player.hero]
        steps: list[Step] = []
        if seat == attacker:
            for passive in hero.on_side(player.flipped).passives:
                steps += passive.when_attacking
        for status, count in sorted(player.statuses.items()):
            steps += list(getattr(interp.content.status(status), field)) * count
        if steps:
            ctx = Ctx(seat, hero, attack=seat == attacker, foe=foe)
            state = interp.run(state, tuple(steps), ctx)
    return state


def extra_attempts(interp: Effects, state: State) -> State:
    """The active player's Offensive Roll Phase concludes: the ``per_extra_attempt``
    script of each status she holds, once per roll attempt beyond the first (up to its
    cap); its damage joins the phase's. It cannot stop for a player."""
    seat = state.active
    player = state.players[seat]
    beyond = max(0, state.roll.attempts - 1)
    steps: list[Step] = []
    for status, count in sorted(player.statuses.items()):
        definition = interp.content.status(status)
        if count and definition.per_extra_attempt and beyond:
            cap = definition.per_extra_attempt_max or beyond
            steps += list(definition.per_extra_attempt) * min(beyond, cap)
    if not steps:
        return state
    return interp.run(state, tuple(steps), Ctx(seat, interp.content.heroes[player.hero]))


def expire_after_roll(interp: Effects, state: State) -> State:
    """Remove the active player's tokens that last until their roll phase concludes."""
    seat = state.active
    for status, count in sorted(state.players[seat].statuses.items()):
        if interp.content.status(status).expires_after_roll:
            state = remove_status(state, seat, status, count, interp.content, interp.events)
    return state


def end_of_turn(interp: Effects, state: State) -> State:
    """The active player's turn ends: the ``end_of_turn`` script of each status she
    holds runs once per token (Delayed Poison), then her passives' (the Headless
    Horseman's Haunted Head); they cannot stop for a player."""
    seat = state.active
    player = state.players[seat]
    hero = interp.content.heroes[player.hero].on_side(player.flipped)
    steps: list[Step] = []
    for status, count in sorted(player.statuses.items()):
        steps += list(interp.content.status(status).end_of_turn) * count
    for passive in hero.passives:
        steps += passive.end_of_turn
    if not steps:
        return state
    return interp.run(state, tuple(steps), Ctx(seat, hero))


def dealt_damage(state: State) -> bool:
    """Whether the active player's damage waiting in the ledger hurts an opponent."""
    foes = set(state.opponents(state.active))
    return any(
        inc.source == state.active and inc.target in foes and resolve(inc).total > 0
        for inc in state.ledger
    )


def after_harmless_roll(interp: Effects, state: State) -> State:
    """The active player's Offensive Roll Phase concluded without damage to an
    opponent: her passives' ``dealt_no_damage`` scripts (Grim Pursuit gained)."""
    seat = state.active
    player = state.players[seat]
    hero = interp.content.heroes[player.hero].on_side(player.flipped)
    steps = tuple(step for passive in hero.passives for step in passive.dealt_no_damage)
    return interp.run(state, steps, Ctx(seat, hero)) if steps else state
