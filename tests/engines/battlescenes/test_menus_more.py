"""Menus added in round 4: ``discard`` (6.2 C.4, private: the hand) and ``activate`` (5.1 in
the Preparation phase, 7.2 Potencializar in the Attack step; public: the cards are in the
scene). Each builds the action the slash command would, and the engine accepts it."""

from __future__ import annotations

import pytest

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import Activate, Capacitate, Choose, LoadOrder
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from engines.core import IllegalActionError
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid, zone_id
from tests.engines.battlescenes.test_menus import menu, pick

FILL = ["excentricidade"] * 5


def table(phase: Phase = Phase.PREPARATION) -> State:
    return build(
        Side(
            deck=["protecao", "karnak_v1", "umar_v1"],
            scene=[Placed("raio_negro_v2", FILL), Placed("umar_v1", FILL)],
            hand=["protecao", "medusa_v2"],
        ),
        Side(scene=[Placed("medusa_v2", FILL)]),
        phase=phase,
    )


def inumanos(phase: Phase = Phase.PREPARATION) -> State:
    """Raio Negro V2 alone: every character Inumano, so its search can be activated."""
    return build(
        Side(
            deck=["protecao", "karnak_v1", "umar_v1"],
            scene=[Placed("raio_negro_v2", FILL)],
            hand=["protecao"],
        ),
        Side(scene=[Placed("medusa_v2", FILL)]),
        phase=phase,
    )


def test_discard_offers_the_whole_hand_privately() -> None:
    state = table()
    discard = menu(state, "discard")
    assert not discard.public
    assert [o.value for o in discard.options] == list(state.players[0].hand)
    medusa = zone_id(state, 0, "hand", "medusa_v2")
    state = pick(state, 0, discard, medusa)
    assert medusa in state.players[0].resources and medusa not in state.players[0].hand


def test_activate_offers_the_texts_that_can_be_activated_now() -> None:
    state = inumanos()
    raio = sid(state, "raio_negro_v2")
    activate = menu(state, "activate")
    assert activate.public and [o.value for o in activate.options] == [raio]
    state = pick(state, 0, activate, raio)
    assert state.choice is not None  # the search asks which Inumano to take
    karnak = zone_id(state, 0, "deck", "karnak_v1")
    state, _ = act(state, 0, Choose(str(karnak)))
    # Once per turn: no longer offered (and no empty menu is shown).
    assert not [s for s in ENGINE.pending(state)[0].selections if s.kind == "activate"]


def test_activate_leaves_out_texts_whose_conditions_fail() -> None:
    # Raio Negro V2 needs every character to be Inumano; Umar is not one.
    state = table()
    assert not [s for s in ENGINE.pending(state)[0].selections if s.kind == "activate"]


def test_potencializar_is_offered_in_the_attack_step_only() -> None:
    state = inumanos(Phase.ATTACK)
    assert not [s for s in ENGINE.pending(state)[0].selections if s.kind == "activate"]
    defs = dict(state.defs)
    raio = defs["raio_negro_v2"]
    texts = (replace(raio.texts[0], activated_in="attack"), *raio.texts[1:])
    state = replace(state, defs={**defs, "raio_negro_v2": replace(raio, texts=texts)})
    activate = menu(state, "activate")
    card = sid(state, "raio_negro_v2")
    assert [o.value for o in activate.options] == [card]
    _, events = act(state, 0, ENGINE.parse_action(activate.action([card])))
    assert "battlescenes.event.activated" in keys(events)


def test_a_card_with_two_texts_available_is_left_to_the_command() -> None:
    state = inumanos()
    raio = state.defs["raio_negro_v2"]
    twice = replace(raio, texts=(raio.texts[0], raio.texts[0]))
    state = replace(state, defs={**state.defs, "raio_negro_v2": twice})
    assert not [s for s in ENGINE.pending(state)[0].selections if s.kind == "activate"]
    with pytest.raises(IllegalActionError) as refused:
        act(state, 0, Activate(sid(state, "raio_negro_v2"), -1))
    assert refused.value.key == "battlescenes.error.activated_which"
    _, events = act(state, 0, Activate(sid(state, "raio_negro_v2"), 1))  # the command's way
    assert "battlescenes.event.activated" in keys(events)


def test_the_capacitation_discard_comes_first_while_it_is_being_chosen() -> None:
    state = table()
    umar = sid(state, "umar_v1")
    state = pick(state, 0, menu(state, "capacitate"), umar)
    first = ENGINE.pending(state)[0].selections[0]
    assert (first.kind, first.field_name) == ("capacitate", "discard")
    # Another seat setting its loading order does not drop the chosen character.
    state, _ = act(state, 1, LoadOrder("oldest"))
    assert state.capacitating == umar
    protecao = zone_id(state, 0, "hand", "protecao")
    state, _ = act(state, 0, Capacitate(umar, protecao))
    assert zones.in_scene(state, umar).stage == 2
