"""Status effects, healing, the Ultimate lock and the end of the match."""

from __future__ import annotations

import pytest

from engines.core import IllegalActionError, NotYourTurnError, ResultKind, RiggedDice
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.effects.interpreter import Interpreter
from engines.dicethrone.rules.state import Phase, Step
from tests.engines.dicethrone.helpers import act, defend, keys, start, with_player


def test_stack_limit_caps_gained_tokens() -> None:
    # "Limites de Empilhamento": never more tokens than the limit on one hero.
    state = start()
    interp = Interpreter(ENGINE.load_content(None), RiggedDice())
    state = interp.add_status(state, 1, "concussion", 1)
    state = interp.add_status(state, 1, "concussion", 1)
    assert state.players[1].statuses == {"concussion": 1}
    state = interp.add_status(state, 0, "evasive", 5)  # the Gunslinger's, limit 3
    assert state.players[0].statuses["evasive"] == 3
    event = interp.events[-1]
    assert (event.params["count"], event.params["total"], event.params["limit"]) == (3, 3, 3)


def test_raised_stack_limit_applies_to_that_player_only() -> None:
    state = with_player(start(), 0, stack_bonus={"evasive": 2})
    interp = Interpreter(ENGINE.load_content(None), RiggedDice())
    state = interp.add_status(state, 0, "evasive", 9)
    state = interp.add_status(state, 1, "evasive", 9)
    assert state.players[0].statuses["evasive"] == 5
    assert state.players[1].statuses["evasive"] == 3


def test_concussion_skips_the_next_income_then_goes() -> None:
    state = with_player(start(), 1, statuses={"concussion": 1})
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 4, 4, 5, 5, 6)
    state, _ = act(state, 0, a.NoAbility())
    state, _ = act(state, 0, a.EndPhase())
    state, events = act(state, 0, a.EndPhase())
    assert "income_skipped_status" in keys(events)
    assert state.players[1].cp == 2 and len(state.players[1].hand) == 4
    assert state.players[1].statuses == {}


def test_spending_needs_the_right_moment() -> None:
    state = with_player(start(), 1, statuses={"protect": 1})
    # Nothing is attacking the Paladin in the Barbarian's Main phase.
    assert "spend" not in ENGINE.pending(state)[0].kinds
    with pytest.raises(IllegalActionError) as info:
        act(state, 1, a.Spend("protect"))
    assert info.value.key == "dicethrone.error.cannot_spend"


def test_heal_stops_ten_above_starting_health() -> None:
    state = with_player(start(), 0, health=58)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 4, 5, 4, 5, 4)
    state, _ = act(state, 0, a.Announce("steadfast"))  # 5 hearts: heal 6
    state, _ = act(state, 1, a.Pass())
    assert state.step is Step.FINAL and state.players[0].health == 58
    state, _ = act(state, 0, a.Pass())
    state, _ = act(state, 1, a.Pass())
    assert state.players[0].health == 60


def test_simultaneous_defeat_is_a_draw() -> None:
    # The Barbarian at 9 health hits the Paladin (at 18) for 18 with Suppress;
    # Retribution sends 9 back: both reach 0 when the roll phase concludes.
    state = with_player(start(), 0, health=9)
    state = with_player(state, 1, health=18, statuses={"retribution": 1})
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 1, 1, 6, 6)
    state, _ = act(state, 0, a.Announce("suppress"))
    state, _ = act(state, 1, a.Pass(), 6, 6, 6)
    state, events = act(state, 1, a.Spend("retribution"))
    assert "queued" in keys(events)  # the Barbarian, active, may answer first
    state, _ = act(state, 0, a.Pass())
    state, _ = defend(state, 1, 6, 6, 6)  # prayers only: nothing prevented
    state, _ = act(state, 0, a.Pass())
    state, events = act(state, 1, a.Pass())
    assert [p.health for p in state.players] == [0, 0]
    result = ENGINE.result(state)
    assert result is not None and result.kind is ResultKind.DRAW
    assert state.phase is Phase.OVER and ENGINE.pending(state) == []
    assert "draw" in keys(events)


def test_a_defeated_hero_loses() -> None:
    state = with_player(start(), 1, health=4)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 4, 6)
    state, _ = act(state, 0, a.Announce("slap"))
    state, _ = act(state, 1, a.Pass())
    state, _ = defend(state, 1, 6, 6, 6)  # prayers only: nothing prevented
    state, _ = act(state, 0, a.Pass())
    state, _ = act(state, 1, a.Pass())
    result = ENGINE.result(state)
    assert result is not None and result.kind is ResultKind.WIN and result.winners == (0,)


def test_nothing_answers_an_activated_ultimate() -> None:
    state = with_player(start(), 1, statuses={"protect": 2}, hand=("absolution",), cp=5)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 6, 6, 6, 6, 6)
    state, _ = act(state, 0, a.Announce("rage"))
    # Before activation the opponent still has the window (only way to stop it).
    assert ENGINE.pending(state)[0].seat == 1
    state, _ = act(state, 1, a.Pass())
    assert state.roll.activated and state.step is Step.FINAL
    assert [d.seat for d in ENGINE.pending(state)] == [0]
    with pytest.raises(NotYourTurnError):
        act(state, 1, a.Spend("protect"))
    state, _ = act(state, 0, a.Pass())
    assert state.players[1].health == 35  # Rage!: 15 ultimate damage, untouched
    assert state.players[1].statuses == {"protect": 2, "stun": 1}  # and Stun


def test_attack_modifier_needs_an_attack() -> None:
    state = with_player(start(), 0, hand=("grab_someone",), cp=5)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 4, 5, 4, 5, 4)
    state, _ = act(state, 0, a.Announce("steadfast"))
    state, _ = act(state, 1, a.Pass())
    assert "play" not in ENGINE.pending(state)[0].kinds
    from engines.dicethrone.rules.cards import check_card

    with pytest.raises(IllegalActionError) as info:
        check_card(ENGINE.flow(state, RiggedDice()), state, 0, "grab_someone")
    assert info.value.key == "dicethrone.error.needs_attack"


def test_card_needs_enough_cp() -> None:
    state = with_player(start(), 0, hand=("concuss",), cp=0)
    assert "play" not in ENGINE.pending(state)[0].kinds
    state = with_player(state, 0, cp=1)
    state, _ = act(state, 0, a.PlayCard("concuss"))  # Concuss!: 1 CP
    assert state.players[1].statuses == {"concussion": 1} and state.players[0].cp == 0
