"""The Mythic Brawler with rigged dice: every ability of his board and of his upgrade
cards (the alternate abilities they add), his defence Wrassle (more dice with Strength
of the Sky), his four tokens and his fifteen cards; his facts against the public record;
and whole seeded matches with him in 1 v 1, King of the Hill and 2 v 2."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core import IllegalActionError
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.content import DamageKind, text_for
from engines.dicethrone.rules.state import Phase, State, Step
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
from tests.engines.dicethrone.helpers import pass_pauses as _pass_windows
from tests.engines.dicethrone.helpers import upgrades as _up
from tests.engines.dicethrone.test_new_heroes import ended_matches

OCEAN, MOUNTAIN, SKY = "strength_of_the_ocean", "strength_of_the_mountain", "strength_of_the_sky"


def _brawler(foe: str = "barbarian", **changes: Any) -> State:
    state = start("mythic_brawler", foe)
    return with_player(state, 0, **changes) if changes else state


def _labels(state: State) -> list[str]:
    assert state.choice is not None
    return [o.text["en-US"] for o in state.choice.options]


STRENGTHS = ["Strength of the Ocean", "Strength of the Mountain", "Strength of the Sky"]


# -- the board ------------------------------------------------------------------------


def test_strong_arm_wins_ties_for_a_strength_and_6_else_deals_7() -> None:
    state = _announce(_brawler(), (1, 2, 3, 6, 4), "strong_arm", 3, 3)  # a tie: his
    assert _labels(state) == STRENGTHS
    state, _ = act(state, 0, a.Choose(3))
    assert state.players[0].statuses == {SKY: 1} and _attack(state) == (6, DamageKind.NORMAL)
    lost = _announce(_brawler(), (1, 2, 3, 6, 4), "strong_arm", 2, 5)
    assert lost.choice is None and _attack(lost) == (7, DamageKind.NORMAL)
    assert lost.players[0].statuses == {}


@pytest.mark.parametrize(
    ("die", "damage", "drawn", "concussion"),
    [(2, 8, 0, False), (4, 6, 1, False), (6, 6, 0, True)],
)
def test_tidal_blow_gains_ocean_and_rolls_a_bonus_die(
    die: int, damage: int, drawn: int, concussion: bool
) -> None:
    before = _brawler()
    hand = len(before.players[0].hand)
    state = _announce(before, (1, 2, 3, 4, 5), "tidal_blow", die)
    assert state.players[0].statuses == {OCEAN: 1}
    assert sum(i.amount for i in state.ledger if i.target == 1) == damage
    assert len(state.players[0].hand) == hand + drawn
    assert ("concussion" in state.players[1].statuses) is concussion


def test_tidal_blow_ii_rolls_two_dice_with_2_damage_per_fist() -> None:
    state = _announce(_brawler(**_up("tidal_blow_2")), (1, 2, 3, 4, 5), "tidal_blow", 1, 3)
    assert sum(i.amount for i in state.ledger if i.target == 1) == 10  # 6 + 2 x 2


def test_clobber_deals_5_or_7_and_4_of_a_kind_concusses() -> None:
    state = _announce(_brawler(), (1, 2, 3, 1, 6), "clobber")
    assert _attack(state)[0] == 5 and state.players[1].statuses == {}
    five = _announce(_brawler(), (2, 2, 2, 2, 3), "clobber")
    assert _attack(five)[0] == 7 and five.players[1].statuses == {"concussion": 1}


def test_clobber_ii_gains_sky_on_3_of_a_kind_and_concusses_on_4() -> None:
    state = _announce(_brawler(**_up("clobber_2")), (1, 1, 1, 2, 6), "clobber")
    assert _attack(state)[0] == 6 and state.players[0].statuses == {SKY: 1}
    assert state.players[1].statuses == {}
    four = _announce(_brawler(**_up("clobber_2")), (3, 3, 3, 3, 2), "clobber")
    assert four.players[0].statuses == {SKY: 1} and four.players[1].statuses == {"concussion": 1}


def test_healing_wind_heals_3_and_gains_two_strengths_of_his_choice() -> None:
    state = _announce(_brawler(health=40), (4, 5, 4, 6, 1), "healing_wind")
    state, _ = act(state, 0, a.Choose(1))
    state, _ = act(state, 0, a.Choose(1))
    assert state.players[0].statuses == {OCEAN: 2} and not state.ledger
    assert state.heals and state.heals[0].amount == 3


def _ancestral(level: tuple[str, ...] = ()) -> State:
    state = _announce(_brawler(**_up(*level)), (6, 6, 6, 6, 1), "ancestral_strength")
    state, _ = act(state, 0, a.Choose(2))
    state, _ = act(state, 0, a.Choose(3))
    return _pass_windows(state)


def test_ancestral_strength_i_and_ii_deal_7_or_9_undefendable() -> None:
    state = _ancestral()
    assert state.players[0].statuses == {MOUNTAIN: 1, SKY: 1}
    # The Mountain gained first is held when the Attack's damage comes ("Then"): +1.
    assert _attack(state) == (8, DamageKind.UNDEFENDABLE) and state.step is Step.FINAL
    assert _attack(_ancestral(("ancestral_strength_2",))) == (10, DamageKind.UNDEFENDABLE)


def test_spirit_call_needs_ancestral_strength_ii_and_concusses() -> None:
    state, _ = act(_brawler(), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 6, 6, 6, 1, 4)
    with pytest.raises(IllegalActionError):
        act(state, 0, a.Announce("spirit_call"))
    state = _announce(_brawler(**_up("ancestral_strength_2")), (6, 6, 6, 1, 4), "spirit_call")
    state, _ = act(state, 0, a.Choose(1))
    state, _ = act(state, 0, a.Choose(1))
    assert state.players[0].statuses == {OCEAN: 2}
    assert state.players[1].statuses == {"concussion": 1} and not state.ledger


def test_spirit_strike_gains_a_strength_then_deals_7() -> None:
    state = _announce(_brawler(), (1, 2, 3, 4, 6), "spirit_strike")
    state, _ = act(state, 0, a.Choose(1))
    state = _pass_windows(state)
    assert state.players[0].statuses == {OCEAN: 1} and _attack(state)[0] == 7


@pytest.mark.parametrize(("dice", "healed"), [((3, 4, 5, 6, 1), True), ((1, 2, 3, 4, 6), False)])
def test_spirit_strike_ii_heals_1_when_the_straight_uses_a_6(
    dice: tuple[int, ...], healed: bool
) -> None:
    state = _announce(_brawler(**_up("spirit_strike_2")), dice, "spirit_strike")
    state, _ = act(state, 0, a.Choose(1))
    state = _pass_windows(state)
    assert _attack(state)[0] == 8 and bool(state.heals) is healed


def test_tectonic_punch_i_gains_a_mountain_or_spends_one_for_3_more() -> None:
    gain = _announce(_brawler(), (1, 2, 3, 4, 5), "tectonic_punch")
    gain, _ = act(gain, 0, a.Choose(1))
    gain = _pass_windows(gain)
    # The Mountain just gained is held when the damage comes: +1.
    assert gain.players[0].statuses == {MOUNTAIN: 1} and _attack(gain)[0] == 11
    spend = _announce(_brawler(statuses={MOUNTAIN: 1}), (1, 2, 3, 4, 5), "tectonic_punch")
    # Removing his Mountain (so it adds nothing) adds 3 to the Attack instead.
    spend, events = act(spend, 0, a.Choose(2))
    spend = _pass_windows(spend)
    assert spend.players[0].statuses == {} and _attack(spend)[0] == 13
    assert "status_removed" in keys(events)
    broke = _announce(_brawler(), (1, 2, 3, 4, 5), "tectonic_punch")
    broke, events = act(broke, 0, a.Choose(2))
    assert "cost_unpaid_status" in keys(events)
    assert _attack(_pass_windows(broke))[0] == 10


def test_tectonic_punch_ii_and_knock_out() -> None:
    state = _announce(_brawler(**_up("tectonic_punch_2")), (2, 3, 4, 5, 6), "tectonic_punch")
    state = _pass_windows(state)
    assert state.players[0].statuses == {MOUNTAIN: 1} and _attack(state)[0] == 13
    knock = _announce(_brawler(**_up("tectonic_punch_2")), (1, 4, 5, 6, 2), "knock_out")
    assert _attack(knock) == (3, DamageKind.UNDEFENDABLE)


def test_power_of_the_ancients_is_his_ultimate() -> None:
    state = _announce(_brawler(), (6, 6, 6, 6, 6), "power_of_the_ancients")
    state, _ = act(state, 0, a.Choose(3))
    state, _ = act(state, 0, a.Choose(3))
    assert state.players[0].statuses == {SKY: 2}
    assert state.players[1].statuses == {"concussion": 1}
    assert _attack(state) == (12, DamageKind.ULTIMATE)


# -- the defence ----------------------------------------------------------------------


def _attacked(**brawler: Any) -> State:
    """The Barbarian (seat 0) attacks the Brawler (seat 1) with Slap (3 swords)."""
    state = start("barbarian", "mythic_brawler")
    if brawler:
        state = with_player(state, 1, **brawler)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 1, 1, 4, 4)
    state, _ = act(state, 0, a.Announce("slap"))
    state, _ = act(state, 1, a.Pass())
    assert state.step is Step.DEFENSE
    return state


def test_wrassle_hits_back_per_fist_heals_per_spirit_and_a_peak_gains_a_strength() -> None:
    state, _ = defend(_attacked(health=40), 1, 1, 6)
    assert state.roll.defense_dice == (1, 6) and _labels(state) == STRENGTHS
    state, _ = act(state, 1, a.Choose(1))
    assert state.players[1].statuses == {OCEAN: 1}
    assert [i.amount for i in state.ledger if i.target == 0] == [1]
    healed, _ = defend(_attacked(health=40), 1, 4, 5)
    assert healed.heals and healed.heals[0].amount == 2


def test_wrassle_ii_rolls_3_and_each_sky_adds_a_die() -> None:
    state, _ = defend(_attacked(**_up("wrassle_2")), 1, 1, 2, 3)
    assert [i.amount for i in state.ledger if i.target == 0] == [3]
    sky = _attacked(statuses={SKY: 2}, **_up("wrassle_2"))
    sky, _ = defend(sky, 1, 1, 2, 3, 4, 5)
    assert len(sky.roll.defense_dice) == 5
    one, _ = defend(_attacked(statuses={SKY: 1}), 1, 1, 2, 3)
    assert len(one.roll.defense_dice) == 3  # Wrassle I: 2 + 1


# -- tokens ---------------------------------------------------------------------------


def test_strength_of_the_mountain_adds_1_per_token_to_his_attacks() -> None:
    state = _announce(_brawler(statuses={MOUNTAIN: 2}), (1, 2, 3, 1, 6), "clobber")
    assert _attack(state)[0] == 7  # 5 + 2
    assert state.players[0].statuses == {MOUNTAIN: 2}  # persistent: not spent


def _upkeep_with_ocean(count: int) -> State:
    """Bruno ends his turn; the Brawler's Upkeep asks about his Ocean tokens."""
    state = start("barbarian", "mythic_brawler")
    state = with_player(state, 1, statuses={OCEAN: count}, health=40, cp=2)
    state = replace(state, phase=Phase.DISCARD, step=None)
    state, _ = act(state, 0, a.EndPhase())
    assert state.active == 1 and state.choice is not None
    return state


