"""Thor with rigged dice: Mjölnir (thrown to an opponent for 1 undefendable damage at
once, retrieved for an Electrokinesis, and what its place changes), every ability of his
board and of his upgrade cards (the alternate abilities they add), his defence, his
tokens Electrokinesis and Guard Break and his fifteen cards; whole seeded matches with
him in 1 v 1, King of the Hill and 2 v 2; a save/load round trip and his lookup."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engines.core import EngineError, IllegalActionError
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
from tests.engines.dicethrone.test_modes import attack, pass_windows, start_n
from tests.engines.dicethrone.test_new_heroes import ended_matches

EK, GB, HAMMER = "electrokinesis", "guard_break", "mjolnir"
#: Thor's Mjölnir with the opponent (seat 1): the owner's piece place is seat + 1.
AWAY = {"tracks": {HAMMER: 2}}


def _thor(foe: str = "barbarian", **changes: Any) -> State:
    """Thor (seat 0) in his first Main phase (He Is Worthy! may change any die, so
    the first-player dice wait for everyone to let them stand)."""
    return with_player(through_first_roll(start("thor", foe)), 0, **changes)


def _where(state: State) -> int | None:
    """Who holds Thor's Mjölnir (``None``: his board)."""
    return holder(state, 0, HAMMER)


def _ek(state: State, seat: int = 0) -> int:
    return state.players[seat].statuses.get(EK, 0)


def _up3(*cards: str) -> dict[str, Any]:
    """Hammered III over II, or other upgrades by their full ids."""
    return {"upgrades": {c.rsplit("_", 1)[0]: c for c in cards}, "board": cards}


# -- Mjölnir ---------------------------------------------------------------------------


def test_mjolnir_starts_on_his_board_and_its_holder_s_board_shows_it() -> None:
    state = _thor()
    assert _where(state) is None
    players = ENGINE.view(state, None).data["players"]
    assert not players[0]["companions"] and not players[1]["companions"]
    thrown = _announce(_thor(), (1, 2, 3, 4, 6), "hammered")
    players = ENGINE.view(thrown, None).data["players"]
    (chip,) = players[1]["companions"]
    assert chip["label"]["en-US"] == "Mjölnir: 1. Alice's"
    assert chip["label"]["pt-BR"] == "Mjölnir: de 1. Alice" and not players[0]["companions"]


def test_a_throw_deals_1_undefendable_at_once_and_a_retrieve_gains_electrokinesis() -> None:
    state = _announce(_thor(), (1, 2, 3, 4, 6), "hammered")
    assert _where(state) == 1 and state.players[1].health == 49  # isolated: at once
    assert _attack(state) == (4, DamageKind.NORMAL)
    back = _announce(_thor(**AWAY, **_up("hammered_2")), (1, 2, 3, 4, 6), "hammered")
    assert _where(back) is None and _ek(back) == 1 and back.players[1].health == 50


# -- the board ------------------------------------------------------------------------


@pytest.mark.parametrize(("dice", "damage"), [((1, 2, 3, 4, 6), 4), ((1, 2, 3, 1, 6), 5)])
def test_hammered_deals_4_5_7_and_throws(dice: tuple[int, ...], damage: int) -> None:
    state = _announce(_thor(), dice, "hammered")
    assert _attack(state)[0] == damage and _where(state) == 1
    assert _attack(_announce(_thor(), (1, 2, 3, 1, 2), "hammered"))[0] == 7


def test_hammered_i_cannot_retrieve() -> None:
    state = _announce(_thor(**AWAY), (1, 2, 3, 4, 6), "hammered")
    assert _where(state) == 1 and _ek(state) == 0 and state.players[1].health == 50


