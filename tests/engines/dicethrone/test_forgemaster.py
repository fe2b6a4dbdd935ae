"""The Forgemaster with rigged dice (issue 22). He is not selectable (his deck is only
partly on record and his Ore mechanics are not automated: see the hero file), so these
tests seat him in a match begun with another hero: every ability of his board, his
defence Masterwork, his Armor tokens and Ore cards, the steps left to his player by
hand, his hidden cards, a save/load round trip and his lookup."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engines.core import EngineError
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.content import DamageKind, text_for
from engines.dicethrone.effects.context import put
from engines.dicethrone.rules.state import State, Step
from tests.engines.dicethrone.helpers import (
    SEATS,
    RiggedDice,
    act,
    defend,
    keys,
    start,
    with_player,
)
from tests.engines.dicethrone.helpers import announce as _announce
from tests.engines.dicethrone.helpers import attack_damage as _attack
from tests.engines.dicethrone.helpers import pass_windows as _pass_windows

HERO = ENGINE.load_content(None).heroes["forgemaster"]
ORE = ("gold_ore", "diamond_ore", "ultimanium_ore")
ARMORS = (
    "gold_helmet",
    "diamond_helmet",
    "ultimanium_helmet",
    "gold_shield",
    "diamond_shield",
    "ultimanium_shield",
)


def _smith(seat: int = 0, foe: str = "barbarian", **changes: Any) -> State:
    """A match where the hero in ``seat`` is the Forgemaster (seat 0 starts, Main 1)."""
    heroes = ("forgemaster", foe) if seat == 0 else (foe, "forgemaster")
    state = start("barbarian", "barbarian")
    deck = tuple(c.id for c in HERO.cards for _ in range(c.copies))
    state = put(state, seat, hero="forgemaster", hand=deck[:4], deck=deck[4:])
    state = put(state, 1 - seat, hero=heroes[1 - seat])
    return with_player(state, seat, **changes)


def _by_hand(state: State) -> State:
    """The Forgemaster's player declares the step by hand done (his own seat, 0)."""
    assert state.choice is not None and state.choice.manual
    state, _ = act(state, 0, a.Resolved())
    assert state.choice is None or not state.choice.manual
    return state


def _manual_text(state: State) -> str:
    assert state.choice is not None
    return text_for(state.choice.manual, "en-US")


# -- the hero is not offered ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("locale", "why"), [("en-US", "Ore"), ("pt-BR", "Minério"), ("it", "Minerale")]
)
def test_he_cannot_be_chosen_and_the_refusal_says_why(locale: str, why: str) -> None:
    with pytest.raises(EngineError) as info:
        ENGINE.new_match(
            {"hero1": "forgemaster", "hero2": "barbarian"},
            SEATS,
            ENGINE.load_content(None),
            RiggedDice([6, 1]),
        )
    said = ENGINE.catalog().translate(info.value.key, locale, **info.value.params)
    assert "Forgemaster" in said and why in said


# -- the board ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "damage", "cp"),
    [
        ((1, 2, 3, 4, 6), 5, 2),  # 3 picks
        ((1, 2, 3, 1, 6), 6, 2),  # 4 picks, no 4 of a kind
        ((2, 2, 2, 2, 6), 6, 3),  # 4 picks and 4 of a kind: +1 CP
        ((1, 1, 1, 1, 1), 7, 3),  # 5 picks (also 4 of a kind)
        ((1, 2, 3, 1, 2), 7, 2),  # 5 picks, no 4 of a kind
    ],
)
def test_pick_axe_deals_5_6_7_and_4_of_a_kind_gains_a_cp(
    dice: tuple[int, ...], damage: int, cp: int
) -> None:
    state = _announce(_smith(), dice, "pick_axe")
    assert _attack(state) == (damage, DamageKind.NORMAL)
    assert state.players[0].cp == cp


@pytest.mark.parametrize("rolled", [1, 6])
def test_furnace_needs_4_forge_and_adds_a_die_to_its_5(rolled: int) -> None:
    state = _announce(_smith(), (4, 5, 4, 5, 1), "furnace", rolled)
    assert _attack(state) == (5 + rolled, DamageKind.NORMAL)


def test_furnace_is_not_met_by_3_forge() -> None:
    state, _ = act(_smith(), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 4, 5, 4, 1, 6)
    with pytest.raises(EngineError):
        act(state, 0, a.Announce("furnace"))


def test_smelting_time_draws_a_card_and_deals_9_undefendable() -> None:
    before = _smith()
    state = _announce(before, (6, 6, 6, 6, 1), "smelting_time")
    assert _attack(state) == (9, DamageKind.UNDEFENDABLE)
    assert len(state.players[0].hand) == len(before.players[0].hand) + 1
    assert state.step is not Step.DEFENSE  # nothing to defend


def test_a_good_haul_leaves_the_mining_to_his_player_then_deals_8() -> None:
    state = _announce(_smith(), (1, 4, 6, 6, 2), "a_good_haul")
    assert "Mine your deck" in _manual_text(state)
    assert not state.ledger  # the damage comes after the Mining
    state = _by_hand(state)
    assert _attack(state) == (8, DamageKind.NORMAL)


