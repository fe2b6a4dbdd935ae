"""Odin V1 (5.1): an activated text with conditions, a "você pode descartar … Se o fizer"
cost, a look at the top five cards (any number to the resources, the rest back on top in
the order the player picks) and a draw. Also 4.2 permuting."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import Activate, Choose
from engines.battlescenes.content.schema import Step, Text, Trigger
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from engines.core import IllegalActionError
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid, zone_id

FILL = ["excentricidade"] * 7
DECK = ["protecao", "umar_v1", "karnak_v1", "triton_v1", "abutre_v1", "capuz_v2"]


def table(entered: int = 0, also: str = "") -> State:
    scene = [Placed("odin_v1", FILL, entered=entered)]
    if also:
        scene.append(Placed(also, FILL))
    return build(
        Side(deck=DECK, hand=["heimdall_v1", "umar_v1"], scene=scene),
        Side(),
        phase=Phase.PREPARATION,
    )


def test_odin_discards_looks_at_five_keeps_some_orders_the_rest_and_draws() -> None:
    state = table()
    odin = sid(state, "odin_v1")
    heimdall = zone_id(state, 0, "hand", "heimdall_v1")
    top = list(state.players[0].deck[:5])
    state, _ = act(state, 0, Activate(odin))
    # Only an Asgardianos character of the hand can be discarded (Umar cannot); or decline.
    assert state.choice is not None and set(state.choice.options) == {str(heimdall), "skip"}
    state, _ = act(state, 0, Choose(str(heimdall)))
    assert state.players[0].set_aside == tuple(top)
    state, _ = act(state, 0, Choose(str(top[1])))
    state, _ = act(state, 0, Choose(str(top[3])))
    state, _ = act(state, 0, Choose("done"))
    # The other three go back on top in the order picked (the last one needs no pick).
    assert state.choice is not None and set(state.choice.options) == {
        str(top[0]),
        str(top[2]),
        str(top[4]),
    }
    state, _ = act(state, 0, Choose(str(top[4])))
    state, _ = act(state, 0, Choose(str(top[0])))
    player = state.players[0]
    assert {heimdall, top[1], top[3]} <= set(player.resources)
    assert top[4] in player.hand  # "e então compre um card": the one put on top first
    assert player.deck[:2] == (top[0], top[2]) and state.tree == ()


def test_declining_the_discard_does_nothing_else() -> None:
    state = table()
    deck = state.players[0].deck
    state, _ = act(state, 0, Activate(sid(state, "odin_v1")))
    state, _ = act(state, 0, Choose("skip"))
    assert state.players[0].deck == deck and state.tree == () and state.choice is None


@pytest.mark.parametrize(("entered", "also"), [(3, ""), (0, "umar_v1")])
def test_odin_needs_to_be_there_since_the_start_and_only_asgardianos(
    entered: int, also: str
) -> None:
    state = table(entered, also)
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, Activate(sid(state, "odin_v1")))
    assert err.value.key == "battlescenes.error.activated_condition"


def test_permuting_swaps_places_and_triggers_no_loading() -> None:
    # 4.2 with a test text: "Permute um card que este personagem carrega com um card que outro
    # personagem que você controla carrega." Triton's "quando um card for carregado neste
    # personagem, compre um card" must stay quiet (4.2 ATENÇÃO).
    state = build(
        Side(
            scene=[
                Placed("umar_v1", ["protecao", "excentricidade"]),
                Placed("triton_v1", ["excentricidade", "capuz_v2"]),
            ]
        ),
        Side(),
        phase=Phase.PREPARATION,
    )
    swap = Text(
        text="…",
        activated=True,
        steps=(Step(op="permute", to="chosen_own_character"),),
    )
    watch = Text(
        text="…", trigger=Trigger.LOADED_ONTO_THIS, steps=(Step(op="draw", amount=1, to="self"),)
    )
    defs = dict(state.defs)
    defs["umar_v1"] = replace(defs["umar_v1"], texts=(swap,))
    defs["triton_v1"] = replace(defs["triton_v1"], texts=(watch,))
    state = replace(state, defs=defs)
    umar, triton = sid(state, "umar_v1"), sid(state, "triton_v1")
    a = zones.in_scene(state, umar).loaded[0]
    b = zones.in_scene(state, triton).loaded[1]
    hand = len(state.players[0].hand)
    state, _ = act(state, 0, Activate(umar))
    state, _ = act(state, 0, Choose(str(triton)))
    assert state.choice is not None and f"{a}>{b}" in state.choice.options
    state, events = act(state, 0, Choose(f"{a}>{b}"))
    assert "battlescenes.event.permuted" in [e.key for e in events]
    assert zones.in_scene(state, umar).loaded[0] == b
    assert zones.in_scene(state, triton).loaded[1] == a
    assert len(state.players[0].hand) == hand and state.tree == ()
