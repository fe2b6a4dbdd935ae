"""Menus of the Preparation phase (6.2 C): ``play`` (C.3, private: the hand cards that can
enter now), ``capacitate`` in two steps (C.1/C.2: the character in a public menu, then the
discard in a private one), ``yield`` (C.5, public). Each builds the action the slash
command would, and the engine accepts it."""

from __future__ import annotations

import pytest

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import Capacitate, Discard
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from engines.core import IllegalActionError, Selection
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid, zone_id
from tests.engines.battlescenes.test_menus import menu, pick

FILL = ["excentricidade"] * 6


def values(selection: Selection) -> list[str | int]:
    return [o.value for o in selection.options]


def table(resources: int = 4, stage: int = 1) -> State:
    return build(
        Side(
            scene=[
                Placed("umar_v1", FILL[:5], stage=stage),
                Placed("triton_v1", FILL[:4], stage=2),
                Placed("karnak_v1", FILL[:5], entered=3),  # entered this turn
            ],
            hand=["medusa_v2", "umar_v1", "hulk_v3", "camara_neutralizadora", "protecao"],
            resources=FILL[:resources],
        ),
        Side(scene=[Placed("medusa_v2", FILL[:5])]),
        phase=Phase.PREPARATION,
    )


def test_play_offers_the_hand_cards_that_can_enter_now() -> None:
    state = table()
    play = menu(state, "play")
    camara = zone_id(state, 0, "hand", "camara_neutralizadora")
    # Medusa (5 energy) needs 5 resources: not with 4; Umar: Ana controls an Umar (A.4);
    # Hulk V3 needs 8; an ability never enters alone; the Câmara (3) can.
    assert not play.public and values(play) == [camara]
    oldest = state.players[0].resources[0]
    state = pick(state, 0, play, camara)
    assert zones.find(state, camara) is not None
    assert state.players[0].resources == (oldest,)  # the 3 newest were loaded


def test_play_loads_the_newest_resources() -> None:
    state = table(resources=5)
    newest = state.players[0].resources[-3:]
    camara = zone_id(state, 0, "hand", "camara_neutralizadora")
    medusa = zone_id(state, 0, "hand", "medusa_v2")
    assert set(values(menu(state, "play"))) == {camara, medusa}
    state = pick(state, 0, menu(state, "play"), camara)
    assert set(zones.in_scene(state, camara).loaded) == set(newest)


def test_capacitate_is_two_menus_character_then_discard() -> None:
    state = table()
    umar, karnak = sid(state, "umar_v1"), sid(state, "karnak_v1")
    first = menu(state, "capacitate")
    # Triton is at stage 2 (4.5.1): not offered. The menu shows nothing hidden: public.
    assert first.public and values(first) == [umar, karnak]
    state = pick(state, 0, first, umar)
    assert state.capacitating == umar and zones.in_scene(state, umar).stage == 1
    decision = ENGINE.pending(state)[0]
    assert decision.prompt.key == "battlescenes.prompt.capacitating"
    second = [s for s in decision.selections if s.field_name == "discard"]
    assert len(second) == 1 and not second[0].public  # the hand: private
    assert values(second[0]) == list(state.players[0].hand)
    protecao = zone_id(state, 0, "hand", "protecao")
    state = pick(state, 0, second[0], protecao)
    assert zones.in_scene(state, umar).stage == 2 and protecao in state.players[0].resources
    assert state.capacitating == -1


def test_after_the_basic_capacitation_only_same_alter_ego_discards() -> None:
    # C.2: Umar (stage 0) already had its basic capacitation; its second needs a card with
    # its alter ego (the Umar V1 in the hand). Karnak's basic one is still to come.
    state = table(stage=0)
    umar = sid(state, "umar_v1")
    state, _ = act(state, 0, Capacitate(umar, zone_id(state, 0, "hand", "protecao")))
    first = menu(state, "capacitate")
    assert values(first) == [umar, sid(state, "karnak_v1")]
    # Umar is listed only because an Umar is in the hand: the menu would tell; private.
    assert not first.public
    state = pick(state, 0, first, umar)
    second = [s for s in ENGINE.pending(state)[0].selections if s.field_name == "discard"]
    assert values(second[0]) == [zone_id(state, 0, "hand", "umar_v1")]


def test_another_action_drops_the_chosen_character() -> None:
    state = table()
    state = pick(state, 0, menu(state, "capacitate"), sid(state, "umar_v1"))
    state, _ = act(state, 0, Discard(zone_id(state, 0, "hand", "protecao")))
    assert state.capacitating == -1
    assert not [s for s in ENGINE.pending(state)[0].selections if s.field_name == "discard"]


def test_a_character_that_cannot_be_capacitated_is_refused() -> None:
    state = table()
    with pytest.raises(IllegalActionError) as refused:  # Triton is at stage 2 (4.5.1)
        act(state, 0, Capacitate(sid(state, "triton_v1")))
    assert refused.value.key == "battlescenes.error.cannot_capacitate"


def test_yield_offers_characters_controlled_since_the_start_of_the_turn() -> None:
    state = table()
    umar, triton = sid(state, "umar_v1"), sid(state, "triton_v1")
    yielding = menu(state, "yield")
    assert yielding.public and values(yielding) == [umar, triton]  # not Karnak (new)
    hand = len(state.players[0].hand)
    state = pick(state, 0, yielding, triton)
    assert zones.find(state, triton) is None and len(state.players[0].hand) == hand + 1
    assert triton in state.players[1].prizes or triton in state.players[0].prizes


def test_the_events_of_a_capacitation_from_the_menu() -> None:
    state = table()
    _, events = act(state, 0, Capacitate(sid(state, "umar_v1")))
    assert keys(events) == ["battlescenes.event.capacitating"]
