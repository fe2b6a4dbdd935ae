"""Losing one named power, and a group losing its powers (4.18.4.g with 4.18.4.c–d), from
card text, from content and by hand (`adjust … lasting` / `adjust … group`, 1.5.1)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.core import ContentError, InvalidActionError, RiggedDice
from engines.core.i18n import Catalog
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.content.effects import effects_from_data
from engines.krosmaster.content.schema import Effect, EffectKind, Power
from engines.krosmaster.render.text import notes
from engines.krosmaster.rules.board import has_power, max_mp
from engines.krosmaster.rules.state import Lasting, RuleChange, State
from engines.krosmaster.view import build_view
from tests.engines.krosmaster.helpers import act, events, with_power
from tests.engines.krosmaster.test_lose_powers import NO_CRIT_NO_ARMOUR, board
from tests.engines.krosmaster.test_summons import queen

#: "The target loses Lock until the end of the fight" (a test card; none shipped prints it).
NO_LOCK = Effect(EffectKind.LASTING, amount=-1, stat="powers", until="fight", power=Power.LOCK)
CATALOG = Catalog.from_dirs([Path("engines/krosmaster/locales")])


def quentin(state: State, power: Power) -> bool:
    return has_power(state, state.unit("1.quentin-flush"), power)


def cursed_board() -> State:
    """Quentin has Lock and Armour printed; Tristepan's Fraude now takes only Lock."""
    state = with_power(board(), "quentin-flush", Power.LOCK, Power.ARMOUR)
    fig = state.figures["tristepan"]
    spell = replace(fig.spells[0], effects=(NO_LOCK,))
    fig = replace(fig, spells=(spell, *fig.spells[1:]))
    return replace(state, figures={**state.figures, "tristepan": fig})


def test_losing_one_named_power_keeps_the_others_and_shows_its_name() -> None:
    dice = [*NO_CRIT_NO_ARMOUR, "Lock"]  # Quentin's Armour adds an armour die (4.9.3)
    state, keys = events(cursed_board(), A.Cast("fraude", "C4"), dice)
    assert "krosmaster.event.lasting_fight_power" in keys
    assert state.unit("1.quentin-flush").lasting == (Lasting("powers", -1, "fight", power="lock"),)
    assert not quentin(state, Power.LOCK)
    assert quentin(state, Power.ARMOUR) and quentin(state, Power.RESIST_ALL)  # aura still
    assert ENGINE.state_from_json(ENGINE.state_to_json(state)) == state
    text = " ".join(notes(build_view(state), CATALOG, "en-US", 900))
    assert "loses Lock until the end of the fight" in text


def test_a_bearer_that_loses_its_aura_power_gives_it_no_more() -> None:
    state = act(board(), A.Adjust("1.gultar", "lasting", "powers -1 turn resist_all", "card"))
    assert not quentin(state, Power.RESIST_ALL)
    state = act(state, A.EndTurn())  # "until the end of the turn" (6.4.1)
    assert quentin(state, Power.RESIST_ALL)


def test_a_named_power_loss_loads_and_bad_ones_are_refused() -> None:
    data = {"lasting": -1, "stat": "powers", "until": "fight", "power": "lock"}
    assert effects_from_data([data], "t") == (NO_LOCK,)
    for bad in ({**data, "power": "flying"}, {**data, "stat": "hp"}, {"push": 1, "power": "lock"}):
        with pytest.raises(ContentError):
            effects_from_data([bad], "t")


def test_adjust_refuses_a_power_that_does_not_exist() -> None:
    for value in ("powers -1 turn flying", "powers -1 turn manual", "hp -1 turn lock"):
        with pytest.raises(InvalidActionError):
            act(board(), A.Adjust("1.gultar", "lasting", value, "card"))


def test_a_group_loses_its_powers_also_a_summon_entering_later() -> None:
    """4.18.4.c–d with 4.18.4.g: "your opponent's units lose all their powers"."""
    state = with_power(queen(tofus=1), "tofu", Power.DODGE)
    state = with_power(state, "gultar", Power.ARMOUR)
    data = {"lasting": -1, "stat": "powers", "until": "fight", "side": "enemies"}
    (effect,) = effects_from_data([data], "t")
    from engines.krosmaster.effects.lasting import add_group_change

    state, evs = add_group_change(state, 1, effect)  # Bruno's card: Alice's units
    assert evs[0].key == "krosmaster.event.group_fight_powers"
    assert state.rule_changes == (RuleChange(1, "enemies", "units", "powers", -1, "fight"),)
    assert not has_power(state, state.unit("0.tofu.1"), Power.DODGE)
    assert has_power(state, state.unit("1.gultar"), Power.ARMOUR)  # Bruno's own unit
    state = act(state, A.Cast("tofu-summoning", "C4"))
    new = [u for u in state.units if u.figure == "tofu" and u.id != "0.tofu.1" and u.pos]
    assert new and not has_power(state, new[0], Power.DODGE)  # entered after the change
    text = " ".join(notes(build_view(state), CATALOG, "en-US", 900))
    assert "opponent: all powers lost until the end of the fight" in text


