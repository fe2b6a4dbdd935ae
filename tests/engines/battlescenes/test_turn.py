"""The turn (6.2) and entering the scene (4.4)."""

from __future__ import annotations

import pytest

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import (
    Adjust,
    Capacitate,
    Discard,
    Pass,
    PlayCard,
    UseAction,
    Yield,
)
from engines.battlescenes.rules.state import Phase
from engines.battlescenes.table import shields, zones
from engines.core import IllegalActionError, NotYourTurnError
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid, zone_id

FILL = ["excentricidade"] * 6


def prep(a: Side, b: Side | None = None):  # type: ignore[no-untyped-def]
    return build(a, b or Side(), phase=Phase.PREPARATION)


def test_basic_capacitation_once_extra_with_same_alter_ego() -> None:
    state = prep(
        Side(
            hand=["excentricidade", "protecao", "umar_v1"], scene=[Placed("umar_v1", FILL, stage=0)]
        )
    )
    umar = sid(state, "umar_v1")
    card = zone_id(state, 0, "hand", "excentricidade")
    state, _ = act(state, 0, Capacitate(umar, card))
    assert zones.in_scene(state, umar).stage == 1
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, Capacitate(umar, zone_id(state, 0, "hand", "protecao")))
    assert err.value.rule == "6.2 C.1"
    # C.2: discarding a character with the same alter ego is an extra capacitation.
    state, events = act(state, 0, Capacitate(umar, zone_id(state, 0, "hand", "umar_v1")))
    assert zones.in_scene(state, umar).stage == 2
    assert events[0].rule == "6.2 C.2"
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, Capacitate(umar, zone_id(state, 0, "hand", "protecao")))
    assert err.value.rule == "4.5.1"


def test_putting_a_character_into_the_scene_loads_resources() -> None:
    state = prep(Side(hand=["umar_v1"], resources=["excentricidade"] * 6))
    card = zone_id(state, 0, "hand", "umar_v1")
    preferred = state.players[0].resources[0]
    state, events = act(state, 0, PlayCard(card, load=str(preferred)))
    item = zones.in_scene(state, card)
    assert len(item.loaded) == 5 and preferred in item.loaded and item.stage == 1
    assert len(state.players[0].resources) == 1
    assert "battlescenes.event.played" in keys(events)


def test_failed_requirement_leaves_everything_where_it_was() -> None:
    state = prep(Side(hand=["umar_v1"], resources=["excentricidade"] * 4))
    card = zone_id(state, 0, "hand", "umar_v1")
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, PlayCard(card))
    assert err.value.key == "battlescenes.error.not_enough_resources"
    assert err.value.rule == "4.4.2.1"


def test_same_alter_ego_is_refused_but_pelotao_allows_copies() -> None:
    state = prep(
        Side(
            hand=["umar_v1", "capanga_do_rei_v2"],
            resources=FILL * 2,
            scene=[Placed("umar_v1", FILL), Placed("capanga_do_rei_v2", FILL[:3])],
        )
    )
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, PlayCard(zone_id(state, 0, "hand", "umar_v1")))
    assert err.value.key == "battlescenes.error.same_identity"
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "capanga_do_rei_v2")))
    assert len([s for s in state.scene if state.cards[s.card].key == "capanga_do_rei_v2"]) == 2


