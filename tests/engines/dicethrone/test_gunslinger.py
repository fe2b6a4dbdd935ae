"""The Gunslinger as printed (S1): Deadeye and Knockdown (pay 2 CP or skip the
Offensive Roll Phase), her Ultimate Fill 'Em With Lead!, Reload (roll a die, half its
value more damage, rounded up) and her Duel (prevent half, rounded up)."""

from __future__ import annotations

import pytest

from engines.core import NotYourTurnError, RiggedDice
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.rules.state import Phase, State, Step
from tests.engines.dicethrone.helpers import act, defend, keys, start, with_player
from tests.engines.dicethrone.helpers import announce as _attack

DEADEYE = (6, 6, 6, 6, 1)  # bullseye ×4


def _close(state: State) -> State:
    while state.step is Step.FINAL or state.choice is not None:
        decision = ENGINE.pending(state)[0]
        state, _ = act(state, decision.seat, a.Pass())
    return state


def _to_next_turn(state: State) -> State:
    state, _ = act(state, 0, a.EndPhase())  # Main (2) -> Discard
    state, _ = act(state, 0, a.EndPhase())  # next turn: Upkeep, Income, Main (1)
    return state


def test_deadeye_inflicts_knockdown_and_undefendable_damage() -> None:
    state = _attack(start("gunslinger", "barbarian"), DEADEYE, "deadeye")
    assert state.players[1].statuses.get("knockdown") == 1
    # Undefendable: no Defensive Ability (6.2), straight to the last window.
    assert state.step is Step.FINAL and state.ledger[0].amount == 6
    state = _close(state)
    assert state.players[1].health == 44


def test_knockdown_skips_the_holders_next_offensive_roll_phase() -> None:
    state = _close(_attack(start("gunslinger", "barbarian"), DEADEYE, "deadeye"))
    state = _to_next_turn(state)
    assert state.active == 1 and state.phase is Phase.MAIN1
    state = with_player(state, 1, cp=1)  # too little to pay it off
    offered = ENGINE.autocomplete(state, 1, "spend", "status", "", {})
    assert "knockdown" not in [c.value for c in offered]
    with pytest.raises(NotYourTurnError):  # no spend is offered: nothing to spend now
        act(state, 1, a.Spend("knockdown"))
    state, events = act(state, 1, a.EndPhase())
    # No roll, no Attack: straight on to Main (2); the token is gone.
    assert "roll_phase_skipped" in keys(events)
    assert state.phase is Phase.MAIN2 and state.roll.attempts == 0
    assert "knockdown" not in state.players[1].statuses


def test_knockdown_is_paid_off_with_two_cp() -> None:
    state = _close(_attack(start("gunslinger", "barbarian"), DEADEYE, "deadeye"))
    state = with_player(_to_next_turn(state), 1, cp=3)
    state, _ = act(state, 1, a.Spend("knockdown"))
    assert state.players[1].cp == 1 and "knockdown" not in state.players[1].statuses
    state, _ = act(state, 1, a.EndPhase())
    assert state.phase is Phase.OFFENSIVE and state.step is Step.ROLLING


def test_knockdown_waits_for_the_holders_own_roll_phase() -> None:
    # Inflicted in the Gunslinger's turn, it is still there for the holder's turn.
    state = _close(_attack(start("gunslinger", "barbarian"), DEADEYE, "deadeye"))
    assert state.players[1].statuses.get("knockdown") == 1


def test_fill_em_with_lead_is_her_ultimate() -> None:
    state = _attack(start("gunslinger", "barbarian"), (6, 6, 6, 6, 6), "fill_em_with_lead")
    assert state.roll.ultimate
    state = _close(state)
    assert state.players[0].statuses.get("evasive") == 1
    assert state.players[1].statuses == {"bounty": 1, "knockdown": 1}
    # 10 ultimate damage, +1 from the Bounty she inflicted (when Attacked).
    assert state.players[1].health == 39 and state.players[0].cp == 3


def test_reload_adds_half_of_a_die_rounded_up() -> None:
    for die, damage in ((1, 4), (4, 5), (5, 6), (6, 6)):
        state = with_player(start("gunslinger", "barbarian"), 0, statuses={"reload": 2})
        state = _attack(state, (1, 1, 1, 4, 4), "revolver")  # 3 bullets: 3 damage
        state, _ = defend(state, 1, 4, 4, 5)  # Thick Skin: hearts heal, nothing prevented
        state, events = act(state, 0, a.Spend("reload"), die)
        assert "effect_roll" in keys(events) or "spent" in keys(events)
        assert state.players[0].statuses == {"reload": 1}
        assert state.ledger[0].amount + state.ledger[0].added == damage, die


