"""The loss of powers and its priority over other continuous effects (4.18.4.g)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.core import ContentError
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.content.effects import effects_from_data
from engines.krosmaster.content.schema import Effect, EffectKind, Limit, Power, PowerDef
from engines.krosmaster.rules.board import has_power
from engines.krosmaster.rules.state import Lasting, State
from tests.engines.krosmaster.helpers import act, events, position

#: "Fraude" as the rulebook's example reads it: after the spell, the target loses all its
#: powers. Kriss's card is not shipped (no verified text): Tristepan's first spell carries it.
FRAUDE = Effect(EffectKind.LASTING, amount=-1, stat="powers", until="fight")
NO_CRIT_NO_ARMOUR = ["Lock", "Lock"]  # the crit die, then the target's armour die


def board() -> State:
    """Quentin Flush (Bruno's) stands between Tristepan and Gultar, whose Escudo-Feca-like
    aura gives adjacent allies every resistance (4.18.4.e)."""
    state = position(
        {
            "units": [
                {"id": "0.tristepan", "square": "C3"},
                {"id": "1.quentin-flush", "square": "C4"},
                {"id": "1.gultar", "square": "D4"},
            ],
            "active": "0.tristepan",
        }
    )
    gultar = state.figures["gultar"]
    gultar = replace(gultar, powers=(*gultar.powers, PowerDef(Power.RESIST_ALL, aura="allies")))
    tristepan = state.figures["tristepan"]
    fraude = replace(
        tristepan.spells[0],
        id="fraude",
        name="Fraude",
        effects=(FRAUDE,),
        ap=1,
        amount=0,
        limit=Limit.UNLIMITED,
    )
    tristepan = replace(tristepan, spells=(fraude, *tristepan.spells[1:]))
    figures = {**state.figures, "gultar": gultar, "tristepan": tristepan}
    return replace(state, figures=figures)


def quentin_has(state: State, power: Power) -> bool:
    return has_power(state, state.unit("1.quentin-flush"), power)


def test_fraude_beats_escudo_feca_the_rulebook_example() -> None:
    """4.18.4.g: the target next to the aura's bearer gets no resistance from it."""
    state = board()
    assert quentin_has(state, Power.RESIST_ALL)
    state, keys = events(state, A.Cast("fraude", "C4"), NO_CRIT_NO_ARMOUR)
    assert "krosmaster.event.lasting_fight_powers" in keys
    assert state.unit("1.quentin-flush").lasting == (Lasting("powers", -1, "fight"),)
    assert not quentin_has(state, Power.RESIST_ALL)
    assert has_power(state, state.unit("1.gultar"), Power.RESIST_ALL) is False  # not his own
    assert ENGINE.state_from_json(ENGINE.state_to_json(state)) == state


def test_powers_gained_later_do_not_come_back_until_the_loss_ends() -> None:
    state = act(board(), A.Cast("fraude", "C4"), NO_CRIT_NO_ARMOUR)
    state = act(state, A.Adjust("1.quentin-flush", "power", "+armour", "card text"))
    assert not quentin_has(state, Power.ARMOUR)  # 4.18.4.g: the loss has priority
    state = act(state, A.Adjust("1.quentin-flush", "lasting", "end powers", "ruling"))
    assert quentin_has(state, Power.ARMOUR) and quentin_has(state, Power.RESIST_ALL)


def test_a_bearer_without_powers_gives_no_aura() -> None:
    state = act(board(), A.Adjust("1.gultar", "lasting", "powers -1 turn", "Fraude"))
    assert not quentin_has(state, Power.RESIST_ALL)
    state = act(state, A.EndTurn())  # "until the end of the turn" (6.4.1)
    assert quentin_has(state, Power.RESIST_ALL)


def test_the_loss_of_powers_loads_only_as_minus_one() -> None:
    loaded = effects_from_data([{"lasting": -1, "stat": "powers", "until": "fight"}], "t")
    assert loaded == (FRAUDE,)
    with pytest.raises(ContentError):
        effects_from_data([{"lasting": 1, "stat": "powers", "until": "fight"}], "t")
