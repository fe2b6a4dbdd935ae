"""7.1 Clarividência N in full (set the top N cards of the deck aside, look at them, reveal
any number, then put them back on top in any order) with the rulebook's two such actions:
Investigação Mística (Singularidade, Clarividência 2, may draw a card after the action) and
Enviar Para o Futuro V1 (5.7 B: Clarividência 2, then a card of the hand onto the top of the
deck, then may draw a card after the action)."""

from __future__ import annotations

from engines.battlescenes.actions import Choose, UseAction
from engines.battlescenes.rules.state import State
from engines.core import Event
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid


def table(ability: str, hand: list[str] | None = None) -> State:
    """Ana's Umar V1 (magia) carries the ability card; her deck: Proteção, Rir do Perigo,
    Excentricidade (top first)."""
    return build(
        Side(
            deck=["protecao", "rir_do_perigo", "excentricidade"],
            hand=hand or [],
            scene=[Placed("umar_v1", [ability, "protecao", "protecao"], stage=2)],
        ),
        Side(scene=[Placed("triton_v1", ["protecao"] * 3)]),
    )


def revealed(events: tuple[Event, ...]) -> list[Event]:
    return [e for e in events if e.key == "battlescenes.event.revealed_set_aside"]


def test_investigacao_mistica_reveal_some_return_in_any_order_then_draw() -> None:
    state = table("investigacao_mistica")
    umar = sid(state, "umar_v1")
    protecao, rir, excentricidade = state.players[0].deck
    state, events = act(state, 0, UseAction(umar, "Investigação Mística"))
    # The two top cards are set aside; Ana may reveal any of them, then "done".
    assert state.players[0].set_aside == (protecao, rir)
    assert state.choice is not None
    assert state.choice.prompt == "battlescenes.choice.reveal_set_aside"
    assert state.choice.options == (str(protecao), str(rir), "done")
    state, events = act(state, 0, Choose(str(rir)))
    state, events = act(state, 0, Choose("done"))
    (event,) = revealed(events)
    assert event.params["cards"] == "Rir do Perigo" and event.params["count"] == 1
    # Back on top in the order Ana picks (the first picked on top): not the old order.
    assert state.choice is not None and state.choice.prompt == "battlescenes.choice.top_order"
    state, events = act(state, 0, Choose(str(rir)))
    assert state.players[0].deck == (rir, protecao, excentricidade)
    # She may draw a card after the action: she draws the card she put on top.
    assert state.choice is not None and state.choice.prompt == "battlescenes.choice.may"
    state, events = act(state, 0, Choose("yes"))
    assert state.players[0].hand == (rir,) and state.players[0].set_aside == ()
    assert state.choice is None and not state.tree


def test_revealing_nothing_names_nothing() -> None:
    state = table("investigacao_mistica")
    umar = sid(state, "umar_v1")
    state, _ = act(state, 0, UseAction(umar, "Investigação Mística"))
    state, events = act(state, 0, Choose("done"))
    assert revealed(events) == []


def test_enviar_para_o_futuro_puts_the_hand_card_under_the_returned_ones() -> None:
    state = table("enviar_para_o_futuro_v1", hand=["barreira_telecinetica"])
    umar = sid(state, "umar_v1")
    protecao, rir, excentricidade = state.players[0].deck
    (barreira,) = state.players[0].hand
    state, _ = act(state, 0, UseAction(umar, "Enviar Para o Futuro"))
    state, _ = act(state, 0, Choose("done"))  # reveal nothing
    assert state.choice is not None
    assert state.choice.prompt == "battlescenes.choice.hand_to_deck_top"
    assert state.choice.options == (str(barreira),)
    state, events = act(state, 0, Choose(str(barreira)))
    assert "battlescenes.event.hand_to_deck_top" in keys(events)
    assert state.players[0].deck[0] == barreira and state.players[0].hand == ()
    state, _ = act(state, 0, Choose(str(protecao)))  # Proteção on top, then Rir do Perigo
    assert state.players[0].deck == (protecao, rir, barreira, excentricidade)
    state, _ = act(state, 0, Choose("skip"))  # she does not draw
    assert state.players[0].hand == () and not state.tree
