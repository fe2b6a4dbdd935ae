"""Manual adjustments (``/battlescenes-manual apply``, manual.py): a printed text the effect
language cannot express is applied by hand while its choice is open (8.A), logged, hidden cards
staying hidden; refused otherwise; a referee may adjust at any time (``referee_apply``)."""

from __future__ import annotations

import pytest

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import Choose, Manual, UseAction
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import shields, zones
from engines.core import IllegalActionError, Message, RiggedDice
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid, zone_id


def _hulk_smashes() -> tuple[State, int, int]:
    """Ana's Hulk V3 uses Esmagar (a manual action) on Bruno's Triton V1."""
    state = build(
        Side(
            scene=[Placed("hulk_v3", ["excentricidade"] * 3)],
            hand=["protecao"],
            deck=["excentricidade", "protecao", "hulk_v3"],
        ),
        Side(scene=[Placed("triton_v1", ["protecao", "protecao"])], hand=["excentricidade"]),
    )
    hulk, triton = sid(state, "hulk_v3"), sid(state, "triton_v1")
    state, events = act(state, 0, UseAction(hulk, "Esmagar", str(triton)))
    assert "battlescenes.event.manual" in keys(events)
    return state, hulk, triton


def _public_text(event: object) -> str:
    public = event.for_seat(None)  # type: ignore[attr-defined]
    return f"{public.key} {public.params}"


def test_a_manual_action_is_resolved_by_hand_end_to_end() -> None:
    state, _hulk, triton = _hulk_smashes()
    # the choice is open and its player may adjust by hand or confirm
    assert state.choice is not None and state.choice.options == ("done",)
    owed = [d for d in ENGINE.pending(state) if not d.optional]
    assert owed[0].seat == 0 and owed[0].kinds == ("choose", "manual")
    # the printed text, by hand: final damage, then incapacitate Triton, then knock it out
    shield = shields.shield(state, zones.in_scene(state, triton))
    state, events = act(state, 0, Manual("damage", card=triton, count=shield + 2))
    assert keys(events)[:2] == ["battlescenes.event.manual_damage", "battlescenes.event.damage"]
    assert events[0].params["who"] == "Ana"
    assert "Esmagar" in events[0].params["reason"]  # default reason: the open text
    assert events[1].params["absorbed"] == shield  # the shield first (4.8.1)
    assert len(zones.in_scene(state, triton).loaded) == 0
    assert "battlescenes.event.manual_empty" in keys(events)  # 4.7 left to the player
    state, events = act(state, 0, Manual("incapacitate", card=triton, count=1, reason="Esmagar"))
    assert zones.in_scene(state, triton).stage == 0
    assert events[0].params["stage"] == 0 and events[0].params["reason"] == "Esmagar"
    state, _ = act(state, 0, Manual("move", card=triton, to="prizes", reason="knocked out"))
    assert triton in state.players[1].prizes and zones.find(state, triton) is None
    # still open until confirmed; then the turn goes on
    assert state.choice is not None and state.phase is Phase.ATTACK
    state, events = act(state, 0, Choose("done"))
    assert keys(events) == ["battlescenes.event.manual_done"]
    assert state.choice is None and state.phase is Phase.ATTACK
    # …and the window is closed again
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, Manual("draw", reason="one more"))
    assert err.value.key == "battlescenes.error.manual_closed" and err.value.rule == "8.A"