def test_ev_character_evolves_and_draws_two() -> None:
    # 4.4.2.1 A.1a: Fantasma do Espaço V1 (+2) needs two cards in the resources; its entry
    # trigger ("compre dois cards") resolves after loading (4.4.2.2 A.5).
    state = prep(
        Side(
            deck=["protecao"] * 5,
            hand=["fantasma_do_espaco_v1"],
            resources=["excentricidade"] * 2,
            scene=[Placed("maximus_v1", FILL[:3])],
        )
    )
    maximus = sid(state, "maximus_v1")
    # The EV panel asks for a Skrull; Maximus is an Inumano.
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, PlayCard(zone_id(state, 0, "hand", "fantasma_do_espaco_v1"), evolve=maximus))
    assert err.value.key == "battlescenes.error.ev_requirement"
    skrull = replace(state.defs["maximus_v1"], affiliations=("Skrulls",))
    state = replace(state, defs={**state.defs, "maximus_v1": skrull})
    ev = zone_id(state, 0, "hand", "fantasma_do_espaco_v1")
    state, _events = act(state, 0, PlayCard(ev, evolve=maximus))
    item = zones.in_scene(state, ev)
    assert maximus in item.loaded and len(item.loaded) == 1 + 3 + 2
    assert zones.find(state, maximus) is None
    assert len(state.players[0].hand) == 2
    assert item.ready  # Prontidão for every action (4.4.2.2 A.5)


def test_one_scenario_per_turn_and_replacement() -> None:
    state = prep(Side(hand=["cidade_fantasma", "novos_horizontes"]), Side())
    state = replace(state, scenario=None)
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "cidade_fantasma")))
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, PlayCard(zone_id(state, 0, "hand", "novos_horizontes")))
    assert err.value.rule == "4.4.1"


def test_discard_yield_and_actions_need_a_turn_in_scene() -> None:
    state = prep(
        Side(
            hand=["protecao", "umar_v1"],
            resources=FILL,
            scene=[Placed("capanga_do_rei_v2", FILL[:3])],
        )
    )
    state, _ = act(state, 0, Discard(zone_id(state, 0, "hand", "protecao")))
    umar = zone_id(state, 0, "hand", "umar_v1")
    state, _ = act(state, 0, PlayCard(umar))
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, Yield(umar))
    assert err.value.rule == "6.2 C.5"
    capanga = sid(state, "capanga_do_rei_v2")
    hand = len(state.players[0].hand)
    state, _events = act(state, 0, Yield(capanga))
    assert capanga in state.players[0].prizes and len(state.players[0].hand) == hand + 1
    assert zones.prize_points(state, 1) == 3


def test_anticipation_is_the_opponents_decision_with_default_pass() -> None:
    state = build(
        Side(hand=["protecao"] * 9, scene=[Placed("umar_v1", FILL)]),
        Side(scene=[Placed("medusa_v2", FILL[:5])]),
        phase=Phase.PREPARATION,
    )
    state, _ = act(state, 0, Pass())
    # Adjustment: hand of nine down to seven, Umar carries six for an initial energy of 5.
    assert state.phase is Phase.ADJUSTMENT
    state, _events = act(state, 0, Adjust(""))
    assert len(state.players[0].hand) == 7
    assert len(zones.in_scene(state, sid(state, "umar_v1")).loaded) == 5
    assert state.phase is Phase.ANTICIPATION
    decision = ENGINE.pending(state)[0]
    assert decision.seat == 1 and decision.default == Pass() and decision.auto_default
    assert decision.preference == "battlescenes.pass_anticipation"
    with pytest.raises(NotYourTurnError):
        act(state, 0, Pass())
    state, _ = act(state, 1, Pass())
    assert state.phase is Phase.ATTACK and ENGINE.pending(state)[0].seat == 0


def test_one_action_per_turn_and_action_types() -> None:
    state = build(
        Side(scene=[Placed("triton_v1", FILL[:4]), Placed("hulk_v3", FILL)]),
        Side(scene=[Placed("abutre_v1", FILL[:4])]),
        phase=Phase.PREPARATION,
    )
    triton, abutre = sid(state, "triton_v1"), sid(state, "abutre_v1")
    with pytest.raises(IllegalActionError) as err:  # a normal action in Preparation (C.5.4)
        act(state, 0, UseAction(triton, "Golpe Aquático", str(abutre)))
    assert err.value.key == "battlescenes.error.wrong_step"
    state = replace(state, phase=Phase.ATTACK)
    state, _ = act(state, 0, UseAction(triton, "Golpe Aquático", str(abutre)))
    assert zones.in_scene(state, triton).stage == 0  # cost 1 paid
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, UseAction(triton, "Golpe Aquático", str(abutre)))
    assert err.value.key == "battlescenes.error.one_action"


