"""Instant actions at any time and Roll-Phase cards between roll attempts.

"Cartas de Ação Instantânea" may be played at any time, even in the
opponent's turn; spending a token counts as an Instant Action; Roll-Phase
cards may be played in any roll phase, also between the opponent's offensive
roll attempts. A seat that owes nothing gets an *optional* decision (never
awaited); the active player may still answer first ("Conflitos de Timing").
"""

from __future__ import annotations

import pytest

from engines.core import IllegalActionError, NotYourTurnError, RiggedDice
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.rules.state import Phase, State, Step
from tests.engines.dicethrone.helpers import (
    MINI,
    SEATS,
    act,
    defend,
    keys,
    start,
    through_first_roll,
    with_player,
)


def _duel() -> State:
    dice = RiggedDice([6, 1])
    return ENGINE.new_match({"hero1": "duelist", "hero2": "duelist"}, SEATS, MINI, dice)


def _optional(state: State, seat: int) -> list[tuple[str, ...]]:
    return [d.kinds for d in ENGINE.pending(state) if d.optional and d.seat == seat]


def test_an_instant_in_the_opponents_main_phase_waits_for_the_active_player() -> None:
    # Feelin' Good!: an Instant Action (roll 3 dice: heal 1 + 2 per heart).
    state = with_player(start("barbarian", "barbarian"), 1, hand=("feelin_good",), health=40)
    owed = ENGINE.pending(state)[0]
    assert owed.seat == 0 and not owed.optional  # the turn still waits for Alice only
    assert _optional(state, 1) == [("play", "spend", "use")]
    assert ENGINE.view(state, None).data["waiting"] == [0]
    state, events = act(state, 1, a.PlayCard("feelin_good"))
    assert "queued" in keys(events) and state.players[1].hand == ("feelin_good",)
    priority = ENGINE.pending(state)[0]
    assert priority.seat == 0 and priority.kinds[0] == "pass"
    state, events = act(state, 0, a.Pass(), 4, 5, 1)  # two hearts: heal 1 + 4
    assert "played" in keys(events)
    # Outside a roll phase healing applies right after the card.
    assert state.players[1].health == 45 and state.players[1].hand == ()
    assert state.phase is Phase.MAIN1 and ENGINE.pending(state)[0].seat == 0


def test_the_optional_decision_reveals_nothing_about_the_hand() -> None:
    empty = with_player(start("barbarian", "barbarian"), 1, hand=())
    full = with_player(start("barbarian", "barbarian"), 1, hand=("feelin_good",), cp=5)
    assert _optional(empty, 1) == _optional(full, 1)
    with pytest.raises(IllegalActionError) as info:
        act(empty, 1, a.PlayCard("feelin_good"))
    assert info.value.key == "dicethrone.error.no_card"


def test_main_phase_and_upgrade_cards_stay_in_their_owners_main_phase() -> None:
    state = with_player(start("barbarian", "barbarian"), 1, hand=("concuss", "slap_2"), cp=5)
    for card in ("concuss", "slap_2"):
        with pytest.raises(IllegalActionError) as info:
            act(state, 1, a.PlayCard(card))
        assert info.value.key == "dicethrone.error.timing_main"
    with pytest.raises(NotYourTurnError):
        act(state, 1, a.EndPhase())  # acting at any time is not taking the turn


def test_an_instant_between_the_opponents_roll_attempts() -> None:
    state = with_player(start("barbarian", "barbarian"), 0, hand=(), cp=2)
    state = with_player(state, 1, hand=("feelin_good",), cp=2, health=40)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 4, 6)
    assert state.step is Step.ROLLING and _optional(state, 1) == [("play", "spend", "use")]
    state, _ = act(state, 1, a.PlayCard("feelin_good"))
    state, events = act(state, 0, a.Pass(), 4, 4, 4)
    assert "played" in keys(events) and state.step is Step.ROLLING
    # In a roll phase the healing waits for the end of the phase.
    assert state.players[1].health == 40
    decision = ENGINE.pending(state)[0]
    assert decision.seat == 0 and "roll" in decision.kinds  # attempts go on


def test_a_roll_phase_card_between_the_opponents_roll_attempts() -> None:
    state = _duel()
    state = with_player(state, 1, hand=("steady_hand",), cp=1)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 4, 6)
    # Roll-Phase cards do not wait: they are not Instant Actions.
    state, events = act(state, 1, a.PlayCard("steady_hand"))
    assert "played" in keys(events) and state.players[1].statuses == {"dodge": 1}
    assert state.step is Step.ROLLING and state.roll.attempts == 1


