"""Continuous changes of 4.18.4 with a duration: "until the end of the turn/fight"."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.core import ContentError
from engines.core.dice import RiggedDice
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.content.effects import effects_from_data
from engines.krosmaster.content.schema import Effect, EffectKind, Limit, RangeKind
from engines.krosmaster.rules.board import max_ap, max_mp
from engines.krosmaster.rules.state import Lasting, State
from engines.krosmaster.rules.targeting import max_range
from tests.engines.krosmaster.helpers import act, events, position

#: Retrocesso as the rulebook's example reads it (4.18.3.d): the caster gets, until the end
#: of the turn, +1 to the next damage of Retrocesso. The card's other numbers are not in the
#: rulebook: the test gives it Dark Blade's (melee EARTH), at 2 AP and 1 damage.
RETROCESSO = Effect(
    EffectKind.LASTING,
    amount=1,
    to_caster=True,
    stat="damage",
    until="turn",
    spell="retrocesso",
    once=True,
)


def board(*effects: Effect, spell_id: str = "dark-blade", ap: int = 4, amount: int = 3) -> State:
    """Tristepan next to Quentin Flush (6 HP); his first spell carries ``effects``."""
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
    first = replace(
        fig.spells[0],
        id=spell_id,
        name=spell_id.title(),
        effects=effects,
        ap=ap,
        amount=amount,
        limit=Limit.UNLIMITED,
    )
    fig = replace(fig, spells=(first, *fig.spells[1:]))
    return replace(state, figures={**state.figures, "tristepan": fig})


NO_CRIT_NO_ARMOUR = ["Armour", "Lock"]  # crit test die, then the target's armour die


def test_retrocesso_raises_its_next_damage_until_the_end_of_the_turn() -> None:
    """4.18.3.d example: the first cast deals 1; each later cast this turn deals 2."""
    state = board(RETROCESSO, spell_id="retrocesso", ap=2, amount=1)
    state, keys = events(state, A.Cast("retrocesso", "C4"), NO_CRIT_NO_ARMOUR)
    assert "krosmaster.event.lasting_turn_damage" in keys
    assert state.unit("1.quentin-flush").wounds == 1  # the effect is for the *next* damage
    assert state.unit("0.tristepan").lasting == (Lasting("damage", 1, "turn", "retrocesso", True),)
    state = act(state, A.Cast("retrocesso", "C4"), NO_CRIT_NO_ARMOUR)
    assert state.unit("1.quentin-flush").wounds == 3  # 1 + 1: used up, and applied again
    assert len(state.unit("0.tristepan").lasting) == 1
    state = act(state, A.Cast("retrocesso", "C4"), NO_CRIT_NO_ARMOUR)
    assert state.unit("1.quentin-flush").wounds == 5
    assert ENGINE.state_from_json(ENGINE.state_to_json(state)) == state


def test_retrocesso_bonus_does_not_help_another_spell_and_ends_with_the_turn() -> None:
    state = board(RETROCESSO, spell_id="retrocesso", ap=2, amount=1)
    fig = state.figures["tristepan"]
    other = replace(fig.spells[0], id="dark-blade", name="Dark Blade", effects=())
    fig = replace(fig, spells=(*fig.spells, other))
    state = replace(state, figures={**state.figures, "tristepan": fig})
    state = act(state, A.Cast("retrocesso", "C4"), NO_CRIT_NO_ARMOUR)
    state = act(state, A.Cast("dark-blade", "C4"), NO_CRIT_NO_ARMOUR)
    assert state.unit("1.quentin-flush").wounds == 2  # 1 + 1: no bonus for Dark Blade
    assert len(state.unit("0.tristepan").lasting) == 1  # nor used up by it
    view = ENGINE.view(state, None)
    lines = [u["lasting"] for u in view.data["units"] if u["lasting"]]
    assert lines == [
        [{"stat": "damage", "amount": "+1", "until": "turn", "spell": "Retrocesso", "power": ""}]
    ]
    state = act(state, A.EndTurn())
    assert state.active_player == 1
    assert state.unit("0.tristepan").lasting == ()  # 4.18.4: "until the end of the turn"


def test_ap_and_range_until_the_end_of_the_fight() -> None:
    """A change "until the end of the fight" raises the characteristic from the next
    preliminary phase on and outlasts the turn; a knock-out ends it (4.10.2.a)."""
    gain = (
        Effect(EffectKind.LASTING, amount=2, to_caster=True, stat="ap", until="fight"),
        Effect(EffectKind.LASTING, amount=1, to_caster=True, stat="range", until="fight"),
    )
    state = board(*gain)
    state = act(state, A.Cast("dark-blade", "C4"), NO_CRIT_NO_ARMOUR)
    tristepan = state.unit("0.tristepan")
    assert max_ap(state, tristepan) == 8
    # 4.12: range changes count for variable spells only, as range tokens do.
    blade = state.figures["tristepan"].spells[0]
    ranged = replace(blade, range_kind=RangeKind.RANGED, range_min=1, range_max=3, variable=True)
    assert max_range(state, tristepan, blade) == 1
    assert max_range(state, tristepan, ranged) == ranged.range_max + 1
    assert tristepan.ap == 2  # 6.2.1.b: the gauge filled this turn is not refilled
    state = act(state, A.EndTurn())
    assert state.unit("0.tristepan").lasting == tristepan.lasting
    ko = A.Adjust("0.tristepan", "wounds", "+20", "card text")
    state = ENGINE.referee_apply(state, 0, ko, RiggedDice([])).state
    assert state.unit("0.tristepan").ko
    assert state.unit("0.tristepan").lasting == ()


def test_mp_loss_on_the_targets_until_the_end_of_the_turn() -> None:
    """Lower MP characteristic: −1 tokens are capped at the new maximum (4.11.7)."""
    slow = Effect(EffectKind.LASTING, amount=-2, stat="mp", until="turn")
    state = board(slow, Effect(EffectKind.MP, amount=-3))
    state, keys = events(state, A.Cast("dark-blade", "C4"), NO_CRIT_NO_ARMOUR)
    quentin = state.unit("1.quentin-flush")
    assert "krosmaster.event.lasting_turn_mp" in keys
    assert max_mp(state, quentin) == 1 and quentin.mp_tokens == -1
    assert state.unit("0.tristepan").lasting == ()
    state = act(state, A.EndTurn())  # 6.4.1: it ends with Tristepan's turn, on Quentin too
    assert state.unit("1.quentin-flush").lasting == ()


def test_lasting_effects_load_from_content() -> None:
    loaded = effects_from_data(
        [
            {
                "lasting": 1,
                "stat": "damage",
                "until": "turn",
                "spell": "retrocesso",
                "once": True,
                "caster": True,
            }
        ],
        "test",
    )
    assert loaded == (RETROCESSO,)
    assert effects_from_data([{"lasting": -1, "stat": "mp", "until": "fight"}], "t")[0].stat == "mp"
    assert effects_from_data([{"lasting": 2, "stat": "hp", "until": "turn"}], "t")[0].stat == "hp"
    for bad in (
        {"lasting": 1, "stat": "level", "until": "turn"},
        {"lasting": 1, "stat": "ap", "until": "round"},
        {"lasting": 1, "stat": "ap"},
        {"lasting": 1, "stat": "ap", "until": "turn", "once": True},
        {"push": 1, "until": "turn"},
    ):
        with pytest.raises(ContentError):
            effects_from_data([bad], "test")
