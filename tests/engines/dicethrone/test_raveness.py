"""Raveness with rigged dice: Nevermore (moved to any player, Absorb Vitality raising
her dial, taken back to heal by it) and its Nevermore Die Roll at its holder's Upkeep,
every ability of her board and of her upgrade cards (the alternate abilities they
add), her defence, her tokens Feather and Hex and her fourteen cards; whole seeded
matches with her in 1 v 1, King of the Hill and 2 v 2; a save/load round trip and her
lookup."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engines.core import IllegalActionError
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.content import DamageKind
from engines.dicethrone.effects.pieces import holder
from engines.dicethrone.rules.state import Phase, State, Step
from tests.engines.dicethrone.helpers import (
    act,
    defend,
    keys,
    replace,
    start,
    through_first_roll,
    with_player,
)
from tests.engines.dicethrone.helpers import announce as _announce
from tests.engines.dicethrone.helpers import attack_damage as _attack
from tests.engines.dicethrone.helpers import pass_pauses as _then
from tests.engines.dicethrone.helpers import upgrades as _up
from tests.engines.dicethrone.test_modes import start_n
from tests.engines.dicethrone.test_new_heroes import ended_matches

FEATHER, HEX, BIRD, DIAL = "feather", "hex", "nevermore", "nevermore_dial"
#: The option numbers of "Activate Nevermore" (1-based, as players pick them).
MOVE, ABSORB = 1, 2


def _rv(foe: str = "barbarian", **changes: Any) -> State:
    """Raveness (seat 0) in her first Main phase."""
    return with_player(through_first_roll(start("raveness", foe)), 0, **changes)


def _away(dial: int = 0, **more: Any) -> dict[str, Any]:
    """Nevermore on the opponent (seat 1), the dial at ``dial``."""
    return {"tracks": {BIRD: 2, DIAL: dial}, **more}


def _where(state: State) -> int | None:
    """Who holds Nevermore (``None``: her board)."""
    return holder(state, 0, BIRD)


def _dial(state: State) -> int:
    return state.players[0].tracks.get(DIAL, 0)


def _feathers(state: State) -> int:
    return state.players[0].statuses.get(FEATHER, 0)


def _activations(state: State, *picks: int) -> State:
    """Answer Raveness's "Activate Nevermore" choices in turn (MOVE or ABSORB)."""
    for pick in picks:
        assert state.choice is not None and len(state.choice.options) == 2
        state, _ = act(state, 0, a.Choose(pick))
    return state


def _activation_asked(state: State) -> bool:
    ch = state.choice
    return ch is not None and not ch.pause and len(ch.options) == 2 and ch.seat == 0


# -- Nevermore ------------------------------------------------------------------------


def test_nevermore_starts_on_her_board_with_the_dial_at_0() -> None:
    state = _rv()
    assert _where(state) is None and _dial(state) == 0
    chips = ENGINE.view(state, None).data["players"][0]["companions"]
    assert [c["label"]["en-US"] for c in chips] == ["Nevermore's dial: 0"]


def test_moving_nevermore_puts_it_on_the_opponent_and_its_board_shows_it() -> None:
    state, _ = act(_rv(hand=("broken_stillness",), cp=3), 0, a.PlayCard("broken_stillness"))
    state, events = act(state, 0, a.Choose(MOVE))
    assert _where(state) == 1 and "piece_sent" in keys(events)
    chips = ENGINE.view(state, None).data["players"][1]["companions"]
    assert any("Nevermore" in c["label"]["en-US"] for c in chips)


def test_absorb_vitality_raises_the_dial_and_hurts_its_holder_at_once() -> None:
    state = _rv(hand=("broken_stillness",), cp=3, **_away(dial=1))
    state, _ = act(state, 0, a.PlayCard("broken_stillness"))
    state, _ = act(state, 0, a.Choose(ABSORB))
    assert _dial(state) == 2 and state.players[1].health == 49 and not state.ledger


