"""Targeting phase details ("Subdivisões do Turno" 4.4 and 5) with several opponents."""

from __future__ import annotations

import pytest

from engines.core import Event, IllegalActionError, NotYourTurnError
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.content import Step as ScriptStep
from engines.dicethrone.rules.state import Phase, State, Step
from tests.engines.dicethrone.helpers import act
from tests.engines.dicethrone.test_modes import attack, pass_windows, start_n


@pytest.mark.parametrize("count", [3, 4])
def test_an_ability_that_aims_at_nobody_needs_no_targeting_phase(count: int) -> None:
    # Fortitude only heals the Barbarian: no targeting die, nobody chooses a target.
    state = attack(start_n(count), (4, 4, 5, 1, 1), "steadfast")
    assert state.roll.activated and state.roll.target_die == 0 and state.target is None
    assert state.step is Step.FINAL and ENGINE.pending(state)[0].kinds[0] == "pass"
    state, _ = pass_windows(state)
    assert state.phase is Phase.MAIN2 and state.players[0].health == 54 - 15 * (count == 3)


def test_effects_needing_no_target_resolve_before_the_targeting_phase() -> None:
    # Righteous Prayer: 8 damage, Then gain Crit and 2 CP: the Crit and the CP need
    # no target and resolve at 4.4; the damage waits for the target (5).
    state = attack(start_n(4, hero1="paladin"), (6, 6, 6, 6, 1), "righteous_prayer", 6)
    assert state.step is Step.TARGET and ENGINE.pending(state)[0].seat == 0
    assert state.players[0].statuses == {"crit": 1} and state.players[0].cp == 4
    assert state.ledger == ()
    state, _ = target(state, 0, 2)
    # The rest resolves once: the damage against Bruno (no second Crit or CP).
    assert state.players[0].statuses == {"crit": 1} and state.players[0].cp == 4
    state, _ = pass_windows(state)
    assert [inc.amount for inc in state.ledger if inc.target == 1] == [8]


def test_without_several_opponents_the_order_is_unchanged() -> None:
    # 1 v 1: no targeting phase, the script resolves in its printed order.
    state, _ = act(start_n(2, hero1="paladin"), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 6, 6, 6, 6, 1)
    state, _ = act(state, 0, a.Announce("righteous_prayer"))
    state, _ = act(state, 1, a.Pass())
    # Righteous Prayer's 8 damage first, then the "Then" pause before Crit and 2 CP.
    assert state.choice is not None and state.choice.pause
    assert [inc.amount for inc in state.ledger] == [8]
    assert state.players[0].statuses == {} and state.players[0].cp == 2


def test_on_a_5_either_opponent_may_choose_for_the_team() -> None:
    five = attack(start_n(4), (1, 2, 6, 6, 4), "all_out_strike", 5)
    owed, *rest = ENGINE.pending(five)
    # Bruno (on the left) is awaited; Davi may answer too, without being awaited.
    assert owed.seat == 1 and not owed.optional
    davi = [d for d in rest if d.seat == 3 and "target" in d.kinds]
    assert davi and davi[0].optional
    with pytest.raises(IllegalActionError):
        target(five, 3, 3)  # Carla is the attacker's teammate
    five, _ = target(five, 3, 2)
    assert five.target == 1


def test_on_a_6_only_the_attacker_chooses() -> None:
    six = attack(start_n(4), (1, 2, 6, 6, 4), "all_out_strike", 6)
    with pytest.raises((IllegalActionError, NotYourTurnError)):
        target(six, 3, 2)
    with pytest.raises((IllegalActionError, NotYourTurnError)):
        target(six, 1, 2)


def target(state: State, seat: int, player: int) -> tuple[State, list[Event]]:
    """The seat names the Defender (seat numbers from 1)."""
    return act(state, seat, a.Target(player))


