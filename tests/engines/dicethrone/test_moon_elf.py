"""The Moon Elf with rigged dice: every ability of her board and every level her upgrade
cards bring (the alternate abilities they add), her defence Missed Me, her tokens
Evasive, Blinded, Entangle and Targeted, and her hero cards; whole seeded matches with
her in 1 v 1, King of the Hill and 2 v 2; a save/load round trip and her lookup."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engines.core import EngineError, IllegalActionError
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.content import DamageKind
from engines.dicethrone.rules.state import Phase, State, Step
from tests.engines.dicethrone.helpers import act, defend, keys, start, with_player
from tests.engines.dicethrone.helpers import announce as _announce
from tests.engines.dicethrone.helpers import attack_damage as _attack
from tests.engines.dicethrone.helpers import pass_pauses as _then
from tests.engines.dicethrone.helpers import pass_windows as _pass_windows
from tests.engines.dicethrone.test_new_heroes import ended_matches

EVASIVE, BLINDED, ENTANGLE, TARGETED = "evasive", "blinded", "entangle", "targeted"


def _up(card: str) -> dict[str, Any]:
    """Her board holding one upgrade card (``longbow_3``: Longbow III)."""
    slot = card.rsplit("_", 1)[0]
    return {"upgrades": {slot: card}, "board": (card,)}


def _elf(foe: str = "barbarian", **changes: Any) -> State:
    """The Moon Elf (seat 0) in her first Main phase."""
    return with_player(start("moon_elf", foe), 0, **changes)


def _foe(state: State) -> dict[str, int]:
    return {k: v for k, v in state.players[1].statuses.items() if v}


def _mine(state: State) -> dict[str, int]:
    return {k: v for k, v in state.players[0].statuses.items() if v}


# -- the board ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "card", "damage"),
    [
        ((1, 2, 3, 4, 6), None, 4),
        ((1, 2, 3, 1, 6), None, 5),
        ((1, 2, 3, 1, 2), None, 7),
        ((1, 2, 3, 4, 6), "longbow_2", 4),
        ((1, 2, 3, 1, 6), "longbow_2", 6),
        ((1, 2, 3, 1, 2), "longbow_2", 8),
        ((1, 2, 3, 4, 6), "longbow_3", 5),
        ((1, 2, 3, 1, 6), "longbow_3", 7),
        ((1, 2, 3, 1, 2), "longbow_3", 9),
    ],
)
def test_longbow_deals_by_bows_at_each_level(
    dice: tuple[int, ...], card: str | None, damage: int
) -> None:
    state = _announce(_elf(**(_up(card) if card else {})), dice, "longbow")
    assert _attack(state) == (damage, DamageKind.NORMAL)


def test_longbow_ii_entangles_on_4_of_a_kind_and_iii_on_3() -> None:
    three = _announce(_elf(**_up("longbow_2")), (2, 2, 2, 4, 6), "longbow")
    assert _foe(three) == {}
    four = _announce(_elf(**_up("longbow_2")), (2, 2, 2, 2, 6), "longbow")
    assert _foe(four) == {ENTANGLE: 1}
    level_3 = _announce(_elf(**_up("longbow_3")), (2, 2, 2, 4, 6), "longbow")
    assert _foe(level_3) == {ENTANGLE: 1}
    mixed = _announce(_elf(**_up("longbow_3")), (1, 2, 3, 4, 6), "longbow")
    assert _foe(mixed) == {}


def test_demising_shot_targets_then_deals_4_and_ii_6() -> None:
    state = _announce(_elf(), (1, 2, 3, 6, 6), "demising_shot")
    # Targeted is inflicted first: the Attack it opens already deals 2 more.
    assert _foe(state) == {TARGETED: 1} and _attack(state)[0] == 4 + 2
    two = _announce(_elf(**_up("demising_shot_2")), (1, 2, 3, 6, 6), "demising_shot")
    assert _attack(two)[0] == 6 + 2


def test_focus_needs_demising_shot_ii() -> None:
    state, _ = act(_elf(), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 6, 4, 4)
    with pytest.raises(IllegalActionError):
        act(state, 0, a.Announce("focus"))
    two = _announce(_elf(**_up("demising_shot_2")), (1, 2, 6, 4, 4), "focus")
    assert _foe(two) == {TARGETED: 1, ENTANGLE: 1} and not two.ledger


def test_covered_shot_gains_evasive_and_deals_7_and_ii_9() -> None:
    state = _announce(_elf(), (1, 2, 4, 4, 5), "covered_shot")
    assert _mine(state) == {EVASIVE: 1} and _attack(state)[0] == 7
    two = _announce(_elf(**_up("covered_shot_2")), (1, 2, 4, 4, 5), "covered_shot")
    assert _attack(two)[0] == 9


def test_evasive_action_gives_a_chosen_player_evasive_and_2_undefendable() -> None:
    state = _announce(_elf(**_up("covered_shot_2")), (4, 4, 5, 1, 6), "evasive_action")
    decision = ENGINE.pending(state)[0]
    assert decision.seat == 0 and "choose" in decision.kinds
    state, _ = act(state, 0, a.Choose(1))  # herself
    assert _mine(state) == {EVASIVE: 1}
    assert _attack(state) == (2, DamageKind.UNDEFENDABLE)


@pytest.mark.parametrize(
    ("card", "roll", "damage", "cp_lost"),
    [
        (None, (1, 2, 4, 6, 6), 3 + 2 + 1, 2),  # I: 1 per bow or foot
        ("exploding_arrow_2", (1, 2, 4, 6, 6), 3 + 4 + 1, 2),  # II: 2 per bow, 1 per foot
        ("exploding_arrow_3", (1, 1, 1, 1, 5), 3 + 8 + 1, 0),
    ],
)
def test_exploding_arrow_rolls_5_dice(
    card: str | None, roll: tuple[int, ...], damage: int, cp_lost: int
) -> None:
    state = _elf(**(_up(card) if card else {}))
    state = with_player(state, 1, cp=3)
    state = _announce(state, (1, 6, 6, 6, 4), "exploding_arrow", *roll)
    assert _attack(state)[0] == damage
    assert state.players[1].cp == 3 - cp_lost
    entangled = {ENTANGLE: 1} if card == "exploding_arrow_3" else {}
    assert _foe(state) == {BLINDED: 1, **entangled}


def test_exploding_arrow_takes_no_more_cp_than_the_opponent_has() -> None:
    state = with_player(_elf(), 1, cp=1)
    state = _announce(state, (1, 6, 6, 6, 4), "exploding_arrow", 6, 6, 6, 6, 6)
    assert state.players[1].cp == 0 and _attack(state)[0] == 3


def test_entangling_shot_eclipse_and_blinding_shot() -> None:
    shot = _announce(_elf(), (1, 2, 3, 4, 6), "entangling_shot")
    assert _foe(shot) == {ENTANGLE: 1} and _attack(shot)[0] == 7
    two = _announce(_elf(**_up("entangling_shot_2")), (1, 2, 3, 4, 6), "entangling_shot")
    assert _attack(two)[0] == 9
    eclipse = _announce(_elf(), (6, 6, 6, 6, 1), "eclipse")
    assert _foe(eclipse) == {BLINDED: 1, ENTANGLE: 1, TARGETED: 1}
    assert _attack(eclipse)[0] == 7 + 2
    eclipse_2 = _announce(_elf(**_up("eclipse_2")), (6, 6, 6, 6, 1), "eclipse")
    assert _attack(eclipse_2)[0] == 9 + 2
    blinding = _announce(_elf(), (2, 3, 4, 5, 6), "blinding_shot")
    assert _foe(blinding) == {BLINDED: 1} and _mine(blinding) == {EVASIVE: 1}
    assert _attack(blinding)[0] == 8
    blinding_2 = _announce(_elf(**_up("blinding_shot_2")), (2, 3, 4, 5, 6), "blinding_shot")
    assert _attack(blinding_2)[0] == 10


def test_moon_shadow_and_lunar_blessing_need_their_upgrades() -> None:
    shadow = _announce(_elf(**_up("eclipse_2")), (6, 6, 6, 1, 4), "moon_shadow")
    assert _mine(shadow) == {EVASIVE: 1} and not shadow.ledger
    assert _foe(shadow) == {BLINDED: 1, ENTANGLE: 1, TARGETED: 1}
    blessing = _announce(_elf(**_up("blinding_shot_2")), (1, 4, 5, 6, 2), "lunar_blessing")
    assert _mine(blessing) == {EVASIVE: 3} and _foe(blessing) == {ENTANGLE: 1}
    state, _ = act(_elf(), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 6, 6, 6, 1, 4)
    with pytest.raises(IllegalActionError):
        act(state, 0, a.Announce("moon_shadow"))


def test_lunar_eclipse_is_her_ultimate() -> None:
    state = _announce(_elf(), (6, 6, 6, 6, 6), "lunar_eclipse")
    assert _mine(state) == {EVASIVE: 1}
    assert _foe(state) == {BLINDED: 1, ENTANGLE: 1, TARGETED: 1}
    assert _attack(state) == (12 + 2, DamageKind.ULTIMATE)


# -- the defence ----------------------------------------------------------------------


def _attacked(**elf: Any) -> State:
    """The Barbarian (seat 0) attacks the Moon Elf (seat 1) with Slap (4 damage)."""
    state = with_player(start("barbarian", "moon_elf"), 1, **elf)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 1, 1, 4, 4)
    state, _ = act(state, 0, a.Announce("slap"))
    state, _ = act(state, 1, a.Pass())
    assert state.step is Step.DEFENSE
    return state


def test_missed_me_halves_with_2_feet_and_hits_back_half_the_bows() -> None:
    state, _ = defend(_attacked(), 1, 4, 5, 1, 2, 6)
    state = _pass_windows(state)
    assert state.players[1].health == 50 - 2  # half of 4 prevented
    assert state.players[0].health == 50 - 1  # two bows: 1 back
    many, _ = defend(_attacked(), 1, 1, 2, 3, 1, 6)
    many = _pass_windows(many)
    assert many.players[1].health == 50 - 4 and many.players[0].health == 50 - 2
    one_foot, _ = defend(_attacked(), 1, 4, 1, 6, 6, 6)
    one_foot = _pass_windows(one_foot)
    assert one_foot.players[1].health == 46 and one_foot.players[0].health == 50


# -- tokens ---------------------------------------------------------------------------


@pytest.mark.parametrize(("die", "health"), [(2, 50), (3, 46)])
def test_evasive_is_spent_when_attacked(die: int, health: int) -> None:
    state = _attacked(statuses={EVASIVE: 1})
    state, _ = act(state, 1, a.Spend(EVASIVE))
    state, _ = act(state, 0, a.Pass(), die)  # the Barbarian, active, answers first
    state, _ = defend(state, 1, 1, 3, 3, 3, 6)  # nothing from Missed Me
    state = _pass_windows(state)
    assert state.players[1].health == health and _mine_at(state, 1) == {}


def _mine_at(state: State, seat: int) -> dict[str, int]:
    return {k: v for k, v in state.players[seat].statuses.items() if v}


@pytest.mark.parametrize(("die", "damage"), [(1, 0), (2, 0), (3, 4)])
def test_a_blinded_attacker_deals_nothing_on_1_or_2(die: int, damage: int) -> None:
    state = with_player(start("barbarian", "moon_elf"), 0, statuses={BLINDED: 1})
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 1, 1, 4, 4)
    state, _ = act(state, 0, a.Announce("slap"))
    state, _ = act(state, 1, a.Pass(), die)
    if damage:
        state, _ = defend(state, 1, 3, 3, 3, 6, 6)
    else:
        assert state.step is Step.FINAL  # no Attack: no defensive roll
    state = _pass_windows(state)
    assert state.players[1].health == 50 - damage
    assert _mine_at(state, 0) == {}  # gone when her roll phase ends


def _blinded_covered_shot(die: int) -> tuple[State, list[Any]]:
    """A Blinded Moon Elf activates Covered Shot (gain Evasive, 7 damage); ``die`` is
    Blinded's."""
    state = with_player(start("moon_elf", "moon_elf"), 0, statuses={BLINDED: 1})
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 4, 4, 5)
    state, _ = act(state, 0, a.Announce("covered_shot"))
    return act(state, 1, a.Pass(), die)