def test_absorb_vitality_stops_at_3_and_does_nothing_while_nevermore_is_home() -> None:
    full = _rv(hand=("broken_stillness",), cp=3, **_away(dial=3))
    full, _ = act(full, 0, a.PlayCard("broken_stillness"))
    full, _ = act(full, 0, a.Choose(ABSORB))
    assert _dial(full) == 3 and full.players[1].health == 49
    home, _ = act(_rv(hand=("broken_stillness",), cp=3), 0, a.PlayCard("broken_stillness"))
    home, events = act(home, 0, a.Choose(ABSORB))
    assert "piece_not_there" in keys(events) and home.players[1].health == 50


def test_taking_nevermore_back_heals_by_the_dial_which_goes_to_0() -> None:
    state = _rv(hand=("broken_stillness",), cp=3, health=40, **_away(dial=3))
    state, _ = act(state, 0, a.PlayCard("broken_stillness"))
    state, events = act(state, 0, a.Choose(MOVE))  # the only player left: her board
    assert _where(state) is None and _dial(state) == 0
    assert state.players[0].health == 43 and "piece_recalled" in keys(events)


def test_with_several_opponents_she_picks_who_gets_nevermore_or_her_board() -> None:
    table = start_n(3, hero1="raveness", hero2="barbarian", hero3="paladin")
    table = with_player(table, 0, hand=("broken_stillness",), cp=3, tracks={BIRD: 2})
    state, _ = act(table, 0, a.PlayCard("broken_stillness"))
    state, _ = act(state, 0, a.Choose(MOVE))
    assert state.choice is not None and state.choice.topic == "player"
    labels = [o.text["en-US"] for o in state.choice.options]
    assert labels == ["3. Carla", "Your own board"]  # not the player holding it
    state, events = act(state, 0, a.Choose(1))
    assert holder(state, 0, BIRD) == 2 and "piece_passed" in keys(events)


# -- the Nevermore Die Roll -----------------------------------------------------------


def _holder_upkeep(die: int, **raveness: Any) -> tuple[State, list[Any]]:
    """Raveness ends her turn with Nevermore on the Barbarian: his Upkeep starts with
    the Nevermore Die Roll showing ``die`` (Cull! lets it be changed: everyone lets
    it stand)."""
    state = _rv(**_away(**raveness))
    state = replace(state, phase=Phase.DISCARD, step=None)
    state, events = act(state, 0, a.EndPhase(), die)
    assert state.choice is not None and state.choice.rolled
    state = _then(state)
    return state, events


def test_a_1_gives_its_holder_hex() -> None:
    state, _ = _holder_upkeep(1)
    assert state.players[1].statuses == {HEX: 1}


@pytest.mark.parametrize(("die", "most"), [(2, 2), (3, 1)])
def test_a_2_lets_her_activate_up_to_twice_and_a_3_once(die: int, most: int) -> None:
    state, _ = _holder_upkeep(die, dial=0)
    if most == 2:
        assert state.choice is not None and state.choice.topic == "repeat"
        assert state.choice.seat == 0  # Raveness answers in the Barbarian's Upkeep
        state, _ = act(state, 0, a.Choose(1))  # twice
    state = _activations(state, *([ABSORB] * most))
    assert _dial(state) == most and state.players[1].health == 50 - most


def test_a_4_makes_its_holder_discard_a_card_of_his_choice() -> None:
    state = _rv(**_away())
    state = with_player(state, 1, hand=("head_bash", "feelin_good"))
    state = replace(state, phase=Phase.DISCARD, step=None)
    state, _ = act(state, 0, a.EndPhase(), 4)
    state = _then(state)
    assert state.choice is not None and state.choice.topic == "discard_card"
    assert state.choice.picker == 1 and len(state.choice.options) == 2
    state, events = act(state, 1, a.Choose(2))
    assert state.players[1].discard[-1] == "feelin_good" and "discarded" in keys(events)
    assert "feelin_good" not in state.players[1].hand


