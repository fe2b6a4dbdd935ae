"""Activation requirements: symbols, straights, n-of-a-kind ("Requisito de Ativação")."""

from __future__ import annotations

import pytest

from engines.dicethrone import ENGINE
from engines.dicethrone.content import Requirement
from engines.dicethrone.rules.combos import longest_run, meets

BARBARIAN = ENGINE.load_content(None).heroes["barbarian"]
SMALL = Requirement(straight=4)
LARGE = Requirement(straight=5)


@pytest.mark.parametrize(
    "dice", [(1, 2, 3, 4, 6), (2, 3, 4, 5, 5), (6, 3, 5, 4, 1), (3, 4, 5, 6, 6), (1, 2, 3, 4, 5)]
)
def test_small_straight_is_any_four_in_sequence(dice: tuple[int, ...]) -> None:
    assert meets(BARBARIAN, dice, SMALL)


@pytest.mark.parametrize("dice", [(1, 2, 3, 5, 6), (1, 1, 2, 2, 3), (2, 3, 5, 6, 6)])
def test_not_a_small_straight(dice: tuple[int, ...]) -> None:
    assert not meets(BARBARIAN, dice, SMALL)


def test_large_straight_is_five_in_sequence() -> None:
    assert meets(BARBARIAN, (5, 4, 3, 2, 1), LARGE)
    assert meets(BARBARIAN, (2, 3, 4, 5, 6), LARGE)
    assert not meets(BARBARIAN, (1, 2, 3, 4, 6), LARGE)
    assert longest_run((1, 3, 4, 5, 6)) == 4


def test_of_a_kind_counts_numbers_not_symbols() -> None:
    # 1, 2 and 3 are all swords on the Barbarian's dice, but not the same number.
    assert not meets(BARBARIAN, (1, 2, 3, 4, 5), Requirement(of_a_kind=3))
    assert meets(BARBARIAN, (2, 2, 2, 4, 5), Requirement(of_a_kind=3))


def test_symbol_counts_use_the_die_legend() -> None:
    three_swords = Requirement(symbols={"sword": 3})
    assert meets(BARBARIAN, (1, 2, 3, 6, 6), three_swords)
    assert not meets(BARBARIAN, (1, 2, 4, 6, 6), three_swords)
    mixed = Requirement(symbols={"sword": 2, "strength": 2})
    assert meets(BARBARIAN, (1, 3, 6, 6, 4), mixed)
