"""4.7 ATENÇÃO: an effect that takes a character out of the scene to another zone unloads it
without a knock-out (Bater em Retirada: to its owner's hand) — and Hela V1 (5.5) replaces
exactly that when the player's own effect moves their own character to the hand."""

from __future__ import annotations

from engines.battlescenes.actions import Choose, PlayCard
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid, zone_id


def table(*bruno: Placed) -> State:
    """Ana's Preparation phase: Bater em Retirada in her hand; her Abutre V1 carries two
    cards."""
    return build(
        Side(
            hand=["bater_em_retirada"],
            scene=[Placed("abutre_v1", ["protecao", "protecao"])],
        ),
        Side(scene=list(bruno) or [Placed("triton_v1", ["protecao"] * 3)]),
        phase=Phase.PREPARATION,
    )


def retreat(state: State) -> tuple[State, list[str]]:
    scenario = zone_id(state, 0, "hand", "bater_em_retirada")
    abutre = sid(state, "abutre_v1")
    state, events = act(state, 0, PlayCard(scenario))
    state, more = act(state, 0, Choose(str(abutre)))  # "você pode escolher …"
    return state, keys(events) + keys(more)


def test_bater_em_retirada_returns_the_character_to_the_hand_not_knocked_out() -> None:
    state = table()
    abutre = sid(state, "abutre_v1")
    carried = zones.in_scene(state, abutre).loaded
    state, events = retreat(state)
    assert abutre in state.players[0].hand and zones.find(state, abutre) is None
    assert set(carried) <= set(state.players[0].resources)  # unloaded first
    assert abutre not in state.players[0].prizes and zones.prize_points(state, 1) == 0
    assert "battlescenes.event.left_to_hand" in events
    assert "battlescenes.event.knocked_out" not in events


def test_hela_sends_the_retreating_character_to_the_opponents_prizes() -> None:
    # Hela V1 (Bruno's): Ana's own effect puts her own character in the hand → instead it
    # goes to the prizes (Ana's prizes area: points to Bruno), not knocked out.
    state = table(Placed("hela_v1", ["protecao"] * 3))
    abutre = sid(state, "abutre_v1")
    state, events = retreat(state)
    assert abutre in state.players[0].prizes and abutre not in state.players[0].hand
    assert zones.prize_points(state, 1) == 4
    assert "battlescenes.event.replaced_to_prizes" in events
    assert "battlescenes.event.knocked_out" not in events
