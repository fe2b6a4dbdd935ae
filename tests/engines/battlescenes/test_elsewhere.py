"""5.2.1: effects triggered from other zones (the hand here) reveal their card first."""

from __future__ import annotations

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import Choose, UseAction
from engines.battlescenes.content.schema import Step, Text, Trigger
from engines.battlescenes.rules.state import State
from engines.battlescenes.table import zones
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid, zone_id

FILL = ["excentricidade"] * 4

# Each time an opponent's character uses an action, while this card is in the hand, it may
# be revealed: that character takes 1 penetrating damage. (a test text)
AMBUSH = Text(
    text="…",
    trigger=Trigger.ACTION_USED,
    whose_turn="opponent",
    from_zone="hand",
    steps=(Step(op="damage", amount=1, penetrating=True, optional=True),),
)


def table() -> State:
    state = build(
        Side(scene=[Placed("triton_v1", FILL)]),
        Side(hand=["protecao"], scene=[Placed("abutre_v1", FILL)]),
    )
    protecao = replace(state.defs["protecao"], texts=(AMBUSH,))
    return replace(state, defs={**state.defs, "protecao": protecao})


def test_the_card_is_revealed_when_its_player_uses_the_effect() -> None:
    state = table()
    triton, abutre = sid(state, "triton_v1"), sid(state, "abutre_v1")
    card = zone_id(state, 1, "hand", "protecao")
    state, events = act(state, 0, UseAction(triton, "Golpe Aquático", str(abutre)))
    resolving = [e.params["effect"] for e in events if e.key == "battlescenes.event.resolving"]
    assert zones.title(state, card) not in resolving and "?" in resolving
    # Bruno may reveal it; until then Ana (and the public) see only "?" in the tree.
    assert state.choice is not None and state.choice.seat == 1
    public = ENGINE.view(state, None).data["tree"]
    assert [e["label"] for e in public if e["level"] == 1] == ["?"]
    own = ENGINE.view(state, 1).data["tree"]
    assert [e["label"] for e in own if e["level"] == 1] == [zones.title(state, card)]
    loaded = len(zones.in_scene(state, triton).loaded)
    state, events = act(state, 1, Choose("yes"))
    revealed = [e for e in events if e.key == "battlescenes.event.revealed"]
    assert revealed and revealed[0].params["card"] == zones.title(state, card)
    assert len(zones.in_scene(state, triton).loaded) == loaded - 1  # 1 penetrating
    assert card in state.players[1].hand  # revealing does not move it


def test_declining_keeps_the_card_hidden_and_does_nothing() -> None:
    state = table()
    triton, abutre = sid(state, "triton_v1"), sid(state, "abutre_v1")
    state, _ = act(state, 0, UseAction(triton, "Golpe Aquático", str(abutre)))
    loaded = len(zones.in_scene(state, triton).loaded)
    state, events = act(state, 1, Choose("skip"))
    assert "battlescenes.event.revealed" not in keys(events)
    assert len(zones.in_scene(state, triton).loaded) == loaded


def test_the_text_does_not_work_in_the_scene() -> None:
    # A text that works from the hand does nothing while its card is loaded in the scene.
    state = build(
        Side(scene=[Placed("triton_v1", FILL)]),
        Side(scene=[Placed("abutre_v1", ["protecao", *FILL])]),
    )
    protecao = replace(state.defs["protecao"], texts=(AMBUSH,))
    state = replace(state, defs={**state.defs, "protecao": protecao})
    triton, abutre = sid(state, "triton_v1"), sid(state, "abutre_v1")
    state, _ = act(state, 0, UseAction(triton, "Golpe Aquático", str(abutre)))
    assert state.choice is None and state.tree == ()