def test_hammered_ii_gains_on_4_of_a_kind_and_iii_on_3() -> None:
    two = _announce(_thor(**_up("hammered_2")), (2, 2, 2, 2, 6), "hammered")
    assert _attack(two)[0] == 6 and _ek(two) == 1 and _where(two) == 1
    three = _announce(_thor(**_up3("hammered_3")), (3, 3, 3, 4, 6), "hammered")
    assert _attack(three)[0] == 5 and _ek(three) == 1
    top = _announce(_thor(**_up3("hammered_3")), (1, 2, 3, 1, 2), "hammered")
    assert _attack(top)[0] == 8


def test_mighty_summon_at_home_gains_3_electrokinesis() -> None:
    state = _announce(_thor(health=40), (1, 4, 5, 6, 6), "mighty_summon")
    assert state.players[0].statuses == {GB: 2, EK: 3} and state.heals[0].amount == 2
    assert not state.ledger and _where(state) is None


def test_mighty_summon_away_brings_mjolnir_back_through_its_holder() -> None:
    state = _announce(_thor(**AWAY), (1, 4, 5, 6, 6), "mighty_summon")
    assert _where(state) is None and state.players[0].statuses == {GB: 2, EK: 1}
    (hit,) = state.ledger
    assert (hit.target, hit.amount, hit.kind) == (1, 3, DamageKind.COLLATERAL)
    two = _announce(
        _thor(health=40, **AWAY, **_up("mighty_summon_2")), (1, 4, 5, 6, 6), "mighty_summon"
    )
    assert two.ledger[0].amount == 4 and two.heals[0].amount == 3


def test_boom_boom_needs_mighty_summon_ii() -> None:
    state, _ = act(_thor(), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 6, 6, 4)
    with pytest.raises(IllegalActionError):
        act(state, 0, a.Announce("boom_boom"))
    boom = _announce(_thor(**_up("mighty_summon_2")), (1, 2, 6, 6, 4), "boom_boom")
    assert _ek(boom) == 2 and _attack(boom)[0] == 6


def test_chain_lightning_deals_its_two_highest_dice_and_collateral_at_once() -> None:
    state = _then(_announce(_thor(), (1, 2, 3, 6, 6), "chain_lightning", 2, 6, 5))
    assert _attack(state)[0] == 11 and state.players[1].health == 48
    two = _then(
        _announce(_thor(**_up("chain_lightning_2")), (1, 2, 3, 6, 6), "chain_lightning", 1, 4, 6, 3)
    )
    assert _attack(two)[0] == 10 and two.players[1].health == 47


def test_odinforce_rolls_5_and_adds_1_per_electrokinesis() -> None:
    # The roll: 2 hammers (a throw), 2 worthy (+1 CP), 1 thunder (+1 Electrokinesis).
    state = _announce(_thor(cp=2, statuses={EK: 1}), (1, 2, 4, 5, 4), "odinforce", 1, 2, 4, 5, 6)
    state = _then(state)
    assert _where(state) == 1 and state.players[0].cp == 3 and _ek(state) == 2
    assert sum(i.amount for i in state.ledger if i.attack) == 5 + 2
    plain = _then(_announce(_thor(cp=2), (1, 2, 4, 5, 4), "odinforce", 1, 4, 4, 4, 4))
    assert _where(plain) is None and plain.players[0].cp == 3 and _ek(plain) == 0
    assert sum(i.amount for i in plain.ledger if i.attack) == 5


def test_odinforce_ii_deals_6_and_may_re_roll_first() -> None:
    state = _announce(_thor(**_up("odinforce_2")), (1, 2, 4, 5, 4), "odinforce", 4, 4, 4, 4, 4)
    state = _then(state)
    assert state.choice is not None and state.choice.topic == "reroll"
    state, _ = act(state, 0, a.Choose(2), 6)  # die 1 again: a thunder
    state, _ = act(state, 0, a.Choose(1))  # keep the rest
    state = _then(state)
    assert _ek(state) == 1 and sum(i.amount for i in state.ledger if i.attack) == 6 + 1