@pytest.mark.parametrize("die", [1, 2])
def test_a_failed_attack_has_none_of_its_effects(die: int) -> None:
    state, events = _blinded_covered_shot(die)
    assert "attack_failed" in keys(events)
    # Neither the damage nor the ability's own token: the whole Attack failed.
    assert not state.ledger and _mine(state) == {BLINDED: 1}
    assert state.step is Step.FINAL
    state = _pass_windows(state)
    assert state.players[1].health == 50 and _mine(state) == {}
    assert state.phase is Phase.MAIN2


def test_a_blinded_attack_on_3_or_more_resolves_whole() -> None:
    state, events = _blinded_covered_shot(3)
    assert "attack_failed" not in keys(events)
    assert _mine(state) == {BLINDED: 1, EVASIVE: 1} and _attack(state)[0] == 7


def test_blinded_rolls_only_for_an_attack_and_never_for_the_ultimate() -> None:
    # Focus deals no damage: not an Attack, no die for Blinded (none is forced).
    blinded = {"statuses": {BLINDED: 1}}
    focus = _announce(_elf(**_up("demising_shot_2"), **blinded), (1, 2, 6, 4, 4), "focus")
    assert _foe(focus) == {TARGETED: 1, ENTANGLE: 1}
    # Lunar Eclipse! ignores status effects that would lessen it (no die rolled).
    ultimate = _announce(_elf(**blinded), (6, 6, 6, 6, 6), "lunar_eclipse")
    assert _attack(ultimate)[0] == 12 + 2