def _leaves(steps: tuple[ScriptStep, ...]) -> list[str]:
    """The steps of a script, a top-level roll's own steps in its place (a roll split
    at 4.4 is one roll whose steps are shared by its two parts)."""
    out: list[str] = []
    for step in steps:
        if step.op == "roll":
            out += [f"roll {step.dice}", *_leaves(step.steps)]
        elif step.op != "keep_dice":
            out.append(repr(step))
    return out


def test_splitting_a_script_keeps_every_step_once() -> None:
    # Every shipped ability row: the 4.4 part aims at nobody and nothing is lost;
    # a roll split at 4.4 keeps its dice for the part waiting for the Defender.
    from collections import Counter

    from engines.dicethrone.rules import aim

    content = ENGINE.load_content(None)
    for hero in content.heroes.values():
        for ability in hero.abilities:
            for rows in ability.levels.values():
                for row in rows:
                    first, rest = aim.split(row.effect)
                    assert not aim.aims_anyone(first)
                    reused = [s for s in rest if s.topic == aim.REUSE]
                    kept = [s for s in first if s.op == "roll" and aim.KEEP_DICE in s.steps]
                    assert len(reused) == len(kept)
                    rolls = [f"roll {s.dice}" for s in reused]
                    leaves = Counter(_leaves(first + rest))
                    leaves.subtract(rolls)  # counted in both parts
                    assert +leaves == Counter(_leaves(row.effect))


# -- 4.4 "Determine seus efeitos variáveis": an ability's roll before the target ----


def test_suppress_rolls_at_4_4_before_the_king_of_the_hill_target_is_chosen() -> None:
    # The attacker knows the three dice (4 + 5 + 6) before naming the Defender.
    state = attack(start_n(3), (1, 2, 3, 6, 6), "suppress", 4, 5, 6)
    assert state.step is Step.TARGET and state.roll.effect_dice == (4, 5, 6)
    assert not state.ledger and state.roll.early_dice == ((4, 5, 6),)
    state, _ = target(state, 0, 3)  # no die is rolled again
    assert [(inc.target, inc.amount) for inc in state.ledger] == [(2, 15)]
    assert state.roll.early_dice == ()


def test_suppress_rolls_before_the_2v2_targeting_die() -> None:
    state = attack(start_n(4), (1, 2, 3, 6, 6), "suppress", 2, 2, 2, 1)  # then die 1: left
    assert state.target == 1
    assert [(inc.target, inc.amount) for inc in state.ledger] == [(1, 6)]


def test_dice_changed_at_4_4_count_once_the_defender_is_known() -> None:
    # With a card at the table that changes any die, the 4.4 roll pauses: Bruno
    # (a Warden) names a die of it in two steps; Suppress then deals the new sum.
    from dataclasses import replace as dc_replace

    from engines.dicethrone.engine import install_pack
    from tests.engines.dicethrone.helpers import MINI, with_player

    base = ENGINE.load_content(None)
    pack = dc_replace(
        base, pack="base_warden", heroes={**base.heroes, "warden": MINI.heroes["warden"]}
    )
    install_pack(pack)
    state = start_n(3, content=pack, hero2="warden", hero3="paladin")
    state = with_player(state, 1, hand=("steady_hand",))
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 6, 6)
    state, _ = act(state, 0, a.Announce("suppress"))
    state, _ = act(state, 1, a.Pass())
    state, _ = act(state, 2, a.Pass(), 1, 1, 1)  # the window closes: 4.4 rolls
    assert state.choice is not None and state.choice.rolled and state.step is Step.RESPONSE
    state, _ = act(state, 0, a.Pass())
    state, events = act(state, 1, a.PlayCard("steady_hand"))
    assert "card_announced" in [e.key.rsplit(".", 1)[-1] for e in events]
    state, _ = act(state, 1, a.Aim("2=6"))
    assert state.roll.effect_dice == (1, 6, 1)
    while state.choice is not None and state.choice.pause:
        state, _ = act(state, ENGINE.pending(state)[0].seat, a.Pass())
    assert state.step is Step.TARGET and not state.ledger
    state, _ = target(state, 0, 3)
    assert [(inc.target, inc.amount) for inc in state.ledger] == [(2, 8)]