def test_a_5_takes_a_cp_from_its_holder() -> None:
    state, _ = _holder_upkeep(5)
    # 2 - 1, then his Income (+1).
    assert state.players[0].cp == 3 and state.players[1].cp == 2


def test_a_6_empties_the_dial_and_brings_nevermore_back_without_healing() -> None:
    state = _rv(health=40, **_away(dial=3))
    state = replace(state, phase=Phase.DISCARD, step=None)
    state, _ = act(state, 0, a.EndPhase(), 6)
    state = _then(state)
    assert _where(state) is None and _dial(state) == 0 and state.players[0].health == 40


def test_cull_changes_the_nevermore_die_roll() -> None:
    state = _rv(hand=("cull",), cp=3, **_away())
    state = replace(state, phase=Phase.DISCARD, step=None)
    state, _ = act(state, 0, a.EndPhase(), 4)
    state, _ = act(state, 1, a.Pass())  # the active player (the Barbarian) first
    state, _ = act(state, 0, a.PlayCard("cull", target="1=5"))
    state = _then(state)
    # 5: a CP taken from him (3 - 1 for Cull! + 1); his 2 - 1, then his Income.
    assert state.players[0].cp == 3 and state.players[1].cp == 2


def _die_waits(die: int, feathers: int) -> State:
    """The Barbarian's Upkeep: the Nevermore Die Roll shows ``die`` and waits for its
    dice to be changed; he (active) has let it stand, Raveness holds ``feathers``."""
    state = _rv(statuses={FEATHER: feathers}, **_away())
    state = replace(state, phase=Phase.DISCARD, step=None)
    state, _ = act(state, 0, a.EndPhase(), die)
    state, _ = act(state, 1, a.Pass())
    assert state.choice is not None and state.choice.rolled
    return state


def _feather_uses(state: State) -> list[str]:
    assert state.choice is not None
    return [str(o.text.get("en-US")) for o in state.choice.options]


def _spent(state: State, *dice: int) -> tuple[State, list[Any]]:
    """Raveness spends a Feather; the Barbarian (active) lets her spend resolve."""
    state, _ = act(state, 0, a.Spend(FEATHER))
    return act(state, 1, a.Pass(), *dice)


def test_one_feather_re_rolls_the_nevermore_die_roll() -> None:
    state, events = _spent(_die_waits(4, 1), 5)  # one Feather: the re-roll, at once
    assert "piece_roll_changed" in keys(events) and _feathers(state) == 0
    state = _then(state)
    # A 5 now: a CP taken from him (2 + 1), his 2 - 1 then his Income.
    assert state.players[0].cp == 3 and state.players[1].cp == 2


@pytest.mark.parametrize(("pick", "cp"), [(1, 3), (2, 2)])
def test_two_feathers_change_the_nevermore_die_roll_by_1(pick: int, cp: int) -> None:
    state, _ = _spent(_die_waits(4, 2))
    assert _feather_uses(state) == [
        "Re-roll the Nevermore Die Roll (1 Feather)",
        "Change the Nevermore Die Roll by 1 (2 Feathers)",
    ]
    state, _ = act(state, 0, a.Choose(2))
    assert _feather_uses(state) == ["+1 (to 5)", "-1 (to 3)"]
    state, _ = act(state, 0, a.Choose(pick))
    assert _feathers(state) == 0
    state = _then(state)
    # 5: a CP taken from him; 3: Nevermore activated (moved back to her board here).
    if pick == 2:
        state = _activations(state, MOVE)
        assert _where(state) is None
    assert state.players[0].cp == cp


def test_a_six_is_changed_only_down() -> None:
    state, _ = _spent(_die_waits(6, 2))
    state, _ = act(state, 0, a.Choose(2))
    assert state.choice is not None and state.choice.rolled  # -1 at once: 5
    assert state.choice.dice == (5,) and _feathers(state) == 0