def test_countdown_without_characters_counts_opposing_characters_and_prizes() -> None:
    state = build(
        Side(scene=[Placed("umar_v1", FILL)], prizes=["capuz_v2"]),
        Side(deck=["protecao"] * 20),
        phase=Phase.ATTACK,
    )
    state, _events = act(state, 0, Pass())
    # Bruno: 1 + 1 opposing character + 1 card in Ana's own prizes = 3 (6.2 A); then draws 1.
    assert state.active == 1 and len(state.players[1].resources) == 3
    assert len(state.players[1].hand) == 1
    assert state.phase is Phase.PREPARATION


def test_drawing_from_an_empty_deck_loses() -> None:
    state = build(Side(scene=[Placed("umar_v1", FILL)]), Side(deck=[]), phase=Phase.ATTACK)
    state, events = act(state, 0, Pass())
    assert "battlescenes.event.deck_out" in keys(events)
    assert ENGINE.result(state) is not None and state.winner == 0


def test_sussurro_aniquilador_adds_inumanos_in_the_opponents_prizes() -> None:
    # 5.7 A.1: 3+X penetrating damage, X being the number of Inumanos character cards in
    # the opponents' prizes.
    state = build(
        Side(scene=[Placed("raio_negro_v2", FILL, stage=2)]),
        Side(scene=[Placed("hulk_v3", ["protecao"] * 8)], prizes=["karnak_v1", "umar_v1"]),
    )
    hulk = sid(state, "hulk_v3")
    state, _ = act(
        state, 0, UseAction(sid(state, "raio_negro_v2"), "Sussurro Aniquilador", str(hulk))
    )
    assert len(zones.in_scene(state, hulk).loaded) == 8 - 4  # 3 + 1 Inumano (Karnak)


def test_garota_aranha_escapes_the_first_targeted_action_of_each_turn() -> None:
    # 4.6.2 F.2.2 with Garota-Aranha V1's text.
    state = build(
        Side(scene=[Placed("triton_v1", FILL[:4]), Placed("umar_v1", FILL)]),
        Side(scene=[Placed("garota_aranha_v1", FILL[:4]), Placed("abutre_v1", FILL[:4])]),
    )
    spider, abutre = sid(state, "garota_aranha_v1"), sid(state, "abutre_v1")
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, UseAction(sid(state, "triton_v1"), "Golpe Aquático", str(spider)))
    assert err.value.rule == "4.6.2 F.2.2"
    state, _ = act(state, 0, UseAction(sid(state, "triton_v1"), "Golpe Aquático", str(abutre)))
    state, _ = act(state, 0, UseAction(sid(state, "umar_v1"), "Chamas Sombrias", str(spider)))
    assert len(zones.in_scene(state, spider).loaded) == 3  # 2 damage, shield 1


def test_per_turn_counters_reset_at_the_end_of_the_turn() -> None:
    state = build(
        Side(scene=[Placed("triton_v1", FILL[:4])], deck=["protecao"] * 5),
        Side(scene=[Placed("abutre_v1", FILL[:4])], deck=["protecao"] * 5),
    )
    triton, abutre = sid(state, "triton_v1"), sid(state, "abutre_v1")
    state, _ = act(state, 0, UseAction(triton, "Golpe Aquático", str(abutre)))
    assert state.players[0].targeted_actions == 1
    state, _ = act(state, 0, Pass())
    assert state.players[0].targeted_actions == 0
    assert zones.in_scene(state, triton).actions_used == 0
    assert shields.shield(state, zones.in_scene(state, abutre)) == 0  # Abutre's printed shield
