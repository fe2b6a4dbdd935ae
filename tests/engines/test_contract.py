"""The engine contract, exercised through the test game."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.core import (
    IllegalActionError,
    InvalidActionError,
    MatchOverError,
    NotYourTurnError,
    RiggedDice,
    Seat,
    SeededDice,
    SetupError,
)
from tests.testgame import ENGINE
from tests.testgame.actions import Play, Roll
from tests.testgame.state import Phase, State

SEATS = [Seat(0, "Alice"), Seat(1, "Bruno")]


def new(target: int = 30, hand: int = 3, first: bool = True) -> State:
    return ENGINE.new_match({"target": target, "hand": hand}, SEATS, None, RiggedDice([first]))


def test_only_the_seat_owing_a_decision_may_act() -> None:
    state = new()
    with pytest.raises(NotYourTurnError) as err:
        ENGINE.apply(state, 1, Roll(), RiggedDice([3]))
    assert err.value.key == "core.error.not_your_turn"
    with pytest.raises(NotYourTurnError) as err:
        ENGINE.apply(state, 0, Play(1), RiggedDice())
    assert err.value.key == "core.error.not_now"
    assert err.value.params["allowed"] == "roll"
    assert err.value.params["prompt"].key == "testgame.prompt.roll"


def test_rule_violations_carry_the_rule_and_change_nothing() -> None:
    state = ENGINE.apply(new(), 0, Roll(), RiggedDice([5])).state
    before = ENGINE.state_to_json(state)
    with pytest.raises(IllegalActionError) as err:
        ENGINE.apply(state, 0, Play(99), RiggedDice())
    assert err.value.rule == "2"
    assert err.value.params == {"card": 99}
    assert ENGINE.state_to_json(state) == before


@pytest.mark.parametrize(
    ("data", "key"),
    [
        ({"kind": "fly"}, "core.error.unknown_action"),
        ({"kind": "play"}, "core.error.bad_action_field"),
        ({"kind": "play", "card": "seven"}, "core.error.bad_action_field"),
        ({"kind": "play", "card": 3, "extra": 1}, "core.error.bad_action_field"),
        ({}, "core.error.unknown_action"),
    ],
)
def test_malformed_actions_are_refused_with_a_clear_key(data: dict[str, object], key: str) -> None:
    with pytest.raises(InvalidActionError) as err:
        ENGINE.parse_action(data)
    assert err.value.key == key


def test_actions_round_trip_through_json() -> None:
    for action in (Roll(), Play(7)):
        assert ENGINE.parse_action(ENGINE.action_to_json(action)) == action


def test_options_are_validated_with_defaults() -> None:
    assert ENGINE.parse_options({}) == {"target": 30, "hand": 3}
    assert ENGINE.parse_options({"target": "12"}) == {"target": 12, "hand": 3}
    for bad in ({"target": "many"}, {"target": "1"}, {"colour": "red"}):
        with pytest.raises(SetupError):
            ENGINE.parse_options(bad)
    with pytest.raises(SetupError) as err:
        ENGINE.new_match({}, [Seat(0, "Solo")], None, RiggedDice([True]))
    assert err.value.key == "core.error.seat_count"
    # Two players exactly: "needs 2 players", never "needs 2–2 players" (issue 27).
    said = ENGINE.catalog().translate(err.value.key, "en-US", **dict(err.value.params))
    assert said == "This game needs 2 players, not 1."


def test_a_finished_match_accepts_nothing() -> None:
    state = ENGINE.apply_setup(
        new(target=5), {"players": [{"name": "Alice", "hand": [9], "score": 0}]}
    )
    state = ENGINE.apply(state, 0, Roll(), RiggedDice([1])).state
    outcome = ENGINE.apply(state, 0, Play(9), RiggedDice())
    assert ENGINE.result(outcome.state) is not None
    assert ENGINE.pending(outcome.state) == []
    with pytest.raises(MatchOverError):
        ENGINE.apply(outcome.state, 1, Roll(), RiggedDice([1]))


def play_out(seed: bytes, max_steps: int = 200) -> list[State]:
    """Play a whole match on seeded dice, taking every decision's default."""
    state = ENGINE.new_match({}, SEATS, None, SeededDice(seed, 0))
    states = [state]
    for seq in range(1, max_steps):
        pending = ENGINE.pending(state)
        if not pending:
            break
        decision = pending[0]
        assert decision.default is not None
        state = ENGINE.apply(state, decision.seat, decision.default, SeededDice(seed, seq)).state
        states.append(state)
    return states


