"""8.B.2 gaining and losing an alignment ("ganhar algum … alinhamento … o efeito que faz
perder prevalece"): static ``characteristics:`` entries and timed ``gain_trait`` /
``lose_trait`` steps (``trait: alignment:<a>``), seen by alignment conditions such as
Batalha em Área Povoada's "dano causado por heróis"."""

from __future__ import annotations

import pytest

from engines.battlescenes.content.loader import load_text
from engines.battlescenes.content.schema import Characteristic, Step, Text
from engines.battlescenes.effects import interpreter, tree
from engines.battlescenes.rules.state import Pending, State
from engines.battlescenes.table import damage, zones
from engines.core import ContentError, RiggedDice
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, build, sid

FILL = ["excentricidade"] * 4


def with_texts(state: State, key: str, *changes: Characteristic) -> State:
    texts = tuple(Text(text="…", characteristics=(c,)) for c in changes)
    return replace(state, defs={**state.defs, key: replace(state.defs[key], texts=texts)})


def table() -> State:
    return build(
        Side(scene=[Placed("triton_v1", FILL), Placed("gerador_pem", FILL)]),  # Tritão: herói
        Side(scene=[Placed("abutre_v1", FILL)]),  # Abutre: vilão
        scenario="batalha_em_area_povoada",
    )


def hit(state: State, source: str, target: str) -> int:
    ctx = damage.DamageContext(0, sid(state, source), "normal")
    return damage.calculate(state, 2, ctx, zones.in_scene(state, sid(state, target)))[0]


def test_printed_alignment_counts() -> None:
    state = table()
    assert zones.alignments(state, sid(state, "triton_v1")) == ("heroi",)
    assert hit(state, "triton_v1", "abutre_v1") == 1  # a hero's damage: -1


def test_losing_the_alignment_stops_the_heroes_reduction() -> None:
    state = with_texts(table(), "gerador_pem", Characteristic("lose", "alignment", "*", "this"))
    state = with_texts(state, "triton_v1", Characteristic("lose", "alignment", "heroi"))
    assert zones.alignments(state, sid(state, "triton_v1")) == ()
    assert hit(state, "triton_v1", "abutre_v1") == 2


def test_gaining_hero_makes_a_villain_reduced_and_losing_wins() -> None:
    gain = Characteristic("gain", "alignment", "heroi", "all_characters")
    state = with_texts(table(), "gerador_pem", gain)
    abutre = sid(state, "abutre_v1")
    assert set(zones.alignments(state, abutre)) == {"vilao", "heroi"}
    # Tritão reduces damage from non-Inumanos by 1; the hero's -1 now applies too.
    assert hit(state, "abutre_v1", "triton_v1") == 0
    lose = Characteristic("lose", "alignment", "heroi")  # Abutre's own text: loses "herói"
    state = with_texts(state, "abutre_v1", lose)
    assert zones.alignments(state, abutre) == ("vilao",)
    assert hit(state, "abutre_v1", "triton_v1") == 1


def test_a_timed_lose_trait_until_the_end_of_the_turn() -> None:
    state = table()
    triton = sid(state, "triton_v1")
    step = Step(op="lose_trait", to="chosen_own_character", trait="alignment:heroi")
    effect = Pending(uid=0, level=1, controller=0, source=triton, label="x", steps=(step,))
    state = tree.add(state, [effect], 1)
    state, _ = interpreter.run(state, RiggedDice())
    if state.choice is not None:
        state, _ = interpreter.answer(state, str(triton), RiggedDice())
    assert zones.alignments(state, triton) == ()
    assert hit(state, "triton_v1", "abutre_v1") == 2


CARD = """cards:
  - key: x
    type: support
    name: X
    energy: 1
    shield: 1
    source: test
    verified: false
    texts:
      - text: t
        characteristics: [{change: %s, kind: alignment, value: "%s", to: all_characters}]
"""


def test_content_alignment_changes_are_validated() -> None:
    assert load_text(CARD % ("lose", "*"), "m.yaml")
    assert load_text(CARD % ("gain", "vilao"), "m.yaml")
    with pytest.raises(ContentError) as err:
        load_text(CARD % ("gain", "*"), "m.yaml")
    assert "only for losing" in str(err.value)
