"""The opt-in ``income_window`` match option: Instant Actions after Income."""

from __future__ import annotations

from engines.core import RiggedDice
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.state import Phase, State, Step
from tests.engines.dicethrone.helpers import SEATS, act, keys, start, with_player


def _start(income_window: bool) -> State:
    """Barbarian (Alice, starts) vs Paladin (Bruno), Alice holding Wild Swing."""
    options = {"hero1": "barbarian", "hero2": "paladin", "income_window": income_window}
    dice = RiggedDice([6, 1])
    state = ENGINE.new_match(options, SEATS, ENGINE.load_content(None), dice)
    state = with_player(state, 0, hand=("wild_swing",), cp=3)
    return with_player(state, 1, hand=(), deck=("absolution", "blessing"))


def _to_bruno(state: State) -> State:
    """Alice's turn without an ability; Bruno's Upkeep and Income follow."""
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 1, 2, 3, 5)
    state, _ = act(state, 0, a.NoAbility())
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.EndPhase())
    return state


def test_the_option_is_off_by_default() -> None:
    option = next(o for o in ENGINE.options if o.name == "income_window")
    assert option.default is False
    state = _to_bruno(with_player(start(), 1, hand=(), deck=("absolution",)))
    assert state.phase is Phase.MAIN1 and state.active == 1 and state.step is None


def test_the_window_opens_after_income_active_player_first() -> None:
    state = _start(True)
    # The first player skips the first Income ("Fase de Recursos"): no window then.
    assert state.phase is Phase.MAIN1 and state.step is None
    state = _to_bruno(state)
    # Income happened (+1 CP, a card drawn); Main (1) waits for the window.
    assert state.phase is Phase.INCOME and state.step is Step.INCOME_END
    assert state.players[1].cp == 3 and state.players[1].hand == ("absolution",)
    owed = ENGINE.pending(state)[0]
    assert owed.seat == 1 and "pass" in owed.kinds
    state, _ = act(state, 1, a.Pass())
    assert ENGINE.pending(state)[0].seat == 0
    state, _ = act(state, 0, a.Pass())
    assert state.phase is Phase.MAIN1 and state.step is None and state.active == 1


def test_an_instant_card_in_the_income_window_applies_at_once() -> None:
    # Alice is not waited on yet: her optional decision lets her play Wild Swing
    # (2 undefendable damage); as a non-active player's action it waits for Bruno.
    state = _to_bruno(_start(True))
    assert any(d.seat == 0 and d.optional for d in ENGINE.pending(state))
    state, events = act(state, 0, a.PlayCard("wild_swing"))
    assert "queued" in keys(events) and state.players[1].health == 50
    state, _ = act(state, 1, a.Pass())  # Bruno lets it resolve
    assert state.players[1].health == 48 and state.players[0].cp == 0
    # The window stays open (Alice keeps priority) until everyone passes.
    assert state.step is Step.INCOME_END and ENGINE.pending(state)[0].seat == 0
    state, _ = act(state, 0, a.Pass())
    state, _ = act(state, 1, a.Pass())
    assert state.phase is Phase.MAIN1


def test_a_defeat_in_the_income_window_ends_the_match() -> None:
    state = with_player(_to_bruno(_start(True)), 1, health=2)
    state, _ = act(state, 0, a.PlayCard("wild_swing"))
    state, events = act(state, 1, a.Pass())
    assert state.phase is Phase.OVER and state.winner == 0 and "won" in keys(events)


def test_play_cards_of_other_timings_wait_for_their_phase() -> None:
    # Only Instant Actions (and tokens) fit the Income window: Main-phase cards do not.
    state = _to_bruno(_start(True))
    decision = ENGINE.pending(state)[0]
    assert decision.kinds == ("pass",)  # Absolution (a roll card) is not playable here
