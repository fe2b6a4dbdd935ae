"""Every step a hero file may write decodes into a typed step that has a handler,
and a paused script's continuation reads back from a saved state as the same Enum."""

from __future__ import annotations

import pytest

from engines.dicethrone.content import Step
from engines.dicethrone.content.vocab import OPS
from engines.dicethrone.effects.interpreter import HANDLERS
from engines.dicethrone.effects.steps import DECODERS, UnknownOpError, decode
from engines.dicethrone.rules.handlers import AFTER_SCRIPT
from engines.dicethrone.rules.state import Resume

#: Steps the interpreter makes itself (an opposed roll's comparison and re-roll).
SYNTHETIC = {"foe", "keep_dice", "opposed_result", "opposed_reroll", "reroll_die", "discard_at"}
SYNTHETIC |= {"pay_cp"}  # a SpendFor option paying CP (the Pyromancer)
SYNTHETIC |= {"option_used"}  # a once-a-turn spend option taken (the Headless Horseman)
SYNTHETIC |= {"piece_to"}  # a piece sent to the player picked (Thor's Mjölnir)
SYNTHETIC |= {"piece_onto", "discard_from"}  # Raveness's Nevermore passed; a foe's discard
SYNTHETIC |= {"fetch_pick"}  # the card a deck or hand search picked (Black Widow)
SYNTHETIC |= {"read_roll"}  # a roll's dice read through its roller's Hex (Raveness)
SYNTHETIC |= {"drop_incoming", "transfer_to"}  # an incoming status effect prevented (Thick Skin II)


@pytest.mark.parametrize("op", sorted(OPS | SYNTHETIC))
def test_every_step_of_the_vocabulary_has_a_handler(op: str) -> None:
    typed = decode(Step(op=op, status="protect", companion="hound"))
    assert type(typed) in HANDLERS.types()


def test_the_decoders_are_the_vocabulary_and_nothing_else() -> None:
    assert set(DECODERS) == OPS | SYNTHETIC
    with pytest.raises(UnknownOpError, match="'option'"):
        decode(Step(op="option"))  # an "Or"'s option is chosen, never resolved


def test_every_continuation_is_stored_by_its_old_name() -> None:
    # Saved states hold these names; renaming one would break their replay.
    assert {r.value for r in Resume} == {
        "",
        "activate",
        "early",
        "defend",
        "upkeep",
        "income",
        "income_quiet",
        "setup",
        "card",
        "held_piece",
    }
    assert AFTER_SCRIPT.kind is Resume
