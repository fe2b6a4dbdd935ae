"""Continuous effects that change the rules for a group (4.18.4.c) and so reach units that
enter play later, from the moment they enter (4.18.4.d)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from engines.core import ContentError
from engines.core.i18n import Catalog
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.content.effects import effects_from_data
from engines.krosmaster.content.schema import Effect, EffectKind
from engines.krosmaster.render.text import notes
from engines.krosmaster.rules.board import max_hp, max_mp
from engines.krosmaster.rules.state import RuleChange, State
from engines.krosmaster.view import build_view
from tests.engines.krosmaster.helpers import act, events
from tests.engines.krosmaster.test_summons import queen

#: "Until the end of the turn, your summons have +1 MP" (a test card: no shipped figure
#: prints such text yet).
RALLY = Effect(EffectKind.LASTING, amount=1, stat="mp", until="turn", side="allies", who="summons")


def rallying_queen() -> State:
    """The Queen's Tofu summoning first changes the rules for her summons, then summons."""
    state = queen(tofus=1)
    fig = state.figures["rainha-dos-tofus"]
    spells = tuple(
        replace(s, effects=(RALLY, *s.effects)) if s.id == "tofu-summoning" else s
        for s in fig.spells
    )
    fig = replace(fig, spells=spells)
    return replace(state, figures={**state.figures, "rainha-dos-tofus": fig})


def mp(state: State, uid: str) -> int | None:
    return max_mp(state, state.unit(uid))


def test_a_summon_entering_later_gets_the_change_only_its_group_does() -> None:
    before = rallying_queen()
    base = mp(before, "0.tofu.1")
    assert base is not None
    state, keys = events(before, A.Cast("tofu-summoning", "C4"))
    assert "krosmaster.event.lasting_turn_mp" in keys
    assert state.rule_changes == (RuleChange(0, "allies", "summons", "mp", 1, "turn"),)
    new = [u.id for u in state.units if u.figure == "tofu" and u.id != "0.tofu.1"]
    assert new and mp(state, new[0]) == base + 1  # 4.18.4.d: it entered after the change
    assert mp(state, "0.tofu.1") == base + 1
    assert mp(state, "0.rainha-dos-tofus") == mp(before, "0.rainha-dos-tofus")  # a Krosmaster
    assert mp(state, "1.gultar") == mp(before, "1.gultar")  # an enemy
    assert ENGINE.state_from_json(ENGINE.state_to_json(state)) == state
    state = act(state, A.EndTurn())  # 6.4.1: "until the end of the turn"
    assert state.rule_changes == () and mp(state, "0.tofu.1") == base


def test_group_changes_reach_enemies_or_everyone_and_show_under_the_panels() -> None:
    state = replace(queen(), rule_changes=(RuleChange(1, "enemies", "units", "hp", 2, "fight"),))
    queen_hp = max_hp(state, state.unit("0.rainha-dos-tofus"))
    assert queen_hp == state.figures["rainha-dos-tofus"].hp + 2
    assert max_hp(state, state.unit("1.gultar")) == state.figures["gultar"].hp
    catalog = Catalog.from_dirs([Path("engines/krosmaster/locales")])
    lines = notes(build_view(state), catalog, "en-US", 900)
    assert any("units of Bruno's opponent" in line and "+2 HP" in line for line in lines)


def test_group_changes_load_with_side_and_who() -> None:
    data = {"lasting": 1, "stat": "mp", "until": "turn", "side": "allies", "who": "summons"}
    assert effects_from_data([data], "t") == (RALLY,)
    for bad in (
        {**data, "side": "friends"},
        {**data, "who": "bombs"},
        {"lasting": 1, "stat": "mp", "until": "turn", "who": "summons"},
        {**data, "caster": True},
        {**data, "power": "lock"},  # a named power is for stat: powers only
        {"push": 1, "side": "all"},
    ):
        with pytest.raises(ContentError):
            effects_from_data([bad], "test")


def test_a_group_by_type_reaches_only_units_of_that_type_or_name() -> None:
    """ "Your Tofus have +1 MP": ``of: Tofu`` names a type (2.2) or a figure's name; a
    Tofu has it; the Queen only if her card has the type; the enemy does not."""
    data = {"lasting": 1, "stat": "mp", "until": "fight", "side": "all", "of": "tofu"}
    (effect,) = effects_from_data([data], "t")
    assert effect.of == "tofu" and effect.who == "units"
    state = ENGINE.apply_setup(queen(tofus=1), {"groups": [{"seat": 0, **data}]})
    fig = state.figures["rainha-dos-tofus"]
    before = queen(tofus=1)
    assert mp(state, "0.tofu.1") == (mp(before, "0.tofu.1") or 0) + 1
    queen_gets = "tofu" in {t.lower() for t in fig.types}
    assert (mp(state, "0.rainha-dos-tofus") != mp(before, "0.rainha-dos-tofus")) == queen_gets
    assert mp(state, "1.gultar") == mp(before, "1.gultar")
    by_name = {**data, "of": state.figures["gultar"].name}
    named = ENGINE.apply_setup(queen(tofus=1), {"groups": [{"seat": 0, **by_name}]})
    assert mp(named, "1.gultar") == (mp(before, "1.gultar") or 0) + 1
    assert mp(named, "0.tofu.1") == mp(before, "0.tofu.1")
    catalog = Catalog.from_dirs([Path("engines/krosmaster/locales")])
    lines = notes(build_view(state), catalog, "pt-BR", 900)
    assert any("Todas as unidades “tofu”" in line for line in lines)
    with pytest.raises(ContentError):
        effects_from_data([{"lasting": 1, "stat": "mp", "until": "turn", "of": "Tofu"}], "t")
