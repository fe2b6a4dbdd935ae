"""5.5 replacement effects on a knock-out: the character goes elsewhere instead; the
knock-out does not happen, so nothing it would trigger happens (no prize points)."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import UseAction
from engines.battlescenes.content.loader import load_text
from engines.battlescenes.content.schema import Text
from engines.battlescenes.rules.state import State
from engines.battlescenes.table import leaving, zones
from engines.core import ContentError
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid


def with_text(state: State, key: str, text: Text) -> State:
    return replace(state, defs={**state.defs, key: replace(state.defs[key], texts=(text,))})


def table() -> State:
    return build(
        Side(
            scene=[
                Placed("abutre_v1", ["excentricidade"]),
                Placed("gerador_pem", ["excentricidade"]),
            ]
        ),
        Side(scene=[Placed("triton_v1", ["excentricidade"])]),
    )


def empty(state: State, *cards: int) -> State:
    for card in cards:
        state = zones.unload(state, card, zones.in_scene(state, card).loaded)
    return state


def test_a_knock_out_replaced_by_the_characters_own_text() -> None:
    # "Se este personagem fosse nocauteado, ao invés disso coloque-o na mão do dono."
    text = Text(text="…", replace_knock_out="hand")
    state = with_text(table(), "abutre_v1", text)
    abutre = sid(state, "abutre_v1")
    state, events = leaving.knock_outs(empty(state, abutre))
    assert abutre in state.players[0].hand and abutre not in state.players[0].prizes
    assert zones.prize_points(state, 1) == 0
    assert "battlescenes.event.replaced_ko_hand" in keys(tuple(events))
    assert "battlescenes.event.knocked_out" not in keys(tuple(events))


def test_a_support_protecting_its_controllers_characters_only() -> None:
    text = Text(text="…", replace_knock_out="resources", replace_for="own_characters")
    state = with_text(table(), "gerador_pem", text)
    abutre, triton = sid(state, "abutre_v1"), sid(state, "triton_v1")
    state, events = leaving.knock_outs(empty(state, abutre, triton))
    assert abutre in state.players[0].resources  # replaced
    assert triton in state.players[1].prizes  # the opponent's: knocked out
    assert zones.prize_points(state, 0) > 0 and zones.prize_points(state, 1) == 0
    assert keys(tuple(events)).count("battlescenes.event.knocked_out") == 1


def test_a_this_text_does_not_protect_others() -> None:
    text = Text(text="…", replace_knock_out="deck_bottom")  # replace_for: this
    state = with_text(table(), "gerador_pem", text)
    abutre = sid(state, "abutre_v1")
    state, _ = leaving.knock_outs(empty(state, abutre))
    assert abutre in state.players[0].prizes


def test_the_deck_bottom_through_an_action() -> None:
    text = Text(text="…", replace_knock_out="deck_bottom")
    state = with_text(table(), "triton_v1", text)
    triton, abutre = sid(state, "triton_v1"), sid(state, "abutre_v1")
    # Abutre's action damages Tritão (one card loaded): the knock-out is replaced.
    action = zones.defn(state, abutre).actions[0].name
    state = replace(
        state, defs={**state.defs, "triton_v1": replace(state.defs["triton_v1"], shield=0)}
    )
    state, events = act(state, 0, UseAction(abutre, action, str(triton)))
    assert state.players[1].deck[-1] == triton
    assert "battlescenes.event.replaced_ko_deck_bottom" in keys(events)


CARD = """cards:
  - key: x
    type: support
    name: X
    energy: 1
    shield: 1
    source: test
    verified: false
    texts:
      - {text: t, replace_knock_out: %s, replace_for: own_characters}
"""


def test_content_knock_out_zones_are_validated() -> None:
    assert load_text(CARD % "hand", "m.yaml")
    with pytest.raises(ContentError) as err:
        load_text(CARD % "exile", "m.yaml")
    assert "replace_knock_out" in str(err.value)
