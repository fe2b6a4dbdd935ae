"""5.5 replacement effects on draws and discards: the draw or discard does not happen (an
empty deck no longer loses, 4.9.2) and the new procedure happens instead."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import Adjust, Discard, Pass
from engines.battlescenes.content.loader import load_text
from engines.battlescenes.content.schema import Text
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import drawing
from engines.core import ContentError
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys

FILL = ["excentricidade"] * 4


def with_text(state: State, key: str, text: Text) -> State:
    return replace(state, defs={**state.defs, key: replace(state.defs[key], texts=(text,))})


def table(deck: list[str] | None = None, phase: Phase = Phase.ATTACK) -> State:
    return build(
        Side(
            hand=["protecao", "umar_v1"],
            deck=["excentricidade"] * 5 if deck is None else deck,
            scene=[Placed("triton_v1", FILL), Placed("gerador_pem", FILL)],
        ),
        Side(scene=[Placed("abutre_v1", FILL)]),
        phase=phase,
    )


def test_a_draw_replaced_by_putting_the_top_cards_into_the_resources() -> None:
    # Stand-in: a draw would instead put that many cards from the top of the deck into the
    # resources.
    state = with_text(table(), "gerador_pem", Text(text="…", replace_draw="resources"))
    top = state.players[0].deck[:2]
    hand = state.players[0].hand
    state, events = drawing.draw(state, 0, 2)
    assert state.players[0].hand == hand and state.players[0].resources[-2:] == top
    assert keys(tuple(events)) == ["battlescenes.event.replaced_draw_resources"]
    state, events = drawing.draw(state, 1, 1)  # the opponent's draws are not replaced ("self")
    assert len(state.players[1].hand) == 1 and "battlescenes.event.drew" in keys(tuple(events))


def test_an_opponents_replacement_and_an_empty_deck_that_no_longer_loses() -> None:
    text = Text(text="…", replace_draw="nothing", replace_player="opponent")
    state = with_text(table(deck=[]), "abutre_v1", text)  # Bruno's text, Ana's draws
    state, events = drawing.draw(state, 0, 1)
    assert state.phase is not Phase.OVER and state.winner is None  # 4.9.2 not owed
    assert keys(tuple(events)) == ["battlescenes.event.replaced_draw_nothing"]
    state, _ = drawing.draw(state, 1, 1)  # Bruno's own draws are not replaced
    assert len(state.players[1].hand) == 1


def test_a_discard_replaced_by_the_bottom_of_the_deck() -> None:
    text = Text(text="…", replace_discard="deck_bottom", replace_player="all")
    state = with_text(table(phase=Phase.PREPARATION), "abutre_v1", text)
    card = state.players[0].hand[0]
    resources = state.players[0].resources
    state, events = act(state, 0, Discard(card))
    assert state.players[0].deck[-1] == card and state.players[0].resources == resources
    assert "battlescenes.event.replaced_discard_deck_bottom" in keys(events)


def test_a_card_that_lost_its_texts_replaces_nothing() -> None:
    from engines.battlescenes.rules.state import Continuous

    state = with_text(table(), "gerador_pem", Text(text="…", replace_draw="nothing"))
    gerador = next(s.card for s in state.scene if state.cards[s.card].key == "gerador_pem")
    triton = next(s.card for s in state.scene if state.cards[s.card].key == "triton_v1")
    state = replace(state, continuous=(Continuous(triton, gerador, "lose_texts"),))
    state, _ = drawing.draw(state, 0, 1)
    assert len(state.players[0].hand) == 3


CARD = """cards:
  - key: x
    type: support
    name: X
    energy: 1
    shield: 1
    source: test
    verified: false
    texts:
      - {text: t, %s}
"""


def test_content_draw_and_discard_replacements_are_validated() -> None:
    assert load_text(CARD % "replace_draw: resources, replace_player: all", "m.yaml")
    assert load_text(CARD % "replace_discard: deck_bottom", "m.yaml")
    for bad, field in (
        ("replace_draw: hand", "replace_draw"),
        ("replace_discard: prizes", "replace_discard"),
        ("replace_draw: nothing, replace_player: both", "replace_player"),
    ):
        with pytest.raises(ContentError) as err:
            load_text(CARD % bad, "m.yaml")
        assert field in str(err.value)


def test_the_hand_adjustment_discard_is_replaced_too() -> None:
    state = build(
        Side(hand=["protecao"] * 8, scene=[Placed("umar_v1", ["protecao"] * 5)]),
        Side(scene=[Placed("medusa_v2", ["protecao"] * 5)]),
        phase=Phase.PREPARATION,
    )
    state = with_text(state, "umar_v1", Text(text="…", replace_discard="deck_bottom"))
    last = state.players[0].hand[-1]
    state, _ = act(state, 0, Pass())
    state, events = act(state, 0, Adjust(""))
    assert len(state.players[0].hand) == 7 and state.players[0].deck[-1] == last
    assert last not in state.players[0].resources
    assert "battlescenes.event.replaced_discard_deck_bottom" in keys(events)