def test_bottled_lightning_throws_and_retrieves_then_adds_electrokinesis() -> None:
    state = _then(_announce(_thor(), (6, 6, 6, 6, 1), "bottled_lightning"))
    # Thrown (1 at once), then retrieved (+1 Electrokinesis): 7 + 1.
    assert _where(state) is None and state.players[1].health == 49
    assert state.players[0].statuses == {GB: 2, EK: 1}
    assert sum(i.amount for i in state.ledger if i.attack) == 8
    two = _then(
        _announce(_thor(**_up("bottled_lightning_2")), (6, 6, 6, 6, 1), "bottled_lightning")
    )
    assert _where(two) == 1 and two.players[1].health == 48 and _ek(two) == 1
    assert sum(i.amount for i in two.ledger if i.attack) == 9


def test_ricochet_throws_or_retrieves_up_to_six_times() -> None:
    state = _announce(_thor(**_up("bottled_lightning_2")), (6, 6, 6, 1, 4), "ricochet")
    assert state.choice is not None and len(state.choice.options) == 7  # 6 down to 0
    state, _ = act(state, 0, a.Choose(4))  # 3 times: throw, retrieve, throw
    assert _where(state) == 1 and state.players[1].health == 48 and _ek(state) == 1
    assert not state.ledger


def test_lightning_rod_is_stronger_while_an_opponent_has_mjolnir() -> None:
    home = _announce(_thor(), (1, 2, 3, 4, 6), "lightning_rod")
    assert _attack(home)[0] == 7 and _ek(home) == 1
    away = _announce(_thor(**AWAY), (1, 2, 3, 4, 6), "lightning_rod")
    assert _attack(away)[0] == 9 and _ek(away) == 0
    two = _announce(_thor(**_up("lightning_rod_2")), (1, 2, 3, 4, 6), "lightning_rod")
    assert _attack(two)[0] == 9 and _ek(two) == 1 and _where(two) == 1


def test_thunder_bolt_and_ii_and_asgardian_brawn() -> None:
    bolt = _announce(_thor(), (2, 3, 4, 5, 6), "thunder_bolt")
    assert _attack(bolt)[0] == 10 and _ek(bolt) == 2 and _where(bolt) == 1
    two = _announce(_thor(**AWAY, **_up("thunder_bolt_2")), (2, 3, 4, 5, 6), "thunder_bolt")
    assert _attack(two)[0] == 12 and _ek(two) == 3 and _where(two) is None
    brawn = _announce(_thor(health=40, **_up("thunder_bolt_2")), (4, 4, 5, 1, 1), "asgardian_brawn")
    assert brawn.heals[0].amount == 4 and not brawn.ledger


def test_for_asgard_is_his_ultimate_and_moves_mjolnir_up_to_4_times() -> None:
    state = _announce(_thor(), (6, 6, 6, 6, 6), "for_asgard")
    assert state.choice is not None and len(state.choice.options) == 5
    state, _ = act(state, 0, a.Choose(1))  # 4 times: throw, retrieve, throw, retrieve
    assert _where(state) is None and state.players[1].health == 48
    assert state.players[0].statuses == {GB: 1, EK: 2}
    assert _attack(state) == (14, DamageKind.ULTIMATE)


# -- the defence ----------------------------------------------------------------------


def _attacked(**thor: Any) -> State:
    """The Barbarian (seat 0) attacks Thor (seat 1) with Slap."""
    state = with_player(through_first_roll(start("barbarian", "thor")), 1, **thor)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 1, 1, 4, 4)
    state, _ = act(state, 0, a.Announce("slap"))
    state, _ = act(state, 1, a.Pass())
    assert state.step is Step.DEFENSE
    return state