def test_roll_phase_cards_wait_for_a_roll_phase() -> None:
    state = with_player(_duel(), 1, hand=("steady_hand",), cp=1)
    with pytest.raises(IllegalActionError) as info:
        act(state, 1, a.PlayCard("steady_hand"))
    assert info.value.key == "dicethrone.error.timing_roll"


def test_the_attacker_may_act_while_the_defender_decides() -> None:
    # Getting Paid!: an Instant Action (+2 CP).
    state = with_player(start(), 0, hand=("getting_paid",), cp=3)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 4, 6)
    state, _ = act(state, 0, a.Announce("slap"))
    state, _ = act(state, 1, a.Pass())
    assert state.step is Step.DEFENSE and _optional(state, 0) == [("play", "spend", "use")]
    state, events = act(state, 0, a.PlayCard("getting_paid"))  # the active player's: no wait
    assert "played" in keys(events) and state.step is Step.DEFENSE
    assert state.players[0].cp == 5


def test_nobody_acts_at_any_time_while_a_script_is_paused() -> None:
    state = with_player(_duel(), 0, hand=("pick",))
    state, _ = act(state, 0, a.PlayCard("pick"))
    assert state.choice is not None and _optional(state, 1) == []


def test_an_opponent_changes_the_dice_and_the_announced_ability_fails() -> None:
    # 4.3: someone played "Duas vezes Selvagem" on the active player's dice.
    state = start("gunslinger", "gunslinger")
    state = with_player(state, 1, hand=("twice_as_wild",), cp=3)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 4, 5, 4, 1, 2)
    state, _ = act(state, 0, a.Announce("cover"))  # three dashes
    with pytest.raises(IllegalActionError) as info:
        act(state, 1, a.PlayCard("twice_as_wild", "1=1 2=1 3=1"))  # three dice: too many
    assert info.value.key == "dicethrone.error.pick_dice"
    state, events = act(state, 1, a.PlayCard("twice_as_wild", "1=1 2=6"))
    assert "dice_changed" in keys(events) and state.roll.dice == (1, 6, 4, 1, 2)
    state, _ = act(state, 1, a.Pass())  # whoever acted keeps priority until they pass
    state, events = act(state, 0, a.Pass())  # Alice could re-announce (4.3); she passes
    # Cover is no longer met: back to the roll with the unused attempts.
    assert "no_longer_met" in keys(events) and state.step is Step.ROLLING
    assert state.roll.attempts == 1


def test_nudge_and_reroll_cards_between_attempts() -> None:
    state = with_player(_duel(), 1, hand=("tip_it", "try_again"))
    state, _ = act(state, 0, a.EndPhase())
    with pytest.raises(IllegalActionError):  # no dice rolled yet
        act(state, 1, a.PlayCard("tip_it", "1=2"))
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 4, 6)
    with pytest.raises(IllegalActionError):
        act(state, 1, a.PlayCard("tip_it", "1=3"))  # one pip only
    state, _ = act(state, 1, a.PlayCard("tip_it", "5=5"))
    assert state.roll.dice == (1, 2, 3, 4, 5)
    state, _ = act(state, 1, a.PlayCard("try_again", "1 2"), 6, 6)
    assert state.roll.dice == (6, 6, 3, 4, 5) and state.step is Step.ROLLING


def test_the_active_player_may_play_an_instant_in_their_own_discard_phase() -> None:
    state = with_player(start(), 0, hand=("getting_paid",), cp=3)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 4, 6)
    state, _ = act(state, 0, a.NoAbility())
    state, _ = act(state, 0, a.EndPhase())
    assert state.phase is Phase.DISCARD and "play" in ENGINE.pending(state)[0].kinds
    state, _ = act(state, 0, a.PlayCard("getting_paid"))
    assert state.players[0].cp == 5 and state.phase is Phase.DISCARD


def _wardens() -> State:
    dice = RiggedDice([6, 1])
    state = ENGINE.new_match({"hero1": "warden", "hero2": "warden"}, SEATS, MINI, dice)
    return through_first_roll(state)


