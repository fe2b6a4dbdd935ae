"""6.2 D.1/D.2 ATENÇÃO: an effect that loads cards during the Energy Adjustment or adds cards
to the hand during the Hand Adjustment makes that adjustment happen again, until the
character carries its Energia Inicial and the hand has seven cards. Stand-in texts (no
rulebook card does this yet): draw a card when cards are unloaded from this character in
the Energy Adjustment, and, when its controller discards cards in the Hand Adjustment, they
may load a card of their resources onto this character."""

from __future__ import annotations

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import Adjust, Choose, Pass
from engines.battlescenes.content.schema import Step, Text, Trigger
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid

DRAW = Text(
    text="Quando cards forem descarregados deste personagem no Ajuste de Energia, compre um.",
    trigger=Trigger.UNLOADED_IN_ADJUSTMENT,
    steps=(Step(op="draw", amount=1, to="self"),),
)
LOAD = Text(
    text="Quando você descartar cards no Ajuste de Mão, você pode carregar um card…",
    trigger=Trigger.DISCARDED_IN_ADJUSTMENT,
    steps=(Step(op="load_from_resources", to="this", optional=True),),
)


def at_adjustment(hand: int, loaded: int, text: Text) -> State:
    state = build(
        Side(
            hand=["protecao"] * hand,
            resources=["excentricidade"] * 2,
            scene=[Placed("umar_v1", ["protecao"] * loaded)],  # Energia Inicial 5
        ),
        Side(scene=[Placed("medusa_v2", ["protecao"] * 5)]),
        phase=Phase.PREPARATION,
    )
    umar = replace(state.defs["umar_v1"], texts=(text,))
    state = replace(state, defs={**state.defs, "umar_v1": umar})
    state, _ = act(state, 0, Pass())
    assert state.phase is Phase.ADJUSTMENT
    return state


def test_a_draw_during_the_adjustment_repeats_the_hand_adjustment() -> None:
    state = at_adjustment(hand=7, loaded=6, text=DRAW)
    umar = sid(state, "umar_v1")
    state, events = act(state, 0, Adjust(""))
    # D.1 unloaded one card, which drew one: the hand has eight, so the Adjustment again.
    assert "battlescenes.event.unloaded" in keys(events)
    assert len(state.players[0].hand) == 8 and len(zones.in_scene(state, umar).loaded) == 5
    assert state.phase is Phase.ADJUSTMENT
    decision = ENGINE.pending(state)[0]
    assert decision.seat == 0 and "adjust" in decision.kinds
    state, events = act(state, 0, Adjust(""))
    assert "battlescenes.event.hand_adjusted" in keys(events)
    assert len(state.players[0].hand) == 7 and state.phase is Phase.ANTICIPATION


def test_a_load_during_the_adjustment_repeats_the_energy_adjustment() -> None:
    state = at_adjustment(hand=8, loaded=5, text=LOAD)
    umar = sid(state, "umar_v1")
    state, _ = act(state, 0, Adjust(""))
    assert len(state.players[0].hand) == 7
    # "Você pode": which resource card (or skip).
    assert state.choice is not None and state.choice.seat == 0 and "skip" in state.choice.options
    state, _ = act(state, 0, Choose(state.choice.options[0]))
    # Umar carries six for an Energia Inicial of 5: the Energy Adjustment happens again.
    assert len(zones.in_scene(state, umar).loaded) == 6 and state.phase is Phase.ADJUSTMENT
    state, _ = act(state, 0, Adjust(""))
    assert len(zones.in_scene(state, umar).loaded) == 5
    assert state.phase is Phase.ANTICIPATION


def test_declining_the_load_ends_the_adjustment() -> None:
    state = at_adjustment(hand=8, loaded=5, text=LOAD)
    state, _ = act(state, 0, Adjust(""))
    state, _ = act(state, 0, Choose("skip"))
    assert state.phase is Phase.ANTICIPATION