def test_thunder_wheel_throws_on_2_hammers_prevents_2_per_worthy_and_charges() -> None:
    state, _ = defend(_attacked(), 1, 1, 2, 4)
    assert holder(state, 1, HAMMER) == 0 and state.players[0].health == 49
    assert state.ledger[0].prevented == 2
    thunder, _ = defend(_attacked(), 1, 6, 6, 5)
    assert _ek(thunder, 1) == 2 and thunder.ledger[0].prevented == 2
    assert holder(thunder, 1, HAMMER) is None


def test_thunder_wheel_ii_rolls_4_and_moves_once_per_pair_of_hammers() -> None:
    state, _ = defend(_attacked(**_up("thunder_wheel_2")), 1, 1, 2, 3, 1)
    # Thrown to the Barbarian, then retrieved: 1 damage and 1 Electrokinesis.
    assert holder(state, 1, HAMMER) is None and state.players[0].health == 49
    assert _ek(state, 1) == 1


# -- tokens ---------------------------------------------------------------------------


def test_four_electrokinesis_are_spent_at_once_in_his_main_phase_to_draw() -> None:
    three = _thor(statuses={EK: 3})
    assert "spend" not in ENGINE.pending(three)[0].kinds
    state = _thor(statuses={EK: 4})
    hand = len(state.players[0].hand)
    state, _ = act(state, 0, a.Spend(EK))
    assert _ek(state) == 0 and len(state.players[0].hand) == hand + 1
    rolling, _ = act(_thor(statuses={EK: 4}), 0, a.EndPhase())
    with pytest.raises(EngineError):
        act(rolling, 0, a.Spend(EK))


@pytest.mark.parametrize(("die", "kind"), [(5, DamageKind.UNDEFENDABLE), (3, DamageKind.NORMAL)])
def test_guard_break_makes_the_attack_undefendable_on_4_or_5(die: int, kind: DamageKind) -> None:
    state = _announce(_thor(statuses={GB: 1}), (1, 2, 3, 4, 6), "hammered")
    state, _ = act(state, 0, a.Spend(GB), die)
    state = _then(state)  # the die may be changed by a card first (He Is Worthy!)
    assert _attack(state) == (4, kind) and state.players[0].statuses == {}


# -- cards ----------------------------------------------------------------------------


def _main(hand: tuple[str, ...], cp: int = 5, **changes: Any) -> State:
    return _thor(hand=hand, cp=cp, **changes)


def test_power_trip_draws_and_charges() -> None:
    state, _ = act(_main(("power_trip",)), 0, a.PlayCard("power_trip"))
    assert len(state.players[0].hand) == 1 and _ek(state) == 2 and state.players[0].cp == 4


def test_time_to_hammer_retrieves_mjolnir() -> None:
    state, events = act(_main(("time_to_hammer",), **AWAY), 0, a.PlayCard("time_to_hammer"))
    assert _where(state) is None and _ek(state) == 2 and state.players[0].cp == 6
    assert "piece_recalled" in keys(events)
    home, _ = act(_main(("time_to_hammer",)), 0, a.PlayCard("time_to_hammer"))
    assert _ek(home) == 1 and home.players[0].cp == 6  # nothing to retrieve


def test_stormbreak_needs_two_throws_this_turn() -> None:
    cold, events = act(_main(("stormbreak",)), 0, a.PlayCard("stormbreak"))
    assert "piece_not_sent" in keys(events) and cold.players[0].statuses == {}
    state = _main(("stormbreak",), **_up("bottled_lightning_2"))
    state = _announce(state, (6, 6, 6, 1, 4), "ricochet")
    state, _ = act(state, 0, a.Choose(4))  # throw, retrieve, throw
    state, _ = act(state, 0, a.PlayCard("stormbreak"))
    state, _ = act(state, 1, a.Pass()) if state.queued else (state, [])
    assert state.players[0].statuses == {EK: 2, GB: 1} and state.players[0].cp == 6


