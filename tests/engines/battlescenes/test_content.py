"""The content pack format: the shipped pack is valid; errors name file, line and field."""

from __future__ import annotations

import pytest

from engines.battlescenes.content.loader import load_text
from engines.battlescenes.content.schema import CardType
from engines.core import ContentError
from tests.engines.battlescenes.helpers import pack


def test_starter_pack_loads_with_source_and_verified_on_every_card() -> None:
    cards = pack().cards
    assert len(cards) >= 30
    assert all(c.source for c in cards.values())
    assert {c.type for c in cards.values()} == set(CardType)
    # The one character whose numbers the rulebook prints (4.8.1.1).
    hulk = cards["hulk_v3"]
    assert (hulk.shield, hulk.energy) == (3, 8)


def test_starter_decks_follow_the_tournament_format() -> None:
    for deck in pack().decks.values():
        assert sum(n for _k, n in deck.cards) == 60
        chars = sum(n for k, n in deck.cards if pack().cards[k].type is CardType.CHARACTER)
        assert chars >= 15


def test_unknown_field_is_reported_with_file_line_and_field() -> None:
    text = "cards:\n  - key: x\n    type: ability\n    name: X\n    colour: red\n"
    with pytest.raises(ContentError) as err:
        load_text(text, "mine.yaml")
    assert "mine.yaml:5" in str(err.value)
    assert "colour" in str(err.value)


def test_bad_cost_is_refused_with_the_rule() -> None:
    text = """cards:
  - key: x
    type: ability
    name: X
    source: test
    verified: false
    actions:
      - {name: A, power: forca, kind: normal, cost: 3, text: t, manual: true}
"""
    with pytest.raises(ContentError) as err:
        load_text(text, "mine.yaml")
    assert "cost" in str(err.value) and "4.6.2" in str(err.value)


def test_text_without_script_must_be_marked_manual() -> None:
    text = """cards:
  - key: x
    type: scenario
    name: X
    source: test
    verified: false
    texts:
      - {text: "Something clever."}
"""
    with pytest.raises(ContentError) as err:
        load_text(text, "mine.yaml")
    assert "manual" in str(err.value)


def test_missing_source_is_refused() -> None:
    with pytest.raises(ContentError) as err:
        load_text("cards:\n  - {key: x, type: scenario, name: X, verified: false}\n", "m.yaml")
    assert "source" in str(err.value)


def test_unknown_step_op_is_refused() -> None:
    text = """cards:
  - key: x
    type: ability
    name: X
    source: test
    verified: false
    actions:
      - {name: A, power: p, kind: normal, targets: 1, text: t, steps: [{op: explode}]}
"""
    with pytest.raises(ContentError) as err:
        load_text(text, "m.yaml")
    assert "explode" in str(err.value)


def scenario_text(step: str, extra: str = "trigger: enters_scene") -> str:
    return f"""cards:
  - key: x
    type: scenario
    name: X
    source: test
    verified: false
    texts:
      - text: t
        {extra}
        steps: [{step}]
"""


def test_distributed_is_only_for_damage() -> None:
    # 4.8.4.2: points of damage are distributed, nothing else.
    with pytest.raises(ContentError) as err:
        load_text(scenario_text("{op: draw, amount: 2, to: distributed}"), "m.yaml")
    assert "m.yaml:" in str(err.value) and "distributed" in str(err.value)
    ok = load_text(scenario_text("{op: damage, amount: 3, to: distributed, up_to: 3}"), "m.yaml")
    assert ok.cards["x"].texts[0].steps[0].up_to == 3


def test_new_trigger_words_are_validated() -> None:
    marked = load_text(
        scenario_text("{op: draw, amount: 1}", "trigger: turn_start\n        whose_turn: marked"),
        "m.yaml",
    )
    assert marked.cards["x"].texts[0].whose_turn == "marked"
    with pytest.raises(ContentError) as err:
        load_text(
            scenario_text(
                "{op: draw, amount: 1}", "trigger: turn_start\n        whose_turn: chosen"
            ),
            "m.yaml",
        )
    assert "whose_turn" in str(err.value)
    with pytest.raises(ContentError) as err:
        load_text(scenario_text("{op: mill, plus: counted}"), "m.yaml")
    assert "plus" in str(err.value)