def test_feathers_change_no_roll_outside_the_nevermore_die_roll() -> None:
    state = _rv(statuses={FEATHER: 2})
    assert "spend" not in ENGINE.pending(state)[0].kinds  # only the 3-Feather use exists
    three = _rv(statuses={FEATHER: 3}, **_away())
    state, _ = act(three, 0, a.Spend(FEATHER))  # only the activation: asked at once
    assert _activation_asked(state) and _feathers(state) == 0


def test_nevermore_on_her_own_board_rolls_nothing() -> None:
    state = replace(_rv(), phase=Phase.DISCARD, step=None)
    state, events = act(state, 0, a.EndPhase())
    assert "effect_roll" not in keys(events)


# -- the board ------------------------------------------------------------------------


@pytest.mark.parametrize(("dice", "damage"), [((1, 2, 3, 4, 6), 5), ((1, 2, 3, 2, 6), 6)])
def test_peck_deals_5_6_7(dice: tuple[int, ...], damage: int) -> None:
    state = _announce(_rv(), dice, "peck")
    assert _attack(state)[0] == damage and not _activation_asked(state)
    assert _attack(_announce(_rv(), (1, 2, 3, 1, 2), "peck"))[0] == 7


def test_peck_activates_on_4_of_a_kind_and_peck_ii_on_3() -> None:
    state = _announce(_rv(), (2, 2, 2, 2, 6), "peck")
    state = _activations(state, MOVE)
    assert _attack(state)[0] == 6 and _where(state) == 1
    two = _announce(_rv(**_up("peck_2")), (3, 3, 3, 4, 6), "peck")
    two = _activations(two, MOVE)
    assert _attack(two)[0] == 6 and _where(two) == 1
    assert _attack(_announce(_rv(**_up("peck_2")), (1, 2, 3, 1, 2), "peck"))[0] == 8


def test_raven_sight_activates_then_deals_3_undefendable() -> None:
    state = _activations(_announce(_rv(**_away()), (1, 2, 6, 6, 4), "raven_sight"), ABSORB)
    assert _attack(state) == (3, DamageKind.UNDEFENDABLE) and _dial(state) == 1
    two = _announce(_rv(**_away(), **_up("raven_sight_2")), (1, 2, 6, 6, 4), "raven_sight")
    two = _activations(two, ABSORB, ABSORB)
    assert _dial(two) == 2 and two.players[1].health == 48


def test_craven_and_craven_ii() -> None:
    state = _announce(_rv(), (1, 2, 3, 4, 4), "craven")
    assert _attack(state)[0] == 8 and _feathers(state) == 1
    two = _announce(_rv(**_up("craven_2")), (1, 2, 3, 4, 4), "craven")
    assert _attack(two)[0] == 9 and _feathers(two) == 2


def test_beguile_and_beguile_ii() -> None:
    state = _activations(_announce(_rv(), (1, 2, 3, 4, 5), "beguile"), MOVE)
    assert _attack(state)[0] == 9 and _feathers(state) == 2 and _where(state) == 1
    two = _announce(_rv(**_away(), **_up("beguile_2")), (1, 2, 3, 4, 5), "beguile")
    two = _activations(two, ABSORB, ABSORB)
    assert _attack(two)[0] == 9 and _feathers(two) == 3 and _dial(two) == 2


def test_pluck_needs_beguile_ii_and_hexes_then_deals_9() -> None:
    state = _then(_announce(_rv(**_up("beguile_2")), (4, 5, 4, 6, 6), "pluck"))
    assert state.players[1].statuses == {HEX: 1} and _attack(state)[0] == 9


def test_fowl_friend_draws_gains_4_feathers_and_activates_twice_without_damage() -> None:
    state = _rv(**_away())
    hand = len(state.players[0].hand)
    state = _announce(state, (4, 4, 5, 5, 1), "fowl_friend")
    state = _activations(state, ABSORB, ABSORB)
    assert _feathers(state) == 4 and len(state.players[0].hand) == hand + 1
    assert _dial(state) == 2 and not [i for i in state.ledger if i.attack]


