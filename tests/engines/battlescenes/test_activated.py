"""Activated effects (5.1) and a replacement effect (5.5)."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import Activate, Choose, UseAction
from engines.battlescenes.rules.state import Phase
from engines.battlescenes.table import leaving, shields
from engines.core import IllegalActionError
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid, zone_id

FILL = ["excentricidade"] * 5


def test_raio_negro_v2_searches_an_inumano_once_per_turn() -> None:
    state = build(
        Side(deck=["protecao", "karnak_v1", "umar_v1"], scene=[Placed("raio_negro_v2", FILL)]),
        Side(),
        phase=Phase.PREPARATION,
    )
    raio = sid(state, "raio_negro_v2")
    karnak = zone_id(state, 0, "deck", "karnak_v1")
    state, events = act(state, 0, Activate(raio))
    assert "battlescenes.event.activated" in keys(events)
    # Only characters with the Inumanos affiliation may be taken (Umar is not one).
    assert state.choice is not None and set(state.choice.options) == {str(karnak), "skip"}
    state, _ = act(state, 0, Choose(str(karnak)))
    assert karnak in state.players[0].hand and state.tree == ()
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, Activate(raio))
    assert err.value.key == "battlescenes.error.activated_once"


def test_raio_negro_v2_needs_every_character_to_be_inumano() -> None:
    state = build(
        Side(scene=[Placed("raio_negro_v2", FILL), Placed("umar_v1", FILL)]),
        Side(),
        phase=Phase.PREPARATION,
    )
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, Activate(sid(state, "raio_negro_v2")))
    assert err.value.rule == "5.1"


def test_novos_horizontes_finds_a_scenario() -> None:
    state = build(
        Side(deck=["cidade_fantasma"], scene=[Placed("umar_v1", FILL)]),
        Side(),
        phase=Phase.PREPARATION,
        scenario="novos_horizontes",
    )
    state, _ = act(state, 0, Activate(state.scenario or 0))
    state, _ = act(state, 0, Choose(state.choice.options[0] if state.choice else ""))
    assert zone_id(state, 0, "hand", "cidade_fantasma") in state.players[0].hand


def test_cidade_fantasma_turns_the_search_into_a_draw_and_heimdall_stays_quiet() -> None:
    # 5.5: the replaced procedure does not happen, so nothing triggers from it.
    state = build(
        Side(
            deck=["protecao", "hela_v1"],
            resources=["planos_de_infiltracao"],
            scene=[Placed("capuz_v2", FILL), Placed("umar_v1", FILL)],
        ),
        Side(scene=[Placed("heimdall_v1", FILL)]),
        phase=Phase.ANTICIPATION,
        active=1,
        scenario="cidade_fantasma",
    )
    umar = sid(state, "umar_v1")
    planos = zone_id(state, 0, "resources", "planos_de_infiltracao")
    state, _ = act(state, 0, UseAction(sid(state, "capuz_v2"), "Poderes Obscuros"))
    state, events = act(state, 0, Choose(f"{planos}>{umar}"))
    assert "battlescenes.event.search_replaced" in keys(events)
    assert "battlescenes.event.searched" not in keys(events)
    assert state.tree == () and state.choice is None
    assert len(state.players[0].hand) == 1


def test_gerador_pem_removes_texts_while_it_stays_in_the_scene() -> None:
    # 5.8: the named card loses its permanent texts (and what they give: Proteção's shield,
    # Pelotão) while the Gerador is in the scene.
    from engines.battlescenes.actions import PlayCard
    from engines.battlescenes.table import zones

    state = build(
        Side(hand=["gerador_pem"], resources=["excentricidade"] * 3),
        Side(scene=[Placed("medusa_v2", ["protecao", "excentricidade"])]),
        phase=Phase.PREPARATION,
    )
    medusa = sid(state, "medusa_v2")
    assert shields.shield(state, zones.in_scene(state, medusa)) == 4  # 0 + 2 loaded + Proteção 2
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "gerador_pem")))
    assert state.choice is not None and str(medusa) in state.choice.options
    state, events = act(state, 0, Choose(str(medusa)))
    assert "battlescenes.event.texts_lost" in keys(events)
    assert shields.shield(state, zones.in_scene(state, medusa)) == 0
    gerador = sid(state, "gerador_pem")
    state = zones.unload(state, gerador, zones.in_scene(state, gerador).loaded)
    state, _ = leaving.knock_outs(state)  # destroyed: the effect stops (5.7 A.2.2)
    assert shields.shield(state, zones.in_scene(state, medusa)) == 4


def test_liderar_as_an_activated_text_capacitates_a_matching_character() -> None:
    # 7.2 Liderar (1) – Inumanos, written in the effect language as an activated text.
    from engines.battlescenes.content.schema import Step, Text
    from engines.battlescenes.table import zones
    from engines.core.model import replace

    lead = Text(
        text="Liderar 1 – Inumanos",
        activated=True,
        once_per_turn=True,
        steps=(
            Step(
                op="capacitate", amount=1, to="chosen_own_character", filter_affiliation="Inumanos"
            ),
        ),
    )
    state = build(
        Side(
            scene=[
                Placed("odin_v1", FILL),
                Placed("triton_v1", FILL[:4], stage=0),
                Placed("umar_v1", FILL, stage=0),
            ]
        ),
        Side(),
        phase=Phase.PREPARATION,
    )
    state = replace(
        state, defs={**state.defs, "odin_v1": replace(state.defs["odin_v1"], texts=(lead,))}
    )
    triton = sid(state, "triton_v1")
    state, _ = act(state, 0, Activate(sid(state, "odin_v1")))
    assert state.choice is not None and state.choice.options == (str(triton),)
    state, _ = act(state, 0, Choose(str(triton)))
    assert zones.in_scene(state, triton).stage == 1


def test_planos_frustrados_prevails_over_raio_negro_v2s_search() -> None:
    # 8.B: "O controlador de Raio Negro V2 não poderá procurar cards de personagens com a
    # afiliação Inumanos no deck se o efeito do cenário Planos Frustrados estiver
    # funcionando." Nothing is searched, taken or shuffled; Heimdall's "searches" trigger
    # stays quiet.
    state = build(
        Side(deck=["protecao", "karnak_v1", "umar_v1"], scene=[Placed("raio_negro_v2", FILL)]),
        Side(scene=[Placed("heimdall_v1", FILL)]),
        phase=Phase.PREPARATION,
        scenario="planos_frustrados_v1",
    )
    deck = state.players[0].deck
    state, events = act(state, 0, Activate(sid(state, "raio_negro_v2")))
    assert "battlescenes.event.search_forbidden" in keys(events)
    assert "battlescenes.event.searched" not in keys(events)
    assert state.players[0].deck == deck and state.tree == () and state.choice is None