def test_hidden_cards_stay_hidden_in_public_events() -> None:
    state, _hulk, _triton = _hulk_smashes()
    card = zone_id(state, 0, "hand", "protecao")
    state, events = act(state, 0, Manual("move", card=card, to="deck_top", reason="text"))
    assert state.players[0].deck[0] == card and card not in state.players[0].hand
    move = events[0]
    assert "Proteção" in str(move.for_seat(0).params)  # the owner sees it
    assert move.for_seat(1).key == "battlescenes.event.manual_move.hidden"
    assert "Proteção" not in _public_text(move) and str(card) not in _public_text(move)
    # a draw: the drawer sees the cards, nobody else
    state, events = act(state, 0, Manual("draw", count=2, reason="text"))
    assert "Proteção" in str(events[0].params["cards"])
    assert events[0].for_seat(1).params == {
        "who": "Ana",
        "player": "Ana",
        "count": 2,
        "reason": "text",
    }
    # looking at the top of the opponent's deck: only the one who looks sees it
    state, events = act(state, 0, Manual("look", count=1, player=2, reason="text"))
    assert events[0].for_seat(0).key == "battlescenes.event.manual_look"
    assert events[0].for_seat(1).key == "battlescenes.event.manual_look.hidden"
    # the hand to the resources is public (the resources are face up)
    other = zone_id(state, 0, "hand", "excentricidade")
    state, events = act(state, 0, Manual("move", card=other, to="resources", reason="discard"))
    assert not events[0].redact and "Excentricidade" in _public_text(events[0])
    # a player reveals only their own hidden cards; the log shows the card to everyone
    bruno = zone_id(state, 1, "hand", "excentricidade")
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, Manual("reveal", card=bruno, reason="peek"))
    assert err.value.key == "battlescenes.error.manual_reveal"
    mine = state.players[0].hand[0]
    _, events = act(state, 0, Manual("reveal", card=mine, reason="text"))
    assert zones.title(state, mine) in _public_text(events[0])
    # no hidden card is highlighted in the public render
    assert ENGINE.view(state, None).data["last_cards"] == []


def test_refused_when_no_manual_text_is_open_or_it_is_not_yours() -> None:
    state = build(Side(scene=[Placed("hulk_v3", ["excentricidade"])]), Side())
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, Manual("draw", reason="I want cards"))
    assert err.value.key == "battlescenes.error.manual_closed"
    state, _hulk, triton = _hulk_smashes()
    with pytest.raises(IllegalActionError) as err:  # Bruno does not owe Ana's text
        act(state, 1, Manual("capacitate", card=triton, reason="mine"))
    assert err.value.key == "battlescenes.error.manual_closed"


def test_a_referee_adjusts_at_any_time_and_must_say_why() -> None:
    state = build(
        Side(scene=[Placed("hulk_v3", ["excentricidade"] * 2)], hand=["protecao"]),
        Side(scene=[Placed("triton_v1", ["protecao"])]),
        phase=Phase.PREPARATION,
    )
    hulk = sid(state, "hulk_v3")
    card = zone_id(state, 0, "hand", "protecao")
    with pytest.raises(IllegalActionError) as err:
        ENGINE.referee_apply(state, 0, Manual("move", card=card, onto=hulk), RiggedDice())
    assert err.value.key == "battlescenes.error.manual_reason"
    out = ENGINE.referee_apply(
        state, 0, Manual("move", card=card, onto=hulk, reason="missed load"), RiggedDice()
    )
    assert zones.in_scene(out.state, hulk).loaded[-1] == card
    assert out.events[0].key == "battlescenes.event.manual_load"
    assert out.events[0].params["who"] == Message("battlescenes.manual.referee", {"player": "Ana"})
    text = ENGINE.catalog().translate(
        out.events[0].key, "en-US", **{k: v for k, v in out.events[0].params.items()}
    )
    assert text.startswith("the referee (for Ana) manually loads Proteção")
    assert out.state.phase is Phase.PREPARATION and out.state.choice is None
    # through the stored-action path too (``/ref act`` parses JSON)
    parsed = ENGINE.parse_action(
        {"kind": "manual", "what": "capacitate", "card": hulk, "reason": "Liderar by hand"}
    )
    assert ENGINE.referee_apply(out.state, 1, parsed, RiggedDice()).state.scene[0].stage == 2


def test_moves_keep_ownership_and_a_leaving_base_unloads_first() -> None:
    state, hulk, triton = _hulk_smashes()
    theirs = zones.in_scene(state, triton).loaded[0]
    state, _ = act(state, 0, Manual("move", card=theirs, onto=hulk, reason="steal"))
    assert zones.in_scene(state, hulk).loaded[-1] == theirs and zones.owner(state, theirs) == 1
    # Triton back to its owner's hand (8.D): its card is unloaded to Bruno's resources
    state, events = act(state, 0, Manual("move", card=triton, to="hand", reason="bounce"))
    assert triton in state.players[1].hand
    assert len(state.players[1].resources) == 1
    assert "battlescenes.event.unloaded" in keys(events)
    assert events[0].redact is False  # it left the scene in public
    # the stolen card, unloaded, goes to Bruno's resources, not Ana's
    state, _ = act(state, 0, Manual("move", card=theirs, to="resources", reason="unload"))
    assert theirs in state.players[1].resources and theirs not in state.players[0].resources