def test_adjust_group_adds_and_ends_changes_of_the_units_owner() -> None:
    state = with_power(queen(tofus=1), "tofu", Power.DODGE)
    tofu = state.unit("0.tofu.1")
    base = max_mp(state, tofu)
    assert base is not None
    state = act(state, A.Adjust("1.gultar", "group", "enemies summons mp -1 turn", "card"))
    state = act(
        state, A.Adjust("0.rainha-dos-tofus", "group", "all units powers -1 fight dodge", "x")
    )
    assert state.rule_changes == (
        RuleChange(1, "enemies", "summons", "mp", -1, "turn"),
        RuleChange(0, "all", "units", "powers", -1, "fight", "dodge"),
    )
    assert max_mp(state, state.unit("0.tofu.1")) == base - 1
    assert not has_power(state, state.unit("0.tofu.1"), Power.DODGE)
    assert ENGINE.state_from_json(ENGINE.state_to_json(state)) == state
    state = act(state, A.Adjust("0.rainha-dos-tofus", "group", "end mp", "ruling"))
    assert len(state.rule_changes) == 2  # Alice has no MP change: Bruno's stays
    state = act(state, A.Adjust("1.gultar", "group", "end", "ruling"))
    assert state.rule_changes == (RuleChange(0, "all", "units", "powers", -1, "fight", "dodge"),)
    assert max_mp(state, state.unit("0.tofu.1")) == base


def test_adjust_group_refuses_what_it_cannot_read() -> None:
    for value in ("friends units mp -1 turn", "all bombs mp -1 turn", "all units mp", "end x"):
        with pytest.raises(InvalidActionError):
            act(queen(), A.Adjust("1.gultar", "group", value, "card"))
    with pytest.raises(InvalidActionError):  # no spell "x" on any figure of the match
        act(queen(), A.Adjust("1.gultar", "group", "all units damage +1 turn x", "card"))


def test_a_referee_adjusts_a_group_change_at_any_time() -> None:
    state = queen()
    action = A.Adjust("1.gultar", "group", "all units ap +1 turn", "ruling")
    out = ENGINE.referee_apply(state, 1, action, RiggedDice([]))
    assert out.state.rule_changes == (RuleChange(1, "all", "units", "ap", 1, "turn"),)


def test_autocomplete_offers_group_changes_and_named_losses() -> None:
    state = queen()
    group = {"what": "group"}
    values = [c.value for c in ENGINE.autocomplete(state, 0, "adjust", "value", "enemies", group)]
    assert values and all(v.startswith("enemies") for v in values)
    typed = "powers -1 turn lo"
    lasting = {"what": "lasting"}
    values = [c.value for c in ENGINE.autocomplete(state, 0, "adjust", "value", typed, lasting)]
    assert "powers -1 turn lock" in values


KEYWORDS = [p for p in Power if p not in (Power.MANUAL, Power.LOOT)]


@settings(max_examples=25, deadline=None)
@given(
    printed=st.sets(st.sampled_from(KEYWORDS), max_size=5),
    lost=st.sampled_from(KEYWORDS),
    group=st.booleans(),
)
def test_losing_one_keyword_removes_exactly_that_one(
    printed: set[Power], lost: Power, group: bool
) -> None:
    """4.18.4.g: whatever the unit has, a named loss (its own or its group's) takes only that
    keyword away, and ending it gives everything back."""
    state = with_power(queen(), "gultar", *sorted(printed, key=lambda p: p.value))
    target = "1.gultar"
    if group:
        value = f"enemies units powers -1 fight {lost.value}"
        state = act(state, A.Adjust("0.rainha-dos-tofus", "group", value, "card"))
    else:
        value = f"powers -1 fight {lost.value}"
        state = act(state, A.Adjust(target, "lasting", value, "card"))
    has = {p for p in KEYWORDS if has_power(state, state.unit(target), p)}
    assert has == printed - {lost}
    if group:
        state = act(state, A.Adjust("0.rainha-dos-tofus", "group", "end powers", "ruling"))
    else:
        state = act(state, A.Adjust(target, "lasting", "end powers", "ruling"))
    assert {p for p in KEYWORDS if has_power(state, state.unit(target), p)} == printed
