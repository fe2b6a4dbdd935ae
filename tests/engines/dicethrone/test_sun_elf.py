"""The Sun Elf with rigged dice: her Sun Dial (raised past 5 it heals, Dusk's Upkeep
point, turning to Dawn at 5, Dawn's bonus to her Attack and its way back to Dusk), every
ability of her board and of her upgrade cards (the alternate abilities they add), her
defence, her tokens Charged Gem and Sun Marked and her fifteen cards; whole seeded
matches with her in 1 v 1, King of the Hill and 2 v 2."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core import EngineError, IllegalActionError
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.content import DamageKind
from engines.dicethrone.rules.state import Phase, State, Step
from tests.engines.dicethrone.helpers import (
    act,
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

GEM, MARK = "charged_gem", "sun_marked"


def _elf(foe: str = "barbarian", dial: int = 0, dawn: bool = False, **changes: Any) -> State:
    """The Sun Elf (seat 0) in her first Main phase, her dial at ``dial``."""
    state = start("sun_elf", foe)
    tracks = {"sun_dial": dial, "sun_dial.side": int(dawn)}
    return with_player(state, 0, tracks=tracks, **changes)


def _dial(state: State, seat: int = 0) -> tuple[int, int]:
    kept = state.players[seat].tracks
    return kept.get("sun_dial", 0), kept.get("sun_dial.side", 0)


# -- the Sun Dial ---------------------------------------------------------------------


def test_the_dial_starts_at_0_on_dusk_and_the_board_shows_it() -> None:
    second = start("barbarian", "sun_elf")
    assert _dial(second, 1) == (0, 0)
    (chip,) = ENGINE.view(second, None).data["players"][1]["companions"]
    assert chip["label"] == {"en-US": "Sun Dial: 0 · Dusk"}
    # Starting, her first Upkeep already raises it (Dusk).
    assert _dial(start("sun_elf", "barbarian")) == (1, 0)


def test_on_dusk_her_upkeep_raises_it_and_at_5_it_turns_to_dawn() -> None:
    state = with_player(start("barbarian", "sun_elf"), 1, tracks={"sun_dial": 4})
    state = replace(state, phase=Phase.DISCARD, step=None)
    state, events = act(state, 0, a.EndPhase())
    assert _dial(state, 1) == (5, 1) and "dial_changed" in keys(events)
    # On Dawn her next Upkeep adds nothing.
    state = replace(state, phase=Phase.DISCARD, step=None)
    state, _ = act(state, 1, a.EndPhase())
    state = replace(state, phase=Phase.DISCARD, step=None)
    state, _ = act(state, 0, a.EndPhase())
    assert _dial(state, 1) == (5, 1)


def test_raising_it_past_5_heals_1_per_point_lost() -> None:
    state = _announce(_elf(dial=4, health=40), (4, 4, 5, 5, 1), "ray_absorption")
    assert _dial(state) == (5, 1)  # +3 from 4: two points past the top, and Dawn
    assert sum(h.amount for h in state.heals if h.target == 0) == 2 + 2


def test_on_dawn_her_attack_adds_the_dial_then_it_goes_down_4() -> None:
    state = _announce(_elf(dial=5, dawn=True), (1, 2, 3, 4, 6), "light_staff")
    state, _ = defend(state, 1, 1, 1, 1)  # Thick Skin: no heart
    state = _pass_windows(state)
    assert state.players[1].health == 50 - 4 - 5 and _dial(state) == (1, 1)
    low = _announce(_elf(dial=3, dawn=True), (1, 2, 3, 4, 6), "light_staff")
    low, _ = defend(low, 1, 1, 1, 1)
    low = _pass_windows(low)
    assert low.players[1].health == 50 - 4 - 3 and _dial(low) == (0, 0)  # back to Dusk


def test_on_dusk_her_attack_gets_nothing_from_the_dial() -> None:
    state = _announce(_elf(dial=4), (1, 2, 3, 4, 6), "light_staff")
    state, _ = defend(state, 1, 1, 1, 1)
    state = _pass_windows(state)
    assert state.players[1].health == 46 and _dial(state) == (4, 0)


# -- the board ------------------------------------------------------------------------


@pytest.mark.parametrize(("dice", "damage"), [((1, 2, 3, 4, 6), 4), ((1, 2, 3, 1, 6), 5)])
def test_light_staff_deals_4_5_7(dice: tuple[int, ...], damage: int) -> None:
    state = _announce(_elf(), dice, "light_staff")
    assert _attack(state)[0] == damage and _dial(state) == (0, 0)
    assert _attack(_announce(_elf(), (1, 2, 3, 1, 2), "light_staff"))[0] == 7


def test_light_staff_raises_the_dial_on_4_of_a_kind_and_ii_on_3() -> None:
    state = _announce(_elf(), (2, 2, 2, 2, 6), "light_staff")
    assert _attack(state)[0] == 5 and _dial(state) == (1, 0)
    two = _announce(_elf(**_up("light_staff_2")), (3, 3, 3, 4, 6), "light_staff")
    assert _attack(two)[0] == 5 and _dial(two) == (1, 0)


def test_ray_absorption_raises_3_heals_2_and_gains_a_gem() -> None:
    state = _announce(_elf(health=40), (4, 4, 5, 5, 1), "ray_absorption")
    assert _dial(state) == (3, 0) and state.players[0].statuses == {GEM: 1}
    assert state.heals[0].amount == 2 and not state.ledger


def test_radiant_energy_marks_then_deals_6_and_ii_needs_2_staves() -> None:
    state = _then(_announce(_elf(), (1, 2, 3, 6, 6), "radiant_energy"))
    assert state.players[1].statuses == {MARK: 1} and _attack(state)[0] == 6
    state, _ = act(_elf(), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 6, 6, 4)
    with pytest.raises(IllegalActionError):
        act(state, 0, a.Announce("radiant_energy"))
    two = _then(_announce(_elf(**_up("radiant_energy_2")), (1, 2, 6, 6, 4), "radiant_energy"))
    assert two.players[1].statuses == {MARK: 1} and _attack(two)[0] == 6


def test_praise_the_sun_needs_radiant_energy_ii() -> None:
    state = _announce(_elf(**_up("radiant_energy_2")), (1, 2, 3, 6, 4), "praise_the_sun")
    assert state.players[0].statuses == {GEM: 1} and _attack(state)[0] == 5


@pytest.mark.parametrize(
    ("die", "damage", "dial", "gem"), [(2, 7, 0, 0), (4, 5, 2, 0), (6, 5, 2, 1)]
)
def test_scorching_staff_rolls_a_bonus_die(die: int, damage: int, dial: int, gem: int) -> None:
    state = _announce(_elf(), (1, 4, 4, 5, 6), "scorching_staff", die)
    assert sum(i.amount for i in state.ledger if i.target == 1) == damage
    assert _dial(state)[0] == dial and state.players[0].statuses.get(GEM, 0) == gem


def test_scorching_staff_ii_rolls_two() -> None:
    state = _announce(_elf(**_up("scorching_staff_2")), (1, 4, 4, 5, 6), "scorching_staff", 1, 4)
    assert sum(i.amount for i in state.ledger if i.target == 1) == 7 and _dial(state)[0] == 1
    both = _announce(_elf(**_up("scorching_staff_2")), (1, 4, 4, 5, 6), "scorching_staff", 5, 6)
    assert _dial(both)[0] == 3 and both.players[0].statuses == {GEM: 1}


def test_ray_of_light_and_sunbeam_raise_the_dial_then_deal() -> None:
    ray = _then(_announce(_elf(), (1, 2, 3, 4, 6), "ray_of_light"))
    assert _dial(ray)[0] == 1 and _attack(ray)[0] == 7
    beam = _then(_announce(_elf(), (2, 3, 4, 5, 6), "sunbeam"))
    assert _dial(beam)[0] == 2 and _attack(beam)[0] == 9
    two = _then(_announce(_elf(**_up("sunbeam_2")), (2, 3, 4, 5, 6), "sunbeam"))
    assert _dial(two)[0] == 3


def test_soaking_up_the_sun_needs_sunbeam_ii() -> None:
    state = _announce(_elf(**_up("sunbeam_2")), (4, 6, 6, 6, 1), "soaking_up_the_sun")
    assert state.players[0].statuses == {GEM: 1} and _attack(state)[0] == 9


def test_solar_burst_chooses_a_gem_or_a_mark_and_ii_does_both_undefendable() -> None:
    state = _announce(_elf(), (6, 6, 6, 6, 1), "solar_burst")
    gem, _ = act(state, 0, a.Choose(1))
    gem = _then(gem)
    assert gem.players[0].statuses == {GEM: 1} and gem.players[1].statuses == {}
    assert _dial(gem)[0] == 2 and _attack(gem) == (8, DamageKind.NORMAL)
    mark, _ = act(state, 0, a.Choose(2))
    assert mark.players[1].statuses == {MARK: 1}
    two = _then(_announce(_elf(**_up("solar_burst_2")), (6, 6, 6, 6, 1), "solar_burst"))
    assert two.players[0].statuses == {GEM: 1} and two.players[1].statuses == {MARK: 1}
    assert _attack(two) == (7, DamageKind.UNDEFENDABLE)


def test_bestow_your_light_needs_solar_burst_ii() -> None:
    state = _announce(_elf(**_up("solar_burst_2")), (6, 6, 6, 1, 4), "bestow_your_light")
    assert _dial(state)[0] == 4 and state.players[1].statuses == {MARK: 1} and not state.ledger


def test_solar_flare_is_her_ultimate() -> None:
    state = _announce(_elf(), (6, 6, 6, 6, 6), "solar_flare")
    assert _dial(state)[0] == 3 and state.players[0].statuses == {GEM: 1}
    assert state.players[1].statuses == {MARK: 1} and _attack(state) == (10, DamageKind.ULTIMATE)


# -- the defence ----------------------------------------------------------------------


def _attacked(**elf: Any) -> State:
    """The Barbarian (seat 0) attacks the Sun Elf (seat 1) with Slap."""
    state = with_player(start("barbarian", "sun_elf"), 1, **elf)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 1, 1, 4, 4)
    state, _ = act(state, 0, a.Announce("slap"))
    state, _ = act(state, 1, a.Pass())
    assert state.step is Step.DEFENSE
    return state


def test_harness_the_light_heals_per_stave_and_raises_the_dial() -> None:
    state, _ = defend(_attacked(health=40), 1, 1, 4, 4)
    assert state.heals[0].amount == 1 and _dial(state, 1)[0] == 1
    sun, _ = defend(_attacked(health=40), 1, 6, 6, 4)
    assert _dial(sun, 1)[0] == 1  # a sun once, one charge: nothing


def test_harness_the_light_ii_raises_per_sun_and_a_gem_on_all_three() -> None:
    state, _ = defend(_attacked(**_up("harness_the_light_2")), 1, 1, 4, 6)
    assert _dial(state, 1)[0] == 2 and state.players[1].statuses == {GEM: 1}
    suns, _ = defend(_attacked(**_up("harness_the_light_2")), 1, 6, 6, 6)
    assert _dial(suns, 1)[0] == 3


# -- tokens ---------------------------------------------------------------------------


@pytest.mark.parametrize(("die", "cp", "hit"), [(1, 1, False), (3, 0, True), (6, 1, True)])
def test_a_charged_gem_gives_cp_damage_or_both(die: int, cp: int, hit: bool) -> None:
    state = _elf(statuses={GEM: 1}, cp=2)
    state, _ = act(state, 0, a.Spend(GEM), die)
    assert state.players[0].cp == 2 + cp and state.players[1].health == 50 - 2 * hit
    assert state.players[0].statuses == {}


def test_sun_marked_heals_her_attacker() -> None:
    state = _announce(_elf(health=40), (1, 2, 3, 4, 6), "light_staff")
    assert not state.heals
    marked = with_player(_elf(health=40), 1, statuses={MARK: 1})
    marked = _announce(marked, (1, 2, 3, 4, 6), "light_staff")
    assert [(h.target, h.amount) for h in marked.heals] == [(0, 2)]


# -- cards ----------------------------------------------------------------------------


def _main(hand: tuple[str, ...], cp: int = 5, **changes: Any) -> State:
    return _elf(hand=hand, cp=cp, **changes)


@pytest.mark.parametrize(("die", "raised"), [(1, 1), (4, 2), (5, 3)])
def test_clouds_parting_raises_half_the_die_rounded_up(die: int, raised: int) -> None:
    state, _ = act(_main(("clouds_parting",)), 0, a.PlayCard("clouds_parting"), die)
    assert _dial(state)[0] == raised


def test_solstice_hits_or_heals() -> None:
    state, _ = act(_main(("solstice",), health=40), 0, a.PlayCard("solstice"))
    hit, _ = act(state, 0, a.Choose(1))
    assert hit.players[1].health == 48
    heal, _ = act(state, 0, a.Choose(2))
    assert heal.players[0].health == 42


def test_here_comes_the_sun_only_on_dusk() -> None:
    dusk, _ = act(_main(("here_comes_the_sun",), dial=1), 0, a.PlayCard("here_comes_the_sun"))
    assert _dial(dusk) == (3, 0)
    dawn = _main(("here_comes_the_sun",), dial=1, dawn=True)
    dawn, _ = act(dawn, 0, a.PlayCard("here_comes_the_sun"))
    assert _dial(dawn) == (1, 1)


def test_it_gives_life_empties_the_dial_into_a_chosen_players_health() -> None:
    state = _main(("it_gives_life",), dial=4, health=40)
    state, _ = act(state, 0, a.PlayCard("it_gives_life", target="1"))  # herself
    assert _dial(state)[0] == 0 and state.players[0].health == 44
    empty = _main(("it_gives_life",), health=40)
    empty, events = act(empty, 0, a.PlayCard("it_gives_life", target="1"))
    assert "dial_empty" in keys(events) and empty.players[0].health == 40


@pytest.mark.parametrize("die", [2, 4, 6])
def test_the_suns_blessing(die: int) -> None:
    state, _ = act(_main(("the_suns_blessing",)), 0, a.PlayCard("the_suns_blessing"), die)
    if die == 2:
        assert state.players[0].statuses == {GEM: 1}
    elif die == 4:
        assert len(state.players[0].hand) == 2
    else:
        assert _dial(state) == (5, 1)  # set to 5 on Dusk: it turns to Dawn


def test_sun_shield_spends_the_gem_to_prevent_3() -> None:
    state = _attacked(hand=("sun_shield",), statuses={GEM: 1})
    state, _ = act(state, 1, a.PlayCard("sun_shield"))
    state, _ = act(state, 0, a.Pass())  # the Barbarian, active, may answer first
    assert state.players[1].statuses == {} and state.ledger[0].prevented == 3


def test_first_light_only_at_0() -> None:
    state, _ = act(_main(("first_light",)), 0, a.PlayCard("first_light"))
    assert _dial(state)[0] == 2 and state.players[1].statuses == {MARK: 1}
    late, _ = act(_main(("first_light",), dial=1), 0, a.PlayCard("first_light"))
    assert _dial(late)[0] == 1 and late.players[1].statuses == {}


def test_the_glorious_sun_turns_the_dial_over() -> None:
    state, _ = act(_main(("the_glorious_sun",), dial=2), 0, a.PlayCard("the_glorious_sun"))
    assert _dial(state) == (2, 1)


def test_radiant_exchange_empties_the_dial_to_make_a_6() -> None:
    state = _main(("radiant_exchange",), dial=2)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 4, 4)
    state, _ = act(state, 0, a.PlayCard("radiant_exchange", target="5=6"))
    assert state.roll.dice == (1, 2, 3, 4, 6) and _dial(state)[0] == 0


# -- whole matches --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("others", "seeds"),
    [
        (["barbarian"], range(2)),  # 1 v 1
        (["duelist", "ninja"], range(2, 3)),  # King of the Hill
        (["gunslinger", "mythic_brawler", "paladin"], range(3, 4)),  # 2 v 2
    ],
)
def test_seeded_matches_with_the_sun_elf_end(others: list[str], seeds: range) -> None:
    used = ended_matches(["sun_elf", *others], seeds)
    assert used["activated"] and used["dial_changed"]


def test_a_charged_gem_is_spent_in_her_main_phase_only() -> None:
    state = _elf(statuses={GEM: 1})
    assert "spend" in ENGINE.pending(state)[0].kinds
    state, _ = act(state, 0, a.EndPhase())
    with pytest.raises(EngineError):  # not offered in the roll phase
        act(state, 0, a.Spend(GEM), 1)
    attacked = _attacked(statuses={GEM: 1})
    with pytest.raises(EngineError):
        act(attacked, 1, a.Spend(GEM), 1)
