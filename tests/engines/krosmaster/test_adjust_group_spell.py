"""``adjust … what:group`` starting a group's change of one spell's damage (4.18.4.c, 1.5.1):
"your units deal +1 damage with Burla until the end of the fight", written by hand."""

from __future__ import annotations

import pytest

from engines.core import InvalidActionError, RiggedDice
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.rules.board import group_lasting
from engines.krosmaster.rules.state import RuleChange
from tests.engines.krosmaster.helpers import act
from tests.engines.krosmaster.test_summons import queen


def test_adjust_group_adds_one_spells_damage_for_the_owners_units() -> None:
    value = "allies units damage +1 fight dan-to-fu"
    state = act(queen(tofus=1), A.Adjust("0.tofu.1", "group", value, "card"))
    assert state.rule_changes == (
        RuleChange(0, "allies", "units", "damage", 1, "fight", spell="dan-to-fu"),
    )
    queen_unit = state.unit("0.rainha-dos-tofus")
    assert group_lasting(state, queen_unit, "damage", "dan-to-fu") == 1
    assert group_lasting(state, queen_unit, "damage", "tofu-summoning") == 0  # only that spell
    assert group_lasting(state, state.unit("1.gultar"), "damage", "dan-to-fu") == 0  # enemy
    assert ENGINE.state_from_json(ENGINE.state_to_json(state)) == state
    state = act(state, A.Adjust("0.tofu.1", "group", "end damage", "ruling"))
    assert state.rule_changes == ()


def test_a_referee_starts_an_enemy_groups_spell_damage_change() -> None:
    action = A.Adjust("1.gultar", "group", "enemies krosmasters damage -1 fight assalto", "r")
    out = ENGINE.referee_apply(queen(), 0, action, RiggedDice([]))
    change = RuleChange(1, "enemies", "krosmasters", "damage", -1, "fight", spell="assalto")
    assert out.state.rule_changes == (change,)
    assert group_lasting(out.state, out.state.unit("0.ana-tomya"), "damage", "assalto") == -1


@pytest.mark.parametrize(
    "value",
    [
        "all units damage +1 fight no-such-spell",  # not on any figure of the match
        "all units damage +1 fight dan-to-fu once",  # a group's change is never used up
        "all units mp +1 fight dan-to-fu",  # only damage is per spell
    ],
)
def test_adjust_group_refuses_spells_it_cannot_read(value: str) -> None:
    with pytest.raises(InvalidActionError) as err:
        act(queen(), A.Adjust("1.gultar", "group", value, "card"))
    assert err.value.key.endswith("bad_group") or err.value.key.endswith("bad_lasting")


def test_autocomplete_offers_the_matchs_spells_for_a_group() -> None:
    typed = {"what": "group"}
    choices = ENGINE.autocomplete(queen(), 0, "adjust", "value", "dan-to", typed)
    values = [c.value for c in choices]
    assert "allies units damage +1 fight dan-to-fu" in values
    assert all("dan-to-fu" in v for v in values)
    assert len(values) <= 25  # Discord's limit
