"""Autocomplete follows the options already typed (``values``): a ``use``'s actions follow the
character, its options and targets the action (4.6.2 B, F), what to unload the targets (4.8.1)."""

from __future__ import annotations

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import Capacitate
from engines.battlescenes.content.schema import Characteristic
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid, zone_id
from tests.engines.battlescenes.test_names import with_texts
from tests.engines.battlescenes.test_options import DOUBLE

FILL = ["excentricidade"] * 4


def values(state: State, seat: int, command: str, option: str, **typed: object) -> list[object]:
    return [c.value for c in ENGINE.autocomplete(state, seat, command, option, "", typed)]


def table() -> State:
    state = build(
        Side(scene=[Placed("umar_v1", FILL), Placed("triton_v1", FILL)]),
        Side(scene=[Placed("abutre_v1", ["protecao", "excentricidade"]), Placed("heimdall_v1")]),
    )
    umar = replace(state.defs["umar_v1"], actions=(DOUBLE,))
    return replace(state, defs={**state.defs, "umar_v1": umar})


def test_actions_follow_the_chosen_character() -> None:
    state = table()
    umar, triton = sid(state, "umar_v1"), sid(state, "triton_v1")
    assert set(values(state, 0, "use", "character")) == {umar, triton}
    # (The loaded Excentricidade's action is offered to whoever carries it, once.)
    assert values(state, 0, "use", "action", character=umar) == ["Golpe Duplo", "Excentricidade"]
    assert values(state, 0, "use", "action", character=triton)[0] == "Golpe Aquático"
    assert "Golpe Aquático" not in values(state, 0, "use", "action", character=umar)
    assert {"Golpe Aquático", "Golpe Duplo"} <= set(values(state, 0, "use", "action"))


def test_options_and_targets_follow_the_chosen_action() -> None:
    state = table()
    umar, abutre, heimdall = (sid(state, k) for k in ("umar_v1", "abutre_v1", "heimdall_v1"))
    typed = {"character": umar, "action": "golpe duplo"}
    assert values(state, 0, "use", "mode", **typed) == ["dano", "incapacitar"]
    # F.1.2: "alvo" alone is any character or support in the scene, the user's own too.
    triton = sid(state, "triton_v1")
    offered = values(state, 0, "use", "targets", **typed)
    assert offered == [str(c) for c in (umar, triton, abutre, heimdall)]
    # F.1.1: "alvo controlado por um oponente" leaves the user's own cards out.
    theirs = replace(DOUBLE, target_controller="opponent")
    narrowed = replace(
        state, defs={**state.defs, "umar_v1": replace(state.defs["umar_v1"], actions=(theirs,))}
    )
    assert values(state, 0, "use", "targets", **typed) != values(
        narrowed, 0, "use", "targets", **typed
    )
    assert values(narrowed, 0, "use", "targets", **typed) == [str(abutre), str(heimdall)]
    # The single target already typed: nothing more to add.
    done = ENGINE.autocomplete(state, 0, "use", "targets", f"{abutre}, ", typed)
    assert [c.value for c in done] == [str(abutre)]


def test_several_targets_are_typed_one_after_another() -> None:
    state = build(
        Side(scene=[Placed("umar_v1", FILL)]),
        Side(scene=[Placed("abutre_v1"), Placed("heimdall_v1"), Placed("triton_v1")]),
    )
    umar = sid(state, "umar_v1")
    abutre, heimdall, triton = (sid(state, k) for k in ("abutre_v1", "heimdall_v1", "triton_v1"))
    action = replace(DOUBLE, modes=(), targets=2, name="Dois Alvos")
    state = replace(
        state, defs={**state.defs, "umar_v1": replace(state.defs["umar_v1"], actions=(action,))}
    )
    typed = {"character": umar, "action": "Dois Alvos"}
    got = ENGINE.autocomplete(state, 0, "use", "targets", f"{abutre} ", typed)
    # F.1.2: any other card base, the user's own Umar too.
    assert [c.value for c in got] == [f"{abutre}, {c}" for c in (umar, heimdall, triton)]
    # Typing part of the next card's name narrows the list.
    got = ENGINE.autocomplete(state, 0, "use", "targets", f"{abutre}, tri", typed)
    assert [c.value for c in got] == [f"{abutre}, {triton}"]


def test_cards_to_unload_follow_the_targets() -> None:
    state = table()
    umar, abutre = sid(state, "umar_v1"), sid(state, "abutre_v1")
    loaded = values(state, 0, "use", "unload", character=umar, targets=str(abutre))
    assert loaded == [str(abutre + 1), str(abutre + 2)]


