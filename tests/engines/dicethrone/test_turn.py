"""Set-up and the turn phases ("Preparação", "Fases do Turno", "Subdivisões do Turno")."""

from __future__ import annotations

import pytest

from engines.core import IllegalActionError, NotYourTurnError, RiggedDice
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.rules.decisions import AUTOPASS
from engines.dicethrone.rules.state import CP_CAP, Phase, Step
from tests.engines.dicethrone.helpers import SEATS, act, defend, keys, start, with_player


def test_setup_gives_fifty_health_two_cp_and_four_cards() -> None:
    state = start()
    for player in state.players:
        assert player.health == 50
        assert len(player.hand) == 4
    # The starting player skipped Income: still 2 CP and 4 cards.
    assert state.players[0].cp == 2
    assert state.active == 0 and state.phase is Phase.MAIN1


def test_first_player_rerolls_ties() -> None:
    dice = RiggedDice([4, 4, 2, 5])
    state = ENGINE.new_match({}, SEATS, ENGINE.load_content(None), dice)
    assert state.active == 1 and state.first == 1


def test_second_player_has_income_on_their_first_turn() -> None:
    state = start()
    hand_before = len(state.players[1].hand)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 4, 4, 5, 5, 6)
    state, _ = act(state, 0, a.NoAbility())
    state, _ = act(state, 0, a.EndPhase())
    state, events = act(state, 0, a.EndPhase())
    assert state.active == 1 and state.phase is Phase.MAIN1
    assert state.players[1].cp == 3
    assert len(state.players[1].hand) == hand_before + 1
    assert "income" in keys(events)


def test_starting_player_skips_only_the_first_income() -> None:
    state = start()
    assert state.turn == 1
    state = with_player(state, 1, hand=())
    for seat in (0, 1):
        state, _ = act(state, seat, a.EndPhase())
        state, _ = act(state, seat, a.RollDice(), 4, 4, 5, 5, 6)
        state, _ = act(state, seat, a.NoAbility())
        state, _ = act(state, seat, a.EndPhase())
        state, events = act(state, seat, a.EndPhase())
    assert state.active == 0 and state.turn == 3
    assert state.players[0].cp == 3 and "income" in keys(events)


def test_sell_gives_one_cp_whatever_the_cost() -> None:
    state = with_player(start(), 0, hand=("slap_2", "concuss"), cp=4)
    state, _ = act(state, 0, a.Sell("slap_2"))
    assert state.players[0].cp == 5 and state.players[0].discard == ("slap_2",)
    with pytest.raises(IllegalActionError):
        act(state, 0, a.Sell("slap_2"))


def test_cp_never_exceeds_fifteen() -> None:
    state = with_player(start(), 0, hand=("getting_paid", "concuss"), cp=14)
    state, _ = act(state, 0, a.Sell("concuss"))
    assert state.players[0].cp == CP_CAP
    state, _ = act(state, 0, a.PlayCard("getting_paid"))  # pays 0, gains 2
    assert state.players[0].cp == CP_CAP


def test_discard_phase_sells_down_to_six() -> None:
    seven = ("concuss", "head_bash", "grab_someone", "feelin_good", "getting_paid", "tip_it")
    seven += ("slap_2",)
    state = with_player(start(), 0, hand=seven, cp=0)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 4, 4, 5, 5, 6)
    state, _ = act(state, 0, a.NoAbility())
    state, _ = act(state, 0, a.EndPhase())
    assert state.phase is Phase.DISCARD
    with pytest.raises(IllegalActionError) as info:
        act(state, 0, a.EndPhase())
    assert info.value.key == "dicethrone.error.hand_limit"
    decision = ENGINE.pending(state)[0]
    assert decision.default == a.Sell("slap_2") and decision.auto_default
    state, _ = act(state, 0, decision.default)
    assert state.players[0].cp == 1 and len(state.players[0].hand) == 6
    state, _ = act(state, 0, a.EndPhase())
    assert state.active == 1


def test_upgrade_two_to_three_pays_the_difference() -> None:
    state = start(hero1="paladin", hero2="barbarian")
    state = with_player(state, 0, hand=("holy_defense_2", "holy_defense_3"), cp=6)
    state, _ = act(state, 0, a.PlayCard("holy_defense_2"))  # costs 3
    assert state.players[0].cp == 3
    state, _ = act(state, 0, a.PlayCard("holy_defense_3"))  # 4 - 3 = 1
    assert state.players[0].cp == 2
    assert state.players[0].upgrades == {"holy_defense": "holy_defense_3"}
    assert state.players[0].board == ("holy_defense_2", "holy_defense_3")
    # Played upgrades left the hand: they can no longer be sold.
    with pytest.raises(IllegalActionError):
        act(state, 0, a.Sell("holy_defense_3"))