def test_entangle_takes_one_roll_attempt_then_goes() -> None:
    state = with_player(start("barbarian", "moon_elf"), 0, statuses={ENTANGLE: 1})
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 2, 2, 2, 2, 2)
    state, _ = act(state, 0, a.RollDice(), 2, 2, 2, 2, 2)
    with pytest.raises(EngineError):  # two attempts only
        act(state, 0, a.RollDice(), 2, 2, 2, 2, 2)
    state, _ = act(state, 0, a.NoAbility())
    state = _pass_windows(state)
    assert state.phase is not Phase.OFFENSIVE and _mine_at(state, 0) == {}


def test_targeted_stays_and_adds_2_to_every_attack_on_its_holder() -> None:
    state = with_player(_elf(), 1, statuses={TARGETED: 1})
    state = _announce(state, (1, 2, 3, 4, 6), "longbow")
    assert _attack(state)[0] == 4 + 2
    state, _ = defend(state, 1, 1, 1, 1)  # Thick Skin: no heart
    state = _pass_windows(state)
    assert state.players[1].health == 44 and _foe(state) == {TARGETED: 1}


# -- cards ----------------------------------------------------------------------------


def _main(hand: tuple[str, ...], cp: int = 5, **changes: Any) -> State:
    return _elf(hand=hand, cp=cp, **changes)