def test_fowl_friend_ii_needs_3_wings_and_fills_the_feathers() -> None:
    state = _announce(_rv(**_away(), **_up("fowl_friend_2")), (4, 4, 5, 1, 1), "fowl_friend")
    state = _activations(state, ABSORB, ABSORB, ABSORB)
    assert _feathers(state) == 5 and _dial(state) == 3


def test_birds_of_a_feather_raises_the_limit_then_fowl_friend_ii() -> None:
    state = _announce(_rv(**_away(), **_up("fowl_friend_2")), (4, 4, 5, 5, 4), "birds_of_a_feather")
    state = _activations(state, ABSORB, ABSORB, ABSORB)
    assert _feathers(state) == 6 and _dial(state) == 3


def test_murder_of_crows_adds_talons_feathers_and_an_eye_activation() -> None:
    state = _announce(_rv(**_away()), (1, 2, 4, 4, 5), "murder_of_crows", 1, 4, 6, 6)
    state = _activations(_then(state), ABSORB)  # two eyes: still once
    assert _attack(state)[0] == 5 + 1 and _feathers(state) == 1 and _dial(state) == 1
    two = _rv(**_up("murder_of_crows_2"))
    two = _then(_announce(two, (1, 2, 4, 4, 5), "murder_of_crows", 1, 1, 4, 5, 3))
    assert _attack(two)[0] == 6 + 3 and _feathers(two) == 2


def test_chamber_aviary_and_chamber_ii() -> None:
    state = _announce(_rv(**_away()), (6, 6, 6, 6, 1), "chamber")
    state = _activations(state, ABSORB, ABSORB)
    assert _attack(state) == (7, DamageKind.UNDEFENDABLE) and _dial(state) == 2
    two = _announce(_rv(**_away(), **_up("chamber_2")), (6, 6, 6, 6, 1), "chamber")
    two = _activations(two, ABSORB, ABSORB, ABSORB)
    assert _dial(two) == 3
    aviary = _announce(_rv(**_up("chamber_2")), (6, 6, 6, 1, 4), "aviary")
    assert _attack(aviary) == (2, DamageKind.UNDEFENDABLE) and _feathers(aviary) == 4


def test_fantastic_terrors_is_her_ultimate() -> None:
    state = _announce(_rv(**_away()), (6, 6, 6, 6, 6), "fantastic_terrors")
    state = _activations(state, ABSORB, ABSORB, ABSORB)
    assert _attack(state) == (13, DamageKind.ULTIMATE) and state.players[1].statuses == {HEX: 1}


# -- the defence ----------------------------------------------------------------------


def _attacked(**raveness: Any) -> State:
    """The Barbarian (seat 0) attacks Raveness (seat 1) with Slap."""
    state = with_player(through_first_roll(start("barbarian", "raveness")), 1, **raveness)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 1, 1, 4, 4)
    state, _ = act(state, 0, a.Announce("slap"))
    state, _ = act(state, 1, a.Pass())
    assert state.step is Step.DEFENSE
    return state


def _hit_back(state: State) -> int:
    """Damage Raveness's defence deals the Attacker (seat 0), waiting in the ledger."""
    return sum(i.amount for i in state.ledger if i.target == 0 and i.source == 1)


def test_nothing_more_hits_2_on_2_talons_and_prevents_2_on_2_wings_once_each() -> None:
    state, _ = defend(_attacked(), 1, 1, 2, 3, 4, 5)
    assert _hit_back(state) == 2 and state.ledger[0].prevented == 2


def test_nothing_more_activates_nevermore_on_2_eyes() -> None:
    state, _ = defend(_attacked(), 1, 6, 6, 4, 1, 5)
    assert state.choice is not None and state.choice.seat == 1
    state, _ = act(state, 1, a.Choose(MOVE))
    assert holder(state, 1, BIRD) == 0