def test_he_is_worthy_sets_a_die_to_4_or_5() -> None:
    state = _main(("he_is_worthy",))
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 6, 6)
    with pytest.raises(EngineError):
        act(state, 0, a.PlayCard("he_is_worthy", target="5=6"))
    state, _ = act(state, 0, a.PlayCard("he_is_worthy", target="5=4"))
    assert state.roll.dice == (1, 2, 3, 6, 4)


def test_invulnerability_spends_2_electrokinesis_to_prevent_everything() -> None:
    state = _attacked(hand=("invulnerability",), cp=3, statuses={EK: 2})
    state, _ = act(state, 1, a.PlayCard("invulnerability"))
    assert _ek(state, 1) == 0 and state.ledger[0].prevent_all
    poor = _attacked(hand=("invulnerability",), cp=3, statuses={EK: 1})
    poor, events = act(poor, 1, a.PlayCard("invulnerability"))
    assert "cost_unpaid_status" in keys(events) and not poor.ledger[0].prevent_all


@pytest.mark.parametrize(("die", "health", "over"), [(4, 1, False), (2, 0, True)])
def test_indomitable_will_on_a_worthy_keeps_him_at_1_health(
    die: int, health: int, over: bool
) -> None:
    state = _attacked(hand=("indomitable_will",), cp=3, health=3)  # Slap: 4 damage
    state, _ = act(state, 1, a.PlayCard("indomitable_will"), die)
    state = _then(state) if state.choice is not None and state.choice.pause else state
    assert state.ledger[0].survive is (not over)  # a worthy (4-5) only
    state, _ = defend(state, 1, 6, 6, 6)  # three thunders: nothing prevented
    while state.phase is Phase.DEFENSIVE:
        state, _ = act(state, ENGINE.pending(state)[0].seat, a.Pass())
    assert state.players[1].health == health and (state.phase is Phase.OVER) is over


# -- several opponents, whole matches, save and lookup -------------------------------------


def test_with_several_opponents_he_picks_who_catches_mjolnir() -> None:
    table = start_n(3, hero1="thor", hero2="barbarian", hero3="paladin")
    state = attack(table, (1, 2, 3, 4, 6), "hammered")
    state, _ = act(state, 0, a.Target(3))
    state, _ = pass_windows(state)
    assert state.choice is not None and state.choice.topic == "player"
    state, _ = act(state, 0, a.Choose(2))  # the Defender is offered first: the other one
    assert holder(state, 0, HAMMER) == 1 and state.players[1].health == 34


@pytest.mark.parametrize(
    ("others", "seeds"),
    [
        (["barbarian"], range(2)),  # 1 v 1
        (["duelist", "sun_elf"], range(2, 3)),  # King of the Hill
        (["gunslinger", "mythic_brawler", "ninja"], range(3, 4)),  # 2 v 2
    ],
)
def test_seeded_matches_with_thor_end(others: list[str], seeds: range) -> None:
    used = ended_matches(["thor", *others], seeds)
    assert used["activated"] and used["piece_sent"]


def test_mjolnir_where_it_is_survives_a_save_and_load() -> None:
    state = _announce(_thor(), (1, 2, 3, 4, 6), "hammered")
    again = ENGINE.state_from_json(ENGINE.state_to_json(state))
    assert again == state and holder(again, 0, HAMMER) == 1


def test_his_lookup_shows_the_printed_names() -> None:
    board = ENGINE.lookup(_thor(), None, "thor")
    assert board is not None
    entry = json.dumps(board.data["entry"], ensure_ascii=False)
    names = ("Hammered", "Odinforce", "For Asgard!", "Thunder Wheel", "Stormbreak!")
    assert all(name in entry for name in (*names, "Mjölnir", "Electrokinesis"))
    assert "Começa no seu tabuleiro" in entry  # Mjölnir's rules in our words


def test_the_discard_phase_has_nothing_of_his_to_ask() -> None:
    state = replace(_thor(statuses={EK: 4}), phase=Phase.DISCARD, step=None)
    assert "spend" not in ENGINE.pending(state)[0].kinds
