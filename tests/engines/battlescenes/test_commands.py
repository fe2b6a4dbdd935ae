"""Slash commands map onto actions; autocomplete offers only legal choices; manual texts."""

from __future__ import annotations

import dataclasses

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import Choose, UseAction
from engines.battlescenes.state import Phase
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid, zone_id


def test_every_command_builds_a_known_action_with_matching_fields() -> None:
    kinds = {t.kind: t for t in ENGINE.action_types}
    for spec in ENGINE.commands():
        assert spec.action in kinds
        fields = {f.name for f in dataclasses.fields(kinds[spec.action])}
        assert {o.name for o in spec.options} <= fields


def test_autocomplete_offers_hand_cards_and_usable_actions_only() -> None:
    state = build(
        Side(
            hand=["umar_v1"],
            scene=[
                Placed("triton_v1", ["protecao"] * 4),
                Placed("umar_v1", ["protecao"] * 4, entered=3),
            ],
        ),
        Side(scene=[Placed("abutre_v1", ["protecao"] * 4)]),
        phase=Phase.ATTACK,
    )
    cards = ENGINE.autocomplete(state, 0, "play", "card", "", {})
    assert [c.value for c in cards] == [zone_id(state, 0, "hand", "umar_v1")]
    actions = ENGINE.autocomplete(state, 0, "use", "action", "", {})
    # Umar entered this turn (no Prontidão): only Triton's action is offered.
    assert [c.value for c in actions] == ["Golpe Aquático"]
    assert ENGINE.autocomplete(state, 1, "use", "action", "", {}) == []


def test_manual_action_stops_for_the_player_and_is_logged() -> None:
    state = build(
        Side(scene=[Placed("hulk_v3", ["protecao"] * 8)]),
        Side(scene=[Placed("abutre_v1", ["protecao"] * 4)]),
        phase=Phase.ATTACK,
    )
    hulk, abutre = sid(state, "hulk_v3"), sid(state, "abutre_v1")
    state, events = act(state, 0, UseAction(hulk, "Esmagar", str(abutre)))
    assert "battlescenes.event.manual" in keys(events)
    decision = ENGINE.pending(state)[0]
    assert decision.kinds == ("choose",) and decision.default is None
    state, events = act(state, 0, Choose("done"))
    assert "battlescenes.event.manual_done" in keys(events)
    assert state.tree == () and state.log_manual
