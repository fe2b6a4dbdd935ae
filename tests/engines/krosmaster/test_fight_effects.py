"""Continuous effects "until the end of the fight" (1.3.10.a, 4.18.4): gained powers."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.core import ContentError, EngineError
from engines.core.dice import RiggedDice
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.content.effects import effects_from_data
from engines.krosmaster.content.schema import Effect, EffectKind, Power
from engines.krosmaster.render.text import notes
from engines.krosmaster.rules.board import has_power
from engines.krosmaster.rules.state import State
from tests.engines.krosmaster.helpers import act, events, position


def board(*effects: Effect) -> State:
    """Tristepan next to Quentin Flush; Dark Blade carries the given effects."""
    state = position(
        {
            "units": [
                {"id": "0.tristepan", "square": "C3"},
                {"id": "1.quentin-flush", "square": "C4"},
                {"id": "1.gultar", "square": "J10"},
            ],
            "active": "0.tristepan",
        }
    )
    fig = state.figures["tristepan"]
    blade = replace(fig.spells[0], effects=effects)
    fig = replace(fig, spells=(blade, *fig.spells[1:]))
    return replace(state, figures={**state.figures, "tristepan": fig})


def test_a_spell_gives_its_caster_a_power_for_the_rest_of_the_fight() -> None:
    """1.3.10.a: the effect outlasts the turn (and the next one)."""
    state = board(Effect(EffectKind.GAIN_POWER, power=Power.INSENSITIVE, to_caster=True))
    state, keys = events(state, A.Cast("dark-blade", "C4"), ["Armour", "Lock"])
    assert "krosmaster.event.gained_power" in keys
    tristepan = state.unit("0.tristepan")
    assert tristepan.gained == (Power.INSENSITIVE,) and has_power(
        state, tristepan, Power.INSENSITIVE
    )
    assert not state.unit("1.quentin-flush").gained
    state = act(state, A.EndTurn())
    assert state.unit("0.tristepan").gained == (Power.INSENSITIVE,)
    view = ENGINE.view(state, None)
    assert any(u["gained"] == ["insensitive"] for u in view.data["units"])


def test_a_gained_power_works_like_a_printed_one() -> None:
    """Quentin made Insensitive (4.9.17) by hand is not pushed by Dark Blade's push."""
    state = board(Effect(EffectKind.PUSH, amount=2))
    pushed = act(state, A.Cast("dark-blade", "C4"), ["Armour", "Lock"])
    assert pushed.unit("1.quentin-flush").pos != state.unit("1.quentin-flush").pos
    state = act(state, A.Adjust("1.quentin-flush", "power", "+insensitive", "card text"))
    state, keys = events(state, A.Cast("dark-blade", "C4"), ["Armour", "Lock"])
    assert state.unit("1.quentin-flush").pos == board().unit("1.quentin-flush").pos
    assert "krosmaster.event.insensitive" in keys


def test_a_gained_power_is_had_once_and_can_be_ended_by_hand() -> None:
    state = board(Effect(EffectKind.GAIN_POWER, power=Power.RESIST_WATER))
    state = act(state, A.Adjust("1.quentin-flush", "power", "+resist_water", "card text"))
    state = act(state, A.Cast("dark-blade", "C4"), ["Armour", "Lock"])
    assert state.unit("1.quentin-flush").gained == (Power.RESIST_WATER,)  # 4.9.1: never twice
    state = act(state, A.Adjust("1.quentin-flush", "power", "-resist_water", "effect ends"))
    assert state.unit("1.quentin-flush").gained == ()
    with pytest.raises(EngineError):
        act(state, A.Adjust("1.quentin-flush", "power", "+loot", "card text"))
    with pytest.raises(EngineError):
        act(state, A.Adjust("1.quentin-flush", "power", "+flying", "card text"))


def test_a_knock_out_ends_the_effects_on_the_figure() -> None:
    """4.10.2.a / 4.18.4: it leaves the arena; put back by hand, it has no gained power."""
    state = board()
    state = act(state, A.Adjust("1.quentin-flush", "power", "+armour", "card text"))
    state = act(state, A.Adjust("1.quentin-flush", "wounds", "+20", "card text"))
    assert state.unit("1.quentin-flush").ko and state.unit("1.quentin-flush").gained == ()
    state = act(state, A.Adjust("1.quentin-flush", "square", "E6", "Resurrection"))
    assert not has_power(state, state.unit("1.quentin-flush"), Power.ARMOUR)


def test_gain_power_effects_load_from_content() -> None:
    loaded = effects_from_data([{"gain_power": "armour", "caster": True}], "test")
    assert loaded == (Effect(EffectKind.GAIN_POWER, power=Power.ARMOUR, to_caster=True),)
    assert effects_from_data([{"gain_power": "dodge"}], "t")[0].to_caster is False
    for bad in ({"gain_power": "loot"}, {"gain_power": "wings"}, {"push": 1, "caster": True}):
        with pytest.raises(ContentError):
            effects_from_data([bad], "test")


def test_autocomplete_offers_powers_to_gain_or_end() -> None:
    values = [
        c.value
        for c in ENGINE.autocomplete(board(), 0, "adjust", "value", "arm", {"what": "power"})
    ]
    assert values[:2] == ["+armour", "+farmer"] and "-armour" in values


def test_scenarios_set_gained_powers() -> None:
    state = ENGINE.apply_setup(board(), {"units": [{"id": "1.gultar", "gained": ["dodge"]}]})
    assert state.unit("1.gultar").gained == (Power.DODGE,)
    with pytest.raises(EngineError):
        ENGINE.apply_setup(board(), {"units": [{"id": "1.gultar", "gained": ["loot"]}]})


@pytest.mark.parametrize(
    ("locale", "name"), [("en-US", "Insensitive"), ("pt-BR", "Insensível"), ("it", "Insensibile")]
)
def test_gained_powers_are_named_in_the_readers_locale(locale: str, name: str) -> None:
    """The event and the line under the panels translate the power's name."""
    state = board(Effect(EffectKind.GAIN_POWER, power=Power.INSENSITIVE, to_caster=True))
    out = ENGINE.apply(state, 0, A.Cast("dark-blade", "C4"), RiggedDice(["Armour", "Lock"]))
    catalog = ENGINE.catalog()
    gained = next(e for e in out.events if e.key == "krosmaster.event.gained_power")
    assert name in catalog.translate(gained.key, locale, **dict(gained.params))
    lines = notes(dict(ENGINE.view(out.state, None).data), catalog, locale, 900)
    assert any(name in line and "insensitive" not in line for line in lines)
