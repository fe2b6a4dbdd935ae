"""5.8: a text that loses its effect while its effect resolves is interrupted at once."""

from __future__ import annotations

from engines.battlescenes.content.schema import ActionRule, Step, Text
from engines.battlescenes.effects import interpreter, tree
from engines.battlescenes.rules import use
from engines.battlescenes.rules.state import Continuous, Pending, Phase, State
from engines.core import RiggedDice
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, build, keys, sid

DRAW = Step(op="draw", amount=1, to="self")


def table() -> tuple[State, int, int]:
    state = build(
        Side(scene=[Placed("heimdall_v1", ["protecao"])]),
        Side(scene=[Placed("gerador_pem")]),
        phase=Phase.PREPARATION,
    )
    return state, sid(state, "heimdall_v1"), sid(state, "gerador_pem")


def pending(source: int, next_step: int) -> Pending:
    return Pending(
        uid=0,
        level=1,
        controller=0,
        source=source,
        label="Heimdall V1",
        steps=(DRAW, DRAW),
        next_step=next_step,
        paused=next_step > 0,
        this=source,
    )


def test_a_paused_text_effect_stops_when_its_card_loses_its_texts() -> None:
    # Heimdall's effect drew once and paused (something triggered); meanwhile a Gerador de
    # P.E.M. names Heimdall: "têm sua resolução interrompida imediatamente" — no second draw.
    state, heimdall, gerador = table()
    state = tree.add(state, [pending(heimdall, 1)], 1)
    state = replace(state, continuous=(Continuous(gerador, heimdall, "lose_texts"),))
    hand = len(state.players[0].hand)
    state, events = interpreter.run(state, RiggedDice())
    assert "battlescenes.event.interrupted" in keys(events)
    assert len(state.players[0].hand) == hand and state.tree == ()


def test_a_loaded_cards_text_stops_with_its_base() -> None:
    state, heimdall, gerador = table()
    carried = state.scene[0].loaded[0]
    state = tree.add(state, [pending(carried, 0)], 1)
    state = replace(state, continuous=(Continuous(gerador, heimdall, "lose_texts"),))
    hand = len(state.players[0].hand)
    state, _ = interpreter.run(state, RiggedDice())
    assert len(state.players[0].hand) == hand


def test_without_the_loss_both_procedures_happen() -> None:
    state, heimdall, _gerador = table()
    state = tree.add(state, [pending(heimdall, 0)], 1)
    hand = len(state.players[0].hand)
    state, _ = interpreter.run(state, RiggedDice())
    assert len(state.players[0].hand) == hand + 2


def test_example_5_a_text_loss_stops_when_its_own_card_loses_its_texts() -> None:
    # 5.8 example 5 with stand-ins: Cassandra Nova (Heimdall here) chose Vampira (Umar) —
    # "that character cannot use actions"; Câmara Neutralizadora (a Gerador) names Cassandra:
    # Vampira may use actions again but stays chosen; then a Gerador de P.E.M. names the
    # Câmara: "o efeito da Cassandra volta a impedir que Vampira use ações".
    state = build(
        Side(scene=[Placed("umar_v1", ["protecao"] * 4), Placed("gerador_pem", ["protecao"])]),
        Side(scene=[Placed("heimdall_v1", ["protecao"] * 4), Placed("gerador_pem", ["protecao"])]),
    )
    forbid = Text(text="…", action_rules=(ActionRule("forbid", whose="marked"),))
    heimdall_def = replace(state.defs["heimdall_v1"], texts=(forbid,))
    state = replace(state, defs={**state.defs, "heimdall_v1": heimdall_def})
    umar, cassandra = sid(state, "umar_v1"), sid(state, "heimdall_v1")
    camara, gerador = sid(state, "gerador_pem", 0), sid(state, "gerador_pem", 1)
    chosen = Continuous(cassandra, umar, "mark")
    state = replace(state, continuous=(chosen,))
    assert use.usable(state, 0) == []  # Vampira cannot use actions
    state = replace(state, continuous=(chosen, Continuous(camara, cassandra, "lose_texts")))
    assert [i.card for i, _a in use.usable(state, 0)] == [umar]
    assert chosen in state.continuous  # still the chosen character
    named = Continuous(gerador, camara, "lose_texts")
    state = replace(state, continuous=(*state.continuous, named))
    assert use.usable(state, 0) == []