@pytest.mark.parametrize(("dice", "damage"), [((1, 2, 3, 4, 6), 7), ((1, 2, 3, 4, 5), 10)])
def test_armored_up_deals_7_or_10_after_the_armor_bonus_by_hand(
    dice: tuple[int, ...], damage: int
) -> None:
    state = _announce(_smith(), dice, "armored_up")
    assert "2 Armor" in _manual_text(state)
    state = _by_hand(state)
    assert _attack(state) == (damage, DamageKind.NORMAL)


def test_final_touches_is_his_ultimate_searching_by_hand_then_14() -> None:
    state = _announce(_smith(), (6, 6, 6, 6, 6), "final_touches")
    assert state.roll.ultimate
    assert "search your deck for one Ore" in _manual_text(state)
    state = _by_hand(state)
    assert _attack(state) == (14, DamageKind.ULTIMATE)


# -- Masterwork -------------------------------------------------------------------------------


def _attacked() -> State:
    """The Barbarian (seat 0) attacks the Forgemaster (seat 1) with Smack for 4."""
    state = _smith(seat=1)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 1, 1, 4, 4)
    state, _ = act(state, 0, a.Announce("slap"))
    state, _ = act(state, 1, a.Pass())
    assert state.step is Step.DEFENSE
    return state


@pytest.mark.parametrize(
    ("die", "said"),
    [(2, "Mine your deck"), (5, "one Armor's effect counts twice"), (6, "up to two different")],
)
def test_masterwork_rolls_1_die_and_leaves_its_face_to_his_player(die: int, said: str) -> None:
    state, _ = defend(_attacked(), 1, die)
    assert state.choice is not None and state.choice.manual
    assert said in _manual_text(state)
    state, _ = act(state, 1, a.Resolved())
    state = _pass_windows(state)
    assert state.players[1].health == 50 - 4  # Smack deals 4; nothing prevented by itself


# -- Armor and Ore ------------------------------------------------------------------------------


def test_each_armor_is_one_token_at_most() -> None:
    for armor in ARMORS:
        status = ENGINE.load_content(None).status(armor)
        assert status.stack_limit == 1 and status.positive and status.persistent


def test_his_deck_holds_9_gold_6_diamond_and_1_ultimanium_ore_beside_the_generic_cards() -> None:
    copies = {c.id: c.copies for c in HERO.cards}
    assert [copies[o] for o in ORE] == [9, 6, 1]
    assert sum(copies.values()) == 16 + 18


@pytest.mark.parametrize("ore", ORE)
def test_an_ore_is_played_in_his_main_phase_for_nothing_and_laid_by_hand(ore: str) -> None:
    state = _smith(hand=(ore,), cp=0)
    state, events = act(state, 0, a.PlayCard(ore))
    assert "played" in keys(events) and state.players[0].cp == 0
    assert "The Forge" in _manual_text(state)


# -- hidden cards, save and lookup --------------------------------------------------------------


def test_the_public_board_never_shows_his_hand_or_deck() -> None:
    base = _smith()
    one = with_player(base, 0, hand=("gold_ore",) * 4, deck=("ultimanium_ore",) + ("gold_ore",) * 9)
    two = with_player(base, 0, hand=("diamond_ore",) * 4, deck=("diamond_ore",) * 10)
    for seat in (None, 1):
        assert ENGINE.view(one, seat) == ENGINE.view(two, seat)
    assert ENGINE.render(ENGINE.view(one, None)) == ENGINE.render(ENGINE.view(two, None))
    public = json.dumps(ENGINE.view(one, None).data, ensure_ascii=False)
    assert not any(name in public for name in ("Gold Ore", "Diamond Ore", "Ultimanium Ore"))
    # His own seat sees his hand.
    assert "Gold Ore" in json.dumps(ENGINE.view(one, 0).data, ensure_ascii=False)


def test_drawing_an_ore_is_not_told_to_the_table() -> None:
    state = with_player(_smith(), 0, deck=("ultimanium_ore",) * 3)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 6, 6, 6, 6, 1)
    state, _ = act(state, 0, a.Announce("smelting_time"))
    state, events = act(state, 1, a.Pass())
    (drew,) = [e for e in events if e.key == "dicethrone.event.drew"]
    for seat in (None, 1):
        assert "ultimanium" not in json.dumps(drew.for_seat(seat).params).lower()
    assert "Ultimanium Ore" in json.dumps(drew.for_seat(0).params)
    # Nor the board the table sees afterwards.
    public = json.dumps(ENGINE.view(state, None).data, ensure_ascii=False)
    assert "Ultimanium Ore" not in public


def test_a_match_with_him_survives_a_save_and_load() -> None:
    state = _announce(_smith(), (1, 4, 6, 6, 2), "a_good_haul")
    again = ENGINE.state_from_json(ENGINE.state_to_json(state))
    assert again == state and again.players[0].hero == "forgemaster"


def test_his_lookup_shows_the_printed_names() -> None:
    board = ENGINE.lookup(_smith(), None, "forgemaster")
    assert board is not None
    entry = json.dumps(board.data["entry"], ensure_ascii=False)
    names = ("Pick Axe", "Furnace", "Smelting Time", "A Good Haul", "Armored Up", "Final Touches!")
    assert all(n in entry for n in (*names, "Masterwork", "The Forge", "The Mines"))
    assert all(n in entry for n in ("Gold Helmet", "Ultimanium Shield", "Gold Ore"))
