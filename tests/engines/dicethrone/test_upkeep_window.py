"""The opt-in ``upkeep_window`` match option: Instant Actions after every Upkeep."""

from __future__ import annotations

from engines.core import RiggedDice
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.rules.state import Phase, State, Step
from tests.engines.dicethrone.helpers import SEATS, act, jab_pack, keys, start, with_player


def _start(upkeep_window: bool) -> State:
    """Barbarian (Alice, starts) vs Paladin (Bruno), Alice holding the fixture Jab (an
    Instant Action dealing 2 undefendable damage: no printed instant deals damage)."""
    options = {"hero1": "barbarian", "hero2": "paladin", "upkeep_window": upkeep_window}
    state = ENGINE.new_match(options, SEATS, jab_pack(), RiggedDice([6, 1]))
    if upkeep_window:  # the first Upkeep (turn 1) opens the window too: everyone passes
        assert state.phase is Phase.UPKEEP and state.step is Step.UPKEEP_END
        state, _ = act(state, 0, a.Pass())
        state, _ = act(state, 1, a.Pass())
    state = with_player(state, 0, hand=("jab",), cp=3)
    return with_player(state, 1, hand=(), deck=("absolution", "getting_paid"))


def _to_bruno(state: State) -> State:
    """Alice's turn without an ability; Bruno's Upkeep follows."""
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 1, 2, 3, 5)
    state, _ = act(state, 0, a.NoAbility())
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.EndPhase())
    return state


def test_the_option_is_off_by_default() -> None:
    option = next(o for o in ENGINE.options if o.name == "upkeep_window")
    assert option.default is False and option.description.key.endswith("upkeep_window")
    state = _to_bruno(with_player(start(), 1, hand=(), deck=("absolution",)))
    # Nothing to apply in Bruno's Upkeep: straight on to Main (1).
    assert state.phase is Phase.MAIN1 and state.active == 1 and state.step is None


def test_the_window_opens_before_income_active_player_first() -> None:
    state = _to_bruno(_start(True))
    # Upkeep had nothing to apply, but the window waits; Income has not happened yet.
    assert state.phase is Phase.UPKEEP and state.step is Step.UPKEEP_END
    assert state.players[1].cp == 2 and state.players[1].hand == ()
    owed = ENGINE.pending(state)[0]
    assert owed.seat == 1 and "pass" in owed.kinds
    state, _ = act(state, 1, a.Pass())
    assert ENGINE.pending(state)[0].seat == 0
    state, _ = act(state, 0, a.Pass())
    assert state.phase is Phase.MAIN1 and state.step is None
    assert state.players[1].cp == 3 and state.players[1].hand == ("absolution",)


def test_an_instant_card_in_the_upkeep_window_applies_when_the_upkeep_ends() -> None:
    # 1.3: damage in the Upkeep applies at its end, once everyone has passed.
    state = _to_bruno(_start(True))
    assert any(d.seat == 0 and d.optional for d in ENGINE.pending(state))
    state, events = act(state, 0, a.PlayCard("jab"))
    assert "queued" in keys(events)
    state, _ = act(state, 1, a.Pass())  # Bruno lets it resolve
    assert state.players[0].cp == 0 and state.players[1].health == 50
    assert state.step is Step.UPKEEP_END and ENGINE.pending(state)[0].seat == 0
    state, _ = act(state, 0, a.Pass())
    state, _ = act(state, 1, a.Pass())
    assert state.players[1].health == 48 and state.phase is Phase.MAIN1
