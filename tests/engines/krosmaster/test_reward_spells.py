"""Equipment spells (4.7.5.c, 4.7.11) and Techniques' Punch effects (4.7.11.e)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from engines.core import ContentError, EngineError
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.content.loader import load_file
from engines.krosmaster.content.schema import ContentPack, Effect, EffectKind
from engines.krosmaster.rules.state import State
from engines.krosmaster.rules.targeting import spells_of
from tests.engines.krosmaster.helpers import act, position, sq

REWARDS = """
rewards:
  - id: test-sword
    name: Test Sword
    tier: silver
    kind: equipment
    gear: weapon
    source: "test"
    verified: false
    spells:
      - {id: sword-cut, name: Sword Cut, kind: attack, element: fire,
         range: {kind: melee}, cost: {ap: 2}, amount: 2, effects: [{push: 1}]}
  - id: test-technique
    name: Test Technique
    tier: jade
    kind: equipment
    gear: technique
    source: "test"
    verified: false
    punch: [{push: 2}]
"""


def pack(tmp_path: Path, text: str = REWARDS) -> ContentPack:
    path = tmp_path / "rewards.yaml"
    path.write_text(text, encoding="utf-8")
    loaded = ContentPack()
    load_file(path, loaded)
    return loaded


def board(tmp_path: Path, revealed: bool = True) -> State:
    state = position(
        {
            "units": [
                {"id": "0.tristepan", "square": "C3"},
                {"id": "1.quentin-flush", "square": "C4"},
                {"id": "1.gultar", "square": "J10"},
            ],
            "active": "0.tristepan",
        }
    )
    state = replace(state, rewards={**state.rewards, **pack(tmp_path).rewards})
    return ENGINE.apply_setup(
        state,
        {
            "units": [
                {
                    "id": "0.tristepan",
                    "rewards": [
                        {"id": "test-sword", "revealed": revealed},
                        {"id": "test-technique", "revealed": revealed},
                    ],
                    "ap": 6,
                }
            ]
        },
    )


def test_a_face_up_weapons_spell_is_cast_like_the_cards(tmp_path: Path) -> None:
    state = board(tmp_path)
    assert "sword-cut" in [s.id for s in spells_of(state, state.unit("0.tristepan"))]
    # One crit die (fire), Quentin's armour die: 2 damage, then pushed 1 square south.
    state = act(state, A.Cast("sword-cut", "C4"), ["Lock", "Lock"])
    quentin = state.unit("1.quentin-flush")
    assert quentin.wounds == 2 and quentin.pos == sq("C5")
    assert state.unit("0.tristepan").ap == 4


def test_face_down_gear_gives_no_spell(tmp_path: Path) -> None:
    state = board(tmp_path, revealed=False)
    assert "sword-cut" not in [s.id for s in spells_of(state, state.unit("0.tristepan"))]
    with pytest.raises(EngineError):
        act(state, A.Cast("sword-cut", "C4"))


def test_a_technique_adds_its_effect_to_the_punch(tmp_path: Path) -> None:
    """4.7.11.e–f: the Punch costs 1 AP less and pushes 2 squares."""
    state = board(tmp_path)
    punch = next(s for s in spells_of(state, state.unit("0.tristepan")) if s.id == "punch")
    assert punch.ap == 4 and punch.effects == (Effect(EffectKind.PUSH, 2),)
    state = act(state, A.Cast("punch", "C4"), ["Lock", "Lock"])
    quentin = state.unit("1.quentin-flush")
    assert quentin.wounds == 1 and quentin.pos == sq("C6")


def test_reward_spells_and_punch_effects_are_validated(tmp_path: Path) -> None:
    loaded = pack(tmp_path)
    assert loaded.rewards["test-sword"].spells[0].amount == 2
    bad_buff = REWARDS.replace("kind: equipment\n    gear: weapon", "kind: buff")
    with pytest.raises(ContentError, match="spells"):
        pack(tmp_path, bad_buff)
    bad_pet = REWARDS.replace("gear: technique", "gear: pet")
    with pytest.raises(ContentError, match="punch"):
        pack(tmp_path, bad_pet)