def test_upgrades_only_in_your_own_main_phase() -> None:
    state = with_player(start(), 1, hand=("holy_defense_2",), cp=5)
    with pytest.raises(IllegalActionError) as info:
        act(state, 1, a.PlayCard("holy_defense_2"))
    assert info.value.key == "dicethrone.error.timing_main"


def test_three_roll_attempts_keep_dice() -> None:
    state, _ = act(start(), 0, a.EndPhase())
    assert state.step is Step.ROLLING
    state, _ = act(state, 0, a.RollDice(), 1, 2, 4, 5, 6)
    state, _ = act(state, 0, a.Keep("1 2"))
    state, _ = act(state, 0, a.RollDice(), 3, 6, 6)
    assert state.roll.dice == (1, 2, 3, 6, 6)
    state, _ = act(state, 0, a.Keep("1,2,3"))
    state, _ = act(state, 0, a.RollDice(), 1, 1)
    assert state.roll.dice == (1, 2, 3, 1, 1) and state.roll.attempts == 3
    with pytest.raises(NotYourTurnError):
        act(state, 0, a.RollDice())
    kinds = ENGINE.pending(state)[0].kinds
    assert "announce" in kinds and "roll" not in kinds and "keep" not in kinds


def test_announce_needs_the_requirement() -> None:
    state, _ = act(start(), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 4, 5, 6)
    with pytest.raises(IllegalActionError) as info:
        act(state, 0, a.Announce("slap"))
    assert info.value.key == "dicethrone.error.not_met"
    assert info.value.rule == "Requisito de Ativação"


def test_slap_attack_is_defended_and_applied_at_the_end() -> None:
    state, _ = act(start(), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 4, 6)
    state, _ = act(state, 0, a.Announce("slap"))
    state, _ = act(state, 1, a.Pass())
    assert state.step is Step.DEFENSE and state.players[1].health == 50
    state, _ = defend(state, 1, 3, 6, 6)  # one helm: prevent 1 (prayers: CP)
    state, _ = act(state, 0, a.Pass())
    state, _ = act(state, 1, a.Pass())
    assert state.players[1].health == 47 and state.phase is Phase.MAIN2


def test_undefendable_attack_skips_the_defensive_ability() -> None:
    state, _ = act(start(), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 6, 6, 4)
    state, _ = act(state, 0, a.Announce("all_out_strike"))
    state, _ = act(state, 1, a.Pass())
    assert state.phase is Phase.DEFENSIVE and state.step is Step.FINAL
    state, _ = act(state, 0, a.Pass())
    state, _ = act(state, 1, a.Pass())
    assert state.players[1].health == 46


def test_windows_carry_the_autopass_preference_only_when_nothing_is_playable() -> None:
    state = with_player(start(), 1, hand=("holy_defense_2",))  # nothing for a roll phase
    state = with_player(state, 0, hand=("grab_someone",), cp=2)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 4, 6)
    state, _ = act(state, 0, a.Announce("slap"))
    window = ENGINE.pending(state)[0]
    assert window.seat == 1 and window.kinds == ("pass",) and window.preference == AUTOPASS
    assert window.default == a.Pass()
    state, _ = act(state, 1, a.Pass())
    state, _ = defend(state, 1, 1, 1, 1)
    # Alice may still play Get Some! in the last window: she is asked, never skipped.
    final = ENGINE.pending(state)[0]
    assert final.seat == 0 and "play" in final.kinds and final.preference is None
    assert [p.key for p in ENGINE.preferences] == [AUTOPASS]


def test_an_ability_the_hero_lacks_is_named_as_such_with_the_real_ones() -> None:
    state, _ = act(start(), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 4, 5, 6)
    with pytest.raises(IllegalActionError) as info:
        act(state, 0, a.Announce("kamehameha"))
    assert info.value.key == "dicethrone.error.unknown_ability"
    text = ENGINE.catalog().translate(info.value.key, "en-US", **info.value.params)
    assert "no ability “kamehameha”" in text and "requirement" not in text
    assert "Smack" in text  # the Barbarian's real abilities are listed
    pt = ENGINE.catalog().translate(info.value.key, "pt-BR", **info.value.params)
    assert "não tem a habilidade “kamehameha”" in pt


def test_an_ability_may_be_named_in_words_in_any_language() -> None:
    state, _ = act(start(), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 4, 5, 6)
    with pytest.raises(IllegalActionError) as info:
        act(state, 0, a.Announce("suppress"))
    name = info.value.params["ability"]
    assert isinstance(name, dict)
    # Overpower: its pt-BR name, Subjugar, is the one the rulebook 2.2 prints.
    for typed in {name["en-US"].upper(), name["pt-BR"]}:
        with pytest.raises(IllegalActionError) as again:
            act(state, 0, a.Announce(typed))  # found by its name: the dice still fall short
        assert again.value.key == "dicethrone.error.not_met"