@pytest.mark.parametrize(("option", "left", "health"), [(1, 3, 40), (2, 2, 40), (3, 1, 42)])
def test_strength_of_the_ocean_is_spent_once_in_his_upkeep(
    option: int, left: int, health: int
) -> None:
    state = _upkeep_with_ocean(3)
    assert _labels(state) == ["Keep them", "Remove 1: +1 CP", "Remove 2: +1 CP, heal 2"]
    state, _ = act(state, 1, a.Choose(option))
    state, _ = close_upkeep(state)
    assert state.choice is None  # once, however many tokens he holds
    assert state.players[1].statuses.get(OCEAN, 0) == left
    assert state.players[1].health == health
    # Income adds its own CP and a card after the Upkeep's.
    assert state.players[1].cp == 2 + (option > 1) + 1


def test_concussion_skips_the_next_income_then_goes() -> None:
    state = with_player(_brawler(), 1, statuses={"concussion": 1})
    state = replace(state, phase=Phase.DISCARD, step=None)
    cp = state.players[1].cp
    state, events = act(state, 0, a.EndPhase())
    assert "income_skipped_status" in keys(events) and state.players[1].cp == cp
    assert "concussion" not in state.players[1].statuses


# -- cards ----------------------------------------------------------------------------


def _main(hand: tuple[str, ...], cp: int = 5, **changes: Any) -> State:
    return _brawler(hand=hand, cp=cp, **changes)


