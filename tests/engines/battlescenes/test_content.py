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
      - {name: A, power: super_forca, kind: normal, cost: 3, text: t, manual: true}
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
      - {name: A, power: magia, kind: normal, targets: 1, text: t, steps: [{op: explode}]}
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


def _character(**fields: str) -> str:
    extra = "".join(f"    {k}: {v}\n" for k, v in fields.items())
    return (
        "cards:\n  - key: x\n    type: character\n    name: X\n    energy: 3\n"
        f"    source: test\n    verified: false\n{extra}"
    )


def test_a_character_prints_up_to_four_of_the_thirteen_powers() -> None:
    four = "[agilidade, ataque_energetico, genialidade, voo]"
    card = load_text(_character(powers=four)).cards["x"]
    assert card.powers == ("agilidade", "ataque_energetico", "genialidade", "voo")
    with pytest.raises(ContentError) as err:
        load_text(_character(powers="[agilidade, voo, magia, laminas, regeneracao]"), "m.yaml")
    assert "at most 4" in str(err.value)
    with pytest.raises(ContentError) as err:
        load_text(_character(powers="[psiquico]"), "m.yaml")  # Telepatia or Telecinesia?
    assert "psiquico" in str(err.value) and "telepatia" in str(err.value)


def test_a_pack_written_before_keeps_its_one_alignment_and_its_power_words() -> None:
    card = load_text(_character(alignment="vilao", powers="[forca, tecnologia]")).cards["x"]
    assert card.alignments == ("vilao",)
    assert card.powers == ("super_forca", "genialidade")


def test_codes_alignments_and_keyword_numbers_are_read() -> None:
    text = _character(
        codes='["BSUM 39/100", "PROMO 1"]',
        alignments="[heroi, vilao]",
        keywords="[liderar]",
        keyword_numbers="{liderar: 1}",
    )
    card = load_text(text).cards["x"]
    assert card.code == "BSUM 39/100" and card.codes[1] == "PROMO 1"
    assert card.alignments == ("heroi", "vilao")
    assert card.keyword_number("liderar") == 1 and card.keyword_number("clone") is None
    with pytest.raises(ContentError) as err:
        load_text(_character(keyword_numbers="{liderar: 1}"), "m.yaml")
    assert "not in keywords" in str(err.value)