def test_evade_gains_evasive_at_any_time() -> None:
    state = _attacked(hand=("evade",), cp=2)
    state, _ = act(state, 1, a.PlayCard("evade"))
    state, _ = act(state, 0, a.Pass())  # the Barbarian, active, may answer first
    assert _mine_at(state, 1) == {EVASIVE: 1} and state.players[1].cp == 1


def _rolled(hand: tuple[str, ...]) -> State:
    """Her Longbow (4) met no defence; the Final Damage window is open, her card in hand."""
    state = _announce(_main(hand), (1, 2, 3, 4, 6), "longbow")
    state, _ = defend(state, 1, 1, 1, 1)  # Thick Skin: no heart
    assert state.step is Step.FINAL
    return state


def test_volley_adds_1_per_bow_on_5_dice_and_entangles() -> None:
    state, _ = act(_rolled(("volley",)), 0, a.PlayCard("volley"), 1, 2, 4, 6, 3)
    assert _attack(state)[0] == 4 + 3 and _foe(state) == {ENTANGLE: 1}


@pytest.mark.parametrize(
    ("die", "added", "inflicted"), [(2, 2, {}), (5, 0, {ENTANGLE: 1}), (6, 0, {BLINDED: 1})]
)
def test_take_that_rolls_one_die(die: int, added: int, inflicted: dict[str, int]) -> None:
    state, _ = act(_rolled(("take_that",)), 0, a.PlayCard("take_that"), die)
    assert _attack(state)[0] == 4 + added and _foe(state) == inflicted


