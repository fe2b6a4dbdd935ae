"""5.2 "quando cards forem descarregados deste personagem" (``trigger: unloaded``) outside
damage: unload costs (6.2 E.2), Aprimoramento (7.2), unload steps and the Energy Adjustment
(D.1). The effect belongs to the card base whose cards were unloaded."""

from __future__ import annotations

from engines.battlescenes.actions import Keyword, UseAction
from engines.battlescenes.content.loader import load_text
from engines.battlescenes.content.schema import ActionDef, ActionKind, Step, Text, Trigger
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid, zone_id

FILL = ["excentricidade"] * 4
# Stand-in: "Quando cards forem descarregados deste personagem, compre um card."
DRAW = Text(text="…", trigger=Trigger.UNLOADED, steps=(Step(op="draw", amount=1, to="self"),))
STUDY = ActionDef(
    name="Estudar",
    power="magia",
    kind=ActionKind.NORMAL,
    cost=0,
    text="…",
    steps=(Step(op="draw", amount=1, to="self"),),
    unload_cost=1,
)
DRAIN = ActionDef(
    name="Drenar",
    power="magia",
    kind=ActionKind.NORMAL,
    cost=0,
    text="…",
    steps=(Step(op="unload", amount=1, to="target"),),
    targets=1,
)


def table() -> State:
    state = build(
        Side(deck=["protecao"] * 5, scene=[Placed("umar_v1", FILL, stage=2)]),
        Side(deck=["protecao"] * 5, scene=[Placed("triton_v1", FILL), Placed("abutre_v1", FILL)]),
    )
    defs = dict(state.defs)
    defs["umar_v1"] = replace(defs["umar_v1"], actions=(STUDY, DRAIN), texts=(DRAW,))
    defs["triton_v1"] = replace(defs["triton_v1"], texts=(DRAW,))
    return replace(state, defs=defs)


def resolving(events: tuple[object, ...]) -> list[str]:
    return [
        str(e.params["effect"])  # type: ignore[attr-defined]
        for e in events
        if e.key == "battlescenes.event.resolving"  # type: ignore[attr-defined]
    ]


def test_an_unload_cost_triggers_before_the_actions_effect() -> None:
    state = table()
    umar = sid(state, "umar_v1")
    carried = zones.in_scene(state, umar).loaded[0]
    state, events = act(state, 0, UseAction(umar, "Estudar", pay=str(carried)))
    assert len(state.players[0].hand) == 2  # one from the trigger, one from the action
    order = resolving(events)
    assert order == [zones.title(state, umar), "Estudar"]  # 9.1.2 d: the cost's effect first
    assert keys(events).count("battlescenes.event.drew") == 2


def test_an_unload_step_triggers_the_unloaded_characters_text_only() -> None:
    state = table()
    umar, triton = sid(state, "umar_v1"), sid(state, "triton_v1")
    state, _ = act(state, 0, UseAction(umar, "Drenar", str(triton)))
    assert len(zones.in_scene(state, triton).loaded) == 3
    # Tritão's controller draws; Umar's own text does not fire (nothing left Umar).
    assert len(state.players[1].hand) == 1 and state.players[0].hand == ()


def test_no_unload_no_trigger() -> None:
    state = table()
    umar, abutre = sid(state, "umar_v1"), sid(state, "abutre_v1")
    state, _ = act(state, 0, UseAction(umar, "Drenar", str(abutre)))  # Abutre has no text
    assert state.players[1].hand == () and state.players[0].hand == ()


def test_aprimoramento_unloads_and_triggers() -> None:
    state = build(
        Side(
            deck=["protecao"] * 3,
            resources=["umar_v1"],
            scene=[Placed("umar_v1", FILL)],
        ),
        Side(scene=[Placed("abutre_v1", FILL)]),
        phase=Phase.PREPARATION,
    )
    umar_def = replace(state.defs["umar_v1"], keywords=("aprimoramento",), texts=(DRAW,))
    state = replace(state, defs={**state.defs, "umar_v1": umar_def})
    umar = sid(state, "umar_v1")
    twin = zone_id(state, 0, "resources", "umar_v1")
    state, events = act(state, 0, Keyword("aprimoramento", twin, umar))
    assert twin in zones.in_scene(state, umar).loaded
    assert len(state.players[0].hand) == 1 and "battlescenes.event.drew" in keys(events)


def test_content_accepts_the_trigger() -> None:
    card = """cards:
  - key: x
    type: support
    name: X
    energy: 1
    shield: 1
    source: test
    verified: false
    texts:
      - {text: t, trigger: unloaded, steps: [{op: draw, amount: 1, to: self}]}
"""
    loaded = load_text(card, "m.yaml")
    assert loaded


def test_the_energy_adjustment_triggers_it_too() -> None:
    from engines.battlescenes.actions import Adjust, Pass

    state = build(
        Side(deck=["protecao"] * 3, scene=[Placed("umar_v1", ["protecao"] * 6)]),
        Side(scene=[Placed("medusa_v2", ["protecao"] * 5)]),
        phase=Phase.PREPARATION,
    )
    state = replace(
        state, defs={**state.defs, "umar_v1": replace(state.defs["umar_v1"], texts=(DRAW,))}
    )
    state, _ = act(state, 0, Pass())
    state, events = act(state, 0, Adjust(""))  # D.1: Energia Inicial 5, one card unloaded
    assert "battlescenes.event.unloaded" in keys(events)
    assert len(state.players[0].hand) == 1


def test_an_unload_step_that_empties_the_character_still_resolves_its_trigger() -> None:
    state = table()
    umar, triton = sid(state, "umar_v1"), sid(state, "triton_v1")
    item = zones.in_scene(state, triton)
    state = zones.unload(state, triton, item.loaded[1:])  # Tritão carries one card
    state, events = act(state, 0, UseAction(umar, "Drenar", str(triton)))
    # Knocked out right after (4.7); the text worked as the cards were unloaded: it draws.
    assert triton in state.players[1].prizes and "battlescenes.event.knocked_out" in keys(events)
    assert len(state.players[1].hand) == 1
