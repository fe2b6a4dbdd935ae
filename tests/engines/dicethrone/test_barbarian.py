"""The Barbarian's riders with rigged dice (issue 22): Thick Skin II prevents a status
effect the Attack inflicted on him, Fortitude II removes one of his own status effects
on 3 of a kind, Head Bash! reads the damage dealt after the defence, Reckless hurts him
only when the Attack dealt damage."""

from __future__ import annotations

from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.rules.state import State, Step
from tests.engines.dicethrone.helpers import (
    act,
    announce,
    defend,
    keys,
    pass_windows,
    start,
    upgrades,
    with_player,
)


def _choose(state: State, *picks: int) -> State:
    """The owner of each paused "Or" picks (1 = the first option)."""
    for pick in picks:
        assert state.choice is not None, "no choice is waiting"
        state, _ = act(state, ENGINE.pending(state)[0].seat, a.Choose(pick))
    return state


def _labels(state: State) -> list[str]:
    assert state.choice is not None
    return [o.text["en-US"] for o in state.choice.options]


def _vines_on_barbarian(**barbarian: object) -> State:
    """The Treant (seat 0) activates Vengeful Vines (Barbed Vine, then 7) on the
    Barbarian (seat 1), who is to choose his defence."""
    state = with_player(start("treant", "barbarian"), 0, statuses={})
    state = with_player(state, 1, **barbarian)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 4, 4)
    state, _ = act(state, 0, a.Announce("vengeful_vines"))
    state, _ = act(state, 1, a.Pass())
    assert state.step is Step.DEFENSE and state.players[1].statuses == {"barbed_vine": 1}
    return state


def test_thick_skin_ii_prevents_a_status_effect_of_the_attack_on_2_hearts() -> None:
    state = _vines_on_barbarian(**upgrades("thick_skin_2"))
    state, _ = defend(state, 1, 4, 5, 1, 1)
    assert _labels(state) == ["Prevent Barbed Vine (this Attack's)", "Prevent nothing"]
    prevented, events = act(state, 1, a.Choose(1))
    assert prevented.players[1].statuses == {} and "incoming_prevented" in keys(events)
    kept = _choose(state, 2)
    assert kept.players[1].statuses == {"barbed_vine": 1}


def test_thick_skin_ii_needs_2_hearts_and_leaves_tokens_held_before() -> None:
    one_heart, _ = defend(_vines_on_barbarian(**upgrades("thick_skin_2")), 1, 4, 1, 1, 1)
    assert one_heart.choice is None and one_heart.players[1].statuses == {"barbed_vine": 1}
    # Thick Skin I says nothing of status effects.
    level_one, _ = defend(_vines_on_barbarian(), 1, 4, 5, 1)
    assert level_one.choice is None and level_one.players[1].statuses == {"barbed_vine": 1}
    # A Barbed Vine he already held (limit 1) was not this Attack's: nothing to prevent.
    held = _vines_on_barbarian(statuses={"barbed_vine": 1}, **upgrades("thick_skin_2"))
    held, _ = defend(held, 1, 4, 5, 1, 1)
    assert held.choice is None and held.players[1].statuses == {"barbed_vine": 1}


def test_an_incoming_status_effect_round_trips_through_json() -> None:
    state, _ = defend(_vines_on_barbarian(**upgrades("thick_skin_2")), 1, 4, 5, 1, 1)
    assert state.roll.incoming
    assert ENGINE.state_from_json(ENGINE.state_to_json(state)) == state


def test_fortitude_ii_may_remove_one_of_his_status_effects_on_3_of_a_kind() -> None:
    held = {"concussion": 1, "evasive": 1}
    barbarian = with_player(
        start("barbarian", "treant"), 0, health=40, statuses=held, **upgrades("steadfast_2")
    )
    state = announce(barbarian, (4, 4, 4, 1, 2), "steadfast")
    assert _labels(state) == ["Remove 1 Concussion", "Remove 1 Evasive", "Remove nothing"]
    removed = _choose(state, 2)
    assert removed.players[0].statuses == {"concussion": 1}
    assert pass_windows(removed).players[0].health == 45
    kept = _choose(state, 3)
    assert kept.players[0].statuses == held
    # Hearts without 3 of a kind (4, 5, 4, 5): the heal only.
    mixed = announce(barbarian, (4, 5, 4, 5, 1), "steadfast")
    assert mixed.choice is None and mixed.players[0].statuses == held
    # Fortitude I has no such rider.
    plain = with_player(start("barbarian", "treant"), 0, statuses=held)
    plain = announce(plain, (4, 4, 4, 1, 2), "steadfast")
    assert plain.choice is None and plain.players[0].statuses == held