def test_reload_stacks_to_two() -> None:
    state = with_player(start("gunslinger", "barbarian"), 0, statuses={"reload": 2})
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 4, 5)
    state, _ = act(state, 0, a.NoAbility())
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.EndPhase())  # Bruno's turn
    state, _ = act(state, 1, a.EndPhase())
    state, _ = act(state, 1, a.RollDice(), 4, 4, 5, 5, 2)
    state, _ = act(state, 1, a.NoAbility())
    state, _ = act(state, 1, a.EndPhase())
    state, _ = act(state, 1, a.EndPhase())  # her Upkeep: Quick Draw gains a Reload
    assert state.active == 0 and state.players[0].statuses["reload"] == 2


def test_the_duel_prevents_half_rounded_up_or_deals_three_undefendable() -> None:
    for option, taken, back in ((2, 2, 0), (1, 4, 3)):
        state = _attack(start("barbarian", "gunslinger"), (1, 1, 1, 4, 5), "slap")  # 4
        state, _ = defend(state, 1, 5, 2)  # 5 beats 2
        state, _ = act(state, 1, a.Choose(option))
        state = _close(state)
        assert state.players[1].health == 50 - taken and state.players[0].health == 50 - back


def test_duel_ii_wins_ties() -> None:
    state = start("barbarian", "gunslinger")
    state = with_player(state, 1, upgrades={"duel": "duel_2"}, board=("duel_2",))
    state = _attack(state, (1, 1, 1, 4, 5), "slap")
    state, _ = defend(state, 1, 3, 3)  # a tie wins at level II
    assert state.choice is not None and state.choice.seat == 1


# -- Duel ("Duelo"): "Você e o atacante rolam 1 cada" ---------------------------
# Her Defensive Roll is 1 die ("ROLAGEM DEFENSIVA 1 significa que a Pistoleira rola
# 1 dado"): that die is hers in the comparison; only the attacker rolls another.


def test_the_duel_compares_her_defensive_die_with_one_attacker_die() -> None:
    state = _attack(start("barbarian", "gunslinger"), (1, 1, 1, 4, 5), "slap")
    # Exactly two dice: her defensive 5, then the attacker's 2. A third die would be
    # a fresh one of hers, and the forced queue would run out.
    state, events = defend(state, 1, 5, 2)
    assert "opposed" in keys(events)
    opposed = next(e for e in events if e.key.endswith(".opposed"))
    assert opposed.params["value"] == 5 and opposed.params["other"] == 2
    # Higher: she chooses to deal 3 undefendable or prevent half (rounded up).
    assert state.choice is not None and state.choice.seat == 1


def test_the_duel_loses_when_her_defensive_die_is_not_higher() -> None:
    state = _attack(start("barbarian", "gunslinger"), (1, 1, 1, 4, 5), "slap")
    state, _ = defend(state, 1, 3, 3)  # a tie is not higher
    assert state.choice is None
    assert any(inc.target == 0 and inc.amount == 1 for inc in state.ledger)


def _gunslinger_and_warden() -> State:
    """The real Gunslinger against the test Warden, whose Steady Hand changes any die."""
    from engines.core import Seat
    from engines.dicethrone.content import Content
    from engines.dicethrone.engine import install_pack
    from tests.engines.dicethrone.helpers import MINI, through_first_roll

    base = ENGINE.load_content(None)
    heroes = {"warden": MINI.heroes["warden"], "gunslinger": base.heroes["gunslinger"]}
    install_pack(Content("duel-test", heroes))
    seats = [Seat(0, "Alice"), Seat(1, "Bruno")]
    options = {"hero1": "warden", "hero2": "gunslinger"}
    content = ENGINE.load_content("duel-test")
    return through_first_roll(ENGINE.new_match(options, seats, content, RiggedDice([6, 1])))


def test_a_card_changing_her_defensive_die_changes_the_duel() -> None:
    state = with_player(_gunslinger_and_warden(), 0, hand=("steady_hand",))
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 1, 1, 6, 6)
    state, _ = act(state, 0, a.Announce("bash"))
    state, _ = act(state, 1, a.Pass())
    state, _ = act(state, 1, a.Defend(), 6)  # her defensive die: a 6, unbeatable
    assert state.step is Step.DEFENSE_ROLLED
    # The attacker turns her defensive die into a 1 before the defence resolves.
    state, _ = act(state, 0, a.PlayCard("steady_hand", "1=1"))
    assert state.roll.defense_dice == (1,)
    state, _ = act(state, 0, a.Pass())
    state, events = act(state, 1, a.Pass(), 4)  # the attacker's die: 4
    opposed = next(e for e in events if e.key.endswith(".opposed"))
    assert opposed.params["value"] == 1 and opposed.params["other"] == 4
    # Steady Hand could change the opposed dice too: everyone lets them stand.
    while state.choice is not None and state.choice.rolled:
        state, _ = act(state, ENGINE.pending(state)[0].seat, a.Pass())
    # 1 is not higher than 4: she deals 1 damage, and takes the Bash's 4.
    assert state.choice is None and state.step is Step.FINAL
    assert any(inc.target == 0 and inc.amount == 1 for inc in state.ledger)
    assert any(inc.target == 1 and inc.amount == 4 for inc in state.ledger)


