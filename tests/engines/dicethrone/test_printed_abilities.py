"""Every ability of the printed Barbarian and Gunslinger (S1) with rigged dice: what it
deals (amount and damage type), inflicts, gains and heals once activated, before the
defence. Alternate abilities are played with the upgrade that adds them."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.rules.state import State
from tests.engines.dicethrone.helpers import act, start, with_player


@dataclass(frozen=True)
class Case:
    """One ability row: the dice, the dice its own rolls take, and what it does."""

    hero: str
    ability: str
    dice: tuple[int, ...]
    rolls: tuple[int, ...] = ()
    upgrade: str | None = None
    #: (amount, kind) of each damage to the opponent, in order.
    damage: tuple[tuple[int, str], ...] = ()
    #: Damage the attacker takes at the activation.
    back: int = 0
    healed: int = 0
    gained: dict[str, int] = field(default_factory=dict)
    inflicted: dict[str, int] = field(default_factory=dict)


CASES = (
    # -- Barbarian ----------------------------------------------------------------
    Case("barbarian", "slap", (1, 1, 1, 4, 4), damage=((4, "normal"),)),
    Case("barbarian", "slap", (1, 2, 3, 1, 4), damage=((6, "normal"),)),
    Case("barbarian", "slap", (1, 2, 3, 1, 2), damage=((8, "normal"),)),
    Case("barbarian", "slap", (2, 2, 2, 1, 4), upgrade="slap_2", damage=((7, "normal"),)),
    # Smack II: on 4 of a kind the Attack is undefendable.
    Case("barbarian", "slap", (2, 2, 2, 2, 4), upgrade="slap_2", damage=((7, "undefendable"),)),
    Case("barbarian", "slap", (3, 3, 3, 3, 3), upgrade="slap_3", damage=((10, "undefendable"),)),
    Case("barbarian", "all_out_strike", (1, 2, 6, 6, 4), damage=((4, "undefendable"),)),
    Case("barbarian", "powerful_strike", (1, 2, 3, 4, 6), damage=((9, "normal"),)),
    Case(
        "barbarian",
        "powerful_strike",
        (1, 2, 3, 4, 6),
        upgrade="powerful_strike_2",
        damage=((8, "undefendable"),),
    ),
    Case(
        "barbarian",
        "crit_bash",
        (6, 6, 6, 6, 1),
        damage=((5, "undefendable"),),
        inflicted={"stun": 1},
    ),
    Case(
        "barbarian",
        "crit_smash",
        (6, 6, 6, 1, 4),
        upgrade="crit_bash_2",
        damage=((2, "undefendable"),),
        inflicted={"concussion": 1},
    ),
    Case("barbarian", "steadfast", (4, 4, 4, 1, 2), healed=4),
    Case("barbarian", "steadfast", (4, 5, 4, 5, 4), healed=6),
    Case(
        "barbarian",
        "suppress",
        (1, 2, 3, 6, 6),
        rolls=(5, 5, 4),
        damage=((14, "normal"),),
        inflicted={"concussion": 1},
    ),
    Case("barbarian", "suppress", (1, 2, 3, 6, 6), rolls=(5, 4, 4), damage=((13, "normal"),)),
    # Overpower II: Concussion from 10.
    Case(
        "barbarian",
        "suppress",
        (1, 2, 3, 6, 6),
        rolls=(5, 4, 1),
        upgrade="suppress_2",
        damage=((10, "normal"),),
        inflicted={"concussion": 1},
    ),
    Case(
        "barbarian",
        "war_cry",
        (1, 2, 4, 5, 1),
        upgrade="suppress_2",
        damage=((2, "undefendable"),),
        healed=2,
    ),
    # Reckless's damage back waits for the Attack's damage after the defence
    # (test_barbarian.py): nothing back yet at its activation.
    Case("barbarian", "reckless_strike", (1, 2, 3, 4, 5), damage=((15, "normal"),)),
    Case(
        "barbarian",
        "reckless_strike",
        (1, 2, 3, 4, 5),
        upgrade="reckless_strike_2",
        damage=((20, "normal"),),
    ),
    Case(
        "barbarian",
        "rage",
        (6, 6, 6, 6, 6),
        damage=((15, "ultimate"),),
        inflicted={"stun": 1},
    ),
    # -- Gunslinger ---------------------------------------------------------------
    Case("gunslinger", "revolver", (1, 2, 3, 4, 4), damage=((3, "normal"),)),
    Case("gunslinger", "revolver", (1, 2, 3, 1, 4), damage=((4, "normal"),)),
    Case("gunslinger", "revolver", (1, 2, 3, 1, 2), damage=((5, "normal"),)),
    # Revolver II: on 4 of a kind also Knockdown.
    Case(
        "gunslinger",
        "revolver",
        (1, 1, 1, 1, 4),
        upgrade="revolver_2",
        damage=((5, "normal"),),
        inflicted={"knockdown": 1},
    ),
    Case(
        "gunslinger",
        "bounty_hunter",
        (1, 2, 6, 6, 4),
        damage=((1, "undefendable"),),
        inflicted={"bounty": 1},
    ),
    Case(
        "gunslinger",
        "cover",
        (1, 2, 4, 5, 4),
        damage=((5, "normal"),),
        gained={"evasive": 1},
    ),
    Case(
        "gunslinger",
        "mark_the_target",
        (4, 5, 4, 6, 6),
        upgrade="cover_2",
        gained={"evasive": 2},
        inflicted={"bounty": 1},
    ),
    Case("gunslinger", "showdown", (1, 2, 3, 4, 6), rolls=(4, 4), damage=((7, "normal"),)),
    Case("gunslinger", "showdown", (1, 2, 3, 4, 6), rolls=(2, 5), damage=((5, "normal"),)),
    Case(
        "gunslinger",
        "showdown",
        (1, 2, 3, 4, 6),
        rolls=(6, 1),
        upgrade="showdown_3",
        damage=((9, "normal"),),
    ),
    Case(
        "gunslinger",
        "cock_the_hammer",
        (1, 2, 3, 4, 5),
        damage=((7, "normal"),),
        gained={"evasive": 2},
    ),
    Case(
        "gunslinger",
        "pistol_whip",
        (4, 5, 6, 1, 1),
        upgrade="cock_the_hammer_2",
        damage=((1, "undefendable"),),
        gained={"evasive": 1},
        inflicted={"knockdown": 1},
    ),
    Case(
        "gunslinger",
        "deadeye",
        (6, 6, 6, 6, 1),
        damage=((6, "undefendable"),),
        inflicted={"knockdown": 1},
    ),
    Case(
        "gunslinger",
        "enforcer",
        (6, 6, 6, 1, 2),
        upgrade="deadeye_2",
        gained={"evasive": 1},
        inflicted={"bounty": 1, "knockdown": 1},
    ),
    Case(
        "gunslinger",
        "fill_em_with_lead",
        (6, 6, 6, 6, 6),
        damage=((10, "ultimate"),),
        gained={"evasive": 1},
        inflicted={"bounty": 1, "knockdown": 1},
    ),
)


def _activated(case: Case) -> State:
    """Seat 0's ability activated against the other hero (a Barbarian), up to its
    defence: every pause of the ability ("Then", a dice window) passed."""
    # No token yet (the Gunslinger's first Upkeep gave her a Reload: Quick Draw).
    state = with_player(start(case.hero, "barbarian"), 0, statuses={})
    if case.upgrade:
        card = ENGINE.load_content(None).heroes[case.hero].card(case.upgrade)
        assert card is not None and card.upgrade is not None
        state = with_player(state, 0, upgrades={card.upgrade.slot: card.id}, board=(card.id,))
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), *case.dice)
    state, _ = act(state, 0, a.Announce(case.ability))
    state, _ = act(state, 1, a.Pass(), *case.rolls)
    while state.choice is not None:
        # A pause passes; a choice takes its first option (Enforcer: the Defender).
        action = a.Pass() if state.choice.pause else a.Choose(1)
        state, _ = act(state, ENGINE.pending(state)[0].seat, action)
    return state


@pytest.mark.parametrize(
    "case", CASES, ids=[f"{c.hero}-{c.ability}-{''.join(map(str, c.dice))}" for c in CASES]
)
def test_each_printed_ability_with_rigged_dice(case: Case) -> None:
    state = _activated(case)
    assert state.roll.activated and state.roll.announced == case.ability
    dealt = tuple((inc.amount, inc.kind.value) for inc in state.ledger if inc.target == 1)
    assert dealt == case.damage
    back = sum(inc.amount for inc in state.ledger if inc.target == 0)
    assert back == case.back
    assert sum(h.amount for h in state.heals if h.target == 0) == case.healed
    assert state.players[0].statuses == case.gained
    assert state.players[1].statuses == case.inflicted


def test_every_printed_ability_is_covered() -> None:
    content = ENGINE.load_content(None)
    for hero_id in ("barbarian", "gunslinger"):
        covered = {c.ability for c in CASES if c.hero == hero_id}
        assert covered == {ab.id for ab in content.heroes[hero_id].abilities}, hero_id
