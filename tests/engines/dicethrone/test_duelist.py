"""The Duelist with rigged dice: his Footwork track (Steps, Reposition in his Upkeep, the
bonus of where the marker stands when an Attack ends), every ability of his board and of
his upgrade cards (the alternate abilities they add), his defence Retreat, his tokens
Guard Break and Disarm and his fourteen cards; whole seeded matches with him in 1 v 1,
King of the Hill and 2 v 2."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core import IllegalActionError
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.content import DamageKind
from engines.dicethrone.rules.state import Phase, State, Step
from tests.engines.dicethrone.board_scenes import upkept
from tests.engines.dicethrone.helpers import (
    act,
    close_upkeep,
    defend,
    keys,
    replace,
    start,
    with_player,
)
from tests.engines.dicethrone.helpers import announce as _announce
from tests.engines.dicethrone.helpers import attack_damage as _attack
from tests.engines.dicethrone.helpers import pass_pauses as _then
from tests.engines.dicethrone.helpers import pass_windows as _pass_windows
from tests.engines.dicethrone.helpers import upgrades as _up
from tests.engines.dicethrone.test_new_heroes import ended_matches

GB = "guard_break"


def _duelist(foe: str = "barbarian", at: int = 0, **changes: Any) -> State:
    """The Duelist (seat 0) in his first Main phase, his marker on ``at``."""
    state = upkept(start("duelist", foe))
    changes = {"statuses": {}, **changes}
    return with_player(state, 0, tracks={"footwork": at}, **changes)


def _labels(state: State) -> list[str]:
    assert state.choice is not None
    return [o.text["en-US"] for o in state.choice.options]


def _at(state: State, seat: int = 0) -> int:
    return state.players[seat].tracks.get("footwork", 0)


# -- Footwork and Reposition ----------------------------------------------------------


def test_reposition_steps_1_or_2_one_way_and_backward_gains_guard_break() -> None:
    state = start("duelist", "barbarian")
    assert state.phase is Phase.UPKEEP and _labels(state) == [
        "1 Step forward",
        "2 Steps forward",
        "1 Step backward, Guard Break",
        "2 Steps backward, Guard Break",
    ]
    forward, events = act(state, 0, a.Choose(2))
    assert _at(forward) == 2 and "track_moved" in keys(events)
    assert forward.players[0].statuses == {}
    back, _ = act(state, 0, a.Choose(4))
    assert _at(back) == -2 and back.players[0].statuses == {GB: 1}


def test_steps_past_an_end_of_the_track_are_lost() -> None:
    state = with_player(start("duelist", "barbarian"), 0, tracks={"footwork": 1})
    state, _ = act(state, 0, a.Choose(2))
    assert _at(state) == 2


def test_the_board_shows_where_the_marker_stands() -> None:
    view = ENGINE.view(_duelist(at=-2), None)
    (chip,) = [c for c in view.data["players"][0]["companions"] if c["id"] == "footwork"]
    assert chip["label"]["en-US"] == "Footwork: −2 · Defence: prevent 3"
    assert chip["label"]["pt-BR"] == "Footwork: −2 · Defesa: previna 3"


def test_his_attack_ending_on_plus_2_adds_3_and_on_plus_1_adds_1() -> None:
    for at, dealt in ((2, 5), (1, 3), (0, 2)):
        state = _announce(_duelist(at=at), (1, 2, 6, 6, 4), "feint_attack")
        state, _ = act(state, 0, a.Choose(1))  # Feint Attack's Step: stay
        state = _pass_windows(state)
        assert state.phase is Phase.MAIN2 and state.players[1].health == 50 - dealt


def _attacked(at: int, **duelist: Any) -> State:
    """The Barbarian (seat 0) attacks the Duelist (seat 1) with Slap (3 swords: 4)."""
    state = start("barbarian", "duelist")
    state = with_player(state, 1, tracks={"footwork": at}, **duelist)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 1, 1, 4, 4)
    state, _ = act(state, 0, a.Announce("slap"))
    state, _ = act(state, 1, a.Pass())
    assert state.step is Step.DEFENSE
    return state


def test_retreat_forces_a_step_back_per_boot_or_pierce_and_the_end_place_defends() -> None:
    state, _ = defend(_attacked(0), 1, 1, 2, 4, 6)  # 2 blades: 1; 2 Steps back
    assert _at(state, 1) == -2 and [i.amount for i in state.ledger if i.target == 0] == [1]
    hand = len(state.players[1].hand)
    state = _pass_windows(state)
    # On -2 the Duelist prevents 3 of Slap's 4 before it is dealt.
    assert state.players[1].health == 49 and len(state.players[1].hand) == hand
    assert state.players[0].health == 49


def test_on_minus_1_the_attacked_duelist_draws_a_card() -> None:
    state, _ = defend(_attacked(0), 1, 1, 3, 5, 2)  # 3 blades: 1 damage; 1 Step back
    hand = len(state.players[1].hand)
    state = _pass_windows(state)
    assert _at(state, 1) == -1 and len(state.players[1].hand) == hand + 1


def test_retreat_ii_deals_1_per_blade() -> None:
    state, _ = defend(_attacked(1, **_up("retreat_2")), 1, 1, 2, 3, 1)
    assert [i.amount for i in state.ledger if i.target == 0] == [4] and _at(state, 1) == 1


# -- the board ------------------------------------------------------------------------


@pytest.mark.parametrize(("dice", "damage"), [((1, 2, 3, 4, 6), 4), ((1, 2, 3, 1, 6), 5)])
def test_blade_flurry_deals_4_5_6(dice: tuple[int, ...], damage: int) -> None:
    state = _announce(_duelist(), dice, "blade_flurry")
    assert state.choice is None and _attack(state)[0] == damage
    five = _announce(_duelist(), (1, 2, 3, 1, 2), "blade_flurry")
    assert _attack(five)[0] == 6


def test_blade_flurry_may_step_on_4_of_a_kind_and_ii_on_3() -> None:
    state = _announce(_duelist(), (2, 2, 2, 2, 4), "blade_flurry")
    assert _labels(state) == [
        "Stay: Neutral",
        "1 step forward: +1 · Attack +1",
        "1 step backward: −1 · Defence: draw 1",
    ]
    state, _ = act(state, 0, a.Choose(2))
    assert _at(state) == 1 and _attack(state)[0] == 5
    two = _announce(_duelist(**_up("blade_flurry_2")), (3, 3, 3, 4, 6), "blade_flurry")
    assert _attack(two)[0] == 5 and len(_labels(two)) == 3


def test_balestra_steps_up_to_2_then_deals_6_and_ii_8() -> None:
    state = _announce(_duelist(), (1, 2, 4, 5, 6), "balestra")
    assert len(_labels(state)) == 5  # stay, +2, +1, -1, -2
    state, _ = act(state, 0, a.Choose(2))  # 2 steps forward
    state = _then(state)
    assert _at(state) == 2 and _attack(state)[0] == 6
    upgraded = _announce(_duelist(**_up("balestra_2")), (1, 2, 4, 5, 6), "balestra")
    upgraded, _ = act(upgraded, 0, a.Choose(1))
    assert _attack(_then(upgraded))[0] == 8


def test_balestra_ends_with_its_footwork_bonus_in_the_damage() -> None:
    state = _announce(_duelist(), (1, 2, 4, 5, 6), "balestra")
    state, _ = act(state, 0, a.Choose(2))  # to +2
    state = _then(state)
    assert state.step is Step.DEFENSE
    state, _ = defend(state, 1, 1, 1, 1)  # Thick Skin: no heart, no healing
    state = _pass_windows(state)
    assert state.players[1].health == 50 - 6 - 3


def test_fancy_feet_needs_balestra_ii() -> None:
    state, _ = act(_duelist(), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 4, 4, 5, 1, 6)
    with pytest.raises(IllegalActionError):
        act(state, 0, a.Announce("fancy_feet"))
    feet = _announce(_duelist(**_up("balestra_2")), (4, 4, 5, 1, 6), "fancy_feet")
    assert len(_labels(feet)) == 5  # up to 3 steps, but the track ends at +-2
    feet, _ = act(feet, 0, a.Choose(5))
    assert _at(feet) == -2 and feet.players[0].statuses == {GB: 1} and not feet.ledger


def test_feint_attack_is_undefendable_with_guard_break() -> None:
    state = _announce(_duelist(), (1, 2, 6, 6, 4), "feint_attack")
    state, _ = act(state, 0, a.Choose(1))
    state = _pass_windows(state)
    assert state.players[0].statuses == {GB: 1} and state.players[1].health == 48
    two = _announce(_duelist(**_up("feint_attack_2")), (1, 2, 6, 6, 4), "feint_attack")
    two, _ = act(two, 0, a.Choose(1))
    two = _then(two)
    assert two.players[0].statuses == {GB: 2} and _attack(two) == (3, DamageKind.UNDEFENDABLE)


@pytest.mark.parametrize(("rolled", "disarm"), [((6, 1, 1, 1), True), ((1, 2, 4, 5), False)])
def test_en_garde_deals_8_and_a_pierce_among_4_dice_disarms(
    rolled: tuple[int, ...], disarm: bool
) -> None:
    state = _announce(_duelist(), (4, 4, 5, 6, 1), "en_garde", *rolled)
    assert _attack(state)[0] == 8 and ("disarm" in state.players[1].statuses) is disarm


def test_strike_small_7_large_steps_then_10() -> None:
    small = _announce(_duelist(), (1, 2, 3, 4, 6), "strike")
    assert small.choice is None and _attack(small)[0] == 7
    large = _announce(_duelist(), (1, 2, 3, 4, 5), "strike")
    large, _ = act(large, 0, a.Choose(3))  # 1 step backward
    assert _at(large) == -1 and _attack(_pass_windows(large))[0] == 10


def test_bladestorm_and_ii_and_bladewind() -> None:
    state = _announce(_duelist(), (6, 6, 6, 6, 1), "bladestorm")
    state, _ = act(state, 0, a.Choose(1))
    assert state.players[0].statuses == {GB: 1} and state.players[1].statuses == {"disarm": 1}
    assert _attack(_pass_windows(state))[0] == 8
    two = _announce(_duelist(**_up("bladestorm_2")), (6, 6, 6, 6, 1), "bladestorm")
    two, _ = act(two, 0, a.Choose(1))
    assert two.players[0].statuses == {GB: 2} and _attack(_pass_windows(two))[0] == 9
    wind = _announce(_duelist(**_up("bladestorm_2")), (6, 6, 6, 1, 4), "bladewind")
    (inc,) = wind.ledger
    assert (inc.amount, inc.kind) == (3, DamageKind.COLLATERAL)


def test_master_of_the_blade_is_his_ultimate() -> None:
    state = _announce(_duelist(), (6, 6, 6, 6, 6), "master_of_the_blade")
    assert len(_labels(state)) == 5
    state, _ = act(state, 0, a.Choose(2))
    state = _then(state)
    assert state.players[0].statuses == {GB: 2} and state.players[1].statuses == {"disarm": 1}
    assert _attack(state) == (11, DamageKind.ULTIMATE)


# -- tokens ---------------------------------------------------------------------------


@pytest.mark.parametrize(("die", "kind"), [(4, DamageKind.UNDEFENDABLE), (2, DamageKind.NORMAL)])
def test_guard_break_makes_the_attack_undefendable_on_4_or_5(die: int, kind: DamageKind) -> None:
    state = _announce(_duelist(statuses={GB: 1}), (1, 2, 3, 4, 6), "blade_flurry")
    state, _ = act(state, 0, a.Spend(GB), die)
    assert _attack(state) == (4, kind) and state.players[0].statuses == {}


def _disarmed_upkeep(hand: tuple[str, ...]) -> State:
    """The Duelist ends his turn; Bruno, disarmed, starts his Upkeep."""
    state = with_player(_duelist(), 1, statuses={"disarm": 1}, hand=hand, cp=2)
    state = replace(state, phase=Phase.DISCARD, step=None)
    state, _ = act(state, 0, a.EndPhase())
    return state


def test_disarm_costs_a_card_or_the_income() -> None:
    state = _disarmed_upkeep(("sashay",))
    assert _labels(state)[0] == "Discard nothing (no effect)"
    paid, _ = act(state, 1, a.Choose(2))
    paid, _ = close_upkeep(paid)
    assert "disarm" not in paid.players[1].statuses and paid.players[1].cp == 3
    kept, events = act(state, 1, a.Choose(1))
    kept, more = close_upkeep(kept)
    assert "income_skipped_status" in keys(events + more) and kept.players[1].cp == 2
    assert "disarm" not in kept.players[1].statuses


# -- cards ----------------------------------------------------------------------------


def test_pick_it_up_takes_the_disarm_back_for_3_damage() -> None:
    state = with_player(_duelist(hand=("pick_it_up",)), 1, statuses={"disarm": 1})
    state = _announce(state, (1, 2, 3, 4, 6), "blade_flurry")
    state, _ = act(state, 0, a.PlayCard("pick_it_up"))
    assert state.players[1].statuses == {} and _attack(state)[0] == 7
    none = _announce(_duelist(hand=("pick_it_up",)), (1, 2, 3, 4, 6), "blade_flurry")
    none, events = act(none, 0, a.PlayCard("pick_it_up"))
    assert "cost_unpaid_status" in keys(events) and _attack(none)[0] == 4


def test_sashay_steps_forward_for_2_damage_or_back_for_2_health() -> None:
    state, _ = act(_duelist(hand=("sashay",), cp=5, health=40), 0, a.PlayCard("sashay"))
    hit, _ = act(state, 0, a.Choose(1))
    assert _at(hit) == 1 and hit.players[1].health == 48
    heal, _ = act(state, 0, a.Choose(2))
    assert _at(heal) == -1 and heal.players[0].health == 42


def test_courageous_advance_and_confident_footing() -> None:
    state = _duelist(hand=("courageous_advance", "confident_footing"), cp=5)
    neutral, _ = act(state, 0, a.PlayCard("confident_footing"))
    assert neutral.players[0].statuses == {GB: 2}
    state, _ = act(state, 0, a.PlayCard("courageous_advance"))
    assert _labels(state)[1:] == [
        "2 steps forward: +2 · Attack +3",
        "1 step forward: +1 · Attack +1",
    ]
    state, _ = act(state, 0, a.Choose(3))
    state, _ = act(state, 0, a.PlayCard("confident_footing"))
    assert _at(state) == 1 and state.players[0].statuses == {}


def test_i_hate_waiting_steps_back_when_attacked() -> None:
    state = _attacked(0, hand=("i_hate_waiting",), cp=2)
    state, _ = act(state, 1, a.PlayCard("i_hate_waiting"))
    assert [o.split(":")[0] for o in _labels(state)] == [
        "Stay",
        "1 step backward",
        "2 steps backward",
    ]
    state, _ = act(state, 1, a.Choose(3))
    assert _at(state, 1) == -2


def test_burst_forward_and_quick_footwork() -> None:
    state = _duelist(hand=("burst_forward", "quick_footwork"), cp=5)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 1, 1)
    with pytest.raises(IllegalActionError):  # a 4 or a 5 only
        act(state, 0, a.PlayCard("quick_footwork", target="4=6"))
    state, _ = act(state, 0, a.PlayCard("quick_footwork", target="5=5"))
    assert state.roll.dice == (1, 2, 3, 1, 5)
    state, _ = act(state, 0, a.Announce("blade_flurry"))
    state, _ = act(state, 1, a.Pass())
    state, _ = act(state, 0, a.PlayCard("burst_forward"))
    assert _at(state) == 1


def test_all_in_the_wrists_disarms() -> None:
    state, _ = act(_duelist(hand=("all_in_the_wrists",), cp=2), 0, a.PlayCard("all_in_the_wrists"))
    assert state.players[1].statuses == {"disarm": 1}


def test_blade_barrage_adds_1_per_blade_and_may_step_on_2_boots() -> None:
    state = _announce(_duelist(hand=("blade_barrage",), cp=2), (1, 2, 3, 4, 6), "blade_flurry")
    state, _ = act(state, 0, a.PlayCard("blade_barrage"), 1, 2, 4, 5, 6)
    state, _ = act(state, 0, a.Choose(2))
    assert _at(state) == 1 and _attack(state)[0] == 4 + 2


# -- whole matches --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("others", "seeds"),
    [
        (["barbarian"], range(2)),  # 1 v 1
        (["ninja", "mythic_brawler"], range(2, 3)),  # King of the Hill
        (["paladin", "gunslinger", "barbarian"], range(3, 4)),  # 2 v 2
    ],
)
def test_seeded_matches_with_the_duelist_end(others: list[str], seeds: range) -> None:
    used = ended_matches(["duelist", *others], seeds)
    assert used["activated"] and used["track_moved"]
    assert used["Guard Break"] or used["Disarm"], used.most_common(20)