def test_self_targeted_action_offers_own_cards() -> None:
    state = build(
        Side(scene=[Placed("umar_v1", ["barreira_telecinetica", *FILL])]),
        Side(scene=[Placed("abutre_v1")]),
        phase=Phase.ANTICIPATION,
        active=1,
    )
    umar = sid(state, "umar_v1")
    typed = {"character": umar, "action": "Barreira Telecinética"}
    # "O alvo" alone (F.1.2): the user's own cards are offered, the opponent's too.
    assert values(state, 0, "use", "targets", **typed) == [str(umar), str(sid(state, "abutre_v1"))]


def test_extra_capacitation_offers_only_same_alter_ego_characters() -> None:
    state = build(
        Side(
            hand=["excentricidade", "mulher_hulk_v2"],
            scene=[Placed("mulher_hulk_v1", FILL, stage=0)],
        ),
        Side(scene=[Placed("abutre_v1")]),
        phase=Phase.PREPARATION,
    )
    she = sid(state, "mulher_hulk_v1")
    both = values(state, 0, "capacitate", "discard", character=she)
    assert len(both) == 2
    state = replace(
        state,
        scene=tuple(
            replace(s, basic_capacitated=True) if s.card == she else s for s in state.scene
        ),
    )
    only = values(state, 0, "capacitate", "discard", character=she)
    assert only == [zone_id(state, 0, "hand", "mulher_hulk_v2")]


def test_additional_cost_cards_follow_the_action() -> None:
    from tests.engines.battlescenes.test_restrict import STUDY

    state = build(
        Side(hand=["protecao"], scene=[Placed("umar_v1", ["excentricidade"])]),
        Side(scene=[Placed("abutre_v1")]),
    )
    costly = replace(STUDY, discard_cost=1)
    state = replace(
        state, defs={**state.defs, "umar_v1": replace(state.defs["umar_v1"], actions=(costly,))}
    )
    umar = sid(state, "umar_v1")
    offered = values(state, 0, "use", "pay", character=umar, action="Estudar")
    # Only what can pay: a discard cost takes hand cards, not the cards Umar carries.
    assert offered == [str(zone_id(state, 0, "hand", "protecao"))]
    both = replace(costly, unload_cost=1)
    state = replace(
        state, defs={**state.defs, "umar_v1": replace(state.defs["umar_v1"], actions=(both,))}
    )
    offered = values(state, 0, "use", "pay", character=umar, action="Estudar")
    assert offered == [str(zone_id(state, 0, "hand", "protecao")), str(umar + 1)]
    assert values(state, 0, "use", "pay", character=umar, action="Nada") != []


def test_several_options_are_offered_when_the_action_allows_them() -> None:
    state = table()
    both = replace(DOUBLE, max_modes=2)
    state = replace(
        state, defs={**state.defs, "umar_v1": replace(state.defs["umar_v1"], actions=(both,))}
    )
    typed = {"character": sid(state, "umar_v1"), "action": "Golpe Duplo"}
    assert values(state, 0, "use", "mode", **typed) == ["dano", "incapacitar", "dano, incapacitar"]


def test_autocomplete_reads_gained_alter_egos() -> None:
    # 8.B.2: Abutre "ganha o alter ego Heimdall": C.2 offers (and accepts) discarding
    # Heimdall V1 for it; Aprimoramento offers Abutre for a Heimdall card of the resources.
    state = build(
        Side(
            hand=["excentricidade", "heimdall_v1"],
            resources=["heimdall_v1"],
            scene=[Placed("abutre_v1", FILL, stage=0)],
        ),
        Side(scene=[Placed("triton_v1")]),
        phase=Phase.PREPARATION,
    )
    abutre = sid(state, "abutre_v1")
    state = replace(
        state,
        scene=tuple(
            replace(s, basic_capacitated=True) if s.card == abutre else s for s in state.scene
        ),
    )
    heimdall = zone_id(state, 0, "hand", "heimdall_v1")
    twin = zone_id(state, 0, "resources", "heimdall_v1")
    assert values(state, 0, "capacitate", "discard", character=abutre) == []
    assert values(state, 0, "keyword", "character", keyword="aprimoramento", card=twin) == []
    gain = Characteristic("gain", "alter_ego", "Heimdall")
    state = with_texts(state, "abutre_v1", gain, keywords=("aprimoramento",))
    assert values(state, 0, "capacitate", "discard", character=abutre) == [heimdall]
    offered = values(state, 0, "keyword", "character", keyword="aprimoramento", card=twin)
    assert offered == [abutre]
    state, _ = act(state, 0, Capacitate(abutre, heimdall))
    assert zones.in_scene(state, abutre).stage == 1
