"""Activated keywords of the Preparation phase (7.2): Item Mágico and Aprimoramento."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import Keyword
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from engines.core import IllegalActionError, NotYourTurnError
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid, zone_id


def table(phase: Phase = Phase.PREPARATION) -> State:
    return build(
        Side(
            resources=["boneco_vodu", "protecao", "umar_v1"],
            scene=[Placed("umar_v1", ["excentricidade", "protecao"])],
        ),
        Side(),
        phase=phase,
    )


def test_item_magico_loads_from_resources_and_unloads_one() -> None:
    state = table()
    umar = sid(state, "umar_v1")
    boneco = zone_id(state, 0, "resources", "boneco_vodu")
    first = zones.in_scene(state, umar).loaded[0]
    state, _ = act(state, 0, Keyword("item_magico", boneco, umar))
    loaded = zones.in_scene(state, umar).loaded
    assert boneco in loaded and first not in loaded and len(loaded) == 2
    assert first in state.players[0].resources


def test_item_magico_needs_the_keyword_and_the_preparation_phase() -> None:
    state = table()
    umar = sid(state, "umar_v1")
    with pytest.raises(IllegalActionError):
        act(state, 0, Keyword("item_magico", zone_id(state, 0, "resources", "protecao"), umar))
    attack = replace(table(), phase=Phase.ATTACK)
    with pytest.raises(NotYourTurnError):  # not one of the Attack step's decisions
        act(
            attack,
            0,
            Keyword(
                "item_magico",
                zone_id(attack, 0, "resources", "boneco_vodu"),
                sid(attack, "umar_v1"),
            ),
        )


def test_aprimoramento_once_per_turn_with_the_same_alter_ego() -> None:
    state = table()
    umar_def = replace(state.defs["umar_v1"], keywords=("aprimoramento",))
    state = replace(state, defs={**state.defs, "umar_v1": umar_def})
    umar = sid(state, "umar_v1")
    twin = zone_id(state, 0, "resources", "umar_v1")
    keep = zones.in_scene(state, umar).loaded[1]
    state, _ = act(state, 0, Keyword("aprimoramento", twin, umar, unload=keep))
    loaded = zones.in_scene(state, umar).loaded
    assert twin in loaded and keep not in loaded
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, Keyword("aprimoramento", keep, umar))
    assert err.value.key == "battlescenes.error.keyword_once"


def test_metamorfo_becomes_an_opposing_character() -> None:
    # 7.2 Metamorfo (Espião Skrull in the rulebook): unload, to the resources, then play a
    # character named like an opposing one.
    state = build(
        Side(
            hand=["heimdall_v1", "umar_v1"],
            resources=["excentricidade"],
            scene=[Placed("abutre_v1", ["protecao"] * 4)],
        ),
        Side(scene=[Placed("heimdall_v1", ["protecao"] * 5)]),
        phase=Phase.PREPARATION,
    )
    abutre_def = replace(state.defs["abutre_v1"], keywords=("metamorfo",))
    state = replace(state, defs={**state.defs, "abutre_v1": abutre_def})
    abutre = sid(state, "abutre_v1")
    with pytest.raises(IllegalActionError):  # Umar is not an opposing character's name
        act(state, 0, Keyword("metamorfo", zone_id(state, 0, "hand", "umar_v1"), abutre))
    heimdall = zone_id(state, 0, "hand", "heimdall_v1")
    state, _ = act(state, 0, Keyword("metamorfo", heimdall, abutre))
    new = zones.in_scene(state, heimdall)
    assert zones.find(state, abutre) is None and new.controller == 0
    # Abutre and its four cards went to the resources, then five of those six were loaded.
    assert len(new.loaded) == 5 and abutre in (*new.loaded, *state.players[0].resources)
    assert abutre not in state.players[1].prizes + state.players[0].prizes  # not a knock-out


def test_hela_replaces_leaving_by_metamorfo_with_the_opponents_prizes() -> None:
    # 5.5 Hela V1: when a player's own effect would make one of their characters leave the
    # scene for … the resources, it goes to that player's opponents' prizes instead.
    state = build(
        Side(
            hand=["heimdall_v1"],
            resources=["excentricidade"] * 5,
            scene=[Placed("abutre_v1", ["protecao"] * 4)],
        ),
        Side(scene=[Placed("heimdall_v1", ["protecao"] * 5), Placed("hela_v1", ["protecao"])]),
        phase=Phase.PREPARATION,
    )
    abutre_def = replace(state.defs["abutre_v1"], keywords=("metamorfo",))
    state = replace(state, defs={**state.defs, "abutre_v1": abutre_def})
    abutre = sid(state, "abutre_v1")
    heimdall = zone_id(state, 0, "hand", "heimdall_v1")
    state, events = act(state, 0, Keyword("metamorfo", heimdall, abutre))
    assert "battlescenes.event.replaced_to_prizes" in [e.key for e in events]
    # Into its owner's "Prêmios do Oponente" area (worth points to the opponent), not the
    # resources; its loaded cards still went to the resources (only the character moves).
    assert abutre in state.players[0].prizes
    assert abutre not in state.players[0].resources
    assert zones.prize_points(state, 1) > 0