def test_defensive_dice_can_be_changed_before_they_resolve() -> None:
    # 6.3–6.4: the Defensive Ability resolves with the final defensive dice.
    state = with_player(_wardens(), 1, hand=("steady_hand", "loaded_die"))
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 1, 1, 6, 6)
    state, _ = act(state, 0, a.Announce("bash"))
    state, _ = act(state, 1, a.Pass())
    state, _ = act(state, 1, a.Defend(), 1, 1)  # no shield yet
    assert state.step is Step.DEFENSE_ROLLED and ENGINE.pending(state)[0].seat == 0
    state, _ = act(state, 0, a.Pass())
    with pytest.raises(IllegalActionError) as info:
        act(state, 1, a.PlayCard("loaded_die", "1=6"))  # offensive dice only
    assert info.value.key == "dicethrone.error.pick_dice"
    state, events = act(state, 1, a.PlayCard("steady_hand", "2=6"))
    assert state.roll.defense_dice == (1, 6) and "dice_changed" in keys(events)
    # Bruno keeps priority until he passes, then Alice may answer; then the
    # defence resolves: prevent 2 per shield.
    state, _ = act(state, 1, a.Pass())
    state, _ = act(state, 0, a.Pass())
    assert state.step is Step.FINAL
    state, _ = act(state, 0, a.Pass())
    state, _ = act(state, 1, a.Pass())
    assert state.players[1].health == 48


def test_a_seat_not_waited_on_may_use_an_instant_action_inside_a_window() -> None:
    # The last window (6.5) asks Alice (active) first; Bruno need not wait for his
    # turn to spend a token, but his Instant Action waits for Alice's answer.
    state = with_player(start(), 1, statuses={"protect": 1}, hand=("not_this_time",), cp=5)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 4, 6)
    state, _ = act(state, 0, a.Announce("slap"))
    state, _ = act(state, 1, a.Pass())
    state, _ = defend(state, 1, 3, 6, 6)  # one helm: prevent 1 (prayers: CP)
    owed, *optional = ENGINE.pending(state)
    assert owed.seat == 0 and [d.seat for d in optional if d.optional] == [1]
    with pytest.raises(IllegalActionError) as info:
        act(state, 1, a.PlayCard("not_this_time"))  # a Roll-Phase card waits for his turn
    assert info.value.key == "dicethrone.error.wait_window"
    state, events = act(state, 1, a.Spend("protect"))
    assert "queued" in keys(events) and ENGINE.pending(state)[0].seat == 0
    state, _ = act(state, 0, a.Pass())  # Alice lets it resolve
    assert "protect" not in state.players[1].statuses
    state, _ = act(state, 1, a.Pass())
    state, _ = act(state, 0, a.Pass())
    assert state.phase is Phase.MAIN2 and state.players[1].health == 50 - 1


def test_an_effect_roll_pauses_so_a_card_can_change_its_dice() -> None:
    # A hero at the table has a card that changes any dice, so "Roll [#]" waits.
    state = with_player(_wardens(), 0, hand=("steady_hand",))
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 6, 6, 1, 1, 2)
    state, _ = act(state, 0, a.Announce("gamble"))
    state, _ = act(state, 1, a.Pass(), 2)  # the effect die: a hammer
    assert state.choice is not None and state.choice.rolled
    assert ENGINE.pending(state)[0].prompt.key == "dicethrone.prompt.effect_rolled"
    state, _ = act(state, 0, a.PlayCard("steady_hand", "1=6"))
    assert state.roll.effect_dice == (6,)
    state, _ = act(state, 0, a.Pass())
    state, _ = act(state, 1, a.Pass())
    assert state.step is Step.DEFENSE and state.ledger[0].amount == 6  # 5 + 1


def test_an_opposed_roll_pauses_so_a_card_can_change_either_die() -> None:
    # The Warden's Steady Hand changes any die: the Duelist's "Showdown" opposed roll
    # (die 1 the Duelist's, die 2 the Warden's) waits before the dice are compared.
    state = ENGINE.new_match(
        {"hero1": "duelist", "hero2": "warden"}, SEATS, MINI, RiggedDice([6, 1])
    )
    state = through_first_roll(state)
    state = with_player(state, 1, hand=("steady_hand",))
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 4, 6)
    state, _ = act(state, 0, a.Announce("showdown"))
    state, events = act(state, 1, a.Pass(), 4, 2)  # the Duelist's 4 beats the Warden's 2
    assert "opposed" in keys(events) and state.choice is not None and state.choice.rolled
    assert state.roll.effect_dice == (4, 2) and not state.ledger
    # The board shows each die with its own hero's symbol (the Warden's 2: a hammer).
    symbols = ENGINE.view(state, None).data["roll"]["effect_symbols"]
    assert symbols[1] == dict(MINI.heroes["warden"].symbol_text(2))
    state, _ = act(state, 0, a.Pass())
    state, _ = act(state, 1, a.PlayCard("steady_hand", "2=6"))
    assert state.roll.effect_dice == (4, 6)
    state, _ = act(state, 1, a.Pass())  # whoever played keeps priority until passing
    state, _ = act(state, 0, a.Pass())
    # 4 against 6: the Duelist loses the opposed roll and deals 5, not 7.
    assert state.choice is None and state.ledger[0].amount == 5
