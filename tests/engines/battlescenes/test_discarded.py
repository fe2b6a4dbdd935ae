"""5.2 "Quando você descartar cards …" outside the Hand Adjustment (trigger ``discarded``):
any discard from the hand — 6.2 C.1/C.2 capacitation, C.4, D.2, costs (E.2), effects —
triggers its controller's texts; a discard a replacement sent elsewhere (5.5) triggers
nothing. Stand-in text (no starter card has it yet): "Quando você descartar um card,
compre um card"."""

from __future__ import annotations

from engines.battlescenes.actions import Capacitate, Choose, Discard, UseAction
from engines.battlescenes.content.loader import load_text
from engines.battlescenes.content.schema import Step, Text, Trigger
from engines.battlescenes.rules.state import Phase, State
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid
from tests.engines.battlescenes.test_restrict import STUDY

DRAW = Text(
    text="Quando você descartar um card, compre um card.",
    trigger=Trigger.DISCARDED,
    steps=(Step(op="draw", amount=1, to="self"),),
)
FILL = ["excentricidade"] * 4


def table(*texts: Text) -> State:
    state = build(
        Side(hand=["protecao", "protecao"], scene=[Placed("umar_v1", FILL, stage=0)]),
        Side(hand=["protecao"], scene=[Placed("abutre_v1", FILL)]),
        phase=Phase.PREPARATION,
    )
    umar = replace(state.defs["umar_v1"], texts=texts)
    return replace(state, defs={**state.defs, "umar_v1": umar})


def test_a_discard_in_the_preparation_triggers_it() -> None:
    state = table(DRAW)
    card, deck = state.players[0].hand[0], len(state.players[0].deck)
    state, events = act(state, 0, Discard(card))
    assert card in state.players[0].resources
    assert len(state.players[0].hand) == 2 and len(state.players[0].deck) == deck - 1
    assert "battlescenes.event.discarded" in keys(events)


def test_a_capacitation_discard_triggers_it() -> None:
    state = table(DRAW)
    umar = sid(state, "umar_v1")
    state, _ = act(state, 0, Capacitate(umar, state.players[0].hand[0]))
    assert len(state.players[0].hand) == 2  # discarded one, drew one


def test_a_replaced_discard_triggers_nothing() -> None:
    bottom = Text(text="…", replace_discard="deck_bottom")
    state = table(DRAW, bottom)
    card, deck = state.players[0].hand[0], len(state.players[0].deck)
    state, _ = act(state, 0, Discard(card))
    assert state.players[0].deck[-1] == card and len(state.players[0].deck) == deck + 1
    assert len(state.players[0].hand) == 1  # 5.5: no draw


def test_only_its_controllers_discards_trigger_it() -> None:
    state = table(DRAW)
    state = replace(state, active=1)
    card, deck = state.players[1].hand[0], len(state.players[0].deck)
    state, _ = act(state, 1, Discard(card))
    assert len(state.players[0].deck) == deck and len(state.players[1].hand) == 0


def test_content_accepts_the_trigger() -> None:
    pack = load_text(
        """cards:
  - key: x
    type: support
    name: X
    energy: 1
    source: test
    verified: false
    texts:
      - text: t
        trigger: discarded
        steps: [{op: draw, amount: 1, to: self}]
""",
        "m.yaml",
    )
    assert pack.cards["x"].texts[0].trigger is Trigger.DISCARDED


def test_a_cost_discard_triggers_it_before_the_action_resolves() -> None:
    # E.2 "descarte um card": the draw it triggers (level 1) and then the action's own draw.
    costly = replace(STUDY, discard_cost=1)
    state = build(
        Side(hand=["protecao"], scene=[Placed("umar_v1", ["excentricidade"])]),
        Side(scene=[Placed("abutre_v1")]),
    )
    umar_def = replace(state.defs["umar_v1"], actions=(costly,), texts=(DRAW,))
    state = replace(state, defs={**state.defs, "umar_v1": umar_def})
    umar, card = sid(state, "umar_v1"), state.players[0].hand[0]
    state, _ = act(state, 0, UseAction(umar, "Estudar", pay=str(card)))
    assert card in state.players[0].resources and len(state.players[0].hand) == 2
    assert state.tree == ()


def test_an_effects_discard_triggers_it() -> None:
    # "Descarte um card. Se o fizer, …": the triggered draw resolves one level deeper.
    loot = replace(STUDY, steps=(Step(op="discard_from_hand", to="self"),))
    state = build(
        Side(hand=["protecao"], scene=[Placed("umar_v1", ["excentricidade"])]),
        Side(scene=[Placed("abutre_v1")]),
    )
    umar_def = replace(state.defs["umar_v1"], actions=(loot,), texts=(DRAW,))
    state = replace(state, defs={**state.defs, "umar_v1": umar_def})
    umar, card = sid(state, "umar_v1"), state.players[0].hand[0]
    state, _ = act(state, 0, UseAction(umar, "Estudar"))
    assert state.choice is not None
    state, _ = act(state, 0, Choose(str(card)))
    assert card in state.players[0].resources and len(state.players[0].hand) == 1
    assert state.tree == ()