def test_moon_magic_gains_evasive_and_afflicts_the_opponent() -> None:
    state, _ = act(_main(("moon_magic",)), 0, a.PlayCard("moon_magic"))
    state = _then(state)
    assert _mine(state) == {EVASIVE: 1} and state.players[0].cp == 1
    assert _foe(state) == {BLINDED: 1, ENTANGLE: 1, TARGETED: 1}


@pytest.mark.parametrize("die", [3, 6])
def test_lunar_umbra_afflicts_on_a_moon_else_draws(die: int) -> None:
    state, _ = act(_main(("lunar_umbra",)), 0, a.PlayCard("lunar_umbra"), die)
    if die == 6:
        assert _foe(state) == {BLINDED: 1, ENTANGLE: 1, TARGETED: 1}
        assert len(state.players[0].hand) == 0
    else:
        assert _foe(state) == {} and len(state.players[0].hand) == 1


# -- whole matches, save and lookup ---------------------------------------------------


@pytest.mark.parametrize(
    ("others", "seeds"),
    [
        (["barbarian"], range(2)),  # 1 v 1
        (["gunslinger", "sun_elf"], range(2, 3)),  # King of the Hill
        (["ninja", "paladin", "treant"], range(3, 4)),  # 2 v 2
    ],
)
def test_seeded_matches_with_the_moon_elf_end(others: list[str], seeds: range) -> None:
    used = ended_matches(["moon_elf", *others], seeds)
    assert used["activated"] and used["status_gained"]
    assert any(used[name] for name in ("Blinded", "Entangle", "Targeted")), used.most_common(20)


def test_her_tokens_survive_a_save_and_load() -> None:
    state = with_player(_elf(statuses={EVASIVE: 2}), 1, statuses={TARGETED: 1, BLINDED: 1})
    again = ENGINE.state_from_json(ENGINE.state_to_json(state))
    assert again == state and _foe(again) == {TARGETED: 1, BLINDED: 1}


def test_her_lookup_shows_the_printed_names() -> None:
    board = ENGINE.lookup(_elf(), None, "moon_elf")
    assert board is not None
    entry = json.dumps(board.data["entry"], ensure_ascii=False)
    names = ("Longbow", "Demising Shot", "Covered Shot", "Exploding Arrow", "Missed Me")
    assert all(n in entry for n in (*names, "Lunar Eclipse!", "Evasive", "Targeted"))
    assert "loses 1 CP per" in entry  # Exploding Arrow's CP, in the engine's words


def test_cp_lost_is_told() -> None:
    state = with_player(_elf(), 1, cp=2)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 6, 6, 6, 4)
    state, _ = act(state, 0, a.Announce("exploding_arrow"))
    state, events = act(state, 1, a.Pass(), 6, 1, 1, 1, 1)
    assert "cp_lost" in keys(events) and state.players[1].cp == 1