def test_scene_stage_and_shield_adjustments_follow_the_rules() -> None:
    state, hulk, _triton = _hulk_smashes()
    ability = zone_id(state, 0, "hand", "protecao")
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, Manual("move", card=ability, to="scene", reason="x"))
    assert err.value.key == "battlescenes.error.manual_ability" and err.value.rule == "4.4.2"
    state, _ = act(state, 0, Manual("capacitate", card=hulk, count=5, reason="x"))
    assert zones.in_scene(state, hulk).stage == 2  # 4.5.1: never above 2
    before = shields.shield(state, zones.in_scene(state, hulk))
    state, events = act(state, 0, Manual("shield", card=hulk, count=2, reason="x"))
    assert shields.shield(state, zones.in_scene(state, hulk)) == before + 2
    assert events[0].params["amount"] == "+2"
    state, _ = act(state, 0, Manual("shield", card=hulk, count=-9, reason="x"))
    assert shields.shield(state, zones.in_scene(state, hulk)) == 0  # 4.8.6: not below 0
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, Manual("draw", count=0, reason="x"))
    assert err.value.key == "battlescenes.error.manual_count"


def test_a_manual_draw_from_an_empty_deck_loses_and_mill_is_public() -> None:
    state, _hulk, _triton = _hulk_smashes()
    state, events = act(state, 0, Manual("mill", count=2, reason="x"))
    assert len(state.players[0].resources) == 2 and not events[0].redact
    assert "Excentricidade" in _public_text(events[0])
    state, events = act(state, 0, Manual("draw", count=2, reason="x"))
    assert keys(events)[-1] == "battlescenes.event.deck_out"  # 4.9.2
    assert ENGINE.result(state) is not None and state.winner == 1


def test_autocomplete_offers_what_the_player_can_see() -> None:
    state, hulk, triton = _hulk_smashes()
    mine = ENGINE.autocomplete(state, 0, "apply", "card", "", {"what": "move"})
    values = {c.value for c in mine}
    assert zone_id(state, 0, "hand", "protecao") in values
    assert set(state.players[0].deck) <= values  # searching one's own deck
    assert zone_id(state, 1, "hand", "excentricidade") not in values  # Bruno's hand: hidden
    deck = [c for c in mine if c.value in state.players[0].deck]
    titles = [str(c.label.params["card"]) for c in deck]
    assert titles == sorted(titles)  # the deck's order stays secret
    onto = ENGINE.autocomplete(state, 0, "apply", "onto", "", {})
    assert {c.value for c in onto} == {hulk, triton}
    spec = next(s for s in ENGINE.commands() if s.name == "apply")
    assert [o.name for o in spec.options] == [
        "what",
        "card",
        "to",
        "onto",
        "count",
        "player",
        "reason",
    ]


def test_cards_put_into_the_scene_by_hand() -> None:
    state = build(
        Side(hand=["triton_v1", "novos_horizontes"], resources=["excentricidade"]),
        Side(),
        phase=Phase.PREPARATION,
        scenario="cidade_fantasma",
    )
    old = state.scenario
    triton = zone_id(state, 0, "hand", "triton_v1")
    out = ENGINE.referee_apply(
        state, 0, Manual("move", card=triton, to="scene", reason="Materializar"), RiggedDice()
    )
    item = zones.in_scene(out.state, triton)
    assert item.controller == 0 and item.stage == 1 and item.entered_turn == state.turn
    assert "battlescenes.event.manual_empty" in keys(out.events)  # nothing loaded yet
    energy = out.state.players[0].resources[0]
    out = ENGINE.referee_apply(
        out.state, 0, Manual("move", card=energy, onto=triton, reason="its energy"), RiggedDice()
    )
    assert zones.in_scene(out.state, triton).loaded == (energy,)
    # a scenario replaces the one in the scene, which goes to its owner's resources (4.4.1 C)
    new = zone_id(out.state, 0, "hand", "novos_horizontes")
    out = ENGINE.referee_apply(
        out.state, 0, Manual("move", card=new, to="scene", reason="x"), RiggedDice()
    )
    assert out.state.scenario == new and old in out.state.players[0].resources