@settings(max_examples=25, deadline=None)
@given(st.binary(min_size=32, max_size=32))
def test_replaying_a_match_from_its_seed_is_deterministic(seed: bytes) -> None:
    first, second = play_out(seed), play_out(seed)
    assert first == second
    assert ENGINE.result(first[-1]) is not None
    for state in first:
        assert ENGINE.state_from_json(ENGINE.state_to_json(state)) == state


def test_public_view_hides_hands_and_deck_but_the_seat_view_shows_its_own() -> None:
    state = ENGINE.apply_setup(
        new(),
        {"players": [{"name": "Alice", "hand": [7, 8, 9]}, {"name": "Bruno", "hand": [1, 2, 3]}]},
    )
    public = ENGINE.view(state, None).data
    assert "hand" not in public and "deck" not in public
    assert [p["hand_size"] for p in public["players"]] == [3, 3]
    assert ENGINE.view(state, 1).data["hand"] == [1, 2, 3]
    assert "deck" not in ENGINE.view(state, 1).data


def test_the_public_render_does_not_depend_on_hidden_information() -> None:
    state = new()
    other = dataclasses.replace(
        state,
        players=tuple(dataclasses.replace(p, hand=(9,) * len(p.hand)) for p in state.players),
        deck=tuple(reversed(state.deck)),
    )
    assert ENGINE.view(state, None) == ENGINE.view(other, None)
    png = ENGINE.render(ENGINE.view(state, None), "board", "en-US")
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert png == ENGINE.render(ENGINE.view(other, None), "board", "en-US")
    assert ENGINE.render(ENGINE.view(state, 0), "hand") != ENGINE.render(
        ENGINE.view(other, 0), "hand"
    )


def test_drawn_cards_are_redacted_for_everyone_but_the_drawer() -> None:
    state = ENGINE.apply(new(), 0, Roll(), RiggedDice([2])).state
    card = state.players[0].hand[0]
    events = ENGINE.apply(state, 0, Play(card), RiggedDice()).events
    drew = next(e for e in events if e.key == "testgame.event.drew")
    assert drew.for_seat(0).params["card"] == state.deck[0]
    for seat in (None, 1):
        hidden = drew.for_seat(seat)
        assert hidden.key == "testgame.event.drew.hidden"
        assert dict(hidden.params) == {"player": "Alice"}


def test_phases_only_move_along_declared_transitions() -> None:
    state = new()
    assert state.phase is Phase.ROLL
    state = ENGINE.apply(state, 0, Roll(), RiggedDice([4])).state
    assert state.phase is Phase.PLAY
    with pytest.raises(AssertionError):
        from tests.testgame.rules import _goto

        _goto(state, Phase.PLAY)


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ('{"kind": ', "core.error.bad_action_json"),
        ("[" * 600 + "]" * 600, "core.error.bad_action_json"),  # json.loads would recurse
        ("1" * 5000, "core.error.bad_action_json"),  # too long for an int
        ('["roll"]', "core.error.action_not_object"),
        ("null", "core.error.action_not_object"),
        ('{"kind": "fly"}', "core.error.unknown_action"),
        ('{"kind": "play", "card": "1"}', "core.error.bad_action_field"),
        ('{"kind": "play", "card": 1, "extra": 2}', "core.error.bad_action_field"),
        ('{"kind": "play"}', "core.error.bad_action_field"),
    ],
)
def test_action_text_that_is_not_an_action_gets_a_declared_error(text: str, key: str) -> None:
    """``/ref act`` parses its JSON through the codec: every mistake is worded."""
    with pytest.raises(InvalidActionError) as err:
        ENGINE.parse_action_text(text)
    assert err.value.key == key
    assert ENGINE.parse_action_text('{"kind": "play", "card": 2}') == Play(2)


def test_a_referee_acts_only_in_the_phase_that_allows_the_kind() -> None:
    """The turn check is skipped on a referee's authority, the moment is not."""
    state = new()  # the match waits for a roll
    with pytest.raises(IllegalActionError) as err:
        ENGINE.referee_apply(state, 1, Play(1), RiggedDice())
    assert err.value.key == "core.error.not_now_anyone"
    assert err.value.params == {"kind": "play", "allowed": "roll, sort"}  # sort: optional
    assert ENGINE.referee_apply(state, 1, Roll(), RiggedDice([3])).state != state
