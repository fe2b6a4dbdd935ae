"""The Effect Tree (9.1.2): the Capuz V2 / Umar / Heimdall walkthrough, step by step."""

from __future__ import annotations

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import Choose, UseAction
from engines.battlescenes.effects import tree
from engines.battlescenes.rules.state import Pending, Phase, State
from engines.battlescenes.table import zones
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid, zone_id


def levels(state: State) -> list[tuple[int, str, bool]]:
    return sorted((p.level, p.label, p.paused) for p in state.tree)


def walkthrough_table() -> State:
    # Player A (seat 0): Capuz V2 and Umar V1 in scene, Planos de Infiltração in the resources.
    # Player B (seat 1): Heimdall. It is B's turn, Anticipation step: A is the active player.
    return build(
        Side(
            deck=["excentricidade", "hela_v1", "protecao"],
            resources=["planos_de_infiltracao"],
            scene=[
                Placed("capuz_v2", ["excentricidade"] * 3),
                Placed("umar_v1", ["excentricidade"] * 3),
            ],
        ),
        Side(scene=[Placed("heimdall_v1", ["excentricidade"] * 4)]),
        phase=Phase.ANTICIPATION,
        active=1,
    )


def test_capuz_umar_heimdall_walkthrough() -> None:
    state = walkthrough_table()
    capuz, umar = sid(state, "capuz_v2"), sid(state, "umar_v1")
    planos = zone_id(state, 0, "resources", "planos_de_infiltracao")
    top = state.players[0].deck[0]
    hela = zone_id(state, 0, "deck", "hela_v1")

    # A uses Poderes Obscuros; Clarividência 1 sets the top card aside, then A must choose
    # which ability to load on which villain.
    state, events = act(state, 0, UseAction(capuz, "Poderes Obscuros"))
    assert "battlescenes.event.set_aside" in keys(events)
    assert state.players[0].set_aside == (top,)
    assert state.choice is not None and state.choice.seat == 0
    assert set(state.choice.options) == {f"{planos}>{capuz}", f"{planos}>{umar}"}
    assert ENGINE.pending(state)[0].kinds == ("choose",)

    # A loads Planos on Umar: its trigger is pending at level 1 and the action pauses; Planos
    # starts (the search), Heimdall triggers at level 2 and Planos pauses.
    state, events = act(state, 0, Choose(f"{planos}>{umar}"))
    assert planos in zones.in_scene(state, umar).loaded
    assert levels(state) == [
        (0, "Poderes Obscuros", True),
        (1, "Planos de Infiltração", True),
        (2, "Heimdall V1", False),
    ]
    assert "battlescenes.event.searched" in keys(events)
    # Heimdall's controller (B) chooses whom it damages.
    assert state.choice is not None and state.choice.seat == 1

    state, events = act(state, 1, Choose(str(umar)))
    assert "battlescenes.event.damage" in keys(events)
    # 1 penetrating damage: one card unloaded from Umar (3 + Planos − 1).
    assert len(zones.in_scene(state, umar).loaded) == 3
    # Heimdall left the tree; rule c) resumes the highest paused effect: Planos.
    assert levels(state) == [(0, "Poderes Obscuros", True), (1, "Planos de Infiltração", False)]
    assert state.choice is not None and state.choice.seat == 0
    assert str(hela) in state.choice.options  # a character card with Umar's power

    state, events = act(state, 0, Choose(str(hela)))
    assert "battlescenes.event.revealed_to_hand" in keys(events)
    assert hela in state.players[0].hand
    # Planos ends, the action resumes and returns the set-aside card to the top: tree empty.
    assert state.tree == ()
    assert state.players[0].set_aside == () and state.players[0].deck[0] == top
    assert state.choice is None


def test_rules_a_to_d_pick_the_next_effect() -> None:
    state = walkthrough_table()

    def pending(level: int, paused: bool = False) -> Pending:
        return Pending(
            uid=0, level=level, controller=0, source=0, label=f"L{level}", steps=(), paused=paused
        )

    state = tree.add(state, [pending(1, True)], 1)
    state = tree.add(state, [pending(2), pending(2)], 2)
    state = tree.add(state, [pending(3)], 3)
    # Start: the highest level.
    assert [p.level for p in tree.candidates(state)] == [3]
    # a) after a level-2 effect left, effects above it come first.
    assert [p.level for p in tree.candidates(replace(state, after_level=2))] == [3]
    no_top = replace(state, tree=tuple(p for p in state.tree if p.level != 3), after_level=2)
    # b) then effects of the same level: two of them, so the active player chooses.
    assert [p.level for p in tree.candidates(no_top)] == [2, 2]
    only_paused = replace(no_top, tree=tuple(p for p in no_top.tree if p.paused), after_level=2)
    # c) then the highest paused effect.
    assert [p.level for p in tree.candidates(only_paused)] == [1]


def test_two_effects_at_the_same_level_ask_the_active_player() -> None:
    state = walkthrough_table()
    state = replace(state, phase=Phase.ATTACK, active=0)
    steps = ENGINE.pending(state)
    assert steps[0].seat == 0
    from engines.battlescenes.content.schema import Step

    draw = (Step(op="draw", amount=1, to="self"),)
    effects = [
        Pending(uid=0, level=1, controller=0, source=0, label=name, steps=draw)
        for name in ("A", "B")
    ]
    state = tree.add(state, effects, 1)
    from engines.battlescenes.effects import interpreter as fx
    from engines.core import RiggedDice

    state, _ = fx.run(state, RiggedDice())
    assert state.choice is not None and state.choice.prompt == "battlescenes.choice.order"
    first = state.choice.options[1]
    state, _ = act(state, 0, Choose(first))
    assert state.tree == () and len(state.players[0].hand) == 2