def test_sea_song_trades_an_ocean_for_2_cp() -> None:
    state, _ = act(_main(("sea_song",), statuses={OCEAN: 1}), 0, a.PlayCard("sea_song"))
    assert state.players[0].cp == 7 and state.players[0].statuses == {}
    empty, events = act(_main(("sea_song",)), 0, a.PlayCard("sea_song"))
    assert empty.players[0].cp == 5 and "cost_unpaid_status" in keys(events)


def test_haka_gains_one_strength_or_two_for_2_more_cp() -> None:
    state, _ = act(_main(("haka",)), 0, a.PlayCard("haka"))
    one, _ = act(state, 0, a.Choose(1))
    one, _ = act(one, 0, a.Choose(2))
    assert one.players[0].statuses == {MOUNTAIN: 1} and one.players[0].cp == 4
    two, events = act(state, 0, a.Choose(2))
    assert "cost_paid_cp" in keys(events)
    two, _ = act(two, 0, a.Choose(1))
    two, _ = act(two, 0, a.Choose(3))
    assert two.players[0].statuses == {OCEAN: 1, SKY: 1} and two.players[0].cp == 2


def test_heavy_hand_sets_a_die_to_1_2_or_3_only() -> None:
    state, _ = act(_main(("heavy_hand",)), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 6, 6, 6, 6, 4)
    with pytest.raises(IllegalActionError):
        act(state, 0, a.PlayCard("heavy_hand", target="5=6"))
    state, _ = act(state, 0, a.PlayCard("heavy_hand", target="5=2"))
    assert state.roll.dice == (6, 6, 6, 6, 2)


