"""The engine contract for Dice Throne: determinism, hidden information, errors."""

from __future__ import annotations

import pytest

from engines.core import (
    IllegalActionError,
    InvalidActionError,
    MatchOverError,
    SeededDice,
    SetupError,
)
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.rules.state import State
from tests.engines.dicethrone.helpers import SEATS, act, start, with_player


def _play(seed: bytes, moves: int) -> State:
    state = ENGINE.new_match({}, SEATS, ENGINE.load_content(None), SeededDice(seed, 0))
    for n in range(1, moves):
        if ENGINE.result(state) is not None:
            break
        decision = ENGINE.pending(state)[0]
        assert decision.default is not None
        state = ENGINE.apply(state, decision.seat, decision.default, SeededDice(seed, n)).state
    return state


def test_replaying_from_the_seed_is_deterministic() -> None:
    assert _play(b"seed-a", 120) == _play(b"seed-a", 120)
    assert _play(b"seed-a", 120) != _play(b"seed-b", 120)


@pytest.mark.parametrize(
    "hero", sorted(h.id for h in ENGINE.load_content(None).heroes.values() if h.selectable)
)
def test_public_render_does_not_depend_on_hidden_cards(hero: str) -> None:
    # Every shipped deck (its own cards and the generic ones): two hands and decks of
    # different cards read and draw the same for everyone else.
    base = start("barbarian", hero)
    cards = [c.id for c in ENGINE.load_content(None).heroes[hero].cards]
    one = with_player(base, 1, hand=tuple(cards[:4]), deck=tuple(cards[4:11]))
    two = with_player(base, 1, hand=tuple(cards[-4:]), deck=tuple(cards[-11:-4]))
    assert ENGINE.view(one, None) == ENGINE.view(two, None)
    assert ENGINE.view(one, 0) == ENGINE.view(two, 0)  # the opponent's view too
    assert ENGINE.render(ENGINE.view(one, None)) == ENGINE.render(ENGINE.view(two, None))
    assert ENGINE.view(one, 1) != ENGINE.view(two, 1)  # the owner sees their own hand


def test_drawn_cards_are_redacted_for_everyone_but_the_drawer() -> None:
    state = start()
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 4, 4, 5, 5, 6)
    state, _ = act(state, 0, a.NoAbility())
    state, _ = act(state, 0, a.EndPhase())
    state, events = act(state, 0, a.EndPhase())
    drew = next(e for e in events if e.key == "dicethrone.event.drew")  # Bruno's Income
    assert drew.for_seat(1) == drew
    for other in (None, 0):
        hidden = drew.for_seat(other)
        assert hidden.key.endswith(".hidden") and "card" not in hidden.params


def test_errors_carry_a_key_and_the_rule() -> None:
    state = start()
    with pytest.raises(IllegalActionError) as info:
        act(state, 0, a.Sell("nope"))
    assert info.value.key == "dicethrone.error.no_card" and info.value.rule == "Vender"
    with pytest.raises(InvalidActionError):
        ENGINE.parse_action({"kind": "play"})
    assert ENGINE.parse_action({"kind": "keep", "dice": "1 2"}) == a.Keep("1 2")


def test_unknown_hero_is_a_setup_error() -> None:
    with pytest.raises(SetupError) as info:
        ENGINE.new_match({"hero1": "wizard"}, SEATS, ENGINE.load_content(None), SeededDice(b"", 0))
    assert info.value.key == "dicethrone.error.unknown_hero"


def test_a_finished_match_accepts_nothing() -> None:
    state = with_player(start(), 1, health=1)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 6, 6, 4)
    state, _ = act(state, 0, a.Announce("all_out_strike"))
    state, _ = act(state, 1, a.Pass())
    state, _ = act(state, 0, a.Pass())
    state, _ = act(state, 1, a.Pass())
    assert ENGINE.result(state) is not None
    with pytest.raises(MatchOverError):
        act(state, 0, a.EndPhase())


def test_snapshots_from_before_the_autopass_preference_still_load() -> None:
    state = start()
    data = ENGINE.state_to_json(state)
    assert isinstance(data, dict)
    assert ENGINE.state_from_json({**data, "auto_pass": [0]}) == state
