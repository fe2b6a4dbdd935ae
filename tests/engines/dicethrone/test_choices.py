"""'Ou' (Or) choices pause a script wherever it runs; opposed rolls."""

from __future__ import annotations

import pytest

from engines.core import IllegalActionError, RiggedDice
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.rules.state import Phase, State, Step
from tests.engines.dicethrone.helpers import (
    MINI,
    SEATS,
    act,
    close_upkeep,
    defend,
    jab_pack,
    keys,
    through_first_roll,
    with_player,
)


def _start() -> State:
    dice = RiggedDice([6, 1])
    return ENGINE.new_match({"hero1": "duelist", "hero2": "duelist"}, SEATS, MINI, dice)


def _attack(state: State, *dice: int, ability: str) -> State:
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), *dice)
    state, _ = act(state, 0, a.Announce(ability))
    return state


def test_or_in_an_ability_waits_for_the_owner_then_goes_on() -> None:
    state = _attack(_start(), 1, 2, 3, 6, 6, ability="trick")
    state, events = act(state, 1, a.Pass())
    assert "choose" in keys(events) and state.choice is not None
    decision = ENGINE.pending(state)[0]
    assert decision.seat == 0 and decision.kinds == ("choose",)
    assert state.players[0].cp == 3  # the step before the "Or" resolved
    labels = [
        c.label.params["text"]["en-US"]
        for c in ENGINE.autocomplete(state, 0, "choose", "option", "", {})
    ]
    assert labels == ["Deal 4 damage", "gain focus · damage 2"]
    with pytest.raises(IllegalActionError):
        act(state, 0, a.Choose(3))
    state, _ = act(state, 0, a.Choose(2))
    assert state.choice is None and state.players[0].statuses == {"focus": 1}
    # The Attack (2 damage) goes on to the defensive roll; "Additionally" healed too.
    assert state.step is Step.DEFENSE and state.ledger[0].amount == 2
    assert state.heals[0].amount == 1


def test_opposed_roll_ties_count_as_a_win_for_showdown() -> None:
    state = _attack(_start(), 1, 2, 3, 4, 6, ability="showdown")
    state, events = act(state, 1, a.Pass(), 4, 4)
    assert "opposed" in keys(events) and state.ledger[0].amount == 7
    state = _attack(_start(), 1, 2, 3, 4, 6, ability="showdown")
    state, _ = act(state, 1, a.Pass(), 2, 5)
    assert state.ledger[0].amount == 5


def test_defence_with_an_opposed_roll_and_a_choice() -> None:
    state = _attack(_start(), 1, 2, 3, 4, 6, ability="showdown")
    state, _ = act(state, 1, a.Pass(), 6, 1)  # 7 incoming
    state, _ = defend(state, 1, 6, 2)  # duel: her defence die 6 beats the attacker's 2
    assert state.choice is not None and state.choice.seat == 1
    state, _ = act(state, 1, a.Choose(2))  # prevent half
    assert state.step is Step.FINAL
    state, _ = act(state, 0, a.Pass())
    state, _ = act(state, 1, a.Pass())
    assert state.players[1].health == 47  # takes 7 - ceil(7/2) = 3


def test_or_in_a_main_phase_card() -> None:
    state = with_player(_start(), 0, hand=("pick",), deck=("filler",) * 3)
    state, _ = act(state, 0, a.PlayCard("pick"))
    state, _ = act(state, 0, a.Choose(2))
    assert state.players[0].hand == ("filler", "filler")
    assert state.phase is Phase.MAIN1


def test_or_in_upkeep_pauses_the_turn_start() -> None:
    state = with_player(_start(), 1, statuses={"focus": 2})
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 4, 4, 5, 5, 6)
    state, _ = act(state, 0, a.NoAbility())
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.EndPhase())
    assert state.phase is Phase.UPKEEP and state.choice is not None
    state, _ = act(state, 1, a.Choose(1))  # first Focus: 1 CP
    assert state.phase is Phase.UPKEEP and state.choice is not None
    state, _ = act(state, 1, a.Choose(1))  # second Focus: 1 CP; then Income: +1
    assert state.phase is Phase.MAIN1 and state.players[1].cp == 5


def test_choice_state_round_trips_through_json() -> None:
    state = _attack(_start(), 1, 2, 3, 6, 6, ability="trick")
    state, _ = act(state, 1, a.Pass())
    assert ENGINE.state_from_json(ENGINE.state_to_json(state)) == state


def test_choice_is_drawn_on_the_board() -> None:
    state = _attack(_start(), 1, 2, 3, 6, 6, ability="trick")
    state, _ = act(state, 1, a.Pass())
    view = ENGINE.view(state, None)
    assert view.data["choice"]["seat"] == 0
    assert ENGINE.render(view, "board", "pt-BR").startswith(b"\x89PNG")