def test_nothing_more_ii_hits_1_per_talon() -> None:
    state, _ = defend(_attacked(**_up("nothing_more_2")), 1, 1, 2, 3, 4, 5)
    assert _hit_back(state) == 3 and state.ledger[0].prevented == 2


# -- tokens ---------------------------------------------------------------------------


def test_three_feathers_activate_nevermore_at_any_time() -> None:
    two = _rv(statuses={FEATHER: 2})
    assert "spend" not in ENGINE.pending(two)[0].kinds
    state, _ = act(_rv(statuses={FEATHER: 4}, **_away()), 0, a.Spend(FEATHER))
    state, _ = act(state, 0, a.Choose(ABSORB))
    assert _feathers(state) == 1 and _dial(state) == 1


def _rolled(dice: tuple[int, ...], **raveness: Any) -> State:
    state, _ = act(_rv(**raveness), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), *dice)
    return state


def test_hex_makes_her_6s_blank_for_her_abilities() -> None:
    eyes = _rolled((6, 6, 6, 6, 1), statuses={HEX: 1})
    with pytest.raises(IllegalActionError):
        act(eyes, 0, a.Announce("chamber"))
    rows = ENGINE.view(eyes, None).data["players"][0]["abilities"]
    assert not any(r["met"] for ab in rows for r in ab["rows"])
    run = _rolled((1, 3, 4, 5, 6), statuses={HEX: 1})  # 3-4-5 and a blank
    with pytest.raises(IllegalActionError):
        act(run, 0, a.Announce("craven"))
    act(_rolled((1, 3, 4, 5, 6)), 0, a.Announce("craven"))  # without Hex: a small straight
    act(_rolled((1, 1, 1, 6, 6), statuses={HEX: 1}), 0, a.Announce("peck"))  # talons count


def test_hex_makes_the_defender_s_6s_blank() -> None:
    state, _ = defend(_attacked(statuses={HEX: 1}), 1, 6, 6, 4, 1, 5)
    assert state.choice is None or state.choice.pause  # no Nevermore activation asked
    plain, _ = defend(_attacked(), 1, 6, 6, 4, 1, 5)
    assert plain.choice is not None and plain.choice.seat == 1


def test_hex_blanks_the_6s_of_her_effect_rolls() -> None:
    state = _rv(hand=("midnight_dreary",), cp=3, statuses={HEX: 1}, **_away())
    state, _ = act(state, 0, a.PlayCard("midnight_dreary"), 4, 5, 6, 6, 4)
    state = _then(state)
    # Three wings, two eyes read blank: no activation asked.
    assert _feathers(state) == 3 and not _activation_asked(state) and _dial(state) == 0


def test_a_hexed_holder_s_6_on_the_nevermore_die_roll_is_blank() -> None:
    state = _rv(health=40, **_away(dial=3))
    state = with_player(state, 1, statuses={HEX: 1})  # Hexed on Raveness's turn
    state = replace(state, phase=Phase.DISCARD, step=None)
    state, _ = act(state, 0, a.EndPhase(), 6)
    state = _then(state)
    # A blank: Nevermore stays on him, the dial keeps its 3.
    assert _where(state) == 1 and _dial(state) == 3


def test_hex_leaves_at_the_end_of_its_holder_s_turn() -> None:
    state = with_player(_rv(), 0, statuses={HEX: 1})
    state = replace(state, phase=Phase.DISCARD, step=None)
    state, _ = act(state, 0, a.EndPhase())
    assert HEX not in state.players[0].statuses


# -- cards ----------------------------------------------------------------------------


@pytest.mark.parametrize(("pick", "health"), [(1, 41), (2, 37)])
def test_nevermore_attack_heals_or_hurts_the_player_it_is_on(pick: int, health: int) -> None:
    state = _rv(hand=("nevermore_attack",), cp=3, **_away())
    state = with_player(state, 1, health=40)
    state, _ = act(state, 0, a.PlayCard("nevermore_attack"))
    state = _activations(state, ABSORB)  # 1 undefendable damage at once: 39
    state, _ = act(state, 0, a.Choose(pick))  # heal 2, or 2 damage
    assert state.players[1].health == health and state.players[0].cp == 1


