"""The Gunslinger's board beyond the basics: Deadeye ("Mira Mortífera") and its
Knockout ("Nocute"), her Ultimate Ability, and spending a Reload to re-roll her
die of an opposed roll once."""

from __future__ import annotations

import pytest

from engines.core import IllegalActionError, NotYourTurnError, RiggedDice
from engines.dicethrone import ENGINE
from engines.dicethrone.rules import actions as a
from engines.dicethrone.rules.state import Phase, State, Step
from tests.engines.dicethrone.helpers import act, defend, keys, start, with_player

DEADEYE = (6, 6, 4, 5, 1)  # bullseye ×2, dash ×2, bullet


def _attack(state: State, dice: tuple[int, ...], ability: str, *after: int) -> State:
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), *dice)
    state, _ = act(state, 0, a.Announce(ability))
    state, _ = act(state, 1, a.Pass(), *after)
    return state


def _close(state: State) -> State:
    while state.step is Step.FINAL:
        decision = ENGINE.pending(state)[0]
        state, _ = act(state, decision.seat, a.Pass())
    return state


def _to_next_turn(state: State) -> State:
    state, _ = act(state, 0, a.EndPhase())  # Main (2) -> Discard
    state, _ = act(state, 0, a.EndPhase())  # next turn: Upkeep, Income, Main (1)
    return state


def test_deadeye_inflicts_knockout_and_undefendable_damage() -> None:
    state = _attack(start("gunslinger", "barbarian"), DEADEYE, "deadeye")
    assert state.players[1].statuses.get("knockout") == 1
    # Undefendable: no Defensive Ability (6.2), straight to the last window.
    assert state.step is Step.FINAL and state.ledger[0].amount == 6
    state = _close(state)
    assert state.players[1].health == 44


def test_knockout_costs_one_roll_attempt_and_then_goes() -> None:
    state = _close(_attack(start("gunslinger", "barbarian"), DEADEYE, "deadeye"))
    state = _to_next_turn(state)
    assert state.active == 1 and state.phase is Phase.MAIN1
    state, _ = act(state, 1, a.EndPhase())
    state, _ = act(state, 1, a.RollDice(), 4, 4, 4, 5, 5)
    state, _ = act(state, 1, a.Keep("1 2 3"))
    state, _ = act(state, 1, a.RollDice(), 4, 5)
    decision = ENGINE.pending(state)[0]
    assert "roll" not in decision.kinds and "keep" not in decision.kinds  # 2 attempts, not 3
    with pytest.raises(NotYourTurnError):
        act(state, 1, a.RollDice(), 1, 1)
    with pytest.raises(IllegalActionError) as err:  # the rule itself, naming the status
        ENGINE.flow(state, RiggedDice([1, 1])).roll(state)
    assert err.value.key == "dicethrone.error.fewer_attempts"
    assert err.value.params["count"] == 2
    state, _ = act(state, 1, a.NoAbility())
    # "Removed when that roll phase concludes": the next roll phase has 3 again.
    assert "knockout" not in state.players[1].statuses


def test_knockout_waits_for_the_holders_own_roll_phase() -> None:
    # Inflicted in the Gunslinger's turn, it is still there for the holder's turn.
    state = _close(_attack(start("gunslinger", "barbarian"), DEADEYE, "deadeye"))
    assert state.phase is Phase.MAIN2 and state.players[1].statuses.get("knockout") == 1
    flow = ENGINE.flow(state, RiggedDice([]))
    assert flow.max_attempts(state, 1) == 2 and flow.max_attempts(state, 0) == 3


def test_dead_or_alive_is_her_ultimate() -> None:
    state = _attack(start("gunslinger", "paladin"), (6, 6, 6, 6, 6), "dead_or_alive")
    assert state.roll.ultimate and state.roll.activated
    # 12 ultimate damage, +1 from the Bounty she inflicted (when Attacked).
    assert state.ledger[0].kind.value == "ultimate" and state.ledger[0].amount == 12
    assert state.ledger[0].added == 1
    assert state.players[1].statuses == {"bounty": 1, "knockout": 1}
    state = _close(state)
    assert state.players[1].health == 37


def _showdown(reloads: int, *opposed: int) -> State:
    state = start("gunslinger", "barbarian")
    state = with_player(state, 0, statuses={"reload": reloads} if reloads else {})
    return _attack(state, (1, 2, 3, 4, 6), "showdown", *opposed)


def test_a_losing_showdown_roll_may_be_re_rolled_by_spending_a_reload() -> None:
    state = _showdown(2, 2, 5)
    decision = ENGINE.pending(state)[0]
    assert decision.seat == 0 and decision.kinds == ("choose",)
    labels = ENGINE.autocomplete(state, 0, "choose", "option", "", {})
    assert [c.label.params["text"]["en-US"] for c in labels] == [
        "Keep the dice",
        "Spend Reload: re-roll your die",
    ]
    state, events = act(state, 0, a.Choose(2), 6)
    assert "opposed_reroll" in keys(events)
    assert state.players[0].statuses == {"reload": 1}
    assert state.ledger[0].amount == 7  # 6 beats 5 now
    assert state.roll.effect_dice == (6, 5)


def test_the_re_roll_happens_once_and_keeping_costs_nothing() -> None:
    state = _showdown(2, 2, 5)
    state, _ = act(state, 0, a.Choose(2), 3)  # still loses: no second offer
    assert state.choice is None and state.ledger[0].amount == 5
    assert state.players[0].statuses == {"reload": 1}
    kept = _showdown(2, 2, 5)
    kept, _ = act(kept, 0, a.Choose(1))
    assert kept.ledger[0].amount == 5 and kept.players[0].statuses == {"reload": 2}


def test_no_offer_without_a_reload_or_after_a_win() -> None:
    state = _showdown(0, 2, 5)
    assert state.choice is None and state.ledger[0].amount == 5
    won = _showdown(1, 5, 5)  # ties win for Showdown
    assert won.choice is None and won.ledger[0].amount == 7


def test_the_duel_defence_may_re_roll_too() -> None:
    state = start("barbarian", "gunslinger")
    state = with_player(state, 1, statuses={"reload": 1})
    state = _attack(state, (1, 1, 1, 4, 5), "slap")
    state, _ = defend(state, 1, 2, 6)  # Duel: her defensive 2 loses to the attacker's 6
    assert state.choice is not None and state.choice.seat == 1
    state, _ = act(state, 1, a.Choose(2), 6)  # spend Reload: 6 ties 6, not higher
    assert state.choice is None and "reload" not in state.players[1].statuses
    # "Se sua rolagem não for maior, cause 1 de dano."
    assert any(inc.target == 0 and inc.amount == 1 for inc in state.ledger)


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
    # Higher: she chooses to deal 3 or prevent 3.
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