def test_manual_step_stops_until_applied_by_hand() -> None:
    state = with_player(_start(), 0, hand=("odd_one",), cp=2)
    state, events = act(state, 0, a.PlayCard("odd_one"))
    assert "manual" in keys(events)
    decision = ENGINE.pending(state)[0]
    assert decision.kinds == ("adjust", "resolved") and not decision.auto_default
    assert decision.prompt.params["text"]["en-US"].startswith("Your opponent discards")
    state, events = act(state, 0, a.Adjust(seat=2, health=-3, status="focus", count=1))
    assert state.players[1].health == 47 and state.players[1].statuses == {"focus": 1}
    assert "adjusted" in keys(events) and state.choice is not None
    state, _ = act(state, 0, a.Resolved())
    assert state.choice is None and state.players[0].cp == 3  # the script went on


def test_adjust_keeps_the_bounds() -> None:
    state = with_player(_start(), 0, hand=("odd_one",))
    state, _ = act(state, 0, a.PlayCard("odd_one"))
    state, _ = act(state, 0, a.Adjust(seat=1, health=30, cp=40))
    assert (state.players[0].health, state.players[0].cp) == (60, 15)
    with pytest.raises(IllegalActionError):
        act(state, 0, a.Adjust(seat=3))
    state, _ = act(state, 0, a.Adjust(seat=2, health=-99))
    assert ENGINE.result(state) is not None and ENGINE.pending(state) == []


def _to_bruno_upkeep(state: State) -> tuple[State, list[str]]:
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 4, 4, 5, 5, 6)
    state, _ = act(state, 0, a.NoAbility())
    state, _ = act(state, 0, a.EndPhase())
    state, events = act(state, 0, a.EndPhase())
    state, more = close_upkeep(state)
    return state, keys(events + more)


def test_upkeep_damage_is_applied_at_the_end_of_upkeep() -> None:
    state = with_player(_start(), 1, statuses={"bleed": 2})
    state, events = _to_bruno_upkeep(state)
    assert state.players[1].health == 46 and state.phase is Phase.MAIN1
    health = next(i for i, key in enumerate(events) if key.startswith("health"))
    assert health < events.index("income")


def test_defeat_in_upkeep_ends_the_match() -> None:
    state = with_player(_start(), 1, statuses={"bleed": 1}, health=2)
    state, events = _to_bruno_upkeep(state)
    assert state.phase is Phase.OVER and "won" in events


def test_then_pauses_for_cards_and_tokens_before_the_rest() -> None:
    # Bounty Hunter: inflict Bounty. Then deal 1 undefendable damage.
    options = {"hero1": "gunslinger", "hero2": "barbarian"}
    state = through_first_roll(ENGINE.new_match(options, SEATS, jab_pack(), RiggedDice([6, 1])))
    state = with_player(state, 1, hand=("jab",), cp=3)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 6, 6, 4)
    state, _ = act(state, 0, a.Announce("bounty_hunter"))
    state, events = act(state, 1, a.Pass())
    assert "then" in keys(events) and state.choice is not None and state.choice.pause
    assert state.players[1].statuses == {"bounty": 1} and state.ledger == ()
    decision = ENGINE.pending(state)[0]
    assert decision.seat == 0 and "pass" in decision.kinds  # active player first
    state, _ = act(state, 0, a.Pass())
    decision = ENGINE.pending(state)[0]
    assert decision.seat == 1 and "play" in decision.kinds
    # The Barbarian's instant card (a test fixture) interrupts; the paused ability waits.
    state, _ = act(state, 1, a.PlayCard("jab"))
    assert state.queued is not None  # an instant action: the active player may answer first
    state, _ = act(state, 0, a.Pass())
    assert state.choice is not None and state.choice.pause
    assert ENGINE.pending(state)[0].seat == 1  # who acted keeps priority
    state, _ = act(state, 1, a.Pass())
    state, _ = act(state, 0, a.Pass())
    # The rest of the ability: 1 undefendable damage, after the Jab's 2.
    assert state.choice is None
    assert [inc.amount for inc in state.ledger] == [2, 1]


def test_with_numbers_and_prevent_all() -> None:
    for die, health in ((2, 50), (3, 43)):
        state = with_player(_start(), 1, statuses={"dodge": 1})
        state = _attack(state, 1, 2, 3, 4, 6, ability="showdown")
        state, _ = act(state, 1, a.Pass(), 6, 1)  # 7 incoming
        state, _ = act(state, 1, a.Spend("dodge"))
        state, _ = act(state, 0, a.Pass(), die)  # Alice lets it resolve: the dodge roll
        state, _ = defend(state, 1, 1, 6)  # the duel is lost (1 against 6): 1 back
        state, _ = act(state, 0, a.Pass())
        state, _ = act(state, 1, a.Pass())
        assert state.players[1].health == health


