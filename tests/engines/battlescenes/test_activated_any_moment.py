"""A text that names no moment (5.1: whenever the Effect Tree is empty, in either player's
turn), played with the printed Mística V2: from her owner's hand she takes the place of a
character of theirs that has carried exactly three cards since the start of the turn, with
those cards, and enters ready."""

from __future__ import annotations

import json

import pytest

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import Activate, Choose
from engines.battlescenes.content.wording import describe_text, told
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from engines.core import IllegalActionError, NotYourTurnError
from engines.core.model import replace
from engines.core.serde import to_json
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid, starter, zone_id

CARRIED = ["super_soco_v1", "circundar_v1", "rapina_v1"]
FILL = ["excentricidade"] * 6


def _table(phase: Phase, active: int, carried: int = 3, hand: str = "mistica_v2") -> State:
    """Seat 0 holds Mística and controls Aleta carrying ``carried`` cards since before this
    turn; seat 1 has a character; it is ``active``'s turn, at ``phase``."""
    return build(
        Side(hand=[hand], resources=FILL[:2], scene=[Placed("aleta_v1", CARRIED[:carried])]),
        Side(scene=[Placed("rapina_v1", FILL[:3])]),
        phase=phase,
        active=active,
        content=starter(),
    )


def _activations(state: State, seat: int) -> list[str | int]:
    """The cards ``seat`` is offered to activate now, in its menus (all its decisions)."""
    return [
        option.value
        for decision in ENGINE.pending(state)
        if decision.seat == seat
        for selection in decision.selections
        if selection.kind == "activate"
        for option in selection.options
    ]


def _swap(state: State) -> State:
    mistica = zone_id(state, 0, "hand", "mistica_v2")
    state, _ = act(state, 0, Activate(mistica, -1))
    assert state.choice is not None and state.choice.seat == 0
    state, _ = act(state, 0, Choose(str(sid(state, "aleta_v1"))))
    return state


@pytest.mark.parametrize(
    ("phase", "active"),
    [(Phase.ATTACK, 1), (Phase.PREPARATION, 1), (Phase.PREPARATION, 0), (Phase.ATTACK, 0)],
)
def test_mistica_takes_the_place_of_a_character_in_either_players_turn(
    phase: Phase, active: int
) -> None:
    state = _table(phase, active)
    mistica = zone_id(state, 0, "hand", "mistica_v2")
    aleta = sid(state, "aleta_v1")
    carried = set(zones.in_scene(state, aleta).loaded)
    assert _activations(state, 0) == [mistica]
    state = _swap(state)
    assert aleta in state.players[0].hand and zones.find(state, aleta) is None
    item = zones.in_scene(state, mistica)
    assert item.controller == 0 and set(item.loaded) == carried and item.ready
    assert len(state.players[0].resources) == 2  # the cards went onto her
    assert state.active == active and state.phase is phase  # the turn goes on where it was


def test_in_the_opponents_turn_nobody_waits_for_her() -> None:
    state = _table(Phase.ATTACK, 1)
    owed = [d for d in ENGINE.pending(state) if not d.optional]
    assert [d.seat for d in owed] == [1]
    mine = [d for d in ENGINE.pending(state) if d.seat == 0]
    assert mine and all(d.optional for d in mine)


def test_she_is_not_offered_for_a_character_carrying_two_cards() -> None:
    state = _table(Phase.ATTACK, 1, carried=2)
    assert _activations(state, 0) == []
    mistica = zone_id(state, 0, "hand", "mistica_v2")
    with pytest.raises(NotYourTurnError):  # nothing to decide for seat 0 now
        act(state, 0, Activate(mistica, -1))
    state = _table(Phase.ATTACK, 0, carried=2)
    with pytest.raises(IllegalActionError) as refused:
        act(state, 0, Activate(mistica, -1))
    assert refused.value.key == "battlescenes.error.activated_condition"


def test_a_card_loaded_this_turn_breaks_her_condition() -> None:
    state = _table(Phase.ATTACK, 1, carried=2)
    aleta = sid(state, "aleta_v1")
    extra = state.players[0].resources[0]
    player = state.players[0]
    state = zones.set_player(state, 0, replace(player, resources=player.resources[1:]))
    item = zones.in_scene(state, aleta)
    state = zones.set_in_scene(state, replace(item, loaded=(*item.loaded, extra)))
    assert len(zones.in_scene(state, aleta).loaded) == 3
    assert zones.in_scene(state, aleta).loaded_changed_turn == state.turn
    assert _activations(state, 0) == []


def test_not_while_a_choice_is_open() -> None:
    """5.1: never in the middle of another effect: her own choice is open meanwhile."""
    state = _table(Phase.ATTACK, 1)
    mistica = zone_id(state, 0, "hand", "mistica_v2")
    state, _ = act(state, 0, Activate(mistica, -1))
    assert state.choice is not None
    assert _activations(state, 0) == []
    with pytest.raises(NotYourTurnError) as refused:  # the open choice is what is owed
        act(state, 0, Activate(mistica, -1))
    assert refused.value.key == "core.error.not_now"


def test_the_public_sees_nothing_of_her_offer() -> None:
    """Her card is in a hand: the public view and its prompts say nothing of it."""
    offered = _table(Phase.ATTACK, 1)
    plain = _table(Phase.ATTACK, 1, hand="excentricidade")
    assert _activations(offered, 0) and not _activations(plain, 0)
    public = json.dumps(to_json(ENGINE.view(offered, None).data), ensure_ascii=False)
    assert "Mística" not in public and "activate_any" not in public
    for decision in ENGINE.pending(offered):
        for selection in decision.selections:
            if selection.kind == "activate" and selection.options:
                assert not selection.public


def test_her_text_is_told_in_every_language() -> None:
    card = starter().cards["mistica_v2"]
    catalog = ENGINE.catalog()
    said = told(catalog.translate, "en-US", describe_text(card.texts[0], card))
    assert "at any moment the effect tree is empty, in either player's turn" in said.lower()
    assert "if you control a character that has carried exactly 3 cards" in said
    dito = told(catalog.translate, "pt-BR", describe_text(card.texts[0], card))
    assert "a qualquer momento em que a árvore de efeitos esteja vazia" in dito.lower()
    detto = told(catalog.translate, "it", describe_text(card.texts[0], card))
    assert "Albero degli Effetti" in detto
