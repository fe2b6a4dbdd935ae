"""Cards of the official Invasão Cósmica deck (round 2, slice 3), each played once as printed
with the built-in cards (``starter()``): what a player notices when its text or action works."""

from __future__ import annotations

import pytest

from engines.battlescenes import ENGINE
from engines.battlescenes.content.schema import Text
from engines.battlescenes.content.wording import describe_text, told
from tests.engines.battlescenes.helpers import starter


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("all", "may use actions in the turn"),
        ("power:voo", "may use Flight actions in the turn"),
        ("kind:unforeseen", "may use unforeseen actions in the turn"),
        ("action:Colisão Devastadora", "may use the action Colisão Devastadora in the turn"),
    ],
)
def test_prontidao_caracteristica_is_told_in_words(spec: str, words: str) -> None:
    card = starter().cards["abominavel_v1"]
    catalog = ENGINE.catalog()
    said = told(catalog.translate, "en-US", describe_text(Text(ready_for=spec), card))
    assert words in said and "[" not in said
