"""The effect vocabulary: every procedure a pack may write (and every one the engine makes)
decodes to a typed step that has a handler, so no stored step is left without a meaning."""

from __future__ import annotations

import pytest

from engines.battlescenes.content.schema import PACK_OPS, Op, Step
from engines.battlescenes.effects.interpreter import HANDLERS
from engines.battlescenes.effects.steps import Capacitation, Shield, Trait, decode
from engines.core import serde


@pytest.mark.parametrize("op", list(Op), ids=lambda op: op.value)
def test_every_procedure_decodes_to_a_step_with_a_handler(op: Op) -> None:
    typed = decode(Step(op=op))
    assert typed.record.op is op
    assert type(typed) in HANDLERS.types()


def test_a_step_written_with_the_stored_text_holds_its_member() -> None:
    step = Step(op="draw")  # type: ignore[arg-type]
    assert step.op is Op.DRAW and step == Step(op=Op.DRAW)
    assert serde.to_json(step)["op"] == "draw"  # stored exactly as before
    assert serde.from_json(Step, serde.to_json(step)) == step


def test_paired_procedures_say_which_way_they_go() -> None:
    assert decode(Step(op=Op.CAPACITATE)) == Capacitation(Step(op=Op.CAPACITATE), up=True)
    assert decode(Step(op=Op.INCAPACITATE)) == Capacitation(Step(op=Op.INCAPACITATE), up=False)
    assert decode(Step(op=Op.SHIELD_SET)) == Shield(Step(op=Op.SHIELD_SET), setting=True)
    assert decode(Step(op=Op.LOSE_TRAIT)) == Trait(Step(op=Op.LOSE_TRAIT), gain=False)


def test_packs_cannot_write_the_engines_own_procedures() -> None:
    assert Op.CHOOSE_REPLACEMENT.value not in PACK_OPS
    assert PACK_OPS | {Op.CHOOSE_REPLACEMENT.value} == {op.value for op in Op}
