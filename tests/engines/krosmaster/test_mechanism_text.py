"""Card text in a bomb's or a trap's spell pauses it like a caster's (1.5.1, 4.19.5, 4.19.7)."""

from __future__ import annotations

from dataclasses import replace

from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.content.schema import Effect, EffectKind
from engines.krosmaster.rules.state import PendingKind, Phase, State
from tests.engines.krosmaster.helpers import act, events, position, sq
from tests.engines.krosmaster.test_traps import trap


def with_text(state: State, figure: str, text: str) -> State:
    """The figure's only spell gains card text before its printed effects."""
    fig = state.figures[figure]
    spell = fig.spells[0]
    spell = replace(spell, effects=(Effect(EffectKind.MANUAL, text=text), *spell.effects))
    return replace(state, figures={**state.figures, figure: replace(fig, spells=(spell,))})


def test_a_bombs_text_pauses_its_explosion_and_the_queue() -> None:
    """The 7.2.9 example 4 set-up: the explosion waits for its text, then wounds Vigg."""
    state = position(
        {
            "add": [
                {
                    "id": "1.bomb",
                    "figure": "bomba-incendiaria",
                    "owner": 1,
                    "square": "C4",
                    "summoner": "1.gultar",
                }
            ],
            "units": [
                {"id": "0.vigg-arysta", "square": "C3", "wounds": 8},
                {"id": "0.tristepan", "square": "A12"},
                {"id": "1.gultar", "square": "J10"},
            ],
            "active": "0.vigg-arysta",
        }
    )
    state = with_text(state, "bomba-incendiaria", "Each enemy loses 1 kama")
    state = act(state, A.Cast("burla", "C4"), ["Crit", "Lock"])
    assert state.phase is Phase.PENDING
    explosion = next(i for i, p in enumerate(state.pending) if p.kind is PendingKind.EXPLOSION)
    state, keys = events(state, A.Resolve(explosion + 1))  # no dice: it waits in step 3
    assert "krosmaster.event.manual_effect" in keys and state.suspended is not None
    assert [p.kind for p in state.pending] == [PendingKind.LIFESTEAL]  # the queue waits too
    decision = ENGINE.pending(state)[0]
    assert decision.kinds == ("adjust", "applied", "prefer") and not decision.auto_default
    assert decision.prompt.params["text"] == "Each enemy loses 1 kama"
    # Applied: the explosion's dice (two crit dice, Vigg's armour die) knock Vigg out,
    # and the lifesteal then vanishes (7.2.9.b): the whole queue went on.
    state = act(state, A.Applied(), ["Lock", "Lock", "Lock"])
    assert state.unit("0.vigg-arysta").ko and state.pending == () and state.suspended is None
    assert state.active_unit != "0.vigg-arysta"


def test_a_traps_text_pauses_estalo_until_applied() -> None:
    state = position(
        {
            "add": [trap("C4")],
            "units": [{"id": "0.tristepan", "square": "C3"}, {"id": "1.ratweyra", "square": "J10"}],
            "active": "0.tristepan",
        },
        team2="rat-pack",
    )
    state = with_text(state, "armadilha-mortal", "The victim loses 1 GG")
    state, keys = events(state, A.Move("C6"))
    assert "krosmaster.event.trap" in keys and state.suspended is not None
    assert state.unit("0.tristepan").wounds == 0  # steps 4–7 wait
    state = act(state, A.Adjust("0.tristepan", "gg", "-1", "Estalo"))
    state = act(state, A.Applied(), ["Lock", "Lock"])
    t = state.unit("0.tristepan")
    assert (t.pos, t.wounds) == (sq("C4"), 3) and state.phase is Phase.ACTIVATION
    assert state.players[0].gg == 5
