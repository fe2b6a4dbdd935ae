"""5.8 example 4: an effect of defined duration, once validated, keeps working for the rest
of the turn even when its card loses its texts (Homem-Formiga V1 / Câmara Neutralizadora)."""

from __future__ import annotations

import pytest

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import Activate, Choose, Pass, PlayCard, UseAction
from engines.battlescenes.rules import restrictions, use
from engines.battlescenes.rules.state import Continuous, Phase, State
from engines.battlescenes.table import zones
from engines.core import IllegalActionError
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid, zone_id

FILL = ["excentricidade"] * 4


def table() -> State:
    """Alan (0) controls two Homem de Ferro V3; Priscila (1) holds Homem-Formiga V1."""
    return build(
        Side(
            scene=[Placed("homem_de_ferro_v3", FILL), Placed("homem_de_ferro_v3", FILL)],
            hand=["camara_neutralizadora"],
        ),
        Side(scene=[Placed("abutre_v1", FILL)], hand=["homem_formiga_v1"], resources=FILL),
    )


def formiga_answers(state: State) -> tuple[State, tuple[int, int, int, int]]:
    """Alan uses Luta pela Justiça; Priscila reveals Homem-Formiga and puts it into play."""
    first = sid(state, "homem_de_ferro_v3", nth=0)
    second = sid(state, "homem_de_ferro_v3", nth=1)
    abutre = sid(state, "abutre_v1")
    formiga = zone_id(state, 1, "hand", "homem_formiga_v1")
    state, _ = act(state, 0, UseAction(first, "Luta pela Justiça", str(abutre)))
    assert state.choice is not None and state.choice.seat == 1  # "você pode revelá-lo"
    return state, (first, second, abutre, formiga)


def test_homem_formiga_enters_and_the_action_has_no_effect() -> None:
    state, (_first, _second, abutre, formiga) = formiga_answers(table())
    loaded = len(zones.in_scene(state, abutre).loaded)
    state, events = act(state, 1, Choose("yes"))
    assert "battlescenes.event.action_cancelled" in keys(events)
    assert zones.find(state, formiga) is not None and formiga not in state.players[1].hand
    assert zones.in_scene(state, formiga).controller == 1
    # It loads its Energia Inicial from the newest resources (3 of the 4).
    assert len(zones.in_scene(state, formiga).loaded) == 3 and len(state.players[1].resources) == 1
    assert len(zones.in_scene(state, abutre).loaded) == loaded  # no damage: no effect
    assert state.tree == () and state.choice is None


def test_declining_lets_the_action_happen() -> None:
    state, (_first, second, abutre, formiga) = formiga_answers(table())
    loaded = len(zones.in_scene(state, abutre).loaded)
    state, _ = act(state, 1, Choose("skip"))
    assert formiga in state.players[1].hand
    assert len(zones.in_scene(state, abutre).loaded) < loaded
    item = zones.in_scene(state, second)
    assert use.problems(state, 0, item, use.available(state, item)[0][1]) is None


def test_example_4_the_validated_effect_survives_the_loss_of_texts() -> None:
    # "Mesmo assim, Alan não poderá usar a ação Luta pela Justiça do outro Homem de Ferro,
    # pois o efeito do Homem-Formiga já foi validado e continuará funcionando neste turno."
    state, (_first, second, abutre, formiga) = formiga_answers(table())
    state, _ = act(state, 1, Choose("yes"))
    # Alan's Câmara Neutralizadora chooses Homem-Formiga (placed directly: the example's
    # Câmara enters in a way this test does not need to reproduce).
    camara = zone_id(state, 0, "hand", "camara_neutralizadora")
    state = replace(state, continuous=(Continuous(camara, formiga, "lose_texts"),))
    assert zones.texts(state, zones.in_scene(state, formiga)) == []
    with pytest.raises(IllegalActionError) as refused:
        act(state, 0, UseAction(second, "Luta pela Justiça", str(abutre)))
    assert refused.value.key.endswith("forbidden")
    # Only for the rest of this turn: the next turn it may be used again.
    state, _ = act(state, 0, Pass())
    assert state.turn_rules == ()
    assert not any(w.rule.if_name for w in restrictions.working(state))


def test_the_prohibition_concerns_only_the_opponents_and_that_name() -> None:
    state, (_first, _second, abutre, _formiga) = formiga_answers(table())
    state, _ = act(state, 1, Choose("yes"))
    [rule] = state.turn_rules
    assert rule.controller == 1 and rule.rule.if_name == "Luta pela Justiça"
    assert rule.rule.whose == "opponent"
    # Priscila's own characters are not concerned.
    item = zones.in_scene(state, abutre)
    action = use.available(state, item)[0][1]
    assert not restrictions.concerns(
        state, next(w for w in restrictions.working(state) if w.rule.if_name), 1, item, action, ()
    )
    assert state.phase is Phase.ATTACK


def planos_replaced() -> tuple[State, tuple[int, ...]]:
    """Planos Frustrados V1 in the scene; Ana replaces it with A Essência do Medo."""
    state = build(
        Side(
            deck=["protecao", "karnak_v1", "umar_v1"],
            hand=["a_essencia_do_medo"],
            scene=[Placed("raio_negro_v2", FILL)],
        ),
        Side(scene=[Placed("heimdall_v1", FILL)]),
        phase=Phase.PREPARATION,
        scenario="planos_frustrados_v1",
    )
    deck = state.players[0].deck
    medo = zone_id(state, 0, "hand", "a_essencia_do_medo")
    state, events = act(state, 0, PlayCard(medo))
    # Two effects wait: A Essência do Medo's draw on entering and Planos Frustrados'
    # leaving; Ana orders them (9.1.2), the leaving one first.
    assert state.choice is not None and state.choice.prompt == "battlescenes.choice.order"
    state, events = act(state, 0, Choose(state.choice.options[-1]))
    while state.choice is not None and state.choice.prompt == "battlescenes.choice.order":
        state, more = act(state, 0, Choose(state.choice.options[0]))
        events += more
    assert "battlescenes.event.search_forbidden_turn" in keys(events)
    deck = deck[1:]  # the draw on entering took the top card
    return state, deck


def test_planos_frustrados_leaving_forbids_searching_until_the_end_of_the_turn() -> None:
    # 5.7: when this scenario leaves the scene, no player may search the decks until the end
    # of the turn — Raio Negro V2's search after the replacement finds nothing.
    state, deck = planos_replaced()
    assert state.scenario is not None and zones.title(state, state.scenario).startswith("A Ess")
    state, events = act(state, 0, Activate(sid(state, "raio_negro_v2")))
    assert "battlescenes.event.search_forbidden" in keys(events)
    assert state.players[0].deck == deck


def test_the_search_prohibition_ends_with_the_turn() -> None:
    state, _deck = planos_replaced()
    assert state.no_search_this_turn
    state, _ = act(state, 0, Pass())  # on through the Adjustment and the Combat
    while state.active == 0:
        owed = next(d for d in ENGINE.pending(state) if not d.optional)
        state, _ = act(state, owed.seat, owed.default or Pass())
    assert not state.no_search_this_turn
