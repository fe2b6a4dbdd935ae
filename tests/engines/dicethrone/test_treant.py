"""The Treant with rigged dice: his Spirits (gained and grown Seedling -> Sapling ->
Dryad within their limits, removed "up to N", counted "per Spirit", each spent for its
use), every ability of his board and of his upgrade cards (the alternate abilities they
add), his defence Rooted, Barbed Vine and Wellspring, his fifteen cards; whole seeded
matches in 1 v 1, King of the Hill and 2 v 2; a save/load round trip; the lookup."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core import EngineError, RiggedDice, Seat, SeededDice
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.content import DamageKind
from engines.dicethrone.rules.cards import spendable
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
from tests.engines.dicethrone.test_new_heroes import ended_matches

SEED, SAP, DRYAD = "seedling", "sapling", "dryad"
VINE, WELL = "barbed_vine", "wellspring"


def _up(card: str) -> dict[str, Any]:
    """The Treant's board holding one upgrade card (``x_2``, ``x_3``: that slot's level)."""
    slot = card.rsplit("_", 1)[0]
    return {"upgrades": {slot: card}, "board": (card,)}


def _treant(foe: str = "barbarian", **changes: Any) -> State:
    """The Treant (seat 0) in his first Main phase; ``statuses`` replaces his Spirits."""
    changes.setdefault("statuses", {})
    return with_player(start("treant", foe), 0, **changes)


def _choose(state: State, *picks: int) -> State:
    """The owner of each paused "Or" picks (1 = the first option)."""
    for pick in picks:
        assert state.choice is not None, "no choice is waiting"
        state, _ = act(state, ENGINE.pending(state)[0].seat, a.Choose(pick))
    return state


def _labels(state: State) -> list[str]:
    assert state.choice is not None
    return [o.text["en-US"] for o in state.choice.options]


def _spirits(state: State, seat: int = 0) -> dict[str, int]:
    held = state.players[seat].statuses
    return {s: held[s] for s in (SEED, SAP, DRYAD) if held.get(s)}


def _spendable(state: State, seat: int = 0) -> list[str]:
    """The tokens the seat may spend now."""
    return spendable(ENGINE.flow(state, RiggedDice([])), state, seat)


def _to(state: State, seat: int) -> int:
    """Damage waiting for the seat (every instance, added damage included)."""
    return sum(i.amount + i.added for i in state.ledger if i.target == seat)


# -- Spirits: growing ---------------------------------------------------------------------


def test_fertilize_grows_a_spirit_in_his_upkeep() -> None:
    assert start("treant", "barbarian").players[0].statuses == {SEED: 1}
    second = start("barbarian", "treant")
    assert second.players[1].statuses == {}  # his first Upkeep is still to come
    state = with_player(second, 1, statuses={SEED: 1})
    state = replace(state, phase=Phase.DISCARD, step=None)
    state, _ = act(state, 0, a.EndPhase())
    # A Seedling held: gain another or turn it into a Sapling, his pick.
    assert _labels(state) == ["Gain a Seedling", "Turn a Seedling into a Sapling"]
    assert ENGINE.pending(state)[0].seat == 1
    grown = _choose(state, 2)
    assert _spirits(grown, 1) == {SAP: 1}


def test_growing_respects_each_stages_limit_and_is_lost_when_nothing_fits() -> None:
    plant = _up("overgrowth_2")  # Plant: grow 3 Spirits
    held = {SEED: 3, SAP: 2, DRYAD: 1}
    full = _announce(_treant(statuses=held, **plant), (4, 4, 1, 2, 3), "plant")
    assert _spirits(full) == {SEED: 3, SAP: 2, DRYAD: 1} and full.choice is None
    # One way at a time, so no question: a Sapling up, a Seedling up, a new Seedling.
    state = _announce(_treant(statuses={SEED: 3, SAP: 2}, **plant), (4, 4, 1, 2, 3), "plant")
    assert _spirits(state) == {SEED: 3, SAP: 2, DRYAD: 1} and state.choice is None


def test_grow_offers_a_new_seedling_first_then_the_latest_stage() -> None:
    state = _announce(
        _treant(statuses={SEED: 1, SAP: 1}, **_up("overgrowth_2")), (4, 4, 1, 2, 3), "plant"
    )
    assert _labels(state) == [
        "Gain a Seedling",
        "Turn a Sapling into a Dryad",
        "Turn a Seedling into a Sapling",
    ]
    state = _choose(state, 2, 1)  # a Dryad, then a Seedling
    assert _spirits(state) == {SEED: 2, DRYAD: 1}
    assert _labels(state) == ["Gain a Seedling", "Turn a Seedling into a Sapling"]
    state = _choose(state, 2)
    assert _spirits(state) == {SEED: 1, SAP: 1, DRYAD: 1}


def test_spirits_are_not_touched_by_cards_that_change_status_effects() -> None:
    state = with_player(start("barbarian", "treant"), 0, hand=("bye_bye",), cp=5)
    state = with_player(state, 1, statuses={SEED: 1, SAP: 1, WELL: 1})
    with pytest.raises(EngineError):
        act(state, 0, a.PlayCard("bye_bye", target="2:seedling"))
    state, _ = act(state, 0, a.PlayCard("bye_bye", target="2:wellspring"))
    assert state.players[1].statuses == {SEED: 1, SAP: 1}


# -- the board ----------------------------------------------------------------------------


@pytest.mark.parametrize(("dice", "damage"), [((1, 2, 3, 4, 6), 5), ((1, 2, 3, 1, 6), 6)])
def test_splinter_deals_5_6_7(dice: tuple[int, ...], damage: int) -> None:
    state = _announce(_treant(), dice, "splinter")
    assert _attack(state) == (damage, DamageKind.NORMAL) and state.step is Step.DEFENSE
    assert _attack(_announce(_treant(), (1, 2, 3, 1, 2), "splinter"))[0] == 7


def test_splinter_may_discard_one_spirit_to_inflict_barbed_vine() -> None:
    state = _announce(_treant(statuses={SEED: 2, SAP: 1}), (1, 2, 3, 4, 6), "splinter")
    assert _labels(state) == ["Remove 1 Seedling", "Remove 1 Sapling", "Remove none"]
    sapling = _choose(state, 2)
    assert _spirits(sapling) == {SEED: 2} and sapling.players[1].statuses == {VINE: 1}
    kept = _choose(state, 3)
    assert _spirits(kept) == {SEED: 2, SAP: 1} and kept.players[1].statuses == {}
    none = _announce(_treant(), (1, 2, 3, 4, 6), "splinter")
    assert none.choice is None and none.players[1].statuses == {}


def test_splinter_ii_inflicts_and_iii_grows_on_three_of_a_kind() -> None:
    two = _announce(_treant(**_up("splinter_2")), (1, 2, 3, 4, 6), "splinter")
    assert two.players[1].statuses == {VINE: 1} and _attack(two)[0] == 5
    three = _announce(_treant(**_up("splinter_3")), (2, 2, 2, 4, 6), "splinter")
    assert _spirits(three) == {SEED: 1} and three.players[1].statuses == {VINE: 1}
    mixed = _announce(_treant(**_up("splinter_3")), (1, 2, 3, 4, 6), "splinter")
    assert _spirits(mixed) == {}


def test_tend_draws_grows_3_and_gives_wellspring_and_barbed_vine() -> None:
    state = _announce(_treant(), (4, 5, 6, 6, 1), "tend")
    state = _choose(state, 1, 1)  # two more Seedlings (the first grew with no question)
    assert _labels(state) == ["1. Alice", "2. Bruno"]  # Wellspring: a chosen player
    state = _choose(state, 1)
    assert _spirits(state) == {SEED: 3} and state.players[0].statuses[WELL] == 1
    assert state.players[1].statuses == {VINE: 1} and len(state.players[0].hand) == 5
    assert not state.ledger  # no damage: not an Attack


def test_tend_ii_grows_4_and_cultivate_grows_6() -> None:
    state = _announce(_treant(**_up("tend_2")), (4, 5, 6, 6, 1), "tend")
    state = _choose(state, 1, 1)  # two more Seedlings; the fourth growth has one way
    assert _spirits(state) == {SEED: 2, SAP: 1}
    state = _choose(state, 1)  # Wellspring for himself
    assert len(state.players[0].hand) == 5 and state.players[0].statuses[WELL] == 1
    cultivate = _announce(_treant(**_up("tend_2")), (1, 2, 6, 6, 4), "cultivate")
    while cultivate.choice is not None:
        cultivate = _choose(cultivate, 1)
    # Six growths from 0, always the first way offered: 3 Seedlings, then the only way
    # left (a Seedling up), a Seedling again, then the Sapling up into a Dryad.
    assert _spirits(cultivate) == {SEED: 3, DRYAD: 1}


def test_overgrowth_adds_4_per_spirit_removed_and_wellspring_makes_it_undefendable() -> None:
    state = _announce(_treant(statuses={SEED: 1, DRYAD: 1, WELL: 1}), (1, 2, 4, 4, 5), "overgrowth")
    assert _labels(state) == [
        "Remove 1 Seedling, Remove 1 Dryad",
        "Remove 1 Seedling",
        "Remove 1 Dryad",
        "Remove none",
    ]
    both = _choose(state, 1)
    assert _spirits(both) == {} and _attack(both) == (2 + 8, DamageKind.NORMAL)
    assert both.choice is not None  # discard Wellspring?
    assert _labels(both) == ["Keep the Wellspring token", "Discard Wellspring for the effect"]
    undefendable = _choose(both, 2)
    assert _attack(undefendable) == (10, DamageKind.UNDEFENDABLE)
    assert WELL not in undefendable.players[0].statuses
    kept = _choose(both, 1)
    assert _attack(kept) == (10, DamageKind.NORMAL) and kept.players[0].statuses == {WELL: 1}
    none = _choose(state, 4, 1)
    assert _attack(none)[0] == 2 and _spirits(none) == {SEED: 1, DRYAD: 1}


def test_overgrowth_ii_deals_4_and_plant_grows_3() -> None:
    state = _announce(_treant(**_up("overgrowth_2")), (1, 2, 4, 4, 5), "overgrowth")
    assert _attack(state)[0] == 4
    plant = _announce(_treant(**_up("overgrowth_2")), (1, 4, 5, 6, 6), "plant")
    plant = _choose(plant, 1, 1)
    assert _spirits(plant) == {SEED: 3} and not plant.ledger


def test_vengeful_vines_inflicts_then_7_and_ii_8() -> None:
    state = _announce(_treant(), (1, 2, 3, 4, 1), "vengeful_vines")
    assert state.players[1].statuses == {VINE: 1} and _attack(state) == (7, DamageKind.NORMAL)
    two = _announce(_treant(**_up("vengeful_vines_2")), (1, 2, 3, 4, 1), "vengeful_vines")
    assert _attack(two)[0] == 8


def test_bitterroot_deals_1_pure_per_spirit() -> None:
    held = {SEED: 2, SAP: 1, DRYAD: 1}
    state = _announce(
        _treant(statuses=held, **_up("vengeful_vines_2")), (4, 4, 5, 1, 2), "bitterroot"
    )
    assert _attack(state) == (4, DamageKind.PURE) and _spirits(state) == held


def test_call_of_the_wild_deals_8_and_rolls_4_dice() -> None:
    # 8, then 2 branches (+2), a leaf (Wellspring), a spirit (grow 1).
    state = _announce(_treant(), (1, 2, 3, 4, 5), "call_of_the_wild", 1, 2, 4, 6)
    assert _attack(state)[0] == 10 and state.players[0].statuses == {WELL: 1, SEED: 1}
    two = _announce(
        _treant(**_up("call_of_the_wild_2")), (1, 2, 3, 4, 5), "call_of_the_wild", 1, 1, 1, 6, 6
    )
    two = _choose(two, 1)  # the second spirit's growth: another Seedling
    assert _attack(two)[0] == 11 and _spirits(two) == {SEED: 2}


def test_enrapture_needs_call_of_the_wild_ii() -> None:
    state = _announce(_treant(**_up("call_of_the_wild_2")), (1, 2, 6, 6, 4), "enrapture")
    assert state.players[1].statuses == {VINE: 1}
    assert _attack(state) == (4, DamageKind.UNDEFENDABLE)
    bare = _treant()
    bare, _ = act(bare, 0, a.EndPhase())
    bare, _ = act(bare, 0, a.RollDice(), 1, 2, 6, 6, 4)
    with pytest.raises(EngineError):
        act(bare, 0, a.Announce("enrapture"))


def test_natures_grasp_grows_2_then_deals_5_plus_1_per_spirit_undefendable() -> None:
    state = _announce(_treant(statuses={SAP: 1}), (6, 6, 6, 6, 1), "natures_grasp")
    state = _then(_choose(state, 1, 1))  # two new Seedlings
    assert _spirits(state) == {SEED: 2, SAP: 1}
    assert _to(state, 1) == 5 + 3
    assert {i.kind for i in state.ledger if i.target == 1} == {DamageKind.UNDEFENDABLE}
    two = _then(_announce(_treant(**_up("natures_grasp_2")), (6, 6, 6, 6, 1), "natures_grasp"))
    two = _then(_choose(two, 1)) if two.choice is not None else two
    assert _to(two, 1) == 6 + 2


def test_natures_blessing_heals_gains_draws_and_grows() -> None:
    state = _treant(health=40, cp=2, **_up("natures_grasp_2"))
    state = _announce(state, (6, 6, 6, 1, 4), "natures_blessing")
    assert state.heals[0].amount == 1 and state.players[0].cp == 3
    assert len(state.players[0].hand) == 5 and _spirits(state) == {SEED: 1}


def test_wake_the_forest_is_his_ultimate() -> None:
    state = _announce(_treant(statuses={SEED: 3, SAP: 2}), (6, 6, 6, 6, 6), "wake_the_forest")
    state = _then(
        _choose(state, 1, 1, 1, 1, 1) if state.choice and not state.choice.pause else state
    )
    assert state.players[0].statuses[WELL] == 1 and state.players[1].statuses == {VINE: 1}
    assert _attack(state) == (10, DamageKind.ULTIMATE)


def test_wake_the_forest_gives_his_teammate_wellspring_in_2v2() -> None:
    seats = [Seat(i, name) for i, name in enumerate(("Alice", "Bruno", "Carla", "Davi"))]
    options = {"hero1": "treant", "hero2": "barbarian", "hero3": "paladin", "hero4": "ninja"}
    state = ENGINE.new_match(options, seats, ENGINE.load_content(None), RiggedDice([6, 1, 1, 1]))
    state = through_first_roll(state)
    state = with_player(state, 0, statuses={})
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 6, 6, 6, 6, 6)
    state, _ = act(state, 0, a.Announce("wake_the_forest"))
    mate = next(s for s in state.teammates(0) if s != 0)
    for _ in range(40):
        if state.players[mate].statuses.get(WELL):
            break
        decision = ENGINE.pending(state)[0]
        if "target" in decision.kinds:
            action: a.Action = a.Target(state.opponents(0)[0] + 1)
        elif "choose" in decision.kinds:
            action = a.Choose(1)
        else:
            action = a.Pass()
        state = ENGINE.apply(state, decision.seat, action, SeededDice(b"wake", 0)).state
    assert state.players[mate].statuses.get(WELL) == 1 and state.players[0].statuses[WELL] == 1


# -- the defence --------------------------------------------------------------------------


def _attacked(**treant: Any) -> State:
    """The Barbarian (seat 0) attacks the Treant (seat 1) with Slap (3 swords: 4)."""
    state = with_player(start("barbarian", "treant"), 1, **treant)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 1, 1, 4, 4)
    state, _ = act(state, 0, a.Announce("slap"))
    state, _ = act(state, 1, a.Pass())
    assert state.step is Step.DEFENSE
    return state


def test_rooted_prevents_1_per_branch_and_per_spirit_and_grows_on_2_leaves() -> None:
    state, _ = defend(_attacked(), 1, 1, 2, 6)
    assert state.ledger[0].prevented == 3 and state.players[1].statuses == {}
    leaves, _ = defend(_attacked(), 1, 4, 5, 1)
    assert leaves.ledger[0].prevented == 1 and leaves.players[1].statuses == {SEED: 1}
    one_leaf, _ = defend(_attacked(), 1, 4, 6, 6)
    assert one_leaf.players[1].statuses == {}


def test_rooted_ii_rolls_4_dice_and_2_spirits_give_wellspring() -> None:
    state, _ = defend(_attacked(**_up("rooted_2")), 1, 6, 6, 1, 4)
    assert state.ledger[0].prevented == 3
    assert _labels(state) == ["2. Bruno", "1. Alice"]  # a chosen player: himself first
    state = _choose(state, 1)
    assert state.players[1].statuses == {WELL: 1}


# -- Spirits spent, Barbed Vine, Wellspring -----------------------------------------------


def test_a_seedling_re_rolls_one_of_his_own_dice() -> None:
    state = _treant(statuses={SEED: 1})
    assert "seedling" not in _spendable(state)  # no dice of his in play
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 4, 4)
    state, _ = act(state, 0, a.Spend(SEED))
    assert _labels(state)[0] == "Keep your dice" and len(_labels(state)) == 6
    state, events = act(state, 0, a.Choose(5), 5)  # die 4 (a 4) becomes a 5
    assert state.roll.dice == (1, 2, 3, 5, 4) and "dice_changed" in keys(events)
    assert state.players[0].statuses == {}


def test_a_seedling_re_rolls_his_defensive_dice_not_the_attackers() -> None:
    state = _attacked(statuses={SEED: 1})
    assert SEED not in _spendable(state, 1)  # the offensive dice are not his
    state = with_player(state, 1, statuses={SEED: 1})
    state, _ = act(state, 1, a.Defend("rooted"), 4, 4, 5)
    state, _ = act(state, 0, a.Pass())
    assert state.step is Step.DEFENSE_ROLLED
    state, _ = act(state, 1, a.Spend(SEED))
    state, _ = act(state, 0, a.Pass())  # the active player may answer first
    state, _ = act(state, 1, a.Choose(2), 1)
    assert state.roll.defense_dice == (1, 4, 5)


def test_a_sapling_heals_and_gains_cp_or_pays_1_cp_to_draw() -> None:
    state = _treant(statuses={SAP: 1}, health=40, cp=2)
    state, _ = act(state, 0, a.Spend(SAP))
    heal = _choose(state, 1)
    assert heal.players[0].health == 41 and heal.players[0].cp == 3
    draw = _choose(state, 2)
    assert draw.players[0].cp == 1 and len(draw.players[0].hand) == 5
    assert draw.players[0].statuses == {}


def test_a_spirit_of_each_kind_is_spent_at_most_once_a_turn() -> None:
    state = _treant(statuses={SAP: 2, SEED: 1}, health=40)
    state, _ = act(state, 0, a.Spend(SAP))
    state = _choose(state, 1)
    assert state.players[0].statuses == {SAP: 1, SEED: 1}
    assert SAP not in _spendable(state)
    with pytest.raises(EngineError):
        act(state, 0, a.Spend(SAP))
    # Another kind is still spent; and the next turn (his opponent's) the Sapling again.
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 4, 4)
    assert SEED in _spendable(state)
    state = replace(state, phase=Phase.DISCARD, step=None, roll=replace(state.roll, dice=()))
    state, _ = act(state, 0, a.EndPhase())
    assert state.active == 1 and SAP in _spendable(state)


def test_a_dryad_adds_3_to_his_attack_only() -> None:
    state = _treant(statuses={DRYAD: 1})
    assert DRYAD not in _spendable(state)
    state = _announce(state, (1, 2, 3, 4, 6), "splinter")
    state = _choose(state, 2)  # keep the Dryad (Splinter's discard)
    state, _ = act(state, 0, a.Spend(DRYAD))
    assert _attack(state)[0] == 5 + 3 and state.players[0].statuses == {}


def test_a_dryad_prevents_a_status_effect_an_opponents_attack_inflicted() -> None:
    state = with_player(start("barbarian", "treant"), 1, statuses={DRYAD: 1})
    assert DRYAD not in _spendable(state, 1)  # nothing incoming: neither use acts
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 6, 6, 6, 6, 1)  # Crit Bash: Stun, then 5
    state, _ = act(state, 0, a.Announce("crit_bash"))
    state, _ = act(state, 1, a.Pass())
    state = _then(state)
    assert state.players[1].statuses == {"stun": 1, DRYAD: 1}
    assert DRYAD in _spendable(state, 1)
    state, _ = act(state, 1, a.Spend(DRYAD))
    state, _ = act(state, 0, a.Pass())  # the active player may answer first
    assert _labels(state) == ["Prevent Stun (this Attack's)", "Prevent nothing"]
    state = _choose(state, 1)
    assert state.players[1].statuses == {}
    assert _attack(state) == (5, DamageKind.UNDEFENDABLE)  # the damage is not his to stop


def test_barbed_vine_costs_1_per_extra_roll_attempt_at_most_2_then_goes() -> None:
    state = with_player(start("barbarian", "treant"), 0, statuses={VINE: 1})
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 4, 4)
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 4, 4)
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 4, 4)
    state, _ = act(state, 0, a.NoAbility())
    assert state.phase is Phase.MAIN2 and state.players[0].health == 48
    assert state.players[0].statuses == {}
    once = with_player(start("barbarian", "treant"), 0, statuses={VINE: 1})
    once, _ = act(once, 0, a.EndPhase())
    once, _ = act(once, 0, a.RollDice(), 1, 2, 3, 4, 4)
    once, _ = act(once, 0, a.NoAbility())
    assert once.players[0].health == 50 and once.players[0].statuses == {}


def test_wellspring_heals_half_a_die_rounded_up_in_his_main_phase() -> None:
    state = _treant(statuses={WELL: 1}, health=40)
    state, _ = act(state, 0, a.Spend(WELL), 5)
    assert state.players[0].health == 43 and state.players[0].statuses == {}
    rolling, _ = act(_treant(statuses={WELL: 1}), 0, a.EndPhase())
    with pytest.raises(EngineError):
        act(rolling, 0, a.Spend(WELL), 5)


# -- cards --------------------------------------------------------------------------------


def _main(hand: tuple[str, ...], cp: int = 5, **changes: Any) -> State:
    return _treant(hand=hand, cp=cp, **changes)


def test_harvest_turns_spirits_into_cp_and_2_give_wellspring_to_up_to_two_players() -> None:
    state = _main(("harvest",), cp=0, statuses={SEED: 2, SAP: 1})
    state, _ = act(state, 0, a.PlayCard("harvest"))
    assert _labels(state)[0] == "Remove 2 Seedling, Remove 1 Sapling"
    state = _choose(state, 1)
    assert state.players[0].cp == 3 and _spirits(state) == {}
    assert _labels(state) == ["1. Alice", "2. Bruno", "No one"]
    picked = _choose(state, 1)  # himself; then only another player, or no one else
    assert _labels(picked) == ["2. Bruno", "No one else"]
    both = _choose(picked, 1)
    assert both.players[0].statuses == {WELL: 1} and both.players[1].statuses == {WELL: 1}
    assert both.choice is None
    alone = _choose(picked, 2)
    assert alone.players[1].statuses == {} and alone.choice is None
    nobody = _choose(state, 3)
    assert nobody.players[0].statuses == {} and nobody.choice is None
    one = _main(("harvest",), cp=0, statuses={SEED: 1})
    one, _ = act(one, 0, a.PlayCard("harvest"))
    one = _choose(one, 1)
    assert one.players[0].cp == 1 and one.choice is None and one.players[0].statuses == {}


def test_cultivate_grows_3_and_mother_tree_grows_4_on_a_spirit() -> None:
    state, _ = act(_main(("cultivate_card",)), 0, a.PlayCard("cultivate_card"))
    state = _choose(state, 1, 1)
    assert _spirits(state) == {SEED: 3} and state.players[0].cp == 2
    tree, _ = act(_main(("mother_tree",)), 0, a.PlayCard("mother_tree"), 6)
    tree = _choose(tree, 1, 1)  # the fourth growth has one way
    assert _spirits(tree) == {SEED: 2, SAP: 1}
    draw, _ = act(_main(("mother_tree",)), 0, a.PlayCard("mother_tree"), 3)
    assert len(draw.players[0].hand) == 1 and _spirits(draw) == {}


def test_will_o_wisp_rolls_3_for_collateral_wellspring_and_growth() -> None:
    state, _ = act(_main(("will_o_wisp",)), 0, a.PlayCard("will_o_wisp"), 1, 2, 4)
    assert state.players[1].health == 49 and state.players[0].statuses == {WELL: 1}
    spirit, _ = act(_main(("will_o_wisp",)), 0, a.PlayCard("will_o_wisp"), 6, 6, 5)
    assert spirit.players[1].health == 50 and _spirits(spirit) == {SEED: 1}


def test_down_pour_grows_each_spirit_once_in_his_order_and_he_may_stop() -> None:
    state = _main(("down_pour",), statuses={SEED: 2, SAP: 1})
    state, _ = act(state, 0, a.PlayCard("down_pour"))
    assert _labels(state) == [
        "Turn a Sapling into a Dryad",
        "Turn a Seedling into a Sapling",
        "Stop growing",
    ]
    # A Seedling first: the Saplings are full, so the other Seedling waits for the
    # first Sapling to become the Dryad.
    state = _choose(state, 2)
    assert _labels(state) == ["Turn a Sapling into a Dryad", "Stop growing"]
    state = _choose(state, 1)
    assert _labels(state) == ["Turn a Seedling into a Sapling", "Stop growing"]
    state = _choose(state, 1)
    assert _spirits(state) == {SAP: 2, DRYAD: 1} and state.choice is None
    # A Spirit grown by the card does not grow again: the new Sapling stays one.
    once, _ = act(_main(("down_pour",), statuses={SEED: 1}), 0, a.PlayCard("down_pour"))
    once = _choose(once, 1)
    assert _spirits(once) == {SAP: 1} and once.choice is None
    declined, _ = act(_main(("down_pour",), statuses={SEED: 1}), 0, a.PlayCard("down_pour"))
    declined = _choose(declined, 2)
    assert _spirits(declined) == {SEED: 1} and declined.players[0].cp == 3


def test_stomp_adds_1_per_branch_and_3_inflict_barbed_vine() -> None:
    state = _treant(hand=("stomp",), cp=3)
    state = _announce(state, (1, 2, 3, 4, 6), "splinter")
    state, _ = act(state, 0, a.PlayCard("stomp"), 1, 2, 3, 4, 6)
    assert _attack(state)[0] == 5 + 3 and state.players[1].statuses == {VINE: 1}
    few = _announce(_treant(hand=("stomp",), cp=3), (1, 2, 3, 4, 6), "splinter")
    few, _ = act(few, 0, a.PlayCard("stomp"), 1, 2, 4, 4, 6)
    assert _attack(few)[0] == 5 + 2 and few.players[1].statuses == {}


def test_drink_deep_gives_the_named_player_wellspring() -> None:
    state, _ = act(_main(("drink_deep",)), 0, a.PlayCard("drink_deep", target="2"))
    assert state.players[1].statuses == {WELL: 1} and state.players[0].cp == 4


@pytest.mark.parametrize(
    ("card", "slot", "cost"),
    [
        ("splinter_2", "splinter", 1),
        ("splinter_3", "splinter", 2),
        ("tend_2", "tend", 2),
        ("overgrowth_2", "overgrowth", 2),
        ("vengeful_vines_2", "vengeful_vines", 2),
        ("call_of_the_wild_2", "call_of_the_wild", 2),
        ("natures_grasp_2", "natures_grasp", 2),
        ("rooted_2", "rooted", 3),
    ],
)
def test_each_upgrade_card_costs_its_printed_cp(card: str, slot: str, cost: int) -> None:
    state, _ = act(_main((card,), cp=5), 0, a.PlayCard(card))
    assert state.players[0].upgrades == {slot: card} and state.players[0].cp == 5 - cost


# -- whole matches, saving, the lookup ----------------------------------------------------


@pytest.mark.parametrize(
    ("others", "seeds"),
    [
        (["barbarian"], range(2)),  # 1 v 1
        (["ninja", "sun_elf"], range(2, 3)),  # King of the Hill
        (["barbarian", "gunslinger", "ninja"], range(4, 5)),  # 2 v 2
    ],
)
def test_seeded_matches_with_the_treant_end(others: list[str], seeds: range) -> None:
    used = ended_matches(["treant", *others], seeds)
    assert used["activated"] and used["Seedling"]


def test_a_paused_growth_round_trips_through_json() -> None:
    state = _announce(
        _treant(statuses={SEED: 1, SAP: 1}, **_up("overgrowth_2")), (4, 4, 1, 2, 3), "plant"
    )
    assert state.choice is not None and state.choice.topic == "grow"
    assert ENGINE.state_from_json(ENGINE.state_to_json(state)) == state
    harvest, _ = act(_main(("harvest",), statuses={SEED: 2}), 0, a.PlayCard("harvest"))
    assert ENGINE.state_from_json(ENGINE.state_to_json(harvest)) == harvest


def test_the_lookup_shows_his_printed_names() -> None:
    sheet = ENGINE.lookup(start("treant", "barbarian"), None, "treant")
    assert sheet is not None
    text = str(sheet.data)
    for name in ("Splinter", "Nature's Grasp", "Wake the Forest!", "Rooted", "Barbed Vine"):
        assert name in text
    holding = with_player(start("treant", "barbarian"), 0, hand=("down_pour",))
    card = ENGINE.lookup(holding, 0, "Down Pour!")
    assert card is not None and "Down Pour!" in str(card.data)


def test_the_public_board_does_not_depend_on_his_hidden_cards() -> None:
    base = start("barbarian", "treant")
    one = with_player(base, 1, hand=("harvest", "stomp", "drink_deep"), deck=("tend_2",) * 5)
    two = with_player(base, 1, hand=("mother_tree",) * 3, deck=("down_pour",) * 5)
    for seat in (None, 0):
        assert ENGINE.view(one, seat) == ENGINE.view(two, seat)
    assert ENGINE.render(ENGINE.view(one, None)) == ENGINE.render(ENGINE.view(two, None))