def _final_window(alice: dict[str, object], bruno: dict[str, object]) -> State:
    state = with_player(with_player(_start(), 0, **alice), 1, **bruno)
    state = _attack(state, 1, 2, 3, 4, 6, ability="showdown")
    state, _ = act(state, 1, a.Pass(), 6, 1)  # 7 incoming
    state, _ = defend(state, 1, 6, 6)  # duel tied and lost: 1 damage back
    return state


def test_active_players_instant_goes_first_bye_bye_vs_evasive() -> None:
    # "Conflitos de Timing": the opponent spends Evasive; the active player's
    # Buh, Bye! resolves first, so the token is gone and the spend fizzles.
    state = _final_window({"hand": ("strip_dodge",)}, {"statuses": {"dodge": 1}})
    state, _ = act(state, 0, a.Pass())
    state, events = act(state, 1, a.Spend("dodge"))
    assert "queued" in keys(events) and state.players[1].statuses == {"dodge": 1}
    decision = ENGINE.pending(state)[0]
    assert decision.seat == 0 and "play" in decision.kinds
    state, _ = act(state, 0, a.PlayCard("strip_dodge"))
    assert state.players[1].statuses == {}
    state, events = act(state, 0, a.Pass())  # no die is rolled for the dodge
    assert "fizzled" in keys(events) and state.queued is None
    state, _ = act(state, 1, a.Pass())
    state, _ = act(state, 0, a.Pass())
    assert state.players[1].health == 43  # all 7 damage went through


def test_active_player_still_spends_reload_against_bye_bye() -> None:
    # The opponent's Buh, Bye! aims at the attacker's Reload; the attacker spends
    # it first (their turn), and Buh, Bye! can no longer be played: it stays in hand.
    state = _final_window({"statuses": {"aim": 1}}, {"hand": ("strip_aim",), "cp": 3})
    state, _ = act(state, 0, a.Pass())
    state, events = act(state, 1, a.PlayCard("strip_aim"))
    assert "queued" in keys(events)
    state, _ = act(state, 0, a.Spend("aim"))  # +2 damage, resolved at once
    state, events = act(state, 0, a.Pass())
    assert "fizzled" in keys(events)
    assert state.players[1].hand == ("strip_aim",) and state.players[1].cp == 3
    state, _ = act(state, 1, a.Pass())
    state, _ = act(state, 0, a.Pass())
    assert state.players[1].health == 41  # 7 + 2


def test_only_instant_actions_answer_a_waiting_one() -> None:
    state = _final_window({"hand": ("pick",)}, {"statuses": {"dodge": 1}})
    state, _ = act(state, 0, a.Pass())
    state, _ = act(state, 1, a.Spend("dodge"))
    assert ENGINE.pending(state)[0].kinds[:1] == ("pass",)
    assert "play" not in ENGINE.pending(state)[0].kinds


def test_a_waiting_instant_card_stays_hidden_until_it_resolves() -> None:
    state = _final_window({"statuses": {"aim": 1}}, {"hand": ("strip_aim",), "cp": 3})
    state, _ = act(state, 0, a.Pass())
    state, _ = act(state, 1, a.PlayCard("strip_aim"))
    public = ENGINE.view(state, None).data
    assert public["queued"] == 1 and "strip_aim" not in str(public)
    assert ENGINE.render(ENGINE.view(state, None)).startswith(b"\x89PNG")


def test_an_instant_action_in_upkeep_prevents_upkeep_damage() -> None:
    # Upkeep damage waits for the end of the phase (1.3): Alice's instant card on
    # "a chosen player" answers it; as a non-active player's action it waits for Bruno.
    state = with_player(_start(), 1, statuses={"bleed": 2})
    state = with_player(state, 0, hand=("not_this_time",))
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 4, 4, 5, 5, 6)
    state, _ = act(state, 0, a.NoAbility())
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.EndPhase())
    assert state.step is Step.UPKEEP_END and state.players[1].health == 50
    assert ENGINE.pending(state)[0].seat == 1
    state, _ = act(state, 0, a.PlayCard("not_this_time", "2"))
    state, _ = act(state, 1, a.Pass())  # Bruno lets it resolve
    state, _ = close_upkeep(state)
    assert state.phase is Phase.MAIN1 and state.players[1].health == 49  # 4 - 3
