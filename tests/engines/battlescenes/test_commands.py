"""Slash commands map onto actions; autocomplete offers only legal choices; manual texts."""

from __future__ import annotations

import dataclasses

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import Choose, UseAction
from engines.battlescenes.rules.state import Phase
from engines.battlescenes.table import zones
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid, zone_id


def test_every_command_builds_a_known_action_with_matching_fields() -> None:
    kinds = {t.kind: t for t in ENGINE.action_types}
    for spec in ENGINE.commands():
        assert spec.action in kinds
        fields = {f.name for f in dataclasses.fields(kinds[spec.action])}
        assert {o.name for o in spec.options} <= fields


def test_autocomplete_offers_hand_cards_and_usable_actions_only() -> None:
    state = build(
        Side(
            hand=["umar_v1"],
            scene=[
                Placed("triton_v1", ["protecao"] * 4),
                Placed("umar_v1", ["protecao"] * 4, entered=3),
            ],
        ),
        Side(scene=[Placed("abutre_v1", ["protecao"] * 4)]),
        phase=Phase.ATTACK,
    )
    cards = ENGINE.autocomplete(state, 0, "play", "card", "", {})
    assert [c.value for c in cards] == [zone_id(state, 0, "hand", "umar_v1")]
    actions = ENGINE.autocomplete(state, 0, "use", "action", "", {})
    # Umar entered this turn (no Prontidão): only Triton's action is offered.
    assert [c.value for c in actions] == ["Golpe Aquático"]
    assert ENGINE.autocomplete(state, 1, "use", "action", "", {}) == []


def test_manual_action_stops_for_the_player_and_is_logged() -> None:
    state = build(
        Side(scene=[Placed("hulk_v3", ["protecao"] * 8)]),
        Side(scene=[Placed("abutre_v1", ["protecao"] * 4)]),
        phase=Phase.ATTACK,
    )
    hulk, abutre = sid(state, "hulk_v3"), sid(state, "abutre_v1")
    state, events = act(state, 0, UseAction(hulk, "Esmagar", str(abutre)))
    assert "battlescenes.event.manual" in keys(events)
    decision = ENGINE.pending(state)[0]
    # the player applies the text by hand (``manual``, test_manual.py), then confirms
    assert decision.kinds == ("choose", "manual") and decision.default is None
    state, events = act(state, 0, Choose("done"))
    assert "battlescenes.event.manual_done" in keys(events)
    assert state.tree == () and state.log_manual


def test_every_action_kind_has_a_slash_command() -> None:
    # Every decision a player owes must be answerable by typing (menus are extra).
    assert {t.kind for t in ENGINE.action_types} == {spec.action for spec in ENGINE.commands()}


def test_resources_command_autocompletes_a_growing_list_of_hand_cards() -> None:
    from engines.battlescenes.actions import ChooseFirst, InitialResources, KeepHand
    from engines.core import RiggedDice, Seat
    from tests.engines.battlescenes.helpers import pack

    state = ENGINE.new_match({}, [Seat(0, "Ana"), Seat(1, "Bruno")], pack(), RiggedDice([True]))
    state, _ = act(state, 0, ChooseFirst(1))
    state, _ = act(state, 0, KeepHand())
    state, _ = act(state, 1, KeepHand())
    hand = state.players[0].hand
    spec = next(s for s in ENGINE.commands() if s.name == "resources")
    assert spec.action == "initial_resources" and [o.name for o in spec.options] == ["cards"]
    first = ENGINE.autocomplete(state, 0, "resources", "cards", "", {})
    assert [c.value for c in first] == [str(c) for c in hand]
    grown = ENGINE.autocomplete(state, 0, "resources", "cards", f"{hand[2]}, ", {})
    assert len(grown) == 9 and grown[0].value == f"{hand[2]}, {hand[0]}"
    assert all(str(c.value).startswith(f"{hand[2]}, ") for c in grown)
    # The second player cannot see the first one's hand through autocomplete.
    assert ENGINE.autocomplete(state, 1, "resources", "cards", "", {})[0].value != str(hand[0])
    state, _ = act(state, 0, InitialResources(str(grown[0].value)))
    assert state.players[0].resources == (hand[2], hand[0])


def test_adjust_command_offers_what_is_owed() -> None:
    from engines.battlescenes.actions import Adjust, Pass

    state = build(
        Side(hand=["protecao"] * 2, scene=[Placed("umar_v1", ["excentricidade"] * 6)]),
        Side(scene=[Placed("abutre_v1", ["protecao"] * 4)]),
        phase=Phase.PREPARATION,
    )
    state, _ = act(state, 0, Pass())
    umar = sid(state, "umar_v1")
    loaded = state.scene[0].loaded if state.scene[0].card == umar else state.scene[1].loaded
    offered = ENGINE.autocomplete(state, 0, "adjust", "cards", "", {})
    assert [c.value for c in offered] == [str(c) for c in loaded]  # the hand is within seven
    # One card is owed: the first pick completes the list.
    done = ENGINE.autocomplete(state, 0, "adjust", "cards", f"{loaded[0]} ", {})
    assert [c.value for c in done] == [str(loaded[0])]
    state, _ = act(state, 0, Adjust(str(loaded[0])))
    assert loaded[0] in state.players[0].resources


#: Fields only the menus fill: ``use``'s ``step`` (which field a menu answered, use_menus.py);
#: the command gives every field at once, so it never needs it.
MENU_ONLY = {"use": {"step"}}


def test_every_field_of_an_action_can_be_typed() -> None:
    # e.g. which card the Adjustment discards, which card Item Mágico unloads.
    kinds = {t.kind: t for t in ENGINE.action_types}
    for spec in ENGINE.commands():
        fields = {f.name for f in dataclasses.fields(kinds[spec.action])}
        assert {o.name for o in spec.options} == fields - MENU_ONLY.get(spec.name, set()), spec.name


def test_keyword_unload_offers_the_chosen_characters_cards() -> None:
    state = build(
        Side(resources=["protecao"], scene=[Placed("umar_v1", ["excentricidade", "protecao"])]),
        Side(scene=[Placed("abutre_v1", ["protecao"] * 4)]),
        phase=Phase.PREPARATION,
    )
    umar = sid(state, "umar_v1")
    loaded = zones.in_scene(state, umar).loaded
    values = {"keyword": "item_magico", "character": umar}
    offered = ENGINE.autocomplete(state, 0, "keyword", "unload", "", values)
    assert [c.value for c in offered] == list(loaded)
    assert ENGINE.autocomplete(state, 0, "keyword", "unload", "", {}) == []