def test_nevermore_attack_at_home_acts_on_raveness() -> None:
    state = _rv(hand=("nevermore_attack",), cp=3, health=40)
    state, _ = act(state, 0, a.PlayCard("nevermore_attack"))
    state = _activations(state, ABSORB)  # nothing to absorb: Nevermore stays home
    state, _ = act(state, 0, a.Choose(1))
    assert state.players[0].health == 42 and state.players[1].health == 50


def test_midnight_dreary_gains_a_feather_per_wing_and_activates_on_an_eye() -> None:
    state = _rv(hand=("midnight_dreary",), cp=3, **_away())
    state, _ = act(state, 0, a.PlayCard("midnight_dreary"), 4, 5, 6, 1, 4)
    state = _activations(_then(state), ABSORB)
    assert _feathers(state) == 3 and _dial(state) == 1


@pytest.mark.parametrize(
    ("where", "kind", "damage"), [(2, DamageKind.UNDEFENDABLE, 6), (0, DamageKind.NORMAL, 5)]
)
def test_stone_beak_needs_nevermore_on_the_defender(
    where: int, kind: DamageKind, damage: int
) -> None:
    state = _rv(hand=("stone_beak",), cp=3, tracks={BIRD: where})
    state = _announce(state, (1, 2, 3, 4, 6), "peck")
    state, _ = act(state, 0, a.PlayCard("stone_beak"))
    state, _ = act(state, 1, a.Pass()) if state.queued else (state, [])
    assert _attack(state) == (damage, kind)


def test_talon_strike_adds_a_damage_per_talon_and_a_feather() -> None:
    state = _rv(hand=("talon_strike",), cp=3)
    state = _announce(state, (1, 2, 3, 4, 6), "peck")
    state, _ = act(state, 0, a.PlayCard("talon_strike"), 1, 2, 4, 6, 5)
    state, _ = act(state, 1, a.Pass()) if state.queued else (state, [])
    state = _then(state)
    assert _attack(state)[0] == 5 + 2 and _feathers(state) == 1


# -- whole matches, save and lookup ---------------------------------------------------------


@pytest.mark.parametrize(
    ("others", "seeds"),
    [
        (["barbarian"], range(2)),  # 1 v 1
        (["thor", "sun_elf"], range(2, 3)),  # King of the Hill
        (["headless_horseman", "paladin", "ninja"], range(4, 6)),  # 2 v 2
    ],
)
def test_seeded_matches_with_raveness_end(others: list[str], seeds: range) -> None:
    used = ended_matches(["raveness", *others], seeds)
    assert used["activated"] and used["piece_sent"]


def test_nevermore_and_its_dial_survive_a_save_and_load() -> None:
    state = _rv(**_away(dial=2))
    again = ENGINE.state_from_json(ENGINE.state_to_json(state))
    assert again == state and holder(again, 0, BIRD) == 1 and _dial(again) == 2


def test_her_lookup_shows_the_printed_names() -> None:
    board = ENGINE.lookup(_rv(), None, "raveness")
    assert board is not None
    entry = json.dumps(board.data["entry"], ensure_ascii=False)
    names = ("Peck", "Murder of Crows", "Fantastic Terrors", "Nothing More", "Cull!")
    assert all(name in entry for name in (*names, "Nevermore", "Feather", "Hex"))
    assert "Começa no seu tabuleiro" in entry  # Nevermore's rules in our words


def test_gain_the_maximum_is_said_as_up_to_the_limit() -> None:
    board = ENGINE.lookup(_rv(), None, "raveness")
    assert board is not None
    entry = json.dumps(board.data["entry"], ensure_ascii=False)
    assert "Feather up to its limit" in entry and "até o limite" in entry
    assert "×99" not in entry and "×10" not in entry