def test_kapu_spends_a_mountain_to_prevent_4() -> None:
    state = _attacked(hand=("kapu",), cp=3, statuses={MOUNTAIN: 1})
    state, _ = act(state, 1, a.PlayCard("kapu"))
    assert state.players[1].statuses == {} and state.ledger[0].prevented == 4


def test_flying_punch_spends_a_sky_to_make_the_attack_undefendable() -> None:
    state = _announce(_main(("flying_punch",), statuses={SKY: 1}), (1, 2, 3, 1, 6), "clobber")
    state, _ = act(state, 0, a.PlayCard("flying_punch"))
    assert _attack(state) == (5, DamageKind.UNDEFENDABLE) and state.players[0].statuses == {}


def test_wild_strength_re_rolls_one_die_per_strength_and_adds_2_per_two_fists() -> None:
    held = {OCEAN: 1, SKY: 1}
    state = _announce(_main(("wild_strength",), statuses=held), (1, 2, 3, 1, 6), "clobber")
    state, _ = act(state, 0, a.PlayCard("wild_strength"), 1, 2, 4, 5, 6)
    assert _labels(state)[0] == "Keep the dice" and len(_labels(state)) == 6
    state, _ = act(state, 0, a.Choose(4), 3)  # die 3: 4 -> 3 (a third fist)
    state, _ = act(state, 0, a.Choose(4), 1)  # die 4: 5 -> 1 (a fourth)
    assert state.choice is None  # two Strengths: two re-rolls
    assert _attack(state)[0] == 5 + 4


def test_enjoy_the_view_and_explosive_flex() -> None:
    state, _ = act(
        _main(("enjoy_the_view", "explosive_flex"), health=40), 0, a.PlayCard("enjoy_the_view")
    )
    sky, _ = act(state, 0, a.Choose(1))
    assert sky.players[0].statuses == {SKY: 1}
    heal, _ = act(state, 0, a.Choose(2))
    assert heal.players[0].health == 42
    flex, _ = act(heal, 0, a.PlayCard("explosive_flex"))
    hit, _ = act(flex, 0, a.Choose(2))
    assert hit.players[1].health == 48
    mountain, _ = act(flex, 0, a.Choose(1))
    assert mountain.players[0].statuses == {MOUNTAIN: 1}


@pytest.mark.parametrize("die", [2, 4, 6])
def test_spirit_chant_by_its_die(die: int) -> None:
    before = _main(("spirit_chant",))
    state, _ = act(before, 0, a.PlayCard("spirit_chant"), die)
    if die == 2:
        assert state.players[1].statuses == {"concussion": 1}
    elif die == 4:
        assert len(state.players[0].hand) == 2
    else:
        state, _ = act(state, 0, a.Choose(1))
        state, _ = act(state, 0, a.Choose(1))
        assert state.players[0].statuses == {OCEAN: 2}


# -- the record, hidden information and whole matches ---------------------------------


def test_the_brawlers_words_come_from_his_steps_in_every_locale() -> None:
    hero = ENGINE.load_content(None).heroes["mythic_brawler"]
    haka = hero.card("haka")
    assert haka is not None
    assert "2 more CP" in haka.text["en-US"] and "PC" in haka.text["pt-BR"]
    assert "Strength" in haka.text["it"] and "scelta" in haka.text["it"]
    assert text_for(hero.name, "pt-BR") == "Mythic Brawler"


def test_the_public_board_does_not_depend_on_his_hidden_cards() -> None:
    a_hand = _main(("haka", "kapu", "sea_song"))
    other = _main(("wild_strength", "heavy_hand", "spirit_chant"))
    for locale in ("en-US", "pt-BR"):
        one = ENGINE.render(ENGINE.view(a_hand, None), "board", locale)
        two = ENGINE.render(ENGINE.view(other, None), "board", locale)
        assert one == two


@pytest.mark.parametrize(
    ("others", "seeds"),
    [
        (["barbarian"], range(2)),  # 1 v 1
        (["ninja", "gunslinger"], range(2, 3)),  # King of the Hill
        (["paladin", "barbarian", "gunslinger"], range(3, 4)),  # 2 v 2
    ],
)
def test_seeded_matches_with_the_brawler_end(others: list[str], seeds: range) -> None:
    used = ended_matches(["mythic_brawler", *others], seeds)
    assert used["activated"] and used["status_gained"]
    assert any(used[name] for name in STRENGTHS), used.most_common(20)
