"""5.5: when two different replacement effects would apply to one event, neither applies
at once; the active player chooses which (default: the first found) in a pending effect one
level deeper, and only that one happens."""

from __future__ import annotations

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import Choose, Pass, UseAction
from engines.battlescenes.content.schema import Text
from engines.battlescenes.effects import interpreter
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import drawing, leaving, zones
from engines.core import RiggedDice
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid

FILL = ["excentricidade"] * 5


def with_texts(state: State, key: str, *texts: Text) -> State:
    return replace(state, defs={**state.defs, key: replace(state.defs[key], texts=texts)})


def test_the_active_player_chooses_between_two_draw_replacements_in_the_draw_phase() -> None:
    # Ana's support: "se um oponente fosse comprar, ao invés disso não compra"; Bruno's own
    # character: "se você fosse comprar, coloque os cards do topo nos seus recursos".
    state = build(
        Side(scene=[Placed("gerador_pem", FILL)]),
        Side(deck=["protecao"] * 6, scene=[Placed("umar_v1", FILL)]),
    )
    nothing = Text(text="…", replace_draw="nothing", replace_player="opponent")
    state = with_texts(state, "gerador_pem", nothing)
    state = with_texts(state, "umar_v1", Text(text="…", replace_draw="resources"))
    top = state.players[1].deck[:2]
    state, events = act(state, 0, Pass())
    # Bruno's Draw phase: neither replacement happened yet; Bruno (active) is asked.
    assert state.phase is Phase.DRAW and state.active == 1
    assert state.choice is not None and state.choice.seat == 1
    assert state.choice.prompt == "battlescenes.choice.replacement"
    assert state.choice.options == ("nothing", "resources")  # scene order
    assert ENGINE.pending(state)[0].default == Choose("nothing")  # the first found
    assert state.players[1].hand == () and state.players[1].deck[:2] == top
    assert not any(k.startswith("battlescenes.event.replaced_draw") for k in keys(events))
    state, events = act(state, 1, Choose("resources"))
    assert state.players[1].resources[-2:] == top and state.players[1].hand == ()
    assert keys(events).count("battlescenes.event.replaced_draw_resources") == 1
    assert "battlescenes.event.replaced_draw_nothing" not in keys(events)
    assert state.phase is Phase.PREPARATION and not state.tree  # the turn goes on


def test_the_same_outcome_twice_is_no_choice() -> None:
    state = build(Side(scene=[Placed("gerador_pem", FILL)]), Side(scene=[Placed("umar_v1", FILL)]))
    text = Text(text="…", replace_draw="nothing", replace_player="all")
    state = with_texts(with_texts(state, "gerador_pem", text), "umar_v1", text)
    state, events = drawing.draw(state, 0, 1)
    assert not state.tree and keys(tuple(events)) == ["battlescenes.event.replaced_draw_nothing"]


def test_a_deferred_draw_sits_one_level_deeper_than_the_resolving_effect() -> None:
    state = build(Side(scene=[Placed("gerador_pem", FILL)]), Side(scene=[Placed("umar_v1", FILL)]))
    mine = Text(text="…", replace_draw="resources", replace_player="all")
    state = with_texts(state, "gerador_pem", mine)
    both = Text(text="…", replace_draw="nothing", replace_player="all")
    state = with_texts(state, "umar_v1", both)
    state, events = drawing.draw(state, 0, 1)
    assert events == [] and [p.level for p in state.tree] == [1]
    state, _ = drawing.draw(state, 1, 1)  # as if while the level-1 effect resolves
    assert [p.level for p in state.tree] == [1, 2]


def table() -> State:
    return build(
        Side(scene=[Placed("abutre_v1", ["excentricidade"]), Placed("gerador_pem", FILL)]),
        Side(scene=[Placed("triton_v1", ["excentricidade"])]),
    )


def test_two_knock_out_replacements_wait_for_the_active_players_choice() -> None:
    state = with_texts(table(), "abutre_v1", Text(text="…", replace_knock_out="hand"))
    guard = Text(text="…", replace_knock_out="resources", replace_for="own_characters")
    state = with_texts(state, "gerador_pem", guard)
    abutre = sid(state, "abutre_v1")
    state = zones.unload(state, abutre, zones.in_scene(state, abutre).loaded)
    state, events = leaving.knock_outs(state)
    # Out of the scene, held aside (nowhere else) until the choice; not knocked out.
    assert zones.find(state, abutre) is None or abutre in state.players[0].set_aside
    assert abutre not in state.players[0].prizes and abutre not in state.players[0].hand
    assert "battlescenes.event.knocked_out" not in keys(tuple(events))
    state, _ = interpreter.run(state, RiggedDice())
    assert state.choice is not None and state.choice.options == ("hand", "resources")
    state, events = interpreter.answer(state, "resources", RiggedDice())
    assert abutre in state.players[0].resources and abutre not in state.players[0].set_aside
    assert zones.prize_points(state, 1) == 0 and not state.tree
    assert keys(tuple(events)) == [
        "battlescenes.event.replacement_chosen",
        "battlescenes.event.replaced_ko_resources",
    ]


def test_the_active_player_chooses_for_the_opponents_character_hit_by_an_action() -> None:
    state = table()
    state = replace(
        state, defs={**state.defs, "triton_v1": replace(state.defs["triton_v1"], shield=0)}
    )
    hand = Text(text="…", replace_knock_out="hand")
    bottom = Text(text="…", replace_knock_out="deck_bottom")
    state = with_texts(state, "triton_v1", bottom, hand)
    triton, abutre = sid(state, "triton_v1"), sid(state, "abutre_v1")
    action = zones.defn(state, abutre).actions[0].name
    state, events = act(state, 0, UseAction(abutre, action, str(triton)))
    assert state.choice is not None and state.choice.seat == 0  # Ana is the active player
    assert state.choice.prompt == "battlescenes.choice.replacement"
    assert ENGINE.pending(state)[0].default == Choose("deck_bottom")
    state, events = act(state, 0, Choose("hand"))
    assert triton in state.players[1].hand and triton not in state.players[1].deck
    assert "battlescenes.event.replaced_ko_hand" in keys(events)
    assert zones.prize_points(state, 0) == 0 and state.choice is None
