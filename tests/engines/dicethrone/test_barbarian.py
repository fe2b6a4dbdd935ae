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
    replace,
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


def _finish(state: State) -> tuple[State, list[str]]:
    """Everyone passes the last window; the state and the event keys on the way."""
    said: list[str] = []
    while state.step is Step.FINAL:
        state, events = act(state, ENGINE.pending(state)[0].seat, a.Pass())
        said += keys(events)
    return state, said


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


def _reckless(**changes: object) -> State:
    """The Barbarian (seat 0) activates Reckless (a large straight: 15) on the Treant,
    who is to choose his defence."""
    state = with_player(start("barbarian", "treant"), 0, statuses={}, **changes)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 4, 5)
    state, _ = act(state, 0, a.Announce("reckless_strike"))
    state, _ = act(state, 1, a.Pass())
    assert state.step is Step.DEFENSE
    return state


def test_reckless_hurts_him_only_when_the_attack_dealt_damage() -> None:
    state, _ = defend(_reckless(), 1, 4, 4, 4)  # Rooted: leaves only, nothing prevented
    done = pass_windows(state)
    assert done.players[1].health == 50 - 15 and done.players[0].health == 50 - 4
    upgraded, _ = defend(_reckless(**upgrades("reckless_strike_2")), 1, 4, 4, 4)
    upgraded = pass_windows(upgraded)
    assert upgraded.players[1].health == 50 - 20 and upgraded.players[0].health == 50 - 5
    # Every point prevented (a built ledger: no printed defence stops 15): none back.
    state, _ = defend(_reckless(), 1, 4, 4, 4)
    ledger = tuple(replace(inc, prevent_all=True) if inc.attack else inc for inc in state.ledger)
    spared, said = _finish(replace(state, ledger=ledger))
    assert spared.players[1].health == 50 and spared.players[0].health == 50
    assert "attack_dealt_below" in said


def test_head_bash_inflicts_concussion_when_8_or_more_was_dealt_after_the_defence() -> None:
    state, _ = defend(_reckless(hand=("head_bash",)), 1, 1, 6, 4)  # Rooted prevents 2
    state, _ = act(state, 0, a.PlayCard("head_bash"))
    assert state.players[1].statuses == {}  # it waits for the damage
    assert ENGINE.state_from_json(ENGINE.state_to_json(state)) == state
    done = pass_windows(state)
    assert done.players[1].health == 50 - 13 and done.players[1].statuses == {"concussion": 1}
    # 7 dealt (a built prevention of 8): no Concussion, the card is spent.
    state, _ = defend(_reckless(hand=("head_bash",)), 1, 4, 4, 4)
    ledger = tuple(replace(inc, prevented=8) if inc.attack else inc for inc in state.ledger)
    state, _ = act(replace(state, ledger=ledger), 0, a.PlayCard("head_bash"))
    short, said = _finish(state)
    assert short.players[1].health == 50 - 7 and "concussion" not in short.players[1].statuses
    assert "attack_dealt_below" in said
    assert "head_bash" in short.players[0].discard


def test_transference_moves_a_picked_token_to_another_chosen_player() -> None:
    from tests.engines.dicethrone.test_modes import start_n

    state = start_n(3, hero1="barbarian", hero2="gunslinger", hero3="paladin")
    state = with_player(state, 0, hand=("transference",), cp=5, statuses={})
    state = with_player(state, 1, statuses={"evasive": 2})
    state, _ = act(state, 0, a.PlayCard("transference", target="2:evasive"))
    # Anyone but its holder: himself first, then Carla.
    assert _labels(state) == ["1. Alice", "3. Carla"]
    moved, events = act(state, 0, a.Choose(2))
    assert moved.players[1].statuses == {"evasive": 1}
    assert moved.players[2].statuses == {"evasive": 1}
    assert "token_transferred" in keys(events) and moved.players[0].cp == 3
    # 1 v 1: his own token to the one other player, no question.
    duel = with_player(start("barbarian", "gunslinger"), 0, hand=("transference",), cp=5)
    duel = with_player(duel, 0, statuses={"concussion": 1})
    duel, _ = act(duel, 0, a.PlayCard("transference", target="1:concussion"))
    assert duel.choice is None and duel.players[1].statuses.get("concussion") == 1
    assert "concussion" not in duel.players[0].statuses


def test_so_wild_changes_a_defensive_die_too() -> None:
    # "Any one die" (S4): the Treant's Rooted die 1 (a branch, prevents 1) becomes a leaf.
    state = with_player(start("barbarian", "treant"), 0, hand=("so_wild",), cp=5)
    state = with_player(state, 1, statuses={})
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 1, 1, 4, 4)
    state, _ = act(state, 0, a.Announce("slap"))
    state, _ = act(state, 1, a.Pass())
    state, _ = act(state, 1, a.Defend(), 1, 2, 6)
    assert state.step is Step.DEFENSE_ROLLED
    state, _ = act(state, 0, a.PlayCard("so_wild", "1=4"))
    assert state.roll.defense_dice == (4, 2, 6)
    while state.step is Step.DEFENSE_ROLLED:
        state, _ = act(state, ENGINE.pending(state)[0].seat, a.Pass())
    done, _ = _finish(state)
    assert done.players[1].health == 50 - (4 - 2)