def _reloaded(**changes: object) -> State:
    """Her Revolver (3 bullets: 3) on the Barbarian, his Thick Skin rolled (nothing
    prevented), a Reload in hand to spend in the last window."""
    state = with_player(start("gunslinger", "barbarian"), 0, statuses={"reload": 1}, **changes)
    state = _attack(state, (1, 1, 1, 4, 4), "revolver")
    state, _ = defend(state, 1, 4, 4, 5)
    return state


def _added(state: State) -> int:
    return state.ledger[0].amount + state.ledger[0].added


def _options(state: State) -> list[str]:
    assert state.choice is not None
    return [o.text["en-US"] for o in state.choice.options]


def test_quick_draw_ii_lets_her_re_roll_a_reloads_die_once() -> None:
    upgraded = {"upgrades": {"quick_draw": "quick_draw_2"}, "board": ("quick_draw_2",)}
    state, _ = act(_reloaded(**upgraded), 0, a.Spend("reload"), 1)
    assert _options(state) == ["Keep the die (1)", "Re-roll the die (1)"]
    again, _ = act(state, 0, a.Choose(2), 6)
    assert _added(again) == 3 + 3 and again.choice is None  # once only
    kept, _ = act(state, 0, a.Choose(1))
    assert _added(kept) == 3 + 1
    # Quick Draw I: the die stands, nothing asked.
    plain, _ = act(_reloaded(), 0, a.Spend("reload"), 1)
    assert plain.choice is None and _added(plain) == 3 + 1


def test_wild_west_re_rolls_a_reloads_die_for_1_more_damage() -> None:
    state = _reloaded(hand=("wild_west",), cp=3)
    state, _ = act(state, 0, a.PlayCard("wild_west"))
    state, _ = act(state, 0, a.Spend("reload"), 2)
    again, _ = act(state, 0, a.Choose(2), 5)
    assert _added(again) == 3 + 3 + 1
    kept, _ = act(state, 0, a.Choose(1))
    assert _added(kept) == 3 + 1  # no re-roll: no extra damage


def test_fill_em_with_lead_lets_her_re_roll_a_reloads_die() -> None:
    state = with_player(start("gunslinger", "barbarian"), 0, statuses={"reload": 1})
    state = _attack(state, (6, 6, 6, 6, 6), "fill_em_with_lead")
    while state.choice is not None and state.choice.pause:
        state, _ = act(state, ENGINE.pending(state)[0].seat, a.Pass())
    state, _ = act(state, 0, a.Spend("reload"), 2)
    assert _options(state) == ["Keep the die (2)", "Re-roll the die (2)"]
    state, _ = act(state, 0, a.Choose(2), 6)
    assert _added(state) == 10 + 1 + 3  # the Bounty she inflicted adds 1


def test_enforcer_marks_up_to_two_different_chosen_opponents() -> None:
    upgraded = {"upgrades": {"deadeye": "deadeye_2"}, "board": ("deadeye_2",)}
    duel = with_player(start("gunslinger", "barbarian"), 0, statuses={}, **upgraded)
    duel = _attack(duel, (6, 6, 6, 1, 2), "enforcer")
    assert _options(duel) == ["2. Bruno", "No one"]
    marked, _ = act(duel, 0, a.Choose(1))
    assert marked.players[1].statuses == {"bounty": 1, "knockdown": 1}
    assert marked.choice is None and marked.players[0].statuses == {"evasive": 1}
    spared, _ = act(duel, 0, a.Choose(2))
    assert spared.players[1].statuses == {}


def test_enforcer_marks_both_opponents_in_king_of_the_hill() -> None:
    from tests.engines.dicethrone.test_modes import pass_windows, start_n

    state = start_n(3, hero1="gunslinger", hero2="barbarian", hero3="paladin")
    upgraded = {"upgrades": {"deadeye": "deadeye_2"}, "board": ("deadeye_2",)}
    state = with_player(state, 0, statuses={}, **upgraded)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 6, 6, 6, 1, 2)
    state, _ = act(state, 0, a.Announce("enforcer"))
    state, _ = pass_windows(state)
    state, _ = act(state, 0, a.Target(3))
    state, _ = pass_windows(state)
    assert _options(state) == ["3. Carla", "2. Bruno", "No one"]  # the Defender first
    state, _ = act(state, 0, a.Choose(1))
    assert _options(state) == ["2. Bruno", "No one else"]
    state, _ = act(state, 0, a.Choose(1))
    marked = {"bounty": 1, "knockdown": 1}
    assert state.players[1].statuses == marked and state.players[2].statuses == marked
