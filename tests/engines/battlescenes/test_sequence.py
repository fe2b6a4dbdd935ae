"""The turn sequence (6.2): triggers at the start and end of phases, in order."""

from __future__ import annotations

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import Choose, Pass
from engines.battlescenes.rules.state import Phase
from engines.battlescenes.table import zones
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid

FILL = ["excentricidade"] * 5


def test_cubo_cosmico_unloads_at_the_start_of_the_adjustment_phase() -> None:
    # 6.2 D.1 ATENÇÃO: cards unloaded at the start of the Adjustment come before D.1/D.2.
    state = build(
        Side(scene=[Placed("umar_v1", ["cubo_cosmico", *FILL[:3]])]),
        Side(),
        phase=Phase.PREPARATION,
    )
    umar = sid(state, "umar_v1")
    state, events = act(state, 0, Pass())
    assert "battlescenes.event.unloaded" in keys(events)
    assert len(zones.in_scene(state, umar).loaded) == 3
    assert state.phase is Phase.ATTACK  # nothing to adjust, no anticipation: straight on


def test_gata_negra_asks_at_the_end_of_the_opponents_countdown() -> None:
    # Bruno controls no character: his Countdown puts 1 + 1 (Ana's Gata) = 2 cards into his
    # resources, and at its end Gata Negra V2 (Ana's) asks Ana whether to do the same (5.2).
    state = build(
        Side(scene=[Placed("gata_negra_v2", FILL[:4])]),
        Side(deck=["protecao"] * 10),
        phase=Phase.ATTACK,
    )
    state, events = act(state, 0, Pass())
    assert "battlescenes.event.countdown" in keys(events)
    assert state.phase is Phase.COUNTDOWN and state.choice is not None
    decision = ENGINE.pending(state)[0]
    assert decision.seat == 0 and decision.default == Choose("skip") and decision.auto_default
    state, _ = act(state, 0, Choose("skip"))
    # The turn goes on: Bruno draws and reaches his Preparation phase; Ana put nothing.
    assert state.phase is Phase.PREPARATION and state.active == 1
    assert len(state.players[1].hand) == 1 and state.players[0].resources == ()


def test_gata_negra_puts_as_many_cards_as_the_opponents_countdown() -> None:
    # count the cards that opponent put, then as many from the top of her own deck may go
    # into her resources: 2 and 2.
    state = build(
        Side(scene=[Placed("gata_negra_v2", FILL[:4])]),
        Side(deck=["protecao"] * 10),
        phase=Phase.ATTACK,
    )
    top = state.players[0].deck[:2]
    state, _ = act(state, 0, Pass())
    assert len(state.players[1].resources) == 2
    state, events = act(state, 0, Choose("yes"))
    assert "battlescenes.event.milled" in keys(events)
    assert state.players[0].resources == top and len(state.players[0].deck) == 8


def test_gata_negra_needs_every_own_character_defensores_or_herois_de_aluguel() -> None:
    # Medusa V2 (Inumanos) is neither: the condition fails, nothing is asked or put.
    state = build(
        Side(scene=[Placed("gata_negra_v2", FILL[:4]), Placed("medusa_v2", FILL[:4])]),
        Side(deck=["protecao"] * 10),
        phase=Phase.ATTACK,
    )
    state, _ = act(state, 0, Pass())
    assert state.choice is None and state.phase is Phase.PREPARATION
    assert state.players[0].resources == ()


def test_gata_negra_asks_nothing_when_the_countdown_put_nothing() -> None:
    # Bruno controls a character: no Countdown (6.2 A), so there is nothing to match.
    state = build(
        Side(scene=[Placed("gata_negra_v2", FILL[:4])]),
        Side(deck=["protecao"] * 10, scene=[Placed("umar_v1", FILL)]),
        phase=Phase.ATTACK,
    )
    state, _ = act(state, 0, Pass())
    assert state.choice is None and state.players[0].resources == ()


def test_two_start_of_turn_effects_let_the_active_player_order_them() -> None:
    from engines.battlescenes.content.schema import Step, Text, Trigger
    from engines.core.model import replace

    draw = Text(text="draw", trigger=Trigger.TURN_START, steps=(Step(op="draw", amount=1),))
    state = build(
        Side(),
        Side(deck=["protecao"] * 10, scene=[Placed("umar_v1", FILL), Placed("capuz_v2", FILL)]),
    )
    for key in ("umar_v1", "capuz_v2"):
        state = replace(state, defs={**state.defs, key: replace(state.defs[key], texts=(draw,))})
    state, _ = act(state, 0, Pass())
    assert state.phase is Phase.START and state.choice is not None and state.choice.seat == 1
    assert state.choice.prompt == "battlescenes.choice.order"
    state, _ = act(state, 1, Choose(state.choice.options[1]))
    # Both resolved (2 cards), then the Draw phase (2 more, Bruno controls characters).
    assert len(state.players[1].hand) == 4 and state.phase is Phase.PREPARATION
